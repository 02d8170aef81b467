"""Chapter 22, Undaunted: the round — draw four, initiative, the players' turns, reshuffling.

Try: :func:`deck_widget` (draw 4, play cards to the table, end the turn, watch the discard pile
become the draw deck — never the table) and :func:`initiative_widget` (both players reveal a card;
the engine decides who goes first, ties keep the token), and :func:`turn_board` (the live board
after the worked round's reveal: play the cards one at a time on the map, hunker down, end the turn).
Check: :func:`questions`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from html import escape

from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.errors import IllegalAction
from tutor.examples.undaunted import events_html, worked_start
from tutor.explain import quote_once, rule_html, rules_html
from tutor.quiz import BoardQuestion, Question, card_question
from tutor.render.undaunted import card_title, words, zones_html, zones_svg
from tutor.sides import SIDE_NAMES, side_verb
from tutor.undaunted import EndTurn, Play, RevealInitiative, apply, card_plays
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS, card
from tutor.undaunted.deck import Zones, draw

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="22-undaunted-the-round.ipynb",
    title="Undaunted: the round",
    game=UNDAUNTED,
    teaches="Draw four cards, bid for initiative and take turns in the right order.",
    seed=UND,
    heading="PRŮBĚH HRY",
    concepts=("u-round", "u-initiative", "u-discard", "u-reshuffle", "u-hunker"),
    handout=Handout(
        rules=("und.round.draw", "und.round.initiative", "und.round.initiative.discard", "und.round.turn",
               "und.round.reshuffle"),
        pictures="und-round",
    ),
    preheat=True,
)

START = Zones(draw=("riflemen-a", "scouts-a", "riflemen-a", "machine-gunners-a", "fog-of-war", "squad-leader-a"))
ROUND_ZONES = ("hand", "table", "discard", "draw")


def deck_widget(seed: int = 5):
    """Draw 4 / play a card to the table / end the turn, on a six-card deck: the reshuffle shows."""
    import ipywidgets as W
    st = {"z": START, "rng": random.Random(seed), "round": 1}
    b_draw = W.Button(description="Draw 4", button_style="primary", icon="download")
    b_play = W.Button(description="Play a card to the table", icon="arrow-right", layout=W.Layout(width="auto"))
    b_end = W.Button(description="End turn", icon="flag-checkered")
    b_reset = W.Button(description="Start again", icon="undo")
    msg = W.HTML()
    pic = W.HTML()

    def show(text=""):
        z = st["z"]
        b_draw.disabled = bool(z.hand or z.table)
        b_play.disabled = not z.hand
        b_end.disabled = not (z.hand or z.table)
        msg.value = text
        pic.value = zones_html(z, zones=ROUND_ZONES, title=f"Round {st['round']}", card_h=58)

    def do_draw(_):
        got = draw(st["z"], 4, st["rng"])
        st["z"] = got.zones
        names = ", ".join(card_title(c) for c in got.cards)
        if got.reshuffles:
            text = (f"<p>The draw deck ran out, so the <b>discard pile was shuffled</b> into a new draw deck "
                    f"(cards on the table would not be). Drew: {escape(names)}.</p>" + rule_html(UR.RESHUFFLE))
        else:
            text = f"<p>Drew 4 cards: {escape(names)}.</p>" + rule_html(UR.DRAW)
        show(text)

    def do_play(_):
        z = st["z"]
        c = z.hand[0]
        st["z"] = Zones(z.hand[1:], z.table + (c,), z.discard, z.draw, z.supply, z.out)
        show(f"<p>{escape(card_title(c))} is played: it stays face up on the table until the end of the "
             f"turn.</p>" + rule_html(UR.TURN))

    def do_end(_):
        z = st["z"]
        st["z"] = Zones((), (), z.discard + z.hand + z.table, z.draw, z.supply, z.out)
        st["round"] += 1
        show(f"<p>End of the turn: {len(z.hand)} card(s) left in the hand and {len(z.table)} played card(s) go "
             f"to the discard pile. Nothing is kept for the next round.</p>" + rule_html(UR.TURN_END))

    def do_reset(_):
        st.update(z=START, rng=random.Random(seed), round=1)
        show()

    b_draw.on_click(do_draw)
    b_play.on_click(do_play)
    b_end.on_click(do_end)
    b_reset.on_click(do_reset)
    show("<p>Press <b>Draw 4</b> to start the round.</p>")
    box = W.VBox([W.HBox([b_draw, b_play, b_end, b_reset], layout=W.Layout(flex_flow="row wrap")), msg, pic])
    box.press = {"draw": lambda: do_draw(None), "play": lambda: do_play(None), "end": lambda: do_end(None)}
    box.zones = lambda: st["z"]
    box.message = lambda: msg.value
    return box


# ---------------------------------------------------------------------------------------------
# initiative

HANDS = {"allied": ("riflemen-c", "scouts-c", "squad-leader-c", "fog-of-war"),
         "axis": ("riflemen-a", "scouts-b", "platoon-sergeant", "fog-of-war")}


def turn_board(seed: int = 22):
    """The players' turns on the live board: the worked round after the reveal, Hans (axis) first."""
    from tutor.examples.undaunted import round_board
    return round_board(seed)


def initiative_state(holder: str = "allied", hands=HANDS):
    """The worked example's board in the initiative phase, with the given hands and token holder."""
    s = worked_start()
    zones = tuple(replace(s.zones_of(side), hand=tuple(hands[side])) for side in ("allied", "axis"))
    return replace(s, zones=zones, phase="initiative", initiative=holder)


def reveal(allied: str, axis: str, holder: str = "allied"):
    """The engine's initiative step: (new state, events)."""
    st = apply(initiative_state(holder), RevealInitiative(allied=allied, axis=axis))
    return st.state, st.events


def initiative_widget(*, quoted=frozenset()):
    """Reveal two cards and see who goes first. ``quoted``: the keys of the rules the page quotes
    above the widget (``page.quoted``): those the engine applies point there instead of being
    quoted again."""
    import ipywidgets as W
    opts = {side: [(f"{card_title(c)} ({CARDS[c].initiative})", c) for c in HANDS[side]] for side in HANDS}
    a = W.Dropdown(options=opts["allied"], value="riflemen-c", description="Allies reveal",
                   style={"description_width": "110px"}, layout=W.Layout(width="330px"))
    x = W.Dropdown(options=opts["axis"], value="riflemen-a", description="Axis reveal",
                   style={"description_width": "110px"}, layout=W.Layout(width="330px"))
    holder = W.ToggleButtons(options=[("Allies hold the token", "allied"), ("Axis holds the token", "axis")],
                             value="axis")
    out = W.HTML()

    def show(*_):
        s, ev = reveal(a.value, x.value, holder.value)
        out.value = (f"<p style='font-size:16px'>The <b>{escape(SIDE_NAMES[s.active])}</b> "
                     f"{side_verb(s.active, 'take', 'takes')} the first "
                     f"turn.</p>"
                     + quote_once(events_html(ev), set(quoted))[0]
                     + zones_html(s.zones_of(s.active), zones=("hand", "discard"), card_h=58,
                                  title=f"{SIDE_NAMES[s.active]}: the revealed card is already in the discard pile"))

    for c in (a, x, holder):
        c.observe(show, names="value")
    show()
    box = W.VBox([W.HTML("<p>Who holds the initiative token from the last round?</p>"), holder, a, x, out])
    box.choose = lambda al, ax, h: (setattr(holder, "value", h), setattr(a, "value", al),
                                    setattr(x, "value", ax), out.value)[-1]
    return box


# --- questions ------------------------------------------------------------------------------

def _q_first() -> BoardQuestion:
    axis = "riflemen-a"

    def places(cards):
        def first(c):
            st, _ = reveal(c, axis, holder="axis")
            return st.active == "allied"
        _, tie = reveal("riflemen-c", axis, holder="axis")
        return cards.places(first), (
            f"<p>Only a card above the German {card_title(axis)} ({CARDS[axis].initiative}) wins; on a tie "
            f"the token stays where it was: {escape(words(tie[0].text))}.</p>" + rule_html(UR.INITIATIVE))
    return card_question("22.first", f"<p>The <b>Germans</b> hold the initiative token and reveal "
                         f"{card_title(axis)} (initiative {CARDS[axis].initiative}). Tap a card of your hand "
                         "that makes <b>you</b> (the Americans) play first.</p>",
                         [("your hand", HANDS["allied"])], places)


def _q_revealed() -> Question:
    choices = ("Back into the hand", "Onto the table", "Into the discard pile", "Into the supply")

    def rule_fn():
        s, _ev = reveal("squad-leader-c", "scouts-b")
        where = ("Into the discard pile" if "squad-leader-c" in s.zones_of("allied").discard else
                 "Back into the hand" if "squad-leader-c" in s.zones_of("allied").hand else "Onto the table")
        return where, "<p>The revealed cards are not played: no action.</p>" + rule_html(UR.INITIATIVE_DISCARD)
    # the rule itself is the answer: the hint is a nudge of its own, the rule comes with the answer
    return Question("22.revealed", "<p>After both players reveal their initiative cards, where do those two "
                    "cards go?</p>", choices, rule_fn,
                    hint="<p>A revealed card only sets who plays first: it is never played for an action, "
                         "so it does not wait on the table. Where do cards go once they have done their job?</p>")


SERGEANT = "platoon-sergeant"   # the card with Command (2): SERŽANT, "více karet"
SMALLEST_TEXT = 8               # px: a card's caption ("init 5"), the smallest text of a card row


def _zones_picture(z: Zones, zones) -> str:
    """Card rows cut to their cards and shown large enough that every text on them, a card's
    caption too, is at least 10 px (never narrower than that, wider on a wide page)."""
    import re
    pic = zones_svg(z, zones=zones, open_draw=True, width=0)
    w = int(re.search(r'width="(\d+)"', pic)[1])
    least, most = -(-w * 10 // SMALLEST_TEXT), w * 3 // 2
    pic = re.sub(r'style="width:100%;height:auto;max-width:[^"]*"',
                 f'style="width:100%;height:auto;min-width:{least}px;max-width:{most}px"', pic, count=1)
    return f'<div style="overflow-x:auto" tabindex="0" role="group" aria-label="card zones">{pic}</div>'


def _q_draw_count() -> Question:
    # Mid-turn, with cards on the table: a Command draw (up to 2). The round's own draw of 4 comes
    # when the table is empty (each turn ends by discarding it).
    z = Zones(draw=(), discard=("fog-of-war",),
              table=("machine-gunners-a", "riflemen-a", SERGEANT))
    command = card(SERGEANT).action("command").value
    choices = ("0", "1", "2")
    prompt = (f"<p>You play {card_title(SERGEANT)} for an action that draws <b>{command}</b> cards from your "
              "draw deck at once (its Command, chapter 4). Your zones look like this (the table holds the cards you played this "
              "turn, the sergeant among them). How many cards do you get?</p>"
              + _zones_picture(z, ("table", "discard", "draw")))

    def rule_fn():
        got = draw(z, command, random.Random(0))
        return str(len(got.cards)), (f"<p>The engine drew {len(got.cards)}: the draw deck was empty, so the "
                                     f"discard pile was reshuffled ({got.reshuffles}×) into a new draw deck, "
                                     f"which held {len(z.discard)}. The {len(z.table)} played cards on the table "
                                     f"are never reshuffled: there is no second card to draw.</p>"
                                     + rules_html([UR.RESHUFFLE, UR.COMMAND]))
    return Question("22.reshuffle", prompt, choices, rule_fn)


def _q_keep() -> BoardQuestion:
    zones = Zones(hand=("riflemen-c", "fog-of-war"), table=("scouts-c", "squad-leader-c"),
                  supply=("machine-gunners-c", "sniper"))
    rows = (("your hand", zones.hand), ("the table", zones.table), ("the supply", zones.supply))

    def places(cards):
        s0, _ = reveal("squad-leader-c", "scouts-b")           # the Americans play first
        s0 = replace(s0, zones=(replace(s0.zones_of("allied"), **{n: getattr(zones, n) for n in
                                                               ("hand", "table", "supply")}), s0.zones[1]))
        st = apply(s0, EndTurn("allied"))
        after = st.state.zones_of("allied")
        stay = {"your hand": after.hand, "the table": after.table, "the supply": after.supply}
        return (frozenset(p for p in cards.places() if cards.card(p) in stay[p[0]]),
                f"<p>{escape(words(st.events[0].text))}. The supply is not touched.</p>" + rule_html(UR.TURN_END))
    return card_question("22.keep", "<p>You end your turn with these cards. Tap a card that is <b>still where "
                         "it is</b> in the next round.</p>", rows, places,
                         hint="<p>At the end of your turn, your hand and the table are cleared.</p>")


def _q_fog_play() -> BoardQuestion:
    s, _ = reveal("squad-leader-c", "scouts-b")                 # the Americans play first

    def places(cards):
        cannot = cards.places(lambda c: not card_plays(s, "allied", c))
        try:
            apply(s, Play("allied", "fog-of-war", "move", path=("2A",)))
            why = ""
        except IllegalAction as exc:
            why = f"<p>The engine refuses it: {escape(words(exc.reason))}.</p>" + rule_html(exc.rule)
        return cannot, why
    return card_question("22.fog", "<p>It is your turn. Tap the card of your hand that you <b>cannot play</b>.</p>",
                         [("your hand", s.zones_of("allied").hand)], places)


def questions() -> list[Question | BoardQuestion]:
    return [_q_first(), _q_revealed(), _q_draw_count(), _q_keep(), _q_fog_play()]
