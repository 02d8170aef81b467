"""Every rule the battle engine cites quotes its seed file verbatim (after folding line breaks)."""

import pytest

from tutor.memoir import rules as R
from tutor.rulebook import normalize, seeds_dir

KEYS = [k for k, v in vars(R).items() if hasattr(v, "quote")]


@pytest.mark.parametrize("name", KEYS)
def test_quote_is_verbatim(name):
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("seed rulebooks not found")
    r = getattr(R, name)
    text = normalize((seeds / r.file).read_text(encoding="utf-8"))
    assert normalize(r.source_quote) in text, r.key
