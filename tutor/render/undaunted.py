"""Undaunted: Normandy drawn as SVG: the board (tiles laid like bricks, cover, objectives, control
markers, unit tokens, deployment and target markers, a path) and a side's zones as rows of cards.

* :func:`board_svg` / :func:`board_html` — the board of an Undaunted ``GameState``.
* :func:`zones_svg` / :func:`zones_html` — a side's zones as rows of cards
  (``tutor.render.scene.card_scene``), with highlighted cards; face-down piles as counts unless
  ``open_draw``.
* :func:`card_title`, :func:`type_title`, :func:`token_text`, :func:`render_card` — a card (and
  its unit) by the name the English edition prints on the card ("Machine Gunner A"), a card
  type's printed name ("Squad Leader"), a unit token's label (that name in lines that fit the
  token), a card as a ``scene.Card``. The names come from one place, the card data
  (``tutor.undaunted.cards``, ``Card.title_en``, with its cited source).

Pure functions on the engine's values (``tutor.undaunted``): the chapters, the lab and the
widgets draw Undaunted with them.
"""

from __future__ import annotations

from html import escape

from tutor.render.scene import Card, card_scene
from tutor.render.svg import svg
from tutor.undaunted.cards import CARDS, card_title, type_title, words  # noqa: F401 (type_title, words: re-exported for the chapters)
from tutor.undaunted.deck import ZONE_NAMES, Zones

ZONE_LABEL = {"hand": "hand", "table": "table", "discard": "discard", "draw": "draw deck",
              "supply": "supply", "out": "out of game"}

# ---------------------------------------------------------------------------------------------
# card rows


CARD_W = 60     # a card in a row: room for the longest printed name's word ("Sergeant")


def render_card(card_id: str, role: str | None = None) -> Card:
    """A card as the scene draws it: its title, face up, its initiative below."""
    return Card(card_title(card_id), True, role, f"init {CARDS[card_id].initiative}")


def zones_svg(z: Zones, *, title: str = "", zones=ZONE_NAMES, open_draw: bool = False,
              roles: dict | None = None, width: int = 680, card_h: int = 64) -> str:
    """Rows of cards, one per zone. ``roles`` maps a zone to {index: role} (role: "hit", "new",
    "removed", "predicted") to mark cards. The draw deck is face down unless ``open_draw``."""
    roles = roles or {}
    rows: list[tuple[str, tuple[Card, ...], int | None]] = []
    longest = 0
    for name in zones:
        cards = getattr(z, name)
        marks = roles.get(name, {})
        if name == "draw" and not open_draw:
            rows.append((ZONE_LABEL[name], (), len(cards)))
            longest = max(longest, 3)
            continue
        rows.append((ZONE_LABEL[name], tuple(render_card(c, marks.get(i)) for i, c in enumerate(cards)), None))
        longest = max(longest, len(cards))
    w = max(width, 96 + 24 + longest * (CARD_W + 6))
    return svg(card_scene(rows, title=title, width=w, card_w=CARD_W, card_h=card_h))


def zones_html(z: Zones, **kw) -> str:
    return f'<div style="overflow-x:auto" tabindex="0" role="group" aria-label="card zones">{zones_svg(z, **kw)}</div>'


# ---------------------------------------------------------------------------------------------
# the board: a scene (tutor.render.scene), drawn by svg() for pictures and by the canvas for the
# live board (tutor.widgets.undaunted_board)

TW, TH = 132, 100        # tile width and height in pixels; a row is offset by half a tile
PAD = 12
TOKEN_W, TOKEN_H = 56, 24   # a unit token: room for its printed name in two lines
TOKEN_GAP_X, TOKEN_GAP_Y = 6, 3   # a selection outline (3 px) stays clear of the token beside it
TOKEN_SLOTS = 4          # tokens drawn per tile (two rows of two); more show as "+n"
SHADE_ROLES = ("selected", "legal", "closed", "target", "path", "origin", "painted")


def cover_key(cover) -> str:
    """The tile's fill and legend key: "cover 0" … "cover 3", "hill 3/1"."""
    return f"hill {cover}" if cover.hill else f"cover {cover.high}"


def cover_order(cover) -> tuple[int, int]:
    """Cover levels in the order the rulebook presents them, which legends follow: a tile's cover
    number, 0 to 3 (Czech rulebook, DÍLKY HERNÍHO PLÁNU, "2. Kryt"; English edition, board
    tiles), then the hills' 3/1 (BOJOVÉ AKCE, "Kopcovitý terén"; English edition, Hills)."""
    return (1, cover.high) if cover.hill else (0, cover.high)


def tile_box(pos, top: int = 0) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the tile at doubled-width position ``pos`` (integers: exact picking)."""
    col, row = pos
    return (PAD + col * TW // 2, top + PAD + row * TH, TW, TH)


def token_box(tile: tuple, i: int) -> tuple[int, int, int, int]:
    """The i-th token's box on a tile: two rows of two between the tile's label and its cover."""
    x, y, _, _ = tile
    return (x + 7 + (i % 2) * (TOKEN_W + TOKEN_GAP_X), y + 26 + (i // 2) * (TOKEN_H + TOKEN_GAP_Y), TOKEN_W, TOKEN_H)


def token_text(unit_id: str) -> str:
    """A unit token's label: the unit's printed name (``card_title``), broken into the lines
    that fit the token at its font (``style.CHIP``), joined by "\n"."""
    from tutor.render import style
    from tutor.render.scene import CARD_INSET, title_lines
    font = style.CHIP["token"][6]
    size = float(font.split()[-1].rstrip("px"))
    return "\n".join(title_lines(card_title(unit_id), TOKEN_W - 2 * CARD_INSET, size, "bold" in font))


def _rect(box, inset: int = 0) -> tuple:
    x, y, w, h = box
    return ((x + inset, y + inset), (x + w - inset, y + inset), (x + w - inset, y + h - inset),
            (x + inset, y + h - inset))


def board_scene(state, *, shades: dict | None = None, path=(), notes=(), selected: str | None = None,
                target: str | None = None, title: str = "", legend: bool = False):
    """The Scene of an Undaunted ``GameState``: a cell per tile (filled by its cover), the tile's
    label and cover, and on the marks layer the objectives, control markers (S scouted, C
    controlled, per side), deployment and target markers and the unit tokens (ready, or grey with
    a dashed edge when suppressed).

    Highlights, all by tile id: ``shades`` {role: tiles} (``style.SHADE`` roles: selected, legal,
    closed, target, path), ``path`` a movement line through tile centers, ``notes`` (tile, text)
    pairs. ``selected`` / ``target``: "side:unit" keys of tokens to outline. ``legend``: place the
    legend under the board (pictures; a drill shows it as an HTML strip instead).
    """
    from tutor.render import style
    from tutor.render.scene import Cell, Chip, Label, LegendItem, Scene, Segment, Shade, chip_legend

    board = state.board
    top = 24 if title else 0
    boxes = {t.id: tile_box(t.pos, top) for t in board.tiles}
    width = max(x + w for x, _, w, _ in boxes.values()) + PAD
    height: float = max(y + h for _, y, _, h in boxes.values()) + PAD
    cells, labels, chips = [], [], []
    ctrl = {s: state.control_markers(s) for s in ("allied", "axis")}
    deps: dict = {}
    for d in board.deployments:
        deps.setdefault(d.tile, []).append(d)
    for t in board.tiles:
        box = boxes[t.id]
        x, y, w, h = box
        cells.append(Cell(t.pos, _rect(box), cover_key(t.cover)))
        labels.append(Label(t.id, x + 7, y + 17, "tile", "start"))
        labels.append(Label(f"hill {t.cover}" if t.cover.hill else f"cover {t.cover.high}", x + 7, y + h - 9,
                            "cover", "start"))
        if t.objective:
            chips.append(Chip("objective", x + w - 27, y + 4, 22, 22, str(t.objective), key=f"objective:{t.id}"))
        for j, d in enumerate(deps.get(t.id, ())):
            chips.append(Chip("deployment", x + 42 + j * 18, y + 5, 15, 13, "", d.side, key=f"deployment:{t.id}"))
        for i, side in enumerate(("allied", "axis")):
            st = ctrl[side].get(t.id)
            if st is not None:
                chips.append(Chip(st, x + w - 42 + i * 19, y + h - 22, 16, 16, "C" if st == "controlled" else "S",
                                  side, key=f"control:{side}:{t.id}"))
            if state.target_of(side) == t.id:
                chips.append(Chip("target", x + w - 56 - i * 26, y + 4, 22, 22, "", side, key=f"target:{side}"))
        toks = state.units_at(t.id)
        for i, tok in enumerate(toks[:TOKEN_SLOTS]):
            key = f"{tok.side}:{tok.unit}"
            role = "selected" if key == selected else ("target" if key == target else None)
            chips.append(Chip("suppressed" if tok.suppressed else "token", *token_box(box, i), token_text(tok.unit),
                              tok.side, role, key))
        if len(toks) > TOKEN_SLOTS:          # under the tokens, between the cover and the control markers
            chips.append(Chip("more", x + 60, y + h - 21, 26, 14, f"+{len(toks) - TOKEN_SLOTS}"))
    order = {t.pos: cover_order(t.cover) for t in board.tiles}
    cells.sort(key=lambda c: order[c.hex])        # the legend lists cover in the rulebook's order
    if title:
        labels.append(Label(title, PAD, 18, "title", "start"))
    out_shades = []
    for role, tiles in (shades or {}).items():
        if role not in style.SHADE:
            raise ValueError(f"unknown shade {role!r}: allowed are {', '.join(style.SHADE)}")
        for tid in tiles:
            out_shades.append(Shade(role, board.tile(tid).pos, _rect(boxes[tid], 3)))
    lines = []
    if len(path) > 1:
        pts = tuple((boxes[tid][0] + TW // 2, boxes[tid][1] + TH // 2 + 10) for tid in path)
        lines.append(Segment("move", pts))
    note_labels = tuple(Label(text, boxes[tid][0] + TW // 2, boxes[tid][1] + TH - 26, "note") for tid, text in notes)
    items = []
    if legend:
        lx: float = PAD                       # where the next legend item goes
        ly = height + 4
        for group, key, text in _terrain_legend(cells) + chip_legend(chips):
            wd = 30 + 5.6 * len(text) + 14
            if lx + wd > width - PAD and lx > PAD:
                lx, ly = PAD, ly + 22
            items.append(LegendItem(group, key, text, lx, ly + 8))
            lx += wd
        height = ly + 26
    return Scene(int(width), int(height), None, None, tuple(cells), (), (), (), tuple(labels), tuple(out_shades),
                 tuple(lines), (), note_labels, tuple(items), title=title, chips=tuple(chips))


def _terrain_legend(cells) -> list[tuple[str, str, str]]:
    """The cover keys in use, in the cells' order (the rulebook's: ``cover_order``)."""
    return [("terrain", k, k) for k in dict.fromkeys(c.terrain for c in cells)]


def board_window(state, tiles):
    """``state`` with its map cut to ``tiles`` (ids), moved to the top left corner: for drawing
    only the part of the board a question is about (``board_scene``, ``tile_at`` take it as they
    take the whole game). The tiles keep their places relative to each other; rule on the whole
    game, never on this one."""
    from dataclasses import replace

    from tutor.undaunted.board import Board
    keep = [t for t in state.board.tiles if t.id in set(tiles)]
    if not keep:
        raise ValueError("board window: none of its tiles is on the map")
    c0, r0 = min(t.pos[0] for t in keep), min(t.pos[1] for t in keep)
    c0 -= (c0 + r0) % 2                  # a row's tiles sit on even or odd columns: keep it so
    board = Board(tuple(replace(t, pos=(t.pos[0] - c0, t.pos[1] - r0)) for t in keep),
                  tuple(d for d in state.board.deployments if d.tile in set(tiles)))
    return replace(state, scenario=replace(state.scenario, board=board))


def tile_at(scene, state, x, y) -> str | None:
    """The tile drawn at layout pixel (x, y) of ``board_scene(state)``, exactly (half-open boxes:
    a pixel on a shared edge belongs to the right or lower tile), or None off the tiles."""
    from tutor.render.picking import _exact
    x, y = _exact(x), _exact(y)
    top = 24 if scene.title else 0
    for t in state.board.tiles:
        bx, by, bw, bh = tile_box(t.pos, top)
        if bx <= x < bx + bw and by <= y < by + bh:
            return t.id
    return None


def token_at(scene, x, y) -> str | None:
    """The "side:unit" key of the unit token drawn at layout pixel (x, y), or None."""
    from tutor.render.picking import _exact
    x, y = _exact(x), _exact(y)
    for ch in scene.chips:
        if ch.kind in ("token", "suppressed") and ch.contains(x, y):
            return ch.key
    return None


def board_svg(state, *, highlight=(), path=(), title: str = "", note: str = "", legend: bool = True) -> str:
    """The board of an Undaunted ``GameState`` as SVG text: ``svg(board_scene(...))``, the same
    drawing as the live board. ``highlight`` outlines tiles; ``path`` draws a route through tile
    centers; ``note`` is a line of text under the picture."""
    from tutor.render.svg import svg
    text = svg(board_scene(state, shades={"selected": highlight} if highlight else None, path=path, title=title,
                           legend=legend))
    if note:
        text += f"<div style='font-size:13px;color:#444'>{escape(note)}</div>"
    return text


def board_html(state, **kw) -> str:
    return f'<div style="overflow-x:auto" tabindex="0" role="group" aria-label="map">{board_svg(state, **kw)}</div>'
