"""The variants' hooks: where a variant's own module replaces a step of the standard turn.

The standard turn asks ``hook(g, name)`` at these points and, when the game's variant registered
a function there, calls it instead of the standard step:

* ``chief_done(g, ctx)``: Overlord, the chief's own tactic card is resolved: the field generals' turn;
* ``draw(g, ctx)``: the end of a turn's draw (Overlord: the chief draws 2, or 3 after a Recon).
"""

from __future__ import annotations

from collections.abc import Callable

_HOOKS: dict[tuple[str, str], Callable] = {}


def register(kind: str, **steps: Callable) -> None:
    """Let the variant ``kind`` replace the named steps of the standard turn."""
    for name, fn in steps.items():
        _HOOKS[kind, name] = fn


def hook(g, name: str) -> Callable | None:
    """The function the game's variant put in place of step ``name``, or None (the standard step)."""
    return _HOOKS.get((g.variant.kind, name))
