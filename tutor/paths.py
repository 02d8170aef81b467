"""Where the course's own files are: the notebooks, the scenarios and the app's Voilà settings.

In a checkout (or an editable install) they are the repository's ``notebooks/``, ``scenarios/``
and ``voila.json``, beside the ``tutor`` package. An installed package (``pip install .``) has no
repository beside it: the build (``setup.py``) copies the same three into the package as
``tutor/_course/``, with the repository's layout, so a notebook's ``../scenarios/…`` path works
in both.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent
INSTALLED = PACKAGE / "_course"


def course_root() -> Path:
    """The folder holding ``notebooks/``, ``scenarios/`` and ``voila.json``: the repository root
    in a checkout, ``tutor/_course`` in an installed package."""
    if (CHECKOUT / "notebooks" / "index.ipynb").is_file() and (CHECKOUT / "scenarios").is_dir():
        return CHECKOUT
    return INSTALLED


COURSE = course_root()
NOTEBOOKS = COURSE / "notebooks"
SCENARIOS = COURSE / "scenarios"
VOILA_JSON = COURSE / "voila.json"
