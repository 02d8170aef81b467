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

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.errors import IllegalAction
from tutor.explain import Explained, rule_html
from tutor.hexes import fmt
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir.action import legal as legal_moves
from tutor.quiz import Question
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


def deck_table() -> Explained:
    """The 60 cards: section cards and tactic cards, how many of each and what they do."""
    rows = sorted(deck_rows(), key=lambda r: (r["type"] != "section", r["name"]))
    body = []
    for r in rows:
        src = "quoted in the rulebook" if r["source"] == "seed" else "published card list"
        body.append(f"<tr><td>{escape(r['name'])}</td><td>{r['type']}</td><td>{r['count']}</td>"
                    f"<td>{escape(r['text'])}</td><td><small>{src}</small></td></tr>")
    sec = sum(r["count"] for r in rows if r["type"] == "section")
    tac = sum(r["count"] for r in rows if r["type"] == "tactic")
    head = (f"<p><b>{sec + tac} cards</b>: {sec} section cards and {tac} tactic cards.</p>")
    return Explained(head + '<div style="max-height:420px;overflow:auto" tabindex="0" role="group" aria-label="the cards"><table class="tutor-obs"><tr><th>card</th>'
                     "<th>type</th><th>copies</th><th>what it does</th><th>source</th></tr>" + "".join(body)
                     + "</table></div>")


# ---------------------------------------------------------------------------------------------
# Try: play a card, tap units to order


def order_board():
    return OrderBoard().widget


# ---------------------------------------------------------------------------------------------
# Check


def _q_probe() -> Question:
    choices = ("0", "1", "2", "3")

    def rule_fn():
        g = play(start(["probe_center"]), "probe_center")
        cands = orderable(g)
        n = max_orders(g)
        return str(n), (f"<p>Units in the center (the dashed-line hex included): "
                        f"{', '.join(fmt(h) for h in cands)}. Probe Center orders 2 of them: {n}.</p>"
                        + rule_html(C.PROBE_CENTER_FACE) + rule_html(C.ORDERS_DASHED))
    return Question("03.probe", "<p>On the board above (the teaching board), the Allies play <b>Probe Center</b>. "
                    "How many units may it order?</p>", choices, rule_fn)


def _q_dashed() -> Question:
    attack, probe = C.name("attack_right"), C.name("probe_center")
    choices = ("Both", f"Only {attack}", f"Only {probe}", "Neither")

    def rule_fn():
        ok = {}
        for key in ("attack_right", "probe_center"):
            g = play(start([key]), key)
            ok[key] = DASHED in orderable(g)
        ans = ("Both" if all(ok.values()) else f"Only {attack}" if ok["attack_right"] else
               f"Only {probe}" if ok["probe_center"] else "Neither")
        return ans, (f"<p>The unit on {fmt(DASHED)} is cut by the dashed line between the right flank and the "
                     f"center, so either card may order it.</p>" + rule_html(C.ORDERS_DASHED))
    return Question("03.dashed", f"<p>The Allied unit on <b>{fmt(DASHED)}</b> stands on a hex cut by the right "
                    f"dashed line. Which of {attack} and {probe} may order it?</p>", choices, rule_fn)


def _q_once() -> Question:
    choices = ("Yes", "No")

    def rule_fn():
        g = play(start(["attack_center"]), "attack_center")
        g = G.apply(g, "order 15,7")
        try:
            G.apply(g, "order 15,7")
        except IllegalAction as exc:
            return "No", f"<p>The engine: {escape(exc.reason)}.</p>" + rule_html(exc.rule)
        return "Yes", "<p>The engine accepts a second order.</p>"
    return Question("03.once", "<p>Attack Center gives 3 orders. May you give two of them to the same unit on "
                    "<b>15,7</b>?</p>", choices, rule_fn)


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
    return Question("03.lost", f"<p>On the teaching board the Allies play <b>{C.name('attack_right')}</b> (3 orders "
                    "on the right flank). How many orders are lost?</p>", choices, rule_fn)


def _q_no_units() -> Question:
    choices = ("Order 3 units in the center instead", "No order: draw a card, the turn ends",
               "Take the card back and play another")

    def rule_fn():
        g = play(start(["attack_right"], original=True), "attack_right")
        ended = g.phase != "order" and any(e.kind == "no_units" for e in g.new_events)
        ans = choices[1] if ended else choices[0]
        return ans, (f"<p>The engine: {escape(next((e.text for e in g.new_events if e.kind == 'no_units'), 'orders'))} "
                     f"Now the {g.player} side is to play.</p>" + rule_html(C.NO_UNITS))
    return Question("03.no-units", "<p>On the <i>original</i> Pegasus Bridge board the Allies have no unit on their "
                    f"right flank. They play <b>{C.name('attack_right')}</b>. What happens?</p>", choices, rule_fn)


def _q_recon() -> Question:
    choices = ("Draw 1", "Draw 2, keep both", "Draw 2, keep 1")

    def rule_fn():
        g = play(start(["recon_in_force", "recon_right"]), "recon_right")
        while g.phase == "order":
            g = G.apply(g, "done")
        if g.phase == "act":
            g = G.apply(g, "end")
        if g.phase == "recon":
            n = len(g.turn.drawn)
            keep = legal_moves(g, "keep")
            ans = "Draw 2, keep 1" if n == 2 and len(keep) == 2 else "Draw 2, keep both"
            return ans, (f"<p>At the end of the turn the engine draws {n} cards and asks which one to keep "
                         f"({', '.join(C.name(a.card) for a in keep)}).</p>" + rule_html(C.RECON_RULE))
        return "Draw 1", "<p>The engine draws one card.</p>" + rule_html(C.DRAW)
    return Question("03.recon", "<p>You play <b>Recon Right Flank</b>. When you draw at the end of the turn, "
                    "what do you do?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [_q_probe(), _q_dashed(), _q_once(), _q_lost(), _q_no_units(), _q_recon()]
