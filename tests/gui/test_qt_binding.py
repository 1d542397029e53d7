"""Guards against a Qt binding that cannot carry the program (pyproject pins PySide6 for it)."""

from __future__ import annotations

import ctypes
import gc
from collections.abc import Callable

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

CALLS = 1_000


def stored_references_to_none() -> int:
    """None's reference count as the object itself stores it. From Python 3.12 None is
    immortal and `sys.getrefcount` may answer a fixed figure, while a binding built with the
    old inline Py_DECREF still lowers the stored field: this reads the field on every Python."""
    return ctypes.c_ssize_t.from_address(id(None)).value


def references_lost(work: Callable[[], None]) -> int:
    """How far None's stored count fell while `work` ran (the collector held off: its
    finalizers would move it)."""
    gc.disable()
    try:
        before = stored_references_to_none()
        work()
        return before - stored_references_to_none()
    finally:
        gc.enable()


def test_void_qt_calls_keep_the_reference_count_of_none(qapp: QApplication) -> None:
    # PySide6 6.12.0 under Python 3.11 drops a reference to None on each call of a void
    # method; the casino paints thousands of fonts, and the interpreter aborts.
    font = QFont()

    def void_calls() -> None:
        for _ in range(CALLS):
            font.setBold(True)

    assert references_lost(void_calls) < CALLS // 10


def test_the_reference_probe_sees_a_binding_that_drops_references_to_none() -> None:
    # What the test above would measure under such a binding: the stored count lowered once a
    # call (planted here, and put back at once; None keeps thousands of references meanwhile).
    field = ctypes.c_ssize_t.from_address(id(None))

    def dropping_calls() -> None:
        field.value -= CALLS

    try:
        assert references_lost(dropping_calls) >= CALLS
    finally:
        field.value += CALLS
