"""Every page as a newcomer meets it, at two screen sizes (issue 18).

One visit per page and device, several checks on each visit:

* **laptop** (1366×768, mouse): the page's whole text (hidden rule quotes, tooltips, option lists
  included) names no file, module, internal id, line number or "seed" (``learner_text``), and
  the page shows each rule quote once (no repeated rule blocks), its own prose (the text outside
  the rule quotes and outside anything marked as another language) is American English
  (``british_spellings``; the quotes stay as printed), and
  axe-core finds no serious or critical accessibility violation (buttons and inputs labelled,
  contrast, ARIA). axe comes from the npm registry at test-setup time (``.ci/run`` runs
  ``npm install --prefix tests/browser/node axe-core@4``; ``TUTOR_AXE`` may name another
  axe.min.js).
* **tablet** (768×1024, touch, ``is_mobile``): a tap on the first live board (a drill's or Play a
  battle's) changes what the page says (the drill answers, its text alternative follows), and a
  tap on a check-yourself answer gives its verdict.

On both: the page does not scroll sideways and every board fits the window. With
``TUTOR_SCREENSHOTS=1`` each visit leaves a screenshot in tests/artifacts/ (``page-<device>-<name>.png``)
for a person to look at.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter

import pytest

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:          # the chromium fixture skips (or fails) with the reason
    PlaywrightError = AssertionError

from tutor import course

from .conftest import ARTIFACTS, PAGE_TIMEOUT, ROOT, unavailable
from .helpers import wait_for_canvases, wait_for_voila
from .learner_text import british_spellings, internal_words

pytestmark = pytest.mark.browser

PAGES = ([course.INDEX] + [p.notebook for p in course.reading_order() if p.available]
         + [t.notebook for t in course.TOOLS if t.available])
DEVICES = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
               "device_scale_factor": 2},
}

# The text a person can read on the page, hidden parts included (a closed <details> is one click
# away), plus what tooltips, labels and placeholders say, and the words drawn in each board picture
# (an image of an SVG document); never styles or scripts.
PAGE_TEXT_JS = """
() => {
  const root = document.body.cloneNode(true);
  root.querySelectorAll('style, script, noscript, template').forEach(e => e.remove());
  const attrs = [...document.body.querySelectorAll('[title], [aria-label], [placeholder], [alt]')]
    .map(e => ['title', 'aria-label', 'placeholder', 'alt'].map(a => e.getAttribute(a) || '').join(' '));
  const drawn = [...document.querySelectorAll('img.tutor-picture')].map(img => {
    const svg = decodeURIComponent(img.getAttribute('src').replace(/^data:image\\/svg\\+xml,/, ''));
    return new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement.textContent;
  });
  return root.textContent + '\\n' + attrs.join('\\n') + '\\n' + drawn.join('\\n');
}
"""

# Every rule quote on the page (a rule block's original wording, the <blockquote> that ``tutor.explain``
# and the glossary's side-by-side view render it in), and the page's prose: its text with the
# quotes, and every element marked as written in another language, left out.
QUOTES_JS = """
() => [...document.querySelectorAll('blockquote[lang]')].map(e => e.textContent.split(/\\s+/).join(' ').trim())
  .filter(t => t)
"""
PROSE_JS = """
() => {
  const root = document.body.cloneNode(true);
  root.querySelectorAll('style, script, noscript, template, blockquote[lang], q, [lang]:not([lang|="en"])')
    .forEach(e => e.remove());
  return root.textContent;
}
"""


def repeated(quotes: list[str]) -> list[str]:
    """The rule quotes a page shows more than once (each rule block once per page)."""
    return [f"{n} × {q[:100]}" for q, n in Counter(quotes).items() if n > 1]


# Layout: how far the page (or Voilà's scrolling container) scrolls sideways, and every visible
# board, table, picture or output that sticks out of the window (Voilà scrolls an inner element,
# so the document's own width alone would not show it).
LAYOUT_JS = """
() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  const sel = 'canvas, svg, table, img, pre, .jp-OutputArea-output, .widget-box, .jp-RenderedHTMLCommon > *';
  // a board too wide to shrink scrolls inside its own box (.tutor-board-scroll): the box must fit
  const boxed = el => { const b = el.closest('.tutor-board-scroll');
    if (!b) return false; const r = b.getBoundingClientRect(); return r.left >= -1 && r.right <= w + 1; };
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width < 24 || r.height < 12) continue;           // hidden, icons, legend swatches
    if ((r.left < -1 || r.right > w + 1) && !boxed(el)) {
      const name = el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ?
        '.' + String(el.className).trim().split(/\\s+/).slice(0, 2).join('.') : '');
      out.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)} of ${w}`);
    }
  }
  let scroll = document.documentElement.scrollWidth - w;
  for (const el of document.querySelectorAll('body, body > *, #main, #rendered_cells, .jp-Notebook')) {
    const style = getComputedStyle(el);
    if (['auto', 'scroll'].includes(style.overflowX) || el === document.body)
      scroll = Math.max(scroll, el.scrollWidth - el.clientWidth);
  }
  return {scroll: scroll, outside: out.slice(0, 8)};
}
"""

# Every board picture (an image) draws once it is scrolled into view (they load lazily); the
# pictures that did not, by their alt text.
PICTURES_JS = """
async () => {
  const blank = [];
  for (const img of document.querySelectorAll('img.tutor-picture')) {
    img.scrollIntoView();
    try { await img.decode(); } catch (e) { /* counted below */ }
    if (!(img.complete && img.naturalWidth > 0)) blank.push((img.alt || '(no alt text)').slice(0, 80));
  }
  window.scrollTo(0, 0);
  return blank;
}
"""

AXE_DEFAULT = ROOT / "tests" / "browser" / "node" / "node_modules" / "axe-core" / "axe.min.js"
# Left out: the handle of ipywidgets' slider (noUiSlider) is an ARIA slider without a name, whatever
# the widget's description says; ipywidgets draws it, no page of the course can label it.
AXE_RUN_JS = """
async () => {
  const r = await axe.run({exclude: [['.noUi-handle']]}, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v =>
    `${v.impact} ${v.id}: ${v.help} — ` + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' +
      (n.failureSummary || '').split('\\n').slice(1, 2).join('')).join(' | '));
}
"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    path = os.environ.get("TUTOR_AXE") or str(AXE_DEFAULT)
    if not os.path.isfile(path):
        unavailable(f"axe-core is not installed ({path}): npm install --prefix tests/browser/node axe-core@4")
    return path


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


def failed(pg, device: str, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"failed-{device}-{name}.png"), full_page=True)


@pytest.mark.parametrize("name", PAGES)
def test_page_on_a_laptop(app, contexts, axe_source, name):
    pg = open_page(contexts, "laptop", app, name)
    try:
        text = pg.evaluate(PAGE_TEXT_JS)
        assert "Traceback" not in text and "There was an error when executing cell" not in text
        found = internal_words(text)
        assert found == [], f"{name} shows internal words:\n" + "\n".join(found)
        twice = repeated(pg.evaluate(QUOTES_JS))
        assert twice == [], f"{name} repeats rule blocks:\n" + "\n".join(twice)
        british = british_spellings(pg.evaluate(PROSE_JS))
        assert british == [], f"{name}: British spellings in the course's own prose:\n" + "\n".join(british)
        blank = pg.evaluate(PICTURES_JS)
        assert blank == [], f"{name}: board pictures that did not draw: {blank}"
        screenshot(pg, "laptop", name)
        check_layout(pg, "laptop", name)
        pg.add_script_tag(path=axe_source)
        violations = pg.evaluate(AXE_RUN_JS)
        assert violations == [], f"{name}: accessibility violations (axe-core):\n" + "\n".join(violations)
    except AssertionError:
        failed(pg, "laptop", name)
        raise
    finally:
        pg.close()


# What the page says that a tap may change: its text (status lines, verdicts, board descriptions).
SAYS_JS = "() => document.body.innerText + [...document.querySelectorAll('.tutor-sr')].map(e => e.textContent).join('')"


@pytest.mark.parametrize("name", PAGES)
def test_page_on_a_tablet(app, contexts, name):
    pg = open_page(contexts, "tablet", app, name)
    try:
        screenshot(pg, "tablet", name)
        check_layout(pg, "tablet", name)
        # a live board of the drill base or Play a battle: its text alternative follows it
        board = pg.locator("xpath=//*[contains(@class, 'tutor-board')]"
                           "[following-sibling::*[1]//*[contains(@class, 'tutor-sr')]]").first
        if board.count():
            board.scroll_into_view_if_needed()
            before = pg.evaluate(SAYS_JS)
            box = board.bounding_box()
            pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            pg.wait_for_function(f"() => ({SAYS_JS})() !== {json.dumps(before)}", timeout=30_000)
        question = pg.locator(".tutor-question").first
        if question.count():
            question.scroll_into_view_if_needed()
            question.locator("button").first.tap()
            question.get_by_text(re.compile(r"^(Right\.|Not yet)")).wait_for()
    except (AssertionError, PlaywrightError):
        failed(pg, "tablet", name)
        raise
    finally:
        pg.close()


def test_a_chapter_prints_whole_with_every_board_picture(app, contexts):
    """A teacher prints a chapter a few seconds after it opens, without scrolling: the printout has
    the whole chapter (the page's shell flows at its full height in print: ``tutor/static/page.css``;
    it printed two pages before), and every board picture is drawn (pictures load lazily as they
    come into view; ``tutor/static/pictures.js`` loads the rest once the page has started)."""
    name = "05-battle-range-dice-line-of-sight.ipynb"
    pg = contexts["laptop"].new_page()
    pg.set_default_timeout(PAGE_TIMEOUT)
    try:
        pg.goto(app + f"voila/render/{name}")
        wait_for_voila(pg)
        pictures = pg.locator("img.tutor-picture")
        pictures.first.wait_for(state="attached")
        pg.wait_for_function("() => [...document.querySelectorAll('img.tutor-picture')]"
                             ".every(i => i.complete && i.naturalWidth > 0)", timeout=30_000)
        assert pictures.count() >= 5
        assert pg.evaluate("document.querySelector('#rendered_cells').scrollTop") == 0     # never scrolled
        pg.emulate_media(media="print")
        tall = pg.evaluate("document.documentElement.scrollHeight")
        pdf = pg.pdf()
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        # Letter, default margins: about 1,000 CSS px of the page on each sheet
        assert tall > 5_000 and pages >= tall // 1_200, (tall, pages)
    except (AssertionError, PlaywrightError):
        failed(pg, "laptop", "print-" + name)
        raise
    finally:
        pg.close()
