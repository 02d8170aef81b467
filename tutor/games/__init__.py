"""One small protocol that every game answers (OpenSpiel's few questions, python-chess's moves).

    >>> from tutor import games
    >>> und = games.get("undaunted")
    >>> m = und.new("la-raye", seed=1)
    >>> und.to_act(m)                        # the initiative bid: both sides choose at once
    ('allied', 'axis')
    >>> bid = und.legal_actions(m, "axis")[0]
    >>> und.action_text(bid)
    'bid axis fog-of-war'
    >>> m = und.apply(m, bid)                # a new match; the old one is unchanged
    >>> und.to_act(m), [e.kind for e in und.events(m)]
    (('allied',), ['bid'])
    >>> m = und.apply(m, und.parse_action(m, "bid allied riflemen-a"))
    >>> und.to_act(m), und.undo(m).length
    (('allied',), 1)
    >>> games.MEMOIR.action_text(games.MEMOIR.legal_actions(games.MEMOIR.new("pegasus-bridge", 1))[0])
    'play assault_center#2'
    >>> games.UNDAUNTED.load(games.MEMOIR.save(games.MEMOIR.new("pegasus-bridge", 1)))
    Traceback (most recent call last):
    ...
    tutor.errors.InputError: the saved game: not a saved Undaunted: Normandy game: it is a saved Memoir '44 game

Every game's ``apply`` refuses an action the rules forbid with ``IllegalAction`` (its rule cited)
and a malformed one with ``InputError``, the match unchanged; ``save``/``load`` write and replay a
versioned mapping (scenario, seed, options, the actions' texts); a match carries its seed and
the count of random draws it made, so the same seed and actions give the same match.
"""

from __future__ import annotations

from typing import Any

from tutor.errors import IllegalAction, InputError
from tutor.games.memoir import MEMOIR
from tutor.games.protocol import Event, Game, Match
from tutor.games.undaunted import UNDAUNTED
from tutor.sides import SIDES, Side

GAMES: dict[str, Game[Any]] = {MEMOIR.name: MEMOIR, UNDAUNTED.name: UNDAUNTED}


def get(name: str) -> Game[Any]:
    """The game called ``name``: "memoir44" (or "memoir") or "undaunted"; InputError otherwise."""
    game = GAMES.get({"memoir": "memoir44"}.get(name, name)) if isinstance(name, str) else None
    if game is None:
        raise InputError(f"no game called {str(name)[:30]!r}: allowed are {', '.join(GAMES)}")
    return game


__all__ = ["GAMES", "MEMOIR", "SIDES", "UNDAUNTED", "Event", "Game", "IllegalAction", "InputError", "Match",
           "Side", "get"]
