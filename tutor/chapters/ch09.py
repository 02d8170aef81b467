"""Chapter 9: obstacles. The obstacles are the engine's catalogue
(``tutor.memoir.terrain.OBSTACLES``); every ruling is the engine's.

The "try" is :func:`drill`, the live move-and-battle board on the obstacle board: tap an obstacle
to read what it does, move units onto and against obstacles, and battle the defended Axis units
with dice you set — protection, the flag an obstacle lets the defender ignore, the retreat, wire
removed, sandbags gone with the unit that leaves them.
"""

from __future__ import annotations

from dataclasses import replace as dc_replace

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.board_taps import (
    picture,
    retreat_example,
    retreat_question,
    tap_reach_question,
    target_question,
)
from tutor.examples.memoir import around, board_svg, dice_html, move_events, state
from tutor.explain import Explained, events_html, show
from tutor.hexes import parse_hex
from tutor.memoir.combat import attack_dice, remove_wire
from tutor.memoir.state import GameState, order
from tutor.quiz import Question, ask

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="09-obstacles.ipynb",
    title="Obstacles",
    game=MEMOIR,
    teaches="Use bunkers, hedgehogs, wire and sandbags, and why protections do not stack.",
    seed=M44,
    heading="OBSTÁCULOS",
    concepts=("bunkers", "hedgehogs", "wire", "sandbags", "no-stacking"),
    handout=Handout(
        boards=("examples/sandbags-in-town.yaml", "examples/bunker-on-hill.yaml"),
        rules=("m44.obstacle.bunker", "m44.obstacle.hedgehog", "m44.obstacle.wire", "m44.obstacle.sandbags",
               "m44.obstacles.no_stacking"),
    ),
    preheat=True,
)

OBSTACLE_BOARD = "chapters/obstacles"


#: A worked example's picture beside its steps (not above them): the page stays short on a laptop.
_BESIDE = "float:left;width:20em;max-width:100%;margin:0 1.2em .6em 0"


def show_dice(field, attacker, target, *, title: str = "") -> Explained:
    """One attack's dice, step by step, beside the part of the board the two units stand on (the
    rules it applies are quoted above it on the page)."""
    from tutor.render.scene import Line, highlights
    st = state(field)
    a, t = parse_hex(attacker), parse_hex(target)
    pic = board_svg(st, highlights(selected=[a], target=[t], lines=[Line(a, t, "sight")]), title=title,
                    window=around(st, a, t))
    return show(f"<div style='display:flow-root'><div style='{_BESIDE}'>{pic}</div>"
                + dice_html(st, a, t, board=False, rules=False) + "</div>")


def show_retreat(field, at, flags: int, *, title: str = "") -> Explained:
    """A retreat after ``flags`` flags (the paths shaded) on the part of the board around it (the
    rules it applies are quoted above it on the page)."""
    html = retreat_example(field, at, flags, title=title, margin=2, rules=False)
    return show("<div style='display:flow-root'>" + html.replace("<div style='max-width:26em'>",
                                                                 f"<div style='{_BESIDE}'>", 1) + "</div>")


def wire_story() -> Explained:
    """Infantry on wire removes it instead of battling; armor removes wire by driving in (the rules
    are quoted above it on the page)."""
    st = state(OBSTACLE_BOARD)
    s1, _ = order(st, "allied", [(19, 3)])
    _, ev1 = remove_wire(s1, (19, 3))
    wired = st.replace(obstacles={**st.obstacles, (22, 4): "wire"})
    return show("<p><b>Infantry on the wire</b> (19,3):</p>"
                + events_html(ev1, rules=False)
                + "<p><b>Armor driving onto wire</b> (22,6 → 22,4):</p>"
                + move_events(wired, "allied", (22, 6), (22, 4), rules=False))


# ---------------------------------------------------------------------------------------------
# The "try": the live board with obstacles


def drill(**kw):
    """The move-and-battle drill (``tutor.widgets.FieldDrill``) on the obstacle board, with a box
    for the dice faces: tap an obstacle to read what it does, a unit to move it onto (or against)
    one, a defended enemy to battle it with the faces you set."""
    from tutor.examples.memoir import drill as move_drill
    return move_drill(OBSTACLE_BOARD, dice_box=True, **kw)


# ---------------------------------------------------------------------------------------------
# Exercises


def _dice_question(key, field, a, t, prompt) -> Question:
    st = state(field)
    a, t = parse_hex(a), parse_hex(t)

    def rule_fn():
        return str(attack_dice(st, a, t).dice), dice_html(st, a, t, board=False)
    pic = picture(st, a, t, selected=[a], target=[t])
    return ask(key, f"<p>{prompt}</p><div style='max-width:18em'>{pic}</div>", ("0", "1", "2", "3"), rule_fn)


def _pegasus_sandbags_question() -> Question:
    """Pegasus Bridge (chapter 2), now that sandbags are taught: the raiders against the sandbags."""
    from html import escape

    from tutor.examples.memoir import PEGASUS as SCENARIO
    from tutor.examples.memoir import PEGASUS_SEED as SEED
    from tutor.explain import rules_html
    from tutor.memoir import game as G
    choices = ("1 die", "2 dice", "3 dice")
    attacker, target = (5, 5), (7, 3)
    st = G.new_game(SCENARIO, SEED).state
    pic = picture(st, attacker, target, selected=[attacker], target=[target], margin=0)

    def rule_fn():
        ad = attack_dice(st, attacker, target)
        return (f"{ad.dice} {'die' if ad.dice == 1 else 'dice'}",
                f"<p>{escape(ad.text)}</p>" + rules_html(ad.rules))
    return ask("09.pegasus-sandbags", "<p>Back to Pegasus Bridge (chapter 2): sandbags protect the German "
               "infantry on <b>7,3</b>. How many dice does Major Howard's infantry on <b>5,5</b> (2 hexes away) "
               f"roll against it?</p><div style='max-width:16em'>{pic}</div>",
               choices, rule_fn)


def wired_board() -> GameState:
    """The obstacle board with wire on 23,5, beside the hedgehogs on 21,5: the armor on 22,6
    between them."""
    st = state(OBSTACLE_BOARD)
    return st.replace(obstacles={**st.obstacles, (23, 5): "wire"})


def strongpoints_board() -> GameState:
    """The obstacle board's right half held by Axis infantry in four positions (the town with
    sandbags, sandbags in the open, a bunker, hedgehogs) and an Allied armor facing them."""
    st = state(OBSTACLE_BOARD)
    units = {h: u for h, u in st.units.items() if h[0] < 10}
    foe = st.units[(12, 2)]
    for i, h in enumerate(((12, 2), (14, 2), (16, 2), (18, 2))):
        units[h] = dc_replace(foe, uid=20 + i)
    units[(15, 5)] = dc_replace(st.units[(13, 3)], uid=30)
    obstacles = {**{h: o for h, o in st.obstacles.items() if h[0] < 10 or h == (12, 2) or h == (18, 2)},
                 (14, 2): "sandbags", (16, 2): "bunker"}
    return st.replace(units=units, obstacles=obstacles)


def questions() -> list[Question]:
    return [
        tap_reach_question("09.armor-wire", wired_board(), "22,6",
                           "Hedgehogs stand on <b>21,5</b>, wire on <b>23,5</b>. The Allied armor on <b>22,6</b> "
                           "moves up to 3 hexes. <b>Tap a hex it may move to.</b>"),
        target_question("09.most-dice", strongpoints_board(), "15,5",
                        "The Allied armor on <b>15,5</b> rolls 3 dice at up to 3 hexes, before "
                        "protection. <b>Tap the Axis unit it rolls the most dice against.</b>"),
        retreat_question("09.sandbags-retreat", OBSTACLE_BOARD, "12,2", 2,
                         "The Axis infantry behind the sandbags in the town on <b>12,2</b> receives <b>2 flags</b>; "
                         "Axis units retreat toward the top edge. <b>Tap a hex where its retreat may end.</b>"),
        _dice_question("09.wire", OBSTACLE_BOARD, "19,3", "18,2",
                       "The Allied infantry standing on wire on <b>19,3</b> battles the Axis infantry among the "
                       "hedgehogs on <b>18,2</b>. How many dice?"),
        _pegasus_sandbags_question(),
    ]
