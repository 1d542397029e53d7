"""The custom table's options, each within the range real casinos play it (docs/decisions.md).

Every `Rules` object is checked against these bounds (`check_bounds`, from the rules'
validation), so the custom-table dialog, the replay command and `--rules` refuse the same
tables with the same words. A refusal names the option as the dialog labels it, gives
amounts in dollars and says what is accepted:

>>> from casino_gui.engine.rules import Rules
>>> Rules().replace(natural_pays="1000:1")
Traceback (most recent call last):
...
casino_gui.engine.rules.bounds.OptionError: Blackjack pays must be between 1:1 and 2:1, written like 3:2
>>> Rules().replace(min_bet=60_000, max_bet=50_000)
Traceback (most recent call last):
...
casino_gui.engine.rules.bounds.OptionError: Minimum bet ($600.00) must not be over the maximum bet ($500.00)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from casino_gui.engine.errors import RulesError
from casino_gui.engine.money import dollars

if TYPE_CHECKING:
    from casino_gui.engine.rules import Rules

# The ranges (docs/decisions.md, "Custom table"). Amounts are cents.
DECKS = (1, 8)  # single deck to the eight-deck shoe
NATURAL_PAYS = ((1, 1), (2, 1))  # even money (Super 21) to 2:1 (Pontoon); 6:5, 7:5, 3:2 between
NATURAL_TERMS = 10  # the numbers of a payout as casinos print them: 3:2, 6:5, 7:5, 8:5
DOUBLES_PER_HAND = (0, 7)  # none to Caribbean 21's seven
DOUBLE_MIN_CARDS = (2, 4)
DOUBLE_MAX_CARDS = (2, 5)  # or any number of cards (None)
SPLIT_MAX_HANDS = (1, 4)  # no splitting to four hands
CIRCLES = (1, 5)  # the felt has five
MIN_BET = (100, 50_000)  # one chip: $1 to $500
MAX_BET = (100, 500_000)  # up to ten $500 chips
PENETRATION = (0.5, 0.9)  # a cut card from half the shoe to nine tenths (or none)

# The payouts the custom table's dialog offers (any other within NATURAL_PAYS may be typed).
NATURAL_PAY_CHOICES = ("3:2", "6:5", "7:5", "1:1", "2:1")

# The dialog's label of each option; the payout's follows the table's name for a natural.
LABELS = {
    "decks": "Decks",
    "penetration": "Penetration",
    "dealer_hits_soft_17": "Dealer hits soft 17",
    "natural_pays": "Blackjack pays",
    "surrender": "Surrender allowed",
    "doubles_per_hand": "Doubles per hand",
    "double_min_cards": "Double on hands of",
    "double_max_cards": "Double up to",
    "double_after_split": "Double after a split",
    "split_max_hands": "Split up to",
    "resplit_aces": "Re-split aces",
    "circles": "Betting circles",
    "min_bet": "Minimum bet",
    "max_bet": "Maximum bet",
}


class OptionError(RulesError):
    """A custom-table option out of its range or unreadable; `option` is the `Rules` field."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def label(option: str, natural_name: str = "blackjack") -> str:
    """The option as the custom-table dialog labels it.

    >>> label("natural_pays", "pontoon"), label("split_max_hands")
    ('Pontoon pays', 'Split up to')
    """
    if option == "natural_pays":
        return f"{natural_name.capitalize()} pays"
    return LABELS[option]


def _whole_dollars(low: int, high: int) -> str:
    return f"whole dollars from {dollars(low)} to {dollars(high)}"


def accepted(option: str, natural_name: str = "blackjack") -> str:
    """What the option accepts, in a sentence that names it."""
    name = label(option, natural_name)
    ranges = {
        "decks": f"from {DECKS[0]} to {DECKS[1]}, written like 6",
        "natural_pays": "between 1:1 and 2:1, written like 3:2",
        "doubles_per_hand": (
            f"from {DOUBLES_PER_HAND[0]} (none) to {DOUBLES_PER_HAND[1]}, written like 1"
        ),
        "double_min_cards": (
            f"from {DOUBLE_MIN_CARDS[0]} to {DOUBLE_MIN_CARDS[1]} cards, written like 2"
        ),
        "double_max_cards": (
            f"from {DOUBLE_MAX_CARDS[0]} to {DOUBLE_MAX_CARDS[1]} cards or any number (null), "
            "written like 2"
        ),
        "split_max_hands": (
            f"from {SPLIT_MAX_HANDS[0]} (no splits) to {SPLIT_MAX_HANDS[1]} hands, written like 3"
        ),
        "circles": f"from {CIRCLES[0]} to {CIRCLES[1]}, written like 3",
        "penetration": (
            f"from {PENETRATION[0]} to {PENETRATION[1]} (the share of the shoe dealt before "
            "the cut card), written like 0.75, or none (null) for a shuffle before every round"
        ),
        "min_bet": _whole_dollars(*MIN_BET),
        "max_bet": _whole_dollars(*MAX_BET),
    }
    return f"{name} must be {ranges.get(option, 'true or false')}"


def unreadable(option: str, value: Any, natural_name: str = "blackjack") -> RulesError:
    """The refusal of a value that is not of the option's kind (a JSON override)."""
    if option not in LABELS:
        return RulesError(f"{option}: {value!r} is not a valid value")
    if option in ("min_bet", "max_bet"):
        return OptionError(option, f"{accepted(option)}, given in cents like 2500")
    return OptionError(option, accepted(option, natural_name))


def check_bounds(rules: Rules) -> None:
    """Raise `OptionError` for the first option of the custom table outside its range."""

    def within(option: str, value: int, bounds: tuple[int, int]) -> None:
        if not bounds[0] <= value <= bounds[1]:
            raise OptionError(option, accepted(option))

    within("decks", rules.decks, DECKS)
    penetration = rules.penetration
    # `not low <= p <= high` refuses NaN too.
    if penetration is not None and not PENETRATION[0] <= penetration <= PENETRATION[1]:
        raise OptionError("penetration", accepted("penetration"))
    pays = rules.natural_pays
    (low_num, low_den), (high_num, high_den) = NATURAL_PAYS
    in_range = (
        low_num * pays.den <= pays.num * low_den and pays.num * high_den <= high_num * pays.den
    )
    if not in_range or max(pays.num, pays.den) > NATURAL_TERMS:
        raise OptionError("natural_pays", accepted("natural_pays", rules.natural_name))
    within("doubles_per_hand", rules.doubles_per_hand, DOUBLES_PER_HAND)
    within("double_min_cards", rules.double_min_cards, DOUBLE_MIN_CARDS)
    if rules.double_max_cards is not None:
        within("double_max_cards", rules.double_max_cards, DOUBLE_MAX_CARDS)
        if rules.double_max_cards < rules.double_min_cards:
            raise OptionError(
                "double_max_cards",
                f"Double up to ({rules.double_max_cards} cards) must not be below "
                f"Double on hands of ({rules.double_min_cards} cards)",
            )
    within("split_max_hands", rules.split_max_hands, SPLIT_MAX_HANDS)
    within("circles", rules.circles, CIRCLES)
    # Limits the wrong way round first: that is what the player has to fix.
    if rules.min_bet > rules.max_bet:
        raise OptionError(
            "min_bet",
            f"Minimum bet ({dollars(rules.min_bet)}) must not be over the maximum bet "
            f"({dollars(rules.max_bet)})",
        )
    for option, amount, bounds in (
        ("min_bet", rules.min_bet, MIN_BET),
        ("max_bet", rules.max_bet, MAX_BET),
    ):
        # Bets are made of chips, the smallest a dollar: a limit in cents could not be met.
        if not bounds[0] <= amount <= bounds[1] or amount % 100:
            raise OptionError(option, f"{accepted(option)} (not {dollars(amount)})")
