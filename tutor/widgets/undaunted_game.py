"""Play La Raye: the Undaunted: Normandy scenario book's first scenario, played whole on a live board,
solo against the computer (either side) or two players on one screen (hot-seat).

Every rule is the engine's, reached through the one game protocol (``tutor.games.UNDAUNTED``:
``new``, ``to_act``, ``apply``, ``events``, ``undo``, ``save``/``load``): the page turns taps into
the protocol's actions and shows the events they caused, each citing its rule. The board is
``tutor.widgets.undaunted_board.UndauntedBoard`` (the chapters' live board: tap a card of the
hand, then the counter and the tile; refusals are the engine's ``IllegalAction`` with its rule),
here with its plays routed through the match, so that undo, save and the computer's replies see
them. The computer is ``tutor.undaunted.opponent.choose`` (each step logged with its reason); the
coach lists what the side to act may do and the computer's choices in its place.

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
from dataclasses import replace
from pathlib import Path

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.explain import plural, sentence
from tutor.games import UNDAUNTED as U
from tutor.games import Match
from tutor.render.undaunted import card_title
from tutor.render.undaunted import words as plain
from tutor.sides import SIDE_ADJECTIVES, SIDE_NAMES
from tutor.undaunted import coach
from tutor.undaunted import opponent as UO
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS
from tutor.undaunted.state import Bid, DrawCards, GameState, RevealInitiative, other
from tutor.undaunted.state import Step as EngineStep
from tutor.widgets.base import CSS, choice_buttons, esc, game_css, load_upload, rules_html, small_button
from tutor.widgets.undaunted_board import BoardStep, UndauntedBoard
from tutor.widgets.undaunted_words import (
    SIDES,
    Answer,
    acting_side,
    action_words,
    coach_html,
    head_html,
    last_bid,
    log_html,
    who,
    zones_html,
)

SCENARIO = "la-raye"
MAX_COMPUTER_STEPS = 400          # a safety net: a computer turn never runs away
REASONS_ON_LOAD = 40              # a loaded game: the last computer steps whose reasons are worked out again

APP_CSS = game_css("tutor-und", log_height=300) + """<style>
.tutor-und-game .tutor-und-head { gap: 2px 14px; }
.tutor-und-win { padding: 4px 0; }
.tutor-und-zones { font-size: 12.5px; line-height: 1.45; }
.tutor-und-zones table { border-collapse: collapse; }
.tutor-und-zones td, .tutor-und-zones th { padding: 1px 6px; text-align: left; vertical-align: top;
  border-bottom: 1px solid #eee; }
.tutor-und-coach { background: #f4f8fc; max-height: 260px; overflow-y: auto; }
.tutor-und-coach li, .tutor-und-zones, .tutor-log { line-height: 1.35; }
</style>"""


# ------------------------------------------------------------------------------------------------
# The game through the one game protocol (``tutor.games``), the computer through its opponent
# (``tutor.undaunted.opponent``): one door each.


def start(number: int) -> Match:
    """La Raye set up with the shuffle ``number``, both hands drawn."""
    return U.new(SCENARIO, seed=number)


def computer_choice(match: Match, side: str) -> UO.Choice:
    """The computer's next step for ``side`` (``tutor.undaunted.opponent.choose``): its action (a
    protocol action: the bid is the protocol's ``Bid``), one line of why and the rule it rests on."""
    return UO.choose(match, side)


# ------------------------------------------------------------------------------------------------
# The live board, its plays routed through the game


class _TurnBoard(UndauntedBoard):
    """The chapters' live board; a play goes through the game page (``owner.learner_play``)."""

    owner: UndauntedGame

    def _apply(self, action, n):
        return self.owner.learner_play(action)

    def _attempt(self, action, tiles, trail=()):
        why = self.owner.board_blocked()
        if why:                                   # hot-seat: End turn or a typed tile before the screen is passed
            self.say(esc(why), bad=True)
            return
        n = self.owner.match.length
        super()._attempt(action, tiles, trail)
        if self.owner.match.length != n:                # played: the page follows (zones, log, the computer)
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
            self._answer("First bid for the initiative: tap a card of your hand (above the map).",
                         rules=[UR.INITIATIVE])
            return
        if self.game.phase == "over":
            self._answer(f"The game is over: {plain(self.game.result or '')}. Undo, or start a new game.",
                         rules=[UR.GAME_END])
            return
        super()._dispatch(tile, token)


class UndauntedGame(W.VBox):
    """``UndauntedGame(solo=None, number=1, dpr=2, coach=True)``: La Raye to the end.

    ``solo``: the side the computer plays ("allied" or "axis"); None: hot-seat for two players.
    ``number``: the game's number (the same number deals the same shuffles and dice).
    ``coach``: the "What can I do now?" panel on at the start (a switch on the page)."""

    def __init__(self, solo: str | None = None, number: int = 1, *, dpr: int = 2, coach: bool = True):
        if solo not in (None, "allied", "axis"):
            raise InputError(f"solo {solo!r} is unknown: allowed are 'allied', 'axis' or None (hot-seat)")
        self.solo = solo
        self.number = number
        self.match = start(number)
        self.reasons: dict = {}                   # match length -> the computer's step explained (coach.explain)
        self.refusal: tuple | None = None
        self.mark = 0                             # the log is "new" after this match length
        self.viewer = self._to_act() or "allied"  # whose hand is on screen
        self._computer()

        self.head = W.HTML()
        self.board = _TurnBoard(self.game, seed=number, dpr=dpr)
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
                                             tooltip="the same number deals the same cards and dice",
                                             layout=W.Layout(width="11em", height="40px"))
        self.new_button = small_button("New game", "refresh", "start La Raye again, the game numbered beside")
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
        kids[at:at] = [self.pass_box, self.bid_label, self.bid_row]
        # the board's answer to a tap (and its rule) at the top of the side column, in view on a laptop
        kids = [k for k in kids if k not in (self.board.status, self.board.why)]
        self.board.children = tuple(kids)
        left = W.VBox([self.board], layout=W.Layout(flex="1 1 520px", min_width="300px", max_width="680px"))
        right = W.VBox([self.board.status, self.board.why, self.status, self.zones, self.coach_switch, self.coach, files,
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
        """The engine's state of the match on screen."""
        return self.match.state

    def human(self) -> str | None:
        """The learner's side in a solo game."""
        return other(self.solo) if self.solo else None

    def _to_act(self) -> str | None:
        """The side to decide now (the protocol's ``to_act``): in the initiative bid, when both
        still choose, the learner (solo) or the Allies (hot-seat) first."""
        seats = U.to_act(self.match)
        if not seats:
            return None
        if self.solo and self.human() in seats:
            return self.human()
        return seats[0]

    def _side_to_act(self) -> str:
        """The side to decide now in a game not over (:meth:`_to_act`)."""
        side = self._to_act()
        assert side is not None                 # (a game not over has a side to act)
        return side

    def is_computer(self, side: str | None) -> bool:
        return self.solo is not None and side == self.solo

    @property
    def screen_passed(self) -> bool:
        """Whether the hand on screen is the one of the side to act (hot-seat)."""
        return self.solo is not None or U.is_over(self.match) or self.viewer == self._to_act()

    def board_blocked(self) -> str:
        if not self.screen_passed:
            return f"Hot-seat: pass the screen to the {SIDE_ADJECTIVES[self._side_to_act()]} player first."
        return ""

    # ------------------------------------------------------------------------------------------
    # Playing

    def learner_play(self, action):
        """A play from the board (Play, Withdraw, EndTurn): through the game; the computer replies.
        Returns the engine's step for the board's answer; IllegalAction leaves everything as it was."""
        before = self.match
        nxt = U.apply(before, action)
        self.mark = before.length
        self.match = nxt
        self.refusal = None
        self._computer()
        return EngineStep(self.game, nxt.events)       # the board shows the game after the computer's reply

    def bid(self, card: str | None) -> bool:
        """The side to act bids ``card`` (a card of its hand) for the initiative; solo, the computer
        bids too and both are revealed."""
        side = self._to_act()
        if not self.screen_passed:
            self._refuse(self.board_blocked(), None)
            return False
        if self.game.phase != "initiative" or side is None:
            self._refuse("The initiative is bid at the start of a round, after the draw, not now.", UR.INITIATIVE)
            return False
        try:
            nxt = U.apply(self.match, Bid(side, card))
        except (IllegalAction, InputError) as exc:
            self._refuse(plain(getattr(exc, "reason", str(exc))), getattr(exc, "rule", None))
            return False
        self.mark = self.match.length
        self.match = nxt
        self.refusal = None
        self._computer()
        self._show_state(None)
        return True

    def _computer(self) -> None:
        """The computer's steps while it alone is to act (solo): its bid, its turn."""
        k = 0
        while self.solo and not U.is_over(self.match) and U.to_act(self.match) == (self.solo,) \
                and k < MAX_COMPUTER_STEPS:
            before = self.match
            choice = computer_choice(before, self.solo)
            action = choice.action
            assert not isinstance(action, (DrawCards, RevealInitiative))   # (a match draws and reveals itself)
            self.match = U.apply(before, action)
            self.reasons[self.match.length] = coach.explain(before, choice, self.match.events)
            k += 1

    def after_text(self) -> str:
        """What happened after the learner's last play without a tap: the computer's turn, a new
        round's draw (one line for the board's answer; the log has the details)."""
        s = self.game
        m: Match | None = self.match
        theirs = 0
        while m is not None and m.length > self.mark + 1:
            theirs += self.is_computer(acting_side(m.action))
            m = m.prev
        bits = []
        if theirs and self.solo:
            bits.append(f"The computer ({SIDE_NAMES[self.solo]}) took {plural(theirs, 'step')}, each in the log "
                        f"with its reason.")
        if s.over:
            bits.append(f"{plain(s.result or 'The game is over')}.")
        elif s.phase == "initiative":
            bits.append(f"Round {s.round}: both have drawn; bid for the initiative.")
        if not self.screen_passed:
            bits.append(f"Hand the screen to the {SIDE_ADJECTIVES[self._side_to_act()]} player.")
        return " ".join(bits)

    def _refuse(self, reason: str, rule) -> None:
        self.refusal = (reason, rule)
        self.refresh()

    def pass_screen(self) -> None:
        self.viewer = self._to_act() or self.viewer
        self.refusal = None
        self._show_state(None)

    def undo(self) -> None:
        """Back to before the learner's last step (the computer's reply taken back too)."""
        m = self.match
        while m.prev is not None and self.is_computer(acting_side(m.action)):
            m = m.prev
        if m.prev is None:
            self._show_state("Nothing to undo: this is the start of the game.")
            return
        self.match = U.undo(m)
        self.mark = max(0, self.match.length - 1)
        self.refusal = None
        if self.solo is None:
            self.viewer = self._to_act() or self.viewer
        self._show_state("Your last step is taken back.")

    def new_game(self, number: int | None = None) -> None:
        self.number = self.number if number is None else int(number)
        self.match = start(self.number)
        self.reasons = {}
        self.mark = 0
        self.refusal = None
        self.viewer = self._to_act() or "allied"
        self._computer()
        self.number_field.value = self.number
        self._show_state(f"A new game of La Raye, game number {self.number}.")

    # ------------------------------------------------------------------------------------------
    # Save and load (the protocol's saved game, and who the computer plays)

    def save_data(self) -> dict:
        return {**U.save(self.match), "solo": self.solo}

    def save_text(self) -> str:
        return json.dumps(self.save_data(), ensure_ascii=False, indent=1) + "\n"

    def save_link(self) -> str:
        data = base64.b64encode(self.save_text().encode("utf-8")).decode("ascii")
        name = f"la-raye-{self.number}-round{self.game.round}.json"
        self.save_html.value = (f'<a download="{esc(name)}" href="data:application/json;base64,{data}" '
                                f'style="font-size:13px">⬇ Download the saved game</a>')
        return self.save_html.value

    def load(self, source) -> None:
        """Load a saved La Raye game (its text, bytes or parsed mapping); anything else is refused
        in one line (InputError), the game on screen unchanged."""
        not_ours = "this file is not a saved La Raye game"
        data = source
        if isinstance(source, (bytes, bytearray, memoryview)):
            try:
                data = bytes(source).decode("utf-8")
            except UnicodeDecodeError:
                raise InputError(f"{not_ours}: it is not text") from None
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                raise InputError(f"{not_ours}: save one with Save on this page") from None
        if not isinstance(data, dict):
            raise InputError(f"{not_ours}: save one with Save on this page")
        solo = data.get("solo")
        if solo not in (None, *SIDES):
            raise InputError(f"{not_ours}: the side the computer plays is damaged")
        body = {k: v for k, v in data.items() if k != "solo"}
        try:
            m = U.load(body, "the file")
        except InputError as exc:
            why = str(exc).removeprefix("the file: ").splitlines()[0]
            raise InputError(f"{not_ours}: {why}") from None
        if Path(m.scenario).stem != SCENARIO:
            raise InputError(f"{not_ours}: it is another scenario")
        self.solo, self.number, self.match = solo, m.seed, m
        self.reasons = self._reasons_again(m)
        self.refusal = None
        self.mark = max(0, m.length - 1)
        self.viewer = self._to_act() or "allied"
        self.number_field.value = m.seed if m.seed <= self.number_field.max else 0
        self._computer()
        self._show_state(f"Game loaded: round {self.game.round}.")

    def _reasons_again(self, m: Match) -> dict:
        """The computer's reasons for its last steps of a loaded game (a save keeps the actions)."""
        out, x, k = {}, m, 0
        while x is not None and x.prev is not None and k < REASONS_ON_LOAD:
            side = acting_side(x.action)
            if side is not None and self.is_computer(side):
                k += 1
                try:
                    choice = computer_choice(x.prev, side)
                except InputError:
                    choice = None
                if choice is not None and choice.action == x.action:
                    out[x.length] = coach.explain(x.prev, choice, x.events)
            x = x.prev
        return out

    def _on_upload(self, change) -> None:
        load_upload(self, change, "The file could not be loaded: {}.")

    # ------------------------------------------------------------------------------------------
    # Showing

    def _show_state(self, message: str | None) -> None:
        """Put the game's state on the board (a fresh step of the board) and refresh the page."""
        s = self.game
        answer = None
        if not self.screen_passed:
            answer = Answer(f"Hot-seat: hand the screen to the {SIDE_ADJECTIVES[self._side_to_act()]} player, "
                            f"who taps “{self.pass_label(self._side_to_act())}”.")
        elif s.phase == "initiative":
            answer = Answer("Bid for the initiative first: tap a card of your hand above the map.")
        elif s.over:
            answer = Answer(f"{plain(s.result or 'The game is over')}.", True, rules=(UR.GAME_END,))
        self.board.value = BoardStep(s, answer=answer)
        self.board._history.clear()
        self.board.refresh()
        self.refresh(message)

    def last_bid(self):
        """The last revealed bids: (allied card, axis card, holder, round), or None."""
        return last_bid(self.match)

    def _who(self, side: str | None) -> str:
        return who(side, self.solo)

    def head_html(self) -> str:
        return head_html(self.game, solo=self.solo, computer_turn=self.is_computer(self._to_act()), bid=self.last_bid())

    def zones_html(self) -> str:
        """Both sides' zones; a hand named only to its player with the screen passed (or at the end)."""
        s = self.game
        shown = {side for side in SIDES if (side == self.viewer and self.screen_passed and not self.is_computer(side))
                 or s.over}
        return zones_html(s, shown)

    def coach_html(self) -> str:
        """The coach: what the side to act may do now, one line each, and the computer's choices in
        its place with their reasons (empty when switched off, or when it is not a player's turn)."""
        side = self._to_act()
        if not self.coach_switch.value or U.is_over(self.match) or side is None or self.is_computer(side) \
                or not self.screen_passed:
            return ""
        return coach_html(coach.advise(self.match, side))

    def log_text(self) -> str:
        return log_html(self.match, mark=self.mark, reasons=self.reasons, solo=self.solo)

    def bid_widgets(self) -> tuple[str, tuple]:
        s = self.game
        side = self._to_act()
        if s.phase != "initiative" or side is None or not self.screen_passed:
            return "", ()
        hand = s.zones_of(side).hand
        items: list[tuple[str, str | None]] = [(f"{card_title(c)} · {CARDS[c].initiative}", c)
                                               for c in dict.fromkeys(sorted(hand))]
        label = (f'<div class="tutor-status"><b>{SIDE_ADJECTIVES[side]} player: bid for the initiative</b> — tap a '
                 f'card of your hand (its initiative number follows its name).</div>')
        if not hand:
            items = [("No card to bid", None)]
        return label, choice_buttons(items, self.bid)

    @staticmethod
    def pass_label(side: str) -> str:
        """The hot-seat button's label, the one the page's text names."""
        return f"I am the {SIDE_ADJECTIVES[side]} player: show my hand"

    def refresh(self, message: str | None = None) -> None:
        s = self.game
        self.head.value = self.head_html()
        passed = self.screen_passed
        self.pass_box.children = () if passed else (self.pass_button,)
        if not passed:
            self.pass_button.description = self.pass_label(self._side_to_act())
            for w in (self.board.hand_label, self.board.hand_pick, self.board.action_row):
                w.layout.display = "none"
        elif s.phase == "turn":
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
        self.undo_button.disabled = self.match.prev is None
        self.save_html.value = ""
        if self.refusal is not None:
            reason, rule = self.refusal
            text = f'<div class="tutor-status bad" role="status">✗ {esc(sentence(reason))}</div>'
            self.status.value = text + (f'<div class="tutor-why">{rules_html([rule])}</div>' if rule else "")
        elif not passed or (message is None and s.phase == "initiative" and not self.match.pending):
            self.status.value = ""      # the board's answer above says it (who taps which button; bid first)
        else:
            self.status.value = f'<div class="tutor-status" role="status">{esc(message or self._prompt())}</div>'

    def _prompt(self) -> str:
        s = self.game
        if s.over:
            return "The game is over. Undo, or start a new game."
        side = self._side_to_act()
        if s.phase == "initiative":
            waiting = f" (the {SIDE_ADJECTIVES[other(side)]} player has bid, face down)" if self.match.pending else ""
            return f"{SIDE_ADJECTIVES[side]} player: bid a card for the initiative{waiting}."
        return (f"{SIDE_ADJECTIVES[side]} turn: tap a card of your hand (or one of your units), then the tile or "
                f"the enemy unit; End turn when done.")

    # -- for tests and scripts
    def hand(self, side: str | None = None) -> tuple[str, ...]:
        return self.game.zones_of(side or self._side_to_act()).hand


__all__ = ["UndauntedGame", "action_words", "computer_choice", "start"]
