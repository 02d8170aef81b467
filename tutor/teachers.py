"""The page for teachers: two lesson plans (45 and 90 minutes) as data, how to share a lab board
with the class, how to run the app for a class, and where the worksheets are.

A step names the course pages it uses by notebook file name; the page links those that exist
(``tutor.course`` decides, as the landing page does) and names the others as coming soon, so a
page another part of the course has not written yet is never a dead link.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from tutor import course
from tutor.history import PRINT_SHELL

START_MEMOIR = "00-start-memoir.ipynb"
START_UNDAUNTED = "20-start-undaunted.ipynb"
WORKSHEETS = "worksheets.ipynb"
PLAY = "play-a-battle.ipynb"
PLAY_LA_RAYE = "play-la-raye.ipynb"
LAB = "lab.ipynb"
HISTORY_PEGASUS = "history-pegasus-bridge.ipynb"
HISTORY_LA_RAYE = "history-la-raye.ipynb"

#: Titles of pages that may not be registered (yet) as chapters or tools of the course.
TITLES = {START_MEMOIR: "Start here: Memoir '44 in ten minutes",
          START_UNDAUNTED: "Start here: Undaunted: Normandy in ten minutes",
          WORKSHEETS: "Worksheets"}


@dataclass(frozen=True)
class Step:
    minutes: int
    what: str                  # the activity, one line
    pages: tuple[str, ...]     # notebook file names it uses
    how: str                   # what the teacher and the pairs do


@dataclass(frozen=True)
class Lesson:
    title: str
    minutes: int
    aim: str
    steps: tuple[Step, ...]

    def __post_init__(self):
        """The steps fill the lesson exactly: a plan that runs over or short is refused."""
        total = sum(s.minutes for s in self.steps)
        if total != self.minutes:
            raise ValueError(f"{self.title}: the steps take {total} minutes, not {self.minutes}")


LESSONS: tuple[Lesson, ...] = (
    Lesson("A 45-minute lesson: the bridges on D-Day", 45,
           "Pupils play the first hour of D-Day and compare their battle with the real one.",
           (Step(5, "Briefing", (HISTORY_PEGASUS,),
                 "Project the history page: read the opening lines together and look at the map of the two "
                 "bridges. Ask: why would anyone want these two bridges?"),
            Step(10, "The ten-minute start page", (START_MEMOIR,),
                 "In pairs, one screen each pair: pupils work through the start page. It teaches just enough "
                 "to play."),
            Step(20, "Play in pairs", (PLAY,),
                 "Two on one screen, one side each (the page's Hot-seat tab), with the coach on: it shows each "
                 "player what they may do and why, for the rules the start page leaves out. The game ends at four medals; "
                 "stop everyone at the twenty-minute mark and note who held which bridge."),
            Step(10, "Debrief", (HISTORY_PEGASUS,),
                 "Back to the history page, \u201cYour battle and the real one\u201d: take three questions, "
                 "pairs answer first, then the class. Finish with what really happened at 13:00."),
            )),
    Lesson("A 90-minute lesson: rules, battle and history", 90,
           "Pupils learn the core rules, play a whole battle, and use the sources to compare it with history.",
           (Step(10, "Briefing", (HISTORY_PEGASUS,),
                 "The history page: who fought and why there, and the hour-by-hour table up to 00:30. Leave "
                 "the rest of the night for the debrief."),
            Step(10, "The ten-minute start page", (START_MEMOIR,), "In pairs, as in the short lesson."),
            Step(20, "Two chapters", ("03-command-cards-and-orders.ipynb", "05-battle-range-dice-line-of-sight.ipynb"),
                 "Half the pairs take each chapter and do its check-yourself questions; each pair then explains "
                 "one rule to a pair that read the other chapter."),
            Step(30, "Play in pairs", (PLAY,),
                 "A whole battle, two on one screen. Pairs that finish early swap sides and play again."),
            Step(15, "Debrief", (HISTORY_PEGASUS,),
                 "All the questions of \u201cYour battle and the real one\u201d, and the two maps side by side: "
                 "what does the board leave out, what does it add?"),
            Step(5, "Worksheet", (WORKSHEETS,),
                 "Hand out a chapter's worksheet to finish at home; the answer key is a separate sheet."),
            )),
)

UNDAUNTED_NOTE = (
    "For Undaunted: Normandy, the same shape works with its start page, the chapters on the round and on "
    "combat, and the La Raye history page for the briefing and debrief; pairs then play La Raye, "
    "two on one screen or against the computer.")

_CSS = """<style>
.tutor-teachers{max-width:60em;font-size:15px;line-height:1.5;color:#1f2933}
.tutor-teachers h2{font-size:1.35em;margin:1.1em 0 .4em;border-bottom:1px solid #d0d7de}
.tutor-teachers table.tutor-plan{border-collapse:collapse;width:100%;margin:.4em 0 1em;table-layout:auto !important}
.tutor-teachers table.tutor-plan th,.tutor-teachers table.tutor-plan td{border-bottom:1px solid #eaeef2;
  padding:.35em .5em;text-align:left;vertical-align:top}
.tutor-teachers table.tutor-plan td:first-child,.tutor-teachers table.tutor-plan th:first-child{white-space:nowrap;
  width:6em}
.tutor-teachers .tutor-soon{color:#6e7781}
.tutor-teachers code{background:#f6f8fa;padding:0 .25em}
@media print{
  __PRINT_SHELL__
  .tutor-nav{display:none !important}
  .tutor-teachers{max-width:none;font-size:11pt}
  .tutor-teachers tr,.tutor-teachers li{break-inside:avoid;page-break-inside:avoid}
  .tutor-teachers h2{break-after:avoid;page-break-after:avoid}
}
</style>""".replace("__PRINT_SHELL__", PRINT_SHELL)


def title(notebook: str) -> str:
    """A page's title: a chapter's or tool's from the course, else :data:`TITLES`."""
    for item in course.CHAPTERS + course.TOOLS:
        if item.notebook == notebook:
            if isinstance(item, course.Chapter):
                name = item.title.removeprefix("Undaunted: ")
                return f"{item.game} chapter {item.number}: {name[:1].upper()}{name[1:]}"
            return item.title
    return TITLES[notebook]


def link(notebook: str) -> str:
    """A link to the page if it exists in the course, else its title marked as coming soon."""
    folder = course.notebooks_dir()
    if folder is not None and (folder / notebook).is_file():
        return course._a(notebook, title(notebook))
    return f'{html.escape(title(notebook))} <span class="tutor-soon">(coming soon)</span>'


def lesson_html(lesson: Lesson) -> str:
    rows = []
    start = 0
    for s in lesson.steps:
        pages = ", ".join(link(p) for p in s.pages)
        rows.append(f"<tr><td>{start}\u2013{start + s.minutes} min</td><td><b>{html.escape(s.what)}</b> "
                    f"({pages}). {html.escape(s.how)}</td></tr>")
        start += s.minutes
    return (f"<h2>{html.escape(lesson.title)}</h2><p>{html.escape(lesson.aim)}</p>"
            '<table class="tutor-plan"><tr><th>When</th><th>What</th></tr>' + "".join(rows) + "</table>")


def page_html() -> str:
    e = html.escape
    parts = [_CSS, '<div class="tutor-teachers">']
    parts += [lesson_html(lesson) for lesson in LESSONS]
    parts.append(f"<p>{e(UNDAUNTED_NOTE)} Pages: {link(START_UNDAUNTED)}, "
                 f"{link('22-undaunted-the-round.ipynb')}, {link('25-undaunted-combat-and-casualties.ipynb')}, "
                 f"{link(HISTORY_LA_RAYE)}, {link(PLAY_LA_RAYE)}.</p>")
    parts.append("<h2>Sharing a board with the class</h2><ol>"
                 f"<li>Open the {link(LAB)} and build the board you want to talk about: paint terrain, obstacles "
                 "and units, or open a scenario file.</li>"
                 "<li>The <b>Share</b> box under the board always holds this page's address with the whole board "
                 "packed into it. Copy it and paste it where the class can open it: the class chat, the "
                 "projector, a QR code.</li>"
                 "<li>Everyone who opens the address gets the same board, and can ask it their own questions "
                 "(line of sight, moves, retreat, odds) without changing yours.</li></ol>"
                 "<p>The board travels inside the address: nothing is stored on the server. An address cut short "
                 "or edited by hand is refused with a one-line message and the lab opens a blank board. Boards "
                 "of Memoir '44 can be shared this way; Undaunted: Normandy boards cannot.</p>")
    parts.append("<h2>Running the tutor for a class</h2><ul>"
                 "<li><b>On one computer for a projector</b>: start the app and open it in a browser.</li>"
                 "<li><b>On the school network</b>: the app can serve other computers in the room "
                 "(<code>tutor app --host 0.0.0.0</code>); it warns that anyone who can reach the computer can "
                 "open the course.</li>"
                 "<li><b>A whole class at once</b>: a few pupils can use Binder for a lesson; up to about a hundred "
                 "can share one JupyterHub server; a view-only kiosk serves any number without logins.</li></ul>"
                 "<p>Each recipe, with what one pupil costs in memory and processor, is in the classroom guide that "
                 "comes with the tutor (\u201cRunning the tutor for a class\u201d, in its documentation). Pupils' "
                 "progress stays in each pupil's browser: nothing about a pupil is stored on the server. On "
                 "shared computers, ask pupils to press <b>Start over</b> on the contents page when they finish.</p>")
    parts.append(f"<h2>Worksheets</h2><p>{link(WORKSHEETS)}: each chapter's check-yourself questions as a "
                 "printable worksheet with a separate answer key. The two history pages print as handouts: use "
                 "the browser's Print command; their discussion questions are at the end of each.</p>")
    parts.append("</div>")
    return "".join(parts)


def page():
    from IPython.display import HTML
    return HTML(page_html())
