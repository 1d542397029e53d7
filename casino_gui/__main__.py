"""python -m casino_gui: the same program as the casino-gui command."""

import sys

from casino_gui.app import main

sys.exit(main())
