"""Handouts: every chapter listed below (the ones that have one) gives a page whose inline SVGs
parse, with the chapter's title and at least one original rule quote; the rest say "no handout yet"."""

import re
import xml.etree.ElementTree as ET
from html import escape

import pytest

from tutor import course
from tutor.errors import InputError
from tutor.lab import handouts

COVERED = ("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12",
           "21", "22", "23", "24", "25", "26", "27", "28")


def _num(c):
    return c.notebook.split("-", 1)[0]


def test_covered_list_matches_registry():
    assert handouts.chapters_with_handouts() == sorted(COVERED)


@pytest.mark.parametrize("chapter", [c for c in course.CHAPTERS if c.available], ids=_num)
def test_chapter_handout(chapter):
    num = _num(chapter)
    if num not in COVERED:
        with pytest.raises(InputError, match="no handout yet"):
            handouts.handout_html(num)
        return
    html = handouts.handout_html(num)
    assert html.startswith("<!doctype html>")
    assert escape(chapter.title) in html
    svgs = re.findall(r"<svg\b.*?</svg>", html, re.DOTALL)
    assert svgs
    for s in svgs:
        ET.fromstring(s)
    quotes = re.findall(r'<q lang="[a-z]+">([^<]+)</q>', html)
    assert quotes and all(q.strip() for q in quotes)


def test_setup_sheet_draws():
    for svg_text, _ in handouts._PICTURES[handouts.SHEETS["02"].pictures]():
        ET.fromstring(svg_text)


def test_write_to_folder(tmp_path):
    out = handouts.write("25", tmp_path)
    assert out.name == "handout-25.html" and "<svg" in out.read_text(encoding="utf-8")
