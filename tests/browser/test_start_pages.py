"""The two start pages, as a newcomer meets them: Voilà in headless chromium at a laptop's 1366×768
(mouse) and a classroom tablet's 768×1024 (touch). The learner does the whole turn by taps —
Memoir '44: a card, two orders, a move, a battle (its dice guessed first), the draw; Undaunted: the draw, the initiative bid,
a card played on the live board — and after each tap the engine's answer appears. The page never
scrolls sideways, stays short (at most 6,000 px tall at 1366 wide) and shows at most 1,200 words.
Screenshots go to tests/artifacts/start-*.png.
"""

from __future__ import annotations

import random

import pytest

from .conftest import ARTIFACTS
from .helpers import HEIGHT_JS, visible_words
from .test_memoir_boards import BOARD_JS, SIZES, opened, tap_hex
from .test_undaunted_boards import PIXELS_JS
from .test_undaunted_boards import _point as und_point

pytestmark = pytest.mark.browser

DEVICES = SIZES          # laptop 1366×768 with a mouse, tablet 768×1024 with touch
MAX_WORDS, MAX_HEIGHT = 1200, 6000

# Memoir '44: (what to tap: a button's name or a hex, text the page shows after it)
MEMOIR_TURN = [
    ("Probe Center", "Step 2: order units"),
    ((4, 6), "the card allows no order for the Allied infantry on 4,6"),
    ((10, 6), "The Allied infantry on 10,6 receives an order"),
    ((14, 6), "Step 3: move"),
    ((10, 6), "tap an empty hex to move there"),
    ((10, 4), "The Allied infantry moves 10,6 → 10,4"),
    ((14, 6), "tap an empty hex to move there"),
    ((15, 3), "how many dice does it roll?"),
    ("3 dice", "battles the Axis infantry on 15,3"),
    ("End the turn: draw a card", "Step 5 done"),
]


def _shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _press(page, name, touch):
    button = page.get_by_role("button", name=name, exact=False).first
    button.scroll_into_view_if_needed()
    button.tap() if touch else button.click()


def _measure(page, size, viewport):
    """No sideways scrolling; on the laptop, as the page opens (before any tap): its height and its
    visible words (a closed "Original text" is not visible), printed and held to the limits."""
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    if size == "laptop":
        height = page.evaluate(HEIGHT_JS)
        words = visible_words(page)
        print(f"{page.url.rsplit('/', 1)[-1]} at 1366: {height} px tall, {words} visible words")
        assert height <= MAX_HEIGHT and words <= MAX_WORDS


@pytest.mark.parametrize("size", list(DEVICES))
def test_a_memoir_turn_by_taps(chromium, app, size):
    viewport, touch = DEVICES[size]
    with opened(chromium, app, "00-start-memoir.ipynb", size, f"start-memoir-{size}") as page:
        page.wait_for_function(f"(() => {{ const b = ({BOARD_JS})(0); return b && b.ink > 20000; }})()")
        _measure(page, size, viewport)
        for what, text in MEMOIR_TURN:
            if isinstance(what, str):
                _press(page, what, touch)
            else:
                page.locator("canvas.tutor-board").first.evaluate("e => e.scrollIntoView({block: 'center'})")
                tap_hex(page, 0, "chapters/first-turn", what, touch)
            page.get_by_text(text, exact=False).first.wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.locator("canvas.tutor-board").first.evaluate("e => e.scrollIntoView({block: 'center'})")
        _shot(page, f"start-memoir-{size}")


def _after_bid():
    """The state the Undaunted start page's board starts from after the first bid button."""
    from tutor.chapters import start_undaunted as S
    from tutor.chapters.und21 import worked_start
    from tutor.undaunted import DrawCards, RevealInitiative, apply
    s = apply(worked_start(), DrawCards(), random.Random(3)).state
    return apply(s, RevealInitiative(allied=s.zones_of("allied").hand[0],
                                     axis=S.axis_bid(s.zones_of("axis").hand))).state


@pytest.mark.parametrize("size", list(DEVICES))
def test_an_undaunted_round_by_taps(chromium, app, size):
    viewport, touch = DEVICES[size]
    with opened(chromium, app, "20-start-undaunted.ipynb", size, f"start-undaunted-{size}") as page:
        _measure(page, size, viewport)
        _press(page, "Draw 4 cards", touch)
        page.get_by_text("Step 2: bid for initiative", exact=False).first.wait_for()
        _press(page, "(initiative", touch)
        page.get_by_text("Step 3: play your cards", exact=False).first.wait_for()
        page.wait_for_function(f"(() => {{ const p = ({PIXELS_JS})(0); return p && p.ink > 20000; }})()")
        state = _after_bid()
        board = page.locator(".tutor-undaunted-board").first
        canvas = board.locator("canvas").first
        for what, text in [(("unit", "axis:riflemen-a"), "Move 1"), (("tile", "3B"), "12A → 3B")]:
            info = page.evaluate(PIXELS_JS, 0)
            k = info["cssWidth"] / (info["width"] / 2)
            x, y = und_point(state, what)
            canvas.evaluate("e => e.scrollIntoView({block: 'center'})")
            spot = {"x": float(x) * k, "y": float(y) * k}
            canvas.tap(position=spot) if touch else canvas.click(position=spot)
            board.locator(".tutor-status", has_text=text).first.wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        _shot(page, f"start-undaunted-{size}")
