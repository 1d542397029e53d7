"""The panel's money while a settlement is animated follows the felt (docs/decisions.md, "Table
realism"):
the stakes stay on the table and the bankroll waits for what they pay back until the chips
reach the player. Qt-free: the engine's round, its events and the pictures, with the cards
spelled out and exact cents. The store's wallet is the engine's money off the table."""

from __future__ import annotations

from casino_gui.engine import Event, parse_move, spot_accounts
from casino_gui.engine.betting import Settling, settling_of
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Bet, Phase, Round
from casino_gui.engine.shoe import Shoe
from casino_gui.gui.table.held_back import withheld
from casino_gui.gui.table.picture import Betting, TablePicture, picture_of

START = 100_000


def picture(table: Round) -> TablePicture:
    return picture_of(table.rules, table, Betting(), table.bankroll, round_id=7)


def seated(shoe: str, *bets: Bet, game: str = "blackjack") -> Round:
    rules = rules_for(game)
    return Round(rules, Shoe.stacked(rules, shoe), START).place(bets or [Bet(1, 1_000)])


def dealt(shoe: str, *bets: Bet, game: str = "blackjack") -> Round:
    table = seated(shoe, *bets, game=game)
    table.deal()
    return table


def money(seen: TablePicture) -> tuple[int, int]:
    return seen.panel.balance, seen.panel.on_table


def step(table: Round, action: str) -> tuple[TablePicture, TablePicture, TablePicture, list[Event]]:
    """The panel before `action`, while its animation plays, and at rest."""
    before = picture(table)
    events = table.apply(parse_move(action))
    new = picture(table)
    return before, withheld(new, before, settling_of(table, events)), new, events


def booked(table: Round) -> Settling:
    """The whole round's stakes and returns as the store books them (`spot_accounts`)."""
    accounts = spot_accounts(table)
    stakes = sum(a.stake + a.side_bet + a.split + a.doubled + a.insurance for a in accounts)
    returns = sum(a.payout + a.insurance_payout + a.side_bet_payout for a in accounts)
    return Settling(stakes, returns)


def test_a_win_shows_its_stake_on_the_table_until_paid() -> None:
    # $10 on TS 9H = 19 stands against the dealer's 8C 9D = 17: paid $20 back.
    table = dealt("TS 8C 9H 9D")
    before, shown, new, events = step(table, "stand")
    assert settling_of(table, events) == booked(table) == Settling(1_000, 2_000)
    assert money(before) == money(shown) == (99_000, 1_000)
    assert money(new) == (101_000, 0)


def test_a_loss_keeps_its_stake_on_the_table_until_swept() -> None:
    # $10 on TS 6H = 16 stands against 8C 9D = 17: nothing back.
    table = dealt("TS 8C 6H 9D")
    _before, shown, new, events = step(table, "stand")
    assert settling_of(table, events) == Settling(1_000, 0)
    assert money(shown) == (99_000, 1_000)
    assert money(new) == (99_000, 0)


def test_a_push_shows_its_stake_on_the_table_until_it_comes_back() -> None:
    # $10 on TS 7H = 17 against 8C 9D = 17: the $10 comes back.
    table = dealt("TS 8C 7H 9D")
    _before, shown, new, events = step(table, "stand")
    assert settling_of(table, events) == Settling(1_000, 1_000)
    assert money(shown) == (99_000, 1_000)
    assert money(new) == (100_000, 0)


def test_a_blackjack_dealt_shows_the_bet_until_paid_three_to_two() -> None:
    # $10 on AS KH against the dealer's 9C (7D in the hole): settled at DEAL, paid $25 back.
    # Before the deal the panel shows the bet being built; while the chips move, the same.
    table = seated("AS 9C KH 7D")
    before = picture_of(table.rules, None, Betting.of({1: 1_000}, {}, None, 500), START)
    events = table.deal()
    assert table.phase is Phase.SETTLED
    new = picture(table)
    shown = withheld(new, before, settling_of(table, events))
    assert settling_of(table, events) == booked(table) == Settling(1_000, 2_500)
    assert money(before) == money(shown) == (99_000, 1_000)
    assert money(new) == (101_500, 0)


def test_a_double_that_ends_the_round_shows_its_extra_stake_at_once() -> None:
    # $10 on 6S 5H doubles ($10 more) and draws TC = 21; the dealer's 9C 7D takes 8H = 24.
    table = dealt("6S 9C 5H 7D TC 8H")
    before, shown, new, events = step(table, "double")
    assert settling_of(table, events) == booked(table) == Settling(2_000, 4_000)
    assert money(before) == (99_000, 1_000)
    assert money(shown) == (98_000, 2_000)  # the double's $10 is on the table at once
    assert money(new) == (102_000, 0)


def test_split_hands_one_winning_one_losing() -> None:
    # $10 on 8S 8D against 9C (7D in the hole). SPLIT is no settlement: the store's money at
    # once. Hand 1 takes TH = 18 and stands; hand 2 takes 7C = 15 and stands; the dealer takes
    # AS = 17: hand 1 wins $10, hand 2 loses $10.
    table = dealt("8S 9C 8D 7D TH 7C AS")
    _before, shown, new, events = step(table, "split")
    assert settling_of(table, events) is None
    assert money(shown) == money(new) == (98_000, 2_000)
    _before, shown, new, events = step(table, "stand")
    assert settling_of(table, events) is None
    assert money(shown) == money(new) == (98_000, 2_000)
    _before, shown, new, events = step(table, "stand")
    assert [h.payout for h in table.hands] == [2_000, 0]
    assert settling_of(table, events) == booked(table) == Settling(2_000, 2_000)
    assert money(shown) == (98_000, 2_000)
    assert money(new) == (100_000, 0)


def test_insurance_paid_on_a_dealer_blackjack() -> None:
    # $10 on TS 9H against the dealer's AH; insurance $5; KD in the hole: the hand loses $10,
    # insurance pays 2:1 ($15 back). The $5 is on the table at once, with the $10.
    table = dealt("TS AH 9H KD")
    before, shown, new, events = step(table, "insure")
    assert table.phase is Phase.SETTLED
    assert settling_of(table, events) == booked(table) == Settling(1_500, 1_500)
    assert money(before) == (99_000, 1_000)
    assert money(shown) == (98_500, 1_500)
    assert money(new) == (100_000, 0)


def test_insurance_lost_at_the_peek_settles_no_hand_and_shows_at_once() -> None:
    # $10 on TS 9H against AH; insurance $5; 7D in the hole: the insurance is lost and its
    # chips go at once; the round plays on.
    table = dealt("TS AH 9H 7D")
    _before, shown, new, events = step(table, "insure")
    assert table.phase is not Phase.SETTLED
    assert settling_of(table, events) is None
    assert money(shown) == money(new) == (98_500, 1_000)


def test_a_hit_shows_the_store_money_at_once() -> None:
    table = dealt("TS 8C 2H 9D 5S")
    _before, shown, new, events = step(table, "hit")
    assert settling_of(table, events) is None
    assert money(shown) == money(new) == (99_000, 1_000)


def test_a_hand_busted_mid_round_keeps_its_stake_shown_while_it_is_swept() -> None:
    # $10 on circles 1 and 2. Circle 1 TS 6H hits KC = 26: settled at once while circle 2
    # plays on. During its sweep the $10 is still on the table; then it is gone.
    table = dealt("TS 9D 6C 6H 9S TD KC 8H", Bet(1, 1_000), Bet(2, 1_000))
    _before, shown, new, events = step(table, "hit")
    assert table.phase is not Phase.SETTLED
    assert settling_of(table, events) == Settling(1_000, 0)
    assert money(shown) == (98_000, 2_000)
    assert money(new) == (98_000, 1_000)
