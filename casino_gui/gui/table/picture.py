"""The picture of the table as a value: what the window shows, derived from the engine and the
bankroll alone (docs/architecture.md, "The window").

`picture_of` turns the round at the table, the bets being built and the store's balance into
one frozen `TablePicture`. The scene, the panel and the buttons render that value; animations
only carry the scene from one picture to the next. This module never imports Qt (a test checks
it) and computes no rule of its own: totals, naturals, stakes, payouts and legal moves are the
engine's answers, written out in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum

from casino_gui.engine import (
    Action,
    Bet,
    BlackjackError,
    Card,
    Phase,
    Round,
    RoundResult,
    Rules,
    Shoe,
    betting,
    dollars,
    facts_of,
    hand_value,
    is_bust,
    is_natural,
)
from casino_gui.engine.betting import CircleKind
from casino_gui.gui.table import shoe_picture as shoes
from casino_gui.gui.table.messages import Lifetime, Message, Moment, Note, Severity
from casino_gui.gui.table.sideways import sideways_cards
from casino_gui.gui.table.wording import (
    Banner,
    Summary,
    below_minimum,
    beside_summary,
    dealer_words,
    hand_banner,
    hand_total,
    insurance_question,
    side_banner,
    signed,
    summary_of,
)


class Convenience(Enum):
    """The betting conveniences of the bar, lit from the picture like the engine's actions."""

    UNDO = "undo"  # the last chip placed comes back
    CLEAR = "clear"  # every chip on the table comes back
    REBET = "rebet"  # the last round's bets, circle by circle
    REBET_DOUBLE = "rebet_double"  # the same, doubled


@dataclass(frozen=True, slots=True)
class CardPicture:
    card: Card
    face_up: bool
    sideways: bool = False  # the card a double drew, laid across the hand as in a casino


@dataclass(frozen=True, slots=True)
class HandPicture:
    hand_id: int
    spot: int
    number: int  # in play order, from 1, as messages name it
    cards: tuple[CardPicture, ...]
    total: str  # "9 / 19" while live, "19" once over, "Blackjack", "" below two cards
    stake: int  # cents on this hand (doubles included) while it is not settled
    active: bool
    banner: Banner | None
    label: str = ""  # under the hand: its total, and its stake when its circle has several
    chips: int = 0  # the stack by its cards: its stake when its circle holds several hands


@dataclass(frozen=True, slots=True)
class CirclePicture:
    spot: int
    stake: int  # the chips in the circle: the bet being built, or the unsettled hands' stakes
    buster: int  # No Bust 21's Buster circle
    insurance: int  # insurance chips on the line beside the circle
    insurance_banner: Banner | None
    buster_banner: Banner | None
    chosen: bool = False  # the circle the arrow keys chose: + and - bet there
    chips: int = 0  # the stack in the circle: `stake`, unless split hands stand their own
    buster_chosen: bool = False  # its Buster circle is the place the arrow keys chose


@dataclass(frozen=True, slots=True)
class DealerPicture:
    cards: tuple[CardPicture, ...]
    total: str
    bust: bool
    natural: bool
    words: str  # once the round settles: "Dealer has blackjack", "Dealer busts with 24"

    @property
    def badge(self) -> str:
        """The one badge his hand shows (docs/decisions.md, "The table's picture"): the total,
        or his words where totals are hidden."""
        return self.total or self.words


@dataclass(frozen=True, slots=True)
class PanelPicture:
    balance: int  # the wallet, less the bets being built
    on_table: int
    last_result: str
    last_net: int | None  # None before any round: no colour
    limits: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TablePicture:
    game: str
    name: str
    betting_open: bool
    circles: tuple[CirclePicture, ...]
    hands: tuple[HandPicture, ...]
    dealer: DealerPicture
    panel: PanelPicture
    lit: frozenset[Action]
    hint_lit: bool
    affordable: tuple[int, ...]
    messages: tuple[Message, ...]  # in force, oldest first
    summary: Summary | None = field(default=None)
    conveniences: frozenset[Convenience] = frozenset()  # the lit UNDO, CLEAR, REBET, x2
    discards: int = 0  # cards in the discard tray: dealt since the shuffle, off the felt
    between_rounds: bool = True  # no round in play (bets may still be closed: `busy`)
    shoe: shoes.ShoePicture | None = None  # a shoe game's shoe: the cards left, the cut card
    count: shoes.CountPicture | None = None  # a shoe game's count, when the player keeps one

    def circle(self, spot: int) -> CirclePicture:
        return next(circle for circle in self.circles if circle.spot == spot)

    def hand(self, hand_id: int) -> HandPicture:
        return next(hand for hand in self.hands if hand.hand_id == hand_id)

    @property
    def message(self) -> Message | None:
        """The one line the panel shows: the newest error, else the newest news."""
        errors = [m for m in self.messages if m.severity is Severity.ERROR]
        shown = errors or list(self.messages)
        if errors and self.summary is not None:  # a refusal after the round keeps its result
            text, shorter = beside_summary((shown[-1].text, shown[-1].shorter), self.summary)
            return replace(shown[-1], text=text, shorter=shorter)
        return shown[-1] if shown else None


@dataclass(frozen=True, slots=True)
class Betting:
    """The bets being built for the next round, and what DEAL would repeat."""

    bets: tuple[tuple[int, int], ...] = ()
    busters: tuple[tuple[int, int], ...] = ()
    previous: tuple[Bet, ...] | None = None
    chip: int = 500
    undoable: bool = False  # a chip placed since the bets were last cleared or repeated
    chosen: int | None = None  # the circle the arrow keys chose
    chosen_kind: CircleKind = CircleKind.MAIN  # or the chosen circle's Buster circle
    # The last bets at this table from an earlier session: REBET repeats them, DEAL does not
    # (the first round of a session bets the selected chip, docs/rules.md, "DEAL").
    kept: tuple[Bet, ...] | None = None

    @property
    def to_repeat(self) -> tuple[Bet, ...] | None:
        """What REBET repeats: this session's last bets, else the table's from before."""
        return self.previous if self.previous is not None else self.kept

    @classmethod
    def of(
        cls,
        bets: dict[int, int],
        busters: dict[int, int],
        previous: Iterable[Bet] | None,
        chip: int,
        *,
        undoable: bool = False,
        chosen: int | None = None,
        chosen_kind: CircleKind = CircleKind.MAIN,
        kept: Iterable[Bet] | None = None,
    ) -> Betting:
        return cls(
            tuple(sorted((s, a) for s, a in bets.items() if a)),
            tuple(sorted((s, a) for s, a in busters.items() if a)),
            None if previous is None else tuple(previous),
            chip,
            undoable,
            chosen,
            chosen_kind,
            None if kept is None else tuple(kept),
        )

    def deal_bets(self, balance: int, rules: Rules) -> list[Bet]:
        """The bets DEAL would play now (docs/rules.md, "DEAL"), or a `BetError` saying why not."""
        return betting.deal_round_bets(
            dict(self.bets), dict(self.busters), self.previous, self.chip, balance, rules
        )


def moment_of(rules: Rules, table: Round | None, round_id: int | None, bets: Betting) -> Moment:
    """The moment the table is at; a settled round is over, so its moment is the next one's."""
    if table is None or table.phase is Phase.SETTLED:
        return Moment(repr(rules), None, None, ("betting", bets.bets, bets.busters))
    hand = table.active_hand
    asked = (table.phase.value, table.insurance_spot, len(table.moves))
    return Moment(repr(rules), round_id, hand.id if hand is not None else None, asked)


def picture_of(
    rules: Rules,
    table: Round | None,
    bets: Betting,
    balance: int,
    *,
    round_id: int | None = None,
    notes: Iterable[Note] = (),
    busy: bool = False,
    last_round: Round | None = None,
    settled_before: Round | None = None,
    show_totals: bool = True,
    shoe: Shoe | None = None,
    aids: shoes.CountAids = shoes.NO_AIDS,
) -> TablePicture:
    """The whole table: `table` is the round at the table (being played, or the last one
    settled, or None once it is cleared), `balance` the store's wallet, `notes` what the round
    flow said (only those still in force are kept), `last_round` the last round settled (its
    result stays in the panel until the next one settles; before one, `settled_before`, the
    store's last at this table). While `busy` (an animation plays) no button is lit. Without
    `show_totals` (a setting) no hand and not the dealer's shows its total: the player counts
    for himself, and results still show. `shoe` is the store's shoe of a shoe game between
    rounds after a start, `aids` the count the player keeps."""
    if table is not None:
        rules = table.rules
    in_play = table is not None and table.phase is not Phase.SETTLED
    moment = moment_of(rules, table, round_id, bets)
    if in_play:
        assert table is not None
        lit = frozenset() if busy else table.legal_actions()
        on_table, shown_balance = table.on_table(), balance
    else:
        lit = frozenset() if busy else _deal_lit(bets, balance, rules)
        main, side = dict(bets.bets), dict(bets.busters)
        on_table, shown_balance = betting.staked(main, side), betting.unstaked(balance, main, side)
    hands = _hands(table, show_totals) if table is not None else ()
    circles = _circles(rules, table, bets, in_play)
    split = {hand.spot for hand in hands if hand.chips}
    circles = tuple(
        replace(circle, chips=0 if circle.spot in split else circle.stake) for circle in circles
    )
    summary = summary_of(table) if table is not None and table.phase is Phase.SETTLED else None
    # What the table says by itself first, then what the flow said, newest last.
    messages = _prompts(table)
    # Bets placed while the settled round is still shown (auto-rebet) keep its summary.
    if summary is not None:
        messages.append(Message(summary.text, Severity.INFO, Lifetime.ROUND, summary.shorter))
    if not in_play and balance < rules.min_bet and not bets.bets:
        messages.append(Message(below_minimum(balance), Severity.ERROR, Lifetime.TABLE))
    messages += [note.message() for note in notes if note.in_force(moment)]
    where = shoes.standing(rules, table, last_round, shoe)
    return TablePicture(
        game=rules.game,
        name=rules.name,
        betting_open=not busy and not in_play,
        between_rounds=not in_play,
        circles=circles,
        hands=hands,
        dealer=_dealer(table, show_totals),
        panel=_panel(rules, table, last_round or settled_before, shown_balance, on_table),
        lit=lit,
        hint_lit=in_play and not busy,
        affordable=betting.affordable_chips(dict(bets.bets), balance, dict(bets.busters)),
        messages=tuple(messages),
        summary=summary,
        conveniences=frozenset() if busy or in_play else _conveniences(bets, balance, rules),
        discards=shoes.discards(table, where),
        shoe=shoes.shoe_picture_of(rules, where, in_play),
        count=shoes.count_picture_of(rules, where, aids, not in_play),
    )


# --- The parts ------------------------------------------------------------------------------


def _deal_lit(bets: Betting, balance: int, rules: Rules) -> frozenset[Action]:
    try:
        bets.deal_bets(balance, rules)
    except BlackjackError:
        return frozenset()
    return frozenset({Action.DEAL})


def _conveniences(bets: Betting, balance: int, rules: Rules) -> frozenset[Convenience]:
    """UNDO and CLEAR while there is a chip to take back; REBET and x2 as the engine allows."""
    main, side = dict(bets.bets), dict(bets.busters)
    lit = set()
    if bets.undoable and (main or side):
        lit.add(Convenience.UNDO)
    if main or side:
        lit.add(Convenience.CLEAR)
    for factor, convenience in ((1, Convenience.REBET), (2, Convenience.REBET_DOUBLE)):
        if betting.can_rebet(main, side, bets.to_repeat, balance, rules, factor):
            lit.add(convenience)
    return frozenset(lit)


def _circles(
    rules: Rules, table: Round | None, bets: Betting, in_play: bool
) -> tuple[CirclePicture, ...]:
    main, side = dict(bets.bets), dict(bets.busters)
    circles = []
    for number in range(1, rules.circles + 1):
        spot = table.spots.get(number) if table is not None else None
        stake, buster, insurance = main.get(number, 0), side.get(number, 0), 0
        if in_play and table is not None and spot is not None:
            stake = betting.circle_stake(table, number)
            buster = spot.buster if spot.buster_payout is None else 0
            insurance = spot.insurance if spot.insurance_payout is None else 0
        # Between rounds the circles hold the bets being built: the settled round's chips
        # have gone to the dealer or back to the player; its side-bet results stay in words.
        circles.append(
            CirclePicture(
                number,
                stake,
                buster,
                insurance,
                side_banner("INSURANCE", number, spot.insurance, spot.insurance_payout)
                if spot
                else None,
                side_banner("BUSTER", number, spot.buster, spot.buster_payout) if spot else None,
                chosen=not in_play and (bets.chosen, bets.chosen_kind) == (number, CircleKind.MAIN),
                buster_chosen=not in_play
                and (bets.chosen, bets.chosen_kind) == (number, CircleKind.BUSTER),
            )
        )
    return tuple(circles)


def _hands(table: Round, show_totals: bool) -> tuple[HandPicture, ...]:
    rules, settled = table.rules, table.phase is Phase.SETTLED
    active = table.active_hand
    sideways = sideways_cards(table)
    pictures = []
    for number, hand in enumerate(table.hands, start=1):
        total = hand_total(hand, rules, live=not settled and not hand.finished)
        stake = 0 if hand.settled else hand.stake
        label = total if show_totals else ""
        shared = sum(1 for other in table.hands if other.spot == hand.spot) > 1
        if total and stake and shared:
            # Split hands share a circle: each says what it has at stake (a double shows).
            label = f"{total} · {dollars(stake)}" if show_totals else dollars(stake)
        pictures.append(
            HandPicture(
                hand_id=hand.id,
                spot=hand.spot,
                number=number,
                cards=tuple(
                    CardPicture(card, True, (hand.id, index) in sideways)
                    for index, card in enumerate(hand.cards)
                ),
                total=total,
                stake=stake,
                active=active is not None and hand is active,
                banner=hand_banner(hand, rules),
                label=label,
                chips=stake if shared else 0,
            )
        )
    return tuple(pictures)


def _dealer(table: Round | None, show_totals: bool = True) -> DealerPicture:
    if table is None or not table.dealer:
        return DealerPicture((), "", False, False, "")
    rules, cards = table.rules, table.dealer
    up = len(cards) - table.dealer_face_down
    shown = tuple(CardPicture(card, index < up) for index, card in enumerate(cards))
    visible = table.visible_dealer_cards()
    if not visible:
        return DealerPicture(shown, "", False, False, "")
    value = hand_value(visible, rules.aces_eleven)
    settled = table.phase is Phase.SETTLED
    natural = settled and is_natural(rules, facts_of(cards))
    if natural:
        total = rules.natural_name.capitalize()
    elif is_bust(rules, facts_of(visible)):
        total = f"BUST {value.total}"
    else:
        # A soft total ("8 / 18") while he may still draw; his final total alone.
        total = str(value.total) if settled else str(value)
    words = dealer_words(table) if settled else ""
    busted = is_bust(rules, facts_of(visible))
    return DealerPicture(shown, total if show_totals else "", busted, natural, words)


def _panel(
    rules: Rules, table: Round | None, last: Round | None, balance: int, on_table: int
) -> PanelPicture:
    limits = (rules.min_bet, rules.max_bet)
    if table is None or table.phase is not Phase.SETTLED:
        table = last  # the last round's result stays until this one settles
    if table is None or table.phase is not Phase.SETTLED or table.rules != rules:
        # Nothing settled yet at this table: another table's result is not its own.
        return PanelPicture(balance, on_table, "\N{EM DASH}", None, limits)
    net = RoundResult.of(table).net
    sides = any(s.insurance or s.buster for s in table.spots.values())
    if len(table.hands) == 1 and not sides:
        banner = hand_banner(table.hands[0], rules)
        assert banner is not None
        return PanelPicture(balance, on_table, banner.text, net, limits)
    # Several hands or side bets: their sum, never a word that hides a win and a loss.
    return PanelPicture(balance, on_table, f"NET {signed(net)}", net, limits)


def _prompts(table: Round | None) -> list[Message]:
    """Questions the engine is asking now."""
    if table is None or table.phase is not Phase.INSURANCE or table.insurance_spot is None:
        return []
    spot, amounts = table.insurance_spot, table.insurance_amounts()
    cost = amounts[0] if amounts is not None else table.insurance_cost(spot)
    return [Message(insurance_question(spot, cost), Severity.INFO, Lifetime.DECISION)]
