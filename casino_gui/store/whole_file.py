"""Writing a file whole or not at all, never through a link: every writer of the casino's files
(settings, exports) uses `open_whole`.

The new content goes to a temporary file created beside its target, under a fresh name of
its own (``.NAME.casino-<random>.partial``) with exclusive creation that never follows a
symbolic link (`create_new`): a link or a file already at that name, planted or the player's
own, is never written, followed or deleted. The file is flushed to the disk and moved onto
its target with one `os.replace`, so a kill or a full disk leaves the old file or the new one.

The writer holds a lock on its temporary file while it writes; `clear_orphans` removes only
temporary files of ours whose writer is gone (a kill leaves them), which the casino does at
each start in its data folder and an export does beside its target.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     target = Path(folder) / "notes.txt"
...     with open_whole(target, "w", encoding="utf-8") as file:
...         _ = file.write("whole")
...     target.read_text("utf-8"), sorted(path.name for path in Path(folder).iterdir())
('whole', ['notes.txt'])
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

MARK = ".casino-"
SUFFIX = ".partial"
# A temporary name must fit the file system's 255 bytes with its mark and random part.
_NAME_ROOM = 200
_OURS = re.compile(r"\..*\.casino-[0-9a-f]{16}\.partial")
# Exclusive creation, never through a link; binary on Windows (no newline translation there).
_CREATE = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_READ = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)

if sys.platform == "win32":

    def _hold(fd: int) -> bool:
        return True  # Windows deletes no file that is open: the writer's handle guards it

else:
    import fcntl

    def _hold(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True


def create_new(path: Path) -> int:
    """Create the file `path`, which must not exist (not even as a link); its descriptor,
    open for writing. `FileExistsError` when anything is at that name."""
    return os.open(path, _CREATE, 0o666)


def write_new(path: Path, data: bytes) -> bool:
    """Create the file `path` holding `data`, synced, unless anything is at that name (a
    link included, never followed): then False, and nothing is written. A write that fails
    (a full disk) removes the file it created: it is there whole, or not at all."""
    try:
        fd = create_new(path)
    except FileExistsError:
        return False
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            path.unlink()  # ours: created above, exclusively
        raise
    return True


def temporary_name(target: Path) -> Path:
    """A fresh name beside `target` for its temporary file."""
    return target.with_name(f".{target.name[:_NAME_ROOM]}{MARK}{_token()}{SUFFIX}")


def _token() -> str:
    """16 random hex digits (not `secrets`: a start loads nothing it can do without before
    its first paint, and these need only be unforeseeable, which the OS's source is)."""
    return os.urandom(8).hex()


def is_ours(path: Path) -> bool:
    """Whether `path` is named as one of our temporary files."""
    return _OURS.fullmatch(path.name) is not None


def _create_temporary(target: Path) -> tuple[int, Path]:
    for _ in range(16):  # a name taken by chance (or on purpose): draw another
        path = temporary_name(target)
        try:
            fd = create_new(path)
        except FileExistsError:
            continue
        _hold(fd)  # a new file: nobody else holds it
        return fd, path
    raise FileExistsError(f"no free temporary name beside {target}")


@contextmanager
def open_whole(target: Path, mode: str = "wb", **options: Any) -> Iterator[IO[Any]]:
    """`with open_whole(target, "w", encoding="utf-8") as file:` writes a temporary file
    beside `target` and, when the block ends without an error, syncs it and moves it onto
    `target`; after an error it is removed and `target` is as it was. `mode` is "w" or "wb";
    `options` go to `open` (encoding, newline)."""
    if mode not in ("w", "wb"):
        raise ValueError(f"open_whole writes a whole file: mode {mode!r} is not 'w' or 'wb'")
    fd, temporary = _create_temporary(target)
    try:
        with os.fdopen(fd, mode, **options) as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
            os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()  # ours: created above under a name nobody else had
        raise
    with contextlib.suppress(OSError):  # the file is in place; a folder that cannot be
        fsync_folder(target.parent)  # synced (some network shares) keeps it all the same


def clear_orphans(folder: Path, target: str | None = None) -> list[Path]:
    """Remove the temporary files of ours in `folder` (of `target` only, when named) that no
    writer holds any more; returns them. Links and other files are never touched."""
    removed: list[Path] = []
    pattern = f".{target[:_NAME_ROOM]}{MARK}*{SUFFIX}" if target is not None else f".*{MARK}*"
    try:
        found = sorted(folder.glob(pattern))
    except OSError:
        return removed
    for path in found:
        if not is_ours(path):
            continue
        try:
            fd = os.open(path, _READ)
        except OSError:
            continue  # a link (never followed), gone already, or not ours to read
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode) and _hold(fd):
                path.unlink()
                removed.append(path)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; Windows has no directory handles to sync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
