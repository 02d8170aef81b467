"""How each thing looks: colors, and the terrain/obstacle/marker art as shape primitives.

Both renderers (``svg`` and ``canvas``) draw from these tables, so a board looks the same in a
handout and in the app. Art is given in *lattice units* relative to a hex center (a hex spans
x ±1 and y ±2 there, see ``tutor.hexes``) and scaled by the scene's geometry.

Print and color blindness: no two things differ by color alone. Sides differ by shape (allied
circle, axis square); terrains by their art (trees, houses, contour rings, waves, dots); line of
sight markers by shape and letter (× interior, L / R grazes, a dashed ring with ↓ for "too low").
Colors follow the Okabe–Ito palette where a hue carries meaning.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------
# Primitives (lattice units relative to a hex centre; r and widths in lattice x units)


@dataclass(frozen=True)
class Circle:
    dx: float
    dy: float
    r: float
    fill: str | None
    stroke: str | None = None
    width: float = 0.04


@dataclass(frozen=True)
class Poly:
    points: tuple[tuple[float, float], ...]
    fill: str | None
    stroke: str | None = None
    width: float = 0.04
    closed: bool = True


@dataclass(frozen=True)
class Text:
    dx: float
    dy: float
    text: str
    size: float          # font size in lattice x units
    fill: str = "#222222"
    bold: bool = False


INK = "#222222"
GRID = "#5b5b4f"
PAPER = "#ffffff"

# Base fills of terrain (on screen); patterns and art make them distinct in black and white.
TERRAIN_FILL = {
    "countryside": "#eef2d8",
    "woods": "#a9cf8b",
    "hedgerows": "#bcd69a",
    "hill": "#e2c98f",
    "steep_hill": "#d8b676",
    "draw": "#e2c98f",
    "cliff": "#c9a66b",
    "mountain": "#bf9b6a",
    "town": "#d9d4cc",
    "church": "#d9d4cc",
    "river": "#8fc1ea",
    "bridge": "#8fc1ea",
    "lake": "#8fc1ea",
    "ocean": "#6aa6d8",
    "beach": "#f3e0a3",
}
HALF_HEX_FILL = "#d6d6cc"
# Undaunted tiles are filled by their cover (the tile's terrain sums up into it); a hill 3/1 is tan.
TERRAIN_FILL.update({"cover 0": "#f3f1e4", "cover 1": "#dfe8c8", "cover 2": "#c4d9a6", "cover 3": "#9cc27e",
                     "hill 3/1": "#dcc79a"})

# Sides: shape first, colour second (Okabe–Ito blue and vermillion).
SIDE_SHAPE = {"allied": "circle", "axis": "square"}
SIDE_FILL = {"allied": "#0072b2", "axis": "#b8541a"}
KIND_ABBR = {"infantry": "INF", "armor": "ARM", "artillery": "ART"}

# Highlight shades: fill, alpha, outline, dashed outline?  (roles used by the drills)
SHADE = {
    "visible": ("#f0e442", 0.38, None, False),
    "hidden": ("#000000", 0.28, None, False),
    "origin": ("#009e73", 0.30, "#00573f", False),
    "target": ("#cc79a7", 0.30, "#7a2f5a", True),
    "selected": ("#56b4e9", 0.35, "#1d5f85", False),
    "legal": ("#009e73", 0.30, "#00573f", False),
    "closed": ("#d55e00", 0.25, "#7a3600", True),
    "path": ("#56b4e9", 0.30, "#1d5f85", True),
    "blocked": ("#d55e00", 0.20, "#7a3600", True),
    "painted": ("#ffffff", 0.0, "#222222", True),
    "tapped": ("#ffffff", 0.25, "#222222", True),
}
SHADE_LABEL = {
    "visible": "in line of sight", "hidden": "out of sight", "origin": "shooter",
    "target": "target", "selected": "selected", "legal": "legal", "closed": "closed",
    "path": "path", "blocked": "blocking hex", "painted": "changed",
    "tapped": "where you tapped",
}

# Board labels, for both renderers: font size (px at scale 1), bold?, colour, halo. A label with a
# halo is outlined in the colour behind it (``Label.halo``, else paper) so no grid or section line
# strikes through it. Coordinates are at least 10 px and ink-dark: tests/render/test_render_labels.py
# computes their WCAG contrast on every terrain colour (AA: 4.5 or more) and checks that no two
# labels of a scene overlap.
LABEL = {
    "coord": (10, False, INK, True),
    "place": (10, True, INK, True),         # a map's place names (scene.place_labels), as legible as coordinates
    "height": (8, True, "#6b4a12", True),
    "title": (15, True, INK, False),
    "subtitle": (11, True, INK, False),
    "note": (9, True, "#1d1d1d", True),
    "legend": (9.5, False, INK, False),
    "tile": (12, True, INK, False),
    "cover": (10.5, False, "#2b2b22", False),
}
LABEL_DEFAULT = (9, False, INK, False)
HALO_WIDTH = 3.0

# On a page a board grows with the page up to this many times its drawn size (labels 10 px → 14 px),
# and never beyond what fits the window's height; on a narrow screen it shrinks to the width.
BOARD_ZOOM = 1.4
BOARD_CHROME_PX = 110     # what a window's height keeps for the browser bar and a line of controls


def board_max_width(width: int, height: int, cap: int | None = None) -> str:
    """CSS max-width of a board drawn ``width`` × ``height`` px: ``cap`` px (default
    ``BOARD_ZOOM`` × its width), less if the window is too short to show it whole."""
    cap = cap or round(width * BOARD_ZOOM)
    return f"min({cap}px, calc((100vh - {BOARD_CHROME_PX}px) * {width} / {height}))"


# Lines: colour, width (px at scale 1), dash (px pattern or None)
LINE = {
    "sight": ("#00573f", 3.0, None),
    "blocked": ("#c0392b", 3.0, (9, 5)),
    "move": ("#1d5f85", 3.0, (2, 4)),
    "section": ("#c0392b", 1.6, (7, 5)),
}
LINE_LABEL = {"sight": "line of sight: clear", "blocked": "line of sight: blocked",
              "move": "movement", "section": "section line"}

# Obstruction markers: what the letter says, colour when it counts / does not.
MARKER_TEXT = {"interior": "×", "graze_left": "L", "graze_right": "R", "too_low": "↓",
               "closed": "✕", "legal": "✓", "lost": "−1"}
MARKER_LABEL = {"interior": "line passes through (blocks)", "graze_left": "grazes on the left",
                "graze_right": "grazes on the right", "too_low": "too low to count",
                "closed": "closed", "legal": "legal", "lost": "figure lost"}
MARKER_COUNTS = "#c0392b"
MARKER_IDLE = "#6b6b6b"

# Cards, tokens and dice in card rows: border colour, width, dash — and never colour alone
# (hit solid red, predicted dashed blue, removed grey dashed and crossed out, new thick green).
CARD_BORDER = {
    "hit": ("#c0392b", 3.0, None),
    "target": ("#c0392b", 3.0, (5, 3)),
    "predicted": ("#0072b2", 3.0, (5, 3)),
    "selected": ("#0072b2", 3.0, None),
    "removed": ("#6b6b6b", 1.5, (3, 3)),
    "new": ("#009e73", 3.5, None),
    "miss": ("#9a9a9a", 1.2, None),
    "right": ("#009e73", 3.5, None),
    "wrong": ("#c0392b", 3.0, (5, 3)),
}
# Undaunted pieces on the board (``scene.Chip``): shape, fill, stroke, stroke width, dash, text
# colour, font. "side" stands for the piece's side colour. Never colour alone: a suppressed token
# is grey with a dashed edge, control markers carry S / C, the target marker is a cross-hair.
CHIP = {
    "token": ("rect", "side", INK, 1.2, None, "#ffffff", "bold 9.5px"),
    "suppressed": ("rect", "#8a8a8a", "side", 2.4, (3, 2), "#ffffff", "bold 9.5px"),
    "scouted": ("rect", "#ffffff", "side", 2.0, None, "side", "bold 10px"),
    "controlled": ("rect", "side", "side", 2.0, None, "#ffffff", "bold 10px"),
    "objective": ("circle", "#e6b422", "#7a5a00", 1.2, None, INK, "bold 12px"),
    "deployment": ("triangle", "side", INK, 0.8, None, "#ffffff", "bold 8px"),
    "target": ("crosshair", None, "side", 2.2, None, INK, "bold 9px"),
    "more": ("rect", "#ffffff", "#9a9a9a", 1.0, None, INK, "bold 10px"),
}
CHIP_SIDED = ("token", "suppressed", "scouted", "controlled", "deployment", "target")
CHIP_LABEL = {"token": "unit (ready)", "suppressed": "unit, suppressed (no actions)",
              "scouted": "control marker, scouted side (S)", "controlled": "control marker, controlled side (C)",
              "objective": "objective and its value", "deployment": "spawn marker",
              "target": "mortar's target marker", "more": "more units on the tile"}

CARD_FACE = "#fffdf5"
CARD_BACK = "#5b6b4a"
CARD_GHOST = "#f1f1f1"
# A band behind a whole row: rows the learner may tap (ask), their guess, the answer, a wrong guess.
ROW_BAND = {"ask": "#fbf6e3", "predicted": "#e3eef8", "answer": "#e1f3ea", "wrong": "#fbe6df"}
ROW_BAND_LABEL = {"ask": "tap a row", "predicted": "your guess", "answer": "the rule's answer",
                  "wrong": "your guess (wrong)"}
CARD_ROLE_LABEL = {"hit": "the unit hit / a hitting die", "target": "target", "predicted": "your guess",
                   "selected": "attacker", "removed": "removed (was here)", "new": "just removed from the game",
                   "miss": "a missing die", "right": "a card the engine accepts",
                   "wrong": "your tap: the engine says no"}

# ---------------------------------------------------------------------------------------------
# Terrain art


def _hexring(k: float, stroke: str, width: float = 0.06, fill: str | None = None) -> Poly:
    """A hexagon at k times the hex size: a contour ring."""
    pts = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
    return Poly(tuple((x * k, y * k) for x, y in pts), fill, stroke, width)


def _tree(x: float, y: float, r: float = 0.3) -> tuple:
    return (Poly(((x, y + 0.2), (x, y + 0.95)), None, "#5a3d1e", 0.07, closed=False),
            Circle(x, y, r, "#3f7f3a", "#1e4a1c", 0.05))


def _house(x: float, y: float, w: float = 0.34, roof: str = "#9c3b2a") -> tuple:
    h = w * 1.4
    return (Poly(((x - w / 2, y), (x + w / 2, y), (x + w / 2, y + h), (x - w / 2, y + h)), "#f7f4ee", INK, 0.04),
            Poly(((x - w / 2 - 0.06, y), (x, y - h * 0.8), (x + w / 2 + 0.06, y)), roof, INK, 0.04))


def _wave(y: float, x0: float = -0.75, x1: float = 0.75, amp: float = 0.18, colour: str = "#1f5f99") -> Poly:
    n = 6
    pts = tuple((x0 + (x1 - x0) * i / n, y + (amp if i % 2 else -amp)) for i in range(n + 1))
    return Poly(pts, None, colour, 0.06, closed=False)


def _dots(colour: str = "#9a7b2c") -> tuple:
    out = []
    for j, y in enumerate((-1.1, -0.4, 0.3, 1.0)):
        for x in (-0.6, -0.2, 0.2, 0.6):
            out.append(Circle(x + (0.2 if j % 2 else 0), y, 0.05, colour))
    return tuple(out)


CONTOUR = "#7a5a22"

TERRAIN_ART: dict[str, tuple] = {
    "countryside": (),
    "woods": _tree(-0.42, -0.75) + _tree(0.42, -0.75) + _tree(0, 0.25),
    "hedgerows": tuple(Circle(x, y, 0.16, "#4d8a3c", "#1e4a1c", 0.04)
                       for y in (-0.6, 0.6) for x in (-0.6, -0.3, 0.0, 0.3, 0.6)),
    "hill": (_hexring(0.62, CONTOUR, 0.08),),
    "draw": (_hexring(0.62, CONTOUR, 0.08), _hexring(0.35, CONTOUR, 0.05)),
    "steep_hill": (_hexring(0.62, CONTOUR, 0.08), _hexring(0.4, CONTOUR, 0.08)),
    "cliff": (_hexring(0.62, CONTOUR, 0.08),) + tuple(
        Poly(((x, 0.9), (x, 1.3)), None, CONTOUR, 0.07, closed=False) for x in (-0.4, -0.2, 0, 0.2, 0.4)),
    "mountain": (_hexring(0.72, CONTOUR, 0.08), _hexring(0.45, CONTOUR, 0.08), _hexring(0.2, CONTOUR, 0.08)),
    "town": _house(-0.38, -0.55) + _house(0.38, -0.55) + _house(0.0, 0.35),
    "church": _house(0.0, -0.2, 0.5, "#5b5b8a") + (
        Poly(((0, -1.5), (0, -0.9)), None, INK, 0.07, closed=False),
        Poly(((-0.17, -1.3), (0.17, -1.3)), None, INK, 0.07, closed=False)),
    "river": (_wave(-0.6), _wave(0.0), _wave(0.6)),
    "lake": (_wave(-0.7, -0.5, 0.5, 0.1), _wave(0.0, -0.6, 0.6, 0.1), _wave(0.7, -0.5, 0.5, 0.1)),
    "ocean": (_wave(-1.0), _wave(-0.3), _wave(0.4), _wave(1.1)),
    "beach": _dots(),
    "bridge": (_wave(-1.0), _wave(1.0),
               Poly(((-0.35, -1.5), (0.35, -1.5), (0.35, 1.5), (-0.35, 1.5)), "#b08050", "#5a3d1e", 0.06)) +
    tuple(Poly(((-0.35, y), (0.35, y)), None, "#5a3d1e", 0.04, closed=False) for y in (-0.9, -0.3, 0.3, 0.9)),
}

# Obstacles sit in the lower part of the hex, so a unit on it stays readable.
OBSTACLE_ART: dict[str, tuple] = {
    "sandbags": tuple(Circle(x, y, 0.17, "#d9c28a", INK, 0.04)
                      for x, y in ((-0.42, 1.05), (0.0, 1.25), (0.42, 1.05))),
    "sea_wall": (Poly(((-0.8, 1.05), (0.8, 1.05), (0.8, 1.35), (-0.8, 1.35)), "#9a9a9a", INK, 0.05),),
    "wire": (Poly(tuple((-0.7 + 0.2 * i, 1.05 if i % 2 else 1.35) for i in range(8)), None, INK, 0.06, closed=False),),
    "hedgehog": tuple(p for x in (-0.4, 0.4) for p in (
        Poly(((x - 0.17, 0.95), (x + 0.17, 1.35)), None, INK, 0.08, closed=False),
        Poly(((x + 0.17, 0.95), (x - 0.17, 1.35)), None, INK, 0.08, closed=False))),
    "bunker": (Poly(((-0.55, 1.4), (-0.4, 0.95), (0.4, 0.95), (0.55, 1.4)), "#8d8d8d", INK, 0.06),
               Poly(((-0.22, 1.12), (0.22, 1.12)), None, INK, 0.07, closed=False)),
}

# What a learner reads for an obstacle (legends, board descriptions, the lab's palette): the games'
# English names, lower case; the keys stay the scenario's.
OBSTACLE_LABEL = {"bunker": "bunker", "hedgehog": "hedgehog", "wire": "barbed wire", "sandbags": "sandbags",
                  "sea_wall": "sea wall"}


def obstacle_label(key: str) -> str:
    """An obstacle's name as a learner reads it ("wire" -> "barbed wire")."""
    return OBSTACLE_LABEL.get(key, key.replace("_", " "))


# A unit marker: a circle (allied) or square (axis) of this half-size, the figure count inside.
UNIT_R = 0.62
STAR = tuple(
    (0.22 * (1 if i % 2 == 0 else 0.45) * _c, 0.22 * (1 if i % 2 == 0 else 0.45) * _s * 1.7320508)
    for i, (_c, _s) in enumerate(
        ((0.0, -1.0), (0.5878, -0.809), (0.9511, -0.309), (0.9511, 0.309), (0.5878, 0.809),
         (0.0, 1.0), (-0.5878, 0.809), (-0.9511, 0.309), (-0.9511, -0.309), (-0.5878, -0.809))))
