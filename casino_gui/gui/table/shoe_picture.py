"""The shoe at the table as values: the tray's depth, the cards left, the cut card, the count
and the bet it suggests (docs/decisions.md, "The shoe at the table").

Like `picture.py` this module never imports Qt and decides no rule: the shoe's own answers
(`dealt`, `remaining`, `cut_out`), the engine's count systems and its money are written out
in words. Where the shoe stands between rounds is the last round at this table, or after a
start the shoe the store replays from its journal (`Bankroll.shoe`).
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine import Round, Rules, Shoe, counting, cut_card, dollars, shoe_cards
from casino_gui.gui.settings import CountKey

# Where a shoe stands: the round at the table (its shoe and the cards face up), or between
# rounds the shoe a start found in the store; None before a shoe game's first round.
Standing = Round | Shoe | None


@dataclass(frozen=True, slots=True)
class CountAids:
    """The player's counting aids (Game ▸ Settings ▸ Counting) and whether they are shown."""

    system: CountKey | None = None  # the count system shown; None: none chosen
    spread: int = 1  # the bet suggestion's top, in units: 1 suggests nothing
    shown: bool = True  # the count key hides and shows the count


NO_AIDS = CountAids()


@dataclass(frozen=True, slots=True)
class ShoePicture:
    """A shoe game's shoe: none at a table shuffled before every round."""

    left: int  # cards not yet dealt
    cut_out: bool  # the cut card has come out: the next round is dealt from a new shuffle
    plate: str  # under the tray: "212 cards left · cut card in 100", or the cut card's news


@dataclass(frozen=True, slots=True)
class CountPicture:
    """The count of a shoe game, as the status panel shows it."""

    name: str  # the system's name: "Hi-Lo"
    running: int
    true: int | None  # floored, as a bet reads it; None for an unbalanced system (KO)
    readout: str  # "+5 · true +2"
    bet: str = ""  # "4 units · $20.00": between rounds, with a spread above 1:1
    suggestion: str = ""  # "Count +3: bet 4 units, $20.00 (one unit is the table's minimum ...)"


def standing(
    rules: Rules, table: Round | None, last: Round | None, stored: Shoe | None
) -> Standing:
    """Where the shoe of the table of `rules` stands: the round at the table, else the last
    round settled at this table in this session, else the store's shoe (`stored`)."""
    if table is not None:
        return table
    if last is not None and last.rules == rules:
        return last
    return stored


def discards(table: Round | None, where: Standing) -> int:
    """The cards in the tray: dealt from the shoe in use and no longer on the felt, where
    `table` is the round on the felt. A shoe game's tray keeps its cards across rounds (the
    burn card among them); the seven games shuffle a new shoe for every round (docs/rules.md, "The shoe" of each game), so
    theirs holds the last round's cards once they are cleared away, and empties when the next
    round's shoe is shuffled at DEAL."""
    if table is not None:
        on_felt = len(table.dealer) + sum(len(hand.cards) for hand in table.hands)
        return table.shoe.dealt - on_felt
    if where is None:
        return 0
    return where.shoe.dealt if isinstance(where, Round) else where.dealt


def shoe_picture_of(rules: Rules, where: Standing, in_play: bool) -> ShoePicture | None:
    """The shoe and its plate; None at a table shuffled before every round."""
    cut = cut_card(rules)
    if cut is None:
        return None
    if where is None:  # the first deal shuffles
        size = len(shoe_cards(rules))
        return ShoePicture(size, False, f"{size} cards left · cut card in {cut}")
    shoe = where.shoe if isinstance(where, Round) else where
    if shoe.cut_out:
        news = "shuffle after this round" if in_play else "a new shoe at the next deal"
        return ShoePicture(shoe.remaining, True, f"Cut card out: {news}")
    plate = f"{shoe.remaining} cards left · cut card in {cut - shoe.dealt}"
    return ShoePicture(shoe.remaining, False, plate)


def count_picture_of(
    rules: Rules, where: Standing, aids: CountAids, between_rounds: bool
) -> CountPicture | None:
    """The count a counter keeps at a shoe game with a count system chosen and shown; None
    at the seven games (shuffled every round: nothing to count) or with counting off."""
    if rules.penetration is None or aids.system is None or not aids.shown:
        return None
    system = counting.system_named(aids.system)
    size = len(shoe_cards(rules))
    shoe = where.shoe if isinstance(where, Round) else where
    seen = counting.cards_seen(where) if where is not None else ()
    running = system.running(seen, rules.decks)
    left = shoe.remaining if shoe is not None else size
    true = counting.floored_true_count(running, left) if system.balanced else None
    readout = (
        counting.count_text(running)
        if true is None
        else f"{counting.count_text(running)} · true {counting.count_text(true)}"
    )
    picture = CountPicture(system.name, running, true, readout)
    if not between_rounds or aids.spread <= 1 or true is None:
        return picture
    fresh = shoe is None or shoe.cut_out  # the next round opens a new shuffle
    if fresh:  # nothing of it seen yet but its burn card, which is never seen
        true = counting.floored_true_count(system.start(rules.decks), size - 1)
    units = counting.bet_units(true, aids.spread)
    cents = counting.suggested_bet(true, aids.spread, rules.min_bet, rules.max_bet)
    words = f"{units} unit{'s' if units != 1 else ''}"
    lead = "New shoe" if fresh else f"Count {counting.count_text(true)}"
    suggestion = f"{lead}: bet {words}, {dollars(cents)}"
    unit = f"one unit is the table's minimum bet, {dollars(rules.min_bet)}"
    return CountPicture(
        system.name, running, true, readout, f"{words} · {dollars(cents)}", f"{suggestion} ({unit})"
    )
