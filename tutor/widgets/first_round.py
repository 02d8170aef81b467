"""One whole Undaunted: Normandy round on a live board: draw, bid, play (the start page's drill,
moved here from its page)."""

from __future__ import annotations

import random
from html import escape

from tutor.examples.undaunted import events_html, worked_start
from tutor.render.undaunted import board_html, card_title, zones_html
from tutor.sides import SIDE_NAMES, side_verb
from tutor.undaunted import DrawCards, RevealInitiative, apply
from tutor.undaunted.cards import CARDS

STEPS = ("Draw 4 cards", "Bid for initiative", "Play your cards")


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
        first = step.state.playing            # (the initiative revealed: a side plays first)
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
        st["board"] = UndauntedBoard(step.state, seed=seed)   # the live board takes the picture's place
        board_slot.children = (st["board"],)

    def restart(_=None):
        st["s"] = worked_start()
        st["board"] = None
        # the battlefield from the first step (a picture): the live board replaces it at step 3
        board_slot.children = (W.HTML(board_html(st["s"], title="The map this round is played on")),)
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
