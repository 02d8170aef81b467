"""Chapters 12-14 (air power, team play, Overlord): each question's answer is the engine's
ruling, a wrong choice says "Not quite" with the right answer, the "try" helpers do what they
say, and each notebook runs top to bottom."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tutor.errors import IllegalAction
from tutor.memoir import air as A
from tutor.memoir import game as G
from tutor.memoir.terrain import TERRAIN
from tutor.quiz import live

NOTEBOOKS = Path(__file__).resolve().parent.parent.parent / "notebooks"

CHAPTERS = {
    "ch12": "12-air-power.ipynb",
    "ch13": "13-team-play.ipynb",
    "ch14": "14-operation-overlord.ipynb",
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
            assert not all(q.judge(h)[0] for h in q.window)          # a wrong place to tap exists
            continue
        correct, why = q.rule_fn()
        assert correct in q.choices and why
        ok, html = q.answer(correct)
        assert ok and "Right" in html
        for wrong in (c for c in q.choices if c != correct):
            ok, html = q.answer(wrong)
            assert not ok and "Not quite" in html and correct in html


# ---------------------------------------------------------------------------------------------
# Chapter 12: air power


def test_ch12_answers_are_the_engine_rulings():
    from tutor.chapters import ch12
    qs = by_key("ch12")
    assert A.dice_per_hex("allied", "western", 1944) == 2 and A.dice_per_hex("axis", "western", 1940) == 2
    assert qs["12.dice.east1944"].rule_fn()[0] == "1 die"          # the table overrides the card
    g = ch12.air_game()
    legal = {frozenset(a.split()[1:]) for a in G.legal_actions(g)}
    assert frozenset({"10,2", "12,2", "20,2"}) not in legal                       # a gap: not one group
    assert frozenset({"9,3", "10,2", "11,3", "12,2"}) in legal                    # a chain of 4
    assert frozenset({"9,3", "10,2", "11,3", "12,2", "13,3"}) not in legal        # 5: too many
    assert qs["12.group.add"].places_fn()[0] == {(11, 3), (12, 2)}
    assert not qs["12.group.add"].judge((13, 3))[0] and not qs["12.group.add"].judge((20, 2))[0]
    assert qs["12.group.alone"].places_fn()[0] == {(20, 2)}
    after = G.apply(g, "air 10,2", faces=["infantry", "star"])
    assert qs["12.hits.town"].rule_fn()[0] == str(4 - after.state.units[(10, 2)].figures) == "2"
    town = TERRAIN["town"].protection            # the explanation names the town's protection as the engine has it
    assert f"{town['infantry']} die fewer for infantry and {town['armor']} fewer for armor" in qs["12.hits.town"].rule_fn()[1]
    after = G.apply(g, "air 11,3", faces=["grenade", "flag"])
    assert any(e.kind == "flag_losses" for e in after.new_events)
    assert not any(e.kind == "retreat" for e in after.new_events)   # sandbags ignore no Air Power flag: blocked


def test_ch12_air_game_waits_for_targets_with_the_table_dice():
    from tutor.chapters import ch12
    for side, front, year in (("allied", "western", 1944), ("axis", "eastern", 1942), ("allied", "pacific", 1943)):
        g = ch12.air_game(side, front, year)
        assert g.phase == "air" and g.side == side and (g.front, g.year) == (front, year)
        ev = next(e for e in g.log if e.kind == "air")
        assert f" {A.dice_per_hex(side, front, year)} di" in ev.text and (" roll" in ev.text)   # the Allies roll, the Axis rolls


def test_ch12_group_ruling_agrees_with_the_engine():
    from tutor.chapters import ch12
    g = ch12.air_game()
    for group in ([(10, 2)], [(10, 2), (20, 2)], [(9, 3), (10, 2), (11, 3), (12, 2)], [(8, 6)], []):
        ok, why = ch12.group_ruling(g, group)
        try:
            G.apply(g, "air " + " ".join(f"{c},{r}" for c, r in group)) if group else None
            engine = bool(group)
        except IllegalAction:
            engine = False
        assert ok == engine, (group, why)


def test_ch12_air_strike_widget_taps_validates_and_strikes():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch12
    s = ch12.AirStrike(seed=3)
    assert s.per_hex == 2 and s.after is None
    s.tap("10,2")
    s.tap("11,3")
    assert s.ok and len(s.faces) == 4 and len(s.dice_box.children) == 4
    s.tap("20,2")                                    # not adjacent: the engine refuses the group
    assert not s.ok and s.after is None and "adjacent to one another" in s.status.value
    s.tap("20,2")                                    # tap again: dropped
    assert s.ok and s.targets == [(10, 2), (11, 3)]
    s.set_face(0, "star")
    s.set_face(1, "star")
    assert s.after.state.units[(10, 2)].figures == 2          # two stars: two hits
    expected = ch12.strike(ch12.air_game(seed=3), s.targets, s.faces)
    assert G.digest(expected) == G.digest(s.after)
    s.tap("8,6")                                     # own unit: refused, nothing changes
    assert s.targets == [(10, 2), (11, 3)]
    s.context("axis", "eastern", 1942)               # Axis superiority: 2 dice per hex for the Axis
    assert s.per_hex == 2 and s.game.side == "axis" and s.targets == []
    s.front_w.value = "western"
    s.year_w.value = 1944
    assert s.per_hex == 1
    s.tap("8,6")
    s.tap("9,7")
    assert s.ok and len(s.faces) == 2
    s.roll()
    assert len(s.faces) == 2 and s.after is not None
    a, b = ch12.AirStrike(seed=5), ch12.AirStrike(seed=5)
    for w in (a, b):
        w.tap("10,2")
        w.roll()
    assert a.faces == b.faces                        # seeded: the same taps roll the same dice
    s.view_w.value = "after the strike"
    s.clear()
    assert s.targets == [] and s.after is None


def test_ch12_worked_example_and_table():
    from tutor.chapters import ch12
    shown = ch12.worked_example()
    html = shown._repr_html_()                          # as the page shows it: the board as an image
    assert shown.html.count("<svg xmlns=") == html.count('<img class="tutor-picture"') == 1
    assert "cannot make" in html and "stars hit" in html
    table = ch12.superiority_table("eastern", 1944)._repr_html_()
    assert "neither side rules the sky" in table


# ---------------------------------------------------------------------------------------------
# Chapter 13: team play


def test_ch13_answers_are_the_engine_rulings():
    from tutor.chapters import ch13
    from tutor.memoir import variants as V
    qs = by_key("ch13")
    g = ch13.deal(2, 2, 5)
    assert qs["13.split.5"].rule_fn()[0] == str(len(g.hands["allied.1"])) == str(V.alliance_split(5)[0]) == "3"
    assert len(g.common["allied"]) == 1
    assert ch13.turn_order(ch13.deal(2, 1, 5), 4) == ["allied.1", "axis", "allied.2", "axis"]
    assert ch13.turn_order(ch13.deal(2, 2, 5), 4) == ["allied.1", "axis.1", "allied.2", "axis.2"]
    assert qs["13.order.4p"].rule_fn()[0] == "Axis second player"
    common = g.common["allied"][0]
    after = ch13.play(g, common)
    assert common not in after.common["allied"] and len(after.common["allied"]) == 1
    assert len(after.hands["allied.1"]) == len(g.hands["allied.1"])
    f = G.set_hand(ch13.deal(2, 2, 5), "allied.1", ["their_finest_hour", "probe_center", "attack_left"])
    f = G.apply(f, f"play {next(c for c in f.hand('allied.1') if c.startswith('their_finest_hour'))}")
    assert len(next(e for e in f.new_events if e.kind == "finest_hour").get("faces")) == 4   # 3 + the common card
    yg = ch13.young_generals(1)
    assert len(yg.hands["axis"]) == 6                          # whatever the scenario's 2
    assert ch13.performer(ch13.young_generals(2), "axis", "attack_left#1").endswith("flanks")
    flanks = qs["13.yg.flanks"]                                # team of 2: the flanks player, both flanks
    assert (0, 0) in flanks.places_fn()[0] and (21, 1) in flanks.places_fn()[0]
    assert not any(s == {"center"} for h in flanks.places_fn()[0] for s in [set(yg.state.board.sections(h))])
    chief = qs["13.yg.chief"]                                  # team of 3: the chief holds the center
    assert all(yg.state.board.sections(h) == {"center"} for h in chief.places_fn()[0])
    assert not chief.judge((4, 6))[0]


def test_ch13_pegasus_team_grows_to_its_distribution():
    from tutor.chapters import ch13
    g = ch13.deal(2, 2, hand=None)
    assert [len(g.hands[s]) for s in ("allied.1", "allied.2", "axis.1", "axis.2")] == [4, 4, 1, 1]
    for _ in range(4):
        g = ch13.play(g, ch13.first_card(g))
    assert [len(g.hands[s]) for s in ("axis.1", "axis.2")] == [2, 2] and len(g.common["axis"]) == 1


def test_ch13_alliance_table_taps_play_and_refuse():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch13
    w = ch13.AllianceTable(seed=13)
    rows = {r.id: r for r in w.board.scene.card_rows}
    assert set(rows) >= {"allied.1", "allied.2", "common.allied", "axis.1", "axis.2", "common.axis", "deck"}
    assert w.game.player == "allied.1"
    x, y, cw, ch = rows["axis.1"].boxes()[0]
    w.board.click(x + cw / 2, y + ch / 2)            # not the active player's card: refused
    assert w.turns == [] and "belongs to the Axis starting player" in w.text
    x, y, cw, ch = rows["common.allied"].boxes()[0]
    common = w.game.common["allied"][0]
    w.board.click(x + cw / 2, y + ch / 2)            # the common card: played, the draw lies face up
    assert w.turns == ["allied.1"] and w.game.player == "axis.1"
    assert w.drawn == w.game.common["allied"][0] != common and "face up" in w.text
    w.play(ch13.first_card(w.game))
    assert w.turns == ["allied.1", "axis.1"] and w.game.player == "allied.2"
    w.undo()
    assert w.turns == ["allied.1"] and w.game.player == "axis.1"
    w.players_w.value = (2, 1)
    assert w.game.seats("axis") == ("axis",) and len(w.game.hands["allied.1"]) == 3
    w.hand_w.value = 6
    assert len(w.game.hands["allied.1"]) == 4 and w.turns == []


def test_ch13_young_generals_options():
    pytest.importorskip("ipywidgets")
    from tutor.chapters import ch13
    y = ch13.YoungGenerals(players=2)
    assert y.game.variant.kind == "young_generals" and y.game.seats("axis") == ("axis.center", "axis.flanks")
    assert y.game.variant.overrun and y.game.variant.take_ground and "off" not in y.out.value
    y.simpler_w.value = True                       # the rulebook drops take ground and overrun together
    assert not y.game.variant.overrun and not y.game.variant.take_ground and "off (the simpler game)" in y.out.value
    y.players_w.value = 3
    assert len(y.game.seats("axis")) == 3 and "Axis left flank" in y.out.value
    assert all(ch13.C.card(c).section for c in ch13.G.all_cards(y.game))


# ---------------------------------------------------------------------------------------------
# Chapter 14: Operation Overlord


def test_ch14_answers_are_the_engine_rulings():
    from tutor.chapters import ch14
    qs = by_key("ch14")
    g = ch14.with_hand(["probe_center", "attack_center", "probe_left", "direct_from_hq", "recon_right"])
    g1 = G.apply(g, f"give {ch14.inst(g, 'probe_center')} center")
    assert f"give {ch14.inst(g, 'attack_center')} center" in G.legal_actions(g1)
    assert f"give {ch14.inst(g, 'probe_left')} right" not in G.legal_actions(g)
    assert "goes only to the left" in ch14.give_ruling(g, ch14.inst(g, "probe_left"), "right")[1]
    g2 = G.apply(g, f"give {ch14.inst(g, 'direct_from_hq')} center")         # a tactic card, and nothing else
    assert ch14.give_ruling(g2, ch14.inst(g2, "probe_center"), "center")[0] is None
    g3 = ch14.with_hand(["probe_left", "probe_center", "probe_right"])          # 3 cards: he keeps one
    g3 = G.apply(G.apply(g3, f"give {ch14.inst(g3, 'probe_left')} left"), f"give {ch14.inst(g3, 'probe_center')} center")
    assert not [a for a in G.legal_actions(g3) if a.startswith("give")]
    half = qs["14.probe.half"]                                  # Probe Center laid on the center-right section
    assert half.places_fn()[0] == {(28, 6), (31, 7)} and not half.judge((20, 6))[0]
    armor = qs["14.initiative.armor"]                           # initiative armor: his armor only
    assert armor.places_fn()[0] == {(38, 6), (46, 6)} and not armor.judge((42, 8))[0]
    assert qs["14.initiative"].rule_fn()[0] == "Nothing happens"
    assert qs["14.draw"].rule_fn()[0] == "2"


def test_ch14_scenario_is_the_overlord_board_with_three_commands():
    from tutor.chapters import ch14
    g = ch14.new_game()
    assert g.state.board.name == "overlord" and g.state.board.width == 26 and g.state.board.rows == 9
    assert g.phase == "dispatch" and g.player == "allied.chief" and len(g.hand()) == 5
    hexes = ch14.command_hexes(g.state.board)
    assert set().union(*map(set, hexes.values())) == set(g.state.board.hexes)
    assert ch14.generals_of(g, (4, 6)) == ("left",) and ch14.generals_of(g, (17, 5)) == ("left", "center")
    right = [u.kind for h, u in g.state.units.items() if u.side == "allied" and "right" in ch14.generals_of(g, h)]
    assert right and "infantry" not in right


def test_ch14_chief_desk_gives_refuses_and_dispatches():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch14
    d = ch14.ChiefDesk(seed=14)
    hand = list(d.game.hand("allied.chief"))
    rows = {r.id: r for r in d.cards.scene.card_rows}
    x, y, w, h = rows["hand"].boxes()[hand.index("probe_left#7")]
    d.cards.click(x + w / 2, y + h / 2)
    assert d.selected == "probe_left#7"
    d.give("right")                                   # wrong general: refused with the rule
    assert not d.game.turn.given and "goes only to the left" in d.text
    d.tap_hex("4,6")                                  # a hex of the left command
    assert dict(d.game.turn.given) == {"probe_left#7": "left"}
    d.pick("attack_center#1")
    _, y0, _, _ = rows["center"].band
    d.cards.click(400, y0 + 30)                       # the centre general's row
    assert d.game.turn.given["attack_center#1"] == "center"
    d.pick("attack_right#3")
    d.give("right")
    d.pick("attack_center#6")
    d.give("center")                                  # a fourth card: refused
    assert len(d.game.turn.given) == 3 and "at most 3" in d.text
    d.dispatch()                                      # each general lays his section card on a section
    assert d.after is not None and d.after.phase == "place" and "left field general lays Probe Left Flank" in d.text
    assert [b.description for b in d.choices.children] == ["Left field general: Probe Left Flank on the left-outer section",
                                                            "Left field general: Probe Left Flank on the left-inner section"]
    while d.after.phase == "place":
        d.choices.children[-1].click()
    assert d.after.phase == "order" and not d.choices.children
    assert "rolls for initiative" not in d.log.value  # every general had a card: nobody rolls
    d.reset()
    assert not d.game.turn.given and d.after is None and not d.choices.children
    d.dispatch()                                      # no card at all: refused, the chief picks 1, 2 or 3
    assert d.after is None and "1, 2 or 3" in d.text and "wybiera 1, 2 lub 3 karty" in d.text
    d.pick("attack_right#3")
    d.give("right")
    d.dispatch()                                      # the right general lays his card; the others may roll
    first = []
    while d.after.phase == "place":
        first.append(G.legal_actions(d.after)[-1])
        d.choices.children[-1].click()
    assert d.after.phase == "initiative" and "may act on his own initiative" in d.text
    assert [b.description for b in d.choices.children] == ["Left field general: roll for initiative",
                                                           "Left field general: stay put, no roll"]
    steps = ["pass"]
    d.choose("pass")                                  # the left general stays put: no die
    assert "does not act on his own initiative" in d.log.value
    while d.after.phase in ch14.CHOICES:              # the center general rolls (seeded), a setback picks its unit
        steps.append(G.legal_actions(d.after)[0])
        d.choose(steps[-1])
    rolls = [e.text for e in ch14.events_between(d.game, d.after) if e.kind == "initiative"]
    again = G.apply(G.apply(ch14.new_game(14), "give attack_right#3 right"), "dispatch")
    for a in first + steps:
        again = G.apply(again, a)
    assert len(rolls) == 1 and rolls == [e.text for e in again.log if e.kind == "initiative"]
    assert G.digest(again) == G.digest(d.after)


def test_ch14_desk_says_who_plays_each_tactic_card_as_the_published_deck():
    # the published Overlord deck's icons (variants.OVERLORD_ICONS; bga-devs/bga-memoir,
    # modules/php/Cards/Overlord/*.php): the desk's words and its refusals say the same
    pytest.importorskip("ipycanvas")
    from tutor.chapters import ch14
    d = ch14.ChiefDesk(seed=14)
    d.game = ch14.with_hand(["barrage", "medics_and_mechanics", "counter_attack", "ambush", "probe_left"])
    card = {k: ch14.inst(d.game, k) for k in ("barrage", "medics_and_mechanics", "counter_attack", "ambush")}
    d.pick(card["barrage"])
    assert "the chief plays himself" in d.text and "silhouette" in d.text
    d.give("left")
    assert not d.game.turn.given and "never by a field general" in d.text and "wybiera" not in d.text
    assert "głównodowodzącego" in d.text                                  # the rule quoted: the chief's icon
    d.pick(card["medics_and_mechanics"])
    assert "never kept by the chief" in d.text and "three arrows around a" in d.text
    d.give("chief")
    assert not d.game.turn.given and "must be handed to a field general" in d.text
    assert "przekazana któremukolwiek z dowódców polowych" in d.text      # the rule quoted: the "?" icon
    d.give("center")
    assert dict(d.game.turn.given) == {card["medics_and_mechanics"]: "center"}
    d.pick(card["counter_attack"])
    assert "or the chief himself (both icons" in d.text
    d.pick(card["ambush"])
    assert "attacks in close combat" in d.text


def test_ch13_ch14_widgets_name_players_not_seat_ids():
    """What the team-play widgets say after a turn names each player as the rules do, in the
    engine's words ("Allies second player draws a command card."), never by a seat id like
    "allied.1" (issue 18.1)."""
    pytest.importorskip("ipycanvas")
    from browser.learner_text import internal_words, prose_of_html

    from tutor.chapters import ch13, ch14
    w = ch13.AllianceTable(seed=13)
    for _ in range(3):                                # each starting player, then Allies second player: each draws
        w.play(ch13.first_card(w.game))
    text = prose_of_html(w.order.value + w.status.value + w.log.value)
    assert "Allies second player draws a command card." in text and "Turn 3: Allies second player" in text
    assert internal_words(text) == []
    d = ch14.ChiefDesk(seed=14)
    d.pick("probe_left#7")
    d.give("left")
    d.dispatch()
    while d.after.phase in ch14.CHOICES:
        d.choose(G.legal_actions(d.after)[0])
    text = prose_of_html(d.status.value + d.log.value)
    assert "The left field general plays Probe Left Flank" in text and internal_words(text) == []


# ---------------------------------------------------------------------------------------------
# Every written notebook runs top to bottom


@pytest.mark.parametrize("mod", WRITTEN)
def test_notebook_executes(mod):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOKS / CHAPTERS[mod], as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "save without outputs"
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
