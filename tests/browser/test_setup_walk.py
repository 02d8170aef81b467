"""Chapter 2 in the app: the Pegasus Bridge board built step by step, tapped through its thirteen
steps as a learner taps them, at a laptop size with a mouse and at a classroom tablet's size with
touch. One counter, the rulebook's step number; the board's pixels change as the terrain, the
obstacles and the units go on. A failing test leaves a screenshot in tests/artifacts/;
TUTOR_SCREENSHOTS=1 keeps one of steps 3, 5 and 13.
"""

from __future__ import annotations

import os
import re

import pytest

from .conftest import ARTIFACTS
from .helpers import wait_for_voila, wait_for_widgets_settled
from .test_memoir_boards import BOARD_JS, SIZES

pytestmark = pytest.mark.browser

CHANGES = {3: "Terrain", 4: "Obstacles", 5: "Units", 6: "Badges and medals"}   # steps that change the board


@pytest.mark.parametrize("size", list(SIZES))
def test_build_pegasus_bridge_step_by_step(app, chromium, size):
    viewport, touch = SIZES[size]
    context = chromium.new_context(viewport=viewport, has_touch=touch)
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(app + "voila/render/02-setup-pegasus-bridge.ipynb")
        wait_for_voila(page)
        wait_for_widgets_settled(page)
        walk = page.locator(".tutor-setup-walk")
        walk.scroll_into_view_if_needed()
        page.wait_for_function(f"(() => {{ const b = ({BOARD_JS})(0); return b && b.ink > 20000; }})()")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]   # no sideways scrolling
        head = walk.get_by_text(re.compile(r"^Step \d+ of 13"))
        assert head.inner_text() == "Step 1 of 13: Choose a battle"
        next_step = walk.get_by_role("button", name="Next step")
        for n in range(2, 14):
            before = page.evaluate(BOARD_JS, 0)["hash"]
            next_step.tap() if touch else next_step.click()
            walk.get_by_text(re.compile(rf"^Step {n} of 13: ")).wait_for()
            text = head.inner_text()
            assert len(re.findall(r"\d+ of \d+", text)) == 1 and not re.search(r"\d+/\d+", text)   # one counter
            if n in CHANGES:
                assert text == f"Step {n} of 13: {CHANGES[n]}"
                page.wait_for_function(f"(() => ({BOARD_JS})(0).hash !== {before})()")
            if os.environ.get("TUTOR_SCREENSHOTS") == "1" and n in (3, 5, 13):
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                walk.scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"setup-walk-step{n}-{size}.png"))
        assert next_step.is_disabled()
        assert walk.get_by_text("Play a battle").count() == 1
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"setup-walk-{size}-FAILED.png"))
        raise
    finally:
        context.close()
