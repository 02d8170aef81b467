"""The course: the ordered list of chapters, the landing page, chapter navigation and progress.

Every chapter is a notebook in ``notebooks/`` and a module in ``tutor/chapters/`` that declares
it once, at its top (``PAGE = Chapter(...)``: its notebook, title, headings, concepts, handout and
preheating; a start page ``PAGE = Start(...)``); the course lists every declared chapter, written
or planned; a chapter is ``available`` once its notebook file exists, and only available chapters
are linked. ``notebooks/index.ipynb`` shows the list (:func:`index`); every chapter shows links back
and forward with :func:`nav`::

    from tutor import course
    course.nav("01-battlefield-and-line-of-sight.ipynb")

**Progress** ("the learner's progress in this session") lives in the learner's browser, in
``localStorage`` under the key :data:`STORAGE_KEY`, so it follows the learner from page to page
although every Voilà page runs in its own kernel, stays private to that browser (two learners on
one server never see each other's progress) and needs no cookie, file or database on the server.
The page script (:func:`page_script`, ``tutor/static/course.js``) keeps it: a chapter's
navigation bar marks the chapter opened (with how many questions it asks), a check-yourself
question is kept as tried, as solved (answered right before its answer was shown) or as shown
(``tutor.quiz``), and the landing page shows beside each chapter whether it was read (opened and
every question tried) and how many questions were solved. "Start over" on the landing page clears
it. The kernel sees it only when the learner asks for a completion code (``tutor.completion``).

Links are relative (``01-….ipynb`` beside ``index.ipynb``), so they work wherever the notebooks
are served: ``/voila/render/<name>`` in the standalone app, ``/voila/render/notebooks/<name>`` on
Binder or JupyterHub, and in JupyterLab too.

The pages this module makes are page HTML (IPython's ``HTML``), not widgets: the browser shows them
with the page, before it builds the page's widgets.
"""

from __future__ import annotations

import ast
import functools
import html
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor import paths

MEMOIR = "Memoir '44"
UNDAUNTED = "Undaunted: Normandy"
GAMES = (MEMOIR, UNDAUNTED)
#: The games by the short names a command takes (``tutor app --class N --game memoir``).
GAME_KEYS = {"memoir": MEMOIR, "undaunted": UNDAUNTED}

M44 = "memoir44-rules-es.txt"
OVERLORD = "memoir44-overlord-rules-pl.txt"
UND = "undaunted-normandy-rules-cs.txt"

INDEX = "index.ipynb"
STORAGE_KEY = "tutor-progress-v2"    # v1 counted a question solved after its answer was shown


@dataclass(frozen=True)
class Handout:
    """A chapter's printable one-page reference (``tutor.lab.handouts``): its boards, its rules, and
    what the engine works out for it."""
    boards: tuple[str, ...] = ()   # scenario files under scenarios/
    rules: tuple[str, ...] = ()    # rule keys (tutor.rulebook.RULES)
    dice_table: bool = False
    pictures: str = ""             # a picture set drawn from the chapter's helpers (handouts._PICTURES)
    tables: str = ""               # a set of tables worked out by the engine (handouts._TABLES)


@dataclass(frozen=True)
class Chapter:
    """A chapter, as its module in ``tutor/chapters/`` declares it (``PAGE = Chapter(...)``)."""
    notebook: str      # file name in notebooks/
    title: str
    game: str          # one of GAMES
    teaches: str       # one line: what the learner can do afterwards
    seed: str          # seed rulebook file the chapter cites
    heading: str       # headings in that file, as printed ("; " between two)
    concepts: tuple[str, ...] = ()  # the concepts it teaches (tutor.concepts.CONCEPTS' ids)
    handout: Handout | None = None  # its printable reference (tutor.lab.handouts)
    # whether the app keeps a kernel waiting for it while a learner reads the page before it
    preheat: bool = True

    def __post_init__(self):
        """Every heading has its English section name (``tutor.rulebook.SECTIONS``): a ValueError
        names the one that has none."""
        _ = self.sections

    @property
    def available(self) -> bool:
        """Whether the chapter's notebook has been written (its file exists)."""
        folder = notebooks_dir()
        return folder is not None and (folder / self.notebook).is_file()

    @property
    def number(self) -> int:
        """The chapter's number within its game (Memoir '44 1–14, Undaunted: Normandy 1–8)."""
        return [c for c in CHAPTERS if c.game == self.game].index(self) + 1

    @property
    def sections(self) -> str:
        """The headings' sections in English: "Resolve Battle; Retreat" for "RESOLUCIÓN DEL
        ATAQUE; RETIRADA"."""
        from tutor.rulebook import section_name
        return "; ".join(section_name(self.seed, h) for h in self.heading.split("; "))

    @property
    def cite(self) -> str:
        """The book and sections, as a learner cites them, in English (never the seed file's name):
        "Undaunted: Normandy rulebook (Czech), Movement Actions; Fog of War"."""
        from tutor.rulebook import SEED_FILES
        return f"{SEED_FILES[self.seed][0]}, {self.sections}"


@dataclass(frozen=True)
class Tool:
    """A page that is not a chapter (a game to play, the lab, the glossary), listed after them."""
    notebook: str
    title: str
    teaches: str       # one line: what it is for
    # whether the app keeps a kernel waiting for it while learners are on the landing page: pages
    # a learner opens from there do; pages a teacher opens now and then (the history pages, the
    # page for teachers: plain text, no board) are not worth a waiting kernel's 70 MB
    ahead: bool = True

    @property
    def available(self) -> bool:
        folder = notebooks_dir()
        return folder is not None and (folder / self.notebook).is_file()


#: Pages beside the course, in the order the landing page lists them.
TOOLS: tuple[Tool, ...] = (
    Tool("play-a-battle.ipynb", "Play a battle: Pegasus Bridge",
         "A whole Memoir '44 battle on a live board, solo against the tutor or two on one screen."),
    Tool("play-la-raye.ipynb", "Play La Raye",
         "A whole Undaunted: Normandy game, the scenario book's first, solo against the computer or two on one screen."),
    # never preheated: it reads ?board= from its address, which a kernel started ahead of the
    # visit cannot see
    Tool("lab.ipynb", "Edge-case lab",
         "Paint a board, ask what the rules say about it (sight, moves, retreat, odds), share it by link.",
         ahead=False),
    Tool("conflicts.ipynb", "Where the sources disagree",
         "Every place the rulebooks differ, the texts side by side and the ruling the tutor uses."),
    Tool("glossary.ipynb", "Glossary",
         "Every rule term: what it means, the chapter that teaches it, and the Spanish, Czech and "
         "Polish words."),
    Tool("history-pegasus-bridge.ipynb", "Pegasus Bridge: the real battle",
         "The night of 5–6 June 1944 hour by hour, a map of the real bridges beside the board, questions.", ahead=False),
    Tool("history-la-raye.ipynb", "La Raye: the real fighting",
         "What the scenario book and the histories say about 15–16 June 1944, with a map and questions.", ahead=False),
    Tool("teachers.ipynb", "For teachers",
         "Lesson plans for 45 and 90 minutes, sharing a board with the class, running the app, worksheets.", ahead=False),
    Tool("completion.ipynb", "Your completion code",
         "A short signed code for your teacher: the chapters you have read and the questions you solved.", ahead=False),
    Tool("worksheets.ipynb", "Worksheets to print",
         "Each chapter's check-yourself questions on paper, with a separate answer key, for a class.", ahead=False),
    Tool("results.ipynb", "Results for teachers",
         "Paste the class's completion codes: a table of who read what, to download as a spreadsheet.", ahead=False),
)


@dataclass(frozen=True)
class Start:
    """A game's first page, before its chapter 1: the game in ten minutes (the goal, one whole turn
    on a live board, the units, the dice, a map of the chapters). Its module in ``tutor/chapters/``
    declares it (``PAGE = Start(...)``)."""
    notebook: str
    title: str
    game: str
    teaches: str
    concepts: tuple[str, ...] = ()  # the concepts it teaches (tutor.concepts.CONCEPTS' ids)
    # whether the app keeps a kernel waiting for it from the server's start (the landing page
    # leads to it) and while a learner reads the page before it
    preheat: bool = True

    @property
    def available(self) -> bool:
        folder = notebooks_dir()
        return folder is not None and (folder / self.notebook).is_file()


# --------------------------------------------------------------------------------------------
# The declarations. Each module of tutor/chapters/ declares its page near its top, once:
#
#     PAGE = Chapter(
#         notebook="05-battle-range-dice-line-of-sight.ipynb",
#         title=…, game=MEMOIR, teaches=…, seed=M44, heading=…, concepts=(…), handout=Handout(…),
#         preheat=True,
#     )
#
# a call of Chapter or Start with keyword arguments, ending with a line ")" alone, written with
# literals, tuples and the names of _DECLARING only. The course reads the declarations from the
# modules' text without running the modules (they import the engines and the widgets: the landing
# page stays fast); a module, once imported, has the same declaration as its PAGE
# (tests/test_course.py). Adding a chapter is adding its module and its notebook.

CHAPTERS_DIR = Path(__file__).parent / "chapters"
_DECLARATION = re.compile(r"^PAGE = (?:Chapter|Start)\(\n.*?^\)$", re.M | re.S)
_DECLARING: dict[str, Any] = {"Chapter": Chapter, "Start": Start, "Handout": Handout, "MEMOIR": MEMOIR,
                              "UNDAUNTED": UNDAUNTED, "M44": M44, "OVERLORD": OVERLORD, "UND": UND}


def _value(node: ast.expr, where: str):
    """The value of an expression of a declaration: a literal, a tuple, a name of _DECLARING or a
    call of its classes with keyword arguments."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Tuple):
        return tuple(_value(e, where) for e in node.elts)
    if isinstance(node, ast.Name) and node.id in _DECLARING:
        return _DECLARING[node.id]
    if (isinstance(node, ast.Call) and not node.args and all(k.arg for k in node.keywords)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("Chapter", "Start", "Handout")):
        return _DECLARING[node.func.id](**{str(k.arg): _value(k.value, where) for k in node.keywords})
    raise ValueError(f"{where}: a page's declaration is made of literals, tuples and "
                     f"{', '.join(_DECLARING)}, not {ast.unparse(node)!r}")


def declarations(folder: Path = CHAPTERS_DIR) -> dict[str, Chapter | Start]:
    """Every page the modules in ``folder`` declare (``PAGE = …``): module name → declaration."""
    out = {}
    for path in sorted(folder.glob("*.py")):
        found = _DECLARATION.search(path.read_text(encoding="utf-8"))
        if found:
            [assign] = ast.parse(found.group(0)).body
            assert isinstance(assign, ast.Assign)
            out[path.stem] = _value(assign.value, f"{folder.name}/{path.name}")
    return out


_DECLARED = declarations()
#: The module of tutor/chapters/ that declares each page: notebook → module name ("ch05").
MODULES: dict[str, str] = {p.notebook: m for m, p in _DECLARED.items()}
_ORDER = sorted(_DECLARED.values(), key=lambda p: (GAMES.index(p.game), p.notebook))

#: Every chapter, in reading order: a game's chapters in the order of their notebooks' names.
CHAPTERS: tuple[Chapter, ...] = tuple(p for p in _ORDER if isinstance(p, Chapter))

#: Each game's start page, shown first in its table on the landing page and before its chapter 1
#: in the chapters' navigation.
STARTS: tuple[Start, ...] = tuple(p for p in _ORDER if isinstance(p, Start))

_BY_NAME = {c.notebook: c for c in CHAPTERS}
_TOOLS = {t.notebook: t for t in TOOLS}
_STARTS = {s.notebook: s for s in STARTS}


def reading_order() -> tuple[Chapter | Start, ...]:
    """Every page of the course in reading order: each game's start page, then its chapters."""
    out: list = []
    for game in GAMES:
        out += [s for s in STARTS if s.game == game] + [c for c in CHAPTERS if c.game == game]
    return tuple(out)


def pages_after(page: str) -> list[str]:
    """The pages the app keeps a kernel waiting for while a learner is on ``page`` (a notebook
    file name), from the pages' declarations: from the landing page, each game's start page and
    the pages beside the course it lists that a learner opens from there (``Tool.ahead``); from a
    start page or a chapter, the page after it in reading order (after the last Memoir '44
    chapter, Undaunted's start page), if it is preheated; else none."""
    pages = reading_order()
    if page == INDEX:
        return ([s.notebook for s in STARTS if s.preheat]
                + [t.notebook for t in TOOLS if t.ahead])
    names = [p.notebook for p in pages]
    if page in names and page != names[-1]:
        after = pages[names.index(page) + 1]
        return [after.notebook] if after.preheat else []
    return []


def preheated_at_start() -> list[str]:
    """The pages the app keeps a kernel waiting for from its start (``voila.json``'s kernel pools):
    the landing page and the pages after it (:func:`pages_after`)."""
    return [INDEX, *pages_after(INDEX)]


# --------------------------------------------------------------------------------------------
# Registry look-ups (no widgets)


def notebooks_dir() -> Path | None:
    """Where the chapter notebooks are: $TUTOR_NOTEBOOKS, ``notebooks/`` beside the package
    (a checkout or an editable install), or the current directory (a kernel started by Voilà
    runs in the notebook's folder)."""
    candidates = []
    if os.environ.get("TUTOR_NOTEBOOKS"):
        candidates.append(Path(os.environ["TUTOR_NOTEBOOKS"]))
    candidates += [paths.NOTEBOOKS, Path.cwd()]
    for c in candidates:
        if (c / INDEX).is_file():
            return c
    return None


def chapter(notebook: str) -> Chapter:
    """The registered chapter with this notebook file name."""
    try:
        return _BY_NAME[notebook]
    except KeyError:
        raise ValueError(f"{notebook!r} is not a registered chapter; "
                         f"registered: {', '.join(_BY_NAME)}") from None


def available() -> list[Chapter]:
    """The chapters whose notebook exists, in reading order."""
    return [c for c in CHAPTERS if c.available]


def questions(notebook: str) -> list:
    """The check-yourself questions of a chapter (``tutor.quiz.Question``), from the module in
    ``tutor.chapters`` that declares it (:data:`MODULES`)."""
    from importlib import import_module
    module = import_module(f"tutor.chapters.{MODULES[chapter(notebook).notebook]}")
    return list(module.questions()) if hasattr(module, "questions") else []


def neighbours(notebook: str) -> tuple[Chapter | Start | None, Chapter | Start | None]:
    """The available pages (start pages and chapters) just before and after ``notebook`` (None at
    either end). A game's start page begins that game's course: nothing before it (not the other
    game's last chapter)."""
    here = _STARTS.get(notebook) or chapter(notebook)
    pages = reading_order()
    order = pages.index(here)
    before = [] if isinstance(here, Start) else [c for c in pages[:order] if c.available]
    after = [c for c in pages[order + 1:] if c.available]
    return (before[-1] if before else None, after[0] if after else None)


# --------------------------------------------------------------------------------------------
# Progress, kept in the browser (the module's docstring)

_current: str | None = None    # the chapter this page's nav() named: its questions record against it


def current_chapter() -> str | None:
    """The chapter this page is (the last :func:`nav` of a chapter in this kernel), else None."""
    return _current


@functools.cache
def page_script() -> str:
    """The course's page script as a ``<script>`` for an output (``tutor/static/course.js``): the
    check-yourself questions' answers and the learner's progress in the browser's localStorage
    under :data:`STORAGE_KEY`. Each output that needs it carries it; it installs once a page."""
    js = (Path(__file__).parent / "static" / "course.js").read_text(encoding="utf-8")
    return f"<script>\n{js.replace('__STORAGE_KEY__', STORAGE_KEY)}</script>"


# --------------------------------------------------------------------------------------------
# Pages

_CSS = """<style>
.tutor-nav{display:flex;justify-content:space-between;gap:1em;align-items:baseline;
  border-top:1px solid #d0d7de;border-bottom:1px solid #d0d7de;padding:.4em .2em;margin:.6em 0;
  font-size:14px}
.tutor-nav a{text-decoration:underline;color:#0b5cad}
.jp-RenderedHTMLCommon a, .jp-RenderedMarkdown a, .widget-html-content a{text-decoration:underline !important}
.tutor-nav a:hover{text-decoration:underline}
.tutor-nav .tutor-here{color:#57606a}
.tutor-contents{font-size:14px;line-height:1.8;padding:.3em .6em;margin:.2em 0 .6em;background:#f6f8fa;
  border-left:3px solid #0b5cad}
.tutor-contents a{color:#0b5cad;text-decoration:none;white-space:nowrap}
.tutor-contents a:hover{text-decoration:underline}
.tutor-index{border-collapse:collapse;width:100%;font-size:14px;margin:.4em 0 1.2em}
.tutor-index th{text-align:left;border-bottom:2px solid #d0d7de;padding:.35em .5em}
.tutor-index td{border-bottom:1px solid #eaeef2;padding:.35em .5em;vertical-align:top}
.tutor-index .tutor-soon{color:#8c959f}
.tutor-index a{color:#0b5cad;font-weight:600;text-decoration:underline}
.tutor-index a:hover{text-decoration:underline}
.tutor-index .tutor-cite{color:#57606a;font-size:12px}
/* the landing page's tables are page HTML: JupyterLab's output style right-aligns and stripes
   table cells; the chapter lists read left to right, one rule under each row */
.tutor-index-page table.tutor-index{table-layout:auto;width:100%;margin:.4em 0 1.2em}
.tutor-index-page table.tutor-index td,.tutor-index-page table.tutor-index th{text-align:left;
  vertical-align:top;line-height:1.4;padding:.35em .5em}
.tutor-index-page table.tutor-index tr,.tutor-index-page table.tutor-index tr:hover{background:transparent}
.tutor-done{color:#1a7f37;font-weight:600}
.tutor-summary{font-size:14px;color:#24292f;margin:.2em 0 .6em}
</style>"""


def _a(href: str, label: str) -> str:
    """A link of the course's pages. It opens in the same tab: the page shows our HTML through
    JupyterLab's output renderer, which opens a link that names no target in a new tab."""
    return f'<a href="{html.escape(href, quote=True)}" target="_self">{html.escape(label)}</a>'


def page_link(notebook: str, label: str) -> str:
    """A link to a page of the course from another page (the same tab, relative)."""
    return _a(notebook, label)


def _link(c: Chapter | Start | Tool, label: str) -> str:
    return _a(c.notebook, label)


def nav_html(notebook: str) -> str:
    """The navigation bar of a chapter as HTML: back, contents, forward (for a tool page: a
    link to the contents)."""
    if notebook in _TOOLS:
        return (f'{_CSS}<nav class="tutor-nav"><span></span><span class="tutor-here">'
                f'{html.escape(_TOOLS[notebook].title)} · {_a(INDEX, "all chapters")}'
                f'</span><span></span></nav>')
    here = _STARTS.get(notebook) or chapter(notebook)
    before, after = neighbours(notebook)
    def label(c: Chapter | Start) -> str:
        if isinstance(c, Start):
            return c.title
        game = f"{c.game} " if c.game != here.game else ""
        return f"{game}{c.number}. {c.title}"

    left = _link(before, f"← {label(before)}") if before else ""
    right = _link(after, f"{label(after)} →") if after else ""
    where = "start here" if isinstance(here, Start) else f"chapter {here.number}"
    middle = (f'<span class="tutor-here">{here.game} · {where} · '
              f'{_a(INDEX, "all chapters")}</span>')
    visit = "" if isinstance(here, Start) else f' data-tutor-visit="{html.escape(notebook, quote=True)}"'
    return (f'{_CSS}<nav class="tutor-nav"{visit}>'
            f'<span>{left}</span>{middle}<span>{right}</span></nav>')


CONTENTS_MIN = 5        # a chapter with this many sections or more gets an in-page contents bar


def sections(notebook: str) -> list[tuple[str, str]]:
    """The page's sections as (title, anchor): the ``## `` headings of the notebook's markdown
    cells, with the anchor JupyterLab and Voilà give a heading (its text, spaces as hyphens)."""
    import json
    d = notebooks_dir()
    if d is None or not (d / notebook).is_file():
        return []
    out = []
    for cell in json.loads((d / notebook).read_text(encoding="utf-8")).get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        src = "".join(cell.get("source", ""))
        for line in src.splitlines():
            if line.startswith("## "):
                title = line[3:].strip().replace("**", "").replace("`", "").replace("*", "")
                out.append((title, title.replace(" ", "-")))
    return out


def contents_html(notebook: str) -> str:
    """An in-page contents bar for a long chapter (:data:`CONTENTS_MIN` sections or more): a
    link to each section; "" for a short one. It is shown under the navigation bar, whose
    output carries the style (:func:`nav`)."""
    secs = sections(notebook)
    if len(secs) < CONTENTS_MIN:
        return ""
    links = " · ".join(_a(f"#{a}", t) for t, a in secs)
    return f'<nav class="tutor-contents" aria-label="On this page"><b>On this page:</b> {links}</nav>'


_contents_shown: set[str] = set()


def nav(notebook: str):
    """A chapter's navigation bar (page HTML): links back, to the contents and forward; the first
    time on a page (its top), a long chapter's in-page contents bar under it. The page script
    records the visit in the learner's progress. A tool page (:data:`TOOLS`) gets a link to the
    contents."""
    from IPython.display import HTML

    global _current
    if notebook in _TOOLS or notebook in _STARTS:
        return HTML(nav_html(notebook))
    _current = notebook
    parts = [nav_html(notebook)]
    if notebook not in _contents_shown:
        _contents_shown.add(notebook)
        parts.append(contents_html(notebook))
    return HTML("".join(parts) + page_script())


def index_html() -> str:
    """The chapter list as HTML: a table per game, a cell beside each chapter and a line above
    the lists where the page script shows the learner's progress (:func:`index`)."""
    parts = [_CSS]
    parts.append('<p class="tutor-summary" data-tutor-summary>Your progress in this browser will show '
                 "here: a chapter counts as read once you have tried all its questions, a question as "
                 "solved when you found the answer before it was shown.</p>")
    if _TOOLS["completion.ipynb"].available:
        parts.append(f'<p class="tutor-summary">Done for today? '
                     f'{_a("completion.ipynb", "Get a completion code")} for your teacher.</p>')
    for game in GAMES:
        parts.append(f"<h2>{html.escape(game)}</h2>")
        parts.append('<table class="tutor-index"><tr><th>#</th><th>Chapter</th>'
                     "<th>What it teaches</th><th>Your progress</th></tr>")
        for st in STARTS:
            if st.game == game and st.available:
                parts.append(f'<tr data-start="{html.escape(st.notebook)}"><td>★</td>'
                             f"<td>{_link(st, st.title)}</td><td>{html.escape(st.teaches)}</td><td></td></tr>")
        for c in CHAPTERS:
            if c.game != game:
                continue
            if c.available:
                title = _link(c, c.title)
                row = ' data-available="1"'
            else:
                title = f'{html.escape(c.title)} <span class="tutor-soon">(coming soon)</span>'
                row = ' class="tutor-soon"'
            parts.append(
                f'<tr{row} data-chapter="{html.escape(c.notebook)}"><td>{c.number}</td>'
                f"<td>{title}</td><td>{html.escape(c.teaches)}"
                f'<div class="tutor-cite">{html.escape(c.cite)}</div></td>'
                "<td data-tutor-status></td></tr>")
        parts.append("</table>")
    tools = [t for t in TOOLS if t.available]
    if tools:
        parts.append("<h2>Beyond the chapters</h2>")
        parts.append('<table class="tutor-index"><tr><th>Page</th><th>What it is for</th></tr>')
        for t in tools:
            parts.append(f'<tr data-tool="{html.escape(t.notebook)}"><td>{_link(t, t.title)}</td>'
                         f"<td>{html.escape(t.teaches)}</td></tr>")
        parts.append("</table>")
    return "".join(parts)


def map_html(game: str, *, path: tuple[int, ...], battle: str | None = None) -> str:
    """What each chapter of ``game`` teaches, as a numbered list of links, with the "first battle"
    path: the chapters numbered in ``path`` (marked ➜), then the ``battle`` page (a tool), if any."""
    items = []
    for c in CHAPTERS:
        if c.game != game:
            continue
        title = _link(c, c.title) if c.available else html.escape(c.title)
        mark = ' <b class="tutor-path">➜ first game</b>' if c.number in path else ""
        items.append(f"<li>{title}{mark}<br><small>{html.escape(c.teaches)}</small></li>")
    out = f'<ol class="tutor-map">{"".join(items)}</ol>'
    numbers = ", ".join(str(n) for n in path)
    tool = _TOOLS.get(battle) if battle else None
    then = f", then {_link(tool, tool.title)}" if tool is not None and tool.available else ""
    return out + (f"<p><b>Your first game:</b> read the chapters marked ➜ ({numbers}){then}. The others can "
                  "wait until a game needs them.</p>")


START_OVER = ('<button type="button" class="jupyter-widgets jupyter-button widget-button" '
              'data-tutor-start-over title="Forget the progress stored in this browser" '
              'style="width:auto;padding:0 12px"><i class="fa fa-undo" aria-hidden="true"></i> '
              'Start over</button>')


def index():
    """The landing page's list (page HTML): the chapters, the learner's progress beside them as
    the page script reads it from the browser, and a button to start over."""
    from IPython.display import HTML

    return HTML(f'<div class="tutor-index-page">{index_html()}{START_OVER}</div>{page_script()}')
