"""How long every course page is, as a learner on a laptop meets it (issue 36: no chapter over 1,200
visible words or 6,000 px tall at 1366×768).

One browser, one page after another: each start page and chapter in reading order, and the pages
beside the course. For each, as it opens (before any tap): its visible words (the innerText of the
rendered cells: a closed "Original text" does not count) and its height in px. The figures are
printed as a table (``pytest -s`` shows it). A page within the limits must stay within them; a
page over a limit today is listed in :data:`OVER` with its measured figure, which is its ceiling:
it fails if it grows, and it fails once it is back within the limit (take it out of the table),
so the table only ever shrinks — lower a figure when a page gets shorter.
"""

from __future__ import annotations

import time

import pytest

from tutor import course

from .conftest import ARTIFACTS, PAGE_TIMEOUT
from .helpers import HEIGHT_JS, visible_words, wait_for_voila
from .test_pages import settled

pytestmark = pytest.mark.browser

MAX_WORDS, MAX_HEIGHT = 1200, 6000
LAPTOP = {"width": 1366, "height": 768}
#: A page's height moves by a few px between runs (fonts, a late picture): no more than this.
HEIGHT_SLACK = 40

PAGES = [p.notebook for p in course.reading_order() if p.available] + \
        [t.notebook for t in course.TOOLS if t.available]

#: Pages over a limit today (measured at 1366×768, 28 November 2026): page → {figure: ceiling}.
#: A figure not named here is held to the limit. Lower a ceiling when its page gets shorter.
OVER: dict[str, dict[str, int]] = {
    "conflicts.ipynb": {"words": 13335, "height": 19522},
    "glossary.ipynb": {"words": 3760, "height": 6104},
    "history-pegasus-bridge.ipynb": {"words": 1842},
    "history-la-raye.ipynb": {"words": 1629},
}


def _measure(context, app, notebook: str) -> tuple[int, int, float]:
    """(visible words, height in px, seconds the page took to open and settle)."""
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    began = time.monotonic()
    try:
        page.goto(app + f"voila/render/{notebook}")
        wait_for_voila(page)
        settled(page, quiet_ms=1000)
        return visible_words(page), page.evaluate(HEIGHT_JS), time.monotonic() - began
    finally:
        page.close()


def test_every_page_within_its_length(chromium, app):
    context = chromium.new_context(viewport=LAPTOP)
    figures, started = {}, time.monotonic()
    try:
        for notebook in PAGES:
            figures[notebook] = _measure(context, app, notebook)
    finally:
        context.close()
    table = [f"{'page':44s} {'words':>6s} {'px':>6s} {'s':>4s}   (limits {MAX_WORDS} words, {MAX_HEIGHT} px; "
             f"{time.monotonic() - started:.0f} s in all)"]
    for notebook, (words, height, took) in figures.items():
        flag = "  over: " + ", ".join(f"{n} ceiling {v}" for n, v in OVER[notebook].items()) \
            if notebook in OVER else ""
        table.append(f"{notebook:44s} {words:6d} {height:6d} {took:4.0f}{flag}")
    print("\n" + "\n".join(table))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "page-length.txt").write_text("\n".join(table) + "\n", encoding="utf-8")
    faults = []
    for notebook, (words, height, _) in figures.items():
        ceiling = OVER.get(notebook, {})
        for name, value, limit, slack in (("words", words, MAX_WORDS, 0), ("height", height, MAX_HEIGHT,
                                                                          HEIGHT_SLACK)):
            if name in ceiling:
                if value > ceiling[name] + slack:
                    faults.append(f"{notebook}: {value} {name}, more than its ceiling {ceiling[name]}")
                elif value <= limit:
                    faults.append(f"{notebook}: {value} {name}, within the limit {limit} now: take it out of OVER")
            elif value > limit:
                faults.append(f"{notebook}: {value} {name}, over the limit {limit}")
    assert not faults, "\n".join(faults)
    assert set(OVER) <= set(figures), f"OVER names pages the course does not have: {set(OVER) - set(figures)}"
