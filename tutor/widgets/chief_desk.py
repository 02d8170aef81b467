"""Operation Overlord's commander-in-chief at the desk: give section cards to the field generals
and see the chain of command (chapter 14's drill, moved here from its page with the helpers it uses)."""

from __future__ import annotations

from html import unescape

from tutor.errors import IllegalAction, InputError
from tutor.explain import STYLE, events_html, rules_html, verdict
from tutor.hexes import Hex, fmt, parse_hex, row_major
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.action import Action
from tutor.memoir.action import legal as legal_moves
from tutor.memoir.timeline import events_between

SCENARIO = "overlord/teaching"


GENERALS = ("left", "center", "right")


# The seats as the engine names them (game.seat_text): the field generals (generał polowy) and
# the commander-in-chief (głównodowodzący).
GENERAL_NAME = {fg: G.seat_role(fg, "overlord") for fg in (*GENERALS, "chief")}


SHADE = {"left": "selected", "center": "visible", "right": "legal"}


def new_game(seed: int = 14) -> G.Game:
    """The teaching battle under the Overlord variant, 4 players a side: the Allied chief to act."""
    return G.new_game(SCENARIO, seed, V.variant("overlord", axis=4, allied=4))


def regions(side: str = "allied", top: str = "axis") -> dict:
    """Each field general's double section (x-intervals), as the engine maps it for ``side``: the
    side at the top edge sees the board mirrored."""
    sub = V.OVERLORD_SUBSECTIONS
    if side == top:
        return {"left": sub["right"], "center": sub["center"], "right": sub["left"]}
    return dict(sub)


def command_hexes(board, side: str = "allied", top: str = "axis") -> dict:
    """general -> the playable hexes of his command (a hex on the line between two commands
    belongs to both)."""
    return {fg: sorted((h for h in board.hexes if T.in_region(h, r)), key=row_major)
            for fg, r in regions(side, top).items()}


def generals_of(g: G.Game, h: Hex) -> tuple[str, ...]:
    """The Allied field general(s) whose command holds hex ``h``."""
    return tuple(fg for fg, r in regions(g.side, g.state.top).items() if T.in_region(h, r))


def _sub_lines():
    """The base boards' own section lines (x = 7, 25, 43): dashed, thinner in meaning than the
    command lines the board draws at x = 17 and 33."""
    from tutor.render.scene import Line
    xs = sorted({x for pair in V.OVERLORD_SUBSECTIONS.values() for lo, hi in pair for x in (lo, hi)} - {-1, 17, 33, 51})
    return [Line((x, 0), (x, 8), "move") for x in xs]


def commands_highlights(board, *, side: str = "allied", top: str = "axis", notes=()):
    from tutor.render.scene import highlights
    hexes = command_hexes(board, side, top)
    return highlights(lines=_sub_lines(), notes=notes, **{SHADE[fg]: hexes[fg] for fg in GENERALS})


def refusal_html(exc: IllegalAction | InputError) -> str:
    """The engine's refusal as the desk shows it: its words, then the rule cited below, as a book
    (an InputError, e.g. Counter-Attack without the card it copies, has no rule)."""
    rule = getattr(exc, "rule", None)
    return verdict(f"Refused: {getattr(exc, 'reason', exc)}.", False) + (rules_html([rule]) if rule is not None else "")


def give_ruling(g: G.Game, card: str, fg: str) -> tuple[G.Game | None, str]:
    """Ask the engine to give ``card`` to ``fg``: the new game, or None and the refusal with its
    rule (HTML)."""
    try:
        return G.apply(g, f"give {card} {fg}"), ""
    except (IllegalAction, InputError) as exc:
        return None, refusal_html(exc)


def given_rows(g: G.Game, selected: str | None = None, *, open_: bool = True) -> list[tuple]:
    """The chief's hand and each general's cards this turn, as card rows."""
    from tutor.render.scene import Card
    given = g.turn.given if g.turn is not None else {}
    hand = [c for c in g.hand("allied.chief") if c not in given]
    given_now = {a.card for a in legal_moves(g, "give")} if open_ else set()
    mine = {c for c in hand if c in given_now}

    def card(c, role=None):
        k = C.card(c)
        return Card(k.name, True, role, "section" if k.section else "tactic")
    rows = [("Chief's hand", tuple(card(c, "selected" if c == selected else "predicted" if c in mine else None)
                                   for c in hand), None, {"key": "hand"})]
    for fg in (*GENERALS, "chief"):
        label = GENERAL_NAME[fg].capitalize() if fg != "chief" else "Chief plays"
        rows.append((label, tuple(card(c, "new") for c, to in given.items() if to == fg), None, {"key": fg}))
    return rows


def desk_scene(g: G.Game, selected: str | None = None, *, open_: bool = True):
    """The chief's desk as rows of cards (:func:`given_rows`)."""
    from tutor.render.scene import card_scene
    return card_scene(given_rows(g, selected, open_=open_), width=700)


def dispatch_note(after: G.Game) -> str:
    """What happens next after the dispatch, in one sentence (the engine's phase)."""
    t = after.turn
    if after.over or t is None:
        return "The battle is over."
    acts = legal_moves(after)
    if after.phase == "place":
        card_id = acts[0].card
        assert card_id is not None              # (a place action names its card)
        card = C.name(card_id)
        secs = " or ".join(a.section for a in acts if a.section is not None)
        fg = after.player.split(".")[1]
        return (f"The {GENERAL_NAME[fg]} lays {card} on one of his two sections ({secs}): a section card orders "
                f"units in one section; a second section card goes on the other.")
    if after.phase == "initiative":
        fg = t.waiting[0]
        return (f"The {GENERAL_NAME[fg]} received no card: he may act on his own initiative — roll one die, with "
                f"the risk of a flag or a grenade — or stay put.")
    if t.stage == "chief":
        what = {"air": "he picks the Air Power targets", "barrage": "he picks the Barrage target"}.get(
            after.phase, "he orders its units, which move and battle")
        return (f"The chief's own tactic card is resolved first: {what}. The field generals act — and roll for "
                f"initiative — after it.")
    if after.phase == "setback":
        fg, face = t.setbacks[0]
        choices = ", ".join(" → ".join(fmt(h) for h in a.hexes) for a in acts)
        what = "which unit retreats 1 hex" if face == "flag" and "→" in choices else "which unit loses a figure"
        return (f"The {GENERAL_NAME[fg]} rolled a {face}: he picks {what} ({choices}); that unit may not battle "
                f"this turn.")
    return ("Now the generals would move and battle, each unit under its own general's card (earlier chapters); "
            "the chief then draws 2.")


def choice_label(g: G.Game, action: str) -> str:
    """A button's words for a field general's (or the chief's) choice after the dispatch."""
    a = Action.parse(action)
    who = g.player.partition(".")[2]
    name = GENERAL_NAME.get(who, who).capitalize()
    if a.verb == "roll":
        return f"{name}: roll for initiative"
    if a.verb == "pass":
        return f"{name}: stay put, no roll"
    if a.verb == "place" and a.card is not None:
        return f"{name}: {C.name(a.card)} on the {a.section} section"
    if a.verb == "setback" and a.unit is not None:
        unit = fmt(a.unit)
        return f"{name}: {unit} retreats to {fmt(a.target)}" if a.target else f"{name}: {unit} loses a figure"
    return action


CHOICES = ("place", "initiative", "setback")      # the phases the desk offers as buttons


class ChiefDesk:
    """The commander-in-chief's desk. ``widget`` is the box; ``pick(card)``, ``give(fg)``,
    ``tap_hex(hex)``, ``dispatch()`` and ``reset()`` do what the taps and buttons do."""

    def __init__(self, seed: int = 14):
        import ipywidgets as W

        from tutor.render.canvas import BoardView
        from tutor.widgets.base import CSS, choice_buttons, hex_field, live_alt, shared_look
        self.seed = seed
        self.game = new_game(seed)
        self.start = self.game
        self.selected: str | None = None
        self.after: G.Game | None = None
        from tutor.render.scene import scene
        self.cards = BoardView(desk_scene(self.game), max_width=700)
        self.board = BoardView(scene(self.game.state, title="", legend=False), legible=True)
        for v in (self.cards, self.board):
            v.canvas.add_class("tutor-board")
        self.cards.on_click(self._card_click)
        self.board.on_click(lambda h, x, y: self.tap_hex(h) if h is not None else self.say(
            verdict("That is off the board: tap a hex inside a general's command.", False)))
        self.buttons = list(choice_buttons(
            [(f"to the {GENERAL_NAME[fg]}" if fg != "chief" else "chief plays it himself", fg)
             for fg in (*GENERALS, "chief")], self.give))
        self.hand_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.hand_buttons.add_class("tutor-card-buttons")
        layout, look = shared_look("choice")
        self.dispatch_b = W.Button(description="Dispatch: play the cards, roll for initiative", icon="paper-plane",
                                   button_style="primary", layout=layout, style=look)
        self.reset_b = W.Button(description="Start the turn again", icon="refresh", layout=layout, style=look)
        self.seed_w = W.BoundedIntText(value=seed, min=0, max=9999, description="Dice number",
                                       style={"description_width": "auto"}, layout=W.Layout(width="13em"))
        self.dispatch_b.on_click(lambda _: self.dispatch())
        self.reset_b.on_click(lambda _: self.reset())
        self.seed_w.observe(lambda ch: self.reset(seed=ch["new"]), "value")
        self.status = W.HTML()
        self.choices = W.HBox([], layout=W.Layout(flex_flow="row wrap"))
        self.log = W.HTML()
        self.alt = live_alt(self.board, self.status, self.log)
        self.hex_input = hex_field(self.tap_hex, self.board, lambda text, bad=True: self.say(
            verdict(unescape(text), False if bad else None)))
        self.widget = W.VBox([
            W.HTML(CSS),
            W.HTML("<b>1. Tap a card</b> in the chief's hand (dashed blue: the engine would accept it somewhere), "
                   "or press its button."),
            self.cards.canvas, self.hand_buttons,
            W.HTML("<b>2. Tap a general</b>: his row above, a hex of his command on the board (blue left, "
                   "yellow center, green right; or type the hex in the Hex field and press Enter), or a button."),
            W.HBox(self.buttons, layout=W.Layout(flex_flow="row wrap")),
            self.status, self.hex_input, self.board.widget, self.alt,
            W.HBox([self.dispatch_b, self.reset_b, self.seed_w], layout=W.Layout(flex_flow="row wrap")),
            self.choices, self.log],
            layout=W.Layout(border="1px solid #ccc", padding="8px"))
        self.widget.add_class("tutor-chief-desk")
        self.say(verdict("The Allied commander-in-chief holds 5 cards. Hand out 1 to 3 of them."))
        self._draw()

    # -- actions
    def say(self, html: str) -> None:
        self.status.value = STYLE + html

    def pick(self, card: str) -> None:
        if self.after is not None:
            self.say(verdict("The cards are dispatched: start the turn again to hand out others.", False))
            return
        self.selected = card
        k = C.card(card)
        who = () if k.section else V.overlord_players(k.key)
        where = (f"a section card: it goes only to the {'/'.join(GENERAL_NAME[s] for s, _ in k.orders)}"
                 if k.section
                 else "a tactic card for the general the opponent attacks in close combat, on the opponent's turn"
                 if k.key == "ambush"
                 else "a tactic card the chief plays himself (its icon, as the published Overlord deck prints it: "
                 "the chief's silhouette)" if who == ("chief",)
                 else "a tactic card for any field general, never kept by the chief (its icon, as the published "
                 "Overlord deck prints it: three arrows around a '?')" if "chief" not in who
                 else "a tactic card: any field general — or the chief himself (both icons, as the published "
                 "Overlord deck prints them)")
        self.say(verdict(f"{k.name} selected — {where}. Now tap a general."))
        self._draw()

    def give(self, fg: str) -> None:
        if self.selected is None:
            self.say(verdict("Tap a card of the chief's hand first.", False))
            return
        new, why = give_ruling(self.game, self.selected, fg)
        if new is None:
            self.say(why)
            return
        ev = new.new_events[-1]
        self.game, self.selected = new, None
        left = len(self.game.hand("allied.chief")) - len(self.game.turn.given if self.game.turn else ())
        self.say(verdict(ev.text + f" The chief keeps {left} card{'s' if left != 1 else ''}.", True)
                 + rules_html([ev.rule]))
        self._draw()

    def tap_hex(self, h) -> None:
        h = parse_hex(h) if isinstance(h, str) else h
        fgs = generals_of(self.game, h)
        if len(fgs) != 1:
            self.say(verdict(f"{fmt(h)} lies on the line between two commands: tap a hex inside one.", False))
            return
        self.give(fgs[0])

    def _card_click(self, h, x, y) -> None:
        pick = self.cards.card_at(x, y)
        if pick is None:
            self.say(verdict("Tap a card of the chief's hand, then the general who receives it.", None))
            return
        if pick.row == "hand":
            given = self.game.turn.given if self.game.turn else ()
            hand = [c for c in self.game.hand("allied.chief") if c not in given]
            if pick.index is not None and pick.index < len(hand):
                self.pick(hand[pick.index])
            else:
                self.say(verdict("Tap one of the cards of the chief's hand.", None))
        elif pick.row in (*GENERALS, "chief"):
            self.give(pick.row)

    KEEP = ("chain", "chief_play", "chief_hand", "place_choice", "place", "fg_play", "initiative", "initiative_pass",
            "initiative_none", "initiative_choice", "initiative_auto", "initiative_retreat", "initiative_loss", "roll",
            "hits", "eliminated", "sandbags_removed", "no_units")

    def dispatch(self) -> None:
        if self.after is not None:
            return
        before = self.game
        try:
            self.after = G.apply(before, "dispatch")
        except IllegalAction as exc:                    # no card handed out yet: 1, 2 or 3 (TURA GRY)
            self.say(refusal_html(exc))
            return
        self.selected = None
        evs = [e for e in events_between(before, self.after) if e.kind in self.KEEP]
        self.log.value = STYLE + ("<p><b>Dispatched.</b> Each general plays what he received; each of the others "
                                  "decides whether to act on his own initiative:</p>" + events_html(evs))
        self._after_step()

    def choose(self, action: str) -> None:
        """A general's choice after the dispatch (a button): the engine applies it or refuses it."""
        if self.after is None or self.after.phase not in CHOICES:
            self.say(verdict("Dispatch the cards first: the generals choose after it.", False))
            return
        before = self.after
        try:
            self.after = G.apply(before, action)
        except (IllegalAction, InputError) as exc:
            self.say(refusal_html(exc))
            return
        evs = [e for e in events_between(before, self.after) if e.kind in self.KEEP]
        self.log.value += events_html(evs)
        self._after_step()

    def _after_step(self) -> None:
        from tutor.widgets.base import choice_buttons
        g = self.after
        assert g is not None                    # (after a step of the dispatch)
        acts = G.legal_actions(g) if g.phase in CHOICES else []
        self.choices.children = choice_buttons([(choice_label(g, a), a) for a in acts], self.choose)
        self.say(verdict(dispatch_note(g), True))
        self._draw()

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.seed = seed
            self.start = new_game(seed)
        self.game, self.after, self.selected = self.start, None, None
        self.log.value = ""
        self.choices.children = ()
        self.say(verdict("The Allied commander-in-chief holds 5 cards. Hand out 1 to 3 of them."))
        self._draw()

    # -- drawing
    def _draw(self) -> None:
        from tutor.render.scene import scene
        from tutor.widgets.base import choice_buttons
        g = self.game
        given = g.turn.given if g.turn else ()
        hand = [c for c in g.hand("allied.chief") if c not in given] if self.after is None else []
        self.hand_buttons.children = choice_buttons([(C.name(c), c) for c in hand], self.pick)
        self.cards.update(desk_scene(g, self.selected, open_=self.after is None))
        notes = []
        if self.after is not None:
            for e in events_between(self.game, self.after):
                if e.kind == "initiative":
                    fg, face = e.get("general"), e.get("face")
                    h = {"left": (9, 5), "center": (25, 5), "right": (41, 5)}[fg]
                    notes.append((h, f"{fg}: rolled {face}"))
        st = (self.after or g).state
        self.board.update(scene(st, commands_highlights(st.board, notes=notes), title="", legend=False))

    @property
    def text(self) -> str:
        return self.status.value + self.log.value
