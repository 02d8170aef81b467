"""The two sides, in one vocabulary for both games: their ids, names and adjectives, and the verb
that agrees with a side's name ("the Allies win", "the Axis wins").

Both games field the same two armies under the same ids, ``"allied"`` and ``"axis"``; a seat is a
side, or a team member within a side (Memoir '44's Operation Alliance ``"allied.1"``, Overlord's
``"axis.left"``), and :func:`side_of` reads the side from it.

    >>> from tutor.sides import SIDES, Side, side_of
    >>> [s.name for s in SIDES]
    ['Allies', 'Axis']
    >>> Side.of("axis.left").adjective, side_of("allied.1"), Side.of("axis").other.id
    ('Axis', 'allied', 'allied')
    >>> Side.of("allied").verb("win", "wins"), Side.of("axis").verb("win", "wins")
    ('win', 'wins')
    >>> f"{Side.of('axis').The} {Side.of('axis').verb('draw', 'draws')} 4 cards"
    'The Axis draws 4 cards'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.errors import InputError

IDS = ("allied", "axis")


@dataclass(frozen=True)
class Side:
    """One side: its id (what engines, saves and events use), its name as a learner reads it
    ("Allies", "Axis": the rulebooks' English words) and its adjective ("Allied units")."""

    id: str
    name: str
    adjective: str
    plural: bool          # the name takes a plural verb: "the Allies win", "the Axis wins"

    @staticmethod
    def of(seat: str) -> Side:
        """The side of a seat id ("allied", "axis", "allied.1", "axis.left"); InputError otherwise."""
        sid = side_of(seat)
        return ALLIED if sid == "allied" else AXIS

    @property
    def other(self) -> Side:
        return AXIS if self.id == "allied" else ALLIED

    @property
    def the(self) -> str:
        """The name as a sentence's subject: "the Allies", "the Axis"."""
        return f"the {self.name}"

    @property
    def The(self) -> str:     # capital: it starts a sentence
        """The name as the subject that starts a sentence: "The Allies", "The Axis"."""
        return f"The {self.name}"

    def verb(self, plural: str, singular: str) -> str:
        """The verb form that agrees with the side's name: ``verb("win", "wins")``."""
        return plural if self.plural else singular

    def __str__(self) -> str:
        return self.name


ALLIED = Side("allied", "Allies", "Allied", plural=True)
AXIS = Side("axis", "Axis", "Axis", plural=False)
SIDES = (ALLIED, AXIS)
BY_ID = {s.id: s for s in SIDES}


def side_of(seat: str) -> str:
    """The side id of a seat id: "allied.1" → "allied"; InputError (one line) for anything else."""
    sid = seat.partition(".")[0] if isinstance(seat, str) else None
    if sid not in BY_ID:
        from tutor.inputs import clipped
        raise InputError(f"{clipped(seat, 30)} is not a side or a seat: allowed are allied, axis or a team "
                         f"member like allied.1")
    return sid


# A side as a learner reads it, by id: the noun ("the Allies win") and the word before a noun
# ("Allied infantry"). Every page of both games names the sides with these.
SIDE_NAMES = {s.id: s.name for s in SIDES}              # "Allies", "Axis"
SIDE_ADJECTIVES = {s.id: s.adjective for s in SIDES}    # "Allied", "Axis"


def side_verb(side: str, plural: str, singular: str) -> str:
    """The verb after a side's name: "the Allies win", "the Axis wins" (:meth:`Side.verb`)."""
    return BY_ID[side].verb(plural, singular) if side in BY_ID else singular
