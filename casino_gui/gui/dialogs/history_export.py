"""The history's export: the filtered rounds as CSV or JSON (the replay format), written
whole or not at all, and the thread that does slow reads away from the UI.

The file is written beside its name (`casino_gui.store.whole_file`: a temporary file of a fresh
name, never through a link), flushed to the disk, and moved in with `os.replace`: a full disk
or a kill leaves the old file (or none), never half an export. Qt-free but for `Background`.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from casino_gui.command_line import shown
from casino_gui.store.database import connect_read_only, read_damaged_text
from casino_gui.store.history import Damaged, left_out, to_csv_text, to_json_text
from casino_gui.store.history_query import HistoryFilter, entries
from casino_gui.store.whole_file import clear_orphans, open_whole


class ExportFormat(StrEnum):
    CSV = "csv"
    JSON = "json"


class ExportError(Exception):
    """An export that was not written; the message says why, and that nothing was."""


@dataclass(frozen=True)
class Exported:
    """An export written: how many rounds, and the rounds left out (their rows cannot be
    read: a damaged row costs only itself)."""

    rounds: int
    damaged: tuple[Damaged, ...] = ()

    def said(self, path: Path) -> str:
        """What the status line says of it."""
        written = f"{self.rounds:,} round{'s' if self.rounds != 1 else ''} written to {path}."
        return f"{written} {left_out(self.damaged)}." if self.damaged else written


def export_text(
    bankroll_file: Path, selection: HistoryFilter, form: ExportFormat
) -> tuple[Exported, str]:
    """The settled rounds of the filter (oldest first) as the export's text, and how many.
    JSON is a list of {round, opened_at, settled_at, record, result}: each `record` is the
    replay command's input and `result` its output; CSV carries the record in a column."""
    damaged: list[Damaged] = []
    db = read_damaged_text(connect_read_only(bankroll_file))
    try:
        found = entries(db, selection, damaged)
    finally:
        db.close()
    text = to_json_text(found) if form is ExportFormat.JSON else to_csv_text(found)
    return Exported(len(found), tuple(damaged)), text


def write_whole(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (`ExportError` says why)."""
    clear_orphans(path.parent, path.name)  # what a killed export of this name left
    try:
        with open_whole(path, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    except OSError as error:
        reason = error.strerror or str(error)
        raise ExportError(
            f"Could not write {shown(path)}: {reason}. Nothing was written."
        ) from None


def export(
    bankroll_file: Path, selection: HistoryFilter, form: ExportFormat, path: Path
) -> Exported:
    """Write the filter's rounds to `path`; says how many were written, and left out."""
    exported, text = export_text(bankroll_file, selection, form)
    write_whole(path, text)
    return exported


class Background(QObject):
    """Runs a job on a thread of its own (SQLite reads let go of the GIL) and reports on the
    UI thread: `finished(token, result)` or `failed(token, message)`, the token `run` gave,
    so a caller ignores the answers of a job it has since replaced."""

    finished = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._last = 0

    def run(self, job: Callable[[], Any]) -> int:
        self._last += 1
        threading.Thread(target=self._work, args=(self._last, job), daemon=True).start()
        return self._last

    def _work(self, token: int, job: Callable[[], Any]) -> None:
        try:
            result = job()
        except Exception as error:  # any failure is the job's answer, said in words
            self._say(self.failed, token, str(error))
            return
        self._say(self.finished, token, result)

    @staticmethod
    def _say(signal: Any, token: int, answer: object) -> None:
        with contextlib.suppress(RuntimeError):  # the dialog closed meanwhile: nobody listens
            signal.emit(token, answer)
