"""The seven games as presets of one `Rules` object (docs/rules.md, "The games")."""

from __future__ import annotations

from casino_gui.engine.errors import RulesError
from casino_gui.engine.rules import (
    AfterDouble,
    BonusTable,
    DealerCards,
    Insurance,
    MoveWords,
    Odds,
    Peek,
    Rules,
    SplitMatch,
    Tie,
)

BLACKJACK = Rules()

FACE_UP_21 = Rules(
    game="face_up_21",
    name="Face Up 21",
    dealer_cards=DealerCards.BOTH_UP,
    dealer_peek=Peek.ALWAYS,
    natural_pays=Odds(1, 1),
    natural_tie=Tie.PLAYER_WINS,
    ties=Tie.DEALER_WINS,
    double_totals=frozenset({9, 10, 11}),
    double_hard_only=True,
    insurance=Insurance.NONE,
)

PONTOON = Rules(
    game="pontoon",
    name="Pontoon",
    dealer_cards=DealerCards.BOTH_DOWN,
    dealer_peek=Peek.ALWAYS,
    dealer_stands_on_five_cards=True,
    natural_name="pontoon",
    move_words=MoveWords.PONTOON,
    natural_pays=Odds(2, 1),
    natural_tie=Tie.DEALER_WINS,
    natural_after_split=True,
    ties=Tie.DEALER_WINS,
    double_max_cards=4,
    after_double=AfterDouble.PLAY_ON,
    split_match=SplitMatch.RANK,
    split_aces_one_card=False,
    resplit_aces=True,
    insurance=Insurance.NONE,
    player_stand_min=15,
    player_max_cards=5,
    soft_21_draws=True,
    five_card_trick_pays=Odds(2, 1),
)

CARIBBEAN_21 = Rules(
    game="caribbean_21",
    name="Caribbean 21",
    dealer_cards=DealerCards.UP_ONLY,
    dealer_peek=Peek.NEVER,
    aces_eleven=False,
    naturals=False,
    ties=Tie.DEALER_WINS,
    double_max_cards=None,
    doubles_per_hand=7,
    after_double=AfterDouble.PLAY_ON,
    split_match=SplitMatch.ANY,
    split_max_hands=2,
    split_aces_one_card=False,
    resplit_aces=False,
    surrender=True,
    surrender_after_split=True,
    surrender_after_double=True,
    insurance=Insurance.LATE,
    insurance_pays=Odds(9, 1),
    caribbean_21_pays=Odds(3, 2),
)

SUPER_21 = Rules(
    game="super_21",
    name="Super 21",
    decks=6,
    natural_pays=Odds(1, 1),
    diamond_natural_pays=Odds(2, 1),
    natural_tie=Tie.PLAYER_WINS,
    double_max_cards=None,
    surrender=True,
    surrender_after_split=True,
    five_card_21_pays=Odds(2, 1),
    six_card_win=True,
)

MATCH_PLAY_21 = Rules(
    game="match_play_21",
    name="Match Play 21",
    removed_ranks=frozenset({"T"}),
    natural_tie=Tie.PLAYER_WINS,
    player_21_always_wins=True,
    double_max_cards=None,
    surrender=True,
    surrender_after_split=True,
    surrender_after_double=True,
    bonus_table=BonusTable.MATCH_PLAY,
)

NO_BUST_21 = Rules(
    game="no_bust_21",
    name="No Bust 21st Century Blackjack",
    decks=6,
    natural_pays=Odds(6, 5),
    dealer_always_plays_out=True,
    split_max_hands=4,
    surrender=True,
    surrender_first_two_cards_only=True,
    surrender_min_total=12,
    surrender_without_ace=True,
    insurance=Insurance.NONE,
    player_stand_min=12,
    no_bust_totals=frozenset({23, 24, 25}),
    buster_bet=True,
)

GAMES: dict[str, Rules] = {
    rules.game: rules
    for rules in (
        BLACKJACK,
        FACE_UP_21,
        PONTOON,
        CARIBBEAN_21,
        SUPER_21,
        MATCH_PLAY_21,
        NO_BUST_21,
    )
}


def rules_for(game: str) -> Rules:
    """The preset of a game id, or a `RulesError` that lists the ids."""
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise RulesError(f"unknown game {game!r} (games are {', '.join(GAMES)})") from None
