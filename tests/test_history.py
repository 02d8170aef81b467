"""The history pages (tutor/history.py) and the page for teachers (tutor/teachers.py): every fact
has a public source, the real maps project the cited coordinates consistently (north up, east to
the right, the bridges on their waterways in the right order west to east), the game's boards
mark the same places, and the pages carry no internal words."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.browser.learner_text import british_spellings, internal_words, prose_of_html
from tutor import course, history, teachers
from tutor.history import BATTLES, SOURCES, dms, projection


@pytest.mark.parametrize("key", BATTLES)
def test_every_fact_names_a_known_public_source(key):
    b = BATTLES[key]
    facts = history.facts(b)
    assert len(facts) >= 15
    for f in facts:
        assert f.sources, f"no source for: {f.text}"
        for s in f.sources:
            assert s in SOURCES, f"unknown source {s!r} for: {f.text}"
            assert SOURCES[s].url.startswith(("http://", "https://")), s
    for pl in b.places:
        assert pl.source in SOURCES
    for _name, _lat, _lon, src in b.offmap:
        assert src in SOURCES


@pytest.mark.parametrize("key", BATTLES)
def test_every_source_listed_on_the_page_is_cited_and_every_citation_resolves(key):
    page = history.page_html(key)
    listed = re.findall(rf'<li id="src-{key}-(\d+)">', page)
    cited = {int(n) for group in re.findall(r"<sup>\[([^\]]+)\]</sup>", page)
             for n in re.findall(r">(\d+)<", group)}
    assert cited == set(range(1, len(listed) + 1)) and listed == [str(n) for n in range(1, len(listed) + 1)]


def test_dms_is_exact_and_signs_west_and_south():
    assert dms(49, 14, 32, "N") == 49 + Fraction(14, 60) + Fraction(32, 3600)
    assert dms(0, 16, "0.8", "W") == -(Fraction(16, 60) + Fraction(8, 36000))
    assert dms(1, 0, 0, "S") == -1
    with pytest.raises(ValueError, match="hemisphere"):
        dms(1, 0, 0, "X")


@pytest.mark.parametrize("key", BATTLES)
def test_the_projection_keeps_north_up_and_east_right(key):
    p = projection(BATTLES[key])
    x0, y0 = p.xy(p.north, p.west)
    x1, y1 = p.xy(p.south, p.east)
    assert (round(x0, 6), round(y0, 6)) == (0, 0)
    assert x1 == pytest.approx(history.MAP_W) and y1 == pytest.approx(p.height)
    # a kilometer east and a kilometer north are the same length on the map
    east = p.xy(p.north, p.west + Fraction(1, 111320) * 1000 / Fraction(p.kx))[0]
    south = p.xy(p.north - Fraction(1000, 111320), p.west)[1]
    assert east == pytest.approx(south, rel=1e-9)


def test_pegasus_bridges_lie_on_their_waterways_west_to_east():
    b = BATTLES["pegasus-bridge"]
    p = projection(b)
    by_name = {pl.name.split(" (")[0]: pl for pl in b.places}
    canal, orne = (w for w in b.waterways)
    assert (canal.name, orne.name) == ("Caen Canal", "River Orne")
    pegasus, horsa = by_name["Pegasus Bridge"], by_name["Horsa Bridge"]
    assert (pegasus.lat, pegasus.lon) in canal.points and (horsa.lat, horsa.lon) in orne.points
    # west to east: Bénouville, Pegasus Bridge (canal), Horsa Bridge (Orne), Ranville
    xs = [p.xy(pl.lat, pl.lon)[0] for pl in (by_name["Bénouville"], pegasus, horsa, by_name["Ranville"])]
    assert xs == sorted(xs) and len(set(xs)) == 4
    # each line runs north to south, and the Orne stays east of the canal along its whole length
    for w in (canal, orne):
        lats = [la for la, _ in w.points]
        assert lats == sorted(lats, reverse=True)
    for (_, lo_c), (_, lo_o) in zip(canal.points, orne.points):
        assert lo_o > lo_c
    # the bridges are a few hundred meters apart, as the sources say
    assert 300 < history.distance_km((pegasus.lat, pegasus.lon), (horsa.lat, horsa.lon)) * 1000 < 800
    for pl in b.places:
        assert p.inside(pl.lat, pl.lon), pl.name


def test_la_raye_places_sit_as_the_sources_describe():
    b = BATTLES["la-raye"]
    w = {x.name: x for x in b.waterways}
    pl = {x.name: x for x in b.places}
    montmartin, stjean = pl["Montmartin-en-Graignes"], pl["Saint-Jean-de-Daye"]
    taute, vire, canal = w["Taute"], w["Vire"], w["Vire\u2013Taute Canal"]
    # the Taute west of Montmartin and meeting Carentan, the Vire to its east
    assert max(lo for _, lo in taute.points) < montmartin.lon < min(lo for _, lo in vire.points)
    assert (pl["Carentan"].lat, pl["Carentan"].lon) in taute.points
    # the canal south of Montmartin and north of Saint-Jean-de-Daye, from the Taute to the Vire
    assert stjean.lat < min(la for la, _ in canal.points) and max(la for la, _ in canal.points) < montmartin.lat
    assert canal.points[0][1] == pytest.approx(taute.points[-1][1], abs=Fraction(1, 100))
    assert canal.points[-1][1] == pytest.approx(vire.points[-1][1], abs=Fraction(1, 100))
    # La Raye is not a dot: the sources do not locate it; its ring lies north of the canal
    (area,) = b.areas
    assert area.name == "La Raye" and area.lat > max(la for la, _ in canal.points)
    assert b.thin


def test_the_real_map_draws_every_place_and_the_board_marks_the_same_numbers():
    b = BATTLES["pegasus-bridge"]
    real = history.real_map_svg(b)
    board = history.game_board_svg(b)
    for pl in b.places:
        assert f">{pl.mark}</text>" in real and pl.name in real
        if pl.on_board:
            assert f">{pl.mark}</text>" in board
    assert "Ouistreham and the sea, 5 km" in real      # 5.5 km north of the window's middle
    lr = history.game_board_svg(BATTLES["la-raye"])
    assert lr.count("<svg") == 1
    assert "(somewhere here)" in history.real_map_svg(BATTLES["la-raye"])


@pytest.mark.parametrize("key", BATTLES)
def test_the_page_has_every_part_and_no_internal_words(key):
    page = history.page_html(key)
    for part in ("Who fought, and why there", "What became of it", "The real place and the game's board",
                 "What the game abstracts", "Where the game departs from what happened",
                 "Your battle and the real one", "Sources"):
        assert part in page
    assert "<button" not in page and "@media print" in page
    assert internal_words(prose_of_html(page)) == [] and british_spellings(prose_of_html(page)) == []
    with pytest.raises(ValueError, match="no history page"):
        history.page_html("stalingrad")


def test_lesson_plans_fill_their_time_and_link_only_written_pages(tmp_path, monkeypatch):
    assert [lesson.minutes for lesson in teachers.LESSONS] == [45, 90]
    with pytest.raises(ValueError, match="take 40 minutes, not 45"):
        teachers.Lesson("short", 45, "", (teachers.Step(40, "x", (), ""),))
    page = teachers.page_html()
    assert internal_words(prose_of_html(page)) == [] and "<button" not in page
    assert british_spellings(prose_of_html(page)) == []
    for name in ("play-a-battle.ipynb", "history-pegasus-bridge.ipynb", "lab.ipynb"):
        assert f'href="{name}"' in page
    # the start pages and worksheets are linked once they exist, and named as coming soon before
    for name in (teachers.START_MEMOIR, teachers.START_UNDAUNTED, teachers.WORKSHEETS):
        assert (f'href="{name}"' in page) == (course.notebooks_dir() / name).is_file()
    (tmp_path / "index.ipynb").write_text("{}")
    (tmp_path / teachers.WORKSHEETS).write_text("{}")
    monkeypatch.setenv("TUTOR_NOTEBOOKS", str(tmp_path))
    page = teachers.page_html()
    assert f'href="{teachers.WORKSHEETS}"' in page and f'href="{teachers.START_MEMOIR}"' not in page
    assert "(coming soon)" in page


def test_the_new_pages_are_on_the_landing_page():
    landing = course.index_html()
    for name in ("history-pegasus-bridge.ipynb", "history-la-raye.ipynb", "teachers.ipynb"):
        assert f'href="{name}"' in landing


def test_the_new_pages_get_no_kernel_waiting_from_the_landing_page():
    from tutor.server.preheat import LANDING, pages_after
    after = pages_after(LANDING)
    assert "glossary.ipynb" in after
    for name in ("history-pegasus-bridge.ipynb", "history-la-raye.ipynb", "teachers.ipynb"):
        assert name not in after


def test_the_lesson_names_the_play_pages_tab_and_switch_by_their_labels():
    """The lesson's "play in pairs" step names the hot-seat tab and the coach switch as the page
    labels them (a teacher reads the words off the plan and looks for them on the screen)."""
    import html
    import json
    import re
    page = html.unescape(teachers.page_html())
    cells = json.loads((course.notebooks_dir() / "play-a-battle.ipynb").read_text())["cells"]
    code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    tabs = re.findall(r'set_title\(\d+, "([^"]+)"\)', code)
    assert "Hot-seat" in tabs and "the page's Hot-seat tab" in page
    from tutor.widgets import BattleApp
    assert BattleApp("pegasus-bridge").coach_switch.description.startswith("Coach") and "the coach on" in page
