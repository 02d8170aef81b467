"""A class at once, and a page whose kernel is gone.

- Eight learners open pages at the same moment (half of them the lab): every page draws its
  board. Under load, Voilà's executor used to stop reading a cell's output 4 s after the kernel's
  reply (nbclient's `iopub_timeout`), so the lab's board (a hundred widget messages behind the
  reply) was dropped without a word; voila.json now waits for the kernel's idle message and,
  should it never come, shows an error instead of a blank cell.
- A page whose kernel is killed, or whose server stops, shows "Connection lost: reload the page"
  (`tutor/static/connection.js`, put into every page by `tutor.server.pages.Page`).
- A page whose kernel dies before it can run the page ends, asking the learner to reload it
  (`tutor.server.pages.Page`), instead of saying "Running..." for good.
- A page's kernel talks to the server over Unix sockets, not TCP ports another connection may
  take while the kernel starts (`tutor.server.kernels.kernels_on_local_sockets`).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, CHROMIUM_FLAGS, chromium_path, start_voila, stop
from .helpers import (
    kernel_pid,
    one_cell_notebook,
    open_at_once,
    page_kernel_id,
    run_apart,
    wait_for_canvases,
    wait_for_voila,
)

pytestmark = pytest.mark.browser

LAB = "lab.ipynb"
CHAPTER = "01-battlefield-and-line-of-sight.ipynb"
OTHERS = [CHAPTER, "07-hits-flags-and-retreat.ipynb", "play-a-battle.ipynb",
          "05-battle-range-dice-line-of-sight.ipynb"]
NOTICE = "Connection lost: reload the page"


def test_eight_learners_at_once_all_get_their_board(app):
    names = [LAB if i % 2 == 0 else OTHERS[(i // 2) % len(OTHERS)] for i in range(8)]

    async def run():
        from playwright.async_api import async_playwright
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
            try:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                # a page counts as boardless only after a minute with no new output: with eight
                # kernels starting on 2 cores a chapter's text came ~40 s before its widgets
                return await open_at_once(browser, app, names, timeout_s=400, screenshots=ARTIFACTS,
                                          quiet_ms=60_000)
            finally:
                await browser.close()

    if chromium_path() is None:
        pytest.skip("chromium not found")
    # (the sync Playwright of other modules may hold this thread's event loop: a thread of its own)
    results = run_apart(run(), timeout_s=600)
    shown = {i: (r["page"], r["shows"]) for i, r in enumerate(results)}
    for r in results:
        wanted = ("canvas",) if r["page"] == LAB else ("canvas", "picture")
        assert r["shows"] in wanted, (r, shown)
    assert "Timeout waiting for IOPub" not in app.log.read_text()


def test_a_page_kernel_talks_to_the_server_over_local_sockets(app, page):
    """tutor.server.kernels.kernels_on_local_sockets: no TCP port for a starting kernel to lose."""
    page.goto(app + f"voila/render/{CHAPTER}")
    wait_for_voila(page)
    pid = kernel_pid(page_kernel_id(page))
    assert pid is not None
    args = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
    info = json.loads(Path(next(a for a in args if a.endswith(".json"))).read_text())
    assert info["transport"] == "ipc" and Path(f"{info['ip']}-{info['shell_port']}").is_socket()
    assert "running over TCP" not in app.log.read_text()


def test_killed_kernel_is_announced(app, page):
    page.goto(app + f"voila/render/{CHAPTER}")
    wait_for_voila(page)
    wait_for_canvases(page, 90_000)
    assert page.locator(".tutor-connection-lost").count() == 0
    pid = kernel_pid(page_kernel_id(page))
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    notice = page.locator(".tutor-connection-lost")
    notice.wait_for(timeout=60_000)
    assert NOTICE in notice.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "connection-lost-kernel.png"))
    with page.expect_navigation():
        notice.get_by_role("button", name="Reload").click()
    wait_for_voila(page)
    wait_for_canvases(page, 90_000)
    assert page.locator(".tutor-connection-lost").count() == 0


def test_stopped_server_is_announced_and_leaving_is_not(chromium):
    proc, base, _log = start_voila(log_name="voila-restart.log")
    context = chromium.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(base + "voila/render/index.ipynb")
        wait_for_voila(page)
        page.wait_for_selector(".tutor-index-page [data-chapter]", timeout=90_000)
        # leaving a page closes its kernel's socket: no notice on the way out
        page.goto(base + "voila/render/glossary.ipynb")
        wait_for_voila(page)
        page.wait_for_timeout(500)
        assert page.locator(".tutor-connection-lost").count() == 0
        stop(proc)
        notice = page.locator(".tutor-connection-lost")
        notice.wait_for(timeout=30_000)
        assert NOTICE in notice.inner_text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "connection-lost-server.png"))
    finally:
        context.close()
        stop(proc)


NOT_FINISHED = "This page did not finish loading: reload the page"


def test_a_page_whose_kernel_dies_at_start_says_so_and_ends(chromium, tmp_path):
    """A kernel that dies before it answers (seen in a class of 30: "Kernel died before replying
    to kernel_info") left the learner's page at "Running..." for good, the server sending
    heartbeats. Now the page ends, asking the learner to reload it, and the server says why."""
    spec = tmp_path / "jupyter" / "kernels" / "dies-at-start"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-c", "import sys; sys.exit(3)"],
        "display_name": "A kernel that dies at start", "language": "python"}))
    folder = tmp_path / "pages"
    folder.mkdir()
    one_cell_notebook(folder / "dies.ipynb", "print('never run')", kernel="dies-at-start")
    proc, base, log = start_voila(f"--Voila.root_dir={folder}", "--VoilaConfiguration.preheat_kernel=False",
                                  "--VoilaConfiguration.http_keep_alive_timeout=1",
                                  log_name="voila-kernel-dies.log",
                                  env={"JUPYTER_PATH": str(tmp_path / "jupyter")})
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    try:
        deadline, chunks = time.monotonic() + 60, []
        with urllib.request.urlopen(base + "voila/render/dies.ipynb", timeout=30) as r:
            while chunk := r.read1(65536):  # the whole response: it ends
                chunks.append(chunk)
                if time.monotonic() > deadline:
                    pytest.fail("the page never ended: heartbeats for good")
        body = b"".join(chunks).decode()
        assert body.rstrip().endswith("window.tutorPageNotFinished()</script>")
        assert "never run" not in body
        said = [line for line in log.read_text().splitlines() if "not finished" in line]
        assert said and "Page dies.ipynb not finished (RuntimeError: Kernel died" in said[0], said

        page = context.new_page()
        page.goto(base + "voila/render/dies.ipynb")
        notice = page.locator(".tutor-connection-lost")
        notice.wait_for(timeout=60_000)
        assert NOT_FINISHED in notice.inner_text()
        assert not page.locator("#loading").is_visible()  # no "Running ..." beside it
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "page-not-finished.png"))
    finally:
        try:
            context.close()
        finally:
            stop(proc)
