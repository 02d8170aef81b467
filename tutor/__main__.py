"""``python -m tutor``: the command line, as ``tutor`` (``python -m tutor app`` serves the course)."""

import sys

from tutor.cli import main

if __name__ == "__main__":      # importing the package's modules one by one (as tests do) runs nothing
    sys.exit(main())
