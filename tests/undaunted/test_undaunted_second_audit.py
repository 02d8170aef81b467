"""Undaunted rulings a second expert audit found wrong or wrongly explained (the tutor's issue 34),
each checked against the Czech rulebook (undaunted-normandy-rules-cs.txt) or, where it is silent,
the English edition's words."""

import pytest

from tutor.errors import IllegalAction
from tutor.undaunted import Play, apply, card_plays
from tutor.undaunted import rules as UR


def test_inspire_takes_one_card_when_one_lies_on_the_table_in_apply_and_in_legal_actions(make):
    # AKCE PODPŮRNÉ AKCE, Povzbuzení: "Vezměte si 1 svou zahranou kartu ze stolu do ruky" — take 1
    # (the same book writes "až", up to, for Bolster and Command, where a player may take fewer).
    s = make(allied={"tokens": {"machine-gunners-c": "00"}, "hand": ["squad-leader-c"],
                     "table": ["machine-gunners-c", "riflemen-a"]})
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        apply(s, Play("allied", "squad-leader-c", "inspire", cards=()))
    assert e.value.rule is UR.INSPIRE and "Machine Gunner C lies on the table" in e.value.reason
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
    assert UR.INSPIRE in c["texts"] and "up to" in c["published"][0]
    assert "Czech rulebook" in c["ruling"]
    own = next(c for c in CONFLICTS if c["key"] == "und.inspire.self")
    assert "another squad leader" not in own["ruling"] and "single squad leader" in own["ruling"]


def test_guide_refuses_an_enemy_counter_with_the_real_reason(make):
    # AKCE POHYBU, Manévr: "Přemístěte libovolný žeton jednotky o 1 pole", read as any of your own
    # counters (conflicts page, und.guide.own): the tile entered must bear your control marker.
    s = make(allied={"hand": ["platoon-guide"], "control": {"20": "scouted"}},
             axis={"tokens": {"riflemen-a": "00"}})
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        apply(s, Play("allied", "platoon-guide", "guide", unit="riflemen-a", path=("20",)))
    assert e.value.rule is UR.GUIDE and s.to_json() == before
    assert "your own combat counters" in e.value.reason and "the enemy's" in e.value.reason
    assert "allied has no" not in e.value.reason
    from tutor.undaunted.conflicts import CONFLICTS
    c = next(c for c in CONFLICTS if c["key"] == "und.guide.own")
    assert UR.GUIDE in c["texts"] and any("own counters" in p for p in c["published"])


def test_a_mortar_taken_off_the_board_loses_its_marker_as_the_tutors_reading(make):
    # Zaměření: "Pokud kdykoliv později žeton jednotky minometu přemístíte, žeton zaměření musíte z
    # herního plánu odstranit" names a move only; a casualty that removes the counter is the tutor's reading.
    from tutor.undaunted import LoadedDice
    s = make(allied={"tokens": {"riflemen-a": "00"}, "hand": ["riflemen-a"]},
             axis={"tokens": {"mortar": "20"}, "target": "71"})
    st = apply(s, Play("allied", "riflemen-a", "attack", target="mortar"), LoadedDice([0]))
    ev = next(e for e in st.events if e.kind == "target-removed")
    assert ev.rule is UR.TARGET and "the tutor removes it" in ev.text and "does not say" in ev.text
    assert st.state.target_of("axis") is None


def test_end_of_game_in_the_english_editions_words_with_the_czech_beside_them():
    # KONEC HRY: Potlačení nepřítele / potlačená / Beznadějná situace = the English edition's Pinning the
    # Enemy / pinned / Beyond All Hope, which are not the Suppress action nor a suppressed counter.
    from tutor.lab.glossary import term
    assert "Pinning the Enemy" in UR.VICTORY_SUPPRESS.summary and "Potlačení nepřítele" in UR.VICTORY_SUPPRESS.summary
    assert "Beyond All Hope" in UR.HOPELESS.summary and "Beznadějná situace" in UR.HOPELESS.summary
    for rule in (UR.VICTORY_SUPPRESS, UR.VICTORY_BOTH, UR.HOPELESS, UR.HOPELESS_WIN):
        assert "suppress" not in rule.summary.lower() and "hopeless" not in rule.summary.lower()
    assert term("und.pinning").en.startswith("Pinning the Enemy")
    assert [w.text for w in term("und.beyond_all_hope").words if w.lang == "cs"] == ["Beznadějná situace"]


def test_on_the_board_reading_is_on_the_conflicts_page_with_the_engines(make):
    from tutor.undaunted import army_pinned
    from tutor.undaunted.conflicts import CONFLICTS
    c = next(c for c in CONFLICTS if c["key"] == "und.victory.on_board")
    assert "on the board" in c["published"][0] and "Czech rulebook" in c["ruling"]
    # the engine's reading: riflemen waiting in the supply, never deployed, keep the army from being pinned
    s = make(axis={"supply": ["riflemen-a"]})
    assert not army_pinned(s, "axis")
