"""The shapes of the files a visitor can send, declared: JSON Schema, checked with fastjsonschema.

A file's *shape* — which keys a mapping may and must have, which names a key allows, which values
are whole numbers and within which range — is declared here, once, as data; the loaders
(``tutor.memoir.scenario``, ``tutor.undaunted.scenario``, ``tutor.lab.m44``) check a file against its
schema first and then check only what a schema cannot say (a hex on the board, a unit's figures
for its kind, a tile named twice, a card more often than the game has copies).

Every problem is still one line naming the file, the line where the key stands (when the file was
read from text), the key and what is allowed::

    >>> from tutor.errors import InputError
    >>> try:
    ...     check({"units": {"8,4": {"side": "allied", "kind": "cavalry"}}}, UNIT_MAP, "x.yaml")
    ... except InputError as exc:
    ...     print(exc)
    x.yaml: units "8,4": kind 'cavalry' is unknown: allowed are infantry, armor, artillery

fastjsonschema compiles a schema to Python once per process (about 30 ms to import; jsonschema
takes seconds to import here, which every page's kernel would pay). A schema's own keyword
``x-allowed`` words what is allowed where the generated wording would not do.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import fastjsonschema

from tutor.errors import InputError
from tutor.inputs import MAX_MEDALS, clipped, line_of

Schema = dict[str, Any]

_HEX_KEY = re.compile(r"\s*-?[0-9]+\s*,\s*-?[0-9]+\s*")


# ---------------------------------------------------------------------------------------------
# building blocks


def one_of_names(names: Sequence[str]) -> Schema:
    """A name from a fixed list (a side, a kind of unit, a terrain)."""
    return {"enum": list(names)}


def whole(lo: int, hi: int) -> Schema:
    """A whole number from ``lo`` to ``hi`` (true and false are not numbers)."""
    return {"type": "integer", "minimum": lo, "maximum": hi}


TEXT: Schema = {"type": "string"}


def mapping(properties: Mapping[str, Schema], *, required: Sequence[str] = (), allowed: str = "") -> Schema:
    """A mapping with these keys and no others."""
    out: Schema = {"type": "object", "properties": dict(properties), "additionalProperties": False}
    if required:
        out["required"] = list(required)
    if allowed:
        out["x-allowed"] = allowed
    return out


def keyed_by_hex(value: Schema, allowed: str) -> Schema:
    """A mapping of "col,row" to ``value`` (the hexes themselves are checked against the board
    by the loader, which can say more than a pattern: off the board, col + row must be even…)."""
    return {"type": "object", "additionalProperties": value, "x-allowed": allowed}


def list_of(item: Schema, allowed: str) -> Schema:
    return {"type": "array", "items": item, "x-allowed": allowed}


# ---------------------------------------------------------------------------------------------
# checking


@functools.cache
def _compiled(key: str) -> Callable[[Any], Any]:
    return fastjsonschema.compile(json.loads(key))


def check(data: Any, schema: Schema, where: str) -> None:
    """Raise one InputError line for the first place ``data`` does not fit ``schema``."""
    validate = _compiled(json.dumps(schema))
    try:
        validate(data)
    except fastjsonschema.JsonSchemaValueException as exc:
        raise InputError(_message(exc, data, where)) from None


def _message(exc: fastjsonschema.JsonSchemaValueException, data: Any, where: str) -> str:
    path = [p for p in (exc.path or ["data"])[1:]]
    keys = _path_keys(data, path)
    line = _line(data, keys)
    value, rule, definition = exc.value, exc.rule, exc.definition or {}
    allowed = definition.get("x-allowed")
    if rule == "required":
        missing = next(k for k in exc.rule_definition if not (isinstance(value, dict) and k in value))
        context = _context(keys)
        if not keys:
            return (f"{where}{line}: missing required key {missing!r} "
                    f"(required: {', '.join(exc.rule_definition)})")
        return f"{where}{line}: {context}: missing required key {missing!r}"
    if rule in ("additionalProperties", "propertyNames"):
        known = list(definition.get("properties", {}) if rule == "additionalProperties"
                     else definition["propertyNames"]["enum"])
        unknown = next(k for k in value if k not in known)
        line = _line(data, keys + [unknown]) or line
        head = f"{_context(keys)}: " if keys else ""
        return f"{where}{line}: {head}key {_got(str(unknown))} is unknown: allowed are {', '.join(known)}"
    head = _head(keys)
    if rule == "enum":
        names = ", ".join(map(str, exc.rule_definition))
        return f"{where}{line}: {head}{_got(value)} is unknown: allowed are {names}"
    return f"{where}{line}: {head}must be {allowed or _wording(definition)}, not {_got(value)}"


def _path_keys(data: Any, path: list[str]) -> list:
    """fastjsonschema joins a path with dots, and a key may hold a dot: the keys as the file has
    them, found by walking the data (a list index is an int)."""
    keys: list = []
    node = data
    rest = ".".join(path)
    while rest:
        if isinstance(node, dict):
            key = next((k for k in sorted(map(str, node), key=len, reverse=True)
                        if rest == k or rest.startswith(k + ".") or rest.startswith(k + "[")), None)
            if key is None:
                break
            real = next(k for k in node if str(k) == key)
            keys.append(real)
            node, rest = node[real], rest[len(key):].lstrip(".")
        elif isinstance(node, list) and (m := re.match(r"\[?(\d+)\]?\.?", rest)) and int(m.group(1)) < len(node):
            i = int(m.group(1))
            keys.append(i)
            node, rest = node[i], rest[m.end():]
        else:
            break
    return keys


def _line(data: Any, keys: list) -> str:
    line, node = "", data
    for k in keys:
        if isinstance(node, dict) and k in node:
            line = line_of(node, k) or line
            node = node[k]
        elif isinstance(node, list) and isinstance(k, int) and k < len(node):
            node = node[k]
        else:
            break
    return line


def _context(keys: list) -> str:
    out = ""
    for k in keys:
        if isinstance(k, int):
            out += f"[{k}]"
        elif isinstance(k, str) and _HEX_KEY.fullmatch(k) and out:
            out += f' "{k.replace(" ", "")}"'
        else:
            out += f".{k}" if out else str(k)
    return out


def _head(keys: list) -> str:
    """How a value is named before what is wrong with it: ``kind '…'`` (a key), ``units "6,4": '…'``
    (a hex of a mapping keyed by hex), ``hand[2]: '…'`` (an item of a list)."""
    if not keys:
        return ""
    last = keys[-1]
    if isinstance(last, int) or (_HEX_KEY.fullmatch(str(last)) and len(keys) > 1):
        return f"{_context(keys)}: "
    context = _context(keys[:-1])
    return f"{context}: {last} " if context else f"{last} "


def _got(value: Any) -> str:
    """A value as an error line quotes it: short, one line."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "…")
    return clipped(value, 14)


def _wording(definition: Schema) -> str:
    kind = definition.get("type")
    kind = str(kind[0] if isinstance(kind, list) else kind)      # ["array", "null"]: a list, or nothing
    if kind == "integer" and "minimum" in definition and "maximum" in definition:
        return f"a whole number from {definition['minimum']} to {definition['maximum']}"
    return {"string": "text", "object": "a mapping", "array": "a list", "integer": "a whole number",
            "boolean": "true or false", "number": "a number"}.get(kind, "something else")


# ---------------------------------------------------------------------------------------------
# Memoir '44 scenario files (game: memoir44), see tutor.memoir.scenario

SIDES = ("axis", "allied")


def memoir_scenario(*, terrain: Sequence[str], obstacles: Sequence[str], kinds: Sequence[str],
                    badges: Sequence[str], optional: Sequence[str]) -> Schema:
    """The shape of a Memoir '44 scenario; the names come from the engine's tables."""
    unit = mapping({"side": one_of_names(SIDES), "kind": one_of_names(kinds), "figures": {"type": "integer"},
                    "badge": one_of_names(badges), "original": {"type": "integer"}},
                   required=("side", "kind"), allowed="a unit: a mapping like {side: allied, kind: infantry}")
    per_side: Schema = {"type": "object", "properties": {s: {} for s in SIDES}, "additionalProperties": False}
    cards_n: Schema = {"anyOf": [whole(1, 12), mapping({"start": whole(1, 12), "grow_to": whole(1, 12)},
                                                       required=("start", "grow_to"))]}
    shapes: dict[str, Schema] = {
        "format": {}, "game": {},
        "title": TEXT, "board": one_of_names(("standard", "breakthrough", "overlord")), "top": one_of_names(SIDES),
        "description": TEXT,
        "terrain": keyed_by_hex(one_of_names(terrain), 'a mapping of "col,row" to a name'),
        "obstacles": keyed_by_hex(one_of_names(obstacles), 'a mapping of "col,row" to a name'),
        "units": keyed_by_hex(unit, 'a mapping of "col,row" to a unit'),
        "medals_to_win": {"anyOf": [whole(1, MAX_MEDALS),
                                    {**per_side, "properties": {s: whole(1, MAX_MEDALS) for s in SIDES}}],
                          "x-allowed": f"a whole number from 1 to {MAX_MEDALS}, or {{axis: N, allied: N}}"},
        "first": one_of_names(SIDES), "bunkers_for": one_of_names(SIDES),
        "special_rules": TEXT, "source": TEXT,
        "labels": keyed_by_hex(TEXT, 'a mapping of "col,row" to a place name'),
        "cards": {"anyOf": [cards_n, {**per_side, "properties": {s: cards_n for s in SIDES}, "required": list(SIDES)}],
                  "x-allowed": "a number of cards (1-12) or {axis: N, allied: N}, where N may be "
                               "{start: n, grow_to: m}"},
        "front": one_of_names(("western", "eastern", "pacific", "mediterranean")),
        "year": {**whole(1939, 1945), "x-allowed": "a year from 1939 to 1945"},
    }
    props = {k: shapes.get(k, {}) for k in ("format", "game", "title", "board", "top", *optional)}
    return mapping(props, required=("format", "game", "title", "board", "top"),
                   allowed="a mapping of keys (format, game, title, board, top, …)")


# The doctest's schema: a scenario's units alone.
UNIT_MAP: Schema = mapping({"units": keyed_by_hex(
    mapping({"side": one_of_names(SIDES), "kind": one_of_names(("infantry", "armor", "artillery"))},
            required=("side", "kind")), 'a mapping of "col,row" to a unit')})


# ---------------------------------------------------------------------------------------------
# Undaunted: Normandy deck and scenario files (game: undaunted), see tutor.undaunted.scenario


def or_null(schema: Schema) -> Schema:
    """The same, or nothing (``null``, an empty key in YAML)."""
    return {**schema, "type": [schema["type"], "null"]}


def undaunted_cards(card_ids: Sequence[str]) -> Schema:
    return or_null(list_of(one_of_names(card_ids), "a list of cards, e.g. [riflemen-a, fog-of-war]"))


def undaunted_deck(*, zones: Sequence[str], card_ids: Sequence[str]) -> Schema:
    cards = undaunted_cards(card_ids)
    return mapping({"format": {}, "game": {}, "side": one_of_names(SIDES), **{z: cards for z in zones}},
                   required=("side",))


def undaunted_scenario(*, zones: Sequence[str], card_ids: Sequence[str], unit_ids: Sequence[str],
                       squads: Sequence[str], states: Sequence[str], max_objective: int,
                       max_to_win: int, span: int) -> Schema:
    cards = undaunted_cards(card_ids)
    units = {"anyOf": [one_of_names(("all", *squads, *unit_ids)),
                       list_of(one_of_names(("all", *squads, *unit_ids)), "")],
             "x-allowed": "a list like [all] or [a, riflemen-b]: all, a squad letter or a unit"}
    unit_list = or_null(list_of(one_of_names(unit_ids), "a list of units"))
    side = mapping({
        "victory": mapping({"objectives": or_null(whole(1, max_to_win)),
                            "suppress": {"type": "boolean"}},
                           allowed="objectives: N and/or suppress: true"),
        "deployment": or_null(list_of(mapping({"tile": {"type": ["string", "integer"]}, "units": units},
                                              required=("tile",), allowed="{tile: 1A, units: [all]}"),
                                      "a list like [{tile: 1A, units: [all]}]")),
        "control": or_null({"type": "object", "additionalProperties": one_of_names(states),
                            "x-allowed": "a mapping of tiles to scouted or controlled"}),
        "tokens": or_null({"type": "object", "propertyNames": one_of_names(unit_ids),
                           "x-allowed": "a mapping of units to tiles (or null: off the board)"}),
        "suppressed": unit_list, "eliminated": unit_list,
        "target": {},
        "deck": cards, **{z: cards for z in zones},
    }, allowed="a mapping with victory, deployment, tokens and cards")
    tile = mapping({"at": {"type": "string", "x-allowed": 'a position as "col,row"'}, "cover": {},
                    "objective": whole(0, max_objective), "terrain": {}},
                   required=("at",), allowed="a mapping with at, cover and objective")
    return mapping({
        "format": {}, "game": {}, "name": TEXT, "initiative": one_of_names(SIDES),
        "options": or_null(mapping({"stalk": {"enum": [1, 2]}}, allowed="a mapping; allowed keys: stalk")),
        "tiles": {"type": "object", "minProperties": 1, "additionalProperties": tile,
                  "x-allowed": 'a mapping of tile labels to {at, cover, objective}, e.g. 17B: {at: "3,1", cover: 3}'},
        "sides": mapping({s: side for s in SIDES}, required=SIDES, allowed="a mapping of allied and axis to their setup"),
        "notes": TEXT,
        "source": or_null(mapping({k: TEXT for k in ("book", "public_copy", "ours")},
                                  allowed="a mapping with book, public_copy and ours")),
    }, required=("tiles", "sides"))


# ---------------------------------------------------------------------------------------------
# .m44 files (the official scenario editor's JSON), see tutor.lab.m44: only what makes a file one;
# everything else the importer reads leniently, noting what it skipped.

M44: Schema = {
    "type": "object", "required": ["board"], "x-allowed": "a JSON object with 'board' at its top level (not a .m44 file)",
    "properties": {
        "board": {"type": "object", "x-allowed": "the 'board' object (not a .m44 file)",
                  "properties": {"hexagons": list_of({"type": "object", "required": ["row", "col"],
                                                      "x-allowed": "an object with row and col"},
                                                     "a list of hexagons")}},
    },
}
