"""The docstring examples of the package run as tests (python-chess's way: an example that no
longer holds fails here, not in a reader's hands).

Every module of ``tutor`` whose docstrings hold an example (``>>>``) is found and run with
``doctest``; a module added with examples is run without being listed here.
"""

import doctest
import importlib
from pathlib import Path

import pytest

import tutor

ROOT = Path(tutor.__file__).resolve().parent


def _with_examples() -> list[str]:
    names = []
    for path in sorted(ROOT.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            rel = path.relative_to(ROOT.parent).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            names.append(".".join(parts))
    return names


MODULES = _with_examples()


def test_the_examples_are_found():
    # the game protocol, the sides, the Memoir action and the engine's API, at least, teach by example
    assert {"tutor.games", "tutor.sides", "tutor.memoir.action", "tutor.words", "tutor.memoir.engine",
            "tutor.memoir.game"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name, monkeypatch):
    monkeypatch.chdir(ROOT.parent)          # as a reader runs them, in the repository
    failed, tried = doctest.testmod(importlib.import_module(name),
                                    optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried and not failed
