"""What a learner lives through in the app (run on demand: python benchmarks/bench_app.py).

The server is started the way `tutor app` starts it by default: `tutor.serve.app_config()` (the
project's voila.json with tutor app's defaults; --no-preheat/--preheat, --pool-size and
--fill-delay pass through to it) run by `tutor.serve.serve()` in a process of its own, on
127.0.0.1. One change: its notebooks folder is a temporary mirror of the course's (symbolic links
to every file, ../scenarios included) that also holds the floor, a bare ipycanvas board notebook
(one small canvas), configured like the course's first page (its kernel pool; where the app preheats
kernels for the pages a learner opens next, the floor is such a page from every page). So the
floor is served by the same server, the same way, in the same run: the floor a page cannot beat. Debian's chromium through
Playwright; every wait is bounded.

Measures
  1. idle memory: the server with all its kernels (resident sizes summed over its process tree,
     the proportional sum beside it) once it has started, filled its kernel pools and been quiet
     for a moment; target < 2 GB.
  2. first visit: a cold browser (a new context: empty cache) opens the floor, then the landing
     page, in turn (--first-visits of each): navigation → first board; target ≤ 2× the floor's
     first visit. Bytes on the wire of the landing page's first visit: target ≤ 2.5 MB.
  3. chapter to chapter: one warm browser context walks the course as a learner does, the
     landing page, every chapter in turn, the glossary, the conflicts page, Play a battle and the
     lab (its default board), with the floor visited before each page, so that the machine's
     load drifts hit floor and pages alike (--runs walks); beside the ratio of the medians, the
     median of each chapter's time over the floor's just before it (drifts cancel out). Each page: navigation → its first live
     board (a canvas showing pixels) or, on a page without a canvas, its first board picture (an
     image of a board, drawn), as named per page. Targets for a chapter: ≤ 1.0 s and ≤ 1.15× the floor;
     its bytes on the wire ≤ 300 kB. A visit that ends at an error notice (or at nothing) is not
     timed, and the timing verdicts it belongs to miss.
  4. --sessions N learners opening pages at the same moment (half the lab): how many drew a live
     board, the slowest, the peak memory of the server with its kernels.
Between two pages the benchmark waits, as a learner reads, until the server and its kernels are
quiet (the previous page's kernel shut down, the pool refilled).
--wire: only the bytes of a first visit (landing page) and the next page (chapter 1).
--quick: a smoke run (two chapters, one walk, one first visit each).

Bytes on the wire are chromium's count of each HTTP response as transferred (headers and body,
compressed if it was; 0 for what its cache served); the kernel websocket's messages are reported
beside them as chromium shows them (uncompressed).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (
    ARTIFACTS,
    CHROMIUM_FLAGS,
    chromium_path,
    free_port,
    stop,
    wait_until_serving,
)
from tests.browser.helpers import (
    board_shown_js,
    is_kernel,
    kernel_pid,
    page_kernel_id,
    process_memory_mb,
    process_tree,
    settle,
)

TARGET_NEXT_S = 1.0                    # issue 19.2: a learner's next chapter, warm browser
TARGET_NEXT_FLOOR = 1.15               # ... and within this ratio of the floor served the same way
TARGET_FIRST_FLOOR = 2.0               # a first visit, against the floor's first visit
TARGET_IDLE_MB = 2000                  # the server with all its kernels, idle
TARGET_FIRST_VISIT_BYTES = 2_500_000   # issue 19.3: a first visit on a classroom's Wi-Fi
TARGET_NEXT_PAGE_BYTES = 300_000       # the next chapter, in the same browser

FLOOR = "bench-floor.ipynb"
FLOOR_NOTEBOOK = {
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

# What a learner waits for (tests/browser/helpers.py): a page whose outputs have stopped coming
# for 5 s without a canvas counts as having none (its time is still that of its first board
# picture, or its last output: the 5 s are not counted).
SHOWN_JS = board_shown_js(quiet_ms=5000)
WAITED_FOR = {"canvas": "canvas (live board)", "picture": "board picture",
              "none": "page shown (no board)", "notice": "error notice", "nothing": "nothing (timed out)"}


# --- the server -------------------------------------------------------------------------------

def course_pages(quick: bool = False) -> list[str]:
    """The pages a learner walks, in order: the landing page, the chapters, the glossary, the
    conflicts page, Play a battle, the lab (its default board)."""
    from tutor import course
    chapters = [c.notebook for c in course.available()]
    if quick:
        return ["index.ipynb", *chapters[:2]]
    return ["index.ipynb", *chapters, "glossary.ipynb", "conflicts.ipynb", "play-a-battle.ipynb",
            "lab.ipynb"]


def server_config(folder: Path, preheat: bool | None = None, pool_size: int | None = None,
                  fill_delay: float | None = None) -> dict:
    """`tutor app`'s configuration (tutor.serve.app_config, its defaults unless an option is
    given), serving a mirror of the course's notebooks folder, made in ``folder``, that also
    holds the floor notebook, configured (kernel pool, preheat list) as the course's first page is."""
    from tutor import course
    from tutor.serve import app_config

    cfg = app_config(port=free_port(), host="127.0.0.1", open_browser=False, preheat=preheat,
                     pool_size=pool_size)
    notebooks = Path(cfg["Voila"]["root_dir"])
    course_root = notebooks.parent
    for entry in course_root.iterdir():     # ../scenarios and the like, as the notebooks see them
        if entry != notebooks and not entry.name.startswith("."):
            (folder / entry.name).symlink_to(entry)
    mirror = folder / notebooks.name
    mirror.mkdir()
    for entry in notebooks.iterdir():
        (mirror / entry.name).symlink_to(entry)
    (mirror / FLOOR).write_text(json.dumps(FLOOR_NOTEBOOK))
    cfg["Voila"]["root_dir"] = str(mirror)
    first = next(p for p in course.reading_order() if p.available).notebook   # the course's first page
    manager = cfg.setdefault("VoilaKernelManager", {})
    if fill_delay is not None:
        manager["fill_delay"] = fill_delay
    pools = manager.get("kernel_pools_config", {})
    if first in pools:
        pools[FLOOR] = pools[first]
    for key in ("preheat_denylist", "preheat_blacklist"):
        if first in manager.get(key, []):
            manager[key] = [*manager[key], FLOOR]
    return cfg


def start_server(cfg: dict, folder: Path, log_name: str = "bench-app.log"):
    """Run :func:`serve_with_floor` (tutor.serve.serve) with ``cfg`` in a process group of its
    own; (process, base URL, log)."""
    settings = folder / "app-config.json"
    settings.write_text(json.dumps(cfg))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / log_name
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, __file__, "--serve", str(settings)], cwd=folder,
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    base = f"http://127.0.0.1:{cfg['Voila']['port']}/"
    wait_until_serving(proc, base, log)
    return proc, base, log


def serve_with_floor(settings: str) -> int:
    """tutor.serve.serve with these settings (the server's process). Where the app preheats a
    kernel for the pages a learner opens next (``tutor.server.preheat.pages_after``), the floor counts as
    a page opened next from every page, so that it is preheated as a next chapter is."""
    import tutor.server.preheat
    from tutor.serve import serve

    after = tutor.server.preheat.pages_after
    tutor.server.preheat.pages_after = lambda page: [*after(page), FLOOR]
    return serve(json.loads(Path(settings).read_text()))


def kernels(server_pid: int) -> list[int]:
    return [p for p in process_tree(server_pid)[1:] if is_kernel(p)]


def server_memory(server_pid: int) -> dict:
    """The server with all its processes: resident and proportional sizes summed, in MB."""
    tree = process_tree(server_pid)
    sizes = [process_memory_mb(p) for p in tree]
    return {"rss_mb": sum(r for r, _ in sizes), "pss_mb": sum(p for _, p in sizes),
            "kernels": len([p for p in tree[1:] if is_kernel(p)])}


# --- one page, as a learner sees it -------------------------------------------------------------

class Wire:
    """Bytes on the wire of one browser page (chromium's network log, through CDP): each HTTP
    response's encoded size (headers and body as transferred, compressed if it was; 0 for what
    the cache served), and the websocket messages' payloads (as chromium shows them, uncompressed).
    What the page makes in memory is not on the wire and not counted: chromium logs a board
    picture (a data: URL) or a widget's module (a blob: URL) as a response of its full size."""

    def __init__(self, context, page):
        self.responses, self.done, self.ws = {}, {}, 0
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", lambda e: self.responses.__setitem__(e["requestId"], e["response"]))
        cdp.on("Network.loadingFinished", lambda e: self.done.__setitem__(e["requestId"], e["encodedDataLength"]))
        cdp.on("Network.webSocketFrameReceived", self._frame)

    def _frame(self, e):
        data = e["response"].get("payloadData", "")
        binary = e["response"].get("opcode") == 2  # its payload comes base64-encoded
        self.ws += len(data) * 3 // 4 if binary else len(data.encode())

    def reset(self) -> None:
        self.responses.clear()
        self.done.clear()
        self.ws = 0

    def count(self) -> dict:
        files = []
        for rid, size in self.done.items():
            r = self.responses.get(rid, {})
            if not r.get("url", "").startswith(("http:", "https:")):
                continue
            h = {k.lower(): v for k, v in r.get("headers", {}).items()}
            files.append({"url": r.get("url", "?"), "bytes": int(size), "status": r.get("status"),
                          "encoding": h.get("content-encoding", ""), "cache": h.get("cache-control", ""),
                          "cached": bool(r.get("fromDiskCache") or r.get("fromPrefetchCache")) or size == 0})
        return {"bytes": sum(f["bytes"] for f in files), "websocket": self.ws, "requests": len(files),
                "from_cache": sum(f["cached"] for f in files),
                "compressed": sum(1 for f in files if f["encoding"]), "files": files}


def new_tab(browser):
    """A new browser context (empty cache: a cold browser) with one page and its Wire."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    return context, page, Wire(context, page)


def visit(page, wire: Wire, base: str, name: str, timeout_ms: int = 120_000) -> dict:
    """Go to page ``name`` in this tab and wait for what a learner waits for: its first live
    board, or on a page without a canvas its first board picture (helpers.BOARD_SHOWN_JS).
    Seconds are from the navigation's start to that moment; bytes are counted until then and a
    second more (the page's last requests)."""
    wire.reset()
    result = {"page": name, "shows": "nothing", "seconds": float("nan")}
    try:
        page.goto(base + "voila/render/" + name, wait_until="commit", timeout=timeout_ms)
        shown = page.wait_for_function(SHOWN_JS, timeout=timeout_ms, polling=50).json_value()
        result.update(shows=shown["shows"], seconds=shown["at"] / 1000)
        page.wait_for_timeout(1000)
    except Exception as exc:
        result["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    kid = page_kernel_id(page) if "error" not in result else None
    pid = kernel_pid(kid) if kid else None
    result["kernel_mb"] = process_memory_mb(pid)[0] if pid else float("nan")
    result.update({k: v for k, v in wire.count().items() if k != "files"})
    return result


# --- the journeys -------------------------------------------------------------------------------

def first_visits(browser, base: str, server_pid: int, page: str, n: int) -> dict:
    """n cold visits to the floor and to ``page``, in turn, each in a new browser context."""
    out = {"floor": [], "page": []}
    for _ in range(n):
        for key, name in (("floor", FLOOR), ("page", page)):
            settle(server_pid)
            context, tab, wire = new_tab(browser)
            try:
                out[key].append(visit(tab, wire, base, name))
                tab.goto("about:blank")  # Voilà shuts the page's kernel down on leaving it
            finally:
                context.close()
    return out


def chapter_to_chapter(browser, base: str, server_pid: int, pages: list[str], runs: int) -> dict:
    """``runs`` walks through ``pages`` in one warm browser context, the floor before each page."""
    context, tab, wire = new_tab(browser)
    out = {"floor": [], "pages": {name: [] for name in pages}}
    try:
        visit(tab, wire, base, pages[0])  # the learner arrives (cold): not counted
        for _ in range(runs):
            for name in pages:
                settle(server_pid)
                floor = visit(tab, wire, base, FLOOR)
                out["floor"].append(floor)
                settle(server_pid)
                page = visit(tab, wire, base, name)
                page["floor_before"] = floor  # its pair: what the machine gave the floor just then
                out["pages"][name].append(page)
        tab.goto("about:blank")
    finally:
        context.close()
    return out


def concurrent_sessions(base: str, server_pid: int, pages: list[str], n: int, timeout_s: float) -> dict:
    """n learners open pages at the same moment (n browser contexts, Playwright's async API),
    half of them the lab, the others the course's pages in turn; each waits for its first board
    (tests.browser.helpers.open_at_once). Reports how many drew a live board (a canvas showing
    pixels), a board picture, a notice (connection lost / an error shown), or nothing; the
    slowest; and the peak memory of the server with its kernels."""
    import asyncio

    from playwright.async_api import async_playwright

    from tests.browser.helpers import open_at_once

    lab = "lab.ipynb"
    others = [p for p in pages if p not in (lab, "index.ipynb")]
    names = [lab if i % 2 == 0 else others[(i // 2) % len(others)] for i in range(n)]
    peak = {"kernels": 0, "mb": 0.0}

    async def watch():
        while True:
            m = server_memory(server_pid)
            peak["kernels"] = max(peak["kernels"], m["kernels"])
            peak["mb"] = max(peak["mb"], m["rss_mb"])
            await asyncio.sleep(0.5)

    async def run():
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            watcher = asyncio.create_task(watch())
            try:
                # a page counts as boardless only after a minute with no new output: in a class
                # a page came whole from its preheated kernel ~30 s before that kernel, busy
                # like all the others, sent its boards (as in test_load_and_connection)
                return await open_at_once(browser, base, names, timeout_s, quiet_ms=60_000)
            finally:
                watcher.cancel()
                await browser.close()

    results = asyncio.run(run())
    shows = {k: sum(r["shows"] == k for r in results) for k in ("canvas", "picture", "notice", "none", "nothing")}
    labs = [r for r in results if r["page"] == lab]
    secs = [r["seconds"] for r in results]
    return {"sessions": n, "shows": shows, "labs": len(labs),
            "labs_live": sum(r["shows"] == "canvas" for r in labs),
            "median_s": statistics.median(secs), "max_s": max(secs),
            "peak_kernels": peak["kernels"], "peak_mb": peak["mb"],
            "problems": [f"{r['page']}: {r['shows']} {r.get('error', '')} {r['text'][-120:]!r}"
                         + "".join(f"\n      script error: {e}" for e in r["errors"][-3:])
                         for r in results if r["shows"] not in ("canvas", "picture")][:6]}


# --- the report ---------------------------------------------------------------------------------

def spread(values: list[float]) -> dict:
    """Median and range of the finite values (NaN when there are none)."""
    v = [x for x in values if not math.isnan(x)]
    if not v:
        return {"median": float("nan"), "min": float("nan"), "max": float("nan"), "n": 0}
    return {"median": statistics.median(v), "min": min(v), "max": max(v), "n": len(v)}


def fmt_s(s: dict) -> str:
    return f"{s['median']:.2f} s ({s['min']:.2f}–{s['max']:.2f})"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def is_chapter(name: str) -> bool:
    return bool(re.match(r"\d\d-", name))


SHOWN = frozenset({"canvas", "picture", "none"})  # what a learner waits for; not a notice, not nothing


def timed(visits: list[dict]) -> list[float]:
    """The seconds of the visits that showed the page (a board, a picture, or a page without one):
    an error notice comes fast and is no page, so its time is not a page's time."""
    return [r["seconds"] for r in visits if r["shows"] in SHOWN]


def untimed(visits: list[dict]) -> int:
    """How many of the visits ended at an error notice or at nothing (see :func:`timed`)."""
    return sum(r["shows"] not in SHOWN for r in visits)


def summary(res: dict) -> dict:
    """The figures and their verdicts from the raw results of main(). A timing verdict passes
    only when every visit it stands for showed its page."""
    fig = {}
    if res.get("idle"):
        fig["idle"] = res["idle"]
        fig["idle_ok"] = res["idle"]["rss_mb"] < TARGET_IDLE_MB
    fv = res.get("first")
    if fv:
        floor = spread(timed(fv["floor"]))
        page = spread(timed(fv["page"]))
        fig["first"] = {"floor": floor, "page": page, "ratio": page["median"] / floor["median"],
                        "bytes": spread([r["bytes"] for r in fv["page"]]),
                        "floor_bytes": spread([r["bytes"] for r in fv["floor"]]),
                        "shows": sorted({r["shows"] for r in fv["page"]}),
                        "requests": fv["page"][-1]["requests"], "compressed": fv["page"][-1]["compressed"]}
        fig["first"]["failed"] = untimed(fv["floor"] + fv["page"])
        fig["first_ok"] = fig["first"]["ratio"] <= TARGET_FIRST_FLOOR and not fig["first"]["failed"]
        fig["first_bytes_ok"] = fig["first"]["bytes"]["max"] <= TARGET_FIRST_VISIT_BYTES
    walk = res.get("walk")
    if walk:
        floor = spread(timed(walk["floor"]))
        rows = []
        for name, visits in walk["pages"].items():
            s = spread(timed(visits))
            rows.append({"page": name.removesuffix(".ipynb"), "name": name, "chapter": is_chapter(name),
                         "shows": "/".join(sorted({r["shows"] for r in visits})),
                         "seconds": s, "ratio": s["median"] / floor["median"],
                         "bytes": spread([r["bytes"] for r in visits]),
                         "websocket": spread([r["websocket"] for r in visits]),
                         "kernel_mb": spread([r["kernel_mb"] for r in visits]),
                         "errors": [r["error"] for r in visits if "error" in r],
                         "failed": untimed(visits)})
        chapters = [r for r in rows if r["chapter"]]
        medians = spread([r["seconds"]["median"] for r in chapters])
        # Each chapter visit over the floor visit just before it: the machine's drifts cancel out.
        paired = spread([r["seconds"] / r["floor_before"]["seconds"]
                         for row in chapters for r in walk["pages"][row["name"]]
                         if "floor_before" in r and r["shows"] in SHOWN
                         and r["floor_before"]["shows"] in SHOWN])
        fig["walk"] = {"floor": floor, "rows": rows, "chapters": medians,
                       "ratio": medians["median"] / floor["median"], "paired": paired,
                       "bytes": spread([r["bytes"]["max"] for r in chapters]),
                       "cached": spread([v["from_cache"] / v["requests"] for r in chapters
                                         for v in walk["pages"][r["name"]] if v["requests"]]),
                       "floor_bytes": spread([r["bytes"] for r in walk["floor"]]),
                       "failed": sum(r["failed"] for r in chapters) + untimed(walk["floor"])}
        if chapters:
            shown = not fig["walk"]["failed"]
            fig["next_ok"] = medians["median"] <= TARGET_NEXT_S and shown
            fig["next_ratio_ok"] = fig["walk"]["ratio"] <= TARGET_NEXT_FLOOR and shown
            fig["next_bytes_ok"] = fig["walk"]["bytes"]["max"] <= TARGET_NEXT_PAGE_BYTES
        fig["every_page_shown"] = not any(r["errors"] or r["failed"] for r in rows)
    return fig


def row(figure: str, measured: str, target: str, ok: bool) -> str:
    return f"{figure:44s} {measured:62s} {target:16s} {verdict(ok)}"


def report(res: dict, fig: dict) -> list[str]:
    lines = [(f"bench_app: the app as `tutor app` starts it ({res['setup']}), Voilà {res['voila']}, "
              f"{os.cpu_count()} cores, {res['date']}"),
             (f"the machine is shared with other work: load average {res['load_start']} at the start, "
              f"{res['load_end']} at the end (1, 5, 15 min); timings are noisy"),
             (f"server answered in {res['started_s']:.1f} s; quiet (pools filled) after "
              f"{res['filled_s']:.0f} s more; medians (ranges)"),
             f"{'figure':44s} {'measured':62s} {'target':16s} verdict"]
    if "idle" in fig:
        m = fig["idle"]
        lines.append(row(f"idle memory, server + {m['kernels']} kernels, RSS sum",
                         f"{m['rss_mb'] / 1000:.2f} GB (PSS sum {m['pss_mb'] / 1000:.2f} GB)",
                         f"< {TARGET_IDLE_MB / 1000:g} GB", fig["idle_ok"]))
    if "first" in fig:
        f = fig["first"]
        lines.append(row(f"first visit, landing page, cold ({f['page']['n']}x)",
                         f"{fmt_s(f['page'])}, {f['ratio']:.2f}x the floor's {fmt_s(f['floor'])}",
                         f"<= {TARGET_FIRST_FLOOR:g}x floor", fig["first_ok"]))
        if f["failed"]:
            lines.append(f"    {f['failed']} first visits showed an error notice or nothing: not timed")
        lines.append(row("first visit on the wire, landing page",
                         f"{f['bytes']['median'] / 1e6:.2f} MB, {f['compressed']} of {f['requests']} responses "
                         f"compressed (floor {f['floor_bytes']['median'] / 1e6:.2f} MB)",
                         f"<= {TARGET_FIRST_VISIT_BYTES / 1e6:g} MB", fig["first_bytes_ok"]))
    if "walk" in fig:
        w = fig["walk"]
        n = len([r for r in w["rows"] if r["chapter"]])
    if "next_ok" in fig:
        lines.append(row(f"next chapter, warm browser ({n} chapters)", fmt_s(w["chapters"]),
                         f"<= {TARGET_NEXT_S:.1f} s", fig["next_ok"]))
        lines.append(row("next chapter / floor's next page",
                         f"{w['ratio']:.2f}x, floor {fmt_s(w['floor'])}",
                         f"<= {TARGET_NEXT_FLOOR:g}x floor", fig["next_ratio_ok"]))
        if w["paired"]["n"]:
            lines.append(f"    each chapter over the floor just before it: {w['paired']['median']:.2f}x "
                         f"({w['paired']['min']:.2f}–{w['paired']['max']:.2f}, {w['paired']['n']} pairs)")
        if w["failed"]:
            lines.append(f"    {w['failed']} visits (chapters and floor) showed an error notice or nothing: "
                         "not timed, and the two figures above miss")
        lines.append(row("next chapter on the wire (every chapter)",
                         f"{w['bytes']['median'] / 1e3:.0f} kB ({w['bytes']['min'] / 1e3:.0f}–"
                         f"{w['bytes']['max'] / 1e3:.0f}), {w['cached']['median']:.0%} of responses "
                         f"cached (floor {w['floor_bytes']['median'] / 1e3:.0f} kB)",
                         f"<= {TARGET_NEXT_PAGE_BYTES / 1e3:g} kB", fig["next_bytes_ok"]))
    if "walk" in fig:
        lines.append("")
        lines.append(f"each page in the warm browser, navigation -> what it waited for ({res['runs']} walks, "
                     "the floor before each page):")
        lines.append(f"{'page':42s} {'waited for':20s} {'median s (range)':>22s} {'/floor':>6s} "
                     f"{'kB wire':>8s} {'kB ws':>6s} {'kernel MB':>9s}")
        lines.append(f"{'(the floor: bare board)':42s} {WAITED_FOR['canvas']:20s} {fmt_s(w['floor']):>22s} "
                     f"{1:6.2f} {w['floor_bytes']['median'] / 1e3:8.0f}")
        for r in w["rows"]:
            kind = " / ".join(WAITED_FOR.get(k, k) for k in r["shows"].split("/"))
            lines.append(f"{r['page'][:42]:42s} {kind:20s} {fmt_s(r['seconds']):>22s} {r['ratio']:6.2f} "
                         f"{r['bytes']['median'] / 1e3:8.0f} {r['websocket']['median'] / 1e3:6.0f} "
                         f"{r['kernel_mb']['median']:9.0f}" + (f"  {r['errors'][0][:80]}" if r["errors"] else ""))
    conc = res.get("concurrent")
    if conc:
        sh = conc["shows"]
        lines.append(f"{conc['sessions']} sessions at once ({conc['labs']} of them the lab): {sh['canvas']} drew a "
                     f"live board (labs {conc['labs_live']}/{conc['labs']}), {sh['picture']} a board picture, "
                     f"{sh['notice']} showed a notice, {sh['none'] + sh['nothing']} nothing (target: every one a "
                     f"board, none blank without a message); slowest {conc['max_s']:.1f} s (median "
                     f"{conc['median_s']:.1f} s); peak {conc['peak_kernels']} kernels, server with kernels "
                     f"{conc['peak_mb']:.0f} MB")
        lines += ["    " + e for e in conc["problems"]]
    errs = res.get("server_errors", [])
    lines.append(f"server log: {len(errs)} errors" + "".join(f"\n    {m[:150]}" for m in errs[:4]))
    return lines


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=2, help="walks through the course (warm browser; 0: none)")
    ap.add_argument("--first-visits", type=int, default=3,
                    help="cold visits of the floor and of the landing page each (0: none)")
    ap.add_argument("--quick", action="store_true", help="a smoke run: two chapters, one walk, one first visit")
    ap.add_argument("--pages", nargs="+", metavar="NOTEBOOK",
                    help="walk these pages only (e.g. 04-movement.ipynb lab.ipynb)")
    ap.add_argument("--sessions", type=int, default=0, help="then N concurrent sessions (0: none)")
    ap.add_argument("--preheat", action=argparse.BooleanOptionalAction, default=None,
                    help="as tutor app --preheat/--no-preheat (default: tutor app's)")
    ap.add_argument("--pool-size", type=int, default=None, help="as tutor app --pool-size")
    ap.add_argument("--fill-delay", type=float, default=None,
                    help="seconds before Voilà refills a used pool (VoilaKernelManager.fill_delay)")
    ap.add_argument("--wire", action="store_true",
                    help="only the bytes on the wire: a first visit (landing page), then chapter 1")
    ap.add_argument("--json", action="store_true", help="print the results as JSON too")
    ap.add_argument("--serve", metavar="SETTINGS", help=argparse.SUPPRESS)  # the server's process
    args = ap.parse_args(argv)
    if args.serve:
        return serve_with_floor(args.serve)
    if chromium_path() is None:
        print("bench_app: chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    if args.quick:
        args.runs, args.first_visits = 1, 1
    pages = args.pages or course_pages(args.quick)
    res = run(pages, args)
    fig = summary(res)
    print("\n".join(report(res, fig)))
    if args.json:
        print(json.dumps({"results": res, "figures": fig}, default=str))
    ok = [v for k, v in fig.items() if k.endswith("_ok") or k == "every_page_shown"]
    conc = res.get("concurrent")
    if conc:
        ok.append(conc["shows"]["canvas"] + conc["shows"]["picture"] == conc["sessions"])
    return 0 if all(ok) and not res["server_errors"] else 1


def run(pages: list[str], args) -> dict:
    """Start the server, measure, stop it; the raw results."""
    import voila
    from playwright.sync_api import sync_playwright

    res = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "load_start": load_average(),
           "voila": voila.__version__, "runs": args.runs}
    folder = Path(tempfile.mkdtemp(prefix="bench-app-"))
    proc = None
    try:
        cfg = server_config(folder, args.preheat, args.pool_size, args.fill_delay)
        conf = cfg.get("VoilaConfiguration", {})
        res["setup"] = (f"preheated kernels, pool {conf.get('default_pool_size', 1)} a page"
                        if conf.get("preheat_kernel") else "no preheated kernels")
        if args.fill_delay is not None:
            res["setup"] += f", refilled after {args.fill_delay:g} s"
        t0 = time.monotonic()
        proc, base, log = start_server(cfg, folder)
        res["started_s"] = time.monotonic() - t0
        res["filled_s"] = settle(proc.pid, quiet_s=5.0, timeout_s=600)
        if not args.wire:
            res["idle"] = server_memory(proc.pid)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            try:
                if args.wire:
                    chapter = next(p for p in course_pages() if is_chapter(p))
                    res["first"] = first_visits(browser, base, proc.pid, "index.ipynb", 1)
                    res["walk"] = chapter_to_chapter(browser, base, proc.pid, ["index.ipynb", chapter], 1)
                else:
                    if args.first_visits:
                        res["first"] = first_visits(browser, base, proc.pid, "index.ipynb", args.first_visits)
                    if args.runs:
                        res["walk"] = chapter_to_chapter(browser, base, proc.pid, pages, args.runs)
            finally:
                browser.close()
        if args.sessions:
            settle(proc.pid)
            res["concurrent"] = concurrent_sessions(base, proc.pid, pages, args.sessions, 600)
        # (jupyter_server's culler may log an error for a kernel still starting: not ours)
        res["server_errors"] = [m for m in re.findall(r"^(?:\[Voila\] ERROR|500 |Uncaught exception ).*",
                                                      log.read_text(), re.MULTILINE)
                                if "'last_activity' trait" not in m and not m.startswith("Uncaught")]
    finally:
        if proc is not None:
            stop(proc)
        shutil.rmtree(folder, ignore_errors=True)
        res["load_end"] = load_average()
    return res


if __name__ == "__main__":
    sys.exit(main())
