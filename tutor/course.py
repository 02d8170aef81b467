"""The course: the ordered list of chapters, the landing page, chapter navigation and progress.

Every chapter is a notebook in ``notebooks/``. The registry below lists all of them, written or
planned; a chapter is ``available`` once its notebook file exists, and only available chapters are
linked. ``notebooks/index.ipynb`` shows the list (:func:`index`); every chapter shows links back
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

import functools
import html
import os
from dataclasses import dataclass
from pathlib import Path

from tutor import paths

MEMOIR = "Memoir '44"
UNDAUNTED = "Undaunted: Normandy"
GAMES = (MEMOIR, UNDAUNTED)

M44 = "memoir44-rules-es.txt"
OVERLORD = "memoir44-overlord-rules-pl.txt"
UND = "undaunted-normandy-rules-cs.txt"

INDEX = "index.ipynb"
STORAGE_KEY = "tutor-progress-v2"    # v1 counted a question solved after its answer was shown


@dataclass(frozen=True)
class Chapter:
    notebook: str      # file name in notebooks/
    title: str
    game: str          # one of GAMES
    teaches: str       # one line: what the learner can do afterwards
    seed: str          # seed rulebook file the chapter cites
    heading: str       # headings in that file, as printed ("; " between two)

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


def _m(notebook, title, teaches, heading, seed=M44):
    return Chapter(notebook, title, MEMOIR, teaches, seed, heading)


def _u(notebook, title, teaches, heading):
    return Chapter(notebook, title, UNDAUNTED, teaches, UND, heading)


#: Every chapter, in reading order. File names are fixed here: a chapter writer creates the
#: notebook under this name and the landing page links it from then on.
CHAPTERS: tuple[Chapter, ...] = (
    _m("01-battlefield-and-line-of-sight.ipynb", "The battlefield and line of sight",
       "Read the hex board and its three sections, and tell whether a unit can see a target.",
       "CAMPO DE BATALLA; LÍNEA DE VISIÓN"),
    _m("02-setup-pegasus-bridge.ipynb", "Setting up: Pegasus Bridge",
       "Set up a battle step by step, as the rulebook builds Pegasus Bridge.",
       "PREPARACIÓN"),
    _m("03-command-cards-and-orders.ipynb", "Command cards and orders",
       "Play a section or tactic card and order exactly the units it allows.",
       "TURNO DE JUEGO; 2. DAR ÓRDENES A UNIDADES"),
    _m("04-movement.ipynb", "Movement",
       "Move infantry, armor and artillery as far as the rules allow, and no further.",
       "MOVIMIENTO; REGLAS GENERALES DE MOVIMIENTO"),
    _m("05-battle-range-dice-line-of-sight.ipynb", "Battle: range, dice and line of sight",
       "Count the dice for any attack from range, unit type and line of sight.",
       "REGLAS GENERALES DE ATAQUE; ALCANCE DE ATAQUE; LÍNEA DE VISIÓN"),
    _m("06-terrain-and-height.ipynb", "Terrain and height",
       "Apply terrain protection and movement limits, and judge sight over hills.",
       "APÉNDICE 2"),
    _m("07-hits-flags-and-retreat.ipynb", "Hits, flags and retreat",
       "Resolve the dice: hits, misses, stars, flags, and where a unit must retreat.",
       "RESOLUCIÓN DEL ATAQUE; RETIRADA"),
    _m("08-take-ground-and-armor-overrun.ipynb", "Take ground and armor overrun",
       "Know when a unit may advance after close combat and when armor attacks again.",
       "GANAR TERRENO; ARROLLAMIENTO DE BLINDADOS"),
    _m("09-obstacles.ipynb", "Obstacles",
       "Use bunkers, hedgehogs, wire and sandbags, and why protections do not stack.",
       "OBSTÁCULOS"),
    _m("10-special-forces.ipynb", "Special forces",
       "Play elite infantry, the French Resistance and elite armor with their own rules.",
       "APÉNDICE 1"),
    _m("11-objectives-and-medals.ipynb", "Objectives and medals",
       "Score temporary, permanent and sudden-death objectives and win the game.",
       "OBJETIVO DEL JUEGO; APÉNDICE 3"),
    _m("12-air-power.ipynb", "Air power",
       "Play the Air Power card and read the air superiority table.",
       "APÉNDICE 4"),
    _m("13-team-play.ipynb", "Team play: Operation Alliance and Young Generals",
       "Play in teams: who commands which section and how cards pass between partners.",
       "APÉNDICE 5"),
    _m("14-operation-overlord.ipynb", "Operation Overlord",
       "Run a large battle with a commander-in-chief, field generals and the chain of command.",
       "ZASADY; TURA GRY; Łańcuch dowodzenia", seed=OVERLORD),
    _u("21-undaunted-components-and-setup.ipynb", "Undaunted: components and setup",
       "Know every card, token and tile, and set up the starting decks and supply.",
       "HERNÍ MATERIÁL; PŘÍPRAVA HRY"),
    _u("22-undaunted-the-round.ipynb", "Undaunted: the round",
       "Draw four cards, bid for initiative and take turns in the right order.",
       "PRŮBĚH HRY"),
    _u("23-undaunted-movement-and-fog-of-war.ipynb", "Undaunted: movement and Fog of War",
       "Move, guide, scout and stalk, and live with Fog of War cards.",
       "AKCE POHYBU; Válečný zmatek"),
    _u("24-undaunted-support-actions.ipynb", "Undaunted: support actions",
       "Bolster, command, conceal, control, inspire, recon and target.",
       "PODPŮRNÉ AKCE"),
    _u("25-undaunted-combat-and-casualties.ipynb", "Undaunted: combat and casualties",
       "Total a defense, roll an attack, and take the casualty from the right place.",
       "BOJOVÉ AKCE"),
    _u("26-undaunted-worked-round.ipynb", "Undaunted: a worked round",
       "Follow the rulebook's example round card by card.",
       "PŘÍKLAD JEDNOHO KOLA HRY"),
    _u("27-undaunted-end-of-game.ipynb", "Undaunted: end of game",
       "Tell when the game ends: objectives, Pinning the Enemy, Beyond All Hope.",
       "KONEC HRY"),
    _u("28-undaunted-the-platoon.ipynb", "Undaunted: the platoon",
       "Know what every card in the platoon is for.",
       "ČETA"),
)



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
    Tool("lab.ipynb", "Edge-case lab",
         "Paint a board, ask the engine (sight, moves, retreat, odds) and share the board by link."),
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
    on a live board, the units, the dice, a map of the chapters)."""
    notebook: str
    title: str
    game: str
    teaches: str

    @property
    def available(self) -> bool:
        folder = notebooks_dir()
        return folder is not None and (folder / self.notebook).is_file()


#: Each game's start page, shown first in its table on the landing page and before its chapter 1
#: in the chapters' navigation.
STARTS: tuple[Start, ...] = (
    Start("00-start-memoir.ipynb", "Start here: Memoir '44 in ten minutes", MEMOIR,
          "What you are trying to do, one whole turn on a live board, the units and the dice."),
    Start("20-start-undaunted.ipynb", "Start here: Undaunted: Normandy in ten minutes", UNDAUNTED,
          "What you are trying to do, one whole round on a live board, the units and the dice."),
)

_BY_NAME = {c.notebook: c for c in CHAPTERS}
_TOOLS = {t.notebook: t for t in TOOLS}
_STARTS = {s.notebook: s for s in STARTS}


def reading_order() -> tuple[Chapter | Start, ...]:
    """Every page of the course in reading order: each game's start page, then its chapters."""
    out: list = []
    for game in GAMES:
        out += [s for s in STARTS if s.game == game] + [c for c in CHAPTERS if c.game == game]
    return tuple(out)


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
    """The check-yourself questions of a chapter (``tutor.quiz.Question``), from its module in
    ``tutor.chapters`` (``ch05`` for Memoir '44 chapter 5, ``und25`` for Undaunted: Normandy's 25)."""
    from importlib import import_module
    c = chapter(notebook)
    prefix = "und" if c.game == UNDAUNTED else "ch"
    module = import_module(f"tutor.chapters.{prefix}{c.notebook.split('-', 1)[0]}")
    return list(module.questions()) if hasattr(module, "questions") else []


def neighbours(notebook: str) -> tuple[Chapter | Start | None, Chapter | Start | None]:
    """The available pages (start pages and chapters) just before and after ``notebook`` (None at
    either end)."""
    here = _STARTS.get(notebook) or chapter(notebook)
    pages = reading_order()
    order = pages.index(here)
    before = [c for c in pages[:order] if c.available]
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


def _link(c: Chapter | Tool, label: str) -> str:
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
