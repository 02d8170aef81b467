"""The glossary as a newcomer meets it on a classroom tablet (768×1024, touch, no hover): search a
word, read its one-line meaning, tap "Spanish, Czech, Polish" to see the rulebooks' own words,
and follow the link to the chapter that teaches it. What the page must show comes from
``tutor.lab.glossary`` in this process. A screenshot goes to tests/artifacts/glossary-tablet.png.
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, PAGE_TIMEOUT
from .helpers import wait_for_voila

pytestmark = pytest.mark.browser

TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
          "device_scale_factor": 2}


def test_search_a_term_tap_its_originals_and_follow_its_chapter_on_a_tablet(chromium, app):
    from tutor.lab import glossary as g
    found = g.search("overrun")
    term = g.term("overrun")
    assert term in found and len(found) < len(g.TERMS)
    chapter = g.teaching_chapter(term)
    spanish = term.word("es").text
    context = chromium.new_context(**TABLET)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    try:
        page.goto(app + "voila/render/glossary.ipynb")
        wait_for_voila(page)
        page.get_by_text(f"{len(g.TERMS)} of {len(g.TERMS)} terms").wait_for()
        box = page.get_by_placeholder("search in any language", exact=False)
        box.tap()
        box.fill("overrun")
        page.get_by_text(f"{len(found)} of {len(g.TERMS)} terms").wait_for()
        row = page.locator(f'tr[data-term="{term.id}"]')
        assert g.meaning(term) in row.inner_text()
        # the originals are closed until tapped: one tap, no hover
        word = row.get_by_text(spanish, exact=True)
        assert not word.is_visible()
        row.get_by_text("Spanish, Czech, Polish").tap()
        word.wait_for(state="visible")
        # lines of a cell set close, as in a book (not the 28 px line of a widget's label)
        gap = row.evaluate("r => parseFloat(getComputedStyle(r.querySelector('td')).lineHeight)")
        assert gap < 1.6 * row.evaluate("r => parseFloat(getComputedStyle(r.querySelector('td')).fontSize)")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "glossary-tablet.png"))
        assert "hover" not in page.evaluate("document.body.innerText").lower()
        # the chapter that teaches it, one tap away, by its number and title
        link = row.get_by_role("link", name=f"{chapter.number}. {chapter.title}")
        link.tap()
        page.wait_for_url(f"**/{chapter.notebook}")
    finally:
        context.close()
