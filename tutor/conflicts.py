"""Where the seed rulebooks disagree, or leave room for readings — and how this project rules.

The tutor shows these to the user instead of hiding them: each conflict puts the source texts
side by side (each a ``Rule`` with its verbatim quote) and states the ruling the engine applies
and where. ``all_conflicts()`` gathers both games' lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.memoir import rules as R
from tutor.rulebook import Rule, rule

ES, CS = R.ES, R.CS

_HEIGHT_OLD_EDITION = rule(
    "m44.height.old_edition", ES, "NOTA SOBRE EL TERRENO DE LAS EXPANSIONES DE MEMOIR ‘44",
    "Las reglas de altura del terreno ahora son un poco distintas con respecto a la edición anterior "
    "de Memoir ‘44. Si juegas con expansiones, ten en cuenta que:",
    "The 2025 height rules differ a little from the previous edition; with expansions, their "
    "hill-like terrain has height 1 and mountains height 2.")

_HEIGHT_EXAMPLE_1 = rule(
    "m44.height.example1", ES, "ALTURA DEL TERRENO Y LÍNEA DE VISIÓN",
    "Estas dos unidades ignoran todas las obstrucciones situadas a menor altura que ellas, así que "
    "tienen línea de visión.",
    "Example 1: two units on hills ignore every obstruction lower than both of them.")

_HEIGHT_CS = rule(
    "m44.height.cs", CS, "VYSKA TERENU",
    "V Memoir '44 mize mit terén rdznou vy$ku (0, 1 nebo 2) v zavislosti na svém typu.",
    "Czech copy: terrain has height 0, 1 or 2 by its type.")



@dataclass(frozen=True)
class Conflict:
    key: str
    game: str                   # "memoir44" | "undaunted"
    topic: str
    texts: tuple[Rule, ...]     # the sources, side by side
    question: str               # what the texts leave open, in one sentence
    ruling: str                 # what this project's engine does
    engine: str                 # where it is implemented

    def to_json(self) -> dict:
        return {"key": self.key, "game": self.game, "topic": self.topic, "question": self.question,
                "ruling": self.ruling, "engine": self.engine, "texts": [r.to_json() for r in self.texts]}


MEMOIR_CONFLICTS = (
    Conflict(
        "m44.los.edges", "memoir44", "A line of sight along hex edges",
        (R.LOS_EDGES, R.LOS_EDGES_CS),
        "The Spanish text says a line along hex edges is blocked only with obstructions on both sides "
        "'a lo largo de todo su trazado' (along its whole course); the Czech text says only 'on both "
        "sides of the line'. Must the two sides be obstructed at the same point, or anywhere?",
        "Blocked when at least one counting obstruction grazes the line on the left and at least one "
        "on the right, anywhere between the two units (the Czech reading, and the common one). A "
        "graze on one side only never blocks; a hex the line passes through always does.",
        "tutor.memoir.los.line_of_sight"),
    Conflict(
        "m44.height.edition", "memoir44", "The 2025 height rules versus older expansion terrain",
        (_HEIGHT_OLD_EDITION, R.HEIGHT_EXPANSIONS, _HEIGHT_CS, _HEIGHT_EXAMPLE_1),
        "Expansion terrain printed before 2025 was written for the old height rules; the 2025 "
        "rulebook re-rates it (hill-named terrain 1, mountains 2) and changes how height blocks sight.",
        "The engine applies the 2025 rules everywhere: heights 0/1/2 by terrain, an obstruction counts "
        "only at the height of the lower unit or above, hills block except between units at height 1 "
        "or more. Older expansion summary cards may say otherwise; the tutor follows the 2025 text.",
        "tutor.memoir.los, tutor.memoir.terrain"),
    Conflict(
        "m44.mountain", "memoir44", "Mountains: only their height is in the seeds",
        (R.HEIGHT_EXPANSIONS, R.HEIGHT_MOVE),
        "The seeds give mountains a height of 2 and the general height rules, but no movement, "
        "protection or sight card of their own.",
        "A mountain is ruled as a higher hill: it blocks sight except between units at height 2, "
        "units enter it only from height 1 or more (a difference of at most 1), and it protects like "
        "a hill against attackers from lower ground. Load a scenario with mountains knowing this.",
        "tutor.memoir.terrain (row 'mountain')"),
    Conflict(
        "m44.los.edge_height", "memoir44", "Hexes cut by the board edge and terrain height",
        (R.LOS, R.HEIGHT_LOS),
        "The height rule speaks of terrain and units; half hexes cut by the board edge are neither. "
        "Do two units on hills see past the board edge?",
        "The board edge always obstructs, whatever the heights. It only matters for lines that run "
        "along the side edge of the board, which are then blocked only with an obstruction on the "
        "board side too.",
        "tutor.memoir.los"),
    Conflict(
        "m44.retreat.partial", "memoir44", "Partial retreats",
        (R.RETREAT_NO_CHOICE, R.RETREAT_BLOCKED),
        "The text forbids choosing losses when a free path resolves every flag, but does not say "
        "what happens when only some of the flags can be resolved by moving.",
        "The unit retreats as far as it can: among the legal paths only the longest count, and it "
        "loses one figure for each retreat hex it still cannot make. It may not stop short to take "
        "losses instead.",
        "tutor.memoir.retreat"),
)


def all_conflicts() -> tuple[Conflict, ...]:
    """Every known conflict of both games (Undaunted's come from ``tutor.undaunted``)."""
    out = list(MEMOIR_CONFLICTS)
    try:
        from tutor.undaunted import conflicts as und
    except ImportError:
        return tuple(out)
    for c in getattr(und, "CONFLICTS", ()):
        out.append(c if isinstance(c, Conflict) else Conflict(**c))
    return tuple(out)
