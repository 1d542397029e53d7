"""The index plays' counts, computed for the table's own rules (break_even.py), against
Schlesinger's published Illustrious 18 and Fab 4 (docs/counting.md, "Index plays")."""

from __future__ import annotations

from collections import Counter

import pytest

from casino_gui.engine.cards import Card
from casino_gui.engine.games import BLACKJACK
from casino_gui.engine.round import Action, Round
from casino_gui.engine.shoe import Shoe, shoe_cards
from casino_gui.engine.strategy import advise, shoe_hint
from casino_gui.engine.strategy.break_even import break_even, index_of
from casino_gui.engine.strategy.indices import FAB_4, ILLUSTRIOUS_18, IndexPlay, table_index
from casino_gui.engine.strategy.shoe_hint import ShoeHint
from casino_gui.gui.table.hints import shoe_words

# Schlesinger's conditions: a shoe, the dealer standing on soft 17, doubling after splits,
# late surrender.
S17_SHOE = BLACKJACK.replace(
    decks=6, dealer_hits_soft_17=False, surrender=True, surrender_first_two_cards_only=True
)
H17_SHOE = BLACKJACK.replace(surrender=True, surrender_first_two_cards_only=True)


def count(rules: object, play: IndexPlay) -> float:
    return break_even(rules, play.section, play.row, play.column, play.play, play.otherwise)  # type: ignore[arg-type]


def test_the_counts_computed_for_schlesingers_rules_are_his_within_one() -> None:
    computed = {play.words: table_index(S17_SHOE, play).index for play in (*ILLUSTRIOUS_18, *FAB_4)}
    published = {play.words: play.index for play in (*ILLUSTRIOUS_18, *FAB_4)}
    assert all(abs(computed[words] - published[words]) <= 1 for words in published), computed
    same = [words for words in published if computed[words] == published[words]]
    # Sixteen of the twenty-two to the point: insurance +3, 15 v T stand +4, T,T v 5 +5,
    # 12 v 2 +3, 11 v A +1, 9 v 2 +1, 9 v 7 +3, 16 v 9 +5, 13 v 2 -1, 12 v 4 0, 12 v 5 -2,
    # 12 v 6 -1, 13 v 3 -2 and the surrenders 14 v T +3, 15 v T 0, 15 v 9 +2.
    assert len(same) == 16, sorted(set(published) - set(same))


def test_at_a_table_hitting_soft_17_eleven_doubles_and_fifteen_surrenders_against_an_ace_sooner() -> (
    None
):
    """Eight decks, H17: the dealer's ace busts less often, so doubling 11 and surrendering
    15 against it pay from about -0.4 and -0.9 (Schlesinger's S17 counts: +1 and +1)."""
    eleven = next(p for p in ILLUSTRIOUS_18 if p.words.startswith("11 v A"))
    fifteen = next(p for p in FAB_4 if p.words.startswith("15 v A"))
    assert count(H17_SHOE, eleven) == pytest.approx(-0.4, abs=0.1)
    assert count(H17_SHOE, fifteen) == pytest.approx(-0.9, abs=0.1)
    assert (table_index(H17_SHOE, eleven).index, table_index(H17_SHOE, fifteen).index) == (0, -1)
    assert index_of(count(S17_SHOE, eleven)) == 1


def test_eleven_against_an_ace_at_a_true_count_of_0_doubles_and_the_index_line_agrees() -> None:
    """The reported hint at Standard BlackJack (eight decks, H17): 6 5 against an ace, Hi-Lo
    running +1 with 413 cards left, true 0. Doubling is best; the index line, computed for
    H17, says double at 0, not 'double at +1; at 0: HIT'."""
    rules = BLACKJACK.replace(penetration=0.75)
    first = [Card.parse(card) for card in ["6S", "AH", "5C", "9D"]]
    rest = Counter(shoe_cards(rules)) - Counter(first)
    table = Round(rules, Shoe.stacked(rules, [*first, *rest.elements()]), bankroll=10_000)
    table.bet(1, 1_000)
    table.deal()
    table.decline_insurance()  # the up card is an ace: insurance is asked first
    advice = advise(table)
    said = shoe_hint(table, advice)
    assert said is not None and (said.running, said.true) == (1, 0)
    assert advice.best is Action.DOUBLE
    assert said.index is not None and said.index.words == "11 v A: double at 0 or more"
    assert said.index_says is Action.DOUBLE and said.index_agrees
    assert shoe_words(said)[0].endswith("(this table: 8 decks, H17); at 0: DOUBLE")


def test_where_the_cards_left_beat_the_count_the_hint_names_the_best_move() -> None:
    """The index says hit at this count but the cards left make standing best: no wording
    of the hint says HIT."""
    play = next(p for p in ILLUSTRIOUS_18 if p.words.startswith("16 v T"))
    said = ShoeHint(Action.STAND, Action.HIT, -2, -1, play, "this table: 8 decks, H17")
    assert said.index_says is Action.HIT and not said.index_agrees
    words = shoe_words(said)
    assert all(
        "HIT" not in wording.replace("chart says HIT", "").replace("chart: HIT", "")
        for wording in words
    )
    assert words[0].endswith("the cards left make STAND best")
