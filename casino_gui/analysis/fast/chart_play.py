"""The engine's rounds played by the chart, as the compiled rounds play it.

`ChartPlay` chooses each move of an engine `Round` from the same arrays and the same two
functions (`chart_code`, `resolve`) as `rounds.play_rounds`, with the round's own
`legal_actions()` for what the hand may do: so the engine path and the fast path play one
strategy, and the round-for-round test compares their rules, not two strategies.
"""

from __future__ import annotations

from casino_gui.analysis.fast.rounds import chart_code, resolve
from casino_gui.analysis.fast.tables import PlayTables, play_tables
from casino_gui.engine import Action, Hand, Phase, Round, Rules

_MOVES = (Action.HIT, Action.STAND, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)


class ChartPlay:
    """Plays a round of a table's rules by its basic-strategy chart; never buys insurance."""

    def __init__(self, rules: Rules, tables: PlayTables | None = None) -> None:
        self.rules = rules
        self.tables = tables if tables is not None else play_tables(rules)

    def choose(self, table: Round) -> Action:
        if table.phase is Phase.INSURANCE:
            return Action.NO_INSURANCE
        hand = table.active_hand
        if hand is None:
            raise ValueError("no decision is waiting: the round is not in play")
        legal = table.legal_actions()
        values = [card.value for card in hand.cards]
        pair = values[0] if len(values) == 2 and values[0] == values[1] else 0
        up = table.visible_dealer_cards()[0].value
        can_split = Action.SPLIT in legal
        tables = self.tables
        hard = sum(values)
        total = int(tables.totals[hard, int(1 in values)])
        code = chart_code(tables.hard, tables.soft, tables.pair, hard, total, pair, up, can_split)
        move = resolve(
            code,
            Action.HIT in legal,
            Action.DOUBLE in legal,
            can_split,
            Action.SURRENDER in legal,
        )
        return _MOVES[move]

    def insure_amount(self, table: Round, hand: Hand) -> int:
        """Never asked: the chart buys no insurance."""
        return 0
