"""Hex boards in doubled-width coordinates, and the exact geometry of a center-to-center line.

Coordinates are ``(col, row)``, written ``"col,row"``; row 0 is the top edge and ``col + row`` is
always even. Neighbors differ by (±2, 0) or (±1, ±1). In the *lattice* used for geometry a hex
center is the integer point ``(col, 3*row)`` and its six corners are ``(col, 3row±2)`` and
``(col±1, 3row±1)`` — a pointy-top hexagon stretched vertically by √3, an affine map, so it keeps
every incidence and side-of-line question of the real board, and all of them become integer
arithmetic. Nothing here uses floating point.

Boards (memoir44-rules-es.txt, CAMPO DE BATALLA; memoir44-overlord-rules-pl.txt, Przygotowanie do
gry): standard 13 × 9, breakthrough 13 × 17, Overlord 26 × 9. Even rows hold the long rows
(cols 0, 2, …); odd rows hold one hex fewer plus a half hex at each side edge (cols -1 and
2·width-1). Half hexes are not playable; they exist because the rulebook counts hexes cut by the
board edge as line-of-sight obstructions.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter

from tutor.errors import InputError
from tutor.inputs import hex_numbers

Hex = tuple[int, int]

# The six neighbour offsets, clockwise from east (screen coordinates, y down).
DIRECTIONS: tuple[Hex, ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


_PARSED: dict[str, Hex] = {}       # "c,r" -> (c, r), for the texts that parsed (actions repeat them)
_TEXT: dict[Hex, str] = {}         # (c, r) -> "c,r"


def parse_hex(text: str, *, what: str = "hex") -> Hex:
    """``"6,4"`` → ``(6, 4)``. Raises InputError on anything else (one line, says what is allowed)."""
    if type(text) is str:
        got = _PARSED.get(text)
        if got is not None:
            return got
        h = _parse_hex(text, what)
        if len(_PARSED) < 100_000:
            _PARSED[text] = h
        return h
    return _parse_hex(text, what)


def _parse_hex(text, what: str) -> Hex:
    if isinstance(text, (tuple, list)) and len(text) == 2 and all(type(v) is int for v in text):
        col, row = text
    else:
        # ASCII digits only, spaces only around the comma (the input policy, tutor.inputs):
        # int() alone would read Arabic-Indic or full-width digits and "1 0,4" as 10,4.
        got = hex_numbers(text)
        if got is None:
            shown = repr(text) if isinstance(text, str) and len(text) <= 40 else (
                f"{str(text)[:40]!r}…" if isinstance(text, str) else f"a {type(text).__name__}")
            raise InputError(f"{what} {shown} is not a hex: write it as \"col,row\" in digits 0-9, e.g. \"6,4\"")
        col, row = got
    if (col + row) % 2:
        raise InputError(f"{what} \"{col},{row}\" does not exist: in doubled-width coordinates "
                         f"col + row must be even")
    return (col, row)


# Sort key for hexes in reading order, row by row and left to right: (row, col).
row_major = itemgetter(1, 0)


def fmt(h: Hex) -> str:
    if type(h) is not tuple:
        return f"{h[0]},{h[1]}"
    got = _TEXT.get(h)
    if got is None:
        got = f"{h[0]},{h[1]}"
        if len(_TEXT) < 100_000:
            _TEXT[h] = got
    return got


def neighbours(h: Hex) -> list[Hex]:
    c, r = h
    return [(c + dc, r + dr) for dc, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Hexes between centers, counting the target: 1 for neighbors (DESIGN.md formula)."""
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dr + max(0, (dc - dr) // 2)


def centre(h: Hex) -> tuple[int, int]:
    """The hex center in the integer lattice."""
    return (h[0], 3 * h[1])


def corners(h: Hex) -> tuple[tuple[int, int], ...]:
    """The six corners in the integer lattice, clockwise from the top (screen coordinates)."""
    x, y = h[0], 3 * h[1]
    return ((x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1))


# ---------------------------------------------------------------------------------------------
# Boards


SECTION_NAMES = ("left", "center", "right")
# A section as the player across the table names it: their left flank is this side's right.
MIRRORED_SECTION = {"left": "right", "right": "left", "center": "center"}


@dataclass(frozen=True)
class Board:
    """A board shape: which hexes exist, which are half hexes, and the three sections.

    ``section_bounds`` are open x-intervals in the lattice (a hex spans ``(col-1, col+1)``);
    a hex belongs to every section its span overlaps, so hexes cut by a dashed line belong to
    both sections (CAMPO DE BATALLA). Names are as seen by the player at the bottom edge.
    """

    name: str
    width: int                      # hexes in a long (even) row
    rows: int
    section_bounds: tuple[tuple[int, int], ...]
    hexes: frozenset[Hex] = field(init=False, repr=False)
    half_hexes: frozenset[Hex] = field(init=False, repr=False)

    def __post_init__(self):
        full, half = set(), set()
        last = 2 * self.width - 2
        for row in range(self.rows):
            if row % 2 == 0:
                full.update((c, row) for c in range(0, last + 1, 2))
            else:
                full.update((c, row) for c in range(1, last, 2))
                half.update({(-1, row), (last + 1, row)})
        object.__setattr__(self, "hexes", frozenset(full))
        object.__setattr__(self, "half_hexes", frozenset(half))

    @property
    def cols(self) -> tuple[int, int]:
        """The range of playable columns, inclusive."""
        return (0, 2 * self.width - 2)

    def on_board(self, h: Hex) -> bool:
        """A playable hex (half hexes are not)."""
        return h in self.hexes

    def check(self, h: Hex, *, what: str = "hex") -> Hex:
        """Return ``h`` if it is a playable hex of this board, else raise a one-line InputError."""
        if h not in self.hexes:
            lo, hi = self.cols
            why = "is a half hex cut by the board edge" if h in self.half_hexes else "is off the board"
            raise InputError(f"{what} \"{fmt(h)}\" {why}: the {self.name} board has rows 0-{self.rows - 1}, "
                             f"cols {lo}-{hi} (col + row even)")
        return h

    def sections(self, h: Hex, *, viewer: str = "bottom") -> frozenset[str]:
        """The sections (left/center/right) a hex belongs to, for the player at ``viewer``'s edge."""
        c = h[0]
        names = [n for n, (lo, hi) in zip(SECTION_NAMES, self.section_bounds) if c - 1 < hi and c + 1 > lo]
        if viewer == "top":
            names = [MIRRORED_SECTION[n] for n in names]
        elif viewer != "bottom":
            raise ValueError(f"viewer must be 'bottom' or 'top', not {viewer!r}")
        return frozenset(names)

    def section_lines(self) -> tuple[int, ...]:
        """x positions (lattice) of the dashed section lines."""
        return tuple(hi for _, hi in self.section_bounds[:-1])

    def baseline(self, edge: str) -> frozenset[Hex]:
        """The row of hexes nearest to the player at ``edge`` ('top' or 'bottom')."""
        row = 0 if edge == "top" else self.rows - 1
        return frozenset(h for h in self.hexes if h[1] == row)


def _board(name: str, width: int, rows: int, lines: tuple[int, ...]) -> Board:
    right = 2 * width - 1
    edges = (-1, *lines, right)
    return Board(name, width, rows, tuple(zip(edges[:-1], edges[1:])))


# A 13-wide board has its dashed lines 4 hexes in from each side (x = 7 and x = 17): hexes at
# cols 7 and 17 of the odd rows are cut and belong to two sections. Overlord joins two boards;
# their six sections pair into double-width left/centre/right (memoir44-overlord-rules-pl.txt,
# Przygotowanie do gry), so its command lines are the outer board's lines at x = 17 and 33.
BOARDS: dict[str, Board] = {
    "standard": _board("standard", 13, 9, (7, 17)),
    "breakthrough": _board("breakthrough", 13, 17, (7, 17)),
    "overlord": _board("overlord", 26, 9, (17, 33)),
}


def board(name: str) -> Board:
    try:
        return BOARDS[name]
    except KeyError:
        raise InputError(f"board {name!r} is unknown: allowed are {', '.join(BOARDS)}") from None


# ---------------------------------------------------------------------------------------------
# How a centre-to-centre segment meets the hexes between


class Meet(str, enum.Enum):
    """How a line of sight meets a hex: through its inside, or only along its edge (or a corner).

    Left and right are as the shooter sees them, looking from its hex toward the target on the
    board as drawn (row 0 at the top).
    """

    INTERIOR = "interior"
    GRAZE_LEFT = "graze_left"
    GRAZE_RIGHT = "graze_right"


# Separating axes of a pointy-top hex in the lattice: its edges' normals.
_AXES = ((1, 0), (1, 1), (1, -1))


def classify(a: Hex, b: Hex, h: Hex) -> Meet | None:
    """How the segment from center ``a`` to center ``b`` meets hex ``h`` (None: not at all).

    Exact separating-axis test in integers: the closed segment and the closed hexagon are
    disjoint iff one of four axes (the segment's normal, the hexagon's three edge normals)
    separates them strictly; the segment misses the hexagon's inside iff one separates them
    weakly. Touching without entering is a graze, on the side where the hexagon lies.
    """
    (ax, ay), (bx, by) = centre(a), centre(b)
    dx, dy = bx - ax, by - ay
    side = [dx * (vy - ay) - dy * (vx - ax) for vx, vy in corners(h)]
    smin, smax = min(side), max(side)
    if smin > 0 or smax < 0:
        return None
    touches_inside = smin < 0 < smax
    hx, hy = centre(h)
    for nx, ny in _AXES:
        s0, s1 = ax * nx + ay * ny, bx * nx + by * ny
        lo, hi = (s0, s1) if s0 <= s1 else (s1, s0)
        c = hx * nx + hy * ny
        half = 1 if ny == 0 else 2
        if hi < c - half or lo > c + half:
            return None
        if hi <= c - half or lo >= c + half:
            touches_inside = False
    if touches_inside:
        return Meet.INTERIOR
    # In screen coordinates (y down) a positive cross product lies to the right of a→b.
    return Meet.GRAZE_RIGHT if smax > 0 else Meet.GRAZE_LEFT


@cache
def _offsets_between(dc: int, dr: int) -> tuple[tuple[int, int, Meet], ...]:
    """Offsets (from a) of every hex the segment a→a+(dc,dr) meets, a and b excluded, in order."""
    a, b = (0, 0), (dc, dr)
    out = []
    for r in range(min(0, dr) - 1, max(0, dr) + 2):
        for c in range(min(0, dc) - 2, max(0, dc) + 3):
            if (c + r) % 2 or (c, r) in (a, b):
                continue
            m = classify(a, b, (c, r))
            if m is not None:
                out.append((c, r, m))
    # Order along the line by the projection of each hex centre on the direction.
    out.sort(key=lambda t: t[0] * dc + 9 * t[1] * dr)
    return tuple(out)


def hexes_between(a: Hex, b: Hex) -> tuple[tuple[Hex, Meet], ...]:
    """Every hex the center-to-center segment meets, with how, ordered from a to b.

    The endpoints are excluded; the result is translation invariant and cached per offset.
    """
    return tuple(((a[0] + c, a[1] + r), m) for c, r, m in _offsets_between(b[0] - a[0], b[1] - a[1]))
