"""Play a battle: a hot-seat board for two players, or solo against the engine's simple opponent.

Every rule is ``tutor.memoir.game``'s: the app only asks :func:`~tutor.memoir.game.legal_actions`
what may be done, turns taps into those action strings and shows the events the engine logs (each
citing its rule). Refusals are the engine's own ``IllegalAction`` with its rule.

    from tutor.widgets import BattleApp
    BattleApp("pegasus-bridge", seed=0, solo="axis")      # you are the Allies
    BattleApp("pegasus-bridge", seed=0)                   # hot-seat: two players, one screen

What a player does:

* **play** — tap a card of the hand row (Infantry Assault then asks for the section);
* **orders** — tap units: eligible units are shaded (a unit on a dashed line counts for either
  section); tap an ordered unit again to take its order back; *Orders done* ends the orders;
* **move and battle** — tap an ordered unit, then a shaded hex to move or a red target to battle
  (the dice and the exact odds are listed before you roll); *Take ground* / tap the vacated hex;
  *End turn* discards the card and draws;
* **retreat**, **Recon**, **Ambush**, **Air Power**, **Barrage** — tap the hex or card asked for;
* any other action the engine allows (e.g. team variants) is in the *All legal actions* list.

Hot-seat hides the hand of the player who is not to act: when the turn passes, a *Pass the
screen* button shows the next player's hand. Solo: the opponent's actions are applied at once
(``tutor.memoir.opponent.choose_explained``, seeded) and appear in the log with their reasons.

The coach (a switch, on at the start): "What can I do now?" lists the legal choices of the moment
(``tutor.memoir.coach.advise``), one line of why each, the rule one click away.
"""

from __future__ import annotations

import base64
import json
import random
from fractions import Fraction
from itertools import pairwise

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.explain import plural
from tutor.hexes import Hex, fmt, parse_hex
from tutor.inputs import uploaded_file
from tutor.memoir import cards as C
from tutor.memoir import coach
from tutor.memoir import dice as D
from tutor.memoir import game as G
from tutor.memoir import opponent as O
from tutor.memoir.action import Action
from tutor.render import style
from tutor.render.canvas import BoardView
from tutor.render.scene import Card, Line, Mark, card_scene, highlights, scene
from tutor.sides import SIDE_NAMES, side_of, side_verb
from tutor.widgets.base import CSS, esc, hex_field, live_alt, rule_details, rules_html, small_button

PHASE_TEXT = {"play": "play a command card", "order": "order units", "act": "move and battle",
              "retreat": "retreat", "recon": "Recon: keep a card", "ambush": "Ambush or not",
              "air": "Air Power", "barrage": "Barrage", "dispatch": "hand out the cards",
              "setback": "initiative setback", "place": "place the cards", "initiative": "initiative roll"}
FACE_ICON = {"infantry": "INF", "armor": "ARM", "grenade": "✹", "star": "★", "flag": "⚑"}
HAND_ROW = 4                      # cards in a row of the hand
HAND_WIDTH = 330                  # the hand beside the board (layout px): no scrolling every turn
LOG_ROWS = 80                     # events shown in the log (latest first)
COACH_OPTIONS = 10                # the coach lists a group's first choices, the others counted
MAX_OPPONENT_ACTIONS = 400        # a safety net: an opponent turn never runs away

APP_CSS = """<style>
.tutor-battle-head { font-size: 14px; display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: baseline; }
.tutor-battle-head .turn { font-weight: bold; }
.tutor-battle-head .medals span { display: inline-block; padding: 1px 7px; border-radius: 9px; margin-right: 4px;
  border: 1px solid #999; background: #f7f3e6; }
.tutor-battle-head .medals .allied { border-color: #3b6e2e; }
.tutor-battle-head .medals .axis { border-color: #2c4f7c; }
.tutor-battle-win { font-size: 17px; font-weight: bold; color: #1b6e1b; padding: 6px 0; }
.tutor-dice { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; font-size: 13px; }
.tutor-die { display: inline-block; min-width: 34px; height: 34px; line-height: 34px; text-align: center;
  border: 1.5px solid #555; border-radius: 6px; background: #fff; font-weight: bold; font-size: 13px; }
.tutor-die.hit { border: 3px solid #c0392b; background: #fdecea; }
.tutor-die.flag { border: 3px dashed #0072b2; }
.tutor-die.miss { color: #888; }
.tutor-odds table { border-collapse: collapse; font-size: 13px; }
.tutor-odds td, .tutor-odds th { padding: 2px 8px; text-align: left; border-bottom: 1px solid #eee; }
.tutor-log { font-size: 12.5px; max-height: 340px; overflow: auto; border: 1px solid #ddd; padding: 4px 8px; }
.tutor-log details { margin: 1px 0; }
.tutor-log summary { cursor: pointer; }
.tutor-log .act { font-weight: bold; margin-top: 6px; }
.tutor-log .cite { color: #777; font-size: 11px; }
.tutor-log .rule-sum { margin: 2px 0 4px 14px; }
.tutor-log q { display: block; font-style: italic; margin: 2px 0 4px 14px; color: #333; }
.tutor-hand-text { font-size: 12.5px; }
.tutor-hand-text { margin: 2px 0; padding-left: 18px; }
.tutor-hand-text li { margin: 0; line-height: 1.35; }
.tutor-battle-side { font-size: 12.5px; }
@media (max-width: 1100px) { .tutor-battle-side { flex: 1 1 100% !important; } }
.tutor-battle-coach { font-size: 12.5px; line-height: 1.35; border-left: 3px solid #0b5cad; padding: 2px 8px; }
.tutor-battle-coach ul { margin: 2px 0; padding-left: 18px; }
.tutor-battle-coach summary { cursor: pointer; }
.tutor-battle-coach .focus { background: #eef5fc; }
.tutor-battle-coach q { display: block; font-style: italic; margin: 2px 0 4px 14px; color: #333; }
</style>"""


def _hex_key(h: Hex):
    return (h[1], h[0])


def seat_side(seat: str) -> str:
    return side_of(seat)


def card_bonus(g: G.Game, a: Hex, t: Hex) -> int:
    """Extra dice the card in play gives this battle (the engine's own reckoning)."""
    return G.bonus_dice(g, a, t)


def battle_odds(g: G.Game, a: Hex, t: Hex) -> dict:
    """Dice and exact odds of the ordered unit on ``a`` battling ``t`` now: {dice, p_hit, expected,
    p_eliminate, text} — from ``tutor.odds`` (flags it cannot retreat for included when no card
    bonus applies)."""
    from tutor import odds
    ad = G.battle_options(g, a)[t]
    bonus = card_bonus(g, a, t)
    n = ad.dice + bonus
    tu = g.state.units[t]
    dist = odds.distribution(n, tu.kind)
    p_hit = 1 - dist.hits[0]
    if bonus == 0:
        try:
            ao = odds.attack_odds(g.state, a, t)
            return {"dice": n, "bonus": 0, "p_hit": p_hit, "expected": ao.expected_losses,
                    "p_eliminate": ao.p_eliminated, "why": ad.text}
        except (IllegalAction, InputError):
            pass
    p_elim = sum((p for h, p in dist.hits.items() if h >= tu.figures), Fraction(0))
    return {"dice": n, "bonus": bonus, "p_hit": p_hit, "expected": min(dist.expected_hits, Fraction(tu.figures)),
            "p_eliminate": p_elim, "why": ad.text + (f" +{bonus} from the card." if bonus else "")}


def turn_number(g: G.Game) -> int:
    """The turn in progress: a turn counts from the card that starts it, so before its card is
    played it is already the next one (the engine counts cards played)."""
    return g.turns + (0 if g.turn is not None and g.turn.cards else 1)


def _pct(p: Fraction) -> str:
    return f"{p} ({float(p):.0%})" if p not in (0, 1) else str(p)


class BattleApp(W.VBox):
    """``BattleApp(scenario="pegasus-bridge", seed=0, solo=None, variant=None, dpr=2)``.

    ``solo``: the side the engine's opponent plays ("axis" or "allied"); None: hot-seat for two.
    ``game``: start from a ``tutor.memoir.game.Game`` (e.g. a loaded save) instead.
    """

    def __init__(self, scenario="pegasus-bridge", seed: int = 0, solo: str | None = None, variant=None, *,
                 dpr: int = 2, game: G.Game | None = None, coach: bool = True):
        if solo not in (None, "axis", "allied"):
            raise InputError(f"solo {solo!r} is unknown: allowed are 'axis', 'allied' or None (hot-seat)")
        self.solo = solo
        self.seed = seed
        self.game = game if game is not None else G.new_game(scenario, seed, variant)
        self.first = self.game
        self.selected: Hex | None = None          # the acting unit picked in the act phase
        self.pending_card: str | None = None      # Infantry Assault waiting for its section
        self.refusal: tuple | None = None         # (reason, rule) of the last refused tap
        self.refused_at: Hex | None = None        # the hex of the last refused tap (crossed out)
        self.reasons: dict = {}                   # game length -> the computer's step explained
        self.mark = self.game.length              # the log is "new" from here (last step's events)
        self.viewer = self._human_seat() if solo else self.game.player
        self._opponent_turn()

        # -- widgets
        self.head = W.HTML()
        self.board = BoardView(self._board_scene(), dpr=dpr)
        self.board.on_click(self._on_board_click)
        self.board.canvas.add_class("tutor-board")
        self.board.canvas.add_class("tutor-battle-board")
        self.hand = BoardView(self._hand_scene(), dpr=dpr, max_width=HAND_WIDTH)
        self.hand.on_click(lambda _h, x, y: self.on_card_click(x, y))
        self.hand.canvas.add_class("tutor-board")
        self.hand.canvas.add_class("tutor-battle-hand")
        self.hand_text = W.HTML()
        self.status = W.HTML()
        self.alt = live_alt(self.board, self.status)
        self.hex_input = hex_field(self.on_hex, self.board, self.say)
        self.dice = W.HTML()
        self.odds = W.HTML()
        self.why = W.HTML()
        self.log_html = W.HTML()
        self.coach_switch = W.Checkbox(value=coach, description="Coach: what can I do now?", indent=False,
                                       layout=W.Layout(width="auto"))
        self.coach_switch.observe(lambda _: self.refresh(), "value")
        self.coach = W.HTML()
        self.pass_button = small_button("Pass the screen", "eye", "show the hand of the player to act")
        self.pass_button.button_style = "warning"
        self.pass_button.on_click(lambda _: self.pass_screen())
        self.done_button = small_button("Orders done", "check", "end the orders (unused orders are lost)")
        self.done_button.on_click(lambda _: self.do("done"))
        self.end_button = small_button("End turn", "step-forward", "end the turn: discard the card and draw")
        self.end_button.on_click(lambda _: self.do("end"))
        self.take_button = small_button("Take ground", "arrow-up", "move into the hex the enemy left")
        self.take_button.on_click(lambda _: self._take())
        self.wire_button = small_button("Remove barbed wire", "cut", "remove the wire instead of battling")
        self.wire_button.on_click(lambda _: self._wire())
        self.ambush_button = small_button("Ambush!", "bolt", "play Ambush: your unit battles first")
        self.ambush_button.on_click(lambda _: self.do("ambush"))
        self.decline_button = small_button("No ambush", "times", "let the close combat go ahead")
        self.decline_button.on_click(lambda _: self.do("decline"))
        self.section_buttons = []
        for s in ("left", "center", "right"):
            b = small_button(f"{s.capitalize()}", "", f"Infantry Assault in the {s} section")
            b.on_click(lambda _b, s=s: self._play_section(s))
            self.section_buttons.append(b)
        self.undo_button = small_button("Undo", "undo", "take back the last action (and the opponent's reply)")
        self.undo_button.on_click(lambda _: self.undo())
        self.new_button = small_button("New game", "refresh", "start the same battle again, with the same shuffle and dice")
        self.new_button.on_click(lambda _: self.new_game())
        self.save_button = small_button("Save", "download", "make a download link of the save file")
        self.save_button.on_click(lambda _: self.save_link())
        self.save_html = W.HTML()
        self.upload = W.FileUpload(accept=".json,.yaml,.yml", multiple=False, description="Load",
                                   layout=W.Layout(width="auto", height="40px"))
        self.upload.observe(self._on_upload, "value")
        self.all_actions = W.Dropdown(options=[], description="Action",
                                      layout=W.Layout(width="auto", max_width="320px", height="40px"))
        self.all_go = small_button("Do it", "play", "apply the action picked in the list")
        self.all_go.on_click(lambda _: self.all_actions.value and self.do(self.all_actions.value))
        self.controls = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%", align_items="center"))
        files = W.HBox([self.hex_input, self.undo_button, self.new_button, self.save_button, self.upload,
                        self.save_html],
                       layout=W.Layout(flex_flow="row wrap", width="100%", align_items="center"))
        more = W.Accordion([W.HBox([self.all_actions, self.all_go], layout=W.Layout(flex_flow="row wrap"))])
        more.set_title(0, "All legal actions")
        more.selected_index = None
        self.board.canvas.layout.min_width = "280px"
        board_w = round(self.board.scene.width * style.BOARD_ZOOM)
        left = W.VBox([self.board.canvas, self.alt, self.status, self.controls, self.dice, self.odds],
                      layout=W.Layout(flex="1 1 560px", min_width="280px", max_width=f"{board_w}px"))
        side = W.VBox([self.hand.canvas, self.coach_switch, self.coach, self.why, self.hand_text],
                      layout=W.Layout(flex="0 1 330px", min_width="280px", max_width=f"{board_w}px"))
        side.add_class("tutor-battle-side")
        self.columns = W.HBox([left, side], layout=W.Layout(flex_flow="row wrap", width="100%",
                                                            align_items="flex-start", grid_gap="8px"))
        super().__init__([W.HTML(CSS + APP_CSS), self.head, self.columns, files, more, self.log_html],
                         layout=W.Layout(width="100%", max_width=f"{board_w + HAND_WIDTH + 40}px"))
        self.add_class("tutor-battle")
        self.refresh()

    # ------------------------------------------------------------------------------------------
    # Who is who

    def _human_seat(self) -> str:
        human = "allied" if self.solo == "axis" else "axis"
        return self.game.seats(human)[0]

    def is_opponent(self, g: G.Game | None = None) -> bool:
        g = g or self.game
        return self.solo is not None and not g.over and seat_side(g.player) == self.solo

    @property
    def screen_passed(self) -> bool:
        """Whether the seat to act is the one whose hand is on screen (hot-seat)."""
        return self.solo is not None or self.game.over or self.viewer == self.game.player

    # ------------------------------------------------------------------------------------------
    # Actions

    def legal(self) -> list[str]:
        return G.legal_actions(self.game)

    @staticmethod
    def parsed(acts, *verbs: str) -> list[Action]:
        """The actions ``acts`` (texts) as values, only those of ``verbs`` when given."""
        out = [Action.parse(a) for a in acts]
        return [a for a in out if a.verb in verbs] if verbs else out

    def do(self, action: str, *, faces=None) -> bool:
        """Apply a legal action for the player to act, then the opponent's reply (solo)."""
        g = self.game
        if not self.screen_passed:
            self.say(f"Pass the screen to {self._player(g.player)} first.", bad=True)
            return False
        if action not in G.legal_actions(g):
            return self.refuse_action(action)
        self.mark = g.length
        self.game = G.apply(g, action, faces=faces)
        self.refusal = None
        self.pending_card = None
        self.selected = self._keep_selection()
        self._opponent_turn()
        self.refresh()
        return True

    def refuse_action(self, action: str) -> bool:
        """Ask the engine why ``action`` is not allowed now and show its reason and rule."""
        try:
            G.apply(self.game, action)
        except IllegalAction as exc:
            self.refusal = (exc.reason, exc.rule)
        except InputError as exc:
            self.refusal = (str(exc), None)
        else:      # legal in the engine's eyes but not offered (should not happen): do not apply
            self.refusal = (f"'{action}' is not among the actions offered now", None)
        parts = action.split()
        self.refused_at = parse_hex(parts[-1]) if len(parts) > 1 and "," in parts[-1] else None
        self.selected = None        # the next tap starts afresh: a refusal never quotes this unit again
        self.refresh()
        return False

    def _keep_selection(self) -> Hex | None:
        """After a move the unit stays selected (it may battle next); otherwise none."""
        g = self.game
        if g.phase != "act" or self.selected is None or self.is_opponent():
            return None
        last = Action.parse(g.action) if g.action else Action("none")
        if last.verb == "move":
            return last.target if self._actor(last.target) else None
        if last.verb == "take":
            u = g.state.units
            for h in u:
                if u[h].uid == g.state.active:
                    return h if self._actor(h) else None
        return None

    def _opponent_turn(self) -> None:
        g = self.game
        n = 0
        while self.is_opponent(g) and n < MAX_OPPONENT_ACTIONS:
            rng = random.Random(f"opponent:{self.seed}:{g.length}")
            choice = O.choose_explained(g, rng)
            before, g = g, G.apply(g, choice.action.text)
            self.reasons[g.length] = (choice.action.text, coach.explain(before, choice))
            n += 1
        self.game = g
        if self.solo is not None:
            self.viewer = self._human_seat()

    def undo(self) -> None:
        """Back to before the last action of the player now on screen (skipping the opponent's)."""
        g = self.game
        if g.prev is None:
            self.say("Nothing to undo: this is the start of the game.")
            return
        g = g.prev
        while self.is_opponent(g) and g.prev is not None:
            g = g.prev
        if self.is_opponent(g):           # the opponent moved first: nothing of yours to undo
            self.say("Nothing to undo: the opponent's opening cannot be taken back.")
            return
        self.game = g
        self.mark = max(0, g.length - 1)
        self.selected = None
        self.pending_card = None
        self.refusal = None
        if self.solo is None:
            self.viewer = g.player
        self.refresh()

    def new_game(self) -> None:
        self.game = self.first
        self.mark = self.game.length
        self.selected = self.pending_card = self.refusal = None
        self.viewer = self._human_seat() if self.solo else self.game.player
        self._opponent_turn()
        self.refresh()

    def pass_screen(self) -> None:
        self.viewer = self.game.player
        self.refresh()

    # ------------------------------------------------------------------------------------------
    # Taps

    def _on_board_click(self, h, x, y) -> None:
        if h is None:
            self.say("That is off the board: tap a hex.")
            return
        self.on_hex(h)

    def click(self, x, y) -> None:
        """Click the board at layout pixel (x, y), as a test or a script would."""
        self.board.click(x, y)

    def click_hex(self, h) -> None:
        h = parse_hex(h) if isinstance(h, str) else h
        x, y = self.board.scene.geometry.centre(h)
        self.board.click(x, y)

    def on_hex(self, h: Hex) -> None:
        g = self.game
        if g.over:
            self.say("The game is over. Undo, or start a new game.")
            return
        if not self.screen_passed:
            self.say(f"Pass the screen to {self._player(g.player)} first.", bad=True)
            return
        acts = self.legal()
        ph, here = g.phase, fmt(h)
        if ph == "order":
            if f"order {here}" in acts:
                self.do(f"order {here}")
            elif h in g.turn.ordered:
                self.unorder(h)
            else:
                self.refuse_action(f"order {here}")
            return
        if ph == "act":
            self._act_tap(h, acts)
            return
        if ph == "retreat":
            if f"retreat {here}" in acts:
                self.do(f"retreat {here}")
            else:
                self.refuse_action(f"retreat {here}")
            return
        if ph == "air":
            groups = [a for a in self.parsed(acts, "air") if h in a.hexes]
            if groups:
                self.do(max(groups, key=lambda a: len(a.hexes)).text)
            else:
                self.say(f"{here}: tap a shaded enemy unit — Air Power strikes it and up to 3 enemy units "
                         f"adjacent to it.", bad=True)
            return
        if ph == "barrage":
            if f"barrage {here}" in acts:
                self.do(f"barrage {here}")
            else:
                self.refuse_action(f"barrage {here}")
            return
        if ph == "play":
            self.say("First play a command card: tap one in your hand.")
        elif ph == "recon":
            self.say("Recon: tap the card you keep, in your hand.")
        elif ph == "ambush":
            self.say("The defender decides: Ambush! or No ambush.")
        else:
            self.say("Pick the action in the list of all legal actions.")

    def _actor(self, h: Hex) -> bool:
        """Whether the unit on ``h`` may still move, battle or remove wire (the engine's legal actions)."""
        g = self.game
        if g.phase != "act" or h not in g.state.units:
            return False
        if G.move_options(g, h) or G.battle_options(g, h):
            return True
        return f"wire {fmt(h)}" in G.legal_actions(g)

    def _act_tap(self, h: Hex, acts: list[str]) -> None:
        g, here = self.game, fmt(h)
        sel = self.selected
        if sel is not None:
            for verb in ("move", "battle"):
                a = f"{verb} {fmt(sel)} {here}"
                if a in acts:
                    self.do(a)
                    return
        take = self._take_action(acts)
        if take is not None and h == g.state.vacated:
            self.do(take)
            return
        if h == sel:
            self.selected = None
            self.refusal = None
            self.refresh()
            return
        u = g.state.units.get(h)
        if u is not None and u.side == g.side and self._actor(h):
            self.selected = h
            self.refusal = None
            self.refresh()
            return
        if sel is not None:
            enemy = u is not None and u.side != g.side
            self.refuse_action(f"{'battle' if enemy else 'move'} {fmt(sel)} {here}")
            return
        if u is not None and u.side == g.side:
            self.refused_at = h
            if u.uid not in g.state.ordered:
                self.refusal = (f"the {u.name} on {here} has no order this turn: only ordered units move or battle",
                                C.ONLY_ORDERED)
            else:
                self.refusal = (f"the {u.name} on {here} has nothing left to do this turn (no move, no target)",
                                C.BATTLE_STEP)
            self.refresh()
            return
        self.say("Tap one of your ordered units (shaded), then where it moves or whom it battles.")

    def unorder(self, h: Hex) -> None:
        """Take back the order of the unit on ``h``: replay this turn's orders without it."""
        g = self.game
        orders = []
        x = g
        while x.action is not None and Action.parse(x.action).verb == "order":
            orders.append(Action.parse(x.action))
            x = x.prev
        orders.reverse()
        if not any(a.unit == h for a in orders):
            return
        self.mark = x.length
        for a in orders:
            if a.unit != h:
                x = G.apply(x, a.text)
        self.game = x
        self.refusal = None
        self.refresh()

    def _take_action(self, acts) -> str | None:
        return next((a.text for a in self.parsed(acts, "take")), None)

    def _take(self) -> None:
        a = self._take_action(self.legal())
        if a:
            self.do(a)

    def _wire(self) -> None:
        acts = self.parsed(self.legal(), "wire")
        mine = [a for a in acts if a.unit == self.selected] or acts
        if mine:
            self.do(mine[0].text)

    # -- the hand row

    def hand_cards(self) -> list[str]:
        """The cards in the hand row now: the hand, or the two Recon cards to choose from."""
        g = self.game
        if g.phase == "recon" and g.turn is not None:
            return list(g.turn.drawn)
        return [c for c, _ in G.playable(g)] if g.phase == "play" else list(g.hands.get(self.viewer, ()))

    def card_box(self, i: int) -> tuple:
        """(x, y, w, h) of the i-th card of the hand (its rows read left to right, top to bottom),
        in layout pixels."""
        return tuple(b for row in self.hand.scene.card_rows for b in row.boxes())[i]

    def tap_card(self, i: int) -> None:
        """Tap the i-th card of the hand row (as a finger would)."""
        x, y, w, h = self.card_box(i)
        self.hand.click(x + w / 2, y + h / 2)

    def on_card_click(self, x, y) -> None:
        rows = self.hand.scene.card_rows
        if not rows:
            return
        hit = None
        for i in range(sum(len(r.cards) for r in rows) - 1, -1, -1):
            bx, by, bw, bh = self.card_box(i)
            if bx <= x < bx + bw and by <= y < by + bh:
                hit = i
                break
        if hit is None:
            return
        if not self.screen_passed:
            self.say(f"Pass the screen to {self._player(self.game.player)} first.", bad=True)
            return
        self.on_card(self.hand_cards()[hit])

    def on_card(self, inst: str) -> None:
        g = self.game
        acts = self.legal()
        if g.phase == "recon":
            self.do(f"keep {inst}")
            return
        if g.phase != "play":
            self.say("Cards are played at the start of a turn: now " + self._prompt(acts, short=True))
            return
        if f"play {inst}" in acts:
            self.do(f"play {inst}")
        elif any(a.card == inst and a.section for a in self.parsed(acts, "play")):
            self.pending_card = inst
            self.refresh()
        else:
            self.refuse_action(f"play {inst}")

    def _play_section(self, section: str) -> None:
        if self.pending_card:
            self.do(f"play {self.pending_card} {section}")

    # ------------------------------------------------------------------------------------------
    # Save and load

    def save_text(self) -> str:
        return json.dumps(G.to_json(self.game), ensure_ascii=False, indent=1) + "\n"

    def save_name(self) -> str:
        name = str(self.game.scenario).replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0] or "battle"
        return f"{name}-game{self.game.seed}-{self.game.length}.json"

    def save_link(self) -> str:
        data = base64.b64encode(self.save_text().encode("utf-8")).decode("ascii")
        self.save_html.value = (f'<a download="{esc(self.save_name())}" href="data:application/json;base64,{data}" '
                                f'style="font-size:13px">⬇ download {esc(self.save_name())}</a>')
        return self.save_html.value

    def save(self, path) -> None:
        G.save(self.game, path)

    def load(self, source) -> None:
        """Load a saved game: a path, the file's text/bytes, or its parsed mapping."""
        if isinstance(source, dict):
            g = G.from_json(source)
        elif isinstance(source, (bytes, bytearray, memoryview)) or (isinstance(source, str) and
                                                                      source.lstrip().startswith(("{", "format"))):
            try:
                text = bytes(source).decode("utf-8") if not isinstance(source, str) else source
            except UnicodeDecodeError:
                raise InputError("the uploaded file is not UTF-8 text: a saved game is a .json or .yaml file") from None
            g = G.from_text(text, "the uploaded file")
        else:
            g = G.load_game(source)
        self.game = self.first = g
        self.seed = g.seed
        self.mark = max(0, g.length - 1)
        self.selected = self.pending_card = self.refusal = None
        self.viewer = self._human_seat() if self.solo else g.player
        self._opponent_turn()
        self.refresh()

    def _on_upload(self, change) -> None:
        try:
            got = uploaded_file(change["new"], "saved game")
            if got is None:
                return
            self.load(got[1])
        except InputError as exc:
            self.refusal = (f"the file could not be loaded: {exc}", None)
            self.refresh()

    # ------------------------------------------------------------------------------------------
    # Showing

    def say(self, text: str, *, bad: bool = False) -> None:
        self.status.value = f'<div class="tutor-status{" bad" if bad else ""}" role="status">{text}</div>'

    def _seat_name(self, seat: str) -> str:
        return G.seat_text(seat, self.game.variant.kind)

    def _player(self, seat: str) -> str:
        return G.player_text(seat, self.game.variant.kind)

    def new_events(self) -> tuple:
        """The events since the last step began (the last action and the opponent's reply)."""
        return self.game.log[self._log_len_at(self.mark):]

    def _log_len_at(self, length: int) -> int:
        x = self.game
        while x is not None and x.length > length:
            x = x.prev
        return len(x.log) if x is not None else 0

    def _board_scene(self):
        g = self.game
        acts = G.legal_actions(g) if (self.screen_passed and not self.is_opponent()) else []
        sh: dict = {}
        marks, lines, notes = [], [], []
        ph = g.phase
        if ph == "order":
            sh["legal"] = [a.unit for a in self.parsed(acts, "order")]
            sh["selected"] = list(g.turn.ordered)
        elif ph == "act":
            tokens = G.activation_tokens(g)
            for h, kind in tokens.items():
                marks.append(Mark(h, "legal", text="M" if kind == "move" else "B"))
            if self.selected is not None and self.selected in g.state.units:
                a = self.selected
                sh["selected"] = [a]
                sh["legal"] = list(G.move_options(g, a))
                targets = G.battle_options(g, a)
                sh["target"] = list(targets)
                for t in targets:
                    n = targets[t].dice + card_bonus(g, a, t)
                    notes.append((t, f"{n} {'die' if n == 1 else 'dice'}"))
            else:
                sh["legal"] = list(tokens)
            if self._take_action(acts) and g.state.vacated is not None:
                sh["path"] = [g.state.vacated]
                notes.append((g.state.vacated, "take ground?"))
        elif ph == "retreat":
            sh["legal"] = [a.unit for a in self.parsed(acts, "retreat")]
            sh["target"] = [g.turn.pending[2]]
        elif ph == "air":
            sh["target"] = sorted({x for a in self.parsed(acts, "air") for x in a.hexes}, key=_hex_key)
        elif ph == "barrage":
            sh["target"] = [a.unit for a in self.parsed(acts, "barrage")]
        for e in self.new_events():
            if e.kind == "hits" and e.at is not None:
                lost = e.get("lost")
                marks.append(Mark(e.at, "lost", text=f"−{lost}" if lost else ""))
            elif e.kind == "battle" and e.at is not None and e.to is not None:
                lines.append(Line(e.at, e.to, "sight"))
            elif e.kind in ("move", "take_ground") and e.at is not None and e.to is not None:
                lines.append(Line(e.at, e.to, "move"))
            elif e.kind == "retreat":
                path = e.get("path") or ()
                lines += [Line(p, q, "move") for p, q in pairwise(path)]
        if self.refusal is not None and self.refused_at is not None:
            marks.append(Mark(self.refused_at, "closed"))
        for o in getattr(g.state, "objectives", ()):
            for h in o.hexes:
                if not any(h == n for n, _ in notes):
                    notes.append((h, "medal"))
        hl = highlights(lines=lines, marks=marks, notes=notes, **{k: v for k, v in sh.items() if v})
        return scene(g.state, hl, title="", legend=False)

    def _hand_scene(self):
        g = self.game
        width = HAND_WIDTH
        if not self.screen_passed:
            n = len(g.hands.get(g.player, ()))
            return card_scene([(f"{self._seat_name(g.player)}", [Card("", face_up=False)] * 0, n)],
                              width=width)
        cards = self.hand_cards()
        playable = {a.card for a in self.parsed(self.legal(), "play", "keep")}
        row = []
        for c in cards:
            card = C.card(c)
            if card.section:
                sub = "all units" if card.order_count is None else f"{card.order_count} unit{'s' if card.order_count != 1 else ''}"
            else:
                sub = "tactic"
            role = "selected" if c == self.pending_card else ("new" if c in playable and g.phase == "recon" else None)
            row.append(Card(card.name, True, role, sub))
        label = "Recon: keep one" if g.phase == "recon" else f"{self._seat_name(self.viewer)} hand"
        # rows of HAND_ROW cards under the hand's name: whole cards, legible, beside the board
        rows = [("", row[k:k + HAND_ROW], None) for k in range(0, len(row), HAND_ROW)] or [("", [], None)]
        return card_scene(rows, title=label, width=width, label_w=0)

    def _head_html(self) -> str:
        g = self.game
        st = g.state
        m = st.medals
        need = st.medals_to_win or {}
        medals = "".join(f'<span class="{s}">{SIDE_NAMES[s]} {m[s]}'
                         + (f"/{need[s]}" if s in need else "") + "</span>" for s in ("allied", "axis"))
        hands = " · ".join(f"{self._seat_name(s)}: {plural(len(h), 'card')} in hand" for s, h in g.hands.items())
        mode = f"solo: you are the {SIDE_NAMES[seat_side(self._human_seat())]}" if self.solo else "hot-seat"
        turn = "Game over" if g.over else f"Turn {turn_number(g)} · {self._seat_name(g.player)} to act · {PHASE_TEXT.get(g.phase, g.phase)}"
        playing = ""
        if g.turn is not None and g.turn.cards and not g.over:
            playing = f"<span>{SIDE_NAMES.get(g.side, g.side)} card in play: <b>{esc(', '.join(C.name(c) for c in g.turn.cards))}</b></span>"
        out = (f'<div class="tutor-battle-head"><span class="turn">{esc(st.title)} — {esc(turn)}</span>{playing}'
               f'<span class="medals">Medals: {medals}</span><span>{esc(hands)} · deck {len(g.deck)} · '
               f'{esc(mode)}</span></div>')
        if g.over:
            w = g.winner
            out += (f'<div class="tutor-battle-win">🏅 The {SIDE_NAMES.get(w, w)} {side_verb(w, "win", "wins")} '
                    f'with {plural(m[w], "medal")}!</div>'
                    if w else '<div class="tutor-battle-win">The game is over.</div>')
        return out

    def _prompt(self, acts, short: bool = False) -> str:
        g = self.game
        ph = g.phase
        who = self._seat_name(g.player)
        if g.over:
            return "The game is over."
        if ph == "play":
            if self.pending_card:
                return f"{C.name(self.pending_card)}: pick the section whose infantry it orders."
            return f"{who}: play a command card — tap it in your hand."
        if ph == "order":
            t = g.turn
            slots = "; ".join(s.describe() for s in t.effect.slots)
            n = len(self.parsed(acts, "order"))
            return (f"{who}: {C.name(t.cards[0]) if t.cards else 'the card'} orders {slots}. "
                    f"{len(t.ordered) or 'None'} ordered; tap a shaded unit to order it ({n} may still be), an ordered unit "
                    f"to take its order back, then Orders done.")
        if ph == "act":
            if self.selected is not None:
                return (f"{who}: the unit on {fmt(self.selected)} — tap a green hex to move, a red target to "
                        f"battle; tap it again to let go.")
            moving = g.state.phase == "move"
            return (f"{who}: tap an ordered unit (M: may move, B: may battle)"
                    + (" — all moves come before the first battle" if moving else " — battles now") + ", then End turn.")
        if ph == "retreat":
            return f"{who}: your unit must retreat — tap a green hex."
        if ph == "ambush":
            f = coach.ambush_facts(g)
            if f is not None:
                return f"{who}: {f['text']}. Play Ambush, or let it go ahead?"
            return f"{who}: a close combat is declared on your unit. Play Ambush, or let it go ahead?"
        if ph == "recon":
            return f"{who}: Recon — keep one of the two cards drawn (tap it)."
        if ph == "air":
            return f"{who}: Air Power — tap an enemy unit; it and up to 3 adjacent enemy units are struck."
        if ph == "barrage":
            return f"{who}: Barrage — tap the enemy unit to strike with 4 dice."
        return f"{who}: pick an action from the list of all legal actions below."

    def _dice_html(self) -> str:
        """The dice of the last step's battles, face by face (hits red, flags dashed blue)."""
        out = []
        x = self.game
        nodes = []
        while x is not None and x.length > self.mark:
            nodes.append(x)
            x = x.prev
        for node in reversed(nodes):
            before = node.prev.state if node.prev is not None else node.state
            for e in node.new_events:
                if e.kind != "roll":
                    continue
                faces = e.get("faces") or ()
                tu = before.units.get(e.at)
                hitting = D.hit_faces(tu.kind) if tu is not None else frozenset({"grenade"})
                dice = "".join(
                    f'<span class="tutor-die {"hit" if f in hitting else "flag" if f == "flag" else "miss"}" '
                    f'title="{esc(f)}">{FACE_ICON.get(f, esc(f))}</span>' for f in faces)
                out.append(f'<div class="tutor-dice">{dice}<span>{esc(e.text)}</span></div>')
        return "".join(out[-4:])

    def _odds_html(self) -> str:
        g = self.game
        if g.phase != "act" or self.selected is None or self.selected not in g.state.units:
            return ""
        a = self.selected
        targets = G.battle_options(g, a)
        if not targets:
            return ""
        rows = []
        for t in sorted(targets, key=_hex_key):
            o = battle_odds(g, a, t)
            tu = g.state.units[t]
            rows.append(f"<tr><td>{fmt(t)}</td><td>{esc(tu.name)} ({tu.figures})</td><td>{o['dice']}</td>"
                        f"<td>{_pct(o['p_hit'])}</td><td>{o['expected']} ({float(o['expected']):.2f})</td>"
                        f"<td>{_pct(o['p_eliminate'])}</td></tr>")
        return (f'<div class="tutor-odds"><b>Before you roll</b> — exact odds for the unit on {fmt(a)}:'
                f'<table><tr><th>target</th><th></th><th>dice</th><th>P(≥1 hit)</th><th>figures lost (mean)</th>'
                f'<th>P(eliminated)</th></tr>{"".join(rows)}</table></div>')

    def explanation(self, x: G.Game) -> coach.Explanation | None:
        """The computer's reason for the step that made ``x`` (None: not the computer's step)."""
        got = self.reasons.get(x.length)
        if got is None or x.prev is None or not self.is_opponent(x.prev) or got[0] != x.action:
            return None
        return got[1]

    def _log_html(self) -> str:
        rows = []
        x = self.game
        while x is not None and len(rows) < LOG_ROWS:
            new = " style='background:#fff8d6'" if x.length > self.mark else ""
            ex = self.explanation(x)
            for e in reversed(x.new_events):
                r = e.rule
                if e.kind == "action":
                    if ex is not None:       # the computer's step: what, why, the rule one tap away
                        rows.append(rule_details(f'The computer: {esc(ex.what)} <span class="cite">— why: '
                                                 f'{esc(ex.why)}</span>', ex.rule, f' class="act computer"{new}'))
                    else:
                        rows.append(f'<div class="act"{new}>{esc(e.text)}</div>')
                    continue
                if r is None:
                    rows.append(f"<div{new}>{esc(e.text)}</div>")
                    continue
                rows.append(rule_details(f'{esc(e.text)} <span class="cite">— {esc(r.section)} (why?)</span>', r, new))
            x = x.prev
        return '<div class="tutor-log" tabindex="0" role="log" aria-label="event log"><b>Event log</b> (latest first; tap an event for its rule)' + "".join(rows) + "</div>"

    def coach_html(self) -> str:
        """The coach: the legal choices of this moment, grouped, one line of why each, the rule one
        click away (empty when switched off, on the computer's turn or before the screen is passed)."""
        g = self.game
        if not self.coach_switch.value or g.over or not self.screen_passed or self.is_opponent():
            return ""
        advice = coach.advise(g, self.selected)
        items = []
        for gr in advice.groups:
            opts = "".join(f"<li>{rule_details(('★ ' if o.best else '') + esc(o.line), o.rule)}</li>"
                           for o in gr.options[:COACH_OPTIONS])
            more = len(gr.options) - COACH_OPTIONS
            if more > 0:
                opts += f"<li>… and {plural(more, 'other choice')}: the shaded hexes on the board</li>"
            focus = ' class="focus"' if gr.focus else ""
            opened = gr.focus or len(advice.groups) == 1
            items.append(f"<li{focus}><details{' open' if opened else ''}>"
                         f"<summary>{esc(gr.title if opened else gr.line)}</summary><ul>{opts}</ul></details></li>")
        best = (f"<div><b>The computer in your place:</b> {esc(advice.suggestion.line)}</div>"
                if advice.suggestion is not None else "")
        return (f'<div class="tutor-battle-coach" tabindex="0" role="region" aria-label="coach">'
                f"<b>What can I do now?</b> {esc(advice.headline)}<ul>{''.join(items)}</ul>{best}</div>")

    def _why_html(self) -> str:
        if self.refusal is not None:
            reason, rule = self.refusal
            return (f'<div class="tutor-why"><div class="verdict">Not allowed: {esc(reason)}</div>'
                    f'{rules_html([rule] if rule else [])}</div>')
        evs = [e for e in self.new_events() if e.kind != "action"]
        if not evs:
            return ""
        items = "".join(f"<li>{esc(e.text)}</li>" for e in evs[-8:])
        return (f'<details class="tutor-why"><summary><b>why?</b> the rules of the last step</summary>'
                f'<ul>{items}</ul>{rules_html([e.rule for e in evs])}</details>')

    def refresh(self) -> None:
        g = self.game
        acts = G.legal_actions(g) if self.screen_passed else []
        self.board.update(self._board_scene())
        self.hand.update(self._hand_scene())
        self.head.value = self._head_html()
        if self.refusal is not None:
            self.say("✗ " + esc(self.refusal[0]), bad=True)
        elif not self.screen_passed:
            self.say(f"Hot-seat: {self._player(g.player)}'s turn to act. Hand the screen over; "
                     f"{self._player(g.player)} then taps Pass the screen to show that hand.")
        else:
            self.say(esc(self._prompt(acts)))
        kids = []
        if not self.screen_passed:
            self.pass_button.description = "Pass the screen"
            self.pass_button.tooltip = f"I am {self._player(g.player)}: show my hand"
            kids.append(self.pass_button)
        elif not g.over:
            if g.phase == "play" and self.pending_card:
                kids += self.section_buttons
            if g.phase == "order":
                kids.append(self.done_button)
            if g.phase == "act":
                if self._take_action(acts):
                    kids.append(self.take_button)
                if self.parsed(acts, "wire"):
                    kids.append(self.wire_button)
                kids.append(self.end_button)
            if g.phase == "ambush":
                kids += [self.ambush_button, self.decline_button]
        self.controls.children = tuple(kids)
        self.undo_button.disabled = g.prev is None
        self.dice.value = self._dice_html()
        self.odds.value = self._odds_html() if self.screen_passed else ""
        if self.screen_passed:
            cards = self.hand_cards()
            self.hand_text.value = ('<ul class="tutor-hand-text">' + "".join(
                f"<li><b>{esc(C.name(c))}</b>: {esc(C.card(c).text)}</li>" for c in cards) + "</ul>")
        else:
            self.hand_text.value = ""
        self.why.value = self._why_html()
        self.coach.value = self.coach_html()
        self.log_html.value = self._log_html()
        opts = [(G.action_text(g, a), a) for a in acts] if self.screen_passed and not g.over else []
        self.all_actions.options = opts
        self.save_html.value = ""
