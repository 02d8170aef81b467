"""The end of the game (KONEC HRY), checked after every action: the game ends at once.

* **Objectives**: a side whose scenario condition is an objective total wins when the objectives
  on tiles it controls (marker controlled side up) reach that total.
* **Suppressing the enemy**: a side's army is suppressed when none of its riflemen tokens is on
  the board. A side whose condition is to suppress the enemy wins then. (A side with no riflemen
  unit at all in the game cannot be suppressed: the rule has nothing to count.)
* **Both suppressed** and neither condition met: the higher objective total wins, a tie goes to
  the side holding the initiative token. The same tiebreak settles the (unwritten) case where both
  sides meet their conditions by the same action, e.g. one blast removing both sides' last riflemen.
* **Hopeless situation**: an army that is suppressed and has every riflemen card out of the game can
  never control a tile again. If its opponent must take objectives and holds more than it does,
  the opponent wins; otherwise play goes on (a suppress opponent has already won by then).
"""

from __future__ import annotations

from tutor.undaunted import rules
from tutor.undaunted.cards import CARDS

RIFLEMEN = frozenset(c.id for c in CARDS.values() if c.name == "riflemen")


def army_suppressed(s, side: str) -> bool:
    """No riflemen token of ``side`` on the board (and the side has riflemen units at all)."""
    any_riflemen = False
    for t in s.tokens:
        if t.side == side and t.unit in RIFLEMEN:
            if t.tile is not None:
                return False
            any_riflemen = True
    return any_riflemen


def hopeless(s, side: str) -> bool:
    """Suppressed, and every riflemen card of ``side`` is out of the game."""
    if not army_suppressed(s, side):
        return False
    z = s.zones_of(side)
    return not any(c in RIFLEMEN for zone in (z.hand, z.table, z.discard, z.draw, z.supply) for c in zone)


def _tiebreak(s, why: str):
    a, x = s.objectives_held("allied"), s.objectives_held("axis")
    if a != x:
        w = "allied" if a > x else "axis"
        return w, f"{why}; {w} holds more objectives ({max(a, x)} to {min(a, x)}) and wins", rules.VICTORY_BOTH
    w = s.initiative
    return w, f"{why}; objectives are tied at {a}, so {w}, holding the initiative, wins", rules.VICTORY_BOTH


def decide(s):
    """``(winner, text, rule)`` if the game is over in state ``s``, else None."""
    met = {}
    reason = {}
    supp = {side: army_suppressed(s, side) for side in ("allied", "axis")}
    for side, foe in (("allied", "axis"), ("axis", "allied")):
        v = s.scenario.victory_of(side)
        if v.objectives is not None and s.objectives_held(side) >= v.objectives:
            met[side] = True
            reason[side] = ((f"{side} controls objectives worth {s.objectives_held(side)} "
                             f"(needs {v.objectives}) and wins"), rules.VICTORY_OBJECTIVES)
        elif v.suppress and supp[foe]:
            met[side] = True
            reason[side] = ((f"{side} has removed every {foe} riflemen token: {foe}'s army is "
                             f"suppressed, {side} wins"), rules.VICTORY_SUPPRESS)
    if len(met) == 1:
        (w,) = met
        return (w, *reason[w])
    if len(met) == 2:
        return _tiebreak(s, "both sides meet their victory conditions at once")
    if supp["allied"] and supp["axis"]:
        return _tiebreak(s, "both armies are suppressed")
    for side, foe in (("allied", "axis"), ("axis", "allied")):
        if hopeless(s, side):
            v = s.scenario.victory_of(foe)
            if v.objectives is not None and s.objectives_held(foe) > s.objectives_held(side):
                text = (f"{side}'s army is hopelessly suppressed (no riflemen token on the board, "
                        f"every riflemen card out of the game) and {foe} holds more objectives "
                        f"({s.objectives_held(foe)} to {s.objectives_held(side)}): {foe} wins")
                return (foe, text, rules.HOPELESS_WIN)
    return None
