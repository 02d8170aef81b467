"""One whole Memoir '44 turn on a live board, step by step (the start page's drill, moved here
from its page)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape

from tutor.errors import IllegalAction
from tutor.explain import events_html, rules_html
from tutor.hexes import Hex, fmt, parse_hex
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import game as G
from tutor.paths import SCENARIOS

FIELD = SCENARIOS / "chapters" / "first-turn.yaml"


#: The Allied hand: three section cards, one per section, so any choice gives a turn to play.
HAND = ("probe_center#1", "attack_left#1", "probe_right#1")


#: The Axis hand: section cards only (no Ambush to interrupt a first turn).
AXIS_HAND = ("probe_left#1", "attack_center#1", "probe_right#2", "recon_center#1")


STEPS = ("Play a card", "Order units", "Move", "Battle", "Draw a card")


@dataclass(frozen=True)
class TurnView:
    game: G.Game
    selected: Hex | None = None      # the ordered unit about to move or battle
    shown: bool = False              # "Show me": the legal choices of this moment shaded
    since: int = 0                   # the log entries the last action added start here
    refusal: tuple | None = None     # (reason, Rule) of the last refused tap
    predicting: tuple | None = None  # (attacker, target): the learner guesses the dice before the roll
    note: str = ""                   # the guess against the engine's count, shown with the roll


def start_game(seed: int = 1) -> G.Game:
    """The start page's game: the first-turn board, the Allies to play with :data:`HAND`."""
    g = G.new_game(FIELD, seed=seed)
    return G.set_hand(G.set_hand(g, "allied", HAND), "axis", AXIS_HAND)


def step_of(g: G.Game, start: int) -> int:
    """Which of :data:`STEPS` the turn is at (0-based; 5 once the card is drawn)."""
    if g.player != "allied" or g.phase == "over":
        return 5
    if g.phase == "play":
        return 0
    if g.phase == "order":
        return 1
    return 3 if any(e.kind == "battle" for e in g.log[start:]) else 2


def _card_name(inst: str) -> str:
    return C.card(inst).name


class FirstTurn:
    """Built lazily (ipywidgets only when the page shows it): ``FirstTurn().widget``."""

    def __new__(cls, *a, **kw):
        return _turn_widget()(*a, **kw)


def _turn_widget():
    import ipywidgets as W

    from tutor.render.scene import highlights, scene
    from tutor.widgets.base import Drill, choice_buttons, esc, small_button, step_strip

    class _FirstTurn(Drill):
        title = "A first turn"

        def __init__(self, seed: int = 1, dpr: int = 2):
            g = start_game(seed)
            self.start_len = len(g.log)
            self.value = TurnView(g, since=len(g.log))
            self.steps = W.HTML()
            self.hand = W.HBox(layout=W.Layout(flex_flow="row wrap"))
            self.done_button = small_button("Orders done", "check", "finish ordering with fewer units")
            self.done_button.on_click(lambda _: self.act("done"))
            self.end_button = small_button("End the turn: draw a card", "download",
                                           "discard the card played and draw a new one")
            self.end_button.on_click(lambda _: self.act("end"))
            self.show_button = small_button("Show me", "eye", "shade the choices the rules allow now")
            self.show_button.on_click(lambda _: self.show_me())
            super().__init__(self._scene(), controls=[self.show_button, self.done_button, self.end_button],
                             dpr=dpr)
            kids = list(self.children)
            kids[1:1] = [self.steps, self.hand]
            self.children = tuple(kids)
            self._first = self.value
            self.refresh()

        # -- the engine's actions
        @property
        def game(self) -> G.Game:
            return self.value.game

        def act(self, action: str, note: str = "") -> bool:
            """Apply one action string; a refusal keeps the game, clears the selection, says why."""
            v = self.value
            try:
                g = G.apply(v.game, action)
            except IllegalAction as exc:
                self.advance(replace(v, selected=None, shown=False, refusal=(exc.reason, exc.rule),
                                     predicting=None))
                return False
            since = len(v.game.log)
            g = self._other_side(g)
            self.advance(TurnView(g, None, False, since, note=note))
            return True

        def guess(self, n: int) -> None:
            """The learner's guess of the dice; then the battle is the engine's, its count beside the guess."""
            v = self.value
            if v.predicting is None:
                return
            a, t = v.predicting
            d = combat.attack_dice(v.game.state, a, t, G.bonus_dice(v.game, a, t))
            verdict = "Right" if n == d.dice else "Not quite"
            self.act(f"battle {fmt(a)} {fmt(t)}", note=f"{verdict}: you said {n}, the rules give {d.text}")

        @staticmethod
        def _other_side(g: G.Game) -> G.Game:
            """A retreat of an Axis unit with several ends: the Axis player picks (the first the
            engine lists); the page says so in the events."""
            while g.phase == "retreat" and g.player == "axis":
                g = G.apply(g, G.legal_actions(g)[0])
            return g

        def play(self, inst: str) -> None:
            self.act(f"play {inst}")

        def show_me(self) -> None:
            self.advance(replace(self.value, shown=True, refusal=None))

        def restore(self, value) -> None:
            self.value = value

        def reset(self) -> None:
            self.value = self._first
            self._history.clear()
            self.undo_button.disabled = True
            self.refresh()

        def on_hex(self, h: Hex) -> None:
            v, g = self.value, self.game
            st = g.state
            u = st.units.get(h)
            step = step_of(g, self.start_len)
            if step == 0:
                self.say("First play a card: tap one of the cards above the board.", bad=True)
            elif step == 1:
                if u is None:
                    self.say(f"{fmt(h)} holds no unit: tap one of your units to order it.", bad=True)
                else:
                    self.act(f"order {fmt(h)}")
            elif step == 5:
                self.say("The turn is over: Reset to play it again another way.")
            elif f"take {fmt(h)}" in G.legal_actions(g):
                self.act(f"take {fmt(h)}")
            elif v.selected is None or (u is not None and u.side == "allied"):
                if u is not None and u.side == "allied" and u.uid in st.ordered:
                    self.advance(replace(v, selected=h, shown=False, refusal=None))
                elif u is not None and u.side == "allied":
                    self.say(f"The {esc(u.name)} on {fmt(h)} was not ordered: only ordered units move "
                             "and battle.", bad=True)
                else:
                    self.say("Tap one of your ordered units (shaded blue) first.", bad=True)
            elif u is not None and f"battle {fmt(v.selected)} {fmt(h)}" in G.legal_actions(g):
                self.advance(replace(v, predicting=(v.selected, h), shown=False, refusal=None))
            elif u is not None:
                self.act(f"battle {fmt(v.selected)} {fmt(h)}")      # the engine says why not
            else:
                self.act(f"move {fmt(v.selected)} {fmt(h)}")

        # -- showing
        def _choices(self) -> tuple[list[Hex], list[Hex]]:
            """(hexes to shade legal, enemies to shade as targets) for "Show me"."""
            v, g = self.value, self.game
            acts = G.legal_actions(g)
            if g.phase == "order":
                return [parse_hex(a.split()[1]) for a in acts if a.startswith("order ")], []
            if v.selected is None:
                return [], []
            me = fmt(v.selected)
            moves = [parse_hex(a.split()[2]) for a in acts if a.startswith(f"move {me} ")]
            foes = [parse_hex(a.split()[2]) for a in acts if a.startswith(f"battle {me} ")]
            return moves, foes

        def _scene(self):
            v = self.value
            st = v.game.state
            ordered = [h for h, u in st.units.items() if u.uid in st.ordered and h != v.selected]
            legal, foes = self._choices() if v.shown else ([], [])
            take = [parse_hex(a.split()[1]) for a in G.legal_actions(v.game) if a.startswith("take ")]
            hl = highlights(selected=ordered, origin=[v.selected] if v.selected else [], legal=legal,
                            target=foes, path=take, notes=[(h, "take ground?") for h in take])
            return scene(st, hl, title="", legend=False)

        def refresh(self) -> None:
            v, g = self.value, self.game
            step = step_of(g, self.start_len)
            self.board.update(self._scene())
            self.steps.value = step_strip(STEPS, step)
            if v.predicting is not None:
                self.hand.children = choice_buttons([(f"{n} {'die' if n == 1 else 'dice'}", n) for n in (1, 2, 3)],
                                                    self.guess)
            else:
                hand = g.hands["allied"] if step == 0 else ()
                self.hand.children = choice_buttons([(_card_name(c), c) for c in hand], self.play)
            self.done_button.disabled = "done" not in G.legal_actions(g)
            self.end_button.disabled = step not in (2, 3)
            self.show_button.disabled = step not in (1, 2, 3) or v.shown
            new = "" if v.predicting is not None else (
                (f'<div class="tutor-verdict">{esc(v.note)}</div>' if v.note else "")
                + (events_html(g.log[v.since:]) if v.refusal is None else ""))
            if v.refusal is not None:
                reason, rule = v.refusal
                self.say(f"✗ Refused: {esc(reason)}. Try another.", bad=True)
                self.explain(rules_html([rule]) if rule is not None else "")
                return
            self.say(self._prompt(step))
            self.explain(new)

        def _prompt(self, step: int) -> str:
            g, v = self.game, self.value
            if step == 0:
                return ("<b>Step 1: play a card.</b> Each card names a section (left, center or right, "
                        "between the dashed lines) and how many of your units there it orders. Tap a card.")
            if step == 1:
                return ("<b>Step 2: order units.</b> Tap the units the card lets you order — which ones do you "
                        "think it allows? (Show me shades them.)")
            if v.predicting is not None:
                a, t = v.predicting
                return (f"The {esc(g.state.units[a].name)} on {fmt(a)} battles the {esc(g.state.units[t].name)} on "
                        f"{fmt(t)}. First guess: how many dice does it roll? (Count the hexes; see the units "
                        "table below.) Tap a number above the board.")
            if step in (2, 3):
                sel = g.state.units.get(v.selected) if v.selected else None
                if sel is not None:
                    return (f"The {esc(sel.name)} on {fmt(v.selected)}: tap an empty hex to move there, or an "
                            "enemy to battle it. How far can it go, which enemy is in range?")
                head = ("<b>Step 3: move.</b> Tap an ordered unit (blue), then where it goes. Moves come "
                        "before any battle." if step == 2 else
                        "<b>Step 4: battle.</b> Tap an ordered unit, then an enemy in range: the engine rolls "
                        "the dice.")
                return head + " When you are done, <b>End the turn</b>."
            drawn = [c for c in g.hands["allied"] if c not in HAND]
            card = f" ({escape(_card_name(drawn[0]))})" if drawn else ""
            return (f"<b>Step 5 done: the card is discarded and you drew a new one{card}.</b> The Axis now plays its "
                    "turn the same way; turn after turn, the first side to win its medals wins. Reset to play "
                    "the turn another way.")

    return _FirstTurn
