"""`python -m casino_gui.engine.rules GAME`: print a game's rules, generated from its preset."""

import sys

from casino_gui.engine.describe import main

sys.exit(main())
