"""What the Memoir '44 chapters share: a board state from a scenario's name (:func:`state`), a board
as SVG (:func:`board_svg`), the live move-and-battle board (:func:`drill`), the questions on a move
(:func:`reach_question`, :func:`battle_after_question`), the dice of an attack (:func:`dice_html`), and a
retreat on the board (:func:`retreat_html`). A chapter imports them from here, never from another
chapter; moved verbatim from chapters 2, 4, 5 and 7.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from tutor import paths
from tutor.explain import Explained, events_html, moves_html, plural, rules_html, show, verdict
from tutor.hexes import fmt, parse_hex
from tutor.memoir.combat import attack_dice
from tutor.memoir.movement import legal_moves, move
from tutor.memoir.retreat import RetreatRuling, ruling
from tutor.memoir.scenario import Scenario
from tutor.memoir.state import GameState, from_scenario, order
from tutor.memoir.state import load as load_state
from tutor.quiz import Question, ask

PEGASUS = "pegasus-bridge"     # chapter 2's battle, which later chapters come back to
PEGASUS_SEED = 0               # the deal chapter 2 shows (any seed deals 6 and 2)


SCENARIOS = paths.SCENARIOS


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


def drill(field=None, *, unit=None, sides=("allied",), **kw):
    """The live board of the *try* (``tutor.widgets.FieldDrill``): tap one of your units (``sides``)
    to see every hex it may reach and the refused ones, tap a hex to move there or to hear why not.
    Chapters 9, 10 and 11 show the same drill on their own boards."""
    from tutor.widgets.field_drill import FieldDrill
    return FieldDrill(state(field or MOVEMENT_BOARD), sides=sides, unit=unit, **kw)


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


MOVEMENT_BOARD = "chapters/movement"


def move_events(field, side: str, frm, to, *, rules: bool = True) -> str:
    """Order one unit and move it: the events, step by step (for the worked examples; ``rules=False``
    where the page quotes the rules above)."""
    st = state(field)
    st, _ = order(st, side, [frm])
    st, ev2 = move(st, frm, to)
    return events_html(ev2, rules=rules)


def dice_html(field, attacker, target, *, title: str | None = None, board: bool = True,
              rules: bool = True) -> str:
    """The dice of one attack, step by step: base by range, minus protection, minus penalties (then
    the rules applied, unless ``rules=False``: a page that quotes them above)."""
    from tutor.render.scene import Line, highlights
    st = state(field)
    a, t = parse_hex(attacker), parse_hex(target)
    ad = attack_dice(st, a, t)
    steps = [f"<li>{st.units[a].name} at {plural(ad.distance, 'hex')}: <b>{ad.base}</b> dice.</li>"]
    both = _both_protections(st, a, t)
    if both:
        steps.append(f"<li>The target's hex offers {both}: they do not stack, only the highest counts.</li>")
    if ad.protection:
        steps.append(f"<li>The target's {ad.protection_from.replace('_', ' ')}: <b>−{ad.protection}</b> "
                     f"(only the highest protection counts).</li>")
    if ad.penalty:
        steps.append(f"<li>The attacker stands on {ad.penalty_from}: <b>−{ad.penalty}</b> (added to the "
                     f"protection).</li>")
    steps.append(f"<li>Dice rolled: <b>{ad.dice}</b>{' — no attack is possible' if ad.dice == 0 else ''}.</li>")
    pic = ""
    if board:
        pic = board_svg(st, highlights(selected=[a], target=[t], lines=[Line(a, t, "sight")]),
                        title=title if title is not None else f"{fmt(a)} battles {fmt(t)}")
    return (f"<div>{pic}{verdict(ad.text)}<ol>{''.join(steps)}</ol>{rules_html(ad.rules) if rules else ''}</div>")


def _both_protections(st, a, t) -> str:
    """'the hill (−1) and the bunker (−2)' when terrain and obstacle would both protect."""
    from tutor.memoir.los import height
    from tutor.memoir.terrain import OBSTACLES, TERRAIN
    k = st.units[a].kind
    if k == "artillery":
        return ""
    tn = st.terrain.get(t, "countryside")
    tp = TERRAIN[tn].protection.get(k, 0)
    if tp and TERRAIN[tn].protection_from_lower_only and height(st, a) >= TERRAIN[tn].height:
        tp = 0
    o = st.obstacles.get(t)
    op = OBSTACLES[o].protection.get(k, 0) if o else 0
    if tp and op:
        return f"the {tn.replace('_', ' ')} (−{tp}) and the {o.replace('_', ' ')} (−{op})"
    return ""


def retreat_highlights(r: RetreatRuling):
    """Paths as movement lines, legal ends shaded, closed hexes marked with the step they close."""
    from tutor.render.scene import Line, Mark, highlights
    lines = {(p[i - 1], p[i]) for p in r.paths for i in range(1, len(p))}
    ends = [d for d in r.destinations if d != r.origin]
    on_path = {x for p in r.paths for x in p[1:]} - set(ends)
    marks = [Mark(b.hex, "closed") for b in r.blocked]
    if r.losses:
        marks.append(Mark(r.origin, "lost", text=f"−{r.losses}"))
    return highlights(selected=[r.origin], path=sorted(on_path), legal=ends, closed=[b.hex for b in r.blocked],
                      lines=[Line(a, b, "move") for a, b in sorted(lines)], marks=marks)


def _on_board(st, r: RetreatRuling) -> RetreatRuling:
    """Drop blocked hexes off the board (they cannot be drawn); the text still names them."""
    from dataclasses import replace
    keep = tuple(b for b in r.blocked if b.hex in st.board.hexes or b.hex in st.board.half_hexes)
    return replace(r, blocked=keep)


def retreat_html(field, at, flags: int, *, title: str | None = None, board: bool = True,
                 rules: bool = True) -> str:
    """A retreat after ``flags`` flags: the paths on the board, the engine's ruling, then the rules
    it applied (unless ``rules=False``: a page that quotes them above)."""
    st = state(field)
    r = ruling(st, parse_hex(at) if isinstance(at, str) else at, flags, None)
    pic = ""
    if board:
        pic = board_svg(st, retreat_highlights(_on_board(st, r)),
                        title=title if title is not None else f"{plural(flags, 'flag')} on {fmt(r.origin)}")
    return f"<div>{pic}{_ruling_html(r, marks=board)}{rules_html(r.rules) if rules else ''}</div>"


def _ruling_html(r: RetreatRuling, *, marks: bool = True) -> str:
    """A retreat ruling in words: the headline, the engine's text, each closed hex with its reason
    (``marks``: the board above crosses them out)."""
    items = "".join(f"<li><b>{fmt(b.hex)}</b> (move {b.step}): {escape(b.reason)}.</li>" for b in r.blocked)
    head = "Closed hexes (✕):" if marks else "Closed hexes:"
    return (f"{verdict(_headline(r), not r.losses)}<p>{escape(r.text)}</p>"
            + (f"<p>{head}</p><ul>{items}</ul>" if items else ""))


def _headline(r: RetreatRuling) -> str:
    if r.moves_required == 0:
        return "No retreat"
    if r.losses and r.retreat == 0:
        return f"Cannot retreat: loses {plural(r.losses, 'figure')}"
    if r.losses:
        return f"Retreats {r.retreat}, loses {plural(r.losses, 'figure')}"
    span = f"{r.retreat} to {r.retreat_max} hexes" if r.retreat_max != r.retreat else plural(r.retreat, "hex")
    if len(r.destinations) > 4:
        return f"Retreats {span}: {len(r.destinations)} legal end hexes (shaded)"
    return f"Retreats {span}: ends on {', '.join(fmt(d) for d in r.destinations)}"


def show_retreat(field, at, flags: int, **kw) -> Explained:
    return show(retreat_html(field, at, flags, **kw))


