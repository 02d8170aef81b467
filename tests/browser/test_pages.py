"""Every page as a newcomer meets it, at two screen sizes (issue 18).

One visit per page and device, several checks on each visit:

* **laptop** (1366×768, mouse): the page's whole text (hidden rule quotes, tooltips, option lists
  included) names no file, module, internal id, line number or "seed" (``learner_text``).
* **tablet** (768×1024, touch, ``is_mobile``): the same text check is not repeated.

On both: the page does not scroll sideways and every board fits the window. With
``TUTOR_SCREENSHOTS=1`` each visit leaves a screenshot in tests/artifacts/ (``page-<device>-<name>.png``)
for a person to look at.
"""

from __future__ import annotations

import os

import pytest

from tutor import course

from .conftest import ARTIFACTS, PAGE_TIMEOUT
from .helpers import wait_for_canvases, wait_for_voila
from .learner_text import internal_words

pytestmark = pytest.mark.browser

PAGES = [course.INDEX] + [c.notebook for c in course.available()] + [t.notebook for t in course.TOOLS
                                                                      if t.available]
DEVICES = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
               "device_scale_factor": 2},
}

# The text a person can read on the page, hidden parts included (a closed <details> is one click
# away), plus what tooltips, labels and placeholders say; never styles or scripts.
PAGE_TEXT_JS = """
() => {
  const root = document.body.cloneNode(true);
  root.querySelectorAll('style, script, noscript, template').forEach(e => e.remove());
  const attrs = [...document.body.querySelectorAll('[title], [aria-label], [placeholder], [alt]')]
    .map(e => ['title', 'aria-label', 'placeholder', 'alt'].map(a => e.getAttribute(a) || '').join(' '));
  return root.textContent + '\\n' + attrs.join('\\n');
}
"""

# Layout: how far the page scrolls sideways, and every visible canvas or svg board that sticks out.
LAYOUT_JS = """
() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('canvas, svg')) {
    const r = el.getBoundingClientRect();
    if (r.width < 120 || r.height < 60) continue;          // icons, legend swatches
    if (r.left < -1 || r.right > w + 1) out.push(`${el.tagName} ${Math.round(r.left)}..${Math.round(r.right)} of ${w}`);
  }
  return {scroll: document.documentElement.scrollWidth - w, outside: out};
}
"""


@pytest.fixture(scope="module")
def contexts(chromium):
    """One browser context per device for the module (pages are opened and closed in them)."""
    made = {name: chromium.new_context(**opts) for name, opts in DEVICES.items()}
    yield made
    for c in made.values():
        c.close()


def open_page(contexts, device: str, app, name: str):
    pg = contexts[device].new_page()
    pg.set_default_timeout(PAGE_TIMEOUT)
    pg.goto(app + f"voila/render/{name}")
    wait_for_voila(pg)
    if settled(pg):
        state = wait_for_canvases(pg, 90_000)
        assert state["blank"] == [], f"{name}: a board stayed blank on the {device}"
    return pg


def settled(pg, quiet_ms: int = 1500) -> int:
    """Wait until no widget view or output has appeared for ``quiet_ms`` (a page of plain HTML
    outputs has none: that is settled too); return how many canvases the page has."""
    pg.wait_for_function(
        """([quiet]) => {
          const n = document.querySelectorAll('.jupyter-widgets, .widget-html, canvas, .jp-OutputArea-output').length;
          const now = performance.now();
          if (window.__tutorN !== n) { window.__tutorN = n; window.__tutorAt = now; }
          return now - window.__tutorAt >= quiet;
        }""", arg=[quiet_ms], timeout=60_000, polling=100)
    return pg.locator("canvas").count()


def screenshot(pg, device: str, name: str) -> None:
    if os.environ.get("TUTOR_SCREENSHOTS") == "1":
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"page-{device}-{name}.png"), full_page=True)


def check_layout(pg, device: str, name: str) -> None:
    layout = pg.evaluate(LAYOUT_JS)
    assert layout["scroll"] <= 1, f"{name} scrolls sideways by {layout['scroll']} px on the {device}"
    assert layout["outside"] == [], f"{name}: boards stick out of the {device} window: {layout['outside']}"


@pytest.mark.parametrize("name", PAGES)
def test_page_on_a_laptop(app, contexts, name):
    pg = open_page(contexts, "laptop", app, name)
    try:
        text = pg.evaluate(PAGE_TEXT_JS)
        assert "Traceback" not in text and "There was an error when executing cell" not in text
        found = internal_words(text)
        assert found == [], f"{name} shows internal words:\n" + "\n".join(found)
        screenshot(pg, "laptop", name)
        check_layout(pg, "laptop", name)
    except AssertionError:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"failed-laptop-{name}.png"), full_page=True)
        raise
    finally:
        pg.close()
