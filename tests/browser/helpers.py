"""What the browser tests wait for and read on a Voilà page."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# Canvases are grouped by their parent element (an ipycanvas MultiCanvas stacks its layers in
# one element; a highlight layer may rightly be empty): every group on screen must show at least
# one canvas with two or more distinct pixel values. Returns {"groups": n, "blank": [description,
# ...]}. Waiting must not slow the page it waits for: a canvas is read through a small copy (never
# through a context of its own, which would change how the page's canvas is kept, nor copied
# whole each poll), and the page's layout is asked for (which of them are on screen) only once
# some canvas shows pixels: asked while a long page is still being built, it costs a layout of
# the half-built page at every poll, which no learner's browser does.
CANVAS_STATE_JS = """
() => {
  const groupsOf = (canvases) => {
    const groups = new Map();
    for (const c of canvases) {
      const key = c.parentElement;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(c);
    }
    return groups;
  };
  const scratch = document.createElement('canvas');
  scratch.width = scratch.height = 200;
  const sctx = scratch.getContext('2d', {willReadFrequently: true});
  const drawn = (c) => {
    sctx.clearRect(0, 0, 200, 200);
    sctx.drawImage(c, 0, 0, 200, 200);
    const data = sctx.getImageData(0, 0, 200, 200).data;
    const first = data[0] << 24 ^ data[1] << 16 ^ data[2] << 8 ^ data[3];
    for (let i = 4; i < data.length; i += 4) {
      if ((data[i] << 24 ^ data[i+1] << 16 ^ data[i+2] << 8 ^ data[i+3]) !== first) return true;
    }
    return false;
  };
  const describe = (list) => list.map(c => `${c.width}x${c.height}`).join('+');
  let canvases = [...document.querySelectorAll('canvas')].filter(c => c.width > 0 && c.height > 0);
  const shows = new Set(canvases.filter(drawn));
  if (shows.size === 0) {  // nothing drawn yet: every group is blank, on screen or not
    const groups = groupsOf(canvases);
    return {groups: groups.size, blank: [...groups.values()].map(describe)};
  }
  canvases = canvases.filter(c => c.getBoundingClientRect().width > 0);
  const groups = groupsOf(canvases);
  const blank = [];
  for (const list of groups.values()) {
    if (!list.some(c => shows.has(c))) blank.push(describe(list));
  }
  return {groups: groups.size, blank: blank};
}
"""

# The page's height: Voilà scrolls the page inside a box, so the tallest scrolling box counts.
HEIGHT_JS = """() => Math.max(document.documentElement.scrollHeight, ...[...document.querySelectorAll('*')]
  .filter(e => /(auto|scroll)/.test(getComputedStyle(e).overflowY)).map(e => e.scrollHeight))"""


def visible_words(page) -> int:
    """The words a learner sees on the page: the rendered cells' innerText (a closed "Original
    text" or a hidden template is not visible, nor a board's description for screen readers,
    which is clipped to nothing on screen)."""
    text = page.evaluate("""() => {
        const sr = [...document.querySelectorAll('.tutor-sr')];
        const kept = sr.map(e => e.style.display);
        sr.forEach(e => { e.style.display = 'none'; });
        const text = document.querySelector('#rendered_cells, body').innerText;
        sr.forEach((e, i) => { e.style.display = kept[i]; });
        return text;
    }""")
    return len(re.findall(r"[A-Za-z0-9'’]+", text))


# Voilà shows its spinner until the notebook has run; then the widgets render.
def wait_for_voila(page) -> None:
    page.wait_for_load_state("load")
    page.wait_for_function(
        "() => !document.querySelector('#loading') || "
        "getComputedStyle(document.querySelector('#loading')).display === 'none'")


def wait_for_canvases(page, timeout_ms: int) -> dict:
    """Wait until every canvas group shows pixels; return the last state."""
    page.wait_for_function(
        f"() => {{ const s = ({CANVAS_STATE_JS})(); return s.groups > 0 && s.blank.length === 0; }}",
        timeout=timeout_ms)
    return page.evaluate(CANVAS_STATE_JS)


def wait_for_widgets_settled(page, quiet_ms: int = 1000, timeout_ms: int = 60_000) -> int:
    """Wait until no widget view has appeared for ``quiet_ms`` (Voilà renders the views one by
    one after the notebook has run); return how many canvases the page then has."""
    page.wait_for_function(
        """([quiet]) => {
          const n = document.querySelectorAll('.jupyter-widgets, .widget-html, canvas').length;
          const now = performance.now();
          if (window.__tutorCount !== n) { window.__tutorCount = n; window.__tutorSince = now; }
          return n > 0 && now - window.__tutorSince >= quiet;
        }""", arg=[quiet_ms], timeout=timeout_ms, polling=100)
    return page.locator("canvas").count()


# What a learner sees first, and when: {shows, at} with ``at`` in ms since the navigation began
# (performance.now()). shows is "canvas" once a live board (a canvas group) shows pixels;
# "picture" for a board picture (an image of a board, drawn; or a board as inline <svg> of 50 or
# more elements, as a widget may show one; ``at`` is when the first one appeared) on a page whose
# outputs and widgets have settled (all rendered, none waiting for its model, none new for 1.5 s)
# with no canvas, else "none"
# (``at``: when the last of them appeared); "notice" when the page says it lost its connection or
# could not be built (an error output); null while none of these.
_BOARD_SHOWN = """
() => {
  const now = performance.now();
  const s = (CANVAS_STATE)();
  if (s.groups > 0 && s.blank.length < s.groups) return {shows: 'canvas', at: now};
  if (document.querySelector('.tutor-connection-lost')) return {shows: 'notice', at: now};
  // The page's text as shown (innerText, which costs a layout) only when its raw text has the words.
  const notice = /There was an error when executing cell|Cell execution timed out|An exception occurred at the server/;
  const raw = document.body ? document.body.textContent : '';
  const text = (notice.test(raw) || raw.includes('Loading widget...')) ? document.body.innerText : '';
  if (notice.test(text)) return {shows: 'notice', at: now};
  if (window.__boardPictureAt === undefined) {
    const drawn = [...document.querySelectorAll('img.tutor-picture')].some(i => i.complete && i.naturalWidth > 0)
      || [...document.querySelectorAll('svg')].some(svg => svg.querySelectorAll('*').length >= 50);
    if (drawn) window.__boardPictureAt = now;
  }
  const n = document.querySelectorAll('.jp-OutputArea-output, .jupyter-widgets, .widget-html, canvas').length;
  if (window.__boardCount !== n) { window.__boardCount = n; window.__boardSince = now; }
  const shown = document.querySelector('#rendered_cells') && !document.querySelector('#loading');
  // Not settled while an output is still to be drawn: one the front end has not rendered yet (its
  // bundle, a <script> Voilà removes once rendered: the front end's own scripts may still be
  // loading) or an empty one (a widget view waiting for its model from the kernel). A page sent
  // whole from a preheated kernel shows its text long before either, when the server is busy.
  const waiting = document.querySelector('script[type="application/vnd.voila.cell-output+json"]') !== null
    || [...document.querySelectorAll('.jp-OutputArea-output')]
      .some(e => e.childElementCount === 0 && !e.textContent.trim());
  const settled = n > 0 && now - window.__boardSince >= QUIET_MS && !waiting
    && !text.includes('Loading widget...');
  if (shown && settled && !document.querySelector('canvas')) {
    if (window.__boardPictureAt !== undefined) return {shows: 'picture', at: window.__boardPictureAt};
    return {shows: 'none', at: window.__boardSince};
  }
  return null;
}
""".replace("CANVAS_STATE", CANVAS_STATE_JS)


def board_shown_js(quiet_ms: int = 1500) -> str:
    """BOARD_SHOWN_JS with another quiet time before a page without a canvas counts as settled
    (on a busy machine a page may pause longer than 1.5 s between two outputs)."""
    return _BOARD_SHOWN.replace("QUIET_MS", str(int(quiet_ms)))


BOARD_SHOWN_JS = board_shown_js()


async def open_at_once(browser, base: str, names: list[str], timeout_s: float,
                       screenshots=None, quiet_ms: int = 5000) -> list[dict]:
    """Open every page of ``names`` at the same moment, each in a fresh browser context
    (Playwright's async API), and wait for what each shows first (:func:`board_shown_js`, the
    page counted as without a board after ``quiet_ms`` with no new output).

    Returns one dict per page: ``page``, ``shows`` ('canvas', 'picture', 'notice', 'none', or
    'nothing' when the wait ran out), ``seconds`` from the start, ``text`` (the page's last words
    when it shows no live board; with ``screenshots``, a folder, a picture of it there too),
    ``errors`` (the page's script errors, as its console shows them).
    Contexts are closed at the end."""
    import asyncio
    import time

    t0 = time.monotonic()
    first_board_js = f"() => {{ const r = ({board_shown_js(quiet_ms)})(); return r ? r.shows : null; }}"

    async def one(name: str) -> tuple[dict, object]:
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        result = {"page": name, "shows": "nothing", "text": "", "errors": []}
        page.on("pageerror", lambda exc: result["errors"].append(str(exc)[:200]))
        page.on("console", lambda m: result["errors"].append(m.text[:200]) if m.type == "error" else None)
        try:
            await page.goto(base + "voila/render/" + name, wait_until="commit",
                            timeout=timeout_s * 1000)
            handle = await page.wait_for_function(first_board_js, timeout=timeout_s * 1000,
                                                  polling=200)
            result["shows"] = await handle.json_value()
        except Exception as exc:
            result["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
        result["seconds"] = time.monotonic() - t0
        if result["shows"] != "canvas":
            try:
                result["text"] = (await page.locator("body").inner_text(timeout=5000))[-300:]
                if screenshots is not None:
                    await page.screenshot(path=str(screenshots / f"at-once-{len(names)}-{names.index(name)}-"
                                                   f"{id(page)}.png"))
            except Exception as exc:
                result["text"] = f"(page unreadable: {type(exc).__name__})"
        return result, context

    done = await asyncio.gather(*(one(n) for n in names))
    for _, context in done:
        await context.close()
    return [r for r, _ in done]


# The server's processes, from /proc (Linux): its kernels and what they hold in memory.
def kernel_pid(kernel_id: str) -> int | None:
    """The process of the kernel with this id (its connection file is named after it)."""
    from pathlib import Path

    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if "ipykernel_launcher" in cmd and f"kernel-{kernel_id}.json" in cmd:
                return int(d.name)
    return None


def page_kernel_id(page) -> str | None:
    """The id of the kernel a Voilà page talks to (None on a page without one)."""
    return page.evaluate("() => { const c = document.getElementById('jupyter-config-data'); "
                         "return c ? (JSON.parse(c.textContent).kernelId || null) : null; }")


def process_tree(pid: int) -> list[int]:
    """pid and every process descended from it (a server and its kernels)."""
    from pathlib import Path

    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            children.setdefault(ppid, []).append(int(d.name))
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        tree.append(p)
        todo += children.get(p, [])
    return tree


def process_memory_mb(pid: int) -> tuple[float, float]:
    """(resident, proportional) set size of one process in MB; (0, 0) if it is gone. The
    proportional size shares each shared page among the processes mapping it, so the sum over
    a server and its kernels is what they hold together; the resident sizes' sum counts shared
    libraries once per process."""
    from pathlib import Path

    rss = pss = 0.0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return rss, pss


def cpu_seconds(pids) -> float:
    """User and system CPU time used so far by these processes (those still running)."""
    import os
    from pathlib import Path

    ticks = 0
    for p in pids:
        try:
            stat = Path(f"/proc/{p}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def is_kernel(pid: int) -> bool:
    """Whether process ``pid`` is an IPython kernel."""
    from pathlib import Path

    try:
        return b"ipykernel_launcher" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def settle(server_pid: int, quiet_s: float = 2.0, timeout_s: float = 180.0) -> float:
    """Wait until the server and its kernels have used under 5 % of a core and kept the same
    number of kernels for ``quiet_s`` (a page's kernel shut down, a pool refilled, a notebook
    pre-run): a learner reading before the next click. Returns the seconds waited."""
    import time

    t0 = time.monotonic()
    window = []          # (time, cpu seconds, kernels)
    while time.monotonic() - t0 < timeout_s:
        tree = process_tree(server_pid)
        window.append((time.monotonic(), cpu_seconds(tree), sum(map(is_kernel, tree[1:]))))
        window = [w for w in window if w[0] >= window[-1][0] - quiet_s - 0.3]
        first, last = window[0], window[-1]
        if (last[0] - first[0] >= quiet_s and last[1] - first[1] < 0.05 * (last[0] - first[0])
                and len({w[2] for w in window}) == 1):
            break
        time.sleep(0.25)
    return time.monotonic() - t0


def one_cell_notebook(path: Path, source: str, kernel: str = "python3") -> Path:
    """Write a notebook of one code cell (``source``) run by the kernel spec ``kernel``: a page
    for a test's own Voilà folder."""
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": source}],
        "metadata": {"kernelspec": {"name": kernel, "display_name": kernel, "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}))
    return path


def run_apart(coroutine, timeout_s: float = 600):
    """Run ``coroutine`` to its end on an event loop of its own, in a thread of its own (a module
    whose tests use Playwright's sync API has an event loop running in this thread), and return
    its result."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=timeout_s)
