"""Loading ``game: undaunted`` files: deck files and scenario files (YAML, ``format: 1``).

Every problem is one ``InputError`` line naming the file, the key, what is wrong and what is
allowed. Duplicate keys are refused with their line number (YAML would silently keep the last).

Deck file (one side's cards in their zones, top of the draw deck first)::

    format: 1
    game: undaunted
    side: allied
    hand: [riflemen-a, scouts-b]
    table: []
    discard: [riflemen-a]
    draw: [machine-gunners-c, riflemen-b, riflemen-a]
    supply: [riflemen-a, fog-of-war]
    out: []

Scenario file: see ``scenarios/undaunted/worked-example.yaml`` (tiles with positions, cover,
objectives; per side: victory condition, deployment markers, control markers, tokens, target
marker (``eliminated:`` lists units whose token casualties took off the board, as opposed to
not deployed yet), and the cards in each zone — ``deck:`` is the starting deck, shuffled at setup; ``draw:``
is a draw deck in a fixed order, top first). A published scenario says where it comes from in
``source:`` (``book``, ``public_copy``, and ``ours``: what the file decides that the book does not);
``scenarios/undaunted/la-raye.yaml`` is the scenario book's scenario 1.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from tutor import hexes, paths, schemas
from tutor.errors import InputError
from tutor.inputs import MAX_TITLE, check_tree, format_one
from tutor.inputs import read_yaml as _read_strict
from tutor.inputs import text as checked_text
from tutor.undaunted.board import Board, Deployment, Tile
from tutor.undaunted.cards import CARD_IDS, CARDS, SQUADS, UNIT_IDS
from tutor.undaunted.combat import parse_cover
from tutor.undaunted.deck import ZONE_NAMES, Zones, shuffled
from tutor.undaunted.state import CONTROLLED, SCOUTED, SIDES, GameState, Scenario, Token, Victory


def read_yaml(path) -> dict:
    """Read a file strictly (duplicate keys refused, see tutor.yamlfile); it must be a mapping."""
    return _mapping(_read_strict(path), str(path))


def parse_yaml(text: str, name: str = "<text>") -> dict:
    return _mapping(_read_strict(name, text), name)


def _counts(zones: dict[str, tuple[str, ...]], name: str, side: str) -> None:
    """No card more often, over all of a side's zones, than the game has copies of it."""
    seen: dict[str, int] = {}
    for cards in zones.values():
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
    for c, n in seen.items():
        if n > CARDS[c].copies:
            raise InputError(f"{name}: {side} has {n} {c} cards over its zones: the game has "
                             f"{CARDS[c].copies} {'copy' if CARDS[c].copies == 1 else 'copies'} per side")


def _mapping(data, name: str) -> dict:
    if not isinstance(data, dict):
        raise InputError(f"{name}: the file must be a mapping with keys format, game, ...")
    return data


def _header(data: dict, name: str) -> None:
    check_tree(data, name)      # the input policy (tutor.inputs): plain values, depth, clean text
    format_one(data, name)
    if data.get("game") != "undaunted":
        raise InputError(f"{name}: key 'game': {data.get('game')!r} is not this game; allowed: undaunted")


def _cards(value) -> tuple[str, ...]:
    return tuple(value or ())


@functools.cache
def deck_schema() -> schemas.Schema:
    """The shape of a deck file (``tutor.schemas``)."""
    return schemas.undaunted_deck(zones=ZONE_NAMES, card_ids=CARD_IDS)


@functools.cache
def scenario_schema() -> schemas.Schema:
    """The shape of a scenario file (``tutor.schemas``): keys, names, whole numbers; the loader
    checks the rest (positions on the map, tiles named, card counts, tokens on the board)."""
    return schemas.undaunted_scenario(zones=ZONE_NAMES, card_ids=CARD_IDS, unit_ids=UNIT_IDS, squads=SQUADS,
                                      states=(SCOUTED, CONTROLLED), max_objective=MAX_OBJECTIVE,
                                      max_to_win=MAX_OBJECTIVES_TO_WIN, span=TILE_SPAN)


def parse_deck(data: dict, name: str) -> tuple[str, Zones]:
    _header(data, name)
    schemas.check(data, deck_schema(), name)
    side = data["side"]
    zones = {z: _cards(data.get(z)) for z in ZONE_NAMES}
    _counts(zones, name, side)
    return side, Zones(**zones)


def load_deck(path) -> tuple[str, Zones]:
    """A deck file → (side, Zones)."""
    return parse_deck(read_yaml(path), str(path))


# ---------------------------------------------------------------------------------------------
# scenarios

SOURCE_KEYS = ("book", "public_copy", "ours")

MAX_OBJECTIVE = 20        # an objective marker's value (the printed markers: 1 to 5)
MAX_OBJECTIVES_TO_WIN = 100
TILE_SPAN = 40            # a tile's column and row: 0 to 40 (the largest printed map is 6 tiles wide)


def parse_scenario(data: dict, name: str) -> Scenario:
    _header(data, name)
    schemas.check(data, scenario_schema(), name)
    title = checked_text(data.get("name", Path(name).stem), name, "key 'name'", one_line=True, limit=MAX_TITLE)
    if "notes" in data:
        checked_text(data["notes"], name, "key 'notes'")
    src = data.get("source") or {}
    for k, v in src.items():
        checked_text(v, name, f"key 'source.{k}'")
        if not v.strip():
            raise InputError(f"{name}: key 'source.{k}': {v!r}; allowed: a sentence of text")
    provenance = tuple((k, src[k].strip()) for k in SOURCE_KEYS if k in src)
    # tiles
    raw_tiles = data["tiles"]
    tiles: list[Tile] = []
    seen_pos: dict[tuple[int, int], str] = {}
    for label, spec in raw_tiles.items():
        key = f"tiles.{label}"
        pos = hexes.parse_hex(spec["at"], what=f"{name}: key '{key}.at':")
        if not all(0 <= v <= TILE_SPAN for v in pos):
            raise InputError(f"{name}: key '{key}.at': \"{hexes.fmt(pos)}\" is off the map; allowed: a column and "
                             f"a row from 0 to {TILE_SPAN}")
        if pos in seen_pos:
            raise InputError(f"{name}: key '{key}.at': \"{hexes.fmt(pos)}\" is already tile {seen_pos[pos]}; "
                             f"one tile per position")
        seen_pos[pos] = label
        cover = parse_cover(spec.get("cover", 0), where=f"{name}: key '{key}.cover'")
        tiles.append(Tile(str(label), pos, cover, spec.get("objective", 0)))
    tile_ids = [t.id for t in tiles]

    def tile_ref(v, key):
        if v not in tile_ids:
            raise InputError(f"{name}: key '{key}': {v!r} is not a tile of this scenario; "
                             f"allowed: {', '.join(tile_ids)}")
        return v

    options = data.get("options") or {}
    opts = [("stalk", options["stalk"])] if "stalk" in options else []   # 1: the rules text, 2: the quick reference
    sides = data["sides"]
    deployments, victories, zones_spec, tokens, control, targets = [], [], {}, [], [], []
    for side in SIDES:
        sp = sides[side]
        base = f"sides.{side}"
        v = sp.get("victory") or {}
        if not v:
            raise InputError(f"{name}: key '{base}.victory': give objectives: N and/or suppress: true")
        victories.append(Victory(v.get("objectives"), v.get("suppress", False)))
        for i, dep in enumerate(sp.get("deployment") or []):
            key = f"{base}.deployment[{i}]"
            units = dep.get("units", ["all"])
            units = [units] if isinstance(units, str) else units
            deployments.append(Deployment(side, tile_ref(dep["tile"], f"{key}.tile"), tuple(units)))
        cmap = {}
        for t, st in (sp.get("control") or {}).items():
            tile_ref(t, f"{base}.control")
            cmap[t] = st
        control.append(tuple(sorted(cmap.items())))
        toks = sp.get("tokens") or {}
        supp = sp.get("suppressed") or []
        for u in supp:
            if u not in toks or toks[u] is None:
                raise InputError(f"{name}: key '{base}.suppressed': {u!r} has no token on the board")
        # units whose token casualties took off the board (ZTRÁTY 4.), as opposed to not deployed yet
        elim = sp.get("eliminated") or []
        for u in elim:
            if toks.get(u) is not None:
                raise InputError(f"{name}: key '{base}.eliminated': {u} has a token on the board")
        for u, t in toks.items():
            tokens.append(Token(side, u, None if t is None else tile_ref(t, f"{base}.tokens.{u}"), u in supp,
                                u in elim))
        for u in dict.fromkeys(elim):
            if u not in toks:
                tokens.append(Token(side, u, None, False, True))
        tg = sp.get("target")
        targets.append(None if tg is None else tile_ref(tg, f"{base}.target"))
        zs = {z: _cards(sp.get(z)) for z in ZONE_NAMES}
        deck = _cards(sp.get("deck"))
        _counts({**zs, "deck": deck}, name, side)
        if deck and zs["draw"]:
            raise InputError(f"{name}: key '{base}.deck': give either deck (shuffled at setup) or draw "
                             f"(fixed order), not both")
        zones_spec[side] = (Zones(**zs), deck)
    # every unit that has a card gets a token entry (off the board unless placed)
    known = {(t.side, t.unit) for t in tokens}
    for side in SIDES:
        z, deck = zones_spec[side]
        for c in sorted(set(z.census()) | set(deck)):
            if CARDS[c].kind == "soldier" and (side, c) not in known:
                tokens.append(Token(side, c, None, False))
                known.add((side, c))
    init = data.get("initiative", "allied")
    board = Board(tuple(tiles), tuple(deployments))
    sc = Scenario(title, board, (victories[0], victories[1]), tuple(opts), None, name,
                  (zones_spec["allied"][1], zones_spec["axis"][1]), provenance)
    start = GameState(sc, (zones_spec["allied"][0], zones_spec["axis"][0]), tuple(tokens),
                      (control[0], control[1]), (targets[0], targets[1]), init)
    object.__setattr__(sc, "start", start)
    return sc


def load_scenario(path) -> Scenario:
    return parse_scenario(read_yaml(path), str(path))


def new_game(scenario: Scenario | str | Path, rng=None) -> GameState:
    """The starting state: each side's ``deck`` cards shuffled (seeded) under any fixed ``draw`` cards.

    ``rng`` is a ``random.Random`` or an int seed; the same seed gives the same game.
    """
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    if rng is None or isinstance(rng, int):
        rng = random.Random(rng or 0)
    s = scenario.opening
    zones = []
    for i, z in enumerate(s.zones):
        deck = scenario.decks[i]
        if deck:
            z = Zones(z.hand, z.table, z.discard, shuffled(deck, rng), z.supply, z.out)
        zones.append(z)
    from dataclasses import replace
    return replace(s, zones=(zones[0], zones[1]))


def load(path, rng=None) -> GameState:
    """Shorthand: load a scenario file and set it up."""
    return new_game(load_scenario(path), rng)


def scenarios_dir() -> Path | None:
    here = paths.SCENARIOS / "undaunted"
    return here if here.is_dir() else None
