"""A check-yourself question answered on a live board (tutor.widgets.TapQuestion), in the Voilà app
at a laptop's 1366×768 (mouse) and a tablet's 768×1024 (touch): a wrong tap on a tile gets the
hint and a second try, a right tap solves it, and the landing page counts it as solved.
Screenshots go to tests/artifacts/."""

from __future__ import annotations

import json

import pytest

from tutor import course

from .conftest import ARTIFACTS, PAGE_TIMEOUT
from .helpers import wait_for_voila

pytestmark = pytest.mark.browser

CH23 = "23-undaunted-movement-and-fog-of-war.ipynb"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
          "device_scale_factor": 2}


def _spot(q, tile, k):
    from tutor.render.undaunted import board_window, tile_box
    x, y, w, h = tile_box(board_window(q.board, q.window).board.tile(tile).pos)
    return {"x": (x + w // 2 - 20) * k, "y": (y + h - 6) * k}


def _run(chromium, app, device, tag):
    from tutor.chapters import und23
    q = next(q for q in und23.questions() if q.key == "23.move")
    right = sorted(q.places_fn()[0])
    wrong = next(t for t in sorted(q.window) if t not in right and t != "12A")
    context = chromium.new_context(**device)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    touch = device.get("has_touch", False)
    try:
        page.goto(app + f"voila/render/{CH23}")
        wait_for_voila(page)
        box = page.locator(".tutor-tap-question").first
        canvas = box.locator("canvas").first
        canvas.evaluate("e => e.scrollIntoView({block: 'center'})")
        page.wait_for_function("e => e.width > 0 && e.getBoundingClientRect().width > 0", arg=canvas.element_handle())
        k = canvas.evaluate("e => e.getBoundingClientRect().width / (e.width / 2)")
        for tile, said in ((wrong, "try once more"), (right[0], "Right.")):
            canvas.evaluate("e => e.scrollIntoView({block: 'center'})")
            spot = _spot(q, tile, k)
            canvas.tap(position=spot) if touch else canvas.click(position=spot)
            box.locator(".tutor-status", has_text=said).first.wait_for()
            if said != "Right.":
                box.locator(".tutor-why", has_text="The rule to use").first.wait_for()
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                box.screenshot(path=str(ARTIFACTS / f"tap-question-{tag}-hint.png"))
        page.wait_for_function(f"() => (localStorage.getItem({json.dumps(course.STORAGE_KEY)}) || '')"
                               ".includes('\"solved\":[\"23.move\"]')")
        assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
        box.screenshot(path=str(ARTIFACTS / f"tap-question-{tag}-solved.png"))
        page.goto(app)
        wait_for_voila(page)
        page.get_by_text("You solved 1 question without the answer shown.").first.wait_for()
        page.screenshot(path=str(ARTIFACTS / f"tap-question-{tag}-landing.png"))
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"tap-question-{tag}-FAILED.png"), full_page=True)
        raise
    finally:
        context.close()


def test_a_board_question_answered_wrongly_then_rightly_on_a_laptop(chromium, app):
    _run(chromium, app, LAPTOP, "laptop")


def test_a_board_question_answered_wrongly_then_rightly_on_a_tablet(chromium, app):
    _run(chromium, app, TABLET, "tablet")
