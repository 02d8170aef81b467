"""Chapter 7: hits, flags and retreat. Every answer is the engine's ruling
(``tutor.memoir.dice``, ``tutor.memoir.combat.battle``, ``tutor.memoir.retreat.ruling``).

The "try" is the retreat drill of ``tutor.widgets`` (:func:`drill`) and a small dice resolver of
this chapter (:class:`DiceResolver`): set the faces of the dice with buttons and see the hits and
flags they score against each kind of unit.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples import board_taps
from tutor.examples.memoir import board_svg, state
from tutor.explain import Explained, events_html, plural, rules_html, show
from tutor.hexes import fmt, parse_hex
from tutor.memoir import dice as D
from tutor.memoir import rules as R
from tutor.memoir.combat import battle
from tutor.memoir.state import order
from tutor.quiz import BoardQuestion, Question, ask
from tutor.widgets.dice_resolver import KINDS, DiceResolver, resolve  # noqa: F401 (the page's, moved here)

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="07-hits-flags-and-retreat.ipynb",
    title="Hits, flags and retreat",
    game=MEMOIR,
    teaches="Resolve the dice: hits, misses, stars, flags, and where a unit must retreat.",
    seed=M44,
    heading="RESOLUCIÓN DEL ATAQUE; RETIRADA",
    concepts=("dice-faces", "hits", "retreat", "blocked-retreat", "medals"),
    handout=Handout(
        boards=("examples/retreat-two-paths.yaml", "examples/retreat-river-and-unit.yaml"),
        rules=("m44.resolve.hits", "m44.retreat.flag", "m44.retreat.blocked", "m44.retreat.no_choice"),
        dice_table=True,
    ),
    preheat=True,
)

FACE_LABEL = {"infantry": "infantry", "armor": "armor", "grenade": "grenade", "star": "star", "flag": "flag"}


# ---------------------------------------------------------------------------------------------
# Dice


def faces_table() -> Explained:
    """Which die faces hit each kind of unit (the engine's ``hit_faces``), and what flags and
    stars do (the page's prose above says the rules, their original text under it)."""
    head = "".join(f"<th>against {k}</th>" for k in KINDS)
    rows = []
    for face in D.FACE_NAMES:
        n = D.FACES.count(face)
        cells = []
        for k in KINDS:
            if face in D.hit_faces(k):
                cells.append("<td><b>hit</b></td>")
            elif face == "flag":
                cells.append("<td>retreat 1 hex</td>")
            else:
                cells.append("<td>miss</td>")
        rows.append(f"<tr><td>{face} <small>({n} of 6 faces)</small></td>{''.join(cells)}</tr>")
    table = f'<table class="tutor-obs"><tr><th>die face</th>{head}</tr>{"".join(rows)}</table>'
    return show(f'<div style="max-width:420px">{table}<p><small>{D.DIE_SOURCE}</small></p></div>')


# ---------------------------------------------------------------------------------------------
# Retreats on the board


def retreat_example(field, at, flags: int, *, title: str) -> Explained:
    """A worked retreat of this page: the shared example of the board-tap pages, brief (the board
    beside the verdict and the closed hexes; the page's prose just above says the rules)."""
    return show(board_taps.retreat_example(field, at, flags, title=title, brief=True))


def battle_html(field, side: str, attacker, target, faces, *, title: str | None = None,
                rules: bool = True) -> str:
    """Order the attacker, battle with these faces: the board after the attack (the retreat path
    drawn), and every step with its rule (``rules=False``: the steps only, where the page shows
    the rules once above)."""
    from tutor.render.scene import Line, Mark, highlights
    st = state(field)
    a, t = parse_hex(attacker), parse_hex(target)
    st, _ = order(st, side, [a])
    after, ev = battle(st, a, t, faces)
    lines, shades = [], {"selected": [a], "target": [t]}
    for e in ev:
        if e.kind == "retreat":
            p = e.get("path")
            lines += [Line(x, y, "move") for x, y in zip(p, p[1:])]
            shades["legal"] = [p[-1]]
    lost = sum(e.get("lost", 0) for e in ev if e.kind in ("hits", "flag_losses"))
    marks = [Mark(t, "lost", text=f"−{lost}")] if lost else []
    pic = board_svg(after, highlights(lines=lines, marks=marks, **shades),
                    title=title if title is not None else f"{fmt(a)} battles {fmt(t)}: {', '.join(D.parse_faces(faces))}")
    return f"<div>{pic}{events_html(ev, rules=rules)}</div>"


def show_battle(*args, **kw) -> Explained:
    return show(battle_html(*args, **kw))


def drill(field="chapters/retreat-drill", unit="6,2", flags: int = 1, seed: int | None = 7):
    """The retreat drill (``tutor.widgets.RetreatDrill``) on the chapter's drill board."""
    from tutor.widgets import RetreatDrill
    return RetreatDrill(state(field), unit=unit, flags=flags, seed=seed)


# ---------------------------------------------------------------------------------------------
# Exercises


def _hits_question() -> Question:
    faces = ("infantry", "armor", "grenade", "star")
    kind = "armor"
    choices = ("0 hits", "1 hit", "2 hits", "3 hits", "4 hits")

    def rule_fn():
        hits, flags, text = resolve(faces, kind)
        return plural(hits, "hit"), f"<p>{escape(text)}</p>" + rules_html([R.HITS, R.STAR])
    return ask("07.hits-armor", f"<p>You battle an enemy <b>{kind}</b> unit and roll "
               f"<b>{', '.join(faces)}</b>. How many hits?</p>", choices, rule_fn)


#: A retreat question's hint: the rules to use, not the answer.
RETREAT_HINT = (R.FLAG, R.RETREAT_DIRECTION, R.RETREAT_BLOCKED)


def _where_question() -> BoardQuestion:
    return board_taps.retreat_question(
        "07.retreat-where", "chapters/retreat-quiz", "12,6", 2,
        "The Allied infantry on <b>12,6</b> receives <b>2 flags</b>; Allied units retreat toward the bottom "
        "edge. <b>Tap the hex where it ends</b> (the unit itself if it cannot move).", hint=RETREAT_HINT)


def _ocean_question() -> Question:
    field = state("examples/retreat-ocean")
    faces = ("flag", "flag", "star")
    choices = ("0 figures", "1 figure", "2 figures", "3 figures", "4 figures")

    def rule_fn():
        st, _ = order(field, "axis", [(5, 5)])
        _, ev = battle(st, (5, 5), (6, 6), faces)
        lost = sum(e.get("lost", 0) for e in ev if e.kind in ("hits", "flag_losses"))
        return plural(lost, "figure"), events_html(ev)
    from tutor.examples.memoir import around
    from tutor.render.scene import highlights
    pic = board_svg(field, highlights(selected=[(5, 5)], target=[(6, 6)]), title="",
                    window=around(field, (5, 5), (6, 6)))
    return ask("07.ocean", "<p>The Axis infantry on <b>5,5</b> battles the Allied infantry on the beach on "
               f"<b>6,6</b>, the ocean behind it, and rolls <b>{', '.join(faces)}</b>. How many figures does the "
               f"Allied unit lose?</p>{pic}", choices, rule_fn)


def _partial_question() -> BoardQuestion:
    return board_taps.retreat_question(
        "07.partial", "chapters/retreat-drill", "3,7", 2,
        "The Allied armor on <b>3,7</b>, one row from its own edge (the bottom), receives <b>2 flags</b>. "
        "Played as the tutor plays a retreat that can go only part of the way, <b>tap a hex where it "
        "ends</b> (the unit itself if it stays).", hint=RETREAT_HINT)


def questions() -> list[Question | BoardQuestion]:
    return [_where_question(), _hits_question(), _partial_question(), _ocean_question()]
