"""What a page of the app costs (run on demand: python benchmarks/bench_app.py [--preheat]).

Starts the app as the README does (`voila`, in the repository root, so voila.json applies), but
serving the whole repository so that a bare-board baseline notebook (written to a temporary
folder here, and deleted afterwards) is served by the same server in the same run. Drives
Debian's chromium with Playwright, on 127.0.0.1 only, with every wait bounded.

Measures
  1. cold page → first board drawn, for the baseline and every page of the app (a new browser
     context and a new kernel each time; median of --runs), target ≤ 1.5 s, and the ratio to the
     baseline (DESIGN.md: a bare ipycanvas board is the floor);
  2. memory per kernel (resident set of the page's kernel after it drew), target ≤ 120 MB;
  3. --sessions (20) learners opening pages at the same moment, half of them the lab: how many
     drew a live board (target: all), the slowest, the server's memory with its kernels.
     (--runs 0 skips 1 and 2.)
  --wire instead: the bytes a learner's browser downloads for a first visit (cold) and the next
     page (same browser), targets 2.5 MB and 300 kB (see wire_bytes).

"Board drawn" is the first <canvas> showing two or more distinct pixel values, or an inline SVG
board (an <svg> with 50 or more elements); on a page with neither (the landing page) it is the
page's last widget appearing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path, start_voila, stop
from tests.browser.helpers import CANVAS_STATE_JS

TARGET_PAGE_S = 1.5
TARGET_KERNEL_MB = 120

BASELINE = {
    "cells": [{
        "cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
        "source": (
            "from ipycanvas import MultiCanvas, hold_canvas\n"
            "import math\n"
            "R = 24; W = math.sqrt(3) * R\n"
            "board = MultiCanvas(2, width=int(13.5 * W) + 4, height=int(9 * 1.5 * R + R) + 4)\n"
            "hexes = []\n"
            "for row in range(9):\n"
            "    for col in range(13 - row % 2):\n"
            "        cx = 2 + W / 2 + col * W + (W / 2 if row % 2 else 0); cy = 2 + R + 1.5 * R * row\n"
            "        hexes.append([(cx + R * math.cos(math.radians(60 * k - 30)),\n"
            "                       cy + R * math.sin(math.radians(60 * k - 30))) for k in range(6)])\n"
            "def draw(*_):\n"
            "    layer = board[0]\n"
            "    with hold_canvas(layer):\n"
            "        layer.fill_style = '#cfe3b0'; layer.stroke_style = '#5b6b4a'\n"
            "        for h in hexes:\n"
            "            layer.fill_polygon(h); layer.stroke_polygon(h)\n"
            "board[0].on_client_ready(draw)\n"
            "board"),
    }],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}

DRAWN_JS = """
() => {
  const s = (CANVAS_STATE)();
  if (s.groups > 0 && s.blank.length < s.groups) return 'canvas';
  for (const svg of document.querySelectorAll('svg')) {
    if (svg.querySelectorAll('*').length >= 50) return 'svg';
  }
  return null;
}
""".replace("CANVAS_STATE", CANVAS_STATE_JS)

SETTLED_JS = """
() => {
  const n = document.querySelectorAll('.jupyter-widgets, .widget-html, canvas').length;
  const now = performance.now();
  if (window.__benchCount !== n) { window.__benchCount = n; window.__benchSince = now; }
  return n > 0 && now - window.__benchSince >= 1000 ? now - 1000 : null;
}
"""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def kernel_pids(server_pid: int) -> dict[int, float]:
    """ipykernel processes under the Voilà server: pid → start time (clock ticks)."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == server_pid and "ipykernel_launcher" in cmd:
            out[int(d.name)] = float(fields[19])
    return out


def kernel_pid(kernel_id: str) -> int | None:
    """The process of the kernel with this id (its connection file is named after it)."""
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if "ipykernel_launcher" in cmd and f"kernel-{kernel_id}.json" in cmd:
                return int(d.name)
    return None


def open_page(browser, url: str, timeout_ms: int = 90_000) -> dict:
    """Open url in a fresh context; seconds from navigation start to the board drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url, wait_until="commit", timeout=timeout_ms)
        handle = page.wait_for_function(
            f"() => {{ const d = ({DRAWN_JS})(); if (d) return [d, performance.now()]; "
            f"const s = ({SETTLED_JS})(); "
            f"return s !== null && !document.querySelector('canvas') ? ['widgets', s] : null; }}",
            timeout=timeout_ms, polling=50)
        kind, ms = handle.json_value()
        kernel_id = page.evaluate("() => { const c = document.getElementById('jupyter-config-data'); "
                                  "return c ? (JSON.parse(c.textContent).kernelId || null) : null; }")
        text = page.locator("body").inner_text()
        if "Traceback" in text or "There was an error when executing cell" in text:
            errors.append("error output on the page")
        return {"seconds": ms / 1000, "kind": kind, "errors": errors, "page": page,
                "context": context, "kernel_id": kernel_id}
    except Exception:
        context.close()
        raise


def leave(result) -> None:
    try:
        result["page"].goto("about:blank")  # Voilà shuts the kernel down on beforeunload
    finally:
        result["context"].close()


def pages_to_measure(folder: str) -> list[tuple[str, str]]:
    from tutor import course
    pages = [("baseline (bare board)", f"{folder}/baseline.ipynb"),
             ("index", "notebooks/index.ipynb")]
    pages += [(c.notebook.removesuffix(".ipynb"), f"notebooks/{c.notebook}")
              for c in course.available()]
    return pages


def measure_pages(browser, base: str, server_pid: int, pages, runs: int) -> list[dict]:
    rows = []
    for label, path in pages:
        times, mems, kinds, errors = [], [], set(), []
        for _ in range(runs):
            before = kernel_pids(server_pid)
            r = open_page(browser, base + "voila/render/" + path)
            times.append(r["seconds"])
            kinds.add(r["kind"])
            errors += r["errors"]
            pid = kernel_pid(r["kernel_id"]) if r["kernel_id"] else None
            if pid is None:      # the page's kernel is the one started for it (a preheated one was not)
                new = {p: t for p, t in kernel_pids(server_pid).items() if p not in before}
                pid = max(new, key=new.get) if new else None
            if pid is not None:
                time.sleep(0.5)  # let the kernel settle after the last messages
                mems.append(rss_mb(pid))
            leave(r)
            time.sleep(0.5)
        rows.append({"page": label, "median_s": statistics.median(times), "max_s": max(times),
                     "kernel_mb": statistics.median(mems) if mems else float("nan"),
                     "drawn": "/".join(sorted(kinds)), "errors": errors})
    return rows


def concurrent_sessions(base: str, server_pid: int, pages, n: int, timeout_s: float) -> dict:
    """n learners open pages at the same moment (n browser contexts, Playwright's async API),
    half of them the lab, the others the course's pages in turn; each waits for its first board
    (tests.browser.helpers.open_at_once). Reports how many drew a live board (a canvas showing
    pixels), a board picture, a notice (connection lost / an error shown), or nothing; the
    slowest; and the peak memory of the server with its kernels."""
    import asyncio

    from playwright.async_api import async_playwright

    from tests.browser.helpers import open_at_once

    lab = "notebooks/lab.ipynb"
    others = [p for _, p in pages if not p.endswith(("/lab.ipynb", "/index.ipynb"))]
    names = [lab if i % 2 == 0 else others[(i // 2) % len(others)] for i in range(n)]
    peak = {"kernels": 0, "mb": 0.0}

    async def watch():
        while True:
            ks = kernel_pids(server_pid)
            total = rss_mb(server_pid)
            for p in ks:
                try:
                    total += rss_mb(p)
                except OSError:
                    pass
            peak["kernels"] = max(peak["kernels"], len(ks))
            peak["mb"] = max(peak["mb"], total)
            await asyncio.sleep(0.5)

    async def run():
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            watcher = asyncio.create_task(watch())
            try:
                return await open_at_once(browser, base, names, timeout_s)
            finally:
                watcher.cancel()
                await browser.close()

    results = asyncio.run(run())
    shows = {k: sum(r["shows"] == k for r in results) for k in ("canvas", "svg", "notice", "none", "nothing")}
    labs = [r for r in results if r["page"] == lab]
    secs = [r["seconds"] for r in results]
    return {"sessions": n, "shows": shows, "labs": len(labs),
            "labs_live": sum(r["shows"] == "canvas" for r in labs),
            "median_s": statistics.median(secs), "max_s": max(secs),
            "peak_kernels": peak["kernels"], "peak_mb": peak["mb"],
            "problems": [f"{r['page']}: {r['shows']} {r.get('error', '')} {r['text'][-120:]!r}"
                         for r in results if r["shows"] not in ("canvas", "svg")][:6]}


TARGET_FIRST_VISIT_BYTES = 2_500_000   # issue 19.3: a first visit on a classroom's Wi-Fi
TARGET_NEXT_PAGE_BYTES = 300_000       # the next chapter, in the same browser


def wire_bytes(browser, base: str, first: str, nxt: str, timeout_ms: int = 180_000) -> dict:
    """Bytes on the wire for a learner's first visit (``first``, a cold browser) and the next
    page (``nxt``, same browser, its cache warm), as chromium's network log counts them: each
    HTTP response's encoded size (headers and body as transferred, compressed if it was; 0 for
    what the cache served). The kernel websocket's messages are reported beside it, as their
    payload (chromium reports them decompressed: their compressed size is not visible here).
    Each page is counted until its board is drawn (or its widgets settled) and a second more."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    responses, done, ws = {}, {}, [0]
    cdp.on("Network.responseReceived", lambda e: responses.__setitem__(e["requestId"], e["response"]))
    cdp.on("Network.loadingFinished", lambda e: done.__setitem__(e["requestId"], e["encodedDataLength"]))

    def frame(e):
        data = e["response"].get("payloadData", "")
        binary = e["response"].get("opcode") == 2  # its payload comes base64-encoded
        ws[0] += len(data) * 3 // 4 if binary else len(data.encode())

    cdp.on("Network.webSocketFrameReceived", frame)

    def visit(path: str) -> dict:
        responses.clear()
        done.clear()
        ws[0] = 0
        page.goto(base + "voila/render/" + path, wait_until="commit", timeout=timeout_ms)
        page.wait_for_function(f"() => ({DRAWN_JS})() || ({SETTLED_JS})() !== null",
                               timeout=timeout_ms, polling=100)
        page.wait_for_timeout(1000)
        files = []
        for rid, size in done.items():
            r = responses.get(rid, {})
            h = {k.lower(): v for k, v in r.get("headers", {}).items()}
            files.append({"url": r.get("url", "?"), "bytes": int(size), "status": r.get("status"),
                          "encoding": h.get("content-encoding", ""), "cache": h.get("cache-control", ""),
                          "cached": bool(r.get("fromDiskCache") or r.get("fromPrefetchCache")) or size == 0})
        return {"page": path, "bytes": sum(f["bytes"] for f in files), "websocket": ws[0],
                "requests": len(files), "from_cache": sum(f["cached"] for f in files),
                "compressed": sum(1 for f in files if f["encoding"]), "files": files}

    try:
        first_visit = visit(first)
        next_page = visit(nxt)
    finally:
        context.close()
    return {"first": first_visit, "next": next_page}


def print_wire(w: dict) -> None:
    for key, target, what in (("first", TARGET_FIRST_VISIT_BYTES, "first visit (cold browser)"),
                              ("next", TARGET_NEXT_PAGE_BYTES, "next page (same browser)")):
        r = w[key]
        print(f"{what:27s} {r['page'][:40]:40s} {r['bytes'] / 1e6:6.2f} MB on the wire (target "
              f"<= {target / 1e6:.1f} MB, {r['bytes'] / target:4.2f}x); {r['requests']} responses, "
              f"{r['from_cache']} from the cache, {r['compressed']} compressed; and "
              f"{r['websocket'] / 1e3:.0f} kB of websocket messages (uncompressed size)")


def wire_main(first: str = "index.ipynb", nxt: str = "01-battlefield-and-line-of-sight.ipynb") -> int:
    """--wire: the app as voila.json serves it; a first visit to the landing page, then a chapter."""
    from playwright.sync_api import sync_playwright
    proc, base, _ = start_voila(log_name="bench-wire.log")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            w = wire_bytes(browser, base, first, nxt)
            browser.close()
    finally:
        stop(proc)
    print("bench_app --wire: bytes a learner's browser downloads (voila.json as committed)")
    print_wire(w)
    return 0 if (w["first"]["bytes"] <= TARGET_FIRST_VISIT_BYTES
                 and w["next"]["bytes"] <= TARGET_NEXT_PAGE_BYTES) else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="cold loads per page (median)")
    ap.add_argument("--sessions", type=int, default=20, help="concurrent sessions (0: skip)")
    ap.add_argument("--preheat", action="store_true",
                    help="start Voilà with --preheat_kernel=True --pool_size=1")
    ap.add_argument("--fill-delay", type=float, default=None,
                    help="with --preheat: seconds before a used pool is refilled (Voilà's default is 1); "
                         "the refill starts a kernel and runs the notebook while the page is still loading; "
                         "with a delay longer than a page, use --runs 1 (a second load would find the pool empty)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON too")
    ap.add_argument("--wire", action="store_true",
                    help="only the bytes on the wire: a first visit, then the next page "
                         "(targets 2.5 MB, 300 kB)")
    args = ap.parse_args(argv)
    if chromium_path() is None:
        print("bench_app: chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    if args.wire:
        return wire_main()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench-", dir=ROOT / "benchmarks"))
    (folder / "baseline.ipynb").write_text(json.dumps(BASELINE))
    rel = folder.relative_to(ROOT).as_posix()
    extra = [f"--Voila.root_dir={ROOT}"]
    if args.preheat:
        extra += ["--preheat_kernel=True", "--pool_size=1"]
        if args.fill_delay is not None:
            extra += [f"--VoilaKernelManager.fill_delay={args.fill_delay}"]
    proc = None
    try:
        t0 = time.monotonic()
        proc, base, log = start_voila(*extra, log_name="bench-voila.log")
        started = time.monotonic() - t0
        pages = pages_to_measure(rel)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            first = open_page(browser, base + "voila/render/" + pages[1][1])
            first_s = first["seconds"]
            leave(first)
            if args.preheat:     # let the pools refill (a page that finds its pool's kernel waiting waits too)
                time.sleep(10 + (args.fill_delay or 0))
            rows = measure_pages(browser, base, proc.pid, pages, args.runs) if args.runs else []
            browser.close()
        conc = None
        if args.sessions:
            conc = concurrent_sessions(base, proc.pid, pages[1:], args.sessions, 600)
        log_text = log.read_text()
        # (jupyter_server's culler may log an error for a kernel still starting: not ours)
        error_lines = [m for m in re.findall(r"^(?:\[Voila\] ERROR|500 |Uncaught exception ).*",
                                             log_text, re.MULTILINE) if "'last_activity' trait" not in m]
        server_errors = len([m for m in error_lines if not m.startswith("Uncaught")])
    finally:
        if proc is not None:
            stop(proc)
        shutil.rmtree(folder, ignore_errors=True)

    mode = "voila.json as committed"
    if args.preheat:
        mode = "preheated kernels (pool 1" + (f", refilled after {args.fill_delay:g} s)" if args.fill_delay is not None
                                              else ")")
    print(f"bench_app: Voilà {mode}, {os.cpu_count()} cores; server answered in {started:.1f} s; "
          f"first page after start {first_s:.2f} s")
    base_s = rows[0]["median_s"] if rows else float("nan")
    if rows:
        print(f"{'page':42s} {'drawn':>8s} {'median s':>9s} {'max s':>7s} {'/1.5s':>6s} "
              f"{'/base':>6s} {'kernel MB':>10s} {'/120MB':>7s}")
    for r in rows:
        print(f"{r['page'][:42]:42s} {r['drawn']:>8s} {r['median_s']:9.2f} {r['max_s']:7.2f} "
              f"{r['median_s'] / TARGET_PAGE_S:6.2f} {r['median_s'] / base_s:6.2f} "
              f"{r['kernel_mb']:10.0f} {r['kernel_mb'] / TARGET_KERNEL_MB:7.2f}"
              + (f"  errors: {r['errors'][:2]}" if r["errors"] else ""))
    if conc:
        sh = conc["shows"]
        print(f"{conc['sessions']} sessions at once ({conc['labs']} of them the lab): {sh['canvas']} drew a live "
              f"board (labs {conc['labs_live']}/{conc['labs']}), {sh['svg']} a board picture, "
              f"{sh['notice']} showed a notice, {sh['none'] + sh['nothing']} nothing (target: every one a "
              f"board, none blank without a message); slowest {conc['max_s']:.1f} s (median "
              f"{conc['median_s']:.1f} s); peak {conc['peak_kernels']} kernels, server with kernels "
              f"{conc['peak_mb']:.0f} MB")
        for e in conc["problems"]:
            print("   ", e)
    print(f"server log: {server_errors} errors" + "".join(f"\n    {m[:150]}" for m in error_lines[:4]))
    if args.json:
        print(json.dumps({"pages": [{k: v for k, v in r.items()} for r in rows],
                          "first_page_s": first_s, "concurrent": conc,
                          "server_errors": server_errors}, default=str))
    ok = (not conc or conc["shows"]["canvas"] + conc["shows"]["svg"] == conc["sessions"]) and server_errors == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
