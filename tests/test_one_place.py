"""One fact, one place (docs/architecture.md, "House rules"): what a bust is and what a bet pays are the rulebook's and
the rules object's, and a module stays readable in one sitting.

The scans read every module of the package: a comparison with 21 or 22 (`total > 21`,
`22 <= total`), a literal payout (`Odds(3, 2)`, "3:2") written outside the rulebook
(`engine/rulebook/`) and the rules object (`engine/rules/`, the games' presets in
`engine/games.py`) is a second copy of a rule, which the window or the advisor would keep
after the rules change.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "casino_gui"
RULES_HOME = ("engine/rulebook/", "engine/rules/", "engine/games.py")
MODULE_LINES = 500  # docs/architecture.md, "House rules": split before ~500 lines
ROUND_MODULE_LINES = 400  # the round's parts, each held at once (docs/architecture.md)

_PAYOUT_TEXT = re.compile(r"^\d+:\d+$")
# "... a 21 of five or more pays 2:1": a payout inside a sentence about paying or winning (a
# bet spread "1:12" or a time "23:59" is not one).
_PAYOUT_IN_TEXT = re.compile(r"(?<![\w:.])\d+:\d+(?![\w:])")
_PAY_WORD = re.compile(r"\b(pa(y|ys|id)|win|wins|won)\b", re.I)
COUNT_HOME = "engine/counting.py"  # `count_text`: a count's sign, written once
_COUNT_NAME = re.compile(r"count|running|\btrue\b")
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _modules() -> list[tuple[str, str]]:
    return [
        (path.relative_to(PACKAGE).as_posix(), path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def _is_bust_limit(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value in (21, 22)


def rule_copies(source: str) -> list[tuple[int, str]]:
    """Where a module compares with 21 or 22, or writes a payout, and what it wrote.

    >>> rule_copies("bust = total > 21\\npays = Odds(3, 2)\\ntable = ['6:5']\\nn = 21 <= t")
    [(1, 'total > 21'), (2, 'Odds(3, 2)'), (3, "'6:5'"), (4, '21 <= t')]
    >>> rule_copies("fine = total == 21 or cards > 5")
    []
    >>> rule_copies("why = 'a 21 of five or more pays 2:1'\\nspread = 'a bet of 1:12'")
    [(1, "'a 21 of five or more pays 2:1'")]
    """
    found = []
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, operands, operands[1:], strict=False):
                if isinstance(op, _ORDER) and (_is_bust_limit(left) or _is_bust_limit(right)):
                    found.append((node.lineno, ast.unparse(node)))
                    break
        elif isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "Odds":
            if node.args and all(isinstance(arg, ast.Constant) for arg in node.args):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Constant) and _PAYOUT_TEXT.match(str(node.value)):
            found.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            in_sentence = _PAYOUT_IN_TEXT.search(text) and _PAY_WORD.search(text)
            if in_sentence and id(node) not in docstrings:
                found.append((node.lineno, repr(text)))
    return sorted(found)


def test_bust_and_payouts_are_written_only_in_the_rulebook_and_the_rules() -> None:
    copies = [
        f"{name}:{line}: {text}"
        for name, source in _modules()
        if not name.startswith(RULES_HOME)
        for line, text in rule_copies(source)
    ]
    assert copies == []


def test_the_scan_finds_a_payout_inside_a_sentence() -> None:
    source = (
        'why = f"six cards win at once, and a 21 of five or more pays 2:1"\nat = "closes at 23:59"'
    )
    assert rule_copies(source) == [
        (1, "'six cards win at once, and a 21 of five or more pays 2:1'")
    ]
    assert rule_copies('spread = "1:1, no suggestion"') == []


def test_the_scan_finds_the_rulebooks_own_bust() -> None:
    # The scan must see the rule where it is written, or it proves nothing elsewhere.
    facts = (PACKAGE / "engine/rulebook/facts.py").read_text(encoding="utf-8")
    assert any("> 21" in text for _, text in rule_copies(facts))


def test_no_module_passes_500_lines_nor_a_part_of_the_round_400() -> None:
    sizes = {name: source.count("\n") for name, source in _modules()}
    over = sorted(f"{name}: {lines}" for name, lines in sizes.items() if lines > MODULE_LINES)
    round_over = sorted(
        f"{name}: {lines}"
        for name, lines in sizes.items()
        if name.startswith("engine/round/") and lines > ROUND_MODULE_LINES
    )
    assert (over, round_over) == ([], [])


def signed_counts(source: str) -> list[tuple[int, str]]:
    """Where a module writes a count's sign itself: a "+" or a minus before a count in an
    f-string, or a count formatted with a sign (`:+d`), instead of asking `count_text`.

    >>> signed_counts('a = f"+{count}"\\nb = f"{row.true_count:+d}"\\nc = f"{running}"')
    [(1, "f'+{count}'"), (2, "f'{row.true_count:+d}'")]
    >>> signed_counts('a = f"+{dollars(cents)}"\\nb = f"circle-{spot}"')
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        parts = node.values
        for before, part in zip([None, *parts], parts, strict=False):
            if not isinstance(part, ast.FormattedValue):
                continue
            if not _COUNT_NAME.search(ast.unparse(part.value)):
                continue
            sign_before = isinstance(before, ast.Constant) and str(before.value).endswith(
                ("+", "-", "\N{MINUS SIGN}")
            )
            sign_spec = part.format_spec is not None and "+" in ast.unparse(part.format_spec)
            if sign_before or sign_spec:
                found.append((node.lineno, ast.unparse(node)))
                break
    return found


def test_the_count_scan_finds_a_sign_written_by_hand() -> None:
    source = 'a = f"+{count}"\nb = f"{row.true_count:+d}"\nc = f"\N{MINUS SIGN}{-running}"'
    assert [line for line, _ in signed_counts(source)] == [1, 2, 3]
    assert signed_counts('a = f"+{dollars(cents)}"\nb = f"circle-{spot}"') == []


def test_a_counts_sign_is_written_only_by_count_text() -> None:
    # "+3", "0", "\N{MINUS SIGN}2": the table, the hints, the drills and the simulation's table
    # write a count one way, with one minus sign.
    copies = [
        f"{name}:{line}: {text}"
        for name, source in _modules()
        if name != COUNT_HOME
        for line, text in signed_counts(source)
    ]
    assert copies == []


def test_a_class_name_names_one_class() -> None:
    # `Verdict` was a hand's settlement and a judged decision, `Kind` a ledger row's and a
    # decision's: a reader (and an import) could take one for the other.
    where: dict[str, list[str]] = {}
    for name, source in _modules():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(name)
    assert {cls: names for cls, names in where.items() if len(names) > 1} == {}


CHOICES = {"speed", "felt", "card_back", "contrast", "count_system", "system", "severity"}


def text_compared_choices(source: str) -> list[tuple[int, str]]:
    """Where a module compares a setting's choice (or a message's severity) with text: they are
    members, text only in the settings file (`gui/settings.py`).

    >>> text_compared_choices('if settings.contrast != "desktop": pass\\nok = aids.system is None')
    [(1, "settings.contrast != 'desktop'")]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            named = any(isinstance(o, ast.Attribute) and o.attr in CHOICES for o in operands)
            text = any(isinstance(o, ast.Constant) and isinstance(o.value, str) for o in operands)
            if named and text:
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_settings_choices_are_compared_as_members_not_text() -> None:
    assert text_compared_choices('x = settings.count_system != "off"') != []
    compared = [
        f"{name}:{line}: {text}"
        for name, source in _modules()
        if name != "gui/settings.py"
        for line, text in text_compared_choices(source)
    ]
    assert compared == []


def severity_spellings(source: str) -> list[tuple[int, str]]:
    """A message's severity written other than as `Severity`: a `Literal` of its words, or a
    call passing one ("info", "error") to `say` or `show_message`.

    >>> severity_spellings('Kind = Literal["info", "error"]\\nflow.say("No.", "error")')
    [(1, "Literal['info', 'error']"), (2, "flow.say('No.', 'error')")]
    """
    words = {"info", "error"}
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "Literal":
            if words & {getattr(part, "value", None) for part in ast.walk(node.slice)}:
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call):
            called = ast.unparse(node.func).split(".")[-1]
            given = {arg.value for arg in node.args if isinstance(arg, ast.Constant)}
            if called in ("say", "show_message") and words & given:
                found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_a_messages_severity_is_one_type() -> None:
    assert severity_spellings('x.show_message("Hi", "info")') != []
    spelt = [
        f"{name}:{line}: {text}"
        for name, source in _modules()
        for line, text in severity_spellings(source)
    ]
    assert spelt == []


def chart_code_tables(source: str) -> list[tuple[int, str]]:
    """Where a module keeps its own table of the chart's codes: a dict keyed by their text
    ("Ds", "Rh", ...) instead of by `ChartCode`, whose table (`CODES`) is the one.

    >>> chart_code_tables('COLOURS = {"H": "#fff", "Ds": "#abc"}\\nok = {"D": 1}')
    [(1, "{'H': '#fff', 'Ds': '#abc'}")]
    """
    two_letter = {"Ds", "Rh", "Rs", "Rp"}
    return [
        (node.lineno, ast.unparse(node))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Dict)
        and two_letter & {key.value for key in node.keys if isinstance(key, ast.Constant)}
    ]


def test_the_chart_codes_are_one_table() -> None:
    from casino_gui.engine.strategy import ChartCode
    from casino_gui.gui.dialogs.strategy_chart import CODE_COLOURS

    assert set(CODE_COLOURS) == set(ChartCode)  # a colour for every code, keyed by the code
    tables = [
        f"{name}:{line}: {text}"
        for name, source in _modules()
        for line, text in chart_code_tables(source)
    ]
    assert tables == []


def text_kinds(source: str) -> list[tuple[int, str]]:
    """A `Verdict` or a `Settlement` made with its kind as text rather than a `HandKind`.

    >>> text_kinds('v = Verdict(Outcome.WIN, "21")\\nok = Verdict(Outcome.WIN, TWENTY_ONE)')
    [(1, "Verdict(Outcome.WIN, '21')")]
    """
    return [
        (node.lineno, ast.unparse(node))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and ast.unparse(node.func).split(".")[-1] in ("Verdict", "Settlement")
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant | ast.JoinedStr)
    ]


def test_a_settled_hands_kind_is_typed() -> None:
    assert text_kinds('Settlement(Outcome.LOSE, f"dealer {name}", 0)') != []
    found = [
        f"{name}:{line}: {text}" for name, source in _modules() for line, text in text_kinds(source)
    ]
    assert found == []


def text_moves(source: str) -> list[tuple[int, str]]:
    """A move handed to `act` as text (`"hit"`, `f"insure:{amount}"`, `action.value`, a
    parse of it) rather than as the engine's `Move`: text is the journal's and the command
    line's, never the window's (docs/architecture.md, "House rules").

    >>> text_moves('b.act("stand")\\nb.act(f"insure:{n}")\\nb.act(a.value)\\nb.act(Move(a))')
    [(1, "b.act('stand')"), (2, "b.act(f'insure:{n}')"), (3, 'b.act(a.value)')]
    >>> text_moves('b.act(parse_move(text))\\nb.act(str(a))\\nb.act(move)')
    [(1, 'b.act(parse_move(text))'), (2, 'b.act(str(a))')]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "act" or not node.args:
            continue
        given = node.args[0]
        called = ast.unparse(given.func) if isinstance(given, ast.Call) else ""
        if (
            isinstance(given, ast.Constant | ast.JoinedStr | ast.BinOp)
            or (isinstance(given, ast.Attribute) and given.attr == "value")
            or called.split(".")[-1] in ("str", "parse_move", "format")
        ):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_a_move_reaches_the_bankroll_typed() -> None:
    from typing import get_type_hints

    from casino_gui.engine import Event, Move
    from casino_gui.store import Bankroll

    assert get_type_hints(Bankroll.act) == {"move": Move, "return": list[Event]}
    assert text_moves('bankroll.act("insure:" + str(amount))') != []
    found = [
        f"{name}:{line}: {text}" for name, source in _modules() for line, text in text_moves(source)
    ]
    assert found == []


_TEXT_KEY = re.compile(r"^(circle|hand|dealer|tray)-")


def text_felt_keys(source: str) -> list[tuple[int, str]]:
    """A thing of the felt named by text: a key written as `"circle-2"` or `f"hand-{n}"`, a
    `Spoken` made with a text key, or a key parsed back with `partition("-")`, where the
    felt's things have their `FeltKey` (docs/architecture.md, "House rules").

    >>> text_felt_keys('k = f"circle-{spot}"\\nkind, _, n = key.partition("-")\\nok = "a-b"')
    [(1, "f'circle-{spot}'"), (2, "key.partition('-')")]
    >>> text_felt_keys('s = Spoken("tray", Role.LABEL, said)\\nok = Spoken(TRAY, Role.LABEL, said)')
    [(1, "Spoken('tray', Role.LABEL, said)")]
    """
    tree = ast.parse(source)
    parts = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr | ast.Constant) and id(node) not in parts:
            first = node.values[0] if isinstance(node, ast.JoinedStr) and node.values else node
            if isinstance(first, ast.Constant) and _TEXT_KEY.match(str(first.value)):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call):
            called = ast.unparse(node.func).split(".")[-1]
            given = node.args[0] if node.args else None
            parsed = (
                called == "partition" and isinstance(given, ast.Constant) and given.value == "-"
            )
            spoken = called == "Spoken" and isinstance(given, ast.Constant | ast.JoinedStr)
            if parsed or spoken:
                found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_felts_things_have_typed_keys() -> None:
    from casino_gui.gui.table.felt_focus import FeltFocus, thing_bounds, thing_items
    from casino_gui.gui.table.spoken import Spoken

    # As written (the modules postpone their annotations): the key is the typed one throughout.
    written = [
        Spoken.__annotations__["key"],
        *(f.__annotations__["key"] for f in (thing_items, thing_bounds)),
    ]
    assert written == ["FeltKey"] * 3
    assert FeltFocus.keys.__annotations__["return"] == "list[FeltKey]"
    found = [
        f"{name}:{line}: {text}"
        for name, source in _modules()
        if name.startswith("gui/")
        for line, text in text_felt_keys(source)
    ]
    assert found == []


def borrowed_methods(source: str) -> list[tuple[int, str]]:
    """Where a class takes a function of another module as its method (`on_x = module.on_x`):
    the function then takes the object and changes its state from outside it, so the class's
    real size is its module's and the other's. The state gets its own object instead
    (docs/architecture.md, "House rules").

    >>> borrowed_methods("from casino_gui.gui import bets\\nclass A:\\n    on_x = bets.on_x")
    [(3, 'on_x = bets.on_x')]
    >>> borrowed_methods("from m import on_y\\nclass B:\\n    handle = on_y\\n    KEY = m.KEY")
    [(3, 'handle = on_y')]
    >>> borrowed_methods("import m\\nclass C:\\n    kind = m.Kind\\n    size = 2\\n    f = g()")
    []
    """
    tree = ast.parse(source)
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            imported |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for statement in node.body:
            # A typed attribute (`clock: Callable[[], datetime] = datetime.now`) is a value.
            value = statement.value if isinstance(statement, ast.Assign) else None
            if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
                name, root = value.attr, value.value.id
            elif isinstance(value, ast.Name):
                name, root = value.id, value.id
            else:
                continue
            if root in imported and name[:1].islower():
                found.append((statement.lineno, ast.unparse(statement)))
    return found


def test_no_class_borrows_another_modules_functions_as_its_methods() -> None:
    borrowed = [
        f"{name}:{line}: {text}"
        for name, source in _modules()
        for line, text in borrowed_methods(source)
    ]
    assert borrowed == []
