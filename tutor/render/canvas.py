"""Scene → ipycanvas: the same board as ``svg``, drawn with batched commands.

``draw(layer, scene, part)`` issues the commands for one part of a scene on one ``Canvas``:
``"terrain"`` (cells, art, grid, sections, labels — static), ``"shades"`` (highlighted hexes) or
``"marks"`` (units, lines, ruling markers, notes, card rows). Primitives of one style are sent in
one call (``fill_polygons``, ``stroke_polygons``, ``fill_circles``, ``stroke_line_segments``…).

``BoardView`` holds a three-layer ``MultiCanvas`` (terrain / shades / marks):

* it draws only once the browser says the canvas is ready (``on_client_ready``), and again on
  every new client, so the board is never blank in Voilà;
* ``update(scene)`` redraws only the layers whose content changed, all inside one
  ``hold_canvas()`` — one message per redraw;
* it draws at ``dpr`` (2) canvas pixels per layout pixel, and its layout is ``width: 100%`` up
  to the scene's natural width, so it is crisp on high-DPI screens and fits a narrow column;
* clicks and taps arrive in canvas pixels and are mapped to hexes exactly (``picking.pick``).
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

import numpy as np
from ipycanvas import Canvas, MultiCanvas, hold_canvas
from ipywidgets import Box, Layout

from tutor.hexes import Hex
from tutor.render import style
from tutor.render.picking import CardPick, card_at, pick
from tutor.render.scene import Scene, banded_labels, card_text, chip_text, token_body

LAYERS = ("terrain", "shades", "marks")
POINTER_MAX = 100_000  # canvas pixels: far beyond any board (the Overlord board is ~2,000 wide)

_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _set(c: Canvas, name: str, value) -> None:
    """Set a context property unless this redraw already set it to that value (saves messages
    bytes and traitlets time; the cache is cleared at the start of every redraw)."""
    cache = c.__dict__.setdefault("_tutor_style", {})
    if cache.get(name) != value:
        cache[name] = value
        setattr(c, name, value)


def _arr(points) -> np.ndarray:
    return np.asarray(points, dtype=float)


def _f(values) -> np.ndarray:
    """Numbers (ints, floats or exact Fractions from the scene) as a float array for the wire."""
    return np.asarray(values, dtype=float)


class _Batch:
    """Collects same-style primitives and sends each style in one call, in first-seen order."""

    def __init__(self) -> None:
        self.order: list[tuple] = []
        self.items: dict[tuple, list] = defaultdict(list)

    def add(self, key: tuple, item) -> None:
        if key not in self.items:
            self.order.append(key)
        self.items[key].append(item)

    def flush(self, c: Canvas) -> None:
        for key in self.order:
            items = self.items[key]
            op = key[0]
            if op == "fill_poly":
                _set(c, 'fill_style', key[1])
                _set(c, 'global_alpha', key[2])
                c.fill_polygons([_arr(p) for p in items])
                _set(c, 'global_alpha', 1.0)
            elif op == "stroke_poly":
                _stroke(c, key[1], key[2], key[3])
                c.stroke_polygons([_arr(p) for p in items])
            elif op == "polyline":
                _stroke(c, key[1], key[2], key[3])
                c.stroke_line_segments([_arr(p) for p in items])
            elif op == "fill_circle":
                _set(c, 'fill_style', key[1])
                xs, ys, rs = zip(*items)
                c.fill_circles(_f(xs), _f(ys), _f(rs))
            elif op == "stroke_circle":
                _stroke(c, key[1], key[2], key[3])
                xs, ys, rs = zip(*items)
                c.stroke_circles(_f(xs), _f(ys), _f(rs))
            elif op == "fill_rect":
                _set(c, 'fill_style', key[1])
                xs, ys, ws, hs = zip(*items)
                c.fill_rects(_f(xs), _f(ys), _f(ws), _f(hs))
            elif op == "stroke_rect":
                _stroke(c, key[1], key[2], key[3])
                xs, ys, ws, hs = zip(*items)
                c.stroke_rects(_f(xs), _f(ys), _f(ws), _f(hs))
            elif op == "halo":
                _set(c, 'font', f"{key[1]} {_FONT}")
                _stroke(c, key[2], style.HALO_WIDTH, None)
                _set(c, 'line_join', "round")
                _set(c, 'text_align', key[3])
                for text, x, y in items:
                    c.stroke_text(text, float(x), float(y))
            elif op == "text":
                _set(c, 'font', f"{key[1]} {_FONT}")
                _set(c, 'fill_style', key[2])
                _set(c, 'text_align', key[3])
                for text, x, y in items:
                    c.fill_text(text, float(x), float(y))
        self.order.clear()
        self.items.clear()


def _stroke(c: Canvas, colour: str, width: float, dash: tuple | None) -> None:
    _set(c, 'stroke_style', colour)
    _set(c, 'line_width', width)
    pattern = list(dash) if dash else []
    cache = c.__dict__.setdefault("_tutor_style", {})
    if cache.get("dash") != pattern:
        cache["dash"] = pattern
        c.set_line_dash(pattern)


def _prims(b: _Batch, prims, x, y, sx, sy, k=1.0) -> None:
    for p in prims:
        if isinstance(p, style.Circle):
            cx, cy, r = x + k * p.dx * sx, y + k * p.dy * sy, k * p.r * sx
            if p.fill:
                b.add(("fill_circle", p.fill), (cx, cy, r))
            if p.stroke:
                b.add(("stroke_circle", p.stroke, k * p.width * sx, None), (cx, cy, r))
        elif isinstance(p, style.Poly):
            pts = [(x + k * dx * sx, y + k * dy * sy) for dx, dy in p.points]
            if p.closed:
                if p.fill:
                    b.add(("fill_poly", p.fill, 1.0), pts)
                if p.stroke:
                    b.add(("stroke_poly", p.stroke, k * p.width * sx, None), pts)
            elif p.stroke:
                b.add(("polyline", p.stroke, k * p.width * sx, None), pts)


def _art_batches(scene: Scene, group: str, table: dict) -> _Batch:
    """Art of one group, batched per (key, primitive index) so each hex keeps its own z-order."""
    g = scene.geometry
    b = _Batch()
    if g is None:           # a map of tiles (Undaunted) has no hexes to draw art in
        return b
    by_key = defaultdict(list)
    for a in scene.art:
        if a.group == group:
            by_key[a.key].append(a)
    for key, arts in by_key.items():
        for p in table.get(key, ()):
            for a in arts:
                _prims(b, (p,), a.x, a.y, g.sx, g.sy)
    return b


def draw(c: Canvas, scene: Scene, part: str) -> None:
    """Issue the commands of one part of the scene on canvas ``c`` (call inside hold_canvas)."""
    if part == "terrain":
        _draw_terrain(c, scene)
    elif part == "shades":
        _draw_shades(c, scene)
    elif part == "marks":
        _draw_marks(c, scene)
    else:
        raise ValueError(f"part must be one of {', '.join(LAYERS)}, not {part!r}")


def _draw_terrain(c: Canvas, scene: Scene) -> None:
    _set(c, 'fill_style', style.PAPER)
    c.fill_rect(0, 0, scene.width, scene.height)
    if not scene.cells:          # a card scene: only the row names
        b = _Batch()
        _labels(b, scene.labels)
        b.flush(c)
        return
    b = _Batch()
    for cell in scene.cells:
        fill = style.HALF_HEX_FILL if cell.half else style.TERRAIN_FILL.get(cell.terrain, "#cccccc")
        b.add(("fill_poly", fill, 1.0), cell.points)
    b.flush(c)
    _art_batches(scene, "terrain", style.TERRAIN_ART).flush(c)
    for cell in scene.cells:
        b.add(("stroke_poly", style.GRID, 0.9, None), cell.points)
    if scene.geometry is not None:          # a hex board's frame (not around Undaunted's offset rows)
        xs = [x for cell in scene.cells for x, _ in cell.points]
        ys = [y for cell in scene.cells for _, y in cell.points]
        b.add(("stroke_rect", style.INK, 1.2, None), (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    for s in scene.sections:
        colour, width, dash = style.LINE["section"]
        b.add(("polyline", colour, width, dash), s.points)
    b.flush(c)
    _art_batches(scene, "obstacle", style.OBSTACLE_ART).flush(c)
    _labels(b, scene.labels)
    b.flush(c)


def _labels(b: _Batch, labels) -> None:
    """Labels in the sizes and colors of ``style.LABEL``; a haloed label is first outlined in the
    color behind it, so no line strikes through it."""
    texts = []
    for lb in labels:                 # every outline first (a batch draws in first-seen order) …
        size, bold, colour, halo = style.LABEL.get(lb.role, style.LABEL_DEFAULT)
        font = f"{'bold ' if bold else ''}{size}px"
        align = {"middle": "center", "end": "right"}.get(lb.anchor, "left")
        if halo:
            b.add(("halo", font, lb.halo or style.PAPER, align), (lb.text, lb.x, lb.y))
        texts.append((("text", font, colour, align), (lb.text, lb.x, lb.y)))
    for key, item in texts:           # … then every text, so no outline covers another label
        b.add(key, item)


def _draw_shades(c: Canvas, scene: Scene) -> None:
    b = _Batch()
    for s in scene.shades:
        fill, alpha, stroke, dashed = style.SHADE.get(s.role, ("#888888", 0.3, None, False))
        if alpha:
            b.add(("fill_poly", fill, alpha), s.points)
    for s in scene.shades:
        fill, alpha, stroke, dashed = style.SHADE.get(s.role, ("#888888", 0.3, None, False))
        if stroke:
            b.add(("stroke_poly", stroke, 2.2, (4, 3) if dashed else None), s.points)
    b.flush(c)


def _draw_marks(c: Canvas, scene: Scene) -> None:
    g = scene.geometry
    sx, sy = (g.sx, g.sy) if g else (26, 15)
    b = _Batch()
    if scene.card_rows:          # cards first: lines (a card moving out of the game) go over them
        _cards(c, scene)
    for s in scene.lines:
        colour, width, dash = style.LINE.get(s.role, ("#222222", 2.0, None))
        b.add(("polyline", colour, width, dash), s.points)
        (x0, y0), (x1, y1) = s.points[0], s.points[-1]
        b.add(("fill_circle", colour), (x0, y0, 3.5))
        b.add(("fill_circle", "#ffffff"), (x1, y1, 3.5))
        b.add(("stroke_circle", colour, 2, None), (x1, y1, 3.5))
    _set(c, "line_cap", "round")
    b.flush(c)
    r = style.UNIT_R * sx
    for u in scene.units:
        fill = style.SIDE_FILL.get(u.side, "#777777")
        if u.shape == "square":
            half = r * 0.92
            b.add(("fill_rect", fill), (u.x - half, u.y - half, 2 * half, 2 * half))
            b.add(("stroke_rect", style.INK, 1.4, None), (u.x - half, u.y - half, 2 * half, 2 * half))
            b.add(("stroke_rect", "#ffffff", 0.8, None),
                  (u.x - half + 2, u.y - half + 2, 2 * half - 4, 2 * half - 4))
        else:
            b.add(("fill_circle", fill), (u.x, u.y, r))
            b.add(("stroke_circle", style.INK, 1.4, None), (u.x, u.y, r))
            b.add(("stroke_circle", "#ffffff", 0.8, None), (u.x, u.y, r - 2))
    for u in scene.units:
        b.add(("text", "bold 6.5px", "#ffffff", "center"), (style.KIND_ABBR.get(u.kind, u.kind[:3].upper()), u.x, u.y - 4))
        if u.figures is not None:
            b.add(("text", "bold 13px", "#ffffff", "center"), (str(u.figures), u.x, u.y + 9))
        if u.badge:
            bx, by = u.x + 0.55 * sx, u.y - 0.75 * sy
            if u.badge == "special_forces":
                star = [(bx + dx * sx, by + dy * sy) for dx, dy in style.STAR]
                b.add(("fill_poly", "#f0e442", 1.0), star)
                b.add(("stroke_poly", style.INK, 0.8, None), star)
            else:
                b.add(("fill_circle", "#ffffff"), (bx, by, 5))
                b.add(("stroke_circle", style.INK, 0.8, None), (bx, by, 5))
                b.add(("text", "bold 7px", style.INK, "center"), ("R", bx, by + 2.5))
    b.flush(c)
    for m in scene.markers:
        _marker(b, m.kind, m.x, m.y, m.counts, m.text)
    b.flush(c)
    _chips(b, scene.chips)
    _labels(b, scene.places + scene.notes)    # place names move clear of units and notes: this layer
    b.flush(c)


def _chips(b: _Batch, chips) -> None:
    """Undaunted tokens and markers (``scene.Chip``): bodies, edges, highlight outlines, text."""
    ink = []
    for ch in chips:
        shape, fill, stroke, width, dash, fg, font = style.CHIP.get(ch.kind, style.CHIP["more"])
        side = style.SIDE_FILL.get(ch.side or "", "#777777")
        fill, stroke, fg = (side if fill == "side" else fill, side if stroke == "side" else stroke,
                            side if fg == "side" else fg)
        x, y, w, h = ch.x, ch.y, ch.w, ch.h
        if shape == "rect":
            if fill:
                b.add(("fill_rect", fill), (x, y, w, h))
            b.add(("stroke_rect", stroke, width, dash), (x, y, w, h))
        elif shape == "circle":
            b.add(("fill_circle", fill), (x + w / 2, y + h / 2, min(w, h) / 2))
            b.add(("stroke_circle", stroke, width, dash), (x + w / 2, y + h / 2, min(w, h) / 2))
        elif shape == "triangle":
            pts = [(x, y + h), (x + w / 2, y), (x + w, y + h)]
            b.add(("fill_poly", fill, 1.0), pts)
            b.add(("stroke_poly", stroke, width, dash), pts)
        else:                                       # cross-hair
            cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
            b.add(("stroke_circle", stroke, width, dash), (cx, cy, r * 0.7))
            b.add(("polyline", stroke, width, dash), [(x, cy), (x + w, cy)])
            b.add(("polyline", stroke, width, dash), [(cx, y), (cx, y + h)])
        if ch.role in style.CARD_BORDER:
            colour, bw, bdash = style.CARD_BORDER[ch.role]
            b.add(("stroke_rect", colour, bw, bdash), (x - 3, y - 3, w + 6, h + 6))
        for text, _, _, tx, ty in chip_text(ch):
            ink.append((("text", font, fg, "center"), (text, tx, ty)))
    for key, item in ink:
        b.add(key, item)


def _marker(b: _Batch, kind, x, y, counts, text, k=1.0) -> None:
    r = 7.5 * k
    red = style.MARKER_COUNTS if counts else style.MARKER_IDLE
    if kind == "interior":
        b.add(("fill_circle", red), (x, y, r))
        b.add(("stroke_circle", style.INK, 1, None), (x, y, r))
        fg = "#ffffff"
    elif kind in ("graze_left", "graze_right"):
        b.add(("fill_circle", "#ffffff"), (x, y, r))
        b.add(("stroke_circle", red, 2.2 * k, None), (x, y, r))
        fg = red
    elif kind == "too_low":
        b.add(("fill_circle", "#ffffff"), (x, y, r))
        b.add(("stroke_circle", style.MARKER_IDLE, 1.6 * k, (2.5, 2)), (x, y, r))
        fg = style.MARKER_IDLE
    elif kind == "closed":
        b.add(("fill_rect", "#d55e00"), (x - r, y - r, 2 * r, 2 * r))
        b.add(("stroke_rect", style.INK, 1, None), (x - r, y - r, 2 * r, 2 * r))
        fg = "#ffffff"
    elif kind == "legal":
        b.add(("fill_circle", "#009e73"), (x, y, r))
        b.add(("stroke_circle", style.INK, 1, None), (x, y, r))
        fg = "#ffffff"
    else:
        b.add(("fill_circle", style.INK), (x, y, r))
        fg = "#ffffff"
    b.add(("text", f"bold {10 * k:g}px", fg, "center"), (text, x, y + 3.6 * k))


def _cards(c: Canvas, scene: Scene) -> None:
    """Card rows in three passes — bodies, borders, ink (text, crossings) — so no card's body
    covers another's text; a row whose cards overlap is drawn card by card instead (each on top)."""
    body, edge, ink = _Batch(), _Batch(), _Batch()
    for row in scene.card_rows:
        if row.role in style.ROW_BAND and row.band is not None:
            x0, y0, x1, y1 = row.band
            body.add(("fill_rect", style.ROW_BAND[row.role]), (x0, y0, x1 - x0, y1 - y0))
    stacked = []
    for row in scene.card_rows:
        w, h = row.card_w, row.card_h
        if row.count is not None:
            x = row.x
            for i in range(min(row.count, 3) - 1, -1, -1):
                body.add(("fill_rect", style.CARD_BACK), (x + 3 * i, row.y - 3 * i, w, h))
                edge.add(("stroke_rect", style.INK, 1.2, None), (x + 3 * i, row.y - 3 * i, w, h))
            if row.count == 0:
                edge.add(("stroke_rect", "#9a9a9a", 1, (4, 3)), (x, row.y, w, h))
            ink.add(("text", "bold 13px", style.INK, "left"), (f"{row.count} face down", x + w + 12, row.y + h / 2 + 5))
        if row.step is not None and row.step < w:
            stacked.append(row)
        else:
            for card, (x, y, _, _) in zip(row.cards, row.boxes()):
                _card(body, edge, ink, card, x, y, w, h)
        if row.count is None and not row.cards:
            ink.add(("text", "10px", "#777777", "left"), ("(empty)", row.cards_x, row.y + h / 2 + 4))
        if row.note:
            for i, line in enumerate(row.note.split("\n")[:2]):
                ink.add(("text", "bold 9.5px", "#7a3600", "left"), (line, 12, row.y + h / 2 + 17 + 11 * i))
    _labels(ink, banded_labels(scene))        # a band covers the row's name on the layer below
    for part in (body, edge, ink):
        part.flush(c)
    _stacked_cards(c, stacked)


def _stacked_cards(c: Canvas, rows) -> None:
    for row in rows:
        for card, (x, y, w, h) in zip(row.cards, row.boxes()):
            body, edge, ink = _Batch(), _Batch(), _Batch()
            _card(body, edge, ink, card, x, y, w, h)
            for part in (body, edge, ink):
                part.flush(c)


def _card(body: _Batch, edge: _Batch, ink: _Batch, card, x, y, w, h) -> None:
    """A card, unit token or die of a card row (as ``svg._card``); texts by ``scene.card_text``."""
    colour, width, dash = style.CARD_BORDER.get(card.role, (style.INK, 1.2, None))
    if card.shape == "token":
        bx, by, bw, bh = token_body(w, h)
        body.add(("fill_rect", style.CARD_GHOST if card.role == "removed" else (card.colour or "#777777")),
                 (x + bx, y + by, bw, bh))
        edge.add(("stroke_rect", colour, width, dash), (x + bx, y + by, bw, bh))
        if card.role == "removed":
            ink.add(("polyline", "#6b6b6b", 1.5, None), [(x + bx, y + by), (x + bx + bw, y + by + bh)])
    elif card.shape == "die":
        s = min(w, h - 14)
        dx = x + (w - s) / 2
        body.add(("fill_rect", "#ffffff" if card.role != "hit" else "#fdecea"), (dx, y, s, s))
        edge.add(("stroke_rect", colour, width, dash), (dx, y, s, s))
    else:
        fill = style.CARD_BACK if not card.face_up else (style.CARD_GHOST if card.role == "removed" else style.CARD_FACE)
        body.add(("fill_rect", fill), (x, y, w, h))
        edge.add(("stroke_rect", colour, width, dash), (x, y, w, h))
        if card.face_up and card.role == "removed":
            ink.add(("polyline", "#6b6b6b", 1.5, None), [(x, y), (x + w, y + h)])
    for text, size, bold, fg, tx, ty in card_text(card, w, h):
        ink.add(("text", f"{'bold ' if bold else ''}{size:g}px", fg, "center"), (text, x + tx, y + ty))


# ---------------------------------------------------------------------------------------------
# The live board


class BoardView:
    """A scene on a three-layer MultiCanvas that redraws only what changed, in one message.

    ``on_click(callback)`` calls ``callback(hex_or_None, x, y)`` for a mouse click or a tap, with
    (x, y) in layout pixels of the scene. ``stats`` counts redraws and messages (benchmarks).
    """

    def __init__(self, scene: Scene, *, dpr: int = 2, max_width: int | None = None, legible: bool = False):
        self.dpr = dpr
        self.scene = scene
        size = style.board_max_width(scene.width, scene.height, max_width)
        # ``legible``: never drawn below its own size (coordinate labels stay 10 px on screen); on a
        # page narrower than that the board scrolls sideways inside its own box (``widget``), not the
        # page. For a board too wide to shrink, such as Overlord's 26 hexes.
        self.canvas = MultiCanvas(len(LAYERS), width=scene.width * dpr, height=scene.height * dpr,
                                  layout=Layout(width="100%", height="auto", max_width=size,
                                                min_width=f"{scene.width}px" if legible else None))
        self.widget = self.canvas
        if legible:
            self.widget = Box([self.canvas], layout=Layout(overflow_x="auto", overflow_y="hidden", width="100%"))
            self.widget.add_class("tutor-board-scroll")
        self.ready = False
        self._drawn: dict[str, object] = {}
        self._click: list[Callable] = []
        self._listeners: list[Callable] = []
        self.stats = {"redraws": 0, "layers": 0, "last_ms": 0.0}
        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_touch_start(self._on_touch_start)

    # -- drawing
    def _key(self, scene: Scene, part: str):
        if part == "terrain":
            return scene.terrain_layer
        if part == "shades":
            return (scene.shades,)
        return (scene.units, scene.lines, scene.markers, scene.notes, scene.card_rows, scene.chips, scene.places)

    def _on_client_ready(self) -> None:
        self.ready = True
        self._drawn.clear()       # a new client starts blank: draw everything
        self.update(self.scene)

    def update(self, scene: Scene, *, force: bool = False) -> int:
        """Show ``scene``; redraw the layers that changed (all with ``force``). Returns how many."""
        if (scene.width, scene.height) != (self.scene.width, self.scene.height):
            self.canvas.width, self.canvas.height = scene.width * self.dpr, scene.height * self.dpr
            self._drawn.clear()
        self.scene = scene
        try:
            return self._draw_changed(scene, force)
        finally:
            for cb in self._listeners:    # after the canvas message: the board's pixels come first
                cb(scene)

    def _draw_changed(self, scene: Scene, force: bool) -> int:
        if not self.ready:
            return 0              # on_client_ready will draw it
        t0 = time.perf_counter()
        todo = [(i, part) for i, part in enumerate(LAYERS)
                if force or self._drawn.get(part) != self._key(scene, part)]
        if not todo:
            return 0
        with hold_canvas():
            for i, part in todo:
                layer = self.canvas[i]
                layer.__dict__["_tutor_style"] = {}     # a fresh context state for this redraw
                layer.reset_transform()
                layer.clear()
                layer.set_line_dash([])
                layer.set_transform(self.dpr, 0, 0, self.dpr, 0, 0)
                draw(layer, scene, part)
                self._drawn[part] = self._key(scene, part)
        self.stats["redraws"] += 1
        self.stats["layers"] += len(todo)
        self.stats["last_ms"] = (time.perf_counter() - t0) * 1000
        return len(todo)

    def on_update(self, callback: Callable) -> None:
        """Call ``callback(scene)`` whenever a new scene is shown (e.g. to refresh a legend strip)."""
        self._listeners.append(callback)

    # -- input
    def on_click(self, callback: Callable) -> None:
        self._click.append(callback)

    def hex_at(self, x, y) -> Hex | None:
        """The board hex at layout pixel (x, y) of the scene (exact)."""
        if self.scene.geometry is None or self.scene.board is None:
            return None
        return pick(self.scene.geometry, self.scene.board, x, y)

    def card_at(self, x, y) -> CardPick | None:
        """The card row (and card) at layout pixel (x, y) of a card scene (exact)."""
        return card_at(self.scene, x, y) if self.scene.card_rows else None

    def click(self, x, y) -> None:
        """A click at layout pixel (x, y): what the tests call; mouse and touch come here too."""
        h = self.hex_at(x, y)
        for cb in self._click:
            cb(h, x, y)

    def _on_mouse_down(self, x, y) -> None:
        self._pointer(x, y)

    def _on_touch_start(self, touches) -> None:
        if isinstance(touches, (list, tuple)) and touches and isinstance(touches[0], (list, tuple)) \
                and len(touches[0]) == 2:
            self._pointer(*touches[0])

    def _pointer(self, x, y) -> None:
        """A pointer at canvas pixel (x, y), as the browser sends it: a click, exact (no rounding).
        Anything but two finite numbers within :data:`POINTER_MAX` of the canvas is ignored: the
        message comes from the visitor's browser, and a crafted one ("x": "1e10000000", 45 bytes)
        kept the kernel busy for minutes making an exact fraction of it."""
        if all(type(v) in (int, float) and -POINTER_MAX <= v <= POINTER_MAX for v in (x, y)):  # (not NaN)
            self.click(Fraction(x) / self.dpr, Fraction(y) / self.dpr)
