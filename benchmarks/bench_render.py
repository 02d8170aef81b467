"""Rendering benchmarks (on demand): ``python benchmarks/bench_render.py [--browser]``.

Server side (no browser): for the line-of-sight explorer on the standard board, the time from a
click (pixel → hex → engine ruling → scene → canvas commands serialised) to the message handed to
the comm, and how many messages one redraw sends (target: ≤ 10 ms median, 1 message); the same
for the casualty drill's card rows (``server_cards``).

``--browser``: the same drill in Voilà in headless chromium; click → canvas pixels changed,
measured in the page (target: ≤ 100 ms median).

The live Undaunted board (``server_undaunted``; with ``--browser`` also ``undaunted_browser``):
taps alternating between selecting a unit (legal tiles shaded from the engine's plays) and a tile
the engine refuses, against a *bare* ipycanvas board served the same way in the same run (a
canvas of the same size that repaints a rectangle on each click). Target: the board's median
click → pixels within 2× the bare board's.

The move-and-battle board of chapters 4, 9-11 (``server_field``; with ``--browser`` also
``field_browser``, against the same bare board): taps cycling select a unit → a refused hex → put it
down, each of which redraws. ``--field`` runs only these. Same target.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCEN = ROOT / "scenarios" / "hills-and-line-of-sight.yaml"


def server(n: int = 60) -> dict:
    from ipycanvas import canvas as ic

    from tutor.widgets import LosExplorer

    sent = []
    orig = ic._CanvasManager._send_custom

    def spy(self, command, buffers=None):
        if buffers is None:
            buffers = []
        sent.append(sum(len(b) for b in buffers))
        return orig(self, command, buffers)

    ic._CanvasManager._send_custom = spy
    try:
        app = LosExplorer(SCEN)
        t0 = time.perf_counter()
        sent.clear()
        app.board._on_client_ready()
        first = {"ms": (time.perf_counter() - t0) * 1000, "messages": len(sent), "bytes": sum(sent)}
        g = app.board.scene.geometry
        hexes = sorted(app.state.field.board.hexes)
        times, msgs = [], []
        for i in range(n):
            a, b = hexes[(7 * i) % len(hexes)], hexes[(13 * i + 5) % len(hexes)]
            for h in (a, b) if a != b else (a,):
                x, y = g.centre(h)
                sent.clear()
                t = time.perf_counter()
                app.board._on_mouse_down(2.0 * x + 0.5, 2.0 * y + 0.5)
                times.append((time.perf_counter() - t) * 1000)
                msgs.append(len(sent))
            app.reset()
        paint = []
        app.tool.value = "Woods"
        for h in hexes[:30]:
            x, y = g.centre(h)
            sent.clear()
            t = time.perf_counter()
            app.board._on_mouse_down(2.0 * x, 2.0 * y)
            paint.append((time.perf_counter() - t) * 1000)
        return {"first_draw": first,
                "click_ms_median": round(statistics.median(times), 2),
                "click_ms_p90": round(sorted(times)[int(0.9 * len(times))], 2),
                "messages_per_click": sorted(set(msgs)),
                "paint_terrain_ms_median": round(statistics.median(paint), 2)}
    finally:
        ic._CanvasManager._send_custom = orig


def server_cards(n: int = 40) -> dict:
    """The casualty drill (card rows): click (pixel → card → engine casualty → scene → canvas
    commands) in both steps, and a whole attack's dice-face tap, timed and counted in messages."""
    from ipycanvas import canvas as ic

    from tutor.widgets import CasualtyDrill

    sent = []
    orig = ic._CanvasManager._send_custom

    def spy(self, command, buffers=None):
        if buffers is None:
            buffers = []
        sent.append(sum(len(b) for b in buffers))
        return orig(self, command, buffers)

    ic._CanvasManager._send_custom = spy
    try:
        d = CasualtyDrill(seed=1)
        d.board._on_client_ready()
        times, msgs = [], []
        units = ["riflemen-a", "scouts-b", "machine-gunners-a", "riflemen-b", "sniper"]
        for i in range(n):
            u = units[i % len(units)]
            if u not in d.ids("board"):
                d.reset()
            for row, index in (("board", d.ids("board").index(u)), ("hand" if i % 2 else "draw", None)):
                x, y = d.point(row, index)
                sent.clear()
                t = time.perf_counter()
                d.board._on_mouse_down(2.0 * float(x), 2.0 * float(y))
                times.append((time.perf_counter() - t) * 1000)
                msgs.append(len(sent))
        a = CasualtyDrill(seed=1, mode="attack")
        a.board._on_client_ready()
        atk = []
        for i in range(n // 4):
            a.choose(attacker="machine-gunners-c", target="scouts-b")
            for f in (0, 3):
                sent.clear()
                t = time.perf_counter()
                a.face(f)
                atk.append((time.perf_counter() - t) * 1000)
                msgs.append(len(sent))
            a.reset()
        return {"casualty_click_ms_median": round(statistics.median(times), 2),
                "casualty_click_ms_p90": round(sorted(times)[int(0.9 * len(times))], 2),
                "attack_face_tap_ms_median": round(statistics.median(atk), 2),
                "messages_per_click": sorted(set(msgs))}
    finally:
        ic._CanvasManager._send_custom = orig


def server_undaunted(n: int = 40) -> dict:
    """The live Undaunted board: tap → engine → scene → canvas commands, timed and counted."""
    from ipycanvas import canvas as ic

    from tutor.chapters.und26 import after_initiative
    from tutor.widgets import UndauntedBoard

    sent = []
    orig = ic._CanvasManager._send_custom

    def spy(self, command, buffers=None):
        buffers = buffers or []
        sent.append(sum(len(b) for b in buffers))
        return orig(self, command, buffers)

    ic._CanvasManager._send_custom = spy
    try:
        b = UndauntedBoard(after_initiative(), seed=1)
        t0 = time.perf_counter()
        sent.clear()
        b.board._on_client_ready()
        first = {"ms": round((time.perf_counter() - t0) * 1000, 2), "messages": len(sent), "bytes": sum(sent)}
        times, msgs = [], []
        for i in range(n):
            x, y = undaunted_point(b.game, ("unit", "axis:scouts-b") if i % 2 == 0 else ("tile", "15A"))
            sent.clear()
            t = time.perf_counter()
            b.board._on_mouse_down(2.0 * float(x), 2.0 * float(y))
            times.append((time.perf_counter() - t) * 1000)
            msgs.append(len(sent))
        return {"first_draw": first, "tap_ms_median": round(statistics.median(times), 2),
                "tap_ms_p90": round(sorted(times)[int(0.9 * len(times))], 2),
                "messages_per_tap": sorted(set(msgs))}
    finally:
        ic._CanvasManager._send_custom = orig


def undaunted_point(state, what) -> tuple:
    """Layout pixel of ("tile", id) (its lower band) or ("unit", "side:unit") (its token's middle)."""
    from tutor.render.undaunted import board_scene, tile_box
    kind, key = what
    if kind == "tile":
        x, y, w, h = tile_box(state.board.tile(key).pos)
        return x + w // 2 - 20, y + h - 6
    ch = next(c for c in board_scene(state).chips if c.key == key)
    return ch.x + ch.w / 2, ch.y + ch.h / 2


LATENCY_JS = """async ([x, y]) => {
  const c = [...document.querySelectorAll('canvas')].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  const ctx = c.getContext('2d');
  const sig = () => { const d = ctx.getImageData(0, 0, c.width, c.height).data; let h = 0;
    for (let i = 0; i < d.length; i += 16) h = (h * 31 + d[i] + 7 * d[i + 1]) | 0; return h; };
  const before = sig();
  const r = c.getBoundingClientRect();
  const opts = {bubbles: true, clientX: r.left + x, clientY: r.top + y};
  const t0 = performance.now();
  c.dispatchEvent(new MouseEvent('mousedown', opts));
  c.dispatchEvent(new MouseEvent('mouseup', opts));
  while (performance.now() - t0 < 5000) {
    await new Promise(requestAnimationFrame);
    if (sig() !== before) return performance.now() - t0;
  }
  return null;
}"""


def browser(n: int = 20) -> dict:
    import os
    import signal
    import socket
    import subprocess
    import tempfile
    import urllib.request

    from playwright.sync_api import sync_playwright

    from tutor.render.scene import scene
    from tutor.scenario import load

    tmp = Path(tempfile.mkdtemp())
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c", "metadata": {}, "outputs": [],
                     "source": f"from tutor.widgets import LosExplorer\nLosExplorer({str(SCEN)!r})"}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (tmp / "los.ipynb").write_text(json.dumps(nb))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                             f"--Voila.root_dir={tmp}"], cwd=tmp, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}/"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "voila/tree", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        sc = scene(load(SCEN), None, title="", legend=False)
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                   args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                         "--disable-component-update", "--no-first-run"])
            page = b.new_page(viewport={"width": 900, "height": 1000})
            t0 = time.perf_counter()
            page.goto(base + "voila/render/los.ipynb")
            page.wait_for_function("""(() => { const c = [...document.querySelectorAll('canvas')]
                .sort((a, b) => b.width * b.height - a.width * a.height)[0];
              if (!c) return false; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              let ink = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 3] && d[i] < 250) ink++;
              return ink > 20000; })()""", timeout=120_000)
            load_s = time.perf_counter() - t0
            rect = page.evaluate("""(() => { const c = [...document.querySelectorAll('canvas')]
                .sort((a, b) => b.width * b.height - a.width * a.height)[0]; return c.getBoundingClientRect().width; })()""")
            k = rect / sc.width
            hexes = sorted(sc.board.hexes)
            lat = []
            for i in range(n):
                h = hexes[(11 * i + 3) % len(hexes)]
                x, y = sc.geometry.centre(h)
                v = page.evaluate(LATENCY_JS, [x * k, y * k])
                if v is not None:
                    lat.append(v)
            b.close()
        return {"page_to_drawn_board_s": round(load_s, 2), "clicks": len(lat),
                "click_to_pixels_ms_median": round(statistics.median(lat), 1) if lat else None,
                "click_to_pixels_ms_max": round(max(lat), 1) if lat else None}
    finally:
        os.killpg(proc.pid, signal.SIGTERM)


BARE = """from ipycanvas import Canvas, hold_canvas
from ipywidgets import Layout
W, H = {w}, {h}
c = Canvas(width=2 * W, height=2 * H, layout=Layout(width="100%", max_width=f"{{W * 3 // 2}}px", height="auto"))
n = [0]
def paint(x, y):
    n[0] += 1
    with hold_canvas():
        c.fill_style = "#ffffff"
        c.fill_rect(0, 0, 2 * W, 2 * H)
        c.fill_style = "#0072b2" if n[0] % 2 else "#b8541a"
        c.fill_rect(x - 40, y - 40, 80, 80)
c.on_mouse_down(paint)
c.on_client_ready(lambda: paint(W, H))
c"""


def undaunted_browser(n: int = 20) -> dict:
    """Click → changed pixels in Voilà + chromium: the live Undaunted board and a bare ipycanvas
    board of the same size, served by one Voilà in one run (medians, and their ratio)."""
    from tutor.chapters.und26 import after_initiative
    from tutor.render.undaunted import board_scene

    state = after_initiative()
    return versus_bare("undaunted", "from tutor.chapters.und26 import round_board\nround_board(1)", board_scene(state),
                       lambda i: undaunted_point(state, ("unit", "axis:scouts-b") if i % 2 == 0 else ("tile", "15A")),
                       n)


FIELD_TAPS = ((9, 7), (9, 5), (9, 7))     # select the armor, a refused hex (✕ + reason), put it down


def server_field(n: int = 60) -> dict:
    """The move-and-battle drill (chapters 4, 9-11): tap → engine → scene → canvas commands."""
    from ipycanvas import canvas as ic

    from tutor.chapters.ch04 import drill

    sent = []
    orig = ic._CanvasManager._send_custom

    def spy(self, command, buffers=None):
        buffers = buffers or []
        sent.append(sum(len(b) for b in buffers))
        return orig(self, command, buffers)

    ic._CanvasManager._send_custom = spy
    try:
        d = drill()
        d.board._on_client_ready()
        g = d.board.scene.geometry
        times, msgs = [], []
        for i in range(n):
            x, y = g.centre(FIELD_TAPS[i % len(FIELD_TAPS)])
            sent.clear()
            t = time.perf_counter()
            d.board._on_mouse_down(2.0 * x, 2.0 * y)
            times.append((time.perf_counter() - t) * 1000)
            msgs.append(len(sent))
        return {"tap_ms_median": round(statistics.median(times), 2),
                "tap_ms_p90": round(sorted(times)[int(0.9 * len(times))], 2), "messages_per_tap": sorted(set(msgs))}
    finally:
        ic._CanvasManager._send_custom = orig


def field_browser(n: int = 21) -> dict:
    """Click → changed pixels for chapter 4's move-and-battle board against a bare board of the
    same size, in one Voilà run (each tap changes the board: select, refused ✕, put down)."""
    from tutor.chapters.ch04 import MOVEMENT_BOARD, state
    from tutor.render.scene import scene

    sc = scene(state(MOVEMENT_BOARD), None, title="", legend=False)
    return versus_bare("field", "from tutor.chapters import ch04\nch04.drill()", sc,
                       lambda i: sc.geometry.centre(FIELD_TAPS[i % len(FIELD_TAPS)]), n)


def versus_bare(name: str, source: str, sc, point, n: int) -> dict:
    """Serve ``source`` (a notebook cell showing a board whose scene is ``sc``) and a bare
    ipycanvas board of the same size from one Voilà; click ``point(i)`` (layout pixels of the
    scene) n times on each and time click → changed pixels in the page. Medians and their ratio."""
    import os
    import signal
    import socket
    import subprocess
    import tempfile
    import urllib.request

    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp())
    pages = {"bare": BARE.format(w=sc.width, h=sc.height), name: source}
    for key, src in pages.items():
        nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c", "metadata": {}, "outputs": [],
                         "source": src}],
              "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
              "nbformat": 4, "nbformat_minor": 5}
        (tmp / f"{key}.ipynb").write_text(json.dumps(nb))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                             f"--Voila.root_dir={tmp}"], cwd=tmp, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    out = {}
    try:
        base = f"http://127.0.0.1:{port}/"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "voila/tree", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                   args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                         "--disable-component-update", "--no-first-run"])
            for key in pages:
                page = b.new_page(viewport={"width": 1366, "height": 1000})
                page.goto(base + f"voila/render/{key}.ipynb", timeout=180_000)
                page.wait_for_function("""(() => { const c = [...document.querySelectorAll('canvas')]
                    .sort((a, b) => b.width * b.height - a.width * a.height)[0];
                  if (!c) return false; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                  let ink = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 3] && d[i] < 250) ink++;
                  return ink > 2000; })()""", timeout=120_000)
                time.sleep(1)
                k = page.evaluate("""(() => { const c = [...document.querySelectorAll('canvas')]
                    .sort((a, b) => b.width * b.height - a.width * a.height)[0];
                    return c.getBoundingClientRect().width / (c.width / 2); })()""")
                lat = []
                for i in range(n):
                    if key == "bare":
                        x, y = 60 + 17 * i, 80 + 9 * i
                    else:
                        x, y = point(i)
                    v = page.evaluate(LATENCY_JS, [float(x) * k, float(y) * k])
                    if v is not None:
                        lat.append(v)
                out[key] = {"clicks": len(lat), "click_to_pixels_ms_median": round(statistics.median(lat), 1),
                             "click_to_pixels_ms_max": round(max(lat), 1)}
                page.close()
            b.close()
        out["ratio_median"] = round(out[name]["click_to_pixels_ms_median"]
                                    / out["bare"]["click_to_pixels_ms_median"], 2)
        return out
    finally:
        os.killpg(proc.pid, signal.SIGTERM)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--browser", action="store_true", help="also measure in Voilà + chromium")
    p.add_argument("--undaunted", action="store_true", help="only the live Undaunted board (and its bare baseline)")
    p.add_argument("--field", action="store_true", help="only the move-and-battle board (and its bare baseline)")
    args = p.parse_args(argv)
    if args.field:
        out = {"server_field": server_field()}
        if args.browser:
            out["field_browser"] = field_browser()
        print(json.dumps(out, indent=2))
        return 0
    if args.undaunted:
        out = {"server_undaunted": server_undaunted()}
        if args.browser:
            out["undaunted_browser"] = undaunted_browser()
        print(json.dumps(out, indent=2))
        return 0
    out = {"server": server(), "server_cards": server_cards(), "server_undaunted": server_undaunted(),
           "server_field": server_field()}
    if args.browser:
        out["browser"] = browser()
        out["undaunted_browser"] = undaunted_browser()
        out["field_browser"] = field_browser()
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
