"""The worksheets page: a chapter's check-yourself questions to print, or their answer key
(``tutor.lab.handouts.worksheet_sheet``), shown on the page and as a file to download.

The teacher picks a chapter and the sheet; the page shows it as it prints. Printing the page
(the browser's Print) gives the sheet alone: the print stylesheet (``tutor/static/page.css``)
leaves out the page's controls, and this page's own text is left out too.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as W

# This page prints its sheet only: the text above it and the controls are for the screen.
PRINT_SHEET_ONLY = ("<style>@media print { .jp-MarkdownCell, .tutor-no-print { display: none !important; } }"
                    "</style>")
SHEETS = ("Worksheet", "Answer key")


def _download(text: str, name: str, label: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(name)}" href="data:text/html;charset=utf-8;base64,{data}" '
            f'style="text-decoration:underline;margin-right:1.5em">{html.escape(label)}</a>')


def worksheets(chapter: str | None = None):
    """A chapter picker, the sheet picker (worksheet or answer key), the download links and the
    sheet as it prints."""
    from tutor import course
    from tutor.lab import handouts
    numbers = handouts.chapters_with_worksheets()
    by_number = {c.notebook.split("-", 1)[0]: c for c in course.CHAPTERS}
    options = [(handouts.sheet_title(by_number[n]), n) for n in numbers]
    pick = W.Dropdown(options=options, value=chapter or numbers[0], description="Chapter",
                      layout=W.Layout(width="min(100%, 40em)"))
    kind = W.ToggleButtons(options=SHEETS, value=SHEETS[0])
    links = W.HTML()
    sheet = W.HTML()
    links.add_class("tutor-no-print")

    def show(_=None):
        answers = kind.value == SHEETS[1]
        sheet.value = handouts.worksheet_sheet(pick.value, answers=answers)
        n = pick.value
        links.value = (
            "<p>Print this page (the browser's <b>Print</b>, A4 or Letter) for the sheet alone, or download "
            "it: " + _download(handouts.worksheet_html(n), f"worksheet-{n}.html", "the worksheet")
            + _download(handouts.worksheet_html(n, answers=True), f"answer-key-{n}.html", "the answer key")
            + "</p>")
    pick.observe(show, names="value")
    kind.observe(show, names="value")
    show()
    box = W.VBox([W.HTML(PRINT_SHEET_ONLY), W.HBox([pick, kind]), links, sheet])
    box.pick, box.kind, box.sheet, box.links = pick, kind, sheet, links
    return box
