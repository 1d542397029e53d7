"""The window asks the engine for every money figure it shows (docs/architecture.md, "The
window"): the modules that turn the round and the bets into the table's picture, words and
bets add, subtract and sum no amount of money themselves. An amount is an attribute or a name
that holds cents (`stake`, `payout`, `bankroll`, `balance`, ...) or a bets mapping's values."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import casino_gui

TABLE = Path(casino_gui.__file__).parent / "gui" / "table"
MODULES = ("picture.py", "wording.py", "bets.py", "held_back.py")
MONEY = {
    "amount",
    "balance",
    "bankroll",
    "bankroll_before",
    "bet",
    "buster",
    "cost",
    "insurance",
    "net",
    "on_table",
    "payout",
    "stake",
    "busters",
    "bets",
}

SEQUENCES = (ast.List, ast.ListComp, ast.Tuple)


def names_money(node: ast.AST) -> bool:
    """Whether an expression reads an amount of money (or a mapping of them)."""
    for part in ast.walk(node):
        if isinstance(part, ast.Attribute) and part.attr in MONEY:
            return True
        if isinstance(part, ast.Name) and part.id in MONEY:
            return True
    return False


def money_sums(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
            if any(isinstance(side, SEQUENCES) for side in (node.left, node.right)):
                continue  # lists joined, not amounts
            if names_money(node.left) or names_money(node.right):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and ast.unparse(node.func) == "sum":
            summed = any(names_money(arg) for arg in node.args)
            found += [f"line {node.lineno}: {ast.unparse(node)}"] if summed else []
    return found


@pytest.mark.parametrize("module", MODULES)
def test_the_tables_picture_words_and_bets_do_no_money_sums(module: str) -> None:
    assert money_sums((TABLE / module).read_text("utf-8")) == []


def test_a_money_sum_is_found() -> None:
    assert money_sums("net = hand.payout - hand.stake\n") == ["line 1: hand.payout - hand.stake"]
    assert money_sums("total = sum(bets.values())\n") == ["line 1: sum(bets.values())"]
