"""What HINT and "Warn me of mistakes" say: the advisor's values put in words and cents.

The advisor (`casino_gui.engine.strategy`) is imported on the first hint or warning, not before
the first paint (docs/decisions.md, "Startup and memory"): here by `mistake_warning` itself,
elsewhere for types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from casino_gui.engine import Action, Hand, Round, dollars
from casino_gui.gui.table.wording import signed

if TYPE_CHECKING:
    from casino_gui.engine.strategy import Advice, ShoeHint


def worth_a_warning(cost: int, bet: int, threshold: int) -> bool:
    """Whether a move that gives up `cost` cents of a `bet` of cents gives up more than
    `threshold` tenths of a percent of it: compared in whole cents, no float.

    >>> worth_a_warning(20, 1_000, 20), worth_a_warning(21, 1_000, 20), worth_a_warning(1, 1_000, 0)
    (False, True, True)
    """
    return cost > 0 and cost * 1_000 > threshold * bet


def mistake_warning(
    advice: Advice, action: Action, hand: str, threshold: int
) -> tuple[str, tuple[str, ...]] | None:
    """The warning for `action` on the hand called `hand` and its shorter wordings, or None
    when it gives up no more than `threshold` tenths of a percent of the bet against the best
    move. Every wording ends with how to play it anyway (docs/decisions.md, "The status
    line")."""
    from casino_gui.engine.strategy import value_in_cents

    shortfall = advice.shortfall(action)
    cost = value_in_cents(shortfall, advice.bet)
    if not worth_a_warning(cost, advice.bet, threshold):
        return None
    move, best = action_name(action), action_name(advice.best)
    anyway = f"press {move} again to play it anyway."
    return (
        f"{hand}: {move} gives up {dollars(cost)} ({100 * shortfall:.1f}% of the bet) "
        f"against {best}: {anyway}",
        (f"{hand}: {move} gives up {dollars(cost)} against {best}: {anyway}",),
    )


def active_hand_name(table: Round | None) -> str:
    """The name of the hand a decision waits for, 'This hand' when there is none."""
    hand = table.active_hand if table is not None else None
    return hand_name(table, hand) if table is not None and hand is not None else "This hand"


def hand_name(table: Round, hand: Hand) -> str:
    """'Circle 2', or 'Hand 3 (circle 1)' when the round has several hands."""
    if len(table.hands) == 1:
        return f"Circle {hand.spot}"
    return f"Hand {table.hand_number(hand)} (circle {hand.spot})"


def action_name(action: Action) -> str:
    return action.value.replace("_", " ").upper()


def hint_text(advice: Advice, moves: int | None = None) -> str:
    """'Best: STAND −$1.23 · HIT −$2.50 · DOUBLE −$5.10': each legal move's expected net, or
    only the best `moves` of them."""
    ranked = sorted(advice.values, key=lambda action: advice.values[action], reverse=True)
    said = [f"{action_name(a)} {signed(advice.cents(a))}" for a in ranked[:moves]]
    return " · ".join([f"Best: {said[0]}", *said[1:]])


def hint(hand: str, advice: Advice, shoe: ShoeHint | None = None) -> tuple[str, tuple[str, ...]]:
    """HINT for the hand called `hand`, and shorter wordings with the best moves only, down to
    the best and the next (docs/decisions.md, "The status line"). At a shoe game (`shoe`) the
    chart's move, the count and the index play follow, said shorter before a move is dropped,
    down to the best move alone (docs/decisions.md, "Counting")."""
    most = len(advice.values)
    counts = [most, *range(most - 1, 1 if shoe is None else 0, -1)]
    tails = [""] if shoe is None else [f" · {tail}" for tail in shoe_words(shoe)]
    wordings = [f"{hand}: {hint_text(advice, moves)}{tail}" for moves in counts for tail in tails]
    return wordings[0], tuple(wordings[1:])


def shoe_words(said: ShoeHint) -> tuple[str, ...]:
    """What a shoe game's hint adds to the values, and shorter wordings of it: 'Deviation: the
    chart says HIT · Hi-Lo running +3, true +8 · 16 v T: stand at 0 or more (4–8 decks,
    S17); at +8: STAND'."""
    from casino_gui.engine.counting import count_text

    chart = said.chart
    if chart is None:
        charted = short_charted = ""
    elif said.deviation:
        charted = f"Deviation: the chart says {action_name(chart)} · "
        short_charted = f"Deviation (chart: {action_name(chart)}) · "
    else:
        charted = "The chart agrees · "
        short_charted = "Chart agrees · "
    running, true = count_text(said.running), count_text(said.true)
    count = f"Hi-Lo running {running}, true {true}"
    short_count = f"RC {running}, TC {true}"
    index, plays = said.index, said.index_says
    if index is None or plays is None:
        return (f"{charted}{count}", f"{short_charted}{short_count}")
    # Never a line against the best move: where the cards left make another move best than
    # the index's at this count, the hint says so instead (docs/counting.md, "Index plays").
    if said.index_agrees:
        says = f"at {true}: {action_name(plays)}"
        short_says = action_name(plays)
    else:
        says = short_says = f"the cards left make {action_name(said.best)} best"
    return (
        f"{charted}{count} · {index.words} ({said.computed_for}); {says}",
        f"{charted}{count} · {index.words}; {says}",
        f"{short_charted}{short_count} · {index.words}; {says}",
        f"{short_charted}TC {true} · {index.short_words}: {short_says}",
    )
