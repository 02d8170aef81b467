"""Chapter 7: hits, flags and retreat. Every answer is the engine's ruling
(``tutor.memoir.dice``, ``tutor.memoir.combat.battle``, ``tutor.memoir.retreat.ruling``).

The "try" is the retreat drill of ``tutor.widgets`` (:func:`drill`) and a small dice resolver of
this chapter (:class:`DiceResolver`): set the faces of the dice with buttons and see the hits and
flags they score against each kind of unit.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.memoir import board_svg, retreat_html, show_retreat, state  # noqa: F401 (show_retreat: the notebook's)
from tutor.explain import Explained, events_html, plural, rules_html, show
from tutor.hexes import fmt, parse_hex, row_major
from tutor.memoir import dice as D
from tutor.memoir import rules as R
from tutor.memoir.combat import battle
from tutor.memoir.retreat import ruling
from tutor.memoir.state import order
from tutor.quiz import Question, ask
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
    stars do."""
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
    return show(table + f"<p><small>{D.DIE_SOURCE}</small></p>"
                + rules_html([R.HITS, R.STAR, R.FLAG, R.MISS, R.HITS_EXCESS, R.MEDAL]))


# ---------------------------------------------------------------------------------------------
# Retreats on the board


def battle_html(field, side: str, attacker, target, faces, *, title: str | None = None) -> str:
    """Order the attacker, battle with these faces: the board after the attack (the retreat path
    drawn), and every step with its rule."""
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
    return f"<div>{pic}{events_html(ev)}</div>"


def show_battle(*args, **kw) -> Explained:
    return show(battle_html(*args, **kw))


def drill(field="chapters/retreat-drill", unit="6,2", flags: int = 1, seed: int | None = 7):
    """The retreat drill (``tutor.widgets.RetreatDrill``) on the chapter's drill board."""
    from tutor.widgets import RetreatDrill
    return RetreatDrill(state(field), unit=unit, flags=flags, seed=seed)


def partial_retreat_conflict() -> Explained:
    """The sources on partial retreats, and how the tutor plays them."""
    from tutor.conflicts import all_conflicts
    c = next(c for c in all_conflicts() if c.key == "m44.retreat.partial")
    return show(f"<p><b>{escape(c.question)}</b></p>{rules_html(c.texts)}"
                f"<p><b>The tutor's ruling.</b> {escape(c.ruling)}</p>")


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


def _where_question() -> Question:
    field = state("chapters/retreat-quiz")
    at, flags = (12, 6), 2
    r0 = ruling(field, at, flags, None)
    cands = sorted({x for p in r0.paths for x in p[1:]} | {b.hex for b in r0.blocked if b.hex in field.board.hexes},
                   key=row_major)
    stay = "It cannot retreat: it stays and loses figures"
    choices = tuple(fmt(h) for h in cands) + (stay,)

    def rule_fn():
        r = ruling(field, at, flags, None)
        ans = stay if r.retreat == 0 else fmt(r.destinations[0])
        if len(r.destinations) > 1:
            raise AssertionError("this exercise expects a single legal end")
        return ans, retreat_html(field, at, flags, board=False)
    from tutor.render.scene import highlights
    pic = board_svg(field, highlights(selected=[at]), title="")
    return ask("07.retreat-where", f"<p>The allied infantry on <b>12,6</b> (it retreats toward the bottom edge) "
               f"receives <b>2 flags</b>. Where does it end?</p>{pic}", choices, rule_fn)


def _ocean_question() -> Question:
    field = state("examples/retreat-ocean")
    faces = ("flag", "flag", "star")
    choices = ("0 figures", "1 figure", "2 figures", "3 figures", "4 figures")

    def rule_fn():
        st, _ = order(field, "axis", [(5, 5)])
        _, ev = battle(st, (5, 5), (6, 6), faces)
        lost = sum(e.get("lost", 0) for e in ev if e.kind in ("hits", "flag_losses"))
        return plural(lost, "figure"), events_html(ev)
    return ask("07.ocean", "<p>On the ocean board above, the axis infantry on 5,5 battles the allied infantry "
               f"on the beach (6,6) again and rolls <b>{', '.join(faces)}</b>. How many figures does the "
               f"allied unit lose?</p>", choices, rule_fn)


def _partial_question() -> Question:
    field = state("chapters/retreat-drill")
    at, flags = (3, 7), 2
    choices = ("It retreats 2 hexes", "It retreats 1 hex and loses 1 figure",
               "It stays and loses 2 figures", "It may choose: retreat 1 and lose 1, or stay and lose 2")

    def rule_fn():
        r = ruling(field, at, flags, None)
        if r.losses == 0:
            ans = choices[0]
        elif r.retreat == 0:
            ans = choices[2]
        else:
            ans = choices[1]
        return ans, retreat_html(field, at, flags, board=False)
    from tutor.render.scene import highlights
    pic = board_svg(field, highlights(selected=[at]), title="")
    return ask("07.partial", "<p>The allied armor on <b>3,7</b>, one row from its own edge, receives "
               f"<b>2 flags</b>. The rulebook does not say what happens when only part of a retreat is possible; "
               f"played as the tutor plays it (section 4 above), what happens?</p>{pic}", choices, rule_fn)


def questions() -> list[Question]:
    return [_hits_question(), _where_question(), _ocean_question(), _partial_question()]
