"""Pixel geometry of a board, and exact picking: which hex holds a pixel.

The lattice of ``tutor.hexes`` (hex center ``(col, 3*row)``, integer corners) maps to pixels by
an integer affine map::

    x = ox + sx * (lx + 1)        y = oy + sy * (ly + 2)

so the board's left edge (lattice x = -1) is at ``ox`` and the top corners of row 0 (lattice
y = -2) at ``oy``. A regular hexagon needs ``sy / sx = 1/√3``; the default 26 × 15 px is within
0.1 % of it, so every hex corner is an integer pixel.

Picking maps a pixel back with ``Fraction`` (a float from the browser is converted exactly) and
tests hexagon containment with integer/Fraction comparisons only — no tolerance anywhere.

**Ties.** A pixel on an edge or a corner belongs to the hex you enter by moving an infinitesimal
step to the *right* (east) from it. No hex edge is horizontal, so this decides every edge and
every corner, and each pixel has exactly one hex: a hex owns its three left edges (upper-left,
left, lower-left) with its two left corners, but not its top and bottom corners nor its right
edges. Precisely, a point is in hex H iff each of H's six edge half-planes ``n·p <= c`` holds
strictly, or with equality on an edge whose outward normal points left (``n.x < 0``). The board itself is the half-open strip ``-1 <= lx < 2*width - 1``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational

from tutor.hexes import Board, Hex

# Outward normals (lattice) and offsets of a hexagon centred at the origin: n·p <= c.
_EDGES = (((1, -1), 2), ((1, 0), 1), ((1, 1), 2), ((-1, 1), 2), ((-1, 0), 1), ((-1, -1), 2))


@dataclass(frozen=True)
class Geometry:
    """Lattice → pixel map of one board drawing (see the module docstring)."""

    sx: int = 26
    sy: int = 15
    ox: int = 12
    oy: int = 12

    def point(self, lx, ly) -> tuple:
        """Pixel of a lattice point (exact: ints stay ints, Fractions stay Fractions)."""
        return (self.ox + self.sx * (lx + 1), self.oy + self.sy * (ly + 2))

    def lattice(self, x, y) -> tuple[Fraction, Fraction]:
        """The exact lattice point of a pixel (floats are converted exactly)."""
        return (Fraction(_exact(x) - self.ox) / self.sx - 1, Fraction(_exact(y) - self.oy) / self.sy - 2)

    def centre(self, h: Hex) -> tuple[int, int]:
        return self.point(h[0], 3 * h[1])

    def polygon(self, h: Hex, board: Board | None = None) -> tuple[tuple[int, int], ...]:
        """The hex's corners in pixels, clockwise from the top; half hexes cut at the board edge."""
        c, r = h
        y = 3 * r
        pts: tuple[tuple[int, int], ...]
        if board is not None and h in board.half_hexes:
            if c < 0:      # left half hex: its right half, x in [-1, 0]
                pts = ((-1, y - 2), (0, y - 1), (0, y + 1), (-1, y + 2))
            else:          # right half hex: its left half, x in [c - 1, c]
                pts = ((c, y - 2), (c, y + 2), (c - 1, y + 1), (c - 1, y - 1))
        else:
            pts = ((c, y - 2), (c + 1, y - 1), (c + 1, y + 1), (c, y + 2), (c - 1, y + 1), (c - 1, y - 1))
        return tuple(self.point(px, py) for px, py in pts)

    def board_size(self, board: Board) -> tuple[int, int]:
        """Pixel width and height of the board itself (without margins)."""
        return (self.sx * 2 * board.width, self.sy * (3 * (board.rows - 1) + 4))


def _exact(v) -> Fraction:
    if isinstance(v, (int, Rational)):
        return Fraction(v)
    if isinstance(v, float) and math.isfinite(v):
        return Fraction(v)
    raise TypeError(f"a pixel coordinate must be a finite number, not {v!r}")


def contains(h: Hex, lx: Fraction, ly: Fraction) -> bool:
    """Is lattice point (lx, ly) in hex h, with the tie rule above (edges owned by the left side)?"""
    px, py = lx - h[0], ly - 3 * h[1]
    for (nx, ny), c in _EDGES:
        s = nx * px + ny * py
        if s > c or (s == c and nx > 0):
            return False
    return True


def hex_at_lattice(lx: Fraction, ly: Fraction) -> Hex:
    """The unique hex of the infinite grid holding a lattice point (tie rule above)."""
    r0 = math.floor(ly / 3)
    for r in (r0, r0 + 1, r0 - 1):
        c0 = math.floor(lx)
        for c in (c0 - 1, c0, c0 + 1, c0 + 2):
            if (c + r) % 2 == 0 and contains((c, r), lx, ly):
                return (c, r)
    raise AssertionError(f"no hex holds lattice point {lx}, {ly}")  # the hexes tile the plane


def pick(geometry: Geometry, board: Board, x, y, *, dpr=1, half_hexes: bool = False) -> Hex | None:
    """The hex of ``board`` drawn at pixel (x, y), or None off the board.

    ``dpr``: the canvas pixels per layout pixel when the click comes from a high-DPI canvas.
    Half hexes (cut by the board edge) are returned only with ``half_hexes=True``.
    """
    lx, ly = geometry.lattice(_exact(x) / _exact(dpr), _exact(y) / _exact(dpr))
    if not (-1 <= lx < 2 * board.width - 1):
        return None
    h = hex_at_lattice(lx, ly)
    if h in board.hexes or (half_hexes and h in board.half_hexes):
        return h
    return None


# ---------------------------------------------------------------------------------------------
# Card rows (Undaunted deck zones): which row, which card


@dataclass(frozen=True)
class CardPick:
    """A tap on a card scene: the row's key, the card's index in the row (None: the row but no
    card — its name, a gap, the "face down" text) and whether it fell on the face-down pile."""

    row: str
    index: int | None = None
    pile: bool = False


def _in_box(box, x: Fraction, y: Fraction) -> bool:
    bx, by, bw, bh = box
    return bx <= x < bx + bw and by <= y < by + bh


def card_at(scene, x, y, *, dpr=1) -> CardPick | None:
    """The card (or row) of ``scene.card_rows`` drawn at pixel (x, y), exactly.

    Boxes and bands are half-open (``x0 <= x < x0 + w``), so a pixel on a shared edge belongs to
    the right or lower one, and each pixel has one answer. Where cards overlap (a long row), the
    later card — drawn on top — wins. Rows are looked up by their ``band``.
    """
    x, y = _exact(x) / _exact(dpr), _exact(y) / _exact(dpr)
    for row in scene.card_rows:
        band = row.band or (0, row.y, scene.width, row.y + row.card_h)
        x0, y0, x1, y1 = band
        if not (x0 <= x < x1 and y0 <= y < y1):
            continue
        for i in range(len(row.cards) - 1, -1, -1):
            if _in_box(row.boxes()[i], x, y):
                return CardPick(row.id, i)
        pile = row.pile_box()
        if pile is not None and _in_box(pile, x, y):
            return CardPick(row.id, None, True)
        return CardPick(row.id)
    return None
