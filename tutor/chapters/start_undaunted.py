"""Start here, Undaunted: Normandy: the game in ten minutes — the goal (objectives, Pinning the
Enemy, Beyond All Hope), one whole round played on a live board, the units, the dice, and a map of
the chapters with a first-game path.

The round is :func:`first_round`: the learner draws, bids a card for initiative and plays cards
for actions; every step is ``tutor.undaunted.actions.apply``'s (the draw, the initiative ruling),
and the turns are the live board of ``tutor.widgets.UndauntedBoard`` (the engine's plays and
refusals). Nothing is decided here.
"""

from __future__ import annotations

import random
import re
from html import escape

from tutor import course
from tutor.course import UNDAUNTED, Start
from tutor.examples.undaunted import events_html, worked_start
from tutor.explain import Explained, rules_html, show
from tutor.render.undaunted import card_title, zones_html
from tutor.sides import SIDE_NAMES, side_verb
from tutor.undaunted import DrawCards, RevealInitiative, apply
from tutor.undaunted import rules as R
from tutor.undaunted.cards import CARDS, UNIT_TYPES

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

STEPS = ("Draw 4 cards", "Bid for initiative", "Play your cards")
#: The chapters a first game needs (the platoon and the worked round can wait).
FIRST_GAME = (1, 2, 3, 4, 5, 7)


def goal() -> Explained:
    """How a game of Undaunted ends: objectives, Pinning the Enemy, Beyond All Hope."""
    return show(rules_html([R.VICTORY_OBJECTIVES, R.VICTORY_SUPPRESS, R.HOPELESS, R.HOPELESS_WIN]))


def axis_bid(hand) -> str:
    """The Axis player's bid on this page: its highest-initiative card (the first of them)."""
    return max(hand, key=lambda c: CARDS[c].initiative)


class FirstRound:
    """Built lazily (ipywidgets only when the page shows it): ``FirstRound(seed)``, a VBox."""

    def __new__(cls, seed: int = 3):
        return _round_widget(seed)


def _round_widget(seed: int):
    import ipywidgets as W

    from tutor.widgets import UndauntedBoard
    from tutor.widgets.base import choice_buttons, small_button, step_strip

    box = W.VBox(layout=W.Layout(width="100%"))
    steps, say, cards, pic, board_slot = W.HTML(), W.HTML(), W.HBox(layout=W.Layout(flex_flow="row wrap")), \
        W.HTML(), W.VBox()
    draw_button = small_button("Draw 4 cards", "download", "both players draw 4 cards from their decks")
    again = small_button("Start the round again", "refresh")
    st = {"s": worked_start(), "board": None}

    def draw(_=None):
        step = apply(st["s"], DrawCards(), random.Random(seed))
        st["s"] = step.state
        hand = step.state.zones_of("allied").hand
        steps.value = step_strip(STEPS, 1)
        say.value = ("<p><b>Step 2: bid for initiative.</b> Tap one card of your hand to reveal. Its initiative "
                     "number (top left of a card) decides who plays first: the higher goes first. The bid card "
                     "is discarded, so it takes no action this round. Which will you give up?</p>"
                     + events_html(step.events))
        cards.children = choice_buttons([(f"{card_title(c)} (initiative {CARDS[c].initiative})", c) for c in hand],
                                        bid)
        draw_button.disabled = True
        pic.value = zones_html(step.state.zones_of("allied"), zones=("hand",), title="Your hand (Allies)",
                               card_h=58)

    def bid(card: str):
        s = st["s"]
        foe = axis_bid(s.zones_of("axis").hand)
        step = apply(s, RevealInitiative(allied=card, axis=foe))
        st["s"] = step.state
        first = step.state.active
        cards.children = ()
        steps.value = step_strip(STEPS, 2)
        say.value = (f"<p>The Axis bids its {escape(card_title(foe))} ({CARDS[foe].initiative}). "
                     f"The <b>{escape(SIDE_NAMES[first])}</b> {side_verb(first, 'play', 'plays')} first.</p>"
                     + events_html(step.events)
                     + "<p><b>Step 3: play your cards.</b> Each card is one unit on the board; play it for one "
                       "of its actions — move, attack, scout, control a tile… Tap a unit of yours, then a tile; "
                       "the board says what the rules allow and why. End the turn, and the other side plays; "
                       "after both turns a new round begins with a new draw. Here you play both sides.</p>")
        pic.value = ""
        st["board"] = UndauntedBoard(step.state, seed=seed)
        board_slot.children = (st["board"],)

    def restart(_=None):
        st["s"] = worked_start()
        st["board"] = None
        board_slot.children = ()
        cards.children = ()
        pic.value = ""
        draw_button.disabled = False
        steps.value = step_strip(STEPS, 0)
        say.value = ("<p><b>Step 1: draw.</b> Both players draw 4 cards from their own deck. Your deck is your "
                     "platoon: one card per soldier group, a few Fog of War cards that do nothing.</p>")

    draw_button.on_click(draw)
    again.on_click(restart)
    restart()
    box.children = (steps, W.HBox([draw_button, again], layout=W.Layout(flex_flow="row wrap")), say, cards, pic,
                    board_slot)
    box.draw, box.bid, box.state = draw, bid, (lambda: st["s"])
    box.board = lambda: st["board"]
    box.message = lambda: say.value
    return box


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
    return show(f'<table class="tutor-obs">{head}{"".join(rows)}</table>' + rules_html([R.BASE_DEFENSE]))


def dice_html() -> Explained:
    """The ten-sided die: what a hit needs."""
    return show(rules_html([R.DEFENSE, R.DICE]))


def chapter_map() -> Explained:
    return show(course.map_html(course.UNDAUNTED, path=FIRST_GAME, battle="play-la-raye.ipynb"))
