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
from tutor.explain import Explained, rules_html, show
from tutor.hexes import fmt, parse_hex
from tutor.memoir import rules as R
from tutor.memoir.combat import attack_dice, battle, take_ground, why_no_battle
from tutor.memoir.movement import move
from tutor.memoir.state import GameState, order
from tutor.quiz import Question, ask

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
                title = f"Battle {fmt(a)} → {fmt(t)} ({', '.join(faces)})"
            elif kind == "take":
                before = st.vacated
                new, ev = take_ground(st, args[0])
                title = f"Take ground {fmt(args[0])} → {fmt(before)}"
                moves.append((args[0], before))
            else:
                raise ValueError(f"unknown step {kind!r}")
        except IllegalAction as exc:
            label = {"move": "Move", "battle": "Battle", "take": "Take ground"}[kind]
            out.append(Step(f"{label} from {fmt(args[0])}: refused", False, (exc.reason,),
                            (exc.rule,) if exc.rule else ()))
            continue
        st = new
        out.append(Step(title, True, tuple(e.text for e in ev), tuple(e.rule for e in ev)))
    return st, out, moves


def play_html(field, side, ordered, steps, *, title: str = "", board: bool = True) -> str:
    from tutor.render.scene import Line, highlights
    st, done, moves = play(field, side, ordered, steps)
    pic = ""
    if board:
        lines = [Line(a, b, "move") for a, b in moves]
        pic = board_svg(st, highlights(lines=lines, legal=[b for _, b in moves]), title=title)
    items = []
    for s in done:
        colour = "" if s.ok else " class='tutor-no'"
        items.append(f"<li><b{colour}>{escape(s.title)}</b><br>{'<br>'.join(escape(t) for t in s.texts)}</li>")
    rules = [r for s in done for r in s.rules]
    return f"<div>{pic}<ol>{''.join(items)}</ol>{rules_html(rules)}</div>"


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
            return "No", f"<p>{escape(exc.reason)}.</p>" + rules_html([exc.rule] if exc.rule else [])
    pic = ""
    if board:
        from tutor.render.scene import highlights
        pic = board_svg(state(field), highlights(selected=[parse_hex(h) for h in ordered]), title="")
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
        return "No", f"<p>{escape(why[0])}.</p>" + rules_html([why[1], R.OVERRUN_TERRAIN])
    return ask(key, f"<p>{prompt}</p>", YES_NO, rule_fn)


def questions() -> list[Question]:
    tg = TAKE_GROUND_BOARD
    return [
        _take_question("08.ranged", tg, "allied", ["10,6"], [("battle", "10,6", "10,4", "hit")], "10,6",
                       "The allied infantry on <b>10,6</b> battles the axis infantry (1 figure) on <b>10,4</b>, "
                       "two hexes away, and eliminates it. May it take ground into 10,4?"),
        _take_question("08.close", tg, "allied", ["4,6"], [("battle", "4,6", "5,5", "hit")], "4,6",
                       "On the same board, the allied infantry on <b>4,6</b> eliminates the adjacent axis "
                       "infantry on <b>5,5</b>. May it take ground into 5,5?", board=False),
        _overrun_question("08.overrun", "examples/armor-overrun", "allied", ["6,4"],
                          [("battle", "6,4", "7,3", ["flag", "infantry", "star"]), ("take", "6,4")], "7,3",
                          "In the rulebook's example the allied armor on 6,4 rolls a flag and an infantry (its "
                          "third die, a star here, misses) against the axis infantry on 7,3, which loses a figure "
                          "and retreats; the armor takes ground onto <b>7,3</b>. May it battle again this turn?"),
        _overrun_question("08.woods", tg, "allied", ["18,4"],
                          [("battle", "18,4", "17,3", "hit"), ("take", "18,4")], "17,3",
                          "The allied armor on <b>18,4</b> eliminates the axis infantry in the woods on "
                          "<b>17,3</b> and takes ground into the woods. May it now overrun the axis infantry "
                          "on 19,3?"),
        _overrun_question("08.second", "examples/armor-overrun", "allied", ["6,4"],
                          [("battle", "6,4", "7,3", ["flag", "infantry", "star"]), ("take", "6,4"),
                           ("battle", "7,3", "6,2", "hit"), ("take", "7,3")], "6,2",
                          "Playing on from the rulebook's example (the rest is this tutor's): the armor takes "
                          "ground on 7,3, overruns the infantry that retreated to 6,2, eliminates it and takes "
                          "ground again onto <b>6,2</b>. May it battle a third time?"),
    ]
