"""Battle dice (memoir44-rules-es.txt, RESOLUCIÓN DEL ATAQUE, IMPACTO, FALLO).

A battle die has six faces: infantry twice, armor, grenade, star and flag. A face scores a hit
when it shows the target's unit symbol; the grenade hits any unit; the die has no artillery
symbol, so only grenades hit artillery. Stars miss unless a card says otherwise; flags make the
target retreat (``tutor.memoir.retreat``).

Dice are explicit: pass a ``random.Random`` to roll, or the faces themselves (so a notebook can
say "suppose you roll flag, flag, grenade").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.errors import InputError

# The faces of the die: the rulebooks' text names the symbols (IMPACTO, ESTRELLA, BANDERA) but not
# how many faces each has. The published game's die, as public rules summaries list its components
# (e.g. lehi-innovation.github.io/boardgame-rules/rules/memoir-44/: "8 Battle dice (custom:
# Infantry x2, Armor, Grenade, Star, Flag)"): infantry twice, each other symbol once.
FACES = ("infantry", "infantry", "armor", "grenade", "star", "flag")
DIE_SOURCE = ("The six faces are those of the published game's die (infantry twice, armor, grenade, star, "
              "flag): the rulebook's text names the symbols but does not count them.")
FACE_NAMES = ("infantry", "armor", "grenade", "star", "flag")
_ALIASES = {"inf": "infantry", "tank": "armor", "armour": "armor", "g": "grenade", "grenade": "grenade",
            "s": "star", "f": "flag", "i": "infantry", "a": "armor"}


def hit_faces(target_kind: str, *, star_hits: bool = False) -> frozenset[str]:
    """The faces that hit a unit of ``target_kind`` (IMPACTO; STAR when a card makes stars hit)."""
    faces = {"grenade"}
    if target_kind in ("infantry", "armor"):
        faces.add(target_kind)
    if star_hits:
        faces.add("star")
    return frozenset(faces)


def parse_faces(faces, n: int | None = None) -> tuple[str, ...]:
    """Check explicit faces (a sequence or a comma-separated string) and, if given, their count."""
    if isinstance(faces, str):
        faces = [f for f in faces.replace(" ", "").split(",") if f]
    out = []
    for f in faces:
        name = _ALIASES.get(str(f).lower(), str(f).lower())
        if name not in FACE_NAMES:
            raise InputError(f"die face {f!r} is unknown: allowed are {', '.join(FACE_NAMES)}")
        out.append(name)
    if n is not None and len(out) != n:
        raise InputError(f"{len(out)} die faces given but the attack rolls {n} {'die' if n == 1 else 'dice'}")
    return tuple(out)


def roll(dice, n: int) -> tuple[str, ...]:
    """``n`` faces: rolled with ``dice`` (a ``random.Random``) or taken from explicit faces."""
    if isinstance(dice, random.Random):
        return tuple(FACES[dice.randrange(6)] for _ in range(n))
    if isinstance(dice, (str, Sequence)):
        return parse_faces(dice, n)
    raise InputError(f"dice must be a random.Random or a list of faces, not {type(dice).__name__}")


def count(faces: Sequence[str], target_kind: str, *, star_hits: bool = False) -> tuple[int, int]:
    """(hits, flags) scored by ``faces`` against a unit of ``target_kind``."""
    hitting = hit_faces(target_kind, star_hits=star_hits)
    return sum(f in hitting for f in faces), sum(f == "flag" for f in faces)
