"""Zones, drawing with reshuffle, and casualties (ZTRÁTY)."""

import random
from collections import Counter

from tutor.undaunted import rules as UR
from tutor.undaunted.deck import Zones, casualty, census, draw


def Z(**kw):
    return Zones(**{k: tuple(v) for k, v in kw.items()})


def test_draw_takes_from_the_top():
    z = Z(draw=["riflemen-a", "scouts-b", "mortar"], discard=["sniper"])
    got = draw(z, 2, random.Random(1))
    assert got.cards == ("riflemen-a", "scouts-b")
    assert got.zones.hand == ("riflemen-a", "scouts-b") and got.zones.draw == ("mortar",)
    assert got.reshuffles == 0 and got.zones.discard == ("sniper",)


def test_empty_deck_reshuffles_the_discard_only():
    z = Z(draw=["mortar"], discard=["riflemen-a", "riflemen-b", "scouts-c"],
          table=["sniper"], supply=["fog-of-war", "riflemen-a"])
    got = draw(z, 4, random.Random(3))
    assert got.reshuffles == 1
    assert got.cards[0] == "mortar"
    assert Counter(got.cards[1:]) == Counter(["riflemen-a", "riflemen-b", "scouts-c"])
    # never the table, never the supply
    assert got.zones.table == ("sniper",)
    assert got.zones.supply == ("fog-of-war", "riflemen-a")
    assert got.zones.discard == () and got.zones.draw == ()


def test_draw_stops_when_deck_and_discard_are_empty():
    z = Z(draw=["mortar"], table=["sniper"], supply=["riflemen-a"])
    got = draw(z, 4, random.Random(0))
    assert got.cards == ("mortar",)


def test_same_seed_same_reshuffle():
    z = Z(discard=[f"riflemen-{s}" for s in "abc"] * 3 + ["mortar", "sniper"])
    a = draw(z, 6, random.Random(42)).cards
    b = draw(z, 6, random.Random(42)).cards
    assert a == b


def test_casualty_from_hand_first():
    z = Z(hand=["riflemen-a", "scouts-b"], discard=["riflemen-a"], draw=["riflemen-a"])
    c = casualty(z, "riflemen-a", random.Random(0))
    assert c.removed_from == "hand" and not c.shuffled and not c.token_removed
    assert c.zones.hand == ("scouts-b",) and c.zones.out == ("riflemen-a",)
    assert c.zones.discard == ("riflemen-a",) and c.rule is UR.CASUALTY_HAND


def test_casualty_then_discard():
    z = Z(hand=["scouts-b"], discard=["mortar", "riflemen-a"], draw=["riflemen-a"])
    c = casualty(z, "riflemen-a", random.Random(0))
    assert c.removed_from == "discard" and c.zones.discard == ("mortar",)
    assert c.zones.draw == ("riflemen-a",)


def test_casualty_then_draw_deck_which_is_shuffled():
    deck = ["scouts-a", "riflemen-b", "mortar", "riflemen-a", "sniper", "scouts-b", "scouts-c"]
    z = Z(draw=deck)
    c = casualty(z, "riflemen-a", random.Random(5))
    assert c.removed_from == "draw" and c.shuffled
    assert Counter(c.zones.draw) == Counter(deck) - Counter(["riflemen-a"])
    assert c.rule is UR.CASUALTY_DRAW


def test_casualty_never_from_supply_or_table():
    z = Z(table=["riflemen-a"], supply=["riflemen-a", "riflemen-a"], hand=["scouts-b"])
    c = casualty(z, "riflemen-a", random.Random(0))
    assert c.removed_from is None and c.token_removed
    assert c.zones == z
    assert "supply" in c.text and "table" in c.text
    assert c.rule is UR.CASUALTY_TOKEN


def test_casualty_conserves_cards():
    z = Z(hand=["riflemen-a"], discard=["riflemen-a", "scouts-b"], supply=["fog-of-war"])
    c = casualty(z, "riflemen-a", random.Random(0))
    assert census(c.zones) == census(z)


def test_zones_dict_round_trip():
    z = Z(hand=["riflemen-a"], out=["mortar"])
    assert Zones.from_dict(z.as_dict()) == z
    assert z.where("riflemen-a") == {"hand": 1, "table": 0, "discard": 0, "draw": 0, "supply": 0, "out": 0}
