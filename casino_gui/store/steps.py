"""The steps of the store's commit sequence, named where they happen.

`reached()` is called just before and just after every COMMIT, after every batch of pages of
a file copy and after every step of a file swap; `committed(db)` just after a COMMIT. In the
casino both do nothing. The crash tests put functions of their own in their place, in a
process of their own, to kill it at an exact step and to learn what each commit left (see
docs/decisions.md, "Kill points"): the program itself reads no setting that could end it.
"""

from __future__ import annotations

import sqlite3


def reached() -> None:
    """One step of the commit sequence."""


def committed(db: sqlite3.Connection) -> None:
    """The step just after a COMMIT of `db`."""
    reached()
