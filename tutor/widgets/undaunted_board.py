"""Drill 5 (Undaunted): the live board. Play the cards in your hand on the map.

The board is ``tutor.render.undaunted.board_scene`` on the drill base's canvas: tiles filled by
their cover, objectives, control markers (S scouted, C controlled), deployment and target markers,
unit tokens (grey with a dashed edge when suppressed). The side to play is the game's active side.

Tap one of your units: its card in your hand is chosen with its first action (or pick a card and
an action in the rows above the board). The tiles the engine would accept are shaded green
("legal"); tiles in reach that it would refuse are shaded red ("closed"). Then tap a tile: to move,
scout, stalk or guide there, to place the mortar's target marker, or to attack or suppress the
enemy unit on it (a first tap shows the exact chance to hit, a second tap — or *Play* — rolls).
Control, recon, conceal, command, bolster and inspire are played with *Play*. Every tap
answers: the action and what it did, or the engine's refusal with its reason, or why nothing
happens there ("no unit of yours here: tap one of your units"); the rule's text is beside it.

The widget never decides a rule: the shading comes from ``card_plays`` (the engine's legal plays),
every play and every refusal from ``apply`` (``IllegalAction`` with its rule), the odds from
``preview_attack``.

    from tutor.widgets import UndauntedBoard
    UndauntedBoard(state, seed=1)                         # a GameState in the turn phase
    UndauntedBoard("scenarios/undaunted/worked-example.yaml", seed=1)   # after draw and initiative
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.explain import rules_html
from tutor.render.undaunted import board_scene, card_title, tile_at, token_at
from tutor.render.undaunted import words as plain
from tutor.sides import SIDE_ADJECTIVES
from tutor.undaunted import rules as UR
from tutor.undaunted.actions import apply, card_plays, preview_attack
from tutor.undaunted.cards import CARDS
from tutor.undaunted.combat import fraction_text
from tutor.undaunted.state import EndTurn, GameState, Play, Withdraw, other
from tutor.widgets.base import Drill, esc, place_field, small_button
from tutor.widgets.undaunted_words import (
    COLOUR_WORDS,
    FIRE_ACTIONS,
    PATH_ACTIONS,
    Answer,
    action_cs,
    action_label,
    card_whereabouts,
    describe_tile,
    headline,
    option_text,
    prompt,
    shortest_path,
    status_words,
    tile_entry,
    tile_ids,
)


@dataclass(frozen=True)
class BoardStep:
    game: GameState
    card: str | None = None                       # the hand card chosen
    action: str | None = None                     # one of its actions
    unit: str | None = None                       # guide: the unit to move
    target: str | None = None                     # attack / suppress: the enemy unit aimed at
    choices: tuple[tuple[str, ...], ...] = ()     # paths to one tile, waiting for the tile to pass
    answer: Answer | None = None
    trail: tuple[str, ...] = ()                   # the last move's tiles, start first (drawn)
    changed: tuple[str, ...] = ()                 # tiles whose markers the last play changed
    tapped: str | None = None                     # the tile of a tap that did not play (outlined)
    n: int = 0                                    # plays so far (the n-th seeded roll)


def _as_game(game) -> GameState:
    if isinstance(game, GameState):
        return game
    if isinstance(game, (str, Path)):
        from tutor.widgets.casualty_drill import _scenario_game
        g = _scenario_game(game, 0)
        if g.phase == "initiative":         # each side reveals its lowest initiative card
            from tutor.undaunted.state import RevealInitiative
            low = {side: min(g.zones_of(side).hand, key=lambda c: CARDS[c].initiative, default=None)
                   for side in ("allied", "axis")}
            g = apply(g, RevealInitiative(low["allied"], low["axis"])).state
        return g
    raise InputError(f"UndauntedBoard needs an Undaunted scenario file or a GameState, not {type(game).__name__}")


class UndauntedBoard(Drill):
    """``UndauntedBoard(game, *, actions=None, seed=None, dpr=2)``.

    ``game``: a ``GameState`` (normally in the turn phase) or an Undaunted scenario file (played
    to the first turn: both draw, each reveals its lowest initiative card). ``actions``: the action names offered (default: every action on the
    cards); hunker down and end turn are always there. ``seed``: repeatable dice.
    """

    title = "Undaunted board"

    def __init__(self, game, *, actions=None, seed: int | None = None, dpr: int = 2):
        self.seed = seed
        self.offered = tuple(actions) if actions is not None else None
        self.value = BoardStep(_as_game(game))
        self.hand_pick = W.ToggleButtons(options=[], value=None, style={"button_width": "auto"},
                                         tooltips=[], layout=W.Layout(width="auto"))
        self.action_pick = W.ToggleButtons(options=[], value=None, style={"button_width": "auto"},
                                           layout=W.Layout(width="auto"))
        self.option_pick = W.Dropdown(options=[], layout=W.Layout(width="auto", max_width="100%"))
        self.play_button = small_button("Play", "play", "play the chosen card for the chosen action")
        # Hunker Down: the English edition's name for the Czech "Stažení do zálohy" (tutor.rulebook.SECTIONS,
        # and the player aid studylib.es/doc/9045708: "Hunker down (cuerpo a tierra): se devuelve la carta
        # al suministro"); the card goes back to the supply instead of taking an action
        self.withdraw_button = small_button("Hunker down", "archive",
                                            "hunker down: send the chosen card back to your supply")
        self.end_button = small_button("End turn", "forward", "end your turn: hand and table go to the discard pile")
        self.hand_pick.observe(self._card_changed, "value")
        self.action_pick.observe(self._action_changed, "value")
        self.play_button.on_click(lambda _: self.play())
        self.withdraw_button.on_click(lambda _: self.withdraw())
        self.end_button.on_click(lambda _: self.end_turn())
        self.hand_label = W.HTML()
        self.action_row = W.HBox([self.action_pick, self.option_pick, self.play_button, self.withdraw_button],
                                 layout=W.Layout(flex_flow="row wrap", width="100%", align_items="center"))
        board = self.game.board
        self.tile_input = place_field(self.tap, lambda text: tile_entry(text, self.game.board), self.say,
                                      label="Tile", example=tile_ids(board)[len(board.tiles) // 2], how="a tile's label")
        sc = self._scene()
        super().__init__(sc, controls=[self.end_button, self.tile_input], dpr=dpr, max_width=sc.width * 3 // 2)
        kids = list(self.children)
        at = kids.index(self.board.canvas)
        kids[at:at] = [self.hand_label, self.hand_pick, self.action_row]
        self.children = tuple(kids)
        self.add_class("tutor-undaunted-board")
        self.undo_button.disabled = True
        self.refresh()

    # -- reading the value
    @property
    def game(self) -> GameState:
        return self.value.game

    @property
    def side(self) -> str:
        return self.game.active or self.game.initiative

    def _rng(self, n: int) -> random.Random:
        return random.Random() if self.seed is None else random.Random(f"{self.seed}:play:{n}")

    def _actions_of(self, card: str) -> list[str]:
        """The actions the chosen card offers now: its printed actions (those the chapter offers),
        or only "ready" when its unit is suppressed (what the engine's legal plays allow)."""
        plays = card_plays(self.game, self.side, card) if self.game.phase == "turn" else []
        if any(isinstance(p, Play) and p.action == "ready" for p in plays):
            return ["ready"]
        names = [a.name for a in CARDS[card].actions]
        names.sort(key=lambda a: (a not in PATH_ACTIONS, a in FIRE_ACTIONS))    # map moves first, fire last
        return [a for a in names if self.offered is None or a in self.offered]

    def plays(self, card: str | None = None, action: str | None = None) -> list[Play]:
        """The engine's legal plays of the chosen card and action (guide: of the chosen unit)."""
        s = self.value
        card, action = card or s.card, action or s.action
        if card is None or action is None or self.game.phase != "turn" or card not in self.game.zones_of(self.side).hand:
            return []
        out = [p for p in card_plays(self.game, self.side, card) if isinstance(p, Play) and p.action == action]
        if action == "guide":
            out = [p for p in out if p.unit == s.unit]
        return out

    def start_tile(self) -> str | None:
        """Where the chosen action starts: the acting (or guided) unit's tile."""
        s = self.value
        unit = s.unit if s.action == "guide" else (CARDS[s.card].unit if s.card else None)
        tok = self.game.token(self.side, unit) if unit else None
        return tok.tile if tok is not None else None

    def _answer(self, text: str, ok: bool | None = None, body: str = "", rules=()) -> None:
        self.advance(replace(self.value, answer=Answer(text, ok, body, tuple(r for r in rules if r is not None)),
                          tapped=self._tap))

    # -- choosing card and action
    def choose(self, card: str | None, action: str | None = None, *, unit: str | None = None) -> None:
        """Choose a card of the hand (and an action; default: its first)."""
        if card is not None and card not in self.game.zones_of(self.side).hand:
            self._answer(f"There is no {card_title(card)} card in your hand.", False, rules=[UR.TURN])
            return
        acts = self._actions_of(card) if card else []
        if action is None:
            action = acts[0] if acts else None
        if card is not None and action not in acts:
            if CARDS[card].is_fog:
                self._answer(f"{card_title(card)} has no action: it is only revealed for initiative, never "
                             f"played in your turn, and it cannot hunker down either. Choose another card.",
                             False, rules=[UR.FOG_OF_WAR, UR.WITHDRAW_FOG])
            elif not acts:
                self._answer(f"{card_title(card)} has no action to take here: hunker down with it (back to "
                             f"the supply), or choose another card.", False, rules=[UR.CARD_USE])
            else:
                self._answer(f"{card_title(card)} has no “{action}” action here; its actions: "
                             f"{', '.join(action_label(card, a) for a in acts)}.", False, rules=[UR.CARD_USE])
            return
        if action == "guide" and unit is None:
            unit = self.value.unit if self.value.action == "guide" else None
        s = replace(self.value, card=card, action=action, unit=unit, target=None, choices=(), tapped=None)
        self.advance(replace(s, answer=self._prompt(s)))

    def _prompt(self, s: BoardStep) -> Answer:
        """What to do next with the chosen card and action (an information line)."""
        return prompt(self.side, s.card, s.action, s.unit)

    def _card_changed(self, change) -> None:
        if change["new"] != self.value.card:
            self.choose(change["new"])

    def _action_changed(self, change) -> None:
        if change["new"] is not None and change["new"] != self.value.action and self.value.card:
            self.choose(self.value.card, change["new"])

    # -- taps
    def _on_board_click(self, h, x, y) -> None:
        key = token_at(self.board.scene, x, y)
        tile = tile_at(self.board.scene, self.game, x, y)
        if key is None and tile is None:
            self._answer("That is off the board: tap a tile or a unit.")
            return
        self.tap(tile, key)

    _tap: str | None = None

    def tap(self, tile: str | None, token: str | None = None) -> None:
        """A tap on ``tile`` (and on the unit token ``token``, "side:unit", if it hit one). A tap
        that plays nothing outlines its tile, so every tap shows on the board."""
        self._tap = tile
        try:
            self._dispatch(tile, token)
        finally:
            self._tap = None

    def _dispatch(self, tile: str | None, token: str | None) -> None:
        s = self.value
        g = self.game
        if g.phase == "over":
            self._answer(f"The game is over: {plain(g.result or '')}. Press Reset to play again.", rules=[UR.GAME_END])
            return
        if g.phase != "turn":
            self._answer("Both players have played their turn: the round is over, and the next one starts with "
                         "the draw. Press Reset to play it again.", rules=[UR.TURN_END])
            return
        mine = token is not None and token.split(":")[0] == self.side
        unit = token.split(":")[1] if token else None
        if s.choices and tile is not None:
            via = [p for p in s.choices if p[0] == tile]
            if len(via) == 1:
                self._play_path(via[0])
                return
        if s.card is None or s.action is None:
            self._no_action_tap(tile, token)
            return
        acting = CARDS[s.card].unit
        here_action = s.action not in PATH_ACTIONS + FIRE_ACTIONS + ("target",)
        if s.action == "guide" and mine:
            self.choose(s.card, "guide", unit=unit)
            return
        if mine and unit is not None and unit != acting:
            self._select_unit(unit)
            return
        if (mine or tile == self.start_tile()) and here_action and acting is not None:
            self.play()
            return
        if mine and unit is not None and s.action in PATH_ACTIONS + ("target",):
            self._answer(f"{card_title(unit)} stands on {tile}: tap another tile.")
            return
        if mine and unit is not None:
            self._answer(f"{card_title(unit)} is yours: tap an enemy unit to {s.action}.", rules=[UR.CHOOSE_TARGET])
            return
        if s.action in FIRE_ACTIONS:
            self._fire_tap(tile, token)
        elif s.action in PATH_ACTIONS:
            if s.action == "guide" and s.unit is None:
                self._answer("First tap the unit of yours to guide.", rules=[UR.GUIDE])
                return
            assert tile is not None                 # (a tap on a unit's token is on its tile)
            self._path_tap(tile)
        elif s.action == "target":
            self._attempt(Play(self.side, s.card, "target", target=tile), [tile])
        else:
            self._no_action_tap(tile, token, prefix=f"{action_label(s.card, s.action)} is played with Play, "
                                                    f"not on a tile. ")

    def _describe_tile(self, tile: str) -> str:
        return describe_tile(self.game, tile)

    def _no_action_tap(self, tile, token, prefix: str = "") -> None:
        g = self.game
        if token is not None:
            side, unit = token.split(":")
            if side == self.side:
                self._select_unit(unit)
                return
            tok = g.token(side, unit)
            assert tok is not None and tok.tile is not None    # (a token tapped: on the board)
            self._answer(f"{prefix}{SIDE_ADJECTIVES[side]} {card_title(unit)} on {tok.tile}, {status_words(tok)}: an enemy "
                         f"unit. Tap one of your units ({COLOUR_WORDS[self.side]}) to act.",
                         body=f"<div>{esc(self._describe_tile(tok.tile))}</div>",
                         rules=[UR.SUPPRESSED if tok.suppressed else UR.TOKENS])
            return
        own = [t for t in g.units_at(tile) if t.side == self.side]
        if own and not prefix:
            hand = g.zones_of(self.side).hand
            pick = next((t for t in own if t.unit in hand), own[0])
            self._select_unit(pick.unit)
            return
        self._answer(f"{prefix}No unit of yours here: tap one of your units ({COLOUR_WORDS[self.side]}).",
                     body=f"<div>{esc(self._describe_tile(tile))}</div>")

    def _select_unit(self, unit: str) -> None:
        g = self.game
        hand = g.zones_of(self.side).hand
        tok = g.token(self.side, unit)
        if unit not in hand:
            where = self._card_whereabouts(unit)
            self.advance(replace(self.value, card=None, action=None, unit=None, target=None, choices=(),
                              tapped=self._tap or (tok.tile if tok else None), answer=Answer(f"No {card_title(unit)} card in your hand ({where}): a unit acts only "
                                            f"when you play one of its cards.", False,
                                            f"<div>{esc(self._describe_tile(tok.tile))}</div>"
                                            if tok and tok.tile else "", (UR.TURN, UR.CARD_USE))))
            return
        self.choose(unit)

    def _card_whereabouts(self, unit: str) -> str:
        return card_whereabouts(self.game.zones_of(self.side), unit)

    # -- playing
    def _shortest_path(self, start: str, goal: str) -> tuple[str, ...]:
        return shortest_path(self.game.board, start, goal)

    def _path_tap(self, tile: str) -> None:
        s = self.value
        ends = [p.path for p in self.plays() if p.path[-1] == tile]
        if ends:
            shortest = min(len(p) for p in ends)
            paths = sorted({p for p in ends if len(p) == shortest})
            if len(paths) == 1:
                self._play_path(paths[0])
                return
            vias = ", ".join(p[0] for p in paths)
            self.advance(replace(s, choices=tuple(paths), tapped=tile,
                              answer=Answer(f"{len(paths)} ways lead to {tile} in {shortest} steps: tap the tile "
                                            f"to pass through first ({vias}).")))
            return
        start = self.start_tile()
        path = self._shortest_path(start, tile) if start else (tile,)
        self._attempt(self._path_play(path or (tile,)), [tile])

    def _path_play(self, path) -> Play:
        s = self.value
        return Play(self.side, s.card, s.action, path=tuple(path), unit=s.unit if s.action == "guide" else None)

    def _play_path(self, path) -> None:
        self._attempt(self._path_play(path), list(path), trail=((self.start_tile(),) if self.start_tile() else ())
                      + tuple(path))

    def _fire_tap(self, tile, token) -> None:
        s = self.value
        foe = other(self.side)
        if token is None:
            enemies = [t for t in self.game.units_at(tile) if t.side == foe] if tile else []
            if len(enemies) == 1:
                token = f"{foe}:{enemies[0].unit}"
            elif enemies:
                self._answer(f"{len(enemies)} enemy units on {tile}: tap the one to {s.action}.")
                return
            else:
                self._attempt(Play(self.side, s.card, s.action, target=tile), [tile])
                return
        side, unit = token.split(":")
        if side != foe:
            self._attempt(Play(self.side, s.card, s.action, target=unit), [tile])
            return
        if s.target == unit:
            self.play()
            return
        attacker = CARDS[s.card].unit
        assert attacker is not None                 # (a fire action: a unit's card)
        try:
            pv = preview_attack(self.game, self.side, attacker, unit, dice=CARDS[s.card].value_of(s.action))
        except IllegalAction as exc:
            self._answer(f"Refused: {plain(exc.reason)}.", False, rules=[exc.rule])
            return
        d = pv.defense
        body = (f"<div>Total defense {esc(d.text)}: each die hits on {d.total} or more, or a 0 — "
                f"{esc(fraction_text(pv.p_die))} per die.</div><div>{pv.dice} "
                f"{'die' if pv.dice == 1 else 'dice'}: at least one hit with <b>{esc(fraction_text(pv.p_hit))}</b>"
                f" (= 1 − ({esc(fraction_text(1 - pv.p_die))})<sup>{pv.dice}</sup>).</div>")
        self.advance(replace(s, target=unit, choices=(), answer=Answer(
            f"{card_title(attacker)} → {SIDE_ADJECTIVES[foe]} {card_title(unit)}: chance to hit "
            f"{fraction_text(pv.p_hit)}. Tap it again (or Play) to roll.", None, body, pv.rules)))

    def play(self) -> None:
        """Play the chosen card for the chosen action when it needs no tile (or roll an aimed attack)."""
        s = self.value
        if self.game.phase != "turn":
            self.tap(None)
            return
        if s.card is None or s.action is None:
            self._answer("Choose a card first: tap one of your units, or a card of your hand.")
            return
        if s.action in FIRE_ACTIONS:
            if s.target is None:
                self._answer("Tap the enemy unit to aim at first.", rules=[UR.CHOOSE_TARGET])
                return
            tok = self.game.token(other(self.side), s.target)
            self._attempt(Play(self.side, s.card, s.action, target=s.target), [tok.tile] if tok and tok.tile else [])
            return
        if s.action in PATH_ACTIONS or s.action == "target":
            self._answer(f"{action_label(s.card, s.action)}: tap the tile on the board.")
            return
        options = self.plays()
        if s.action in ("bolster", "inspire") and options:
            i = self.option_pick.value if self.option_pick.value is not None else 0
            p = options[min(i, len(options) - 1)]
        else:
            p = options[0] if options else Play(self.side, s.card, s.action)
        here = self.start_tile()
        self._attempt(p, [here] if here else [])

    def withdraw(self) -> None:
        s = self.value
        if s.card is None:
            self._answer("Choose the card to hunker down with first.", rules=[UR.WITHDRAW])
            return
        self._attempt(Withdraw(self.side, s.card), [])

    def end_turn(self) -> None:
        self._attempt(EndTurn(self.side), [])

    def _attempt(self, action, tiles, trail=()) -> None:
        """Ask the engine: apply the action, or show its refusal (the state unchanged)."""
        s = self.value
        try:
            step = self._apply(action, s.n)
        except IllegalAction as exc:
            where = f" ({', '.join(t for t in tiles if t)})" if tiles else ""
            self.advance(replace(s, choices=(), tapped=self._tap,
                              answer=Answer(f"Refused{where}: {plain(exc.reason)}.", False, rules=(exc.rule,))))
            return
        changed = tuple(t.id for t in self.game.board.tiles
                        if any(self.game.control_of(sd, t.id) != step.state.control_of(sd, t.id)
                               for sd in ("allied", "axis")))
        head = self._headline(action, step.events)
        body = ("<ol class='tutor-events'>" + "".join(f"<li>{esc(plain(e.text))}</li>" for e in step.events)
                + "</ol>") if len(step.events) > 1 else ""
        self.advance(BoardStep(step.state, answer=Answer(head, True, body, tuple(e.rule for e in step.events)),
                            trail=trail, changed=changed, n=s.n + 1))

    def _apply(self, action, n: int):
        """The engine's ``apply`` of ``action`` to the board's game with the n-th seeded roll: a
        ``Step``, or ``IllegalAction`` (a page playing a whole game routes it through its game)."""
        return apply(self.game, action, self._rng(n))

    def _headline(self, action, events) -> str:
        return headline(action, events)

    # -- showing
    def _scene(self):
        s = self.value
        g = s.game
        shades: dict = {}
        start = self.start_tile() if s.card else None
        if start:
            shades["selected"] = [start]
        legal, closed = self._reach()
        if legal:
            shades["legal"] = legal
        if closed:
            shades["closed"] = closed
        if s.changed:
            shades["painted"] = list(s.changed)
        if s.tapped:
            shades["tapped"] = [s.tapped]
        selected = None
        if s.card and CARDS[s.card].unit:
            selected = f"{self.side}:{CARDS[s.card].unit}"
        if s.action == "guide" and s.unit:
            selected = f"{self.side}:{s.unit}"
        target = f"{other(self.side)}:{s.target}" if s.target else None
        return board_scene(g, shades=shades, path=s.trail, selected=selected, target=target)

    def _reach(self) -> tuple[list[str], list[str]]:
        """Tiles to shade: where the engine's legal plays of the chosen action go (legal), and the
        other tiles in the action's reach (closed: tap one to hear why)."""
        s = self.value
        if s.card is None or s.action is None:
            return [], []
        plays = self.plays()
        if s.choices:
            return sorted({p[0] for p in s.choices}), []
        if s.action in PATH_ACTIONS:
            legal = sorted({p.path[-1] for p in plays})
            start = self.start_tile()
            spec = CARDS[s.card].action(s.action)
            assert spec is not None                 # (the action chosen is one of the card's)
            value = self.game.scenario.option("stalk", spec.value) if s.action == "stalk" else spec.value
            reach = self.game.board.within(start, 1, value) if start and value else ()
            return legal, sorted(set(reach) - set(legal))
        if s.action == "target":
            legal = sorted({p.target for p in plays if p.target is not None})
            return legal, sorted({t.id for t in self.game.board.tiles} - set(legal))
        if s.action in FIRE_ACTIONS:
            foe = other(self.side)
            tokens = [self.game.token(foe, p.target) for p in plays if p.target is not None]
            return sorted({t.tile for t in tokens if t is not None and t.tile is not None}), []
        return [], []

    def refresh(self) -> None:
        s = self.value
        g = self.game
        self.board.update(self._scene())
        hand = g.zones_of(self.side).hand if g.phase == "turn" else ()
        counts = {c: hand.count(c) for c in dict.fromkeys(hand)}
        opts = [(f"{card_title(c)}{' ×' + str(n) if n > 1 else ''}", c) for c, n in counts.items()
                if not CARDS[c].is_fog]
        self._sync(self.hand_pick, opts, s.card if s.card in counts else None, self._card_changed)
        acts = self._actions_of(s.card) if s.card else []
        self._sync(self.action_pick, [(action_label(s.card, a), a) for a in acts], s.action, self._action_changed)
        tips = [f"{action_label(s.card, a)} — Czech rulebook: {action_cs(a)}" if action_cs(a) else action_label(s.card, a)
                for a in acts]
        if list(self.action_pick.tooltips) != tips:
            self.action_pick.tooltips = tips
        fog = hand.count("fog-of-war")
        z = g.zones_of(self.side) if g.phase == "turn" else None
        table = ", ".join(card_title(c) for c in z.table) if z else ""
        self.hand_label.value = (
            f'<div class="tutor-status"><b>{SIDE_ADJECTIVES[self.side]} to play</b> — your hand: '
            f'{esc(", ".join(card_title(c) for c in hand) or "empty")}'
            f'{" (Fog of War cannot be played)" if fog else ""}. On the table: {esc(table or "nothing yet")}.</div>'
            if g.phase == "turn" else f'<div class="tutor-status"><b>{esc(plain(g.result or "The turns are over."))}</b></div>')
        self.hand_pick.layout.display = "flex" if g.phase == "turn" else "none"
        options = self.plays() if s.action in ("bolster", "inspire") else []
        labels = [(self._option_text(p), i) for i, p in enumerate(options)]
        if [o for o in self.option_pick.options] != labels:
            self.option_pick.options = labels
        self.option_pick.layout.display = "flex" if labels else "none"
        self.action_row.layout.display = "flex" if s.card else "none"
        self.play_button.description = "Roll the dice" if s.action in FIRE_ACTIONS else "Play"
        self.end_button.disabled = g.phase != "turn"
        a = s.answer or self._prompt(s)
        self.say(esc(a.text), bad=a.ok is False)
        self.explain(a.body + rules_html(a.rules))          # the verdict itself is the status line

    def _option_text(self, p: Play) -> str:
        return option_text(p)

    @staticmethod
    def _sync(widget, options, value, handler) -> None:
        widget.unobserve(handler, "value")
        if list(widget.options) != list(options):
            widget.options = options
        widget.value = value if value in [v for _, v in options] else None
        widget.observe(handler, "value")

    # -- for tests and scripts
    def tap_tile(self, tile: str) -> None:
        """Tap the middle of a tile's lower band (below its tokens), by pixels, as a learner would."""
        from tutor.render.undaunted import tile_box
        top = 24 if self.board.scene.title else 0
        x, y, w, h = tile_box(self.game.board.tile(tile).pos, top)
        self.click(x + w // 2 - 20, y + h - 6)

    def tap_unit(self, side: str, unit: str) -> None:
        """Tap the middle of a unit's token, by pixels."""
        ch = next(c for c in self.board.scene.chips if c.key == f"{side}:{unit}")
        self.click(ch.x + ch.w / 2, ch.y + ch.h / 2)

    def describe(self) -> str:
        """The board in words (a text alternative): every tile with its cover, markers and units."""
        return " ".join(self._describe_tile(t.id) for t in self.game.board.tiles)
