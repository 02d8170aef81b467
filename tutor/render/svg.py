"""Scene → SVG text: print quality, readable in black and white and by color-blind readers.

``svg(scene)`` is a pure function; ``state_svg(field, **highlight_roles)`` and
``los_svg(ruling)`` are the shortcuts notebooks and ``_repr_svg_`` use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import quote
from xml.sax.saxutils import escape

from tutor.hexes import Hex
from tutor.render import style
from tutor.render.scene import (
    Card,
    CardRow,
    Highlights,
    Scene,
    banded_labels,
    card_text,
    chip_text,
    describe,
    los_highlights,
    shading,
    token_body,
)
from tutor.render.scene import scene as make_scene

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _quoted(text: str) -> str:
    """Text for a double-quoted attribute (a scenario's title may hold quotes)."""
    return escape(text, {'"': "&quot;"})


def _n(v) -> str:
    """A number for SVG: integers plain, others to 2 decimals."""
    f = float(v)
    if f == int(f):
        return str(int(f))
    return f"{f:.2f}".rstrip("0").rstrip(".")


def _pts(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _attr(fill, stroke, width, extra="") -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    return out + extra


def _primitives(prims, x, y, sx, sy, k=1.0) -> list[str]:
    """Art primitives (lattice units around a center) as SVG elements."""
    out = []
    for p in prims:
        if isinstance(p, style.Circle):
            out.append(f'<circle cx="{_n(x + k * p.dx * sx)}" cy="{_n(y + k * p.dy * sy)}" r="{_n(k * p.r * sx)}"'
                       f'{_attr(p.fill, p.stroke, k * p.width * sx)}/>')
        elif isinstance(p, style.Poly):
            pts = _pts((x + k * dx * sx, y + k * dy * sy) for dx, dy in p.points)
            tag = "polygon" if p.closed else "polyline"
            out.append(f'<{tag} points="{pts}"{_attr(p.fill if p.closed else None, p.stroke, k * p.width * sx)}'
                       f' stroke-linecap="round" stroke-linejoin="round"/>')
        elif isinstance(p, style.Text):
            bold = ' font-weight="bold"' if p.bold else ""
            out.append(f'<text x="{_n(x + k * p.dx * sx)}" y="{_n(y + k * p.dy * sy)}" font-size="{_n(k * p.size * sx)}"'
                       f' text-anchor="middle" fill="{p.fill}"{bold}>'
                       f'{escape(p.text)}</text>')
    return out


# Patterns under the art, so a fill alone also tells terrains apart in black and white print.
_DEFS = """<defs>
<pattern id="pat-water" width="8" height="6" patternUnits="userSpaceOnUse"><path d="M0 3 q2 -2 4 0 t4 0" fill="none" stroke="#1f5f99" stroke-width="0.6"/></pattern>
<pattern id="pat-sand" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="1.5" cy="1.5" r="0.7" fill="#9a7b2c"/><circle cx="4.5" cy="4.5" r="0.7" fill="#9a7b2c"/></pattern>
<pattern id="pat-hill" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#a0834a" stroke-width="0.6"/></pattern>
<pattern id="pat-woods" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="3.5" cy="3.5" r="1.1" fill="#5e9e4f"/></pattern>
<pattern id="pat-town" width="6" height="6" patternUnits="userSpaceOnUse"><rect x="1" y="1" width="2" height="2" fill="#a9a39a"/></pattern>
<pattern id="pat-visible" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="9" stroke="#8a7d00" stroke-width="1"/></pattern>
<pattern id="pat-closed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#7a3600" stroke-width="1.2"/></pattern>
<pattern id="pat-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#5b6b4a"/><line x1="0" y1="0" x2="0" y2="8" stroke="#7d8f69" stroke-width="3"/></pattern>
</defs>"""

_PATTERN = {"river": "water", "lake": "water", "ocean": "water", "bridge": "water", "beach": "sand",
            "hill": "hill", "steep_hill": "hill", "draw": "hill", "cliff": "hill", "mountain": "hill",
            "woods": "woods", "hedgerows": "woods", "town": "town", "church": "town", "hill 3/1": "hill"}
_SHADE_PATTERN = {"visible": "visible", "closed": "closed", "blocked": "closed"}


def _unit(u, sx, sy, k=1.0) -> list[str]:
    fill = style.SIDE_FILL.get(u.side, "#777777")
    r = style.UNIT_R * sx * k
    x, y = u.x, u.y
    cls = "unit" if k == 1.0 else "legend-unit"
    out = [f'<g class="{cls} {u.side} {u.kind}" data-hex="{u.hex[0]},{u.hex[1]}">']
    if u.shape == "square":
        s = r * 0.92
        out.append(f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" rx="2"'
                   f' fill="{fill}" stroke="{style.INK}" stroke-width="{_n(1.4 * k)}"/>')
        out.append(f'<rect x="{_n(x - s + 2 * k)}" y="{_n(y - s + 2 * k)}" width="{_n(2 * s - 4 * k)}"'
                   f' height="{_n(2 * s - 4 * k)}" fill="none" stroke="#ffffff" stroke-width="{_n(0.8 * k)}"/>')
    else:
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" stroke="{style.INK}"'
                   f' stroke-width="{_n(1.4 * k)}"/>')
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r - 2 * k)}" fill="none" stroke="#ffffff"'
                   f' stroke-width="{_n(0.8 * k)}"/>')
    if k == 1.0:
        abbr = style.KIND_ABBR.get(u.kind, u.kind[:3].upper())
        out.append(f'<text x="{_n(x)}" y="{_n(y - 4)}" font-size="6.5" text-anchor="middle" fill="#ffffff"'
                   f' font-weight="bold">{abbr}</text>')
        if u.figures is not None:
            out.append(f'<text x="{_n(x)}" y="{_n(y + 9)}" font-size="13" text-anchor="middle" fill="#ffffff"'
                       f' font-weight="bold">{u.figures}</text>')
        if u.badge:
            bx, by = x + 0.55 * sx, y - 0.75 * sy
            if u.badge == "special_forces":
                out.append(f'<polygon points="{_pts((bx + dx * sx, by + dy * sy) for dx, dy in style.STAR)}"'
                           f' fill="#f0e442" stroke="{style.INK}" stroke-width="0.8"/>')
            else:
                out.append(f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="5" fill="#ffffff" stroke="{style.INK}"'
                           f' stroke-width="0.8"/><text x="{_n(bx)}" y="{_n(by + 2.5)}" font-size="7"'
                           f' text-anchor="middle" font-weight="bold">R</text>')
    out.append("</g>")
    return out


def _marker(kind, x, y, counts, text, k=1.0, cls="marker") -> list[str]:
    r = 7.5 * k
    red = style.MARKER_COUNTS if counts else style.MARKER_IDLE
    if kind == "interior":
        body = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{red}" stroke="{style.INK}" stroke-width="1"/>'
        fg = "#ffffff"
    elif kind in ("graze_left", "graze_right"):
        body = (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#ffffff" stroke="{red}"'
                f' stroke-width="{_n(2.2 * k)}"/>')
        fg = red
    elif kind == "too_low":
        body = (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#ffffff" stroke="{style.MARKER_IDLE}"'
                f' stroke-width="{_n(1.6 * k)}" stroke-dasharray="2.5 2"/>')
        fg = style.MARKER_IDLE
    elif kind == "closed":
        body = (f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}" fill="#d55e00"'
                f' stroke="{style.INK}" stroke-width="1"/>')
        fg = "#ffffff"
    elif kind == "legal":
        body = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#009e73" stroke="{style.INK}" stroke-width="1"/>'
        fg = "#ffffff"
    else:
        body = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{style.INK}"/>'
        fg = "#ffffff"
    return [f'<g class="{cls} {kind}">', body,
            f'<text x="{_n(x)}" y="{_n(y + 3.6 * k)}" font-size="{_n(10 * k)}" text-anchor="middle"'
            f' font-weight="bold" fill="{fg}">{escape(text)}</text>', "</g>"]


def _chip(ch, k: float = 1.0) -> list[str]:
    """An Undaunted token or marker (``scene.Chip``), as ``canvas._chips`` draws it."""
    shape, fill, stroke, width, dash, fg, font = style.CHIP.get(ch.kind, style.CHIP["more"])
    side = style.SIDE_FILL.get(ch.side or "", "#777777")
    fill, stroke, fg = (side if fill == "side" else fill, side if stroke == "side" else stroke,
                            side if fg == "side" else fg)
    x, y, w, h = ch.x, ch.y, ch.w * k, ch.h * k
    d = f' stroke-dasharray="{" ".join(_n(v) for v in dash)}"' if dash else ""
    key = f' data-key="{_quoted(ch.key)}"' if ch.key else ""
    out = [f'<g class="chip {ch.kind} {ch.side or ""}"{key}>']
    if shape == "rect":
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="2"'
                   f'{_attr(fill, stroke, width * k, d)}/>')
    elif shape == "circle":
        out.append(f'<circle cx="{_n(x + w / 2)}" cy="{_n(y + h / 2)}" r="{_n(min(w, h) / 2)}"'
                   f'{_attr(fill, stroke, width * k, d)}/>')
    elif shape == "triangle":
        out.append(f'<polygon points="{_pts([(x, y + h), (x + w / 2, y), (x + w, y + h)])}"'
                   f'{_attr(fill, stroke, width * k, d)}/>')
    else:
        cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
        out.append(f'<g fill="none" stroke="{stroke}" stroke-width="{_n(width * k)}"><circle cx="{_n(cx)}"'
                   f' cy="{_n(cy)}" r="{_n(r * 0.7)}"/><line x1="{_n(x)}" y1="{_n(cy)}" x2="{_n(x + w)}" y2="{_n(cy)}"/>'
                   f'<line x1="{_n(cx)}" y1="{_n(y)}" x2="{_n(cx)}" y2="{_n(y + h)}"/></g>')
    if ch.role in style.CARD_BORDER:
        out.append(f'<rect x="{_n(x - 3)}" y="{_n(y - 3)}" width="{_n(w + 6)}" height="{_n(h + 6)}" fill="none"'
                   f'{_stroke_attrs(ch.role)}/>')
    if k == 1.0:
        for text, size, bold, tx, ty in chip_text(ch):
            weight = ' font-weight="bold"' if bold else ""
            out.append(f'<text x="{_n(tx)}" y="{_n(ty)}" font-size="{_n(size)}"'
                       f' text-anchor="middle" fill="{fg}"{weight}>{escape(text)}</text>')
    out.append("</g>")
    return out


def _line_attrs(role, k=1.0) -> str:
    colour, width, dash = style.LINE.get(role, ("#222222", 2.0, None))
    out = f' stroke="{colour}" stroke-width="{_n(width * k)}" stroke-linecap="round" fill="none"'
    if dash:
        out += f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"'
    return out


def _hexagon(x, y, sx, sy, k):
    return _pts((x + k * dx * sx, y + k * dy * sy) for dx, dy in ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)))


def _legend(item, sx, sy) -> list[str]:
    x, y = item.x + 11, item.y
    k = 0.38
    out = []
    if item.group == "terrain":
        out.append(f'<polygon points="{_hexagon(x, y, sx, sy, k)}" fill="{style.TERRAIN_FILL.get(item.key, "#ccc")}"'
                   f' stroke="{style.GRID}" stroke-width="0.6"/>')
        out += _primitives(style.TERRAIN_ART.get(item.key, ()), x, y, sx, sy, k)
    elif item.group == "obstacle":
        out.append(f'<polygon points="{_hexagon(x, y, sx, sy, k)}" fill="{style.TERRAIN_FILL["countryside"]}"'
                   f' stroke="{style.GRID}" stroke-width="0.6"/>')
        out += _primitives(style.OBSTACLE_ART.get(item.key, ()), x, y - 1.1 * k * sy, sx, sy, k)
    elif item.group == "side":
        from tutor.render.scene import UnitMarker
        out += _unit(UnitMarker((0, 0), item.key, "infantry", None, None, x, y), sx, sy, 0.55)
    elif item.group == "shade":
        fill, alpha, stroke, dashed = style.SHADE[item.key]
        out.append(f'<polygon points="{_hexagon(x, y, sx, sy, k)}" fill="{style.TERRAIN_FILL["countryside"]}"'
                   f' stroke="{style.GRID}" stroke-width="0.6"/>')
        out += _shade_svg(item.key, _hexagon(x, y, sx, sy, k), 0.6)
    elif item.group == "line":
        out.append(f'<line x1="{_n(x - 10)}" y1="{_n(y)}" x2="{_n(x + 10)}" y2="{_n(y)}"{_line_attrs(item.key, 0.8)}/>')
    elif item.group == "chip":
        from tutor.render.scene import Chip
        kind, side = item.key.split(":")
        out += _chip(Chip(kind, x - 7, y - 6, 14, 12, "", side or None), 1.0)
    elif item.group == "marker":
        out += _marker(item.key, x, y, item.key != "too_low", style.MARKER_TEXT.get(item.key, ""), 0.9, "legend-marker")
    out.append(f'<text x="{_n(item.x + 26)}" y="{_n(y + 3.5)}" font-size="9.5" fill="{style.INK}">'
               f'{escape(item.text)}</text>')
    return out


def _shade_svg(role, pts: str, k=1.0) -> list[str]:
    fill, alpha, stroke, dashed = style.SHADE.get(role, ("#888888", 0.3, None, False))
    out = []
    if alpha:
        out.append(f'<polygon points="{pts}" fill="{fill}" fill-opacity="{_n(alpha)}"/>')
    if role in _SHADE_PATTERN:
        out.append(f'<polygon points="{pts}" fill="url(#pat-{_SHADE_PATTERN[role]})" fill-opacity="0.4"/>')
    if stroke:
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        out.append(f'<polygon points="{pts}" fill="none" stroke="{stroke}" stroke-width="{_n(2.2 * k)}"'
                   f' stroke-linejoin="round"{dash}/>')
    return out


def _stroke_attrs(role) -> str:
    colour, width, dash = style.CARD_BORDER.get(role, (style.INK, 1.2, None))
    out = f' stroke="{colour}" stroke-width="{_n(width)}"'
    if dash:
        out += f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"'
    return out


def _card(card: Card, x, y, w, h) -> list[str]:
    """A card, unit token or die of a card row, as ``canvas._card`` draws it; every text as
    ``scene.card_text`` lays it out."""
    out = [f'<g class="card {card.shape} {card.role or ""}">']
    if card.shape == "token":
        bx, by, bw, bh = token_body(w, h)
        fill = style.CARD_GHOST if card.role == "removed" else (card.colour or "#777777")
        out.append(f'<rect x="{_n(x + bx)}" y="{_n(y + by)}" width="{_n(bw)}" height="{_n(bh)}" rx="4"'
                   f' fill="{fill}"{_stroke_attrs(card.role)}/>')
        if card.role == "removed":
            out.append(f'<line x1="{_n(x + bx)}" y1="{_n(y + by)}" x2="{_n(x + bx + bw)}" y2="{_n(y + by + bh)}"'
                       f' stroke="#6b6b6b" stroke-width="1.5"/>')
    elif card.shape == "die":
        sz = min(w, h - 14)
        dx = x + (w - sz) / 2
        fill = "#fdecea" if card.role == "hit" else "#ffffff"
        out.append(f'<rect x="{_n(dx)}" y="{_n(y)}" width="{_n(sz)}" height="{_n(sz)}" rx="6" fill="{fill}"'
                   f'{_stroke_attrs(card.role)}/>')
    else:
        fill = "url(#pat-back)" if not card.face_up else (style.CARD_GHOST if card.role == "removed"
                                                           else style.CARD_FACE)
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="5" fill="{fill}"'
                   f'{_stroke_attrs(card.role)}/>')
        if card.face_up and card.role == "removed":
            out.append(f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + w)}" y2="{_n(y + h)}" stroke="#6b6b6b"'
                       f' stroke-width="1.5"/>')
    for text, size, bold, colour, tx, ty in card_text(card, w, h):
        weight = ' font-weight="bold"' if bold else ""
        out.append(f'<text x="{_n(x + tx)}" y="{_n(y + ty)}" font-size="{_n(size)}" text-anchor="middle"'
                   f'{weight} fill="{colour}">{escape(text)}</text>')
    out.append("</g>")
    return out


def _card_row(row: CardRow) -> list[str]:
    out = [f'<g class="card-row" data-row="{_quoted(row.id)}">']
    if row.role in style.ROW_BAND and row.band is not None:
        x0, y0, x1, y1 = row.band
        out.append(f'<rect class="band {row.role}" x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}"'
                   f' height="{_n(y1 - y0)}" fill="{style.ROW_BAND[row.role]}"/>')
    x = row.x
    if row.count is not None:
        for i in range(min(row.count, 3) - 1, -1, -1):
            out += _card(Card("", False), x + 3 * i, row.y - 3 * i, row.card_w, row.card_h)
        if row.count == 0:
            out.append(f'<rect x="{_n(x)}" y="{_n(row.y)}" width="{_n(row.card_w)}" height="{_n(row.card_h)}" rx="5"'
                       f' fill="none" stroke="#9a9a9a" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{_n(x + row.card_w + 12)}" y="{_n(row.y + row.card_h / 2 + 5)}" font-size="13"'
                   f' font-weight="bold" fill="{style.INK}">{row.count} face down</text>')
    for c, (bx, by, bw, bh) in zip(row.cards, row.boxes()):
        out += _card(c, bx, by, bw, bh)
    if row.count is None and not row.cards:
        out.append(f'<text x="{_n(row.cards_x)}" y="{_n(row.y + row.card_h / 2 + 4)}" font-size="10" fill="#777777">'
                   f'(empty)</text>')
    for i, line in enumerate(row.note.split("\n")[:2] if row.note else ()):
        out.append(f'<text class="row-note" x="12" y="{_n(row.y + row.card_h / 2 + 17 + 11 * i)}" font-size="9.5"'
                   f' font-weight="bold" fill="#7a3600">{escape(line)}</text>')
    out.append("</g>")
    return out


def svg(scene: Scene, *, legible: bool = False) -> str:
    """The scene as a standalone SVG document (UTF-8 text). ``legible``: never shown below its own
    size (coordinate labels stay 10 px); put it in :func:`scroll_box` to let it scroll sideways on
    a narrower page (as ``BoardView(legible=True)``)."""
    W, H = scene.width, scene.height
    g = scene.geometry
    sx, sy = (g.sx, g.sy) if g else (26, 15)
    least = f";min-width:{W}px" if legible else ""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}"'
           f' font-family="{FONT}" style="width:100%;height:auto;max-width:{style.board_max_width(W, H)}{least}"'
           f' role="img" aria-label="{_quoted(describe(scene))}">',
           _DEFS,
           f'<rect width="{W}" height="{H}" fill="{style.PAPER}"/>']
    if scene.title:
        out.append(f"<title>{escape(scene.title)}</title>")
    # Terrain: base fill, pattern, art; then the grid on top of the fills.
    out.append('<g class="terrain">')
    for c in scene.cells:
        pts = _pts(c.points)
        fill = style.HALF_HEX_FILL if c.half else style.TERRAIN_FILL.get(c.terrain, "#cccccc")
        out.append(f'<polygon points="{pts}" fill="{fill}" data-hex="{c.hex[0]},{c.hex[1]}"'
                   f' data-terrain="{c.terrain}"/>')
        if c.terrain in _PATTERN:
            out.append(f'<polygon points="{pts}" fill="url(#pat-{_PATTERN[c.terrain]})" fill-opacity="0.6"/>')
    for a in scene.art:
        if a.group == "terrain":
            out += _primitives(style.TERRAIN_ART.get(a.key, ()), a.x, a.y, sx, sy)
    out.append("</g>")
    out.append(f'<g class="grid" fill="none" stroke="{style.GRID}" stroke-width="0.9" stroke-linejoin="round">')
    for c in scene.cells:
        out.append(f'<polygon points="{_pts(c.points)}"/>')
    out.append("</g>")
    if scene.cells and g is not None and not scene.window:    # a window ends at its hexes' edges
        xs = [x for c in scene.cells for x, _ in c.points]
        ys = [y for c in scene.cells for _, y in c.points]
        out.append(f'<rect x="{_n(min(xs))}" y="{_n(min(ys))}" width="{_n(max(xs) - min(xs))}"'
                   f' height="{_n(max(ys) - min(ys))}" fill="none" stroke="{style.INK}" stroke-width="1.2"/>')
    for s in scene.sections:
        out.append(f'<polyline class="section" points="{_pts(s.points)}"{_line_attrs(s.role)}/>')
    out.append('<g class="obstacles">')
    for a in scene.art:
        if a.group == "obstacle":
            out += _primitives(style.OBSTACLE_ART.get(a.key, ()), a.x, a.y, sx, sy)
    out.append("</g>")
    for lb in scene.labels:
        out.append(_label(lb))
    if scene.shades:
        out.append('<g class="shades">')
        for sh in scene.shades:
            out += _shade_svg(sh.role, _pts(sh.points))
        out.append("</g>")
    for row in scene.card_rows:      # under the lines (a card moving out of the game)
        out += _card_row(row)
    for lb in banded_labels(scene):  # a row's band covers its name: write it again
        out.append(_label(lb))
    for s in scene.lines:
        (x0, y0), (x1, y1) = s.points[0], s.points[-1]
        out.append(f'<g class="line {s.role}"><polyline points="{_pts(s.points)}"{_line_attrs(s.role)}/>'
                   f'<circle cx="{_n(x0)}" cy="{_n(y0)}" r="3.5" fill="{style.LINE.get(s.role, ("#222",))[0]}"/>'
                   f'<circle cx="{_n(x1)}" cy="{_n(y1)}" r="3.5" fill="#ffffff"'
                   f' stroke="{style.LINE.get(s.role, ("#222",))[0]}" stroke-width="2"/></g>')
    out.append('<g class="units">')
    for u in scene.units:
        out += _unit(u, sx, sy)
    out.append("</g>")
    for m in scene.markers:
        out += _marker(m.kind, m.x, m.y, m.counts, m.text)
    if scene.chips:
        out.append('<g class="chips">')
        for ch in scene.chips:
            out += _chip(ch)
        out.append("</g>")
    for lb in scene.places + scene.notes:   # place names clear of units and notes (scene.place_labels)
        out.append(_label(lb))
    for item in scene.legend:
        out += _legend(item, sx, sy)
    out.append("</svg>")
    return "\n".join(out)


# A board picture on a page: one <img> of the svg() document, not the document inline. Inline, a
# board is hundreds of elements that the page styles and lays out as it starts (chapter 1: 18
# boards, some 3,800 of its 4,400 elements); as an image it is one box, drawn when it comes into view
# (loading="lazy"). The same document, its description as the image's alt text.
_DOCUMENT = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" width="(?P<width>[\d.]+)" height="(?P<height>[\d.]+)"'
                       r'[^>]*? style="(?P<style>[^"]*)" role="img" aria-label="(?P<label>[^"]*)">(?P<body>.*?)</svg>',
                       re.S)
_TITLE = re.compile(r"<title>([^<]*)</title>")
# what a data: URL in a double-quoted attribute may keep as it is (not ", &, %, #, <, >)
_URL_SAFE = " =/:;,.-_()!*~+@$?'"


def _image(m: re.Match) -> str:
    title = _TITLE.search(m["body"])     # element text, escaped but for its quotes
    tip = ' title="' + title[1].replace('"', "&quot;") + '"' if title else ""
    return (f'<img class="tutor-picture" width="{m["width"]}" height="{m["height"]}" style="{m["style"]}"'
            f' alt="{m["label"]}"{tip} loading="lazy" decoding="async"'
            f' src="data:image/svg+xml,{quote(m[0], safe=_URL_SAFE)}">')


def svg_image(document: str) -> str:
    """A board picture (an :func:`svg` document) as one ``<img>`` for a page: the same size and
    style, its description as the alt text, its title as the tooltip."""
    m = _DOCUMENT.fullmatch(document.strip())
    if m is None:
        raise ValueError("svg_image takes one board picture as svg() writes it")
    return _image(m)


def svg_images(html: str) -> str:
    """``html`` with each board picture in it (an :func:`svg` document) as :func:`svg_image`;
    everything else (a legend's inline swatches too) as it was."""
    return _DOCUMENT.sub(_image, html)


def _label(lb) -> str:
    """A label in the size and color of ``style.LABEL``, outlined in the color behind it when
    its role has a halo (so no grid or section line strikes through it)."""
    size, bold, colour, halo = style.LABEL.get(lb.role, style.LABEL_DEFAULT)
    attrs = f' font-size="{_n(size)}"' + (' font-weight="bold"' if bold else "") + f' fill="{colour}"'
    if halo:
        attrs += (f' stroke="{lb.halo or style.PAPER}" stroke-width="{_n(style.HALO_WIDTH)}"'
                  ' stroke-linejoin="round" paint-order="stroke"')
    return (f'<text x="{_n(lb.x)}" y="{_n(lb.y)}" text-anchor="{lb.anchor}"{attrs}'
            f' class="{lb.role}">{escape(lb.text)}</text>')


# ---------------------------------------------------------------------------------------------
# Shortcuts


def state_svg(field, highlights: Highlights | None = None, *, title: str | None = None, legend: bool = True,
              coords: bool = True, legible: bool = False, window: Iterable[Hex] | None = None,
              **shaded: Iterable[Hex]) -> str:
    """A battlefield as SVG; shade roles as keywords: ``state_svg(s, visible=hexes, origin=[h])``.
    ``legible``: see :func:`svg`; ``window``: only these hexes, the picture cut to them
    (``tutor.render.scene.scene``)."""
    hl = highlights
    if shaded:
        extra = shading(shaded)
        hl = extra if hl is None else hl + extra
    return svg(make_scene(field, hl, title=title, legend=legend, coords=coords, window=window), legible=legible)


def scroll_box(html: str, label: str) -> str:
    """``html`` (a legible board) in a box of the page's width that scrolls sideways when the board
    is wider: the page itself never does. The box takes the keyboard's focus (arrow keys scroll
    it) and is named ``label`` for a screen reader."""
    name = _quoted(label)
    return (f'<div class="tutor-board-scroll" tabindex="0" role="region" aria-label="{name}"'
            f' style="overflow-x:auto;max-width:100%">{html}</div>')


def los_svg(ruling, *, visible: Iterable[Hex] | None = None, field=None, title: str | None = None,
            legend: bool = True) -> str:
    """A line-of-sight ruling: the board, the line, each obstruction marked; visible hexes optional."""
    fld = field if field is not None else ruling.field
    if fld is None:
        raise ValueError("this ruling carries no field: pass field=")
    if title is None:
        verdict = "can see" if ruling.visible else "cannot see"
        title = f"{ruling.origin[0]},{ruling.origin[1]} {verdict} {ruling.target[0]},{ruling.target[1]}"
    return svg(make_scene(fld, los_highlights(ruling, visible=visible), title=title, legend=legend))


# ---------------------------------------------------------------------------------------------
# A legend strip (HTML): the scene's legend entries with the same swatches, wrapping to any width


def _swatch(group: str, key: str, sx: int = 26, sy: int = 15) -> str:
    from tutor.render.scene import LegendItem
    if group == "card":
        colour, width, dash = style.CARD_BORDER.get(key, (style.INK, 1.2, None))
        d = f' stroke-dasharray="{" ".join(_n(v) for v in dash)}"' if dash else ""
        fill = style.CARD_GHOST if key == "removed" else style.CARD_FACE
        body = (f'<rect x="6" y="-8" width="12" height="16" rx="2" fill="{fill}" stroke="{colour}"'
                f' stroke-width="{_n(min(width, 2.5))}"{d}/>')
    elif group == "band":
        body = (f'<rect x="1" y="-7" width="22" height="14" fill="{style.ROW_BAND.get(key, "#eeeeee")}"'
                f' stroke="#cccccc" stroke-width="0.6"/>')
    else:
        body = "".join(p for p in _legend(LegendItem(group, key, "", 0, 0), sx, sy) if not p.startswith("<text"))
    return (f'<svg width="24" height="20" viewBox="0 -10 24 20" style="vertical-align:middle"'
            f' aria-hidden="true">{body}</svg>')


def legend_html(entries) -> str:
    """An HTML legend strip from ``scene.legend_entries(sc)`` (or a Scene): swatch + words per
    entry, wrapping in a narrow column; "" when there is nothing to explain."""
    from tutor.render.scene import Scene, legend_entries
    if isinstance(entries, Scene):
        entries = legend_entries(entries)
    if not entries:
        return ""
    items = "".join(f'<span class="tutor-legend-item" data-key="{_quoted(g)}:{_quoted(k)}" style="display:inline-flex;'
                    f'align-items:center;gap:3px;margin:0 10px 2px 0;white-space:nowrap">{_swatch(g, k)}'
                    f'{escape(t)}</span>' for g, k, t in entries)
    return (f'<div class="tutor-legend" style="display:flex;flex-wrap:wrap;font-size:11.5px;color:{style.INK};'
            f'line-height:1.3;margin:2px 0 4px 0">{items}</div>')
