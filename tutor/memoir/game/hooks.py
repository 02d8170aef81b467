"""The variants' hooks: where a variant's own module replaces a step of the standard turn.

The standard turn asks ``hook(g, name)`` at these points and, when the game's variant registered
a function there, calls it instead of the standard step:

* ``chief_done(g, ctx)``: Overlord, the chief's own tactic card is resolved: the field generals' turn;
* ``draw(g, ctx)``: the end of a turn's draw (Overlord: the chief draws 2, or 3 after a Recon);
* ``owner_seat(g, side, hex)``: the seat that controls a unit and picks its retreat (Overlord: the
  field general whose command holds the hex), None for the standard seat;
* ``ambush_rule``: the rule an Ambush cites (a Rule, not a function);
* ``ambush_given(g, unit, hex, ctx)``: an event before the Ambush fires (Overlord: the chief hands it on);
* ``ambush_drawn(side, ctx)``: the event of the card drawn after an Ambush (Overlord: the chief's).
"""

from __future__ import annotations

_HOOKS: dict[tuple[str, str], object] = {}


def register(kind: str, **steps) -> None:
    """Let the variant ``kind`` replace the named steps of the standard turn."""
    for name, fn in steps.items():
        _HOOKS[kind, name] = fn


def hook(g, name: str):
    """What the game's variant put in place of step ``name`` (a function, or a rule), or None (the standard step)."""
    return _HOOKS.get((g.variant.kind, name))
