"""Total defense, hill cover 3/1, exact hit odds (BOJOVÉ AKCE)."""

from fractions import Fraction

import pytest

from tutor.errors import InputError
from tutor.undaunted import combat
from tutor.undaunted.combat import HILL, Cover, LoadedDice, p_die, p_hit, parse_cover, total_defense


def test_total_is_base_plus_cover_plus_range():
    assert total_defense(4, 3, 1).total == 8
    assert total_defense(4, 0, 0).total == 4          # same tile: range 0
    assert total_defense(6, 2, 5).total == 13


def test_bombard_adds_no_range():
    d = total_defense(4, 2, 5, blast=True)
    assert d.total == 6 and d.range == 0 and "no range" in d.text


def test_hill_cover_three_or_one():
    assert total_defense(4, HILL, 1).total == 8                          # attacker not on a hill: 3
    assert total_defense(4, HILL, 1, attacker_on_hill=True).total == 6   # attacker on a hill: 1
    assert total_defense(4, HILL, 1, blast=True).total == 5            # blast: 1, no range
    assert "hill cover 3/1" in total_defense(4, HILL, 1).text
    # ordinary cover does not care about the attacker's hill
    assert total_defense(4, Cover(2), 1, attacker_on_hill=True).total == 7


def test_die_odds_zero_always_hits():
    assert p_die(8) == Fraction(3, 10)          # 8, 9 and 0
    assert p_die(10) == Fraction(1, 10)         # only 0
    assert p_die(25) == Fraction(1, 10)
    assert p_die(1) == 1 and p_die(0) == 1
    assert p_die(2) == Fraction(9, 10)


def test_any_die_is_one_hit():
    assert p_hit(8, 2) == Fraction(51, 100)
    assert p_hit(10, 3) == 1 - Fraction(9, 10) ** 3
    assert p_hit(8, 0) == 0
    assert isinstance(p_hit(5, 4), Fraction)


def test_rolled_zero_hits_any_defense():
    r = combat.roll(1, 15, LoadedDice([0]))
    assert r.hit and r.dice == (0,)
    assert not combat.roll(2, 15, LoadedDice([9, 9])).hit


def test_odds_match_enumeration():
    from itertools import product
    for total in range(12):
        for n in (1, 2, 3):
            hits = sum(any(combat.die_hits(f, total) for f in faces) for faces in product(range(10), repeat=n))
            assert p_hit(total, n) == Fraction(hits, 10 ** n)


def test_parse_cover():
    assert parse_cover("3/1") == HILL and parse_cover(2) == Cover(2) and parse_cover("0") == Cover(0)
    for bad in ("2/1", "x", -1, "3/"):
        with pytest.raises(InputError):
            parse_cover(bad)
