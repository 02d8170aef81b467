"""The retreat drill, driven by clicks at pixel coordinates; rulings are the engine's. The drill
asks before it shows: nothing selected, shaded or crossed out until the learner answers."""

from pathlib import Path

from tutor.memoir.retreat import ruling
from tutor.memoir.state import load
from tutor.widgets import RetreatDrill

EX = Path(__file__).resolve().parents[2] / "scenarios" / "examples"
CH = Path(__file__).resolve().parents[2] / "scenarios" / "chapters"


def ready(d):
    d.board._on_client_ready()
    return d


def tap(d, h):
    x, y = d.board.scene.geometry.centre(h)
    d.click(x + 3, y - 4)


def shown(d) -> tuple[set, set]:
    """What the board gives away: its shaded hexes and its markers (crossed out, lost, right)."""
    return {s.hex for s in d.board.scene.shades}, {(m.hex, m.kind) for m in d.board.scene.markers}


def test_first_screen_shows_no_answer():
    d = ready(RetreatDrill(CH / "retreat-drill.yaml", unit="6,2", flags=1, seed=7))
    assert shown(d) == (set(), set())                          # nothing selected, nothing crossed out
    assert [n.text for n in d.board.scene.notes] == ["1 flag"]  # only the question: which unit, how many flags
    r = ruling(load(CH / "retreat-drill.yaml"), (6, 2), 1, None)
    assert r.blocked                                            # the river closes hexes ...
    for b in r.blocked:
        assert b.reason not in d.why.value and b.reason not in d.status.value   # ... not said yet
    assert "Where does it end?" in d.status.value and "6,2" in d.status.value
    assert not d.show_button.disabled


def test_blocked_retreat_costs_a_figure():
    path = EX / "retreat-river-and-unit.yaml"
    d = ready(RetreatDrill(path))
    tap(d, (7, 3))
    r = ruling(load(path), (7, 3), 1, None)
    assert d.ruling == r and r.losses == 1
    assert shown(d)[1] == set()                                 # asked, not answered
    tap(d, (6, 2))                                             # another unit: not an answer
    assert d.step.answer is None and d.step.unit == (7, 3)
    assert "not an answer" in d.status.value and shown(d)[1] == set()
    tap(d, (9, 3))                                             # an empty hex behind: the answer, judged
    assert "Not legal" in d.status.value
    closed = {m.hex for m in d.board.scene.markers if m.kind == "closed"}
    assert {b.hex for b in r.blocked} <= closed
    for b in r.blocked:
        assert b.reason in d.why.value
    assert [m.text for m in d.board.scene.markers if m.kind == "lost"] == ["−1"]
    d.undo()
    tap(d, (7, 3))                                             # the unit itself: it stays
    assert "Right" in d.status.value
    assert r.text.replace("'", "&#x27;") in d.why.value


def test_a_second_tap_on_another_unit_asks_about_it():
    d = ready(RetreatDrill(EX / "retreat-river-and-unit.yaml", unit="7,3"))
    tap(d, (6, 2))
    tap(d, (6, 2))
    assert d.step.unit == (6, 2) and d.step.answer is None and shown(d)[1] == set()


def test_answers_are_judged_and_show_me_reveals():
    path = EX / "retreat-river-and-unit.yaml"
    d = ready(RetreatDrill(path, unit="8,4", flags=2))
    r = d.ruling
    assert r.retreat == 2 and shown(d) == (set(), set())
    tap(d, (9, 5))                                             # only one hex: too short
    assert "must retreat 2 hexes" in d.status.value
    assert {s.hex for s in d.board.scene.shades if s.role == "legal"} == set(r.destinations)
    d.undo()
    assert shown(d) == (set(), set())
    tap(d, r.destinations[0])
    assert "Legal" in d.status.value and d.show_button.disabled
    tap(d, (7, 3))                                             # a new unit after answering
    assert d.step.unit == (7, 3) and d.step.answer is None
    d.show_me()                                                # no answer: the ruling, shown
    assert "The answer" in d.status.value and (7, 3) in shown(d)[0]
    d.reset()
    assert d.step.unit == (8, 4) and d.step.flags == 2 and shown(d) == (set(), set())


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
