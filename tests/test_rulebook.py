"""Every rule the engines cite quotes its seed file verbatim."""

import importlib
import pkgutil

import pytest

import tutor
from tutor.rulebook import RULES, SEED_FILES, normalize, seeds_dir


def _import_all():
    for mod in pkgutil.walk_packages(tutor.__path__, "tutor."):
        if mod.name.startswith(("tutor.widgets", "tutor.render.canvas")):
            continue   # front-end modules need ipycanvas; rules live in the engines
        try:
            importlib.import_module(mod.name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.split(".")[0] in ("ipywidgets", "ipycanvas", "pandas", "IPython"):
                continue
            raise


def test_quotes_match_the_seed_files():
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("the seed rulebooks (../shared/seeds or $TUTOR_SEEDS) are not here")
    _import_all()
    texts = {f: normalize((seeds / f).read_text(encoding="utf-8")) for f in SEED_FILES}
    assert len(RULES) >= 20
    missing = [k for k, r in RULES.items() if normalize(r.quote) not in texts[r.file]]
    assert missing == []
    headings = [k for k, r in RULES.items() if normalize(r.heading).upper() not in texts[r.file].upper()]
    assert headings == []


def test_engines_import_without_front_end_packages():
    import subprocess
    import sys
    code = ("import sys, tutor.memoir.los, tutor.scenario, tutor.hexes\n"
            "import tutor.memoir, tutor.undaunted\n"
            "bad = [m for m in ('ipywidgets', 'ipycanvas', 'pandas') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)
