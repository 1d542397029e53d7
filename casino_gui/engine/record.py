"""The hand record: a round's game, rules, shoe, bets and actions, which replay to its result.

The same record is what the bankroll's history stores and exports (docs/architecture.md, "The
replay format"). Every defect of a record raises a `BlackjackError` that says what and where.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from casino_gui.command_line import quoted
from casino_gui.engine.cards import Card
from casino_gui.engine.errors import BetError, BlackjackError, IllegalActionError, RulesError
from casino_gui.engine.events import Event
from casino_gui.engine.games import rules_for
from casino_gui.engine.money import dollars
from casino_gui.engine.result import RoundResult
from casino_gui.engine.round import Action, Bet, Move, Phase, Round
from casino_gui.engine.rules import Rules, from_overrides, rules_to_json
from casino_gui.engine.shoe import Shoe, shoe_cards

_FIELDS = {"game", "bankroll", "shoe", "seed", "first", "bets", "actions", "rules"}
# The largest integer the bankroll's SQLite file holds; a record's amounts stay below it, so
# a result can always be printed and stored (a 4,300-digit bankroll once won past printing).
MAX_CENTS = 2**63 - 1


class RecordError(BlackjackError):
    """A hand record that cannot be replayed."""


# The moves a record names by their text alone (besides `insure`), in the order a refusal
# lists them.
_NAMED = {
    action.value: Move(action)
    for action in (
        Action.HIT,
        Action.STAND,
        Action.DOUBLE,
        Action.SPLIT,
        Action.SURRENDER,
        Action.NO_INSURANCE,
    )
}


def parse_move(text: str) -> Move:
    """A player's answer as the replay format writes it: `hit`, `insure`, `insure:500`, ...

    >>> parse_move("hit"), parse_move("insure:500")
    (Move(action=<Action.HIT: 'hit'>, amount=None), Move(action=<Action.INSURE: 'insure'>, amount=500))
    >>> parse_move("fold")
    Traceback (most recent call last):
    ...
    casino_gui.engine.errors.IllegalActionError: unknown action 'fold' (actions are hit, stand, double, split, surrender, no_insurance, insure, insure:AMOUNT)
    """
    name, _, argument = text.partition(":")
    if name == "insure":
        # isdigit() alone takes "²", which int() refuses; Python reads at most 4,300 digits.
        if argument and not (argument.isascii() and argument.isdigit()):
            raise IllegalActionError(f"insure:{argument} is not an amount in cents")
        if len(argument) > 4300:
            raise IllegalActionError(f"insure: {len(argument):,} digits is not an amount")
        return Move(Action.INSURE, int(argument) if argument else None)
    move = _NAMED.get(name)
    if move is None or argument:
        known = ", ".join([*_NAMED, "insure", "insure:AMOUNT"])
        raise IllegalActionError(f"unknown action {text!r} (actions are {known})")
    return move


def move_text(move: Move) -> str:
    """The move as the replay format writes it (`parse_move`'s inverse).

    >>> move_text(Move(Action.SPLIT)), move_text(Move(Action.INSURE, 500))
    ('split', 'insure:500')
    """
    if move.amount is None:
        return move.action.value
    return f"{move.action.value}:{move.amount}"


def actions_of(table: Round) -> list[str]:
    """The player's answers so far, as the record writes them."""
    return [move_text(move) for move in table.moves]


def overrides_of(rules: Rules) -> dict[str, Any]:
    """The rules that differ from the game's preset, as JSON (the record's "rules")."""
    preset = rules_to_json(rules_for(rules.game))
    mine = rules_to_json(rules)
    overrides = {name: value for name, value in mine.items() if value != preset[name]}
    if from_overrides(rules_for(rules.game), overrides) != rules:
        raise RecordError(f"the rules of this {rules.game} table cannot be written down")
    return overrides


def bets_to_json(bets: tuple[Bet, ...]) -> list[dict[str, int]]:
    """The record's "bets": a Buster bet is written only where there is one."""
    return [
        {"spot": b.spot, "amount": b.amount, **({"buster": b.buster} if b.buster else {})}
        for b in bets
    ]


@dataclass(frozen=True)
class HandRecord:
    game: str
    bankroll: int
    bets: tuple[Bet, ...]
    actions: tuple[str, ...] = ()
    shoe: tuple[Card, ...] | None = None
    seed: int | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    # A shoe game's round: the position of its first card in the shuffle of `seed`, the burn
    # card and the earlier rounds' cards before it (docs/replay-format.md). None: position 0.
    first: int | None = None

    @property
    def rules(self) -> Rules:
        return from_overrides(rules_for(self.game), self.overrides)

    def new_shoe(self) -> Shoe:
        if self.shoe is not None:
            return Shoe.stacked(self.rules, self.shoe)
        return Shoe.shuffled(self.rules, self.seed, self.first or 0)

    def open_round(self) -> Round:
        """The round with its bets placed, not yet dealt."""
        table = Round(self.rules, self.new_shoe(), self.bankroll)
        for number, bet in enumerate(self.bets, start=1):
            try:
                table.bet(bet.spot, bet.amount, bet.buster)
            except BlackjackError as error:
                raise RecordError(f"bet {number}: {error}") from None
        return table

    def replay(self) -> tuple[Round, list[Event]]:
        """The round rebuilt from its bets, its shoe and its actions, and the events they
        made. It may stop anywhere (a journaled round left open waits for the player);
        `play` asks for a settled one.

        Values of the right type but absurd (a bankroll of 10**30 cents) may fail deeper
        than the engine's own checks: a record that does not replay, all the same."""
        try:
            table = self.open_round()
            events = table.deal()
        except RecordError:
            raise
        except (BlackjackError, ValueError, TypeError, ArithmeticError) as error:
            raise RecordError(f"the deal: {error}") from None
        for number, action in enumerate(self.actions, start=1):
            if table.phase is Phase.SETTLED:
                left = len(self.actions) - number + 1
                raise RecordError(
                    f"action {number} {quoted(action)}: the round is already settled "
                    f"({left} action{'s' if left > 1 else ''} left over)"
                )
            try:
                events += table.apply(parse_move(action))
            except (BlackjackError, ValueError, TypeError, ArithmeticError) as error:
                raise RecordError(f"action {number} {quoted(action)}: {error}") from None
        return table, events

    def play(self) -> RoundResult:
        """Deal and apply every action; the round must end settled with none left over."""
        table, _ = self.replay()
        if table.phase is not Phase.SETTLED:
            raise RecordError(f"actions missing: {waiting_for(table)}")
        return RoundResult.of(table)

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"game": self.game, "bankroll": self.bankroll}
        if self.shoe is not None:
            record["shoe"] = [str(card) for card in self.shoe]
        else:
            record["seed"] = self.seed
            if self.first is not None:
                record["first"] = self.first
        record["bets"] = bets_to_json(self.bets)
        record["actions"] = list(self.actions)
        record["rules"] = dict(self.overrides)
        return record

    @classmethod
    def from_json(cls, data: Any) -> HandRecord:
        if not isinstance(data, dict):
            raise RecordError("a hand record is a JSON object")
        unknown = sorted(set(data) - _FIELDS)
        if unknown:
            raise RecordError(
                f"unknown field {quoted(unknown[0])} (fields are {', '.join(sorted(_FIELDS))})"
            )
        if "game" not in data:
            raise RecordError("'game' is missing: give a game id such as 'blackjack'")
        game = data["game"]
        if not isinstance(game, str):
            raise RecordError(f"game: {quoted(game)} is not a game id such as 'blackjack'")
        try:
            rules = from_overrides(rules_for(game), _object(data.get("rules", {}), "rules"))
        except RulesError as error:
            raise RecordError(
                f"rules: {error}" if "unknown game" not in str(error) else str(error)
            ) from None
        bankroll = _cents(data.get("bankroll"), "bankroll")
        shoe = seed = None
        if ("shoe" in data) == ("seed" in data):
            raise RecordError(
                "give either 'shoe' (the cards in dealing order) or 'seed', not both or neither"
            )
        if "shoe" in data:
            shoe = tuple(_card_list(data["shoe"]))
            Shoe.stacked(rules, shoe)  # refuses cards the game's decks do not hold
        else:
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise RecordError(f"seed: {quoted(seed)} is not a non-negative integer")
        first = data.get("first")
        if first is not None:
            size = len(shoe_cards(rules))
            if shoe is not None:
                raise RecordError("first: a position in a shuffled shoe, given with 'seed' only")
            if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < size:
                raise RecordError(
                    f"first: {quoted(first)} is not a position in the shoe (0 to {size - 1})"
                )
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions: a list of strings such as 'hit', 'stand', 'insure:500'")
        return cls(
            game=game,
            bankroll=bankroll,
            bets=bets_from_json(data.get("bets")),
            actions=tuple(actions),
            shoe=shoe,
            seed=seed,
            overrides=dict(data.get("rules", {})),
            first=first,
        )


def waiting_for(table: Round) -> str:
    """What the round asks for next, in words."""
    legal = ", ".join(sorted(action.value for action in table.legal_actions()))
    if table.phase is Phase.INSURANCE:
        return f"insurance is offered to spot {table.insurance_spot} (legal: {legal})"
    hand = table.active_hand
    where = f"hand {table.hand_number(hand)}" if hand is not None else "the round"
    return f"the round waits for {where} (legal: {legal})"


def _object(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{name}: expected an object, got {quoted(value)}")
    return value


def _cents(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{name}: {quoted(value)} is not an amount in integer cents")
    if value < 0:
        raise RecordError(f"{name}: {quoted(value)} is negative")
    if value > MAX_CENTS:
        raise RecordError(
            f"{name}: {quoted(value)} is more than a bankroll holds ({dollars(MAX_CENTS)})"
        )
    return value


def _card_list(value: Any) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError("shoe: a list of cards such as ['9S', 'AH', 'TH']")
    cards = []
    for index, text in enumerate(value, start=1):
        try:
            cards.append(Card.parse(text))
        except BlackjackError as error:
            raise RecordError(f"shoe card {index}: {error}") from None
    return cards


def bets_from_json(value: Any) -> tuple[Bet, ...]:
    """The record's "bets", checked (`bets_to_json`'s inverse)."""
    if not isinstance(value, list) or not value:
        raise RecordError("bets: a non-empty list such as [{'spot': 1, 'amount': 1000}]")
    bets: list[Bet] = []
    spots: set[int] = set()
    for index, entry in enumerate(value, start=1):
        if not isinstance(entry, dict) or not {"spot", "amount"} <= set(entry):
            raise RecordError(f"bet {index}: an object with 'spot' and 'amount'")
        extra = set(entry) - {"spot", "amount", "buster"}
        if extra:
            raise RecordError(f"bet {index}: unknown field {quoted(sorted(extra)[0])}")
        spot = entry["spot"]
        if not isinstance(spot, int) or isinstance(spot, bool):
            raise RecordError(f"bet {index}: spot {quoted(spot)} is not a circle number")
        if spot in spots:  # a set: a record of 400,000 bets is checked in linear time
            raise RecordError(f"bet {index}: spot {quoted(spot)} is bet twice")
        spots.add(spot)
        amount = _cents(entry["amount"], f"bet {index} amount")
        buster = _cents(entry.get("buster", 0), f"bet {index} buster")
        bets.append(Bet(spot, amount, buster))
    return tuple(bets)


__all__ = [
    "BetError",
    "HandRecord",
    "IllegalActionError",
    "RecordError",
    "actions_of",
    "bets_from_json",
    "bets_to_json",
    "move_text",
    "overrides_of",
    "parse_move",
    "waiting_for",
]
