"""Share a board by link: a whole Memoir '44 scenario in one short URL token.

Format ``m1`` (the prefix is the version; a later format gets a new prefix and ``m1`` links keep
working)::

    m1.<base64url, no padding>( checksum[4] + zlib( payload ) )

``checksum`` is the first 4 bytes of BLAKE2s over the compressed bytes: a link cut short, mistyped
or edited by hand is refused with one clear line. (It detects damage; it is not a signature.)

``payload`` (all counts and indexes are unsigned LEB128 varints)::

    flags    1 byte: board (bits 0-1: 0 standard, 1 breakthrough, 2 overlord), top (bit 2: 0 axis,
             1 allied), bit 3 description present, bit 4 extra keys present; bits 5-7 zero
    title    varint length + UTF-8
    [description  varint length + UTF-8]
    [extra        varint length + UTF-8 YAML of the optional keys (medals_to_win, first, …)]
    terrain   varint count, then per hex: varint gap + 1 byte terrain code
    obstacles varint count, then per hex: varint gap + 1 byte obstacle code
    units     varint count, then per hex: varint gap + 1 byte
              (bit 0 side: 0 axis 1 allied; bits 1-2 kind: infantry/armor/artillery;
               bits 3-4 badge: none/special_forces/french_resistance; bits 5-7 figures - 1)

Hexes are numbered in reading order (row by row, left to right) over the board's playable hexes;
``gap`` is the distance from the previous entry's number minus one (the first: its number).
The codes below are fixed for ``m1``: new terrain is appended, never inserted.

Decoding goes through ``tutor.scenario.from_data``, so a link can only ever yield a scenario that
the scenario-file rules accept. Every failure is one ``InputError`` line; nothing else is raised.
No widget or pandas import here.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import zlib
from functools import cache
from urllib.parse import parse_qs, urlsplit

import yaml

from tutor.errors import InputError
from tutor.hexes import BOARDS, Board, Hex, fmt, row_major
from tutor.inputs import MAX_LINK, MAX_LINK_TEXT, MAX_PAYLOAD, parse_yaml

VERSION = "m1"
PREFIX = VERSION + "."
QUERY_KEY = "board"

BOARD_CODES = ("standard", "breakthrough", "overlord")
SIDE_CODES = ("axis", "allied")
KIND_CODES = ("infantry", "armor", "artillery")
BADGE_CODES = (None, "special_forces", "french_resistance")
TERRAIN_CODES = ("countryside", "woods", "hedgerows", "hill", "town", "church", "river", "bridge",
                 "beach", "ocean", "draw", "cliff", "steep_hill", "lake", "mountain")
OBSTACLE_CODES = ("bunker", "hedgehog", "wire", "sandbags", "sea_wall")

# The limits are the input policy's (tutor.inputs): a token of at most MAX_LINK characters,
# MAX_PAYLOAD bytes unpacked; the optional keys are read by its strict YAML loader (no aliases).
_BAD = "link is damaged or was altered"


@cache
def _numbering(name: str) -> tuple[tuple[Hex, ...], dict]:
    hexes = tuple(sorted(BOARDS[name].hexes, key=row_major))
    return hexes, {h: i for i, h in enumerate(hexes)}


# ---------------------------------------------------------------------------------------------
# encoding


def _varint(n: int, out: bytearray) -> None:
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


def _text(s: str, out: bytearray) -> None:
    raw = s.encode("utf-8")
    _varint(len(raw), out)
    out += raw


def _entries(mapping, index: dict, code, out: bytearray) -> None:
    items = sorted((index[h], code(v)) for h, v in mapping.items())
    _varint(len(items), out)
    prev = -1
    for i, c in items:
        _varint(i - prev - 1, out)
        out.append(c)
        prev = i


def _code(table, value, what: str) -> int:
    try:
        return table.index(value)
    except ValueError:
        raise InputError(f"{what} {value!r} cannot be shared by a {VERSION} link: known are "
                         f"{', '.join(str(v) for v in table)}") from None


def _unit_code(u) -> int:
    if not 1 <= u.figures <= 8:
        raise InputError(f"a unit of {u.figures} figures cannot be shared by link")
    return (_code(SIDE_CODES, u.side, "side") | _code(KIND_CODES, u.kind, "unit kind") << 1
            | _code(BADGE_CODES, u.badge, "badge") << 3 | (u.figures - 1) << 5)


def payload(scenario) -> bytes:
    """The uncompressed binary form of a Memoir '44 scenario (see the module docstring)."""
    if getattr(scenario, "game", "memoir44") != "memoir44":
        raise InputError("only Memoir '44 boards can be shared by link")
    brd: Board = scenario.board
    _, index = _numbering(brd.name)
    extra = dict(scenario.extra)
    out = bytearray()
    out.append(_code(BOARD_CODES, brd.name, "board") | _code(SIDE_CODES, scenario.top, "top") << 2
               | bool(scenario.description) << 3 | bool(extra) << 4)
    _text(scenario.title, out)
    if scenario.description:
        _text(scenario.description, out)
    if extra:
        # Double-quoted style escapes every character YAML would otherwise fold (NEL, LS, CR…).
        _text(yaml.safe_dump({k: _plain(v) for k, v in extra.items()}, sort_keys=False, allow_unicode=True,
                             default_flow_style=True, width=1 << 30, default_style='"'), out)
    _entries(scenario.terrain, index, lambda t: _code(TERRAIN_CODES, t, "terrain"), out)
    _entries(scenario.obstacles, index, lambda o: _code(OBSTACLE_CODES, o, "obstacle"), out)
    _entries(scenario.units, index, _unit_code, out)
    return bytes(out)


def _plain(v):
    """Plain dicts and lists for YAML (scenario files read mappings as a dict subclass)."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def _checksum(blob: bytes) -> bytes:
    return hashlib.blake2s(blob, digest_size=4).digest()


def encode(scenario) -> str:
    """The link token for a scenario: ``m1.…`` (URL-safe, no padding)."""
    blob = zlib.compress(payload(scenario), 9)
    token = base64.urlsafe_b64encode(_checksum(blob) + blob).rstrip(b"=").decode("ascii")
    return PREFIX + token


def share_url(scenario, base: str = "") -> str:
    """``base?board=m1.…`` — ``base`` is the lab page's address (empty: a relative link)."""
    base = base.split("?", 1)[0].split("#", 1)[0]
    return f"{base}?{QUERY_KEY}={encode(scenario)}"


# ---------------------------------------------------------------------------------------------
# decoding


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def byte(self, what: str) -> int:
        if self.pos >= len(self.data):
            raise InputError(f"{_BAD}: it ends in the middle of the {what}")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self, what: str) -> int:
        n = shift = 0
        while True:
            b = self.byte(what)
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 28:
                raise InputError(f"{_BAD}: the {what} is not a valid number")

    def text(self, what: str) -> str:
        n = self.varint(what)
        if n > len(self.data) - self.pos:
            raise InputError(f"{_BAD}: it ends in the middle of the {what}")
        raw = self.data[self.pos:self.pos + n]
        self.pos += n
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{_BAD}: the {what} is not UTF-8 text") from None


def token_of(text: str) -> str:
    """The ``m1.…`` token in a link, a query string (``board=…``) or the token itself."""
    if not isinstance(text, str):
        raise InputError(f"a board link is text, not {type(text).__name__}")
    if len(text) > MAX_LINK_TEXT:
        raise InputError(f"the board link is too long ({len(text):,} characters; a link is at most "
                         f"{MAX_LINK:,} characters plus the page address)")
    text = text.strip()
    if not text:
        raise InputError("the board link is empty: paste a link with ?board=m1.… or the m1.… code itself")
    if "=" in text or "/" in text or "?" in text:
        parts = urlsplit(text) if "://" in text or text.startswith(("/", "?")) else None
        query = parts.query if parts is not None else text
        fragment = parts.fragment if parts is not None else ""
        for q in (query, fragment):
            values = parse_qs(q.lstrip("?")).get(QUERY_KEY)
            if values:
                return values[-1].strip()
        raise InputError(f"this URL holds no board: it has no '{QUERY_KEY}=' parameter (a board link ends in "
                         f"?{QUERY_KEY}={PREFIX}…)")
    return text


def _unpack(token: str) -> bytes:
    if len(token) > MAX_LINK:
        raise InputError(f"the board link is too long ({len(token)} characters; at most {MAX_LINK})")
    version, dot, body = token.partition(".")
    if not dot:
        raise InputError(f"this is not a board link: a board link starts with '{PREFIX}'")
    if version != VERSION:
        if version[:1] == "m" and version[1:].isdigit():
            raise InputError(f"board link version {version!r} is not supported by this tutor: it reads "
                             f"{VERSION} (update the tutor to open newer links)")
        raise InputError(f"this is not a board link: a board link starts with '{PREFIX}', not {version[:12]!r}")
    if not body or any(c not in _B64 for c in body) or len(body) % 4 == 1:
        raise InputError(f"{_BAD}: it holds characters or a length no link has "
                         f"(copy the whole link, up to its last character)")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise InputError(f"{_BAD}: it is not valid base64url") from None
    if len(raw) < 5:
        raise InputError(f"{_BAD}: it is too short (was it cut off?)")
    check, blob = raw[:4], raw[4:]
    if _checksum(blob) != check:
        raise InputError(f"{_BAD}: its checksum does not match (was it cut off or edited?)")
    d = zlib.decompressobj()
    try:
        data = d.decompress(blob, MAX_PAYLOAD)
        if d.unconsumed_tail:
            raise InputError(f"{_BAD}: it unpacks to more than {MAX_PAYLOAD} bytes")
        data += d.flush()
    except zlib.error:
        raise InputError(f"{_BAD}: its compressed data is broken") from None
    if not d.eof or d.unused_data:
        raise InputError(f"{_BAD}: its compressed data is incomplete or has trailing bytes")
    return data


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def data_from_payload(data: bytes) -> dict:
    """The scenario-file mapping a payload describes (not yet validated)."""
    r = _Reader(data)
    flags = r.byte("header")
    if flags >> 5 or flags & 3 == 3:
        raise InputError(f"{_BAD}: unknown header bits (a newer format?)")
    name = BOARD_CODES[flags & 3]
    hexes, _ = _numbering(name)
    out = {"format": 1, "game": "memoir44", "title": r.text("title"), "board": name,
           "top": SIDE_CODES[flags >> 2 & 1]}
    if flags & 8:
        out["description"] = r.text("description")
    if flags & 16:
        extra_text = r.text("extra keys")
        # The strict loader refuses anchors and aliases: a 171-character link of nested aliases
        # would otherwise expand to gigabytes when the lab re-encodes the board.
        extra = parse_yaml(extra_text, "board link (optional keys)")
        if not isinstance(extra, dict) or not extra:
            raise InputError(f"{_BAD}: its optional keys are not a mapping")
        for k in extra:
            if k in out or k in ("terrain", "obstacles", "units"):
                raise InputError(f"{_BAD}: key {k!r} may not be among the optional keys")
        out.update(extra)

    def entries(what, decode):
        n = r.varint(f"{what} count")
        if n > len(hexes):
            raise InputError(f"{_BAD}: {n} {what} entries on a board of {len(hexes)} hexes")
        got, i = {}, -1
        for _ in range(n):
            i += r.varint(f"{what} hex") + 1
            if i >= len(hexes):
                raise InputError(f"{_BAD}: a {what} entry lies off the {name} board")
            got[fmt(hexes[i])] = decode(r.byte(what))
        return got

    def table(codes, what):
        def decode(c):
            if c >= len(codes):
                raise InputError(f"{_BAD}: {what} code {c} is unknown")
            return codes[c]
        return decode

    def unit(c):
        kind, badge = (c >> 1) & 3, (c >> 3) & 3
        if kind >= len(KIND_CODES) or badge >= len(BADGE_CODES):
            raise InputError(f"{_BAD}: unit code {c} is unknown")
        u = {"side": SIDE_CODES[c & 1], "kind": KIND_CODES[kind], "figures": (c >> 5) + 1}
        if BADGE_CODES[badge]:
            u["badge"] = BADGE_CODES[badge]
        return u

    out["terrain"] = entries("terrain", table(TERRAIN_CODES, "terrain"))
    out["obstacles"] = entries("obstacle", table(OBSTACLE_CODES, "obstacle"))
    out["units"] = entries("unit", unit)
    if r.pos != len(data):
        raise InputError(f"{_BAD}: {len(data) - r.pos} unexpected bytes at its end")
    return out


def decode(link: str):
    """The scenario in a link (a whole URL, a query string or the ``m1.…`` token).

    Raises ``InputError`` — one line saying what is wrong — for anything that is not a good link.
    """
    from tutor.scenario import from_data
    token = token_of(link)
    data = data_from_payload(_unpack(token))
    try:
        return from_data(data, "board link")
    except InputError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:  # pragma: no cover
        raise InputError(f"{_BAD}: {type(exc).__name__}") from None


def from_query(query: str | None = None):
    """The scenario in a page's query string (Voilà puts it in ``$QUERY_STRING``), or None.

    ``None`` when there is no ``board=`` parameter; ``InputError`` when there is one but it is bad.
    """
    import os
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    values = parse_qs((query or "").lstrip("?")).get(QUERY_KEY)
    if not values:
        return None
    return decode(values[-1])
