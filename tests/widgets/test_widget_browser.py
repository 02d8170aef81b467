"""Each drill in Voilà, in Debian's chromium: the canvas is drawn, a click changes it, the
explanation appears. Skips (with the reason) without /usr/bin/chromium or Playwright, unless
TUTOR_REQUIRE_BROWSER=1. On failure a screenshot goes to tests/artifacts/.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = os.environ.get("TUTOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-dev-shm-usage"]

pytestmark = pytest.mark.browser

# name -> (notebook code, clicks: [(hex, text expected after the click)])
DRILLS = {
    "los": (f"from tutor.widgets import LosExplorer\n"
            f"app = LosExplorer({str(ROOT / 'scenarios' / 'hills-and-line-of-sight.yaml')!r})\napp",
            [((4, 6), "Tap a second hex"), ((12, 2), "cannot see")], "hills-and-line-of-sight.yaml"),
    "retreat": (f"from tutor.widgets import RetreatDrill\n"
                f"RetreatDrill({str(ROOT / 'scenarios' / 'examples' / 'retreat-river-and-unit.yaml')!r}, seed=1)",
                [((8, 4), "Where does"), ((9, 5), "Legal")], "examples/retreat-river-and-unit.yaml"),
    "overrun": (f"from tutor.widgets import OverrunDrill\n"
                f"d = OverrunDrill({str(ROOT / 'scenarios' / 'examples' / 'armor-overrun.yaml')!r}, seed=1)\n"
                f"d.dice.value = 'flag, infantry, star'\nd",
                [((10, 2), "Refused"), ((7, 3), "could also end on 8,2"), ((8, 2), "went to 8,2"),
                 ((7, 3), "may overrun")],
                "examples/armor-overrun.yaml"),
    # card rows: a click target is (row, card index or None for the row's name)
    "casualty": ("from tutor.widgets import CasualtyDrill\nCasualtyDrill(seed=1)",
                 [(("board", 3), "Step 2"), (("draw", None), "the draw deck"), (("hand", 0), "Step 2"),
                  (("discard", None), "Not quite")], None),
    # ("button", label): tap that button instead of the canvas (the dice faces)
    "attack": ("from tutor.widgets import CasualtyDrill\nCasualtyDrill(seed=1, mode='attack')",
               [(("attackers", 0), "enemy target"), (("board", 0), "Roll, or tap"),
                (("button", "0"), "1 more to choose"), (("button", "8"), "A hit"), (("hand", None), "Right")],
               None),
}


def _skip(reason: str):
    if os.environ.get("TUTOR_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (TUTOR_REQUIRE_BROWSER=1)")
    pytest.skip(reason)


def _notebook(code: str) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {},
                       "outputs": [], "source": code}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    if not os.access(CHROMIUM, os.X_OK):
        _skip(f"{CHROMIUM} not found (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _skip("playwright is not installed")
    if shutil.which("voila") is None and subprocess.call([sys.executable, "-c", "import voila"]) != 0:
        _skip("voila is not installed")
    root = tmp_path_factory.mktemp("drills")
    for name, (code, *_) in DRILLS.items():
        (root / f"{name}.ipynb").write_text(json.dumps(_notebook(code)))
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ARTIFACTS / "widget-voila.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                             f"--Voila.root_dir={root}", "--VoilaConfiguration.show_tracebacks=True"],
                            cwd=root, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(base + "voila/tree", timeout=5):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                pytest.fail(f"voila did not start:\n{(ARTIFACTS / 'widget-voila.log').read_text()[-2000:]}")
            time.sleep(0.3)
    yield base
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    log.close()


@pytest.fixture(scope="module")
def browser(voila):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


# Non-white pixels of the board canvas, and a cheap hash of them (read in the page).
PIXELS_JS = """() => {
  const c = [...document.querySelectorAll('canvas')].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (!c) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let ink = 0, h = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] && (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250)) ink++;
    h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
  }
  const r = c.getBoundingClientRect();
  return {ink, hash: h, width: c.width, left: r.left, top: r.top, cssWidth: r.width, cssHeight: r.height};
}"""


def _scene_for(name):
    if DRILLS[name][2] is None:               # a card-row drill: its first scene, built here the same way
        from tutor.widgets import CasualtyDrill
        return CasualtyDrill(seed=1, mode="attack" if name == "attack" else "casualty").board.scene
    from tutor.render.scene import scene
    from tutor.scenario import load
    return scene(load(ROOT / "scenarios" / DRILLS[name][2]), None, title="", legend=False)


def _point(sc, target):
    """Layout pixel of a click target: a hex centre, or the middle of a card / a row's name."""
    if isinstance(target[0], str):
        row, index = target
        r = next(r for r in sc.card_rows if r.id == row)
        if index is None:
            return 20, r.y + r.card_h / 2
        bx, by, bw, bh = r.boxes()[index]
        return bx + bw / 2, by + bh / 2
    return sc.geometry.centre(target)


@pytest.mark.parametrize("name", list(DRILLS))
def test_drill_in_voila(browser, voila, name, request):
    code, clicks, _ = DRILLS[name]
    page = browser.new_page(viewport={"width": 900, "height": 1100}, device_scale_factor=1)
    page.set_default_timeout(90_000)
    log = []
    page.on("console", lambda m: log.append(f"{m.type}: {m.text}"))
    try:
        page.goto(voila + f"voila/render/{name}.ipynb")
        page.wait_for_function(f"(() => {{ const p = ({PIXELS_JS})(); return p && p.ink > 20000; }})()")
        before = page.evaluate(PIXELS_JS)
        sc = _scene_for(name)
        k = before["cssWidth"] / sc.width
        for h, text in clicks:
            if h[0] == "button":
                page.get_by_role("button", name=h[1], exact=True).click()
            else:
                x, y = _point(sc, h)
                page.mouse.click(before["left"] + x * k, before["top"] + y * k)
            page.get_by_text(text, exact=False).first.wait_for()
            page.wait_for_function(f"(() => ({PIXELS_JS})().hash !== {before['hash']})()")
            after = page.evaluate(PIXELS_JS)
            assert after["hash"] != before["hash"]
            before = after
        assert page.locator(".tutor-legend-item").count() > 0          # the legend strip under the board
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"widget-{name}.png"), full_page=True)
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"widget-{name}-FAILED.png"), full_page=True)
        (ARTIFACTS / f"widget-{name}-FAILED.console.txt").write_text("\n".join(log))
        raise
    finally:
        page.close()
