"""Counted nouns in the learner's English: "1 hex", "2 hexes", "1 die", "3 dice"; and a reason
written to follow a colon, said as a sentence of its own (:func:`sentence`).

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


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: its first letter upper case. The engines write a reason to
    follow a colon ("Refused: the allied infantry on 10,6 may not take ground"); a page or a widget
    that shows it alone ("✗ The allied infantry …") passes it through here. The rest is kept as it
    is (hexes, names), and so is a text that starts with no letter.

    >>> sentence("the allied infantry on 10,6 may not take ground"), sentence("4,6 is 9 hexes away")
    ('The allied infantry on 10,6 may not take ground', '4,6 is 9 hexes away')
    """
    return text[:1].upper() + text[1:]
