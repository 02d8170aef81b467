"""A whole game of Memoir '44: command cards, turns, the variants, save, load and undo.

This is the API a notebook, a widget or a script plays with::

    >>> from tutor.memoir import game as G
    >>> g = G.new_game("scenarios/pegasus-bridge.yaml", seed=1)
    >>> g.player, g.phase, len(g.hands["allied"]), len(g.hands["axis"])
    ('allied', 'play', 6, 2)
    >>> acts = G.legal_actions(g)                # strings: "play attack_center#2", "order 12,6", …
    >>> g = G.apply(g, acts[0])                  # a new Game; the old one is unchanged
    >>> g = G.undo(g)                            # the game before the last action
    >>> G.save(g, "/tmp/pegasus.json"); g2 = G.load_game("/tmp/pegasus.json")   # doctest: +SKIP

A ``Game`` is an immutable value: the battlefield (a ``tutor.memoir.state.GameState``), the deck,
the discard pile, the hands (one per *seat*: a side, or a team member), the face-up common cards
of Operation Alliance teams, the phase and the seat to act, and the log of events, each citing the
rule it applied. Actions are short strings (``"play probe_center#3"``, ``"order 12,6"``,
``"done"``, ``"move 12,6 13,5"``, ``"battle 13,5 15,5"``, ``"take 13,5"``, ``"wire 12,4"``,
``"retreat 14,4"``, ``"ambush"``, ``"decline"``, ``"keep attack_left#2"``, ``"air 15,5 16,4"``,
``"barrage 9,5"``, ``"give attack_left#1 left"``, ``"give counter_attack#1 right attack_left"``,
``"dispatch"``, ``"place probe_left#2 left-inner"``, ``"roll"``, ``"pass"``, ``"setback 4,6 5,7"``,
``"order 17,5 left"``, ``"end"``), so a game is a seed plus a list of actions: that
is the save file, and replaying it reproduces every state.

Randomness is explicit: every shuffle and roll draws from ``random.Random(f"{seed}:{n}")`` with
``n`` counting the draws so far, so the same seed and actions give the same game. A test may pass
``faces=[…]`` to :func:`apply` to fix the dice of that action.

Phases: ``play`` (choose a card), ``order`` (order units within the card's limits; ``done``),
``act`` (moves, then battles; ``end``), ``retreat`` (the owner of a unit a battle, Air Power or
Barrage forces back picks its retreat hex, when it has more than one), ``ambush``
(the defender may play Ambush), ``recon`` (keep one of two cards), ``air``/``barrage`` (targets),
``dispatch`` (Overlord: the chief hands out cards), ``place`` (Overlord: a field general lays a
card on one of his two sections), ``initiative``
(Overlord: a field general without a card rolls for initiative or passes), ``setback`` (Overlord:
a field general whose initiative roll was a flag or a grenade picks the unit it strikes),
``over``.

An Overlord turn: ``dispatch``; then the tactic card the chief plays himself, if any, through the
usual phases (``air``, ``barrage``, ``order``, ``act`` …); then the field generals: each
lays his cards on his sections, each without a card decides on initiative (``setback`` when a
roll makes him pick a unit), then one ``order`` and ``act`` for all of them, each unit following
its own general's card (``order HEX GENERAL`` names the general when two could order it under
different rules); then the chief draws.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from tutor.errors import IllegalAction, InputError
from tutor.hexes import MIRRORED_SECTION, Hex, distance, fmt, parse_hex, row_major
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import dice as D
from tutor.memoir import movement as M
from tutor.memoir import rules as R
from tutor.memoir import state as S
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.state import Event, GameState, other
from tutor.rulebook import Rule
from tutor.scenario import SIDE_NAMES, SIDES, side_verb
from tutor.scenario import load as load_scenario
from tutor.words import plural

FORMAT = 1
_EMPTY = MappingProxyType({})


def _fz(d) -> MappingProxyType:
    return MappingProxyType(dict(d))


def _r(obj, **changes):
    """``dataclasses.replace`` without re-running ``__init__`` (Game and Turn have no post-init)."""
    if not isinstance(obj, (Game, Turn)):
        return dataclasses.replace(obj, **changes)
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    if len(d) > _NFIELDS[type(obj)]:     # memos of the old value ("_moves", …) are not copied
        for k in [k for k in d if k[0] == "_"]:
            del d[k]
    d.update(changes)
    return new


@dataclass(frozen=True)
class Turn:
    """The turn in progress."""

    side: str
    seat: str
    cards: tuple = ()                  # card instances played this turn
    source: str = "hand"               # "hand" or "common" (Operation Alliance)
    effect: T.Effect | None = None
    ordered: tuple = ()                # hexes ordered so far (before the moves)
    special: MappingProxyType = field(default_factory=lambda: _EMPTY)   # uid -> "bel" | "bel2" | "frozen" …
    # ("retreat", a, t, faces, bonus) | ("ambush", a, t, seat, where) | ("strike", what, t, faces, rest)
    # | ("ambush_retreat", ambusher, attacker, faces, seat, from_common): index 2 is the unit retreating
    pending: tuple | None = None
    drawn: tuple = ()                  # Recon: the two cards drawn
    performer: str = ""                # Young Generals team: who carries the card out
    given: MappingProxyType = field(default_factory=lambda: _EMPTY)     # Overlord: card -> field general
    # Overlord: "chief" while the chief's own tactic card is resolved, before the field generals
    stage: str = ""
    copies: MappingProxyType = field(default_factory=lambda: _EMPTY)    # Overlord: Counter-Attack -> card copied
    spent: frozenset = frozenset()     # Overlord: uids the chief's card ordered (one order a turn)
    setbacks: tuple = ()               # Overlord: (field general, "flag" | "grenade") awaiting his choice
    no_battle: frozenset = frozenset()  # Overlord: uids an initiative flag or grenade struck
    placed: MappingProxyType = field(default_factory=lambda: _EMPTY)    # Overlord: card -> section it is played on
    waiting: tuple = ()                # Overlord: field generals without a card yet to decide on initiative
    rolls: MappingProxyType = field(default_factory=lambda: _EMPTY)     # Overlord: field general -> initiative face
    plays: tuple = ()                  # Overlord: the field generals' orders, a Play per set of unit rules
    assigned: tuple = ()               # Overlord: for each hex of ``ordered``, the index of its Play
    unit_effects: MappingProxyType = field(default_factory=lambda: _EMPTY)  # uid -> the Effect it follows


@dataclass(frozen=True)
class Play:
    """Overlord: the orders of one or more field generals whose cards give the same unit rules.

    Each unit ordered under a Play follows its ``effect`` (Dig In digs in, Firefight fires with a
    die more …); the Play's slots are the cards' slots pooled, so a unit on the line between two
    such generals' sections is matched to whichever slot is free. Generals whose cards differ in
    what they let a unit do are separate Plays, and a unit that either could order is ordered
    under the one its general names (``order HEX GENERAL``).
    """

    who: tuple                         # field generals
    effect: T.Effect                   # their unit rules, with their order slots pooled
    label: str = ""



@dataclass(frozen=True)
class Game:
    state: GameState
    scenario: str
    seed: int
    variant: V.Variant
    deck: tuple
    discard: tuple
    hands: MappingProxyType            # seat -> tuple of card instances
    common: MappingProxyType           # side -> tuple (the face-up common card, Operation Alliance)
    grow: MappingProxyType             # side -> hand size it grows to (0: none)
    member_target: MappingProxyType    # seat -> cards the seat's hand grows to
    rotation: MappingProxyType         # side -> index of its seat to play next
    phase: str
    player: str
    turn: Turn | None
    last: MappingProxyType             # side -> (card key, section) it last played on its own turn
    front: str = "western"
    year: int = 1944
    turns: int = 0
    rng_n: int = 0
    new_events: tuple = ()             # the events of the last action (the setup's, at the start)
    action: str | None = None          # the last action
    length: int = 0                    # actions so far
    prev: Game | None = field(default=None, compare=False, repr=False)

    @property
    def log(self) -> tuple:
        """Every event so far, oldest first (each cites its rule)."""
        chunks = []
        x = self
        while x is not None:
            chunks.append(x.new_events)
            x = x.prev
        return tuple(e for c in reversed(chunks) for e in c)

    @property
    def actions(self) -> tuple:
        out = []
        x = self
        while x is not None and x.action is not None:
            out.append(x.action)
            x = x.prev
        return tuple(reversed(out))

    @property
    def side(self) -> str:
        return self.turn.side if self.turn else self.player.split(".")[0]

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: str | None = None) -> tuple:
        return self.hands[seat or self.player]

    def seats(self, side: str) -> tuple:
        return self.variant.seats(side)

    def cards_in_play(self) -> tuple:
        return self.turn.cards if self.turn else ()

    def summary(self) -> str:
        m = self.state.medals
        kind = self.variant.kind
        lines = [(f"{self.state.title}: turn {self.turns}, {seat_text(self.player, kind)} to act "
                  f"({self.phase}); medals axis {m['axis']}, allied {m['allied']}; deck {len(self.deck)}, "
                  f"discard {len(self.discard)}")]
        for seat, h in self.hands.items():
            lines.append(f"  {seat_text(seat, kind)}: {', '.join(C.name(c) for c in h) or '(no cards)'}")
        for side, cs in self.common.items():
            if cs:
                lines.append(f"  {SIDE_NAMES.get(side, side)} common card: {C.name(cs[0])}")
        return "\n".join(lines)

    def _repr_svg_(self):
        return self.state._repr_svg_()


_NFIELDS = {Game: len(dataclasses.fields(Game)), Turn: len(dataclasses.fields(Turn))}


class _Ctx:
    """Randomness and collected events of one action."""

    def __init__(self, game: Game, faces=None):
        self.seed = game.seed
        self.n = game.rng_n
        self.faces = list(D.parse_faces(faces)) if faces is not None else None
        self.events: list = []

    def rng(self) -> random.Random:
        r = random.Random(f"{self.seed}:{self.n}")
        self.n += 1
        return r

    def roll(self, n: int) -> tuple:
        if self.faces is not None and len(self.faces) >= n:
            out, self.faces = tuple(self.faces[:n]), self.faces[n:]
            return out
        return D.roll(self.rng(), n)

    def ev(self, kind: str, text: str, rule: Rule, **kw):
        self.events.append(Event(kind, text, rule, **kw))


# ---------------------------------------------------------------------------------------------
# Setting up


def _hand_spec(extra, side: str) -> tuple[int, int]:
    """(cards at the start, cards the hand grows to) for ``side`` from the scenario's ``cards``."""
    v = extra.get("cards", 4)
    if isinstance(v, dict) and "start" not in v:
        v = v.get(side, 4)
    if isinstance(v, dict):
        return v["start"], v["grow_to"]
    return v, v


def new_game(scenario, seed: int = 0, variant=None) -> Game:
    """Set up a scenario (a path, a bundled name like ``"pegasus-bridge"``, or a Scenario) for play.

    ``variant``: None/"standard", a ``variants.Variant``, a kind name, or a mapping like
    ``{"kind": "alliance", "players": {"axis": 2, "allied": 2}}``.
    """
    if type(seed) is not int:
        raise InputError(f"seed must be a whole number, not {seed!r}")
    var = variant if isinstance(variant, V.Variant) else V.from_json(variant)
    sc, path = _scenario(scenario)
    if var.kind == "overlord" and sc.board.name != "overlord":
        raise InputError(f"{path}: the overlord variant needs a scenario on the overlord board (26 x 9), "
                         f"not {sc.board.name}")
    st = S.from_scenario(sc)
    extra = sc.extra
    first = extra.get("first", "allied")
    ctx = _Ctx(Game(st, path, seed, var, (), (), _EMPTY, _EMPTY, _EMPTY, _EMPTY, _EMPTY, "play", first, None,
                    _EMPTY))
    cards = C.deck(tactics=var.tactics)
    if var.kind == "overlord":      # two decks shuffled together (memoir44-overlord-rules-pl.txt)
        cards = cards + tuple(f"{c.split('#')[0]}#{int(c.split('#')[1]) + C.card(c).count}" for c in cards)
    deck = list(cards)
    ctx.rng().shuffle(deck)
    hands, common, grow, target = {}, {}, {}, {}
    ctx.ev("setup", f"{sc.title}: the deck of {len(deck)} command cards is shuffled"
           + (" (section cards only: Young Generals)" if not var.tactics else "") + ".",
           V.YG_NO_TACTICS if not var.tactics else C.DEAL)
    for side in (first, other(first)):
        start, grow_to = _hand_spec(extra, side)
        start, grow_to = var.hand_size(start), var.hand_size(grow_to)
        grow[side] = grow_to if grow_to > start else 0
        seats = var.seats(side)
        common[side] = ()
        if var.team(side):
            per_final, _ = V.alliance_split(grow_to)
            per_start = per_final if start == grow_to else max(1, start // 2)
            for seat in seats:
                hands[seat] = tuple(deck[:per_start])
                del deck[:per_start]
                target[seat] = per_final
            common[side] = (deck.pop(0),)
            ctx.ev("deal", f"The {side} team: {per_start} cards each and 1 common card face up"
                   + (f", growing to {per_final} each" if per_final > per_start else "") + ".",
                   V.ALLIANCE_SHORT_HAND if per_final > per_start else V.ALLIANCE_COMMON)
        elif var.kind == "overlord":
            chief = seats[0]
            hands[chief] = tuple(deck[:start])
            del deck[:start]
            target[chief] = grow_to
            for s in seats[1:]:
                hands[s] = ()
                target[s] = 0
            ctx.ev("deal", f"The {side} commander-in-chief receives {start} cards.", V.OVERLORD_CHIEF)
        else:
            hand = tuple(deck[:start])
            del deck[:start]
            hands[seats[0]] = hand
            target[seats[0]] = grow_to
            for s in seats[1:]:
                hands[s] = ()
                target[s] = 0
            ctx.ev("deal", f"The {side} side receives {start} command cards"
                   + (f" and grows to {grow_to}" if grow_to > start else "") + ".", C.DEAL)
    ctx.ev("first", f"The {first} side plays first.", C.FIRST_SIDE)
    g = Game(st, path, seed, var, tuple(deck), (), _fz(hands), _fz(common), _fz(grow), _fz(target),
             _fz({s: 0 for s in SIDES}), "play", _first_player(var, first), None, _fz({}),
             front=extra.get("front", "western"), year=extra.get("year", 1944), rng_n=ctx.n)
    g = _r(g, new_events=tuple(ctx.events))
    return _begin_turn(g, first, ctx_events=None)


_LOADED: dict = {}        # (path, mtime) -> Scenario: files are parsed once


def _scenario(scenario):
    from tutor.scenario import SCENARIOS_DIR, Scenario
    if isinstance(scenario, Scenario):
        return scenario, scenario.path
    p = Path(scenario)
    if not p.suffix and not p.exists():
        p = SCENARIOS_DIR / (str(scenario) + ".yaml")
    if not p.exists():
        raise InputError(f"scenario {str(scenario)!r} not found: give a scenario file or a bundled name like "
                         f"pegasus-bridge")
    key = (str(p.resolve()), p.stat().st_mtime_ns)
    sc = _LOADED.get(key)
    if sc is None:
        sc = _LOADED[key] = load_scenario(p)
    if getattr(sc, "game", "memoir44") != "memoir44":
        raise InputError(f"{p}: not a Memoir '44 scenario")
    try:
        rel = str(p.resolve().relative_to(SCENARIOS_DIR.parent))
    except ValueError:
        rel = str(p)
    return sc, rel


def _first_player(var: V.Variant, side: str) -> str:
    return var.seats(side)[0]


def _begin_turn(g: Game, side: str, ctx_events=None) -> Game:
    """Make it ``side``'s turn: its next seat plays a card (Overlord: the chief hands out cards)."""
    if g.state.winner is not None:
        return _r(g, phase="over", turn=None)
    seats = g.variant.seats(side)
    if g.variant.kind == "alliance" and len(seats) == 2:
        seat = seats[g.rotation[side] % 2]
    else:
        seat = seats[0]
    phase = "dispatch" if g.variant.kind == "overlord" else "play"
    turn = _NEW_TURNS.get((side, seat))
    if turn is None:
        turn = _NEW_TURNS[(side, seat)] = Turn(side, seat)     # immutable: one per seat serves every turn
    return _r(g, phase=phase, player=seat, turn=turn)


_NEW_TURNS: dict = {}


# ---------------------------------------------------------------------------------------------
# What may be done now


def playable(g: Game) -> list[tuple[str, str]]:
    """(card, where) pairs the active player may play: own hand, then the team's common card."""
    out = [(c, "hand") for c in g.hands.get(g.player, ())]
    out += [(c, "common") for c in g.common.get(g.side, ())]
    return out


def legal_actions(g: Game) -> list[str]:
    """Every action the seat ``g.player`` may take now, as strings for :func:`apply`."""
    if g.phase == "over":
        return []
    fn = _LEGAL[g.phase]
    return fn(g)


# The players as the rules name them: Operation Alliance's starting and second player (APÉNDICE 5,
# 1. FORMAR EQUIPOS: "jugador inicial"), the Young Generals' center and flank players, Overlord's
# commander-in-chief and field generals (Łańcuch dowodzenia).
_SEAT_WORDS = {"1": "starting player", "2": "second player", "center": "center player",
               "flanks": "flanks player", "left": "left flank player", "right": "right flank player",
               "chief": "commander-in-chief"}
_SECTIONS = {"left": "on the left flank", "center": "in the center", "right": "on the right flank"}


def seat_text(seat: str, kind: str = "standard") -> str:
    """A seat as a player reads it, never its id: "Allies", "Allies starting player", "Axis center
    player", "Allies commander-in-chief"; ``kind`` is the variant's, as Overlord's "allied.left" is
    the left field general where the Young Generals' is the left flank player. Every page names a
    seat so: the engine's events and refusals, the chapters, the handouts and *Play a battle*."""
    side, _, who = seat.partition(".")
    name = SIDE_NAMES.get(side, side)
    return f"{name} {seat_role(who, kind)}" if who else name


def seat_verb(seat: str, plural: str, singular: str) -> str:
    """The verb after :func:`seat_text`: "Allies draw", "Axis draws", "Allies starting player draws"."""
    return side_verb(seat, plural, singular) if "." not in seat else singular


def seat_role(who: str, kind: str = "standard") -> str:
    """A team member's role, the part of a seat after its side ("allied.left" → "left"): "starting
    player", "left flank player" (Young Generals), "left field general" (Overlord, ``kind``)."""
    if kind == "overlord" and who in V.FIELD_GENERALS:
        return f"{who} field general"
    return _SEAT_WORDS.get(who, f"{who} field general")


def player_text(seat: str, kind: str = "standard") -> str:
    """A seat as the subject of a sentence: "the Axis player" (a side played alone), "the Allies
    starting player" (a team's member)."""
    return f"the {seat_text(seat, kind)}" + ("" if "." in seat else " player")


def action_text(g: Game, action: str) -> str:
    """An action of :func:`legal_actions` in the words of the game, for people: card names as
    printed on the cards, units by kind and hex, never a card's internal id ("play
    probe_center#1" reads "play Probe Center"). ``g`` is the game the action is taken in."""
    words = action.split()
    verb, args = words[0], words[1:]
    units = g.state.units

    def unit(x: str) -> str:
        u = units.get(parse_hex(x))
        return f"the {u.name} on {x}" if u is not None else x

    def cards(x: str) -> str:
        return C.name(x) if "#" in x or x in C.CARDS else x

    if verb == "play":
        return f"play {cards(args[0])}" + (f" {_SECTIONS.get(args[1], args[1])}" if len(args) > 1 else "")
    if verb == "order":
        return f"order {unit(args[0])}" + (f" under the {_SEAT_WORDS.get(args[1], args[1])}'s card"
                                           if len(args) > 1 else "")
    if verb == "move":
        return f"move {unit(args[0])} to {args[1]}"
    if verb == "battle":
        return f"{unit(args[0])} battles {unit(args[1])}"
    if verb == "take":
        return f"take ground with {unit(args[0])}"
    if verb == "wire":
        return f"{unit(args[0])} removes the barbed wire"
    if verb == "retreat":
        return f"retreat to {args[0]}"
    if verb == "air":
        return "Air Power strikes " + ", ".join(unit(x) for x in args)
    if verb == "barrage":
        return f"Barrage strikes {unit(args[0])}"
    if verb == "keep":
        return f"keep {cards(args[0])}"
    if verb == "give":
        to = "keeps it to play" if args[1] == "chief" else f"gives it to the {args[1]} field general"
        return f"{cards(args[0])}: the commander-in-chief {to}" + (
            f" (copying {cards(args[2])})" if len(args) > 2 else "")
    if verb == "place":
        return f"place {cards(args[0])} {_SECTIONS.get(args[1], args[1])}"
    if verb == "setback":
        return f"{unit(args[0])} " + (f"falls back to {args[1]}" if len(args) > 1 else "loses a figure")
    fixed = {"done": "no more orders", "end": "end the turn", "ambush": "play Ambush",
             "decline": "do not play Ambush", "dispatch": "hand out the cards", "roll": "roll for initiative",
             "pass": "do not roll for initiative"}
    return fixed.get(verb, action)


def _legal_play(g: Game) -> list[str]:
    out = []
    for c, _ in playable(g):
        if _needs_section(g, C.card(c).key):
            out += [f"play {c} {s}" for s in ("left", "center", "right")]
        else:
            out.append(f"play {c}")
    return out


def _needs_section(g: Game, key: str) -> bool:
    """Whether playing card ``key`` now must name a section: Infantry Assault ("Issue an order to all
    infantry units in 1 section", the published card; bga-devs/bga-memoir, Cards/Standard/
    InfantryAssault.php) when the side commands infantry, and a Counter-Attack copying an Infantry
    Assault that named none (the opponent had no infantry and ordered 1 unit of his choice).

    Any of the three sections may be named, one without infantry too: the printed card limits the
    section to none ("in 1 section"; CARTAS DE TÁCTICA: "Algunas cartas de Táctica solo te permiten
    dar órdenes a una sección"), and the rulebook says what a card that reaches no unit does (2. DAR
    ÓRDENES A UNIDADES: "Si no tienes ninguna unidad en las secciones indicadas en la carta de Mando
    que has jugado, terminas tu turno robando una nueva carta de Mando sin haber dado ninguna orden").
    Its "1 unit of your choice" is for a side that commands no infantry anywhere ("If you do not
    command any infantry units"), not for an empty section. bga-devs/bga-memoir offers only the
    sections that hold infantry: conflicts entry m44.card.infantry_assault_section."""
    if not T.has_kind(g.state, g.side, T.INFANTRY):
        return False                # "If you do not command any infantry units, … 1 unit of your choice"
    if key == "infantry_assault":
        return True
    if key == "counter_attack":
        prev = g.last.get(other(g.side))
        return prev is not None and prev[0] == "infantry_assault" and prev[1] is None
    return False


def _orderable(g: Game) -> list[Hex]:
    got = g.__dict__.get("_orderable")              # a memo on an immutable value
    if got is None:
        t = g.turn
        if t.plays:
            got = list(_order_options(g))
        else:
            got = T.orderable(g.state, t.side, t.effect.slots, t.ordered)
            if t.spent:                             # Overlord: ordered by the chief's card already
                units = g.state.units
                got = [h for h in got if units[h].uid not in t.spent]
        g.__dict__["_orderable"] = got
    return got


def _order_options(g: Game) -> dict:
    """Overlord field generals: hex -> the indices of the Plays that may still order its unit, in
    board order (each Play's slots matched to the units already ordered under it)."""
    got = g.__dict__.get("_order_opts")             # a memo on an immutable value
    if got is None:
        t, st = g.turn, g.state
        taken = set(t.ordered)
        units = st.units
        found: dict = {}
        for i, p in enumerate(t.plays):
            mine = [h for h, a in zip(t.ordered, t.assigned) if a == i]
            for h in T.orderable(st, t.side, p.effect.slots, mine):
                if h not in taken and units[h].uid not in t.spent:
                    found.setdefault(h, []).append(i)
        got = {h: tuple(found[h]) for h in T.board_order(st) if h in found}
        g.__dict__["_order_opts"] = got
    return got


def _legal_order(g: Game) -> list[str]:
    t = g.turn
    if not t.plays:
        return [f"order {fmt(h)}" for h in _orderable(g)] + ["done"]
    out = []
    for h, idx in _order_options(g).items():
        if len(idx) == 1:
            out.append(f"order {fmt(h)}")
        else:                       # cards with different unit rules: the general who orders it is named
            out += [f"order {fmt(h)} {t.plays[i].who[0]}" for i in idx]
    return out + ["done"]


def _ordered_hexes(g: Game) -> list[Hex]:
    st = g.state
    ordered = st.ordered
    units = st.units
    return [h for h in T.board_order(st) if units[h].uid in ordered]


def move_options(g: Game, h: Hex) -> dict:
    """Hex -> movement.Reach for the ordered unit on ``h`` under the card in play (empty: no move)."""
    cache = g.__dict__.setdefault("_moves", {})      # a memo on an immutable value
    got = cache.get(h)
    if got is None:
        got = cache[h] = _move_options(g, h)
    return got


def unit_effect(g: Game, h: Hex) -> T.Effect | None:
    """The card effect the unit on ``h`` follows this turn: the card it was ordered under (in
    Overlord each field general's card rules its own units), else the card in play."""
    t = g.turn
    return _effect_of(t, g.state.units[h].uid) if t is not None else None


def _effect_of(t: Turn, uid: int) -> T.Effect | None:
    return t.unit_effects.get(uid, t.effect) if t.unit_effects else t.effect


_NO_BATTLE = ("frozen", "done")      # Medics with no figure back; Behind Enemy Lines after its second move


def _move_options(g: Game, h: Hex) -> dict:
    st, t = g.state, g.turn
    u = st.units[h]
    rec = st.records.get(u.uid)
    eff = _effect_of(t, u.uid)
    if rec is None or eff is None:
        return {}
    sp = t.special.get(u.uid)
    if sp == "frozen" or eff.no_move:
        return {}
    # Behind Enemy Lines: "Unit may battle with 1 additional die, then move again up to 3 hexes" (the
    # printed card; bga-devs/bga-memoir moves it again whether it battled or not): the second move
    # comes after its battle, or after its first move when it gives the battle up.
    second = sp == "bel2" or (sp == "bel" and rec.battles > 0)
    if not second and (sp == "bel2" or sp == "done" or st.phase != "move" or rec.path):
        return {}
    override = T.move_override(eff, u, sp, second)
    return M.destinations(st, h, u, rec.start, **override) if override else M.destinations(st, h, u, rec.start)


def battle_options(g: Game, h: Hex) -> dict:
    """Target hex -> dice for the ordered unit on ``h`` under the card in play (before the card's
    extra dice: see :func:`bonus_dice`)."""
    cache = g.__dict__.setdefault("_battles", {})    # a memo on an immutable value
    got = cache.get(h)
    if got is None:
        got = cache[h] = _battle_options(g, h)
    return got


def _battle_options(g: Game, h: Hex) -> dict:
    st, t = g.state, g.turn
    u = st.units[h]
    rec = st.records.get(u.uid)
    eff = _effect_of(t, u.uid)
    if rec is None or eff is None or t.special.get(u.uid) in _NO_BATTLE or u.uid in t.no_battle:
        return {}
    if eff.dig_in:
        return {}
    if rec.battles and u.kind == "armor" and not g.variant.overrun:
        return {}
    opts = combat.targets(st, h)
    if eff.no_close and opts:
        if any(distance(h, n) == 1 for n in st.units if st.units[n].side != u.side):
            return {}
        opts = {k: v for k, v in opts.items() if distance(h, k) > 1}
    return opts


def bonus_dice(g: Game, h: Hex, tgt: Hex) -> int:
    """Extra dice the card the unit on ``h`` was ordered under gives it battling ``tgt``."""
    u = g.state.units[h]
    return T.bonus_dice(_effect_of(g.turn, u.uid), u, h, tgt)


_bonus = bonus_dice


def _legal_act(g: Game) -> list[str]:
    st = g.state
    out = []
    hexes = _ordered_hexes(g)
    for h in hexes:
        out += _hex_actions("move", h, move_options(g, h))
    for h in hexes:
        out += _hex_actions("battle", h, battle_options(g, h))
    if g.variant.take_ground and st.vacated is not None and st.active is not None:
        a = st.where(st.active)
        if a is not None and combat.take_ground_refusal(st, a, st.units[a], st.records[st.active]) is None:
            out.append(f"take {fmt(a)}")
    for h in hexes:
        u = st.units[h]
        if (st.obstacles.get(h) == "wire" and u.kind == "infantry" and combat.why_no_battle(st, h, u) is None
                and g.turn.special.get(u.uid) not in _NO_BATTLE and not _effect_of(g.turn, u.uid).dig_in
                and u.uid not in g.turn.no_battle):
            out.append(f"wire {fmt(h)}")
    out.append("end")
    return out


def _hex_actions(verb: str, h: Hex, to) -> list[str]:
    """``"VERB H T"`` for the unit on ``h`` and each hex of ``to``, in board order."""
    if not to:
        return []
    head = f"{verb} {fmt(h)} "
    return [head + fmt(t) for t in sorted(to, key=row_major)]


def _legal_retreat(g: Game) -> list[str]:
    return [f"retreat {fmt(d)}" for d in _pending_ruling(g).destinations]


# Whether stars hit, by strike: on Air Power (its card face, AIR_POWER_FACE) but not on Barrage
# ("Score 1 hit for each die matching the unit's symbol or grenade", the printed card; bga-devs/
# bga-memoir, Cards/Standard/Barrage.php; a star misses unless a tactic card says otherwise, STAR_TACTIC)
STARS_HIT = MappingProxyType({"air": True, "barrage": False})


def _pending_ruling(g: Game):
    """The retreat ruling the owner answers now: an ordinary battle's, or a strike's (Air Power:
    stars hit; Barrage: stars miss; flags not ignorable)."""
    p = g.turn.pending
    if p[0] == "strike":
        return A.strike_ruling(g.state, p[2], p[3], star_hits=STARS_HIT[p[1]])
    if p[0] == "ambush_retreat":
        from tutor.memoir import retreat as RT
        _, tg, a, faces, _, _ = p
        st, du = g.state, g.state.units[tg]
        au = st.units[a]
        hits, flags = D.count(faces, au.kind)
        return RT.ruling(T.as_side(st, du.side, du.uid, tg), a, flags, None, figures=au.figures - min(hits, au.figures))
    _, a, t, faces, bonus = p
    return _ruling_for(g, a, t, faces, bonus)


def _legal_ambush(g: Game) -> list[str]:
    return ["ambush", "decline"]


def _legal_recon(g: Game) -> list[str]:
    return [f"keep {c}" for c in g.turn.drawn]


def _legal_air(g: Game) -> list[str]:
    return ["air " + " ".join(fmt(h) for h in grp) for grp in A.groups(g.state.units, g.side)]


def _legal_barrage(g: Game) -> list[str]:
    return [f"barrage {fmt(h)}" for h in sorted(g.state.units, key=row_major)
            if g.state.units[h].side != g.side]


_LEGAL = {"play": _legal_play, "order": _legal_order, "act": _legal_act, "retreat": _legal_retreat,
          "ambush": _legal_ambush, "recon": _legal_recon, "air": _legal_air, "barrage": _legal_barrage,
          "dispatch": lambda g: _overlord_legal(g), "setback": lambda g: _legal_setback(g),
          "place": lambda g: _legal_place(g), "initiative": lambda g: _legal_initiative(g)}


# ---------------------------------------------------------------------------------------------
# Doing it


def apply(g: Game, action: str, *, faces=None) -> Game:
    """The game after ``action`` (a string from :func:`legal_actions`); ``g`` is unchanged.

    Malformed actions raise InputError (one line); actions the rules forbid raise IllegalAction
    citing the rule. ``faces`` fixes the dice this action rolls (tests, teaching examples).
    """
    if not isinstance(action, str) or not action.strip():
        raise InputError(f"an action is a string like 'play attack_center#1', not {action!r}")
    words = action.split()
    verb, args = words[0], words[1:]
    if g.phase == "over":
        raise IllegalAction(f"the game is over: the {g.winner} side has won", R.VICTORY_COUNT)
    handler = _HANDLERS.get(verb)
    if handler is None:
        raise InputError(f"action \"{verb}\" is unknown: allowed are {', '.join(sorted(_HANDLERS))}")
    if verb in _HEX_ARGS:
        for x in (args[:1] if verb == "order" else args):       # order HEX [GENERAL]
            g.state.board.check(_hex(x), what=f"{verb} hex")
    phases = _PHASES[verb]
    if g.phase not in phases:
        raise IllegalAction(f"'{verb}' is not possible now: the game is in the {g.phase} phase "
                            f"({seat_text(g.player, g.variant.kind)} to act)",
                            _PHASE_RULE.get(g.phase, C.PLAY_CARD))
    ctx = _Ctx(g, faces)
    ctx.ev("action", f"{seat_text(g.player, g.variant.kind)}: {action_text(g, action)}",
           _ACTION_RULE.get(verb, C.PLAY_CARD))
    new = handler(g, args, ctx)
    if new.phase != "over" and new.state.winner is not None:
        new = _r(new, phase="over")
    if new.phase == "over" and g.phase != "over":
        w = new.state.winner
        m = new.state.medals
        ctx.ev("game_over", f"The {w} side wins with {plural(m[w], 'medal')}." if w else "The game is over.",
               R.VICTORY_COUNT)
    return _r(new, rng_n=ctx.n, new_events=tuple(ctx.events), action=action,
                               length=g.length + 1, prev=g)


def undo(g: Game) -> Game:
    """The game before the last action (InputError at the start)."""
    if g.prev is None:
        raise InputError("nothing to undo: this is the start of the game")
    return g.prev


def _hex(x) -> Hex:
    return parse_hex(x)


def _need(args, n, usage):
    if len(args) != n:
        raise InputError(f"usage: {usage}")
    return args


# -- play ------------------------------------------------------------------------------------


def _do_play(g: Game, args, ctx: _Ctx) -> Game:
    if not args or len(args) > 2:
        raise InputError("usage: play CARD [left|center|right]")
    inst = args[0]
    C.card(inst)
    where = None
    for c, w in playable(g):
        if c == inst:
            where = w
    if where is None:
        raise IllegalAction(f"{seat_text(g.player, g.variant.kind)} holds no card {inst} (cards: "
                            f"{', '.join(c for c, _ in playable(g)) or 'none'})",
                            V.ALLIANCE_ACTIVE if g.variant.kind == "alliance" else C.PLAY_CARD)
    section = args[1] if len(args) == 2 else None
    key = C.card(inst).key
    needs = _needs_section(g, key)
    if section is not None and (not needs or section not in ("left", "center", "right")):
        raise InputError("only Infantry Assault (or a Counter-Attack copying it) names a section, when the side "
                         "commands infantry: play infantry_assault#N left|center|right")
    if needs and section is None:
        raise IllegalAction(f"{C.card(inst).name} orders all infantry units in 1 section: name the section "
                            f"(play {inst} left|center|right)", C.TACTIC_ONE_SECTION)
    hands, common = dict(g.hands), dict(g.common)
    if where == "hand":
        h = list(hands[g.player])
        h.remove(inst)
        hands[g.player] = tuple(h)
    else:
        common[g.side] = ()
    side = g.side
    c = C.card(inst)
    ctx.ev("play", f"The {side} side plays {c.name}: {c.text}", C.SECTION_CARD if c.section else C.TACTIC_CARD)
    flip = False
    last = dict(g.last)
    eff_key, eff_section = key, section
    if key == "counter_attack":
        prev = g.last.get(other(side))
        if prev is None:
            ctx.ev("no_effect", "Counter-Attack copies the command the opponent played on his last turn; he has "
                   "played none yet, so it has no effect (a reading of this project).", C.TACTIC_CARD)
            eff_key = None
        else:
            eff_key, eff_section, was_flipped = prev
            if C.CARDS[eff_key].section:
                flip = not was_flipped
            elif eff_section:
                eff_section = MIRRORED_SECTION[eff_section]
            elif needs:                 # his Infantry Assault named no section: this player names one
                eff_section = section
            ctx.ev("counter", f"Counter-Attack: the {side} side issues the opponent's last command, "
                   f"{C.CARDS[eff_key].name}, in the same part of the battlefield (left and right flanks "
                   f"swapped).", C.TACTIC_CARD)
    if eff_key is not None:
        last[side] = (eff_key, eff_section, flip)
    turn = _r(g.turn, cards=(inst,), source=where)
    g = _r(g, hands=_fz(hands), common=_fz(common), turn=turn, last=_fz(last), turns=g.turns + 1)
    if eff_key is None or eff_key == "ambush":
        if eff_key == "ambush":
            ctx.ev("no_effect", "Ambush is played on the opponent's turn; played on your own it orders no unit "
                   "(a reading of this project).", C.TACTIC_CARD)
        return _end_turn(g, ctx)
    eff = T.effect(eff_key, g.state, side, section=eff_section, flip=flip)
    if g.variant.kind == "young_generals" and len(g.variant.seats(side)) > 1:
        orders = V.young_generals_orders(eff.slots)
        performer = V.young_generals_member(g.variant, side, orders)
        who = seat_text(performer, g.variant.kind)
        tied = V.young_generals_most(g.variant, side, orders) if orders else ()
        if not orders:
            ctx.ev("performer", f"The {who}, the commander-in-chief, carries out the tactic card.", V.YG_WHO_ACTS)
        elif len(tied) > 1:
            names = [seat_text(x, g.variant.kind) for x in tied]
            both = ", the ".join(names[:-1]) + " and the " + names[-1]
            ctx.ev("performer", f"The card gives as many orders to the {both}: the commander-in-chief has the "
                   f"last word, and the {who} carries it out (a reading of this project).", V.YG_CHIEF_DECIDES)
        else:
            ctx.ev("performer", f"The {who} carries out the card: most of its orders go to the units he "
                   f"commands.", V.YG_WHO_ACTS)
        turn = _r(turn, performer=performer)
    turn = _r(turn, effect=eff)
    g = _r(g, turn=turn)
    return _after_play(g, ctx)


def _hand_dice(g: Game) -> int:
    """Their Finest Hour / Medics & Mechanics: the hand, this card included, plus a team's common card."""
    n = len(g.hands.get(g.player, ())) + 1
    if g.variant.team(g.side):
        n += len(g.common.get(g.side, ()))
    return n


def _after_play(g: Game, ctx: _Ctx) -> Game:
    t = g.turn
    eff = t.effect
    st = g.state
    if eff.special == "air_power":
        if not any(u.side != t.side for u in st.units.values()):
            return _end_turn(g, ctx)
        n = A.dice_per_hex(t.side, g.front, g.year)
        ctx.ev("air", f"Air superiority ({g.front} front, {g.year}): the {t.side} side rolls {n} "
               f"{'dice' if n != 1 else 'die'} per hex.", A.AIR_TABLE)
        return _r(g, phase="air")
    if eff.special == "barrage":
        if not any(u.side != t.side for u in st.units.values()):  # no target: played for nothing, as Air Power
            return _end_turn(g, ctx)
        return _r(g, phase="barrage")
    if eff.special == "finest_hour":
        n = _hand_dice(g)
        faces = ctx.roll(n)
        slots = T.finest_hour_slots(faces)
        ctx.ev("finest_hour", f"Their Finest Hour: {n} {'die' if n == 1 else 'dice'} ({', '.join(faces)}) order "
               + (", ".join(s.describe() for s in slots) or "no unit") + "; ordered units battle with 1 extra die.",
               V.ALLIANCE_FINEST_HOUR if g.variant.team(t.side) else C.TACTIC_CARD,
               data=(("faces", faces),))
        eff = _r(eff, slots=slots)
        g = _r(g, turn=_r(t, effect=eff))
        t = g.turn
    cands = T.all_eligible(st, t.side, eff.slots) if eff.slots else []
    if not cands:
        ctx.ev("no_units", "No unit can receive an order from this card: the turn ends with a new card.",
               C.NO_UNITS)
        return _end_turn(g, ctx)
    tokens = sum(len(cands) if s.count is None else s.count for s in eff.slots)
    tokens = min(tokens, len(cands))
    ctx.ev("activation", f"Take {tokens} activation token{'s' if tokens != 1 else ''}.", C.ACTIVATION)
    if eff.auto:
        return _finish_orders(_r(g, turn=_r(t, ordered=tuple(cands))), ctx)
    return _r(g, phase="order")


def _do_order(g: Game, args, ctx: _Ctx) -> Game:
    if len(args) not in (1, 2) or (len(args) == 2 and not g.turn.plays):
        raise InputError("usage: order HEX" + (" [GENERAL]" if g.turn.plays else ""))
    h = g.state.board.check(_hex(args[0]), what="order")
    t = g.turn
    u = g.state.units.get(h)
    if u is None:
        raise InputError(f"There is no unit on {fmt(h)} to order.")
    if h in t.ordered:
        raise IllegalAction(f"the unit on {fmt(h)} is already ordered", R.ORDERS_ONCE)
    if u.side != t.side:
        raise IllegalAction(f"the unit on {fmt(h)} is not a {t.side} unit", R.ORDERS)
    if u.uid in t.spent:
        raise IllegalAction(f"the {u.name} on {fmt(h)} was ordered by the chief's card this turn: one order a turn",
                            V.OVERLORD_ONE_ORDER)
    if h not in _orderable(g) and t.plays:
        raise IllegalAction(f"no field general's card orders the {u.name} on {fmt(h)} now (the cards order "
                            f"{'; '.join(s.describe() for s in t.effect.slots)}; {len(t.ordered)} ordered so far)",
                            V.OVERLORD_PLACE)
    if h not in _orderable(g):
        raise IllegalAction(f"the card allows no order for the {u.name} on {fmt(h)} (it orders "
                            f"{'; '.join(s.describe() for s in t.effect.slots)}; {len(t.ordered)} ordered so far)",
                            C.ORDERS_DASHED if len(t.effect.slots) > 1 else C.TACTIC_CARD
                            if t.effect.key in C.CARDS and C.CARDS[t.effect.key].type == "tactic" else C.SECTION_CARD)
    if t.plays:
        i = _play_for(g, h, u, args[1] if len(args) == 2 else None)
        t = _r(t, ordered=t.ordered + (h,), assigned=t.assigned + (i,))
        ctx.ev("ordered", f"The {u.name} on {fmt(h)} receives an order ({t.plays[i].label}).", R.ORDERS, at=h)
        g = _r(g, turn=t)
        if not _orderable(g):
            return _finish_orders(g, ctx)
        return g
    t = _r(t, ordered=t.ordered + (h,))
    g = _r(g, turn=t)
    ctx.ev("ordered", f"The {u.name} on {fmt(h)} receives an order.", R.ORDERS, at=h)
    if not _orderable(g):
        return _finish_orders(g, ctx)
    return g


def _play_for(g: Game, h: Hex, u, who: str | None) -> int:
    """The index of the Play the unit on ``h`` is ordered under (Overlord field generals): the only
    one that may order it, or the one of general ``who``."""
    t = g.turn
    idx = _order_options(g)[h]
    if who is None:
        if len(idx) > 1:
            names = " or ".join(t.plays[i].who[0] for i in idx)
            raise InputError(f"order: the {u.name} on {fmt(h)} may be ordered by the {names} field general, whose "
                             f"cards give different orders: name one (order {fmt(h)} GENERAL)")
        return idx[0]
    if who not in V.FIELD_GENERALS:
        raise InputError(f"order: \"{who}\" is not a field general: allowed are {', '.join(V.FIELD_GENERALS)}")
    for i in idx:
        if who in t.plays[i].who:
            return i
    can = " or ".join(g2 for i in idx for g2 in t.plays[i].who)
    raise IllegalAction(f"the {who} field general's orders do not reach the {u.name} on {fmt(h)} (the {can} field "
                        f"general's do)", V.OVERLORD_PLACE)


def _do_done(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "done")
    return _finish_orders(g, ctx)


def _finish_orders(g: Game, ctx: _Ctx) -> Game:
    t = g.turn
    eff = t.effect
    # each ordered unit follows the card it was ordered under: one group in a standard turn, one per
    # Play of the Overlord field generals (memoir44-overlord-rules-pl.txt, TURA GRY, step 2)
    if t.plays:
        groups = [(p.effect, [h for h, a in zip(t.ordered, t.assigned) if a == i]) for i, p in enumerate(t.plays)]
    else:
        groups = [(eff, list(t.ordered))]
    unused = 0
    for e, hexes in groups:
        caps = [s.count for s in e.slots]
        if all(c is not None for c in caps):
            unused += sum(caps) - len(hexes)
    if unused > 0:
        ctx.ev("orders_lost", f"{unused} order{'s' if unused != 1 else ''} unused: lost.", C.ORDERS_LOST,
               data=(("lost", unused),))
    if not t.ordered:
        return _end_turn(g, ctx)
    st, evs = S.order(g.state, t.side, [fmt(h) for h in t.ordered])
    ctx.events.extend(evs)
    for e, hexes in groups:
        if e.bombard:                    # Artillery Bombard: artillery that does not move battles twice
            for h in hexes:
                if st.units[h].kind == "artillery":
                    st = combat.grant_battles(st, h)
    special = dict(t.special)
    for e, hexes in groups:
        if e.bel:
            for h in hexes:
                special[st.units[h].uid] = "bel"
    if t.plays:
        t = _r(t, unit_effects=_fz({st.units[h].uid: e for e, hexes in groups for h in hexes}))
    if eff.special == "medics":
        st = _medics(g, st, t.ordered[0], _hand_dice(g), special, ctx)
    for e, hexes in groups if t.plays else ():
        if e.special == "medics":       # a field general's Medics & Mechanics: the Overlord card's 4 dice
            for h in hexes:
                st = _medics(g, st, h, V.OVERLORD_MEDICS_DICE, special, ctx)
    t = _r(t, special=_fz(special))
    g = _r(g, state=st, turn=t, phase="act")
    dug = [h for e, hexes in groups if e.dig_in for h in hexes]
    if dug:
        st, evs = T.place_sandbags(g.state, dug)
        ctx.events.extend(evs)
        g = _r(g, state=st)
        if len(dug) == len(t.ordered):      # nobody else ordered: nothing moves or battles
            return _end_turn(g, ctx)
    return g


def _medics(g: Game, st: GameState, h: Hex, n: int, special: dict, ctx: _Ctx) -> GameState:
    """Medics & Mechanics for the unit ordered on ``h``: ``n`` dice, each of its symbol or a star
    returns a lost figure (never above its start); with none returned it does not move or battle
    (``special`` marks it)."""
    u = st.units[h]
    faces = ctx.roll(n)
    back = min(sum(f == "star" or f == u.kind for f in faces), u.full - u.figures)
    rule = V.ALLIANCE_MEDICS if g.variant.team(g.turn.side) else C.TACTIC_CARD
    # Overlord: a field general's card, whose own text rolls 4 dice (variants.OVERLORD_MEDICS_DICE)
    how = f" (the Overlord card rolls {n}: no hand is counted)" if g.variant.kind == "overlord" else ""
    ctx.ev("medics", f"Medics & Mechanics: {n} {'die' if n == 1 else 'dice'}{how} ({', '.join(faces)}); "
           f"{back} figure{'s' if back != 1 else ''} return to the {u.name} on {fmt(h)}.", rule, at=h,
           data=(("faces", faces), ("returned", back)))
    if back:
        units = dict(st.units)
        units[h] = _r(u, figures=u.figures + back)
        return st.replace(units=units)
    special[u.uid] = "frozen"
    ctx.ev("medics_none", "No figure returned: the unit does not move or battle (a reading of this project).",
           C.TACTIC_CARD, at=h)
    return st


# -- act -------------------------------------------------------------------------------------


def _do_move(g: Game, args, ctx: _Ctx) -> Game:
    a, b = (g.state.board.check(_hex(x), what=w) for x, w in zip(_need(args, 2, "move FROM TO"), ("from", "to")))
    st, t = g.state, g.turn
    u = st.units.get(a)
    if u is None:
        raise InputError(f"There is no unit on {fmt(a)} to move.")
    S.acting_unit(st, fmt(a))
    opts = move_options(g, a)
    sp = t.special.get(u.uid)
    if b not in opts:
        eff = _effect_of(t, u.uid)
        if eff.no_move:
            raise IllegalAction(f"{C.CARDS[eff.key].name}: ordered units may not move", C.TACTIC_CARD)
        if sp in ("bel", "bel2") or eff.bombard or eff.move:
            raise IllegalAction(f"the {u.name} may not move to {fmt(b)} under {C.CARDS[eff.key].name}",
                                C.TACTIC_CARD)
        st2, _ = M.move(st, fmt(a), fmt(b))          # raises the engine's own explanation
        raise IllegalAction(f"the {u.name} may not move to {fmt(b)}", R.MOVE_ONCE)
    st2, evs = M.apply_move(st, a, opts[b])          # the reach found above, under the card's move rules
    if sp in ("bel", "bel2"):
        second = sp == "bel2" or st.records[u.uid].battles > 0
        special = dict(t.special)
        special[u.uid] = "done" if second else "bel2"
        t = _r(t, special=_fz(special))
        ctx.ev("bel", "Behind Enemy Lines: " + (("the second move, after battle." if st.records[u.uid].battles
                                                  else "the second move: the battle is given up.") if second else
               "up to 3 hexes, terrain movement restrictions ignored; it may battle with 1 additional die "
               "(terrain battle restrictions still apply), then move again."),
               C.TACTIC_CARD, at=a, to=b)
    ctx.events.extend(evs)
    return _r(g, state=st2, turn=t)


def _ambusher(g: Game, target: Hex) -> tuple[str, str] | None:
    """(seat, where) of a defender who may play Ambush on a close combat against ``target``."""
    if not g.variant.tactics:
        return None
    side = g.state.units[target].side
    for seat in g.variant.seats(side):
        for c in g.hands.get(seat, ()):
            if C.card(c).key == "ambush":
                return seat, c
    for c in g.common.get(side, ()):
        if C.card(c).key == "ambush":
            return g.variant.seats(side)[0], c
    return None


def _do_battle(g: Game, args, ctx: _Ctx) -> Game:
    a, tg = (g.state.board.check(_hex(x), what=w) for x, w in zip(_need(args, 2, "battle FROM TARGET"),
                                                                     ("attacker", "target")))
    st = g.state
    if a not in st.units:
        raise InputError(f"There is no unit on {fmt(a)} to battle with.")
    u = st.units[a]
    S.acting_unit(st, fmt(a), "attacker")
    opts = battle_options(g, a)
    if tg not in opts:
        eff = _effect_of(g.turn, u.uid)
        if eff.no_close and distance(a, tg) == 1 or (eff.no_close and any(
                distance(a, n) == 1 for n in st.units if st.units[n].side != u.side)):
            raise IllegalAction("Firefight: no close combat — ordered units battle only enemies they are not "
                                "adjacent to", C.TACTIC_CARD)
        if st.records[u.uid].battles and u.kind == "armor" and not g.variant.overrun:
            raise IllegalAction("Young Generals without overrun: armor battles once", V.YG_SIMPLER)
        if u.uid in g.turn.no_battle:
            raise IllegalAction(f"the {u.name} on {fmt(a)} was struck by its general's initiative roll: it may not "
                                f"battle this turn", V.OVERLORD_NO_BATTLE)
        if g.turn.special.get(u.uid) == "done":
            raise IllegalAction(f"Behind Enemy Lines: the {u.name} has made its second move, which comes after "
                                f"its battle", C.TACTIC_CARD)
        if g.turn.special.get(u.uid) == "frozen" or eff.dig_in:
            raise IllegalAction(f"the {u.name} may not battle under this card", C.TACTIC_CARD)
        combat.check_target(st, a, u, tg)           # the engine's own reason
        raise IllegalAction(f"the {u.name} on {fmt(a)} may not battle {fmt(tg)} now", R.BATTLE_ONCE)
    if distance(a, tg) == 1:
        amb = _ambusher(g, tg)
        if amb is not None and _ambush_possible(g, a, tg):
            t = _r(g.turn, pending=("ambush", a, tg, amb[0], amb[1]))
            ctx.ev("ambush_window", f"A close combat on {fmt(tg)} is declared: the defender may play Ambush.",
                   _ambush_rule(g, st.units[tg].side), at=tg)
            return _r(g, turn=t, phase="ambush", player=amb[0])
    return _resolve_battle(g, a, tg, ctx)


def _resolve_battle(g: Game, a: Hex, tg: Hex, ctx: _Ctx, faces=None, retreat_to=None) -> Game:
    st = g.state
    bonus = bonus_dice(g, a, tg)
    if faces is None:
        faces = ctx.roll(combat.check_target(st, a, st.units[a], tg, explain=False, extra_dice=bonus).dice)
    chooser = retreat_to
    if chooser is None:
        def chooser(rul):
            if len(rul.destinations) > 1:
                raise _Choose(rul)
            return rul.destinations[0]
    try:
        new, evs = combat.battle(st, fmt(a), fmt(tg), list(faces), retreat_to=chooser, extra_dice=bonus)
    except _Choose:
        t = _r(g.turn, pending=("retreat", a, tg, tuple(faces), bonus))
        defender = st.units[tg].side
        ctx.ev("retreat_choice", f"Rolled {', '.join(faces)}: the {defender} side chooses where its unit on "
               f"{fmt(tg)} retreats.", R.FLAG, at=tg)
        return _r(g, turn=t, phase="retreat", player=_owner_seat(g, defender, tg))
    if bonus:
        ctx.ev("bonus", f"{C.CARDS[_effect_of(g.turn, st.units[a].uid).key].name}: +{bonus} die.", C.TACTIC_CARD,
               at=a)
    ctx.events.extend(evs)
    if g.variant.take_ground is False and new.vacated is not None:
        new = new.replace(vacated=None)
    t = _r(g.turn, pending=None)
    return _r(g, state=new, turn=t, phase="act", player=t.seat)


class _Choose(Exception):
    def __init__(self, ruling):
        self.ruling = ruling


def _seat_of(g: Game, side: str) -> str:
    seats = g.variant.seats(side)
    if g.variant.kind == "alliance" and len(seats) == 2:
        return seats[g.rotation[side] % 2]
    return seats[0]


def _owner_seat(g: Game, side: str, h: Hex) -> str:
    """The seat that controls the unit of ``side`` on ``h`` and so picks its retreat hex (RETIRADA):
    in Overlord the field general whose command holds the hex (the first of two on their line)."""
    if g.variant.kind == "overlord":
        fgs = _generals_at(g.state, side, h)
        if fgs:
            return f"{side}.{fgs[0]}"
    return _seat_of(g, side)


def _ruling_for(g: Game, a, t, faces, bonus):
    from tutor.memoir import retreat as RT
    st = g.state
    tu = st.units[t]
    hits, flags = D.count(faces, tu.kind)
    return RT.ruling(st, t, flags, None, figures=tu.figures - min(hits, tu.figures))


def _do_retreat(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "retreat HEX")[0]), what="retreat")
    p = g.turn.pending
    rul = _pending_ruling(g)
    if h not in rul.destinations:
        raise IllegalAction(f"the unit may not retreat to {fmt(h)}: it may end on "
                            f"{', '.join(fmt(d) for d in rul.destinations)}", R.FLAG)
    g2 = _r(g, turn=_r(g.turn, pending=None))
    if p[0] == "strike":                 # the strike goes on: this hex with the owner's choice, then the rest
        _, what, tg, faces, rest = p
        return _strikes(g2, what, [(tg, faces, h)] + [(x, None, None) for x in rest], ctx)
    if p[0] == "ambush_retreat":         # the ambush goes on with the attacker's owner's choice
        _, tg, a, faces, seat, from_common = p
        return _ambush_fire(g2, a, tg, seat, from_common, faces, h, ctx)
    _, a, tg, faces, _bonus = p
    return _resolve_battle(g2, a, tg, ctx, faces=faces, retreat_to=h)


def _ambush_possible(g: Game, a: Hex, tg: Hex) -> bool:
    st = g.state
    du = st.units[tg]
    tmp = T.as_side(st, du.side, du.uid, tg)
    try:
        combat.check_target(tmp, tg, du, a, explain=False)
    except IllegalAction:
        return False
    return True


def _ambush_rule(g: Game, side: str) -> Rule:
    if g.variant.kind == "overlord":
        return V.OVERLORD_AMBUSH
    return V.ALLIANCE_AMBUSH if g.variant.team(side) else C.TACTIC_CARD


def _do_ambush(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "ambush")
    _, a, tg, seat, inst = g.turn.pending
    st = g.state
    du = st.units[tg]
    hands, common = dict(g.hands), dict(g.common)
    from_common = inst in common.get(du.side, ())
    if from_common:
        common[du.side] = ()
    else:
        h = list(hands[seat])
        h.remove(inst)
        hands[seat] = tuple(h)
    if g.variant.kind == "overlord":        # the chief hands Ambush to the general attacked (Łańcuch dowodzenia)
        fgs = _generals_at(st, du.side, tg)
        ctx.ev("ambush_given", f"The {du.side} chief hands Ambush to the {' or '.join(fgs)} field general, whose "
               f"{du.name} on {fmt(tg)} is attacked in close combat.", V.OVERLORD_AMBUSH, at=tg)
    ctx.ev("ambush", f"Ambush! The {du.name} on {fmt(tg)} battles first.", _ambush_rule(g, du.side), at=tg)
    tmp = T.as_side(st, du.side, du.uid, tg)
    faces = tuple(ctx.roll(combat.check_target(tmp, tg, du, a, explain=False).dice))
    g = _r(g, hands=_fz(hands), common=_fz(common), discard=g.discard + (inst,))
    return _ambush_fire(g, a, tg, seat, from_common, faces, None, ctx)


def _ambush_fire(g: Game, a: Hex, tg: Hex, seat: str, from_common: bool, faces, dest, ctx: _Ctx) -> Game:
    """The ambushing unit on ``tg`` battles the attacker on ``a`` with ``faces``. A flag that leaves
    the attacker more than one retreat hex stops in the ``retreat`` phase for the player who controls
    it (RETIRADA: "El jugador que controla la unidad decide a qué hexágono se retira"); ``dest`` is his
    answer. Then the Ambush is replaced and the attacker's close combat goes on, if it still can."""
    st = g.state
    au, du = st.units[a], st.units[tg]
    tmp = T.as_side(st, du.side, du.uid, tg)
    try:
        new, evs = combat.battle(tmp, fmt(tg), fmt(a), list(faces),
                                 retreat_to=_ask_owner if dest is None else dest)
    except _Choose:
        t = _r(g.turn, pending=("ambush_retreat", tg, a, tuple(faces), seat, from_common))
        ctx.ev("retreat_choice", f"Ambush: rolled {', '.join(faces)}; the {au.side} side chooses where its unit "
               f"on {fmt(a)} retreats.", R.RETREAT_OWNER, at=a)
        return _r(g, turn=t, phase="retreat", player=_owner_seat(g, au.side, a))
    # Its own close combat was never ordered, so it takes no ground: the engine's "may take ground"
    # line is dropped (ACCIONES DE COMBATE: only a unit that was ordered battles and takes ground).
    ctx.events.extend(e for e in evs if e.kind != "may_take_ground")
    # The attacker's turn resumes where it was: an armor whose close combat was an overrun (after it
    # took ground) still has that overrun to make, so its overrun_ready flag is kept.
    new = new.replace(side=st.side, ordered=st.ordered, records=st.records, phase="battle", active=st.active,
                      vacated=None, overrun_ready=st.overrun_ready)
    hands, common = dict(g.hands), dict(g.common)
    card, deck, discard = _draw_one(list(g.deck), list(g.discard), ctx)
    if card is not None:
        if from_common:
            common[du.side] = (card,)
        else:
            hands[seat] = hands[seat] + (card,)
        if g.variant.kind == "overlord":
            ctx.ev("draw", f"The ambush is over: the {du.side} chief draws one card.", V.OVERLORD_AMBUSH)
        else:
            ctx.ev("draw", f"{seat_text(seat, g.variant.kind)} {seat_verb(seat, 'draw', 'draws')} a card to "
                   f"replace the Ambush.",
                   _ambush_rule(g, du.side))
    g = _r(g, state=new, hands=_fz(hands), common=_fz(common), deck=tuple(deck),
           discard=tuple(discard), turn=_r(g.turn, pending=None), phase="act", player=g.turn.seat)
    if g.state.winner is not None:
        return g
    if new.units.get(a) is not None and new.units[a].uid == au.uid:
        return _resolve_battle(g, a, tg, ctx) if tg in new.units and new.units[tg].uid == du.uid else g
    ctx.ev("ambush_cancel", "The attacker was eliminated or retreated: its close combat is canceled.",
           C.TACTIC_CARD)
    if au.uid in new.records:
        records = dict(new.records)
        records[au.uid] = _r(records[au.uid], battles=records[au.uid].battles + 1)
        g = _r(g, state=new.replace(records=records))
    return g


def _do_decline(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "decline")
    _, a, tg, _, _ = g.turn.pending
    g = _r(g, turn=_r(g.turn, pending=None), phase="act", player=g.turn.seat)
    return _resolve_battle(g, a, tg, ctx)


def _do_take(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "take HEX")[0]), what="take")
    if not g.variant.take_ground:
        raise IllegalAction("Young Generals (simpler): no taking ground", V.YG_SIMPLER)
    new, evs = combat.take_ground(g.state, fmt(h))
    if not g.variant.overrun:
        new = new.replace(overrun_ready=False)
    ctx.events.extend(evs)
    return _r(g, state=new)


def _do_wire(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "wire HEX")[0]), what="wire")
    if h in g.state.units and g.state.units[h].uid in g.turn.no_battle:
        raise IllegalAction("this unit may not battle this turn (its general's initiative roll), so it may not remove "
                            "wire", V.OVERLORD_NO_BATTLE)
    uid = g.state.units[h].uid if h in g.state.units else -1
    if _effect_of(g.turn, uid).dig_in or g.turn.special.get(uid) in _NO_BATTLE:
        raise IllegalAction("this unit may not battle under this card, so it may not remove wire", C.TACTIC_CARD)
    new, evs = combat.remove_wire(g.state, fmt(h))
    ctx.events.extend(evs)
    return _r(g, state=new)


def _do_end(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "end")
    return _end_turn(g, ctx)


def _do_air(g: Game, args, ctx: _Ctx) -> Game:
    if not args:
        raise InputError("usage: air HEX [HEX …] (1 to 4 enemy units adjacent to one another)")
    targets = A.check_targets(g.state.units, g.side, [g.state.board.check(_hex(x), what="air target") for x in args])
    return _strikes(g, "air", [(h, None, None) for h in targets], ctx)


def _do_barrage(g: Game, args, ctx: _Ctx) -> Game:
    h = g.state.board.check(_hex(_need(args, 1, "barrage HEX")[0]), what="barrage target")
    u = g.state.units.get(h)
    if u is None or u.side == g.side:
        raise IllegalAction(f"{fmt(h)} holds no enemy unit: Barrage targets 1 enemy unit", C.TACTIC_CARD)
    return _strikes(g, "barrage", [(h, None, None)], ctx)


def _ask_owner(rul):
    """A strike's retreat: the only destination, or the owner's choice (raises _Choose)."""
    if len(rul.destinations) > 1:
        raise _Choose(rul)
    return rul.destinations[0]


def _strikes(g: Game, what: str, todo, ctx: _Ctx) -> Game:
    """Air Power (``what`` "air": each hex of the group in turn) or Barrage ("barrage": one hex).

    ``todo`` lists (target, faces, retreat hex): faces None are rolled now, in order; a retreat
    hex None asks the unit's owner when it may end on more than one hex (memoir44-rules-es.txt,
    RETIRADA: "El jugador que controla la unidad decide a qué hexágono se retira") — the strike
    stops in the ``retreat`` phase and goes on with the next hex once he has chosen.
    """
    st, side = g.state, g.turn.side
    stars = STARS_HIT[what]
    if what == "air":
        n, rule_, label = A.dice_per_hex(side, g.front, g.year), C.AIR_POWER_FACE, "Air Power"
    else:
        n, rule_, label = 4, C.TACTIC_CARD, "Barrage"
    todo = list(todo)
    for k, (h, faces, dest) in enumerate(todo):
        if h not in st.units or st.units[h].side == side:
            ctx.ev("air_gone", f"{fmt(h)} is empty now: nothing to strike.", C.AIR_POWER_FACE, at=h)
            continue
        if faces is None:
            faces = ctx.roll(n)
        try:
            st, evs = A.strike(st, h, faces, side, rule_=rule_, star_hits=stars, what=label,
                               retreat_to=dest if dest is not None else _ask_owner)
        except _Choose:
            owner = st.units[h].side
            ctx.ev("retreat_choice", f"{label} on {fmt(h)}: rolled {', '.join(faces)}; the {owner} side chooses "
                   f"where its unit retreats.", R.RETREAT_OWNER, at=h)
            rest = tuple(x[0] for x in todo[k + 1:])
            t = _r(g.turn, pending=("strike", what, h, tuple(faces), rest))
            return _r(g, state=st, turn=t, phase="retreat", player=_owner_seat(g, owner, h))
        ctx.events.extend(evs)
        if st.winner is not None:
            break
    return _end_turn(_r(g, state=st, player=g.turn.seat), ctx)


# -- the end of a turn: draw -------------------------------------------------------------------


def _draw_one(deck: list, discard: list, ctx: _Ctx):
    if not deck:
        if not discard:
            return None, deck, discard
        deck = list(discard)
        discard = []
        ctx.rng().shuffle(deck)
        ctx.ev("reshuffle", "The deck is empty: the discard pile is shuffled into a new deck.", C.RESHUFFLE)
    return deck[0], deck[1:], discard


def _end_turn(g: Game, ctx: _Ctx) -> Game:
    """Step 5: discard the card played, draw (Recon: two, keep one), grow a short hand, next side."""
    t = g.turn
    if t.stage == "chief" and g.state.winner is None:       # Overlord: the chief's card first, then the generals
        return _overlord_chief_done(g, ctx)
    deck, discard = list(g.deck), list(g.discard) + list(t.cards)
    st = g.state
    if st.winner is not None:
        return _r(g, deck=tuple(deck), discard=tuple(discard), phase="over")
    if t.effect is not None and t.effect.reshuffle:
        deck = deck + discard
        discard = []
        ctx.rng().shuffle(deck)
        ctx.ev("reshuffle", "Their Finest Hour: the discard pile is shuffled back into the deck.", C.TACTIC_CARD)
    if g.variant.kind == "overlord":
        return _overlord_draw(_r(g, deck=tuple(deck), discard=tuple(discard)), ctx)
    if t.effect is not None and t.effect.recon:
        drawn = []
        for _ in range(2):
            c, deck, discard = _draw_one(deck, discard, ctx)
            if c is not None:
                drawn.append(c)
        if len(drawn) == 2:
            ctx.ev("recon", f"Recon: {seat_text(t.seat, g.variant.kind)} {seat_verb(t.seat, 'draw', 'draws')} two "
                   f"cards and {seat_verb(t.seat, 'keep', 'keeps')} one.",
                   V.ALLIANCE_RECON if t.source == "common" else C.RECON_RULE)
            return _r(g, deck=tuple(deck), discard=tuple(discard), phase="recon",
                                       player=t.seat, turn=_r(t, drawn=tuple(drawn)))
        deck = drawn + deck
    c, deck, discard = _draw_one(deck, discard, ctx)
    g = _r(g, deck=tuple(deck), discard=tuple(discard))
    return _receive(g, c, ctx)


def _do_keep(g: Game, args, ctx: _Ctx) -> Game:
    inst = _need(args, 1, "keep CARD")[0]
    t = g.turn
    if inst not in t.drawn:
        raise IllegalAction(f"{inst} is not one of the two cards drawn ({', '.join(t.drawn)})", C.RECON_RULE)
    other_card = [c for c in t.drawn if c != inst]
    g = _r(g, discard=g.discard + tuple(other_card), turn=_r(t, drawn=()))
    ctx.ev("keep", f"{seat_text(t.seat, g.variant.kind)} {seat_verb(t.seat, 'keep', 'keeps')} {C.name(inst)} and "
           f"{seat_verb(t.seat, 'discard', 'discards')} the other card.",
           C.RECON_RULE)
    return _receive(g, inst, ctx)


def _receive(g: Game, card: str | None, ctx: _Ctx) -> Game:
    """The card drawn replaces the one played; a short hand grows by one; then the next side plays."""
    t = g.turn
    hands, common = dict(g.hands), dict(g.common)
    deck, discard = list(g.deck), list(g.discard)
    who = seat_text(t.seat, g.variant.kind)
    if card is not None:
        if t.source == "common" and g.variant.team(t.side):
            common[t.side] = (card,)
        else:
            hands[t.seat] = hands[t.seat] + (card,)
        ctx.ev("draw", f"{who} {seat_verb(t.seat, 'draw', 'draws')} a command card.", V.ALLIANCE_ACTIVE if g.variant.team(t.side) else C.DRAW)
    if g.grow.get(t.side):
        target = g.member_target[t.seat]
        if len(hands[t.seat]) < target:
            c, deck, discard = _draw_one(deck, discard, ctx)
            if c is not None:
                hands[t.seat] = hands[t.seat] + (c,)
                ctx.ev("grow", f"{who} {seat_verb(t.seat, 'draw', 'draws')} an extra card ({len(hands[t.seat])} of "
                       f"{target}): the scenario "
                       f"lets this side's hand grow.", V.ALLIANCE_SHORT_HAND if g.variant.team(t.side) else C.DEAL)
    rotation = dict(g.rotation)
    rotation[t.side] = rotation[t.side] + 1
    st = g.state.replace(side=other(t.side), ordered=frozenset(), records={}, phase="move", active=None,
                         vacated=None, overrun_ready=False)
    g = _r(g, state=st, hands=_fz(hands), common=_fz(common), deck=tuple(deck),
                            discard=tuple(discard), rotation=_fz(rotation))
    return _begin_turn(g, other(t.side))


# ---------------------------------------------------------------------------------------------
# Overlord: the commander-in-chief hands out cards; field generals play them or take initiative


def _regions(st: GameState, side: str) -> dict:
    """Each field general's double section (x-intervals), as ``side`` sees the board: for the side
    at the top edge a field general's left is the board's right."""
    sub = V.OVERLORD_SUBSECTIONS
    if T.viewer(st, side) == "top":
        return {"left": sub["right"], "center": sub["center"], "right": sub["left"]}
    return {fg: sub[fg] for fg in V.FIELD_GENERALS}


def general_units(g: Game, fg: str, side: str | None = None) -> list[Hex]:
    """Overlord: the hexes of the units in field general ``fg``'s command (of ``side``, default
    the side to play), in board order (a hex on the line between two commands belongs to both)."""
    st = g.state
    side = side or g.side
    region = _regions(st, side)[fg]
    return [h for h in T.board_order(st) if st.units[h].side == side and T.in_region(h, region)]


def _generals_at(st: GameState, side: str, h: Hex) -> tuple[str, ...]:
    return tuple(fg for fg, r in _regions(st, side).items() if T.in_region(h, r))


def _mirror(key: str) -> str:
    """A section card seen from across the table, left and right swapped (Counter-Attack acts in
    the same part of the battlefield)."""
    if C.CARDS[key].section:
        for a, b in (("_left", "_right"), ("_right", "_left")):
            if key.endswith(a):
                return key[: -len(a)] + b
    return key


def _card_generals(key: str) -> tuple[str, ...]:
    """Who may receive card ``key``: a section card's own field general(s), as its arrows show; a
    tactic card whoever its icon names (``variants.overlord_players``)."""
    c = C.CARDS[key]
    if c.section:
        return tuple(s for s, _ in c.orders)
    return V.overlord_players(key)


def _counterable(g: Game) -> tuple[str, ...]:
    """The cards the opponent played on his previous turn (as played: a copy counts as the card
    copied), which Counter-Attack may copy."""
    return tuple(dict.fromkeys(k for k, _ in g.last.get(other(g.side), ())))


def _gift_options(g: Game, inst: str) -> list[tuple[str, str | None]]:
    """(who, card copied) pairs the chief may hand ``inst`` to, card limits aside."""
    key = C.card(inst).key
    if key == "ambush":            # played on the opponent's turn only (Overlord na froncie wschodnim)
        return []
    if key == "counter_attack":    # the copy goes to whoever may play the card copied, flanks swapped
        return [(who, k) for k in _counterable(g) for who in _card_generals(_mirror(k))]
    return [(who, None) for who in _card_generals(key)]


def _overlord_legal(g: Game) -> list[str]:
    t = g.turn
    given = t.given
    hand = g.hands[g.player]
    out = []
    if len(given) < 3 and len(given) < len(hand) - 1:
        per: dict = {}
        for c, who in given.items():
            per.setdefault(who, []).append(c)
        for c in hand:
            if c in given:
                continue
            tactic = C.card(c).tactic
            for who, copy in _gift_options(g, c):
                mine = per.get(who, [])
                if mine and (tactic or who == "chief" or len(mine) >= 2 or any(C.card(x).tactic for x in mine)):
                    continue
                out.append(f"give {c} {who}" + (f" {copy}" if copy else ""))
    if given or not out:           # he picks 1, 2 or 3 cards; none only when no card may go
        out.append("dispatch")
    return out


def _do_give(g: Game, args, ctx: _Ctx) -> Game:
    if len(args) not in (2, 3):
        raise InputError("usage: give CARD left|center|right|chief [CARD COPIED, for Counter-Attack]")
    inst, who = args[0], args[1]
    if who not in (*V.FIELD_GENERALS, "chief"):
        raise InputError(f"give: \"{who}\" is not a field general: allowed are left, center, right, chief")
    card = C.card(inst)
    copy = C.card(args[2]).key if len(args) == 3 else None
    if f"give {inst} {who}" + (f" {copy}" if copy else "") not in _overlord_legal(g):
        _refuse_give(g, inst, who, copy)
    t = g.turn
    given, copies = dict(t.given), dict(t.copies)
    given[inst] = who
    note = ""
    if copy is not None:
        copies[inst] = copy
        mirrored = _mirror(copy)
        note = (f", a copy of the opponent's {C.CARDS[copy].name}"
                + (f" (flanks swapped: {C.CARDS[mirrored].name})" if mirrored != copy else ""))
    ctx.ev("give", f"The {g.side} chief hands {card.name}{note} to the {who} field general." if who != "chief"
           else f"The {g.side} chief keeps {card.name}{note} to play himself.",
           V.OVERLORD_COUNTER if copy else V.OVERLORD_CHIEF)
    return _r(g, turn=_r(t, given=_fz(given), copies=_fz(copies)))


def _refuse_give(g: Game, inst: str, who: str, copy: str | None):
    """Raise the IllegalAction (or InputError) that says why ``give inst who [copy]`` is refused."""
    t = g.turn
    hand = g.hands[g.player]
    card = C.card(inst)
    name = card.name
    if inst not in hand:
        raise IllegalAction(f"the commander-in-chief holds no card {inst}", V.OVERLORD_CHIEF)
    if inst in t.given:
        raise IllegalAction(f"{name} is handed out already this turn", V.OVERLORD_CHIEF)
    if len(t.given) >= 3:
        raise IllegalAction("the chief hands out at most 3 cards a turn", V.OVERLORD_CHIEF)
    if len(t.given) >= len(hand) - 1:
        raise IllegalAction("the chief must keep at least one card", V.OVERLORD_KEEP_ONE)
    if card.key == "ambush":
        raise IllegalAction("Ambush is not played on your own turn: the chief hands it to a field general when the "
                            "opponent attacks him in close combat", V.OVERLORD_AMBUSH_OWN_TURN)
    if card.key == "counter_attack":
        can = _counterable(g)
        if not can:
            raise IllegalAction("Counter-Attack copies a card the opponent played on his previous turn, and he "
                                "played none", V.OVERLORD_COUNTER)
        if copy is None:
            raise InputError(f"Counter-Attack names the card it copies: give {inst} GENERAL CARD (the opponent "
                             f"played {', '.join(can)})")
        if copy not in can:
            raise IllegalAction(f"the opponent did not play {C.CARDS[copy].name} on his previous turn (he played "
                                f"{', '.join(C.CARDS[k].name for k in can)})", V.OVERLORD_COUNTER)
        key = _mirror(copy)
    elif copy is not None:
        raise InputError("only Counter-Attack names a card it copies: give CARD left|center|right|chief")
    else:
        key = card.key
    allowed = _card_generals(key)
    if who not in allowed:
        what = name if key == card.key else f"The copy of {C.CARDS[copy].name} ({C.CARDS[key].name})"
        if C.CARDS[key].section:
            raise IllegalAction(f"{what} goes only to the {' or '.join(allowed)} field general",
                                V.OVERLORD_SECTION_CARDS)
        if who == "chief":
            raise IllegalAction(f"{what} must be handed to a field general, never kept by the chief himself (its "
                                f"icon: three arrows around a '?')", V.OVERLORD_GENERAL_ICON)
        raise IllegalAction(f"{what} is played by the chief himself, never by a field general (its icon: the "
                            f"chief's silhouette)", V.OVERLORD_CHIEF_ICON)
    mine = [c for c, w in t.given.items() if w == who]
    if who == "chief" and mine:
        raise IllegalAction(f"the chief already plays {C.name(mine[0])} himself: one card a turn",
                            V.OVERLORD_CHIEF_TACTIC)
    if card.tactic or any(C.card(c).tactic for c in mine):
        raise IllegalAction(f"the {who} field general already receives {C.name(mine[0])}: a tactic card goes alone",
                            V.OVERLORD_TACTIC_ALONE)
    raise IllegalAction(f"the {who} field general already receives 2 section cards", V.OVERLORD_TWO_SECTION_CARDS)


def _do_dispatch(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "dispatch")
    t = g.turn
    if "dispatch" not in _overlord_legal(g):      # "wybiera 1, 2 lub 3 karty" (TURA GRY, step 1)
        raise IllegalAction("the commander-in-chief hands out 1, 2 or 3 cards a turn: give at least one "
                            "before the field generals act", V.OVERLORD_CHIEF)
    side = t.side
    chief = g.variant.seats(side)[0]
    hand = list(g.hands[chief])
    for c in t.given:
        hand.remove(c)
    hands = dict(g.hands)
    hands[chief] = tuple(hand)
    ctx.ev("chain", "Chain of command: the chief may talk with one field general only this turn.", V.OVERLORD_CHAIN)
    last = dict(g.last)        # what Counter-Attack may copy next turn: each card as played
    last[side] = tuple((_mirror(t.copies[c]) if c in t.copies else C.card(c).key, who) for c, who in t.given.items())
    g = _r(g, hands=_fz(hands), last=_fz(last), turns=g.turns + 1, turn=_r(t, cards=tuple(t.given)))
    mine = [c for c, who in t.given.items() if who == "chief"]
    if mine:
        return _overlord_chief(g, mine[0], ctx)
    return _overlord_generals(g, ctx)


def _overlord_chief(g: Game, inst: str, ctx: _Ctx) -> Game:
    """The tactic card the chief plays himself (its icon allows it: Air Power, Barrage, Their Finest
    Hour, or a Counter-Attack copying one of them), resolved first through the usual phases (air,
    barrage, order, act …); ``_end_turn`` then hands over to the field generals."""
    t = g.turn
    key = C.card(inst).key
    eff_key = _eff_key(t, inst, "chief")
    ctx.ev("chief_play", f"The {t.side} chief plays {C.name(inst)} himself"
           + (f", a copy of the opponent's {C.CARDS[eff_key].name}" if eff_key != key else "")
           + ": it is resolved before the field generals act.", V.OVERLORD_CHIEF_FIRST)
    if eff_key == "their_finest_hour":
        ctx.ev("chief_hand", f"{C.CARDS[eff_key].name} rolls 1 die per card of the hand, this one included: the "
               f"side's hand is the chief's ({len(g.hands[g.player])} kept + this one).", V.OVERLORD_DEAL)
    g = _r(g, turn=_r(t, stage="chief"))
    eff = T.effect(eff_key, g.state, t.side)
    return _after_play(_r(g, turn=_r(g.turn, effect=eff)), ctx)


def _overlord_chief_done(g: Game, ctx: _Ctx) -> Game:
    """The chief's own card is resolved: discard it (Their Finest Hour: shuffle the discard pile
    back into the deck), then the field generals act."""
    t = g.turn
    mine = tuple(c for c, who in t.given.items() if who == "chief")
    deck, discard = list(g.deck), list(g.discard) + list(mine)
    if t.effect is not None and t.effect.reshuffle:
        deck = deck + discard
        discard = []
        ctx.rng().shuffle(deck)
        ctx.ev("reshuffle", "Their Finest Hour: the discard pile is shuffled back into the deck.", C.TACTIC_CARD)
    turn = _r(t, cards=tuple(c for c in t.cards if c not in mine), spent=t.spent | g.state.ordered)
    return _overlord_generals(_r(g, deck=tuple(deck), discard=tuple(discard), turn=turn), ctx)


def _eff_key(t: Turn, inst: str, who: str) -> str:
    """The card whose effect ``inst`` has in ``who``'s hands: itself, or the card a Counter-Attack
    copies (flanks swapped for a field general's copy of a section card)."""
    copy = t.copies.get(inst)
    if copy is None:
        return C.card(inst).key
    return copy if who == "chief" else _mirror(copy)


def _needs_place(g: Game, inst: str, who: str) -> bool:
    """Whether field general ``who`` lays ``inst`` on one of his two sections: a section card
    (OVERLORD_PINCER, OVERLORD_ONE_PER_SECTION) and Infantry Assault (its 1 section). The chief's
    own cards (Air Power, Barrage, Their Finest Hour) name no section."""
    if who == "chief":
        return False
    key = _eff_key(g.turn, inst, who)
    if C.CARDS[key].section:
        return True
    return key == "infantry_assault" and T.has_kind(g.state, g.turn.side, T.INFANTRY)


def _placing(g: Game):
    """(card, field general, sections) for the next card to be laid on a section, or None: the
    field generals' cards in order (a general's second section card on the section his first left
    free); none while the chief's own card is resolved."""
    t = g.turn
    if t.stage == "chief":
        return None
    for fg in V.FIELD_GENERALS:
        mine = [c for c, w in t.given.items() if w == fg]
        taken = {t.placed[c] for c in mine if c in t.placed}
        for c in mine:
            if c not in t.placed and _needs_place(g, c, fg):
                return c, fg, tuple(s for s in V.overlord_sections(fg) if s not in taken)
    return None


def _section_bounds(st: GameState, side: str) -> dict:
    return V.overlord_section_bounds(T.viewer(st, side))


def _legal_place(g: Game) -> list[str]:
    inst, _, secs = _placing(g)
    return [f"place {inst} {s}" for s in secs]


def _do_place(g: Game, args, ctx: _Ctx) -> Game:
    inst, sec = _need(args, 2, "place CARD SECTION")
    C.card(inst)
    if sec not in V.OVERLORD_SECTIONS:
        raise InputError(f"place: \"{sec}\" is not a section: allowed are {', '.join(V.OVERLORD_SECTIONS)}")
    card, who, secs = _placing(g)
    if inst != card:
        mine = [c for c, w in g.turn.given.items() if w == who]
        if inst in mine:
            raise IllegalAction(f"the {who} field general says where {C.name(card)} goes; {C.name(inst)} takes his "
                                f"other section", V.OVERLORD_ONE_PER_SECTION)
        raise IllegalAction(f"the {who} field general plays {C.name(card)} now, not {inst}", V.OVERLORD_PLACE)
    if sec not in secs:
        if sec in V.overlord_sections(who):
            raise IllegalAction(f"his other section card lies on {sec} already: one card in each of his two "
                                f"sections", V.OVERLORD_ONE_PER_SECTION)
        raise IllegalAction(f"{sec} is not one of the {who} field general's sections ({' or '.join(secs)})",
                            V.OVERLORD_PLACE)
    g = _place(g, inst, who, sec, ctx)
    return _overlord_next(g, ctx)


def _place(g: Game, inst: str, who: str, sec: str, ctx: _Ctx, *, auto: bool = False) -> Game:
    t = g.turn
    placed = dict(t.placed)
    placed[inst] = sec
    g = _r(g, turn=_r(t, placed=_fz(placed)))
    ctx.ev("fg_play", f"The {who} field general plays {_card_words(t, inst, who)} on his {sec} section"
           + (" (his other card lies on the other one)" if auto else "") + ": "
           + "; ".join(s.describe() for s in _card_slots(g, inst, who)) + ".",
           V.OVERLORD_ONE_PER_SECTION if auto else V.OVERLORD_COUNTER if inst in t.copies
           else V.OVERLORD_PINCER if _eff_key(t, inst, who) == "pincer_move" else V.OVERLORD_PLACE)
    return g


def _card_words(t: Turn, inst: str, fg: str) -> str:
    copy = t.copies.get(inst)
    if copy is None:
        return C.name(inst)
    key = _eff_key(t, inst, fg)
    return (f"{C.name(inst)} (a copy of the opponent's {C.CARDS[copy].name}"
            + (f", flanks swapped: {C.CARDS[key].name}" if key != copy else "") + ")")


def _card_slots(g: Game, inst: str, fg: str) -> tuple:
    """The order slots of card ``inst`` in field general ``fg``'s hands: a section card's arrow
    toward him, on the one section he laid it on (OVERLORD_PINCER; its number, or 'A' for all:
    OVERLORD_ARROWS); Infantry Assault, all infantry of the section he laid it on; another
    tactic card across his two sections (OVERLORD_ON_THE_LINE)."""
    t, st = g.turn, g.state
    key = _eff_key(t, inst, fg)
    card = C.CARDS[key]
    where = t.placed.get(inst)
    region = (_section_bounds(st, t.side)[where],) if where else _regions(st, t.side)[fg]
    label = f"{C.name(inst)}, {where}" if where else C.name(inst)
    if card.section:
        return tuple(T.Slot(None if n == C.ALL else n, region=region, label=label) for s, n in card.orders if s == fg)
    return tuple(_r(s, region=region, label=label) for s in _general_effect(g, key, region).slots)


def _general_effect(g: Game, key: str, region) -> T.Effect:
    """Tactic card ``key`` in the hands of the field general whose units stand in ``region``.

    "If you command no unit of that kind, order 1 unit of your choice" (a plain order: see
    ``turn.effect``): a field general commands only the units in his own sections
    (memoir44-overlord-rules-pl.txt, Drużyny), so the card looks there, not at the whole side."""
    st = g.state
    commanded = st.replace(units={h: u for h, u in st.units.items() if T.in_region(h, region)})
    return T.effect(key, commanded, g.turn.side)


def card_slots(g: Game, inst: str, who: str, section: str | None = None) -> tuple:
    """Overlord: the order slots card ``inst`` would open for field general ``who`` laid on
    ``section`` (for lessons and the opponent weighing where to lay a card)."""
    t = g.turn
    if section is not None:
        g = _r(g, turn=_r(t, placed=_fz({**t.placed, inst: section})))
    return _card_slots(g, inst, who)


def _overlord_generals(g: Game, ctx: _Ctx) -> Game:
    """The field generals' part of the turn: each lays his cards on his sections (phase
    ``place``), each without a card decides whether to roll for initiative (phase
    ``initiative``), then they order their units."""
    t = g.turn
    st = g.state.replace(ordered=frozenset(), records={}, phase="move", active=None, vacated=None,
                         overrun_ready=False)
    g = _r(g, state=st, turn=_r(t, stage="", effect=None, ordered=(), special=_EMPTY, pending=None, setbacks=()))
    t = g.turn
    gifts = {c: who for c, who in t.given.items() if who != "chief"}
    for c, fg in gifts.items():
        if not _needs_place(g, c, fg):              # a tactic card: laid on the line between his sections
            ctx.ev("fg_play", f"The {fg} field general plays {_card_words(t, c, fg)} across his two sections: "
                   + ("; ".join(s.describe() for s in _card_slots(g, c, fg)) or "no order") + ".",
                   V.OVERLORD_COUNTER if c in t.copies else V.OVERLORD_ON_THE_LINE)
    with_card = set(gifts.values())
    waiting = tuple(fg for fg in V.FIELD_GENERALS if fg not in with_card)
    return _overlord_next(_r(g, turn=_r(t, waiting=waiting, rolls=_EMPTY)), ctx)


def _overlord_next(g: Game, ctx: _Ctx) -> Game:
    """The next choice of the field generals' part of the turn, or their orders."""
    side = g.turn.side
    while True:
        nxt = _placing(g)
        if nxt is None:
            break
        inst, fg, secs = nxt
        if len(secs) > 1:
            return _r(g, phase="place", player=f"{side}.{fg}")
        g = _place(g, inst, fg, secs[0], ctx, auto=True)
    while g.turn.waiting:
        fg = g.turn.waiting[0]
        if general_units(g, fg, side):
            return _r(g, phase="initiative", player=f"{side}.{fg}")
        ctx.ev("initiative_none", f"The {fg} field general has no card and commands no unit: he has nothing to act "
               f"with.", V.OVERLORD_INITIATIVE_NONE)
        g = _r(g, turn=_r(g.turn, waiting=g.turn.waiting[1:]))
    return _overlord_orders(g, ctx)


def _legal_initiative(g: Game) -> list[str]:
    return ["roll", "pass"]


def _do_roll(g: Game, args, ctx: _Ctx) -> Game:
    """A field general without a card acts on his own initiative: one die (TEST INICJATYWY WŁASNEJ)."""
    _need(args, 0, "roll")
    t = g.turn
    side, fg = t.side, t.waiting[0]
    face = ctx.roll(1)[0]
    ctx.ev("initiative", f"The {fg} field general has no card and rolls for initiative: {face} — "
           f"{V.INITIATIVE[face]}.", V.OVERLORD_INITIATIVE, data=(("general", fg), ("face", face)))
    st = g.state
    mine = general_units(g, fg, side)
    rolls, setbacks = dict(t.rolls), t.setbacks
    if face in ("infantry", "armor", "star"):
        if face != "star" and not any(st.units[h].kind == face for h in mine):
            ctx.ev("initiative_none", "No unit matches: nothing happens.", V.OVERLORD_INITIATIVE_NONE)
        else:
            rolls[fg] = face
    elif mine:
        setbacks = setbacks + ((fg, face),)
    else:
        ctx.ev("initiative_none", "He commands no unit: nothing happens.", V.OVERLORD_INITIATIVE_NONE)
    g = _r(g, turn=_r(t, waiting=t.waiting[1:], rolls=_fz(rolls), setbacks=setbacks), player=t.seat)
    return _overlord_setbacks(g, ctx)


def _do_pass(g: Game, args, ctx: _Ctx) -> Game:
    _need(args, 0, "pass")
    t = g.turn
    ctx.ev("initiative_pass", f"The {t.waiting[0]} field general has no card and does not act on his own "
           f"initiative: no roll.", V.OVERLORD_MAY_ACT)
    return _overlord_next(_r(g, turn=_r(t, waiting=t.waiting[1:]), player=t.seat), ctx)


def _setback_rule(face: str) -> Rule:
    return V.OVERLORD_INITIATIVE_FLAG if face == "flag" else V.OVERLORD_INITIATIVE_LOSS


def _one_hex_back(st: GameState, h: Hex) -> list[Hex]:
    """Where the unit on ``h`` may retreat 1 hex (none if it cannot)."""
    from tutor.memoir import retreat as RT
    rul = RT.ruling(st, h, 1, 0)
    if rul.losses:
        return []
    return list(dict.fromkeys(p[1] for p in rul.paths if len(p) == 2))


def _legal_setback(g: Game) -> list[str]:
    """Flag: ``setback UNIT HEX`` for each unit of the general's and each hex it may retreat 1 hex
    to; if none can retreat, ``setback UNIT`` (it loses a figure). Grenade: ``setback UNIT``."""
    fg, face = g.turn.setbacks[0]
    st = g.state
    mine = general_units(g, fg, g.turn.side)
    if face == "flag":
        out = [f"setback {fmt(h)} {fmt(d)}" for h in mine for d in _one_hex_back(st, h)]
        if out:
            return out
    return [f"setback {fmt(h)}" for h in mine]


def _overlord_setbacks(g: Game, ctx: _Ctx) -> Game:
    """A field general whose initiative roll was a flag or a grenade picks the unit it strikes
    (phase ``setback``); with a single choice it is resolved at once. Then the next general."""
    while g.turn.setbacks:
        fg, face = g.turn.setbacks[0]
        acts = _legal_setback(g)
        rule = _setback_rule(face)
        if not acts:
            ctx.ev("initiative_none", f"The {fg} field general has no unit left: nothing happens.",
                   V.OVERLORD_INITIATIVE_NONE)
            g = _r(g, turn=_r(g.turn, setbacks=g.turn.setbacks[1:]))
            continue
        what = ("retreats 1 hex" if face == "flag" and len(acts[0].split()) == 3 else "loses 1 figure")
        if len(acts) > 1:
            ctx.ev("initiative_choice", f"The {fg} field general picks which of his units {what} "
                   f"({len(acts)} choices); it may not battle this turn.", rule)
            return _r(g, phase="setback", player=f"{g.turn.side}.{fg}")
        ctx.ev("initiative_auto", f"The {fg} field general has a single choice ({action_text(g, acts[0])}): "
               f"resolved at once.", rule)
        g = _setback(g, [parse_hex(x) for x in acts[0].split()[1:]], ctx)
        if g.state.winner is not None:
            return _end_turn(g, ctx)
    return _overlord_next(g, ctx)


def _rules_of(eff: T.Effect) -> T.Effect:
    """What an effect lets an ordered unit do, without which card it is or whom it orders (a
    Medics & Mechanics order, whose unit rolls for lost figures, stays apart: ``special``)."""
    return _r(eff, key="", slots=(), auto=False, recon=False, note="")


def _overlord_orders(g: Game, ctx: _Ctx) -> Game:
    """The field generals order their units, each unit under its own general's card (its Play):
    generals whose cards give the same unit rules share one Play, their slots pooled."""
    t = g.turn
    st, side = g.state, t.side
    gifts = {c: who for c, who in t.given.items() if who != "chief"}
    regions = _regions(st, side)
    plays: list = []
    for fg in V.FIELD_GENERALS:
        cards = [c for c, w in gifts.items() if w == fg]
        if cards:
            slots = tuple(s for c in cards for s in _card_slots(g, c, fg))
            keys = [_eff_key(t, c, fg) for c in cards]
            tactic = next((k for k in keys if C.CARDS[k].tactic), None)
            if tactic:
                where = t.placed.get(cards[0])
                region = (_section_bounds(st, side)[where],) if where else regions[fg]
                eff = _r(_general_effect(g, tactic, region), slots=slots)
            else:
                eff = T.Effect(keys[0], slots)
            label = f"the {fg} general's {' and '.join(C.name(c) for c in cards)}"
        elif fg in t.rolls:
            face = t.rolls[fg]
            kinds = None if face == "star" else frozenset({face})
            eff = T.Effect("initiative", (T.Slot(1, kinds=kinds, region=regions[fg], label=f"{fg} initiative"),))
            label = f"the {fg} general's initiative"
        else:
            continue
        rules = _rules_of(eff)
        for i, p in enumerate(plays):
            if _rules_of(p.effect) == rules:
                plays[i] = Play(p.who + (fg,), _r(p.effect, slots=p.effect.slots + eff.slots), f"{p.label}; {label}")
                break
        else:
            plays.append(Play((fg,), eff, label))
    everything = T.Effect("overlord", tuple(s for p in plays for s in p.effect.slots))
    turn = _r(t, cards=tuple(gifts), effect=everything, plays=tuple(plays), given=_EMPTY, copies=_EMPTY,
              placed=_EMPTY, rolls=_EMPTY, ordered=(), assigned=(), unit_effects=_EMPTY, special=_EMPTY,
              pending=None)
    g = _r(g, turn=turn, player=t.seat)
    if not plays or not _orderable(g):
        ctx.ev("no_units", "No unit can receive an order: the turn ends.", C.NO_UNITS)
        return _end_turn(g, ctx)
    return _r(g, phase="order")


def _do_setback(g: Game, args, ctx: _Ctx) -> Game:
    if len(args) not in (1, 2):
        raise InputError("usage: setback UNIT [RETREAT HEX]")
    hexes = [g.state.board.check(_hex(x), what="setback hex") for x in args]
    if "setback " + " ".join(fmt(h) for h in hexes) not in _legal_setback(g):
        _refuse_setback(g, hexes)
    g = _setback(g, hexes, ctx)
    if g.state.winner is not None:
        return _end_turn(g, ctx)
    return _overlord_setbacks(_r(g, player=g.turn.seat), ctx)


def _refuse_setback(g: Game, hexes):
    fg, face = g.turn.setbacks[0]
    st, side = g.state, g.turn.side
    rule = _setback_rule(face)
    h = hexes[0]
    u = st.units.get(h)
    if u is None:
        raise InputError(f"There is no unit on {fmt(h)} for the initiative roll to strike.")
    if u.side != side or fg not in _generals_at(st, side, h):
        raise IllegalAction(f"the unit on {fmt(h)} is not one of the {fg} field general's units", rule)
    if face == "grenade":
        raise IllegalAction("a grenade: the unit loses 1 figure where it stands — name only the unit", rule)
    back = _one_hex_back(st, h)
    anyone = any(_one_hex_back(st, x) for x in general_units(g, fg, side))
    if not anyone:
        raise IllegalAction("none of his units can retreat 1 hex, so one loses 1 figure — name only the unit", rule)
    if not back:
        raise IllegalAction(f"the {u.name} on {fmt(h)} cannot retreat 1 hex, and another of his units can: that "
                            f"one retreats", rule)
    raise IllegalAction(f"the {u.name} on {fmt(h)} retreats 1 hex to {' or '.join(fmt(d) for d in back)}"
                        + (f", not {fmt(hexes[1])}" if len(hexes) == 2 else ": name the hex"), rule)


def _setback(g: Game, hexes, ctx: _Ctx) -> Game:
    """The chosen unit retreats 1 hex (``hexes`` = unit, destination) or loses 1 figure; either way
    it may not battle this turn (TEST INICJATYWY WŁASNEJ)."""
    t = g.turn
    fg, face = t.setbacks[0]
    st, side = g.state, t.side
    h = hexes[0]
    u = st.units[h]
    units, obstacles, kills = dict(st.units), dict(st.obstacles), dict(st.kills)
    events: list = []
    entered = []
    figures, dest = u.figures, None
    if len(hexes) == 2:
        dest = hexes[1]
        entered.append((dest, side))
        events.append(Event("initiative_retreat", f"The {fg} field general's {u.name} on {fmt(h)} retreats 1 hex to "
                            f"{fmt(dest)}; it may not battle this turn.", V.OVERLORD_INITIATIVE_FLAG, at=h, to=dest))
    else:
        lead = "None of his units can retreat 1 hex, so the" if face == "flag" else "The"
        figures -= 1
        events.append(Event("initiative_loss", f"{lead} {fg} field general's {u.name} on {fmt(h)} loses "
                            + ("its last figure." if figures == 0 else "1 figure; it may not battle this turn."),
                            _setback_rule(face), at=h))
    S.strike_unit(units, obstacles, kills, h, u, figures, events, medal_to=other(side), to=dest)
    new = S.with_objectives(st.replace(units=units, obstacles=obstacles, kills=kills), entered, events)
    S.victory_event(st, new, events)
    ctx.events.extend(events)
    return _r(g, state=new, turn=_r(t, setbacks=t.setbacks[1:], no_battle=t.no_battle | {u.uid}))


def _overlord_draw(g: Game, ctx: _Ctx) -> Game:
    t = g.turn
    chief = g.variant.seats(t.side)[0]
    hands = dict(g.hands)
    deck, discard = list(g.deck), list(g.discard)
    limit = g.member_target[chief]
    # A Recon played this turn: the Overlord deck's own Recon reads "At the end of this turn, your
    # Commander-in-Chief draws 3 cards, not 2, and keeps them all, up to his maximum hand size"
    # (bga-devs/bga-memoir, modules/php/Cards/Overlord/Recon.php; conflicts entry m44.overlord.recon).
    # Two Recons in one turn still make it 3 ("not 2"), a reading of this project.
    recon = [c for c in t.cards if C.card(c).key.startswith("recon_") and C.card(c).key != "recon_in_force"]
    wanted = 3 if recon else 2
    drawn = 0
    for _ in range(wanted):
        if len(hands[chief]) >= limit:
            break
        c, deck, discard = _draw_one(deck, discard, ctx)
        if c is None:
            break
        hands[chief] = hands[chief] + (c,)
        drawn += 1
    if recon:
        ctx.ev("recon_overlord", f"{C.name(recon[0])} was played: the chief draws 3 cards, not 2, and keeps them "
               f"all (the Overlord deck's Recon card).", V.OVERLORD_DRAW)
    ctx.ev("draw", f"The {t.side} chief draws {drawn} card{'s' if drawn != 1 else ''} ({wanted}, never above "
           f"{limit}).", V.OVERLORD_DRAW if drawn == wanted else V.OVERLORD_HAND_LIMIT)
    st = g.state.replace(side=other(t.side), ordered=frozenset(), records={}, phase="move", active=None,
                         vacated=None, overrun_ready=False)
    g = _r(g, state=st, hands=_fz(hands), deck=tuple(deck), discard=tuple(discard))
    return _begin_turn(g, other(t.side))


# ---------------------------------------------------------------------------------------------

_HANDLERS = {"play": _do_play, "order": _do_order, "done": _do_done, "move": _do_move, "battle": _do_battle,
             "take": _do_take, "wire": _do_wire, "end": _do_end, "retreat": _do_retreat, "ambush": _do_ambush,
             "decline": _do_decline, "keep": _do_keep, "air": _do_air, "barrage": _do_barrage, "give": _do_give,
             "dispatch": _do_dispatch, "setback": _do_setback, "place": _do_place, "roll": _do_roll,
             "pass": _do_pass}
_HEX_ARGS = ("order", "move", "battle", "take", "wire", "retreat", "air", "barrage", "setback")
_PHASES = {"play": ("play",), "order": ("order",), "done": ("order",), "move": ("act",), "battle": ("act",),
           "take": ("act",), "wire": ("act",), "end": ("act",), "retreat": ("retreat",), "ambush": ("ambush",),
           "decline": ("ambush",), "keep": ("recon",), "air": ("air",), "barrage": ("barrage",),
           "give": ("dispatch",), "dispatch": ("dispatch",), "setback": ("setback",), "place": ("place",),
           "roll": ("initiative",), "pass": ("initiative",)}
_PHASE_RULE = {"play": C.PLAY_CARD, "order": C.ONLY_ORDERED, "act": C.BATTLE_STEP, "recon": C.RECON_RULE,
               "air": C.AIR_POWER_FACE, "dispatch": V.OVERLORD_CHIEF, "retreat": R.FLAG,
               "setback": V.OVERLORD_INITIATIVE, "place": V.OVERLORD_PLACE, "initiative": V.OVERLORD_MAY_ACT}
_ACTION_RULE = {"play": C.PLAY_CARD, "order": R.ORDERS, "done": C.ORDERS_LOST, "move": C.MOVE_STEP,
                "battle": C.BATTLE_STEP, "take": R.TAKE_GROUND, "wire": R.WIRE_REMOVE, "end": C.DRAW,
                "retreat": R.FLAG, "keep": C.RECON_RULE, "air": C.AIR_POWER_FACE, "give": V.OVERLORD_CHIEF,
                "dispatch": V.OVERLORD_CHIEF, "setback": V.OVERLORD_INITIATIVE, "place": V.OVERLORD_PLACE,
                "roll": V.OVERLORD_INITIATIVE, "pass": V.OVERLORD_MAY_ACT}


def set_hand(g: Game, seat: str, cards) -> Game:
    """The game with ``seat`` holding exactly ``cards`` (swapped with the deck; cards are conserved).

    For lessons and tests: "suppose you hold Air Power". Each card is a key (the first free copy
    in the deck is taken) or an instance; the seat's old cards go back on top of the deck.
    """
    deck = list(g.deck) + list(g.hands[seat])
    hands = dict(g.hands)
    out = []
    for c in cards:
        inst = c if "#" in c else next((x for x in deck if x.split("#")[0] == c), None)
        if inst is None or inst not in deck:     # held by another seat: swap it for a deck card
            inst = c if "#" in c else next((x for s, h in hands.items() if s != seat for x in h
                                            if x.split("#")[0] == c), None)
            owner = next((s for s, h in hands.items() if s != seat and inst in h), None)
            if owner is None or not deck:
                raise InputError(f"set_hand: no free card {c!r}")
            swap = deck.pop()
            hands[owner] = tuple(swap if x == inst else x for x in hands[owner])
            deck.append(inst)
        deck.remove(inst)
        out.append(inst)
    hands[seat] = tuple(out)
    return _r(g, hands=_fz(hands), deck=tuple(deck))


# ---------------------------------------------------------------------------------------------
# Cards conservation, activation tokens, events


def all_cards(g: Game) -> list[str]:
    """Every card instance, wherever it is (deck, discard, hands, common, in play, drawn)."""
    out = list(g.deck) + list(g.discard)
    for h in g.hands.values():
        out += h
    for c in g.common.values():
        out += c
    if g.turn is not None:           # the card in play, unless it is back in the deck (a reshuffle) or drawn again
        out += [c for c in g.turn.cards if c not in g.discard and c not in g.deck and c not in g.turn.drawn]
        out += list(g.turn.drawn)
    return out


def activation_tokens(g: Game) -> dict:
    """Display aid (FICHAS DE ACTIVACIÓN): hex -> "move" | "battle" for each ordered unit still able to act."""
    out = {}
    if g.phase != "act":
        return out
    for h in _ordered_hexes(g):
        if move_options(g, h):
            out[h] = "move"
        elif battle_options(g, h):
            out[h] = "battle"
    return out


def events(g: Game, since: int = 0) -> list[dict]:
    """The log as JSON-ready rows (each with the rule it cites)."""
    return [e.to_json() for e in g.log[since:]]


# ---------------------------------------------------------------------------------------------
# Save and load


def to_json(g: Game) -> dict:
    return {"format": FORMAT, "game": "memoir44", "scenario": saved_scenario_name(g.scenario), "seed": g.seed,
            "variant": g.variant.to_json(), "actions": list(g.actions)}


def saved_scenario_name(scenario: str) -> str:
    """How a save names its scenario: one of the course's by its bundled name ("pegasus-bridge",
    which any folder can replay: the path the game holds is relative to the course), any other
    file by its path."""
    from tutor.scenario import SCENARIOS_DIR
    root = SCENARIOS_DIR.resolve()
    p = Path(scenario)
    full = (p if p.is_absolute() else SCENARIOS_DIR.parent / p).resolve()
    if p.suffix == ".yaml" and full.is_relative_to(root) and full.is_file():
        name = full.relative_to(root).with_suffix("").as_posix()
        if _BUNDLED_NAME.fullmatch(name):
            return name
    return scenario


def save(g: Game, path) -> None:
    """Write the game as JSON (or YAML for a .yaml/.yml path): scenario, seed, variant, actions."""
    from tutor.inputs import write_text
    p = Path(path)
    data = to_json(g)
    if p.suffix in (".yaml", ".yml"):
        import yaml
        write_text(p, yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "saved game")
    else:
        write_text(p, json.dumps(data, ensure_ascii=False, indent=1) + "\n", "saved game")


def load_game(path, *, files: bool = False) -> Game:
    """Read a saved game and replay it; InputError (one line) on a bad file or a bad action.
    ``files``: see :func:`from_json`."""
    from tutor.inputs import read_text
    return from_text(read_text(path, "saved game"), str(path), yaml_file=Path(path).suffix in (".yaml", ".yml"),
                     files=files)


def from_text(text: str, where: str = "the saved game", *, yaml_file: bool | None = None,
              files: bool = False) -> Game:
    """A saved game from its text (JSON, or YAML), within the input policy (tutor.inputs)."""
    from tutor.inputs import parse_json, parse_yaml
    if yaml_file is None:
        yaml_file = not text.lstrip().startswith("{")
    data = parse_yaml(text, where) if yaml_file else parse_json(text, where, "saved game")
    return from_json(data, where, files=files)


_BUNDLED_NAME = re.compile(r"[a-z0-9][a-z0-9-]*(?:/[a-z0-9][a-z0-9-]*)*", re.ASCII)


def bundled_scenario(name: str, where: str) -> Path:
    """The course's own scenario a saved game names ("pegasus-bridge", or as a save writes it,
    "scenarios/pegasus-bridge.yaml"), never a file elsewhere: a saved game opened on a page is the
    visitor's to write, and a path in it ("../../etc/exam") made the server read that file and
    show it (or say whether it exists)."""
    from tutor.inputs import clipped
    from tutor.scenario import SCENARIOS_DIR
    stem = name.removeprefix("scenarios/").removesuffix(".yaml")
    root = SCENARIOS_DIR.resolve()
    p = SCENARIOS_DIR / f"{stem}.yaml"
    if not _BUNDLED_NAME.fullmatch(stem) or not p.resolve().is_relative_to(root) or not p.is_file():
        raise InputError(f"{where}: scenario {clipped(name, 42)} is not one of the course's scenarios: a saved game opened "
                         f"here names a bundled one, like pegasus-bridge")
    return p


def from_json(data, where: str = "<saved game>", *, files: bool = False) -> Game:
    """A saved game from its parsed data, replayed action by action. Its scenario is one of the
    course's (:func:`bundled_scenario`) unless ``files`` (the command line, whose user has the
    files anyway), where it may be any scenario file."""
    from tutor.inputs import MAX_ACTIONS, MAX_SEED, check_tree, format_one, text
    if not isinstance(data, dict):
        raise InputError(f"{where}: a saved game is a mapping with format, scenario, seed, variant, actions")
    check_tree(data, where)
    format_one(data, where)
    for key in ("scenario", "seed", "actions"):
        if key not in data:
            raise InputError(f"{where}: missing required key {key!r}")
    text(data["scenario"], where, "scenario", one_line=True, required=True)
    if type(data["seed"]) is not int or not 0 <= data["seed"] <= MAX_SEED:
        raise InputError(f"{where}: seed {data['seed']!r} is not allowed: a whole number from 0 to {MAX_SEED}")
    if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
        raise InputError(f"{where}: actions must be a list of action strings")
    if len(data["actions"]) > MAX_ACTIONS:
        raise InputError(f"{where}: {len(data['actions'])} actions: a saved game holds at most {MAX_ACTIONS}")
    scenario = data["scenario"] if files else bundled_scenario(data["scenario"], where)
    if files and not Path(scenario).exists():  # (a bundled name, or a save's "scenarios/….yaml"
        with contextlib.suppress(InputError):  # made in the course's folder, replayed elsewhere)
            scenario = bundled_scenario(scenario, where)
    try:
        g = new_game(scenario, data["seed"], data.get("variant"))
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None
    for i, a in enumerate(data["actions"]):
        try:
            g = apply(g, a)
        except (InputError, IllegalAction) as exc:
            raise InputError(f"{where}: action {i + 1} {a!r} cannot be replayed: {exc}") from None
    return g


# ---------------------------------------------------------------------------------------------
# Random games, playthroughs


def random_action(g: Game, rng: random.Random) -> str:
    """A random legal action, drawn lazily (cheaper than :func:`legal_actions` in the act phase).

    In the act phase it looks at the ordered units in random order and takes, with even chances,
    one of the first unit's moves or battles, or ends the turn; other phases draw uniformly from
    :func:`legal_actions`. Every action it returns is legal.
    """
    if g.phase != "act":
        return rng.choice(legal_actions(g))
    st = g.state
    if g.variant.take_ground and st.vacated is not None and rng.random() < 0.5:
        for a in _legal_act_take(g):
            return a
    hexes = _ordered_hexes(g)
    rng.shuffle(hexes)
    for h in hexes:
        if rng.random() < 0.15:
            continue
        opts = _hex_actions("move", h, move_options(g, h)) + _hex_actions("battle", h, battle_options(g, h))
        if opts:
            return rng.choice(opts)
    return "end"


def _legal_act_take(g: Game) -> list[str]:
    st = g.state
    if st.active is None:
        return []
    a = st.where(st.active)
    if a is not None and combat.take_ground_refusal(st, a, st.units[a], st.records[st.active]) is None:
        return [f"take {fmt(a)}"]
    return []


def random_game(scenario, seed: int = 0, variant=None, *, max_actions: int = 5000, policy=None) -> Game:
    """Play a whole game with random legal actions (or ``policy(game, rng) -> action``).

    The engine builds no reference cycles (states, turns and events only point back to older ones;
    tests/game/test_game_play.py checks it for every variant), so reference counting frees all it
    discards and the cyclic garbage collector, which would otherwise scan the growing chain of
    states hundreds of times a game, is paused while the game is played.
    """
    g = new_game(scenario, seed, variant)
    rng = random.Random(seed)
    with _cycle_collector_paused():
        for _ in range(max_actions):
            if g.phase == "over":
                break
            a = policy(g, rng) if policy else rng.choice(legal_actions(g))
            g = apply(g, a)
    return g


@contextlib.contextmanager
def _cycle_collector_paused():
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def digest(g: Game) -> str:
    """One line that pins the whole state: units, medals, cards, phase (for golden playthroughs)."""
    st = g.state
    units = " ".join(f"{fmt(h)}:{u.side[:2]}{u.kind[:3]}{u.figures}" for h, u in
                     sorted(st.units.items(), key=lambda kv: (kv[0][1], kv[0][0])))
    obst = " ".join(f"{fmt(h)}:{o}" for h, o in sorted(st.obstacles.items(), key=lambda kv: (kv[0][1], kv[0][0])))
    hands = " ".join(f"{s}=[{','.join(h)}]" for s, h in g.hands.items())
    m = st.medals
    return (f"phase={g.phase} player={g.player} medals={m['axis']}/{m['allied']} deck={len(g.deck)} "
            f"discard={len(g.discard)} {hands} | {units} | {obst}")


def playthrough(g: Game) -> list[str]:
    """The game as a golden playthrough: the start digest, then each action and the digest after it."""
    chain = []
    x = g
    while x is not None:
        chain.append(x)
        x = x.prev
    chain.reverse()
    lines = [f"scenario: {g.scenario}", f"seed: {g.seed}", f"variant: {json.dumps(g.variant.to_json())}",
             f"state: {digest(chain[0])}"]
    for a, s in zip(g.actions, chain[1:]):
        lines.append(f"action: {a}")
        lines.append(f"state: {digest(s)}")
    return lines
