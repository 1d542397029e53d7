"""A stored round as steps: every card and every decision, rebuilt by the engine.

Qt-free. The round is replayed from its hand record (its bets, then `deal`, then each
recorded answer through `Round.apply`): the engine decides every card, total and payout;
the table's pictures (`picture_of`) are taken after each of its operations. An operation that
deals several cards is cut into one step per card (and one per hole card turned); the scene
shows such a step from the picture before it and the events up to it (`stage.show_step`).

Each decision carries the advisor's verdict from `casino_gui.store.stats.verdicts`, the
function the statistics' play quality sums, so the replay and the statistics agree to the
cent.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from casino_gui.engine import (
    BlackjackError,
    CardDealt,
    DealerPeeked,
    DealerRevealed,
    Event,
    HandSettled,
    InsuranceOffered,
    Phase,
    Round,
    RoundResult,
    RoundSettled,
    SideBetSettled,
    dollars,
    parse_move,
)
from casino_gui.gui.table.picture import Betting, TablePicture, picture_of
from casino_gui.gui.table.wording import signed
from casino_gui.store.history import HistoryEntry
from casino_gui.store.history_query import card_symbol, cards_text
from casino_gui.store.journal import JournaledRound
from casino_gui.store.stats.quality import JudgedDecision, verdicts

_SETTLING = (HandSettled, SideBetSettled, RoundSettled)


@dataclass(frozen=True)
class Step:
    """One step of the replay: the table `before` an operation of the engine, the table
    `after` it, and the events of that operation shown so far (all of them: `whole`)."""

    before: TablePicture
    after: TablePicture
    events: tuple[Event, ...]
    whole: bool
    caption: str
    verdict: JudgedDecision | None = None
    decision: int | None = None  # the action's number in the round's journal, from 1

    @property
    def verdict_text(self) -> str:
        return verdict_text(self.verdict) if self.verdict is not None else ""


@dataclass(frozen=True)
class Replay:
    round_id: int
    game: str
    name: str  # the game's name, as the lobby writes it
    steps: tuple[Step, ...]
    result: str  # the round's result in words, or why it has none
    agrees: bool  # the replay's result is the stored one (a refunded round: True)


def verdict_text(verdict: JudgedDecision) -> str:
    """'HIT: best', or 'STAND: gives up $0.42 (best: HIT)' in the advisor's exact cents.

    >>> verdict_text(JudgedDecision(1, "blackjack", 2, "stand", "hit", 1000, 42, False))
    'STAND: gives up $0.42 (best: HIT)'
    >>> verdict_text(JudgedDecision(1, "blackjack", 1, "hit", "hit", 1000, 0, True))
    'HIT: best'
    """
    taken = verdict.taken.replace("_", " ").upper()
    if verdict.matched:
        return f"{taken}: best"
    best = verdict.best.replace("_", " ").upper()
    return f"{taken}: gives up {dollars(verdict.given_up)} (best: {best})"


def replay_of(journaled: JournaledRound) -> Replay:
    """The steps of a closed round. A settled round's decisions carry their verdicts; a
    refunded round replays as far as its journal goes, without verdicts."""
    record = journaled.record
    settled = journaled.state == "settled" and journaled.result is not None
    judged: dict[int, JudgedDecision] = {}
    if settled:
        assert journaled.closed_at is not None and journaled.result is not None
        entry = HistoryEntry(
            journaled.id, journaled.opened_at, journaled.closed_at, record, journaled.result
        )
        try:
            judged = {verdict.number: verdict for verdict in verdicts(entry)}
        except BlackjackError:
            judged = {}  # a record edited out of shape: the replay below says where it stops
    table = record.open_round()
    rules = table.rules
    before = _picture(table)
    steps = [Step(before, before, (), True, _bets_caption(table))]
    stopped = ""
    try:  # a settled round replays whole; a refunded one may stop where its journal does
        events = table.deal()
        after = _picture(table)
        steps += _cut(before, after, events, None, None, "")
        for number, action in enumerate(record.actions, start=1):
            before, asked = after, _asked(table, action)
            events = table.apply(parse_move(action))
            after = _picture(table)
            steps += _cut(before, after, events, judged.get(number), number, asked)
    except BlackjackError as error:
        stopped = f"The record stops here: {error}"
    if table.phase is Phase.SETTLED:
        final = steps[-1].after
        result = final.summary.text if final.summary is not None else ""
        agrees = not settled or RoundResult.of(table).to_json() == journaled.result
    elif journaled.state == "refunded":
        reason = str((journaled.result or {}).get("reason", "")) or "the round was cancelled"
        result, agrees = f"Refunded: {reason}; every stake was paid back", True
        last = steps[-1].after
        steps.append(Step(last, last, (), True, result))
    else:
        result, agrees = stopped or "The record ends before the round settles", False
    return Replay(journaled.id, record.game, rules.name, tuple(steps), result, agrees)


def _picture(table: Round) -> TablePicture:
    return picture_of(table.rules, table, Betting(), table.bankroll)


def _bets_caption(table: Round) -> str:
    bets = []
    for spot in table.spots.values():
        buster = f" and Buster {dollars(spot.buster)}" if spot.buster else ""
        bets.append(f"circle {spot.number} {dollars(spot.bet)}{buster}")
    return "Bets: " + ", ".join(bets)


def _asked(table: Round, action: str) -> str:
    """Who answers and what, in words: 'Hand 2 (8♠ 3♥) against 7♣: double'."""
    move = action.split(":", 1)[0].replace("_", " ")
    if ":" in action:
        move += f" {dollars(int(action.split(':', 1)[1]))}"
    up = card_symbol(str(table.up_card)) if table.up_card is not None else "?"
    if table.phase is Phase.INSURANCE and table.insurance_spot is not None:
        return f"Circle {table.insurance_spot}, insurance against {up}: {move}"
    hand = table.active_hand
    if hand is None:
        return move
    cards = cards_text([str(card) for card in hand.cards])
    return f"Hand {table.hand_number(hand)} ({cards}) against {up}: {move}"


def _cut(
    before: TablePicture,
    after: TablePicture,
    events: list[Event],
    verdict: JudgedDecision | None,
    decision: int | None,
    asked: str,
) -> Iterator[Step]:
    """One operation's steps: one per card or hole card turned, the settlement on its own."""
    chunks: list[list[Event]] = [[]]
    for event in events:
        chunks[-1].append(event)
        if _shows(event):
            chunks.append([])
    if len(chunks) > 1 and not any(isinstance(event, _SETTLING) for event in chunks[-1]):
        tail = chunks.pop()
        chunks[-1] += tail  # a turn passed on, insurance offered: the last card's step
    shown: list[Event] = []
    for index, chunk in enumerate(chunks):
        shown += chunk
        whole = index == len(chunks) - 1
        words = [_words(event, before, after) for event in chunk]
        # Each event is a sentence of its own: "… face down. The dealer checks …".
        caption = ". ".join(word for word in words if word)
        if index == 0 and asked:
            caption = f"{asked}. {caption}" if caption else asked
        first = index == 0 and decision is not None
        yield Step(
            before,
            after,
            tuple(shown),
            whole,
            caption or "The round goes on",
            verdict if first else None,
            decision if first else None,
        )


def _shows(event: Event) -> bool:
    return isinstance(event, CardDealt | DealerRevealed)


def _words(event: Event, before: TablePicture, after: TablePicture) -> str:
    if isinstance(event, CardDealt):
        if event.hand_id is None:
            if not event.face_up:
                return "The dealer's hole card, face down"
            return f"{card_symbol(str(event.card))} to the dealer"
        hand = after.hand(event.hand_id)
        several = sum(1 for other in after.hands if other.spot == hand.spot) > 1
        where = f"hand {hand.number} (circle {hand.spot})" if several else f"circle {hand.spot}"
        return f"{card_symbol(str(event.card))} to {where}"
    if isinstance(event, DealerRevealed):
        return f"The dealer turns his cards: {cards_text([str(c) for c in event.cards])}"
    if isinstance(event, InsuranceOffered):
        return f"Insurance is offered to circle {event.spot}"
    if isinstance(event, DealerPeeked):
        found = "blackjack" if event.natural else "no blackjack"
        return f"The dealer checks his hole card: {found}"
    if isinstance(event, RoundSettled):
        summary = after.summary
        return summary.text if summary is not None else f"Round {signed(0)}"
    return ""
