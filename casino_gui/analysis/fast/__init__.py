"""The fast path of `analysis simulate`: Standard BlackJack's rule family at compiled speed.

`fast_refusal` says why a simulation cannot take it (the table's rules, a count that is not
balanced, numba missing or failing to compile), and `simulate_fast` plays the rounds in
chunks of `tables.py`'s arrays with `rounds.play_rounds`, into the same `Simulation` as the
engine's path (docs/decisions.md, "Simulations at compiled speed").
"""

from casino_gui.analysis.fast.running import fast_refusal, simulate_fast

__all__ = ["fast_refusal", "simulate_fast"]
