"""The player's settings, two objects the window owns: `Preferences`, the settings kept (in
settings.json at once) with the changes the menus, the mute button and Game ▸ Settings make; and
`SettingsInForce`, which puts them in force on the table's look and flow, the panels, the menus
and the sound, and follows the desktop's contrast.

What they need is imported when they run: the window's opening loads this module before the
engine and the store (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from PySide6.QtCore import Qt
    from PySide6.QtGui import QStyleHints
    from PySide6.QtWidgets import QMenuBar, QWidget

    from casino_gui.gui.panels.status_panel import StatusPanel
    from casino_gui.gui.settings import Settings, Speed
    from casino_gui.gui.sound.mixing import TableSound
    from casino_gui.gui.sound.mute_button import MuteButton
    from casino_gui.gui.table.controller import TableController
    from casino_gui.gui.table.look import TableLook
    from casino_gui.gui.table.page import TablePage
    from casino_gui.gui.table.scene import TableScene


class Preferences:
    """The player's settings in `folder`: each change kept at once (a crash must not lose it,
    and `save_settings` writes atomically) and, when it changes the table, handed to `obey`."""

    def __init__(self, folder: Path, settings: Settings, obey: Callable[[Settings], None]) -> None:
        self.folder, self.settings, self._obey = folder, settings, obey

    def remember(self, settings: Settings) -> None:
        """Keep `settings` (written only if they changed); nothing is put in force."""
        from casino_gui.gui.settings import save_settings

        if settings != self.settings:
            self.settings = settings
            save_settings(self.folder, settings)

    def apply(self, new: Settings) -> None:
        """Keep the player's settings and put every one of them in force."""
        self.remember(new)
        self._obey(new)

    def set_speed(self, speed: Speed) -> None:
        """Game ▸ Speed: the player's own choice from now on (docs/decisions.md, "The pace of
        the table")."""
        from dataclasses import replace

        self.apply(replace(self.settings, speed=speed, speed_chosen=True))

    def apply_sound(self, on: bool, volume: int) -> None:
        """Sound on or muted and its volume (0..100 %): the mute button and the dialog."""
        from dataclasses import replace

        from casino_gui.gui.settings import MAX_VOLUME

        volume = max(0, min(volume, MAX_VOLUME))
        self.apply(replace(self.settings, sound=on, volume=volume))

    def set_warn_mistakes(self, on: bool) -> None:
        from dataclasses import replace

        self.apply(replace(self.settings, warn_mistakes=on))

    def set_session_report(self, on: bool) -> None:
        """Whether the session report shows at quit: kept, nothing on the table changes."""
        from dataclasses import replace

        self.remember(replace(self.settings, session_report=on))

    def show_dialog(self, parent: QWidget) -> None:
        """Game ▸ Settings (Ctrl+,): OK applies every value at once, Cancel changes nothing."""
        from PySide6.QtCore import Qt

        from casino_gui.gui.dialogs.settings_dialog import SettingsDialog  # on first use

        dialog = SettingsDialog(self.settings, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply(dialog.chosen(self.settings)))
        dialog.open()


class SettingsShown(Protocol):
    def show_settings(self, settings: Settings) -> None:
        """Check the menu items that show a setting (`menus.py`)."""
        ...


class Furnished(Protocol):
    """The window's parts the settings are put in force on: the window, or a test's stand-in
    of the same parts. The count checks' dialogs open over the table page's window."""

    @property
    def controller(self) -> TableController: ...
    @property
    def scene(self) -> TableScene: ...
    @property
    def status(self) -> StatusPanel: ...
    @property
    def table_page(self) -> TablePage: ...
    @property
    def sound(self) -> TableSound: ...
    @property
    def mute(self) -> MuteButton: ...
    @property
    def menus(self) -> SettingsShown: ...
    @property
    def settings(self) -> Settings: ...

    def menuBar(self) -> QMenuBar: ...

    def desktop_contrast_changed(self, preference: Qt.ContrastPreference) -> None:
        """A method of a QObject: Qt drops the connection when the window is deleted."""
        ...


class SettingsInForce:
    """The settings obeyed by the window's parts: the table's flow and look, the panels below
    it, the dialogs' and menus' contrast, the menu items that show the settings, the sound."""

    def __init__(self, window: Furnished) -> None:
        self._window = window
        self._hints: QStyleHints | None = None  # held while the desktop's contrast is followed

    def obey(self, settings: Settings) -> None:
        from dataclasses import replace

        from casino_gui.gui.table.look import look_of

        window = self._window
        controller = window.controller
        controller.speed = settings.speed
        controller.warn_mistakes = settings.warn_mistakes
        controller.warn_threshold = settings.warn_threshold
        controller.show_totals = settings.show_totals
        controller.auto_rebet = settings.auto_rebet
        controller.confirm_over = settings.confirm_over
        controller.between_rounds = None
        if settings.count_checks and settings.count_system is not None:
            from casino_gui.gui.practice.count_check import CountChecks  # on first use

            practice = controller.bankroll.practice()
            parent = window.table_page.window()
            checks = CountChecks(controller, practice, settings.count_system, parent)
            controller.between_rounds = checks.between_rounds
        controller.aids = replace(
            controller.aids, system=settings.count_system, spread=settings.count_spread
        )
        self.show_look(look_of(settings))
        window.sound.configure(settings.sound, settings.volume)
        window.mute.set_on(settings.sound)
        window.menus.show_settings(settings)
        if not controller.busy:
            controller.refresh()  # the totals shown or hidden at once

    def show_look(self, look: TableLook) -> None:
        """The table's look on the felt, on the panels below it, and in the dialogs and menus."""
        from casino_gui.gui.opening import MENU_BAR_STYLE
        from casino_gui.gui.theme import HIGH_CONTRAST_MENUS, apply_theme

        window = self._window
        window.scene.set_look(look)
        window.status.set_text_scale(look.text_scale)
        window.table_page.set_high_contrast(look.high_contrast)
        apply_theme(look.high_contrast)
        menus = MENU_BAR_STYLE + (HIGH_CONTRAST_MENUS if look.high_contrast else "")
        if window.menuBar().styleSheet() != menus:  # a new sheet polishes every item again
            window.menuBar().setStyleSheet(menus)

    def follow_desktop_contrast(self) -> None:
        """Where the player leaves the contrast to the desktop, a change of the desktop's is
        shown at once (Qt's accessibility hints say it; docs/decisions.md, "The look adapts")."""
        from PySide6.QtGui import QGuiApplication

        # Held here: the accessibility hints are the style hints', and PySide deletes them
        # with a wrapper of the style hints dropped at once.
        self._hints = QGuiApplication.styleHints()
        hints = self._hints.accessibility()
        # A method of the window: Qt drops the connection when the window is deleted.
        hints.contrastPreferenceChanged.connect(self._window.desktop_contrast_changed)

    def desktop_contrast_changed(self, preference: Qt.ContrastPreference) -> None:
        from dataclasses import replace

        from PySide6.QtCore import Qt

        from casino_gui.gui.settings import Contrast

        window = self._window
        if window.settings.contrast is not Contrast.DESKTOP:
            return
        wanted = preference is Qt.ContrastPreference.HighContrast
        self.show_look(replace(window.scene.look, high_contrast=wanted))
