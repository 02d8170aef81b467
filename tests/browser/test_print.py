"""Pages print whole from Chromium at A4 and Letter (tutor/static/page.css, the worksheets of
tutor.lab.handouts): laid out at the paper's printable width, no element reaches past it (no cut
text on the right edge, boards within the page), nothing to press is printed, and no sheet of the
PDF is blank."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from tests.browser.helpers import wait_for_voila, wait_for_widgets_settled
from tutor.lab import handouts

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is needed")]

# The printable width in CSS px: the paper less the 12 mm margins of @page (96 px an inch)
PRINTABLE = {"A4": round((210 - 24) / 25.4 * 96), "Letter": round((215.9 - 24) / 25.4 * 96)}

PAST_THE_EDGE_JS = """
(width) => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.ownerSVGElement) continue;            // a picture's drawing is cut to the picture's box
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > width + 1 || r.left < -1) {
      const text = (el.textContent || '').trim().slice(0, 40);
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(r.left)}-${Math.round(r.right)} ${text}`);
    }
  }
  return out;
}
"""
CONTROLS_JS = """
() => [...document.querySelectorAll('button, select, input, textarea, .tutor-nav')]
  .filter(e => e.getBoundingClientRect().width > 0 && !e.closest('[data-tutor-question]'))
  .map(e => e.outerHTML.slice(0, 80))
"""


def pages_text(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "page.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")[:-1]


def words_past_the_margin(pdf: bytes, tmp_path) -> list[str]:
    """The words of the PDF (pdftotext -bbox) that reach into the right margin or past the sheet."""
    path = tmp_path / "words.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    past = []
    for sheet in re.finditer(r'<page width="([\d.]+)".*?</page>', out, re.S):
        edge = float(sheet[1]) - 12 / 25.4 * 72 + 1          # the right margin's inner edge, in points
        past += [w[2] for w in re.findall(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">'
                                          r'([^<]*)</word>', sheet[0]) if float(w[0]) > edge]
    return past


def check_print(page, fmt: str, tmp_path) -> list[str]:
    """Print the page at ``fmt`` as it is (the window's size unchanged, as a teacher prints it):
    no word in the right margin or past the sheet, no blank sheet; then, laid out at the printable
    width, no element past it and no control printed. Returns each sheet's text."""
    page.emulate_media(media="print")
    pdf = page.pdf(format=fmt)
    assert words_past_the_margin(pdf, tmp_path) == [], fmt
    sheets = pages_text(pdf, tmp_path)
    assert sheets and all(s.strip() for s in sheets), (fmt, [len(s.strip()) for s in sheets])
    size = page.viewport_size
    page.set_viewport_size({"width": PRINTABLE[fmt], "height": 1000})
    page.wait_for_timeout(300)
    assert page.evaluate(PAST_THE_EDGE_JS, PRINTABLE[fmt]) == [], fmt
    assert page.evaluate(CONTROLS_JS) == [], fmt
    page.set_viewport_size(size)
    return sheets


@pytest.mark.parametrize("answers", [False, True], ids=["worksheet", "answer-key"])
def test_a_worksheet_and_its_key_print_whole_at_a4_and_letter(page, tmp_path, answers):
    page.set_content(handouts.worksheet_html("07", answers=answers))
    for fmt in PRINTABLE:
        sheets = check_print(page, fmt, tmp_path)
        text = re.sub(r"\s+", " ", "\n".join(sheets))
        assert ("— answer key" if answers else "— worksheet") in re.sub(r"\s+", " ", sheets[0])
        on_paper = len(handouts.worksheet_questions("07"))     # its questions not answered on a live board
        assert on_paper >= 1
        assert text.count("Question ") == (0 if answers else on_paper) and ("Answer:" in text) == answers


def print_app_page(app, page, tmp_path, name: str, says: str) -> list[str]:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(app + f"voila/render/{name}")
    wait_for_voila(page)
    wait_for_widgets_settled(page)
    text = []
    for fmt in PRINTABLE:
        sheets = check_print(page, fmt, tmp_path)
        assert says in re.sub(r"\s+", " ", sheets[0]), (name, fmt)
        text += sheets
    return text


def test_a_chapter_prints_within_the_page_at_a4_and_letter(app, page, tmp_path):
    print_app_page(app, page, tmp_path, "07-hits-flags-and-retreat.ipynb", "Hits, flags and retreat")


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TUTOR_SLOW"), reason="the long run: TUTOR_SLOW=1 python -m pytest -m slow")
def test_the_worksheets_page_prints_its_sheet_alone(app, page, tmp_path):
    text = print_app_page(app, page, tmp_path, "worksheets.ipynb", "— worksheet")
    assert "Pick a chapter" not in "\n".join(text)          # the page's own text is for the screen
