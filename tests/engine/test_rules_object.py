"""The one `Rules` object: presets, custom-table overrides and their validation, the rules text."""

from __future__ import annotations

import subprocess
import sys

import pytest

from casino_gui.engine.describe import dealer_on_17, describe, felt_lines, tagline
from casino_gui.engine.errors import RulesError
from casino_gui.engine.games import BLACKJACK, GAMES, NO_BUST_21, rules_for
from casino_gui.engine.round import Round, offered_actions
from casino_gui.engine.rules import GAME_IDS, Odds, Rules, Tie, rules_to_json
from casino_gui.engine.shoe import Shoe


def test_every_game_id_of_rules_md_has_a_preset() -> None:
    assert (
        tuple(GAMES)
        == GAME_IDS
        == (
            "blackjack",
            "face_up_21",
            "pontoon",
            "caribbean_21",
            "super_21",
            "match_play_21",
            "no_bust_21",
        )
    )
    assert all(GAMES[game].game == game for game in GAME_IDS)


def test_unknown_game_is_refused_with_the_list_of_games() -> None:
    with pytest.raises(RulesError, match=r"unknown game 'baccarat' \(games are blackjack, "):
        rules_for("baccarat")


def test_custom_table_overrides_take_json_values() -> None:
    rules = BLACKJACK.replace(
        decks=2, dealer_hits_soft_17=False, natural_pays="6:5", ties="dealer_wins", circles=5
    )
    assert (rules.decks, rules.dealer_hits_soft_17, rules.circles) == (2, False, 5)
    assert rules.natural_pays == Odds(6, 5)
    assert rules.ties is Tie.DEALER_WINS
    assert BLACKJACK.decks == 8  # the preset is untouched


def test_custom_table_changes_the_round_it_deals() -> None:
    # 6:5 custom natural: $10 blackjack wins $12.
    rules = BLACKJACK.replace(natural_pays="6:5")
    table = Round(rules, Shoe.stacked(rules, "AS 9H KD 7C"), bankroll=100_000)
    table.bet(1, 1_000)
    table.deal()
    assert table.hands[0].payout == 2_200
    assert table.bankroll == 101_200


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        # The custom table's own options: tests/engine/test_custom_table_bounds.py.
        ({"player_stand_min": 22}, r"^player_stand_min: 22 is not a total from 0 to 21$"),
        ({"ties": "sometimes"}, r"^ties: 'sometimes' is not a valid value$"),
        ({"surrender_min_totl": 12}, r"^unknown rule 'surrender_min_totl'$"),
        ({"game": "pontoon"}, r"^unknown rule 'game'$"),
        ({"insurance": "late"}, r"^insurance: late insurance is decided by the dealer's next"),
        ({"dealer_cards": "up_only"}, r"^dealer_peek: a dealer with one card has no hole card"),
    ],
)
def test_impossible_custom_tables_are_refused_naming_the_setting(
    overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        BLACKJACK.replace(**overrides)


def test_buster_limits_are_validated() -> None:
    with pytest.raises(RulesError, match=r"^buster_min: Buster limits 3000-2500 are not valid$"):
        NO_BUST_21.replace(buster_min=3_000)


def test_rules_round_trip_through_json() -> None:
    for rules in GAMES.values():
        data = rules_to_json(rules)
        data.pop("game")
        assert rules_for(rules.game).replace(**data) == rules
        assert BLACKJACK.replace(**data) == Rules(
            game="blackjack", **{name: getattr(rules, name) for name in data}
        )


@pytest.mark.parametrize(
    ("game", "lines"),
    [
        (
            "blackjack",
            [
                "pays 3:2",
                "hits soft 17",
                "No surrender.",
                "pays 2:1 if the dealer has blackjack",
                "Eight 52-card decks",
            ],
        ),
        (
            "face_up_21",
            [
                "Both of the dealer's cards are dealt face up.",
                "pays 1:1",
                "A player natural wins even against a dealer natural.",
                "The dealer wins all ties.",
                "on a hard 9, 10, 11 only",
                "No insurance.",
            ],
        ),
        (
            "pontoon",
            [
                "Both of the dealer's cards are dealt face down.",
                "A pontoon (",
                "pays 2:1",
                "five-card trick",
                "must hit below 15",
                "equal rank (K-K, not K-Q)",
                "a soft 21 of three or more cards may go on: hit or double",
            ],
        ),
        (
            "caribbean_21",
            [
                "Aces count 1 only",
                "no hole card",
                "up to 7 times",
                "any two cards, up to two hands",
                "pays 9:1",
                "A Caribbean 21 (an ace and two ten-value cards)",
            ],
        ),
        (
            "super_21",
            [
                "Six 52-card decks",
                "both cards diamonds pays 2:1",
                "six cards without busting win at once",
                "five or more cards totalling 21 pay 2:1",
            ],
        ),
        (
            "match_play_21",
            [
                "Eight 48-card decks (the four 10s of each deck removed",
                "three suited 7s while the dealer's up card is a 7: 40:1",
                "A player 21 always wins.",
                "may stand or surrender (the rescue)",
            ],
        ),
        (
            "no_bust_21",
            [
                "pays 6:5",
                "always plays out",
                "totalling 23, 24, 25 pushes",
                "Buster side bet ($1.00 to $25.00)",
                "3 cards 1:1",
                "8+ cards 200:1",
                "totalling 12 or more, without an ace, not after a split",
            ],
        ),
    ],
)
def test_rules_text_is_generated_from_the_rules_object(game: str, lines: list[str]) -> None:
    text = describe(rules_for(game))
    assert text.startswith(rules_for(game).name + "\n")
    for line in lines:
        assert line in text


def test_rules_text_follows_a_custom_table() -> None:
    text = describe(BLACKJACK.replace(dealer_hits_soft_17=False, surrender=True, decks=2))
    assert "stands on soft 17" in text and "hits soft 17" not in text
    assert "Two 52-card decks" in text
    assert "SURRENDER any time before standing" in text
    assert "A hand that reaches 21 stands." in text
    assert "A hand that reaches 21 stands." not in describe(rules_for("pontoon"))


@pytest.mark.parametrize("soft_17", [True, False])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_dealer_on_17_is_worded_once(game: str, soft_17: bool) -> None:
    # The rules page and the lobby's tagline say the dealer's rule at 17 in the same words.
    rules = rules_for(game).replace(dealer_hits_soft_17=soft_17)
    assert f"The dealer hits 16 or less{',' if rules.aces_eleven else ' and'} " + dealer_on_17(
        rules
    ) in describe(rules)


def test_rules_command_prints_the_rules_of_a_game() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.engine.rules", "super_21"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == describe(rules_for("super_21"))
    assert done.stderr == ""


def test_rules_command_refuses_an_unknown_game() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.engine.rules", "poker"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().startswith("unknown game 'poker'")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("game", "offered"),
    [
        ("blackjack", "deal hit stand double split insure no_insurance"),
        ("face_up_21", "deal hit stand double split"),
        ("pontoon", "deal hit stand double split"),
        ("caribbean_21", "deal hit stand double split surrender insure"),
        ("super_21", "deal hit stand double split surrender insure no_insurance"),
        ("match_play_21", "deal hit stand double split surrender insure no_insurance"),
        ("no_bust_21", "deal hit stand double split surrender"),
    ],
)
def test_each_game_offers_only_its_buttons(game: str, offered: str) -> None:
    assert {action.value for action in offered_actions(rules_for(game))} == set(offered.split())


@pytest.mark.parametrize(
    ("game", "payout_line", "rules_line"),
    [
        ("blackjack", "BLACKJACK PAYS 3 TO 2", "Dealer must hit soft 17 · Insurance pays 2 to 1"),
        (
            "pontoon",
            "PONTOON PAYS 2 TO 1 · FIVE-CARD TRICK PAYS 2 TO 1",
            "Dealer must hit soft 17 · Dealer wins ties",
        ),
        ("no_bust_21", "BLACKJACK PAYS 6 TO 5 · THREE-CARD 23-25 PUSH", "Dealer must hit soft 17"),
        (
            "caribbean_21",
            "CARIBBEAN 21 PAYS 3 TO 2",
            "Aces count one · Dealer stands on 17 · Dealer wins ties · Insurance pays 9 to 1",
        ),
    ],
)
def test_felt_lines_are_printed_from_the_rules(
    game: str, payout_line: str, rules_line: str
) -> None:
    assert felt_lines(rules_for(game)) == (payout_line, rules_line)


def test_felt_lines_follow_a_custom_table() -> None:
    payout, small = felt_lines(BLACKJACK.replace(natural_pays="6:5", dealer_hits_soft_17=False))
    assert payout == "BLACKJACK PAYS 6 TO 5"
    assert small.startswith("Dealer stands on all 17s")


@pytest.mark.parametrize(
    ("game", "tagline_text"),
    [
        ("blackjack", "The classic game: blackjack pays 3:2, insurance 2:1, dealer hits soft 17"),
        ("pontoon", "Both dealer cards face down; pontoons and five-card tricks pay 2:1; "),
        ("caribbean_21", "Aces count one; an ace and two tens, a Caribbean 21, pays 3:2; "),
        ("super_21", "Your blackjack always wins; a diamond blackjack pays 2:1"),
        ("match_play_21", "The 10s are out; your 21 always wins; bonus 21s pay up to 40:1"),
        ("no_bust_21", "23 to 25 in three cards can push; a Buster side bet on the dealer's bust"),
    ],
)
def test_lobby_taglines_are_generated_from_the_rules(game: str, tagline_text: str) -> None:
    assert tagline(GAMES[game]).startswith(tagline_text)


def test_lobby_tagline_follows_a_custom_table() -> None:
    assert tagline(BLACKJACK.replace(dealer_hits_soft_17=False, natural_pays="6:5")) == (
        "The classic game: blackjack pays 6:5, insurance 2:1, dealer stands on soft 17"
    )
    assert "tricks pay 3:1" in tagline(rules_for("pontoon").replace(five_card_trick_pays="3:1"))


def test_bonus_table_is_printed_from_the_rules_object() -> None:
    # The rules page, the felt and the settlement read one table (rules/pay_tables.py).
    text = describe(rules_for("match_play_21"))
    for bonus in rules_for("match_play_21").bonus_pays:
        assert bonus.label in text
    assert "UP TO 40 TO 1" in felt_lines(rules_for("match_play_21"))[0]
    assert rules_for("blackjack").bonus_pays == ()
    assert "Bonus 21s" not in describe(BLACKJACK)


def test_the_rules_page_says_what_the_hints_values_take_into_account() -> None:
    shuffled = describe(BLACKJACK)
    assert "\nThe hint\n" in shuffled
    assert "every card you draw leaves it before the dealer draws" in shuffled
    assert (
        "A split is valued exactly for each hand played best on the cards it has seen" in shuffled
    )
    assert "since the shuffle" not in shuffled and "Hi-Lo index" not in shuffled
    shoe = describe(BLACKJACK.replace(penetration=0.75))
    assert "every card dealt since the shuffle" in shoe
    assert "count computed for this table's decks and dealer rule" in shoe
    assert "insure later" not in shuffled
    assert "every move counts the chance to insure later" in describe(rules_for("caribbean_21"))
