"""Start here, Undaunted: Normandy: the game in ten minutes — the goal (objectives, Pinning the
Enemy, Beyond All Hope), one whole round played on a live board, the units, the dice, and a map of
the chapters with a first-game path.

The round is :func:`first_round`: the learner draws, bids a card for initiative and plays cards
for actions; every step is ``tutor.undaunted.actions.apply``'s (the draw, the initiative ruling),
and the turns are the live board of ``tutor.widgets.UndauntedBoard`` (the engine's plays and
refusals). Nothing is decided here.
"""

from __future__ import annotations

import re
from html import escape

from tutor import course
from tutor.course import UNDAUNTED, Start
from tutor.explain import Explained, show
from tutor.originals import original, original_html
from tutor.render.undaunted import card_title
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS, UNIT_TYPES
from tutor.widgets.first_round import STEPS, FirstRound, axis_bid  # noqa: F401 (the page's, moved here)

#: This page as the course lists it (tutor.course): the landing page, the concepts and the app's
#: preheating read it from here.
PAGE = Start(
    notebook="20-start-undaunted.ipynb",
    title="Start here: Undaunted: Normandy in ten minutes",
    game=UNDAUNTED,
    teaches="What you are trying to do, one whole round on a live board, the units and the dice.",
    concepts=("u-goal", "u-round", "u-initiative", "u-units", "u-cards", "u-base-defense", "u-total-defense"),
    preheat=True,
)

#: The chapters a first game needs (the platoon and the worked round can wait).
FIRST_GAME = (1, 2, 3, 4, 5, 7)


def goal() -> Explained:
    """How a game of Undaunted ends (objectives, Pinning the Enemy, Beyond All Hope): the original
    wording under the page's own sentences."""
    return original(UR.VICTORY_OBJECTIVES, UR.VICTORY_SUPPRESS, UR.HOPELESS, UR.HOPELESS_WIN)


def units_table() -> Explained:
    """Each card of a platoon: the unit's base defense (leaders and Fog of War have no token on
    the map), the card's initiative and its actions (the engine's card data)."""
    rows, seen = [], set()
    for c in sorted(CARDS.values(), key=lambda c: (c.name not in UNIT_TYPES, -c.initiative)):
        if c.name in seen:
            continue
        seen.add(c.name)
        ut = UNIT_TYPES.get(c.name)
        defense = str(ut.base_defense) if ut else "no token"
        acts = ", ".join(f"{a.name} {a.value}" if a.value else a.name for a in c.actions) or "none: a bid only"
        rows.append(f"<tr><td><b>{escape(re.sub(r' [A-C]$', '', card_title(c.id)))}</b></td><td>{defense}</td>"
                    f"<td>{c.initiative}</td><td>{escape(acts)}</td></tr>")
    head = "<tr><th>card</th><th>base defense</th><th>initiative</th><th>actions</th></tr>"
    return show(f'<table class="tutor-obs">{head}{"".join(rows)}</table>' + original_html(UR.BASE_DEFENSE))


def dice_html() -> Explained:
    """The ten-sided die, what a hit needs: the original wording under the page's own sentences."""
    return original(UR.DEFENSE, UR.DICE)


def chapter_map() -> Explained:
    return show(course.map_html(course.UNDAUNTED, path=FIRST_GAME, battle="play-la-raye.ipynb"))
