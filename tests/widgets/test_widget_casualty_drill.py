"""The casualty drill (Undaunted), driven by taps at pixel coordinates: every ruling is the
engine's (``deck.casualty``, ``preview_attack``, ``apply``), every explanation cites its rule."""

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from tutor.undaunted import rules as UR
from tutor.undaunted.actions import apply, preview_attack
from tutor.undaunted.deck import Zones, casualty
from tutor.undaunted.state import Play, Token
from tutor.widgets import CasualtyDrill
from tutor.widgets.casualty_drill import DEMO, _prepare

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "tests" / "undaunted" / "decks" / "allied.yaml"


def ready(d):
    d.board._on_client_ready()
    return d


def tap_unit(d, unit):
    """Tap the unit's token on the board row, by pixel."""
    d.tap("board", d.ids("board").index(unit))


def test_picking_a_card_by_pixels_is_exact():
    d = ready(CasualtyDrill(seed=1))
    row = next(r for r in d.board.scene.card_rows if r.id == "hand")
    x, y, w, h = row.boxes()[1]                       # Scouts B
    d.click(x, y)                                     # its top-left pixel belongs to it
    assert d.cas.unit == "scouts-b"
    d.undo()
    d.click(x + w, y + h / 2)                         # the right edge is the gap: no card
    assert d.cas.unit is None and "Tap a card or a token" in d.status.value
    d.click(x - 6, y + 1)                             # the 6 px gap: Riflemen A ends just before it
    assert d.cas.unit is None
    d.click(x - 6 - Fraction(1, 10**6), y + 1)
    assert d.cas.unit == "riflemen-a"


def test_the_casualty_order_step_by_step():
    """Riflemen A is hit four times: hand, discard, draw deck (shuffled), then its token leaves —
    its supply card is never taken. Each step equals the engine's ruling on the same zones."""
    d = ready(CasualtyDrill(seed=7))
    zones = DEMO
    for guess, expect, rule in (("hand", "hand", UR.CASUALTY_HAND), ("hand", "discard", UR.CASUALTY_DISCARD),
                                ("draw", "draw", UR.CASUALTY_DRAW), ("supply", None, UR.CASUALTY_TOKEN)):
        tap_unit(d, "riflemen-a")
        assert "Step 2" in d.status.value
        assert {c.role for r in d.board.scene.card_rows if r.id == "hand" for c in r.cards} >= (
            {"hit"} if "riflemen-a" in d.cas.zones.hand else set())
        d.tap(guess)
        c = d.cas.result
        want = casualty(zones, "riflemen-a", random.Random(f"7:casualty:{d.cas.n - 1}"))
        assert (c.removed_from, c.zones, c.token_removed) == (want.removed_from, want.zones, want.token_removed)
        assert c.removed_from == expect
        assert rule.key in d.why.value and UR.CASUALTY.key in d.why.value
        right = guess == (expect or "board")
        assert ("✓ Right" in d.status.value) == right
        zones = c.zones
    assert "Never from the supply" in d.why.value and "Ze zálohy se karta nevyřazuje" in d.why.value
    assert "riflemen-a" not in d.cas.settled[1]                   # the token is off the board
    assert d.cas.settled[0].supply.count("riflemen-a") == 1       # and its supply card stayed
    tap_unit(d, "riflemen-b")
    assert d.cas.unit == "riflemen-b"


def test_the_removal_is_drawn():
    d = ready(CasualtyDrill(seed=1))
    tap_unit(d, "scouts-b")
    d.tap("hand")
    rows = {r.id: r for r in d.board.scene.card_rows}
    assert [c.role for c in rows["hand"].cards][:2] == [None, "removed"]     # a ghost where it was
    assert [c.role for c in rows["out"].cards] == ["new"]
    assert rows["hand"].role == "answer" and "taken here" in rows["hand"].note
    assert [s.role for s in d.board.scene.lines] == ["move"]                # an arrow to "out of game"
    assert d.ids("hand")[1] is None and d.ids("out") == ["scouts-b"]


def test_table_cards_are_not_taken_and_the_draw_deck_is_shuffled():
    d = ready(CasualtyDrill(seed=3, peek=True))
    tap_unit(d, "machine-gunners-a")            # one card on the table, one in the draw deck
    d.tap("table")
    c = d.cas.result
    assert c.removed_from == "draw" and c.shuffled
    assert "Never from the table" in d.why.value and UR.CASUALTY_DRAW.key in d.why.value
    assert "shuffled" in d.status.value or "shuffled" in d.why.value
    draw = next(r for r in d.board.scene.card_rows if r.id == "draw")
    assert draw.count is None and len(draw.cards) == 6 and "shuffled" in draw.note     # peek: face up
    assert d.cas.result.zones.table == ("machine-gunners-a",)


def test_seeded_shuffles_repeat_and_undo_replays_the_same_shuffle():
    a, b = ready(CasualtyDrill(seed=11)), ready(CasualtyDrill(seed=11))
    for d in (a, b):
        tap_unit(d, "riflemen-b")
        d.tap("draw")
    assert a.cas.result.zones.draw == b.cas.result.zones.draw
    first = a.cas.result.zones.draw
    a.undo()
    assert a.cas.result is None and a.cas.unit == "riflemen-b"
    a.tap("draw")
    assert a.cas.result.zones.draw == first
    a.reset()
    assert a.cas.unit is None and a.cas.zones == DEMO and a.undo_button.disabled


def test_taps_that_are_not_a_unit_say_why():
    d = ready(CasualtyDrill(seed=1))
    d.tap("hand", 2)                                  # Fog of War
    assert "no unit token" in d.status.value and d.cas.unit is None
    x, y, _, h = next(r for r in d.board.scene.card_rows if r.id == "draw").pile_box()
    d.click(x + 2, y + h / 2)
    assert "face down" in d.status.value
    tap_unit(d, "sniper")
    d.tap("out")
    assert "where the card goes" in d.status.value and d.cas.result is None
    d.click(5, d.board.scene.height - 1)              # below the last band: nothing
    assert "Tap a card" in d.status.value


def test_a_deck_file_and_tokens():
    d = ready(CasualtyDrill(DECK, seed=1))
    assert d.side == "allied" and d.cas.zones.hand == ("riflemen-a", "scouts-b")
    assert set(d.cas.tokens) == {"riflemen-a", "scouts-b", "machine-gunners-c", "riflemen-b"}
    tap_unit(d, "machine-gunners-c")
    d.tap("draw")
    assert d.cas.result.removed_from == "draw" and "✓" in d.status.value


def test_one_click_is_one_message(sent):
    d = ready(CasualtyDrill(seed=1))
    sent.clear()
    tap_unit(d, "riflemen-a")
    assert len(sent) == 1
    sent.clear()
    d.tap("hand")
    assert len(sent) == 1


# --- whole attack ------------------------------------------------------------------------------


def test_the_attack_preview_is_the_engines():
    d = ready(CasualtyDrill(seed=1, mode="attack"))
    assert "Tap an attacker" in d.status.value
    d.tap("attackers", d.ids("attackers").index("machine-gunners-c"))
    d.tap("board", d.ids("board").index("riflemen-a"))
    pv = preview_attack(d.atk.game, "allied", "machine-gunners-c", "riflemen-a")
    assert d.preview() == pv
    assert "base defense 4 + cover 2 + range 2 = 8" in d.why.value
    assert "each hits on 0 and 8–9: 3/10" in d.why.value and "<b>51/100</b>" in d.why.value
    assert UR.DEFENSE.key in d.why.value and UR.DICE.key in d.why.value
    assert next(r for r in d.board.scene.card_rows if r.id == "dice").note == "need 8+\nor a 0"


def test_chosen_dice_miss_then_hit_and_the_casualty():
    d = ready(CasualtyDrill(seed=1, mode="attack"))
    d.choose(attacker="machine-gunners-c", target="machine-gunners-a")
    d.face(5)
    assert "1 more to choose" in d.status.value
    # machine gunners' base defense is 4 (the GUNNERS counter, English rulebook p. 7), not the 5 once chosen
    d.face(9)                                          # 5 and 9 against 4 + 1 + 2 = 7: 9 hits
    assert d.atk.rolled == (5, 9) and d.atk.hit and d.atk.predicting
    assert "base defense 4 + cover 1 + range 2 = 7" in d.why.value
    d.undo()
    d.undo()
    d.face(5)
    d.face(6)                                          # no die reaches 7, no 0: a miss
    assert d.atk.hit is False and "No hit" in d.status.value and "6 &lt; 7: miss" in d.why.value
    d.undo()
    d.undo()
    d.face(0)
    d.face(2)                                          # a 0 always hits
    assert d.atk.hit and "a 0 always hits" in d.why.value and "A hit" in d.status.value
    d.tap("hand")                                      # wrong: no machine gunners A in the hand
    cas = d.atk.event("casualty")
    assert cas.data["removed_from"] == "draw" and cas.data["shuffled"]
    assert "There is no Machine Gunner A card in the hand" in d.why.value
    assert UR.CASUALTY_DRAW.key in d.why.value and "✗" in d.status.value
    # the same attack through the engine directly, with the same loaded dice, gives the same zones
    from tutor.undaunted.combat import LoadedDice
    seed = random.Random("1:dice:0").randrange(2 ** 31)
    want = apply(_prepare(d.atk.game, "allied", "machine-gunners-c"),
                 Play("allied", "machine-gunners-c", "attack", target="machine-gunners-a"), LoadedDice((0, 2), seed))
    assert d.atk.after.zones_of("axis") == want.state.zones_of("axis")
    out = next(r for r in d.board.scene.card_rows if r.id == "out")
    assert [c.role for c in out.cards] == ["new"]


def test_seeded_rolls_repeat():
    a, b = ready(CasualtyDrill(seed=4, mode="attack")), ready(CasualtyDrill(seed=4, mode="attack"))
    for d in (a, b):
        d.choose(attacker="riflemen-c", target="scouts-b")
        d.roll()
    assert a.atk.rolled == b.atk.rolled and len(a.atk.rolled) == 1


def test_hill_cover_three_or_one():
    base = CasualtyDrill(seed=1, mode="attack").atk.game
    toks = tuple(Token(t.side, t.unit, "5B", t.suppressed) if t.unit == "scouts-b" else t for t in base.tokens)
    d = ready(CasualtyDrill(seed=1, mode="attack", scenario=replace(base, tokens=toks)))
    d.choose(attacker="riflemen-c", target="scouts-b")
    assert "hill 3/1: 3, the attacker is not on a hill" in d.why.value
    assert d.preview().defense.cover == 3


def test_mode_switch_is_undoable():
    d = ready(CasualtyDrill(seed=1))
    assert d.dice_box.layout.display == "none"
    d.mode_pick.value = "attack"
    assert d.mode == "attack" and d.dice_box.layout.display == "flex"
    assert {r.id for r in d.board.scene.card_rows} >= {"attackers", "board", "dice", "hand", "out"}
    d.undo()
    assert d.mode == "casualty" and d.mode_pick.value == "casualty"


def test_bad_input_is_one_clear_error():
    from tutor.errors import InputError
    with pytest.raises(InputError, match="mode"):
        CasualtyDrill(mode="bombard")
    with pytest.raises(InputError, match="tokens"):
        CasualtyDrill(Zones(hand=("riflemen-a",)), tokens=["fog-of-war"])


# --- the live-boards issue's polish of the other drills (kept with this tests) ----------

EX = ROOT / "scenarios" / "examples"


def test_los_palette_places_any_kind_for_either_side():
    from tutor.widgets import LosExplorer
    d = ready(LosExplorer())
    d.tool.value = "■ Axis"
    d.kind.value = "armor"
    d.click_hex((4, 4))
    u = d.state.field.units[(4, 4)]
    assert (u.side, u.kind, u.figures) == ("axis", "armor", 3)
    d.tool.value = "● Allied"
    d.kind.value = "artillery"
    d.click_hex((4, 4))                               # another side or kind replaces the unit
    u = d.state.field.units[(4, 4)]
    assert (u.side, u.kind, u.figures) == ("allied", "artillery", 2)
    assert [m.kind for m in d.board.scene.units] == ["artillery"]
    d.click_hex((4, 4))                               # the same again removes it
    assert (4, 4) not in d.state.field.units


def test_overrun_retreat_destination_is_the_learners_choice():
    from tutor.widgets import OverrunDrill
    d = ready(OverrunDrill(EX / "armor-overrun.yaml", seed=1))
    d.dice.value = "flag, infantry, star"
    d.click_hex((7, 3))
    c = d.state.choice
    assert c.destinations == ((6, 2), (8, 2)) and c.chosen == (6, 2)       # the engine's first, by default
    assert {m.hex for m in d.board.scene.markers if m.kind == "legal"} == {(8, 2)}
    assert "could also end on 8,2" in d.status.value
    d.click_hex((8, 2))                               # battle(..., retreat_to=8,2) with the same dice
    uid = d.game.units[(8, 2)].uid
    assert (6, 2) not in d.game.units and d.state.choice.chosen == (8, 2)
    assert [e.to for e in d.state.last if e.kind == "retreat"] == [(8, 2)]
    assert [m.text for m in d.board.scene.markers if m.kind == "lost"] == ["−1"]
    d.undo()
    assert d.game.units[(6, 2)].uid == uid and d.state.choice.chosen == (6, 2)
    d.click_hex((7, 3))                               # take ground: the choice is over
    assert d.state.choice is None and d.armor_hex == (7, 3)


def test_every_drill_has_a_legend_strip():
    from tutor.widgets import LosExplorer
    d = ready(LosExplorer(ROOT / "scenarios" / "hills-and-line-of-sight.yaml", origin=(4, 6), target=(12, 2)))
    assert "line passes through (blocks)" in d.legend.value and "in line of sight" in d.legend.value
    c = ready(CasualtyDrill(seed=1))
    assert c.legend.value == "" or "tutor-legend" in c.legend.value
    tap_unit(c, "scouts-b")
    assert "tap a row" in c.legend.value
    c.tap("hand")
    assert "just removed from the game" in c.legend.value and "removed (was here)" in c.legend.value
