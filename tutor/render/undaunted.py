"""Undaunted: Normandy drawn as SVG: the board (tiles laid like bricks, cover, objectives, control
markers, unit tokens, deployment and target markers, a path) and a side's zones as rows of cards.

* :func:`board_svg` / :func:`board_html` — the board of an Undaunted ``GameState``.
* :func:`zones_svg` / :func:`zones_html` — a side's zones as rows of cards
  (``tutor.render.scene.card_scene``), with highlighted cards; face-down piles as counts unless
  ``open_draw``.
* :func:`card_title`, :func:`unit_short`, :func:`render_card` — a card in plain English ("Riflemen
  A"), a unit token's short label ("MG C"), a card as a ``scene.Card``.

Pure functions on the engine's values (``tutor.undaunted``): the chapters, the lab and the
widgets draw Undaunted with them.
"""

from __future__ import annotations

from html import escape

from tutor.render.scene import Card, card_scene
from tutor.render.svg import svg
from tutor.undaunted.cards import CARDS
from tutor.undaunted.deck import ZONE_NAMES, Zones

SIDE_COLOUR = {"allied": "#0072b2", "axis": "#b5520c"}
ZONE_LABEL = {"hand": "hand", "table": "table", "discard": "discard", "draw": "draw deck",
              "supply": "supply", "out": "out of game"}

NAMES = {"riflemen": "Riflemen", "scouts": "Scouts", "machine-gunners": "Machine gunners",
         "squad-leader": "Squad leader", "platoon-sergeant": "Platoon sergeant",
         "platoon-guide": "Platoon guide", "sniper": "Sniper", "mortar": "Mortar",
         "fog-of-war": "Fog of war"}
SHORT = {"riflemen": "Rifle", "scouts": "Scout", "machine-gunners": "MG", "sniper": "Sniper",
         "mortar": "Mortar"}


def card_title(card_id: str) -> str:
    """``riflemen-a`` → "Riflemen A"; ``platoon-sergeant`` → "Platoon sergeant"."""
    c = CARDS[card_id]
    name = NAMES.get(c.name, c.name.replace("-", " ").capitalize())
    return f"{name} {c.squad.upper()}" if c.squad else name


def unit_short(unit_id: str) -> str:
    c = CARDS[unit_id]
    s = SHORT.get(c.name, c.name)
    return f"{s} {c.squad.upper()}" if c.squad else s


# ---------------------------------------------------------------------------------------------
# card rows


def render_card(card_id: str, role: str | None = None) -> Card:
    """A card as the scene draws it: its title, face up, its initiative below."""
    return Card(card_title(card_id), True, role, f"init {CARDS[card_id].initiative}")


def zones_svg(z: Zones, *, title: str = "", zones=ZONE_NAMES, open_draw: bool = False,
              roles: dict | None = None, width: int = 680, card_h: int = 64) -> str:
    """Rows of cards, one per zone. ``roles`` maps a zone to {index: role} (role: "hit", "new",
    "removed", "predicted") to mark cards. The draw deck is face down unless ``open_draw``."""
    roles = roles or {}
    rows, longest = [], 0
    for name in zones:
        cards = getattr(z, name)
        marks = roles.get(name, {})
        if name == "draw" and not open_draw:
            rows.append((ZONE_LABEL[name], (), len(cards)))
            longest = max(longest, 3)
            continue
        rows.append((ZONE_LABEL[name], tuple(render_card(c, marks.get(i)) for i, c in enumerate(cards)), None))
        longest = max(longest, len(cards))
    w = max(width, 96 + 24 + longest * 64)
    return svg(card_scene(rows, title=title, width=w, card_h=card_h))


def zones_html(z: Zones, **kw) -> str:
    return f'<div style="overflow-x:auto">{zones_svg(z, **kw)}</div>'


# ---------------------------------------------------------------------------------------------
# the board

TW, TH = 96, 78          # tile width and height in pixels; a row is offset by half a tile
_PAD = 10
_COVER_FILL = {0: "#f3f1e4", 1: "#dfe8c8", 2: "#c4d9a6", 3: "#9cc27e"}
_HILL_FILL = "#dcc79a"


def _tile_xy(pos) -> tuple[float, float]:
    col, row = pos
    return _PAD + col * TW / 2, _PAD + row * TH


def board_svg(state, *, highlight=(), path=(), title: str = "", note: str = "") -> str:
    """The board of an Undaunted ``GameState`` as SVG text.

    Each tile shows its label, cover ("cover 3", "hill 3/1"), objective value (gold disc), the
    control markers (a small square per side: outline = scouted, filled = controlled), deployment
    markers (a triangle) and unit tokens (side colour; grey and dashed when suppressed). A target
    marker is a cross-hair. ``highlight`` outlines tiles; ``path`` draws a route through tile centres.
    """
    board = state.board
    xs = [_tile_xy(t.pos)[0] for t in board.tiles]
    ys = [_tile_xy(t.pos)[1] for t in board.tiles]
    W = max(int(max(xs) + TW + _PAD), 560)
    H0 = int(max(ys) + TH + _PAD)
    top = 24 if title else 0
    legend_h = 30
    H = H0 + top + legend_h
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'font-family="DejaVu Sans, Arial, sans-serif">'),
           f'<rect width="{W}" height="{H}" fill="#ffffff"/>']
    if title:
        out.append(f'<text x="{_PAD}" y="18" font-size="14" font-weight="bold" fill="#222">{escape(title)}</text>')
    out.append(f'<g transform="translate(0,{top})">')
    ctrl = {s: state.control_markers(s) for s in ("allied", "axis")}
    deps = {}
    for d in board.deployments:
        deps.setdefault(d.tile, []).append(d)
    tok_out: list[str] = []
    for t in board.tiles:
        x, y = _tile_xy(t.pos)
        fill = _HILL_FILL if t.cover.hill else _COVER_FILL.get(t.cover.high, "#8fb46f")
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{TW - 2}" height="{TH - 2}" rx="4" fill="{fill}" '
                   f'stroke="#6b6b5a" stroke-width="1" data-tile="{escape(t.id)}"/>')
        out.append(f'<text x="{x + 6}" y="{y + 15}" font-size="12" font-weight="bold" fill="#222">'
                   f'{escape(t.id)}</text>')
        cov = f"hill {t.cover}" if t.cover.hill else f"cover {t.cover.high}"
        out.append(f'<text x="{x + 6}" y="{y + TH - 7}" font-size="9.5" fill="#333">{cov}</text>')
        if t.objective:
            out.append(f'<circle cx="{x + TW - 14}" cy="{y + 13}" r="9" fill="#e6b422" stroke="#7a5a00"/>'
                       f'<text x="{x + TW - 14}" y="{y + 17}" font-size="11" font-weight="bold" '
                       f'text-anchor="middle" fill="#222">{t.objective}</text>')
        # control markers, bottom right: allied then axis
        for i, side in enumerate(("allied", "axis")):
            st = ctrl[side].get(t.id)
            if st is None:
                continue
            cx = x + TW - 34 + i * 15
            cy = y + TH - 19
            col = SIDE_COLOUR[side]
            filled = st == "controlled"
            out.append(f'<rect x="{cx}" y="{cy}" width="12" height="12" rx="2" fill="{col if filled else "#fff"}" '
                       f'stroke="{col}" stroke-width="2"><title>{side} {st}</title></rect>'
                       f'<text x="{cx + 6}" y="{cy + 9.5}" font-size="8.5" font-weight="bold" '
                       f'text-anchor="middle" fill="{"#fff" if filled else col}">{"C" if filled else "S"}</text>')
        for j, d in enumerate(deps.get(t.id, ())):
            dx = x + 42 + j * 14
            dy = y + 5
            out.append(f'<polygon points="{dx},{dy + 11} {dx + 6},{dy} {dx + 12},{dy + 11}" '
                       f'fill="{SIDE_COLOUR[d.side]}" opacity="0.75"><title>{d.side} deployment: '
                       f'{", ".join(d.admits)}</title></polygon>')
        for side in ("allied", "axis"):
            if state.target_of(side) == t.id:
                tx, ty = x + TW - 14, y + TH / 2 - 2
                col = SIDE_COLOUR[side]
                out.append(f'<g stroke="{col}" stroke-width="2" fill="none"><circle cx="{tx}" cy="{ty}" r="8"/>'
                           f'<line x1="{tx - 11}" y1="{ty}" x2="{tx + 11}" y2="{ty}"/>'
                           f'<line x1="{tx}" y1="{ty - 11}" x2="{tx}" y2="{ty + 11}"/></g>')
    for t in board.tiles:
        x, y = _tile_xy(t.pos)
        toks = state.units_at(t.id)
        for k, tok in enumerate(toks[:3]):
            bx, by = x + 8, y + 20 + k * 16
            col = SIDE_COLOUR[tok.side]
            if tok.suppressed:
                tok_out.append(f'<rect x="{bx}" y="{by}" width="62" height="14" rx="3" fill="#9a9a9a" '
                           f'stroke="{col}" stroke-width="1.5" stroke-dasharray="3 2"/>')
            else:
                tok_out.append(f'<rect x="{bx}" y="{by}" width="62" height="14" rx="3" fill="{col}"/>')
            label = unit_short(tok.unit) + (" ⊘" if tok.suppressed else "")
            tok_out.append(f'<text x="{bx + 31}" y="{by + 10.5}" font-size="9.5" font-weight="bold" '
                       f'text-anchor="middle" fill="#fff">{escape(label)}</text>')
        if len(toks) > 3:
            tok_out.append(f'<text x="{x + 74}" y="{y + 62}" font-size="9">+{len(toks) - 3}</text>')
    for tid in highlight:
        if tid in board:
            x, y = _tile_xy(board.tile(tid).pos)
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{TW - 4}" height="{TH - 4}" rx="4" fill="none" '
                       f'stroke="#f0c000" stroke-width="4"/>')
    if len(path) > 1:
        pts = []
        for tid in path:
            x, y = _tile_xy(board.tile(tid).pos)
            pts.append(f"{x + TW / 2},{y + TH / 2 + 6}")
        out.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="#d81b60" stroke-width="3.5" '
                   f'stroke-dasharray="7 4" stroke-linecap="round"/>')
        lx, ly = pts[-1].split(",")
        out.append(f'<circle cx="{lx}" cy="{ly}" r="5" fill="#d81b60"/>')
    out += tok_out
    out.append("</g>")
    # legend
    ly = H - legend_h + 8
    lg = [(SIDE_COLOUR["allied"], "Allied token"), (SIDE_COLOUR["axis"], "Axis token"),
          ("#9a9a9a", "suppressed ⊘")]
    x = _PAD
    for col, text in lg:
        out.append(f'<rect x="{x}" y="{ly}" width="14" height="12" rx="2" fill="{col}"/>'
                   f'<text x="{x + 18}" y="{ly + 10}" font-size="10">{text}</text>')
        x += 26 + 6.2 * len(text)
    out.append(f'<rect x="{x}" y="{ly}" width="12" height="12" fill="#fff" stroke="#555" stroke-width="2"/>'
               f'<text x="{x + 16}" y="{ly + 10}" font-size="10">S scouted</text>')
    x += 80
    out.append(f'<rect x="{x}" y="{ly}" width="12" height="12" fill="#555"/>'
               f'<text x="{x + 16}" y="{ly + 10}" font-size="10">C controlled</text>')
    x += 92
    out.append(f'<circle cx="{x + 7}" cy="{ly + 6}" r="7" fill="#e6b422" stroke="#7a5a00"/>'
               f'<text x="{x + 18}" y="{ly + 10}" font-size="10">objective</text>')
    out.append("</svg>")
    text = "\n".join(out)
    if note:
        text += f"<div style='font-size:13px;color:#444'>{escape(note)}</div>"
    return text


def board_html(state, **kw) -> str:
    return f'<div style="overflow-x:auto">{board_svg(state, **kw)}</div>'

