"""Scenario files, format 1: load, validate, and write back.

A Memoir '44 scenario (``game: memoir44``) looks like::

    format: 1
    game: memoir44
    title: Hills and line of sight
    board: standard            # standard | breakthrough | overlord
    top: axis                  # the side whose baseline is row 0
    terrain:    {"6,4": hill}  # every other hex is countryside
    obstacles:  {"10,4": sandbags}
    units:      {"4,6": {side: allied, kind: infantry, figures: 3, badge: special_forces}}
    labels:     {"6,2": Pegasus Bridge}   # optional: place names printed on the map

A unit's ``figures`` are those it has on the board now (default: its full strength, APÉNDICE 1).
Fewer figures are losses it has already suffered, so Medics & Mechanics may return them: the
printed card says "A unit may not gain more figures than it originally had", and a unit's
``original`` figures default to its full strength. A unit that *starts* the scenario reduced, as
some scenarios' special rules set up, says so with ``original`` (``{kind: infantry, figures: 3,
original: 3}``: 3 figures, none lost); ``figures`` may not exceed ``original``.

Every problem is one ``InputError`` line naming the file (and line), the key or hex, what is wrong
and what is allowed. A file of either game is read by ``tutor.scenario``, which hands a
``game: memoir44`` file to :func:`memoir_from_data` here.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType

import yaml

from tutor import schemas
from tutor.errors import InputError
from tutor.hexes import Board, Hex, fmt, parse_hex
from tutor.hexes import board as board_named
from tutor.inputs import MAX_TITLE, line_of
from tutor.inputs import text as checked_text
from tutor.memoir.terrain import KINDS, OBSTACLES, TERRAIN, cannot_stand_on

SIDES = ("axis", "allied")      # in a scenario file's order: the side on top first
BADGES = ("special_forces", "french_resistance")
REQUIRED = ("format", "game", "title", "board", "top")
OPTIONAL = ("description", "terrain", "obstacles", "units", "medals_to_win", "bunkers_for",
            "first", "cards", "objectives", "special_rules", "front", "year", "source", "labels")

# Full strength by kind (APÉNDICE 1, UNIDADES ESTÁNDAR) and the badges that change it.
FULL_STRENGTH = {"infantry": 4, "armor": 3, "artillery": 2}


def full_strength(kind: str, badge: str | None) -> int:
    """Figures of a full unit: elite armor has 4, French resistance 3 (APÉNDICE 1)."""
    if badge == "special_forces" and kind == "armor":
        return 4
    if badge == "french_resistance":
        return 3
    return FULL_STRENGTH[kind]


@dataclass(frozen=True)
class UnitSpec:
    side: str
    kind: str
    figures: int
    badge: str | None = None
    original: int | None = None       # the figures it started the scenario with, when not full strength

    def to_yaml(self) -> dict:
        out: dict[str, str | int] = {"side": self.side, "kind": self.kind}
        if self.figures != full_strength(self.kind, self.badge):
            out["figures"] = self.figures
        if self.badge:
            out["badge"] = self.badge
        if self.original is not None:
            out["original"] = self.original
        return out


def _frozen(d: dict) -> MappingProxyType:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Scenario:
    title: str
    board: Board
    top: str                                        # side whose baseline is row 0
    terrain: MappingProxyType = field(default_factory=lambda: _frozen({}))   # Hex -> name
    obstacles: MappingProxyType = field(default_factory=lambda: _frozen({}))  # Hex -> name
    units: MappingProxyType = field(default_factory=lambda: _frozen({}))      # Hex -> UnitSpec
    description: str = ""
    extra: MappingProxyType = field(default_factory=lambda: _frozen({}))      # optional keys as read
    path: str = ""
    game: str = "memoir44"

    def terrain_at(self, h: Hex) -> str:
        return self.terrain.get(h, "countryside")

    @property
    def bottom(self) -> str:
        return "allied" if self.top == "axis" else "axis"

    def to_yaml_data(self) -> dict:
        out = {"format": 1, "game": self.game, "title": self.title, "board": self.board.name, "top": self.top}
        if self.description:
            out["description"] = self.description
        out["terrain"] = {fmt(h): t for h, t in sorted(self.terrain.items(), key=_hex_order)}
        out["obstacles"] = {fmt(h): o for h, o in sorted(self.obstacles.items(), key=_hex_order)}
        out["units"] = {fmt(h): u.to_yaml() for h, u in sorted(self.units.items(), key=_hex_order)}
        out.update(self.extra)
        return out

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_yaml_data(), sort_keys=False, allow_unicode=True, default_flow_style=None)

    def replace(self, **changes) -> Scenario:
        from dataclasses import replace
        for key in ("terrain", "obstacles", "units", "extra"):
            if key in changes:
                changes[key] = _frozen(changes[key])
        return replace(self, **changes)


def _hex_order(item):
    (c, r), _ = item
    return (r, c)


def _need_str(data, key, where) -> str:
    return checked_text(data[key], f"{where}{line_of(data, key)}", key, one_line=True, limit=MAX_TITLE,
                        required=True)


def _hex_key(raw, section, mapping, where, brd: Board) -> Hex:
    line = line_of(mapping, raw)
    try:
        h = parse_hex(raw, what=f"{section} hex")
        return brd.check(h, what=f"{section} hex")
    except InputError as exc:
        raise InputError(f"{where}{line}: {exc}") from None


def _named_hexes(data, key, catalogue, where, brd: Board) -> dict:
    """A mapping "col,row" -> name from the catalogue (terrain or obstacles), every hex once."""
    raw_map = _hex_map(data, key, where)
    out = {}
    for raw, name in raw_map.items():
        h = _hex_key(raw, key, raw_map, where, brd)
        at = f"{where}{line_of(raw_map, raw)}"
        if h in out:
            raise InputError(f"{at}: {key} hex \"{fmt(h)}\" is given twice")
        out[h] = name
    return out


def _raw_key(raw_map, h: Hex):
    """The key as written in the file for hex h (for its line number)."""
    return next((k for k in raw_map if _try_hex(k) == h), None)


def _try_hex(raw):
    try:
        return parse_hex(raw)
    except InputError:
        return None


def _hex_map(data, key, where) -> dict:
    return data.get(key) or {}


@functools.cache
def schema() -> schemas.Schema:
    """The shape of a Memoir '44 scenario file (``tutor.schemas``): keys, names, whole numbers."""
    return schemas.memoir_scenario(terrain=tuple(TERRAIN), obstacles=tuple(OBSTACLES), kinds=KINDS,
                                   badges=BADGES, optional=OPTIONAL)


def memoir_from_data(data: dict, where: str) -> Scenario:
    """A scenario from a file's data: its shape checked by :func:`schema`, then what a schema
    cannot say (hexes on the board, figures for the unit's kind, who may stand where)."""
    schemas.check(data, schema(), where)
    title = _need_str(data, "title", where)
    brd = board_named(data["board"])
    top = data["top"]
    description = data.get("description") or ""
    checked_text(description, f"{where}{line_of(data, 'description')}", "description")

    terrain = {h: t for h, t in _named_hexes(data, "terrain", TERRAIN, where, brd).items() if t != "countryside"}
    obstacles = _named_hexes(data, "obstacles", OBSTACLES, where, brd)
    for h, name in obstacles.items():
        if TERRAIN[terrain.get(h, "countryside")].impassable == frozenset(KINDS) or terrain.get(h) == "ocean":
            raise InputError(f"{where}{line_of(data['obstacles'], _raw_key(data['obstacles'], h))}: obstacle "
                             f"\"{fmt(h)}\": {name} cannot stand on {terrain[h]}: obstacles go on land hexes")

    units = {}
    raw_units = _hex_map(data, "units", where)
    for raw, spec in raw_units.items():
        h = _hex_key(raw, "units", raw_units, where, brd)
        if h in units:
            raise InputError(f"{where}{line_of(raw_units, raw)}: units hex \"{fmt(h)}\" is given twice; "
                             f"two units may never share a hex")
        units[h] = _unit(spec, h, raw_units, raw, where)
        blocked = cannot_stand_on(units[h].kind, terrain.get(h, "countryside"), obstacles.get(h))
        if blocked:
            raise InputError(f"{where}{line_of(raw_units, raw)}: units \"{fmt(h)}\": {_a(units[h].kind)} unit "
                             f"cannot stand on {blocked.name} (impassable)")

    extra = {k: data[k] for k in OPTIONAL if k in data and k not in ("description", "terrain", "obstacles", "units")}
    _check_extra(extra, data, where, brd)
    return Scenario(title=title, board=brd, top=top, terrain=_frozen(terrain), obstacles=_frozen(obstacles),
                    units=_frozen(units), description=description, extra=_frozen(extra), path=where)


UNIT_KEYS = ("side", "kind", "figures", "badge", "original")


def _unit(spec, h: Hex, mapping, raw, where) -> UnitSpec:
    at = f"{where}{line_of(mapping, raw)}: units \"{fmt(h)}\""
    side, kind, badge = spec["side"], spec["kind"], spec.get("badge")
    if badge is not None:
        if badge == "special_forces" and kind == "artillery":
            raise InputError(f"{at}: badge special_forces is for infantry or armor, not artillery")
        if badge == "french_resistance" and kind != "infantry":
            raise InputError(f"{at}: badge french_resistance is for infantry, not {kind}")
    full = full_strength(kind, badge)
    figures = spec.get("figures", full)
    if not 1 <= figures <= full:
        raise InputError(f"{at}: figures {figures} is out of range: {_a(kind)}"
                         f"{' (' + badge + ')' if badge else ''} unit has 1 to {full}")
    original = spec.get("original")
    if original is not None:
        if not figures <= original <= full:
            raise InputError(f"{at}: original (the figures it starts the scenario with) must be a whole number "
                             f"from its figures ({figures}) to its full strength ({full}), not {original!r}")
        if original == full:
            original = None
    return UnitSpec(side, kind, figures, badge, original)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _check_extra(extra: dict, data, where: str, board: Board) -> None:
    """Optional keys for full games: their shapes are the schema's; here what it cannot say (the
    texts within the input policy, labels on the board, objectives, cards that grow)."""
    for key in ("special_rules", "source"):
        if key in extra:
            checked_text(extra[key], f"{where}{line_of(data, key)}", key)
    if "labels" in extra:
        _check_labels(extra["labels"], data, where, board)
    if "objectives" in extra:
        from tutor.memoir import objectives
        objectives.parse(extra["objectives"], board, f"{where}{line_of(data, 'objectives')}")
    if "cards" in extra:
        _check_cards(extra["cards"], data, where)


def _check_labels(labels, data, where: str, board: Board) -> None:
    """``labels``: place names printed on the map, {"col,row": "Pegasus Bridge"} (one line each)."""
    for raw, text in labels.items():
        _hex_key(raw, "labels", labels, where, board)
        checked_text(text, f"{where}{line_of(labels, raw)}", f"label \"{raw}\"", one_line=True, limit=MAX_TITLE,
                     required=True)


def _check_cards(v, data, where: str) -> None:
    """``cards``: N for both sides, or {axis: N, allied: N}; N may be {start: n, grow_to: m} (a side
    that starts short and draws one extra card after each of its turns until it holds m): the
    schema checks the shape, here that a side grows, never shrinks."""
    def ok(n):
        return type(n) is int or n["start"] <= n["grow_to"]
    if not (ok(v) if not isinstance(v, dict) or "start" in v else all(map(ok, v.values()))):
        raise InputError(f"{where}{line_of(data, 'cards')}: cards must be a number of cards (1-12) or "
                         f"{{axis: N, allied: N}}, where N may be {{start: n, grow_to: m}}")
