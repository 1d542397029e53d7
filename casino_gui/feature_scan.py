"""PySide's scan of every imported module, made cheap (docs/decisions.md, "Startup and
memory").

Once `PySide6.QtCore` is imported, PySide asks after each later import whether the new module
uses PySide, to know which modules its `from __feature__ import ...` switches apply to. Its
test is whether the module's source mentions "PySide6", read with `inspect.getsource`, which
looks the module up again among all of `sys.modules`: over the ~180 modules a start imports
after Qt, 2.4 % of the start's instructions.

`read_sources_directly` gives PySide the same test done by reading the module's file. The
answer is the same for every module: a module with a `.py` file is searched for the same
word; a module whose file is missing (a frozen build) does not use PySide, as PySide finds
where its own test fails; any other module is left to PySide's own test. Where a PySide
release no longer has this scan, nothing is changed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

_FEATURE_MODULE = "shibokensupport.feature"  # PySide's own `__feature__`, loaded with QtCore


def read_sources_directly() -> bool:
    """Replace PySide's per-import test by a direct read; whether it was replaced."""
    feature = sys.modules.get(_FEATURE_MODULE)
    pyside_test = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(pyside_test) or getattr(pyside_test, "reads_file", False):
        return False
    feature._mod_uses_pyside = _reading_the_file(pyside_test)  # type: ignore[attr-defined]
    return True


def _reading_the_file(pyside_test: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return pyside_test(module)
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return False

    uses_pyside.reads_file = True  # type: ignore[attr-defined]
    return uses_pyside
