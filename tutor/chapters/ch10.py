"""Chapter 10: special forces — elite infantry, the French resistance, elite armor. Every answer
is the engine's ruling (``tutor.memoir.movement``, ``tutor.memoir.retreat``, unit strengths from
``tutor.scenario.full_strength``).

The "try" is the live move-and-battle board of chapter 4 on the special-forces board
(:func:`drill`): tap the standard, the elite or the resistance infantry, compare where each may go
and whether it may still battle, and battle the Axis units.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.board_taps import picture, retreat_example, tap_reach_question
from tutor.examples.memoir import around, board_svg, state
from tutor.explain import Explained, rules_html, show
from tutor.hexes import fmt
from tutor.memoir import rules as R
from tutor.memoir.movement import allowance, battle_limit, legal_moves
from tutor.memoir.retreat import ruling
from tutor.memoir.scenario import full_strength
from tutor.quiz import BoardQuestion, Question, ask

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="10-special-forces.ipynb",
    title="Special forces",
    game=MEMOIR,
    teaches="Play elite infantry, the French Resistance and elite armor with their own rules.",
    seed=M44,
    heading="APÉNDICE 1",
    concepts=("special-forces",),
    handout=Handout(
        boards=("examples/elite-infantry-woods.yaml", "examples/resistance-retreat.yaml"),
        rules=("m44.special.elite_infantry", "m44.special.elite_armor", "m44.special.resistance.retreat"),
    ),
    preheat=True,
)

SF_BOARD = "chapters/special-forces"


def units_table() -> Explained:
    """Figures, movement and battle of every unit type, standard and special, from the engine."""
    from tutor.memoir.state import Unit
    kinds = (("infantry", None), ("infantry", "special_forces"), ("infantry", "french_resistance"),
             ("armor", None), ("armor", "special_forces"), ("artillery", None))
    rows = []
    for kind, badge in kinds:
        figs = full_strength(kind, badge)
        u = Unit(0, "allied", kind, figs, badge)
        a, lim = allowance(u)[0], battle_limit(u)[0]
        fire = "no battle after moving" if lim == 0 else f"battles after moving up to {lim}"
        extra = {("infantry", "french_resistance"): "battles after entering woods, towns, hedgerows…; "
                                                     "retreats 1–3 hexes per flag",
                 ("infantry", "special_forces"): "terrain still stops it"}.get((kind, badge), "")
        rows.append(f"<tr><td><b>{u.name.replace('allied ', '')}</b></td><td>{figs}</td><td>{a}</td>"
                    f"<td>{fire}</td><td>{extra}</td></tr>")
    return show('<table class="tutor-obs"><tr><th>unit</th><th>figures</th><th>moves up to</th><th>battle</th>'
                '<th>special</th></tr>' + "".join(rows) + "</table>")


def compare_html(field=SF_BOARD, moves=(((4, 6), (5, 5)), ((10, 6), (11, 5)), ((16, 6), (17, 5)),
                                      ((10, 6), (10, 4)), ((4, 6), (4, 4)), ((16, 6), (15, 5)))) -> str:
    """Each unit's move and whether it may battle after it (the engine's reach; the page quotes the
    rules above it)."""
    st = state(field)
    items = []
    for frm, to in moves:
        m = legal_moves(st, frm)
        r = m.reachable.get(to)
        ok = r is not None and r.can_battle
        items.append(f"<li><b>{escape(m.unit.name)}</b> {fmt(frm)} → {fmt(to)}: "
                     f"<span class='{'tutor-ok' if ok else 'tutor-no'}'>{'may battle' if ok else 'may not battle'}"
                     f"</span> — {escape(m.explain(to))}.</li>")
    from tutor.render.scene import Line, highlights
    lines = [Line(a, b, "move") for a, b in moves]
    ends = sorted({b for _, b in moves})
    pic = board_svg(st, highlights(lines=lines, target=ends), title="Three kinds of infantry",
                    window=around(st, *{h for m in moves for h in m}, margin=0))
    return f"<div>{pic}<ul>{''.join(items)}</ul></div>"


def show_compare(**kw) -> Explained:
    return show(compare_html(**kw))


def show_resistance_retreat(flags: int = 2) -> Explained:
    """The rulebook's example: the resistance's retreat after ``flags`` flags, every legal end
    shaded (the page quotes the rules above it)."""
    return show(retreat_example("examples/resistance-retreat", (10, 2), flags,
                                title=f"French resistance: {flags} flags, 1 to 3 hexes each", rules=False))


def drill(**kw):
    """The live board of the *try*: the move-and-battle drill on the special-forces board, the
    French resistance picked first. Tap each kind of infantry, move it, battle the Axis."""
    from tutor.examples.memoir import drill as move_drill
    return move_drill(SF_BOARD, unit=(16, 6), **kw)


# ---------------------------------------------------------------------------------------------
# Exercises


def _resistance_question() -> Question:
    st = state("examples/resistance-retreat")
    choices = ("Exactly 1 hex", "1 to 3 hexes", "3 hexes", "It ignores the flag")

    def rule_fn():
        r = ruling(st, (10, 2), 1, None)
        ans = {(1, 1): choices[0], (1, 3): choices[1], (3, 3): choices[2]}.get((r.retreat, r.retreat_max), choices[3])
        return ans, f"<p>{escape(r.text)}</p>" + rules_html(r.rules)
    r = ruling(st, (10, 2), 1, None)
    pic = picture(st, (10, 2), *r.destinations, selected=[(10, 2)])    # the question's own board, cut to the retreat
    return ask("10.resistance-retreat", "<p>On the board below (the rulebook's example), the French resistance "
               "unit on <b>10,2</b> receives <b>1 flag</b>. How far must it retreat?</p>" + pic, choices, rule_fn,
               hint="<p>The French resistance does not retreat as other units do: it has a retreat rule of its "
                    "own, among the special forces' rules. How far does one flag take it there?</p>")


def _figures_question() -> Question:
    choices = ("3", "4", "5")

    def rule_fn():
        n = full_strength("armor", "special_forces")
        return str(n), (f"<p>Elite armor starts with {n} figures (standard armor: "
                        f"{full_strength('armor', None)}).</p>" + rules_html([R.ELITE_ARMOR]))
    return ask("10.elite-armor", "<p>How many figures does an <b>elite armor</b> unit start with?</p>",
               choices, rule_fn)


def questions() -> list[Question | BoardQuestion]:
    return [
        tap_reach_question("10.elite-battle", SF_BOARD, "10,6",
                           "The <b>elite</b> infantry on <b>10,6</b> is ordered. <b>Tap a hex it may move to and "
                           "still battle this turn.</b>", battle=True),
        tap_reach_question("10.resistance-battle", SF_BOARD, "16,6",
                           "The <b>French resistance</b> on <b>16,6</b> is ordered. <b>Tap a hex it may move to and "
                           "still battle this turn.</b>", battle=True),
        _resistance_question(),
        _figures_question(),
    ]
