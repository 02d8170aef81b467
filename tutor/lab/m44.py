"""Import boards from the community scenario editor's ``.m44`` files.

A ``.m44`` file is JSON::

    {"game_info": {"side_player1": "AXIS", "side_player2": "ALLIES", "starting": "PLAYER2",
                   "country_player1": "DE", "country_player2": "US", "cards_player1": 4,
                   "cards_player2": 5, "victory_player1": 4, "victory_player2": 4,
                   "date_begin": "1944-06-06", "front": "WESTERN", …},
     "board": {"type": "STANDARD", "face": "COUNTRY",
               "hexagons": [{"row": 0, "col": 4, "terrain": {"name": "woods", "orientation": 1},
                             "rect_terrain": {"name": "bunker"}, "obstacle": {"name": "sand"},
                             "unit": {"name": "inf2ger", "nation": "ger", "badge": "badge4",
                                      "nbr_units": "3"},
                             "tags": [{"name": "medal1"}]}, …]},
     "text": {"en": {"name": "…", "subtitle": "…", "description": "…", "rules": "…", …}}}

Hexes use doubled-width ``col`` and ``row`` exactly like this project. Player 1 is the side at
the top of the map. What the base game of this project knows is mapped (the tables below, also in
the lab's documentation): terrain, pieces laid on a hex (``rect_terrain``: a bridge of any kind on
a river hex is a bridge), obstacles (``sand`` with the ``SEAWALL`` behaviour is a sea wall), units
(an elite ``inf2``/``tank2`` keeps its 4 figures and special-forces status whatever its badge),
medal tags (side by the medal's number, ``permanent``, ``counts_for``, a majority group), map
labels, ``game_info`` and ``text``. Everything not carried over (a ford, an expansion troop type,
a decorative badge, a medal condition, an unknown piece) is named in ONE warning line, with its
hexes. The file is read within the input policy (tutor.inputs); the result always passes
``tutor check``.

``import_m44(path) -> Imported(scenario, warnings)``; ``tutor import-m44 FILE -o OUT.yaml``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import InputError
from tutor.hexes import BOARDS, fmt
from tutor.inputs import MAX_TITLE, clipped
from tutor.memoir.terrain import KINDS, TERRAIN, cannot_stand_on
from tutor.schemas import M44, check

BOARD_TYPES = {"STANDARD": "standard", "BRKTHRU": "breakthrough", "BREAKTHROUGH": "breakthrough",
               "OVERLORD": "overlord"}
FACES = ("COUNTRY", "BEACH", "WINTER", "DESERT")

# editor terrain name -> (terrain of this project, obstacle of this project)
TERRAIN_NAMES: dict[str, tuple[str | None, str | None]] = {
    "countryside": ("countryside", None), "country": ("countryside", None),
    "woods": ("woods", None), "forest": ("woods", None), "wforest": ("woods", None),
    "wwoods": ("woods", None), "hedgerow": ("hedgerows", None), "hedgerows": ("hedgerows", None),
    "hills": ("hill", None), "hill": ("hill", None), "whill": ("hill", None), "whills": ("hill", None),
    "buildings": ("town", None), "town": ("town", None), "village": ("town", None),
    "wvillage": ("town", None), "church": ("church", None), "wchurch": ("church", None),
    "river": ("river", None), "curve": ("river", None), "riverfl": ("river", None),
    "riverfr": ("river", None), "rivery": ("river", None), "pond": ("river", None),
    "pmouth": ("river", None),
    "bridge": ("bridge", None), "pbridge": ("bridge", None),
    "beach": ("beach", None), "pbeach": ("beach", None), "wirebeach": ("beach", "wire"),
    "ocean": ("ocean", None), "coast": ("ocean", None), "coastcurve": ("ocean", None),
    "draw": ("draw", None), "cliff": ("cliff", None), "steephill": ("steep_hill", None),
    "lake": ("lake", None), "lakea": ("lake", None), "lakeb": ("lake", None), "lakec": ("lake", None),
    "mountain": ("mountain", None),
    # obstacles placed as terrain or rect_terrain
    "bunker": (None, "bunker"), "pbunker": (None, "bunker"), "wbunker": (None, "bunker"),
    "dbunker": (None, "bunker"), "sand": (None, "sandbags"), "sandbag": (None, "sandbags"),
    "sandbags": (None, "sandbags"), "hedgehog": (None, "hedgehog"), "hog": (None, "hedgehog"),
    "wire": (None, "wire"), "seawall": (None, "sea_wall"), "sea_wall": (None, "sea_wall"),
}

# Pieces laid on top of a hex ("rect_terrain") that make a river hex a crossing: every kind of
# bridge the editor has (bga-devs/bga-memoir, modules/php/Scenario.php, validateTerrain: bridge,
# pbridge, wbridge; railbridge, wrailbridge). The base game has one bridge terrain.
BRIDGE_PIECES = frozenset({"bridge", "pbridge", "wbridge", "railbridge", "wrailbridge"})
RIVERS = frozenset({"river", "curve", "riverfl", "riverfr", "rivery", "pond", "pmouth"})

# hex "behavior" values the editor adds to a hill that make it another terrain
BEHAVIORS = {"CLIFF": "cliff", "DRAW": "draw", "STEEP_HILL": "steep_hill"}

UNIT_TYPES = {"inf": ("infantry", None), "inf2": ("infantry", "special_forces"),
              "tank": ("armor", None), "tank2": ("armor", "special_forces"), "gun": ("artillery", None)}
NATIONS = {"ger": "axis", "de": "axis", "jp": "axis", "it": "axis", "hu": "axis", "ro": "axis",
           "us": "allied", "brit": "allied", "uk": "allied", "gb": "allied", "ru": "allied",
           "su": "allied", "fr": "allied", "ca": "allied", "pl": "allied", "au": "allied", "nz": "allied"}
# The badges that are not decorative, by unit name and badge number: the editor's troop table as
# bga-devs/bga-memoir reads it (modules/php/Scenario.php, validateUnit, TROOP_CLASSES). Every other
# badge is a decorative one (a nation's elite badge). Only French resistance is in the base game.
# That table has badge 3 (the Cross of Lorraine) only on 'inf2' (French resistance there; a plain 'inf'
# with it is plain infantry). This importer reads a plain 'inf' with it as French resistance and keeps
# an 'inf2' with it elite, as the unit name says, naming the badge in the warning: conflicts entry
# m44.import.badge3 has both readings.
FRENCH_RESISTANCE = 3
SPECIAL_BADGES = {("inf", 3): "French resistance", ("inf2", 3): "French resistance",
                  ("gun", 5): "big guns", ("inf", 6): "combat engineers", ("inf2", 6): "combat engineers",
                  ("inf", 8): "combat engineers", ("inf2", 8): "combat engineers",
                  ("inf", 12): "combat engineers", ("inf2", 12): "combat engineers",
                  ("inf", 28): "combat engineers", ("inf2", 28): "combat engineers",
                  ("inf", 26): "snipers", ("inf", 27): "snipers", ("inf", 29): "cavalry",
                  ("inf", 30): "ski troops", ("inf2", 30): "ski troops", ("inf", 37): "anti-tank guns",
                  ("inf", 41): "mortars", ("inf", 45): "machine guns", ("gun", 35): "mobile artillery",
                  ("gun", 46): "heavy anti-tank guns", ("tank2", 33): "flame-thrower tanks"}
# Medal tags: medal0 counts for either side, medal1, medal4 and medal6 for the Allies, the others
# for the Axis (bga-devs/bga-memoir, modules/php/Managers/Tokens.php, extractMedalDatas).
ALLIED_MEDALS = frozenset({"medal1", "medal4", "medal6"})
MEDAL_FLAGS_NOT_READ = ("turn_start", "last_to_occupy", "sole_control", "any_hex")
SIDES = {"AXIS": "axis", "ALLIES": "allied", "ALLIED": "allied"}
FRONTS = ("western", "eastern", "pacific", "mediterranean")
_UNIT_NAME = re.compile(r"^(inf2|inf|tank2|tank|gun|pln|veh)([a-z]*)$")
_BADGE = re.compile(r"badge([0-9]{1,4})", re.IGNORECASE | re.ASCII)
TEXT_KEYS = ("name", "subtitle", "description", "historical", "rules", "victory")


@dataclass(frozen=True)
class Imported:
    scenario: object                 # tutor.memoir.scenario.Scenario
    warnings: tuple[str, ...]        # at most one line: everything not carried over, or read differently

    def yaml(self, source: str = "") -> str:
        head = f"# Imported from {source} by `tutor import-m44`.\n" if source else ""
        head += "".join(f"# warning: {w}\n" for w in self.warnings)
        return head + self.scenario.to_yaml()


def _json(path: str | Path, text: str | None):
    """The file's JSON within the input policy (tutor.inputs: size, depth, clean text)."""
    from tutor.inputs import parse_json, read_bytes
    if text is None:
        raw = read_bytes(path, ".m44")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")        # old editor files; latin-1 decodes any byte
    return parse_json(text, str(path), ".m44 file")


_WHOLE_TEXT = re.compile(r"\s*-?[0-9]{1,6}\s*", re.ASCII)  # a number in the editor's text: "12", "-1"


def _int(v, what: str, where: str) -> int:
    """A whole number as the editor writes one (a JSON number, or its digits as text: ASCII digits
    only, at most 6: "²" or a 5,000-digit row is no number)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, str) and _WHOLE_TEXT.fullmatch(v):
        return int(v)
    raise InputError(f"{where}: {what} must be a whole number, not {clipped(v, 41)}")


def _name(obj) -> str | None:
    if isinstance(obj, dict):
        n = obj.get("name")
        return n if isinstance(n, str) and n else None
    return None


class _Notes:
    """What was not carried over, grouped by kind, each with its hexes: said in ONE line."""

    def __init__(self):
        self.groups: dict[str, list[str]] = defaultdict(list)

    def add(self, what: str, h=None):
        self.groups[what].append(fmt(h) if h is not None else "")

    def say(self, text: str):
        self.groups.setdefault(text, [])

    def out(self) -> tuple[str, ...]:
        parts = []
        for what, hexes in self.groups.items():
            hexes = [h for h in hexes if h]
            parts.append(f"{what}" + (f" (hex{'es' if len(hexes) > 1 else ''} {' '.join(hexes)})" if hexes else ""))
        return ("; ".join(parts),) if parts else ()


def import_m44(path: str | Path, text: str | None = None) -> Imported:
    """Read a ``.m44`` file; the scenario it describes and the warnings about what was skipped."""
    data = _json(path, text)
    return from_m44(data, str(path), source=Path(path).name)


def from_m44(data, where: str = "<m44>", source: str = "") -> Imported:
    from tutor.scenario import from_data
    check(data, M44, where)     # what makes it a .m44 file (tutor.schemas); the rest is read leniently
    board = data["board"]
    notes = _Notes()
    btype = board.get("type", "STANDARD")
    if not isinstance(btype, str) or btype.upper() not in BOARD_TYPES:
        raise InputError(f"{where}: board type {btype!r} is unknown: allowed are STANDARD, BRKTHRU, OVERLORD")
    brd = BOARDS[BOARD_TYPES[btype.upper()]]
    face = board.get("face", "COUNTRY")
    face = face.upper() if isinstance(face, str) else face
    if face not in FACES:
        notes.say(f"board face {face!r} is unknown (known: {', '.join(FACES)}); read as COUNTRY")
        face = "COUNTRY"
    elif face in ("WINTER", "DESERT"):
        notes.say(f"board face {face}: drawn as countryside; winter and desert rules are not in the base game")

    info = data.get("game_info") if isinstance(data.get("game_info"), dict) else {}
    side1 = SIDES.get(str(info.get("side_player1", "AXIS")).upper())
    side2 = SIDES.get(str(info.get("side_player2", "ALLIES")).upper())
    if side1 is None or side2 is None or side1 == side2:
        notes.say(f"the two players' sides ({info.get('side_player1')!r} and {info.get('side_player2')!r}) are not "
                  f"one AXIS and one ALLIES; read player 1 as axis (top) and player 2 as allied")
        side1, side2 = "axis", "allied"
    player_side = {"PLAYER1": side1, "PLAYER2": side2}

    terrain, obstacles, units, objectives = {}, {}, {}, []
    seen = set()
    for i, hx in enumerate(board.get("hexagons", [])):
        at = f"{where}: board.hexagons[{i}]"
        h = (_int(hx["col"], "col", at), _int(hx["row"], "row", at))
        if h not in brd.hexes:
            what = "a half hex cut by the edge of" if h in brd.half_hexes else "a hex off"
            notes.add(f"skipped {what} the {brd.name} board", h)
            continue
        if h in seen:
            notes.add("skipped a hexagon listed twice (the first is kept)", h)
            continue
        seen.add(h)
        # terrain and obstacles: 'terrain', then 'rect_terrain' (a piece laid on top), then 'obstacle'
        t_here = None
        for key in ("terrain", "rect_terrain", "obstacle"):
            piece = hx.get(key)
            name = _name(piece)
            if piece is not None and name is None:
                notes.add(f"skipped a {key.replace('_', ' ')} without a name", h)
                continue
            if name is None:
                continue
            low = name.lower()
            behavior = piece.get("behavior") if isinstance(piece.get("behavior"), str) else None
            behavior = (behavior or (hx.get("behavior") if isinstance(hx.get("behavior"), str) else "")).upper()
            if key == "rect_terrain" and low in BRIDGE_PIECES:
                # a bridge laid on a river hex is the bridge over it (the pieces are drawn on the river)
                if t_here not in (None, "river", "countryside", "bridge"):
                    notes.add(f"skipped {name!r} laid on {t_here} (a bridge crosses a river)", h)
                    continue
                t_here = "bridge"
                continue
            if low == "ford" or behavior in ("FORD", "FORDABLE_STREAM"):
                # fords and fordable streams are Terrain Pack pieces; the base game's river stays impassable
                notes.add(f"{'ford' if low == 'ford' else 'fordable ' + low} read as an impassable river "
                          f"(fords are not in the base game)", h)
                if low == "ford" or low in RIVERS:
                    t_here = t_here if t_here == "bridge" else "river"
                continue
            mapped = TERRAIN_NAMES.get(low)
            if mapped is None:
                notes.add(f"skipped unknown {key.replace('_', ' ')} {name!r}", h)
                continue
            t, o = mapped
            if t == "hill" and behavior in BEHAVIORS:
                t = BEHAVIORS[behavior]
            if o == "sandbags" and behavior == "SEAWALL":
                o = "sea_wall"          # 'sand' with the SEAWALL behaviour is the editor's sea wall
            if t is not None:
                if t_here == "bridge" and t == "river":
                    continue
                if t_here is not None and t_here != t:
                    notes.add(f"skipped {key.replace('_', ' ')} {name!r}: the hex already has {t_here}", h)
                    continue
                t_here = t
            if o is not None:
                if h in obstacles and obstacles[h] != o:
                    notes.add(f"skipped obstacle {name!r}: the hex already has {obstacles[h]}", h)
                else:
                    obstacles[h] = o
        if t_here is not None and t_here != "countryside":
            terrain[h] = t_here

        u = hx.get("unit")
        if u is not None:
            spec = _unit(u, h, info, side1, side2, notes)
            if spec is not None:
                units[h] = spec

        tags = hx.get("tags") or []
        if not isinstance(tags, list):
            tags = [tags]
        for tag in tags:
            name = _name(tag) if isinstance(tag, dict) else (tag if isinstance(tag, str) else None)
            if re.fullmatch(r"medal\d*", (name or "").lower()):
                obj = _medal(tag if isinstance(tag, dict) else {}, name.lower(), h, brd, notes)
                if obj is not None:
                    objectives.append(obj)
            else:
                notes.add(f"skipped tag {name!r} (only medal tags become objectives)", h)

    # The beach face: rows printed as beach and ocean (the last five rows), unless a hex has terrain.
    if face == "BEACH":
        for h in brd.hexes:
            k = brd.rows - 1 - h[1]
            if k <= 4 and h not in terrain:
                terrain[h] = "ocean" if k <= 1 else "beach"
        notes.say(f"board face BEACH: rows {brd.rows - 5}-{brd.rows - 3} read as beach and rows "
                  f"{brd.rows - 2}-{brd.rows - 1} as ocean where no terrain is given")

    # Keep the board legal: obstacles only on land, units only where they may stand.
    for h in list(obstacles):
        t = terrain.get(h, "countryside")
        if TERRAIN[t].impassable == frozenset(KINDS) or t == "ocean":
            notes.add(f"skipped {obstacles.pop(h)} on {t}: obstacles stand on land", h)
    for h in list(units):
        blocked = cannot_stand_on(units[h]["kind"], terrain.get(h, "countryside"), obstacles.get(h))
        if blocked:
            u = units.pop(h)
            notes.add(f"skipped {u['side']} {u['kind']} standing on impassable {blocked.name}", h)

    text = data.get("text")
    lang = {}
    if isinstance(text, dict) and text:
        lang = text.get("en") if isinstance(text.get("en"), dict) else next(
            (v for v in text.values() if isinstance(v, dict)), {})
    for k, v in lang.items():
        if k not in TEXT_KEYS and isinstance(v, str) and v.strip():
            notes.say(f"text {k!r} not carried over")
    lang = {k: v.strip() for k, v in lang.items() if isinstance(v, str) and v.strip()}
    title = lang.get("name") or Path(source or "imported").stem or "Imported scenario"
    if lang.get("subtitle"):
        title = f"{title} — {lang['subtitle']}"
    title = " ".join(title.split())            # a title is one line
    if len(title) > MAX_TITLE:
        notes.say(f"title cut to {MAX_TITLE} characters")
        title = title[:MAX_TITLE - 1] + "…"
    out = {"format": 1, "game": "memoir44", "title": title, "board": brd.name, "top": side1}
    desc = [lang[k] for k in ("description", "historical") if lang.get(k)]
    if desc:
        out["description"] = "\n\n".join(desc)
    medals = {}
    for p, side in (("1", side1), ("2", side2)):
        v = info.get(f"victory_player{p}")
        try:
            if v is not None and _int(v, "victory", where) > 0:
                medals[side] = _int(v, "victory", where)
        except InputError:
            notes.say(f"the medals player {p} needs to win ({v!r}) is not a number; skipped")
    if medals:
        out["medals_to_win"] = medals if len(set(medals.values())) > 1 or len(medals) < 2 else medals[side1]
    cards = {}
    for p, side in (("1", side1), ("2", side2)):
        v = info.get(f"cards_player{p}")
        try:
            if v is not None and _int(v, "cards", where) > 0:
                cards[side] = _int(v, "cards", where)
        except InputError:
            notes.say(f"the command cards player {p} holds ({v!r}) is not a number; skipped")
    if cards:
        out["cards"] = cards
    starting = str(info.get("starting", "")).upper()
    if starting in player_side:
        out["first"] = player_side[starting]
    front = info.get("front")
    if isinstance(front, str) and front.strip():
        if front.strip().lower() in FRONTS:
            out["front"] = front.strip().lower()
        else:
            notes.say(f"the battle's front ({front!r}) is not one of {', '.join(FRONTS)}; not carried over")
    date = info.get("date_begin")
    if isinstance(date, str) and re.match(r"[0-9]{4}", date):
        if 1939 <= int(date[:4]) <= 1945:
            out["year"] = int(date[:4])
        else:
            notes.say(f"the date the battle begins ({date!r}) is not a war year; not carried over")
    conditions = info.get("victory_conditions")
    for cond in conditions if isinstance(conditions, list) else []:
        for k in (cond if isinstance(cond, dict) else {}):
            if k != "standard":
                notes.say(f"the special victory condition {k!r} is not carried over (see the victory text)")
    if lang.get("rules"):
        out["special_rules"] = lang["rules"]
    if lang.get("victory"):
        out["special_rules"] = (out.get("special_rules", "") + "\n\nVictory: " + lang["victory"]).strip()
    meta = data.get("meta_data") if isinstance(data.get("meta_data"), dict) else {}
    sid = meta.get("scenario_id")
    out["source"] = f"{source or where} (.m44" + (f", scenario {sid}" if sid not in (None, "") else "") + ")"
    if objectives:
        out["objectives"] = objectives
    labels = _labels(board.get("labels"), brd, notes)
    if labels:
        out["labels"] = labels
    out["terrain"] = {fmt(h): t for h, t in sorted(terrain.items(), key=lambda x: (x[0][1], x[0][0]))}
    out["obstacles"] = {fmt(h): o for h, o in sorted(obstacles.items(), key=lambda x: (x[0][1], x[0][0]))}
    out["units"] = {fmt(h): u for h, u in sorted(units.items(), key=lambda x: (x[0][1], x[0][0]))}
    scenario = from_data(out, where)
    return Imported(scenario, notes.out())


def _unit(u, h, info, side1, side2, notes: _Notes) -> dict | None:
    from tutor.memoir.scenario import full_strength
    name = _name(u)
    if name is None:
        notes.add("skipped a unit without a name", h)
        return None
    m = _UNIT_NAME.match(name.lower())
    if m is None or m.group(1) in ("pln", "veh"):
        notes.add(f"skipped unknown unit {name!r}", h)
        return None
    utype = m.group(1)
    kind, badge = UNIT_TYPES[utype]
    nation = u.get("nation") if isinstance(u.get("nation"), str) and u.get("nation") else m.group(2)
    nation = (nation or "").lower()
    if nation in NATIONS:
        side = NATIONS[nation]
    else:
        countries = {str(info.get("country_player1", "")).lower(): side1,
                     str(info.get("country_player2", "")).lower(): side2}
        side = countries.get(nation)
        if side is None:
            notes.add(f"skipped unit {name!r}: nation {nation or '(none)'!r} is unknown", h)
            return None
    ubadge = u.get("badge")
    said = ubadge
    behavior = u.get("behavior")
    if ubadge in (None, "") and isinstance(behavior, str) and behavior.strip().upper() == "FRENCH_RESISTANCE":
        # the editor's other way to give a unit the Cross of Lorraine: the FRENCH_RESISTANCE behavior is
        # badge 3 (bga-devs/bga-memoir, modules/php/constants.inc.php, TROOP_BADGE_MAPPING; its scenario
        # 19-Vassieux.php places the Resistance so); conflicts entry m44.import.badge3
        ubadge, said = f"badge{FRENCH_RESISTANCE}", f"behavior {behavior.strip()}"
    if ubadge not in (None, ""):
        b = _BADGE.fullmatch(ubadge.strip()) if isinstance(ubadge, str) else None
        special = SPECIAL_BADGES.get((utype, int(b.group(1)))) if b else None
        if b is None:
            notes.add(f"badge {ubadge!r} unknown: {name!r} kept as {_unit_words(kind, badge)}", h)
        elif special == "French resistance" and utype == "inf":
            badge = "french_resistance"
        elif special and badge == "special_forces":
            # an elite unit stays elite with its 4 figures whatever its badge says
            notes.add(f"{name!r} with {said} ({special} in the editor) kept as special forces", h)
        elif special:
            notes.add(f"{name!r} with {said} are {special}, not in the base game: imported as plain {kind}", h)
        else:
            notes.add(f"decorative {ubadge.lower()} not carried over", h)
    full = full_strength(kind, badge)
    figures = full
    if u.get("nbr_units") not in (None, ""):
        try:
            figures = _int(u["nbr_units"], "nbr_units", "")
        except InputError:
            notes.add(f"unit {name!r}: its figure count ({u['nbr_units']!r}) is not a number; "
                      f"full strength used", h)
            figures = full
        if figures < 1:
            notes.add(f"skipped unit {name!r} with {figures} figures", h)
            return None
        if figures > full:
            notes.add(f"unit {name!r}: {figures} figures is more than a full unit; {full} used", h)
            figures = full
    out = {"side": side, "kind": kind}
    if figures != full:
        # a scenario's unit of fewer figures starts the battle so, none of them lost: Medics &
        # Mechanics never gives it more than it originally had (the printed card)
        out["figures"] = out["original"] = figures
    if badge:
        out["badge"] = badge
    return out


def _unit_words(kind: str, badge: str | None) -> str:
    return f"{badge.replace('_', ' ')} {kind}" if badge else kind


def _group_hex(coord, brd) -> tuple[int, int] | None:
    """A medal group's hex as the editor writes it: a letter and a row counted from the bottom
    (upper case for even columns, lower case for odd ones; bga-devs/bga-memoir, Utils::revertCoords)."""
    if not isinstance(coord, str) or not re.fullmatch(r"[A-Za-z][0-9]{1,2}", coord):
        return None
    letter, number = coord[0], int(coord[1:])
    v = ord(letter.lower()) - ord("a")
    col = 2 * v if letter.isupper() else 2 * v + 1
    h = (col, brd.rows - number)
    return h if h in brd.hexes else None


def _medal(tag: dict, name: str, h, brd, notes: _Notes) -> dict | None:
    """An objective from a medal tag: its side from the medal's number, permanent or not, worth
    ``counts_for`` medals; a majority medal over its group of hexes."""
    spec = tag.get("medal") if isinstance(tag.get("medal"), dict) else {}
    obj = {"hex": fmt(h), "type": "permanent" if spec.get("permanent") is True else "temporary"}
    if name != "medal0":
        obj["side"] = "allied" if name in ALLIED_MEDALS else "axis"
    counts = spec.get("counts_for", 1)
    if type(counts) is int and counts > 1:
        obj["medals"] = counts
    group = [g for g in (tag.get("group") or []) if g] if isinstance(tag.get("group"), list) else []
    found = [_group_hex(g, brd) for g in group]
    off = [str(g) for g, x in zip(group, found, strict=True) if x is None]
    if off:
        notes.add(f"medal group hexes {' '.join(off)} not on the board", h)
    hexes = [x for x in found if x is not None and x != h]
    if spec.get("majority") is True:
        if not hexes:
            notes.add("majority medal without a group read as a plain medal", h)
        else:
            obj = {k: v for k, v in obj.items() if k != "hex"}
            obj.update(type="majority", hexes=[fmt(h)] + [fmt(x) for x in dict.fromkeys(hexes)])
    elif hexes:
        notes.add(f"medal group {' '.join(fmt(x) for x in hexes)} read as the tagged hex only", h)
    for flag in MEDAL_FLAGS_NOT_READ:
        if spec.get(flag):
            notes.add(f"medal condition {flag} not carried over", h)
    return obj


def _labels(raw, brd, notes: _Notes) -> dict:
    """The map's place names: {"col,row": "text"} (a label's lines joined by a space)."""
    out = {}
    for lab in raw if isinstance(raw, list) else []:
        if not isinstance(lab, dict):
            continue
        try:
            h = (_int(lab.get("col"), "col", ""), _int(lab.get("row"), "row", ""))
        except InputError:
            notes.say("a label without row and col not carried over")
            continue
        lines = lab.get("text")
        lines = [lines] if isinstance(lines, str) else lines if isinstance(lines, list) else []
        text = " ".join(" ".join(x.split()) for x in lines if isinstance(x, str) and x.strip())
        if not text:
            continue
        if h not in brd.hexes:
            notes.add(f"label {text!r} off the board not carried over", h)
            continue
        out[fmt(h)] = (out[fmt(h)] + " / " + text) if fmt(h) in out else text[:MAX_TITLE]
    return dict(sorted(out.items(), key=lambda kv: tuple(int(x) for x in kv[0].split(","))[::-1]))
