"""Drill 4 (Undaunted): casualties, and a whole attack.

A side's deck is drawn as rows of cards — hand, table, discard, the draw deck face down with its
count, supply, out of the game — with the unit tokens on the board in a last row.

*Casualty*: tap a card or a token of the unit that is hit (step 1), then tap the row you think
its card comes from — or the token row for "the token leaves the board" (step 2). The engine's
``tutor.undaunted.deck.casualty`` decides (step 3): the card moves to "out of game" (a crossed-out
ghost stays where it was, an arrow shows the move), a draw-deck casualty shuffles the deck, and the
"why?" panel gives the order hand → discard → draw deck → token with the rulebook text. Never
the supply, never the table.

*Whole attack* (a scenario, by default the rulebook's worked example after the draw): tap an
attacker and an enemy target; the panel gives base defense + cover (hill 3/1) + range = total
defense and the exact hit chance as a fraction (``preview_attack``); roll (seeded) or tap dice
faces 0–9; the engine's ``apply(Play(..., "attack"))`` rolls, and after a hit you predict the
casualty's row as above.

    from tutor.widgets import CasualtyDrill
    CasualtyDrill(seed=1)                                   # the built-in teaching deck
    CasualtyDrill("tests/undaunted/decks/allied.yaml", seed=1)   # a deck file (or a Zones value)
    CasualtyDrill(seed=1, mode="attack")                    # the worked example's attack

``seed`` makes every shuffle and roll repeatable (the n-th ruling uses the n-th seeded
generator, so undo + the same tap gives the same shuffle); the face buttons choose the dice.
"""

from __future__ import annotations

import random
from dataclasses import replace

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.render.picking import CardPick
from tutor.render.undaunted import card_title
from tutor.undaunted import combat
from tutor.undaunted import rules as UR
from tutor.undaunted.actions import AttackPreview, apply, preview_attack
from tutor.undaunted.cards import CARDS
from tutor.undaunted.deck import casualty
from tutor.undaunted.state import SIDES, GameState, Play, other
from tutor.widgets.base import Drill, esc, small_button
from tutor.widgets.casualty_view import (  # noqa: F401 (the drill's values, re-exported)
    CARD_H,
    DEMO,
    DEMO_TOKENS,
    GAP,
    GUESSABLE,
    LABEL_W,
    ORDER,
    ROW_NAME,
    WIDTH,
    ZONE_WORDS,
    AttackStep,
    CasualtyStep,
    CasualtyView,
    DrillValue,
    _as_zones,
    _default_scenario,
    _default_tokens,
    _faces_text,
    _prepare,
    _scenario_game,
)


# ---------------------------------------------------------------------------------------------
# the drill
class CasualtyDrill(CasualtyView, Drill):
    """``CasualtyDrill(deck=None, *, side=None, tokens=None, scenario=None, attacker="allied",
    mode="casualty", seed=None, peek=False, dpr=2)``.

    ``deck``: a deck file, a ``Zones`` value, an Undaunted scenario file or ``GameState`` (its
    ``side`` zones after the draw), or None for the built-in teaching deck. ``tokens``: the units
    whose token is on the board (default: every unit with a card still in play). ``scenario``:
    for the whole-attack mode (default: the worked example); ``attacker`` attacks the other side.
    ``peek``: show the draw deck face up (teachers: watch the shuffle).
    """

    title = "Casualties"

    def __init__(self, deck=None, *, side: str | None = None, tokens=None, scenario=None,
                 attacker: str = "allied", mode: str = "casualty", seed: int | None = None,
                 peek: bool = False, dpr: int = 2):
        if mode not in ("casualty", "attack"):
            raise InputError(f"mode {mode!r}: allowed are casualty, attack")
        if attacker not in SIDES:
            raise InputError(f"attacker {attacker!r}: allowed are {', '.join(SIDES)}")
        self.side, zones, deck_tokens, game = _as_zones(deck, side)
        if self.side not in SIDES:
            raise InputError(f"side {self.side!r}: allowed are {', '.join(SIDES)}")
        toks = tuple(tokens) if tokens is not None else (deck_tokens if deck_tokens is not None
                                                         else _default_tokens(zones))
        for u in toks:
            if u not in CARDS or CARDS[u].unit is None:
                raise InputError(f"tokens: {u!r} is not a unit with a token")
        self.seed = seed
        self.attacker_side = attacker
        src = scenario if scenario is not None else (game if game is not None else _default_scenario())
        atk = None
        if src is not None:
            atk = AttackStep(_scenario_game(src, seed))
        if mode == "attack" and atk is None:
            raise InputError("the attack mode needs an Undaunted scenario (scenario=...)")
        self.value = DrillValue(mode, CasualtyStep(zones, toks), atk, peek)
        self._ids: dict[str, list] = {}

        opts = [("Casualty", "casualty")] + ([("Whole attack", "attack")] if atk is not None else [])
        self.mode_pick = W.ToggleButtons(options=opts, value=mode, style={"button_width": "auto"},
                                         tooltips=["a unit is hit: where does its card come from?",
                                                   "attacker, target, dice, then the casualty"][:len(opts)])
        self.mode_pick.observe(self._mode_changed, "value")
        self.peek_box = W.ToggleButton(value=peek, description="Show draw deck", icon="eye",
                                       tooltip="teachers: the draw deck face up, top card first",
                                       layout=W.Layout(width="auto", height="40px"))
        self.peek_box.observe(self._peek_changed, "value")
        self.roll_button = small_button("Roll", "random", "roll the attack's dice")
        self.roll_button.on_click(lambda _: self.roll())
        self.face_buttons = []
        for f in range(combat.FACES):
            b = W.Button(description=str(f), tooltip=f"a die showing {f}",
                         layout=W.Layout(width="44px", min_width="44px", height="40px"))
            b.on_click(lambda _, f=f: self.face(f))
            self.face_buttons.append(b)
        self.clear_button = small_button("Clear", "eraser", "forget the chosen faces")
        self.clear_button.on_click(lambda _: self.clear_faces())
        self.dice_box = W.HBox([self.roll_button, W.HTML("<span style='padding:0 4px'>or set:</span>"),
                                *self.face_buttons, self.clear_button],
                               layout=W.Layout(flex_flow="row wrap", width="100%", align_items="center"))
        super().__init__(self._scene(), controls=[self.mode_pick, self.peek_box], dpr=dpr, max_width=WIDTH)
        kids: list[W.Widget] = list(self.children)
        kids.insert(kids.index(self.board.canvas) + 1, self.dice_box)
        self.children = tuple(kids)
        self.undo_button.disabled = True
        self.refresh()

    @property
    def mode(self) -> str:
        return self.value.mode

    @property
    def cas(self) -> CasualtyStep:
        return self.value.cas

    @property
    def atk(self) -> AttackStep | None:
        return self.value.atk

    def _rng(self, what: str, n: int) -> random.Random:
        return random.Random() if self.seed is None else random.Random(f"{self.seed}:{what}:{n}")

    def _mode_changed(self, change) -> None:
        if change["new"] != self.value.mode:
            self.advance(replace(self.value, mode=change["new"]))

    def _peek_changed(self, change) -> None:
        if change["new"] != self.value.peek:
            self.advance(replace(self.value, peek=change["new"]))

    def set_mode(self, mode: str) -> None:
        self.mode_pick.value = mode

    # -- taps
    def _on_board_click(self, h, x, y) -> None:
        p = self.board.card_at(x, y)
        if p is None:
            self.say("Tap a card, a token or a row.")
            return
        self.on_pick(p)

    def on_pick(self, p: CardPick) -> None:
        if self.mode == "casualty":
            self._cas_pick(p)
        else:
            self._atk_pick(p)

    def tap(self, row: str, index: int | None = None) -> None:
        """Tap the middle of card ``index`` of ``row`` (or the row's name), as a learner would."""
        x, y = self.point(row, index)
        self.click(x, y)

    def point(self, row: str, index: int | None = None) -> tuple:
        """A pixel inside card ``index`` of ``row`` (None: inside the row's name)."""
        r = next(r for r in self.board.scene.card_rows if r.id == row)
        if index is None:
            return (20, r.y + r.card_h / 2)
        bx, by, bw, bh = r.boxes()[index]
        return (bx + min(bw, r.step or bw) / 2, by + bh / 2)

    def ids(self, row: str) -> list:
        """The card (or unit) ids drawn in ``row``, left to right (None for a ghost)."""
        return list(self._ids.get(row, []))

    # casualty mode
    def _cas_pick(self, p: CardPick) -> None:
        s = self.cas
        if s.unit is not None and s.result is None:
            self.predict(p.row)
            return
        if p.index is None:
            if p.pile:
                self.say("The draw deck is face down: tap a card you can see, or a token on the board.")
            else:
                self.say("Tap a card or a token of the unit that is hit.")
            return
        cid = self._ids.get(p.row, [None] * (p.index + 1))[p.index]
        if cid is None:
            self.say("That token has left the board: tap a card you can see, or a token." if p.row == "board"
                     else "That card has left the game: tap a card you can see, or a token.")
            return
        self.hit(cid)

    def hit(self, unit: str) -> None:
        """Step 1: ``unit`` (a card or unit id) is hit."""
        s = self.cas
        zones, tokens = s.settled
        c = CARDS[unit]
        if c.unit is None:
            self.say(f"{esc(card_title(unit))} has no unit token: only a soldier's unit can be hit.", bad=True)
            return
        if unit not in tokens:
            self.say(f"{esc(card_title(unit))} has no token on the board, so it cannot be attacked.", bad=True)
            return
        self.advance(replace(self.value, cas=CasualtyStep(zones, tokens, unit, None, None, s.n)))

    def predict(self, row: str) -> None:
        """Step 2 → 3: the learner says the card comes from ``row``; the engine decides."""
        s = self.cas
        if s.unit is None or s.result is not None:
            self.say("First tap a card or a token of the unit that is hit.")
            return
        if row == "out":
            self.say("“Out of game” is where the card goes. Tap the row it comes from — or the token row "
                     "if the token leaves the board.")
            return
        if row not in GUESSABLE:
            self.say("Tap one of the deck rows, or the token row.")
            return
        c = casualty(s.zones, s.unit, self._rng("casualty", s.n), token_on_board=True)
        self.advance(replace(self.value, cas=replace(s, guess=row, result=c, n=s.n + 1)))

    # attack mode
    def _attackers(self, game: GameState) -> list[str]:
        out = []
        for t in game.tokens_of(self.attacker_side):
            if CARDS[t.unit].action("attack") is not None and _prepare(game, self.attacker_side, t.unit) is not None:
                out.append(t.unit)
        return out

    def _atk_pick(self, p: CardPick) -> None:
        a = self.atk
        assert a is not None                    # (the attack mode's rows: the drill has its game)
        if a.predicting:
            if p.row in ("attackers", "dice"):
                self.say("A hit! First say where the casualty comes from: tap a deck row, or the target row "
                         "if the token leaves the board.")
                return
            self.predict_attack(p.row)
            return
        if p.row in ("attackers", "board") and p.index is not None:
            uid = self._ids.get(p.row, [None] * (p.index + 1))[p.index]
            if uid is None:
                return
            if p.row == "attackers":
                self.choose(attacker=uid)
            else:
                self.choose(target=uid)
            return
        if p.row == "dice":
            self.say("Roll, or tap the dice faces 0–9 under the board.")
        else:
            self.say("Tap an attacker (first row) and an enemy target (second row).")

    def choose(self, *, attacker: str | None = None, target: str | None = None) -> None:
        a = self.atk
        assert a is not None                    # (the attack mode: the drill has its game)
        game = a.current
        att = attacker if attacker is not None else (a.attacker if a.attacker is not None
                                                     and a.attacker in self._attackers(game) else None)
        foe = [t.unit for t in game.tokens_of(other(self.attacker_side))]
        tgt = target if target is not None else (a.target if a.target is not None and a.target in foe else None)
        if att is not None and att not in self._attackers(game):
            self.say(f"{esc(card_title(att))} cannot attack now.", bad=True)
            return
        self.advance(replace(self.value, atk=AttackStep(game, att, tgt, n=a.n)))

    def preview(self) -> AttackPreview | None:
        a = self.atk
        if a is None or a.attacker is None or a.target is None:
            return None
        try:
            return preview_attack(a.game, self.attacker_side, a.attacker, a.target)
        except IllegalAction:
            return None

    def face(self, f: int) -> None:
        """Choose the next die's face (0–9); the attack is thrown once every die has a face."""
        a = self.atk
        if self.mode != "attack" or a is None:
            return
        pv = self.preview()
        if pv is None or a.after is not None:
            self.say("Pick an attacker and a target first (tap their tokens).")
            return
        faces = a.faces + (f,)
        if len(faces) < pv.dice:
            self.advance(replace(self.value, atk=replace(a, faces=faces)))
            self.say(f"Dice so far: {', '.join(map(str, faces))} — {pv.dice - len(faces)} more to choose.")
            return
        seed = self._rng("dice", a.n).randrange(2 ** 31)
        self._throw(combat.LoadedDice(faces, seed))

    def clear_faces(self) -> None:
        a = self.atk
        if a is not None and a.faces:
            self.advance(replace(self.value, atk=replace(a, faces=())))

    def roll(self) -> None:
        a = self.atk
        if self.mode != "attack" or a is None:
            return
        if self.preview() is None or a.after is not None:
            self.say("Pick an attacker and a target first (tap their tokens).")
            return
        self._throw(self._rng("roll", a.n))

    def _throw(self, rng) -> None:
        a = self.atk
        assert a is not None and a.attacker is not None and a.target is not None   # (thrown after a preview)
        prepared = _prepare(a.game, self.attacker_side, a.attacker)
        try:
            if prepared is None:
                raise IllegalAction(f"every {card_title(a.attacker)} card is out of the game", UR.CASUALTY)
            step = apply(prepared, Play(self.attacker_side, a.attacker, "attack", target=a.target), rng)
        except IllegalAction as exc:
            self.advance(replace(self.value, atk=replace(a, faces=(), refusal=(exc.reason, exc.rule))))
            return
        ev = next(e for e in step.events if e.kind == "attack")
        new = replace(a, faces=(), rolled=tuple(ev.data["dice"]), hit=ev.data["hit"], events=step.events,
                      after=step.state, guess=None, refusal=None, n=a.n + 1)
        self.advance(replace(self.value, atk=new))

    def predict_attack(self, row: str) -> None:
        a = self.atk
        if a is None or not a.predicting:
            return
        if row == "out":
            self.say("“Out of game” is where the card goes. Tap the row it comes from — or the target row "
                     "if the token leaves the board.")
            return
        if row not in GUESSABLE:
            self.say("Tap one of the deck rows, or the target row.")
            return
        self.advance(replace(self.value, atk=replace(a, guess=row)))
