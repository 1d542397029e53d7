"""A basic-strategy chart as text for a terminal: one block per section, then the legend."""

from __future__ import annotations

from casino_gui.engine import Rules, dealer_on_17
from casino_gui.engine.strategy import ChartCode, analyse, chart


def chart_text(rules: Rules) -> str:
    drawn = chart(rules)
    width = max(3, *(len(c) + 1 for c in drawn.columns))
    edge = 100 * analyse(rules).house_edge
    lines = [
        f"{rules.name}: basic strategy, {rules.decks} decks, dealer {dealer_on_17(rules)} "
        f"(house edge {edge:.3f}%)",
        f"Columns: the {drawn.dealer}.",
    ]
    for section in drawn.sections:
        lines.append("")
        lines.append(f"{section.title:<7}" + "".join(f"{c:>{width}}" for c in drawn.columns))
        for row in section.rows:
            lines.append(f"{row.label:<7}" + "".join(f"{c or '-':>{width}}" for c in row.cells))
    lines.append("")
    lines.append("Legend: " + "; ".join(f"{code} {code.words}" for code in ChartCode) + ".")
    return "\n".join(lines) + "\n"
