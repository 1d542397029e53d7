"""What a killed backup, restore or new wallet leaves behind, cleared at the next start.

Only our own temporary files go: a half-made backup (``backups/*.partial`` and SQLite's
journal, log and index beside it), the copy a restore had not yet moved in
(``bankroll.sqlite3.restoring``), a new wallet not yet moved in (``bankroll.sqlite3.new``),
SQLite's files beside a backup that is no longer there, and the temporary files of a settings
or export write (`whole_file`: ``.NAME.casino-<random>.partial``, and the ``settings.json.partial``
that earlier versions wrote). Nothing of them is the bankroll: each was moved in only once
complete, or never. A link is never followed, and a file named otherwise is never touched.
"""

from __future__ import annotations

import stat
from pathlib import Path

from casino_gui.store.backups import PARTIAL, backup_folder
from casino_gui.store.database import COMPANIONS, FILE_NAME
from casino_gui.store.restore import NEW, RESTORING
from casino_gui.store.swap import remove_with_companions
from casino_gui.store.whole_file import clear_orphans

# Where earlier versions wrote the settings before moving them in (`gui/settings.py`).
OLD_SETTINGS_PARTIAL = "settings.json.partial"


def clear_leftovers(folder: Path) -> list[Path]:
    """Remove the leftovers of killed swaps and backups; returns what was removed. The
    caller holds the folder's lock."""
    removed = clear_orphans(folder)
    old = folder / OLD_SETTINGS_PARTIAL
    try:
        if stat.S_ISREG(old.lstat().st_mode):
            old.unlink()
            removed.append(old)
    except OSError:
        pass  # none there; or a folder we may not write in, which the start itself says
    candidates = [folder / f"{FILE_NAME}{RESTORING}", folder / f"{FILE_NAME}{NEW}"]
    where = backup_folder(folder)
    try:
        if where.is_dir() and not where.is_symlink():  # nothing is deleted through a link
            candidates += where.glob(f"*{PARTIAL}*")
            for suffix in COMPANIONS:
                for companion in where.glob(f"bankroll-*.sqlite3{suffix}"):
                    if not companion.with_name(companion.name[: -len(suffix)]).exists():
                        candidates.append(companion)
        for path in candidates:
            for suffix in ("", *COMPANIONS):
                if Path(f"{path}{suffix}").exists():
                    removed.append(Path(f"{path}{suffix}"))
            remove_with_companions(path)
    except OSError:
        pass  # a folder we may not write in: the start itself says so
    return sorted(set(removed))
