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

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, fmt, parse_hex
from tutor.memoir import cards as C
from tutor.memoir import coach
from tutor.memoir import game as G
from tutor.memoir import opponent as O
from tutor.memoir.action import Action
from tutor.render import style
from tutor.render.canvas import BoardView
from tutor.widgets.base import (
    CSS,
    esc,
    hex_field,
    live_alt,
    load_upload,
    small_button,
)
from tutor.widgets.battle_view import (  # noqa: F401 (the page's constants, re-exported)
    APP_CSS,
    COACH_OPTIONS,
    FACE_ICON,
    HAND_ROW,
    HAND_WIDTH,
    LOG_ROWS,
    MAX_OPPONENT_ACTIONS,
    PHASE_TEXT,
    BattleView,
    _hex_key,
    _pct,
    battle_odds,
    card_bonus,
    seat_side,
    turn_number,
)


class BattleApp(BattleView, W.VBox):
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
        if len(parts) == 3 and parts[0] in ("move", "battle") and parts[1] not in self.refusal[0]:
            # which unit the refusal is about, when the engine's reason names only the hex tapped
            self.refusal = (f"from {parts[1]}: {self.refusal[0]}", self.refusal[1])
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
            return last.target if last.target is not None and self._actor(last.target) else None
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
        geometry = self.board.scene.geometry
        assert geometry is not None             # (the battle's board of hexes)
        x, y = geometry.centre(h)
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
            elif g.turn is not None and h in g.turn.ordered:
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
            assert x.prev is not None           # (an order follows the card played)
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
        load_upload(self, change, "the file could not be loaded: {}")
