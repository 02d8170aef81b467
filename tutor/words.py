"""Counted nouns in the learner's English: "1 hex", "2 hexes", "1 die", "3 dice".

The engines write their rulings with :func:`plural`, so no page says "1 hexes" or "1 medals"::

    >>> plural(1, "hex"), plural(2, "hex"), plural(1, "medal"), plural(3, "die", "dice")
    ('1 hex', '2 hexes', '1 medal', '3 dice')
"""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """"1 hex", "2 hexes", "3 hits"; ``many`` for an irregular plural ("dice")."""
    if n == 1:
        return f"{n} {word}"
    if many is not None:
        return f"{n} {many}"
    return f"{n} {word}es" if word.endswith(("x", "s", "ch")) else f"{n} {word}s"
