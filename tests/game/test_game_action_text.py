"""Actions in the words of the game (issue 18.1): the log and the *All legal actions* list name
cards as printed and units by kind and hex, never an internal card id like ``probe_center#1``."""

from __future__ import annotations

import random
import re

import pytest
from browser.learner_text import PATTERNS

from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import variants as V

INTERNAL = re.compile(r"#\d|\b[a-z]+_[a-z_]+\b")
SEAT = dict(PATTERNS)["a seat id"]                   # "allied.1": the page scan's pattern


def test_examples():
    g = G.new_game("pegasus-bridge", seed=0)
    for play in (a for a in G.legal_actions(g) if a.startswith("play ")):
        card, *section = play.split()[1:]
        where = {"left": " on the left flank", "center": " in the center", "right": " on the right flank"}
        assert G.action_text(g, play) == f"play {C.name(card)}" + (where[section[0]] if section else "")
    assert G.action_text(g, "end") == "end the turn"
    h = next(iter(g.state.units))
    u = g.state.units[h]
    assert G.action_text(g, f"order {h[0]},{h[1]}") == f"order the {u.name} on {h[0]},{h[1]}"
    assert G.seat_text("allied") == "Allies" and G.seat_text("axis.center") == "Axis center player"
    assert G.seat_text("allied.1") == "Allies starting player" and G.seat_text("axis.2") == "Axis second player"
    assert G.seat_text("axis.left", "young_generals") == "Axis left flank player"
    assert G.seat_text("axis.left", "overlord") == "Axis left field general"
    assert G.seat_text("allied.chief") == "Allies commander-in-chief"
    assert G.player_text("axis") == "the Axis player" and G.player_text("allied.2") == "the Allies second player"


@pytest.mark.parametrize("variant", [None, V.variant("alliance", axis=2, allied=2)], ids=["standard", "alliance"])
def test_every_legal_action_of_a_game_reads_without_ids(variant):
    rng = random.Random(5)
    g = G.new_game("pegasus-bridge", seed=5, **({"variant": variant} if variant else {}))
    seen = set()
    for _ in range(300):
        if g.over:
            break
        acts = G.legal_actions(g)
        for a in acts:
            text = G.action_text(g, a)
            assert not INTERNAL.search(text), (a, text)
            seen.add(a.split()[0])
        g = G.apply(g, rng.choice(acts))
    assert {"play", "order", "move", "end"} <= seen
    texts = [e.text for e in g.log if e.kind == "action"]
    assert texts and not any(INTERNAL.search(t) for t in texts)
    # every event names a player as the rules do, never by a seat id ("allied.1")
    assert not [e.text for e in g.log if SEAT.search(e.text)]
