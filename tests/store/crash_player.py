"""A player in a process of its own, for the crash and two-process tests.

    python -m tests.store.crash_player DIR BASE ROUNDS [--wait]   (from the repository's root)

Opens the bankroll of DIR and prints ``ready PID``; with --wait, waits for a line on stdin;
then plays the seeded rounds of BASE (finishing an open round first) until ROUNDS rounds are
closed, and prints ``done BALANCE``. A store error prints its message to stderr and exits 3.

The crash test starts `play` in processes forked from a server that has already imported the
casino, so that a process is ready to be killed in milliseconds rather than an import's time.
"""

from __future__ import annotations

import argparse
import os
import sys
from multiprocessing.connection import Connection
from pathlib import Path

from bench.store import SeededPlayer
from casino_gui.store import Bankroll, StoreError

REFUSED = 3


def play(folder: Path, base: int, rounds: int, ready: Connection) -> None:
    """Open the bankroll, say so on `ready`, and play until `rounds` rounds are closed."""
    with Bankroll.open(folder) as bankroll:
        ready.send(os.getpid())
        SeededPlayer(bankroll, base).play_until(rounds)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("base", type=int)
    parser.add_argument("rounds", type=int)
    parser.add_argument("--wait", action="store_true")
    args = parser.parse_args()
    try:
        bankroll = Bankroll.open(args.folder)
    except StoreError as error:
        print(error, file=sys.stderr)
        return REFUSED
    with bankroll:
        print(f"ready {os.getpid()}", flush=True)
        if args.wait:
            sys.stdin.readline()
        SeededPlayer(bankroll, args.base).play_until(args.rounds)
        print(f"done {bankroll.balance}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
