"""The scene: *what* to draw, in pixels, with no drawing code and no game logic.

``scene(field, highlights)`` turns a battlefield (a ``Scenario`` or any state with ``board``,
``terrain``, ``obstacles``, ``units`` and ``top``) plus highlights into a frozen ``Scene``:
hex cells with their terrain, terrain and obstacle art anchors, unit markers, section lines,
labels, highlight shades, lines and markers, a legend, and card rows (Undaunted). Renderers
(``tutor.render.svg``, ``tutor.render.canvas``) turn a Scene into SVG text or canvas commands;
``tutor.render.style`` says how each key looks.

Highlights come from the engines' rulings (``los_highlights(ruling)`` maps a ``LineOfSight``);
the scene only places them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from tutor.hexes import Board, Hex, fmt, neighbours, row_major
from tutor.render import style
from tutor.render.picking import Geometry

Point = tuple[float, float]


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


# ---------------------------------------------------------------------------------------------
# Highlights (the input): what a ruling wants shown, in hexes


@dataclass(frozen=True)
class Line:
    a: Hex
    b: Hex
    role: str = "sight"        # sight | blocked | move


@dataclass(frozen=True)
class Mark:
    hex: Hex
    kind: str                  # interior | graze_left | graze_right | too_low | closed | legal | lost
    counts: bool = True
    text: str = ""


@dataclass(frozen=True)
class Highlights:
    shades: tuple[tuple[str, tuple[Hex, ...]], ...] = ()
    lines: tuple[Line, ...] = ()
    marks: tuple[Mark, ...] = ()
    notes: tuple[tuple[Hex, str], ...] = ()

    def __add__(self, other: Highlights) -> Highlights:
        return Highlights(self.shades + other.shades, self.lines + other.lines,
                          self.marks + other.marks, self.notes + other.notes)


def highlights(*, lines: Iterable[Line] = (), marks: Iterable[Mark] = (),
               notes: Iterable[tuple[Hex, str]] = (), **shaded: Iterable[Hex]) -> Highlights:
    """``highlights(visible=hexes, origin=[h], lines=[Line(a, b)])`` — shade roles as keywords."""
    return shading(shaded) + Highlights((), tuple(lines), tuple(marks), tuple(notes))


def shading(shaded: Mapping[str, Iterable[Hex]]) -> Highlights:
    """Highlights that only shade hexes: ``shading({"visible": hexes, "origin": [h]})``."""
    for role in shaded:
        if role not in style.SHADE:
            raise ValueError(f"unknown shade {role!r}: allowed are {', '.join(style.SHADE)}")
    return Highlights(tuple((role, tuple(sorted(hs, key=row_major))) for role, hs in shaded.items() if hs))


def los_highlights(ruling, *, visible: Iterable[Hex] | None = None, hexes: bool = True) -> Highlights:
    """Map a ``tutor.memoir.los.LineOfSight`` to highlights: the line, a marker per obstruction.

    Each obstruction gets its meeting kind (interior / graze_left / graze_right) when it counts,
    and ``too_low`` when it does not (heights, or a lone lake hex — ``o.why`` says which).
    ``visible``: also shade these hexes (e.g. ``visible_from(field, ruling.origin)``).
    """
    marks = tuple(Mark(o.hex, o.how.value if o.counts else "too_low", o.counts) for o in ruling.obstructions)
    return highlights(lines=[Line(ruling.origin, ruling.target, "sight" if ruling.visible else "blocked")],
                      marks=marks, visible=visible if visible is not None else (),
                      origin=[ruling.origin] if hexes else (), target=[ruling.target] if hexes else ())


def los_window(ruling) -> frozenset[Hex]:
    """The hexes a line-of-sight ruling is about, for ``scene(window=…)``: the shooter, the target,
    every hex the line passes through or grazes, and one hex of margin around them all."""
    core = {ruling.origin, ruling.target} | {h for h, _ in ruling.path} | {o.hex for o in ruling.obstructions}
    return frozenset(core | {n for h in core for n in neighbours(h)})


# ---------------------------------------------------------------------------------------------
# Building a scene


MARGIN = 12
TITLE_H = 26
LABEL_GAP = 12          # px at least between a card row's name and its first card
WINDOW_SIDE = 4         # px left and right of a window of the board (``scene(window=…)``)
TITLE_LINE = 18         # px from one line of a wrapped title to the next
LEGEND_ROW = 22


def _height(field, h: Hex) -> int:
    from tutor.memoir.terrain import TERRAIN
    t = TERRAIN.get(field.terrain.get(h, "countryside"))
    return t.height if t is not None else 0


def _hex_key(h: Hex):
    return (h[1], h[0])


@lru_cache(maxsize=16)
def _polygons(g: Geometry, board: Board) -> dict:
    """Pixel polygons and centers of every hex of a board (cached: boards and geometries are values)."""
    return {h: (g.polygon(h, board), g.centre(h)) for h in board.hexes | board.half_hexes}


def scene(field, highlights: Highlights | None = None, *, geometry: Geometry | None = None,
          coords: bool = True, title: str | None = None, legend: bool = True,
          sections: bool = True, window: Iterable[Hex] | None = None) -> Scene:
    """The Scene of a battlefield with optional highlights.

    ``window``: draw only these hexes (those on the board; e.g. ``los_window(ruling)``), whole,
    the picture cut to them: a small board at a scale where its labels stay legible. What lies
    outside is left out of the picture (units there are still named by ``describe``).

    ``title``: None uses ``field.title`` if it has one ("" for none). ``legend`` lists what is
    on this board (terrains, obstacles, sides, highlight kinds) below it.
    """
    board: Board = field.board
    if title is None:
        title = getattr(field, "title", "") or ""
    top = MARGIN + (TITLE_H if title else 0)
    g = geometry or Geometry(ox=MARGIN, oy=top)
    bw, bh = g.board_size(board)
    left, upper = g.ox, g.oy      # the drawing's top left corner
    keep = None
    if window is not None:
        keep = frozenset(window) & (board.hexes | board.half_hexes)
        if not keep:
            raise ValueError("window: none of its hexes is on the board")
        pts = [p for h in keep for p in g.polygon(h, board)]
        x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
        bw, bh = max(x for x, _ in pts) - x0, max(y for _, y in pts) - y0
        if geometry is None:      # a window ends at its hexes' edges: a thin margin beside them
            left = WINDOW_SIDE
        g = replace(g, ox=g.ox + left - x0, oy=g.oy + upper - y0)    # the window's corner where the board's was
    width = left + bw + (MARGIN if keep is None or geometry is not None else WINDOW_SIDE)
    heading = [title] if title else []
    if title and keep is not None:      # a window is narrow: its title wraps to its width
        heading = title_lines(title, width - 2 * left, style.LABEL["title"][0])
        if geometry is None:
            upper += TITLE_LINE * (len(heading) - 1)
            g = replace(g, oy=g.oy + TITLE_LINE * (len(heading) - 1))

    def shown(h: Hex) -> bool:
        return keep is None or h in keep

    cells, art, labels = [], [], []
    terrain_map = field.terrain
    polys = _polygons(g, board)
    for h in sorted((h for h in polys if shown(h)), key=_hex_key):
        half = h in board.half_hexes
        tname = "countryside" if half else terrain_map.get(h, "countryside")
        ht = 0 if half else _height(field, h)
        cells.append(Cell(h, polys[h][0], tname, ht, half))
        if half:
            continue
        cx, cy = polys[h][1]
        if tname != "countryside":
            art.append(Art(h, "terrain", tname, cx, cy))
        o = field.obstacles.get(h)
        if o is not None:
            art.append(Art(h, "obstacle", o, cx, cy))
        if coords:      # clear of the unit marker below it, outlined in the hex's colour
            labels.append(Label(fmt(h), cx, cy - 1.25 * g.sy, "coord",
                                halo=style.TERRAIN_FILL.get(tname, style.PAPER)))
        if ht:
            labels.append(Label(f"▲{ht}", cx - 0.8 * g.sx, cy + 0.35 * g.sy, "height"))

    units: list[UnitMarker] = []
    outside: list[UnitMarker] = []
    for h, u in sorted(field.units.items(), key=lambda item: _hex_key(item[0])):
        cx, cy = g.centre(h)
        (units if shown(h) else outside).append(
            UnitMarker(h, u.side, u.kind, getattr(u, "figures", None), getattr(u, "badge", None), cx, cy))

    secs = []
    if sections:
        y0, y1 = upper, upper + bh
        for lx in board.section_lines():
            x = g.point(lx, 0)[0]
            if left <= x <= left + bw:
                secs.append(Segment("section", ((x, y0), (x, y1))))

    if title:
        labels += [Label(t, left, MARGIN + 17 + TITLE_LINE * i, "title", "start") for i, t in enumerate(heading)]

    shades, lines, markers, notes = [], [], [], []
    if highlights is not None:
        for role, hexes in highlights.shades:
            for h in filter(shown, hexes):
                shades.append(Shade(role, h, polys[h][0] if h in polys else g.polygon(h, board)))
        for ln in highlights.lines:
            lines.append(Segment(ln.role, (g.centre(ln.a), g.centre(ln.b))))
        for m in (m for m in highlights.marks if shown(m.hex)):
            x, y = g.centre(m.hex)        # upper right of the hex, clear of a unit marker
            markers.append(Marker(m.kind, m.hex, x + 0.55 * g.sx, y - 0.85 * g.sy, m.counts, m.text or style.MARKER_TEXT.get(m.kind, "")))
        for h, text in ((h, t) for h, t in highlights.notes if shown(h)):
            x, y = g.centre(h)
            notes.append(Label(text, x, y + g.sy * 16 / 15, "note"))    # above the coordinates below

    names = {h: t for h, t in place_names(field).items() if shown(h)}
    places, unplaced = place_labels(names, g, board, labels, units, markers, notes)

    y = upper + bh + MARGIN
    items = []
    if legend:
        entries = _legend_entries(cells, art, units, shades, lines, markers, secs)
        x = left
        y += 6
        for group, key, text in entries:
            w = 30 + 5.6 * len(text) + 14
            if x + w > width - MARGIN and x > left:
                x, y = left, y + LEGEND_ROW
            items.append(LegendItem(group, key, text, x, y))
            x += w
        if entries:
            y += LEGEND_ROW
    height = int(y)
    return Scene(int(width), height, g, board, tuple(cells), tuple(art), tuple(units), tuple(secs),
                 tuple(labels), tuple(shades), tuple(lines), tuple(markers), tuple(notes), tuple(items),
                 title=title, places=places, unplaced=unplaced,
                 names=tuple(sorted(names.items(), key=lambda kv: _hex_key(kv[0]))),
                 window=() if keep is None else tuple(sorted(keep, key=_hex_key)), outside=tuple(outside))


# ---------------------------------------------------------------------------------------------
# Place names printed on the map (a scenario's ``labels``)

PLACE_LINE = 12              # px from one line of a place name to the next
PLACE_WIDTH = 72             # a line is wrapped at about this width (px)
PLACE_GAP = 3                # px kept clear around a place name


def place_names(field) -> dict[Hex, str]:
    """A battlefield's place names by hex: a game state's ``labels``, or a scenario's optional
    ``labels`` key ({"col,row": name})."""
    from tutor.hexes import parse_hex
    got = getattr(field, "labels", None)
    if got is None:
        extra = getattr(field, "extra", None) or {}
        got = extra.get("labels") or {}
    return {(parse_hex(k) if isinstance(k, str) else k): v for k, v in got.items()}


def _wrap(text: str, width: float) -> list[str]:
    """Words in lines no wider than ``width`` (a longer word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and label_box(Label(f"{lines[-1]} {word}", 0, 0, "place"))[2] * 2 <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@lru_cache(maxsize=8)
def _offsets(sx: int, sy: int) -> tuple[tuple[float, float], ...]:
    """Where a place name may stand, as offsets of its center from its hex's center, nearest
    first: on the hex a little below its center (where the published maps print a name, and under
    a unit marker if one stands there), then all around, up to about a hex and a half away."""
    pts = [(i * sx / 2, j * sy / 2) for i in range(-6, 7) for j in range(-9, 10)]
    return tuple(sorted(pts, key=lambda p: (p[0] ** 2 + (p[1] - sy / 2) ** 2, p[1] < 0, p[0])))


def place_labels(names: dict, g: Geometry, board: Board, labels, units, markers,
                 notes) -> tuple[tuple[Label, ...], tuple[tuple[Hex, str], ...]]:
    """The map's place names laid out: each (wrapped to ``PLACE_WIDTH``) at the free spot nearest
    its hex, on the board, meeting no coordinate, height or title label, unit marker (badge
    included), ruling marker, note or other place name (boxes as ``label_box``, kept ``PLACE_GAP``
    apart so two words never read as one). A name spans hexes of several colours, so it is outlined
    in paper white (ink on white: the highest contrast). A name with no free spot is returned apart
    (the board's text alternative still names it). Memoized on what it reads: a click that moves
    no unit and changes no note lays the names out once."""
    if not names:
        return (), ()
    return _place(tuple(sorted(names.items(), key=lambda kv: _hex_key(kv[0]))), g, board, tuple(labels),
                  tuple((u.x, u.y, bool(u.badge)) for u in units), tuple((m.x, m.y) for m in markers),
                  tuple(notes))


@lru_cache(maxsize=64)
def _place(names: tuple, g: Geometry, board: Board, labels: tuple, units: tuple, markers: tuple,
           notes: tuple) -> tuple[tuple[Label, ...], tuple[tuple[Hex, str], ...]]:
    bw, bh = g.board_size(board)
    x0, y0, x1, y1 = g.ox, g.oy, g.ox + bw, g.oy + bh
    r = style.UNIT_R * g.sx + 1.5
    taken = list(_static_boxes(labels)) + [label_box(lb) for lb in notes]
    for ux, uy, badge in units:
        taken.append((ux - r, uy - r, ux + r, uy + r))
        if badge:
            bx, by = ux + 0.55 * g.sx, uy - 0.75 * g.sy
            taken.append((bx - 7, by - 7, bx + 7, by + 7))
    taken += [(mx - 9, my - 9, mx + 9, my + 9) for mx, my in markers]
    size = style.LABEL["place"][0]
    up, down = 0.76 * size + PLACE_GAP, 0.24 * size + PLACE_GAP       # a line's box around its baseline
    out, missing = [], []
    for h, text in names:
        lines = _wrap(text, PLACE_WIDTH)
        half = [label_box(Label(t, 0, 0, "place"))[2] + PLACE_GAP for t in lines]
        cx, cy = g.centre(h)
        near = [b for b in taken if b[0] < cx + 140 and b[2] > cx - 140 and b[1] < cy + 120 and b[3] > cy - 120]
        lift = (PLACE_LINE * (len(lines) - 1) + size) / 2 - 0.76 * size      # block center -> first baseline
        for dx, dy in _offsets(g.sx, g.sy):
            x, top = cx + dx, cy + dy - lift
            boxes = [(x - w, top + i * PLACE_LINE - up, x + w, top + i * PLACE_LINE + down)
                     for i, w in enumerate(half)]
            if all(x0 <= b[0] + PLACE_GAP and b[2] - PLACE_GAP <= x1 and y0 <= b[1] + PLACE_GAP
                   and b[3] - PLACE_GAP <= y1 for b in boxes) and \
                    not any(b[0] < t[2] and t[0] < b[2] and b[1] < t[3] and t[1] < b[3] for b in boxes for t in near):
                out += [Label(t, x, top + i * PLACE_LINE, "place") for i, t in enumerate(lines)]
                taken += boxes
                break
        else:
            missing.append((h, text))
    return tuple(out), tuple(missing)


@lru_cache(maxsize=8)
def _static_boxes(labels: tuple) -> tuple:
    """The boxes of a board's coordinate, height and title labels (the same for every state)."""
    return tuple(label_box(lb) for lb in labels)


def banded_labels(sc: Scene) -> tuple[Label, ...]:
    """The row names of card rows that have a band (drawn over the band again, which covers them)."""
    bands = [r.band for r in sc.card_rows if r.role in style.ROW_BAND and r.band is not None]
    return tuple(lb for lb in sc.labels if lb.role == "subtitle"
                 and any(y0 <= lb.y < y1 for _, y0, _, y1 in bands))


def legend_entries(sc: Scene) -> tuple[tuple[str, str, str], ...]:
    """What a scene's legend lists, as (group, key, text): terrains, obstacles, sides, highlight
    shades, lines, markers — and for card rows the card roles and row bands in use. The same
    entries ``scene(..., legend=True)`` places under a board; drills show them as an HTML strip."""
    out = _legend_entries(sc.cells, sc.art, sc.units, sc.shades, sc.lines, sc.markers, sc.sections)
    out += chip_legend(sc.chips)
    roles = dict.fromkeys(c.role for r in sc.card_rows for c in r.cards if c.role in style.CARD_BORDER)
    out += [("card", r, style.CARD_ROLE_LABEL.get(r, r)) for r in roles]
    bands = dict.fromkeys(r.role for r in sc.card_rows if r.role in style.ROW_BAND)
    out += [("band", b, style.ROW_BAND_LABEL.get(b, b)) for b in bands]
    return tuple(out)


def chip_legend(chips) -> list[tuple[str, str, str]]:
    """Legend entries of the chips in use: ("chip", "kind:side", words), each once."""
    out = []
    for key in dict.fromkeys(f"{c.kind}:{c.side or ''}" for c in chips):
        kind, side = key.split(":")
        words = style.CHIP_LABEL.get(kind, kind)
        out.append(("chip", key, f"{side.capitalize()} {words}" if side and kind in style.CHIP_SIDED else words))
    return out


def _legend_entries(cells, art, units, shades, lines, markers, secs) -> list[tuple[str, str, str]]:
    out = []
    for t in dict.fromkeys(c.terrain for c in cells if not c.half and c.terrain != "countryside"):
        out.append(("terrain", t, t.replace("_", " ")))
    for o in dict.fromkeys(a.key for a in art if a.group == "obstacle"):
        out.append(("obstacle", o, style.obstacle_label(o)))
    for side in dict.fromkeys(u.side for u in units):
        shape = style.SIDE_SHAPE.get(side, "circle")
        out.append(("side", side, f"{side} ({shape})"))
    for role in dict.fromkeys(s.role for s in shades):
        out.append(("shade", role, style.SHADE_LABEL.get(role, role)))
    for role in dict.fromkeys(s.role for s in lines):
        out.append(("line", role, style.LINE_LABEL.get(role, role)))
    for kind in dict.fromkeys(m.kind for m in markers):
        out.append(("marker", kind, style.MARKER_LABEL.get(kind, kind)))
    if secs:
        out.append(("line", "section", style.LINE_LABEL["section"]))
    return out


def title_lines(title: str, room: float, size: float, bold: bool = True) -> list[str]:
    """A title broken at spaces into lines no wider than ``room`` px at ``size`` px (measured by
    ``text_width``), as both renderers print it. A word wider than that breaks after its hyphens
    ("Counter-" / "Attack"); one without a hyphen stands alone."""
    pieces = []                       # (text, glued to the piece before: the rest of a hyphenated word)
    for word in title.split():
        if "-" in word.strip("-") and text_width(word, size, bold) > room:
            parts = word.split("-")
            pieces += [(part + "-", i > 0) for i, part in enumerate(parts[:-1])] + [(parts[-1], True)]
        else:
            pieces.append((word, False))
    lines, cur = [], ""
    for piece, glued in pieces:
        joined = cur + piece if glued else f"{cur} {piece}".strip()
        if cur and text_width(joined, size, bold) > room:
            lines.append(cur)
            cur = piece
        else:
            cur = joined
    if cur:
        lines.append(cur)
    return lines


def chip_text(ch: Chip) -> list[tuple[str, float, bool, float, float]]:
    """The text of a board chip (``Chip.text``, lines split at "\n") as both renderers draw it:
    ``(line, size px, bold, x, y)``, x the centre, y the baseline, the lines centred in the chip."""
    if not ch.text:
        return []
    font = style.CHIP.get(ch.kind, style.CHIP["more"])[6]
    size, bold = float(font.split()[-1].rstrip("px")), "bold" in font
    lines = ch.text.split("\n")
    first = ch.y + ch.h / 2 + size * 0.36 - size * (len(lines) - 1) / 2
    return [(line, size, bold, ch.x + ch.w / 2, first + size * i) for i, line in enumerate(lines)]


CARD_INSET = 2          # px kept clear between a card's (or token's) edge and its text


def token_body(w: float, h: float) -> tuple[float, float, float, float]:
    """(x, y, w, h) of a unit token (a square-cornered counter) in a card-row slot of w × h,
    relative to the slot: the slot's width, above two lines of caption."""
    return (0, 0, w, h - 22)


def card_text(card: Card, w: float, h: float) -> list[tuple[str, float, bool, str, float, float]]:
    """Every text drawn on a card, token or die of a card row, as both renderers draw it:
    ``(text, size px, bold, colour, x, y)`` with x the centre and y the baseline, relative to
    the slot's top left. Titles wrap by measured width (``title_lines``) inside the card or
    the token body (``CARD_INSET`` clear of the edge); captions sit under a token or a die, one
    line each (``subtitle`` split at "\n")."""
    out: list[tuple[str, float, bool, str, float, float]] = []
    subs = [t for t in card.subtitle.split("\n") if t]
    if card.shape == "token":
        bx, by, bw, bh = token_body(w, h)
        fg = "#6b6b6b" if card.role == "removed" else "#ffffff"
        lines = title_lines(card.title, bw - 2 * CARD_INSET, 9)[:2]
        top = by + bh / 2 - 10 * (len(lines) - 1) / 2 + 3.2
        out += [(line, 9, True, fg, bx + bw / 2, top + 10 * i) for i, line in enumerate(lines)]
        out += [(t, 8.5, False, "#333333", w / 2, h - 3 - 10 * (len(subs) - 1 - i)) for i, t in enumerate(subs)]
    elif card.shape == "die":
        sz = min(w, h - 14)
        out.append((card.title, 22, True, "#777777" if card.role == "miss" else style.INK, w / 2, sz / 2 + 8))
        out += [(t, 8.5, False, "#333333", w / 2, h - 3) for t in subs[:1]]
    elif card.face_up:
        for i, line in enumerate(title_lines(card.title, w - 2 * CARD_INSET, 9.5)[:4]):
            out.append((line, 9.5, True, style.INK, w / 2, 18 + 12 * i))
        out += [(t, 8, False, "#555555", w / 2, h - 8) for t in subs[:1]]
    return out


def card_scene(rows: Iterable[tuple], *, title: str = "", width: int = 680, card_w: int = 58,
               card_h: int = 80, label_w: int = 96, gap: int = 14, fit: bool = True) -> Scene:
    """A scene of deck zones, one row each: ``(name, cards, count)`` — a count (not None) shows a
    face-down pile — optionally with a fourth item, a dict of ``CardRow`` extras (key, note, role).

    ``label_w``: the column of row names at the left, at least; wider when a name needs it, so a
    name never runs into its row's cards ("Center field general"). ``fit``: a row with more cards
    than fit in ``width`` overlaps them (a smaller step), so every card stays on the canvas and
    pickable.
    """
    rows = list(rows)
    size, bold, _, _ = style.LABEL["subtitle"]
    widest = max((text_width(item[0], size, bold) for item in rows), default=0)
    label_w = max(label_w, math.ceil(widest) + LABEL_GAP)
    y = MARGIN + (TITLE_H if title else 0)
    out, labels = [], []
    if title:
        labels.append(Label(title, MARGIN, MARGIN + 17, "title", "start"))
    half = Fraction(gap, 2)
    for item in rows:
        name, cards, count = item[:3]
        extra = dict(item[3]) if len(item) > 3 and item[3] else {}
        cards = tuple(cards)
        row = CardRow(name, cards, MARGIN + label_w, y, count, card_w, card_h, band=(0, y - half, width, y + card_h + half),
                      **extra)
        if fit and len(cards) > 1:
            room = width - MARGIN - row.cards_x
            if (len(cards) - 1) * (card_w + 6) + card_w > room:
                row = replace(row, step=max(Fraction(room - card_w, len(cards) - 1), Fraction(4)))
        out.append(row)
        labels.append(Label(name, MARGIN, y + card_h / 2 + 4, "subtitle", "start"))
        y += card_h + gap
    return Scene(width, int(y + MARGIN - gap), labels=tuple(labels), card_rows=tuple(out), title=title)


def _hex_list(hexes) -> str:
    return ", ".join(fmt(h) for h in sorted(hexes, key=_hex_key))


def describe(sc: Scene) -> str:
    """A board's text alternative: what is on it and what the highlights show, in sentences a
    screen reader can speak ("Board: Pegasus Bridge, 113 hexes. Allied infantry on 12,6 (4
    figures) …; marked: legal: 8,4, 9,3; line of sight from 8,6 to 14,4."). Card rows: each row
    and its cards. Never empty."""
    from tutor.render.picking import pick
    out: list[str] = []
    if sc.board is not None and sc.geometry is not None:
        hexes = [c for c in sc.cells if not c.half]
        if sc.window:
            cols, rows = [h[0] for h in sc.window], [h[1] for h in sc.window]
            out.append(f"Board{': ' + sc.title if sc.title else ''}, part shown: {len(hexes)} of its "
                       f"{len(sc.board.hexes)} hexes (columns {min(cols)} to {max(cols)}, rows {min(rows)} to {max(rows)}).")
        else:
            out.append(f"Board{': ' + sc.title if sc.title else ''}, {len(hexes)} hexes.")
        by_side: dict = {}
        for u in sc.units:
            what = f"{u.side} {u.kind} on {fmt(u.hex)}" + (f" ({u.figures} figures)" if u.figures is not None else "")
            by_side.setdefault(u.side, []).append(what)
        for side, units in by_side.items():
            out.append(f"{len(units)} {side} unit{'s' if len(units) != 1 else ''}: {'; '.join(units)}.")
        if sc.outside:
            out.append("Outside the part shown: " + "; ".join(f"{u.side} {u.kind} on {fmt(u.hex)}"
                                                              for u in sc.outside) + ".")
        terrain: dict = {}
        for c in hexes:
            if c.terrain != "countryside":
                terrain.setdefault(c.terrain.replace("_", " "), []).append(c.hex)
        for a in sc.art:
            if a.group == "obstacle":
                terrain.setdefault(style.obstacle_label(a.key), []).append(a.hex)
        if terrain:
            out.append("Terrain: " + "; ".join(f"{t} on {_hex_list(hs)}" for t, hs in terrain.items()) + ".")
        if sc.names:
            out.append("Places: " + "; ".join(f"{t} ({fmt(h)})" for h, t in sc.names) + ".")
        shades: dict = {}
        for s in sc.shades:
            shades.setdefault(style.SHADE_LABEL.get(s.role, s.role), []).append(s.hex)
        if shades:
            out.append("Marked: " + "; ".join(f"{k}: {_hex_list(v)}" for k, v in shades.items()) + ".")
        for ln in sc.lines:
            start = pick(sc.geometry, sc.board, *ln.points[0])
            end = pick(sc.geometry, sc.board, *ln.points[-1])
            if start is not None and end is not None:
                out.append(f"{style.LINE_LABEL.get(ln.role, ln.role).capitalize()} from {fmt(start)} to {fmt(end)}.")
        for m in sc.markers:
            label = style.MARKER_LABEL.get(m.kind, m.kind)
            out.append(f"On {fmt(m.hex)}: {label}" + (f" ({m.text})" if m.text and m.text not in
                                                          style.MARKER_TEXT.values() else "") + ".")
        for n in sc.notes:
            h = pick(sc.geometry, sc.board, n.x, n.y - sc.geometry.sy * 16 / 15)
            out.append(f"{fmt(h)}: {n.text}." if h is not None else f"{n.text}.")
    if sc.board is None and any(lb.role == "tile" for lb in sc.labels):      # an Undaunted map of tiles
        from tutor.render.undaunted import TH, TW
        tiles, boxes, last = [], [], None
        for lb in sc.labels:
            if lb.role == "tile":           # written 7 px right of and 17 px below the tile's corner
                tiles.append(lb.text)
                boxes.append((lb.text, lb.x - 7, lb.y - 17))
                last = len(tiles) - 1
            elif lb.role == "cover" and last is not None:
                tiles[last] += f" ({lb.text})"
        title = next((lb.text for lb in sc.labels if lb.role == "title"), "")
        out.append(f"Map{': ' + title if title else ''}, {len(tiles)} tiles: {', '.join(tiles)}.")

        def tile_of(x, y) -> str:
            return next((t for t, bx, by in boxes if bx <= x < bx + TW and by <= y < by + TH), "")

        for chip in sc.chips:
            kind = style.CHIP_LABEL.get(chip.kind, chip.kind)
            on = tile_of(chip.x + chip.w / 2, chip.y + chip.h / 2)
            out.append(f"{chip.side + ' ' if chip.side else ''}{kind}"
                       f"{' ' + ' '.join(chip.text.split()) if chip.text else ''}{' on ' + on if on else ''}.")
        out += [f"{n.text}." for n in sc.notes]
    for r in sc.card_rows:
        cards = ", ".join((c.title if c.face_up else "face down") + (f" ({style.CARD_ROLE_LABEL.get(c.role, c.role)})"
                                                                      if c.role else "") for c in r.cards)
        count = f"{r.count} face down" if r.count is not None else ""
        out.append(f"{r.name}: {cards or count or 'empty'}.")
    if not out and sc.title:
        out.append(sc.title)
    return " ".join(out) or "An empty board."
