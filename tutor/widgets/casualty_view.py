"""What the casualty drill (``tutor.widgets.casualty_drill.CasualtyDrill``) holds and shows: the
values of its steps (a casualty, an attack), the decks it starts from, and its scenes, notes and
explanations. The drill's taps and actions are ``tutor.widgets.casualty_drill``'s; this is its
values and its look, kept apart so that neither module runs long."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.errors import InputError
from tutor.render import style
from tutor.render.scene import Card, Segment, card_scene
from tutor.render.undaunted import CARD_W, card_title, cover_key
from tutor.undaunted import combat
from tutor.undaunted import rules as UR
from tutor.undaunted.actions import apply
from tutor.undaunted.cards import CARDS, UNIT_TYPES
from tutor.undaunted.deck import ZONE_NAMES, Casualty, Zones, census
from tutor.undaunted.state import SIDE_INDEX, Event, GameState, other
from tutor.widgets.base import esc, rules_html

if TYPE_CHECKING:
    import ipywidgets as W

    from tutor.render.canvas import BoardView
    from tutor.undaunted.actions import AttackPreview

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
        after = self.after
        return after if after is not None and self.done else self.game

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
    zones = (z, game.zones[1]) if SIDE_INDEX[side] == 0 else (game.zones[0], z)
    return replace(game, zones=zones, phase="turn", active=side, winner=None, result=None)


class CasualtyView:
    """The showing half of :class:`~tutor.widgets.casualty_drill.CasualtyDrill` (a mixin: it
    reads the drill's value, board and widgets)."""

    if TYPE_CHECKING:  # what the drill (CasualtyDrill, a Drill) gives this half
        value: DrillValue
        seed: int | None
        attacker_side: str
        board: BoardView
        mode_pick: W.ToggleButtons
        peek_box: W.ToggleButton
        dice_box: W.HBox

        @property
        def mode(self) -> str: ...
        @property
        def cas(self) -> CasualtyStep: ...
        @property
        def atk(self) -> AttackStep | None: ...
        def preview(self) -> AttackPreview | None: ...
        def say(self, text: str, *, bad: bool = False) -> None: ...
        def explain(self, body: str) -> None: ...
        def _mode_changed(self, change) -> None: ...
        def _peek_changed(self, change) -> None: ...

    # -- showing
    def _zone_rows(self, z: Zones, *, unit: str | None, ask: bool, guess: str | None,
                   answer: str | None, before: Zones | None, shuffled: bool) -> list:
        rows = []
        peek = self.value.peek
        for zone in ZONE_NAMES:
            cards = list(getattr(z, zone))
            ids: list[str | None] = list(cards)
            roles: list[str | None] = [None] * len(cards)
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
        return right, verdict, body, [UR.CASUALTY, rule, UR.CASUALTY_ONE]

    def _explain_casualty(self) -> None:
        s = self.cas
        if s.unit is None:
            self.say("Step 1: tap a card or a token of the unit that is hit.")
            self.explain('<div class="verdict">A hit removes one card of the unit from the game. Which one?</div>'
                         + rules_html([UR.CASUALTY]))
            return
        t = card_title(s.unit)
        if s.result is None:
            self.say(f"Step 2: {esc(t)} is hit. Tap the row its card comes from — or the token row if the "
                     f"token leaves the board.")
            self.explain(f'<div class="verdict">{esc(t)} is hit: one of its cards leaves the game.</div>'
                         '<div>Its cards are outlined in red. The draw deck is face down; its note says how '
                         'many of this unit it holds.</div>' + rules_html([UR.CASUALTY]))
            return
        c = s.result
        assert s.guess is not None              # (a ruling answers the learner's row)
        answer = c.removed_from or "board"
        right, verdict, body, rules = self._casualty_html(s.zones, s.unit, s.guess, answer, c.text, c.rule,
                                                          c.shuffled)
        self.say(f"{'✓' if right else '✗'} {esc(verdict)} Tap another card or token for the next hit.", bad=not right)
        self.explain(body + rules_html(rules))

    def _explain_attack(self) -> None:
        a = self.atk
        assert a is not None                    # (the attack mode: the drill has its scenario's game)
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
                         'one d10 per attack point.</div>' + rules_html([UR.DEFENSE, UR.DICE]))
            return
        att, tgt = a.attacker, a.target
        assert att is not None and tgt is not None     # (a preview: both chosen)
        d = pv.defense
        foe = other(self.attacker_side)
        target_token, attacker_token = a.game.token(foe, tgt), a.game.token(self.attacker_side, att)
        assert target_token is not None and attacker_token is not None
        tile, atile = target_token.tile, attacker_token.tile
        assert tile is not None and atile is not None          # (both on the board)
        cov = a.game.board.tile(tile).cover
        parts = (f"<ul><li>base defense of {esc(card_title(tgt))}: {d.base} "
                 f"({esc(UNIT_TYPES[CARDS[tgt].name].name.replace('-', ' '))})</li>"
                 f"<li>cover of {esc(tile)}: {d.cover}"
                 + (f" (hill 3/1: {'1, the attacker on ' + esc(atile) + ' is on a hill too' if d.cover == 1 else '3, the attacker is not on a hill'})"
                    if cov.hill else "")
                 + f"</li><li>range from {esc(atile)} to {esc(tile)}: {d.range}</li>"
                 f"<li><b>total defense {d.total}</b></li></ul>")
        odds = (f"<div>{pv.dice} di{'ce' if pv.dice != 1 else 'e'}; each hits on {_faces_text(d.total)}: "
                f"{combat.fraction_text(pv.p_die)}. At least one hit: <b>{combat.fraction_text(pv.p_hit)}</b> "
                f"(= 1 − ({combat.fraction_text(1 - pv.p_die)})<sup>{pv.dice}</sup>).</div>")
        head = (f'<div class="verdict">{esc(card_title(att))} attacks {esc(card_title(tgt))}: '
                f'{esc(d.text)}.</div>')
        if a.rolled is None:
            chosen = f" Chosen so far: {', '.join(map(str, a.faces))}." if a.faces else ""
            self.say(f"Roll, or tap {pv.dice} dice face{'s' if pv.dice != 1 else ''} (0–9) below.{chosen}")
            self.explain(head + parts + odds + rules_html(pv.rules))
            return
        ev = a.event("attack")
        assert ev is not None                   # (rolled: the engine's attack event)
        dice = "".join(
            f"<li>{esc('a 0 always hits' if f == 0 else (f'{f} ≥ {d.total}: hit' if f >= d.total else f'{f} < {d.total}: miss'))}</li>"
            for f in a.rolled)
        rolled = f'<div class="reason">{esc(ev.text)}.</div><ul>{dice}</ul>'
        if not a.hit:
            self.say(f"✗ No hit: no die reached {d.total} and none showed 0. Tap an attacker or target to try again.")
            self.explain(head + rolled + parts + odds + rules_html(pv.rules))
            return
        if a.predicting:
            self.say(f"A hit! {esc(card_title(tgt))} takes a casualty: tap the row its card comes from — "
                     f"or the target row if the token leaves the board.")
            self.explain(head + rolled + parts + rules_html([UR.DICE, UR.CASUALTY_ONE, UR.CASUALTY]))
            return
        cas = a.event("casualty")
        assert cas is not None and a.guess is not None   # (a hit, the row chosen: the engine's casualty event)
        answer = cas.data["removed_from"] or "board"
        right, verdict, body, rules = self._casualty_html(a.game.zones_of(foe), tgt, a.guess, answer,
                                                          cas.text, cas.rule, cas.data["shuffled"])
        self.say(f"{'✓' if right else '✗'} {esc(verdict)} Tap an attacker or a target for the next attack.",
                 bad=not right)
        win = a.event("victory")
        self.explain(head + rolled + body + (f"<div><b>{esc(win.text)}</b></div>" if win else "")
                     + rules_html(rules + list(pv.rules)))
