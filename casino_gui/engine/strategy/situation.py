"""The value of every move from one situation: the unseen cards and the dealer's visible cards.

A `Situation` fixes the dealer's outcome probabilities (exact for its unseen cards, see
dealer.py) and the chance of each card the player draws (the same unseen cards, not depleted
as the player draws), then values hand states by recursion, memoized: a hand's value is the
best of its legal moves, a hit is the average over the next card, and the engine's automatic
moves (a bust, 21, a sixth card in Super 21, split aces, the double-down rescue ...) are
applied after every card. Splits are valued for the spot as a whole (`spot_value`): the hands
waiting for their second card are played in order, each may be re-split while the spot has
room, and every one of them is valued against the same dealer outcome probabilities.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from casino_gui.engine.cards import rank_value
from casino_gui.engine.round import Action
from casino_gui.engine.rulebook import (
    AutomaticMove,
    DealerResult,
    Rank,
    automatic_move,
    best_total,
    dealer_peeks,
    is_natural,
    may_split,
    no_bust_push_possible,
    up_card_may_make_natural,
)
from casino_gui.engine.rulebook import (
    rank as rank_of,
)
from casino_gui.engine.rules import DealerCards, Rules, SplitMatch
from casino_gui.engine.strategy.composition import (
    TEN_RANKS,
    Composition,
    next_card_chances,
)
from casino_gui.engine.strategy.dealer import dealer_odds, without_natural
from casino_gui.engine.strategy.hand_state import (
    HandState,
    aces_count_after,
    cards_that_count,
    doubled,
    hand_actions,
    with_card,
)
from casino_gui.engine.strategy.payoff import (
    UNKNOWN_DIAMONDS,
    always_wins,
    expected_net,
)

VALUE_RANKS = "A23456789T"  # one rank standing for each value, 1 to 10

# A hand waiting at the spot for its second card: its first card's rank, and whether it
# came from splitting aces.
Waiting = tuple[tuple[str, bool], ...]


# What a stood hand is worth against each dealer result, by hand state, up card and chance of
# a diamond natural: an int is a total of no special rank, worth `stand_on_total`'s value.
Stood = int | dict[DealerResult, float]
Seat = tuple[HandState, str | None, float]  # a hand state, the up card, the diamonds chance


@dataclass(frozen=True, slots=True, eq=False)
class Known:
    """The rulebook's answers about hand states, which do not depend on the cards unseen:
    asked once per rules and shared by every situation of them, for the cards left ask the
    same questions again in every composition a decision reaches."""

    following: dict[HandState, tuple[HandState, ...]] = field(default_factory=dict)
    """Each hand state's ten successors, one per value drawn."""
    actions: dict[HandState, tuple[Action, ...]] = field(default_factory=dict)
    """Each hand state's moves (`hand_actions`)."""
    automatic: dict[tuple[HandState, bool], AutomaticMove | None] = field(default_factory=dict)
    """Each hand state's automatic move (`automatic_move`), by whether it may split."""
    wins: dict[Seat, float | None] = field(default_factory=dict)
    """Each hand's win whatever the dealer holds (`always_wins`)."""
    stood: dict[Seat, Stood] = field(default_factory=dict)
    """Each stood hand's nets against the dealer's results, filled as they are asked."""
    totals: dict[tuple[int, str | None], dict[DealerResult, float]] = field(default_factory=dict)
    """A plain total's nets against the dealer's results, by up card."""
    one_bets: dict[HandState, HandState] = field(default_factory=dict)
    """Each hand state with a stake of one bet."""


@lru_cache(maxsize=16)
def known_for(rules: Rules) -> Known:
    return Known()


def dealer_starting_cards(rules: Rules) -> int:
    return 1 if rules.dealer_cards is DealerCards.UP_ONLY else 2


def natural_checked(rules: Rules, dealer: Sequence[str]) -> bool:
    """Whether, once the players act, the dealer is known to hold no natural: he has checked
    his cards (the rulebook's `dealer_peeks`), or his visible cards rule it out."""
    if not rules.naturals or len(dealer) >= 2:
        return True  # no naturals, or both cards visible
    up = dealer[0] if dealer else None
    if dealer_starting_cards(rules) == 2 and dealer_peeks(rules, up):
        return True
    return up is not None and not up_card_may_make_natural(rules, up)


class Situation:
    """The values of hands and moves for one set of unseen cards and dealer cards.

    `dealer` holds the ranks of the dealer's visible cards; `checked` says whether the
    players act knowing he has no natural (the usual case; see `natural_checked`). Values are
    in base bets: the net a hand is expected to win, per unit of its base stake.
    """

    def __init__(
        self,
        rules: Rules,
        unseen: Composition,
        dealer: Sequence[str],
        checked: bool | None = None,
        diamonds: float = UNKNOWN_DIAMONDS,
        known: Known | None = None,
    ) -> None:
        self.rules = rules
        self.unseen = unseen
        self.dealer = tuple(dealer)
        self.dealer_up = dealer[0] if dealer else None  # the up card's rank
        self.diamonds = diamonds
        if checked is None:
            checked = natural_checked(rules, self.dealer)
        self.checked = checked
        values = unseen.by_value
        visible = tuple(rank_value(rank) for rank in self.dealer)
        self._visible = visible
        hidden = max(0, dealer_starting_cards(rules) - len(self.dealer))
        completing: int | None = None
        up_value = visible[0] if visible else None
        if checked and hidden == 1 and up_value in (1, 10):
            completing = 11 - up_value  # 10 beside an ace, 1 beside a ten
        elif checked and hidden == 2:
            completing = 0
        chances = next_card_chances(values, hidden, completing)
        self.draws = tuple(
            (VALUE_RANKS[v], p) for v, p in enumerate(chances) if p > 0 and values[v] > 0
        )
        self.split_draws = self._split_draws(unseen, chances)
        self._values: dict[HandState, float] = {}
        self._stands: dict[HandState, float] = {}
        self._hits: dict[HandState, float] = {}
        self._totals: dict[int, float] = {}
        self._limits = (cards_that_count(rules), aces_count_after(rules))
        self.known = known = known_for(rules) if known is None else known
        self._following = known.following
        self._actions = known.actions
        self._automatic = known.automatic
        self._stood = known.stood
        self._wins = known.wins
        self._plain_totals = known.totals
        self._one_bets = known.one_bets
        # The values the next card may have, with their chances (`hit` walks them).
        self._chances = tuple((v, p) for v, p in enumerate(chances) if p and values[v] > 0)
        self._afters: dict[HandState, float] = {}
        self._spots: dict[tuple[Waiting, int], float] = {}

    @cached_property
    def _dealer(
        self,
    ) -> tuple[float, dict[DealerResult, float], tuple[tuple[DealerResult, float], ...]]:
        """The dealer's natural and odds, worked out when a hand first stands here (a hand
        that busts needs none)."""
        odds = dealer_odds(self.rules, self._visible, self.unseen.by_value)
        natural, without = without_natural(odds)
        if not self.checked:
            without = odds
        return natural, without, tuple(without.items())

    @property
    def dealer_natural(self) -> float:
        """The chance the dealer holds a natural, before he shows he has none."""
        return self._dealer[0]

    @property
    def odds(self) -> dict[DealerResult, float]:
        """The chance of each dealer result (none a natural once he has checked for one)."""
        return self._dealer[1]

    def _split_draws(
        self, unseen: Composition, chances: tuple[float, ...]
    ) -> tuple[tuple[str, float], ...]:
        """The next card by rank where ranks matter for splitting (Pontoon), else by value."""
        if self.rules.split_match is not SplitMatch.RANK:
            return self.draws
        tens = unseen.by_value[9]
        draws = [pair for pair in self.draws if pair[0] != "T"]
        for rank in TEN_RANKS:
            count = unseen.count(rank)
            if count and tens:
                draws.append((rank, chances[9] * count / tens))
        return tuple(draws)

    def split_rank(self, rank: str) -> str:
        """The rank a split card is kept as: its own under Pontoon's rule, else its value's."""
        if self.rules.split_match is SplitMatch.RANK:
            return rank
        return VALUE_RANKS[rank_value(rank) - 1]

    def drawn(self, value: int) -> Situation:
        """The situation in which the hand plays on once it draws a card of this value (index
        0 = ace): this one, its cards not taken out (`CardsLeft` takes them out)."""
        return self

    def drawn_rank(self, rank: str) -> Situation:
        """`drawn` for a split hand's second card, known by rank."""
        return self

    # --- One hand ----------------------------------------------------------------------

    def per_stake(self, state: HandState) -> bool:
        """Whether the hand's values are its stake times those of a one-bet hand: always,
        but for a Caribbean 21 of three cards (3:2 on the base stake only)."""
        return state.stake != 1.0 and (self.rules.caribbean_21_pays is None or state.cards > 3)

    def _one_bet(self, state: HandState) -> HandState:
        """The hand with a stake of one bet (its values times its stake are the hand's)."""
        unit = self._one_bets.get(state)
        if unit is None:
            unit = self._one_bets[state] = state._replace(stake=1.0)
        return unit

    def stand(self, state: HandState) -> float:
        """The hand stands (or, a No Bust 21 three-card 23-25, waits for the dealer)."""
        known = self._stands.get(state)
        if known is not None:
            return known
        if self.per_stake(state):
            value = state.stake * self.stand(self._one_bet(state))
        else:
            stood = self._stood_nets(state)
            if isinstance(stood, int):
                value = state.stake * self.stand_on_total(stood)
            else:
                value = self._against_dealer(state, stood, self.diamonds)
        self._stands[state] = value
        return value

    def _stood_nets(self, state: HandState) -> Stood:
        key = (state, self.dealer_up, self.diamonds)
        stood = self._stood.get(key)
        if stood is None:
            rules = self.rules
            plain = rank_of(rules, state, is_natural(rules, state))[0] is Rank.TOTAL
            if plain and self._always_wins(state) is None:
                stood = best_total(rules, state)[0]
            else:
                stood = {}
            self._stood[key] = stood
        return stood

    def _against_dealer(
        self, state: HandState, nets: dict[DealerResult, float], diamonds: float
    ) -> float:
        """The stood hand's value: its net against each of the dealer's results (the
        rulebook's, asked once per rules), weighed by their chances here."""
        value = 0.0
        for result, p in self._dealer[2]:
            net = nets.get(result)
            if net is None:
                single = ((result, 1.0),)
                net = nets[result] = expected_net(
                    self.rules, state, single, self.dealer_up, diamonds
                )
            value += p * net
        return value

    def _always_wins(self, state: HandState) -> float | None:
        key = (state, self.dealer_up, self.diamonds)
        if key in self._wins:
            return self._wins[key]
        won = self._wins[key] = always_wins(self.rules, state, self.dealer_up, self.diamonds)
        return won

    def stand_on_total(self, total: int) -> float:
        """A one-bet hand of no special rank standing on this total (most hands)."""
        known = self._totals.get(total)
        if known is None:
            # Four cards and no ace: no natural, trick, Caribbean 21 or bonus at four cards.
            plain = HandState(total, False, 4)
            nets = self._plain_totals.setdefault((total, self.dealer_up), {})
            known = self._totals[total] = self._against_dealer(plain, nets, 0.0)
        return known

    def settled(self, state: HandState, may_split: bool = False) -> float | None:
        """The value of a hand the engine moves without asking (the rulebook's
        `automatic_move`, which the round asks too), or None when the player decides."""
        rules = self.rules
        key = (state, may_split)
        if key in self._automatic:
            move = self._automatic[key]
        else:
            move = self._automatic[key] = automatic_move(rules, state, may_split)
        if move is None:
            return None
        if move is AutomaticMove.BUST:
            return self.stand(state) if no_bust_push_possible(rules, state) else -state.stake
        won = self._always_wins(state)
        return self.stand(state) if won is None else won

    def after_card(self, state: HandState) -> float:
        known = self._afters.get(state)
        if known is None:
            done = self.settled(state)
            known = self.value(state) if done is None else done
            self._afters[state] = known
        return known

    def hit(self, state: HandState) -> float:
        known = self._hits.get(state)
        if known is not None:
            return known
        if self.per_stake(state):
            value = state.stake * self.hit(self._one_bet(state))
        else:
            following = self._successors(state)
            value = 0.0  # a loop, not sum(): the hottest line of the advisor
            drawn = self.drawn
            for v, p in self._chances:
                value += p * drawn(v).after_card(following[v])
        self._hits[state] = value
        return value

    def _successors(self, state: HandState) -> tuple[HandState, ...]:
        """The hand once it draws each value (index 0 = ace)."""
        following = self._following.get(state)
        if following is None:
            rules, limits = self.rules, self._limits
            following = tuple(with_card(rules, state, rank, limits) for rank in VALUE_RANKS)
            self._following[state] = following
        return following

    def next_hands(self, state: HandState) -> Iterator[tuple[float, Situation, HandState]]:
        """Each card the hand may draw: its chance, the situation and the hand it leaves."""
        following = self._successors(state)
        for v, p in self._chances:
            yield p, self.drawn(v), following[v]

    def double(self, state: HandState, amount: float | None = None) -> float:
        """Double (for `amount` base bets; the hand's whole stake unless said) and take a card."""
        grown = doubled(state, state.stake if amount is None else amount)
        return self.hit(grown)

    def actions(self, state: HandState) -> tuple[Action, ...]:
        """The hand's own moves (the rulebook's, through `hand_actions`)."""
        known = self._actions.get(state)
        if known is None:
            known = self._actions[state] = hand_actions(self.rules, state)
        return known

    def action_value(self, state: HandState, action: Action) -> float:
        if action is Action.STAND:
            return self.stand(state)
        if action is Action.HIT:
            return self.hit(state)
        if action is Action.DOUBLE:
            return self.double(state)
        if action is Action.SURRENDER:
            return -state.stake / 2
        raise ValueError(f"{action.value} is not a move of one hand")

    def value(self, state: HandState) -> float:
        """The hand's value when the player plays it best from here (no split: see below)."""
        known = self._values.get(state)
        if known is not None:
            return known
        if self.per_stake(state):
            best = state.stake * self.value(self._one_bet(state))
            self._values[state] = best
            return best
        actions = self.actions(state)
        if not actions:
            best = self.stand(state)  # nothing is legal: the engine would stand it
        else:
            best = max(self.action_value(state, action) for action in actions)
        self._values[state] = best
        return best

    # --- The spot: splits ----------------------------------------------------------------

    def split_hand(self, first: str, second: str, split_aces: bool) -> HandState:
        """A hand made by a split, holding its first card and the second it received."""
        return HandState(
            rank_value(first) + rank_value(second),
            first == "A" or second == "A",
            2,
            from_split=True,
            split_aces=split_aces,
        )

    def spot_value(self, waiting: Waiting, hands: int) -> float:
        """The value of the spot's hands waiting for their second card, played in order
        while the spot holds `hands` hands (each may be re-split while there is room)."""
        if not waiting:
            return 0.0
        key = (waiting, hands)
        known = self._spots.get(key)
        if known is not None:
            return known
        rules = self.rules
        (first, aces), rest = waiting[0], waiting[1:]
        later = self.spot_value(rest, hands)
        total = 0.0
        for drawn, p in self.split_draws:
            state = self.split_hand(first, drawn, aces)
            splits = may_split(rules, state, (first, drawn), hands)
            after = self.drawn_rank(drawn)
            done = after.settled(state, splits)
            best = (after.value(state) if done is None else done) + later
            if splits:
                both = first == "A" and drawn == "A"
                grown = ((first, both), (drawn, both), *rest)
                best = max(best, after.spot_value(grown, hands + 1))
            total += p * best
        self._spots[key] = total
        return total

    def split(self, first: str, second: str, waiting: Waiting = (), hands: int = 1) -> float:
        """What splitting a hand of these two cards adds to the spot: the value of the two
        hands it makes (and of their re-splits), less the change to the hands waiting."""
        first, second = self.split_rank(first), self.split_rank(second)
        aces = first == "A" and second == "A"
        grown = ((first, aces), (second, aces), *waiting)
        return self.spot_value(grown, hands + 1) - self.spot_value(waiting, hands)

    def moves(
        self,
        state: HandState,
        pair: tuple[str, str] | None = None,
        waiting: Waiting = (),
        hands: int = 1,
    ) -> dict[Action, float]:
        """The value of each legal move of a hand; `pair` names its two cards' ranks when it
        may be split (`hands` hands at the spot, `waiting` still to get a second card)."""
        rules = self.rules
        values = {action: self.action_value(state, action) for action in self.actions(state)}
        if pair is not None and may_split(rules, state, pair, hands):
            values[Action.SPLIT] = self.split(pair[0], pair[1], waiting, hands)
        return values
