"""How seats and actions read in words: "starting player", "left field general", "play Attack Center"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.hexes import parse_hex
from tutor.memoir import cards as C
from tutor.memoir.game.hooks import variant_hook
from tutor.sides import SIDE_NAMES, side_verb

if TYPE_CHECKING:
    from tutor.memoir.game.model import Game

# The players as the rules name them: Operation Alliance's starting and second player (APÉNDICE 5,
# 1. FORMAR EQUIPOS: "jugador inicial"), the Young Generals' center and flank players, Overlord's
# commander-in-chief and field generals (Łańcuch dowodzenia).
_SEAT_WORDS = {"1": "starting player", "2": "second player", "center": "center player",
               "flanks": "flanks player", "left": "left flank player", "right": "right flank player",
               "chief": "commander-in-chief"}


_SECTIONS = {"left": "on the left flank", "center": "in the center", "right": "on the right flank"}


def seat_text(seat: str, kind: str = "standard") -> str:
    """A seat as a player reads it, never its id: "Allies", "Allies starting player", "Axis center
    player", "Allies commander-in-chief"; ``kind`` is the variant's, as Overlord's "allied.left" is
    the left field general where the Young Generals' is the left flank player. Every page names a
    seat so: the engine's events and refusals, the chapters, the handouts and *Play a battle*."""
    side, _, who = seat.partition(".")
    name = SIDE_NAMES.get(side, side)
    return f"{name} {seat_role(who, kind)}" if who else name


def seat_verb(seat: str, plural: str, singular: str) -> str:
    """The verb after :func:`seat_text`: "Allies draw", "Axis draws", "Allies starting player draws"."""
    return side_verb(seat, plural, singular) if "." not in seat else singular


def seat_role(who: str, kind: str = "standard") -> str:
    """A team member's role, the part of a seat after its side ("allied.left" → "left"): "starting
    player", "left flank player" (Young Generals), "left field general" (Overlord, ``kind``)."""
    role = variant_hook(kind, "seat_role")      # Overlord: the field generals
    named = role(who) if role is not None else None
    if named is not None:
        return named
    return _SEAT_WORDS.get(who, f"{who} field general")


def player_text(seat: str, kind: str = "standard") -> str:
    """A seat as the subject of a sentence: "the Axis player" (a side played alone), "the Allies
    starting player" (a team's member)."""
    return f"the {seat_text(seat, kind)}" + ("" if "." in seat else " player")


def action_text(g: Game, action: str) -> str:
    """An action of :func:`legal_actions` in the words of the game, for people: card names as
    printed on the cards, units by kind and hex, never a card's internal id ("play
    probe_center#1" reads "play Probe Center"). ``g`` is the game the action is taken in."""
    words = action.split()
    verb, args = words[0], words[1:]
    units = g.state.units

    def unit(x: str) -> str:
        u = units.get(parse_hex(x))
        return f"the {u.name} on {x}" if u is not None else x

    def cards(x: str) -> str:
        return C.name(x) if "#" in x or x in C.CARDS else x

    if verb == "play":
        return f"play {cards(args[0])}" + (f" {_SECTIONS.get(args[1], args[1])}" if len(args) > 1 else "")
    if verb == "order":
        return f"order {unit(args[0])}" + (f" under the {_SEAT_WORDS.get(args[1], args[1])}'s card"
                                           if len(args) > 1 else "")
    if verb == "move":
        return f"move {unit(args[0])} to {args[1]}"
    if verb == "battle":
        return f"{unit(args[0])} battles {unit(args[1])}"
    if verb == "take":
        return f"take ground with {unit(args[0])}"
    if verb == "wire":
        return f"{unit(args[0])} removes the barbed wire"
    if verb == "retreat":
        return f"retreat to {args[0]}"
    if verb == "air":
        return "Air Power strikes " + ", ".join(unit(x) for x in args)
    if verb == "barrage":
        return f"Barrage strikes {unit(args[0])}"
    if verb == "keep":
        return f"keep {cards(args[0])}"
    if verb == "give":
        to = "keeps it to play" if args[1] == "chief" else f"gives it to the {args[1]} field general"
        return f"{cards(args[0])}: the commander-in-chief {to}" + (
            f" (copying {cards(args[2])})" if len(args) > 2 else "")
    if verb == "place":
        return f"place {cards(args[0])} {_SECTIONS.get(args[1], args[1])}"
    if verb == "setback":
        return f"{unit(args[0])} " + (f"falls back to {args[1]}" if len(args) > 1 else "loses a figure")
    fixed = {"done": "no more orders", "end": "end the turn", "ambush": "play Ambush",
             "decline": "do not play Ambush", "dispatch": "hand out the cards", "roll": "roll for initiative",
             "pass": "do not roll for initiative"}
    return fixed.get(verb, action)
