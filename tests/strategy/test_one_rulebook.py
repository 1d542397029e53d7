"""Every rule is written once (docs/architecture.md, "The engine"): the round and the advisor both
ask the rulebook, so a
rule changed in one place changes the game and the advice together.

Each case changes one rule of a table (a stub rule set) and deals the same stacked cards to
both tables: the engine's legal actions and the advisor's options differ between the two
tables, and agree with each other on each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_gui.engine.games import BLACKJACK, MATCH_PLAY_21
from casino_gui.engine.round import Action, Phase, Round
from casino_gui.engine.rules import Rules
from casino_gui.engine.shoe import Shoe
from casino_gui.engine.strategy import Decision, action_values
from casino_gui.engine.strategy.advice import situation_of

HIT, STAND, DOUBLE, SPLIT, SURRENDER = (
    Action.HIT,
    Action.STAND,
    Action.DOUBLE,
    Action.SPLIT,
    Action.SURRENDER,
)
PACKAGE = Path(__file__).resolve().parents[2] / "casino_gui"


def played(rules: Rules, cards: str, hits: int) -> Round:
    """$10 on spot 1 over a stacked shoe, the hand hit `hits` times."""
    table = Round(rules, Shoe.stacked(rules, cards), bankroll=100_000)
    table.bet(1, 1_000)
    table.deal()
    for _ in range(hits):
        table.hit()
    return table


def engine_options(table: Round) -> frozenset[Action]:
    """What the engine offers the hand: nothing once it has stood by itself."""
    if table.phase is Phase.SETTLED:
        return frozenset()
    return table.legal_actions()


def advisor_options(table: Round) -> frozenset[Action]:
    """What the advisor values for the same hand (seen with the dealer's up card only, as
    the player saw it): nothing where it says the hand moves by itself."""
    hand = table.hands[0]
    decision = Decision(
        table.rules,
        tuple(hand.cards),
        tuple(table.dealer[:1]),
        stake=hand.stake / hand.bet,
        doubles=hand.doubles,
    )
    if situation_of(decision).settled(decision.state) is not None:
        return frozenset()
    return frozenset(action_values(decision))


CASES = [
    # Doubling on any number of cards: a three-card 10 (5-3-2) against a 6.
    pytest.param(BLACKJACK, {"double_max_cards": None}, "5S 6H 3C 9D 2H", 1, DOUBLE, id="double"),
    # Surrender: a hard 16 against a ten.
    pytest.param(BLACKJACK, {"surrender": True}, "TS 9H 6C 7D", 0, SURRENDER, id="surrender"),
    # Standing only on 15 or more: a hard 12 against a 6.
    pytest.param(BLACKJACK, {"player_stand_min": 15}, "TS 6H 2C 9D", 0, STAND, id="stand"),
    # Splitting equal ranks only: K-Q.
    pytest.param(BLACKJACK, {"split_match": "rank"}, "KS 6H QC 9D", 0, SPLIT, id="split"),
    # A soft 21 of three cards may go on (Pontoon's rule on a blackjack table).
    pytest.param(BLACKJACK, {"soft_21_draws": True}, "AS 6H 5C 9D 5H TC", 1, HIT, id="soft-21"),
    # The double-down rescue: after a double, surrender instead of standing.
    pytest.param(
        MATCH_PLAY_21,
        {"surrender_after_double": False},
        "5S 6H 4C 9D 2H JC",
        0,
        SURRENDER,
        id="rescue",
    ),
]


@pytest.mark.parametrize(("base", "change", "cards", "hits", "action"), CASES)
def test_one_rule_changes_the_engine_and_the_advisor_together(
    base: Rules, change: dict[str, object], cards: str, hits: int, action: Action
) -> None:
    changed = base.replace(**change)
    before, after = played(base, cards, hits), played(changed, cards, hits)
    if action is SURRENDER and base is MATCH_PLAY_21:
        before.double()
        after.double()
    assert engine_options(before) == advisor_options(before)
    assert engine_options(after) == advisor_options(after)
    assert (action in engine_options(before)) != (action in engine_options(after))


# --- One implementation -------------------------------------------------------------------

# The fields that are rules of play: read in the rulebook (and the rules text), nowhere else.
RULES_OF_PLAY = (
    "dealer_hits_soft_17",
    "dealer_stands_on_five_cards",
    "dealer_peek",
    "double_max_cards",
    "double_totals",
    "double_hard_only",
    "double_after_split",
    "doubles_per_hand",
    "split_aces_one_card",
    "resplit_aces",
    "surrender_min_total",
    "surrender_first_two_cards_only",
    "surrender_after_double",
    "player_stand_min",
    "soft_21_draws",
    "natural_tie",
    "natural_after_split",
    "player_21_always_wins",
    "five_card_21_pays",
    "six_card_win",
    "no_bust_totals",
    "bonus_table",
)
# Where a rule may be read: the rules themselves, the rulebook, the rules in words (the rules
# page and the chart's title) and the custom table's dialog, which edits them.
READERS = (
    "engine/rules/",
    "engine/rulebook/",
    "engine/describe.py",
    "engine/games.py",
    "analysis/chart_text.py",
    "gui/dialogs/custom_table.py",
    # Practice names the kinds of decision a table has and says why its rules change a play:
    # the rules in words again, never a move's legality or a payout.
    "engine/practice/kinds.py",
    "engine/practice/why.py",
)
# The advisor reads a few to size its hand states (up to how many cards a rule tells hands
# apart), not to decide a move or a payout.
SIZERS = {
    "engine/strategy/hand_state.py": {
        "double_max_cards",
        "no_bust_totals",
        "five_card_21_pays",
        "six_card_win",
    },
}


def test_no_second_implementation_reads_a_rule_of_play() -> None:
    found: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith(READERS):
            continue
        text = path.read_text("utf-8")
        for name in RULES_OF_PLAY:
            if f"rules.{name}" in text and name not in SIZERS.get(where, set()):
                found.append(f"{where}: rules.{name}")
    assert found == []


def test_the_pay_tables_are_written_once() -> None:
    # Match Play 21's 40:1 and the Buster's 200:1 appear in the source only in the table.
    for needle in ("Odds(40)", "Odds(200)", "40:1", "200:1"):
        holders = [
            path.relative_to(PACKAGE).as_posix()
            for path in PACKAGE.rglob("*.py")
            if needle in path.read_text("utf-8")
        ]
        assert holders in ([], ["engine/rules/pay_tables.py"]), (needle, holders)


def test_match_play_bonus_lines_share_one_pay() -> None:
    for first in MATCH_PLAY_21.bonus_pays:
        for second in MATCH_PLAY_21.bonus_pays:
            if first.line == second.line:
                assert first.odds == second.odds
