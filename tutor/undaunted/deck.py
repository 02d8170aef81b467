"""A side's cards in their six zones, drawing with reshuffle, and casualties.

Zones (PRŮBĚH HRY, Stažení do zálohy, ZTRÁTY): ``hand``; ``table`` (played this turn, not yet
discarded); ``discard``; ``draw`` (the draw deck, top card first); ``supply`` (face up, public);
``out`` (removed from the game). Every function returns new values; the multiset of a side's
cards over the six zones never changes (:func:`census`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from tutor.rulebook import Rule
from tutor.undaunted import rules
from tutor.undaunted.cards import CARDS, card_title

ZONE_NAMES = ("hand", "table", "discard", "draw", "supply", "out")


@dataclass(frozen=True)
class Zones:
    hand: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    draw: tuple[str, ...] = ()      # top card first
    supply: tuple[str, ...] = ()
    out: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, list[str]]:
        return {z: list(getattr(self, z)) for z in ZONE_NAMES}

    def census(self) -> Counter:
        """How many of each card the side owns over all six zones (conserved by every rule)."""
        return census(self)

    def where(self, card_id: str) -> dict[str, int]:
        """How many copies of ``card_id`` lie in each zone."""
        return {z: getattr(self, z).count(card_id) for z in ZONE_NAMES}

    @classmethod
    def from_dict(cls, d: dict) -> Zones:
        return cls(**{z: tuple(d.get(z, ())) for z in ZONE_NAMES})


def census(z: Zones) -> Counter:
    c = Counter(z.hand)
    c.update(z.table)
    c.update(z.discard)
    c.update(z.draw)
    c.update(z.supply)
    c.update(z.out)
    return c


def _without(t: tuple[str, ...], card_id: str) -> tuple[str, ...]:
    """``t`` minus its first ``card_id``."""
    i = t.index(card_id)
    return t[:i] + t[i + 1:]


def shuffled(cards, rng: random.Random) -> tuple[str, ...]:
    lst = list(cards)
    rng.shuffle(lst)
    return tuple(lst)


@dataclass(frozen=True)
class Drawn:
    zones: Zones
    cards: tuple[str, ...]      # the cards drawn, in order
    reshuffles: int             # how many times the discard pile became the draw deck


def draw(z: Zones, n: int, rng: random.Random) -> Drawn:
    """Draw up to ``n`` cards into the hand; an empty draw deck reshuffles the discard pile only.

    Never the table, never the supply (PRŮBĚH HRY, AKCE PODPŮRNÉ AKCE: Za mnou!). If draw deck
    and discard are both empty, fewer than ``n`` cards are drawn.
    """
    deck, discard = z.draw, z.discard
    got: list[str] = []
    reshuffles = 0
    while len(got) < n:
        if not deck:
            if not discard:
                break
            deck, discard = shuffled(discard, rng), ()
            reshuffles += 1
        take = min(n - len(got), len(deck))
        got.extend(deck[:take])
        deck = deck[take:]
    if not got and not reshuffles:
        return Drawn(z, (), 0)
    return Drawn(Zones(z.hand + tuple(got), z.table, discard, deck, z.supply, z.out), tuple(got), reshuffles)


@dataclass(frozen=True)
class Casualty:
    """What a casualty did to one side's zones, with the rules that decided it."""

    unit: str
    zones: Zones
    removed_from: str | None    # "hand" | "discard" | "draw" | None (the token left the board)
    shuffled: bool              # the draw deck was shuffled after a card was taken from it
    token_removed: bool
    rule: Rule
    text: str

    def to_json(self) -> dict:
        return {"unit": self.unit, "removed_from": self.removed_from, "shuffled": self.shuffled,
                "token_removed": self.token_removed, "zones": self.zones.as_dict()}


def casualty(z: Zones, unit: str, rng: random.Random, *, token_on_board: bool = True) -> Casualty:
    """Remove one card of ``unit`` from the game: hand, else discard, else draw deck (then shuffle it),
    else the unit's token leaves the board. Never from the supply, never from the table (ZTRÁTY).
    """
    name = card_title(unit)
    if unit in z.hand:
        nz = Zones(_without(z.hand, unit), z.table, z.discard, z.draw, z.supply, z.out + (unit,))
        return Casualty(unit, nz, "hand", False, False, rules.CASUALTY_HAND,
                        f"{name}: one card removed from the game from the hand")
    if unit in z.discard:
        nz = Zones(z.hand, z.table, _without(z.discard, unit), z.draw, z.supply, z.out + (unit,))
        return Casualty(unit, nz, "discard", False, False, rules.CASUALTY_DISCARD,
                        f"{name}: no card in hand, so one card removed from the discard pile")
    if unit in z.draw:
        nz = Zones(z.hand, z.table, z.discard, shuffled(_without(z.draw, unit), rng), z.supply,
                   z.out + (unit,))
        return Casualty(unit, nz, "draw", True, False, rules.CASUALTY_DRAW,
                        f"{name}: none in hand or discard, so one card removed from the draw deck, "
                        f"which is then shuffled")
    why = []
    if unit in z.supply:
        why.append("its cards in the supply are never taken")
    if unit in z.table:
        why.append("its cards on the table are not taken")
    extra = f" ({'; '.join(why)})" if why else ""
    if token_on_board:
        return Casualty(unit, z, None, False, True, rules.CASUALTY_TOKEN,
                        f"{name}: no card in hand, discard or draw deck, so its token leaves the board{extra}")
    return Casualty(unit, z, None, False, False, rules.CASUALTY_TOKEN,
                    f"{name}: no card in hand, discard or draw deck and its token is not on the board{extra}")


def cards_of_unit(z: Zones, unit: str) -> int:
    """How many cards of ``unit`` the side has in any zone (``out`` included)."""
    return census(z)[unit]


def squad_of(card_id: str) -> str | None:
    return CARDS[card_id].squad
