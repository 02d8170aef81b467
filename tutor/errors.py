"""The two ways an engine says no.

* ``InputError`` (a ``ValueError``): the input is malformed — a bad file, key, hex or option.
  Its message is one line a person can act on; the command line prints it and exits with 2.
* ``IllegalAction``: the input is well formed but the rules forbid it. It carries the rule it
  rests on, and the state it was asked to change is left exactly as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.rulebook import Rule


class InputError(ValueError):
    """Malformed input: one line naming the file/key/hex, what is wrong and what is allowed."""


class IllegalAction(Exception):
    """An action the rules forbid; ``rule`` cites where, ``reason`` says why in plain words."""

    def __init__(self, reason: str, rule: Rule | None = None):
        self.reason = reason
        self.rule = rule
        where = f" ({rule.cite})" if rule is not None else ""
        super().__init__(f"{reason}{where}")
