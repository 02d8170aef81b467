"""A scene in words and text: the labels in bands, the legend, the title's lines, the text on
chips and cards, the card rows (Undaunted), and ``describe`` (a scene as text, for a screen
reader and the tests). ``tutor.render.scene`` re-exports every name."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

from tutor.hexes import fmt
from tutor.render import style
from tutor.render.elements import (
    LABEL_GAP,
    MARGIN,
    TITLE_H,
    Card,
    CardRow,
    Chip,
    Label,
    Scene,
    _hex_key,
    text_width,
)
from tutor.sides import SIDE_ADJECTIVES, SIDE_NAMES


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
        out.append(("side", side, f"{SIDE_NAMES.get(side, side)} ({shape})"))
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
            what = f"{SIDE_ADJECTIVES.get(u.side, u.side)} {u.kind} on {fmt(u.hex)}" + \
                (f" ({u.figures} figure{'s' if u.figures != 1 else ''})" if u.figures is not None else "")
            by_side.setdefault(u.side, []).append(what)
        for side, units in by_side.items():
            out.append(f"{len(units)} {SIDE_ADJECTIVES.get(side, side)} unit{'s' if len(units) != 1 else ''}: "
                       f"{'; '.join(units)}.")
        if sc.outside:
            out.append("Outside the part shown: " + "; ".join(f"{SIDE_ADJECTIVES.get(u.side, u.side)} {u.kind} on {fmt(u.hex)}"
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
