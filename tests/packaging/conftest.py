"""The build scripts of packaging/ are scripts, not a package: put their folder on the path."""

import sys
from pathlib import Path

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
if str(PACKAGING) not in sys.path:
    sys.path.insert(0, str(PACKAGING))
