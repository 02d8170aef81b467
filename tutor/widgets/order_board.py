"""A hand of command cards and the teaching board: tap a card to play it, tap units to order them
(chapter 3's drill, moved here from its page with the teaching board and hand it plays)."""

from __future__ import annotations

from html import escape

from tutor.errors import IllegalAction, InputError
from tutor.explain import rule_html, rules_html
from tutor.hexes import fmt
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import rules as R
from tutor.memoir.action import legal as legal_moves
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


def orderable(g: G.Game) -> list:
    return [a.unit for a in legal_moves(g, "order")]


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
        assert u is not None                    # (ordered: a unit stands there)
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
            t = g.turn
            assert t is not None and t.effect is not None        # (the order phase: a card's effect)
            slots = "; ".join(s.describe() for s in t.effect.slots)
            self.status.value = (f"<b>{escape(C.name(t.cards[0]))}</b> orders {escape(slots)} — "
                                 f"{len(t.ordered)} ordered. Tap units (shaded: the engine would say yes).")
        else:
            self.status.value = "Orders given. <i>Another card</i> to try again."
        self.done_button.disabled = g.phase != "order"
