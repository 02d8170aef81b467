"""Chapter 4: movement. Every answer is the engine's ruling (``tutor.memoir.movement``).

The first part of this module holds two small helpers the Memoir chapters 4–11 share: a board
state from a scenario name (:func:`state`) and a board as SVG (:func:`board_svg`). The display
helpers (``verdict``, ``events_html``, ``moves_html``, ``show``) are ``tutor.explain``'s, the
engine-checked question (``ask``) is ``tutor.quiz``'s.

The "try" of this chapter is :func:`drill`, the live move-and-battle board
(``tutor.widgets.FieldDrill``): tap a unit, see every hex it may reach shaded and the hexes it may
not enter marked, tap one to move there or to hear the reason it is refused.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from tutor import paths
from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.explain import Explained, events_html, moves_html, plural, rules_html, show
from tutor.hexes import parse_hex
from tutor.memoir import rules as R
from tutor.memoir.movement import legal_moves, move
from tutor.memoir.scenario import Scenario
from tutor.memoir.state import GameState, from_scenario, order
from tutor.memoir.state import load as load_state
from tutor.quiz import BoardQuestion, Question, ask

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="04-movement.ipynb",
    title="Movement",
    game=MEMOIR,
    teaches="Move infantry, armor and artillery as far as the rules allow, and no further.",
    seed=M44,
    heading="MOVIMIENTO; REGLAS GENERALES DE MOVIMIENTO",
    concepts=("movement", "no-passing", "terrain-stops", "impassable", "beaches"),
    handout=Handout(
        boards=("examples/woods-turns.yaml", "examples/beach-moves.yaml"),
        rules=("m44.move.infantry", "m44.move.armor", "m44.move.artillery", "m44.move.no_passing"),
    ),
    preheat=True,
)

SCENARIOS = paths.SCENARIOS


# ---------------------------------------------------------------------------------------------
# Shared helpers (chapters 4-11)


def state(name_or_field) -> GameState:
    """A GameState from a bundled scenario name ("examples/retreat-ocean"), a path, a Scenario
    or a GameState."""
    if isinstance(name_or_field, GameState):
        return name_or_field
    if isinstance(name_or_field, Scenario):
        return from_scenario(name_or_field)
    p = Path(name_or_field)
    if not p.suffix:
        p = SCENARIOS / (str(name_or_field) + ".yaml")
    return load_state(p)


def board_svg(field, hl=None, *, title: str | None = None, legend: bool = True, window=None) -> str:
    from tutor.render.svg import state_svg
    return state_svg(field, hl, title=title, legend=legend, window=window)


def around(field, *hexes, margin: int = 1) -> tuple:
    """The hexes of ``field``'s board within ``margin`` of the smallest span holding ``hexes``: the
    part of the board a question is about."""
    from tutor.hexes import distance
    st = state(field)
    span = max((distance(a, b) for a in hexes for b in hexes), default=0)
    return tuple(h for h in st.board.hexes if all(distance(h, x) <= span + margin for x in hexes))


# ---------------------------------------------------------------------------------------------
# Legal moves (drawn and explained by tutor.explain.moves_html)


def show_moves(field, at, **kw) -> Explained:
    """A unit's legal moves (``tutor.explain.moves_html``) on a board named as :func:`state` takes it."""
    return show(moves_html(state(field), at, **kw))


# ---------------------------------------------------------------------------------------------
# The "try": tap a unit, see its moves, move it


def drill(field=None, *, unit=None, sides=("allied",), **kw):
    """The live board of the *try* (``tutor.widgets.FieldDrill``): tap one of your units (``sides``)
    to see every hex it may reach and the refused ones, tap a hex to move there or to hear why not.
    Chapters 9, 10 and 11 show the same drill on their own boards."""
    from tutor.widgets.field_drill import FieldDrill
    return FieldDrill(state(field or MOVEMENT_BOARD), sides=sides, unit=unit, **kw)


# ---------------------------------------------------------------------------------------------
# Teaching boards and exercises


def reach_question(key: str, field, at, to, prompt: str) -> Question:
    st = state(field)
    at, to = parse_hex(at), parse_hex(to)
    choices = ("Yes, it may move there", "No, it may not")

    def rule_fn():
        m = legal_moves(st, at)
        ans = choices[0] if to in m.reachable else choices[1]
        return ans, f"<p>{escape(m.explain(to))}.</p>" + moves_html(st, at, dest=to if to in m.reachable else None,
                                                                     board=False)
    from tutor.render.scene import highlights
    pic = board_svg(st, highlights(selected=[at], target=[to]), title="")
    return ask(key, f"<p>{prompt}</p>{pic}", choices, rule_fn)


def tap_reach_question(key: str, field, at, prompt: str, *, battle: bool = False) -> BoardQuestion:
    """Tap a hex the unit on ``at`` may move to (``battle``: and still battle this turn): the
    engine's ``legal_moves`` rules on the tap. The board is cut to the hexes around the unit."""
    from tutor.hexes import distance, fmt
    st = state(field)
    at = parse_hex(at)
    m0 = legal_moves(st, at)
    reach = max((distance(at, h) for h in m0.reachable), default=1)
    window = tuple(h for h in st.board.hexes if distance(at, h) <= reach + 1)

    def places():
        m = legal_moves(st, at)
        ok = frozenset(h for h, r in m.reachable.items() if h != at and (r.can_battle or not battle))
        return ok, moves_html(st, at, board=False)
    return BoardQuestion(key, f"<p>{prompt}</p>", st, places, taps="hex", window=window, name=fmt)


def battle_after_question(key: str, field, at, to, prompt: str) -> Question:
    st = state(field)
    at, to = parse_hex(at), parse_hex(to)
    choices = ("It may battle", "It may not battle this turn", "It cannot get there")

    def rule_fn():
        m = legal_moves(st, at)
        r = m.reachable.get(to)
        ans = choices[2] if r is None else (choices[0] if r.can_battle else choices[1])
        rules = [r.rule] if r is not None and r.rule else list(m.rules)
        return ans, f"<p>{escape(m.explain(to))}.</p>" + rules_html(rules)
    from tutor.render.scene import highlights
    pic = board_svg(st, highlights(selected=[at], target=[to]), title="", window=around(st, at, to))
    return ask(key, f"<p>{prompt}</p>{pic}", choices, rule_fn)


def count_question(key: str, field, at, prompt: str) -> Question:
    """How many hexes can the unit reach? Choices around the engine's count (the board is the
    prompt, without the shading)."""
    st = state(field)
    at = parse_hex(at)
    from tutor.render.scene import highlights
    pic = board_svg(st, highlights(selected=[at]), title="")
    n = len(legal_moves(st, at).reachable)
    lo = max(0, n - 2 - n % 2)
    choices = tuple(str(x) for x in range(lo, lo + 8, 2)) if n % 2 == 0 else tuple(str(x) for x in range(lo + 1, lo + 9, 2))

    def rule_fn():
        m = legal_moves(st, at)
        return str(len(m.reachable)), moves_html(st, at, title="")
    return ask(key, f"<p>{prompt}</p>{pic}", choices, rule_fn)


MOVEMENT_BOARD = "chapters/movement"


def questions() -> list[Question]:
    return [
        tap_reach_question("04.no-passing", MOVEMENT_BOARD, "9,7",
                           "The allied armor on <b>9,7</b> moves up to 3 hexes; its own infantry stands on 8,6 and "
                           "10,6. <b>Tap a hex it may move to.</b>"),
        battle_after_question("04.woods-stop", MOVEMENT_BOARD, "8,6", "7,5",
                              "The allied infantry on <b>8,6</b> moves one hex, into the woods on <b>7,5</b>. "
                              "What about battling this turn?"),
        battle_after_question("04.infantry-two", MOVEMENT_BOARD, "15,7", "15,5",
                              "The allied infantry on <b>15,7</b> moves two hexes, to <b>15,5</b>. "
                              "What about battling this turn?"),
        tap_reach_question("04.infantry-battle", MOVEMENT_BOARD, "5,7",
                           "The allied infantry on <b>5,7</b> is ordered. <b>Tap a hex it may move to and still "
                           "battle this turn.</b>", battle=True),
    ]


def allowance_table() -> Explained:
    """Each unit kind's movement allowance and battle limit, as the engine reads them."""
    from tutor.memoir.movement import allowance, battle_limit
    from tutor.memoir.state import Unit
    rows = []
    for name, u in (("infantry", Unit(0, "allied", "infantry", 4)), ("armor", Unit(0, "allied", "armor", 3)),
                    ("artillery", Unit(0, "allied", "artillery", 2))):
        a, lim = allowance(u)[0], battle_limit(u)[0]
        fire = ("no battle after moving" if lim == 0 else
                f"battles after moving up to {lim}" + ("" if lim == a else f"; not after {a}"))
        rows.append(f"<tr><td>{name}</td><td>{a}</td><td>{fire}</td></tr>")
    return show('<table class="tutor-obs"><tr><th>unit</th><th>moves up to</th><th>and battles?</th></tr>'
                + "".join(rows) + "</table>")


def hedgerow_story() -> Explained:
    """The SETOS example, turn by turn, each step the engine's (no board: the text says it all)."""
    from tutor.memoir.state import end_turn
    st = state("examples/hedgerow-turns")
    parts = []
    h = (6, 8)

    def turn(n, frm, to, note):
        nonlocal st
        m = legal_moves(st, frm)
        line = f"<li><b>Turn {n}</b> ({note}): {escape(m.explain(to))}."
        if to in m.reachable:
            st, _ = order(st, "allied", [frm])
            st, ev = move(st, frm, to)
            line += " " + " ".join(escape(e.text) for e in ev[1:])
            st, _ = end_turn(st)
            st, _ = end_turn(st)
        parts.append(line + "</li>")
        return m

    turn(0, h, (6, 6), "try to go straight in")
    turn(1, h, (5, 7), "move next to the hedgerows")
    turn(2, (5, 7), (6, 6), "now it may enter")
    turn(3, (6, 6), (5, 5), "leave: one hex only")
    far = [r for r in legal_moves(st, (5, 5)).reachable]
    parts.append(f"<li><b>Turn 4</b>: out of the hedgerows it moves normally again "
                 f"({plural(len(far), 'hex')} within reach).</li>")
    return show("<ol>" + "".join(parts) + "</ol>" + rules_html([TERRAIN_RULE("hedgerows"), R.HEDGEROW_LEAVE]))


def TERRAIN_RULE(name: str):
    from tutor.memoir.terrain import TERRAIN
    return TERRAIN[name].rule


def move_events(field, side: str, frm, to) -> str:
    """Order one unit and move it: the events, step by step (for the worked examples)."""
    st = state(field)
    st, _ = order(st, side, [frm])
    st, ev2 = move(st, frm, to)
    return events_html(ev2)
