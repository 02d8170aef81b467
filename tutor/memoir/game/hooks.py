"""The variants' hooks: where a variant's own module replaces a step of the standard turn.

The standard game asks ``hook(g, name)`` at these points and, when the game's variant registered
something there, uses it instead of the standard step:

* ``scenario(scenario, path)``: refuses a scenario the variant cannot play (Overlord: its board);
* ``deck(cards)``: the deck from the standard cards (Overlord: two decks shuffled together);
* ``dealt(side, cards, ctx)``: the event of a side's deal (Overlord: the chief's cards);
* ``first_phase``: the phase a turn begins with (Overlord: ``dispatch``; a value);
* ``seat_to_play(g, side)``: the seat whose turn it is (Operation Alliance: the two players take turns);
* ``play_rule``: the rule cited when the seat holds no such card (Operation Alliance's; a value);
* ``performer(g, side, effect, ctx)``: the team member who carries out a card (Young Generals);

* ``card_done(g, ctx)``: a card is resolved; the game that follows, or None for the standard end of
  the turn (Overlord: after the chief's own tactic card, the field generals' turn);
* ``draw(g, ctx)``: the end of a turn's draw (Overlord: the chief draws 2, or 3 after a Recon);
* ``owner_seat(g, side, hex)``: the seat that controls a unit and picks its retreat (Overlord: the
  field general whose command holds the hex), None for the standard seat;
* ``ambush_rule``: the rule an Ambush cites (a Rule, not a function);
* ``ambush_given(g, unit, hex, ctx)``: an event before the Ambush fires (Overlord: the chief hands it on);
* ``ambush_drawn(side, ctx)``: the event of the card drawn after an Ambush (Overlord: the chief's);
* ``seat_role(who)``: a team member's role in words, or None for the standard words (Overlord: "left
  field general"); asked with :func:`variant_hook`, as a seat is named without a game;
* ``medics_note``: what Medics & Mechanics' event adds about its dice, ``{n}`` the dice (a value;
  Overlord: a field general's card rolls its own 4).
"""

from __future__ import annotations

_HOOKS: dict[tuple[str, str], object] = {}


def register(kind: str, **steps) -> None:
    """Let the variant ``kind`` replace the named steps of the standard turn."""
    for name, fn in steps.items():
        _HOOKS[kind, name] = fn


def hook(g, name: str):
    """What the game's variant put in place of step ``name`` (a function or a value), or None (the standard step)."""
    return _HOOKS.get((g.variant.kind, name))


def variant_hook(kind: str, name: str):
    """:func:`hook` for a variant ``kind`` before there is a game (setting up)."""
    return _HOOKS.get((kind, name))
