"""The board of Undaunted: Normandy: tiles, their cover and objectives, deployment markers.

**There is no line of sight** (DÍLKY HERNÍHO PLÁNU: "na žádné linie výhledu apod. se v této hře
nehraje"): a tile's cover number sums up everything on it. What the engine needs from geometry is
only *adjacency* (move, guide: "sousedící pole", STRUČNÝ PŘEHLED) and *range* (the number of
tiles from the attacker to the target, the attacker's tile not counted, BOJOVÉ AKCE; target: at
least 3 tiles from the mortar).

**The reading used here.** The rulebook's figures (and the scenario book) lay the square tiles
in rows, each row offset by half a tile from the next, like bricks in a wall: a tile touches the
two tiles beside it in its row and two tiles in the row above and two in the row below — six
neighbors, exactly the neighbors of a hex grid. So a tile's position is written in the
project's doubled-width hex coordinates ``"col,row"`` (``tutor.hexes``; ``col + row`` even, row 0
at the top): in one row tiles sit at cols 0, 2, 4, …, in the next row at cols 1, 3, 5, …;
neighbors differ by (±2, 0) or (±1, ±1). Range is the hex distance ``tutor.hexes.distance``
(1 for neighbors, 0 on the same tile): the number of tiles stepped through, the target's tile
counted and the attacker's not. Tiles are named by their printed label ("17B": tile 17, side B),
which is unique on a board because every tile has two sides and is laid once.

The worked example (PŘÍKLAD JEDNOHO KOLA HRY) fixes only a little of the map: 3B is adjacent to
17B (the scouts go "first to 3B, then to 17B"), 17B is adjacent to the riflemen's tile (a move
of one) and to 2A (the machine gunners fire from 2A at range 1), and the machine gunners' first
tile is adjacent to 2A and farther from 17B. ``scenarios/undaunted/worked-example.yaml`` lays out
a board that satisfies all of that.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor import hexes
from tutor.undaunted.cards import CARDS, SQUADS
from tutor.undaunted.combat import Cover

Hex = tuple[int, int]


@dataclass(frozen=True)
class Tile:
    id: str            # printed label, e.g. "17B"
    pos: Hex           # doubled-width coordinates
    cover: Cover
    objective: int = 0

    def to_json(self) -> dict:
        return {"id": self.id, "at": hexes.fmt(self.pos), "cover": self.cover.to_json(),
                "objective": self.objective}


@dataclass(frozen=True)
class Deployment:
    """A deployment marker: its side, tile and whom it admits ("all", a squad letter, or unit ids)."""

    side: str
    tile: str
    admits: tuple[str, ...] = ("all",)

    def matches(self, unit: str) -> bool:
        squad = CARDS[unit].squad
        for a in self.admits:
            if a == "all" or a == unit or (a in SQUADS and a == squad):
                return True
        return False

    def to_json(self) -> dict:
        return {"side": self.side, "tile": self.tile, "units": list(self.admits)}


@dataclass(frozen=True, eq=False)
class Board:
    """The tiles of a scenario with precomputed neighbors and ranges (static during a game)."""

    tiles: tuple[Tile, ...]
    deployments: tuple[Deployment, ...] = ()
    by_id: dict = field(init=False, repr=False)
    by_pos: dict = field(init=False, repr=False)
    _nbrs: dict = field(init=False, repr=False)
    _dist: dict = field(init=False, repr=False)

    def __post_init__(self):
        by_id = {t.id: t for t in self.tiles}
        by_pos = {t.pos: t.id for t in self.tiles}
        nbrs = {t.id: tuple(by_pos[n] for n in hexes.neighbours(t.pos) if n in by_pos) for t in self.tiles}
        dist = {(a.id, b.id): hexes.distance(a.pos, b.pos) for a in self.tiles for b in self.tiles}
        object.__setattr__(self, "by_id", by_id)
        object.__setattr__(self, "by_pos", by_pos)
        object.__setattr__(self, "_nbrs", nbrs)
        object.__setattr__(self, "_dist", dist)

    def tile(self, tile_id: str) -> Tile:
        return self.by_id[tile_id]

    def __contains__(self, tile_id) -> bool:
        return tile_id in self.by_id

    def neighbours(self, tile_id: str) -> tuple[str, ...]:
        """Tiles sharing an edge with ``tile_id`` (up to six; see the module docstring)."""
        return self._nbrs[tile_id]

    def adjacent(self, a: str, b: str) -> bool:
        return self._dist[(a, b)] == 1

    def range(self, a: str, b: str) -> int:
        """Tiles from a to b, a not counted: 0 same tile, 1 neighbors (BOJOVÉ AKCE, range bonus)."""
        return self._dist[(a, b)]

    def within(self, tile_id: str, lo: int, hi: int | None = None) -> tuple[str, ...]:
        return tuple(t.id for t in self.tiles
                     if self._dist[(tile_id, t.id)] >= lo and (hi is None or self._dist[(tile_id, t.id)] <= hi))

    def deployment_tiles(self, side: str, unit: str) -> tuple[str, ...]:
        """Tiles with a deployment marker of ``side`` admitting ``unit``, in board order, no repeats."""
        out: list[str] = []
        for d in self.deployments:
            if d.side == side and d.matches(unit) and d.tile not in out:
                out.append(d.tile)
        return tuple(out)

    def reading(self) -> str:
        """The adjacency and range reading, in one paragraph for the tutor."""
        return ("Tiles are laid in offset rows like bricks: each tile touches two tiles in its row and "
                "two above and two below (six neighbors, like hexes). Positions are doubled-width "
                "\"col,row\" coordinates; range is the number of tiles from attacker to target, the "
                "attacker's tile not counted (0 on the same tile, 1 next door). There is no line of sight.")

    def to_json(self) -> dict:
        return {"tiles": [t.to_json() for t in self.tiles],
                "deployments": [d.to_json() for d in self.deployments],
                "adjacency": {t: list(n) for t, n in self._nbrs.items()}}
