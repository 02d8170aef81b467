"""The retreat drill, driven by clicks at pixel coordinates; rulings are the engine's."""

from pathlib import Path

from tutor.memoir.retreat import ruling
from tutor.memoir.state import load
from tutor.widgets import RetreatDrill

EX = Path(__file__).resolve().parents[2] / "scenarios" / "examples"


def ready(d):
    d.board._on_client_ready()
    return d


def tap(d, h):
    x, y = d.board.scene.geometry.centre(h)
    d.click(x + 3, y - 4)


def test_blocked_retreat_costs_a_figure():
    path = EX / "retreat-river-and-unit.yaml"
    d = ready(RetreatDrill(path))
    tap(d, (7, 3))
    r = ruling(load(path), (7, 3), 1, None)
    assert d.ruling == r and r.losses == 1
    closed = {m.hex for m in d.board.scene.markers if m.kind == "closed"}
    assert closed == {b.hex for b in r.blocked}
    for b in r.blocked:
        assert b.reason in d.why.value
    assert [m.text for m in d.board.scene.markers if m.kind == "lost"] == ["−1"]
    tap(d, (6, 2))                               # a closed hex: told why
    assert "Not legal" in d.status.value and "stands on 6,2" in d.status.value
    d.undo()
    tap(d, (7, 3))
    assert "Right" in d.status.value
    assert r.text.replace("'", "&#x27;") in d.why.value


def test_paths_appear_step_by_step_and_answers_are_judged():
    path = EX / "retreat-river-and-unit.yaml"
    d = ready(RetreatDrill(path, unit="8,4", flags=2))
    r = d.ruling
    assert r.retreat == 2
    first = {s.hex for s in d.board.scene.shades if s.role == "path"}
    assert first == {p[1] for p in r.paths}
    d.next_step()
    assert {s.hex for s in d.board.scene.shades if s.role == "legal"} == set(r.destinations)
    assert d.next_button.disabled
    tap(d, (9, 5))                               # only one hex: too short
    assert "must retreat 2 hexes" in d.status.value
    d.undo()
    tap(d, r.destinations[0])
    assert "Legal" in d.status.value
    tap(d, (7, 3))                               # a new unit after answering
    assert d.step.unit == (7, 3) and d.step.answer is None
    d.reset()
    assert d.step.unit == (8, 4) and d.step.flags == 2


def test_roll_is_deterministic_with_a_seed():
    path = EX / "retreat-two-paths.yaml"
    a, b = ready(RetreatDrill(path, seed=7)), ready(RetreatDrill(path, seed=7))
    unit = sorted(a.game.units)[0]
    for d in (a, b):
        tap(d, unit)
        d.roll()
    assert a.step.faces == b.step.faces and len(a.step.faces) == 3
    assert a.step.flags == sum(f == "flag" for f in a.step.faces)
    assert a.flags_pick.value == a.step.flags
    a.reset()
    a.click_hex(unit)
    a.roll()
    assert a.step.faces == b.step.faces           # reset re-seeds


def test_tap_an_empty_hex_first():
    d = ready(RetreatDrill(EX / "retreat-one-path.yaml"))
    tap(d, (0, 8))
    assert "holds no unit" in d.status.value
