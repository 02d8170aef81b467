"""The scene's elements: the frozen values a ``Scene`` is made of (cells, art, unit markers,
labels, shades, lines, markers, legend items, cards and chips) and the text widths that place
labels. ``tutor.render.scene`` builds them and re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tutor.hexes import Board, Hex
from tutor.render import style
from tutor.render.picking import Geometry

Point = tuple[float, float]

MARGIN = 12
TITLE_H = 26
LABEL_GAP = 12          # px at least between a card row's name and its first card
WINDOW_SIDE = 4         # px left and right of a window of the board (``scene(window=…)``)
TITLE_LINE = 18         # px from one line of a wrapped title to the next
LEGEND_ROW = 22


def _hex_key(h: Hex):
    return (h[1], h[0])


# ---------------------------------------------------------------------------------------------
# Scene elements


@dataclass(frozen=True)
class Cell:
    """One hex: its polygon, terrain (a TERRAIN name), height, and whether it is a half hex."""

    hex: Hex
    points: tuple[Point, ...]
    terrain: str
    height: int = 0
    half: bool = False


@dataclass(frozen=True)
class Art:
    """Terrain or obstacle art (``style.TERRAIN_ART`` / ``OBSTACLE_ART``) anchored at a hex center."""

    hex: Hex
    group: str            # "terrain" | "obstacle"
    key: str
    x: float
    y: float


@dataclass(frozen=True)
class UnitMarker:
    """A unit: side (shape + color), kind, figure count and badge, at a hex center."""

    hex: Hex
    side: str
    kind: str
    figures: int | None
    badge: str | None
    x: float
    y: float

    @property
    def shape(self) -> str:
        return style.SIDE_SHAPE.get(self.side, "circle")


@dataclass(frozen=True)
class Label:
    text: str
    x: float
    y: float
    role: str = "note"    # coord | height | title | subtitle | note | legend | card
    anchor: str = "middle"
    halo: str | None = None   # the colour behind it, for its outline (``style.LABEL``); None: paper


# Advance widths of DejaVu Sans (the boards' first font) in em, regular and bold; wider fonts
# (Helvetica, Arial) are narrower than these, so a box from them is never too small.
_ADVANCE = {"0123456789": (0.636, 0.696), ",.:;": (0.318, 0.38), " ": (0.318, 0.348),
            "ilj|'": (0.28, 0.343), "mwMW": (0.974, 1.04), "▲✓✕×−↓": (0.84, 0.84)}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at ``size`` px, from the generous DejaVu Sans advance widths above
    (never less than what a browser draws)."""
    w = 0.0
    for ch in text:
        adv = next((a for chars, a in _ADVANCE.items() if ch in chars), (0.62, 0.72))
        w += adv[1 if bold else 0] * size
    return w


def label_box(lb: Label) -> tuple[float, float, float, float]:
    """Where a label's text lies: (left, top, right, bottom) in scene pixels, from the font size
    of its role (``style.LABEL``) and generous DejaVu Sans advance widths (ascent 0.76 em,
    descent 0.24 em). For layout checks: two labels whose boxes meet overlap on screen."""
    size, bold, _, _ = style.LABEL.get(lb.role, style.LABEL_DEFAULT)
    w = text_width(lb.text, size, bold)
    left = lb.x - w / 2 if lb.anchor == "middle" else (lb.x - w if lb.anchor == "end" else lb.x)
    return (left, lb.y - 0.76 * size, left + w, lb.y + 0.24 * size)


def text_box(text: str, size: float, bold: bool, x: float, y: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of ``text`` centred on x with its baseline at y (as ``label_box``)."""
    w = text_width(text, size, bold)
    return (x - w / 2, y - 0.76 * size, x + w / 2, y + 0.24 * size)


@dataclass(frozen=True)
class Segment:
    """A polyline: a section line, a line of sight, a movement arrow."""

    role: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Shade:
    """A highlighted hex (``style.SHADE`` keys: visible, origin, target, legal, closed, …)."""

    role: str
    hex: Hex
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Marker:
    """A ruling marker on a hex: interior, graze_left, graze_right, too_low, closed, legal, lost."""

    kind: str
    hex: Hex
    x: float
    y: float
    counts: bool = True
    text: str = ""


@dataclass(frozen=True)
class LegendItem:
    group: str            # terrain | obstacle | side | shade | line | marker
    key: str
    text: str
    x: float
    y: float


@dataclass(frozen=True)
class Card:
    """One card of an Undaunted deck zone, face up (title shown) or down; also a unit token
    (``shape="token"``, filled with ``colour``) or a d10 (``shape="die"``, the face as title)."""

    title: str
    face_up: bool = True
    role: str | None = None      # None | ``style.CARD_BORDER`` keys: hit, predicted, removed, new, …
    subtitle: str = ""
    shape: str = "card"          # card | token | die
    colour: str | None = None    # a token's fill


@dataclass(frozen=True)
class Chip:
    """A small piece drawn on the marks layer at a pixel box: an Undaunted unit token (ready or
    suppressed), a control marker (scouted / controlled), an objective, a deployment or a target
    marker. Its look is ``style.CHIP[kind]``, colored by ``side``; ``role`` outlines it as a
    highlight (``style.CARD_BORDER`` keys: selected, target, hit); ``key`` is what picking reports."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    text: str = ""
    side: str | None = None
    role: str | None = None
    key: str = ""

    def contains(self, x, y) -> bool:
        """Half-open box test (exact for ints and Fractions)."""
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


PILE_SPACE = 110                 # a face-down pile and its "N face down" text, before any cards


@dataclass(frozen=True)
class CardRow:
    """A deck zone drawn as a row of cards: hand, table, discard, draw deck (face down), …

    The layout lives here, so drawing and picking agree to the pixel: ``boxes()`` are the cards'
    rectangles (later cards on top where they overlap), ``pile_box()`` the face-down pile,
    ``band`` the tappable strip of the whole row (label included), half-open ``[y0, y1)``.
    """

    name: str
    cards: tuple[Card, ...]
    x: float
    y: float
    count: int | None = None     # shown for a face-down pile instead of its cards
    card_w: float = 58
    card_h: float = 80
    key: str = ""                # what picking reports (default: the name)
    step: Fraction | float | None = None   # x distance from one card to the next (default card_w + 6)
    note: str = ""               # a short remark drawn under the row's name ("\n" for two lines)
    role: str | None = None      # a band behind the row: ``style.ROW_BAND`` keys (ask, predicted, answer, wrong)
    band: tuple | None = None    # (x0, y0, x1, y1) in scene pixels

    @property
    def id(self) -> str:
        return self.key or self.name

    @property
    def cards_x(self):
        return self.x + (self.card_w + PILE_SPACE if self.count is not None else 0)

    def boxes(self) -> tuple[tuple, ...]:
        """(x, y, w, h) of each card, left to right."""
        step = self.step if self.step is not None else self.card_w + 6
        x0 = self.cards_x
        return tuple((x0 + i * step, self.y, self.card_w, self.card_h) for i in range(len(self.cards)))

    def pile_box(self) -> tuple | None:
        """(x, y, w, h) covering the face-down pile (its cards are offset 3 px up-right each)."""
        if self.count is None:
            return None
        k = max(min(self.count, 3) - 1, 0)
        return (self.x, self.y - 3 * k, self.card_w + 3 * k, self.card_h + 3 * k)


@dataclass(frozen=True)
class Scene:
    width: int
    height: int
    geometry: Geometry | None = None
    board: Board | None = None
    cells: tuple[Cell, ...] = ()
    art: tuple[Art, ...] = ()
    units: tuple[UnitMarker, ...] = ()
    sections: tuple[Segment, ...] = ()
    labels: tuple[Label, ...] = ()          # coordinates, heights, title: static
    shades: tuple[Shade, ...] = ()
    lines: tuple[Segment, ...] = ()
    markers: tuple[Marker, ...] = ()
    notes: tuple[Label, ...] = ()           # highlight labels
    legend: tuple[LegendItem, ...] = ()
    card_rows: tuple[CardRow, ...] = ()
    title: str = ""
    chips: tuple[Chip, ...] = ()            # Undaunted tokens and markers (marks layer)
    places: tuple[Label, ...] = ()          # the map's place names, one Label a line (marks layer)
    names: tuple[tuple[Hex, str], ...] = ()      # every place name and its hex (the text alternative)
    unplaced: tuple[tuple[Hex, str], ...] = ()   # place names no free spot could hold (text only)
    window: tuple[Hex, ...] = ()            # a window of the board: the hexes drawn (() = the whole board)
    outside: tuple[UnitMarker, ...] = ()    # units on the board outside the window (the text alternative)

    @property
    def terrain_layer(self) -> tuple:
        """What the static canvas layer holds; equal tuples mean no redraw is needed."""
        return (self.width, self.height, self.cells, self.art, self.sections, self.labels, self.legend)

    @property
    def unit_layer(self) -> tuple:
        return (self.units,)
