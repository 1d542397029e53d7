"""The felt's accessibility: the things painted on it as accessible objects.

Qt bridges widgets to AT-SPI (Orca), UI Automation (NVDA, Narrator) and NSAccessibility
(VoiceOver), but a QGraphicsView's items are invisible to all of them. `install` adds a
factory that gives each `TableView` an accessible object whose children are the felt's things
in words (`casino_gui.gui.table.spoken`): the dealer, the tray, each circle and each hand,
with names, roles and states. `felt_shown` tells the bridge the scene has drawn a new picture:
it sends the events a screen reader follows (a thing's name changed, a thing came or went).
The view installs the factory and loads this module only when Qt first asks for its object
(`viewport.py`): a table nobody reads pays nothing for it at the start.

Ownership (docs/decisions.md, "The table in words"): Qt's accessibility cache deletes what it
registered; Python keeps every object it gave Qt alive until Qt is done with it, and a thing
that leaves the felt is deleted through Qt, so nothing is freed twice.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRect, QTimer
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
    QWindow,
)
from PySide6.QtWidgets import QAccessibleWidget

from casino_gui.gui.table.felt_focus import thing_bounds
from casino_gui.gui.table.felt_key import FeltKey
from casino_gui.gui.table.picture import TablePicture
from casino_gui.gui.table.spoken import Role, Spoken, felt_words, news

if TYPE_CHECKING:
    from casino_gui.gui.table.scene import TableScene
    from casino_gui.gui.table.viewport import TableView

ROLES = {
    Role.GROUP: QAccessible.Role.Grouping,
    Role.BUTTON: QAccessible.Role.Button,
    Role.LABEL: QAccessible.Role.StaticText,
}


def made_for(view: TableView) -> FeltAccessible:
    """The accessible object of `view`, made when Qt's accessibility first asks for it."""
    felt = FeltAccessible(view)
    _FELTS[id(view)] = felt
    view.felt_made = True
    view.destroyed.connect(lambda *_: _FELTS.pop(id(view), None))
    return felt


# Each view's accessible object, kept from Python's collector while Qt holds it.
_FELTS: dict[int, FeltAccessible] = {}


def _felt(view: TableView) -> FeltAccessible | None:
    """The view's accessible object while a screen reader (any accessibility client) listens."""
    if id(view) not in _FELTS and QAccessible.isActive():
        QAccessible.queryAccessibleInterface(view)  # made by the factory, kept in _FELTS
    return _FELTS.get(id(view))


def felt_shown(view: TableView) -> None:
    """The scene of `view` has drawn a new picture: tell a screen reader what changed, and
    announce what happened since the last one (the cards, the turn, the result) and the status
    line's message (a refusal, a warning, a question), once. A message said while cards move
    is announced when they have landed, with them."""
    felt = _felt(view)
    if felt is not None:
        felt.refresh()


def felt_focused(view: TableView) -> None:
    """The arrows reached another thing on the felt of `view`: a screen reader says it."""
    felt = _felt(view)
    if felt is not None:
        thing = felt.focusChild()
        if thing is not None:
            QAccessible.updateAccessibility(QAccessibleEvent(thing, QAccessible.Event.Focus))


def announce(view: TableView, text: str) -> None:
    """Announce `text` about the felt of `view` (the replay viewer's steps), in turn with the
    felt's own news."""
    felt = _felt(view)
    if felt is not None:
        felt.announcer.announce(text)


def announced(view: TableView) -> list[str]:
    """The latest announcements about the felt of `view`, oldest first (none while no
    accessibility client listens)."""
    felt = _FELTS.get(id(view))
    return list(felt.announcer.said) if felt is not None else []


class Announcer:
    """Announcements one at a time, at a pace speech can follow: each waits until the last
    could have been spoken (about 16 characters a second). Nothing is dropped but news made
    stale: a waiting announcement about the same `subject` (the bets as they stand, the
    status line) is replaced by the newer one (docs/decisions.md, "The table in words")."""

    SECONDS_PER_CHARACTER = 0.06
    SHORTEST_S = 0.8

    def __init__(self, target: QObject) -> None:
        self._target = target
        self._waiting: list[tuple[str | None, str]] = []  # (subject, text), oldest first
        self._timer = QTimer(target)  # goes with the view: never announces about a dead one
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)
        self.said: deque[str] = deque(maxlen=100)  # the latest announcements, newest last

    def announce(self, text: str, subject: str | None = None) -> None:
        if not text:
            return
        stale = [i for i, (said, _) in enumerate(self._waiting) if subject and said == subject]
        if stale:
            self._waiting[stale[0]] = (subject, text)
        else:
            self._waiting.append((subject, text))
        if not self._timer.isActive():
            self._next()

    def _next(self) -> None:
        if not self._waiting:
            return
        _, text = self._waiting.pop(0)
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self._target, text))
        self.said.append(text)
        seconds = max(self.SHORTEST_S, self.SECONDS_PER_CHARACTER * len(text))
        self._timer.start(round(1000 * seconds))


class ThingAccessible(QAccessibleInterface):
    """One thing on the felt; its words are replaced as the table changes."""

    def __init__(self, felt: FeltAccessible, spoken: Spoken) -> None:
        super().__init__()
        self.felt = felt
        self.spoken = spoken
        self.gone = False

    def isValid(self) -> bool:
        return not self.gone

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        return self.felt.window()

    def text(self, kind: QAccessible.Text) -> str:
        return self.spoken.name if kind == QAccessible.Text.Name else ""

    def setText(self, kind: QAccessible.Text, text: str) -> None:
        pass

    def role(self) -> QAccessible.Role:
        return ROLES[self.spoken.role]

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        state.focused = self.felt.focusChild() is self
        if self.spoken.role is Role.BUTTON:
            state.selectable = True
            state.selected = self.spoken.selected
        if self.spoken.current:
            state.active = True
        return state

    def parent(self) -> QAccessibleInterface:
        return self.felt

    def childCount(self) -> int:
        return 0

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def rect(self) -> QRect:
        return self.felt.rect_of(self.spoken.key)


class FeltAccessible(QAccessibleWidget):
    """The table view: a pane whose children are the felt's things, in the table's order."""

    def __init__(self, view: TableView) -> None:
        super().__init__(view, QAccessible.Role.Pane, "")
        self.view = view
        self.things: list[ThingAccessible] = []
        self.picture: TablePicture | None = None  # the last picture told
        self.announcer = Announcer(view)
        self.message: str | None = None  # the status line, as last announced
        self._sync()

    def _scene(self) -> TableScene:
        return self.view.scene()  # type: ignore[return-value]

    def _sync(self) -> tuple[list[ThingAccessible], list[ThingAccessible], list[ThingAccessible]]:
        """Bring the things in line with the scene's picture: (came, changed, gone)."""
        picture = self._scene().shown
        if picture is not None and self.view.tells_news:
            betting = self.picture is not None and self.picture.between_rounds
            subject = "bets" if betting and picture.between_rounds else None
            self.announcer.announce(news(self.picture, picture), subject)
            message = picture.message.text if picture.message is not None else None
            if message and message != self.message:
                self.announcer.announce(message.replace(" · ", ". "), "message")
            self.message = message
        self.picture = picture
        spoken = felt_words(picture) if picture is not None else ()
        old = {thing.spoken.key: thing for thing in self.things}
        came, changed, things = [], [], []
        for words in spoken:
            thing = old.pop(words.key, None)
            if thing is None:
                thing = ThingAccessible(self, words)
                came.append(thing)
            elif thing.spoken != words:
                thing.spoken = words
                changed.append(thing)
            things.append(thing)
        self.things = things
        return came, changed, list(old.values())

    def refresh(self) -> None:
        came, changed, gone = self._sync()
        for thing in gone:
            QAccessible.updateAccessibility(
                QAccessibleEvent(thing, QAccessible.Event.ObjectDestroyed)
            )
            thing.gone = True
            # Deleted through Qt: its cache forgets the object and frees it; our reference
            # then only holds an emptied wrapper.
            QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(thing))
        for thing in came:
            QAccessible.updateAccessibility(
                QAccessibleEvent(thing, QAccessible.Event.ObjectCreated)
            )
        for thing in changed:
            QAccessible.updateAccessibility(QAccessibleEvent(thing, QAccessible.Event.NameChanged))
            if thing.spoken.selected:
                QAccessible.updateAccessibility(QAccessibleEvent(thing, QAccessible.Event.Focus))

    def text(self, kind: QAccessible.Text) -> str:
        if kind != QAccessible.Text.Name:
            return ""
        picture = self._scene().shown
        return f"Table: {picture.name}" if picture is not None else "Table"

    def childCount(self) -> int:
        return len(self.things)

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return self.things[index] if 0 <= index < len(self.things) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        for index, thing in enumerate(self.things):
            if thing is child:
                return index
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        for thing in self.things:
            if thing.rect().contains(x, y):
                return thing
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        """The thing the felt's arrows stand on while the felt has the keys; else the circle
        chosen."""
        key = self.view.focus.key if self.view.hasFocus() else None
        wanted = [t for t in self.things if t.spoken.key == key]
        return next(iter(wanted), None) or next((t for t in self.things if t.spoken.selected), None)

    def rect_of(self, key: FeltKey) -> QRect:
        """Where a thing is on the screen: its items' bounds, mapped through the view."""
        bounds = thing_bounds(self._scene(), key)
        if bounds.isEmpty():
            return QRect()
        on_view = self.view.mapFromScene(bounds).boundingRect()
        top_left = self.view.viewport().mapToGlobal(on_view.topLeft())
        return QRect(top_left, on_view.size())
