"""Running a bench as a developer does (docs/performance.md): `python -m bench.<name> …`."""

from __future__ import annotations

import subprocess
import sys


def run_bench(name: str, *options: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """`python -m bench.<name> *options`, its output kept; with `check`, it must succeed."""
    return subprocess.run(
        (sys.executable, "-m", f"bench.{name}", *options),
        capture_output=True,
        text=True,
        timeout=300,
        check=check,
    )


def bench_refusal(name: str, *options: str) -> str:
    """What `python -m bench.<name> *options` says on stderr; it must refuse them (exit 2)."""
    done = run_bench(name, *options, check=False)
    assert done.returncode == 2, done.stderr
    return done.stderr
