"""A class that opens the course at once (issue 38 item 5; run on demand: python benchmarks/bench_class.py).

The server is `tutor app`'s (tutor.serve.app_config, run by tutor.serve.serve in a process of its
own on 127.0.0.1), once with ``--class N`` and once without (--only to run one). The learners are a
client that does not render, so that the server's machine is not also running N browsers: each
learner asks for a page over HTTP (the whole page, as Voilà sends it) and opens its kernel's
websocket with the v1 protocol as the page's front end does, then asks, as the widget manager does,
for the widgets the kernel holds (comm_info_request) and the state of the first one
(request_state). A learner "has the page" when that state arrives (or the kernel says it holds no
widget). Leaving a page, it closes the socket and sends Voilà's page-left signal (the page's
kernel is shut down), as a browser does.

N learners ask for the first page (--first, the landing page) in the same second; then each walks
on (--walk: the start page of Memoir '44 and its first chapters), reading each page before the
next. A learner reads as people read: the words of the page as it was sent (its cells' text; the
boards' and widgets' words, drawn in the browser, not counted) at a pace of their own, drawn once
for each learner from --wpm (default 175-300 words a minute: most adults' silent reading of
English non-fiction, mean 238, in Brysbaert's meta-analysis of 190 studies, "How many words do we
read per minute?", Journal of Memory and Language 109, 2019, doi:10.1016/j.jml.2019.104047; children
read slower, so for a class of 14-year-olds these times are short, which makes the target harder,
not easier). The course's pages hold about 500 to 3,300 words (tests/browser/test_page_length.py):
minutes each. --read-s N replaces that with N seconds (±50%), for a quick run that is not a
class's pace; the report says which was used.

Targets: all N have the first page within 5 s; each next page within 2 s at the 95th percentile.
With --class the server first prepares (its kernels waiting); the run starts once its log says the
class's pools are filled (at most --warm-s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import free_port, stop

TARGET_FIRST_S = 5.0     # all N learners have the first page
TARGET_NEXT_P95_S = 2.0  # each next page, 95th percentile
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
V1 = "v1.kernel.websocket.jupyter.org"


def v1_frame(msg_type: str, content: dict, session: str) -> bytes:
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    header = {"msg_id": str(uuid.uuid4()), "msg_type": msg_type, "username": "", "session": session,
              "date": "", "version": "5.3"}
    parts = [json.dumps(part).encode() for part in (header, {}, {}, content)]
    return serialize_msg_to_ws_v1(parts, "shell")


def v1_message(frame: bytes) -> tuple[str, dict]:
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    _, parts = deserialize_msg_from_ws_v1(frame)
    return json.loads(parts[0])["msg_type"], json.loads(parts[3])


TAGS = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]*>", re.DOTALL | re.IGNORECASE)


def words_on(html: str) -> int:
    """The words of a page as Voilà sends it: its text without scripts, styles and tags."""
    import html as entities

    return len(entities.unescape(TAGS.sub(" ", html)).split())


async def open_page(base: str, page: str, timeout_s: float) -> tuple[float, str | None, object, int]:
    """Ask for ``page`` and wait for its first widget state: (seconds, kernel id, socket, words
    of the page as sent)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    started = time.monotonic()
    response = await AsyncHTTPClient().fetch(base + f"voila/render/{page}", request_timeout=timeout_s,
                                             raise_error=False)
    body = response.body.decode(errors="replace") if response.code == 200 else ""
    found = KERNEL_ID.search(body)
    words = words_on(body)
    if found is None:
        return float("inf"), None, None, words
    kernel, session = found.group(1), str(uuid.uuid4())
    url = base.replace("http", "ws", 1) + f"api/kernels/{kernel}/channels?session_id={session}"
    ws = await websocket_connect(HTTPRequest(url, headers={"Origin": base.rstrip("/")},
                                             request_timeout=timeout_s), subprotocols=[V1])
    await ws.write_message(v1_frame("comm_info_request", {"target_name": "jupyter.widget"}, session), binary=True)
    deadline = started + timeout_s
    while time.monotonic() < deadline:
        frame = await asyncio.wait_for(ws.read_message(), max(0.1, deadline - time.monotonic()))
        if frame is None:
            return float("inf"), kernel, None, words
        if not isinstance(frame, bytes):
            continue
        kind, content = v1_message(frame)
        if kind == "comm_info_reply":
            comms = sorted(content.get("comms", {}))
            if not comms:
                return time.monotonic() - started, kernel, ws, words
            await ws.write_message(v1_frame("comm_msg", {"comm_id": comms[-1],
                                                         "data": {"method": "request_state"}}, session), binary=True)
        elif kind == "comm_msg" and content.get("data", {}).get("method") == "update":
            return time.monotonic() - started, kernel, ws, words
    return float("inf"), kernel, ws, words


async def leave(base: str, kernel: str | None, ws) -> None:
    from tornado.httpclient import AsyncHTTPClient

    if ws is not None:
        ws.close()
    if kernel:
        await AsyncHTTPClient().fetch(base + f"voila/api/shutdown/{kernel}", method="POST", body="",
                                      raise_error=False)


def reading_s(words: int, wpm: float, read_s: float | None, rng: random.Random) -> float:
    """How long a learner reading ``wpm`` words a minute stays on a page of ``words``; with
    ``read_s``, that many seconds ±50% instead."""
    if read_s is not None:
        return rng.uniform(read_s / 2, read_s * 1.5)
    return 60 * words / wpm


async def learner(base: str, first: str, walk: list[str], start_at: float, pace: tuple[float, float],
                  read_s: float | None, rng: random.Random, timeout_s: float) -> tuple[float, list[float], list[float]]:
    """One learner: (seconds to the first page, to each next page, seconds spent reading each)."""
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    wpm = rng.uniform(*pace)
    took, kernel, ws, words = await open_page(base, first, timeout_s)
    nexts, reads = [], []
    for page in walk:
        reads.append(reading_s(words, wpm, read_s, rng))
        await asyncio.sleep(reads[-1])
        await leave(base, kernel, ws)
        t, kernel, ws, words = await open_page(base, page, timeout_s)
        nexts.append(t)
    await leave(base, kernel, ws)
    return took, nexts, reads


async def a_class(base: str, n: int, first: str, walk: list[str], pace: tuple[float, float],
                  read_s: float | None, seed: int, timeout_s: float) -> dict:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=4 * n)
    start_at = time.monotonic() + 1
    rng = random.Random(seed)
    results = await asyncio.gather(*[
        learner(base, first, walk, start_at + rng.uniform(0, 1), pace, read_s, random.Random(seed + i), timeout_s)
        for i in range(n)])
    return {"first": [r[0] for r in results], "next": [t for r in results for t in r[1]],
            "read": [t for r in results for t in r[2]]}


def warmed(log: Path, pools: list[tuple[str, str]], warm_s: float) -> float:
    """Wait until the log says the ``pools`` (size, page) are filled; the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < warm_s:
        text = log.read_text(errors="replace")
        if all(f"Kernel pool of {p} is filled with {n} kernel" in text for n, p in pools):
            break
        time.sleep(2)
    return time.monotonic() - started


def serve_process(settings: str) -> int:
    from tutor.serve import serve

    return serve(json.loads(Path(settings).read_text()))


def run_server(n_class: int | None, args) -> dict:
    import subprocess

    from tests.browser.conftest import wait_until_serving
    from tutor.serve import app_config

    cfg = app_config(port=free_port(), host="127.0.0.1", open_browser=False, class_size=n_class)
    folder = Path(tempfile.mkdtemp(prefix="bench-class-"))
    settings = folder / "settings.json"
    settings.write_text(json.dumps(cfg))
    log = folder / "server.log"
    env = {**os.environ}
    if args.kernels_max:
        env["TUTOR_KERNELS_MAX"] = str(args.kernels_max)
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, __file__, "--serve", str(settings)], cwd=folder, env=env,
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    base = f"http://127.0.0.1:{cfg['Voila']['port']}/"
    try:
        wait_until_serving(proc, base, log)
        said = [line for line in log.read_text().splitlines() if "A class of" in line]
        planned = re.findall(r"(\d+) for (\S+?\.ipynb)", said[0]) if said else []
        warm = warmed(log, planned or [("1", "index.ipynb")], args.warm_s)
        time.sleep(args.settle_s)
        res = asyncio.run(a_class(base, args.learners, args.first, args.walk, tuple(args.wpm), args.read_s,
                                  args.seed, args.timeout_s))
        res.update(pace=(f"fixed {args.read_s:.0f} s ±50%, not a learner's pace" if args.read_s is not None
                         else f"the page's words at {args.wpm[0]:.0f}-{args.wpm[1]:.0f} words a minute "
                         "(Brysbaert 2019)"), load_during=load())
        res.update(folder=str(folder), warm_s=warm, said="a class of " + said[0].split("A class of ", 1)[1].strip() if said else "")
        return res
    finally:
        stop(proc)
        if not args.keep_logs:
            shutil.rmtree(folder, ignore_errors=True)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-95 * len(ordered) // 100) - 1))]


def report(name: str, res: dict, n: int) -> list[str]:
    first, nexts = res["first"], res["next"]
    done = [t for t in first if t != float("inf")]
    slowest = max(first)
    lines = [f"{name}" + (f" (prepared in {res['warm_s']:.0f} s: {res['said']})" if res.get("said") else "")
             + f"; at the end, {res.get('load_during', '')}"]
    lines.append(f"  first page, all {n} learners: slowest {slowest:.1f} s, median "
                 f"{statistics.median(done) if done else float('inf'):.1f} s, {len(done)}/{n} had it"
                 f"   target: all within {TARGET_FIRST_S:.0f} s   "
                 f"{'MET' if slowest <= TARGET_FIRST_S else 'MISSED'}")
    if nexts:
        q = p95(nexts)
        lines.append(f"  next page ({len(nexts)} visits): 95th percentile {q:.1f} s, median "
                     f"{statistics.median(nexts):.1f} s, slowest {max(nexts):.1f} s   target: ≤ "
                     f"{TARGET_NEXT_P95_S:.0f} s at the 95th percentile   "
                     f"{'MET' if q <= TARGET_NEXT_P95_S else 'MISSED'}")
        reads = res.get("read") or [0.0]
        lines.append(f"  each learner read a page before the next for {min(reads) / 60:.1f}-{max(reads) / 60:.1f} "
                     f"min (median {statistics.median(reads) / 60:.1f}): {res.get('pace', '')}")
    return lines


def load() -> str:
    """The machine's load, as uptime says it (1, 5 and 15 minutes), and its cores."""
    return f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--learners", type=int, default=30)
    ap.add_argument("--first", default="index.ipynb", help="the page all open at once")
    ap.add_argument("--walk", nargs="*", default=["00-start-memoir.ipynb", "01-battlefield-and-line-of-sight.ipynb",
                                                  "02-setup-pegasus-bridge.ipynb"],
                    help="the pages each learner then opens, in turn")
    ap.add_argument("--wpm", type=float, nargs=2, default=[175, 300], metavar=("LOW", "HIGH"),
                    help="a learner's reading pace, words a minute, drawn once for each learner "
                    "(default: most adults', Brysbaert 2019)")
    ap.add_argument("--read-s", type=float, default=None,
                    help="instead: a learner reads a page this long (±50%%), whatever its words")
    ap.add_argument("--only", choices=("class", "plain"), help="run one server only")
    ap.add_argument("--kernels-max", type=int, default=None, help="as tutor app --kernels-max")
    ap.add_argument("--warm-s", type=float, default=900, help="at most this long to prepare the class")
    ap.add_argument("--settle-s", type=float, default=5, help="then this long quiet before the class")
    ap.add_argument("--timeout-s", type=float, default=300, help="a page not had by then is missed")
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--keep-logs", action="store_true", help="keep each server's log (its folder is printed)")
    ap.add_argument("--serve", metavar="SETTINGS", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        return serve_process(args.serve)
    print(f"bench_class: {args.learners} learners, at start {load()}", flush=True)
    lines = []
    for name, size in (("with --class", args.learners), ("without --class", None)):
        if args.only and (args.only == "class") != (size is not None):
            continue
        lines += report(name, run_server(size, args), args.learners)
        print("\n".join(lines[-4:]), flush=True)
    print(f"at the end: {load()}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
