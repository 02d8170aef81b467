"""A Memoir '44 action as a value: its verb, hexes, card and the words it names, and its text.

The game takes actions as short texts (``"battle 13,5 15,5"``, ``"play attack_center#2"``,
``"order 17,5 left"``); this is that text parsed once, so a widget, the computer opponent or the
command line reads ``a.unit`` and ``a.target`` instead of splitting the text itself. ``str(a)``
gives the text back, exactly (a chess move and its UCI text, the same way round)::

    >>> from tutor.memoir.action import Action
    >>> a = Action.parse("battle 13,5 15,5")
    >>> a.verb, a.unit, a.target, str(a)
    ('battle', (13, 5), (15, 5), 'battle 13,5 15,5')
    >>> b = Action.parse("give counter_attack#1 right attack_left")
    >>> b.card, b.general, b.copy
    ('counter_attack#1', 'right', 'attack_left')
    >>> Action.parse("play infantry_assault#1 left").section
    'left'
    >>> Action.parse("fly 1,1")
    Traceback (most recent call last):
    ...
    tutor.errors.InputError: action "fly" is unknown: allowed are air, ambush, barrage, battle, decline, dispatch, done, end, give, keep, move, order, pass, place, play, retreat, roll, setback, take, wire
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.errors import InputError
from tutor.hexes import Hex, fmt, parse_hex

#: each verb's words after it: "hex" (one hex), "hexes" (one or more), "card", "section",
#: "general" (a field general, or "chief" for give), "copy" (the card Counter-Attack copies);
#: a trailing "?" marks a word that may be left out
SHAPES = {
    "play": ("card", "section?"), "order": ("hex", "general?"), "done": (), "end": (),
    "move": ("hex", "hex"), "battle": ("hex", "hex"), "take": ("hex",), "wire": ("hex",),
    "retreat": ("hex",), "ambush": (), "decline": (), "keep": ("card",), "air": ("hexes",),
    "barrage": ("hex",), "give": ("card", "general", "copy?"), "dispatch": (),
    "place": ("card", "section"), "roll": (), "pass": (), "setback": ("hex", "hex?"),
}


@dataclass(frozen=True)
class Action:
    """One action of the game. ``hexes`` in the order the text names them: the unit first, then
    where it goes or whom it battles (``move``/``battle``), the units struck (``air``)."""

    verb: str
    hexes: tuple[Hex, ...] = ()
    card: str | None = None          # play, keep, give, place: a card instance ("attack_left#2")
    section: str | None = None       # play (Infantry Assault), place (Overlord: "left-inner" …)
    general: str | None = None       # order (Overlord: the field general whose card orders it); give: who gets it
    copy: str | None = None          # give: the card a Counter-Attack copies

    @property
    def unit(self) -> Hex | None:
        """The hex of the unit that acts (order, move, battle, take, wire, setback), or the single
        hex a one-hex action names (retreat, barrage)."""
        return self.hexes[0] if self.hexes else None

    @property
    def target(self) -> Hex | None:
        """The second hex: where a unit moves or retreats (setback), whom it battles."""
        return self.hexes[1] if len(self.hexes) > 1 else None

    @property
    def at(self) -> Hex:
        """``unit`` for an action known to name one (ValueError for one that names no hex)."""
        if not self.hexes:
            raise ValueError(f"{self.verb} names no hex")
        return self.hexes[0]

    @property
    def to(self) -> Hex:
        """``target`` for an action known to name two hexes (ValueError otherwise)."""
        if len(self.hexes) < 2:
            raise ValueError(f"{self.verb} names no second hex")
        return self.hexes[1]

    @property
    def card_id(self) -> str:
        """``card`` for an action known to name one (ValueError otherwise)."""
        if self.card is None:
            raise ValueError(f"{self.verb} names no card")
        return self.card

    @property
    def text(self) -> str:
        words = [self.verb]
        hexes = iter(self.hexes)
        for kind in SHAPES[self.verb]:
            kind = kind.rstrip("?")
            if kind == "hexes":
                words += [fmt(h) for h in self.hexes]
            elif kind == "hex":
                h = next(hexes, None)
                if h is not None:
                    words.append(fmt(h))
            elif getattr(self, kind) is not None:
                words.append(getattr(self, kind))
        return " ".join(words)

    def __str__(self) -> str:
        return self.text

    @staticmethod
    def parse(text: str) -> Action:
        """The action a text names (InputError, one line, for a text no action has: an unknown
        verb, a missing or extra word, a malformed hex). Whether the rules allow it now is the
        game's to say."""
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"an action is a text like 'play attack_center#1', not {text!r}"[:120])
        verb, *args = text.split()
        shape = SHAPES.get(verb)
        if shape is None:
            raise InputError(f"action \"{verb[:30]}\" is unknown: allowed are {', '.join(sorted(SHAPES))}")
        need = sum(1 for k in shape if not k.endswith("?"))
        many = shape == ("hexes",)
        if len(args) < need or (not many and len(args) > len(shape)):
            raise InputError(f"usage: {verb} " + " ".join(
                f"[{k[:-1].upper()}]" if k.endswith("?") else k.upper() for k in shape))
        fields: dict[str, Any] = {"hexes": ()}
        hexes = []
        for i, word in enumerate(args):
            kind = "hex" if many else shape[i].rstrip("?")
            if kind == "hex":
                hexes.append(parse_hex(word, what=f"{verb} hex"))
            else:
                fields[kind] = word
        fields["hexes"] = tuple(hexes)
        return Action(verb, **fields)


def legal(g: Any, *verbs: str) -> list[Action]:
    """The legal actions of the Memoir '44 game ``g`` as values, only those of ``verbs`` when
    given (``legal(g, "order")``: the orders it may give now)."""
    from tutor.memoir.game import legal_actions
    out = [Action.parse(a) for a in legal_actions(g)]
    return [a for a in out if a.verb in verbs] if verbs else out
