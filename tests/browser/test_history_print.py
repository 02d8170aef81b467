"""The history pages and the page for teachers print on A4 from a laptop's window (issue 38): the
page shell keeps the screen's 1366-pixel width on its panels, which cut every paragraph's right edge
on paper before these pages' print style. Printed to PDF by Chromium and read back with pdftotext,
every fact's closing words and every lesson step's closing words are on the paper."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata

import pytest

from tutor import history, teachers

from .helpers import wait_for_voila

pytestmark = pytest.mark.browser


def words(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\u00ad", "")
    return " ".join(re.findall(r"[\w'’]+", text))


def printed(chromium, app, tmp_path, name: str) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not found (apt-get install poppler-utils)")
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    try:
        pg = context.new_page()
        pg.set_default_timeout(120_000)
        pg.goto(app + f"voila/render/{name}")
        wait_for_voila(pg)
        pg.wait_for_selector(".tutor-history .tutor-sources, .tutor-teachers h2", state="attached")
        pdf = tmp_path / "page.pdf"
        pg.pdf(path=str(pdf), format="A4", print_background=True)
    finally:
        context.close()
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return words(out)


def ending(text: str, n: int = 4) -> str:
    return " ".join(words(text).split()[-n:])


@pytest.mark.parametrize("key", history.BATTLES)
def test_a_history_page_prints_every_fact_whole(chromium, app, tmp_path, key):
    paper = printed(chromium, app, tmp_path, f"history-{key}.ipynb")
    b = history.BATTLES[key]
    facts = list(b.who) + list(b.why) + [m.fact for m in b.timeline] + list(b.after) + list(b.abstracts) \
        + list(b.departs)
    missing = [f.text for f in facts if ending(f.text) not in paper]
    assert missing == [], "cut on paper:\n" + "\n".join(missing)
    assert all(ending(q) in paper for q in b.questions)


def test_the_teachers_page_prints_every_step_whole(chromium, app, tmp_path):
    paper = printed(chromium, app, tmp_path, "teachers.ipynb")
    steps = [s.how for lesson in teachers.LESSONS for s in lesson.steps]
    missing = [s for s in steps if ending(s) not in paper]
    assert missing == [], "cut on paper:\n" + "\n".join(missing)
