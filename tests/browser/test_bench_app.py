"""The app benchmark's measuring code works (benchmarks/bench_app.py; what it measures is never
asserted here: speed is for the benchmark to print). The floor and one chapter, served the way
the benchmark serves them (`tutor app`'s configuration, the floor beside the course), each show
a live board, and the bytes on the wire are counted."""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from pathlib import Path

import pytest

from .conftest import ROOT, stop

pytestmark = pytest.mark.browser

CHAPTER = "02-setup-pegasus-bridge.ipynb"
PICTURES = "13-team-play.ipynb"        # one board picture, in view as the page opens


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_app", ROOT / "benchmarks" / "bench_app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_floor_and_a_chapter_are_measured_as_live_boards(chromium):
    bench = load_bench()
    folder = Path(tempfile.mkdtemp(prefix="bench-app-test-"))
    proc = None
    try:
        cfg = bench.server_config(folder, preheat=False)
        proc, base, _log = bench.start_server(cfg, folder, log_name="bench-app-test.log")
        context, tab, wire = bench.new_tab(chromium)
        try:
            cold = bench.visit(tab, wire, base, bench.FLOOR)
            warm = bench.visit(tab, wire, base, CHAPTER)
            wire.reset()
            tab.goto(base + "voila/render/" + PICTURES)
            tab.locator("img.tutor-picture").first.wait_for(timeout=120_000)
            tab.wait_for_function("[...document.querySelectorAll('img.tutor-picture')].some(i => i.naturalWidth > 0)")
            pictures = wire.count()
        finally:
            context.close()
        memory = bench.server_memory(proc.pid)
    finally:
        if proc is not None:
            stop(proc)
        shutil.rmtree(folder, ignore_errors=True)
    for r in (cold, warm):
        assert r["shows"] == "canvas", r
        assert r["seconds"] > 0 and r["bytes"] > 0 and r["requests"] > 0, r
        assert r["kernel_mb"] > 0, r
    # the cold visit downloads the front end; the next page gets most of it from the cache
    assert cold["from_cache"] == 0 < warm["from_cache"]
    # a page's board pictures (data: URLs) are drawn from the page itself: not on the wire
    assert pictures["files"] and all(f["url"].startswith("http") for f in pictures["files"]), pictures["files"]
    assert memory["rss_mb"] > 0 and memory["pss_mb"] > 0


def test_report_names_each_figure_with_its_target_and_verdict():
    bench = load_bench()
    visit = {"shows": "canvas", "bytes": 100_000, "websocket": 1000, "kernel_mb": 80.0,
             "requests": 10, "from_cache": 8, "compressed": 2}
    res = {"setup": "preheated kernels, pool 1 a page", "voila": "0.5.13", "date": "2026-11-25 10:00 UTC",
           "load_start": "1.0 1.0 1.0", "load_end": "2.0 1.0 1.0", "started_s": 2.0, "filled_s": 30.0,
           "runs": 1, "server_errors": [],
           "idle": {"rss_mb": 2500.0, "pss_mb": 1500.0, "kernels": 28},
           "first": {"floor": [{**visit, "seconds": 2.0, "bytes": 1_500_000}],
                     "page": [{**visit, "seconds": 3.0, "bytes": 1_600_000}]},
           "walk": {"floor": [{**visit, "seconds": 0.8}, {**visit, "seconds": 1.0}],
                    "pages": {"index.ipynb": [{**visit, "shows": "none", "seconds": 0.5}],
                              "01-x.ipynb": [{**visit, "seconds": 0.9,
                                              "floor_before": {**visit, "seconds": 0.8}}],
                              "glossary.ipynb": [{**visit, "shows": "picture", "seconds": 2.0}]}}}
    fig = bench.summary(res)
    lines = bench.report(res, fig)
    text = "\n".join(lines)

    def line(start):
        (found,) = [x for x in lines if x.startswith(start)]
        return found

    assert "load average 1.0 1.0 1.0 at the start, 2.0 1.0 1.0 at the end" in text
    assert line("idle memory, server + 28 kernels").endswith("MISS")          # 2.5 GB, target < 2 GB
    assert "1.50x the floor's 2.00 s" in line("first visit, landing page") and line("first visit, landing").endswith("PASS")
    assert line("first visit on the wire").endswith("PASS")                   # 1.6 MB <= 2.5 MB
    assert "0.90 s" in line("next chapter, warm browser (1 chapters)")        # only 01-x is a chapter
    assert "1.00x" in line("next chapter / floor") and line("next chapter / floor").endswith("PASS")
    assert "just before it: 1.12x (1.12–1.12, 1 pairs)" in text                 # 0.9 s after a 0.8 s floor
    assert line("next chapter on the wire").endswith("PASS")
    assert "canvas (live board)" in line("01-x ")
    assert "board picture" in line("glossary ")
    assert "page shown (no board)" in line("index ")
    assert fig["every_page_shown"]
    res["walk"]["pages"]["01-x.ipynb"][0]["seconds"] = 1.2
    fig = bench.summary(res)
    assert not fig["next_ok"] and not fig["next_ratio_ok"]                    # 1.2 s > 1.0 s; 1.33x
    # A chapter that ended at an error notice is not a fast chapter: not timed, the verdicts miss.
    res["walk"]["pages"]["01-x.ipynb"] = [{**visit, "seconds": 0.9}, {**visit, "shows": "notice", "seconds": 0.3}]
    fig = bench.summary(res)
    lines = bench.report(res, fig)
    assert fig["walk"]["chapters"]["median"] == 0.9                            # the notice's 0.3 s left out
    assert not fig["next_ok"] and not fig["next_ratio_ok"] and not fig["every_page_shown"]
    (said,) = [x for x in lines if "showed an error notice or nothing" in x]
    assert said.strip().startswith("1 visits")
