"""The live board of each Memoir '44 chapter, tapped in the app as a learner taps it: the ruling
text appears and the board's pixels change. At a laptop size with a mouse and at a classroom
tablet's size with touch (Playwright's ``has_touch``). A failing test leaves a screenshot in
tests/artifacts/; TUTOR_SCREENSHOTS=1 keeps one of every board after its taps.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

import pytest

from tutor.inputs import MAX_FILE_BYTES

from .conftest import ARTIFACTS, ROOT
from .helpers import wait_for_voila, wait_for_widgets_settled

pytestmark = pytest.mark.browser

SIZES = {"laptop": ({"width": 1366, "height": 768}, False), "tablet": ({"width": 768, "height": 1024}, True)}

# notebook -> (the drill's board scenario, [(hex tapped, text the status shows after it)])
BOARDS = {
    "06-terrain-and-height.ipynb": ("chapters/terrain", [
        ((8, 2), "Line drawn"), ((4, 2), "Tap a unit or a hex to look from it")]),
    "07-hits-flags-and-retreat.ipynb": ("chapters/retreat-drill", [
        ((0, 8), "Not legal"), ((6, 2), "The Axis infantry on 6,2 receives 1 flag")]),
    "08-take-ground-and-armor-overrun.ipynb": ("examples/armor-overrun", [
        ((0, 0), "0,0: tap an enemy unit"), ((10, 2), "Refused: the Allied armor is in close combat")]),
    "04-movement.ipynb": ("chapters/movement", [
        ((0, 0), "No unit here"), ((9, 7), "may move to"), ((9, 5), "Refused: the Allied armor may not move to 9,5"),
        ((11, 5), "9,7 → 11,7 → 12,6 → 11,5")]),
    "09-obstacles.ipynb": ("chapters/obstacles", [
        ((6, 2), "bunker"), ((22, 6), "may move to"), ((21, 5), "Refused"), ((19, 3), "remove the wire"),
        ((19, 3), "removes the wire on 19,3")]),
    "10-special-forces.ipynb": ("chapters/special-forces", [
        ((17, 5), "moves 16,6 → 17,5"), ((4, 6), "Allied infantry (4 figures) on 4,6"), ((5, 5), "may not battle")]),
    "11-objectives-and-medals.ipynb": ("chapters/objectives", [
        ((5, 5), "may move to"), ((6, 4), "captures its temporary medal"), ((6, 4), "may move to"),
        ((7, 5), "no longer holds 6,4")]),
}

# Answers that say what is on a hex without acting (the board stays as it was).
INFO = ("No unit here", "That is", "bunker", "0,0: tap")

# The board canvas (an ipycanvas MultiCanvas draws its layers into one visible canvas), its box
# and a hash of its pixels.
BOARD_JS = """(n) => {
  const c = document.querySelectorAll('canvas.tutor-board')[n];
  if (!c) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0, ink = 0;
  for (let i = 0; i < d.length; i += 4) {
    h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
    if (d[i + 3] && (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250)) ink++;
  }
  const r = c.getBoundingClientRect();
  return {hash: h, ink: ink, left: r.left, top: r.top, width: r.width};
}"""


def page_point(page, board: int, sc, point) -> tuple[float, float]:
    """Where ``point`` (scene pixels of ``sc``, the scene canvas.tutor-board number ``board``
    shows) is on the page now, as the canvas is laid out."""
    box = page.evaluate(BOARD_JS, board)
    k = box["width"] / sc.width
    return box["left"] + float(point[0]) * k, box["top"] + float(point[1]) * k


def tap_hex(page, board: int, scenario: str, h, touch: bool) -> None:
    from tutor.chapters.ch04 import state
    from tutor.render.scene import scene
    sc = scene(state(scenario), None, title="", legend=False)
    tap_at(page, *page_point(page, board, sc, sc.geometry.centre(h)), touch)


def tap_at(page, px, py, touch: bool) -> None:
    if touch:
        page.touchscreen.tap(px, py)
    else:
        page.mouse.click(px, py)


@contextmanager
def opened(chromium, app, notebook: str, size: str, name: str):
    """The notebook's page in a new context at ``size`` (touch on the tablet), run and settled; a
    screenshot tests/artifacts/<name>-FAILED.png when the body fails, <name>.png with
    TUTOR_SCREENSHOTS=1 when it passes."""
    viewport, touch = SIZES[size]
    context = chromium.new_context(viewport=viewport, has_touch=touch)
    page = context.new_page()
    page.set_default_timeout(90_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        page.goto(app + f"voila/render/{notebook}")
        wait_for_voila(page)
        wait_for_widgets_settled(page)
        yield page
        if os.environ.get("TUTOR_SCREENSHOTS") == "1":
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"{name}-FAILED.png"))
        raise
    finally:
        context.close()


def _order_board():
    from tutor.chapters import ch03
    b = ch03.OrderBoard()
    return b.hand.scene, b.board.scene


def _air_strike():
    from tutor.chapters import ch12
    return (ch12.AirStrike(seed=12).board.scene,)


def _chief_desk():
    from tutor.chapters import ch14
    d = ch14.ChiefDesk(seed=14)
    return d.cards.scene, d.board.scene


# The boards that are not the drill base's: notebook -> (their scenes in page order, as the page
# builds them; [(canvas, hex or ("card", row, index), text shown after the tap, canvas whose pixels
# change or None)]). The text is looked for anywhere on the page.
OTHER_BOARDS = {
    "03-command-cards-and-orders.ipynb": (_order_board, [
        (1, (9, 7), "Play a card first", None), (0, ("card", 0, 0), "may receive an order now", 1),
        (1, (5, 5), "the card allows no order", None), (1, (9, 7), "receives an order", 1)]),
    "12-air-power.ipynb": (_air_strike, [
        (0, (0, 8), "holds no enemy unit", None), (0, (10, 2), "Targets: 10,2", 0)]),
    "14-operation-overlord.ipynb": (_chief_desk, [
        (1, (5, 5), "Tap a card of the chief", None), (0, ("card", 0, 0), "Now tap a general", 0),
        (1, (5, 5), "goes only to the center field general", None)]),
}


def _point(sc, target):
    """Scene pixel of a hex centre or of the middle of card ``index`` of card row ``row``."""
    if target[0] == "card":
        bx, by, bw, bh = sc.card_rows[target[1]].boxes()[target[2]]
        return bx + bw / 2, by + bh / 2
    return sc.geometry.centre(target)


@pytest.mark.parametrize("notebook", list(OTHER_BOARDS))
def test_tap_the_other_boards(app, chromium, notebook):
    scenes_fn, taps = OTHER_BOARDS[notebook]
    scenes = scenes_fn()
    with opened(chromium, app, notebook, "laptop", f"board-{notebook}-laptop") as page:
        page.locator("canvas.tutor-board").nth(len(scenes) - 1).scroll_into_view_if_needed()
        for i in range(len(scenes)):
            page.wait_for_function(f"(() => {{ const b = ({BOARD_JS})({i}); return b && b.ink > 2000; }})()")
        for canvas, target, text, watch in taps:
            page.locator("canvas.tutor-board").nth(canvas).scroll_into_view_if_needed()
            before = page.evaluate(BOARD_JS, watch)["hash"] if watch is not None else None
            tap_at(page, *page_point(page, canvas, scenes[canvas], _point(scenes[canvas], target)), False)
            page.get_by_text(text, exact=False).first.wait_for()
            if watch is not None:
                page.wait_for_function(f"(() => ({BOARD_JS})({watch}).hash !== {before})()")


# Every board at the laptop size; the tablet with touch for the drills of this issue and chapter 1.
CASES = [(nb, "laptop") for nb in BOARDS] + [(nb, "tablet") for nb in BOARDS if nb[:2] in ("01", "04", "09", "10", "11")]


@pytest.mark.parametrize(("notebook", "size"), CASES)
def test_tap_the_board(app, chromium, notebook, size):
    viewport, touch = SIZES[size]
    scenario, taps = BOARDS[notebook]
    with opened(chromium, app, notebook, size, f"board-{notebook}-{size}") as page:
        page.locator("canvas.tutor-board").first.scroll_into_view_if_needed()
        page.wait_for_function(f"(() => {{ const b = ({BOARD_JS})(0); return b && b.ink > 20000; }})()")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]   # no sideways scrolling
        status = page.locator(".tutor-status").first
        for h, text in taps:
            before = page.evaluate(BOARD_JS, 0)["hash"]
            tap_hex(page, 0, scenario, h, touch)
            status.get_by_text(text, exact=False).wait_for()
            if not text.startswith(INFO):                # an answer with no action leaves the board as it was
                page.wait_for_function(f"(() => ({BOARD_JS})(0).hash !== {before})()")


# The Overlord board is 26 hexes wide: shrunk to a tablet's width its coordinates would be 5 px.
# It keeps its own size (labels 10 px on screen: LABEL["coord"] × shown width / drawn width) and
# scrolls sideways inside its own box; the page does not. Both boards of chapter 14: the picture
# of the three commands (an image) and the chief's desk (canvas).
OVERLORD_JS = """() => {
  const boxes = [...document.querySelectorAll('.tutor-board-scroll')];
  return boxes.map(b => {
    const el = b.querySelector('canvas.tutor-board, img.tutor-picture');
    const r = el.getBoundingClientRect(), rb = b.getBoundingClientRect();
    return {tag: el.tagName.toLowerCase(), width: r.width, box_left: rb.left, box_right: rb.right,
            scrolls: b.scrollWidth > b.clientWidth + 1};
  });
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_overlord_board_keeps_10px_labels_and_scrolls_in_its_own_box(app, chromium, size):
    from tutor.chapters import ch14
    from tutor.render.style import LABEL

    viewport, touch = SIZES[size]
    desk = ch14.ChiefDesk(seed=14)
    drawn = desk.board.scene.width
    with opened(chromium, app, "14-operation-overlord.ipynb", size, f"overlord-{size}") as page:
        boards = page.evaluate(OVERLORD_JS)
        assert sorted(b["tag"] for b in boards) == ["canvas", "img"], boards
        for b in boards:
            assert LABEL["coord"][0] * b["width"] / drawn >= 10, (size, b)
            assert -1 <= b["box_left"] and b["box_right"] <= viewport["width"] + 1, (size, b)
            assert b["scrolls"] or size == "laptop", (size, b)      # 768 px: the box scrolls, not the page
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        # a tap at the far end of the board, scrolled into view inside its box, is ruled
        hand = page.locator("canvas.tutor-board").nth(0)
        hand.scroll_into_view_if_needed()
        page.wait_for_function(f"(() => {{ const b = ({BOARD_JS})(1); return b && b.ink > 20000; }})()")
        card = _point(desk.cards.scene, ("card", 0, 2))             # Attack Right Flank
        tap_at(page, *page_point(page, 0, desk.cards.scene, card), touch)
        page.get_by_text("Attack Right Flank selected", exact=False).first.wait_for()
        x, y = desk.board.scene.geometry.centre((47, 5))
        board = page.locator("canvas.tutor-board").nth(1)
        board.scroll_into_view_if_needed()
        page.locator(".tutor-board-scroll").nth(1).evaluate("(b, x) => { b.scrollLeft = x - b.clientWidth / 2; }",
                                                             float(x))
        px, py = page_point(page, 1, desk.board.scene, (x, y))
        assert 0 <= px <= viewport["width"]
        tap_at(page, px, py, touch)
        page.get_by_text("hands Attack Right Flank to the right field general", exact=False).first.wait_for()


def test_the_lab_refuses_a_file_too_large_to_be_a_board_and_keeps_its_connection(app, chromium, tmp_path):
    """A file over 10 MB picked in the lab's "Open file" never reached the kernel: the server closed
    the page's connection (its message limit), the page reconnected, and nothing happened, without
    a word. It is refused in the browser with the lab's own line (as the kernel refuses larger than 1 MB),
    the board stays as it was, and a board file still opens after it."""
    big = tmp_path / "rulebook.pdf"
    big.write_bytes(b"%PDF-1.7\n" + b"\0" * (12 * 2**20))
    board = tmp_path / "board.yaml"
    board.write_text((ROOT / "scenarios" / "showcase.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with opened(chromium, app, "lab.ipynb", "laptop", "lab-upload") as page:
        before = page.evaluate(BOARD_JS, 0)
        log_before = len(app.log.read_text())
        with page.expect_file_chooser() as chooser:
            page.locator(".widget-upload").click()
        chooser.value.set_files(str(big))
        refused = page.locator(".tutor-upload-refused")
        refused.wait_for(timeout=10_000)
        assert refused.inner_text() == (f"rulebook.pdf: is {big.stat().st_size:,} bytes: a scenario file "
                                        f"may be at most {MAX_FILE_BYTES:,} bytes")
        page.wait_for_timeout(5000)  # past the connection watch's 4 s: the connection stayed
        assert not page.locator(".tutor-connection-lost").is_visible()
        assert "Starting buffering" not in app.log.read_text()[log_before:]
        assert page.evaluate(BOARD_JS, 0)["hash"] == before["hash"]
        page.screenshot(path=str(ARTIFACTS / "lab-upload-refused.png"))

        with page.expect_file_chooser() as chooser:
            page.locator(".widget-upload").click()
        chooser.value.set_files(str(board))
        page.locator(".tutor-status", has_text="Opened board.yaml.").wait_for(timeout=30_000)
        assert refused.count() == 0  # the refusal went with the next file
        page.wait_for_function(f"(h) => ({BOARD_JS})(0).hash !== h", arg=before["hash"], timeout=30_000)
