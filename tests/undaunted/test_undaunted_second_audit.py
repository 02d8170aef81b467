"""Undaunted rulings a second expert audit found wrong or wrongly explained (the tutor's issue 34),
each checked against the Czech rulebook (undaunted-normandy-rules-cs.txt) or, where it is silent,
the English edition's words."""

import pytest

from tutor.errors import IllegalAction
from tutor.undaunted import Play, apply, card_plays
from tutor.undaunted import rules as R


def test_inspire_takes_one_card_when_one_lies_on_the_table_in_apply_and_in_legal_actions(make):
    # AKCE PODPŮRNÉ AKCE, Povzbuzení: "Vezměte si 1 svou zahranou kartu ze stolu do ruky" — take 1
    # (the same book writes "až", up to, for Bolster and Command, where a player may take fewer).
    s = make(allied={"tokens": {"machine-gunners-c": "00"}, "hand": ["squad-leader-c"],
                     "table": ["machine-gunners-c", "riflemen-a"]})
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        apply(s, Play("allied", "squad-leader-c", "inspire", cards=()))
    assert e.value.rule is R.INSPIRE and "machine-gunners-c lies on the table" in e.value.reason
    assert s.to_json() == before
    offered = [p for p in card_plays(s, "allied", "squad-leader-c") if getattr(p, "action", None) == "inspire"]
    assert [p.cards for p in offered] == [("machine-gunners-c",)]
    # every inspire the list offers is accepted, and none it leaves out
    for p in offered:
        apply(s, p)
    # with no card of squad C on the table, it takes nothing, offered and accepted alike
    s2 = make(allied={"hand": ["squad-leader-c"], "table": ["riflemen-a"]})
    assert [p.cards for p in card_plays(s2, "allied", "squad-leader-c") if getattr(p, "action", None) == "inspire"] == [()]
    assert apply(s2, Play("allied", "squad-leader-c", "inspire", cards=())).state.zones_of("allied").hand == ()


def test_both_readings_of_inspire_are_on_the_conflicts_page():
    from tutor.undaunted.conflicts import CONFLICTS
    c = next(c for c in CONFLICTS if c["key"] == "und.inspire.count")
    assert R.INSPIRE in c["texts"] and "up to" in c["published"][0]
    assert "Czech rulebook" in c["ruling"]
    own = next(c for c in CONFLICTS if c["key"] == "und.inspire.self")
    assert "another squad leader" not in own["ruling"] and "single squad leader" in own["ruling"]
