"""Soak: pages that open, tap, go silent and reconnect, and leave, while a fresh visitor must be
answered quickly and the server's memory must come back once they have gone (issue 39).

Each simulated page is what a learner's browser does on a flaky network, over loopback only:
it fetches a page (the server starts its kernel), opens the kernel's socket (protocol v1), and
taps its board every ``tap_s`` (a message to the page's ``echo`` comm, answered with a redraw of
``redraw_bytes``, as a board's is). Now and then its socket goes silent (the network lost: it
stops reading and answers no ping) and the page reconnects on a new socket, as Voilà's front end
does; the silent one is left for the server to close. Meanwhile a prober fetches ``/voila/tree``
every ``probe_s`` and keeps the slowest answer. At the end every page leaves (its sockets closed,
its kernel shut down, as the browser asks when a page closes), and the server's resident memory
is read again once the server has settled.

    python benchmarks/bench_soak.py                    # 5 pages for 120 s
    python benchmarks/bench_soak.py --pages 3 --seconds 30

``tests/browser/test_soak.py`` runs a short version in the suite. Every loop here is bounded by
the duration; nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import random
import re
import socket
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KERNEL_PROTOCOL_V1 = "v1.kernel.websocket.jupyter.org"

# The page: a comm target answering each tap with a redraw of the size asked for.
ECHO = """
import comm
def echo(c, opened):
    def answer(msg):
        size = int(msg["content"]["data"].get("size", 1024))
        c.send({"echo": msg["content"]["data"].get("n")}, buffers=[os.urandom(size)])
    answer(opened)
    c.on_msg(answer)
import os
comm.get_comm_manager().register_target("echo", echo)
print("served")
"""
# Pings 1 s apart, a socket silent for 5 s closed (jupyter_server: 30 s and 90 s), so that a
# short soak sees silent sockets closed and the server's 5 s wait for their goodbye.
QUICK_PINGS = """
from jupyter_server.base.websocket import WebSocketMixin
WebSocketMixin.ping_interval = 1000
WebSocketMixin.ping_timeout = 5000
"""


@dataclass
class Soak:
    pages: int = 3
    seconds: float = 30
    tap_s: float = 0.5
    redraw_bytes: int = 34_000
    silent_every_s: float = 8  # a page's socket goes silent about this often
    probe_s: float = 0.5
    seed: int = 1
    slowest_s: float = 0.0        # the slowest fresh answer
    probes: int = 0
    failed_probes: int = 0
    taps: int = 0
    redraws: int = 0
    silences: int = 0
    errors: list = field(default_factory=list)


def v1_frame(message: dict) -> bytes:
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    parts = [json.dumps(message[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts, message.get("channel", "shell"))


def comm_message(comm_id: str, n: int, size: int, opening: bool = False) -> dict:
    kind = "comm_open" if opening else "comm_msg"
    content = {"comm_id": comm_id, "data": {"n": n, "size": size}}
    if opening:
        content["target_name"] = "echo"
    return {"header": {"msg_id": str(uuid.uuid4()), "msg_type": kind, "username": "", "session": "s",
                       "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell"}


def kind(frame: bytes) -> str:
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    return json.loads(deserialize_msg_from_ws_v1(frame)[1][0])["msg_type"]


async def fetch(host: str, port: int, method: str, path: str, timeout: float = 60) -> tuple[int, bytes]:
    """An HTTP/1.0 request over a socket of its own: (status, body)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(f"{method} {path} HTTP/1.0\r\nHost: {host}:{port}\r\nContent-Length: 0\r\n\r\n".encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def silent_socket(host: str, port: int, kernel: str, session: str) -> socket.socket:
    """A kernel socket opened (handshake sent) that will never be read again: a lost network."""
    conn = socket.create_connection((host, port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    conn.sendall((f"GET /api/kernels/{kernel}/channels?session_id={session} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                  f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n"
                  f"Sec-WebSocket-Protocol: {KERNEL_PROTOCOL_V1}\r\n\r\n").encode())
    return conn


async def page(soak: Soak, host: str, port: int, number: int, until: float) -> None:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    rng = random.Random(f"{soak.seed}:{number}")
    status, body = await fetch(host, port, "GET", "/voila/render/page.ipynb", timeout=180)
    found = re.search(rb'"kernelId": "([0-9a-f-]{36})"', body)
    if status != 200 or not found:
        soak.errors.append(f"page {number}: {status}")
        return
    kernel = found.group(1).decode()
    silent: list[socket.socket] = []
    n = 0
    try:
        while time.monotonic() < until:
            url = f"ws://{host}:{port}/api/kernels/{kernel}/channels?session_id=p{number}-{n}"
            ws = await websocket_connect(HTTPRequest(url, headers={"Origin": f"http://{host}:{port}"}),
                                         subprotocols=[KERNEL_PROTOCOL_V1])

            async def read(ws=ws):
                while (frame := await ws.read_message()) is not None:
                    soak.redraws += kind(frame) == "comm_msg"

            reading = asyncio.ensure_future(read())
            comm_id = str(uuid.uuid4())
            await ws.write_message(v1_frame(comm_message(comm_id, n, soak.redraw_bytes, opening=True)), binary=True)
            lost_at = time.monotonic() + rng.uniform(0.5, 1.5) * soak.silent_every_s
            while time.monotonic() < min(until, lost_at):
                n += 1
                await ws.write_message(v1_frame(comm_message(comm_id, n, soak.redraw_bytes)), binary=True)
                soak.taps += 1
                await asyncio.sleep(soak.tap_s)
            ws.close()
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(reading, 10)
            if time.monotonic() < until:  # the network lost: a socket that never reads again
                silent.append(silent_socket(host, port, kernel, f"p{number}-lost-{n}"))
                soak.silences += 1
                await asyncio.sleep(1)  # then the page reconnects
    finally:
        for conn in silent:
            conn.close()
        await fetch(host, port, "POST", f"/voila/api/shutdown/{kernel}")  # the page is left


async def prober(soak: Soak, host: str, port: int, until: float) -> None:
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            status, _ = await fetch(host, port, "GET", "/voila/tree", timeout=10)
            soak.failed_probes += status != 200
        except (OSError, asyncio.TimeoutError):
            soak.failed_probes += 1
        soak.probes += 1
        soak.slowest_s = max(soak.slowest_s, time.monotonic() - started)
        await asyncio.sleep(soak.probe_s)


async def run_soak(soak: Soak, host: str, port: int) -> Soak:
    until = time.monotonic() + soak.seconds
    await asyncio.gather(prober(soak, host, port, until + 5),
                         *(page(soak, host, port, i, until) for i in range(soak.pages)))
    return soak


async def warm_up(host: str, port: int) -> None:
    """One page opened and left: what every server has done before its first learner's page."""
    _, body = await fetch(host, port, "GET", "/voila/render/page.ipynb", timeout=180)
    found = re.search(rb'"kernelId": "([0-9a-f-]{36})"', body)
    if found:
        await fetch(host, port, "POST", f"/voila/api/shutdown/{found.group(1).decode()}")


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def kernels_of(pid: int) -> int:
    count = 0
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (d / "stat").read_text()
                if int(stat[stat.rindex(")") + 2:].split()[1]) == pid and \
                        b"ipykernel_launcher" in (d / "cmdline").read_bytes():
                    count += 1
    return count


def settled_memory(pid: int, timeout_s: float = 60) -> float:
    """The server's resident memory once its kernels are gone and it has stopped changing."""
    deadline = time.monotonic() + timeout_s
    last = resident_mb(pid)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = resident_mb(pid)
        if kernels_of(pid) == 0 and abs(now - last) < 1:
            return now
        last = now
    return last


def serve(folder: Path, log: Path):
    """Voilà (as the app runs it, from the repository root with voila.json) serving the echo page
    on a free loopback port: (process, port)."""
    import subprocess
    import urllib.request

    (folder / "page.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "echo", "metadata": {}, "outputs": [],
                   "source": ECHO}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "python3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    setup = f"{QUICK_PINGS}\nfrom voila.app import main\nmain()"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-c", setup, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                 f"--Voila.root_dir={folder}", "--VoilaConfiguration.preheat_kernel=False"],
                                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree", timeout=5):
                return proc, port
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"voila did not start:\n{log.read_text()[-2000:]}") from None
            time.sleep(0.5)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=120)
    args = parser.parse_args(argv)
    import signal

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "voila.log"
        proc, port = serve(Path(tmp), log)
        try:
            asyncio.run(warm_up("127.0.0.1", port))
            before = settled_memory(proc.pid)
            soak = asyncio.run(run_soak(Soak(pages=args.pages, seconds=args.seconds), "127.0.0.1", port))
            after = settled_memory(proc.pid)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=60)
        text = log.read_text()
    print(f"{args.pages} pages for {args.seconds:.0f} s: {soak.taps} taps, {soak.redraws} redraws, "
          f"{soak.silences} silences; fresh page: {soak.probes} asked, {soak.failed_probes} failed, "
          f"slowest {soak.slowest_s:.2f} s (target < 2 s); server memory {before:.0f} -> {after:.0f} MB "
          f"(target: within 30 MB); tracebacks in the log: {text.count('Traceback')}")
    ok = (soak.failed_probes == 0 and soak.slowest_s < 2 and after - before < 30
          and "Traceback" not in text and not soak.errors)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
