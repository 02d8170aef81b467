"""Memoir '44 chapters 4-11: each question's answer is the engine's ruling, a wrong choice says
"Not quite" with the right answer, the "try" helpers do what they say, and each notebook runs."""

from __future__ import annotations

import importlib
from fractions import Fraction
from pathlib import Path

import pytest

from tutor.hexes import parse_hex
from tutor.memoir.movement import legal_moves
from tutor.memoir.retreat import ruling
from tutor.memoir.terrain import OBSTACLES
from tutor.quiz import live

NOTEBOOKS = Path(__file__).resolve().parent.parent.parent / "notebooks"

CHAPTERS = {
    "ch04": "04-movement.ipynb",
    "ch05": "05-battle-range-dice-line-of-sight.ipynb",
    "ch06": "06-terrain-and-height.ipynb",
    "ch07": "07-hits-flags-and-retreat.ipynb",
    "ch08": "08-take-ground-and-armor-overrun.ipynb",
    "ch09": "09-obstacles.ipynb",
    "ch10": "10-special-forces.ipynb",
    "ch11": "11-objectives-and-medals.ipynb",
}


def _written():
    out = []
    for mod, nb in CHAPTERS.items():
        try:
            importlib.import_module(f"tutor.chapters.{mod}")
        except ModuleNotFoundError:
            continue
        if (NOTEBOOKS / nb).is_file():
            out.append(mod)
    return out


WRITTEN = _written()


def by_key(mod):
    return {q.key: q for q in importlib.import_module(f"tutor.chapters.{mod}").questions()}


# ---------------------------------------------------------------------------------------------
# Every chapter's questions: a right and a wrong answer


@pytest.mark.parametrize("mod", WRITTEN)
def test_each_question_has_a_right_and_a_wrong_answer(mod):
    qs = list(by_key(mod).values())
    assert len(qs) >= 2
    assert len({q.key for q in qs}) == len(qs)
    for q in qs:
        assert q.key.startswith(mod[2:] + ".")
        if live(q):                  # tapped on a live board: tests/widgets/test_widget_tap_question.py
            places, why = q.places_fn()
            assert places and why and all(q.judge(p)[0] for p in places)
            continue
        correct, why = q.rule_fn()
        assert correct in q.choices and why
        ok, html = q.answer(correct)
        assert ok and "Right" in html
        wrong = next(c for c in q.choices if c != correct)
        ok, html = q.answer(wrong)
        assert not ok and "Not quite" in html and correct in html


# ---------------------------------------------------------------------------------------------
# Chapter 4: movement


def test_ch04_answers_are_the_engine_rulings():
    from tutor.chapters import ch04
    st = ch04.state(ch04.MOVEMENT_BOARD)
    qs = by_key("ch04")
    boxed = legal_moves(st, (9, 7))
    assert (9, 5) not in boxed                                 # its own infantry is in the way
    assert (10, 4) not in boxed and "too far" in boxed.refused[(10, 4)].reason   # 3 away, 4 around them
    assert not qs["04.no-passing"].judge((10, 4))[0] and not qs["04.no-passing"].judge((9, 5))[0]
    assert {h for h in boxed.reachable if h != (9, 7)} == qs["04.no-passing"].places_fn()[0]
    woods = legal_moves(st, (5, 7)).reachable[(6, 6)]
    assert not woods.can_battle
    assert qs["04.woods-stop"].rule_fn()[0] == "It may not battle this turn"
    beside = legal_moves(st, (10, 6))
    assert qs["04.infantry-battle"].judge((11, 5))[0]              # one hex, open ground: it may battle
    assert not qs["04.infantry-battle"].judge((12, 4))[0]          # two hexes: no battle
    assert not beside.reachable[(12, 4)].can_battle
    assert not qs["04.infantry-battle"].judge((9, 7))[0]           # its own armor stands there
    two = legal_moves(st, (15, 7)).reachable[(15, 5)]
    assert two.cost == 2 and not two.can_battle
    assert not qs["04.infantry-battle"].judge((10, 4))[0]          # two hexes away: it may move there, not battle


def test_ch04_drill_is_the_live_board_with_the_engine_moves():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch04
    d = ch04.drill()
    d.board._on_client_ready()
    assert d.sides == ("allied",) and d.state.selected is None
    d.on_hex((9, 7))
    m = legal_moves(d.game, (9, 7))
    assert {s.hex for s in d.board.scene.shades if s.role == "legal"} == set(m.reachable)
    assert "Allied armor" in d.status.value
    d.on_hex((11, 5))
    assert "9,7 → 11,7 → 12,6 → 11,5" in d.status.value
    d.on_hex((10, 2))                                            # an enemy in range: a battle, rolled
    assert "Rolled" in d.why.value


def test_ch04_hedgerow_story_follows_the_rulebook():
    from tutor.chapters import ch04
    html = ch04.hedgerow_story().html
    assert "must start its turn next to them" in html          # turn 0: refused
    assert "stops a unit entering it" in html                   # turn 2: stops in the hedgerows


# ---------------------------------------------------------------------------------------------
# Chapter 6: terrain and height


def test_ch06_answers_are_the_engine_rulings():
    from tutor.chapters import ch04, ch06
    from tutor.memoir.combat import attack_dice
    from tutor.memoir.los import line_of_sight
    st = ch04.state(ch06.TERRAIN_BOARD)
    qs = by_key("ch06")
    below = attack_dice(st, (20, 4), (18, 2))
    assert (below.protection, below.dice) == (1, 2)
    assert qs["06.hill-above"].rule_fn()[0] == "2"                    # from the hill down: no protection
    assert attack_dice(st, (4, 2), (10, 2)).protection == 0            # from higher ground: no hill bonus
    assert line_of_sight(st, (4, 2), (10, 2)).visible
    assert qs["06.low-woods"].rule_fn()[0] == "No, blocked"             # woods as high as the lower unit
    climb = legal_moves(st, (15, 5)).reachable[(16, 4)]
    assert climb.cost == 2 and not climb.can_battle                   # a steep hill costs 2
    assert not qs["06.steep"].judge((16, 4))[0] and not qs["06.steep"].judge((14, 4))[0]   # steep hill; town
    assert qs["06.steep"].judge((14, 6))[0]
    # a bridge: open ground over the river, entered from land; the far bank's unit in the way
    assert qs["06.bridge"].places_fn()[0] == {(13, 3)}
    assert not qs["06.bridge"].judge((14, 4))[0] and not qs["06.bridge"].judge((11, 3))[0]
    bridge = legal_moves(ch04.state(ch06.BRIDGE_BOARD), (13, 5))
    assert "river is impassable" in bridge.refused[(14, 4)].reason and (12, 4) in bridge.reachable
    down = legal_moves(st, (4, 2))
    assert (2, 2) in down.refused and "at most 1" in down.refused[(2, 2)].reason


def test_ch06_terrain_table_reads_the_catalogue():
    from tutor.chapters import ch06
    from tutor.memoir.terrain import TERRAIN
    html = ch06.terrain_table().html
    for name in TERRAIN:
        if name != "countryside":
            assert f"<b>{name.replace('_', ' ')}</b>" in html
    assert "infantry −1, armor −2" in html and "attacker armor −2" in html


def test_ch06_terrain_table_states_the_appendix_rules():
    """APÉNDICE 2 facts the table once left out or blurred (ES lines in the comments)."""
    import re

    from tutor.chapters import ch06
    rows = {m[0]: m[1] for m in re.findall(r"<tr><td><b>([^<]+)</b></td>(.*?)</tr>", ch06.terrain_table().html)}
    hedge = rows["hedgerows"]
    assert "turn began next to it" in hedge and "take ground" in hedge      # SETOS 1015-1016: start the turn
    assert "from next to it" not in hedge
    assert "leaving: 1 hex only" in hedge                                 # SETOS 1017-1018
    assert "no retreat into it" in rows["ocean"]                          # OCÉANOS 1177-1178
    for slope in ("draw", "cliff"):                                       # REPECHOS 1187: both ways
        assert "to or from a beach: a 2-hex move, infantry only" in rows[slope]
    assert "may not take ground onto it" in rows["cliff"]                 # ACANTILADOS 1198-1199
    assert "take ground" not in rows["draw"]
    assert "enter from land" in rows["bridge"]                            # PUENTES 1124-1129


def test_ch06_explorer_starts_from_the_mountain():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch06
    e = ch06.explorer()
    assert e.state.origin == (4, 2) and e.ruling is None and (10, 2) in e.visible    # it sees the far hill
    e.on_hex((10, 2))                                  # the tap the page asks for
    assert e.ruling.visible and e.ruling.heights == (2, 1)


# ---------------------------------------------------------------------------------------------
# Chapter 7: hits, flags and retreat


def test_ch07_dice_and_retreat_answers():
    from tutor.chapters import ch04, ch07
    qs = by_key("ch07")
    assert ch07.resolve(["infantry", "armor", "grenade", "star"], "armor")[:2] == (2, 0)
    assert qs["07.hits-armor"].rule_fn()[0] == "2 hits"
    quiz = ch04.state("chapters/retreat-quiz")
    assert ruling(quiz, (12, 6), 2).destinations == ((14, 8),)
    assert qs["07.retreat-where"].rule_fn()[0] == "14,8"
    assert not qs["07.retreat-where"].judge((12, 8))[0]          # an Allied armor stands there
    assert not qs["07.retreat-where"].judge((12, 6))[0]          # a free path: no losses instead
    assert qs["07.ocean"].rule_fn()[0] == "2 figures"           # two flags, the ocean behind
    r = ruling(ch04.state("chapters/retreat-drill"), (3, 7), 2)
    assert (r.retreat, r.losses) == (1, 1)                       # as far as it can, then a loss
    assert qs["07.partial"].places_fn()[0] == {(2, 8), (4, 8)}
    assert not qs["07.partial"].judge((3, 7))[0]                 # it may not stop short
    assert "loses 1 figure" in qs["07.partial"].places_fn()[1]
    # the faces table counts the die's faces and says they are the published game's (not in the text)
    from tutor.memoir import dice as D
    table = ch07.faces_table().html
    assert "infantry <small>(2 of 6 faces)</small>" in table and "flag <small>(1 of 6 faces)</small>" in table
    assert D.DIE_SOURCE in table and sorted(D.FACES) == sorted(["infantry"] * 2 + ["armor", "grenade", "star", "flag"])


@pytest.mark.parametrize(("mod", "key", "at", "flags"), [("ch07", "07.retreat-where", (12, 6), 2),
                                                         ("ch07", "07.partial", (3, 7), 2),
                                                         ("ch09", "09.sandbags-retreat", (12, 2), 2)])
def test_tap_the_retreat_questions_share_one_board(mod, key, at, flags):
    """Chapters 7 and 9 ask "tap where the retreat ends" with one helper: its board is the part a
    retreat of that many flags could reach, one hex about it and one row the other way, cut the
    same whatever the ruling (it does not outline the answer); the engine's ending hexes are in it,
    and the unit itself for a unit that cannot move."""
    from tutor.examples.board_taps import retreat_window
    from tutor.hexes import distance
    q = by_key(mod)[key]
    st = q.board
    assert set(q.window) == set(retreat_window(st, at, flags))
    r = ruling(st, at, flags, None)
    places, why = q.places_fn()
    assert places == set(r.destinations) and places <= set(q.window) and at in q.window
    assert all(distance(at, h) <= flags + 1 for h in q.window)
    back = st.baseline_step(st.units[at].side)
    assert {(at[0] - 1, at[1] - back), (at[0] + 1, at[1] - back)} <= set(q.window)   # a row the other way
    assert r.text.replace("'", "&#x27;") in why
    if mod == "ch07":
        from tutor.memoir import rules as R
        assert q.hint == (R.FLAG, R.RETREAT_DIRECTION, R.RETREAT_BLOCKED)


def test_ch07_rulebook_examples():
    from tutor.chapters import ch04, ch07
    assert ruling(ch04.state("examples/retreat-two-paths"), (7, 3), 1).destinations == ((6, 2), (8, 2))
    assert ruling(ch04.state("examples/retreat-one-path"), (7, 3), 1).destinations == ((8, 2),)
    blocked = ruling(ch04.state("examples/retreat-river-and-unit"), (7, 3), 1)
    assert blocked.losses == 1 and blocked.retreat == 0
    partial = ruling(ch04.state("chapters/partial-retreat"), (7, 3), 2)
    assert (partial.retreat, partial.losses, partial.destinations) == (1, 1, ((8, 2),))
    html = ch07.battle_html("examples/retreat-ocean", "axis", "5,5", "6,6", ["infantry", "flag", "star"])
    assert "loses 1 figure for retreat" in html and "ocean" in html


def test_ch07_dice_resolver_counts_what_the_buttons_show():
    pytest.importorskip("ipywidgets")
    from tutor.chapters import ch07
    d = ch07.DiceResolver(("infantry", "flag", "star"), "infantry")
    assert d.result()[:2] == (1, 1)
    d.target("artillery")
    assert d.result()[:2] == (0, 1) and "0 hits" in d.out.value
    d.set(2, "grenade")
    assert d.result()[:2] == (1, 1) and "1 hit, 1 flag" in d.out.value


def test_ch07_retreat_drill_is_the_widget_on_the_chapter_board():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch07
    d = ch07.drill()
    assert d.ruling is not None and d.ruling.losses == 1       # 6,2 between two river hexes
    d.answer(parse_hex("6,2"))
    assert d.verdict()[0]


# ---------------------------------------------------------------------------------------------
# Chapter 5: range, dice, line of sight, protection


def test_ch05_answers_are_the_engine_rulings():
    from tutor.chapters import ch04
    from tutor.memoir.combat import attack_dice, targets
    from tutor.memoir.state import order
    qs = by_key("ch05")
    st, _ = order(ch04.state("chapters/battle"), "allied", [(6, 6)])
    assert set(targets(st, (6, 6))) == {(7, 5)}                      # close combat first
    assert qs["05.close-combat"].places_fn()[0] == {(19, 5), (21, 5)}     # both adjacent, not the armor
    assert not qs["05.close-combat"].judge((20, 4))[0]
    assert qs["05.sight"].places_fn()[0] == {(2, 4)}
    assert not qs["05.sight"].judge((6, 4))[0] and not qs["05.sight"].judge((4, 2))[0]   # woods; 4 away
    hill = attack_dice(ch04.state("examples/armor-town-vs-hill"), (6, 6), (6, 4))
    assert (hill.base, hill.protection, hill.penalty, hill.dice) == (3, 1, 2, 0)   # 3 fewer: no battle
    bunker = attack_dice(ch04.state("examples/bunker-on-hill"), (6, 6), (6, 4))
    assert (bunker.protection, bunker.dice) == (2, 1)                 # 2 fewer, not 3
    inf = attack_dice(ch04.state("examples/bunker-on-hill"), (8, 6), (6, 4))
    assert qs["05.range"].rule_fn()[0] == str(inf.dice) == "1"


def test_ch05_tables_are_exact():
    from tutor.chapters import ch05
    assert ch05.p_at_least_one(1, "infantry") == Fraction(1, 2)
    assert ch05.p_at_least_one(3, "armor") == 1 - Fraction(2, 3) ** 3
    assert ch05.p_at_least_one(2, "artillery") == 1 - Fraction(5, 6) ** 2
    table = ch05.dice_for_every_attack().html
    assert table.count("<tr>") == 1 + 3 + 3 + 6                        # every kind at every range
    assert "19/27" in ch05.odds_table().html                         # 3 dice vs armor
    html = ch05.targets_html("chapters/battle", "allied", "14,6", board=False)
    assert "no line of sight" in html and "out of range" in html


# ---------------------------------------------------------------------------------------------
# Chapter 8: take ground and armor overrun


def test_ch08_answers_are_the_engine_rulings():
    from tutor.chapters import ch08
    qs = by_key("ch08")
    assert [qs[k].rule_fn()[0] for k in ("08.ranged", "08.town")] == ["No", "No"]
    assert "no successful close combat" in qs["08.ranged"].rule_fn()[1]
    assert "town" in qs["08.town"].rule_fn()[1]
    # take ground goes into the hex the target left, not after it
    assert qs["08.take"].places_fn()[0] == {(5, 5)} and not qs["08.take"].judge((4, 4))[0]
    assert not qs["08.take"].judge((4, 6))[0]
    # an overrun is a battle under the usual rules: next to 22,4, it may not fire past it
    assert qs["08.overrun"].places_fn()[0] == {(22, 4)} and not qs["08.overrun"].judge((20, 2))[0]
    # the worked examples' rulings (the questions that repeated them are gone)
    close, _, _ = ch08.play(ch08.TAKE_GROUND_BOARD, "allied", ["4,6"], [("battle", "4,6", "5,5", "hit"),
                                                                        ("take", "4,6")])
    assert close.units.get((5, 5)) is not None and close.units[(5, 5)].side == "allied"
    ex = "examples/armor-overrun"
    first = [("battle", "6,4", "7,3", ["flag", "infantry", "star"]), ("take", "6,4")]
    st, _, _ = ch08.play(ex, "allied", ["6,4"], first)
    assert ch08.overrun_refusal(st, (7, 3)) is None                       # may overrun
    st, _, _ = ch08.play(ch08.TAKE_GROUND_BOARD, "allied", ["18,4"], [("battle", "18,4", "17,3", "hit"),
                                                                       ("take", "18,4")])
    assert "woods" in ch08.overrun_refusal(st, (17, 3))[0]
    st, _, _ = ch08.play(ex, "allied", ["6,4"], first + [("battle", "7,3", "6,2", "hit"), ("take", "7,3")])
    assert "already overran" in ch08.overrun_refusal(st, (6, 2))[0]


def test_ch08_play_follows_the_rulebook_overrun():
    from tutor.chapters import ch08
    st, steps, moves = ch08.play("examples/armor-overrun", "allied", ["6,4"], [
        ("battle", "6,4", "7,3", ["flag", "infantry", "star"]), ("take", "6,4"),
        ("battle", "7,3", "4,0", "hit"),                      # refused: close combat first
        ("battle", "7,3", "6,2", ["flag", "armor", "star"]), ("take", "7,3"),
        ("battle", "6,2", "5,1", "hit")])                     # refused: one overrun per turn
    assert [s.ok for s in steps] == [True, True, False, True, True, False]
    assert "must battle an adjacent enemy" in steps[2].texts[0]
    assert moves == [((6, 4), (7, 3)), ((7, 3), (6, 2))]
    assert st.units[(6, 2)].kind == "armor"
    st, steps, _ = ch08.play(ch08.TAKE_GROUND_BOARD, "allied", ["14,6"], [("battle", "14,6", "15,5", "hit"),
                                                                            ("take", "14,6")])
    assert not steps[1].ok and "artillery never takes ground" in steps[1].texts[0]
    # a refusal's reason is its own sentence under the step's title: a capital first, the engine's
    # words as they are (they are written to follow a colon)
    from tutor.errors import IllegalAction
    from tutor.memoir.combat import take_ground
    st, _, _ = ch08.play(ch08.TAKE_GROUND_BOARD, "allied", ["14,6"], [("battle", "14,6", "15,5", "hit")])
    with pytest.raises(IllegalAction) as refused:
        take_ground(st, parse_hex("14,6"))
    assert refused.value.reason[0].islower() and steps[1].texts == (refused.value.reason[0].upper() +
                                                                     refused.value.reason[1:],)
    html = ch08.cases_html(ch08.TAKE_GROUND_BOARD, "allied", TAKE_GROUND_CASES)
    assert "refused</b><br>The Allied artillery on 14,6 may not take ground" in html
    assert "refused</b><br>The Allied infantry on 10,6 may not take ground" in html
    why = {q.key: q for q in ch08.questions()}["08.ranged"].rule_fn()[1]
    assert "<p>The Allied infantry on 8,6 may not take ground" in why


def test_ch08_drill_is_the_overrun_widget():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch08
    d = ch08.drill()
    assert d.game.units[d.armor_hex].kind == "armor"
    # its board keeps its own width before the log takes any (the log wraps under it on a tablet):
    # labels of 10 px on screen, not shrunk beside the log
    assert d.board.canvas.layout.flex == f"3 1 {d.board.scene.width}px"


TAKE_GROUND_CASES = [[("battle", "4,6", "5,5", "hit"), ("take", "4,6")],
                     [("battle", "10,6", "10,4", "hit"), ("take", "10,6")],
                     [("battle", "14,6", "15,5", "hit"), ("take", "14,6")],
                     [("battle", "18,4", "17,3", "hit"), ("take", "18,4")]]


def test_ch08_who_may_take_ground_shows_each_unit_on_its_own_small_board():
    """The worked example "who may take ground?": four units far apart, each its own picture of the
    hexes its battle names (not one board ~630 px wide squeezed to ~5-7 px labels), its steps under
    it; on screen a label is at least 10 px wherever the gallery puts the picture."""
    import re
    import xml.etree.ElementTree as ET

    from tutor.chapters import ch08
    from tutor.explain import FIGURE_PAD
    from tutor.hexes import fmt

    html = ch08.cases_html(ch08.TAKE_GROUND_BOARD, "allied", TAKE_GROUND_CASES)
    figures = re.findall(r"<figure>(.*?)</figure>", html, re.S)
    assert len(figures) == 4
    least = int(re.search(r"minmax\(min\(100%,max\((\d+)px,30%\)\),1fr\)", html).group(1))
    shown = least - 2 * FIGURE_PAD - 2          # the narrowest a picture is drawn (a gallery column)
    _, done, _ = ch08.play(ch08.TAKE_GROUND_BOARD, "allied", [c[0][1] for c in TAKE_GROUND_CASES],
                           [s for c in TAKE_GROUND_CASES for s in c])
    for fig, case, steps in zip(figures, TAKE_GROUND_CASES, (done[i:i + 2] for i in range(0, 8, 2))):
        doc = re.search(r"<svg xmlns=.*?</svg>", fig, re.S).group(0)
        drawn = set(re.findall(r'data-hex="(-?\d+,-?\d+)"', doc))
        assert {case[0][1], case[0][2]} <= drawn and len(drawn) < 113 / 4, (case, len(drawn))
        root = ET.fromstring(doc)
        width = float(root.get("viewBox").split()[2])
        sizes = [float(t.get("font-size")) for t in root.iter("{http://www.w3.org/2000/svg}text")
                 if t.get("class") == "coord"]
        assert sizes and min(sizes) * min(shown, width) / width >= 10
        caption = re.search(r"<figcaption>(.*?)</figcaption>", fig, re.S).group(1)
        assert [s.title for s in steps] == re.findall(r"<li><b[^>]*>(.*?)</b>", caption.replace("&gt;", ">"))
        assert f"from {fmt(parse_hex(case[0][1]))}" in caption or f"Take ground {case[0][1]}" in caption
    # the engine's rulings, as the rulebook gives them: close combat (infantry, armor) takes ground;
    # a ranged battle and artillery do not
    assert [s.ok for s in done[1::2]] == [True, False, False, True]


# ---------------------------------------------------------------------------------------------
# Chapter 9: obstacles


def test_ch09_answers_are_the_engine_rulings():
    from tutor.chapters import ch04, ch09
    from tutor.memoir.combat import attack_dice
    st = ch04.state(ch09.OBSTACLE_BOARD)
    qs = by_key("ch09")
    town = attack_dice(st, (13, 3), (12, 2))
    assert (town.protection, town.protection_from, town.dice) == (2, "town", 1)   # sandbags add nothing
    art = attack_dice(st, (4, 4), (6, 2))
    assert (art.protection, art.dice) == (0, 3)                                   # artillery ignores the bunker
    most = qs["09.most-dice"]                       # town -2 (sandbags add nothing), sandbags -1, bunker -2, hedgehogs 0
    assert most.places_fn()[0] == {(18, 2)} and not most.judge((14, 2))[0] and not most.judge((12, 2))[0]
    wire = attack_dice(st, (19, 3), (18, 2))
    assert (wire.penalty, wire.dice) == (1, 2)
    assert qs["09.wire"].rule_fn()[0] == "2"
    r = ruling(st, (6, 2), 2, None)
    assert (r.ignored, r.retreat) == (1, 1)
    r = ruling(st, (12, 2), 2, None)
    assert (r.ignored, r.retreat) == (1, 1)                                       # sandbags: one flag ignored
    back = qs["09.sandbags-retreat"]
    assert back.places_fn()[0] == {(11, 1), (13, 1)} and not back.judge((12, 0))[0]   # 1 hex, not 2
    assert (21, 5) not in legal_moves(st, (22, 6))
    wired = qs["09.armor-wire"]                                  # hedgehogs refuse armor, wire stops it
    assert wired.judge((23, 5))[0] and wired.judge((20, 4))[0]
    assert not wired.judge((21, 5))[0] and not wired.judge((22, 4))[0]
    # Pegasus Bridge's sandbags, asked here where sandbags are taught (chapter 2 sets them up)
    assert qs["09.pegasus-sandbags"].rule_fn()[0] == "1 die"                     # 2 dice at range 2, -1 sandbags
    assert "sandbags" in qs["09.pegasus-sandbags"].rule_fn()[1]


def test_ch09_drill_battles_the_defended_units_with_the_set_dice():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch09
    d = ch09.drill()
    d.board._on_client_ready()
    d.on_hex((6, 2))                                             # an obstacle with a unit: what it does
    assert "bunker" in d.status.value and OBSTACLES["bunker"].rule.summary in d.why.value
    d.on_hex((13, 3))
    notes = {n.text for n in d.board.scene.notes}
    assert "1 die" in notes                                      # armor against sandbags in a town: 3 - 2
    d.dice.value = "flag"
    d.on_hex((12, 2))
    assert "ignores 1 flag" in d.why.value and d.game.units[(12, 2)].figures == 4
    d.on_hex((22, 6))
    d.on_hex((21, 5))
    assert "Refused" in d.status.value and "hedgehog" in d.status.value
    html = ch09.wire_story().html
    assert "removes the wire" in html and "removes the wire on 22,4" in html


# ---------------------------------------------------------------------------------------------
# Chapter 10: special forces


def test_ch10_answers_are_the_engine_rulings():
    from tutor.chapters import ch04, ch10
    st = ch04.state(ch10.SF_BOARD)
    qs = by_key("ch10")
    assert legal_moves(st, (10, 6)).reachable[(10, 4)].can_battle            # elite: 2 and battle
    assert not legal_moves(st, (4, 6)).reachable[(4, 4)].can_battle          # standard: 2, no battle
    assert not legal_moves(st, (10, 6)).reachable[(11, 5)].can_battle        # elite still stopped by woods
    assert legal_moves(st, (16, 6)).reachable[(17, 5)].can_battle            # resistance battles from woods
    elite = qs["10.elite-battle"]
    assert elite.judge((8, 4))[0] and elite.judge((10, 4))[0] and not elite.judge((11, 5))[0]
    two = legal_moves(st, (16, 6)).reachable[(19, 5)]
    assert two.cost == 2 and not two.can_battle                              # resistance: 2 without battling
    resistance = qs["10.resistance-battle"]
    assert resistance.judge((17, 5))[0] and resistance.judge((15, 5))[0] and not resistance.judge((19, 5))[0]
    assert legal_moves(st, (10, 6)).reachable[(8, 4)].can_battle
    r = ruling(ch04.state("examples/resistance-retreat"), (10, 2), 2)
    assert (r.retreat, r.retreat_max) == (2, 6) and (10, 6) in r.destinations   # the village, 4 hexes back
    r = ruling(ch04.state("examples/resistance-retreat"), (10, 2), 1)
    assert (r.retreat, r.retreat_max) == (1, 3)
    assert qs["10.resistance-retreat"].rule_fn()[0] == "1 to 3 hexes"
    assert qs["10.elite-armor"].rule_fn()[0] == "4"


def test_ch10_resistance_retreat_question_has_its_own_board():
    # the page's board above it is the special-forces board, where 10,2 is an Axis infantry unit
    from tutor.chapters import ch04
    from tutor.examples.board_taps import picture
    q = by_key("ch10")["10.resistance-retreat"]
    st = ch04.state("examples/resistance-retreat")
    own = picture(st, (10, 2), *ruling(st, (10, 2), 1).destinations, selected=[(10, 2)])
    assert own in q.prompt_html and q.prompt_html.count("<svg") == 1 and "above" not in q.prompt_html
    assert ch04.state("examples/resistance-retreat").units[(10, 2)].resistance


def test_ch10_drill_starts_on_the_resistance():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch10
    d = ch10.drill()
    assert d.game.units[d.state.selected].resistance and "French resistance" in d.status.value
    d.on_hex((17, 5))
    assert d.state.selected == (17, 5) and "may not battle" not in d.status.value


# ---------------------------------------------------------------------------------------------
# Chapter 11: objectives and medals


def test_ch11_answers_are_the_engine_counts():
    from tutor.chapters import ch11
    qs = by_key("ch11")
    st, _ = ch11.turns(ch11.OBJ_BOARD, [("5,5", "6,4")])
    assert st.medals["allied"] == 1                                   # temporary: captured on entering
    st, _ = ch11.turns(ch11.OBJ_BOARD, [("5,5", "6,4"), ("6,4", "7,5")])
    assert st.medals["allied"] == 0                                   # ...and lost on leaving
    st, _ = ch11.turns(ch11.OBJ_BOARD, [("5,3", "6,4")])
    assert st.medals["axis"] == 0                                     # an allied objective: nothing for the axis
    assert qs["11.temporary"].rule_fn()[0] == "0"
    assert qs["11.permanent"].rule_fn()[0] == "1"
    st, _ = ch11.turns(ch11.OBJ_BOARD, [("17,5", "16,4"), ("18,2", "18,4")])
    assert st.medals == {"axis": 0, "allied": 0}                     # a tie holds no majority
    st, _ = ch11.turns(ch11.OBJ_BOARD, [("18,2", "18,4")])
    assert st.medals["axis"] == 1                                     # 1 to 0: the axis holds the majority
    st, _ = ch11.turns(ch11.OBJ_BOARD, [("17,5", "16,4")])
    assert st.medals["allied"] == 1                                   # 1 to 0: the allied side holds it
    assert qs["11.majority"].places_fn()[0] == {(18, 4), (20, 4)}     # the axis ties it: nobody holds it
    assert not qs["11.majority"].judge((16, 2))[0]
    st, _ = ch11.turns(ch11.OBJ_BOARD, [("23,1", "24,0")])
    assert st.winner == "allied"
    assert qs["11.sudden-death"].places_fn()[0] == {(24, 0)} and not qs["11.sudden-death"].judge((22, 0))[0]
    assert "the Allies gain a medal" in ch11.elimination_html() and "1 for units eliminated" in ch11.elimination_html()
    assert "<b>Allies</b>: 1 medal" in ch11.elimination_html()


def test_ch11_drill_moves_and_counts():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch11
    d = ch11.drill()
    d.board._on_client_ready()
    assert d.sides == ("allied", "axis") and "Medals: Allied 0" in d.medals.value
    for h in ("5,5", "6,4"):
        d.on_hex(parse_hex(h))
    assert d.game.medals["allied"] == 1 and "captures its temporary medal" in d.status.value
    for h in ("6,4", "7,5"):
        d.on_hex(parse_hex(h))
    assert d.game.medals["allied"] == 0 and "no longer holds" in d.status.value
    for h in ("23,1", "24,0"):
        d.on_hex(parse_hex(h))
    assert d.game.winner == "allied" and "the Allies win" in d.medals.value
    d.on_hex((5, 3))
    assert "game is over" in d.status.value
    d.undo()
    assert d.game.winner is None
    d.reset()
    assert d.game.medals["allied"] == 0 and not d._history


# ---------------------------------------------------------------------------------------------
# Every written notebook runs top to bottom


@pytest.mark.parametrize("mod", WRITTEN)
def test_notebook_executes(mod, monkeypatch):
    # The kernel imports the tutor of this checkout, whatever copy is installed in the environment.
    import os
    root = str(NOTEBOOKS.parent)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])]))
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOKS / CHAPTERS[mod], as_version=4)
    assert not any(c.get("outputs") for c in nb.cells if c.cell_type == "code"), "save without outputs"
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()


def test_ch01_names_sections_in_the_cards_words():
    from tutor.chapters import ch01
    from tutor.hexes import BOARDS
    std = BOARDS["standard"]
    assert ch01.sections_text(std, (6, 0)) == "Left Flank"
    assert ch01.sections_text(std, (7, 1)) == "Left Flank, Center"          # cut by the dashed line
    assert ch01.sections_text(std, (17, 3)) == "Center, Right Flank"
    assert "each belongs to Left Flank and Center." in ch01.questions()[0].rule_fn()[1]
