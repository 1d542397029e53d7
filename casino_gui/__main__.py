"""python -m casino_gui: the same program as the casino-gui command."""

import sys

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # In the frozen program the worker process (casino_gui.gui.workers) starts this same
        # executable: freeze_support() turns that start into the worker instead of a second
        # casino. Elsewhere it does nothing, and importing multiprocessing would delay the
        # first paint by ~7 ms (docs/decisions.md, "Startup and memory").
        import multiprocessing

        multiprocessing.freeze_support()
    from casino_gui.app import main

    sys.exit(main())
