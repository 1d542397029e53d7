"""The table's picture as a value: derived from the engine's round and the store's balance, with
the cards spelled out and exact cents (docs/decisions.md, "The table's picture")."""

from __future__ import annotations

import subprocess
import sys

from casino_gui.engine import parse_move
from casino_gui.engine.betting import ChipsMoved, chips_moved
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action, Bet, Round
from casino_gui.engine.shoe import Shoe
from casino_gui.gui.table.held_back import withheld
from casino_gui.gui.table.messages import Lifetime, Note, Severity
from casino_gui.gui.table.picture import Betting, TablePicture, moment_of, picture_of
from casino_gui.gui.table.wording import Result

START = 100_000
NO_BETS = Betting()


def dealt(game: str, shoe: str, *bets: Bet, actions: tuple[str, ...] = ()) -> Round:
    rules = rules_for(game)
    table = Round(rules, Shoe.stacked(rules, shoe), START).place(bets or [Bet(1, 1_000)])
    table.deal()
    for action in actions:
        table.apply(parse_move(action))
    return table


def picture(table: Round, **kwargs: object) -> TablePicture:
    # The store's wallet is the engine's money off the table.
    return picture_of(table.rules, table, NO_BETS, table.bankroll, round_id=7, **kwargs)  # type: ignore[arg-type]


def test_the_picture_and_its_words_never_import_qt() -> None:
    code = (
        "import sys, casino_gui.gui.table.picture, casino_gui.gui.table.wording, "
        "casino_gui.gui.table.held_back, casino_gui.gui.table.spoken; "
        "print([m for m in sys.modules if m.startswith(('PySide6', 'qasync', 'shiboken'))])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_player_blackjack_reads_blackjack_not_11_or_21() -> None:
    # Player AS KH, dealer 9C up and 7D in the hole: the natural is paid 3:2 at once.
    table = dealt("blackjack", "AS 9C KH 7D")
    seen = picture(table)
    (hand,) = seen.hands
    assert hand.total == "Blackjack"
    assert hand.banner is not None
    assert (hand.banner.result, hand.banner.text) == (Result.NATURAL, "BLACKJACK +$15.00")
    assert seen.panel.last_result == "BLACKJACK +$15.00"
    assert seen.dealer.total == "16" and seen.dealer.words == "Dealer has 16"


def test_pontoon_names_its_natural_pontoon() -> None:
    # Player AS KH (a pontoon, paid 2:1), dealer 9C 7D face down.
    seen = picture(dealt("pontoon", "AS 9C KH 7D"))
    assert seen.hands[0].total == "Pontoon"
    assert seen.hands[0].banner is not None and seen.hands[0].banner.text == "PONTOON +$20.00"


def test_soft_totals_only_while_the_hand_may_draw() -> None:
    # Player 8S 8D against the dealer's 9C (7D in the hole). Split: 8S + AH is soft 19.
    table = dealt("blackjack", "8S 9C 8D 7D AH TC", actions=("split",))
    first, second = picture(table).hands
    assert (first.total, second.total) == ("9 / 19", "")
    assert first.active and not second.active
    table.apply(parse_move("stand"))  # hand 1 is over; hand 2 takes TC: 18
    first, second = picture(table).hands
    assert (first.total, second.total) == ("19", "18")
    assert second.active


def test_the_dealer_soft_total_while_he_may_draw_then_the_final_total() -> None:
    # Face Up 21: the dealer's AH 6C (soft 17) are both up; he hits soft 17 and takes 2D.
    table = dealt("face_up_21", "TS AH 9H 6C 2D")
    assert picture(table).dealer.total == "7 / 17"
    table.apply(parse_move("stand"))
    seen = picture(table)
    assert seen.dealer.total == "19"
    assert seen.dealer.words == "Dealer has 19"


def test_a_round_with_a_win_and_a_loss_gives_its_net_not_push() -> None:
    # Circle 1 TS 9H = 19 wins, circle 2 TD 6C = 16 loses, against the dealer's 8C 9D = 17.
    table = dealt(
        "blackjack", "TS TD 8C 9H 6C 9D", Bet(1, 1_000), Bet(2, 1_000), actions=("stand", "stand")
    )
    seen = picture(table)
    assert seen.panel.last_result == "NET $0.00"
    assert seen.panel.last_net == 0
    assert seen.summary is not None
    assert seen.summary.text == (
        "Dealer has 17 · Hand 1 (circle 1): Win +$10.00 · Hand 2 (circle 2): Lose −$10.00"
        " · Round $0.00"
    )


def test_a_dealer_blackjack_is_announced() -> None:
    # Player TS 9H against the dealer's AH up and KD in the hole; no insurance.
    table = dealt("blackjack", "TS AH 9H KD", actions=("no_insurance",))
    seen = picture(table)
    assert seen.dealer.total == "Blackjack"
    assert seen.dealer.words == "Dealer has blackjack"
    assert seen.summary is not None and seen.summary.dealer == "Dealer has blackjack"
    assert seen.hands[0].banner is not None
    assert seen.hands[0].banner.result is Result.LOSE


def test_a_bust_hand_carries_one_red_badge_and_the_dealer_bust_is_in_words() -> None:
    # Player TS 6H hits KC: 26. A second circle, 9D 9S, stands; the dealer's 6C TD takes
    # 8H: 24.
    table = dealt(
        "blackjack",
        "TS 9D 6C 6H 9S TD KC 8H",
        Bet(1, 1_000),
        Bet(2, 1_000),
        actions=("hit", "stand"),
    )
    seen = picture(table)
    bust, stood = seen.hands
    assert bust.total == "26"  # the total alone: the banner says it is a bust
    assert bust.banner is not None
    assert (bust.banner.result, bust.banner.text) == (Result.BUST, "BUST −$10.00")
    assert stood.banner is not None and stood.banner.result is Result.WIN
    assert seen.dealer.words == "Dealer busts with 24"
    assert seen.dealer.total == "BUST 24" and seen.dealer.bust


def test_the_money_and_stakes_of_doubled_and_split_hands() -> None:
    # $25 on circles 1 to 3. Circle 1: 8S 8D splits ($25 more), 8S + 3H doubles ($25 more).
    table = dealt(
        "blackjack",
        "8S 9S TS 9C 8D 9H TH 7D 3H 2C 5C",
        Bet(1, 2_500),
        Bet(2, 2_500),
        Bet(3, 2_500),
        actions=("split", "double"),
    )
    seen = picture(table)
    assert [c.stake for c in seen.circles] == [7_500, 2_500, 2_500]
    assert [h.stake for h in seen.hands] == [5_000, 2_500, 2_500, 2_500]
    assert seen.panel.on_table == table.on_table() == 12_500
    assert seen.panel.balance == START - 12_500
    assert seen.lit == table.legal_actions()
    assert picture(table, busy=True).lit == frozenset()


def test_between_rounds_the_panel_shows_the_bets_being_built() -> None:
    rules = rules_for("blackjack")
    bets = Betting.of({1: 2_500, 2: 500}, {}, None, 500)
    seen = picture_of(rules, None, bets, START)
    assert (seen.panel.balance, seen.panel.on_table) == (START - 3_000, 3_000)
    assert [c.stake for c in seen.circles] == [2_500, 500, 0, 0, 0][: rules.circles]
    assert seen.lit == {Action.DEAL}
    assert seen.betting_open


def test_the_insurance_question_lasts_only_while_it_is_asked() -> None:
    table = dealt("blackjack", "TS AH 9H 7D")
    assert [m.text for m in picture(table).messages] == ["Insurance for circle 1? It costs $5.00."]
    table.apply(parse_move("no_insurance"))
    assert picture(table).messages == ()


def test_messages_last_as_long_as_what_they_are_about() -> None:
    # Player 8S 8D against 9C (7D): split, then hands are played with hits and stands.
    table = dealt("blackjack", "8S 9C 8D 7D 2H TC 9S 5D", actions=("split",))
    bets = NO_BETS

    def said(lifetime: Lifetime) -> Note:
        moment = moment_of(table.rules, table, 7, bets)
        return Note.at(moment, f"about the {lifetime.value}", Severity.INFO, lifetime)

    notes = [said(lifetime) for lifetime in Lifetime]

    def shown() -> list[str]:
        return [m.text for m in picture(table, notes=notes).messages if m.text.startswith("about")]

    assert shown() == ["about the decision", "about the hand", "about the round", "about the table"]
    table.apply(parse_move("hit"))  # hand 1: 8S 2H TC = 20, still hand 1's turn
    assert shown() == ["about the hand", "about the round", "about the table"]
    table.apply(parse_move("stand"))  # hand 2's turn
    assert shown() == ["about the round", "about the table"]
    table.apply(parse_move("stand"))  # the round settles
    assert shown() == ["about the table"]
    other = picture_of(rules_for("face_up_21"), None, NO_BETS, START, notes=notes)
    assert not [m for m in other.messages if m.text.startswith("about")]


def test_how_a_settled_hands_chips_move() -> None:
    assert chips_moved(1_000, 0) == ChipsMoved(kept=0, to_dealer=1_000, from_dealer=0)  # lost
    assert chips_moved(1_000, 500) == ChipsMoved(500, 500, 0)  # surrendered: half kept
    assert chips_moved(1_000, 1_000) == ChipsMoved(1_000, 0, 0)  # a push
    assert chips_moved(1_000, 2_500) == ChipsMoved(1_000, 0, 1_500)  # a 3:2 natural


def test_while_an_animation_plays_the_panel_has_the_new_money_but_the_old_result() -> None:
    # Circle 1 TS 9H stands on 19 against the dealer's 8C 9D: a $10 win.
    table = dealt("blackjack", "TS 8C 9H 9D")
    before = picture(table)
    table.apply(parse_move("stand"))
    after = picture(table)
    shown = withheld(after, before)
    assert (shown.panel.balance, shown.panel.on_table) == (START + 1_000, 0)
    assert (shown.panel.last_result, shown.panel.last_net) == ("\N{EM DASH}", None)
    assert after.summary is not None
    assert after.summary.text not in [m.text for m in shown.messages]
    assert after.panel.last_result == "WIN +$10.00"
