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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from tutor.hexes import Board, Hex, fmt, neighbours, row_major
from tutor.render import style
from tutor.render.elements import (
    LABEL_GAP,
    LEGEND_ROW,
    MARGIN,
    PILE_SPACE,
    TITLE_H,
    TITLE_LINE,
    WINDOW_SIDE,
    Art,
    Card,
    CardRow,
    Cell,
    Chip,
    Label,
    LegendItem,
    Marker,
    Point,
    Scene,
    Segment,
    Shade,
    UnitMarker,
    _hex_key,
    label_box,
    text_box,
    text_width,
)
from tutor.render.legend import (
    CARD_INSET,
    _legend_entries,
    banded_labels,
    card_scene,
    card_text,
    chip_legend,
    chip_text,
    describe,
    legend_entries,
    title_lines,
    token_body,
)
from tutor.render.picking import Geometry

__all__ = [
    "Art",
    "CARD_INSET",
    "Card",
    "CardRow",
    "Cell",
    "Chip",
    "Highlights",
    "LABEL_GAP",
    "LEGEND_ROW",
    "Label",
    "LegendItem",
    "Line",
    "MARGIN",
    "Mark",
    "Marker",
    "PILE_SPACE",
    "PLACE_GAP",
    "PLACE_LINE",
    "PLACE_WIDTH",
    "Point",
    "Scene",
    "Segment",
    "Shade",
    "TITLE_H",
    "TITLE_LINE",
    "UnitMarker",
    "WINDOW_SIDE",
    "banded_labels",
    "card_scene",
    "card_text",
    "chip_legend",
    "chip_text",
    "describe",
    "highlights",
    "label_box",
    "legend_entries",
    "los_highlights",
    "los_window",
    "place_labels",
    "place_names",
    "scene",
    "shading",
    "text_box",
    "text_width",
    "title_lines",
    "token_body",
]

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




def _height(field, h: Hex) -> int:
    from tutor.memoir.terrain import TERRAIN
    t = TERRAIN.get(field.terrain.get(h, "countryside"))
    return t.height if t is not None else 0


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
