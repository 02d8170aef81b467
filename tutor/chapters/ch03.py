"""Chapter 3: command cards and orders (memoir44-rules-es.txt, TURNO DE JUEGO; CARTAS DE SECCIÓN;
CARTAS DE TÁCTICA; 2. DAR ÓRDENES A UNIDADES; 5 - ROBAR UNA CARTA DE MANDO; FICHAS DE ACTIVACIÓN).

The deck table is ``tutor.memoir.cards.CARDS``; every answer is ``tutor.memoir.game``'s: a card is
played with :func:`~tutor.memoir.game.apply`, the units it may order are its legal ``order``
actions, a refused order is the engine's ``IllegalAction`` with its rule.

The board is Pegasus Bridge with one change for teaching: the Allied infantry of 16,8 stands on
17,7, a hex cut by the right dashed line, so one unit belongs to two sections (on the published map
the Allies have no unit on their right flank).
"""

from __future__ import annotations

import re
from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.errors import IllegalAction
from tutor.explain import Explained, rule_html
from tutor.hexes import fmt
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import rules as R
from tutor.quiz import BoardQuestion, Question
from tutor.sides import SIDE_NAMES, side_verb
from tutor.widgets.order_board import DASHED, HAND, SEED, SIDE, OrderBoard, orderable, start, teaching_board  # noqa: F401 (the page's, moved here)

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="03-command-cards-and-orders.ipynb",
    title="Command cards and orders",
    game=MEMOIR,
    teaches="Play a section or tactic card and order exactly the units it allows.",
    seed=M44,
    heading="TURNO DE JUEGO; 2. DAR ÓRDENES A UNIDADES",
    concepts=("turn", "section-cards", "tactic-cards", "orders", "order-limits", "recon"),
    handout=Handout(
        rules=("m44.card.section", "m44.card.tactic", "m44.turn.orders_dashed", "m44.orders.once",
               "m44.turn.no_units", "m44.turn.draw"),
        pictures="orders",
    ),
    preheat=True,
)


def play(g: G.Game, key: str) -> G.Game:
    inst = next(c for c, _ in G.playable(g) if C.card(c).key == key)
    return G.apply(g, f"play {inst}")


def max_orders(g: G.Game) -> int:
    """How many units the card in play orders at most (the engine, ordering greedily)."""
    n = 0
    while g.phase == "order":
        hs = orderable(g)
        if not hs:
            break
        g = G.apply(g, f"order {fmt(hs[0])}")
        n += 1
    return n


# ---------------------------------------------------------------------------------------------
# The deck


def deck_rows() -> list[dict]:
    return C.table()


SECTION_COLUMNS = (("left", "Left Flank"), ("center", "Center"), ("right", "Right Flank"))


def deck_table() -> Explained:
    """The 60 cards: the section cards as a grid (what each kind orders × the section it names: how
    many copies), the others of them and the tactic cards by name and copies, the tactic cards'
    published texts one click away. A card the rulebook prints is marked *."""
    rows = sorted(deck_rows(), key=lambda r: r["name"])

    def copies(r):
        return f"×{r['count']}{'*' if r['source'] == 'seed' else ''}"

    def orders(r):             # "3 units", "all units", "1 unit" (+ the Recon draw)
        what = re.split(r" (?:in|on) the ", r["text"].removeprefix("Issue an order to "))[0]
        return what + (", then draw two, keep one" if "draw two" in r["text"] else "")
    sec = [r for r in rows if r["type"] == "section"]
    tac = [r for r in rows if r["type"] == "tactic"]
    grid: dict[str, dict[str, dict]] = {}
    other = []
    for r in sec:
        one = len(r["orders"]) == 1 and r["name"].endswith(dict(SECTION_COLUMNS)[r["orders"][0][0]])
        if one:
            grid.setdefault(r["name"].split()[0], {})[r["orders"][0][0]] = r
        else:
            other.append(r)
    head = "".join(f"<th>{w}</th>" for _, w in SECTION_COLUMNS)
    body = "".join(f"<tr><td><b>{kind}</b>: {escape(orders(next(iter(by.values()))))}</td>"
                   + "".join(f"<td>{copies(by[k]) if k in by else ''}</td>" for k, _ in SECTION_COLUMNS) + "</tr>"
                   for kind, by in grid.items())
    rest = "; ".join(f"<b>{escape(r['name'])}</b> {copies(r)}: {escape(r['text'].removeprefix('Issue an order to ').rstrip('.'))}"
                     for r in other) + "."
    texts = "".join(f"<tr><td><b>{escape(r['name'])}</b></td><td>{escape(r['text'])}</td></tr>" for r in tac)
    return Explained(
        f"<p><b>{sum(r['count'] for r in rows)} cards.</b> {sum(r['count'] for r in sec)} section cards:</p>"
        f'<table class="tutor-obs"><tr><th></th>{head}</tr>{body}</table><p>{rest}</p>'
        f"<p>{sum(r['count'] for r in tac)} tactic cards: "
        + ", ".join(f"<b>{escape(r['name'])}</b> {copies(r)}" for r in tac) + ".</p>"
        f'<details><summary>The tactic cards\' texts</summary><table class="tutor-obs">{texts}</table></details>'
        "<p><small>* printed in the rulebook; the rest from the published card list.</small></p>")


# ---------------------------------------------------------------------------------------------
# Try: play a card, tap units to order


def order_board():
    return OrderBoard().widget


# ---------------------------------------------------------------------------------------------
# Check


def _tap_units(key: str, prompt: str, places, hint, cols: tuple[int, int]) -> BoardQuestion:
    """Tap a unit: the teaching board's units and sections (ordering does not look at the ground: the
    terrain is left out) in the Allied rows (5 to 8) of columns ``cols``; the engine's ``places()``,
    asked on the whole teaching board, rules on the tap."""
    from dataclasses import replace

    from tutor.memoir.state import frozen
    st = start().state
    window = tuple(h for h in st.board.hexes if h[1] >= 5 and cols[0] <= h[0] <= cols[1])
    shown = replace(st, units=frozen({h: u for h, u in st.units.items() if h in window}), terrain=frozen({}),
                    obstacles=frozen({}), labels=frozen({}), objectives=())
    return BoardQuestion(key, f"<p>{prompt}</p>", shown, places, hint=hint, taps="hex", window=window, name=fmt)


def _q_probe() -> BoardQuestion:
    def places():
        g = play(start(["probe_center"]), "probe_center")
        cands = orderable(g)
        return frozenset(cands), (f"<p>Units in the center (the dashed-line hexes included): "
                                  f"{', '.join(fmt(h) for h in cands)}. Probe Center orders 2 of them.</p>"
                                  + rule_html(C.PROBE_CENTER_FACE) + rule_html(C.ORDERS_DASHED))
    return _tap_units("03.probe", "The Allies play <b>Probe Center</b>. <b>Tap a unit it may order.</b>", places,
                      (C.PROBE_CENTER_FACE, C.ORDERS_DASHED), (6, 18))


def _q_dashed() -> BoardQuestion:
    attack, probe = C.name("attack_right"), C.name("probe_center")

    def places():
        ok = [set(orderable(play(start([key]), key))) for key in ("attack_right", "probe_center")]
        both = frozenset(ok[0] & ok[1])
        return both, (f"<p>Only the unit on {', '.join(fmt(h) for h in sorted(both))}: it stands on a hex cut by "
                      f"the dashed line between the right flank and the center, so either card may order it.</p>"
                      + rule_html(C.ORDERS_DASHED))
    return _tap_units("03.dashed", f"<b>Tap the unit that both {attack} and {probe} may order.</b>", places,
                      (C.ORDERS_DASHED,), (12, 22))


def _q_once() -> BoardQuestion:
    def places():
        g = G.apply(play(start(["attack_center"]), "attack_center"), "order 15,7")
        try:
            G.apply(g, "order 15,7")
            again = "<p>The engine accepts a second order for 15,7.</p>"
        except IllegalAction as exc:
            again = f"<p>A second order for 15,7? The engine: {escape(exc.reason)}.</p>" + rule_html(exc.rule)
        return frozenset(orderable(g)), again
    return _tap_units("03.once", "The Allies play <b>Attack Center</b> (3 orders) and order the unit on "
                      "<b>15,7</b>. <b>Tap a unit they may still order.</b>", places, (R.ORDERS_ONCE,), (8, 18))


def _q_lost() -> Question:
    choices = ("0", "1", "2", "3")

    def rule_fn():
        g = play(start(["attack_right"]), "attack_right")
        g = G.apply(g, f"order {fmt(DASHED)}") if g.phase == "order" else g
        if g.phase == "order":
            g = G.apply(g, "done")
        x, lost = g, 0
        while x is not None and not lost:
            for e in x.new_events:
                if e.kind == "orders_lost":
                    lost = e.get("lost")
            x = x.prev
        return str(lost), (f"<p>{C.name('attack_right')} orders 3 units on the right flank; the Allies have "
                           f"only the unit on {fmt(DASHED)} there: {lost} orders are lost.</p>" + rule_html(C.ORDERS_LOST))
    from tutor.render.svg import state_svg
    st = start().state
    pic = state_svg(st, title="", window=[h for h in st.board.hexes if h[1] >= 3 and h[0] >= 15])
    return Question("03.lost", f"<p>The Allies play <b>{C.name('attack_right')}</b> (3 orders on the right flank). "
                    f"How many orders are lost?</p>{pic}", choices, rule_fn)


def _q_no_units() -> Question:
    choices = ("Order 3 units in the center instead", "No order: draw a card, the turn ends",
               "Take the card back and play another")

    def rule_fn():
        g = play(start(["attack_right"], original=True), "attack_right")
        ended = g.phase != "order" and any(e.kind == "no_units" for e in g.new_events)
        ans = choices[1] if ended else choices[0]
        return ans, (f"<p>The engine: {escape(next((e.text for e in g.new_events if e.kind == 'no_units'), 'orders'))} "
                     f"Now the {SIDE_NAMES.get(g.player, g.player)} {side_verb(g.player, 'play', 'plays')}.</p>" + rule_html(C.NO_UNITS))
    return Question("03.no-units", "<p>On the <i>published</i> map the Allies have no unit on their right flank. "
                    f"They play <b>{C.name('attack_right')}</b>. What happens?</p>", choices, rule_fn)


def questions() -> list:
    return [_q_probe(), _q_dashed(), _q_once(), _q_lost(), _q_no_units()]
