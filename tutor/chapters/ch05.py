"""Chapter 5: battle — range, dice and line of sight. Every number is the engine's
(``tutor.memoir.combat.attack_dice`` / ``targets``, ``tutor.odds``).

The "try" is the line-of-sight explorer of ``tutor.widgets`` (:func:`explorer`).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from tutor.chapters.ch04 import board_svg, state
from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.explain import Explained, plural, rules_html, show, verdict
from tutor.hexes import distance, fmt, parse_hex
from tutor.memoir import rules as R
from tutor.memoir.combat import DICE, RANGE_RULES, attack_dice, targets
from tutor.memoir.los import has_line_of_sight, line_of_sight
from tutor.memoir.state import order
from tutor.odds import KINDS, distribution
from tutor.quiz import Question, ask

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="05-battle-range-dice-line-of-sight.ipynb",
    title="Battle: range, dice and line of sight",
    game=MEMOIR,
    teaches="Count the dice for any attack from range, unit type and line of sight.",
    seed=M44,
    heading="REGLAS GENERALES DE ATAQUE; ALCANCE DE ATAQUE; LÍNEA DE VISIÓN",
    concepts=("range-dice", "close-combat", "line-of-sight", "protection", "no-stacking", "hills"),
    handout=Handout(
        boards=("examples/armor-town-vs-hill.yaml",),
        rules=("m44.range.infantry", "m44.range.armor", "m44.range.artillery", "m44.battle.protection",
               "m44.battle.penalties_add"),
        dice_table=True,
    ),
    preheat=True,
)

BATTLE_BOARD = "chapters/battle"


# ---------------------------------------------------------------------------------------------
# Dice by unit and range; exact odds


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def dice_table() -> Explained:
    """Dice by attacker kind and range (``combat.DICE``), the rules they come from."""
    longest = max(len(v) for v in DICE.values())
    head = "".join(f"<th>{d} hex{'es' if d > 1 else ''}</th>" for d in range(1, longest + 1))
    rows = "".join(
        f"<tr><td>{k}</td>" + "".join(f"<td>{v[d] if d < len(v) else '—'}</td>" for d in range(longest)) + "</tr>"
        for k, v in DICE.items())
    return show(f'<table class="tutor-obs"><tr><th>attacker</th>{head}</tr>{rows}</table>'
                + rules_html(RANGE_RULES.values()))


def p_at_least_one(n: int, vs: str) -> Fraction:
    return 1 - distribution(n, vs).hits[0]


def odds_table() -> Explained:
    """Exact odds (fractions) of each number of dice against each kind of target: the chance of
    at least one hit, the expected hits and the chance of at least one flag."""
    most = max(max(v) for v in DICE.values())
    head = "".join(f"<th>vs {k}: P(≥1 hit)</th><th>expected hits</th>" for k in KINDS)
    rows = []
    for n in range(1, most + 1):
        cells = "".join(f"<td>{_frac(p_at_least_one(n, k))} <small>({float(p_at_least_one(n, k)):.0%})</small></td>"
                        f"<td>{_frac(distribution(n, k).expected_hits)}</td>" for k in KINDS)
        flag = 1 - distribution(n, "infantry").flags[0]
        rows.append(f"<tr><td>{n}</td>{cells}<td>{_frac(flag)} <small>({float(flag):.0%})</small></td></tr>")
    return show(f'<table class="tutor-obs"><tr><th>dice</th>{head}<th>P(≥1 flag)</th></tr>{"".join(rows)}</table>'
                "<p><small>Each die hits infantry with probability 1/2 (two infantry faces and the grenade), "
                "armor 1/3 (armor and grenade), artillery 1/6 (grenade only), and shows a flag 1/6.</small></p>")


def dice_for_every_attack() -> Explained:
    """Every unit kind at every range: the dice, and P(at least one hit) against infantry."""
    rows = []
    for k, v in DICE.items():
        for d, n in enumerate(v, 1):
            p = p_at_least_one(n, "infantry")
            rows.append(f"<tr><td>{k}</td><td>{d}</td><td>{n}</td><td>{_frac(p)} ({float(p):.0%})</td></tr>")
    return show('<table class="tutor-obs"><tr><th>attacker</th><th>range</th><th>dice</th>'
                '<th>P(≥1 hit) vs infantry in the open</th></tr>' + "".join(rows) + "</table>")


# ---------------------------------------------------------------------------------------------
# Targets on a board


def targets_html(field, side: str, at, *, title: str | None = None, board: bool = True) -> str:
    """Every enemy the unit on ``at`` may battle (shaded, with its dice), and why the others not."""
    from tutor.render.scene import Line, highlights
    st = state(field)
    a = parse_hex(at) if isinstance(at, str) else at
    st, _ = order(st, side, [a])
    u = st.units[a]
    ok = targets(st, a)
    reach = len(DICE[u.kind])
    items, refused = [], []
    adj = [h for h, v in st.units.items() if v.side != u.side and distance(a, h) == 1]
    for h, v in sorted(st.units.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if v.side == u.side:
            continue
        d = distance(a, h)
        if h in ok:
            items.append(f"<li><b>{fmt(h)}</b> ({v.name}): {escape(ok[h].text)}</li>")
            continue
        if d > reach:
            why = f"{d} hexes away: out of range ({u.kind} battles at most {reach} away)"
        elif adj and d > 1:
            why = f"in close combat with {', '.join(fmt(x) for x in adj)}: it must battle an adjacent enemy"
        elif u.kind != "artillery" and d > 1 and not has_line_of_sight(st, a, h):
            why = "no line of sight: " + line_of_sight(st, a, h).reason
        else:
            why = attack_dice(st, a, h).text + " No dice, no battle."
        refused.append(h)
        items.append(f"<li><b>{fmt(h)}</b> ({v.name}): <span class='tutor-no'>not a target</span> — {escape(why)}</li>")
    pic = ""
    if board:
        lines = [Line(a, h, "sight") for h in ok]
        pic = board_svg(st, highlights(selected=[a], target=list(ok), closed=refused, lines=lines),
                        title=title if title is not None else f"What the {u.name} on {fmt(a)} may battle")
    rules = [RANGE_RULES[u.kind], R.CLOSE_COMBAT] + ([R.LOS] if u.kind != "artillery" else [R.ARTILLERY_NO_LOS])
    for ad in ok.values():
        rules += list(ad.rules)
    head = f"{plural(len(ok), 'target')} for the {u.name} on {fmt(a)}"
    return (f"<div>{pic}{verdict(head)}"
            f"<ul>{''.join(items)}</ul>{rules_html(rules)}</div>")


def show_targets(*args, **kw) -> Explained:
    return show(targets_html(*args, **kw))


def dice_html(field, attacker, target, *, title: str | None = None, board: bool = True) -> str:
    """The dice of one attack, step by step: base by range, minus protection, minus penalties."""
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
    return (f"<div>{pic}{verdict(ad.text)}<ol>{''.join(steps)}</ol>{rules_html(ad.rules)}</div>")


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


def show_dice(*args, **kw) -> Explained:
    return show(dice_html(*args, **kw))


def explorer(field=None):
    """The line-of-sight explorer (``tutor.widgets.LosExplorer``) on the chapter's battle board."""
    from tutor.scenario import bundled
    from tutor.widgets import LosExplorer
    return LosExplorer(bundled("chapters/battle") if field is None else field, origin=(14, 6), target=(11, 3))


# ---------------------------------------------------------------------------------------------
# Exercises


def _dice_question(key, field, a, t, prompt, *, choices=("0", "1", "2", "3")) -> Question:
    st = state(field)
    a, t = parse_hex(a), parse_hex(t)

    def rule_fn():
        ad = attack_dice(st, a, t)
        return str(ad.dice), dice_html(st, a, t, board=False)
    from tutor.render.scene import highlights
    pic = board_svg(st, highlights(selected=[a], target=[t]), title="")
    return ask(key, f"<p>{prompt}</p>{pic}", choices, rule_fn)


def _close_combat_question() -> Question:
    st = state(BATTLE_BOARD)
    a = (6, 6)
    choices = ("Only 7,5", "Only 8,4", "Either 7,5 or 8,4", "Neither")

    def rule_fn():
        s, _ = order(st, "allied", [a])
        ok = set(targets(s, a))
        ans = {frozenset({(7, 5)}): choices[0], frozenset({(8, 4)}): choices[1],
               frozenset({(7, 5), (8, 4)}): choices[2]}.get(frozenset(ok & {(7, 5), (8, 4)}), choices[3])
        return ans, targets_html(st, "allied", a, board=False)
    return ask("05.close-combat", "<p>On the battle board above, the allied infantry on <b>6,6</b> is ordered. "
               "The axis infantry on 7,5 is next to it; the one on 8,4 is two hexes away in plain sight. "
               "Which may it battle?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [
        _close_combat_question(),
        _dice_question("05.range", "examples/bunker-on-hill", "8,6", "6,4",
                       "How many dice does the allied infantry on <b>8,6</b> roll against the axis infantry "
                       "in the bunker on the hill (<b>6,4</b>), two hexes away? (A bunker protects like a town: "
                       "1 die fewer against infantry, 2 against armor.)"),
        _dice_question("05.town-vs-hill", "examples/armor-town-vs-hill", "6,6", "6,4",
                       "The allied armor in the town on <b>6,6</b> battles the axis infantry on the hill at "
                       "<b>6,4</b>. How many dice does it roll?"),
    ]
