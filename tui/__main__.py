"""`python -m tui` runs the `campfire` command."""

import sys

from tui.cli import main

sys.exit(main())
