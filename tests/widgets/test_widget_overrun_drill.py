"""The armor overrun drill from start to end, by clicks; every step and refusal is the engine's."""

from pathlib import Path

from tutor.memoir import rules as R
from tutor.widgets import OverrunDrill

EX = Path(__file__).resolve().parents[2] / "scenarios" / "examples"


def ready(d):
    d.board._on_client_ready()
    return d


def tap(d, h):
    x, y = d.board.scene.geometry.centre(h)
    d.click(x - 2, y + 5)


def test_the_whole_assault():
    d = ready(OverrunDrill(EX / "armor-overrun.yaml", seed=1))
    ordered = d.state.log[0][1].text                  # "Turn 1: the Allies order …": in the step log only
    assert ordered in d.step_log.value and ordered not in d.why.value
    assert {s.hex for s in d.board.scene.shades if s.role == "legal"} == {(7, 3)}
    tap(d, (10, 2))                                   # close-combat rule: adjacent enemy first
    assert "close combat" in d.status.value and R.CLOSE_COMBAT.key in d.why.value
    d.dice.value = "flag, infantry, star"
    tap(d, (7, 3))
    assert d.game.vacated == (7, 3) and "take ground" in d.status.value
    assert [m.text for m in d.board.scene.markers if m.kind == "lost"] == ["−1"]
    tap(d, (7, 3))                                    # take ground
    assert d.armor_hex == (7, 3) and d.game.overrun_ready
    retreated = next(e.to for _, e in d.state.log if e.kind == "retreat")
    d.dice.value = "grenade, grenade, infantry"
    tap(d, retreated)                                 # the overrun
    assert retreated not in d.game.units
    assert any(e.kind == "eliminated" for e in d.state.last)
    tap(d, retreated)                                 # second take ground
    assert d.armor_hex == retreated
    enemy = next(h for h, u in d.game.units.items() if u.side == "axis")
    tap(d, enemy)                                     # a second overrun: refused, with the rule
    assert "Refused" in d.status.value and R.OVERRUN_ONCE.key in d.why.value
    assert "Step log" in d.step_log.value and d.step_log.value.count("<li>") == len(d.state.log)
    d.undo()
    assert d.state.refusal is None and d.armor_hex == retreated
    d.reset()
    assert d.armor_hex == (6, 4) and len(d._history) == 0


def test_seeded_rolls_repeat():
    a = ready(OverrunDrill(EX / "armor-overrun.yaml", seed=5))
    b = ready(OverrunDrill(EX / "armor-overrun.yaml", seed=5))
    for d in (a, b):
        d.dice.value = ""                             # an empty box: the seeded dice roll
        tap(d, (7, 3))
    assert [e.text for e in a.state.last] == [e.text for e in b.state.last]
    assert any(e.kind == "roll" for e in a.state.last)


def test_bad_dice_text_is_a_refusal_not_a_crash():
    d = ready(OverrunDrill(EX / "armor-overrun.yaml"))
    d.dice.value = "banana"
    tap(d, (7, 3))
    assert "banana" in d.status.value and d.game.records[d.state.uid].battles == 0


def test_the_default_takes_ground_and_overruns():
    """Without touching the dice (the rulebook's flag, infantry, star): 1 hit and a retreat, take
    ground, the overrun, take ground again; a third battle is refused, its reason said once."""
    d = ready(OverrunDrill(EX / "armor-overrun.yaml"))
    assert d.dice.value == "flag, infantry, star"
    tap(d, (7, 3))
    assert d.game.vacated == (7, 3)
    tap(d, (7, 3))
    assert d.armor_hex == (7, 3) and d.game.overrun_ready
    retreated = next(e.to for _, e in d.state.log if e.kind == "retreat")
    tap(d, retreated)
    assert [t for t, e in d.state.log if e.kind == "battle"] == ["Close assault", "Overrun"]
    assert d.game.vacated == retreated
    tap(d, retreated)
    assert d.armor_hex == retreated
    enemy = next(h for h, u in d.game.units.items() if u.side == "axis")
    tap(d, enemy)
    assert "Refused" in d.status.value
    for text in (d.status.value, d.why.value, d.step_log.value):
        assert "refused: refused" not in text.lower() and "refused</b>: refused" not in text.lower()
