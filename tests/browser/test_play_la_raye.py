"""Play La Raye as a learner meets it: Voilà in headless chromium at a laptop's 1366×768 (mouse) and a
classroom tablet's 768×1024 (touch taps). The learner bids for the initiative by tapping a card,
taps a Rifleman's counter and a tile the rules refuse (the refusal and its rule appear, nothing
moves), then a tile they allow, ends the turn and sees the computer's turn and the next round's
bid; on the tablet the hot-seat game passes the screen between the bids. The same taps on the
same numbered game in this process say what the page must answer. After every tap the board's
pixels change; the board is never blank, the page never scrolls sideways and no learner reads an
internal word. Screenshots go to tests/artifacts/ (``play-la-raye-<device>-<step>.png``).
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

PAGE = "play-la-raye.ipynb"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True,
          "device_scale_factor": 2}

# Hash and ink of the i-th game's board canvas (its bottom layer draws the tiles, the top the marks).
PIXELS_JS = """([i]) => {
  const game = document.querySelectorAll('.tutor-und-game')[i];
  const cs = game ? [...game.querySelectorAll('canvas')] : [];
  if (!cs.length) return null;
  let ink = 0, h = 0;
  for (const c of cs) {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let k = 0; k < d.length; k += 16) {
      if (d[k + 3] && (d[k] < 250 || d[k + 1] < 250 || d[k + 2] < 250)) ink++;
      h = (h * 31 + d[k] + 7 * d[k + 1] + 13 * d[k + 2] + d[k + 3]) | 0;
    }
  }
  const r = cs[0].getBoundingClientRect();
  return {ink, hash: h, width: cs[0].width, cssWidth: r.width};
}"""


def words(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def point(app, what):
    """Layout pixel of a tile's lower band or a token's middle on the mirror's board."""
    from tutor.render.undaunted import tile_box
    kind, key = what
    if kind == "tile":
        x, y, w, h = tile_box(app.game.board.tile(key).pos)
        return x + w // 2 - 20, y + h - 6
    ch = next(c for c in app.board.board.scene.chips if c.key == key)
    return ch.x + ch.w / 2, ch.y + ch.h / 2


def mirror_step(app, what) -> str:
    """Do ``what`` on the in-process game; return the text the page must then show."""
    kind, key = what
    if kind == "bid":
        app.bid(key)
        if app.game.phase == "initiative":             # hot-seat: the other player bids next
            return words(app.status.value or app.board.status.value)[:40]
        return re.search(r"Initiative \(round \d+\): [^→]*→ \w+ first", words(app.head.value)).group(0)
    if kind == "button":
        if key == "End turn":
            app.board.end_button.click()
        elif key == "show my hand":
            app.pass_button.click()
            return words(app.status.value)[:40]
        return words(app.board.status.value)[:40]
    if kind == "unit":
        side, unit = key.split(":")
        app.board.tap_unit(side, unit)
    else:
        app.board.tap_tile(key)
    return words(app.board.status.value)[:40]


def run(chromium, app_url, device, tag, game_index, mirror, steps):
    context = chromium.new_context(**device)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT)
    touch = device.get("has_touch", False)
    mirror.board.board._on_client_ready()
    try:
        page.goto(app_url + f"voila/render/{PAGE}")
        wait_for_voila(page)
        page.wait_for_function(f"(() => {{ const p = ({PIXELS_JS})([0]); return p && p.ink > 2000; }})()")
        if game_index:
            tab = page.get_by_role("tab", name="Hot-seat")
            tab.tap() if touch else tab.click()
            page.wait_for_function(f"(() => {{ const p = ({PIXELS_JS})([{game_index}]); "
                                   f"return p && p.cssWidth > 0 && p.ink > 2000; }})()")
        game = page.locator(".tutor-und-game").nth(game_index)
        canvas = game.locator("canvas").last
        for n, what in enumerate(steps):
            expected = mirror_step(mirror, what)
            before = page.evaluate(PIXELS_JS, [game_index])
            kind, key = what
            if kind == "bid":
                from tutor.render.undaunted import card_title
                from tutor.undaunted.cards import CARDS
                button = game.get_by_role("button", name=f"{card_title(key)} · {CARDS[key].initiative}", exact=True)
                button.tap() if touch else button.click()
            elif kind == "button":
                button = game.get_by_role("button", name=re.compile(re.escape(key)))
                button.tap() if touch else button.click()
            else:
                canvas.evaluate("e => e.scrollIntoView({block: 'center'})")
                p = page.evaluate(PIXELS_JS, [game_index])
                k = p["cssWidth"] / (p["width"] / 2)       # the canvas is drawn at 2 px per layout px
                x, y = point(mirror, what) if kind == "tile" else point_before_tap(mirror, what)
                spot = {"x": float(x) * k, "y": float(y) * k}
                canvas.tap(position=spot) if touch else canvas.click(position=spot)
            game.get_by_text(expected, exact=False).first.wait_for()
            if kind in ("unit", "tile"):
                page.wait_for_function(f"(() => ({PIXELS_JS})([{game_index}]).hash !== {before['hash']})()")
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"play-la-raye-{tag}-{n}.png"))
        assert page.evaluate(PIXELS_JS, [game_index])["ink"] > 2000            # the board is not blank
        assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
        found = internal_words(page.evaluate(PAGE_TEXT_JS))
        assert found == [], "the page shows internal words:\n" + "\n".join(found)
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"play-la-raye-{tag}-FAILED.png"), full_page=True)
        raise
    finally:
        context.close()


_TOKENS: dict = {}


def point_before_tap(mirror, what):
    """A unit's token where it stood before the mirror's tap (the mirror already did the step)."""
    return _TOKENS[what]


def solo_steps(mirror):
    """Bid the lowest card, then a Rifleman: a refused Move, an allowed one, End turn."""
    hand = mirror.hand("allied")
    low = sorted(hand)[0]
    rifle = next(c for c in sorted(hand) if c.startswith("riflemen") and c != low)
    return [("bid", low), ("unit", f"allied:{rifle}"), ("tile", "13B"), ("tile", "2B"), ("button", "End turn")]


def remember_tokens(mirror, steps):
    """Token pixels as the board will show them before each unit tap: play the steps on a copy."""
    from tutor.widgets import UndauntedGame
    copy = UndauntedGame(solo=mirror.solo, number=mirror.number)
    copy.board.board._on_client_ready()
    for what in steps:
        if what[0] == "unit":
            _TOKENS[what] = point(copy, what)
        mirror_step(copy, what)


@pytest.mark.parametrize("device,tag", [(LAPTOP, "laptop"), (TABLET, "tablet")])
def test_a_solo_game_by_taps(chromium, app, device, tag):
    from tutor.widgets import UndauntedGame
    mirror = UndauntedGame(solo="axis", number=1)       # the page's solo game
    steps = solo_steps(mirror)
    remember_tokens(mirror, steps)
    run(chromium, app, device, f"{tag}-solo", 0, mirror, steps)
    assert mirror.game.round == 2 and mirror.game.phase == "initiative"


def test_hot_seat_passes_the_screen_on_a_tablet(chromium, app):
    from tutor.widgets import UndauntedGame
    mirror = UndauntedGame(number=2)                    # the page's hot-seat game (its third tab)
    first = sorted(mirror.hand("allied"))[0]
    second = sorted(mirror.game.zones_of("axis").hand)[0]
    steps = [("bid", first), ("button", "show my hand"), ("bid", second)]
    run(chromium, app, TABLET, "tablet-hot-seat", 2, mirror, steps)
    assert mirror.game.phase == "turn"
