"""Putting the player's settings in force: the table's look and flow, the menus that show them,
the sound; and Game ▸ Settings, whose OK does it.

The window takes these as its own methods (`window.py`), as it does the Bankroll menu's items.
What they need is imported when they run: the window's opening loads this module before the
engine and the store (docs/decisions.md, "Startup and memory").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

    from casino_gui.gui.settings import Settings, Speed
    from casino_gui.gui.table.look import TableLook
    from casino_gui.gui.window import CasinoWindow


def set_speed(window: CasinoWindow, speed: Speed) -> None:
    import dataclasses

    window.apply_settings(dataclasses.replace(window.settings, speed=speed, speed_chosen=True))


def apply_sound(window: CasinoWindow, on: bool, volume: int) -> None:
    """Sound on or muted and its volume (0..100 %): the table's player, the mute button
    and the settings (the settings dialog and the mute button call it)."""
    import dataclasses

    from casino_gui.gui.settings import MAX_VOLUME

    volume = max(0, min(volume, MAX_VOLUME))
    window.apply_settings(dataclasses.replace(window.settings, sound=on, volume=volume))


def set_warn_mistakes(window: CasinoWindow, on: bool) -> None:
    import dataclasses

    window.apply_settings(dataclasses.replace(window.settings, warn_mistakes=on))


def apply_settings(window: CasinoWindow, new: Settings) -> None:
    """Keep the player's settings (written at once, atomically) and put every one of them
    in force: the table's look and flow, the menu items that show them, the sound."""
    window.remember(new)
    put_in_force(window, new)


def put_in_force(window: CasinoWindow, settings: Settings) -> None:
    from dataclasses import replace

    from casino_gui.gui.table.look import look_of

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

        checks = CountChecks(controller, window.bankroll.practice(), settings.count_system, window)
        controller.between_rounds = checks.between_rounds
    controller.aids = replace(
        controller.aids, system=settings.count_system, spread=settings.count_spread
    )
    show_look(window, look_of(settings))
    window.sound.configure(settings.sound, settings.volume)
    window.mute.set_on(settings.sound)
    window.menus.show_settings(settings)
    if not controller.busy:
        controller.refresh()  # the totals shown or hidden at once


def show_look(window: CasinoWindow, look: TableLook) -> None:
    """The table's look on the felt, on the panels below it, and in the dialogs and menus."""
    from casino_gui.gui.opening import MENU_BAR_STYLE
    from casino_gui.gui.theme import HIGH_CONTRAST_MENUS, apply_theme

    window.scene.set_look(look)
    window.status.set_text_scale(look.text_scale)
    window.table_page.set_high_contrast(look.high_contrast)
    apply_theme(look.high_contrast)
    menus = MENU_BAR_STYLE + (HIGH_CONTRAST_MENUS if look.high_contrast else "")
    if window.menuBar().styleSheet() != menus:  # a new sheet polishes every item again
        window.menuBar().setStyleSheet(menus)


def follow_desktop_contrast(window: CasinoWindow) -> None:
    """Where the player leaves the contrast to the desktop, a change of the desktop's is
    shown at once (Qt's accessibility hints say it; docs/decisions.md, "The look adapts")."""
    from PySide6.QtGui import QGuiApplication

    # Held by the window: the accessibility hints are the style hints', and PySide deletes
    # them with a wrapper of the style hints dropped at once.
    window.style_hints = QGuiApplication.styleHints()
    hints = window.style_hints.accessibility()
    # A method of the window: Qt drops the connection when the window is deleted.
    hints.contrastPreferenceChanged.connect(window.desktop_contrast_changed)


def desktop_contrast_changed(window: CasinoWindow, preference: Qt.ContrastPreference) -> None:
    from dataclasses import replace

    from PySide6.QtCore import Qt

    from casino_gui.gui.settings import Contrast

    if window.settings.contrast is not Contrast.DESKTOP:
        return
    wanted = preference is Qt.ContrastPreference.HighContrast
    show_look(window, replace(window.scene.look, high_contrast=wanted))


def show_settings(window: CasinoWindow) -> None:
    """Game ▸ Settings (Ctrl+,): OK applies every value at once, Cancel changes nothing."""
    from PySide6.QtCore import Qt

    from casino_gui.gui.dialogs.settings_dialog import SettingsDialog  # on first use

    dialog = SettingsDialog(window.settings, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: window.apply_settings(dialog.chosen(window.settings)))
    dialog.open()


def set_session_report(window: CasinoWindow, on: bool) -> None:
    import dataclasses

    window.remember(dataclasses.replace(window.settings, session_report=on))
