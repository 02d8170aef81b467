"""Operation Alliance's table of cards and Young Generals' teams (chapter 13's drills, moved here
from its page with the deal and the turn helpers they use)."""

from __future__ import annotations

from html import escape

from tutor.explain import STYLE, events_html, rules_html, verdict
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.action import legal as legal_moves
from tutor.memoir.timeline import events_between, finish_turn
from tutor.scenario import bundled


def alliance_field(hand: int = 5, first: str = "allied"):
    """Pegasus Bridge with both sides given ``hand`` command cards (the table is per side)."""
    sc = bundled("pegasus-bridge")
    extra = dict(sc.extra)
    extra.update(cards=hand, first=first)
    return sc.replace(extra=extra, title=f"Pegasus Bridge, {hand} cards a side")


def deal(allied: int = 2, axis: int = 2, hand: int = 5, seed: int = 13, *, first: str = "allied") -> G.Game:
    """An Operation Alliance game: ``allied``/``axis`` players per side (1 or 2)."""
    field = alliance_field(hand, first) if hand else bundled("pegasus-bridge")
    return G.new_game(field, seed, V.variant("alliance", axis=axis, allied=allied))


def play(g: G.Game, card: str) -> G.Game:
    """The active player plays ``card`` (from the hand or the common card), then the turn ends
    (no moves or battles here) and the engine deals the replacement."""
    acts = [a.text for a in legal_moves(g, "play") if a.card == card]
    if not acts:
        G.apply(g, f"play {card}")          # raises the engine's IllegalAction with its rule
    return finish_turn(G.apply(g, acts[0]), g.side)


def _card(inst: str, role: str | None = None, subtitle: str = ""):
    from tutor.render.scene import Card
    c = C.card(inst)
    return Card(c.name, True, role, subtitle or ("section" if c.section else "tactic"))


def table_cards(g: G.Game) -> list[tuple[str, tuple[str, ...]]]:
    """The cards on the table, row by row as the table shows them: each seat's hand (keyed by the
    seat), then its team's common card (keyed "common.<side>")."""
    rows = []
    for side in ("allied", "axis"):
        rows += [(seat, tuple(g.hands[seat])) for seat in g.seats(side)]
        if g.common.get(side):
            rows.append((f"common.{side}", tuple(g.common[side][:1])))
    return rows


def row_name(row: str) -> str:
    """A row of the table by name: "allied.1" -> "Allies starting player", "common.axis" -> "Axis
    common card"."""
    return f"{G.SIDE_NAMES[row.split('.')[1]]} common card" if row.startswith("common.") else G.seat_text(row)


def card_rows(g: G.Game, *, drawn: str | None = None, playable: bool = True) -> list[tuple]:
    """The table as rows of cards: each seat's hand and each team's common card; the active
    player's playable cards framed (dashed blue), the card just drawn framed green."""
    mine = {c for c, _ in G.playable(g)} if (playable and g.phase == "play") else set()
    rows: list[tuple] = []
    for row, cards in table_cards(g):
        common = row.startswith("common.")
        label = row_name(row) + (" ▶" if row == g.player else "")
        rows.append((label, tuple(_card(c, "new" if c == drawn else "predicted" if c in mine else None,
                                        "face up" if common else "") for c in cards), None, {"key": row}))
    rows.append(("Deck", (), len(g.deck), {"key": "deck"}))
    return rows


def table_scene(g: G.Game, **kw):
    from tutor.render.scene import card_scene
    return card_scene(card_rows(g, **kw), width=700)


class AllianceTable:
    """Deal, show the table as card rows, and play turn by turn. ``widget`` is the box;
    ``deal(allied, axis, hand)``, ``tap_card(seat_or_common, index)`` and ``play(card)`` do what
    the controls do (for tests)."""

    def __init__(self, *, allied: int = 2, axis: int = 2, hand: int = 5, seed: int = 13):
        import ipywidgets as W

        from tutor.render.canvas import BoardView
        from tutor.widgets.base import CSS, live_alt
        self.seed = seed
        self.players_w = W.Dropdown(options=[("2 Allies v 2 Axis", (2, 2)), ("2 Allies v 1 Axis", (2, 1)),
                                             ("1 Allies v 2 Axis", (1, 2)), ("1 v 1 (standard)", (1, 1))],
                                    value=(allied, axis), description="Players",
                                    style={"description_width": "60px"}, layout=W.Layout(width="300px"))
        self.hand_w = W.Dropdown(options=[(f"{n} cards a side", n) for n in (4, 5, 6)], value=hand,
                                 description="Scenario", style={"description_width": "60px"},
                                 layout=W.Layout(width="220px"))
        self.undo_b = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto", height="40px"))
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.buttons.add_class("tutor-card-buttons")
        self.status = W.HTML()
        self.order = W.HTML()
        self.log = W.HTML()
        self.game = deal(allied, axis, hand, seed)
        self.board = BoardView(table_scene(self.game), max_width=700)
        self.board.canvas.add_class("tutor-board")
        self.board.on_click(self._click)
        self.history: list = []
        self.turns: list[str] = []
        def redeal(_change) -> None:
            allied, axis = self.players_w.value
            self.deal(allied, axis, self.hand_w.value)

        self.players_w.observe(redeal, "value")
        self.hand_w.observe(redeal, "value")
        self.undo_b.on_click(lambda _: self.undo())
        self.alt = live_alt(self.board, self.order, self.status)
        self.widget = W.VBox([
            W.HTML(CSS), W.HBox([self.players_w, self.hand_w, self.undo_b], layout=W.Layout(flex_flow="row wrap")),
            self.order, self.board.canvas, self.alt, self.status,
            W.HTML("<b>Or press a card's button:</b>"), self.buttons, self.log],
            layout=W.Layout(border="1px solid #ccc", padding="8px", max_width="760px"))
        self.widget.add_class("tutor-alliance")
        self.deal(allied, axis, hand)

    def deal(self, allied: int, axis: int, hand: int) -> None:
        self.game = deal(allied, axis, hand, self.seed)
        self.history = []
        self.turns = []
        self.drawn = None
        self.said = (f"<p>Dealt: {escape(self.game.summary().splitlines()[0].split(':')[0])} with "
                     f"{allied + axis} players.</p>"
                     + events_html([e for e in self.game.log if e.kind == "deal"], rules=False))
        self._draw()

    def _click(self, h, x, y) -> None:
        pick = self.board.card_at(x, y)
        if pick is None or pick.index is None:
            self.status.value = STYLE + verdict(f"Tap a card: {G.player_text(self.game.player)} plays from their own "
                                                f"hand or their team's common card.", None)
            return
        self.tap_card(pick.row, pick.index)

    def tap_card(self, row: str, index: int) -> None:
        """A tap on card ``index`` of row ``row`` (a seat, or "common.<side>")."""
        cards = dict(table_cards(self.game)).get(row, ())
        who = f"the {row_name(row)}" if row.startswith("common.") else G.player_text(row)
        if index >= len(cards):
            self.status.value = STYLE + verdict("No card there: tap one of the cards.", None)
            return
        card = cards[index]
        if card not in {c for c, _ in G.playable(self.game)}:
            self.status.value = STYLE + verdict(
                f"{C.name(card)} belongs to {who}: it is {G.player_text(self.game.player)}'s turn, who plays only "
                f"from their own hand or their team's common card.", False) + rules_html([V.ALLIANCE_ACTIVE])
            return
        self.play(card)

    def play(self, card: str) -> None:
        g = self.game
        before = {s: set(h) for s, h in g.hands.items()}
        common_before = {s: set(c) for s, c in g.common.items()}
        source = "the common card" if any(card in c for c in g.common.values()) else "the hand"
        after = play(g, card)
        self.history.append((self.game, self.turns, self.drawn))
        self.turns = self.turns + [g.player]
        self.game = after
        new = [c for s, h in after.hands.items() for c in h if c not in before.get(s, set())]
        new += [c for s, cs in after.common.items() for c in cs if c not in common_before.get(s, set())]
        self.drawn = new[0] if len(new) == 1 else None
        where = ""
        if self.drawn is not None:
            face_up = any(self.drawn in cs for cs in after.common.values())
            where = (" It lies face up as the new common card." if face_up else
                     " It goes into the active player's hand.")
        keep = ("play", "draw", "grow", "recon", "keep", "finest_hour")
        self.said = (f"<p><b>Turn {len(self.turns)}: {escape(G.seat_text(g.player))}</b> played "
                     f"{escape(C.name(card))} from {source} (moves and battles skipped here) and drew "
                     + (escape(C.name(self.drawn)) if self.drawn else "a card") + f".{where}</p>"
                     + events_html([e for e in events_between(g, after) if e.kind in keep]))
        self._draw()

    def undo(self) -> None:
        if self.history:
            self.game, self.turns, self.drawn = self.history.pop()
            self.said = "<p>One turn undone.</p>"
            self._draw()

    def _draw(self) -> None:
        from tutor.widgets.base import choice_buttons
        g = self.game
        self.board.update(table_scene(g, drawn=self.drawn))
        done = "".join(f"<span style='color:#555'>{i}. {escape(G.seat_text(s))}</span> · "
                       for i, s in enumerate(self.turns, 1))
        self.order.value = (f"<div style='font-size:14px'><b>Turn order so far:</b> {done}"
                            f"<b>{len(self.turns) + 1}. {escape(G.seat_text(g.player))} ▶ to play</b></div>")
        self.status.value = STYLE + verdict(
            f"Active player: {G.player_text(g.player)} (their playable cards framed in dashed blue).") + self.said
        # Every card on the table has its button, as every card can be tapped: one the active
        # player may not play gets the same refusal, with its rule (APÉNDICE 5).
        self.buttons.children = choice_buttons(
            [(f"{row_name(row)}: {C.name(c)}", (row, i)) for row, cards in table_cards(g) for i, c in enumerate(cards)],
            lambda pick: self.tap_card(*pick))

    @property
    def text(self) -> str:
        return self.status.value


def young_generals(players: int = 1, *, simpler: bool = False, seed: int = 13) -> G.Game:
    """Pegasus Bridge as Young Generals: ``players`` per side (1-3); ``simpler``: without take
    ground and armor overrun (the rulebook drops the two together)."""
    var = V.variant("young_generals", axis=players, allied=players, take_ground=not simpler, overrun=not simpler)
    return G.new_game("pegasus-bridge", seed, var)


def performer(g: G.Game, side: str, card: str) -> str:
    """Which team member carries out ``card`` (the member whose sections its orders name most), as
    the engine decides when the card is played (game._do_play)."""
    slots = T.effect(C.card(card).key, g.state, side).slots
    return V.young_generals_member(g.variant, side, V.young_generals_orders(slots))


def young_generals_html(g: G.Game) -> str:
    side = "axis"
    hand = g.hands[g.seats(side)[0]]
    rows = "".join(f"<tr><td>{escape(C.name(c))}</td><td>{escape(G.seat_text(performer(g, side, c)))}</td></tr>"
                   for c in hand)
    seats = ", ".join(G.seat_text(s) for s in g.seats(side))
    tactic = sum(C.card(c).tactic for c in G.all_cards(g))
    kinds = "section cards only" if not tactic else f"{tactic} tactic cards among them"
    # who carries out a card, and the tie, are the page's own sentences: the table shows the engine's answer
    return (f"<div><p>Deck and hands: {kinds}. The scenario gives the "
            f"Axis 2 cards; Young Generals deal <b>{len(hand)}</b>. Take ground and armor overrun: "
            f"<b>{'on' if g.variant.take_ground else 'off (the simpler game)'}</b>.</p>"
            f"<p>The Axis team: {escape(seats)}.</p>"
            f"<table class='tutor-obs'><tr><th>card in the hand</th><th>carried out by</th></tr>{rows}</table></div>")


class YoungGenerals:
    """Options of the variant and the resulting deal. ``set(players, simpler)``."""

    def __init__(self, players: int = 2, seed: int = 13):
        import ipywidgets as W
        self.seed = seed
        self.players_w = W.ToggleButtons(options=[("1 player a side", 1), ("team of 2", 2), ("team of 3", 3)],
                                         value=players, style={"button_width": "120px"})
        self.simpler_w = W.Checkbox(value=False, description="simpler: no take ground, no armor overrun",
                                    indent=False, layout=W.Layout(width="auto"))
        self.out = W.HTML()
        for w in (self.players_w, self.simpler_w):
            w.observe(lambda _: self.set(self.players_w.value, self.simpler_w.value), "value")
        self.widget = W.VBox([self.players_w, self.simpler_w, self.out],
                             layout=W.Layout(border="1px solid #ccc", padding="8px", max_width="760px"))
        self.widget.add_class("tutor-young-generals")
        self.set(players, False)

    def set(self, players: int, simpler: bool = False) -> None:
        self.game = young_generals(players, simpler=simpler, seed=self.seed)
        self.out.value = STYLE + young_generals_html(self.game)
