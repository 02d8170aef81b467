"""The package's docstring examples run as tests, so they cannot drift from the engine.

Every ``>>>`` example in the engines' modules (Memoir '44, Undaunted: Normandy and the shared
modules they build on) is run with the repository as the working directory, as a reader would
run them; an example that should not run here (writing a file) says ``# doctest: +SKIP``.
"""

import doctest
import importlib
import os
import pkgutil

import pytest

import tutor
import tutor.memoir
import tutor.undaunted

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(tutor.__file__)))
SHARED = ("tutor.words", "tutor.hexes", "tutor.odds", "tutor.scenario", "tutor.rulebook", "tutor.explain")


def _engine_modules() -> list[str]:
    names = list(SHARED)
    for pkg in (tutor.memoir, tutor.undaunted):
        names += [f"{pkg.__name__}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__)]
    return sorted(names)


MODULES = _engine_modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    tests = doctest.DocTestFinder(exclude_empty=True).find(module, name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out = []
    for t in tests:
        runner.run(t, out=out.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(out)


def test_the_engines_have_examples_to_run():
    # the API docstrings a reader copies from: each must hold examples, or this module tests nothing
    for name in ("tutor.memoir.engine", "tutor.memoir.game", "tutor.words"):
        tests = doctest.DocTestFinder(exclude_empty=True).find(importlib.import_module(name), name)
        assert sum(len(t.examples) for t in tests) >= 1, name
