"""Fixtures for the browser tests: the Voilà app on a free loopback port, and Playwright driving
Debian's chromium (never a browser Playwright downloads).

Without chromium (or Playwright) the browser tests are skipped with the reason, unless
TUTOR_REQUIRE_BROWSER=1 (set by .ci/run), where that is a failure. TUTOR_CHROMIUM names another
chromium binary. A failing test leaves a screenshot in tests/artifacts/.
"""

from __future__ import annotations

import os
import re
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
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-dev-shm-usage"]
START_TIMEOUT = 90  # seconds for Voilà to answer
PAGE_TIMEOUT = 90_000  # ms for a page to render (a cold kernel on a busy 2-core CI machine)


def chromium_path() -> str | None:
    for candidate in (os.environ.get("TUTOR_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def unavailable(reason: str):
    if os.environ.get("TUTOR_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (TUTOR_REQUIRE_BROWSER=1: browser tests may not be skipped)")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_voila(*extra: str, log_name: str = "voila.log", env: dict | None = None,
                setup: str | None = None):
    """Start the README's app command (`voila`, from the repository root, so voila.py applies)
    on a free 127.0.0.1 port, with ``env`` added to its environment, after the Python statements
    ``setup`` (e.g. a shorter wait of tutor.server's). Returns (process, base URL, log path)."""
    port = free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / log_name
    voila = ["-m", "voila"] if setup is None else ["-c", f"{setup}\nfrom voila.app import main\nmain()"]
    cmd = [sys.executable, *voila, "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", *extra]
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True,
                                env={**os.environ, **(env or {})})
    base = f"http://127.0.0.1:{port}/"
    wait_until_serving(proc, base, log)
    return proc, base, log


def wait_until_serving(proc: subprocess.Popen, base: str, log: Path) -> None:
    """Wait until the Voilà server ``proc`` answers at ``base`` (stopped, with its log's last
    lines in the error, if it exits or takes longer than START_TIMEOUT)."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(base + "voila/tree", timeout=5) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop(proc)
            raise RuntimeError(f"voila did not answer in {START_TIMEOUT} s:\n{log.read_text()[-3000:]}")
        time.sleep(0.3)


def stop(proc: subprocess.Popen) -> None:
    """Stop Voilà and the kernels it started (its own process group)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=15)


@pytest.fixture(scope="module")
def chromium():
    """Debian's chromium under Playwright's sync API, for one test module at a time (the sync API
    allows one Playwright per thread: other modules' browser tests start their own)."""
    path = chromium_path()
    if path is None:
        unavailable("chromium not found (apt-get install chromium, or set TUTOR_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS, headless=True)
        yield browser
        browser.close()


class App(str):
    """The app's base URL (a str), with the path of Voilà's log and the server's process id."""
    log: Path
    pid: int


@pytest.fixture(scope="session")
def app():
    """Base URL of the Voilà app, started once for the browser tests."""
    proc, base, log = start_voila()
    url = App(base)
    url.log = log
    url.pid = proc.pid
    yield url
    stop(proc)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def page(chromium, request):
    """A fresh browser context (empty localStorage) and page; a screenshot on failure."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(PAGE_TIMEOUT)
    messages: list[str] = []
    pg.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    pg.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    pg.console_messages = messages
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
            (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(messages))
        except Exception as exc:
            print(f"screenshot failed: {exc}")
    context.close()
