"""Start here, Memoir '44: the game in ten minutes — the goal (medals), one whole turn played on a
live board, the units, the dice, and a map of the chapters with a first-battle path.

The turn is :class:`FirstTurn`: the learner taps to do each step (play a card, order units, move,
battle, draw) and the board answers through ``tutor.memoir.game``: every order, move, battle,
refusal and draw is ``game.apply``'s, with the rule it applied. Nothing is decided here: the
widget turns taps into the engine's action strings and shows its events.
"""

from __future__ import annotations

from html import escape

from tutor import course
from tutor.course import MEMOIR, Start
from tutor.explain import Explained, show
from tutor.memoir import combat, movement
from tutor.memoir import dice as D
from tutor.memoir.scenario import FULL_STRENGTH
from tutor.memoir.state import Unit
from tutor.originals import original_html
from tutor.widgets.first_turn import AXIS_HAND, FIELD, HAND, STEPS, FirstTurn, TurnView, start_game, step_of  # noqa: F401 (the page's, moved here)

#: This page as the course lists it (tutor.course): the landing page, the concepts and the app's
#: preheating read it from here.
PAGE = Start(
    notebook="00-start-memoir.ipynb",
    title="Start here: Memoir '44 in ten minutes",
    game=MEMOIR,
    teaches="What you are trying to do, one whole turn on a live board, the units and the dice.",
    concepts=("medals", "objective-medals", "turn", "sections", "section-cards", "orders", "units",
              "figures", "movement", "range-dice", "dice-faces"),
    preheat=True,
)

KINDS = ("infantry", "armor", "artillery")
#: The chapters a first battle needs: the first eight teach the game; Pegasus Bridge, the battle
#: to play, also has wire and sandbags (9) and medals for holding its bridges (11): see
#: :data:`BATTLE_NEEDS`, which *Play a battle* shows.
FIRST_BATTLE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 11)


# ---------------------------------------------------------------------------------------------
# The units and the dice, from the engine's own tables


def units_table() -> Explained:
    """Each kind of unit: figures, how far it moves (and still battles), dice by range; the
    rulebook's sentences on their movement one click away under the table."""
    rows, said = [], []
    for k in KINDS:
        u = Unit(0, "allied", k, FULL_STRENGTH[k])
        allow, allow_rule = movement.allowance(u)
        limit, _ = movement.battle_limit(u)
        hexes = f"{allow} hex{'es' if allow != 1 else ''}"
        moves = (f"up to {hexes} and battle" if limit >= allow else
                 f"{hexes}, or battle without moving" if limit == 0 else
                 f"{limit} hex and battle, or {hexes} without battle")
        dice = combat.DICE[k]
        said.append(allow_rule)
        rows.append(f"<tr><td><b>{k}</b></td><td>{FULL_STRENGTH[k]}</td><td>{escape(moves)}</td>"
                    f"<td>{', '.join(str(n) for n in dice)} <small>(at 1–{len(dice)} hexes)</small></td></tr>")
    head = "<tr><th>unit</th><th>figures</th><th>moves</th><th>dice at range 1, 2, 3…</th></tr>"
    return show(f'<table class="tutor-obs">{head}{"".join(rows)}</table>' + original_html(*said))


def dice_table() -> Explained:
    """The six faces of a battle die and what each does to each kind of unit."""
    from tutor.memoir import rules as R
    rows = []
    for face in D.FACE_NAMES:
        n = D.FACES.count(face)
        hits = [k for k in KINDS if face in D.hit_faces(k)]
        does = ("hits " + (", ".join(hits) if len(hits) < 3 else "any unit") if hits else
                "the target retreats 1 hex" if face == "flag" else "misses")
        rows.append(f"<tr><td><b>{face}</b> <small>({n} of 6)</small></td><td>{escape(does)}</td></tr>")
    return show(f'<table class="tutor-obs"><tr><th>face</th><th>what it does</th></tr>{"".join(rows)}</table>'
                + original_html(R.HITS))


def chapter_map() -> Explained:
    """What each chapter teaches, and the first-battle path through them."""
    return show(course.map_html(course.MEMOIR, path=FIRST_BATTLE, battle="play-a-battle.ipynb"))


#: What Pegasus Bridge's map holds beyond the first chapters' open ground, in a learner's words,
#: and the chapter that teaches it (its terrain and obstacle names as the engine has them):
#: *Play a battle* names these near its top; every one is on :data:`FIRST_BATTLE`'s path.
BATTLE_NEEDS = (
    ("the pond, the river, the woods and the towns", 6, frozenset({"lake", "river", "woods", "town"})),
    ("barbed wire and sandbags", 9, frozenset({"wire", "sandbags"})),
    ("the bridges and the medal for holding one", 11, frozenset({"bridge", "objective"})),
)


def battle_needs_html() -> str:
    """The chapters Pegasus Bridge needs, with links, for the top of *Play a battle*."""
    by_number = {c.number: c for c in course.CHAPTERS if c.game == course.MEMOIR}
    first = [n for n in FIRST_BATTLE if n <= 8]
    items = "".join(f"<li>{escape(what)}: {course._link(by_number[n], f'chapter {n}, {by_number[n].title}')}</li>"
                    for what, n, _ in BATTLE_NEEDS)
    start = course._a("00-start-memoir.ipynb", "the start page")
    return (f'<div class="tutor-battle-needs"><b>Before this battle.</b> Read {start} and chapters '
            f"{first[0]}–{first[-1]} (the turn, moving, battling, retreating); this map also has:"
            f"<ul>{items}</ul>The first-battle path on {start} takes you through all of them.</div>")


def battle_needs() -> Explained:
    """The chapters Pegasus Bridge needs, named on *Play a battle* near its top."""
    return show(battle_needs_html())
