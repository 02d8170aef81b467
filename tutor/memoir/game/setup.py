"""Setting a game up: the scenario, the deck, the hands, the first turn."""

from __future__ import annotations

from pathlib import Path

from tutor.errors import InputError
from tutor.memoir import cards as C
from tutor.memoir import state as S
from tutor.memoir import variants as V
from tutor.memoir.game.hooks import hook, variant_hook
from tutor.memoir.game.model import _EMPTY, Game, Turn, _Ctx, _fz, _r
from tutor.memoir.scenario import SIDES
from tutor.memoir.state import other
from tutor.scenario import load as load_scenario
from tutor.sides import Side


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
    check = variant_hook(var.kind, "scenario")        # Overlord: its board
    if check is not None:
        check(sc, path)
    st = S.from_scenario(sc)
    extra = sc.extra
    first = extra.get("first", "allied")
    ctx = _Ctx(Game(st, path, seed, var, (), (), _EMPTY, _EMPTY, _EMPTY, _EMPTY, _EMPTY, "play", first, None,
                    _EMPTY))
    cards = C.deck(tactics=var.tactics)
    decks = variant_hook(var.kind, "deck")            # Overlord: two decks shuffled together
    deck = list(decks(cards) if decks is not None else cards)
    ctx.rng().shuffle(deck)
    hands: dict[str, tuple] = {}
    common: dict[str, tuple] = {}
    grow: dict[str, int] = {}
    target: dict[str, int] = {}
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
        else:
            hand = tuple(deck[:start])
            del deck[:start]
            hands[seats[0]] = hand
            target[seats[0]] = grow_to
            for s in seats[1:]:
                hands[s] = ()
                target[s] = 0
            dealt = variant_hook(var.kind, "dealt")   # Overlord: the chief's cards
            if dealt is not None:
                dealt(side, start, ctx)
            else:
                ctx.ev("deal", f"{Side.of(side).The} {Side.of(side).verb('receive', 'receives')} {start} command cards"
                       + (f"; the hand grows by one card a turn up to {grow_to}" if grow_to > start else "")
                       + ".", C.DEAL)
    ctx.ev("first", f"{Side.of(first).The} {Side.of(first).verb('play', 'plays')} first.", C.FIRST_SIDE)
    g = Game(st, path, seed, var, tuple(deck), (), _fz(hands), _fz(common), _fz(grow), _fz(target),
             _fz({s: 0 for s in SIDES}), "play", _first_player(var, first), None, _fz({}),
             front=extra.get("front", "western"), year=extra.get("year", 1944), rng_n=ctx.n)
    g = _r(g, new_events=tuple(ctx.events))
    return _begin_turn(g, first, ctx_events=None)


_LOADED: dict = {}        # (path, mtime) -> Scenario: files are parsed once


def _scenario(scenario):
    from tutor.memoir.scenario import Scenario
    from tutor.scenario import SCENARIOS_DIR
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


def _seat_of(g: Game, side: str) -> str:
    """The seat of ``side`` whose turn it is: its first (Operation Alliance's players take turns)."""
    pick = hook(g, "seat_to_play")
    return pick(g, side) if pick is not None else g.variant.seats(side)[0]


def _begin_turn(g: Game, side: str, ctx_events=None) -> Game:
    """Make it ``side``'s turn: its next seat plays a card (Overlord: the chief hands out cards)."""
    if g.state.winner is not None:
        return _r(g, phase="over", turn=None)
    seat = _seat_of(g, side)
    phase = hook(g, "first_phase") or "play"            # Overlord: the chief hands out cards
    turn = _NEW_TURNS.get((side, seat))
    if turn is None:
        turn = _NEW_TURNS[(side, seat)] = Turn(side, seat)     # immutable: one per seat serves every turn
    return _r(g, phase=phase, player=seat, turn=turn)


_NEW_TURNS: dict = {}


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
