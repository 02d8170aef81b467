"""Play a battle as a newcomer meets it: Voilà in headless chromium at a laptop's 1366×768 (mouse)
and a tablet's 768×1024 (touch). The learner turns the coach off and on, taps a card the coach
lists, orders a unit the coach lists, ends the turn and reads the computer's reply explained in
the log (its card, its units, why). The same taps on the same seeded game in this process say
what the page must answer. At 1366×768 the hand is beside the board, its top on screen with the
board's; the page never scrolls sideways and no learner reads an internal word. Screenshots go to
tests/artifacts/ (``play-a-battle-<device>-<step>.png``).
"""

from __future__ import annotations

import html
import re

import pytest

from .conftest import ARTIFACTS, PAGE_TIMEOUT
from .helpers import wait_for_voila
from .learner_text import internal_words
from .test_pages import PAGE_TEXT_JS

pytestmark = pytest.mark.browser

PAGE = "play-a-battle.ipynb"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
          "device_scale_factor": 2}


def words(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def tap(page, locator, x, y, touch):
    """Tap (or click) ``locator``, a canvas drawn at 2 px per layout px, at layout pixel (x, y)."""
    locator.evaluate("e => e.scrollIntoView({block: 'center'})")
    box = locator.bounding_box()
    k = box["width"] / locator.evaluate("e => e.width / 2")
    spot = {"x": float(x) * k, "y": float(y) * k}
    locator.tap(position=spot) if touch else locator.click(position=spot)


@pytest.mark.parametrize("device,tag", [(LAPTOP, "laptop"), (TABLET, "tablet")])
def test_a_coached_first_turn_and_the_computers_reply(chromium, app, device, tag):
    from tutor.memoir import cards as C
    from tutor.memoir import game as G
    from tutor.widgets import BattleApp
    mirror = BattleApp("pegasus-bridge", seed=0, solo="axis")        # the page's solo game
    mirror.board._on_client_ready()
    mirror.hand._on_client_ready()
    touch = device.get("has_touch", False)
    context = chromium.new_context(**device)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    shot = 0

    def snap():
        nonlocal shot
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"play-a-battle-{tag}-{shot}.png"))
        shot += 1

    try:
        page.goto(app + f"voila/render/{PAGE}")
        wait_for_voila(page)
        game = page.locator(".tutor-battle").first
        game.locator(".tutor-battle-coach").wait_for()
        board = game.locator("canvas.tutor-battle-board").last
        hand = game.locator("canvas.tutor-battle-hand").last
        if device is LAPTOP:           # the hand beside the board: both on screen at once
            board.evaluate("e => e.scrollIntoView({block: 'start'})")
            b, h = board.bounding_box(), hand.bounding_box()
            assert h["x"] >= b["x"] + b["width"] - 1 and h["y"] >= 0
            assert h["y"] + h["height"] <= device["viewport"]["height"]
            assert b["y"] + b["height"] <= device["viewport"]["height"]
        snap()
        # the switch: off, then on
        switch = game.get_by_role("checkbox", name="Coach: what can I do now?")
        switch.tap() if touch else switch.click()
        game.locator(".tutor-battle-coach").wait_for(state="detached")
        switch.tap() if touch else switch.click()
        coach = game.locator(".tutor-battle-coach")
        coach.wait_for()
        listed = words(coach.inner_html())
        card = next(c for c in mirror.hand_cards() if c.startswith("probe_center"))
        assert f"Play {C.name(card)}" in listed
        # tap the card the coach lists
        x, y, w, h = mirror.card_box(mirror.hand_cards().index(card))
        mirror.tap_card(mirror.hand_cards().index(card))
        tap(page, hand, x + w / 2, y + h / 2, touch)
        game.get_by_text(f"{C.name(card)} orders", exact=False).first.wait_for()
        unit = next(a.split()[1] for a in G.legal_actions(mirror.game) if a.startswith("order "))
        assert f"Order the Allied Infantry on {unit}" in words(mirror.coach.value)
        coach.get_by_text(f"Order the Allied Infantry on {unit}", exact=False).first.wait_for()
        snap()
        # tap the unit the coach lists: it is ordered
        from tutor.hexes import parse_hex
        cx, cy = mirror.board.scene.geometry.centre(parse_hex(unit))
        mirror.click_hex(unit)
        assert mirror.game.action == f"order {unit}"
        tap(page, board, cx, cy, touch)
        game.get_by_text("1 ordered", exact=False).first.wait_for()
        for label in ("Orders done", "End turn"):
            if label == "End turn" and mirror.game.player != "allied":
                break
            (mirror.done_button if label == "Orders done" else mirror.end_button).click()
            button = game.get_by_role("button", name=label)
            button.tap() if touch else button.click()
        # the computer's reply, explained in the log: its card and why
        played = next(x for x in _chain(mirror.game) if x.action and x.action.startswith("play ")
                      and x.prev.side == "axis")
        said = f"The computer: The Axis plays {C.name(played.action.split()[1])}"
        assert said in words(mirror.log_html.value)
        log = game.locator(".tutor-log")
        log.get_by_text(said, exact=False).first.wait_for()
        log.evaluate("e => e.scrollIntoView({block: 'start'})")
        assert "why:" in words(log.inner_html())
        snap()
        assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
        found = internal_words(page.evaluate(PAGE_TEXT_JS))
        assert found == [], "the page shows internal words:\n" + "\n".join(found)
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"play-a-battle-{tag}-FAILED.png"), full_page=True)
        raise
    finally:
        context.close()


def _chain(g):
    while g is not None:
        yield g
        g = g.prev
