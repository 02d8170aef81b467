"""Rendering benchmarks (on demand): ``python benchmarks/bench_render.py [--browser]``.

Server side (no browser): for the line-of-sight explorer on the standard board, the time from a
click (pixel → hex → engine ruling → scene → canvas commands serialised) to the message handed to
the comm, and how many messages one redraw sends (target: ≤ 10 ms median, 1 message); the same
for the casualty drill's card rows (``server_cards``).

``--browser``: the same drill in Voilà in headless chromium; click → canvas pixels changed,
measured in the page (target: ≤ 100 ms median).
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

    def spy(self, command, buffers=[]):
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

    def spy(self, command, buffers=[]):
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


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--browser", action="store_true", help="also measure in Voilà + chromium")
    args = p.parse_args(argv)
    out = {"server": server(), "server_cards": server_cards()}
    if args.browser:
        out["browser"] = browser()
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
