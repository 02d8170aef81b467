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
from dataclasses import dataclass, replace
from pathlib import Path

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.render import style
from tutor.render.picking import CardPick
from tutor.render.scene import Card, Segment, card_scene
from tutor.render.undaunted import CARD_W, card_title, cover_key
from tutor.undaunted import combat
from tutor.undaunted import rules as R
from tutor.undaunted.actions import AttackPreview, apply, preview_attack
from tutor.undaunted.cards import CARDS, UNIT_TYPES
from tutor.undaunted.deck import ZONE_NAMES, Casualty, Zones, casualty, census
from tutor.undaunted.state import SIDE_INDEX, SIDES, Event, GameState, Play, other
from tutor.widgets.base import Drill, esc, rules_html, small_button

# The built-in teaching deck: a copy in the hand (Riflemen A, Scouts B), a unit whose cards are
# on the table and in the draw deck (Machine gunners A), one only in the draw deck (Riflemen B)
# and one whose only card sits in the supply (Sniper: its token must go).
DEMO = Zones(
    hand=("riflemen-a", "scouts-b", "fog-of-war", "squad-leader-a"),
    table=("machine-gunners-a",),
    discard=("riflemen-a", "scouts-b", "platoon-sergeant"),
    draw=("riflemen-a", "machine-gunners-a", "riflemen-b", "fog-of-war", "scouts-b", "riflemen-b",
          "squad-leader-b"),
    supply=("riflemen-a", "riflemen-b", "sniper", "fog-of-war", "fog-of-war"),
)
DEMO_TOKENS = ("riflemen-a", "riflemen-b", "scouts-b", "machine-gunners-a", "sniper")

ROW_NAME = {"hand": "hand", "table": "table", "discard": "discard", "draw": "draw deck",
            "supply": "supply", "out": "out of game", "board": "on the board", "attackers": "attacker",
            "dice": "dice"}
ZONE_WORDS = {"hand": "the hand", "table": "the table", "discard": "the discard pile",
              "draw": "the draw deck", "supply": "the supply", "out": "out of the game",
              "board": "the token leaves the board"}
GUESSABLE = ("hand", "table", "discard", "draw", "supply", "board")
ORDER = ("hand", "discard", "draw")

# Sizes for a narrow notebook column: 560 px wide at most, scaled down to fit; a card as wide as
# the longest word of a printed card name needs (tutor.render.undaunted.CARD_W).
WIDTH, LABEL_W, CARD_H, GAP = 560, 84, 64, 10


def _faces_text(total: int) -> str:
    """Which faces hit: "0 and 8–9", "0 only", "every face"."""
    hi = [f for f in range(1, combat.FACES) if f >= total]
    if not hi:
        return "0 only"
    if len(hi) == combat.FACES - 1:
        return "every face"
    rng = f"{hi[0]}" if len(hi) == 1 else f"{hi[0]}–{hi[-1]}"
    return f"0 and {rng}"


# ---------------------------------------------------------------------------------------------
# state values


@dataclass(frozen=True)
class CasualtyStep:
    zones: Zones
    tokens: tuple[str, ...]              # units whose token is on the board
    unit: str | None = None              # step 2: the unit hit
    guess: str | None = None             # the row the learner chose
    result: Casualty | None = None       # step 3: the engine's ruling
    n: int = 0                           # rulings so far (the n-th seeded shuffle)

    @property
    def settled(self) -> tuple[Zones, tuple[str, ...]]:
        """The zones and tokens after the last ruling (what the next hit starts from)."""
        if self.result is None:
            return self.zones, self.tokens
        c = self.result
        return c.zones, tuple(t for t in self.tokens if not (c.token_removed and t == c.unit))


@dataclass(frozen=True)
class AttackStep:
    game: GameState
    attacker: str | None = None
    target: str | None = None
    faces: tuple[int, ...] = ()          # chosen with the face buttons, not yet thrown
    rolled: tuple[int, ...] | None = None
    hit: bool | None = None
    events: tuple[Event, ...] = ()
    after: GameState | None = None       # the engine's state after the attack
    guess: str | None = None             # after a hit: the row the learner chose
    refusal: tuple | None = None         # (reason, rule)
    n: int = 0

    @property
    def predicting(self) -> bool:
        return bool(self.hit) and self.guess is None

    @property
    def done(self) -> bool:
        return self.after is not None and not self.predicting

    @property
    def current(self) -> GameState:
        return self.after if self.done else self.game

    def event(self, kind: str) -> Event | None:
        return next((e for e in self.events if e.kind == kind), None)


@dataclass(frozen=True)
class DrillValue:
    mode: str
    cas: CasualtyStep
    atk: AttackStep | None
    peek: bool = False


# ---------------------------------------------------------------------------------------------
# inputs


def _as_zones(deck, side):
    """(side, zones, tokens or None, game or None) from a deck file, Zones, a scenario or a GameState."""
    if deck is None:
        return side or "allied", DEMO, DEMO_TOKENS, None
    if isinstance(deck, Zones):
        return side or "allied", deck, None, None
    if isinstance(deck, GameState):
        game = deck
    elif isinstance(deck, (str, Path)):
        from tutor.undaunted.scenario import load_deck, read_yaml
        data = read_yaml(deck)
        if "tiles" not in data:
            s, z = load_deck(deck)
            return side or s, z, None, None
        game = _scenario_game(deck, None)
    else:
        raise InputError(f"CasualtyDrill needs a deck file, Zones, an Undaunted scenario or GameState, "
                         f"not {type(deck).__name__}")
    side = side or "axis"
    return side, game.zones_of(side), tuple(t.unit for t in game.tokens_of(side)), game


def _scenario_game(scenario, seed) -> GameState:
    """A scenario's game after the draw phase (both sides hold 4 cards), or a given GameState."""
    from tutor.undaunted.scenario import load
    from tutor.undaunted.state import DrawCards
    if isinstance(scenario, GameState):
        return scenario
    game = load(scenario, random.Random(f"{seed}:setup"))
    if game.phase == "draw":
        game = apply(game, DrawCards(), random.Random(f"{seed}:draw")).state
    return game


def _default_scenario() -> Path | None:
    from tutor.undaunted.scenario import scenarios_dir
    d = scenarios_dir()
    p = d / "worked-example.yaml" if d else None
    return p if p is not None and p.is_file() else None


def _default_tokens(z: Zones) -> tuple[str, ...]:
    """Every unit with a card the side still holds (not out of the game) has its token on the board."""
    live = census(z) - census(Zones(out=z.out))
    return tuple(sorted(u for u in live if CARDS[u].unit is not None))


def _prepare(game: GameState, side: str, unit: str) -> GameState | None:
    """The game with ``side`` to play and ``unit``'s card in hand (taken from draw, discard, table
    or supply if need be): the drill plays an attack at any moment. None if every card is out."""
    z = game.zones_of(side)
    if unit not in z.hand:
        d = z.as_dict()
        src = next((k for k in ("draw", "discard", "table", "supply") if unit in d[k]), None)
        if src is None:
            return None
        d[src].remove(unit)
        d["hand"].append(unit)
        z = Zones.from_dict(d)
    zones = list(game.zones)
    zones[SIDE_INDEX[side]] = z
    return replace(game, zones=tuple(zones), phase="turn", active=side, winner=None, result=None)


# ---------------------------------------------------------------------------------------------
# the drill


class CasualtyDrill(Drill):
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
        kids = list(self.children)
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
        game = a.current
        att = attacker if attacker is not None else (a.attacker if a.attacker in self._attackers(game) else None)
        foe = [t.unit for t in game.tokens_of(other(self.attacker_side))]
        tgt = target if target is not None else (a.target if a.target in foe else None)
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
        prepared = _prepare(a.game, self.attacker_side, a.attacker)
        try:
            if prepared is None:
                raise IllegalAction(f"every {card_title(a.attacker)} card is out of the game", R.CASUALTY)
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
        if not a.predicting:
            return
        if row == "out":
            self.say("“Out of game” is where the card goes. Tap the row it comes from — or the target row "
                     "if the token leaves the board.")
            return
        if row not in GUESSABLE:
            self.say("Tap one of the deck rows, or the target row.")
            return
        self.advance(replace(self.value, atk=replace(a, guess=row)))

    # -- showing
    def _zone_rows(self, z: Zones, *, unit: str | None, ask: bool, guess: str | None,
                   answer: str | None, before: Zones | None, shuffled: bool) -> list:
        rows = []
        peek = self.value.peek
        for zone in ZONE_NAMES:
            cards = list(getattr(z, zone))
            ids = list(cards)
            roles = [None] * len(cards)
            if before is not None and zone == answer and zone != "draw":
                i = getattr(before, zone).index(unit)          # the copy the engine took (the first)
                ids.insert(i, None)
                cards.insert(i, unit)
                roles.insert(i, "removed")
            if before is not None and zone == "out" and answer in ORDER:
                roles[-1] = "new"
            elif unit is not None and before is None and (zone != "draw" or peek):
                roles = ["hit" if c == unit else None for c in cards]
            shown = [Card(card_title(c), True, r, "" if CARDS[c].unit else "no token") for c, r in zip(cards, roles)]
            count = None
            if zone == "draw" and not peek:
                shown, ids, count = [], [], len(z.draw)
            extra = {"key": zone, "note": self._note(zone, z, unit, ask, guess, answer, shuffled)}
            extra["role"] = self._band(zone, ask, guess, answer)
            rows.append((ROW_NAME[zone], shown, count, extra))
            self._ids[zone] = ids
        return rows

    def _band(self, zone, ask, guess, answer):
        if answer is not None:
            if zone == answer:
                return "answer"
            if zone == guess:
                return "wrong"
            return None
        if ask and zone in GUESSABLE:
            return "ask"
        return None

    def _note(self, zone, z, unit, ask, guess, answer, shuffled) -> str:
        lines = []
        if answer is not None:
            if zone == answer:
                lines.append("✓ taken here" if guess == answer else "taken here")
            elif zone == guess:
                lines.append("✗ your guess")
        if zone == "draw":
            if shuffled:
                lines.append("shuffled")
            elif unit is not None and answer is None and not self.value.peek:
                n = z.draw.count(unit)
                lines.append(f"holds {n} of it" if n else "holds none")
        return "\n".join(lines[:2])

    def _token_row(self, name, key, units, side, *, roles, subtitles, ask=False, guess=None, answer=None,
                   note=""):
        colour = style.SIDE_FILL[side]
        shown = [Card(card_title(u), True, roles.get(u), subtitles.get(u, ""), "token", colour) for u in units]
        self._ids[key] = [None if roles.get(u) == "removed" else u for u in units]
        band = self._band("board", ask, guess, answer) if key == "board" else None
        if key == "board" and answer is not None:
            note = "✓ token off" if (answer == "board" and guess == "board") else (
                "token off" if answer == "board" else ("✗ your guess" if guess == "board" else note))
        return (name, shown, None, {"key": key, "note": note, "role": band})

    def _move_line(self, sc, answer: str) -> tuple:
        """An arrow from where the card was (the ghost, or the draw pile) to its place out of the game."""
        rows = {r.id: r for r in sc.card_rows}
        src, out = rows.get(answer), rows.get("out")
        if src is None or out is None or not out.cards:
            return ()
        if answer == "draw" and src.count is not None:
            x, y, w, h = src.pile_box()
        else:
            i = next((i for i, c in enumerate(src.cards) if c.role == "removed"), 0)
            x, y, w, h = src.boxes()[i] if src.cards else (src.x, src.y, src.card_w, src.card_h)
        ox, oy, ow, oh = out.boxes()[-1]
        start = (x + w / 2, y + h) if oy > y else (x + w / 2, y)       # leave the card's edge facing "out"
        return (Segment("move", (start, (ox + ow / 2, oy if oy > y else oy + oh))),)

    def _scene(self):
        self._ids = {}
        if self.mode == "attack":
            return self._attack_scene()
        s = self.cas
        c = s.result
        answer = None if c is None else (c.removed_from or "board")
        z = s.zones if c is None else c.zones
        rows = self._zone_rows(z, unit=s.unit, ask=s.unit is not None and c is None, guess=s.guess, answer=answer,
                               before=s.zones if c is not None else None, shuffled=c is not None and c.shuffled)
        live = census(z) - census(Zones(out=z.out))
        roles = {u: "hit" for u in s.tokens if u == s.unit}
        if c is not None and c.token_removed:
            roles[s.unit] = "removed"
        subs = {u: f"{live[u]} card{'s' if live[u] != 1 else ''}" for u in s.tokens}
        rows.append(self._token_row(ROW_NAME["board"], "board", s.tokens, self.side, roles=roles, subtitles=subs,
                                    ask=s.unit is not None and c is None, guess=s.guess, answer=answer))
        sc = card_scene(rows, width=WIDTH, card_w=CARD_W, card_h=CARD_H, label_w=LABEL_W, gap=GAP)
        if answer in ORDER:
            sc = replace(sc, lines=self._move_line(sc, answer))
        return sc

    def _attack_scene(self):
        a = self.atk
        foe = other(self.attacker_side)
        shown_game = a.after if a.done else a.game
        g = a.game
        attackers = self._attackers(g)
        cas = a.event("casualty")
        answer = None
        if a.done and cas is not None:
            answer = cas.data["removed_from"] or "board"

        def where(game, side, u):
            t = game.token(side, u)
            if t is None or t.tile is None:
                return "off board"
            return f"{t.tile} {cover_key(game.board.tile(t.tile).cover)}" + ("\nsuppressed" if t.suppressed else "")

        rows = [self._token_row(ROW_NAME["attackers"], "attackers", attackers, self.attacker_side,
                                roles={a.attacker: "selected"} if a.attacker else {},
                                subtitles={u: where(g, self.attacker_side, u) for u in attackers},
                                note="tap one" if a.attacker is None else "")]
        targets = [t.unit for t in g.tokens_of(foe)]
        troles = {}
        if a.target is not None:
            troles[a.target] = "hit" if a.hit else "target"
            if answer == "board":
                troles[a.target] = "removed"
        rows.append(self._token_row("target", "board", targets, foe, roles=troles,
                                    subtitles={u: where(g, foe, u) for u in targets},
                                    ask=a.predicting, guess=a.guess, answer=answer,
                                    note="tap one" if a.target is None else ""))
        pv = self.preview()
        if a.rolled is not None:
            dice = [Card(str(f), True, "hit" if combat.die_hits(f, a.event("attack").data["defense"]) else "miss",
                         "hit" if combat.die_hits(f, a.event("attack").data["defense"]) else "miss", "die")
                    for f in a.rolled]
        else:
            dice = [Card(str(f), True, None, "chosen", "die") for f in a.faces]
        note = f"need {pv.defense.total}+\nor a 0" if pv is not None else ""
        rows.append(("dice", dice, None, {"key": "dice", "note": note}))
        self._ids["dice"] = [None] * len(dice)
        before = a.game.zones_of(foe)
        z = shown_game.zones_of(foe)
        hit_unit = a.target if a.hit else None
        rows += self._zone_rows(z, unit=hit_unit, ask=a.predicting, guess=a.guess, answer=answer,
                                before=before if answer is not None else None,
                                shuffled=bool(cas is not None and a.done and cas.data["shuffled"]))
        sc = card_scene(rows, width=WIDTH, card_w=CARD_W, card_h=CARD_H, label_w=LABEL_W, gap=GAP)
        if answer in ORDER:
            sc = replace(sc, lines=self._move_line(sc, answer))
        return sc

    def refresh(self) -> None:
        self.board.update(self._scene())
        if self.mode_pick.value != self.mode:
            self.mode_pick.unobserve(self._mode_changed, "value")
            self.mode_pick.value = self.mode
            self.mode_pick.observe(self._mode_changed, "value")
        if self.peek_box.value != self.value.peek:
            self.peek_box.unobserve(self._peek_changed, "value")
            self.peek_box.value = self.value.peek
            self.peek_box.observe(self._peek_changed, "value")
        self.dice_box.layout.display = "flex" if self.mode == "attack" else "none"
        if self.mode == "casualty":
            self._explain_casualty()
        else:
            self._explain_attack()

    # -- words
    def _order_html(self, z: Zones, unit: str, answer: str, token_on_board: bool = True) -> str:
        steps = []
        for i, zone in enumerate(ORDER):
            n = getattr(z, zone).count(unit)
            have = f"{n} {card_title(unit)} card{'s' if n != 1 else ''}" if n else "none"
            extra = " (then shuffled)" if zone == "draw" else ""
            txt = f"{ZONE_WORDS[zone].capitalize()}{extra}: {have}."
            steps.append(f"<li><b>{esc(txt)}</b> ← this one</li>" if zone == answer else f"<li>{esc(txt)}</li>")
        tok = "Otherwise the unit's token leaves the board."
        steps.append(f"<li><b>{esc(tok)}</b> ← this one</li>" if answer == "board" else f"<li>{esc(tok)}</li>")
        sup, tab = z.supply.count(unit), z.table.count(unit)
        never = (f"Never the supply ({sup} there) and never the table ({tab} there)." if sup or tab
                 else "Never the supply, never the table.")
        return f"<ol>{''.join(steps)}</ol><div>{esc(never)}</div>"

    def _why_not(self, z: Zones, unit: str, guess: str, answer: str) -> str:
        t = card_title(unit)
        if guess == answer:
            return ""
        if guess == "supply":
            return "Never from the supply: “Ze zálohy se karta nevyřazuje!”"
        if guess == "table":
            return ("Never from the table: the cards played this turn are not searched — only the hand, "
                    "the discard pile and the draw deck.")
        if guess == "board":
            return (f"The token leaves the board only when no {t} card is left in the hand, the discard pile "
                    f"or the draw deck.")
        if guess in ORDER:
            if unit not in getattr(z, guess):
                return f"There is no {t} card in {ZONE_WORDS[guess]}."
            first = next(zz for zz in ORDER if unit in getattr(z, zz))
            return f"{ZONE_WORDS[first].capitalize()} comes first: it holds a {t} card."
        return ""

    def _casualty_html(self, z: Zones, unit: str, guess: str, answer: str, text: str, rule, shuffled: bool) -> tuple:
        right = guess == answer
        verdict = (f"Right: {ZONE_WORDS[answer]}." if right else
                   f"Not quite: you said {ZONE_WORDS[guess]}; the rule says {ZONE_WORDS[answer]}.")
        why_not = self._why_not(z, unit, guess, answer)
        shuffle = ("<div>The draw deck is shuffled afterwards" +
                   (" (in the same order each time you start over)." if self.seed is not None else ".") +
                   "</div>") if shuffled else ""
        body = (f'<div class="verdict">{"✓" if right else "✗"} {esc(verdict)}</div>'
                f'<div class="reason">{esc(text)}.</div>'
                + (f"<div>{esc(why_not)}</div>" if why_not else "") + shuffle
                + self._order_html(z, unit, answer))
        return right, verdict, body, [R.CASUALTY, rule, R.CASUALTY_ONE]

    def _explain_casualty(self) -> None:
        s = self.cas
        if s.unit is None:
            self.say("Step 1: tap a card or a token of the unit that is hit.")
            self.explain('<div class="verdict">A hit removes one card of the unit from the game. Which one?</div>'
                         + rules_html([R.CASUALTY]))
            return
        t = card_title(s.unit)
        if s.result is None:
            self.say(f"Step 2: {esc(t)} is hit. Tap the row its card comes from — or the token row if the "
                     f"token leaves the board.")
            self.explain(f'<div class="verdict">{esc(t)} is hit: one of its cards leaves the game.</div>'
                         '<div>Its cards are outlined in red. The draw deck is face down; its note says how '
                         'many of this unit it holds.</div>' + rules_html([R.CASUALTY]))
            return
        c = s.result
        answer = c.removed_from or "board"
        right, verdict, body, rules = self._casualty_html(s.zones, s.unit, s.guess, answer, c.text, c.rule,
                                                          c.shuffled)
        self.say(f"{'✓' if right else '✗'} {esc(verdict)} Tap another card or token for the next hit.", bad=not right)
        self.explain(body + rules_html(rules))

    def _explain_attack(self) -> None:
        a = self.atk
        pv = self.preview()
        if a.refusal is not None:
            reason, rule = a.refusal
            self.say(f"✗ Refused: {esc(reason)}", bad=True)
            self.explain(f'<div class="verdict">Refused: {esc(reason)}</div>' + rules_html([rule] if rule else []))
            return
        if pv is None:
            missing = "an attacker (first row)" if a.attacker is None else "an enemy target (second row)"
            self.say(f"Tap {missing}.")
            self.explain('<div class="verdict">An attack: total defense = base defense + cover + range; '
                         'one d10 per attack point.</div>' + rules_html([R.DEFENSE, R.DICE]))
            return
        d = pv.defense
        foe = other(self.attacker_side)
        tile = a.game.token(foe, a.target).tile
        atile = a.game.token(self.attacker_side, a.attacker).tile
        cov = a.game.board.tile(tile).cover
        parts = (f"<ul><li>base defense of {esc(card_title(a.target))}: {d.base} "
                 f"({esc(UNIT_TYPES[CARDS[a.target].name].name.replace('-', ' '))})</li>"
                 f"<li>cover of {esc(tile)}: {d.cover}"
                 + (f" (hill 3/1: {'1, the attacker on ' + esc(atile) + ' is on a hill too' if d.cover == 1 else '3, the attacker is not on a hill'})"
                    if cov.hill else "")
                 + f"</li><li>range from {esc(atile)} to {esc(tile)}: {d.range}</li>"
                 f"<li><b>total defense {d.total}</b></li></ul>")
        odds = (f"<div>{pv.dice} di{'ce' if pv.dice != 1 else 'e'}; each hits on {_faces_text(d.total)}: "
                f"{combat.fraction_text(pv.p_die)}. At least one hit: <b>{combat.fraction_text(pv.p_hit)}</b> "
                f"(= 1 − ({combat.fraction_text(1 - pv.p_die)})<sup>{pv.dice}</sup>).</div>")
        head = (f'<div class="verdict">{esc(card_title(a.attacker))} attacks {esc(card_title(a.target))}: '
                f'{esc(d.text)}.</div>')
        if a.rolled is None:
            chosen = f" Chosen so far: {', '.join(map(str, a.faces))}." if a.faces else ""
            self.say(f"Roll, or tap {pv.dice} dice face{'s' if pv.dice != 1 else ''} (0–9) below.{chosen}")
            self.explain(head + parts + odds + rules_html(pv.rules))
            return
        ev = a.event("attack")
        dice = "".join(
            f"<li>{esc('a 0 always hits' if f == 0 else (f'{f} ≥ {d.total}: hit' if f >= d.total else f'{f} < {d.total}: miss'))}</li>"
            for f in a.rolled)
        rolled = f'<div class="reason">{esc(ev.text)}.</div><ul>{dice}</ul>'
        if not a.hit:
            self.say(f"✗ No hit: no die reached {d.total} and none showed 0. Tap an attacker or target to try again.")
            self.explain(head + rolled + parts + odds + rules_html(pv.rules))
            return
        if a.predicting:
            self.say(f"A hit! {esc(card_title(a.target))} takes a casualty: tap the row its card comes from — "
                     f"or the target row if the token leaves the board.")
            self.explain(head + rolled + parts + rules_html([R.DICE, R.CASUALTY_ONE, R.CASUALTY]))
            return
        cas = a.event("casualty")
        answer = cas.data["removed_from"] or "board"
        right, verdict, body, rules = self._casualty_html(a.game.zones_of(foe), a.target, a.guess, answer,
                                                          cas.text, cas.rule, cas.data["shuffled"])
        self.say(f"{'✓' if right else '✗'} {esc(verdict)} Tap an attacker or a target for the next attack.",
                 bad=not right)
        win = a.event("victory")
        self.explain(head + rolled + body + (f"<div><b>{esc(win.text)}</b></div>" if win else "")
                     + rules_html(rules + list(pv.rules)))
