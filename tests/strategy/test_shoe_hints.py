"""HINT at a shoe game: every move valued for the cards left, the chart's move beside the best
one, the Hi-Lo count and the published index play of the cell (docs/decisions.md,
"Counting").

The shoes are one deck cut at 90%, shuffled from a recorded seed and opened where an earlier
round left them (`Shoe.shuffled(rules, seed, first)`): their earlier cards are spelled out.
"""

from __future__ import annotations

import pytest

from casino_gui.engine import Bet
from casino_gui.engine.cards import Card
from casino_gui.engine.counting import HI_LO, floored_true_count
from casino_gui.engine.games import BLACKJACK, GAMES
from casino_gui.engine.round import Action, Round
from casino_gui.engine.shoe import Shoe
from casino_gui.engine.strategy import Decision, action_values, advise, chart, forget_computed
from casino_gui.engine.strategy.chart import Cell, ChartCode, Section, chart_code
from casino_gui.engine.strategy.indices import FAB_4, ILLUSTRIOUS_18, covers, index_play
from casino_gui.engine.strategy.insurance import insurance_value
from casino_gui.engine.strategy.shoe_hint import shoe_hint
from tests.strategy import exact_reference

RULES = BLACKJACK.replace(decks=1, penetration=0.9)

# Seed 14's shuffle opened at card 29: its burn card (7S) face down, then these 28 cards of
# earlier rounds in the tray, twelve of them low (+1) and nine high (-1).
TRAY_14 = "AC 6C TC 3C 8D 3H 5H 4H 6H 5S 3D 7H 4D KH QD 8S 5C 2H 8H TH JD 9S QS 5D 7D AD 9D 9C"
# Seed 33's opened at card 28: 27 cards in the tray, five of them ten-valued.
TRAY_33 = "JS 2C 2H 5H 5D 3C 9D 8D QS 7C AC 7D 8H 5C 8C 3D 6H 5S 7H AD TS 4H 3H 2S JH JC 6D"


def dealt(seed: int, first: int) -> Round:
    """A $10 bet on circle 1, dealt from the shoe of `seed` where an earlier round left it."""
    table = Round(RULES, Shoe.shuffled(RULES, seed, first), 100_000).place((Bet(1, 1_000),))
    table.deal()
    return table


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(card) for card in text.split())


def test_the_hint_values_the_cards_left_as_a_decision_that_saw_the_earlier_rounds() -> None:
    table = dealt(14, 29)
    assert table.shoe.seen_before == cards(TRAY_14)
    # Circle 1: 6S KD, a hard 16, against the dealer's JC.
    assert [str(c) for c in table.hands[0].cards] == ["6S", "KD"]
    assert [str(c) for c in table.visible_dealer_cards()] == ["JC"]
    advice = advise(table)
    direct = Decision(RULES, cards("6S KD"), cards("JC"), seen=cards(TRAY_14))
    assert advice.values == {a: v for a, v in action_values(direct).items() if a in advice.values}
    # The 19 cards left: A A 2 2 2 3 4 4 6 7 7 8 9 and eight tens. Hitting, the card drawn
    # leaves the shoe before the dealer plays (the hint once drew the dealer's cards from all
    # 19 and said -637 and -1,274); the hit's card makes 17-21 or busts, and standing on it is
    # then best, so the double is worth twice the hit. The independent enumerator
    # (exact_reference.py) gives the same cents.
    assert {a.value: advice.cents(a) for a in advice.values} == {
        "hit": -644,
        "stand": -531,
        "double": -1_289,
    }
    reference = exact_reference.values((6, 10), 10, direct.unseen.by_value)
    assert {a.value: advice.cents(a) for a in advice.values} == {
        move: round(value * 1_000) for move, value in reference.items()
    }
    # From the full deck less this round's cards, hitting would be best.
    fresh = action_values(Decision(RULES, cards("6S KD"), cards("JC")))
    assert max(fresh, key=lambda action: fresh[action]) is Action.HIT


def test_sixteen_against_a_ten_stands_in_a_ten_rich_shoe_and_the_hint_says_it_deviates() -> None:
    table = dealt(14, 29)
    said = shoe_hint(table, advise(table))
    assert said is not None
    assert (said.best, said.chart, said.deviation) == (Action.STAND, Action.HIT, True)
    assert chart(RULES).code(Section.HARD, "16", "T") is ChartCode.HIT
    # The tray's 28 cards and 6S KD JC count +3; 19 cards are left: +3 / (19/52) = +8.2.
    assert (said.running, said.true) == (3, 8)
    assert said.index is not None
    # The index's count is computed for this table, one deck H17 (break_even.py): two-card
    # 16s against a ten stand from about +3.9 here (Schlesinger's shoe count is 0).
    assert said.index.words == "16 v T: stand at +4 or more"
    assert said.computed_for == "this table: 1 deck, H17"
    assert said.index_says is Action.STAND


def test_insurance_pays_when_half_the_cards_left_are_tens() -> None:
    table = dealt(33, 28)
    assert table.shoe.seen_before == cards(TRAY_33)
    # Circle 1: 9H 9S against the dealer's AH. Unseen: 52 - 27 - 3 = 22 cards, 16 - 5 = 11
    # of them tens: insurance (half the bet) wins 2:1 half the time, +0.25 of the bet.
    assert [str(c) for c in table.hands[0].cards] == ["9H", "9S"]
    advice = advise(table)
    direct = Decision(RULES, cards("9H 9S"), cards("AH"), seen=cards(TRAY_33), insurance=True)
    assert direct.unseen.total == 22 and direct.unseen.by_value[9] == 11
    assert insurance_value(RULES, direct.unseen) == 0.25
    assert advice.values == action_values(direct)
    # Not insuring: the dealer's natural half the time (-1), else the best move, splitting
    # the nines, worth +0.257 with re-splits to three hands (the reference, one split to two
    # hands, says +0.226, as the advisor does at such a table; docs/counting.md): -0.372.
    # Insuring adds exactly +0.25.
    split = action_values(Decision(RULES, cards("9H 9S"), cards("AH"), seen=cards(TRAY_33)))
    assert max(split, key=lambda action: split[action]) is Action.SPLIT
    assert split[Action.SPLIT] == pytest.approx(0.257, abs=0.0005)
    exact_split = exact_reference.values((9, 9), 1, direct.unseen.by_value)["split"]
    assert exact_split == pytest.approx(0.226, abs=0.0005)
    two_hands = Decision(
        RULES.replace(split_max_hands=2), cards("9H 9S"), cards("AH"), seen=cards(TRAY_33)
    )
    assert action_values(two_hands)[Action.SPLIT] == pytest.approx(exact_split, abs=1e-6)
    assert {a.value: advice.cents(a) for a in advice.values} == {
        "no_insurance": -372,
        "insure": -122,
    }
    said = shoe_hint(table, advice)
    assert said is not None
    assert (said.best, said.chart, said.deviation) == (Action.INSURE, Action.NO_INSURANCE, True)
    assert (said.running, said.true) == (5, 13)
    # One deck: insurance pays from a true count of about +2.5 (the shoes' +3 is for
    # four to eight decks; computed for this table, break_even.py).
    assert said.index is not None and said.index.words == "Insurance: insure at +2 or more"
    assert said.index_says is Action.INSURE


def test_the_count_is_hi_lo_over_the_tray_and_the_round_floored_for_the_cards_left() -> None:
    seen = (*cards(TRAY_14), *cards("6S KD JC"))
    assert HI_LO.running(seen, 1) == 3
    assert floored_true_count(3, 19) == 8
    # Six decks, two and a half dealt: -7 over 3.5 decks left is -2.
    assert floored_true_count(-7, 182) == -2


@pytest.mark.parametrize("game", list(GAMES))
def test_the_seven_games_deal_no_shoe_and_give_no_shoe_hint(game: str) -> None:
    rules = GAMES[game]
    table = Round(rules, Shoe.shuffled(rules, 5), 100_000).place((Bet(1, 1_000),))
    table.deal()
    assert table.shoe.seen_before == ()
    if table.active_hand is not None or table.insurance_spot is not None:
        assert shoe_hint(table, advise(table)) is None


def test_the_published_index_plays() -> None:
    assert len(ILLUSTRIOUS_18) == 18 and len(FAB_4) == 4
    published = {play.words: play.otherwise.value for play in (*ILLUSTRIOUS_18, *FAB_4)}
    assert published["Insurance: insure at +3 or more"] == "no_insurance"
    assert published["16 v T: stand at 0 or more"] == "hit"
    assert published["15 v T: stand at +4 or more"] == "hit"
    assert published["T,T v 5: split at +5 or more"] == "stand"
    assert published["T,T v 6: split at +4 or more"] == "stand"
    assert published["10 v T: double at +4 or more"] == "hit"
    assert published["11 v A: double at +1 or more"] == "hit"
    assert published["13 v 2: stand at \N{MINUS SIGN}1 or more"] == "hit"
    assert published["12 v 5: stand at \N{MINUS SIGN}2 or more"] == "hit"
    assert published["14 v T: surrender at +3 or more"] == "hit"
    assert published["15 v T: surrender at 0 or more"] == "hit"
    assert published["15 v 9: surrender at +2 or more"] == "hit"
    assert published["15 v A: surrender at +1 or more"] == "hit"


def test_a_fab_4_surrender_comes_first_where_surrender_is_offered() -> None:
    moves = frozenset({Action.HIT, Action.STAND, Action.SURRENDER})
    surrendering = BLACKJACK.replace(surrender=True)
    offered = index_play(surrendering, Section.HARD, "15", "T", moves)
    assert offered is not None and offered.words == "15 v T: surrender at 0 or more"
    plain = index_play(surrendering, Section.HARD, "15", "T", moves - {Action.SURRENDER})
    assert plain is not None and plain.words == "15 v T: stand at +4 or more"
    assert index_play(BLACKJACK, Section.HARD, "17", "T", moves) is None
    # The index plays are those of the standard game's shape only.
    assert [game for game, rules in GAMES.items() if covers(rules)] == ["blackjack"]
    assert index_play(GAMES["super_21"], Section.HARD, "16", "T", moves) is None


@pytest.mark.parametrize("game", ["blackjack", "pontoon"])
def test_a_cell_worked_out_alone_is_the_charts_for_every_cell(game: str) -> None:
    rules = GAMES[game]
    drawn = chart(rules)
    forget_computed()  # worked out from the cell's own deals, not read off the analysis
    for section in drawn.sections:
        for row in section.rows:
            for column, code in zip(drawn.columns, row.cells, strict=True):
                assert chart_code(rules, Cell(section.title, row.label, column)) == code
