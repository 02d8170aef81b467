"""*Play a battle* and the Memoir '44 start page agree on the first battle: every terrain and
obstacle on Pegasus Bridge's map is taught by a chapter the page names, and each of those
chapters is on the start page's first-battle path."""

from __future__ import annotations

import json

from tutor import course
from tutor.chapters import start_memoir as S
from tutor.memoir import game as G
from tutor.paths import NOTEBOOKS


def test_every_kind_on_the_map_is_named_with_its_chapter():
    st = G.new_game("pegasus-bridge", 0).state
    on_map = set(st.terrain.values()) | set(st.obstacles.values()) | ({"objective"} if st.objectives else set())
    named = set().union(*(kinds for _, _, kinds in S.BATTLE_NEEDS))
    assert on_map == named


def test_the_chapters_named_are_on_the_start_pages_path_and_linked():
    assert all(n in S.FIRST_BATTLE for _, n, _ in S.BATTLE_NEEDS)
    assert set(range(1, 9)) <= set(S.FIRST_BATTLE)
    html = S.battle_needs_html()
    by_number = {c.number: c for c in course.CHAPTERS if c.game == course.MEMOIR}
    for _, n, _ in S.BATTLE_NEEDS:
        assert f'href="{by_number[n].notebook}"' in html
    assert 'href="00-start-memoir.ipynb"' in html
    # the start page's map says so too: its path ends with Play a battle
    assert "play-a-battle.ipynb" in course.map_html(course.MEMOIR, path=S.FIRST_BATTLE, battle="play-a-battle.ipynb")


def test_play_a_battle_shows_them_near_its_top():
    nb = json.loads((NOTEBOOKS / "play-a-battle.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert "battle_needs()" in code[1]                # right after the navigation, before the board
    assert "BattleApp" in code[2]
    assert "Pass the screen" in "".join(nb["cells"][-1]["source"])
