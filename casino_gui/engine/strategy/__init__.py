"""The strategy advisor: the value of every legal action, and the house edge, from the rules.

Pure Python, never Qt. Everything is derived from the `Rules` object, never from a game's
name: the legal moves, the automatic moves, the payouts and the dealer's play are the
rulebook's (casino_gui.engine.rulebook), the same functions the round calls.

What is computed
----------------
*Values.* At a decision the player knows his hand, the dealer's visible cards and every other
card seen this round; the unseen cards are the shoe less those. A `Situation` values moves
for that composition:

- the dealer's final hand (each total, bust total, natural, five-card trick, Caribbean 21) is
  computed exactly for the unseen cards, drawn without replacement, and conditioned on the
  dealer having shown no natural where he checks for one before play (the hole card is then
  also known not to be the card that completes it, which shifts the player's next card);
- a hand's value is the best of its legal moves, by recursion over hand states (total,
  softness, number of cards as far as a rule looks at it, stake, doubles), with the engine's
  automatic moves applied after every card;
- the hint's situations are `CardsLeft` (cards_left.py): each card the player draws leaves the
  shoe, the hand playing on in the situation of the composition without it (its own dealer
  odds and next-card chances): exact for the cards left (docs/counting.md, "What the hint's
  values take into account"); a plain `Situation` (the basic strategy, the house edge, the
  chart) draws the player's cards from the composition of the deal, not depleted;
- splits are valued for the spot as a whole, not as one hand: the hands waiting for their
  second card are played in order, each drawn card may be re-split while the spot has room
  (the re-split decision is taken optimally), split aces follow the one-card rule; each split
  hand is played best for the split cards and its own, which makes the split's value exact
  for that strategy, every hand's draws leaving the shoe (docs/counting.md says why and
  measures what the best joint play would add);
- suits, where a payout names them (Super 21's diamond blackjack, Match Play 21's suited
  7-7-7 and 6-7-8), count only the hand's own cards; the shoe's suits are taken as even.

*The hint* (`advise`, `action_values`: the entry points the hint, the drills' grading and the
statistics' judging share) uses every card seen this round, and in a shoe game every card of
the shoe's earlier rounds since its shuffle: a composition-dependent hint for the cards left.
There `shoe_hint` adds the chart's move for the hand (a deviation where the best move is
another), the Hi-Lo count and the index play of the cell, its count computed for the table's
rules (indices.py, break_even.py).

*The basic strategy and the house edge* (`BasicStrategy`, `analyse`, `house_edge`) use, for
every decision of a spot, the situation of its first deal: the shoe less the spot's first two
cards and the dealer's visible cards. The first move is thus chosen for the exact two-card
composition, and every later move by the hand's state in that situation: a two-card
composition-dependent strategy, between the total-dependent basic strategy of the printed
charts and full composition-dependent play. The house edge is minus its exact average over
every first deal (with the approximations above), insurance bought only where it pays (never
from a full shoe). Standard blackjack, 6 decks, H17, DAS, split to four, no re-split aces,
no surrender, 3:2: 0.618% (Farmer's composition-dependent 0.615%, the Wizard of Odds'
total-dependent 0.639%); 8 decks, no re-split: 0.700% (Farmer 0.699%).

*The chart* (`chart`) gives each cell the move with the best value averaged over the deals
of that total (or pair) against that dealer card: a total-dependent chart.

The Buster side bet (a bet on the dealer alone, not a decision) has its own house edge,
`buster_house_edge`, from its pay table in the rules. Not modelled: doubling for less in the basic strategy (its bankroll is never short; the hint values the double the
engine would make).
"""

from __future__ import annotations

from casino_gui.engine.strategy.advice import (
    Advice,
    Decision,
    action_values,
    advise,
    decision_of,
    value_in_cents,
)
from casino_gui.engine.strategy.basic import BasicStrategy
from casino_gui.engine.strategy.chart import (
    Cell,
    Chart,
    ChartCode,
    ChartSection,
    Section,
    card_name,
    cell_of,
    chart,
    chart_code,
    chart_shape,
)
from casino_gui.engine.strategy.dealer import dealer_hands
from casino_gui.engine.strategy.edge import (
    Analysis,
    DealValue,
    analyse,
    forget_analyses,
    house_edge,
)
from casino_gui.engine.strategy.indices import computed_for
from casino_gui.engine.strategy.shoe_hint import ShoeHint, shoe_hint
from casino_gui.engine.strategy.side_bets import buster_bust_chances, buster_house_edge
from casino_gui.engine.strategy.situation import Situation, known_for


def forget_computed() -> None:
    """Drop every memoized table (for timing a computation from nothing)."""
    forget_analyses()
    known_for.cache_clear()
    dealer_hands.cache_clear()


__all__ = [
    "Advice",
    "Analysis",
    "BasicStrategy",
    "Cell",
    "Chart",
    "ChartCode",
    "ChartSection",
    "DealValue",
    "Decision",
    "Section",
    "ShoeHint",
    "Situation",
    "action_values",
    "advise",
    "analyse",
    "buster_bust_chances",
    "buster_house_edge",
    "card_name",
    "cell_of",
    "chart",
    "chart_code",
    "chart_shape",
    "computed_for",
    "decision_of",
    "forget_computed",
    "house_edge",
    "shoe_hint",
    "value_in_cents",
]
