"""The eight Undaunted: Normandy chapters: their exercise sets, their "try" widgets and their notebooks.

Each question's answer is the engine's ruling (checked here against the engine directly where the
question states a situation), a wrong choice says "Not quite", and each notebook runs top to bottom.
"""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from tutor import course
from tutor.quiz import live
from tutor.rulebook import section_and_heading
from tutor.undaunted import combat
from tutor.undaunted.deck import casualty

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

CHAPTERS = {
    "21": "21-undaunted-components-and-setup.ipynb",
    "22": "22-undaunted-the-round.ipynb",
    "23": "23-undaunted-movement-and-fog-of-war.ipynb",
    "24": "24-undaunted-support-actions.ipynb",
    "25": "25-undaunted-combat-and-casualties.ipynb",
    "26": "26-undaunted-worked-round.ipynb",
    "27": "27-undaunted-end-of-game.ipynb",
    "28": "28-undaunted-the-platoon.ipynb",
}
WRITTEN = [nn for nn in CHAPTERS if (ROOT / "tutor" / "chapters" / f"und{nn}.py").is_file()]
PAGES = [nn for nn in WRITTEN if (NOTEBOOKS / CHAPTERS[nn]).is_file()]


def module(nn):
    return importlib.import_module(f"tutor.chapters.und{nn}")


def answers(nn) -> dict:
    return {q.key: q.rule_fn()[0] for q in module(nn).questions()}


# ---------------------------------------------------------------------------------------------
# every question, every chapter


@pytest.mark.parametrize("nn", WRITTEN)
def test_questions_are_well_formed(nn):
    qs = module(nn).questions()
    assert len(qs) >= 2
    keys = [q.key for q in qs]
    assert len(keys) == len(set(keys))
    for q in qs:
        assert q.key.startswith(f"{nn}.") and len(q.key) <= 80
        if live(q):                     # tapped on a live board: tests/widgets/test_widget_tap_question.py
            places, why = q.places_fn()
            assert places and why.strip() and all(q.judge(p)[0] for p in places)
            continue
        correct, why = q.rule_fn()
        assert correct in q.choices, (q.key, correct)
        assert len(set(q.choices)) == len(q.choices)
        assert why.strip()
        ok, html = q.answer(correct)
        assert ok and "Right." in html
        for wrong in q.choices:
            if wrong != correct:
                ok, html = q.answer(wrong)
                assert not ok and "Not quite" in html and correct in html


@pytest.mark.parametrize("nn", WRITTEN)
def test_quiz_page_builds(nn):
    from tutor.quiz import quiz
    qs = module(nn).questions()
    page = quiz(*qs)._repr_html_()
    qs = [q for q in qs if not live(q)]         # the others are widgets
    assert page.count('class="tutor-question"') == len(qs) == page.count('<template data-tutor-verdict="why">')


# ---------------------------------------------------------------------------------------------
# chapter 21


def test_21_answers_agree_with_the_engine():
    from tutor.chapters import und21
    from tutor.undaunted.cards import CARDS, UNIT_TYPES
    a = answers("21")
    assert a["21.squadless"] == "Sniper" and CARDS["sniper"].squad is None
    assert a["21.fog"] == "Fog of War" and CARDS["fog-of-war"].actions == ()
    assert UNIT_TYPES["riflemen"].base_defense == 4             # the worked example: “základní obrana o hodnotě 4”
    z = und21.setup_game(0).zones_of("allied")
    assert Counter(z.supply) == Counter(und21.START_SUPPLY) and Counter(z.draw) == Counter(und21.START_DECK)
    assert a["21.supply"] == "Face up in the supply"
    # La Raye's US Starting Cards (scenario book p. 6): 9 D cards, 20 S cards
    assert len(und21.START_DECK) == 9 and len(und21.START_SUPPLY) == 20
    assert a["21.los"] == "No, there is no line of sight"


def test_21_la_raye_page():
    """Chapter 21 sets up the scenario book's scenario 1 and says what is the book's and what is ours."""
    from tutor.chapters import und21
    html = und21.la_raye_html()
    assert "Scenario 1: La Raye" in html
    assert all(f">{t}<" in html for t in ("2B", "3B", "4B", "5B", "6A", "7A", "8A", "11B", "12B", "13B", "16B", "17B"))
    assert "control 5 objective points" in html and "holds 3 at the start" in html
    assert "Starting initiative</b>: US" in html
    assert "scenario book (Osprey Games, 2019, English edition), scenario 1: La Raye, pp. 6-7" in html
    assert "The tutor's layout:" in html and "quarter turn" in html
    assert ".yaml" not in html and "github" not in html          # learner language: no file names
    table = und21.starting_cards_html()
    assert "Rifleman A</td><td style='text-align:left;font-family:monospace'>D S S S S</td>" in table
    assert "Fog of War</td><td style='text-align:left;font-family:monospace'>D D S S S S S S S S</td>" in table
    assert "Sniper" not in table and "Machine Gunner" not in table     # not in this scenario


def test_21_setup_is_seeded_and_shuffles():
    from tutor.chapters import und21
    assert und21.setup_zones(1) == und21.setup_zones(1)
    assert und21.setup_zones(1).draw != und21.setup_zones(2).draw
    w = und21.setup_widget(1)
    before = w.html()
    w.shuffle(None)
    assert w.html() != before and "shuffle #2" in w.html()


def test_board_and_zone_pictures():
    from tutor.chapters import und21
    from tutor.render.undaunted import board_svg, card_title, zones_svg
    s = und21.worked_start()
    svg = board_svg(s, highlight=("17B",), path=("8A", "3B", "17B"))
    assert svg.startswith("<svg") and svg.count('data-terrain="') == len(s.board.tiles)
    assert all(f'class="tile">{t.id}<' in svg for t in s.board.tiles)
    assert "Scout B" in svg and ">Machine</text>" in svg and ">Gunner C</text>" in svg
    z = s.zones_of("axis")
    assert zones_svg(z).count("face down</text>") == 1            # one face-down pile drawn (the label says it too)
    assert card_title("machine-gunners-c") == "Machine Gunner C"
    assert card_title("platoon-sergeant") == "Platoon Sergeant"


# ---------------------------------------------------------------------------------------------
# chapter 25


def test_25_answers_agree_with_the_engine():
    from tutor.chapters import und25
    a = answers("25")
    # from the Machine Gunner C on 9B: Scout B (base 5) on 2A (cover 1) next door is 7, as the rulebook adds it
    s = und25.fire_state()
    assert s.board.tile("2A").cover.high == 1 and s.board.range("9B", "2A") == 1
    assert a["25.total"] == "Scout B" and combat.total_defense(5, 1, 1).total == 7
    qs = {q.key: q for q in und25.questions()}
    assert not qs["25.total"].judge("axis:riflemen-a")[0] and qs["25.total"].judge("axis:scouts-b")[0]
    # at Rifleman A on 17B (cover 3): attack 2 from 2 tiles (9: 9/25) beats attack 1 from next door (8: 3/10)
    assert a["25.shooter"] == "Machine Gunner C" and combat.p_hit(9, 2) > combat.p_hit(8, 1)
    # a step onto the hill 5B (3 tiles from 9B, cover 3: the gunners are not on a hill) beats the woods 17B
    assert a["25.cover-tile"] == "5B" and combat.total_defense(4, combat.HILL, 3).total == 10
    assert a["25.hill"] == str(combat.total_defense(4, combat.HILL, 3, attacker_on_hill=True).total) == "8"
    assert a["25.odds"] == "271/1000" and combat.p_hit(11, 3) == Fraction(271, 1000)
    assert a["25.casualty.token"] == "The token leaves the board"
    assert a["25.suppress"] == "Scout B" and qs["25.suppress"].judge("axis:scouts-b")[0]
    assert not qs["25.suppress"].judge("axis:riflemen-a")[0]


def test_25_defense_widget_reports_exact_odds():
    pytest.importorskip("ipywidgets")
    from tutor.chapters import und25
    w = und25.defense_widget()
    assert "= 8" in w.report() and "51/100" in w.report()          # the worked example's defaults
    w.controls["cover"].value = "3/1"
    w.controls["on_hill"].value = True
    assert "hill cover 3/1: 1" in w.report()
    w.controls["action"].value = next(i for i, a in enumerate(und25.attack_actions()) if a[1] == "blast")
    assert "no range for blast" in w.report()
    assert "rolled" in w.roll()


def test_25_casualty_drill_walks_down_the_order():
    """The chapter's drill (``CasualtyDrill`` on the chapter's zones), tapped by pixels: four hits
    on Riflemen A take the hand's, the discard pile's and the draw deck's card, then the token;
    each equals the engine's ruling on the same zones, and the supply card stays."""
    pytest.importorskip("ipycanvas")
    from tutor.chapters import und25
    d = und25.casualty_drill(seed=3)
    d.board._on_client_ready()
    zones = und25.DRILL_ZONES
    for row, expect in (("hand", "hand"), ("discard", "discard"), ("draw", "draw"), ("board", None)):
        d.tap("board", d.ids("board").index("riflemen-a"))
        assert "Step 2" in d.status.value
        d.tap(row)
        c = d.cas.result
        want = casualty(zones, "riflemen-a", random.Random(f"3:casualty:{d.cas.n - 1}"), token_on_board=True)
        assert (c.removed_from, c.zones, c.token_removed) == (want.removed_from, want.zones, want.token_removed)
        assert c.removed_from == expect and "✓ Right" in d.status.value
        zones = c.zones
    assert zones.out.count("riflemen-a") == 3 and zones.supply.count("riflemen-a") == 1
    assert "riflemen-a" not in d.cas.settled[1]


def test_25_drill_plays_a_whole_attack_with_the_exact_chance_and_the_casualty():
    """The chapter's drill switched to *Whole attack* (the worked example after the draw)."""
    pytest.importorskip("ipycanvas")
    from tutor.chapters import und25
    from tutor.undaunted.actions import preview_attack
    d = und25.casualty_drill(seed=5)
    d.board._on_client_ready()
    d.set_mode("attack")
    assert d.mode == "attack"
    attacker, target = d.ids("attackers")[0], d.ids("board")[0]
    d.tap("attackers", 0)
    d.tap("board", 0)
    pv = preview_attack(d.atk.game, d.attacker_side, attacker, target)
    assert combat.fraction_text(pv.p_hit) in d.why.value
    for _ in range(pv.dice):
        d.face(0)                                   # a 0 always hits
    assert d.atk.hit and "A hit!" in d.status.value
    d.tap("hand")
    assert d.atk.event("casualty") is not None and ("Right" in d.status.value or "Not quite" in d.status.value)


# ---------------------------------------------------------------------------------------------
# the notebooks


@pytest.mark.parametrize("nn", PAGES)
def test_notebook_is_registered_and_saved_clean(nn):
    name = CHAPTERS[nn]
    assert course.chapter(name).game == course.UNDAUNTED
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    for c in nb.cells:
        if c.cell_type == "code":
            assert not c.outputs and c.execution_count is None, f"{name}: save without outputs"
    src = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert src.count(f'course.nav("{name}")') == 2
    assert f"und{nn}.questions()" in src


@pytest.mark.parametrize("nn", PAGES)
def test_notebook_executes(nn):
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOKS / CHAPTERS[nn], as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": "notebooks"}}).execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors


# ---------------------------------------------------------------------------------------------
# chapter 26


def test_26_steps_follow_the_rulebook_example():
    from tutor.chapters import und26
    from tutor.undaunted import rules as UR
    f = und26.steps()
    assert len(f) == 13
    assert und26.hands_after_initiative() == {"axis": ["Rifleman A", "Rifleman A", "Scout B"],
                                              "allied": ["Fog of War", "Machine Gunner C", "Squad Leader C"]}
    assert f[3].refusal is not None and f[3].refusal.rule is UR.MOVE
    scout = f[4].events[0]
    assert scout.data["path"] == ["3B", "17B"] and scout.data["scouted"] == ["17B"] and scout.data["fog_of_war"] == 1
    assert f[6].state.control_of("axis", "17B") == "controlled"
    attack = f[10].events[0]
    assert attack.data["parts"] == {"base": 4, "cover": 3, "range": 1} and attack.data["defense"] == 8
    assert attack.data["dice"] == [5, 8] and attack.data["hit"] is True
    assert f[11].events[0].data["removed_from"] == "discard"
    assert f[12].refusal is not None and f[12].refusal.rule is UR.FOG_OF_WAR
    assert f[12].state.phase == "draw" and f[12].state.round == 2


def test_26_speaks_of_the_cards_by_their_printed_names():
    """The step-through and the questions name the round's cards as the cards and the board's
    tokens print them ("Rifleman A", "Scout B"), never "riflemen A" or "scouts B"."""
    import re

    from tutor.chapters import und26
    from tutor.render.undaunted import card_title
    said = " ".join([f.title + " " + f.text for f in und26.steps()] + [q.prompt_html for q in und26.questions()])
    for card in ("riflemen-a", "scouts-b", "machine-gunners-c", "squad-leader-c", "fog-of-war"):
        assert card_title(card) in said, card
    assert "Hans's Scout B stands on 8A, his Rifleman A on 12A" in und26.steps()[0].text
    assert und26.steps()[8].title == "8. Machine Gunner C moves to 2A"
    old = re.findall(r"\b(?:[Rr]iflemen|[Ss]couts|[Mm]achine gunners|[Ss]quad leader) [ABC]\b|\b[Ff]og of war\b", said)
    assert old == []


# a single card or unit in the plural ("riflemen A", "scouts B") or Fog of War in lower case; a
# sentence about the counter keeps its printed word ("the Riflemen A counter")
OLD_CARD_NAMES = r"\b(?:[Rr]iflemen|[Ss]couts|[Mm]achine gunners|[Ss]quad leader) [ABC]\b(?!\*? counter)|\b[Ff]og of war\b"


@pytest.mark.parametrize("nn", [nn for nn in PAGES if nn != "26"])
def test_pages_name_single_cards_as_printed(nn):
    """Each chapter's prose and questions name a card as it is printed ("Rifleman A", "Fog of War",
    from card_title), as chapter 26 does (test above)."""
    import re
    nb = nbformat.read(NOTEBOOKS / CHAPTERS[nn], as_version=4)
    said = " ".join([c.source for c in nb.cells if c.cell_type == "markdown"]
                    + [q.prompt_html + " " + " ".join(q.choices) for q in module(nn).questions()])
    assert re.findall(OLD_CARD_NAMES, said) == []


def test_21_la_raye_deck_is_named_card_by_card():
    # the US starting deck of the scenario book's Starting Cards table (p. 6), as the page's table shows it
    from tutor.chapters import und21
    assert Counter(und21.START_DECK) == {"riflemen-a": 1, "riflemen-b": 1, "scouts-a": 1, "scouts-b": 1,
                                         "squad-leader-a": 1, "squad-leader-b": 1, "platoon-sergeant": 1,
                                         "fog-of-war": 2}
    table = und21.starting_cards_html()
    assert re.search(r"Fog of War</td><td[^>]*>D D S S S S S S S S</td>", table)


def test_26_quotes_are_in_the_seed_rulebook():
    import re

    from tutor.chapters import und26
    from tutor.rulebook import seeds_dir
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("seed rulebooks not found")
    def squash(s):
        return re.sub(r"[\s\-–]", "", s)
    text = squash((seeds / "undaunted-normandy-rules-cs.txt").read_text(encoding="utf-8"))
    for q in und26.quotes():
        assert squash(q) in text, q


def test_26_widgets():
    pytest.importorskip("ipywidgets")
    from tutor.chapters import und26
    w = und26.worked_round_widget()
    assert w.position() == 0
    for _ in range(20):
        w.step(1)
    assert w.position() == len(w.frames) - 1
    assert "5, 8 against 8: a hit" in w.frames[10]
    r = und26.replay_attack_widget()
    assert "A miss." in r.set_dice(1, 7)
    assert "A hit." in r.set_dice(0, 1)
    assert "still one hit" in r.set_dice(8, 9)
    assert "A hit." in r.set_dice(5, 8)


def test_26_answers_agree_with_the_engine():
    # Each question is a situation the step-through does not show (issue 18.3), ruled by the engine:
    # Move needs the side's control marker (6B scouted at setup; 10B, 17B unmarked), Scout 2 from 8A
    # to 17B passes 3B or 14A, riflemen from 9B 4 + 3 + 2 = 9.
    a = answers("26")
    assert a == {"26.where-move": "3B or 6B", "26.from9b": "9", "26.scout-route": "3B or 14A"}
    from tutor.chapters import und26
    assert not next(q for q in und26.questions() if q.key == "26.where-move").judge("17B")[0]   # not yet scouted
    shown = " ".join(und26.frame_html(f) for f in und26.steps())
    assert "14A → 17B" not in shown and "scouts-b on 17B" not in shown.lower()   # not answered above
    _, why = next(q for q in und26.questions() if q.key == "26.where-move").rule_fn()
    assert "no Axis control marker" in why and "Undaunted: Normandy rulebook (Czech)" in why


# ---------------------------------------------------------------------------------------------
# chapters 22 and 23


def test_22_answers_agree_with_the_engine():
    from tutor.chapters import und22
    a = answers("22")
    s, _ = und22.reveal("riflemen-c", "riflemen-a", holder="axis")
    # a tie keeps the token with the Axis: of the American hand only the higher cards play first
    assert s.active == "axis" and a["22.first"] == "Scout C or Squad Leader C"
    assert a["22.revealed"] == "Into the discard pile"
    assert a["22.reshuffle"] == "1"
    # the card the question plays for Command has it: the sergeant, Command 2 (the squad leader has none)
    from tutor.undaunted.cards import card
    assert card(und22.SERGEANT).action("command").value == 2
    assert card("squad-leader-a").action("command") is None
    q = next(q for q in und22.questions() if q.key == "22.reshuffle")
    assert "Platoon Sergeant" in q.prompt_html and "draws <b>2</b> cards from your draw deck at once (its Command" in q.prompt_html
    # the hand and the table go to the discard pile at the end of the turn: only the supply stays
    assert a["22.keep"] == "Machine Gunner C in the supply or Sniper in the supply"
    assert a["22.fog"] == "Fog of War"


def test_22_widgets():
    pytest.importorskip("ipywidgets")
    from tutor.chapters import und22
    w = und22.deck_widget()
    w.press["draw"]()
    assert len(w.zones().hand) == 4 and len(w.zones().draw) == 2
    w.press["play"]()
    w.press["end"]()
    z = w.zones()
    assert z.hand == z.table == () and len(z.discard) == 4
    w.press["draw"]()
    assert "discard pile was shuffled" in w.message() and len(w.zones().hand) == 4
    assert Counter(w.zones().census()) == Counter(und22.START.census())
    i = und22.initiative_widget()
    assert "<b>Allies</b> take the first turn" in i.choose("riflemen-c", "riflemen-a", "allied")
    assert "<b>Axis</b> takes the first turn" in i.choose("fog-of-war", "fog-of-war", "axis")
    assert "<b>Axis</b> takes the first turn" in i.choose("squad-leader-c", "platoon-sergeant", "allied")
    # below the initiative rules the page quotes: the widget points to them, never quotes them again
    from tutor.undaunted import rules as UR
    quoted = {UR.INITIATIVE.key, UR.INITIATIVE_DISCARD.key, UR.INITIATIVE_TOKEN.key}
    said = und22.initiative_widget(quoted=quoted).choose("riflemen-c", "riflemen-a", "allied")
    assert "<b>Allies</b> take the first turn" in said and "rule quoted above" in said
    assert UR.INITIATIVE.quote[:30] not in said and UR.INITIATIVE_DISCARD.quote[:30] not in said
    assert UR.INITIATIVE.quote[:30] in i.choose("riflemen-c", "riflemen-a", "allied")   # alone: in full


def test_23_answers_agree_with_the_engine():
    from tutor.chapters import und23
    a = answers("23")
    assert a == {"23.move": "3B or 6B", "23.scout": "2", "23.stalk": "No marker, no Fog of War card",
                 "23.scout-where": "3B, 5B, 11A, 12A, 14A or 17B", "23.guide": "Machine Gunner A or Scout B",
                 "23.fog": "No"}
    qs = {q.key: q for q in und23.questions()}
    assert not qs["23.move"].judge("10B")[0]                    # no Axis marker on 10B: may not move there
    assert not qs["23.guide"].judge("axis:riflemen-a")[0]        # suppressed: not guided
    assert und23.sneak_destinations(1) == ["10B", "12A", "15A"]
    assert und23.sneak_destinations(2) == ["10B", "12A", "15A", "17B", "2A", "3B", "9B"]   # 6B itself not counted
    assert "<b>7</b> with value 2" in und23.sneak_conflict_html()
    html = und23.sneak_conflict_html()
    assert "Skrytý přesun 1" in html and "Skrytý přesun 2" in html


def test_23_move_board_plays_what_the_engine_allows():
    """The chapter's live board, tapped by pixels: riflemen A may not enter 17B until the scouts
    open it (the engine's refusal, rule cited), then may; only movement actions are offered."""
    pytest.importorskip("ipycanvas")
    from tutor.chapters import und23
    w = und23.move_board()
    w.board._on_client_ready()
    w.tap_unit("axis", "riflemen-a")
    assert w.value.action == "move" and [v for _, v in w.action_pick.options] == ["move"]
    assert "17B" not in w._reach()[0] and "17B" in w._reach()[1]
    w.tap_tile("17B")
    assert "Refused (17B)" in w.status.value and w.game.token("axis", "riflemen-a").tile == "12A"
    w.tap_unit("axis", "scouts-b")
    w.tap_tile("17B")
    w.tap_tile("3B")
    assert w.game.control_of("axis", "17B") == "scouted"
    w.tap_unit("axis", "riflemen-a")
    assert "17B" in w._reach()[0]
    w.tap_tile("17B")
    assert w.game.token("axis", "riflemen-a").tile == "17B"
    w.choose("sniper")                                      # off the board: stalking deploys it first
    assert w.value.action == "stalk" and w._reach()[0]
    w.tap_tile(w._reach()[0][0])
    dep = w.game.board.deployment_tiles("axis", "sniper")
    assert w.game.token("axis", "sniper").tile in {n for t in dep for n in w.game.board.neighbours(t)}


# ---------------------------------------------------------------------------------------------
# chapter 24


def test_24_answers_agree_with_the_engine():
    from tutor.chapters import und24
    from tutor.undaunted.cards import CARDS
    # the question names the squad leader's bolster as its card prints it
    assert CARDS["squad-leader-c"].action("bolster").label in und24._q_bolster_squad().prompt_html
    a = answers("24")
    assert a == {"24.bolster": "No", "24.inspire": "Machine Gunner C (played)",
                 "24.recon": "Nothing happens", "24.control": "Rifleman B", "24.control-where": "7A",
                 "24.target": "3B, 6B, 8A, 9B, 10B, 12A, 13B or 15A",
                 "24.conceal": "No effect"}
    qs = {q.key: q for q in und24.questions()}
    assert not qs["24.control"].judge("axis:riflemen-a")[0]     # an enemy unit on its tile: no control
    assert not qs["24.target"].judge("7A")[0]                   # 1A to 7A is 2 tiles: too close for the mortar
    inspire = qs["24.inspire"]
    assert inspire.judge(("John's table", 0))[0]                # Machine Gunner C, played, squad C
    assert not inspire.judge(("John's table", 1))[0]            # Rifleman A: squad A
    assert not inspire.judge(("John's hand", 0))[0]             # Rifleman C: not played yet


def test_24_support_board():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import und24
    w = und24.support_board()
    w.board._on_client_ready()
    w.choose("mortar")
    assert [v for _, v in w.action_pick.options] == ["target"]
    w.choose("scouts-c", "recon")
    w.play()
    z = w.game.zones_of("allied")
    assert z.out == ("fog-of-war",) and len(z.hand) == 5          # fog out, one card drawn
    w.choose("squad-leader-c", "inspire")
    assert "Machine Gunner C" in str(w.option_pick.options)
    w.play()
    assert "machine-gunners-c" in w.game.zones_of("allied").hand
    w.tap_unit("allied", "riflemen-c")
    assert w.value.action == "control"
    w.tap_unit("allied", "riflemen-c")                             # a second tap plays it
    assert w.game.control_of("allied", "7A") == "controlled"


def test_26_round_board_replays_the_book_by_taps():
    """Hans's turn played on the live board by taps (scouts B 8A → 3B → 17B, riflemen A onto 17B,
    control, end turn) reaches exactly the engine's state of the book's step 7."""
    pytest.importorskip("ipycanvas")
    from tutor.chapters import und26
    w = und26.round_board()
    w.board._on_client_ready()
    w.tap_unit("axis", "scouts-b")
    w.tap_tile("17B")
    w.tap_tile("3B")
    w.tap_unit("axis", "riflemen-a")
    w.tap_tile("17B")
    w.tap_unit("axis", "riflemen-a")
    w.choose("riflemen-a", "control")
    w.tap_unit("axis", "riflemen-a")
    w.end_turn()
    assert w.game == und26.steps()[7].state and w.side == "allied"


# ---------------------------------------------------------------------------------------------
# chapter 27


def test_27_answers_agree_with_the_engine():
    from tutor.chapters import und27
    from tutor.undaunted.victory import decide
    a = answers("27")
    # objectives 12A, 5B, 2A, 9B (1 each) and 17B (2): holding 3, only 17B makes 5; holding 4, any 1 does
    assert a == {"27.objectives": "17B", "27.suppress": "Rifleman C", "27.pin-axis": "Rifleman B",
                 "27.undeployed": "Nobody yet", "27.both": "The Axis", "27.hopeless": "The Axis"}
    qs = {q.key: q for q in und27.questions()}
    assert not qs["27.objectives"].judge("9B")[0] and not qs["27.suppress"].judge("allied:machine-gunners-c")[0]
    s = und27.situation(allied_controls=("9B",), axis_controls=("12A",), allied_riflemen=False,
                        axis_riflemen=False, initiative="allied")
    assert decide(s)[0] == "allied"          # the tie goes to the initiative holder


def test_27_eliminated_riflemen_follow_the_casualty_rule():
    # an eliminated unit (ZTRÁTY 4.): its token off the board, no card of it left in hand, discard or draw
    # deck; a card in the supply stays. A unit that never entered the board is not eliminated.
    from tutor.chapters import und27
    from tutor.undaunted.state import Victory
    from tutor.undaunted.victory import army_pinned, beyond_all_hope
    s = und27.situation(axis_riflemen=False, allied_victory=Victory(None, True))
    z = s.zones_of("axis")
    assert all(t.tile is None and t.eliminated for t in s.tokens if t.side == "axis" and "riflemen" in t.unit)
    assert not any("riflemen" in c for c in z.hand + z.discard + z.draw)
    assert z.supply.count("riflemen-a") == 1 and army_pinned(s, "axis")
    s2 = und27.never_deployed(s, "axis", "riflemen-b")
    assert not army_pinned(s2, "axis")
    # a side that must pin the enemy is never beyond all hope, even with every Rifleman card gone
    s3 = und27.situation(allied_riflemen=False, allied_riflemen_cards=False, allied_victory=Victory(None, True))
    assert army_pinned(s3, "allied") and not beyond_all_hope(s3, "allied")


def test_27_facts_are_in_words():
    from tutor.chapters import und27
    s = und27.situation(axis_controls=("12A",), initiative="axis")
    text = und27.facts_text(s)
    assert text.startswith("Objectives held: Allies 0, Axis 1.") and text.endswith("The Axis holds the initiative.")
    assert "allied" not in text and "axis" not in text


def test_27_victory_widget():
    pytest.importorskip("ipywidgets")
    from tutor.chapters import und27
    w = und27.victory_widget()
    assert "The game goes on" in w.verdict()
    w.controls["axis_controls"].value = ("12A", "17B", "2A", "5B")
    assert "Axis wins" in w.verdict()
    w.controls["axis_controls"].value = ("17B",)
    w.controls["axis_goal"].value = "sup"
    w.controls["allied_riflemen"].value = False
    assert "Axis wins" in w.verdict() and "pinned" in w.verdict() and "suppressed" not in w.verdict()


# ---------------------------------------------------------------------------------------------
# chapter 28


def test_28_table_is_the_catalogue():
    from tutor.chapters import und28
    from tutor.undaunted.cards import CARDS
    rows = und28.platoon_rows()
    assert [r["id"] for r in rows] == list(CARDS)
    html = und28.platoon_table_html()
    for c in CARDS.values():
        assert c.title_cs in html
        for a in c.actions:
            assert a.label in html
    by_init = und28.platoon_rows("initiative")
    assert by_init[0]["id"] == "platoon-sergeant" and by_init[-1]["id"] == "fog-of-war"
    assert {r["kind"] for r in und28.platoon_rows(kind="leader")} == {"leader"}
    assert set(und28.ROLES) == {c.name for c in CARDS.values()}


def test_28_table_marks_what_the_czech_text_does_not_print():
    """The page promises: values marked * are not in the Czech rulebook's text (they are the English
    edition's). Each row marks exactly the actions, initiative and token defense without a line."""
    import re

    from tutor.chapters import und28
    from tutor.undaunted.cards import CARDS, UNIT_TYPES
    rows = re.findall(r"<tr>(.*?)</tr>", und28.platoon_table_html())[1:]
    assert len(rows) == len(CARDS)
    marked = 0
    for row, c in zip(rows, CARDS.values(), strict=True):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        for a in c.actions:
            printed = a.source.line is not None
            assert (a.label + "*" in cells[5]) == (not printed), (c.id, a.label)
            marked += not printed
        assert cells[4].endswith("*") == (c.initiative_source.line is None)
        ut = UNIT_TYPES.get(c.name) if c.kind == "soldier" else None
        assert cells[7].endswith("*") == (ut is not None and ut.defense_source.line is None)
        marked += cells[7].endswith("*") + cells[4].endswith("*")
    assert marked > 0 and "Values marked * are not in the Czech rulebook's text" in und28.platoon_table_html()


def test_28_answers_and_quotes():
    import re

    from tutor.chapters import und28
    from tutor.rulebook import seeds_dir
    from tutor.undaunted.cards import CARDS
    assert answers("28") == {"28.initiative": "Platoon Sergeant", "28.control": "Rifleman C",
                             "28.guide": "Platoon Guide", "28.squadless": "Mortar"}
    qs = {q.key: q for q in und28.questions()}
    assert not qs["28.control"].judge(("your hand", 0))[0]          # the scouts cannot take control
    assert not qs["28.squadless"].judge(("your hand", 2))[0]        # a squad leader leads a squad
    # four card types belong to no squad: the sniper, the mortar and two platoon leaders
    assert len({c.name for c in CARDS.values() if c.squad is None and c.kind != "fog"}) == 4
    seeds = seeds_dir()
    if seeds is None:
        pytest.skip("seed rulebooks not found")
    def squash(s):
        return re.sub(r"[\s\-–]", "", s)
    text = squash((seeds / "undaunted-normandy-rules-cs.txt").read_text(encoding="utf-8"))
    for q in und28.quotes():
        assert squash(q) in text, q
    # each sentence stands under the heading its card page names (seeds/README: ČETA is lines 766-960,
    # the card descriptions, KARTY, lines 40-235)
    lines = (seeds / "undaunted-normandy-rules-cs.txt").read_text(encoding="utf-8").splitlines()
    sections = {"ČETA": squash("\n".join(lines[765:960])), "KARTY": squash("\n".join(lines[39:235]))}
    for name, (_, quote) in und28.ROLES.items():
        heading = und28.ROLE_HEADING.get(name, "ČETA")
        assert squash(quote) in sections[heading], (name, heading)
        card_id = next(c.id for c in und28.CARDS.values() if c.name == name)
        assert f"The rulebook, {section_and_heading(und28.UR.FILE, heading)}, in Czech" in und28.card_html(card_id)


def test_28_widgets():
    pytest.importorskip("ipywidgets")
    from tutor.chapters import und28
    assert "Blast 1" in und28.card_widget().pick("mortar")
    assert "Platoon Sergeant" in und28.table_widget().set("initiative", "leader")


# ---------------------------------------------------------------------------------------------
# the course


def test_all_eight_chapters_exist_and_are_registered():
    registered = {c.notebook for c in course.CHAPTERS if c.game == course.UNDAUNTED}
    assert set(CHAPTERS.values()) == registered
    for nn, name in CHAPTERS.items():
        assert (NOTEBOOKS / name).is_file(), name
        assert (ROOT / "tutor" / "chapters" / f"und{nn}.py").is_file()
        assert course.chapter(name).available
    assert sorted(PAGES) == sorted(CHAPTERS)


def test_27_objective_board_ends_the_game_at_once():
    pytest.importorskip("ipycanvas")
    from tutor.chapters import und27
    from tutor.undaunted.victory import decide
    w = und27.objective_board()
    w.board._on_client_ready()
    assert decide(w.game) is None and w.game.objectives_held("axis") == 4
    w.tap_unit("axis", "riflemen-a")
    w.tap_tile("2A")
    w.tap_unit("axis", "riflemen-a")
    w.choose("riflemen-a", "control")
    w.play()
    assert w.game.phase == "over" and w.game.winner == "axis" and "wins" in w.status.value
    w.tap_tile("15A")
    assert "The game is over" in w.status.value


# --- chapter 21 and 28: the live board ------------------------------------------------------

def test_21_la_raye_board_answers_every_tap_from_the_set_up_game():
    from tutor.chapters import und21
    from tutor.undaunted import card_plays
    b = und21.la_raye_board()
    g = b.game
    assert g.phase == "turn" and {t.tile for t in g.tokens} == {t.tile for t in und21.setup_game(0).tokens}
    # a tile: its cover, objective and control marker, as the scenario sets them
    b.tap_tile("13B")
    t = g.board.tile("13B")
    assert b.value.answer.text.startswith("No unit of yours here")
    assert f"13B: cover {t.cover}" in b.value.answer.body and f"objective worth {t.objective}" in b.value.answer.body
    b.tap_tile("8A")
    assert "Axis control marker scouted side up" in b.value.answer.body
    # an enemy token: whose it is, where, ready (no "suppressed")
    enemy = next(t for t in g.tokens if t.side != b.side)
    b.tap_unit(enemy.side, enemy.unit)
    assert f"on {enemy.tile}" in b.value.answer.text and "an enemy unit" in b.value.answer.text
    assert "suppressed" not in b.value.answer.text
    # one of ours without a card in hand: why it cannot act; with a card: the engine's plays shaded
    hand = g.zones_of(b.side).hand
    idle = next(t for t in g.tokens if t.side == b.side and t.unit not in hand)
    b.tap_unit(idle.side, idle.unit)
    assert b.value.answer.ok is False and "card in your hand" in b.value.answer.text
    ready = next(t for t in g.tokens if t.side == b.side and t.unit in hand)
    b.tap_unit(ready.side, ready.unit)
    act = b.value.action
    want = sorted({p.path[-1] for p in card_plays(g, b.side, ready.unit) if getattr(p, "action", None) == act})
    assert b.value.card == ready.unit and b._reach()[0] == want and want


@pytest.mark.parametrize("unit", ["riflemen-c", "scouts-c", "machine-gunners-c", "sniper", "mortar"])
def test_28_roles_board_tap_shows_what_the_card_lets_the_unit_do(unit):
    from tutor.chapters import und28
    from tutor.undaunted import Play, card_plays
    from tutor.undaunted.cards import CARDS
    b = und28.roles_board()
    g = b.game
    assert {t.unit for t in g.tokens if t.side == "allied" and t.tile} >= set(und28.ROLE_HAND)
    b.tap_unit("allied", unit)
    assert b.value.card == unit
    # the card's actions offered are the card's printed actions, the first one chosen
    assert [v for _, v in b.action_pick.options] == b._actions_of(unit)
    assert set(b._actions_of(unit)) <= {a.name for a in CARDS[unit].actions}
    plays = und28.unit_plays(unit)
    assert plays == dict(Counter(p.action for p in card_plays(g, "allied", unit) if isinstance(p, Play)))
    # every action the board offers there is legal somewhere, and the shaded tiles are the engine's
    for action in b._actions_of(unit):
        b.choose(unit, action)
        legal = b._reach()[0]
        engine = [p for p in card_plays(g, "allied", unit) if isinstance(p, Play) and p.action == action]
        if action in ("move", "scout", "stalk"):
            assert legal == sorted({p.path[-1] for p in engine})
        elif action == "target":
            assert legal == sorted({p.target for p in engine})
        assert plays.get(action, 0) == len(engine)
    # roles differ: only riflemen take control, only the sniper stalks, only the mortar sets a target
    assert ("control" in plays) == (unit == "riflemen-c")
    assert ("stalk" in plays) == (unit == "sniper")
    assert ("target" in plays) == (unit == "mortar")


# ---------------------------------------------------------------------------------------------
# learner text: card names, not ids; no Python values; the sides capitalized


def _learner_slips(html_text: str) -> list[str]:
    import html as _html
    import re

    from browser.learner_text import internal_words

    from tutor.undaunted.cards import CARDS
    text = _html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(svg|style)[\s\S]*?</\1>", " ", html_text)))
    ids = [c for c in CARDS if "-" in c]           # "mortar", "sniper" are words too
    slips = [f"card id {c}" for c in ids if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text)]
    slips += [f"Python value {m}" for m in re.findall(r"\['|\[\]|\{'|\{\w+:|\bNone\b", text)]
    slips += [f"side id {m}" for m in re.findall(r"\b(?:allied|axis)\b", text)]
    return slips + internal_words(text)


@pytest.mark.parametrize("nn", WRITTEN)
def test_questions_speak_to_the_learner_in_words(nn):
    for q in module(nn).questions():
        _correct, why = q.rule_fn()
        assert _learner_slips(q.prompt_html + " " + why) == [], q.key


def test_worked_round_frames_speak_in_words():
    from tutor.chapters import und26
    for f in und26.steps():
        assert _learner_slips(und26.frame_html(f)) == [], f.title
    assert "The rulebook, Example of a Round (PŘÍKLAD JEDNOHO KOLA HRY), in Czech" in und26.frame_html(und26.steps()[0])
    assert und26.status_line(und26.steps()[2].state) == ("Round 1: the players' turns. The Axis to play. The Axis "
                                                         "holds the initiative. Objectives held: Axis 1, Allies 1.")


def test_czech_headings_come_with_their_english_names():
    from tutor.chapters import und23, und28
    assert "<b>Movement Actions (AKCE POHYBU)</b>" in und23.sneak_conflict_html()
    assert "<b>Quick Reference (STRUČNÝ PŘEHLED)</b>" in und23.sneak_conflict_html()
    assert "The rulebook, The Platoon (ČETA), in Czech" in und28.card_html("riflemen-a")


def test_the_stalk_option_is_said_in_words():
    from tutor.undaunted import rules as UR
    from tutor.undaunted.conflicts import CONFLICTS
    stalk = next(c for c in CONFLICTS if c["key"] == "und.stalk.value")
    assert "{" not in stalk["ruling"] and "Stalk option to 2" in stalk["ruling"]
    assert all("{" not in c["resolution"] for c in UR.SOURCE_CONFLICTS)
