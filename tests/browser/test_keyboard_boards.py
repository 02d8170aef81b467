"""The live boards of chapters 2, 3, 12, 13, 14 and 26 answered with the keyboard, in the app, at a
laptop size with a mouse and at a classroom tablet's size with touch (issue 18, item 7): a hex
typed in the board's Hex field (a tile in the Undaunted board's Tile field) and Enter gives the
answer a tap on that hex gives (the same
handler; the expected text is what the Python widget answers to a tap there), a card is played
with its button from the keyboard (focus, Enter), a bad entry gets its one line, and the board's
text alternative follows. And a click on a board that is half off-screen lands on the hex under
the pointer (ipycanvas focuses the canvas on mousedown; ``tutor/static/canvas_focus.js`` keeps
that focus from scrolling the page). TUTOR_SCREENSHOTS=1 keeps a screenshot of each board.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from .helpers import wait_for_widgets_settled
from .test_memoir_boards import BOARD_JS, SIZES, opened, page_point, tap_at

pytestmark = pytest.mark.browser


def _walk():
    from tutor.chapters import ch02
    w = ch02.SetupWalk()
    return w, [w.board], lambda: w.status.value


def _orders():
    from tutor.chapters import ch03
    b = ch03.OrderBoard()
    return b, [b.hand, b.board], lambda: b.verdict.value


def _air():
    from tutor.chapters import ch12
    a = ch12.AirStrike(seed=12)
    return a, [a.board], lambda: a.status.value


def _alliance():
    from tutor.chapters import ch13
    t = ch13.AllianceTable(seed=13)
    return t, [t.board], lambda: t.status.value


def _round():
    from tutor.chapters import und26
    b = und26.round_board()
    return b, [b.board], lambda: b.status.value


def _desk():
    from tutor.chapters import ch14
    d = ch14.ChiefDesk(seed=14)
    return d, [d.cards, d.board], lambda: d.status.value


# notebook -> (the widget as the page builds it, its canvases.tutor-board in page order, what
# shows its answer; the learner's steps: ("type", hex text) in the Hex field, ("key", n) Enter on
# card button n, ("tap", canvas, hex)). After each step the page must show what the Python widget
# shows after the same step.
CASES = {
    "02-setup-pegasus-bridge.ipynb": (_walk, [("type", "0,0"), ("tap", 0, (6, 2)), ("type", "B7"), ("type", "3,4")]),
    "03-command-cards-and-orders.ipynb": (_orders, [
        ("type", "9,7"), ("key", 0), ("type", "9,7"), ("tap", 1, (11, 7)), ("type", "9,71")]),
    "12-air-power.ipynb": (_air, [("type", "10,2"), ("tap", 0, (0, 8)), ("type", "air")]),
    # The Allies starting player's card played; then, the Axis starting player to play, the Allies
    # starting player's card refused; the Axis starting player's card (8th) played.
    "13-team-play.ipynb": (_alliance, [("key", 0), ("key", 0), ("key", 7)]),
    "14-operation-overlord.ipynb": (_desk, [("type", "25,5"), ("key", 0), ("type", "25,5"), ("type", "52,4")]),
    # Undaunted: the Tile field (the same code as the Hex field): Scout B's tile, a tile to scout, no tile.
    "26-undaunted-worked-round.ipynb": (_round, [("type", "8a"), ("type", "14A"), ("type", "99Z")]),
}


def plain(html: str) -> str:
    html = re.sub(r"<(style|details)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def key_field(w):
    """The board's keyboard field: Hex on a Memoir '44 board, Tile on an Undaunted one (or None)."""
    return getattr(w, "hex_input", None) or getattr(w, "tile_input", None)


def answers(make, steps) -> list[str]:
    """What the Python widget shows after each step: the first sentence of its answer."""
    w, views, read = make()
    out = []
    for step in steps:
        if step[0] == "type":
            key_field(w).value = step[1]
        elif step[0] == "key":
            box = next(c for c in w.widget.children if "tutor-card-buttons" in getattr(c, "_dom_classes", ()))
            box.children[step[1]].click()
        else:
            view = views[step[1]]
            view.click(*view.scene.geometry.centre(step[2]))
        out.append(plain(read())[:70])
    return out, views


# The page shows ``text`` in a widget (not only in a board's hidden text alternative).
SHOWN_JS = """(t) => [...document.querySelectorAll('.widget-html-content')]
  .some(e => !e.querySelector('.tutor-sr') && e.innerText.replace(/\\s+/g, ' ').includes(t))"""
# ... and in the text alternative of a board.
ALT_JS = """(t) => [...document.querySelectorAll('.tutor-sr')]
  .some(e => e.textContent.replace(/\\s+/g, ' ').includes(t))"""


@pytest.fixture(scope="module")
def expected():
    return {nb: answers(make, steps) for nb, (make, steps) in CASES.items()}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("notebook", list(CASES))
def test_answer_the_board_with_the_keyboard(app, chromium, expected, notebook, size):
    viewport, touch = SIZES[size]
    _, steps = CASES[notebook]
    texts, views = expected[notebook]
    typed = key_field(CASES[notebook][0]()[0])
    label = typed.description if typed is not None else "Hex"
    with opened(chromium, app, notebook, size, f"keys-{notebook}-{size}") as page:
        boards = page.locator("canvas.tutor-board")
        boards.nth(len(views) - 1).scroll_into_view_if_needed()
        for i in range(len(views)):
            page.wait_for_function(f"(() => {{ const b = ({BOARD_JS})({i}); return b && b.ink > 2000; }})()")
        # the board's own field comes first: the questions answered on a live board below it have theirs
        fields = page.locator(f".tutor-{label.lower()}-field input")
        field = fields.first
        if any(s[0] == "type" for s in steps):
            assert fields.count() >= 1
            assert page.get_by_label(label, exact=True).count() == fields.count()   # each field is labelled
        for step, text in zip(steps, texts):
            if step[0] == "type":
                field.fill(step[1])
                field.press("Enter")
            elif step[0] == "key":
                # the previous step may still be replacing the buttons (its answer shows first):
                # a button focused then is detached and Enter goes nowhere
                wait_for_widgets_settled(page, quiet_ms=800)
                button = page.locator(".tutor-card-buttons button").nth(step[1])
                button.focus()
                page.keyboard.press("Enter")
            else:
                boards.nth(step[1]).scroll_into_view_if_needed()
                sc = views[step[1]].scene
                tap_at(page, *page_point(page, step[1], sc, sc.geometry.centre(step[2])), touch)
            page.wait_for_function(SHOWN_JS, arg=text)
            page.wait_for_function(ALT_JS, arg=text, timeout=15_000)          # the text alternative follows
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        (field.first if field.count() else boards.first).scroll_into_view_if_needed()


# The scrolling box of a Voilà page that holds the first board (the lab template scrolls a
# panel, not the window); it is kept as window.__scroller.
SCROLLER_JS = """() => {
  const c = document.querySelector('canvas.tutor-board');
  let s = c.parentElement;
  while (s && !(s.scrollHeight > s.clientHeight + 5 && /(auto|scroll)/.test(getComputedStyle(s).overflowY)))
    s = s.parentElement;
  window.__scroller = s || document.scrollingElement;
  return window.__scroller.scrollTop;
}"""


def test_a_click_on_a_half_visible_board_lands_on_the_hex_clicked(app, chromium):
    """Chapter 2's board with only its top 150 px on screen: a mouse click on 4,0 (top row) is
    ruled on 4,0 and the page does not move (before the fix it scrolled by the hidden part and
    the ruling named 3,7)."""
    from tutor.chapters import ch02
    sc = ch02.SetupWalk().board.scene
    with opened(chromium, app, "02-setup-pegasus-bridge.ipynb", "laptop", "keys-half-visible-click") as page:
        page.locator("canvas.tutor-board").first.scroll_into_view_if_needed()
        page.wait_for_function(f"(() => {{ const b = ({BOARD_JS})(0); return b && b.ink > 20000; }})()")
        page.evaluate(SCROLLER_JS)
        page.evaluate("""() => { const r = document.querySelector('canvas.tutor-board').getBoundingClientRect();
                                 window.__scroller.scrollTop += r.top - (window.innerHeight - 150); }""")
        page.wait_for_timeout(300)
        box = page.evaluate(BOARD_JS, 0)
        assert viewport_bottom(page) - box["top"] == pytest.approx(150, abs=2)    # the board is half off-screen
        top = page.evaluate("() => window.__scroller.scrollTop")
        page.mouse.click(*page_point(page, 0, sc, sc.geometry.centre((4, 0))))
        page.wait_for_function(SHOWN_JS, arg="after step 1:")
        page.wait_for_timeout(300)
        assert page.evaluate(SHOWN_JS, "4,0 after step 1: countryside")
        assert page.evaluate("() => window.__scroller.scrollTop") == top
        assert page.evaluate("() => document.activeElement.tagName") == "CANVAS"   # still focused


def viewport_bottom(page) -> float:
    return page.evaluate("() => window.innerHeight")
