"""The end of the game (KONEC HRY), checked after every action: the game ends at once.

* **Objectives**: a side whose scenario condition is an objective total wins when the objectives
  on tiles it controls (marker controlled side up) reach that total.
The English edition's terms are used (the Czech beside them): **Pinning the Enemy** (Potlačení
nepřítele), an army **pinned** (potlačená), **Beyond All Hope** (Beznadějná situace). They are not
the Suppress action (krycí palba) nor a suppressed counter (pod palbou).

* **Pinning the Enemy**: a side's army is pinned when every one of its riflemen units has
  been eliminated (KONEC HRY: "eliminovat všechny jednotky střelců nepřítele (odstranit z herního
  plánu všechny jejich žetony)"): its token taken off the board by casualties (ZTRÁTY 4.) and not
  deployed again, or no card of it left in the game. A riflemen unit that has not yet entered the
  board is not eliminated (the English edition reads "no Riflemen combat counters on the board":
  conflict ``und.victory.on_board``). A side whose condition is to pin the enemy wins then. (A side
  with no riflemen unit at all in the game cannot be pinned: the rule has nothing to count.)
* **Both pinned** and neither condition met: the higher objective total wins, a tie goes to
  the side holding the initiative token. The same tiebreak settles the (unwritten) case where both
  sides meet their conditions by the same action, e.g. one blast removing both sides' last riflemen.
* **Beyond All Hope**: only a side that must win by taking objectives (Beznadějná situace: "už
  nebudete moci zvítězit obsazením cílů") can be beyond all hope: pinned, with every riflemen card
  out of the game, it can never control a tile again. A side that may win by pinning the enemy is
  never beyond all hope: its machine gunners can still win. If such a side's opponent must take
  objectives and holds more than it does, the opponent wins; otherwise play goes on (an opponent
  who must pin the enemy has already won by then).
"""

from __future__ import annotations

from tutor.sides import SIDE_ADJECTIVES, SIDE_NAMES, side_verb
from tutor.undaunted import rules
from tutor.undaunted.cards import CARDS
from tutor.words import sentence as _sentence

RIFLEMEN = frozenset(c.id for c in CARDS.values() if c.name == "riflemen")


LIVE_ZONES = ("hand", "table", "discard", "draw", "supply")     # every zone but "out"


def riflemen_units(s, side: str) -> tuple[str, ...]:
    """``side``'s riflemen units in the game: a token entry or a card of them in any zone."""
    z = s.zones_of(side)
    units = {t.unit for t in s.tokens if t.side == side and t.unit in RIFLEMEN}
    units.update(c for zone in (*LIVE_ZONES, "out") for c in getattr(z, zone) if c in RIFLEMEN)
    return tuple(sorted(units))


def eliminated(s, side: str, unit: str) -> bool:
    """The unit's token is off the board because casualties removed it (BOJOVÉ AKCE, 4. ZTRÁTY:
    "musí odstranit příslušný žeton jednotky z herního plánu"), or no card of it is left in the
    game. A token that simply has not deployed yet is not eliminated."""
    t = s.token(side, unit)
    if t is not None and t.tile is not None:
        return False
    if t is not None and t.eliminated:
        return True
    z = s.zones_of(side)
    return not any(unit in getattr(z, zone) for zone in LIVE_ZONES)


def army_pinned(s, side: str) -> bool:
    """The army is pinned (Pinning the Enemy; Czech: Potlačení nepřítele): every riflemen unit of
    ``side`` eliminated (KONEC HRY: "eliminovat všechny jednotky střelců nepřítele"); False for a
    side with no riflemen unit at all."""
    units = riflemen_units(s, side)
    return bool(units) and all(eliminated(s, side, u) for u in units)


def beyond_all_hope(s, side: str) -> bool:
    """Beyond All Hope: pinned with every riflemen card out of the game, for a side that must win by
    objectives (KONEC HRY, Beznadějná situace: "už nebudete moci zvítězit obsazením cílů … protože vaše armáda
    bude potlačená a zároveň všechny vaše karty střelců už budou vyřazeny ze hry"). A side that may
    win by pinning the enemy is never beyond all hope."""
    v = s.scenario.victory_of(side)
    if v.objectives is None or v.suppress:
        return False
    if not army_pinned(s, side):
        return False
    z = s.zones_of(side)
    return not any(c in RIFLEMEN for zone in LIVE_ZONES for c in getattr(z, zone))


#: the sides in a sentence: "the Allies win", "the Axis wins", "every Axis riflemen unit"
THE = {side: f"the {name}" for side, name in SIDE_NAMES.items()}


def _tiebreak(s, why: str):
    a, x = s.objectives_held("allied"), s.objectives_held("axis")
    if a != x:
        w = "allied" if a > x else "axis"
        return w, _sentence(f"{why}; {THE[w]} {side_verb(w, 'hold', 'holds')} more objectives "
                            f"({max(a, x)} to {min(a, x)}): {THE[w]} {side_verb(w, 'win', 'wins')}"), \
            rules.VICTORY_BOTH
    w = s.initiative
    return w, _sentence(f"{why}; objectives are tied at {a}, so {THE[w]}, holding the initiative, "
                        f"{side_verb(w, 'win', 'wins')}"), rules.VICTORY_BOTH


def decide(s):
    """``(winner, text, rule)`` if the game is over in state ``s``, else None."""
    met = {}
    reason = {}
    supp = {side: army_pinned(s, side) for side in ("allied", "axis")}
    for side, foe in (("allied", "axis"), ("axis", "allied")):
        v = s.scenario.victory_of(side)
        won = side_verb(side, "win", "wins")
        if v.objectives is not None and s.objectives_held(side) >= v.objectives:
            met[side] = True
            reason[side] = (_sentence(f"{THE[side]} {side_verb(side, 'control', 'controls')} objectives worth "
                                      f"{s.objectives_held(side)} (the scenario needs {v.objectives}): "
                                      f"{THE[side]} {won}"), rules.VICTORY_OBJECTIVES)
        elif v.suppress and supp[foe]:
            met[side] = True
            reason[side] = (_sentence(f"{THE[side]} {side_verb(side, 'have', 'has')} eliminated every {SIDE_ADJECTIVES[foe]} "
                                      f"riflemen unit, so the {SIDE_ADJECTIVES[foe]} army is pinned: {THE[side]} {won}"),
                            rules.VICTORY_SUPPRESS)
    if len(met) == 1:
        (w,) = met
        return (w, *reason[w])
    if len(met) == 2:
        return _tiebreak(s, "both sides meet their victory conditions at once")
    if supp["allied"] and supp["axis"]:
        return _tiebreak(s, "both armies are pinned")
    for side, foe in (("allied", "axis"), ("axis", "allied")):
        if beyond_all_hope(s, side):
            v = s.scenario.victory_of(foe)
            if v.objectives is not None and s.objectives_held(foe) > s.objectives_held(side):
                text = (f"The {SIDE_ADJECTIVES[side]} army is beyond all hope (pinned, every riflemen unit eliminated "
                        f"and every Rifleman card out of the game) and {THE[foe]} "
                        f"{side_verb(foe, 'hold', 'holds')} more objectives ({s.objectives_held(foe)} to "
                        f"{s.objectives_held(side)}): {THE[foe]} {side_verb(foe, 'win', 'wins')}")
                return (foe, text, rules.HOPELESS_WIN)
    return None
