"""One frozen `Rules` object holds every rule of a table; the seven games are presets of it.

The round asks the rules object, never the game's name. Every field below is a rule of
docs/rules.md that some game or the custom table sets; the defaults are Standard BlackJack.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from casino_gui.engine.errors import RulesError
from casino_gui.engine.rules.bounds import check_bounds, unreadable
from casino_gui.game_ids import GAME_IDS

if TYPE_CHECKING:
    from casino_gui.engine.rules.pay_tables import Bonus


@dataclass(frozen=True, slots=True)
class Odds:
    """A payout ratio such as 3:2: the winnings on a stake, the stake itself coming back too."""

    num: int
    den: int = 1

    def __post_init__(self) -> None:
        if self.num < 0 or self.den <= 0:
            raise RulesError(f"payout {self.num}:{self.den} is not a valid ratio")

    @classmethod
    def parse(cls, text: str) -> Odds:
        """`Odds.parse("3:2")`; a fraction of a cent is rounded down (docs/rules.md, "Money")."""
        try:
            num, den = (int(part) for part in str(text).split(":"))
        except ValueError:
            raise RulesError(f"payout {text!r} is not a ratio like '3:2'") from None
        return cls(num, den)

    def winnings(self, stake: int) -> int:
        """Winnings in cents, rounded down to the cent: the house keeps the fraction.

        >>> Odds(3, 2).winnings(500), Odds(6, 5).winnings(500), Odds(3, 2).winnings(101)
        (750, 600, 151)
        """
        return stake * self.num // self.den

    def __str__(self) -> str:
        return f"{self.num}:{self.den}"


class DealerCards(Enum):
    """How the dealer's starting cards lie on the table."""

    UP_AND_HOLE = "up_and_hole"  # one up, one face down
    BOTH_UP = "both_up"  # Face Up 21
    BOTH_DOWN = "both_down"  # Pontoon
    UP_ONLY = "up_only"  # Caribbean 21: one card, no hole card


class Peek(Enum):
    """When the dealer checks his first two cards for a natural before the players act."""

    NEVER = "never"
    ACE_OR_TEN = "ace_or_ten"  # the up card is an ace or a ten-value card
    ALWAYS = "always"  # both cards visible (Face Up 21) or a pontoon check (Pontoon)


class MoveWords(Enum):
    """What the table calls its moves: hit, stand and double, or Pontoon's twist, stick and
    buy (the words of its published rules)."""

    BLACKJACK = "blackjack"
    PONTOON = "pontoon"


class Tie(Enum):
    """Who takes a tie."""

    PUSH = "push"
    DEALER_WINS = "dealer_wins"
    PLAYER_WINS = "player_wins"


class Insurance(Enum):
    NONE = "none"
    STANDARD = "standard"  # half the bet, asked before any decision when the up card is an ace
    LATE = "late"  # Caribbean 21: any amount up to half the stake, any time in the spot's turn


class AfterDouble(Enum):
    ONE_CARD = "one_card"  # the hand gets one card and stands (or may surrender, see rules)
    PLAY_ON = "play_on"  # Pontoon, Caribbean 21: one card, then play goes on


class SplitMatch(Enum):
    VALUE = "value"  # K-Q may be split
    RANK = "rank"  # Pontoon: K-K yes, K-Q no
    ANY = "any"  # Caribbean 21: any two cards


class BonusTable(Enum):
    NONE = "none"
    MATCH_PLAY = "match_play"


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule of one table. Amounts are integer cents."""

    game: str = "blackjack"
    name: str = "Standard BlackJack"

    # The shoe.
    decks: int = 8
    removed_ranks: frozenset[str] = frozenset()  # Match Play 21 removes the tens ("T")
    # None: a shuffle before every round (the seven games). Else a shoe game: the fraction of
    # the shoe dealt before the cut card (docs/decisions.md, "Shoe games").
    penetration: float | None = None

    # The dealer.
    dealer_cards: DealerCards = DealerCards.UP_AND_HOLE
    dealer_peek: Peek = Peek.ACE_OR_TEN
    dealer_hits_soft_17: bool = True
    dealer_stands_on_five_cards: bool = False
    dealer_always_plays_out: bool = False

    # Cards and naturals.
    aces_eleven: bool = True  # False: aces count 1 only (Caribbean 21)
    naturals: bool = True  # ace + ten-value in two cards is a natural
    natural_name: str = "blackjack"  # what the table calls it: "pontoon" in Pontoon
    move_words: MoveWords = MoveWords.BLACKJACK  # Pontoon: twist, stick, buy
    natural_pays: Odds = Odds(3, 2)
    diamond_natural_pays: Odds | None = None  # Super 21
    natural_tie: Tie = Tie.PUSH  # a player natural against a dealer natural
    natural_after_split: bool = False  # Pontoon: A+10 after a split is a pontoon
    ties: Tie = Tie.PUSH
    player_21_always_wins: bool = False  # Match Play 21

    # Doubling.
    double_min_cards: int = 2
    double_max_cards: int | None = 2  # None: any number of cards
    double_totals: frozenset[int] | None = None  # Face Up 21: {9, 10, 11}
    double_hard_only: bool = False
    doubles_per_hand: int = 1
    after_double: AfterDouble = AfterDouble.ONE_CARD
    double_after_split: bool = True
    double_for_less: bool = True

    # Splitting.
    split_match: SplitMatch = SplitMatch.VALUE
    split_max_hands: int = 3  # hands per spot; 1 means no splitting
    split_aces_one_card: bool = True
    resplit_aces: bool = False

    # Surrender: half the hand's current stake back.
    surrender: bool = False
    surrender_first_two_cards_only: bool = False
    surrender_after_split: bool = False
    surrender_after_double: bool = False  # Match Play 21's "double-down rescue"
    surrender_min_total: int = 0
    surrender_without_ace: bool = False  # No Bust 21: not with an ace among the two cards

    # Insurance.
    insurance: Insurance = Insurance.STANDARD
    insurance_pays: Odds = Odds(2, 1)

    # What the player must or may do.
    player_stand_min: int = 0  # Pontoon 15, No Bust 21 12: below it the hand must hit
    player_max_cards: int | None = None  # Pontoon: five cards
    soft_21_draws: bool = False  # Pontoon: a soft 21 of three or more cards may hit or double

    # Hand ranks and bonuses.
    five_card_trick_pays: Odds | None = None  # Pontoon
    caribbean_21_pays: Odds | None = None  # Caribbean 21, on the base stake
    five_card_21_pays: Odds | None = None  # Super 21, hands not doubled
    six_card_win: bool = False  # Super 21: six cards without busting win at once
    bonus_table: BonusTable = BonusTable.NONE
    no_bust_totals: frozenset[int] = frozenset()  # No Bust 21: 23, 24, 25 on three cards
    buster_bet: bool = False
    buster_min: int = 100
    buster_max: int = 2500

    # Face Up 21 option: a hand beaten by a final dealer hand is hit automatically.
    auto_hit_beaten_hands: bool = False

    # The table.
    min_bet: int = 100
    max_bet: int = 50_000
    circles: int = 3

    def __post_init__(self) -> None:
        _validate(self)

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some rules changed (the custom table); validated like any table."""
        return from_overrides(self, overrides)

    @property
    def splitting(self) -> bool:
        return self.split_max_hands > 1

    @property
    def bonus_pays(self) -> tuple[Bonus, ...]:
        """The bonus table for 21s, highest first (empty: no bonuses)."""
        from casino_gui.engine.rules.pay_tables import MATCH_PLAY_BONUSES

        return MATCH_PLAY_BONUSES if self.bonus_table is BonusTable.MATCH_PLAY else ()

    @property
    def buster_pays(self) -> tuple[tuple[int, Odds], ...]:
        """The Buster side bet's pays by the dealer's busted cards (empty: no Buster bet)."""
        from casino_gui.engine.rules.pay_tables import BUSTER_PAYS

        return BUSTER_PAYS if self.buster_bet else ()


def _validate(rules: Rules) -> None:
    def refuse(setting: str, why: str) -> None:
        raise RulesError(f"{setting}: {why}")

    if rules.game not in GAME_IDS:
        refuse("game", f"unknown game {rules.game!r} (games are {', '.join(GAME_IDS)})")
    # The custom table's options (decks, payout, doubling, splits, circles, limits).
    check_bounds(rules)
    if not rules.removed_ranks <= frozenset("A23456789TJQK"):
        refuse("removed_ranks", f"{sorted(rules.removed_ranks)} are not all ranks")
    if len(rules.removed_ranks) > 6:
        refuse("removed_ranks", "too few ranks would be left to deal a round")
    if rules.player_max_cards is not None and rules.player_max_cards < 2:
        refuse("player_max_cards", "a hand holds two cards at the least")
    if not 0 <= rules.player_stand_min <= 21:
        refuse("player_stand_min", f"{rules.player_stand_min} is not a total from 0 to 21")
    if rules.dealer_cards is DealerCards.UP_ONLY and rules.dealer_peek is not Peek.NEVER:
        refuse("dealer_peek", "a dealer with one card has no hole card to check")
    if rules.insurance is Insurance.LATE and rules.dealer_cards is not DealerCards.UP_ONLY:
        refuse("insurance", "late insurance is decided by the dealer's next cards: one-card dealer")
    if rules.insurance is Insurance.STANDARD and rules.dealer_cards is not DealerCards.UP_AND_HOLE:
        refuse("insurance", "insurance needs an ace up beside a hole card")
    if rules.buster_bet and not 0 < rules.buster_min <= rules.buster_max:
        refuse("buster_min", f"Buster limits {rules.buster_min}-{rules.buster_max} are not valid")


# --- Overrides from JSON (the replay format's "rules" and the custom table) ---------------

_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}
_HINTS = typing.get_type_hints(Rules)


def _convert(name: str, value: Any) -> Any:
    hint = _HINTS[name]
    options = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    if value is None and type(None) in options:
        return None
    for option in options:
        if option is type(None):
            continue
        converted = _convert_to(option, value)
        if converted is not _FAIL:
            return converted
    raise RulesError(f"{name}: {value!r} is not a valid value")


_FAIL = object()


def _convert_to(kind: Any, value: Any) -> Any:
    origin = typing.get_origin(kind)
    if kind is bool:
        return value if isinstance(value, bool) else _FAIL
    if kind is int:
        return value if isinstance(value, int) and not isinstance(value, bool) else _FAIL
    if kind is float:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return float(value) if number else _FAIL
    if kind is str:
        return value if isinstance(value, str) else _FAIL
    if kind is Odds:
        if isinstance(value, Odds):
            return value
        try:
            return Odds.parse(value) if isinstance(value, str) else _FAIL
        except RulesError:
            return _FAIL
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(value.value if isinstance(value, Enum) else value)
        except ValueError:
            return _FAIL
    if origin is frozenset and isinstance(value, list | tuple | set | frozenset):
        (item_kind,) = typing.get_args(kind)
        items = [_convert_to(item_kind, item) for item in value]
        return _FAIL if _FAIL in items else frozenset(items)
    return _FAIL


def from_overrides(base: Rules, overrides: dict[str, Any]) -> Rules:
    """`base` with `overrides` (JSON values: "3:2", enum values, lists) applied and checked."""
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        if name not in _FIELDS or name == "game":
            raise RulesError(f"unknown rule {name!r}")
        try:
            changes[name] = _convert(name, value)
        except RulesError:
            raise unreadable(name, value, base.natural_name) from None
    return dataclasses.replace(base, **changes)


def rule_value_to_json(value: Any) -> Any:
    """A rule's value as JSON: the inverse of the conversion `from_overrides` makes."""
    if isinstance(value, Odds):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(value)
    return value


def rules_to_json(rules: Rules) -> dict[str, Any]:
    return {name: rule_value_to_json(getattr(rules, name)) for name in _FIELDS}
