"""Chapter 11: objectives and medals. Every medal is the engine's count
(``GameState.medals`` = enemy units eliminated + objective medals held, ``tutor.memoir.objectives``).

The "try" is :class:`ObjectivesBoard`: pick a unit and a hex it may reach, press *Move*, and the
medal count updates as the engine captures, keeps or loses objective medals (or ends the game by
sudden death). Each move is a whole turn of that unit's side (ordered, moved, turn ended).
"""

from __future__ import annotations

from html import escape

from tutor.chapters.ch04 import board_svg, state
from tutor.explain import Explained, events_html, rules_html, show, verdict
from tutor.hexes import fmt, parse_hex, row_major
from tutor.memoir.combat import battle
from tutor.memoir.movement import legal_moves, move
from tutor.memoir.state import GameState, end_turn, order
from tutor.quiz import Question, ask

OBJ_BOARD = "chapters/objectives"
LABEL = {"temporary": "temp. medal", "permanent": "perm. medal", "majority": "majority", "sudden_death": "sudden death"}


def objective_highlights(st: GameState, **extra):
    """Objective hexes shaded ("visible") with a note saying which kind and who holds it."""
    from tutor.render.scene import highlights
    notes, hexes = [], []
    for i, o in enumerate(st.objectives):
        holder = st.held.get(i)
        for k, h in enumerate(o.hexes):
            hexes.append(h)
            notes.append((h, (LABEL[o.type] + (f" ({holder})" if holder else "")) if k == 0 else "maj."))
    return highlights(visible=hexes, notes=notes, **extra)


def objectives_svg(st: GameState, hl, *, title: str = "") -> str:
    """The board with objective hexes shaded; the legend names the shade "objective" (the render
    module has no objective role yet, so the shared "visible" shade is relabelled here)."""
    from tutor.render.style import SHADE_LABEL
    return board_svg(st, hl, title=title).replace(f">{SHADE_LABEL['visible']}<", ">objective hex<")


def medals_html(st: GameState) -> str:
    m = st.medals
    need = dict(st.medals_to_win) if st.medals_to_win else {}
    parts = []
    for side in ("allied", "axis"):
        obj = sum(st.objectives[i].medals for i, s in st.held.items() if s == side)
        parts.append(f"<b>{side}</b>: {m[side]} medal{'s' if m[side] != 1 else ''}"
                     f" ({st.kills[side]} for units eliminated, {obj} for objectives held)"
                     + (f" — {need[side]} needed" if side in need else ""))
    won = f"<div class='tutor-verdict tutor-ok'>The {st.winner} side wins.</div>" if st.winner else ""
    return f"<p class='tutor-medals'>{'<br>'.join(parts)}</p>{won}"


def objectives_table(field=OBJ_BOARD) -> Explained:
    st = state(field)
    rows = "".join(f"<tr><td>{escape(o.type.replace('_', ' '))}</td><td>{', '.join(fmt(h) for h in o.hexes)}</td>"
                   f"<td>{' or '.join(o.sides)}</td><td>{'wins the game' if o.type == 'sudden_death' else o.medals}</td></tr>"
                   for o in st.objectives)
    pic = objectives_svg(st, objective_highlights(st), title="Objectives on the chapter's board")
    return show(pic + '<table class="tutor-obs"><tr><th>objective</th><th>hexes</th><th>for</th><th>medals</th></tr>'
                + rows + "</table>" + rules_html(o.rule for o in st.objectives))


def turns(field, moves) -> tuple[GameState, list]:
    """Play ``moves`` [(from, to)], each as one turn of the moving unit's side; the events."""
    st = state(field)
    out = []
    for frm, to in moves:
        frm, to = parse_hex(frm), parse_hex(to)
        st, _ = order(st, st.units[frm].side, [frm])
        st, ev = move(st, frm, to)
        out.append(ev)
        if st.winner is None:
            st, _ = end_turn(st)
    return st, out


def story_html(field, moves, *, title: str = "") -> str:
    st, evs = turns(field, moves)
    items = "".join(f"<li>{' '.join(escape(e.text) for e in ev)}</li>" for ev in evs)
    from tutor.render.scene import Line
    lines = [Line(parse_hex(a), parse_hex(b), "move") for a, b in moves]
    pic = objectives_svg(st, objective_highlights(st, lines=lines), title=title)
    rules = [e.rule for ev in evs for e in ev if e.kind.startswith(("medal", "sudden"))]
    return f"<div>{pic}<ol>{items}</ol>{medals_html(st)}{rules_html(rules)}</div>"


def show_story(*args, **kw) -> Explained:
    return show(story_html(*args, **kw))


def elimination_html() -> str:
    """A unit eliminated is a medal: the allied infantry on 9,7 wipes out the last axis figure
    on 8,6 (a grenade)."""
    st = state(OBJ_BOARD)
    st, _ = order(st, "allied", [(9, 7)])
    after, ev = battle(st, (9, 7), (8, 6), ["grenade", "star", "star"])
    return events_html(ev) + medals_html(after)


def show_elimination() -> Explained:
    return show(elimination_html())


# ---------------------------------------------------------------------------------------------
# The "try"


class ObjectivesBoard:
    """Pick a unit (buttons), a hex it may reach (dropdown), press Move: the board, the events
    and the medal count update. Undo and Reset go back. ``choose``/``move_to`` are the buttons."""

    def __init__(self, field=OBJ_BOARD, unit="5,5"):
        import ipywidgets as W
        self.first = state(field)
        self.history: list[GameState] = []
        self.state = self.first
        self.log = ""
        self.units = W.ToggleButtons(style={"button_width": "auto"})
        self.dest = W.Dropdown(description="to", layout=W.Layout(width="200px", height="40px"))
        self.go = W.Button(description="Move", icon="arrow-right", button_style="primary",
                           layout=W.Layout(width="auto", height="40px"))
        self.undo = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto", height="40px"))
        self.reset = W.Button(description="Reset", icon="refresh", layout=W.Layout(width="auto", height="40px"))
        self.out = W.HTML()
        self.units.observe(lambda ch: self._dests(), "value")
        self.go.on_click(lambda _: self.move_to(self.dest.value))
        self.undo.on_click(lambda _: self.back())
        self.reset.on_click(lambda _: self.restart())
        bar = W.HBox([self.dest, self.go, self.undo, self.reset], layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([W.HTML("<b>Pick a unit, then where it goes:</b>"), self.units, bar, self.out],
                             layout=W.Layout(border="1px solid #ccc", padding="8px", max_width="760px"))
        self.widget.add_class("tutor-objectives-board")
        self._refresh(parse_hex(unit))

    def _refresh(self, keep=None) -> None:
        st = self.state
        opts = [(f"{u.name} {fmt(h)}", h) for h, u in sorted(st.units.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
        self.units.options = opts
        if keep in st.units:
            self.units.value = keep
        self._dests()
        self.undo.disabled = not self.history
        self.go.disabled = st.winner is not None
        pic = objectives_svg(st, objective_highlights(st, selected=[self.units.value] if self.units.value else []))
        self.out.value = pic + medals_html(st) + self.log

    def _dests(self) -> None:
        h = self.units.value
        if h is None:
            self.dest.options = []
            return
        m = legal_moves(self.state, h)
        self.dest.options = [(fmt(x), x) for x in sorted(m.reachable, key=row_major)]
        if self.dest.options:
            self.dest.index = 0

    def choose(self, h) -> None:
        self.units.value = parse_hex(h) if isinstance(h, str) else h

    def move_to(self, to) -> None:
        to = parse_hex(to) if isinstance(to, str) else to
        frm = self.units.value
        if frm is None or to is None or self.state.winner:
            return
        st, _ = order(self.state, self.state.units[frm].side, [frm])
        st, ev = move(st, frm, to)
        if st.winner is None:
            st, _ = end_turn(st)
        self.history.append(self.state)
        self.state = st
        won = [e for e in ev if e.kind.startswith(("medal", "sudden", "victory"))]
        self.log = (verdict(won[-1].text, True) if won else "") + events_html(ev)
        self._refresh(to)

    def back(self) -> None:
        if self.history:
            self.state = self.history.pop()
            self.log = ""
            self._refresh(self.units.value)

    def restart(self) -> None:
        self.state, self.history, self.log = self.first, [], ""
        self._refresh()


# ---------------------------------------------------------------------------------------------
# Exercises


def _medals_question(key, moves, prompt, side="allied") -> Question:
    choices = ("0", "1", "2", "3")

    def rule_fn():
        st, evs = turns(OBJ_BOARD, moves)
        items = "".join(f"<li>{' '.join(escape(e.text) for e in ev)}</li>" for ev in evs)
        return str(st.medals[side]), f"<ol>{items}</ol>{medals_html(st)}" + rules_html(o.rule for o in st.objectives)
    return ask(key, f"<p>{prompt}</p>", choices, rule_fn)


def _winner_question() -> Question:
    choices = ("The allied side wins at once", "The allied side gains 1 medal", "Nothing yet")

    def rule_fn():
        st, evs = turns(OBJ_BOARD, [("23,1", "24,0")])
        ans = choices[0] if st.winner == "allied" else choices[1] if st.medals["allied"] else choices[2]
        return ans, events_html(evs[0])
    return ask("11.sudden-death", "<p>The allied armor on <b>23,1</b> drives onto the sudden-death hex "
               "<b>24,0</b>. What happens?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [
        _medals_question("11.temporary", [("5,5", "6,4"), ("6,4", "7,5")],
                         "On the chapter's board, the allied infantry enters the village on <b>6,4</b> "
                         "(a temporary objective) and, next turn, moves out again to <b>7,5</b>. How many medals "
                         "does the allied side hold now?"),
        _medals_question("11.permanent", [("12,4", "11,3"), ("11,3", "12,4")],
                         "The allied infantry enters the bridge on <b>11,3</b> (a permanent objective) and next "
                         "turn moves back to <b>12,4</b>. How many medals does the allied side hold now?"),
        _medals_question("11.majority", [("17,5", "16,4"), ("18,2", "18,4")],
                         "The allied infantry climbs the hill <b>16,4</b>; then the axis infantry takes "
                         "<b>18,4</b>. The three hill hexes are a majority objective. How many medals does the "
                         "allied side hold?"),
        _winner_question(),
    ]
