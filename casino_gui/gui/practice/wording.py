"""What the practice window says about an answer, as Qt-free values: the verdict, every legal
move's value, the cost, the chart cell and the why (docs/decisions.md, "Practice drills")."""

from __future__ import annotations

from dataclasses import dataclass

from casino_gui.engine import Action, dollars
from casino_gui.engine.practice import Grade
from casino_gui.engine.strategy import Cell
from casino_gui.gui.panels.action_bar import ORDER
from casino_gui.gui.table.wording import signed

# The moves in the order the action bar shows them.
_ORDER = tuple(action for action in ORDER if action is not Action.DEAL)


def move_name(action: Action) -> str:
    """The move as its button says it: HIT, NO INSURANCE."""
    return action.value.upper().replace("_", " ")


@dataclass(frozen=True)
class MoveValue:
    name: str
    value: str  # "−$5.06": the move's expected net, in dollars of this bet
    best: bool
    chosen: bool


@dataclass(frozen=True)
class Feedback:
    right: bool
    verdict: str
    values: tuple[MoveValue, ...]
    cell: str | None
    why: str | None


# A chart's column heading as said at the table: "the dealer's ten", not "the dealer's T".
_SAID = {"T": "ten", "A": "ace"}


def cell_words(cell: Cell | None) -> str | None:
    """'Hard 16 against the dealer's 9'; 'Pairs 8,8 against any dealer hand'.

    >>> from casino_gui.engine.strategy import Cell, Section
    >>> cell_words(Cell(Section.SOFT, "A,7", "T"))
    "Soft A,7 against the dealer's ten"
    """
    if cell is None:
        return None
    column = _SAID.get(cell.column, cell.column)
    against = (
        "against any dealer hand" if cell.column == "any" else f"against the dealer's {column}"
    )
    return f"{cell.section} {cell.row} {against}"


def feedback(graded: Grade) -> Feedback:
    """The words of a graded answer (one out of time has no move: `graded.chosen` is None).

    >>> from casino_gui.engine.games import BLACKJACK
    >>> from casino_gui.engine.practice import grade
    >>> from casino_gui.engine.round import Round
    >>> from casino_gui.engine.shoe import Shoe
    >>> table = Round(BLACKJACK, Shoe.stacked(BLACKJACK, "TS 9H 6C 7D"), bankroll=100_000)
    >>> _ = table.bet(1, 1_000)
    >>> _ = table.deal()
    >>> said = feedback(grade(table, Action.STAND))
    >>> said.verdict
    'Wrong: STAND gives up $0.37 (3.69% of the $10.00 bet). Best: HIT.'
    >>> [(v.name, v.value) for v in said.values], said.cell
    ([('HIT', '−$5.06'), ('STAND', '−$5.43'), ('DOUBLE', '−$10.11')], "Hard 16 against the dealer's 9")
    """
    best = move_name(graded.best)
    chosen = graded.chosen
    if chosen is None:
        verdict, right = f"Out of time. Best: {best}.", False
    elif graded.right:
        verdict, right = f"Right: {move_name(chosen)}.", True
    else:
        verdict = (
            f"Wrong: {move_name(chosen)} gives up {dollars(graded.cost)} "
            f"({graded.cost_percent:.2f}% of the {dollars(graded.bet)} bet). Best: {best}."
        )
        right = False
    values = tuple(
        MoveValue(
            move_name(action),
            signed(graded.values[action]),
            action is graded.best,
            action is chosen,
        )
        for action in _ORDER
        if action in graded.values
    )
    return Feedback(right, verdict, values, cell_words(graded.cell), graded.why)
