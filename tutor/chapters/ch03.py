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

from tutor.errors import IllegalAction, InputError
from tutor.explain import Explained, rule_html, rules_html
from tutor.hexes import fmt
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import rules as R
from tutor.memoir.action import legal as legal_moves
from tutor.quiz import BoardQuestion, Question
from tutor.scenario import bundled

SEED = 0
SIDE = "allied"
DASHED = (17, 7)                # the teaching unit on the right dashed line
HAND = ("probe_center", "attack_left", "recon_in_force", "pincer_move", "attack_right", "direct_from_hq")


def teaching_board():
    """Pegasus Bridge with the Allied infantry of 16,8 moved onto 17,7 (on the right dashed line)."""
    sc = bundled("pegasus-bridge")
    units = dict(sc.units)
    units[DASHED] = units.pop((16, 8))
    return sc.replace(units=units, title="Pegasus Bridge (a unit moved onto the dashed line)")


def start(cards=HAND, *, original: bool = False) -> G.Game:
    """The Allies to play, holding ``cards`` (keys), on the teaching board (or the original)."""
    g = G.new_game("pegasus-bridge" if original else teaching_board(), SEED)
    return G.set_hand(g, SIDE, list(cards))


def play(g: G.Game, key: str) -> G.Game:
    inst = next(c for c, _ in G.playable(g) if C.card(c).key == key)
    return G.apply(g, f"play {inst}")


def orderable(g: G.Game) -> list:
    return [a.unit for a in legal_moves(g, "order")]


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


class OrderBoard:
    """A hand of command cards and the board: tap a card to play it, tap units to order them — the
    engine answers yes or no with its reason and rule. *Orders done* ends the orders (unused ones
    are lost) and shows the activation tokens; *Another card* starts again. With the keyboard: a
    button per card, and the Hex field (a hex typed and Enter: the same as tapping it)."""

    def __init__(self, cards=HAND, dpr: int = 2):
        import ipywidgets as W

        from tutor.render.canvas import BoardView
        from tutor.widgets.base import CSS, choice_buttons, hex_field, live_alt, small_button

        self.first = start(cards)
        self.game = self.first
        self.board = BoardView(self._scene(), dpr=dpr)
        self.board.canvas.layout.min_width = "280px"
        self.board.on_click(lambda h, x, y: self.tap(h))
        self.hand = BoardView(self._hand_scene(), dpr=dpr)
        self.hand.on_click(lambda _h, x, y: self._card_click(x, y))
        self.board.canvas.add_class("tutor-board")
        self.hand.canvas.add_class("tutor-board")
        self.status = W.HTML()
        self.verdict = W.HTML()
        self.done_button = small_button("Orders done", "check")
        self.done_button.on_click(lambda _: self.done())
        self.again_button = small_button("Another card", "refresh")
        self.again_button.on_click(lambda _: self.again())
        self.alt = live_alt(self.board, self.status, self.verdict)
        self.hex_input = hex_field(self.tap, self.board, self.say)
        self.card_buttons = W.HBox(choice_buttons([(C.name(c), c) for c in self.cards()], self.play),
                                   layout=W.Layout(flex_flow="row wrap"))
        self.card_buttons.add_class("tutor-card-buttons")
        bar = W.HBox([self.hex_input, self.done_button, self.again_button],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = W.VBox([W.HTML(CSS), self.hand.canvas, self.card_buttons, self.status, bar, self.board.canvas,
                              self.alt, self.verdict],
                             layout=W.Layout(width="100%", max_width=f"{self.board.scene.width + 20}px"))
        self._draw()

    def cards(self) -> list[str]:
        return [c for c, _ in G.playable(self.first)]

    # -- actions
    def play(self, inst: str) -> None:
        if self.game.phase != "play":
            self.again()
        g = G.apply(self.first, f"play {inst}")
        self.game = g
        c = C.card(inst)
        if g.phase == "order":
            n = len(orderable(g))
            self.verdict.value = (f"<p><b>{escape(c.name)}</b> ({c.type} card): {escape(c.text)} — {n} of your units "
                                  f"may receive an order now (shaded).</p>"
                                  + rule_html(C.SECTION_CARD if c.section else C.TACTIC_CARD))
        else:
            self.verdict.value = self._events_html(g, f"<b>{escape(c.name)}</b>: ")
        self._draw()

    def tap(self, h) -> None:
        g = self.game
        if h is None:
            self.verdict.value = "<p>That is off the board: tap one of your units.</p>"
            return
        if g.phase != "order":
            self.verdict.value = "<p>Play a card first (tap one above or press its button), or <i>Another card</i>.</p>"
            return
        u = g.state.units.get(h)
        try:
            new = G.apply(g, f"order {fmt(h)}")
        except IllegalAction as exc:
            self.verdict.value = (f'<p class="tutor-no"><b>No</b> — {escape(exc.reason)}.</p>'
                                  + (rule_html(exc.rule) if exc.rule else ""))
            self._draw()
            return
        except InputError as exc:
            self.verdict.value = f"<p><b>No</b> — {escape(str(exc))}.</p>"
            return
        self.game = new
        where = ", ".join(sorted(g.state.board.sections(h, viewer="bottom")))
        note = " — on the dashed line: it counts for either section" if "," in where else ""
        rules = [R.ORDERS] + ([C.ORDERS_DASHED] if note else [])
        head = f"<p><b>Yes</b> — the {escape(u.name)} on {fmt(h)} ({where}) receives an order{note}.</p>"
        self.verdict.value = (self._events_html(new, head) if new.phase != "order" else head + rules_html(rules))
        self._draw()

    def say(self, text: str, *, bad: bool = False) -> None:
        """A line under the board (the Hex field's answer to a bad entry)."""
        self.verdict.value = f'<p class="{"tutor-no" if bad else ""}">{text}</p>'

    def done(self) -> None:
        if self.game.phase == "order":
            self.game = G.apply(self.game, "done")
            self.verdict.value = self._events_html(self.game, "")
            self._draw()

    def again(self) -> None:
        self.game = self.first
        self.verdict.value = ""
        self._draw()

    def _card_click(self, x, y) -> None:
        pick = self.hand.card_at(x, y)
        if pick is None or pick.index is None:
            self.verdict.value = "<p>Tap one of the cards of your hand to play it.</p>"
            return
        self.play(self.cards()[pick.index])

    def tap_card(self, i: int) -> None:
        bx, by, bw, bh = self.hand.scene.card_rows[0].boxes()[i]
        self.hand.click(bx + bw / 2, by + bh / 2)

    # -- showing
    def _events_html(self, g: G.Game, head: str) -> str:
        evs = [e for e in g.new_events if e.kind not in ("action",)]
        items = "".join(f"<li>{escape(e.text)}</li>" for e in evs)
        tokens = G.activation_tokens(g)
        tok = ""
        if tokens:
            tok = (f"<p>Activation tokens: {len(tokens)} on the board (M: may move, B: may only battle).</p>"
                   + rule_html(C.ACTIVATION))
        return f"<p>{head}</p><ul>{items}</ul>{tok}{rules_html([e.rule for e in evs])}"

    def _scene(self):
        from tutor.render.scene import Mark, highlights, scene
        g = self.game
        sh, marks = {}, []
        if g.phase == "order":
            sh["legal"] = orderable(g)
            sh["selected"] = list(g.turn.ordered)
        for h, kind in G.activation_tokens(g).items():
            marks.append(Mark(h, "legal", text="M" if kind == "move" else "B"))
        return scene(g.state, highlights(marks=marks, **{k: v for k, v in sh.items() if v}), title="", legend=False)

    def _hand_scene(self):
        from tutor.render.scene import Card, card_scene
        played = set(self.game.turn.cards) if self.game.turn is not None and self.game is not self.first else set()
        row = []
        for c in self.cards():
            card = C.card(c)
            sub = card.type if card.tactic else f"{card.order_count or 'all'} units"
            row.append(Card(card.name, True, "selected" if c in played else None, sub))
        width = self.board.scene.width if hasattr(self, "board") else 700
        return card_scene([("Your hand", row, None)], width=width)

    def _draw(self) -> None:
        g = self.game
        self.board.update(self._scene())
        self.hand.update(self._hand_scene())
        if g is self.first:
            self.status.value = "<b>Tap a card</b> to play it."
        elif g.phase == "order":
            slots = "; ".join(s.describe() for s in g.turn.effect.slots)
            self.status.value = (f"<b>{escape(C.name(g.turn.cards[0]))}</b> orders {escape(slots)} — "
                                 f"{len(g.turn.ordered)} ordered. Tap units (shaded: the engine would say yes).")
        else:
            self.status.value = "Orders given. <i>Another card</i> to try again."
        self.done_button.disabled = g.phase != "order"


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
                    obstacles=frozen({}), labels=frozen({}))
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
                     f"Now the {g.player} side is to play.</p>" + rule_html(C.NO_UNITS))
    return Question("03.no-units", "<p>On the <i>published</i> map the Allies have no unit on their right flank. "
                    f"They play <b>{C.name('attack_right')}</b>. What happens?</p>", choices, rule_fn)


def questions() -> list:
    return [_q_probe(), _q_dashed(), _q_once(), _q_lost(), _q_no_units()]
