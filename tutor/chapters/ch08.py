"""Chapter 8: take ground and armor overrun. Every step is the engine's
(``tutor.memoir.combat.battle`` / ``take_ground``; a refusal is its ``IllegalAction``).

The "try" is the armor overrun drill of ``tutor.widgets`` (:func:`drill`).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.errors import IllegalAction
from tutor.examples.memoir import board_svg, state
from tutor.explain import STYLE, Explained, rules_html, sentence, show
from tutor.hexes import distance, fmt, parse_hex
from tutor.memoir import rules as R
from tutor.memoir.combat import attack_dice, battle, take_ground, why_no_battle
from tutor.memoir.movement import move
from tutor.memoir.state import GameState, order
from tutor.quiz import BoardQuestion, Question, ask

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="08-take-ground-and-armor-overrun.ipynb",
    title="Take ground and armor overrun",
    game=MEMOIR,
    teaches="Know when a unit may advance after close combat and when armor attacks again.",
    seed=M44,
    heading="GANAR TERRENO; ARROLLAMIENTO DE BLINDADOS",
    concepts=("take-ground", "overrun"),
    handout=Handout(
        boards=("examples/armor-overrun.yaml",),
        rules=("m44.take_ground", "m44.overrun"),
    ),
    preheat=True,
)

TAKE_GROUND_BOARD = "chapters/take-ground"


@dataclass(frozen=True)
class Step:
    title: str
    ok: bool
    texts: tuple[str, ...]
    rules: tuple
    kinds: tuple[str, ...] = ()     # each text's event kind (a refusal's reason: none)


#: The events of a battle that read its dice (chapters 5 and 7 teach them): a brief log leaves them
#: out and keeps what the battle did.
DICE_EVENTS = frozenset({"battle", "roll", "star", "retreat_ruling"})


def play(field, side: str, ordered, steps) -> tuple[GameState, list[Step], list]:
    """Order ``ordered`` and run ``steps``: ("move", frm, to), ("battle", a, t, faces) — faces may
    be "hit" for as many grenades as the attack rolls — or ("take", at). A refused step is kept
    with the engine's reason and the play goes on. Returns the final state, the steps and the
    hexes each unit moved along (for drawing)."""
    st = state(field)
    st, _ = order(st, side, [parse_hex(h) for h in ordered])
    out, moves = [], []
    for s in steps:
        kind, *args = s
        args = [parse_hex(x) if isinstance(x, str) and "," in x and x[0].isdigit() else x for x in args]
        try:
            if kind == "move":
                new, ev = move(st, args[0], args[1])
                title = f"Move {fmt(args[0])} → {fmt(args[1])}"
                moves.append((args[0], args[1]))
            elif kind == "battle":
                a, t, faces = args
                if faces == "hit":
                    faces = ["grenade"] * attack_dice(st, a, t).dice
                new, ev = battle(st, a, t, faces)
                d = distance(a, t)
                title = f"Battle {fmt(a)} → {fmt(t)}, {'close combat' if d == 1 else f'{d} hexes away'} ({', '.join(faces)})"
            elif kind == "take":
                before = st.vacated
                new, ev = take_ground(st, args[0])
                title = f"Take ground {fmt(args[0])} → {fmt(before)}"
                moves.append((args[0], before))
            else:
                raise ValueError(f"unknown step {kind!r}")
        except IllegalAction as exc:
            label = {"move": "Move", "battle": "Battle", "take": "Take ground"}[kind]
            where = f"{fmt(args[0])} → {fmt(args[1])}" if kind in ("move", "battle") else f"from {fmt(args[0])}"
            out.append(Step(f"{label} {where}: refused", False, (sentence(exc.reason),), (exc.rule,) if exc.rule else ()))
            continue
        st = new
        out.append(Step(title, True, tuple(e.text for e in ev), tuple(e.rule for e in ev), tuple(e.kind for e in ev)))
    return st, out, moves


def play_html(field, side, ordered, steps, *, title: str = "", board: bool = True, rules: bool = True,
              crop: bool = False, brief: bool = False) -> str:
    """The board after ``steps`` (``play``), each step with what the engine said, then the rules
    it applied (``rules=False``: not those, where the page says each rule above; ``crop``: the
    board cut to the hexes the steps name, the steps beside it; ``brief``: each battle's outcome,
    not how its dice were read)."""
    from tutor.render.scene import Line, highlights
    st, done, moves = play(field, side, ordered, steps)
    pic = ""
    if board:
        lines = [Line(a, b, "move") for a, b in moves]
        window = None
        if crop:
            from tutor.examples.board_taps import around
            named = [parse_hex(x) for s in steps for x in s[1:3] if isinstance(x, str) and "," in x]
            window = around(st, *named)
        pic = board_svg(st, highlights(lines=lines, legal=[b for _, b in moves]), title=title, window=window)
    applied = [r for s in done for r in s.rules] if rules else []
    words = f"{_steps_html(done, brief)}{rules_html(applied)}"
    if crop and pic:
        from tutor.explain import beside
        return f"<div>{beside(pic, words, width=480)}</div>"
    return f"<div>{pic}{words}</div>"


def _steps_html(done, brief: bool) -> str:
    """The steps played, each with what the engine said (``brief``: a battle's outcome, not how its
    dice were read)."""
    items = []
    for s in done:
        colour = "" if s.ok else " class='tutor-no'"
        texts = s.texts
        if brief and s.kinds:        # the outcome: "eliminated" says the figures lost
            left_out = DICE_EVENTS | ({"hits"} if "eliminated" in s.kinds else set())
            texts = tuple(t for t, k in zip(s.texts, s.kinds) if k not in left_out)
        items.append(f"<li><b{colour}>{escape(s.title)}</b><br>{'<br>'.join(escape(t) for t in texts)}</li>")
    return f"<ol>{''.join(items)}</ol>"


def cases_html(field, side: str, cases) -> str:
    """Several units' battles on one board, ordered together and played in turn, shown apart: each
    case (its steps, as :func:`play` takes them; the first names the unit) a small picture of the
    hexes it names, one hex about them, with its steps under it (each battle's outcome, not how
    its dice were read). Small pictures keep the hex labels at reading size."""
    from tutor.examples.memoir import around
    from tutor.explain import gallery_html
    from tutor.render.scene import Line, highlights, scene
    cases = [list(c) for c in cases]
    st, done, moves = play(field, side, [c[0][1] for c in cases], [s for c in cases for s in c])
    cards, at = [], 0
    for c in cases:
        named = {parse_hex(x) for s in c for x in s[1:3] if isinstance(x, str) and "," in x}
        mine = [(a, b) for a, b in moves if a in named]
        hl = highlights(lines=[Line(a, b, "move") for a, b in mine], legal=[b for _, b in mine])
        cards.append((scene(st, hl, title="", legend=False, window=around(st, *named)),
                      _steps_html(done[at:at + len(c)], brief=True)))
        at += len(c)
    return gallery_html(cards)


def show_cases(*args) -> Explained:
    return show(cases_html(*args))


def show_play(*args, **kw) -> Explained:
    return show(play_html(*args, **kw))


def drill(field="examples/armor-overrun", seed: int | None = 1):
    """The armor overrun drill (``tutor.widgets.OverrunDrill``) on the rulebook's example."""
    from tutor.widgets import OverrunDrill
    return OverrunDrill(state(field), seed=seed)


# ---------------------------------------------------------------------------------------------
# Exercises

YES_NO = ("Yes", "No")


def _take_question(key, field, side, ordered, steps, at, prompt, *, board=True) -> Question:
    """May the unit on ``at`` take ground after ``steps``? (the engine's take_ground decides)."""
    at = parse_hex(at)

    def rule_fn():
        st, done, _ = play(field, side, ordered, steps)
        try:
            _, ev = take_ground(st, at)
            return "Yes", f"<p>{escape(' '.join(e.text for e in ev))}</p>" + rules_html(e.rule for e in ev)
        except IllegalAction as exc:
            return "No", f"<p>{escape(sentence(exc.reason))}.</p>" + rules_html([exc.rule] if exc.rule else [])
    pic = ""
    if board:
        from tutor.examples.board_taps import around
        from tutor.render.scene import highlights
        hexes = [parse_hex(h) for h in ordered] + [parse_hex(s[2]) for s in steps if s[0] == "battle"]
        pic = board_svg(state(field), highlights(selected=[parse_hex(h) for h in ordered]), title="",
                        window=around(state(field), *hexes))
    return ask(key, f"<p>{prompt}</p>{pic}", YES_NO, rule_fn)


def overrun_refusal(st: GameState, at):
    """Why the armor on ``at`` may not battle again (None: it may). The terrain it took ground
    into is named first: ``why_no_battle`` reports the overrun sequence before it."""
    u = st.units[at]
    rec = st.records.get(u.uid)
    if rec is not None and rec.battles and rec.no_battle and not rec.overran:
        return rec.no_battle
    return why_no_battle(st, at, u)


def _overrun_question(key, field, side, ordered, steps, armor, prompt) -> Question:
    """After ``steps``, may the armor (now on ``armor``) battle again? (why_no_battle decides)."""
    armor = parse_hex(armor)

    def rule_fn():
        st, done, _ = play(field, side, ordered, steps)
        why = overrun_refusal(st, armor)
        if why is None:
            return "Yes", "<p>It took ground after a successful close combat: it may overrun.</p>" + \
                rules_html([R.OVERRUN])
        return "No", f"<p>{escape(sentence(why[0]))}.</p>" + rules_html([why[1], R.OVERRUN_TERRAIN])
    from tutor.examples.board_taps import around
    from tutor.render.scene import highlights
    st = state(field)
    first = parse_hex(ordered[0])
    pic = board_svg(st, highlights(selected=[first]), title="", window=around(st, first, armor))
    return ask(key, f"<p>{prompt}</p>{pic}", YES_NO, rule_fn)


QUIZ_BOARD = "chapters/take-ground-quiz"


def _hex_name(h) -> str:
    return fmt(h)


def _window(st: GameState, at, reach: int = 2) -> tuple:
    return tuple(h for h in st.board.hexes if distance(at, h) <= reach)


def _tap_take_question(key, field, side, attacker, steps, prompt) -> BoardQuestion:
    """After ``steps``, tap the hex the attacker may take ground on (the attacker itself if it may
    not): the engine's ``take_ground`` rules. The board shows the battle's outcome."""
    attacker = parse_hex(attacker)
    after, _, _ = play(field, side, [attacker], steps)

    def places():
        st, done, _ = play(field, side, [attacker], steps)
        told = "<ol>" + "".join(f"<li>{escape(' '.join(x.texts))}</li>" for x in done) + "</ol>"
        try:
            new, ev = take_ground(st, attacker)
            end = next(h for h, u in new.units.items() if u.uid == st.units[attacker].uid)
            return frozenset({end}), STYLE + told + f"<p>{escape(' '.join(e.text for e in ev))}</p>" + \
                rules_html([R.TAKE_GROUND, *(e.rule for e in ev)])
        except IllegalAction as exc:
            return frozenset({attacker}), STYLE + told + f"<p>{escape(sentence(exc.reason))}.</p>" + \
                rules_html([R.TAKE_GROUND, *([exc.rule] if exc.rule else [])])
    return BoardQuestion(key, f"<p>{prompt}</p>", after, places, hint=(R.TAKE_GROUND,), taps="hex",
                         window=_window(after, attacker), name=_hex_name)


def _tap_overrun_question(key, field, side, attacker, steps, armor, prompt) -> BoardQuestion:
    """After ``steps`` (the armor took ground onto ``armor``), tap an enemy it may overrun: the
    engine's ``targets`` rules (an overrun is a battle under the usual rules)."""
    from tutor.memoir.combat import targets
    attacker, armor = parse_hex(attacker), parse_hex(armor)
    after, _, _ = play(field, side, [attacker], steps)

    def places():
        st, _, _ = play(field, side, [attacker], steps)
        ok = targets(st, armor)
        me = st.units[armor]
        adj = sorted(h for h, u in st.units.items() if u.side != me.side and distance(h, armor) == 1)
        lines = [f"<li><b>{fmt(h)}</b>: {escape(ok[h].text)}</li>" for h in sorted(ok)]
        why = (f"<p>It took ground after a successful close combat: it may battle again, under the usual "
               f"rules. It stands next to {', '.join(fmt(h) for h in adj)}, so it must battle an adjacent enemy."
               if adj else "<p>It took ground after a successful close combat: it may battle again.")
        return frozenset(ok), STYLE + why + f"</p><ul>{''.join(lines)}</ul>" + \
            rules_html([R.OVERRUN, R.CLOSE_COMBAT])
    return BoardQuestion(key, f"<p>{prompt}</p>", after, places, hint=(R.OVERRUN, R.CLOSE_COMBAT), taps="hex",
                         window=_window(after, armor, 3), name=_hex_name)


def questions() -> list[Question | BoardQuestion]:
    q = QUIZ_BOARD
    return [
        _tap_take_question("08.take", q, "allied", "4,6", [("battle", "4,6", "5,5", ["flag", "star", "star"])],
                           "The Allied infantry on <b>4,6</b> battled the Axis infantry next to it, rolled a flag "
                           "and two stars, and the Axis infantry retreated to <b>4,4</b>. <b>Tap the hex where the "
                           "Allied infantry may take ground</b> (the infantry itself if it may not)."),
        _take_question("08.ranged", q, "allied", ["8,6"], [("battle", "8,6", "8,4", "hit")], "8,6",
                       "The Allied infantry on <b>8,6</b> battles the Axis infantry (1 figure) on <b>8,4</b>, "
                       "two hexes away, and eliminates it. May it take ground into 8,4?"),
        _tap_overrun_question("08.overrun", q, "allied", "20,6", [("battle", "20,6", "21,5", "hit"), ("take", "20,6")],
                              "21,5",
                              "The Allied armor eliminated the Axis infantry next to it and took ground onto "
                              "<b>21,5</b>. <b>Tap an enemy unit it may overrun.</b>"),
        _overrun_question("08.town", q, "allied", ["10,6"],
                          [("battle", "10,6", "11,5", "hit"), ("take", "10,6")], "11,5",
                          "The Allied armor on <b>10,6</b> eliminates the Axis infantry in the town on "
                          "<b>11,5</b> and takes ground into the town. May it now overrun the Axis infantry "
                          "on 12,4?"),
    ]
