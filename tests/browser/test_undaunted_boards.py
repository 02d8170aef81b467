"""The live Undaunted board in the chapters, as a learner meets it: Voilà in headless chromium at a
laptop's 1366×768 (mouse) and a classroom tablet's 768×1024 (touch taps). Each chapter's board is
tapped on its tiles and tokens; after every tap the ruling text appears under the board and the
board's pixels change. The page never scrolls sideways. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, PAGE_TIMEOUT
from .helpers import wait_for_voila

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
          "device_scale_factor": 2}

# chapter -> [(what to tap: ("tile", id) or ("unit", "side:unit"), text expected after it)] (chapter 1
# of Undaunted shows La Raye as a picture now; its questions are taps: tests/browser/test_tap_questions.py)
TAPS = {
    "22-undaunted-the-round.ipynb": [
        (("tile", "15A"), "No unit of yours here"),
        (("unit", "axis:scouts-b"), "Scout 2"),
        (("tile", "17B"), "2 ways lead to 17B"),
        (("tile", "3B"), "scouted markers on 17B"),
        (("unit", "axis:riflemen-a"), "Move 1"),
        (("tile", "10B"), "Refused (10B)"),
    ],
    "23-undaunted-movement-and-fog-of-war.ipynb": [
        (("unit", "axis:riflemen-a"), "Move 1"),
        (("tile", "17B"), "Refused (17B)"),
        (("unit", "axis:scouts-b"), "Scout 2"),
        (("tile", "14A"), "scouted markers on 14A"),
    ],
    "24-undaunted-support-actions.ipynb": [
        (("unit", "allied:riflemen-c"), "Control"),
        (("unit", "allied:riflemen-c"), "takes control of 7A"),
        (("tile", "15A"), "No unit of yours here"),
    ],
    "26-undaunted-worked-round.ipynb": [
        (("unit", "axis:riflemen-a"), "Move 1"),
        (("tile", "17B"), "Refused (17B)"),
        (("unit", "axis:scouts-b"), "Scout 2"),
        (("tile", "14A"), "scouted markers on 14A"),
    ],
    "27-undaunted-end-of-game.ipynb": [
        (("unit", "axis:riflemen-a"), "Move 1"),
        (("tile", "2A"), "moves 17B → 2A"),
        (("tile", "2A"), "Move 1"),
        (("button", "Control"), "Control"),
        (("tile", "2A"), "wins"),
        (("tile", "15A"), "The game is over"),
    ],
    "28-undaunted-the-platoon.ipynb": [
        (("unit", "allied:riflemen-c"), "Rifleman C: Move"),
        (("unit", "allied:scouts-c"), "Scout C: Scout"),
        (("unit", "allied:machine-gunners-c"), "Machine Gunner C: Move"),
        (("unit", "allied:sniper"), "Sniper: Stalk"),
        (("unit", "allied:mortar"), "Mortar: Move"),
    ],
}

# Hash and ink of the board's canvas (the one inside the Undaunted board widget).
PIXELS_JS = """(i) => {
  const c = document.querySelectorAll('.tutor-undaunted-board canvas')[i];
  if (!c) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let ink = 0, h = 0;
  for (let k = 0; k < d.length; k += 4) {
    if (d[k + 3] && (d[k] < 250 || d[k + 1] < 250 || d[k + 2] < 250)) ink++;
    h = (h * 31 + d[k] + 7 * d[k + 1] + 13 * d[k + 2]) | 0;
  }
  const r = c.getBoundingClientRect();
  return {ink, hash: h, width: c.width, left: r.left, top: r.top, cssWidth: r.width};
}"""


def _point(state, what):
    """Layout pixel (in the board scene) of a tile's lower band or a token's middle (tiles never
    move; each sequence taps a token before its unit moves)."""
    from tutor.render.undaunted import board_scene, tile_box
    kind, key = what
    if kind == "tile":
        x, y, w, h = tile_box(state.board.tile(key).pos)
        return x + w // 2 - 20, y + h - 6
    ch = next(c for c in board_scene(state).chips if c.key == key)
    return ch.x + ch.w / 2, ch.y + ch.h / 2


def _first_state(name):
    """The game the chapter's board starts from (built here the way the chapter builds it)."""
    from tutor.chapters import und21, und22, und23, und24, und26, und27, und28
    boards = {"21": und21.la_raye_board, "28": und28.roles_board, "22": und22.turn_board, "23": und23.move_board, "24": und24.support_board, "26": und26.round_board,
              "27": und27.objective_board}
    return boards[name[:2]]().game


def _run(chromium, app, name, device, tag):
    context = chromium.new_context(**device)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    touch = device.get("has_touch", False)
    try:
        page.goto(app + f"voila/render/{name}")
        wait_for_voila(page)
        page.wait_for_function(f"(() => {{ const p = ({PIXELS_JS})(0); return p && p.ink > 20000; }})()")
        board = page.locator(".tutor-undaunted-board").first
        canvas = board.locator("canvas").first
        board.scroll_into_view_if_needed()
        state = _first_state(name)
        before = page.evaluate(PIXELS_JS, 0)
        k = before["cssWidth"] / (before["width"] / 2)            # the canvas is drawn at 2 px per layout px
        for what, text in TAPS[name]:
            before = page.evaluate(PIXELS_JS, 0)
            if what[0] == "button":
                button = board.get_by_role("button", name=what[1], exact=True)
                button.tap() if touch else button.click()
            else:
                x, y = _point(state, what)
                spot = {"x": float(x) * k, "y": float(y) * k}       # relative to the canvas
                # The whole board in view first: ipycanvas focuses the canvas on mousedown and reads
                # the click's position after that focus has scrolled a half-hidden canvas into view,
                # so a first click on a board cut by the window's edge lands off by the scroll.
                canvas.evaluate("e => e.scrollIntoView({block: 'center'})")
                canvas.tap(position=spot) if touch else canvas.click(position=spot)
            board.locator(".tutor-status", has_text=text).first.wait_for()
            page.wait_for_function(f"(() => ({PIXELS_JS})(0).hash !== {before['hash']})()")
        assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(ARTIFACTS / f"undaunted-board-{tag}-{name[:2]}.png"))
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"undaunted-board-{tag}-{name[:2]}-FAILED.png"), full_page=True)
        raise
    finally:
        context.close()


@pytest.mark.parametrize("name", list(TAPS))
def test_board_answers_taps_on_a_laptop(chromium, app, name):
    _run(chromium, app, name, LAPTOP, "laptop")


@pytest.mark.parametrize("name", list(TAPS))
def test_board_answers_taps_on_a_tablet(chromium, app, name):
    _run(chromium, app, name, TABLET, "tablet")
