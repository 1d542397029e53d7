"""The count check at a shoe table (Game ▸ Settings: count checks, with a count system): at
the DEAL after a round whose cut card came out (before the tray is emptied into a new
shuffle), and after one round in eight besides, by a seeded chance, a small window asks "What
is the running count?" before the cards are dealt. The answer is graded at once and kept in
practice's record (never the ledger); Esc skips, kept as skipped. Closing the window lets the
deal that asked go on: no click is lost (docs/decisions.md, "Practice drills").

The question and its answer are `casino_gui.engine.practice.counting`'s; the table's
controller awaits `CountChecks.between_rounds` before a deal.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from casino_gui.engine import system_named
from casino_gui.engine.practice import (
    CHECK_EVERY,
    CountAnswer,
    CountQuestion,
    check_due,
    count_check_question,
)
from casino_gui.gui.practice.count_drills import (
    CountKeeper,
    count_entry,
    parse_count,
    verdict_of,
)
from casino_gui.gui.practice.feedback_panel import RIGHT
from casino_gui.gui.theme import ERROR, sans
from casino_gui.store import StoreError

if TYPE_CHECKING:
    from casino_gui.engine import Round
    from casino_gui.gui.table.controller import TableController


class CountCheckDialog(QDialog):
    """'What is the running count?': Enter answers, Esc skips; then Enter deals."""

    def __init__(
        self,
        question: CountQuestion,
        shuffle_next: bool,
        clock: Callable[[], float] = time.monotonic,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.question, self.clock = question, clock
        self.answer: CountAnswer | None = None
        self.setWindowTitle("Count check")
        ask = QLabel("What is the running count?")
        ask.setFont(sans(18, bold=True))
        system = system_named(question.system).name
        shuffle = " \N{MIDDLE DOT} the cut card is out: a new shuffle next" if shuffle_next else ""
        about = QLabel(f"{system} \N{MIDDLE DOT} {question.cards} cards since the shuffle{shuffle}")
        about.setWordWrap(True)
        self.entry = count_entry()
        self.verdict = QLabel()
        self.verdict.setFont(sans(15, bold=True))
        self.verdict.setWordWrap(True)
        self.verdict.hide()
        self.buttons = QDialogButtonBox()
        self.answer_button = QPushButton("Answer (Enter)")
        self.skip_button = QPushButton("Skip (Esc)")
        self.deal_button = QPushButton("Deal (Enter)")
        for button, role in (
            (self.answer_button, QDialogButtonBox.ButtonRole.AcceptRole),
            (self.skip_button, QDialogButtonBox.ButtonRole.RejectRole),
            (self.deal_button, QDialogButtonBox.ButtonRole.AcceptRole),
        ):
            self.buttons.addButton(button, role)
        self.deal_button.hide()  # after the answer (the button box showed it)
        self.answer_button.clicked.connect(self.submit)
        self.skip_button.clicked.connect(self.reject)
        self.deal_button.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        for widget in (ask, about, self.entry, self.verdict, self.buttons):
            layout.addWidget(widget)
        self.answer_button.setDefault(True)
        self.entry.setFocus()
        self.started = clock()

    def submit(self) -> None:
        """Enter: grade the count typed and say so; the next Enter deals."""
        given = parse_count(self.entry.text())
        if given is None or self.answer is not None:
            return
        millis = max(0, round((self.clock() - self.started) * 1000))
        answer = self.answer = CountAnswer(self.question, given, millis)
        self.entry.setEnabled(False)
        self.verdict.setStyleSheet(f"color: {RIGHT if answer.right else ERROR};")
        self.verdict.setText(verdict_of(answer))
        self.verdict.show()
        self.answer_button.hide()
        self.skip_button.hide()
        self.deal_button.show()
        self.deal_button.setDefault(True)
        self.deal_button.setFocus()

    def accept(self) -> None:
        if self.answer is None:  # Enter in the entry: the answer first
            self.submit()
            return
        super().accept()

    def reject(self) -> None:
        """Esc: skipped if not answered yet (kept as skipped); after an answer, it deals."""
        if self.answer is None:
            millis = max(0, round((self.clock() - self.started) * 1000))
            self.answer = CountAnswer(self.question, None, millis)
        super().reject()


async def ask_count(
    question: CountQuestion,
    shuffle_next: bool,
    parent: QWidget | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> CountAnswer:
    """The check asked window-modally while the loop runs on: the answer, or a skip."""
    dialog = CountCheckDialog(question, shuffle_next, clock, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    done: asyncio.Future[CountAnswer] = asyncio.get_running_loop().create_future()

    def finished(_code: int) -> None:
        if not done.done():
            answer = dialog.answer or CountAnswer(question, None, 0)
            done.set_result(answer)

    dialog.finished.connect(finished)
    dialog.open()
    return await done


class CountChecks:
    """When to ask, at one table's flow: each settled round at most once, at every shuffle
    and by a seeded chance of one in `every` otherwise."""

    def __init__(
        self,
        controller: TableController,
        keeper: CountKeeper,
        system: str,
        parent: QWidget | None = None,
        *,
        seed: int | None = None,
        every: int = CHECK_EVERY,
    ) -> None:
        self.controller, self.keeper, self.parent = controller, keeper, parent
        self.system = system_named(system)
        self.source = random.Random(seed if seed is not None else secrets.randbits(64))
        self.every = every
        self._asked: set[tuple[int, int]] = set()  # the rounds looked at: (seed, cards dealt)

    async def between_rounds(self, table: Round) -> None:
        """Before a deal after `table` settled: ask the count if a check is due."""
        from casino_gui.gui.table.messages import Severity

        shoe = table.shoe
        seen = (shoe.seed or 0, shoe.dealt)
        if table.rules != self.controller.rules or seen in self._asked:
            return
        self._asked.add(seen)
        question = count_check_question(self.system, table)
        if question is None or not check_due(table, self.source, self.every):
            return
        controller = self.controller
        controller.busy = True  # a click meanwhile waits its turn, as during an animation
        controller.refresh()
        try:
            answer = await ask_count(question, shoe.cut_out, self.parent)
        finally:
            controller.busy = False
            controller.animator.steady()
            controller.refresh()
        try:
            self.keeper.record_count(answer)
        except StoreError as error:  # practice's record failed: the deal goes on all the same
            controller.say(str(error), Severity.ERROR)
