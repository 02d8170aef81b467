"""A game's course between two moments: the events of the actions that led from one game to
another (:func:`events_between`), and a turn finished without moving or battling
(:func:`finish_turn`), for the pages that show whole turns (team play, Overlord)."""

from __future__ import annotations

from tutor.memoir import game as G


def finish_turn(g: G.Game, side: str | None = None, limit: int = 40) -> G.Game:
    """End the turn in progress without moving or battling: orders unused, the card drawn; a
    Recon keeps the first card, Air Power strikes the first group, an Ambush is declined."""
    side = side or g.side
    for _ in range(limit):
        if g.phase == "over" or (g.phase in ("play", "dispatch") and g.turn is not None and g.turn.cards == ()
                                 and g.side != side):
            return g
        acts = G.legal_actions(g)
        pick = next((a for a in ("done", "end", "decline") if a in acts), None) or acts[0]
        g = G.apply(g, pick)
    raise RuntimeError("the turn did not end")


def events_between(before: G.Game, after: G.Game) -> list:
    """Every event of the actions that led from ``before`` to ``after``, oldest first."""
    chunks = []
    x: G.Game | None = after
    while x is not None and x is not before:
        chunks.append(x.new_events)
        x = x.prev
    return [e for c in reversed(chunks) for e in c]
