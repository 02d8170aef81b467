"""Play La Raye: the Undaunted: Normandy scenario book's first scenario, played whole on a live board,
solo against the computer (either side) or two players on one screen (hot-seat).

Every rule is the engine's: the page asks the game what may be done, turns taps into those
actions and shows the events they caused, each citing its rule. The board is
``tutor.widgets.undaunted_board.UndauntedBoard`` (the chapters' live board: tap a card of the
hand, then the counter and the tile; refusals are the engine's ``IllegalAction`` with its rule),
here with its plays routed through the game, so that undo, save and the computer's replies see
them.

    from tutor.widgets import UndauntedGame
    UndauntedGame(solo="axis", number=1)     # you command the Allies; the computer the Axis
    UndauntedGame(number=1)                  # hot-seat: two players, one screen

A round: both draw (done for you), both bid a card for the initiative (tap it; the computer bids
at the same time, hot-seat players one after the other with the screen passed between them), then
the initiative holder's turn and the other's. Undo takes back the learner's last step (and the
computer's reply); Save gives a file to download; Load reads one back; New game starts the
shuffle numbered in its field.
"""

from __future__ import annotations

import base64
import json
import random
from dataclasses import dataclass, replace

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.explain import plural, quote_html
from tutor.inputs import uploaded_file
from tutor.render.undaunted import card_title
from tutor.render.undaunted import words as plain
from tutor.scenario import SIDE_ADJECTIVES, SIDE_NAMES
from tutor.undaunted import rules as R
from tutor.undaunted.actions import apply as engine_apply
from tutor.undaunted.actions import card_plays
from tutor.undaunted.cards import CARDS
from tutor.undaunted.playout import MAX_PLAYS, random_action
from tutor.undaunted.scenario import new_game as engine_new_game
from tutor.undaunted.scenario import scenarios_dir
from tutor.undaunted.state import EndTurn, GameState, Play, RevealInitiative, Withdraw, other
from tutor.undaunted.state import Step as EngineStep
from tutor.widgets.base import CSS, choice_buttons, esc, rules_html, small_button
from tutor.widgets.undaunted_board import Answer, BoardStep, UndauntedBoard, action_label

SIDES = ("allied", "axis")
SCENARIO = "la-raye"
SAVED_KIND = "undaunted-saved-game"
LOG_ROWS = 120
MAX_COMPUTER_STEPS = 400          # a safety net: a computer turn never runs away

APP_CSS = """<style>
.tutor-und-game .tutor-und-head { font-size: 14px; display: flex; flex-wrap: wrap; gap: 2px 14px; align-items: baseline; }
.tutor-und-head .turn { font-weight: bold; }
.tutor-und-head .obj span { display: inline-block; padding: 1px 7px; border-radius: 9px; margin-right: 4px;
  border: 1px solid #999; background: #f7f3e6; }
.tutor-und-win { font-size: 17px; font-weight: bold; color: #1b6e1b; padding: 4px 0; }
.tutor-und-zones { font-size: 12.5px; line-height: 1.45; }
.tutor-und-zones table { border-collapse: collapse; }
.tutor-und-zones td, .tutor-und-zones th { padding: 1px 6px; text-align: left; vertical-align: top;
  border-bottom: 1px solid #eee; }
.tutor-und-coach { font-size: 12.5px; border-left: 3px solid #0b5cad; padding: 2px 8px; background: #f4f8fc; }
.tutor-und-coach ul { margin: 2px 0; padding-left: 18px; }
.tutor-log { font-size: 12.5px; max-height: 300px; overflow: auto; border: 1px solid #ddd; padding: 4px 8px; }
.tutor-log details { margin: 1px 0; }
.tutor-log summary { cursor: pointer; }
.tutor-log .act { font-weight: bold; margin-top: 6px; }
.tutor-log .cite { color: #6b6b6b; font-size: 11px; }
.tutor-log .rule-sum { margin: 2px 0 4px 14px; }
.tutor-log q { display: block; font-style: italic; margin: 2px 0 4px 14px; color: #333; }
</style>"""


# ------------------------------------------------------------------------------------------------
# The game as a chain of steps: every state the game went through, the action that led to it, its
# events and who took it. One door to the engine (``_engine_apply``), one to the computer
# (``computer_choice``).


@dataclass(frozen=True)
class Step:
    state: GameState
    prev: Step | None = None
    action: object = None
    events: tuple = ()
    by: str | None = None          # the side whose step it was; None for the draw
    why: str = ""                  # the computer's reason, when it took the step
    n: int = 0                     # steps so far (the n-th seeded roll)

    @property
    def length(self) -> int:
        return self.n


def _rng(number: int, n: int) -> random.Random:
    return random.Random(f"la-raye:{number}:{n}")


def scenario_path():
    return scenarios_dir() / f"{SCENARIO}.yaml"


def start(number: int) -> Step:
    """La Raye set up with the shuffle ``number``, both hands drawn (the round's first step)."""
    s = engine_new_game(scenario_path(), random.Random(number))
    return _auto(Step(s), number)


def advance(step: Step, action, number: int, *, by: str | None, why: str = "") -> Step:
    """The step after ``action`` (IllegalAction, with its rule, if the rules forbid it; nothing
    changes), followed by the draw when a round ends."""
    out = engine_apply(step.state, action, _rng(number, step.n))
    return _auto(Step(out.state, step, action, out.events, by, why, step.n + 1), number)


def _auto(step: Step, number: int) -> Step:
    """Steps nobody decides: the draw at the start of every round."""
    while step.state.phase == "draw":
        out = engine_apply(step.state, _draw(), _rng(number, step.n))
        step = Step(out.state, step, _draw(), out.events, None, "", step.n + 1)
    return step


def _draw():
    from tutor.undaunted.state import DrawCards
    return DrawCards()


def plays_this_turn(step: Step, side: str) -> int:
    n = 0
    x = step
    while x is not None and x.by == side and isinstance(x.action, (Play, Withdraw)):
        n += 1
        x = x.prev
    return n


def computer_choice(state: GameState, side: str, rng: random.Random, plays: int = 0) -> tuple[object, str]:
    """The computer's choice for ``side`` now and why: in the initiative phase the card it bids (a
    card id), in its turn an action. For now a random legal choice."""
    if state.phase == "initiative":
        hand = state.zones_of(side).hand
        card = rng.choice(sorted(hand)) if hand else None
        return card, "a card of its hand, picked at random"
    a = random_action(state, rng, plays)
    return a, "picked at random among the plays the rules allow"


# ------------------------------------------------------------------------------------------------
# Words for the log


def action_words(a) -> str:
    """An action in the learner's words: "Scout A: Scout 2 → 12B → 4B", "Rifleman B hunkers down"."""
    if isinstance(a, Play):
        if a.action == "ready":
            return f"{card_title(a.card)}: Ready (flip the counter back)"
        text = f"{card_title(a.card)}: {action_label(a.card, a.action)}"
        if a.unit:
            text += f", {card_title(a.unit)}"
        if a.path:
            text += " → " + " → ".join(a.path)
        if a.target:
            text += f" at {card_title(a.target) if a.target in CARDS else a.target}"
        if a.cards:
            text += " (" + ", ".join(card_title(c) for c in a.cards) + ")"
        if a.deploy:
            text += f", placed on {a.deploy}"
        return text
    if isinstance(a, Withdraw):
        return f"{card_title(a.card)} hunkers down (back to the supply)"
    if isinstance(a, EndTurn):
        return "ends the turn"
    if isinstance(a, RevealInitiative):
        return (f"initiative bids: Allies {card_title(a.allied) if a.allied else 'no card'}, "
                f"Axis {card_title(a.axis) if a.axis else 'no card'}")
    return "both players draw 4 cards"


def action_json(a) -> dict:
    d = {"type": type(a).__name__}
    for k, v in vars(a).items():
        if v not in (None, ()):
            d[k] = list(v) if isinstance(v, tuple) else v
    return d


ACTION_TYPES = {"Play": Play, "Withdraw": Withdraw, "EndTurn": EndTurn, "RevealInitiative": RevealInitiative}


def action_from_json(d) -> object:
    if not isinstance(d, dict) or d.get("type") not in ACTION_TYPES:
        raise InputError("a step of the game is not an action of this game")
    kw = {k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items() if k != "type"}
    try:
        return ACTION_TYPES[d["type"]](**kw)
    except TypeError:
        raise InputError("a step of the game is not an action of this game") from None


# ------------------------------------------------------------------------------------------------
# The live board, its plays routed through the game


class _TurnBoard(UndauntedBoard):
    """The chapters' live board; a play goes through the game page (``owner.learner_play``)."""

    owner: UndauntedGame

    def _apply(self, action, n):
        return self.owner.learner_play(action)

    def _attempt(self, action, tiles, trail=()):
        n = self.owner.step.n
        super()._attempt(action, tiles, trail)
        if self.owner.step.n != n:                # played: the page follows (zones, log, the computer)
            after = self.owner.after_text()
            if after:
                a = self.value.answer
                self.value = replace(self.value, answer=replace(a, text=f"{a.text} {after}") if a else Answer(after))
                self.refresh()
            self._history.clear()
            self.owner.refresh()
        else:
            self.owner.refusal = None

    def tap(self, tile, token=None):
        why = self.owner.board_blocked()
        if why:
            self.say(esc(why), bad=True)
            return
        super().tap(tile, token)

    def _dispatch(self, tile, token):
        if self.game.phase == "initiative":
            self._answer("First bid for the initiative: tap a card of your hand (under the board).",
                         rules=[R.INITIATIVE])
            return
        if self.game.phase == "over":
            self._answer(f"The game is over: {plain(self.game.result or '')}. Undo, or start a new game.",
                         rules=[R.GAME_END])
            return
        super()._dispatch(tile, token)


class UndauntedGame(W.VBox):
    """``UndauntedGame(solo=None, number=1, dpr=2)``: La Raye to the end.

    ``solo``: the side the computer plays ("allied" or "axis"); None: hot-seat for two players.
    ``number``: the shuffle's number (the same number, the same shuffles and dice)."""

    def __init__(self, solo: str | None = None, number: int = 1, *, dpr: int = 2, coach: bool = True):
        if solo not in (None, "allied", "axis"):
            raise InputError(f"solo {solo!r} is unknown: allowed are 'allied', 'axis' or None (hot-seat)")
        self.solo = solo
        self.number = number
        self.step = start(number)
        self.bids: dict[str, str | None] = {}     # hot-seat: the first bid, waiting for the second
        self.viewer = self._to_act() or "allied"  # whose hand is on screen
        self.refusal: tuple | None = None
        self.mark = self.step.n                   # the log is "new" from here
        self._computer()

        self.head = W.HTML()
        self.board = _TurnBoard(self.step.state, seed=number, dpr=dpr)
        self.board.owner = self
        bar = self.board.children[1]             # the board's own Undo and Reset: the game's replace them
        bar.children = tuple(c for c in bar.children if c not in (self.board.undo_button, self.board.reset_button))
        self.board.layout.max_width = "660px"
        self.bid_label = W.HTML()
        self.bid_row = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%", align_items="center"))
        self.pass_button = small_button("Pass the screen", "eye", "show the hand of the player to act")
        self.pass_button.button_style = "warning"
        self.pass_button.on_click(lambda _: self.pass_screen())
        self.pass_box = W.Box(layout=W.Layout(width="100%"))
        self.zones = W.HTML()
        self.coach_switch = W.Checkbox(value=coach, description="Coach: what can I do now?", indent=False,
                                       layout=W.Layout(width="auto"))
        self.coach_switch.observe(lambda _: self.refresh(), "value")
        self.coach = W.HTML()
        self.undo_button = small_button("Undo", "undo", "take back your last step (and the computer's reply)")
        self.undo_button.on_click(lambda _: self.undo())
        self.number_field = W.BoundedIntText(value=number, min=0, max=999_999, description="Game no.",
                                             tooltip="the shuffle: the same number deals the same cards and dice",
                                             layout=W.Layout(width="11em", height="40px"))
        self.new_button = small_button("New game", "refresh", "start La Raye again with the shuffle numbered here")
        self.new_button.on_click(lambda _: self.new_game(self.number_field.value))
        self.save_button = small_button("Save", "download", "make a download link of this game")
        self.save_button.on_click(lambda _: self.save_link())
        self.save_html = W.HTML()
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load",
                                   layout=W.Layout(width="auto", height="40px"))
        self.upload.observe(self._on_upload, "value")
        self.status = W.HTML()
        self.log_box = W.HTML()
        files = W.HBox([self.undo_button, self.number_field, self.new_button, self.save_button, self.upload,
                        self.save_html], layout=W.Layout(flex_flow="row wrap", width="100%", align_items="center"))
        kids = list(self.board.children)          # the bids where the board shows the hand: above the map
        at = kids.index(self.board.hand_label)
        kids[at:at] = [self.bid_label, self.bid_row]
        self.board.children = tuple(kids)
        left = W.VBox([self.board], layout=W.Layout(flex="1 1 520px", min_width="300px", max_width="680px"))
        right = W.VBox([self.status, self.pass_box, self.zones, self.coach_switch, self.coach, files,
                        self.log_box], layout=W.Layout(flex="1 1 380px", min_width="300px", max_width="640px"))
        body = W.HBox([left, right], layout=W.Layout(flex_flow="row wrap", width="100%", align_items="flex-start",
                                                     grid_gap="0 16px"))
        super().__init__([W.HTML(CSS + APP_CSS), self.head, body], layout=W.Layout(width="100%"))
        self.add_class("tutor-und-game")
        self._show_state(None)

    # ------------------------------------------------------------------------------------------
    # Who is who

    @property
    def game(self) -> GameState:
        return self.step.state

    def human(self) -> str | None:
        """The learner's side in a solo game."""
        return other(self.solo) if self.solo else None

    def _to_act(self, s: GameState | None = None, bids=None) -> str | None:
        """The side to decide now: in the turn phase the active side; in the initiative phase the
        first side that has not bid (solo: the learner)."""
        s = s or self.game
        if s.over:
            return None
        if s.phase == "initiative":
            if self.solo:
                return self.human()
            bids = self.bids if bids is None else bids
            return next((x for x in SIDES if x not in bids), None)
        return s.active

    def is_computer(self, side: str | None) -> bool:
        return self.solo is not None and side == self.solo

    @property
    def screen_passed(self) -> bool:
        """Whether the hand on screen is the one of the side to act (hot-seat)."""
        return self.solo is not None or self.game.over or self.viewer == self._to_act()

    def board_blocked(self) -> str:
        if not self.screen_passed:
            return f"Hot-seat: pass the screen to the {SIDE_ADJECTIVES[self._to_act()]} player first."
        return ""

    # ------------------------------------------------------------------------------------------
    # Playing

    def learner_play(self, action):
        """A play from the board (Play, Withdraw, EndTurn): through the game; the computer replies.
        Returns the engine's step for the board's answer; IllegalAction leaves everything as it was."""
        before = self.step
        nxt = advance(before, action, self.number, by=action.side)
        self.mark = before.n
        self.step = nxt
        self.refusal = None
        self._computer()
        return EngineStep(self.game, nxt.events)       # the board shows the game after the computer's reply

    def bid(self, card: str | None) -> bool:
        """The side to act bids ``card`` for the initiative (a card of its hand)."""
        s = self.game
        side = self._to_act()
        if s.phase != "initiative" or side is None:
            self._refuse("The initiative is bid at the start of a round, after the draw, not now.", R.INITIATIVE)
            return False
        if not self.screen_passed:
            self._refuse(self.board_blocked(), None)
            return False
        hand = s.zones_of(side).hand
        if card not in hand and not (card is None and not hand):
            self._refuse(f"There is no {card_title(card) if card in CARDS else card} card in your hand to bid.",
                         R.INITIATIVE)
            return False
        bids = {**self.bids, side: card}
        reason = ""
        if self.solo:
            rng = _rng(self.number, self.step.n)
            bids[self.solo], reason = computer_choice(s, self.solo, rng)
        if len(bids) < 2:                        # hot-seat: the other player bids next
            self.bids = bids
            self.refusal = None
            self._show_state(None)
            return True
        before = self.step
        action = RevealInitiative(bids["allied"], bids["axis"])
        why = ""
        if self.solo:
            c = bids[self.solo]
            why = (f"The computer bid {card_title(c)} (initiative {CARDS[c].initiative}): {reason}."
                   if c else "The computer had no card to bid.")
        self.step = advance(before, action, self.number, by=self.human(), why=why)
        self.bids = {}
        self.mark = before.n
        self.refusal = None
        self._computer()
        self.board.value = BoardStep(self.game)
        self.board._history.clear()
        self._show_state(None)
        return True

    def _computer(self) -> None:
        """The computer's steps while it is to act (solo)."""
        k = 0
        while self.solo and not self.game.over and self.game.phase == "turn" \
                and self.game.active == self.solo and k < MAX_COMPUTER_STEPS:
            rng = _rng(self.number, self.step.n)
            a, why = computer_choice(self.game, self.solo, rng, plays_this_turn(self.step, self.solo))
            if plays_this_turn(self.step, self.solo) >= MAX_PLAYS:
                a, why = EndTurn(self.solo), "it has played long enough this turn"
            self.step = advance(self.step, a, self.number, by=self.solo, why=why)
            k += 1
        if self.solo is None and not self.game.over:
            pass                                  # hot-seat: the viewer changes only when the screen is passed

    def after_text(self) -> str:
        """What happened after the learner's last play without a tap: the computer's turn, a new
        round's draw (one line for the board's answer; the log has the details)."""
        s = self.game
        x, theirs = self.step, 0
        while x is not None and x.n > self.mark + 1:
            theirs += self.is_computer(x.by)
            x = x.prev
        bits = []
        if theirs:
            bits.append(f"The computer ({SIDE_NAMES[self.solo]}) played its turn: {plural(theirs, 'step')}, "
                        f"each in the log with its reason.")
        if s.over:
            bits.append(f"{plain(s.result or 'The game is over')}.")
        elif s.phase == "initiative":
            bits.append(f"Round {s.round}: both have drawn; bid for the initiative.")
        return " ".join(bits)

    def _refuse(self, reason: str, rule) -> None:
        self.refusal = (reason, rule)
        self.refresh()

    def pass_screen(self) -> None:
        self.viewer = self._to_act() or self.viewer
        self.refusal = None
        self.refresh()

    def undo(self) -> None:
        """Back to before the learner's last step (the computer's reply taken back too)."""
        if self.bids:                             # hot-seat: a first bid not yet revealed
            self.bids = {}
            self.viewer = self._to_act()
            self.refusal = None
            self._show_state("Your bid is taken back.")
            return
        x = self.step
        while x.prev is not None and (x.by is None or self.is_computer(x.by)):
            x = x.prev
        if x.prev is None:
            self._show_state("Nothing to undo: this is the start of the game.")
            return
        self.step = x.prev
        self.step = self.step if self.step.by is not None or self.step.prev is None else self.step
        self.mark = max(0, self.step.n - 1)
        self.refusal = None
        if self.solo is None:
            self.viewer = self._to_act() or self.viewer
        self._show_state("Your last step is taken back.")

    def new_game(self, number: int | None = None) -> None:
        self.number = self.number if number is None else int(number)
        self.step = start(self.number)
        self.bids = {}
        self.mark = self.step.n
        self.refusal = None
        self._computer()
        self.viewer = self._to_act() or "allied"
        self.number_field.value = self.number
        self._show_state(f"A new game of La Raye, game number {self.number}.")

    # ------------------------------------------------------------------------------------------
    # Save and load

    def actions(self) -> list:
        out = []
        x = self.step
        while x is not None:
            if x.action is not None and x.by is not None or isinstance(x.action, RevealInitiative):
                out.append(x)
            x = x.prev
        out.reverse()
        return [{"action": action_json(s.action), "by": s.by, **({"why": s.why} if s.why else {})} for s in out]

    def save_text(self) -> str:
        return json.dumps({"format": 1, "game": "undaunted", "kind": SAVED_KIND, "scenario": SCENARIO,
                           "number": self.number, "solo": self.solo, "steps": self.actions()},
                          ensure_ascii=False, indent=1) + "\n"

    def save_link(self) -> str:
        data = base64.b64encode(self.save_text().encode("utf-8")).decode("ascii")
        name = f"la-raye-{self.number}-round{self.game.round}.json"
        self.save_html.value = (f'<a download="{esc(name)}" href="data:application/json;base64,{data}" '
                                f'style="font-size:13px">⬇ Download the saved game</a>')
        return self.save_html.value

    def load(self, source) -> None:
        """Load a saved game (its text, bytes or parsed mapping); one line (InputError) if it is
        not a saved La Raye game, the game on screen unchanged."""
        data = source
        if isinstance(source, (bytes, bytearray, memoryview)):
            try:
                data = bytes(source).decode("utf-8")
            except UnicodeDecodeError:
                raise InputError("this file is not a saved La Raye game: it is not text") from None
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                raise InputError("this file is not a saved La Raye game: it is not a game saved by this page") from None
        if not isinstance(data, dict) or data.get("kind") != SAVED_KIND or data.get("game") != "undaunted":
            raise InputError("this file is not a saved La Raye game: save one with Save on this page")
        if data.get("scenario") != SCENARIO:
            raise InputError("this file is not a saved La Raye game: it is another scenario")
        number, solo, steps = data.get("number"), data.get("solo"), data.get("steps")
        if type(number) is not int or not 0 <= number <= 999_999 or solo not in (None, *SIDES) \
                or not isinstance(steps, list) or len(steps) > 20_000:
            raise InputError("this file is not a saved La Raye game: its game number, side or steps are damaged")
        step = start(number)
        for i, item in enumerate(steps, 1):
            if not isinstance(item, dict) or item.get("by") not in (None, *SIDES):
                raise InputError(f"this file is not a saved La Raye game: step {i} is damaged")
            why = item.get("why", "")
            try:
                step = advance(step, action_from_json(item.get("action")), number, by=item.get("by"),
                               why=why if isinstance(why, str) else "")
            except (IllegalAction, InputError, TypeError, ValueError, KeyError):
                raise InputError(f"this file is not a saved La Raye game: step {i} is not a legal play") from None
        self.solo, self.number, self.step = solo, number, step
        self.bids, self.refusal = {}, None
        self.mark = max(0, step.n - 1)
        self.viewer = self._to_act() or "allied"
        self.number_field.value = number
        self._computer()
        self._show_state(f"Game loaded: round {self.game.round}.")

    def _on_upload(self, change) -> None:
        try:
            got = uploaded_file(change["new"], "saved game")
            if got is None:
                return
            self.load(got[1])
        except InputError as exc:
            self.refusal = (f"The file could not be loaded: {exc}.", None)
            self.refresh()

    # ------------------------------------------------------------------------------------------
    # Showing

    def _show_state(self, message: str | None) -> None:
        """Put the game's state on the board (a fresh step of the board) and refresh the page."""
        s = self.game
        answer = None
        if s.phase == "initiative":
            answer = Answer("Bid for the initiative first: tap a card of your hand above the map.",
                            rules=(R.INITIATIVE,))
        elif s.over:
            answer = Answer(f"{plain(s.result or 'The game is over')}.", True, rules=(R.GAME_END,))
        self.board.value = BoardStep(s, answer=answer)
        self.board._history.clear()
        self.board.refresh()
        self.refresh(message)

    def _events_since_mark(self) -> list:
        out, x = [], self.step
        while x is not None and x.n > self.mark:
            out.append(x)
            x = x.prev
        return list(reversed(out))

    def last_bid(self):
        """The last initiative event: (allied card, axis card, holder), or None."""
        x = self.step
        while x is not None:
            for e in x.events:
                if e.kind == "initiative":
                    return e.data.get("allied"), e.data.get("axis"), e.data.get("holder"), x.state.round
            x = x.prev
        return None

    def _who(self, side: str) -> str:
        if self.solo:
            return "you" if side == self.human() else "the computer"
        return f"the {SIDE_NAMES[side]}"

    def head_html(self) -> str:
        s = self.game
        target = {x: s.scenario.victory_of(x).objectives for x in SIDES}
        obj = "".join(f'<span>{SIDE_NAMES[x]} {s.objectives_held(x)}/{target[x]}</span>' for x in SIDES)
        side = self._to_act()
        if s.over:
            turn = "Game over"
        elif s.phase == "initiative":
            turn = f"Round {s.round} · initiative bids"
        else:
            turn = f"Round {s.round} · {SIDE_ADJECTIVES[s.active]} turn" + (" (the computer)" if self.is_computer(side) else "")
        mode = f"solo: you are the {SIDE_NAMES[self.human()]}" if self.solo else "hot-seat"
        bid = self.last_bid()
        if bid is None:
            init = f"Initiative token: {SIDE_NAMES[s.initiative]} (the scenario's start)"
        else:
            a, x, holder, rnd = bid
            words = " vs ".join(f"{SIDE_NAMES[sd]} {card_title(c) + ' ' + str(CARDS[c].initiative) if c else 'no card'}"
                                for sd, c in (("allied", a), ("axis", x)))
            init = f"Initiative (round {rnd}): {words} → {SIDE_NAMES[holder]} first"
        out = (f'<div class="tutor-und-head"><span class="turn">La Raye — {esc(turn)}</span>'
               f'<span class="obj">Objectives (to win {target["allied"]}): {obj}</span>'
               f'<span>{esc(init)}</span><span>{esc(mode)}</span></div>')
        if s.over:
            out += f'<div class="tutor-und-win" role="status">🏅 {esc(plain(s.result or ""))}</div>'
        return out

    def zones_html(self) -> str:
        s = self.game
        rows = []
        for side in SIDES:
            z = s.zones_of(side)
            shown = side == self.viewer and self.screen_passed and not self.is_computer(side) or s.over
            hand = (", ".join(card_title(c) for c in z.hand) or "empty") if shown else plural(len(z.hand), "card")
            sup = {c: z.supply.count(c) for c in dict.fromkeys(sorted(z.supply))}
            supply = ", ".join(f"{card_title(c)}{' ×' + str(n) if n > 1 else ''}" for c, n in sup.items()) or "empty"
            discard = ", ".join(card_title(c) for c in z.discard) or "empty"
            out = ", ".join(card_title(c) for c in z.out) or "none"
            table = ", ".join(card_title(c) for c in z.table)
            rows.append(f"<tr><th>{SIDE_NAMES[side]}</th><td><b>hand</b>: {esc(hand)}"
                        + (f"; <b>played</b>: {esc(table)}" if table else "")
                        + f"<br><b>draw deck</b>: {plural(len(z.draw), 'card')} · <b>discard</b>: {esc(discard)}"
                        f"<br><b>supply</b>: {esc(supply)}<br><b>out of the game</b>: {esc(out)}</td></tr>")
        return f'<div class="tutor-und-zones"><table>{"".join(rows)}</table></div>'

    def coach_html(self) -> str:
        """What the side to act may do now, one line each (the coach)."""
        s = self.game
        side = self._to_act()
        if not self.coach_switch.value or s.over or side is None or self.is_computer(side) or not self.screen_passed:
            return ""
        if s.phase == "initiative":
            hand = s.zones_of(side).hand
            best = max(hand, key=lambda c: CARDS[c].initiative, default=None)
            items = [f"Bid a card: the higher initiative number goes first this round (a tie leaves the token "
                     f"where it is, with the {SIDE_NAMES[s.initiative]}). Your highest: "
                     f"{card_title(best)} ({CARDS[best].initiative})." if best else "You have no card to bid.",
                     "The bid card goes to the discard pile: a Fog of War is a cheap bid, it has no action."]
        else:
            items = []
            for c in sorted(set(s.zones_of(side).hand)):
                if CARDS[c].is_fog:
                    items.append(f"{card_title(c)}: no action; it only counts for the initiative.")
                    continue
                plays = [p for p in card_plays(s, side, c) if isinstance(p, Play)]
                names = list(dict.fromkeys(action_label(c, p.action) for p in plays))
                if names:
                    items.append(f"{card_title(c)}: {', '.join(names)} — or hunker down.")
                else:
                    items.append(f"{card_title(c)}: nothing it can do here; hunker down (back to the supply).")
            items.append("End turn: the rest of your hand and your played cards go to the discard pile.")
        lis = "".join(f"<li>{esc(i)}</li>" for i in items)
        return f'<div class="tutor-und-coach"><b>What can I do now?</b><ul>{lis}</ul></div>'

    def log_text(self) -> str:
        rows = []
        x = self.step
        while x is not None and len(rows) < LOG_ROWS:
            new = " style='background:#fff8d6'" if x.n > self.mark else ""
            for e in reversed(x.events):
                r = e.rule
                rows.append(f'<details{new}><summary>{esc(plain(e.text))} <span class="cite">— '
                            f'{esc(r.section)} (why?)</span></summary><div class="rule-sum">{esc(r.summary)}</div>'
                            f'{quote_html(r, tag="q")}<div class="cite rule-sum">{esc(r.cite)}</div></details>')
            if x.action is not None:
                who = self._who(x.by).capitalize() if x.by else "Both players"
                if isinstance(x.action, RevealInitiative):
                    who = "Both players"
                why = f" — why: {esc(x.why)}" if x.why and self.is_computer(x.by) or x.why.startswith("The computer") else ""
                rows.append(f'<div class="act"{new}>{esc(who)}: {esc(action_words(x.action))}{why}</div>')
            x = x.prev
        return ('<div class="tutor-log" tabindex="0" role="log" aria-label="game log"><b>Game log</b> '
                '(latest first; tap an event for its rule and the original text)' + "".join(rows) + "</div>")

    def bid_widgets(self) -> tuple[str, tuple]:
        s = self.game
        side = self._to_act()
        if s.phase != "initiative" or side is None or not self.screen_passed:
            return "", ()
        hand = s.zones_of(side).hand
        items = [(f"{card_title(c)} · {CARDS[c].initiative}", c) for c in dict.fromkeys(sorted(hand))]
        label = (f'<div class="tutor-status"><b>{SIDE_ADJECTIVES[side]} player: bid for the initiative</b> — tap a card of your hand '
                 f'(its initiative number follows its name).</div>')
        if not hand:
            items = [("No card to bid", None)]
        return label, choice_buttons(items, self.bid)

    def refresh(self, message: str | None = None) -> None:
        s = self.game
        self.head.value = self.head_html()
        passed = self.screen_passed
        side = self._to_act()
        self.pass_box.children = () if passed else (self.pass_button,)
        if not passed:
            self.pass_button.description = f"I am the {SIDE_ADJECTIVES[side]} player: show my hand"
        for w in (self.board.hand_label, self.board.hand_pick, self.board.action_row):
            if not passed:
                w.layout.display = "none"
        if passed and s.phase == "turn":
            self.board.hand_label.layout.display = "block"
            self.board.hand_pick.layout.display = "flex"
        if s.phase != "turn":
            self.board.hand_label.layout.display = "none"
        label, buttons = self.bid_widgets()
        self.bid_label.value = label
        self.bid_row.children = buttons
        self.zones.value = self.zones_html()
        self.coach.value = self.coach_html()
        self.log_box.value = self.log_text()
        self.undo_button.disabled = self.step.prev is None and not self.bids
        self.save_html.value = ""
        if self.refusal is not None:
            reason, rule = self.refusal
            text = f'<div class="tutor-status bad" role="status">✗ {esc(reason)}</div>'
            self.status.value = text + (f'<div class="tutor-why">{rules_html([rule])}</div>' if rule else "")
        elif not passed:
            self.status.value = (f'<div class="tutor-status" role="status">Hot-seat: the {SIDE_ADJECTIVES[side]} player '
                                 f'is next. Pass the screen, then tap the button to show that hand.</div>')
        else:
            self.status.value = f'<div class="tutor-status" role="status">{esc(message or self._prompt())}</div>'

    def _prompt(self) -> str:
        s = self.game
        side = self._to_act()
        if s.over:
            return "The game is over. Undo, or start a new game."
        if s.phase == "initiative":
            waiting = f" (the {SIDE_ADJECTIVES[other(side)]} player has bid, face down)" if self.bids else ""
            return f"{SIDE_ADJECTIVES[side]} player: bid a card for the initiative{waiting}."
        return (f"{SIDE_ADJECTIVES[side]} turn: tap a card of your hand (or one of your units), then the tile or "
                f"the enemy unit; End turn when done.")

    # -- for tests and scripts
    def hand(self, side: str | None = None) -> tuple[str, ...]:
        return self.game.zones_of(side or self._to_act()).hand


__all__ = ["UndauntedGame", "action_words", "advance", "computer_choice", "start"]
