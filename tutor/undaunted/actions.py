"""Applying actions: the round (draw, initiative, turns) and every card action, as pure functions.

``apply(state, action, rng) -> Step(state, events)``. The input state is never changed; a
forbidden action raises ``IllegalAction(reason, rule)`` and nothing happens. ``legal_actions``
lists what the deciding player may do now (for drills, tests and the random player).

Readings where the rulebook is silent (each also said in the event text where it matters):

* Move, guide, scout and stalk take a ``path`` of up to the action's value in steps, each step
  to an adjacent tile (``board.py``). Move and guide need your control marker (either side up)
  on every tile entered; scout places a scouted marker, and takes one Fog of War from your supply
  into your discard pile, on every tile entered that has no marker of yours.
* Inspire takes back a card played before it, never the card that performs it, though the turn
  lays that card on the table before its action (PRŮBĚH HRY): else a squad leader could return
  itself and be played again without end (conflict ``und.inspire.self``). It takes back 1 card
  whenever a played card of its squad lies on the table, as the Czech text says ("Vezměte si 1");
  nothing only when there is none (conflict ``und.inspire.count``: the English edition says "up to").
* Playing the card of a unit whose token is off the board deploys it first (``deploy=`` picks
  the deployment marker if several match; a card with no matching marker cannot be played for an
  action, only withdrawn). A token deployed again is ready.
* When the mortar's token leaves the board (a casualty), its target marker is removed too. The
  rule removes it when the mortar moves (AKCE POHYBU: "odstraňte z herního plánu žeton
  zaměření"; Zaměření: "Pokud kdykoliv později žeton jednotky minometu přemístíte"); a mortar
  taken off the board is the tutor's reading, and its event says so.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations_with_replacement

from tutor.errors import IllegalAction
from tutor.sides import Side
from tutor.undaunted import combat, rules
from tutor.undaunted.cards import CARDS, FOG, UNIT_TYPES, Card, card_title, named
from tutor.undaunted.deck import ZONE_NAMES, Zones
from tutor.undaunted.deck import casualty as deck_casualty
from tutor.undaunted.deck import draw as deck_draw
from tutor.undaunted.state import (
    CONTROLLED,
    SCOUTED,
    SIDE_INDEX,
    SIDES,
    DrawCards,
    EndTurn,
    Event,
    GameState,
    Play,
    RevealInitiative,
    Step,
    Token,
    Withdraw,
    other,
)
from tutor.undaunted.victory import decide
from tutor.words import plural

HAND_SIZE = 4


def in_words(cards) -> str:
    """Cards in a sentence by their printed titles: "nothing", "Rifleman C", "Rifleman C and
    Scout C", "a, b and c"."""
    names = [named(c) for c in cards]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _the(side: str) -> str:
    """A side as the subject that starts an event's sentence: "The Allies", "The Axis"."""
    return Side.of(side).The


def _verb(side: str, plural_form: str, singular: str) -> str:
    """The verb agreeing with the side's name: "the Allies draw", "the Axis draws"."""
    return Side.of(side).verb(plural_form, singular)


def _adj(side: str) -> str:
    """The side's adjective: "Allied", "Axis"."""
    return Side.of(side).adjective


def _cards(n: int) -> str:
    """A count of cards drawn: "no cards", "1 card", "3 cards"."""
    return plural(n, "card") if n else "no cards"


def _rng(rng) -> random.Random:
    if rng is None:
        raise TypeError("this action needs randomness: pass a random.Random (or an int seed) as rng")
    if isinstance(rng, int) and not isinstance(rng, bool):
        return random.Random(rng)
    return rng


class _Draft:
    """A mutable working copy of a state, frozen back into a new GameState at the end.

    Zones, tokens and control markers are copied only when an action touches them, so the
    many actions that change little (ending a turn, revealing) cost little.
    """

    __slots__ = ("_control", "_tokens", "events", "fields", "order", "s", "targets", "zones")

    def __init__(self, s: GameState):
        self.s = s
        self.zones: list[Zones | None] = [None, None]          # lazily replaced Zones
        self._tokens: dict[tuple[str, str], Token] | None = None
        self.order: list[tuple[str, str]] = []                 # the tokens' order, once they are copied
        self._control: list[dict[str, str]] | None = None
        self.targets = list(s.targets)
        self.events: list[Event] = []
        self.fields: dict = {}

    @property
    def tokens(self) -> dict[tuple[str, str], Token]:
        if self._tokens is None:
            self._tokens = {(t.side, t.unit): t for t in self.s.tokens}
            self.order = [(t.side, t.unit) for t in self.s.tokens]
        return self._tokens

    @property
    def control(self) -> list[dict[str, str]]:
        if self._control is None:
            self._control = [dict(self.s.control[0]), dict(self.s.control[1])]
        return self._control

    # zones
    def z(self, side: str) -> Zones:
        i = SIDE_INDEX[side]
        z = self.zones[i]
        return z if z is not None else self.s.zones[i]

    def set_z(self, side: str, z: Zones) -> None:
        self.zones[SIDE_INDEX[side]] = z

    def move_card(self, side: str, card: str, src: str, dst: str) -> None:
        z = self.z(side)
        a = getattr(z, src)
        i = a.index(card)
        d = {n: getattr(z, n) for n in ZONE_NAMES}
        d[src] = a[:i] + a[i + 1:]
        d[dst] = d[dst] + (card,)
        self.set_z(side, Zones(**d))

    def event(self, kind, side, text, rule, **data) -> None:
        self.events.append(Event(kind, side, text, rule, data))

    # tokens
    def token(self, side: str, unit: str) -> Token:
        toks = self.tokens
        t = toks.get((side, unit))
        if t is None:
            t = Token(side, unit, None, False)
            toks[(side, unit)] = t
            self.order.append((side, unit))
        return t

    def set_token(self, t: Token) -> None:
        toks = self.tokens
        if (t.side, t.unit) not in toks:
            self.order.append((t.side, t.unit))
        toks[(t.side, t.unit)] = t

    def units_at(self, tile: str):
        toks = self.tokens
        return [toks[k] for k in self.order if toks[k].tile == tile]

    def freeze(self) -> GameState:
        s = self.s
        zones = (self.z(SIDES[0]), self.z(SIDES[1]))
        control = s.control if self._control is None else \
            (tuple(sorted(self._control[0].items())), tuple(sorted(self._control[1].items())))
        tokens = s.tokens if self._tokens is None else tuple(self._tokens[k] for k in self.order)
        fields = {f: getattr(s, f) for f in ("initiative", "round", "phase", "active", "turns_done",
                                              "winner", "result")}
        fields.update(self.fields)
        return GameState(s.scenario, zones, tokens, control, (self.targets[0], self.targets[1]), **fields)


# ---------------------------------------------------------------------------------------------
# the round


def apply(state: GameState, action, rng=None) -> Step:
    """Apply one action; return the new state and its events. Raises IllegalAction, changing nothing."""
    if state.phase == "over":
        raise IllegalAction(f"the game is over: {state.result}", rules.GAME_END)
    if isinstance(action, Play):
        d = _play(state, action, rng)
    elif isinstance(action, EndTurn):
        d = _end_turn(state, action)
    elif isinstance(action, Withdraw):
        d = _withdraw(state, action)
    elif isinstance(action, RevealInitiative):
        d = _reveal(state, action)
    elif isinstance(action, DrawCards):
        d = _draw_phase(state, rng)
    else:
        raise TypeError(f"not an Undaunted action: {action!r}")
    new = d.freeze()
    # only a played card can move tokens, markers or cards out of the game (what victory reads)
    verdict = decide(new) if isinstance(action, Play) else None
    if verdict is not None:
        winner, text, rule = verdict
        d.event("victory", winner, text, rule, winner=winner)
        new = replace(new, phase="over", active=None, winner=winner, result=text)
    return Step(new, tuple(d.events))


def _draw_phase(s: GameState, rng) -> _Draft:
    if s.phase != "draw":
        raise IllegalAction(f"cards are drawn at the start of a round, not in the {s.phase} phase", rules.DRAW)
    rng = _rng(rng)
    d = _Draft(s)
    for side in SIDES:
        got = deck_draw(d.z(side), HAND_SIZE, rng)
        d.set_z(side, got.zones)
        extra = f" (the discard pile was reshuffled {got.reshuffles}×)" if got.reshuffles else ""
        short = f"; only {len(got.cards)} left to draw" if len(got.cards) < HAND_SIZE else ""
        d.event("draw", side, f"{_the(side)} {_verb(side, 'draw', 'draws')} {_cards(len(got.cards))}{extra}{short}",
                rules.RESHUFFLE if got.reshuffles else rules.DRAW, cards=list(got.cards),
                reshuffles=got.reshuffles)
    d.fields["phase"] = "initiative"
    return d


def initiative_value(card_id: str | None) -> int:
    return 0 if card_id is None else CARDS[card_id].initiative


def _reveal(s: GameState, a: RevealInitiative) -> _Draft:
    if s.phase != "initiative":
        raise IllegalAction(f"initiative is determined after drawing, not in the {s.phase} phase",
                            rules.INITIATIVE)
    d = _Draft(s)
    chosen = {"allied": a.allied, "axis": a.axis}
    for side, c in chosen.items():
        hand = s.zones_of(side).hand
        if c is None:
            if hand:
                raise IllegalAction(f"{Side.of(side).the} must reveal one card from the hand", rules.INITIATIVE)
        elif c not in hand:
            raise IllegalAction(f"{Side.of(side).the} {_verb(side, 'have', 'has')} no {named(c)} in hand to "
                                f"reveal", rules.INITIATIVE)
    va, vx = initiative_value(a.allied), initiative_value(a.axis)
    if va > vx:
        holder, how = "allied", f"{va} beats {vx}"
    elif vx > va:
        holder, how = "axis", f"{vx} beats {va}"
    else:
        holder, how = s.initiative, f"a tie at {va}: the initiative token stays as it was"
    for side, c in chosen.items():
        if c is not None:
            d.move_card(side, c, "hand", "discard")
    shown = {side: named(c) if c is not None else "no card (an empty hand)" for side, c in chosen.items()}
    d.event("initiative", holder,
            f"Initiative: the Allies reveal {shown['allied']} ({va}), the Axis reveals {shown['axis']} ({vx}); "
            f"{how}; {Side.of(holder).the} {_verb(holder, 'go', 'goes')} first", rules.INITIATIVE,
            allied=a.allied, axis=a.axis, holder=holder)
    d.event("initiative-discard", None, "Both revealed cards go straight to the discard pile",
            rules.INITIATIVE_DISCARD)
    d.fields.update(initiative=holder, phase="turn", active=holder, turns_done=0)
    return d


def _check_turn(s: GameState, side: str) -> None:
    if s.phase != "turn":
        raise IllegalAction(f"cards are played in the players' turns, not in the {s.phase} phase", rules.TURN)
    if side not in SIDE_INDEX:
        raise IllegalAction(f"“{side}” is not a side; allowed: {', '.join(SIDES)}", rules.TURN)
    if side != s.active:
        now = Side.of(s.active).the if s.active else "nobody"
        raise IllegalAction(f"it is the turn of {now}, not of {Side.of(side).the}", rules.TURN)


def _end_turn(s: GameState, a: EndTurn) -> _Draft:
    _check_turn(s, a.side)
    d = _Draft(s)
    z = d.z(a.side)
    left, played = z.hand, z.table
    d.set_z(a.side, Zones((), (), z.discard + left + played, z.draw, z.supply, z.out))
    d.event("end-turn", a.side, f"{_the(a.side)} {_verb(a.side, 'end', 'ends')} the turn: the hand "
            f"({in_words(left)}) and the table "
            f"({in_words(played)}) go to the discard pile", rules.TURN_END, hand=list(left), table=list(played))
    if s.turns_done == 0:
        d.fields.update(active=other(a.side), turns_done=1)
    else:
        d.fields.update(active=None, turns_done=0, phase="draw", round=s.round + 1)
        d.event("end-round", None, f"Round {s.round} is over", rules.TURN_END)
    return d


def _withdraw(s: GameState, a: Withdraw) -> _Draft:
    _check_turn(s, a.side)
    if a.card not in s.zones_of(a.side).hand:
        raise IllegalAction(f"{Side.of(a.side).the} {_verb(a.side, 'have', 'has')} no {named(a.card)} in hand",
                            rules.TURN)
    if a.card == FOG:
        raise IllegalAction("a Fog of War card cannot hunker down (go back to the supply)", rules.WITHDRAW_FOG)
    d = _Draft(s)
    d.move_card(a.side, a.card, "hand", "supply")
    tok = s.token(a.side, a.card)
    note = ""
    if tok is not None and tok.suppressed:
        note = "; the unit stays suppressed"
        rule = rules.SUPPRESSED_WITHDRAW
    else:
        rule = rules.WITHDRAW
    d.event("withdraw", a.side, f"{_the(a.side)} {_verb(a.side, 'hunker', 'hunkers')} down: {card_title(a.card)} "
            f"goes back to the supply{note}", rule,
            card=a.card)
    return d


# ---------------------------------------------------------------------------------------------
# playing a card


def _play(s: GameState, p: Play, rng) -> _Draft:
    _check_turn(s, p.side)
    side = p.side
    if p.card not in s.zones_of(side).hand:
        raise IllegalAction(f"{Side.of(side).the} {_verb(side, 'have', 'has')} no {named(p.card)} in hand",
                            rules.TURN)
    card = CARDS[p.card]
    if card.is_fog:
        raise IllegalAction("Fog of War cannot be played in your turn, only revealed for initiative",
                            rules.FOG_OF_WAR)
    d = _Draft(s)
    # the card leaves the hand now and reaches the table once its action is done, so it is not among
    # the played cards its own inspire may take back (a reading: conflict und.inspire.self)
    z = d.z(side)
    i = z.hand.index(p.card)
    d.set_z(side, Zones(z.hand[:i] + z.hand[i + 1:], z.table, z.discard, z.draw, z.supply, z.out))
    unit_tile = None
    if card.unit is not None:
        tok = d.token(side, card.unit)
        if tok.tile is None:
            tiles = s.board.deployment_tiles(side, card.unit)
            if not tiles:
                raise IllegalAction(f"{card_title(card.unit)}'s combat counter is off the board and no {_adj(side)} "
                                    f"spawn marker admits it; the card can only hunker down", rules.DEPLOY)
            if p.deploy is None:
                if len(tiles) > 1:
                    raise IllegalAction(f"{card_title(card.unit)}'s combat counter is off the board: choose the "
                                        f"spawn marker to place it on (one of {', '.join(tiles)})", rules.DEPLOY)
                where = tiles[0]
            elif p.deploy in tiles:
                where = p.deploy
            else:
                raise IllegalAction(f"{card_title(card.unit)} cannot be placed on {p.deploy}: its matching spawn "
                                    f"markers are on {', '.join(tiles)}", rules.DEPLOY)
            tok = Token(side, card.unit, where, False)
            d.set_token(tok)
            d.event("deploy", side, f"{card_title(card.unit)}'s combat counter is off the board, so it is placed "
                    f"on its spawn marker at {where}",
                    rules.DEPLOY, unit=card.unit, tile=where)
        elif p.deploy is not None:
            raise IllegalAction(f"{card_title(card.unit)}'s combat counter is already on the board at {tok.tile}",
                                rules.DEPLOY)
        unit_tile = tok.tile
        if tok.suppressed:
            if p.action != "ready":
                raise IllegalAction(f"{card_title(card.unit)} is suppressed: its card can only ready it",
                                    rules.SUPPRESSED)
            d.set_token(Token(side, card.unit, tok.tile, False))
            d.event("ready", side, f"{card_title(card.unit)} is suppressed, so the card only flips its counter to "
                    f"ready",
                    rules.SUPPRESSED, unit=card.unit)
            _to_table(d, side, p.card)
            return d
    elif p.deploy is not None:
        raise IllegalAction(f"{card_title(p.card)} has no combat counter to place", rules.DEPLOY)
    if p.action == "ready":
        raise IllegalAction(f"Ready is only for the card of a suppressed unit; {card_title(p.card)}'s unit is "
                            f"ready",
                            rules.SUPPRESSED)
    spec = card.action(p.action)
    if spec is None:
        have = ", ".join(a.label for a in card.actions)
        asked = f"no {p.action} action" if p.action else "no action chosen"
        raise IllegalAction(f"{card_title(p.card)} has {asked}; its actions: {have}", rules.CARD_USE)
    handler = _HANDLERS[spec.name]
    handler(d, s, p, card, spec, unit_tile, rng)
    _to_table(d, side, p.card)
    return d


def _to_table(d: _Draft, side: str, card: str) -> None:
    z = d.z(side)
    d.set_z(side, Zones(z.hand, z.table + (card,), z.discard, z.draw, z.supply, z.out))


def _steps(s: GameState, start: str, path, value: int, rule) -> tuple[str, ...]:
    path = tuple(path)
    if not path:
        raise IllegalAction("give the tile(s) to move to (path)", rule)
    if len(path) > value:
        raise IllegalAction(f"this action moves at most {value} tile{'s' if value > 1 else ''}, "
                            f"not {len(path)}", rule)
    prev = start
    for t in path:
        if t not in s.board:
            raise IllegalAction(f"there is no tile “{t}” on the board", rule)
        if not s.board.adjacent(prev, t):
            raise IllegalAction(f"{t} is not adjacent to {prev}", rule)
        prev = t
    return path


def _remove_target_if_mortar(d: _Draft, side: str, unit: str, why: str) -> None:
    i = SIDE_INDEX[side]
    if CARDS[unit].name == "mortar" and d.targets[i] is not None:
        d.targets[i] = None
        if why == "moved":
            d.event("target-removed", side, "the mortar moved, so its target marker is removed", rules.MOVE)
        else:       # the rule names only a move (Zaměření: "Pokud kdykoliv později žeton jednotky minometu přemístíte")
            d.event("target-removed", side, f"the mortar {why}, so its target marker is removed: the rulebook "
                    f"removes it when the mortar moves and does not say what happens when the mortar is taken "
                    f"off the board; the tutor removes it then too, as a marker with no mortar to fire at it",
                    rules.TARGET)


def _need_unit(card: Card, unit_tile, rule):
    if card.unit is None or unit_tile is None:
        raise IllegalAction(f"{card_title(card.id)} has no unit on the board to act", rule)


def _a_move(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.MOVE)
    path = _steps(s, unit_tile, p.path, spec.value, rules.MOVE)
    for t in path:
        if t not in d.control[SIDE_INDEX[p.side]]:
            raise IllegalAction(f"{t} has no {_adj(p.side)} control marker: a unit may only move onto a tile with "
                                f"your control marker (scouted or controlled)", rules.MOVE)
    d.set_token(Token(p.side, card.unit, path[-1], False))
    d.event("move", p.side, f"{card_title(card.unit)} moves {unit_tile} → {' → '.join(path)}", rules.MOVE,
            unit=card.unit, path=list(path))
    _remove_target_if_mortar(d, p.side, card.unit, "moved")


def _a_guide(d, s, p, card, spec, unit_tile, rng):
    if p.unit is None:
        raise IllegalAction("guide: say which of your units moves (unit=...)", rules.GUIDE)
    tok = d.tokens.get((p.side, p.unit))
    if tok is None or tok.tile is None:
        foe = d.tokens.get((other(p.side), p.unit))
        if foe is not None and foe.tile is not None:
            # "Přemístěte libovolný žeton jednotky" read as any of *your* counters (conflict und.guide.own)
            raise IllegalAction(f"guide moves one of your own combat counters; the {card_title(p.unit)} counter "
                                f"on {foe.tile} "
                                f"is the enemy's", rules.GUIDE)
        where = "has not been deployed" if tok is not None and not tok.eliminated else "is not on the board"
        raise IllegalAction(f"your {named(p.unit)} combat counter {where}, so it cannot be guided", rules.GUIDE)
    if tok.suppressed:
        raise IllegalAction(f"{card_title(p.unit)} is suppressed and cannot be guided", rules.GUIDE_SUPPRESSED)
    path = _steps(s, tok.tile, p.path, spec.value, rules.GUIDE)
    for t in path:
        if t not in d.control[SIDE_INDEX[p.side]]:
            raise IllegalAction(f"{t} has no {_adj(p.side)} control marker: guide may only enter tiles with "
                                f"your control marker", rules.MOVE)
    d.set_token(Token(p.side, p.unit, path[-1], False))
    d.event("guide", p.side, f"{card_title(p.unit)} is guided {tok.tile} → {' → '.join(path)}", rules.GUIDE,
            unit=p.unit, path=list(path))
    _remove_target_if_mortar(d, p.side, p.unit, "moved")


def _a_scout(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.SCOUT)
    path = _steps(s, unit_tile, p.path, spec.value, rules.SCOUT)
    ctrl = d.control[SIDE_INDEX[p.side]]
    placed, fog = [], 0
    for t in path:
        if t not in ctrl:
            ctrl[t] = SCOUTED
            placed.append(t)
            z = d.z(p.side)
            if FOG in z.supply:
                d.move_card(p.side, FOG, "supply", "discard")
                fog += 1
    d.set_token(Token(p.side, card.unit, path[-1], False))
    short = len(placed) - fog
    extra = f" ({short} fewer: the supply held no more)" if short else ""
    moved = f"{fog} Fog of War from the supply to the discard pile" if fog else "no Fog of War from the supply"
    d.event("scout", p.side, f"{card_title(card.unit)} scouts {unit_tile} → {' → '.join(path)}; scouted markers "
            f"on {', '.join(placed) or 'no new tile'}; {moved}{extra}",
            rules.SCOUT, unit=card.unit, path=list(path), scouted=placed, fog_of_war=fog)


def _a_stalk(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.STALK)
    value = s.scenario.option("stalk", spec.value)
    path = _steps(s, unit_tile, p.path, value, rules.STALK_TEXT)
    d.set_token(Token(p.side, card.unit, path[-1], False))
    d.event("stalk", p.side, f"{card_title(card.unit)} stalks {unit_tile} → {' → '.join(path)} (no marker, no Fog of War)",
            rules.STALK, unit=card.unit, path=list(path))
    _remove_target_if_mortar(d, p.side, card.unit, "moved")


def _a_bolster(d, s, p, card, spec, unit_tile, rng):
    cards = tuple(p.cards)
    if len(cards) > spec.value:
        raise IllegalAction(f"bolster {spec.value} takes at most {spec.value} cards, not {len(cards)}",
                            rules.BOLSTER)
    supply = list(d.z(p.side).supply)
    for c in cards:
        if c not in CARDS:
            raise IllegalAction(f"“{c}” is not a card", rules.BOLSTER)
        if spec.squad is not None and CARDS[c].squad != spec.squad:
            raise IllegalAction(f"bolster {spec.value} {spec.squad.upper()} may only take squad "
                                f"{spec.squad.upper()} cards, not {card_title(c)}", rules.BOLSTER)
        if c not in supply:
            raise IllegalAction(f"the {_adj(p.side)} supply holds no (more) {card_title(c)}", rules.BOLSTER)
        supply.remove(c)
    for c in cards:
        d.move_card(p.side, c, "supply", "discard")
    d.event("bolster", p.side, f"Bolster: {in_words(cards)} from the supply to the discard pile",
            rules.BOLSTER, cards=list(cards))


def _a_command(d, s, p, card, spec, unit_tile, rng):
    n = spec.value if p.count is None else p.count
    if not 0 <= n <= spec.value:
        raise IllegalAction(f"command draws up to {spec.value} cards, not {n}", rules.COMMAND)
    got = deck_draw(d.z(p.side), n, _rng(rng) if n else random.Random(0))
    d.set_z(p.side, got.zones)
    extra = f" (the discard pile was reshuffled {got.reshuffles}×; never the table or supply)" \
        if got.reshuffles else ""
    d.event("command", p.side, f"Command: {Side.of(p.side).the} {_verb(p.side, 'draw', 'draws')} "
            f"{_cards(len(got.cards))} into the hand{extra}",
            rules.RESHUFFLE if got.reshuffles else rules.COMMAND, cards=list(got.cards))


def _a_conceal(d, s, p, card, spec, unit_tile, rng):
    foe = other(p.side)
    if FOG in d.z(foe).supply:
        d.move_card(foe, FOG, "supply", "discard")
        d.event("conceal", p.side, f"Conceal: a Fog of War from the {_adj(foe)} supply into the {_adj(foe)} "
                f"discard pile", rules.CONCEAL)
    else:
        d.event("conceal", p.side, f"Conceal: the {_adj(foe)} supply has no Fog of War, no effect", rules.CONCEAL)


def _a_control(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.CONTROL)
    mine = d.control[SIDE_INDEX[p.side]]
    status = mine.get(unit_tile)
    if status is None:
        raise IllegalAction(f"{unit_tile} has no {_adj(p.side)} control marker to flip", rules.CONTROL)
    if status == CONTROLLED:
        raise IllegalAction(f"{unit_tile} is already controlled by {Side.of(p.side).the}", rules.CONTROL)
    foe = other(p.side)
    enemies = [t.unit for t in d.units_at(unit_tile) if t.side == foe]
    if enemies:
        raise IllegalAction(f"an enemy unit ({in_words(enemies)}) is on {unit_tile}", rules.CONTROL)
    mine[unit_tile] = CONTROLLED
    d.event("control", p.side, f"{card_title(card.unit)} takes control of {unit_tile}: the marker is flipped to "
            f"controlled", rules.CONTROL, tile=unit_tile)
    theirs = d.control[SIDE_INDEX[foe]]
    if theirs.get(unit_tile) == CONTROLLED:
        theirs[unit_tile] = SCOUTED
        d.event("control-flip", foe, f"The {_adj(foe)} controlled marker on {unit_tile} is flipped back to scouted",
                rules.CONTROL_FLIP, tile=unit_tile)


def _a_inspire(d, s, p, card, spec, unit_tile, rng):
    cards = tuple(p.cards)
    if len(cards) > spec.value:
        raise IllegalAction(f"inspire takes back {spec.value} played card, not {len(cards)}", rules.INSPIRE)
    table = list(d.z(p.side).table)
    for c in cards:
        if c not in CARDS:
            raise IllegalAction(f"“{c}” is not a card", rules.INSPIRE)
        if CARDS[c].squad != spec.squad:
            raise IllegalAction(f"inspire {spec.value} {spec.squad.upper()} takes back only squad "
                                f"{spec.squad.upper()} cards, not {card_title(c)}", rules.INSPIRE)
        if c not in table:
            raise IllegalAction(f"no {card_title(c)} among your played cards on the table (the card performing "
                                f"inspire does not count)", rules.INSPIRE)
        table.remove(c)
    left = [c for c in table if CARDS[c].squad == spec.squad]
    if len(cards) < spec.value and left:
        # "Vezměte si 1 svou zahranou kartu" (take 1), where the same book writes "až" (up to) when a
        # player may take fewer: a card of the squad on the table must come back (conflict und.inspire.count)
        raise IllegalAction(f"inspire {spec.value} {spec.squad.upper()} takes back {spec.value} played card of squad "
                            f"{spec.squad.upper()}, and {in_words(sorted(set(left)))} lies on the table: "
                            f"name it", rules.INSPIRE)
    for c in cards:
        d.move_card(p.side, c, "table", "hand")
    d.event("inspire", p.side, f"Inspire: {in_words(cards)} back from the table into the hand",
            rules.INSPIRE, cards=list(cards))


def _a_recon(d, s, p, card, spec, unit_tile, rng):
    if FOG not in d.z(p.side).hand:
        d.event("recon", p.side, "Recon: no Fog of War in hand, no effect", rules.RECON_NONE)
        return
    d.move_card(p.side, FOG, "hand", "out")
    got = deck_draw(d.z(p.side), 1, _rng(rng))
    d.set_z(p.side, got.zones)
    d.event("recon", p.side, f"Recon: a Fog of War leaves the game; {Side.of(p.side).the} "
            f"{_verb(p.side, 'draw', 'draws')} {_cards(len(got.cards))}",
            rules.RECON, cards=list(got.cards), reshuffles=got.reshuffles)


def _a_target(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.TARGET)
    t = p.target
    if t not in s.board:
        raise IllegalAction(f"target: there is no tile “{t}” on the board" if t else
                            "target: choose a tile for the target marker", rules.TARGET)
    r = s.board.range(unit_tile, t)
    if r < 3:
        raise IllegalAction(f"{t} is {plural(r, 'tile')} from the mortar at {unit_tile}; the target must be at "
                            f"least 3 away", rules.TARGET)
    i = SIDE_INDEX[p.side]
    was = d.targets[i]
    d.targets[i] = t
    verb = f"moved from {was} to" if was else "placed on"
    d.event("target", p.side, f"The target marker is {verb} {t} ({plural(r, 'tile')} from the mortar)", rules.TARGET,
            tile=t, range=r)


def _attacker_hill(s: GameState, tile: str) -> bool:
    return s.board.tile(tile).cover.hill


def _fire(d, s, p, card, spec, unit_tile, rng, *, suppress: bool):
    rule = rules.CHOOSE_TARGET
    _need_unit(card, unit_tile, rule)
    foe = other(p.side)
    tok = d.tokens.get((foe, p.target)) if isinstance(p.target, str) else None
    if tok is None or tok.tile is None:
        raise IllegalAction(f"{named(p.target)} is not an {_adj(foe)} combat counter on the board" if p.target else
                            f"choose an {_adj(foe)} combat counter on the board to fire at", rule)
    rng = _rng(rng)
    tile = s.board.tile(tok.tile)
    dfn = combat.total_defense(UNIT_TYPES[CARDS[tok.unit].name].base_defense, tile.cover,
                               s.board.range(unit_tile, tok.tile),
                               attacker_on_hill=_attacker_hill(s, unit_tile))
    r = combat.roll(spec.value, dfn.total, rng)
    name = "suppress" if suppress else "attack"
    does = "suppresses" if suppress else "attacks"
    d.event(name, p.side, f"{card_title(card.unit)} {does} the {_adj(foe)} {card_title(tok.unit)} on {tok.tile}: "
            f"{dfn.text}; {r.text}",
            rules.DICE, target=tok.unit, defense=dfn.total, dice=list(r.dice), hit=r.hit,
            parts={"base": dfn.base, "cover": dfn.cover, "range": dfn.range})
    if not r.hit:
        return
    if suppress:
        if tok.suppressed:
            d.event("suppress-none", foe, f"{card_title(tok.unit)} was already suppressed: no effect",
                    rules.SUPPRESS)
        else:
            d.set_token(Token(foe, tok.unit, tok.tile, True))
            d.event("suppressed", foe, f"{card_title(tok.unit)} is suppressed (token flipped)", rules.SUPPRESS,
                    unit=tok.unit)
    else:
        _casualty(d, foe, tok.unit, rng)


def _casualty(d: _Draft, side: str, unit: str, rng) -> None:
    c = deck_casualty(d.z(side), unit, rng, token_on_board=True)
    d.set_z(side, c.zones)
    d.event("casualty", side, c.text, c.rule, unit=unit, removed_from=c.removed_from,
            shuffled=c.shuffled, token_removed=c.token_removed)
    if c.token_removed:
        # eliminated, not merely off the board: KONEC HRY counts it (victory.army_pinned)
        d.set_token(Token(side, unit, None, False, eliminated=True))
        _remove_target_if_mortar(d, side, unit, "left the board")


def _a_attack(d, s, p, card, spec, unit_tile, rng):
    _fire(d, s, p, card, spec, unit_tile, rng, suppress=False)


def _a_suppress(d, s, p, card, spec, unit_tile, rng):
    _fire(d, s, p, card, spec, unit_tile, rng, suppress=True)


def _a_blast(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.BLAST)
    t = d.targets[SIDE_INDEX[p.side]]
    if t is None:
        raise IllegalAction("you have no target marker on the board", rules.BLAST)
    rng = _rng(rng)
    victims = sorted(d.units_at(t), key=lambda k: (SIDE_INDEX[k.side], k.unit))
    if not victims:
        d.event("blast", p.side, f"Blast on {t}: no units there", rules.BLAST, tile=t)
    tile = s.board.tile(t)
    for tok in victims:
        dfn = combat.total_defense(UNIT_TYPES[CARDS[tok.unit].name].base_defense, tile.cover, 0, blast=True)
        r = combat.roll(spec.value, dfn.total, rng)
        d.event("blast", p.side, f"Blast on {t} hits at the {_adj(tok.side)} {card_title(tok.unit)}: {dfn.text}; "
                f"{r.text}",
                rules.BLAST, tile=t, target=tok.unit, target_side=tok.side, defense=dfn.total,
                dice=list(r.dice), hit=r.hit)
        if r.hit:
            cur = d.tokens[(tok.side, tok.unit)]
            if cur.tile == t:          # still there (an earlier casualty cannot move it, but be exact)
                _casualty(d, tok.side, tok.unit, rng)


_HANDLERS = {
    "move": _a_move, "guide": _a_guide, "scout": _a_scout, "stalk": _a_stalk,
    "bolster": _a_bolster, "command": _a_command, "conceal": _a_conceal, "control": _a_control,
    "inspire": _a_inspire, "recon": _a_recon, "target": _a_target, "attack": _a_attack,
    "suppress": _a_suppress, "blast": _a_blast,
}


# ---------------------------------------------------------------------------------------------
# previews for the tutor


@dataclass(frozen=True)
class AttackPreview:
    """What an attack (or suppress, or blast on one unit) would face, before any die is rolled."""

    attacker: str
    target: str
    defense: combat.Defense
    dice: int
    p_die: Fraction
    p_hit: Fraction
    rules: tuple

    @property
    def text(self) -> str:
        return (f"{card_title(self.attacker)} → {card_title(self.target)}: total defense {self.defense.text}; "
                f"{plural(self.dice, 'die', 'dice')}, each hits with {combat.fraction_text(self.p_die)}; "
                f"at least one hit: {combat.fraction_text(self.p_hit)}")


def preview_attack(s: GameState, side: str, attacker: str, target: str, *, dice: int | None = None,
                   action: str = "attack") -> AttackPreview:
    """Exact odds of ``side``'s unit ``attacker`` hitting enemy unit ``target`` where they stand now.

    ``action`` is "attack" (default), "suppress" or "blast" (blast: ``target`` is any unit on
    the side's target marker, range not counted). ``dice`` defaults to the action's value on the card.
    """
    foe = other(side)
    a = s.token(side, attacker)
    t: Token | None
    if a is None or a.tile is None:
        raise IllegalAction(f"{Side.of(side).the} {_verb(side, 'have', 'has')} no {named(attacker)} token on the "
                            f"board", rules.CHOOSE_TARGET)
    if action == "blast":
        t = next((t for t in s.tokens if t.unit == target and t.tile is not None
                  and t.tile == s.target_of(side)), None)
        if t is None:
            raise IllegalAction(f"{named(target)} is not on the {_adj(side)} target marker", rules.BLAST)
    else:
        t = s.token(foe, target)
        if t is None or t.tile is None:
            raise IllegalAction(f"{named(target)} is not an {_adj(foe)} combat counter on the board",
                                rules.CHOOSE_TARGET)
    spec = CARDS[attacker].action(action)
    n = dice if dice is not None else (spec.value if spec is not None else 1)
    n = n if n is not None else 1
    dfn = combat.total_defense(UNIT_TYPES[CARDS[t.unit].name].base_defense, s.board.tile(t.at).cover,
                               s.board.range(a.at, t.at), blast=action == "blast",
                               attacker_on_hill=s.board.tile(a.at).cover.hill)
    return AttackPreview(attacker, target, dfn, n, combat.p_die(dfn.total), combat.p_hit(dfn.total, n),
                         (rules.DEFENSE, rules.RANGE, rules.HILL, rules.DICE))


# ---------------------------------------------------------------------------------------------
# what may be done now


def legal_actions(s: GameState) -> list:
    """Every action the deciding player(s) may take now (both reveals at once in ``initiative``)."""
    if s.phase == "over":
        return []
    if s.phase == "draw":
        return [DrawCards()]
    if s.phase == "initiative":
        ha: list[str | None] = [*sorted(set(s.zones_of("allied").hand))] or [None]
        hx: list[str | None] = [*sorted(set(s.zones_of("axis").hand))] or [None]
        return [RevealInitiative(a, x) for a in ha for x in hx]
    side = s.playing
    out: list = []
    for c in sorted(set(s.zones_of(side).hand)):
        out.extend(card_plays(s, side, c))
    out.append(EndTurn(side))
    return out


def card_plays(s: GameState, side: str, card_id: str) -> list:
    """The legal plays of one card in ``side``'s hand (actions with parameters, and withdraw)."""
    card = CARDS[card_id]
    if card.is_fog:
        return []
    out: list = []
    deploys: list = [None]
    unit_tile = None
    multi = False
    if card.unit is not None:
        tok = s.token(side, card.unit)
        if tok is None or tok.tile is None:
            deploys = list(s.board.deployment_tiles(side, card.unit))
            multi = len(deploys) > 1
        else:
            unit_tile = tok.tile
            if tok.suppressed:
                return [Play(side, card_id, "ready"), Withdraw(side, card_id)]
    for dep in deploys:
        here = dep if dep is not None else unit_tile
        dep_arg = dep if (dep is not None and multi) else None
        for spec in card.actions:
            out.extend(_options(s, side, card, spec, here, dep_arg))
    out.append(Withdraw(side, card_id))
    return out


def _paths(s: GameState, start: str, n: int, ok) -> list[tuple[str, ...]]:
    res: list[tuple[str, ...]] = []
    frontier: list[tuple[str, tuple[str, ...]]] = [(start, ())]
    for _ in range(n):
        nxt = []
        for at, path in frontier:
            for t in s.board.neighbours(at):
                if ok(t):
                    np = path + (t,)
                    res.append(np)
                    nxt.append((t, np))
        frontier = nxt
    return res


def _options(s: GameState, side: str, card: Card, spec, here, dep) -> list:
    name, cid = spec.name, card.id
    i = SIDE_INDEX[side]
    mine = dict(s.control[i])
    P = Play
    if name == "move":
        return [P(side, cid, name, path=pa, deploy=dep)
                for pa in _paths(s, here, spec.value, mine.__contains__)]
    if name == "guide":
        out = []
        for t in s.tokens_of(side):
            if t.suppressed:
                continue
            for pa in _paths(s, t.at, spec.value, mine.__contains__):
                out.append(P(side, cid, name, unit=t.unit, path=pa, deploy=dep))
        return out
    if name == "scout":
        return [P(side, cid, name, path=pa, deploy=dep) for pa in _paths(s, here, spec.value, lambda t: True)]
    if name == "stalk":
        v = s.scenario.option("stalk", spec.value)
        return [P(side, cid, name, path=pa, deploy=dep) for pa in _paths(s, here, v, lambda t: True)]
    if name == "bolster":
        supply = s.zones_of(side).supply
        pool = [c for c in supply if spec.squad is None or CARDS[c].squad == spec.squad]
        if not pool:
            return [P(side, cid, name, cards=(), deploy=dep)]
        counts = {c: pool.count(c) for c in set(pool)}
        kinds = sorted(counts)
        out = []
        for k in range(1, min(spec.value, len(pool)) + 1):
            for combo in combinations_with_replacement(kinds, k):
                if all(combo.count(c) <= counts[c] for c in set(combo)):
                    out.append(P(side, cid, name, cards=combo, deploy=dep))
        return out
    if name == "command":
        return [P(side, cid, name, deploy=dep)]
    if name in ("conceal", "recon"):
        return [P(side, cid, name, deploy=dep)]
    if name == "control":
        if mine.get(here) != SCOUTED:
            return []
        if any(t.tile == here and t.side != side for t in s.tokens):
            return []
        return [P(side, cid, name, deploy=dep)]
    if name == "inspire":
        table = sorted({c for c in s.zones_of(side).table if CARDS[c].squad == spec.squad})
        if not table:
            return [P(side, cid, name, cards=(), deploy=dep)]
        return [P(side, cid, name, cards=(c,), deploy=dep) for c in table]
    if name == "target":
        return [P(side, cid, name, target=t, deploy=dep) for t in s.board.within(here, 3)]
    if name in ("attack", "suppress"):
        return [P(side, cid, name, target=t.unit, deploy=dep) for t in s.tokens_of(other(side))]
    if name == "blast":
        if s.targets[i] is None:
            return []
        return [P(side, cid, name, deploy=dep)]
    raise AssertionError(name)
