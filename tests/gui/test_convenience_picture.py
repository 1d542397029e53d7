"""The lit conveniences and the chosen circle are part of the picture value (no Qt needed)."""

from __future__ import annotations

from casino_gui.engine.games import BLACKJACK, NO_BUST_21
from casino_gui.engine.round import Bet
from casino_gui.gui.table.picture import Betting, Convenience, picture_of

UNDO, CLEAR = Convenience.UNDO, Convenience.CLEAR
REBET, DOUBLE = Convenience.REBET, Convenience.REBET_DOUBLE


def lit(bets: Betting, balance: int = 100_000, busy: bool = False) -> frozenset[Convenience]:
    return picture_of(BLACKJACK, None, bets, balance, busy=busy).conveniences


def test_conveniences_follow_the_bets_and_the_bankroll() -> None:
    assert lit(Betting()) == frozenset()
    assert lit(Betting.of({1: 500}, {}, None, 500, undoable=True)) == {UNDO, CLEAR}
    # Chips with no history of placing (a resumed round's bets): CLEAR only.
    assert lit(Betting.of({1: 500}, {}, None, 500)) == {CLEAR}
    last = [Bet(1, 20_000)]
    assert lit(Betting.of({}, {}, last, 500)) == {REBET, DOUBLE}
    assert lit(Betting.of({}, {}, last, 500), balance=39_999) == {REBET}
    assert lit(Betting.of({}, {}, last, 500), balance=19_999) == frozenset()
    assert lit(Betting.of({}, {}, last, 500), busy=True) == frozenset()


def test_the_chosen_circle_is_in_the_picture() -> None:
    picture = picture_of(BLACKJACK, None, Betting.of({}, {}, None, 500, chosen=2), 100_000)
    assert [circle.chosen for circle in picture.circles] == [False, True, False]


def test_a_chosen_buster_circle_is_in_the_picture_and_its_main_circle_is_not() -> None:
    bets = Betting.of({}, {}, None, 500, chosen=2, chosen_kind="buster")
    picture = picture_of(NO_BUST_21, None, bets, 100_000)
    assert [circle.buster_chosen for circle in picture.circles] == [False, True, False]
    assert not any(circle.chosen for circle in picture.circles)
