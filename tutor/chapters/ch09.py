"""Chapter 9: obstacles. The obstacle table is the engine's catalogue
(``tutor.memoir.terrain.OBSTACLES``); every ruling is the engine's.

The "try" is :func:`drill`, the live move-and-battle board on the obstacle board: tap an obstacle
to read what it does, move units onto and against obstacles, and battle the defended Axis units
with dice you set — protection, the flag an obstacle lets the defender ignore, the retreat, wire
removed, sandbags gone with the unit that leaves them.
"""

from __future__ import annotations

from tutor.chapters.ch04 import board_svg, move_events, reach_question, state
from tutor.chapters.ch05 import dice_html
from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.explain import Explained, events_html, show
from tutor.hexes import parse_hex
from tutor.memoir.combat import attack_dice, remove_wire
from tutor.memoir.retreat import ruling
from tutor.memoir.state import order
from tutor.memoir.terrain import OBSTACLES
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


def obstacle_table() -> Explained:
    rows = []
    for name, o in OBSTACLES.items():
        move = []
        if o.impassable:
            move.append("impassable to " + " and ".join(sorted(o.impassable)))
        if o.must_stop:
            move.append("stop on entering")
        if o.removed_when_left:
            move.append("removed when the unit leaves")
        if o.armor_removes_on_entry:
            move.append("armor removes it on entering")
        prot = ", ".join(f"{k} −{v}" for k, v in o.protection.items() if v) or "—"
        who = "" if o.protection_kinds == frozenset({"infantry", "armor", "artillery"}) else \
            f" (for {', '.join(sorted(o.protection_kinds))})"
        battle_ = []
        if o.attacker_penalty:
            battle_.append("attacker " + ", ".join(f"{k} −{v}" for k, v in o.attacker_penalty.items()))
        if o.infantry_may_remove:
            battle_.append("infantry may remove it instead of battling")
        rows.append(f"<tr><td><b>{name.replace('_', ' ')}</b></td><td>{'blocks' if o.blocks_los else 'clear'}</td>"
                    f"<td>{'; '.join(move) or '—'}</td><td>{prot}</td>"
                    f"<td>{'ignore 1 flag' + who if o.ignore_flags else '—'}</td><td>{'; '.join(battle_) or '—'}</td></tr>")
    return show('<table class="tutor-obs"><tr><th>obstacle</th><th>line of sight</th><th>movement</th>'
                '<th>protection (dice fewer)</th><th>flags</th><th>battle</th></tr>' + "".join(rows) + "</table>")


def show_dice(*args, **kw) -> Explained:
    return show(dice_html(*args, **kw))


def show_retreat(field, at, flags: int, **kw) -> Explained:
    from tutor.chapters.ch07 import show_retreat as sr
    return sr(field, at, flags, **kw)


def wire_story() -> Explained:
    """Infantry on wire removes it instead of battling; armor removes wire by driving in."""
    st = state(OBSTACLE_BOARD)
    s1, _ = order(st, "allied", [(19, 3)])
    _, ev1 = remove_wire(s1, (19, 3))
    wired = st.replace(obstacles={**st.obstacles, (22, 4): "wire"})
    return show("<p><b>Infantry on the wire</b> (19,3) could battle; it removes the wire instead:</p>"
                + events_html(ev1)
                + "<p><b>Armor driving onto wire</b> (22,6 → 22,4) removes it on entering, stops, and may still "
                  "battle:</p>" + move_events(wired, "allied", (22, 6), (22, 4)))


# ---------------------------------------------------------------------------------------------
# The "try": the live board with obstacles


def drill(**kw):
    """The move-and-battle drill (``tutor.widgets.FieldDrill``) on the obstacle board, with a box
    for the dice faces: tap an obstacle to read what it does, a unit to move it onto (or against)
    one, a defended enemy to battle it with the faces you set."""
    from tutor.chapters.ch04 import drill as move_drill
    return move_drill(OBSTACLE_BOARD, dice_box=True, **kw)


# ---------------------------------------------------------------------------------------------
# Exercises


def _dice_question(key, field, a, t, prompt, *, board=True) -> Question:
    st = state(field)
    a, t = parse_hex(a), parse_hex(t)

    def rule_fn():
        return str(attack_dice(st, a, t).dice), dice_html(st, a, t, board=False)
    pic = ""
    if board:
        from tutor.render.scene import highlights
        pic = board_svg(st, highlights(selected=[a], target=[t]), title="")
    return ask(key, f"<p>{prompt}</p>{pic}", ("0", "1", "2", "3"), rule_fn)


def _flags_question() -> Question:
    st = state(OBSTACLE_BOARD)
    at = (12, 2)
    choices = ("0 hexes", "1 hex", "2 hexes", "It stays and loses a figure")

    def rule_fn():
        from tutor.chapters.ch07 import retreat_html
        r = ruling(st, at, 2, None)
        ans = choices[3] if r.losses else ("1 hex" if r.retreat == 1 else f"{r.retreat} hexes")
        return ans, retreat_html(st, at, 2, board=False)
    return ask("09.sandbags-flags", "<p>On the board above, the axis infantry behind the sandbags in the town on "
               "<b>12,2</b> receives <b>2 flags</b>. How far does it retreat?</p>", choices, rule_fn)


def _pegasus_sandbags_question() -> Question:
    """Pegasus Bridge (chapter 2), now that sandbags are taught: the raiders against the sandbags."""
    from html import escape

    from tutor.chapters.ch02 import SCENARIO, SEED
    from tutor.explain import rules_html
    from tutor.memoir import game as G
    choices = ("1 die", "2 dice", "3 dice")
    attacker, target = (5, 5), (7, 3)

    def rule_fn():
        st = G.new_game(SCENARIO, SEED).state
        ad = attack_dice(st, attacker, target)
        return (f"{ad.dice} {'die' if ad.dice == 1 else 'dice'}",
                f"<p>{escape(ad.text)}</p>" + rules_html(ad.rules))
    return ask("09.pegasus-sandbags", "<p>Back to Pegasus Bridge (chapter 2): sandbags protect the German "
               "infantry on <b>7,3</b>. How many dice does Major Howard's infantry on <b>5,5</b> (2 hexes away) "
               "roll against it?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [
        _dice_question("09.artillery-bunker", OBSTACLE_BOARD, "4,4", "6,2",
                       "The allied artillery on <b>4,4</b> fires at the axis infantry in the bunker on <b>6,2</b>, "
                       "2 hexes away. How many dice?"),
        _dice_question("09.wire", OBSTACLE_BOARD, "19,3", "18,2",
                       "The allied infantry standing on wire on <b>19,3</b> battles the axis infantry among the "
                       "hedgehogs on <b>18,2</b>. How many dice?", board=False),
        _flags_question(),
        reach_question("09.hedgehog", OBSTACLE_BOARD, "22,6", "21,5",
                       "May the allied armor on <b>22,6</b> move onto the hedgehogs on <b>21,5</b>?"),
        _pegasus_sandbags_question(),
    ]
