"""``python -m tutor``: the command line, as ``tutor`` (``python -m tutor app`` serves the course)."""

import sys

from tutor.cli import main

sys.exit(main())
