"""Chapter 11: objectives and medals. Every medal is the engine's count
(``GameState.medals`` = enemy units eliminated + objective medals held, ``tutor.memoir.objectives``).

The "try" is :func:`drill`, the live move-and-battle board on the objectives board: tap a unit of
either side and a hex it may reach, and the medal count updates as the engine captures, keeps or
loses objective medals (or ends the game by sudden death).
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.board_taps import hex_question
from tutor.examples.memoir import around, board_svg, state
from tutor.explain import Explained, events_html, rules_html, show
from tutor.hexes import fmt, parse_hex
from tutor.memoir.combat import battle
from tutor.memoir.movement import legal_moves, move
from tutor.memoir.state import GameState, end_turn, order
from tutor.quiz import BoardQuestion, Question, ask
from tutor.sides import SIDE_NAMES, Side

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="11-objectives-and-medals.ipynb",
    title="Objectives and medals",
    game=MEMOIR,
    teaches="Score temporary, permanent and sudden-death objectives and win the game.",
    seed=M44,
    heading="OBJETIVO DEL JUEGO; APÉNDICE 3",
    concepts=("medals", "objective-medals", "temporary-objective", "permanent-objective",
              "majority-objective", "sudden-death"),
    handout=Handout(
        rules=("m44.victory", "m44.objective.temporary", "m44.objective.permanent", "m44.objective.majority",
               "m44.objective.sudden_death"),
        pictures="objectives",
    ),
    preheat=True,
)

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


def objectives_svg(st: GameState, hl, *, title: str = "", window=None) -> str:
    """The board with objective hexes shaded; the legend names the shade "objective" (the render
    module has no objective role yet, so the shared "visible" shade is relabelled here)."""
    from tutor.render.style import SHADE_LABEL
    return board_svg(st, hl, title=title, window=window).replace(f">{SHADE_LABEL['visible']}<", ">objective hex<")


def medals_html(st: GameState) -> str:
    m = st.medals
    need = dict(st.medals_to_win) if st.medals_to_win else {}
    parts = []
    for side in ("allied", "axis"):
        obj = sum(st.objectives[i].medals for i, s in st.held.items() if s == side)
        parts.append(f"<b>{SIDE_NAMES[side]}</b>: {m[side]} medal{'s' if m[side] != 1 else ''}"
                     f" ({st.kills[side]} for units eliminated, {obj} for objectives held)"
                     + (f" — {need[side]} needed" if side in need else ""))
    won = (f"<div class='tutor-verdict tutor-ok'>{Side.of(st.winner).The} {Side.of(st.winner).verb('win', 'wins')}.</div>"
           if st.winner else "")
    return f"<p class='tutor-medals'>{'<br>'.join(parts)}</p>{won}"


def objectives_table(field=OBJ_BOARD, *, board: bool = True) -> Explained:
    """The board's objectives as a table (``board``: above it, the board with the objective hexes
    shaded); the page says their rules above it, their original text one click away."""
    st = state(field)
    rows = "".join(f"<tr><td>{escape(o.type.replace('_', ' '))}</td><td>{', '.join(fmt(h) for h in o.hexes)}</td>"
                   f"<td>{' or '.join(o.sides)}</td><td>{'wins the game' if o.type == 'sudden_death' else o.medals}</td></tr>"
                   for o in st.objectives)
    pic = objectives_svg(st, objective_highlights(st), title="Objectives on the chapter's board") if board else ""
    return show(pic + '<table class="tutor-obs"><tr><th>objective</th><th>hexes</th><th>for</th><th>medals</th></tr>'
                + rows + "</table>")


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
    return f"<div>{pic}<ol>{items}</ol>{medals_html(st)}</div>"      # the objectives' rules: quoted above


def show_story(*args, **kw) -> Explained:
    return show(story_html(*args, **kw))


def elimination_html() -> str:
    """A unit eliminated is a medal: the Allied infantry on 9,7 wipes out the last Axis figure
    on 8,6 (a grenade). The page quotes the medal rules above it."""
    st = state(OBJ_BOARD)
    st, _ = order(st, "allied", [(9, 7)])
    after, ev = battle(st, (9, 7), (8, 6), ["grenade", "star", "star"])
    return events_html(ev, rules=False) + medals_html(after)


def show_elimination() -> Explained:
    return show(elimination_html())


# ---------------------------------------------------------------------------------------------
# The "try"


def drill(**kw):
    """The move-and-battle drill (``tutor.widgets.FieldDrill``) on the objectives board, both sides
    in the learner's hands: move units on and off the objectives and watch the medals change hands
    (the engine's captures, losses, majority and sudden death)."""
    from tutor.examples.memoir import drill as move_drill
    return move_drill(OBJ_BOARD, sides=("allied", "axis"), **kw)


# ---------------------------------------------------------------------------------------------
# Exercises


def _medals_question(key, moves, prompt, about=(), side="allied", *, kind: str) -> Question:
    choices = ("0", "1", "2", "3")
    st = state(OBJ_BOARD)

    def rule_fn():
        st, evs = turns(OBJ_BOARD, moves)
        items = "".join(f"<li>{' '.join(escape(e.text) for e in ev)}</li>" for ev in evs)
        return str(st.medals[side]), f"<ol>{items}</ol>{medals_html(st)}" + rules_html(o.rule for o in st.objectives)
    hexes = [parse_hex(h) for m in moves for h in m]
    pic = objectives_svg(st, objective_highlights(st, selected=[hexes[0]]), window=around(st, *hexes, *about))
    return ask(key, f"<p>{prompt}</p>{pic}", choices, rule_fn,
               hint=tuple(o.rule for o in st.objectives if o.type == kind))   # the objective's rule


def _move_tap(key, before, at, prompt, ruled, kind: str) -> BoardQuestion:
    """Tap a hex the unit on ``at`` may move to (after the turns ``before``) that makes
    ``ruled(state before, state after)`` true: the engine moves it to every hex it may reach and
    counts the medals."""
    at = parse_hex(at)
    st0, _ = turns(OBJ_BOARD, before)

    def places(st):
        ok, why = [], []
        for h in sorted(legal_moves(st, at).reachable):
            if h == at:
                continue
            s1, _ = order(st, st.units[at].side, [at])
            s1, ev = move(s1, at, h)
            if ruled(st, s1):
                ok.append(h)
                why.append(f"<li><b>{fmt(h)}</b>: {' '.join(escape(e.text) for e in ev[1:])}</li>")
        rules = [o.rule for o in st.objectives]
        return frozenset(ok), (f"<ul>{''.join(why)}</ul><p>Every other hex it may reach leaves the medals as "
                               f"they are.</p>" + rules_html(rules))
    reach = legal_moves(st0, at).reachable
    hint = tuple(o.rule for o in st0.objectives if o.type == kind)       # the objective's rule
    return hex_question(key, st0, prompt, places, at, *reach, margin=0, hint=hint)


def questions() -> list[Question | BoardQuestion]:
    return [
        _move_tap("11.sudden-death", [], "23,1",
                  "The Allied armor on <b>23,1</b> is ordered; the hex marked <i>sudden death</i> wins the "
                  "battle for the Allies. <b>Tap a hex it may move to that wins the battle at once.</b>",
                  lambda a, b: b.winner == "allied", "sudden_death"),
        _move_tap("11.majority", [("17,5", "16,4")], "18,2",
                  "The Allied infantry has climbed the hill on <b>16,4</b>: the Allies hold the majority "
                  "of the three hills and its medal. <b>Tap a hex the Axis infantry on 18,2 may move to that "
                  "takes that medal from the Allies.</b>",
                  lambda a, b: b.medals["allied"] < a.medals["allied"], "majority"),
        _medals_question("11.temporary", [("5,3", "6,4")],
                         "The <b>Axis</b> infantry on 5,3 enters the village on <b>6,4</b>, the temporary objective "
                         "marked for the Allies. How many medals does the Axis hold now?", [(6, 4)], side="axis",
                         kind="temporary"),
        _medals_question("11.permanent", [("12,4", "11,3"), ("11,3", "12,4")],
                         "The Allied infantry enters the bridge on <b>11,3</b> (a permanent objective) and next "
                         "turn moves back to <b>12,4</b>. How many medals do the Allies hold now?", [(11, 3)],
                         kind="permanent"),
    ]
