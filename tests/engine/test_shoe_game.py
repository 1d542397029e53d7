"""Shoe games: a table dealt from one shuffle to a cut card, a burn card after each shuffle.

docs/decisions.md, "Shoe games"; docs/replay-format.md (`first`). The cards below are those
of one deck shuffled from seed 2026, cut at half the shoe (after 26 cards).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from casino_gui.engine import Bet, HandRecord, RecordError, actions_of, describe
from casino_gui.engine.games import rules_for
from casino_gui.engine.round import Action, Move, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.rules.bounds import OptionError
from casino_gui.engine.shoe import Shoe
from casino_gui.game_ids import GAME_IDS

PROJECT = Path(__file__).resolve().parents[2]
RULES = rules_for("blackjack").replace(decks=1, penetration=0.5)
# Seed 2026's shuffle of one deck, in dealing order.
SHUFFLE_2026 = (
    "8S 8H 7D JC 3C 7S 2H KD AC TD AD JD 4C 6D QD 3D 3H AS 6S KC 6H 9C 4S 7C 9D 5D "
    "9H 5C KH JS 8C KS 9S QS 6C QC 3S 5H 8D 2S 7H 2C 5S TS TC 4H AH TH QH 2D JH 4D"
)


def draw(shoe: Shoe, count: int) -> list[str]:
    return [str(shoe.draw()) for _ in range(count)]


def play_standing(rules: Rules, shoe: Shoe) -> Round:
    """One $10 bet on spot 1, no insurance, every hand stands: four cards and the dealer's."""
    table = Round(rules, shoe, 100_000).place((Bet(1, 1000),))
    table.deal()
    while table.phase is not Phase.SETTLED:
        legal = table.legal_actions()
        table.apply(Move(Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.STAND))
    return table


def test_the_same_seed_and_position_give_the_same_cards() -> None:
    assert " ".join(draw(Shoe.shuffled(RULES, 2026), 52)) == SHUFFLE_2026
    opened = Shoe.shuffled(RULES, 2026, first=25)
    assert (opened.first, opened.dealt, opened.remaining, opened.cut) == (25, 25, 27, 26)
    assert draw(opened, 4) == ["5D", "9H", "5C", "KH"]


def test_a_new_shuffle_burns_its_first_card() -> None:
    shoe = Shoe.next_for(RULES, seed=2026)
    assert (shoe.seed, shoe.first, shoe.dealt, shoe.fresh) == (2026, 1, 1, True)
    table = play_standing(RULES, shoe)
    # 8S is burnt: the player gets 8H and JC, the dealer 7D up and 3C in the hole, then 7S.
    assert [str(card) for card in table.dealer] == ["7D", "3C", "7S"]
    assert [str(card) for card in table.hands[0].cards] == ["8H", "JC"]
    assert (shoe.dealt, shoe.cut_out) == (6, False)


def test_the_round_that_reaches_the_cut_card_finishes_and_the_next_one_shuffles() -> None:
    last, firsts = None, []
    for _ in range(5):
        shoe = Shoe.next_for(RULES, last, seed=2026)
        play_standing(RULES, shoe)
        firsts.append(shoe.first)
        last = (shoe.seed, shoe.dealt)
    assert firsts == [1, 6, 10, 15, 20]
    # The sixth round opens before the cut card (26) and is finished past it from the same shoe.
    crossing = Shoe.next_for(RULES, last, seed=9)
    assert (crossing.seed, crossing.first, crossing.fresh) == (2026, 25, False)
    table = play_standing(RULES, crossing)
    assert [str(card) for card in table.hands[0].cards] == ["5D", "5C"]
    assert [str(card) for card in table.dealer] == ["9H", "KH"]
    assert (crossing.dealt, crossing.cut_out) == (29, True)
    # The next round is a new shuffle (seed 2027's), its first card burnt.
    after = Shoe.next_for(RULES, (crossing.seed, crossing.dealt), seed=2027)
    assert (after.seed, after.first, after.fresh) == (2027, 1, True)
    assert draw(after, 3) == ["4D", "6S", "AS"]  # 7S burnt


def test_a_round_that_outlasts_the_shoe_goes_on_from_the_shuffled_discards() -> None:
    shoe = Shoe.shuffled(RULES, 2026, first=50)
    assert draw(shoe, 2) == ["JH", "4D"]
    more = draw(shoe, 2)
    assert more == ["6H", "4S"]  # two of the fifty cards in the tray
    assert (shoe.dealt, shoe.remaining, shoe.cut_out) == (54, 48, True)
    assert draw(Shoe.shuffled(RULES, 2026, first=50), 4) == ["JH", "4D", *more]


def test_the_cards_seen_before_a_round_are_the_trays_burn_card_left_out() -> None:
    opened = Shoe.shuffled(RULES, 2026, first=6)
    assert [str(card) for card in opened.seen_before] == ["8H", "7D", "JC", "3C", "7S"]
    assert Shoe.next_for(RULES, seed=2026).seen_before == ()  # the burn card alone: unseen
    deep = Shoe.shuffled(RULES, 2026, first=50)
    assert len(deep.seen_before) == 49
    draw(deep, 3)  # the third card comes from the discards shuffled back in: nothing is seen
    assert deep.seen_before == ()
    assert Shoe.shuffled(rules_for("blackjack"), 2026).seen_before == ()


def test_without_penetration_every_round_is_a_new_shuffle() -> None:
    rules = rules_for("blackjack")
    shoe = Shoe.next_for(rules, (2026, 10), seed=7)
    assert (shoe.seed, shoe.first, shoe.cut, shoe.fresh, shoe.cut_out) == (7, 0, None, False, False)


@pytest.mark.parametrize("value", [0.49, 0.91, 1, 0, -0.5, "0.75", True, float("nan")])
def test_penetration_outside_half_to_nine_tenths_is_refused(value: object) -> None:
    with pytest.raises(OptionError, match=r"^Penetration must be from 0\.5 to 0\.9 ") as error:
        rules_for("pontoon").replace(penetration=value)
    assert error.value.option == "penetration"


@pytest.mark.parametrize("value", [0.5, 0.75, 0.9, None])
def test_penetration_within_bounds_is_taken_by_any_game(value: float | None) -> None:
    for game in GAME_IDS:
        assert rules_for(game).penetration is None  # the seven games shuffle every round
        assert rules_for(game).replace(penetration=value).penetration == value


def test_a_record_refuses_a_bad_penetration_or_first() -> None:
    base = {"game": "blackjack", "bankroll": 100_000, "bets": [{"spot": 1, "amount": 1000}]}
    with pytest.raises(RecordError, match=r"^rules: Penetration must be from 0\.5 to 0\.9"):
        HandRecord.from_json({**base, "seed": 1, "rules": {"penetration": 0.95}})
    with pytest.raises(
        RecordError, match=r"^first: 416 is not a position in the shoe \(0 to 415\)"
    ):
        HandRecord.from_json({**base, "seed": 1, "first": 416})
    with pytest.raises(RecordError, match=r"^first: a position in a shuffled shoe"):
        HandRecord.from_json({**base, "shoe": ["9S", "AH", "TH", "7C"], "first": 1})


def test_a_shoe_games_rounds_replay_from_their_seed_and_first_card(tmp_path: Path) -> None:
    last, opened = None, []
    for number in range(1, 8):
        shoe = Shoe.next_for(RULES, last, seed=2026 + number)
        table = play_standing(RULES, shoe)
        last = (shoe.seed, shoe.dealt)
        record = HandRecord(
            "blackjack",
            100_000,
            (Bet(1, 1000),),
            tuple(actions_of(table)),
            seed=shoe.seed,
            overrides={"decks": 1, "penetration": 0.5},
            first=shoe.first,
        )
        data = record.to_json()
        opened.append((data["seed"], data["first"]))
        assert (data["seed"], data["first"]) == (shoe.seed, shoe.first)
        again = HandRecord.from_json(json.loads(json.dumps(data))).replay()[0]
        assert [str(c) for c in again.dealer] == [str(c) for c in table.dealer]
        assert again.bankroll == table.bankroll
    # Seed 2027's shuffle is cut out in the fifth round; the sixth shuffles (seed 2032's).
    assert opened == [
        (2027, 1),
        (2027, 6),
        (2027, 12),
        (2027, 17),
        (2027, 23),
        (2032, 1),
        (2032, 7),
    ]
    # And the command replays the crossing round (seed 2026, from card 25) as the table dealt it.
    path = tmp_path / "round.json"
    path.write_text(
        json.dumps(
            {
                "game": "blackjack",
                "bankroll": 100_000,
                "seed": 2026,
                "first": 25,
                "bets": [{"spot": 1, "amount": 1000}],
                "actions": ["stand"],
                "rules": {"decks": 1, "penetration": 0.5},
            }
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "casino_gui.engine.replay", str(path)],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["dealer"]["cards"] == ["9H", "KH"]
    assert result["hands"][0]["cards"] == ["5D", "5C"]
    assert result["hands"][0]["outcome"] == "lose"


def test_a_record_without_first_is_dealt_from_the_top_as_before() -> None:
    data = {
        "game": "blackjack",
        "bankroll": 100_000,
        "seed": 2026,
        "bets": [{"spot": 1, "amount": 1000}],
        "actions": ["stand"],
        "rules": {"decks": 1},
    }
    record = HandRecord.from_json(data)
    assert record.first is None
    assert record.to_json() == data
    table, _ = record.replay()
    assert [str(c) for c in table.hands[0].cards] == ["8S", "7D"]


def test_the_rules_page_says_when_a_shoe_game_shuffles() -> None:
    six = rules_for("blackjack").replace(decks=6, penetration=0.75)
    shoe = describe(six).split("\n\nCard values")[0]
    assert "Six 52-card decks, dealt from a shoe: a cut card at 75% (234 of its 312 cards)" in shoe
    assert "the first card is burnt" in shoe
    assert "shuffled before every round" in describe(rules_for("blackjack"))
