"""`analysis simulate` and `analysis edge` show a progress bar with an estimate on a terminal,
and nothing of it when their output goes to pipes or `--json` is asked for."""

from __future__ import annotations

import fcntl
import json
import os
import struct
import subprocess
import sys
import termios

ANALYSIS = (sys.executable, "-m", "casino_gui.analysis")
# The engine's path (`--engine`): its strategy is worked out first, under a bar of its own.
SIMULATE = (*ANALYSIS, "simulate", "blackjack", "--rounds", "300", "--seed", "7", "--engine")


def on_a_terminal(*command: str) -> str:
    """Run the command with stdout and stderr on a real pseudo-terminal; all it wrote there."""
    controller, terminal = os.openpty()
    # 24 rows of 80 columns, as a terminal window has: tqdm draws nothing on a 0×0 one.
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=terminal, stderr=terminal)
    os.close(terminal)
    written = bytearray()
    try:
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # EIO: the program ended and closed its side of the terminal
                break
            if not chunk:
                break
            written += chunk
    finally:
        os.close(controller)
        process.wait(timeout=120)
    assert process.returncode == 0, written.decode(errors="replace")
    return written.decode(errors="replace")


def test_simulate_on_a_terminal_shows_the_rounds_played_and_the_time_left() -> None:
    shown = on_a_terminal(*SIMULATE)
    assert "rounds:" in shown and "300/300" in shown
    assert "100%" in shown and "<" in shown  # [elapsed<left]: the estimate
    assert "strategy:" in shown and "550/550" in shown  # the first deals worked out first
    assert "simulated house edge" in shown


def test_edge_on_a_terminal_shows_the_first_deals_valued() -> None:
    shown = on_a_terminal(*ANALYSIS, "edge", "blackjack")
    assert "first deals:" in shown and "550/550" in shown and "100%" in shown
    assert "Standard BlackJack: house edge 0.654%" in shown


def test_json_on_a_terminal_is_only_the_json() -> None:
    shown = on_a_terminal(*SIMULATE, "--json")
    assert "%|" not in shown
    assert json.loads(shown)["rounds"] == 300


def test_simulate_into_pipes_is_quiet() -> None:
    done = subprocess.run(SIMULATE, capture_output=True, text=True, check=True, timeout=120)
    assert done.stderr == ""
    assert "\r" not in done.stdout and "%|" not in done.stdout
    assert "simulated house edge" in done.stdout


def test_edge_into_pipes_is_quiet() -> None:
    done = subprocess.run(
        (*ANALYSIS, "edge", "blackjack"), capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stderr == ""
    assert done.stdout.startswith("Standard BlackJack: house edge 0.654%")
