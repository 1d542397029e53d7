"""The player's settings: `settings.json` beside the bankroll, read checked and written atomically.

The file holds no money, so nothing in it may stop the casino: every value is checked on its own
when it is read, and a value that is missing, of the wrong type or out of range falls back to its
default while the others are kept. A window size is also limited to sizes a screen can have
(`MAX_SIDE`); the window then fits it to the screen it opens on (`fit_size`). The file is written
each time a setting changes, beside the old one, flushed to the disk and moved in with
`os.replace`, so a crash leaves the old file or the new one, never half of one.

>>> settings = settings_from_json({"size": [100000, 100000], "speed": "warp", "volume": 250})
>>> settings.size, settings.speed, settings.volume
(None, <Speed.NORMAL: 'normal'>, 100)
>>> [settings_from_json({"chip": cents}).chip for cents in (2_500, 2_600, 7, 10**9, "$5")]
[2500, 2500, 100, 50000, 500]
>>> fit_size((1300, 860), available=(1024, 600), minimum=(640, 420))
(1024, 600)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from casino_gui.game_ids import GAME_IDS, GAME_NAMES

if TYPE_CHECKING:
    from casino_gui.engine.rules import Rules

# The engine is imported by the functions that ask it, not here: the window's opening reads its
# size, felt and table from this file before the engine is loaded (docs/decisions.md, "Startup
# and memory").

SETTINGS_FILE = "settings.json"
# A settings file is a few hundred bytes; a bigger one is not ours to read.
MAX_FILE_BYTES = 64 * 1024


# The choices of Game ▸ Settings, typed: their values are the file's text, read and written
# here only (`settings_from_json`, `settings_to_json`); everywhere else a choice is a member.
class Speed(StrEnum):
    """The table's animation speed (its motions' times: `gui/table/tempo.py`)."""

    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


class Felt(StrEnum):
    """The felt's colour (its colours: `gui/painting/felt_colours.py`)."""

    GREEN = "green"
    BLUE = "blue"
    RED = "red"
    GREY = "grey"


class CardBack(StrEnum):
    """The design of the cards' backs (`gui/painting/card_back.py`)."""

    RED = "red"
    BLUE = "blue"
    LATTICE = "lattice"


class Contrast(StrEnum):
    """The high-contrast theme: as the desktop asks (Qt's contrast hint), always, or never."""

    DESKTOP = "desktop"
    HIGH = "high"
    NORMAL = "normal"


class CountKey(StrEnum):
    """A count system shown at a shoe table, by its key in `casino_gui.engine.counting.SYSTEMS`
    (kept here as keys: the engine loads later). No count at all is None, "off" in the file."""

    HILO = "hilo"
    KO = "ko"
    HIOPT2 = "hiopt2"
    OMEGA2 = "omega2"
    ZEN = "zen"


COUNT_OFF = "off"  # the file's text for no count system

# No screen is wider or taller; Qt crashes allocating a window of 100,000 pixels a side.
MAX_SIDE = 16_384
DEFAULT_SIZE = (1280, 820)
# The loudness of the sound cues, in percent of the system's volume.
MAX_VOLUME = 100
# "Warn me of mistakes" speaks only of a move that gives up more than this share of the bet, in
# tenths of a percent (20 = 2.0%): a deviation worth a few cents is no mistake worth a pop-up.
DEFAULT_WARN_THRESHOLD = 20
MAX_WARN_THRESHOLD = 1_000
# A bet above this asks "Deal $N?" first (0 = never ask); in cents, like all money.
MAX_CONFIRM_CENTS = 100_000_000
DEFAULT_CHIP = 500  # the rack's $5 chip, selected at a first start
DEFAULT_SPREAD = 8  # the bet suggestion's spread, 1 to this many units
MAX_SPREAD = 20
# The table's words, in percent of their size at 100%.
TEXT_SIZES = (100, 125, 150, 175, 200)


@dataclass(frozen=True)
class Settings:
    """What the casino remembers between starts. `game` is None until a table was played."""

    game: str | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)  # changes from the game's preset
    speed: Speed = Speed.NORMAL
    # False: no speed chosen yet, so `speed` follows the desktop's reduced motion and is not
    # written to the file (docs/decisions.md, "The look adapts").
    speed_chosen: bool = False
    warn_mistakes: bool = False
    size: tuple[int, int] | None = None  # the window's normal (not maximised) size
    place: tuple[int, int] | None = None  # where its frame's top-left corner was, unmaximised
    maximized: bool = False
    sound: bool = True  # False: muted (the table's mute button, M)
    volume: int = 70  # 0..MAX_VOLUME
    felt: Felt = Felt.GREEN
    card_back: CardBack = CardBack.RED
    warn_threshold: int = DEFAULT_WARN_THRESHOLD  # tenths of a percent of the bet
    auto_rebet: bool = False  # after a round, the last bets are placed again
    show_totals: bool = True  # the hands' totals under the cards
    confirm_over: int = 0  # cents; a round's bets above this are confirmed first (0 = never)
    session_report: bool = True  # the session's report at quit
    chip: int = DEFAULT_CHIP  # cents: the chip selected in the rack, one of the rack's CHIPS
    # The count shown at a shoe table (docs/decisions.md, "Counting"); None: no count.
    count_system: CountKey | None = None
    count_spread: int = DEFAULT_SPREAD  # the bet suggestion's top, in units (1 = no suggestion)
    count_checks: bool = False  # "What is the running count?" at the shuffle and now and then
    four_colour: bool = False  # a four-colour deck: diamonds blue, clubs green
    contrast: Contrast = Contrast.DESKTOP
    text_size: int = 100  # one of TEXT_SIZES: the table's words, in percent

    def table_rules(self) -> Rules | None:
        """The table played last, or None when no table was played yet."""
        from casino_gui.engine import rules_for
        from casino_gui.engine.rules import from_overrides

        if self.game is None:
            return None
        if not _valid(self.game, self.rules):
            return rules_for(self.game)
        return from_overrides(rules_for(self.game), dict(self.rules))

    def with_table(self, rules: Rules) -> Settings:
        """These settings with `rules` as the table played last (kept as changes from its
        game's preset, so a corrected preset reaches the player)."""
        from casino_gui.engine import rules_for
        from casino_gui.engine.rules import rules_to_json

        mine, preset = rules_to_json(rules), rules_to_json(rules_for(rules.game))
        changes = {name: value for name, value in mine.items() if value != preset[name]}
        return dataclasses.replace(self, game=rules.game, rules=changes)

    def with_chip(self, cents: int) -> Settings:
        """These settings with `cents` as the chip selected in the rack (`rack_chip`)."""
        return dataclasses.replace(self, chip=rack_chip(cents, self.chip))


def settings_from_json(data: object) -> Settings:
    """Settings from a parsed file: each value checked alone, a bad one replaced by its default."""
    if not isinstance(data, dict):
        data = {}
    default = Settings()
    game = data.get("game")
    game = game if isinstance(game, str) and game in GAME_IDS else None
    rules = data.get("rules")
    rules = rules if game is not None and isinstance(rules, dict) and _valid(game, rules) else {}
    speed = _choice(data.get("speed"), Speed, None)
    count = data.get("count_system")
    return Settings(
        game=game,
        rules=rules,
        # Unchosen, the normal speed: the desktop's wish for reduced motion is asked after
        # the first paint (`reduced_motion.follow_desktop_motion`), never on the start path.
        speed=speed or Settings.speed,
        speed_chosen=speed is not None,
        warn_mistakes=_flag(data.get("warn_mistakes"), default.warn_mistakes),
        size=_size(data.get("size")),
        place=_place(data.get("place")),
        maximized=_flag(data.get("maximized"), default.maximized),
        sound=_flag(data.get("sound"), default.sound),
        volume=_number(data.get("volume"), default.volume, MAX_VOLUME),
        felt=_choice(data.get("felt"), Felt, default.felt),
        card_back=_choice(data.get("card_back"), CardBack, default.card_back),
        warn_threshold=_number(
            data.get("warn_threshold"), default.warn_threshold, MAX_WARN_THRESHOLD
        ),
        auto_rebet=_flag(data.get("auto_rebet"), default.auto_rebet),
        show_totals=_flag(data.get("show_totals"), default.show_totals),
        confirm_over=_number(data.get("confirm_over"), default.confirm_over, MAX_CONFIRM_CENTS),
        session_report=_flag(data.get("session_report"), default.session_report),
        chip=rack_chip(data.get("chip"), default.chip),
        count_system=None if count == COUNT_OFF else _choice(count, CountKey, None),
        count_spread=max(1, _number(data.get("count_spread"), default.count_spread, MAX_SPREAD)),
        count_checks=_flag(data.get("count_checks"), default.count_checks),
        four_colour=_flag(data.get("four_colour"), default.four_colour),
        contrast=_choice(data.get("contrast"), Contrast, default.contrast),
        text_size=_one_of(data.get("text_size"), TEXT_SIZES, default.text_size),
    )


def settings_to_json(settings: Settings) -> dict[str, Any]:
    data: dict[str, Any] = {
        "warn_mistakes": settings.warn_mistakes,
        "maximized": settings.maximized,
        "sound": settings.sound,
        "volume": settings.volume,
        "felt": settings.felt.value,
        "card_back": settings.card_back.value,
        "warn_threshold": settings.warn_threshold,
        "auto_rebet": settings.auto_rebet,
        "show_totals": settings.show_totals,
        "confirm_over": settings.confirm_over,
        "session_report": settings.session_report,
        "chip": settings.chip,
        "count_system": COUNT_OFF if settings.count_system is None else settings.count_system.value,
        "count_spread": settings.count_spread,
        "count_checks": settings.count_checks,
        "four_colour": settings.four_colour,
        "contrast": settings.contrast.value,
        "text_size": settings.text_size,
    }
    if settings.speed_chosen:
        data["speed"] = settings.speed.value
    if settings.game is not None:
        data.update(game=settings.game, rules=dict(settings.rules))
    if settings.size is not None:
        data["size"] = list(settings.size)
    if settings.place is not None:
        data["place"] = list(settings.place)
    return data


def _valid(game: str, rules: Mapping[str, Any]) -> bool:
    """Whether the engine accepts these changes to the game's preset (a hand-edited file may
    hold anything: the preset table is played instead)."""
    from casino_gui.engine import RulesError, rules_for
    from casino_gui.engine.rules import from_overrides

    try:
        from_overrides(rules_for(game), dict(rules))
    except (RulesError, TypeError, ValueError, OverflowError, RecursionError):
        return False
    return True


def _flag(value: object, default: bool) -> bool:
    return value if isinstance(value, bool) else default


def _number(value: object, default: int, maximum: int) -> int:
    """A whole number clamped to 0..maximum; anything else (a bool, a float, text) is the
    default."""
    if type(value) is not int:
        return default
    return max(0, min(value, maximum))


def rack_chip(value: object, default: int = DEFAULT_CHIP) -> int:
    """One of the rack's chips: `value` clamped to them (the biggest chip not above it, the
    smallest below $1, the biggest above $500); anything but a whole number is `default`."""
    from casino_gui.engine.betting import CHIPS

    if type(value) is not int:
        return default
    return max((chip for chip in CHIPS if chip <= value), default=CHIPS[0])


Choice = TypeVar("Choice", bound=StrEnum)
Default = TypeVar("Default")


def _choice(value: object, choices: type[Choice], default: Default) -> Choice | Default:
    """The member whose text is `value` (a file's, older ones' too), or `default` for any other
    value."""
    return next((member for member in choices if member.value == value), default)


def _one_of(value: object, choices: tuple[int, ...], default: int) -> int:
    return value if type(value) is int and value in choices else default


def _size(value: object) -> tuple[int, int] | None:
    # bool is an int to Python; `[true, true]` is not a size.
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(type(side) is int and 1 <= side <= MAX_SIDE for side in value)
    ):
        return value[0], value[1]
    return None


def _place(value: object) -> tuple[int, int] | None:
    # A desktop's corner may lie left of or above the primary screen: negative is a place.
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(type(side) is int and -MAX_SIDE <= side <= MAX_SIDE for side in value)
    ):
        return value[0], value[1]
    return None


def fit_place(
    place: tuple[int, int] | None,
    size: tuple[int, int],
    rooms: Sequence[tuple[int, int, int, int]],
) -> tuple[int, int] | None:
    """Where the window of `size` (its frame) opens: at the remembered place, moved just enough
    to lie whole on the screen that holds its corner (`rooms`: each screen's free area, left,
    top, width, height). None, for the window manager to choose, when nothing is remembered or
    no screen holds the corner any more (a screen since unplugged).

    >>> fit_place((1900, 40), (800, 600), [(0, 0, 1920, 1040), (1920, 0, 1280, 1000)])
    (1120, 40)
    >>> fit_place((2500, 300), (800, 600), [(0, 0, 1920, 1040)]) is None
    True
    """
    if place is None:
        return None
    x, y = place
    width, height = size
    for left, top, room_width, room_height in rooms:
        if left <= x < left + room_width and top <= y < top + room_height:
            return (
                max(left, min(x, left + room_width - width)),
                max(top, min(y, top + room_height - height)),
            )
    return None


def fit_size(
    size: tuple[int, int] | None, *, available: tuple[int, int], minimum: tuple[int, int]
) -> tuple[int, int]:
    """A window size that fits the screen: the remembered one (or the default) limited to the
    available room, and not below the window's minimum unless the screen itself is smaller."""
    width, height = size or DEFAULT_SIZE
    room_w, room_h = available
    return (
        max(min(width, room_w), min(minimum[0], room_w)),
        max(min(height, room_h), min(minimum[1], room_h)),
    )


def _read(folder: Path) -> object:
    """The parsed file in `folder`; None when it is missing, too big or unreadable."""
    path = folder / SETTINGS_FILE
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            return None
        # ValueError: not JSON, or an integer of more digits than Python converts;
        # RecursionError: arrays nested thousands deep.
        return json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def load_settings(folder: Path) -> Settings:
    """The settings in `folder`; defaults when the file is missing, too big or unreadable."""
    return settings_from_json(_read(folder))


@dataclass(frozen=True)
class WindowLook:
    """What the window shows before the live table is built: its title, size, place and felt."""

    at_table: bool  # False: the first start, which opens the lobby
    table: str | None  # the name of the table it opens at; None where that is not certain
    size: tuple[int, int] | None
    place: tuple[int, int] | None
    maximized: bool
    felt: Felt


def window_look(folder: Path, game: str | None = None) -> WindowLook:
    """The window's look from the settings in `folder`, read with the checks of
    `settings_from_json` but without the engine; `game`: the table asked for on the command
    line. A table whose rules were changed (a custom table) is named by the engine later."""
    data = _read(folder)
    if not isinstance(data, dict):
        data = {}
    default = Settings()
    at_table = game is not None or data.get("game") in GAME_IDS
    if game is None and not data.get("rules"):
        game = data.get("game")
    return WindowLook(
        at_table=at_table,
        table=GAME_NAMES.get(game) if isinstance(game, str) else None,
        size=_size(data.get("size")),
        place=_place(data.get("place")),
        maximized=_flag(data.get("maximized"), default.maximized),
        felt=_choice(data.get("felt"), Felt, default.felt),
    )


def save_settings(folder: Path, settings: Settings) -> bool:
    """Write the settings beside the old file, flush them to the disk, then move them in
    (`open_whole`: a temporary file of a fresh name, never through a link).

    Returns False (and leaves the old file) when the disk refuses: losing a window size is no
    reason to stop the casino.
    """
    from casino_gui.store.whole_file import open_whole  # not needed to read the file

    text = json.dumps(settings_to_json(settings), indent=2) + "\n"
    try:
        with open_whole(folder / SETTINGS_FILE, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError:
        return False
    return True
