"""Combat arithmetic (BOJOVÉ AKCE): total defense, exact hit odds, dice.

Total defense = base defense + cover + range (BOJOVÉ AKCE, 2.). Range is the number of tiles from
the attacker to the target, the attacker's own tile not counted (0 on the same tile, 1 next door);
blast adds no range. Hill cover "3/1" counts 1 when the attacker is also on a hill (any hill) or
for blast, else 3. One d10 (faces 0-9) per action point; a die at or above the total defense is
a hit, and a 0 always hits; any number of hitting dice is one hit.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from tutor.errors import InputError
from tutor.inputs import clipped
from tutor.undaunted import rules

FACES = 10


@dataclass(frozen=True)
class Cover:
    """A tile's cover: ``Cover(2)``, or hill cover ``Cover(3, 1)`` written "3/1"."""

    high: int
    low: int | None = None     # set for hill cover only

    @property
    def hill(self) -> bool:
        return self.low is not None

    def value(self, *, attacker_on_hill: bool = False, blast: bool = False) -> int:
        if self.low is not None and (attacker_on_hill or blast):
            return self.low
        return self.high

    def __str__(self) -> str:
        return f"{self.high}/{self.low}" if self.low is not None else str(self.high)

    def to_json(self):
        return str(self) if self.hill else self.high


HILL = Cover(3, 1)


MAX_COVER = 10   # the tiles print 0 to 3 (and 3/1 on hills); a designer's tile may have more, not without end


def parse_cover(text, *, where: str = "cover") -> Cover:
    """``2`` or ``"2"`` → Cover(2); ``"3/1"`` → hill cover. One-line InputError otherwise."""
    if isinstance(text, Cover):
        return text
    if isinstance(text, bool):
        text = None
    s = str(text).strip() if isinstance(text, (int, str)) else ""
    if s == "3/1":
        return HILL
    if re.fullmatch(r"[0-9]{1,2}", s, re.ASCII) and int(s) <= MAX_COVER:
        return Cover(int(s))
    raise InputError(f"{where}: {clipped(s if isinstance(text, (int, str)) else text, 14)} is not a cover value; allowed: a whole number from 0 to {MAX_COVER}, "
                     f"or 3/1 (hill cover)")


@dataclass(frozen=True)
class Defense:
    """A total defense with its parts, for explaining."""

    base: int
    cover: int
    range: int
    total: int
    hill: bool
    text: str


def total_defense(base: int, cover: Cover | int, rng_tiles: int, *, blast: bool = False,
                  attacker_on_hill: bool = False) -> Defense:
    """Base + cover + range (no range for blast; hill cover 3/1 → 1 vs hill attackers and blast)."""
    cov = cover if isinstance(cover, Cover) else Cover(cover)
    c = cov.value(attacker_on_hill=attacker_on_hill, blast=blast)
    r = 0 if blast else rng_tiles
    total = base + c + r
    parts = f"base defense {base} + cover {c}"
    if cov.hill:
        why = "blast" if blast else ("the attacker is also on a hill" if attacker_on_hill else
                                         "the attacker is not on a hill")
        parts += f" (hill cover 3/1: {c}, {why})"
    parts += " (no range for blast)" if blast else f" + range {r}"
    return Defense(base, c, r, total, cov.hill, f"{parts} = {total}")


def faces_hitting(total: int) -> int:
    """How many of the ten faces hit: every face >= total, plus 0 which always hits."""
    return sum(1 for f in range(FACES) if f == 0 or f >= total)


def p_die(total: int) -> Fraction:
    return Fraction(faces_hitting(total), FACES)


def p_hit(total: int, dice: int) -> Fraction:
    """Exact probability that at least one of ``dice`` d10 hits."""
    if dice < 0:
        raise ValueError("dice must be >= 0")
    return 1 - (1 - p_die(total)) ** dice


def die_hits(face: int, total: int) -> bool:
    return face == 0 or face >= total


@dataclass(frozen=True)
class Roll:
    dice: tuple[int, ...]
    total: int
    hit: bool
    hitting: tuple[int, ...]    # which dice hit (any number of them is one hit)

    @property
    def text(self) -> str:
        d = ", ".join(map(str, self.dice))
        if not self.hit:
            return f"rolled {d} against {self.total}: no hit"
        n = len(self.hitting)
        more = f" ({n} dice hit, still one hit)" if n > 1 else ""
        return f"rolled {d} against {self.total}: a hit{more}"


def roll(n: int, total: int, rng: random.Random) -> Roll:
    dice = tuple(rng.randrange(FACES) for _ in range(n))
    hitting = tuple(d for d in dice if d == 0 or d >= total)
    return Roll(dice, total, bool(hitting), hitting)


def fraction_text(f: Fraction) -> str:
    """Always "n/d", e.g. "3/10", "1/1"."""
    return f"{f.numerator}/{f.denominator}"


class LoadedDice(random.Random):
    """A ``random.Random`` whose d10 rolls come from a list first (for worked examples and drills).

    Only ``randrange(10)`` calls take the listed faces; shuffles use the seeded generator.
    """

    def __init__(self, faces=(), seed: int = 0):
        super().__init__(seed)
        self._faces = list(faces)

    def randrange(self, start, stop=None, step=1):
        if stop is None and start == FACES and self._faces:
            return self._faces.pop(0)
        return super().randrange(start, stop, step)

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(self._faces)


HIT_RULES = (rules.DEFENSE, rules.RANGE, rules.HILL, rules.DICE)
