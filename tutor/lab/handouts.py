"""Printable one-page chapter references, generated from the engine.

``handout_html(chapter)`` is a self-contained HTML page (A4, print CSS): the chapter's title and
aim, its boards drawn as SVG by ``tutor.render.svg`` (with the engine's ruling drawn on them where a
board has one shooter and one target), the key rules in English with the original wording, and for
the battle chapters the table of dice by unit and range, for the team chapters the tables the
engine works out (a team's cards and turn order; the Overlord initiative test as printed beside
the engine's reading).
``range_table()`` is the dice table as a pandas DataFrame (pandas imported only there).

    tutor handout 07 -o retreat.html        # a chapter by number or notebook name
    tutor handout --all -o docs/handouts/
    tutor handout 07 --worksheet -o ws.html # the chapter's questions on paper (worksheet_html)
    tutor handout 07 --answers -o key.html  # and their answer key, apart
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape
from pathlib import Path

from tutor import course, paths
from tutor.course import Handout
from tutor.errors import InputError
from tutor.hexes import row_major

#: Each chapter's handout, by its number ("05"), as its module declares it (``tutor.course.Handout``).
SHEETS: dict[str, Handout] = {c.notebook.split("-", 1)[0]: c.handout for c in course.CHAPTERS
                              if c.handout is not None}

CSS = """<style>
@page { size: A4; margin: 12mm; }
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 10.5pt; color: #111; max-width: 190mm; margin: auto; }
h1 { font-size: 17pt; margin: 0 0 2mm 0; } .aim { margin: 0 0 3mm 0; color: #333; }
.boards { display: flex; flex-wrap: wrap; gap: 3mm; } .board { flex: 1 1 58mm; break-inside: avoid; }
.board svg { width: 100%; height: auto; } .board p { font-size: 8.5pt; margin: 1mm 0; }
.rule { border-left: 2px solid #888; padding-left: 2mm; margin: 2mm 0; break-inside: avoid; }
.rule q { display: block; font-style: italic; font-size: 8.5pt; color: #444; }
.rule small { color: #666; font-size: 7.5pt; } table { border-collapse: collapse; font-size: 8.5pt; }
td, th { border: 1px solid #bbb; padding: 1px 4px; text-align: right; } h2 { font-size: 12pt; margin: 3mm 0 1mm; }
table.text td, table.text th, .tutor-obs td, .tutor-obs th { text-align: left; } p.note { font-size: 8.5pt; margin: 1mm 0; }
.tables { display: flex; flex-wrap: wrap; gap: 0 5mm; } .tables > div { flex: 1 1 80mm; }
footer { font-size: 7.5pt; color: #666; margin-top: 3mm; }
</style>"""


def _chapter(key: str):
    key = str(key).strip()
    for c in course.CHAPTERS:
        if c.notebook == key or c.notebook.split("-", 1)[0] == key.zfill(2) or c.notebook.split(".")[0] == key:
            return c
    raise InputError(f"chapter {key!r} is unknown: give its number (01-28) or notebook name")


def chapters_with_handouts() -> list[str]:
    return sorted(SHEETS)


def chapters_with_worksheets() -> list[str]:
    """The chapters (by number, "05") whose page asks check-yourself questions."""
    return [c.notebook.split("-", 1)[0] for c in course.available() if course.questions(c.notebook)]


def _board_html(path: Path) -> str:
    from tutor.memoir.los import line_of_sight
    from tutor.render.svg import los_svg, state_svg
    from tutor.scenario import load
    s = load(path)
    units = sorted(s.units, key=row_major)
    sides = {s.units[h].side for h in units}
    if len(units) == 2 and len(sides) == 2:
        r = line_of_sight(s, units[1], units[0])
        picture = los_svg(r, title=s.title, legend=False)
        note = f"{escape(r.reason)}"
    else:
        picture = state_svg(s, title=s.title, legend=False)
        note = escape(s.description.strip().split("\n")[0]) if s.description else ""
    return f'<div class="board">{picture}<p>{note}</p></div>'


def _picture(svg_text: str, note: str = "") -> str:
    return f'<div class="board">{svg_text}<p>{escape(note)}</p></div>'


def _pics_setup():
    from tutor.chapters import ch02
    from tutor.render.scene import highlights
    from tutor.render.svg import state_svg
    out = []
    for st in ch02.steps():
        if st.new in ("terrain", "obstacles", "medals"):
            out.append((state_svg(ch02.field(st), highlights(selected=ch02.added(st)),
                                  title=f"Step {st.number}: {st.title}", legend=False),
                        f"Step {st.number}: {st.title} (shaded: what this step adds)."))
    return out


def _pics_orders():
    from tutor.chapters import ch03
    from tutor.memoir import cards as C
    from tutor.render.scene import Card, card_scene, highlights
    from tutor.render.svg import state_svg, svg
    g = ch03.play(ch03.start(), "probe_center")
    board = state_svg(g.state, highlights(legal=ch03.orderable(g)), title="Probe Center: who may be ordered",
                      legend=False)
    hand = svg(card_scene([("hand", tuple(Card(C.CARDS[k].name, True, None, C.CARDS[k].type)
                                               for k in ch03.HAND), None)],
                          title="The Allied hand"))
    return [(board, "Shaded: the units the engine lets Probe Center order (the dashed-line unit too)."),
            (hand, "Section cards order units in one section; tactic cards say their own rule.")]


def _pics_objectives():
    from tutor.chapters import ch11
    from tutor.examples.memoir import state
    st = state(ch11.OBJ_BOARD)
    return [(ch11.objectives_svg(st, ch11.objective_highlights(st), title="Objectives on the chapter's board"),
             "Shaded: objective hexes, each labeled with its kind.")]


def _und_board(state, title, note="", **kw):
    from tutor.render.undaunted import board_svg
    return board_svg(state, title=title, **kw), note


def _pics_und_combat():
    from tutor.chapters import und21, und25
    from tutor.render.undaunted import zones_svg
    return [_und_board(und21.worked_start(), "The worked example's board", "Cover per tile; hills add to defense."),
            (zones_svg(und25.DRILL_ZONES, title="Where a casualty comes from"),
             "A hit takes a card of the unit from the hand, then the discard, then the draw deck.")]


def _pics_und_round():
    from tutor.chapters import und22
    from tutor.render.undaunted import zones_svg
    st = und22.initiative_state()
    return [(zones_svg(und22.START, title="A deck before the round", open_draw=True),
             "Draw four cards from the draw deck; reshuffle the discard when it runs out."),
            (zones_svg(st.zones_of("allied"), zones=("hand",), title="Allied hand at initiative"),
             "Each side reveals one card: the higher initiative goes first.")]


def _pics_und_move():
    from tutor.chapters import und23
    from tutor.render.undaunted import zones_svg
    s = und23.sandbox(und23.MOVE_HAND)
    return [_und_board(s, "Moving on the worked example's board", "A unit enters only tiles its side has scouted."),
            (zones_svg(s.zones_of("axis"), zones=("hand",), title="Movement cards"),
             "Move, guide, scout and stalk come from the card played.")]


def _pics_und_support():
    from tutor.chapters import und24
    from tutor.render.undaunted import zones_svg
    s = und24.support_state()
    return [(zones_svg(s.zones_of("allied"), zones=("hand", "table"), title="A hand with every support action"),
             "Leaders bolster, command and inspire; other cards conceal, control, recon and target.")]


def _pics_und_worked():
    from tutor.chapters import und26
    frames = und26.steps()
    out = []
    for f in (frames[0], frames[-1]):
        out.append(_und_board(f.state, f.title, "", highlight=f.highlight, path=f.path))
    return out


def _pics_und_end():
    from tutor.chapters import und27
    obj = [t for t, _ in und27.objective_tiles()]
    s = und27.situation(allied_controls=tuple(obj))
    return [_und_board(s, "Objectives controlled", "The objective values a side controls decide the game.")]


def _pics_und_platoon():
    from tutor.chapters import und21
    return [(und21.card_kinds_svg(), "Soldiers, leaders and Fog of War.")]


def _pics_und_setup():
    from tutor.chapters import und21
    from tutor.render.undaunted import zones_svg
    return [_und_board(und21.worked_start(), "An Undaunted board", "Tiles with cover, objectives and tokens."),
            (zones_svg(und21.setup_zones(1), zones=("draw", "supply"), title="Starting deck and supply",
                       open_draw=True), "The deck is shuffled face down; the supply lies face up.")]


def _pics_air():
    from tutor.chapters import ch12
    from tutor.render.scene import highlights
    from tutor.render.svg import state_svg
    field = ch12.air_field()
    return [(state_svg(field, highlights(selected=[tuple(h) for h in ch12.EXAMPLE_TARGETS]),
                       title="Air Power: a group of targets", legend=False),
             "Shaded: the rulebook example's group of adjacent enemy hexes struck from the air.")]


def _pics_alliance():
    from tutor.chapters import ch13
    from tutor.render.scene import card_scene
    from tutor.render.svg import svg

    def table(g):       # the chapter's card rows, a little flatter for the page
        return svg(card_scene(ch13.card_rows(g, playable=False), width=700, label_w=110, card_h=64))
    three = ch13.deal(2, 1, 5)
    young = ch13.young_generals(1)
    team = (f"Operation Alliance, 2 Allies v 1 Axis, 5 cards a side: {len(three.hands['allied.1'])} each + "
            f"{len(three.common['allied'])} common card face up; the lone player holds {len(three.hands['axis'])}.")
    kids = f"Young Generals: section cards only, {len(young.hands['axis'])} to each player whatever the scenario says."
    return [(table(three), team), (table(young), kids)]


def _pics_overlord():
    from tutor.chapters import ch14
    from tutor.render.svg import state_svg
    g = ch14.new_game()
    cols = ", ".join(f"{fg} {r[0][0] + 1}–{r[1][1] - 1}" for fg, r in ch14.regions().items())
    return [(state_svg(g.state, ch14.commands_highlights(g.state.board), title="", legend=False),
             f"The 26 × 9 board: the Allied field generals' commands shaded (columns {cols}).")]


_PICTURES = {"air": _pics_air, "setup": _pics_setup, "orders": _pics_orders, "objectives": _pics_objectives,
             "und-combat": _pics_und_combat, "und-round": _pics_und_round, "und-move": _pics_und_move,
             "und-support": _pics_und_support, "und-worked": _pics_und_worked, "und-end": _pics_und_end,
             "und-platoon": _pics_und_platoon, "und-setup": _pics_und_setup, "alliance": _pics_alliance,
             "overlord": _pics_overlord}


def _tables_alliance() -> str:
    """The distribution table (``variants.alliance_split``) and the turn order the engine deals."""
    from tutor.chapters import ch13
    from tutor.memoir import game as G
    from tutor.memoir import variants as V
    rows = "".join(f"<tr><td>{n}</td><td>{per}</td><td>{common}</td></tr>"
                   for n in sorted(V.ALLIANCE_DISTRIBUTION) for per, common in [V.alliance_split(n)])
    order = "".join(
        f"<tr><th>{label}</th><td>{escape(' → '.join(G.seat_text(s) for s in ch13.turn_order(ch13.deal(*n), 4)))}"
        f" → …</td></tr>" for label, n in (("4 players", (2, 2)), ("3 players", (2, 1))))
    return ("<div class='tables'><div><h2>A team's command cards</h2><table class='text'><tr><th>the side's "
            "cards (scenario)</th><th>each partner</th><th>common, face up</th></tr>" + rows + "</table>"
            "<p class='note'>Other hand sizes follow the table's pattern in the tutor (a reading of this "
            "project).</p></div><div><h2>Who plays each turn (Allies first)</h2>"
            f"<table class='text'>{order}</table></div></div>")


# The initiative test's rows as printed (tutor.memoir.rules.OVERLORD_INITIATIVE_TABLE, Polish),
# by the die face the engine reads (tutor.memoir.variants.INITIATIVE).
PRINTED_INITIATIVE = {"infantry": "Piechota", "armor": "Pancerne", "star": "Cwazds", "flag": "Flaga",
                      "grenade": "Czaszki"}


def initiative_rows() -> list[tuple[str, str, str]]:
    """(die face, the printed row, what the engine does) for each face of the initiative test; the
    printed rows are cut from the rule's verbatim quote."""
    from tutor.memoir import rules as R
    from tutor.memoir import variants as V
    quote = R.OVERLORD_INITIATIVE_TABLE.quote
    starts = sorted((quote.index(label), face) for face, label in PRINTED_INITIATIVE.items())
    ends = [at for at, _ in starts[1:]] + [len(quote)]
    printed = {face: quote[at:end].strip() for (at, face), end in zip(starts, ends)}
    return [(face, printed[face], what) for face, what in V.INITIATIVE.items()]


def _tables_overlord() -> str:
    """The initiative test: the Polish rows beside the engine's reading."""
    from tutor.memoir import rules as R
    rows = "".join(f"<tr><td>{escape(face)}</td><td lang='pl'><i>{escape(printed)}</i></td>"
                   f"<td>{escape(what)}</td></tr>" for face, printed, what in initiative_rows())
    cite = escape(R.OVERLORD_INITIATIVE_TABLE.cite)
    return ("<h2>The initiative test: a field general with no card may choose to roll one die</h2>"
            f"<table class='text'><tr><th>die</th><th>as printed <small>({cite})</small></th>"
            f"<th>what the engine does</th></tr>{rows}</table><p class='note'>The skulls (<i>Czaszki</i>) are "
            f"the die's grenade to the engine. No unit matches the symbol: nothing happens.</p>")


_TABLES = {"alliance": _tables_alliance, "overlord": _tables_overlord}


def range_rows() -> list[dict]:
    """Dice by attacking unit and range, with exact hit chances against each target kind."""
    from tutor.memoir.combat import DICE
    from tutor.odds import distribution
    rows = []
    for unit, table in DICE.items():
        for rng, n in enumerate(table, start=1):
            row = {"unit": unit, "range": rng, "dice": n}
            for vs in ("infantry", "armor", "artillery"):
                d = distribution(n, vs)
                row[f"E hits vs {vs}"] = d.expected_hits
                row[f"P(≥1) vs {vs}"] = 1 - d.hits.get(0, Fraction(0))
            rows.append(row)
    return rows


def range_table():
    """``range_rows()`` as a pandas DataFrame indexed by (unit, range); values are Fractions."""
    import pandas as pd
    return pd.DataFrame(range_rows()).set_index(["unit", "range"])


def _range_html() -> str:
    rows = range_rows()
    head = "".join(f"<th>{escape(k)}</th>" for k in rows[0])
    def cell(k, v):
        if not isinstance(v, Fraction):
            return str(v)
        return f"{v} ({float(v):.0%})" if k.startswith("P(") else f"{v} ({float(v):.2f})"
    body = "".join("<tr>" + "".join(f"<td>{cell(k, v)}</td>" for k, v in r.items()) + "</tr>" for r in rows)
    return f"<h2>Dice by unit and range (exact)</h2><table><tr>{head}</tr>{body}</table>"


def handout_html(chapter: str) -> str:
    """The one-page handout of a chapter (number like "07" or its notebook name)."""
    import tutor.memoir.terrain  # registers the terrain and obstacle rules
    from tutor.memoir import rules as _memoir_rules  # noqa: F401
    from tutor.memoir import variants as _variant_rules  # noqa: F401  (team play and Overlord)
    from tutor.rulebook import RULES
    from tutor.undaunted import rules as _und_rules  # noqa: F401
    c = _chapter(chapter)
    num = c.notebook.split("-", 1)[0]
    sheet = SHEETS.get(num)
    if sheet is None:
        raise InputError(f"chapter {num} has no handout yet: handouts exist for chapters "
                         f"{', '.join(sorted(SHEETS))}")
    boards = "".join(_board_html(paths.SCENARIOS / b) for b in sheet.boards
                     if (paths.SCENARIOS / b).is_file())
    if sheet.pictures:
        import tutor.memoir.game  # noqa: F401  (registers the card and turn rules)
        boards += "".join(_picture(svg_text, note) for svg_text, note in _PICTURES[sheet.pictures]())
    rules = "".join(
        f'<div class="rule">{escape(r.summary)}<q lang="{r.language}">{escape(r.quote)}</q>'
        f'<small>{escape(r.cite)}</small></div>' for r in (RULES[k] for k in sheet.rules if k in RULES))
    table = _range_html() if sheet.dice_table else ""
    tables = _TABLES[sheet.tables]() if sheet.tables else ""
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{escape(c.title)}</title>{CSS}"
            f"</head><body><h1>{num}. {escape(c.title)}</h1><p class='aim'>{escape(c.teaches)}</p>"
            f"<div class='boards'>{boards}</div>{tables}<h2>Key rules</h2>{rules}{table}"
            f"<footer>Generated by the rules tutor from its engine (tutor handout {num}). Rule texts quoted "
            f"from the rulebooks named beside them; every ruling drawn is the engine's.</footer></body></html>")


def write(chapter: str, out: str | Path) -> Path:
    out = Path(out)
    if out.is_dir():
        out = out / f"handout-{_chapter(chapter).notebook.split('-', 1)[0]}.html"
    from tutor.inputs import write_text
    write_text(out, handout_html(chapter), "handout")
    return out


# --------------------------------------------------------------------------------------------
# Worksheets: a chapter's check-yourself questions on paper, and their answer key apart


#: The board a question asks about when its chapter's page shows it above the question (the
#: question itself carries no picture): printed beside the question on a worksheet. None today:
#: every such question became a tap on its own live board, which a worksheet leaves to the page.
BOARD_ABOVE: dict = {}
# A prompt that points to a board it does not carry
_POINTS_TO_A_BOARD = re.compile(r"\b(board above|board (in|of) the \w+ above|(same|ocean|battle) board|"
                                r"board below|\(board above\)|sandbox above)\b", re.IGNORECASE)

# A sheet's style, scoped to its box (.tutor-sheet), so a page can show a sheet among its own.
WORKSHEET_CSS = """<style>
@page { margin: 12mm; }
.tutor-sheet { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 11pt; color: #111;
  max-width: 190mm; overflow-wrap: break-word; line-height: 1.35; }
.tutor-sheet h1 { font-size: 16pt; margin: 0 0 1mm; line-height: 1.2; }
.tutor-sheet .aim { margin: 0 0 3mm; color: #333; }
.tutor-sheet .who { display: flex; gap: 8mm; margin: 0 0 4mm; }
.tutor-sheet .who span { flex: 1; border-bottom: 1px solid #555; padding-top: 6mm; }
.tutor-sheet .q { break-inside: avoid; border-top: 1px solid #bbb; padding: 2mm 0 3mm; }
.tutor-sheet .q h2 { font-size: 11pt; margin: 0 0 1mm; }
.tutor-sheet svg { display: block; max-width: 100%; height: auto; margin: 1mm 0; }
.tutor-sheet .choices { list-style: none; padding: 0; margin: 2mm 0 0; display: flex; flex-wrap: wrap; gap: 2mm 8mm; }
.tutor-sheet .choices li::before { content: "☐ "; font-size: 13pt; }
.tutor-sheet .answer { font-weight: bold; } .tutor-sheet .why { font-size: 9.5pt; }
.tutor-sheet details > summary { list-style: none; font-size: 8.5pt; color: #555; }
.tutor-sheet .tutor-rule { margin: 1mm 0; }
.tutor-sheet footer { font-size: 8pt; color: #666; margin-top: 3mm; }
</style>"""


def worksheet_questions(chapter: str) -> list[tuple]:
    """(question, the board printed with it: its own picture, the board the page shows above it
    (:data:`BOARD_ABOVE`), or for "the same board" the last one printed; "" for none). Questions
    answered by tapping a live board are the page's, not paper's: a worksheet leaves them out."""
    from tutor.quiz import live
    c = _chapter(chapter)
    out, last = [], ""
    for q in course.questions(c.notebook):
        if live(q):
            continue
        if "<svg" in q.prompt_html:
            board = ""      # its own picture is in the prompt
            last = q.prompt_html[q.prompt_html.index("<svg"):]
        elif q.key in BOARD_ABOVE:
            board = last = BOARD_ABOVE[q.key]()
        elif _POINTS_TO_A_BOARD.search(q.prompt_html) and last:
            board = last
        else:
            board = ""
        out.append((q, board))
    return out


MM_PER_PX = 0.3     # a board extract on paper: 10 px coordinates print about 8.5 pt high
_POLYGON = re.compile(r'<polygon points="([^"]*)"[^>]*?data-hex="(-?\d+),(-?\d+)"')
_HEX_NAMED = re.compile(r"(?<![\d,])(-?\d{1,2}),(\d{1,2})(?![\d,])")
_ROOT = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" width="[^"]*" height="[^"]*" viewBox="[^"]*"'
                   r'([^>]*?) style="[^"]*"')


def board_extract(svg_text: str, hexes, margin: int = 2) -> str:
    """The part of a board picture (a Memoir '44 board drawn by ``tutor.render.svg``) around
    ``hexes`` — the hexes a question names — with ``margin`` hexes about them, sized for paper
    (:data:`MM_PER_PX`). The picture as it was when it names none of them."""
    cells = {}
    for m in _POLYGON.finditer(svg_text):
        pts = [tuple(float(v) for v in p.split(",")) for p in m[1].split()]
        cells[(int(m[2]), int(m[3]))] = pts
    keep = [cells[h] for h in hexes if h in cells]
    root = _ROOT.search(svg_text)
    if not keep or not root:
        return svg_text
    xs = [x for pts in keep for x, _ in pts]
    ys = [y for pts in keep for _, y in pts]
    every_x = [x for pts in cells.values() for x, _ in pts]
    every_y = [y for pts in cells.values() for _, y in pts]
    hex_w = max(x for x, _ in keep[0]) - min(x for x, _ in keep[0])
    hex_h = max(y for _, y in keep[0]) - min(y for _, y in keep[0])
    x0 = max(min(every_x), min(xs) - margin * hex_w) - 2
    x1 = min(max(every_x), max(xs) + margin * hex_w) + 2
    y0 = max(min(every_y), min(ys) - margin * hex_h * 3 / 4) - 2
    y1 = min(max(every_y), max(ys) + margin * hex_h * 3 / 4) + 2
    w, h = x1 - x0, y1 - y0
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
            f'viewBox="{x0:g} {y0:g} {w:g} {h:g}"{root[1]} style="width:{w * MM_PER_PX:.1f}mm;'
            f'max-width:100%;height:auto"')
    return svg_text[:root.start()] + head + svg_text[root.end():]


def _extracts(html_text: str, named) -> str:
    """Every board picture in ``html_text`` cut to the hexes ``named`` (:func:`board_extract`)."""
    return re.sub(r"<svg .*?</svg>", lambda m: board_extract(m[0], named), html_text, flags=re.S)


def _named_hexes(q) -> list:
    text = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", q.prompt_html, flags=re.S) + " " + " ".join(q.choices)
    return [(int(c), int(r)) for c, r in _HEX_NAMED.findall(text)]


def _plain(html_text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<svg.*?</svg>|<[^>]+>", " ", html_text, flags=re.S)).strip()


def worksheet_sheet(chapter: str, *, answers: bool = False) -> str:
    """A chapter's check-yourself questions as a sheet to print (HTML, its style scoped to its
    box, :data:`WORKSHEET_CSS`): each question with the board extract it asks about
    (:func:`board_extract`) and a box to tick per choice. With ``answers``: the answer key, apart —
    each question's answer and the engine's reason."""
    from tutor.explain import STYLE
    c = _chapter(chapter)
    items = worksheet_questions(chapter)
    if not items:
        raise InputError(f"chapter {c.notebook.split('-', 1)[0]} has no check-yourself questions")
    what = "answer key" if answers else "worksheet"
    parts = []
    for n, (q, board) in enumerate(items, 1):
        if answers:
            right, why = q.rule_fn()
            parts.append(f'<section class="q key"><h2>{n}. {escape(_plain(q.prompt_html))}</h2>'
                         f'<p class="answer">Answer: {escape(right)}</p><div class="why">{why}</div></section>')
        else:
            choices = "".join(f"<li>{escape(ch)}</li>" for ch in q.choices)
            named = _named_hexes(q)
            parts.append(f'<section class="q"><h2>Question {n}</h2>{_extracts(q.prompt_html, named)}'
                         f'{_extracts(board, named)}'
                         f'<ul class="choices">{choices}</ul></section>')
    who = ("" if answers else '<div class="who"><span>Name</span><span>Class</span><span>Date</span></div>'
           '<p class="aim">Tick one answer for each question.</p>')
    return (f'{WORKSHEET_CSS}{STYLE}<div class="tutor-sheet" data-sheet="{what}"><h1>{escape(sheet_title(c))} — '
            f"{what}</h1><p class='aim'>{escape(c.teaches)}</p>{who}{''.join(parts)}"
            f"<footer>From the rules tutor: every answer is the engine's ruling; the rule texts are quoted from "
            f"the rulebooks named beside them.{'' if answers else ' The answers are on a separate answer key.'}"
            f"</footer></div>")


def sheet_title(c) -> str:
    return f"{c.game}, chapter {c.number}: {c.title}"


def worksheet_html(chapter: str, *, answers: bool = False) -> str:
    """:func:`worksheet_sheet` as a page of its own (self-contained HTML, to print at A4 or Letter)."""
    c = _chapter(chapter)
    what = "answer key" if answers else "worksheet"
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{escape(sheet_title(c))} — "
            f"{what}</title></head><body>{worksheet_sheet(chapter, answers=answers)}</body></html>")


def write_worksheet(chapter: str, out: str | Path, *, answers: bool = False) -> Path:
    out = Path(out)
    if out.is_dir():
        num = _chapter(chapter).notebook.split("-", 1)[0]
        out = out / f"{'answers' if answers else 'worksheet'}-{num}.html"
    from tutor.inputs import write_text
    write_text(out, worksheet_html(chapter, answers=answers), "worksheet")
    return out
