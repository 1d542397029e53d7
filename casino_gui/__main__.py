"""python -m casino_gui: the same program as the casino-gui command."""

import multiprocessing
import sys

if __name__ == "__main__":
    # In the frozen program the worker process (casino_gui.gui.workers) starts this same
    # executable: freeze_support() turns that start into the worker instead of a second casino.
    multiprocessing.freeze_support()
    from casino_gui.app import main

    sys.exit(main())
