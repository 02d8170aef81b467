"""Chapter 5: battle — range, dice and line of sight. Every number is the engine's
(``tutor.memoir.combat.attack_dice`` / ``targets``, ``tutor.odds``).

The line-of-sight explorer (painting terrain to watch sight change) is chapter 6's, where heights
make painting teach the most; here the live boards are the check-yourself taps.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.memoir import board_svg, dice_html, state
from tutor.explain import STYLE, Explained, beside, plural, rules_html, show, verdict, without_rules
from tutor.hexes import distance, fmt, parse_hex
from tutor.memoir import rules as R
from tutor.memoir.combat import DICE, RANGE_RULES, attack_dice, targets
from tutor.memoir.los import has_line_of_sight, line_of_sight
from tutor.memoir.state import order
from tutor.odds import KINDS, distribution
from tutor.quiz import BoardQuestion, Question, ask

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
    """Dice by attacker kind and range (``combat.DICE``); the page quotes the rules they come from
    in one "Original text" toggle under it."""
    longest = max(len(v) for v in DICE.values())
    head = "".join(f"<th>{d} hex{'es' if d > 1 else ''}</th>" for d in range(1, longest + 1))
    rows = "".join(
        f"<tr><td>{k}</td>" + "".join(f"<td>{v[d] if d < len(v) else '—'}</td>" for d in range(longest)) + "</tr>"
        for k, v in DICE.items())
    return show(f'<table class="tutor-obs"><tr><th>attacker</th>{head}</tr>{rows}</table>')


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


def targets_html(field, side: str, at, *, title: str | None = None, board: bool = True, crop: bool = False,
                 within=None) -> str:
    """Every enemy the unit on ``at`` may battle (shaded, with its dice), and why the others not
    (``crop``: the board cut to the unit's range, the words beside it; ``within``: only the enemies
    on these hexes)."""
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
        if v.side == u.side or (within is not None and h not in within):
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
        window = tuple(h for h in st.board.hexes if distance(a, h) <= reach + 1) if crop else None
        pic = board_svg(st, highlights(selected=[a], target=list(ok), closed=refused, lines=lines),
                        title=title if title is not None else f"What the {u.name} on {fmt(a)} may battle",
                        window=window)
    rules = [RANGE_RULES[u.kind], R.CLOSE_COMBAT] + ([R.LOS] if u.kind != "artillery" else [R.ARTILLERY_NO_LOS])
    for ad in ok.values():
        rules += list(ad.rules)
    head = f"{plural(len(ok), 'target')} for the {u.name} on {fmt(a)}"
    if within is not None and set(ok) - set(within):
        head += ", among them:"
    words = f"{verdict(head)}<ul>{''.join(items)}</ul>{rules_html(rules)}"
    return f"<div>{beside(pic, words, width=420) if crop and pic else pic + words}</div>"


def show_targets(*args, rules: bool = True, **kw) -> Explained:
    """:func:`targets_html` shown; ``rules=False``: without its rule blocks, where the page shows
    each of them once, where it teaches the rule."""
    html = targets_html(*args, **kw)
    return show(html if rules else without_rules(html))


def dice_example(field, attacker, target, *, title: str) -> Explained:
    """One attack's dice for this page's worked examples: the board cut to the two units, the
    steps beside it, without the rule blocks (the page shows each once, where it teaches it)."""
    from tutor.examples.memoir import around
    from tutor.render.scene import Line, highlights
    st = state(field)
    a, t = parse_hex(attacker), parse_hex(target)
    pic = board_svg(st, highlights(selected=[a], target=[t], lines=[Line(a, t, "sight")]), title="",
                    window=around(st, a, t), legend=False)
    return show(beside(pic, f"<p><b>{escape(title)}</b></p>" + without_rules(dice_html(st, a, t, board=False)),
                       width=300))


def show_dice(*args, rules: bool = True, **kw) -> Explained:
    html = dice_html(*args, **kw)
    return show(html if rules else without_rules(html))


# ---------------------------------------------------------------------------------------------
# Exercises


def _dice_question(key, field, a, t, prompt, *, choices=("0", "1", "2", "3"), margin: int = 1) -> Question:
    st = state(field)
    a, t = parse_hex(a), parse_hex(t)

    def rule_fn():
        ad = attack_dice(st, a, t)
        return str(ad.dice), dice_html(st, a, t, board=False)
    from tutor.examples.memoir import around
    from tutor.render.scene import highlights
    pic = board_svg(st, highlights(selected=[a], target=[t]), title="", window=around(st, a, t, margin=margin))
    return ask(key, f"<p>{prompt}</p>{pic}", choices, rule_fn)


QUIZ_BOARD = "chapters/battle-quiz"


def _hex_name(h) -> str:
    return fmt(h)


def tap_target_question(key: str, field, side: str, at, prompt: str, *, radius: int | None = None) -> BoardQuestion:
    """Tap an enemy unit the unit on ``at`` may battle: the engine's ``targets`` rules on the tap.
    The board is cut to the hexes within ``radius`` of the unit (by default its range and one more)."""
    st = state(field)
    at = parse_hex(at)
    reach = len(DICE[st.units[at].kind])
    window = tuple(h for h in st.board.hexes if distance(at, h) <= (reach + 1 if radius is None else radius))

    def places():
        s, _ = order(st, side, [at])
        return frozenset(targets(s, at)), STYLE + targets_html(st, side, at, board=False, within=set(window))
    return BoardQuestion(key, f"<p>{prompt}</p>", st, places, hint=(R.CLOSE_COMBAT, RANGE_RULES[st.units[at].kind],
                                                                    R.LOS),
                         taps="hex", window=window, name=_hex_name)


def questions() -> list[Question | BoardQuestion]:
    return [
        _dice_question("05.artillery", QUIZ_BOARD, "12,8", "12,4",
                       "How many dice does the Allied artillery on <b>12,8</b> roll against the Axis infantry in "
                       "the woods on <b>12,4</b>, four hexes away?", margin=0),
        _dice_question("05.range", "examples/bunker-on-hill", "8,6", "6,4",
                       "How many dice does the Allied infantry on <b>8,6</b> roll against the Axis infantry "
                       "in the bunker on the hill (<b>6,4</b>), two hexes away? (A bunker protects like a town: "
                       "1 die fewer against infantry, 2 against armor.)"),
        tap_target_question("05.close-combat", QUIZ_BOARD, "allied", "20,6",
                            "The Allied infantry on <b>20,6</b> is ordered to battle. <b>Tap an enemy unit it may "
                            "battle.</b>", radius=2),
        tap_target_question("05.sight", QUIZ_BOARD, "allied", "4,6",
                            "The Allied armor on <b>4,6</b> is ordered to battle; the woods on 5,5 stand beside it. "
                            "<b>Tap an enemy unit it may battle.</b>"),
    ]
