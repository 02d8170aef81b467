"""A kernel's socket that one message or a flaky network cannot turn against the server (issue 39).

The page here registers an ``echo`` comm target: each message to it is answered with a binary
buffer of the size asked for, on iopub (every socket of the kernel gets it), as a board's redraw
is. The server must keep answering a fresh request while

- a socket opened without the v1 protocol (JSON, as any websocket client opens one) is answered
  (Voilà read every binary frame as v1 and looped on a legacy one until memory ran out);
- a socket that stopped answering (the learner's Wi-Fi gone) is closed by the ping timeout while
  the other socket of the page keeps asking for redraws (tornado forgot the socket's protocol as
  it closed, and the next redraw went the legacy way, into the same loop);
- a socket that never reads has redraws written to it (a bounded buffer, then cut off).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
import uuid

import pytest

from tutor.server.frames import KERNEL_PROTOCOL_V1
from tutor.server.guard import WRITE_BUFFER_MAX

from .conftest import start_voila, stop
from .helpers import one_cell_notebook, process_memory_mb, run_apart
from .test_server_errors import ask, kernel_socket, served_kernel, upgrade

pytestmark = pytest.mark.browser

ECHO = """
import comm
def echo(c, opened):
    def answer(msg):
        size = int(msg["content"]["data"].get("size", 1024))
        c.send({"echo": msg["content"]["data"].get("n")}, buffers=[bytes(size)])
    answer(opened)
    c.on_msg(answer)
comm.get_comm_manager().register_target("echo", echo)
print("served")
"""

# A socket's pings 1 s apart and a socket silent for 5 s closed (jupyter_server's default: 30 s
# and 90 s); messages sent as they are (voila.json compresses them: a buffer of zeros would be a
# few bytes); at most 256 open files (as a system that does not let the server raise it), and a
# request's headers awaited 3 s.
OPEN_FILES = 256
SETUP = f"""
import resource
resource.setrlimit(resource.RLIMIT_NOFILE, ({OPEN_FILES}, {OPEN_FILES}))
import tutor.server.wiring
tutor.server.wiring.HEADERS_WAIT_S = 3
from jupyter_server.base.websocket import WebSocketMixin
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
WebSocketMixin.ping_interval = 1000
WebSocketMixin.ping_timeout = 5000
KernelWebsocketHandler.get_compression_options = lambda self: None
"""


@pytest.fixture(scope="module")
def echo(tmp_path_factory):
    """A Voilà of its own serving the echo page: (base URL, log path, server pid). Afterwards its
    log holds no traceback."""
    folder = tmp_path_factory.mktemp("echo")
    one_cell_notebook(folder / "page.ipynb", ECHO)
    proc, base, log = start_voila(f"--Voila.root_dir={folder}", "--VoilaConfiguration.preheat_kernel=False",
                                  log_name="voila-sockets.log", setup=SETUP)
    try:
        yield base, log, proc.pid
        text = log.read_text()
        assert "Traceback" not in text and "Uncaught exception" not in text, text[-3000:]
    finally:
        stop(proc)


def header(msg_type: str, session: str) -> dict:
    return {"msg_id": str(uuid.uuid4()), "msg_type": msg_type, "username": "", "session": session,
            "date": "", "version": "5.3"}


def comm_message(comm_id: str, n: int, size: int, opening: bool = False) -> dict:
    kind = "comm_open" if opening else "comm_msg"
    content = {"comm_id": comm_id, "data": {"n": n, "size": size}}
    if opening:
        content["target_name"] = "echo"
    return {"header": header(kind, "s"), "parent_header": {}, "metadata": {}, "content": content,
            "channel": "shell", "buffers": []}


def v1_frame(message: dict) -> bytes:
    """``message`` as a page sends it over protocol v1."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    parts = [json.dumps(message[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts, "shell")


def kind(frame: bytes) -> str:
    """The message type of a v1 frame from the server."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    return json.loads(deserialize_msg_from_ws_v1(frame)[1][0])["msg_type"]


def answers_quickly(base: str, within_s: float) -> float:
    started = time.monotonic()
    assert ask(base, "GET", "/voila/tree")[0] == 200
    took = time.monotonic() - started
    assert took < within_s, f"a fresh request took {took:.1f} s"
    return took


def test_a_socket_without_the_v1_protocol_gets_its_answers_in_the_legacy_format(echo):
    """ONE message to the lab's board from a socket opened without a subprotocol stopped every
    learner's page: the answer carries a buffer, jupyter_server writes it as a legacy binary frame
    (4 big-endian bytes: its count of parts) and Voilà read it as v1 (8 little-endian bytes:
    about 10**17 offsets, listed one by one). Now the socket gets its answer in the format it
    asked for, and the server answers a fresh request at once."""
    from jupyter_server.services.kernels.connection.base import deserialize_binary_message

    async def run(base, kernel):
        ws = await kernel_socket(base, kernel, "legacy")  # (no subprotocol: the legacy format)
        comm_id = str(uuid.uuid4())
        await ws.write_message(json.dumps(comm_message(comm_id, 7, 300, opening=True)))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            frame = await asyncio.wait_for(ws.read_message(), 30)
            assert frame is not None, "the server closed the socket"
            if isinstance(frame, bytes):
                ws.close()
                return deserialize_binary_message(frame)
        raise AssertionError("no binary answer")

    base, log, _ = echo
    kernel = served_kernel(base)
    answer = run_apart(run(base, kernel), timeout_s=60)
    assert answer["header"]["msg_type"] == "comm_msg" and answer["content"]["data"] == {"echo": 7}
    assert [bytes(b) for b in answer["buffers"]] == [bytes(300)]
    answers_quickly(base, 2)


def test_a_silent_socket_closed_by_the_ping_timeout_while_redraws_go_on(echo):
    """A learner on flaky Wi-Fi: the page's first socket goes silent (it answers no ping), the
    page reconnects on a second one and the learner keeps tapping the board. The server closes
    the silent socket at its ping timeout and waits 5 s for its goodbye; the redraws that reached
    it then went out in the legacy format (tornado forgets a closing socket's protocol) into
    Voilà's loop: the server hung at 99% CPU. Now they are dropped, with one line in the log, and
    the server keeps answering within 2 s throughout."""
    async def run(base, kernel):
        silent = upgrade(base, f"/api/kernels/{kernel}/channels?session_id=silent")  # (never read)
        ws = await kernel_socket(base, kernel, "again", KERNEL_PROTOCOL_V1)
        echoes = []

        async def read():  # (the page reads all along: a client that does not answers no ping)
            while (frame := await ws.read_message()) is not None:
                if kind(frame) == "comm_msg":
                    echoes.append(frame)

        reading = asyncio.ensure_future(read())
        comm_id = str(uuid.uuid4())
        await ws.write_message(v1_frame(comm_message(comm_id, 0, 2000, opening=True)), binary=True)
        loop = asyncio.get_running_loop()
        slowest = 0.0
        for n in range(1, 31):  # a tap every 0.5 s for 15 s: past the 5 s timeout and 5 s wait
            await ws.write_message(v1_frame(comm_message(comm_id, n, 2000)), binary=True)
            slowest = max(slowest, await loop.run_in_executor(None, answers_quickly, base, 2))
            await asyncio.sleep(0.5)
        await asyncio.sleep(2)
        ws.close()
        await asyncio.wait_for(reading, 10)
        silent.close()
        return len(echoes), slowest

    base, log, _ = echo
    kernel = served_kernel(base)
    echoes, slowest = run_apart(run(base, kernel), timeout_s=120)
    assert echoes >= 31, echoes  # every tap was answered on the page's live socket
    text = log.read_text()
    assert "WebSocket ping timeout" in text, text[-3000:]
    assert text.count(f"Kernel {kernel}: a message for a connection that is closing: dropped") <= 1


def test_a_socket_that_never_reads_is_cut_off_and_its_memory_given_back(echo):
    """A page whose socket never reads while it asks for redraws within its budget: the server kept
    every redraw for it (2 GB in 3 minutes). Past WRITE_BUFFER_MAX unread the socket is cut off,
    with one line in the log; the server's memory comes back near where it was; the page's live
    socket keeps its answers."""
    size = 300_000  # bytes a redraw: 40 of them, well past what the system's buffers hold

    async def run(base, kernel):
        silent = upgrade(base, f"/api/kernels/{kernel}/channels?session_id=silent")
        ws = await kernel_socket(base, kernel, "reader", KERNEL_PROTOCOL_V1)
        echoes = asyncio.Queue()

        async def read():
            while (frame := await ws.read_message()) is not None:
                if kind(frame) == "comm_msg":
                    echoes.put_nowait(len(frame))

        reading = asyncio.ensure_future(read())
        comm_id = str(uuid.uuid4())
        await ws.write_message(v1_frame(comm_message(comm_id, 0, size, opening=True)), binary=True)
        await asyncio.wait_for(echoes.get(), 30)
        got = 0
        for n in range(1, 40):  # a redraw asked for when the last has come
            await ws.write_message(v1_frame(comm_message(comm_id, n, size)), binary=True)
            got += await asyncio.wait_for(echoes.get(), 30) > size
        ws.close()
        await asyncio.wait_for(reading, 10)
        # the silent socket: the server ended it (what it had sent is still in the system's buffer)
        silent.settimeout(10)
        ended = False
        with contextlib.suppress(OSError):
            while silent.recv(1 << 20):
                pass
            ended = True
        silent.close()
        return got, ended

    base, log, pid = echo
    kernel = served_kernel(base)
    answers_quickly(base, 5)
    before = process_memory_mb(pid)[0]
    got, ended = run_apart(run(base, kernel), timeout_s=180)
    assert got == 39 and ended
    time.sleep(1)
    after = process_memory_mb(pid)[0]
    text = log.read_text()
    assert text.count(f"Kernel {kernel}: its page has not read {WRITE_BUFFER_MAX} bytes of its "
                      "messages") == 1, text[-3000:]
    assert after - before < 3 * WRITE_BUFFER_MAX / 2**20, (before, after)
    answers_quickly(base, 2)


def test_one_page_however_spelled_is_one_address_and_starts_no_kernel_of_its_own(echo):
    """Twelve GETs of `/voila/render/./index.ipynb`, `/././index.ipynb`... started 40 kernels
    (preheated under pool names such as `./././01-….ipynb`). Every other spelling is redirected to
    the page's own address before any pool or kernel is chosen."""
    import http.client
    from urllib.parse import urlsplit

    base, log, _ = echo
    where = urlsplit(base)
    started = log.read_text().count("Kernel started")
    for spelled, query in [("./page.ipynb", ""), ("././././page.ipynb", ""), ("%2e/page.ipynb", ""),
                           (".//page.ipynb", "?board=x"), ("x/../page.ipynb", ""), ("page.ipynb/", "")]:
        conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
        try:
            conn.request("GET", f"/voila/render/{spelled}{query}")
            r = conn.getresponse()
            r.read()
            assert (r.status, r.getheader("Location")) == (302, f"/voila/render/page.ipynb{query}"), spelled
        finally:
            conn.close()
    assert log.read_text().count("Kernel started") == started


def test_odd_requests_are_one_plain_line_in_the_log(echo):
    """Each of these put two or three tracebacks in the server's log (Jupyter's error page needs
    static files Voilà does not serve), and the first a 500: a plain 404 or 400 now, one line."""
    base, log, _ = echo
    before = len(log.read_text())
    answers = {path: ask(base, "GET", path)[0] for path in [
        "/voila/api/contents/page.ipynb/x", "/voila/api/themes/x", "/voila/api/themes/%2e%2e/%2e%2e/x",
        "/voila/labextensions/x", "/voila/render/%ff.ipynb", "/voila/tree/%ff"]}
    assert answers == {"/voila/api/contents/page.ipynb/x": 404, "/voila/api/themes/x": 404,
                       "/voila/api/themes/%2e%2e/%2e%2e/x": 404, "/voila/labextensions/x": 404,
                       "/voila/render/%ff.ipynb": 400, "/voila/tree/%ff": 400}
    assert ask(base, "GET", "/voila/api/themes/x")[1] == "404: Not Found\n"
    new = log.read_text()[before:]
    assert "Traceback" not in new and "Uncaught exception" not in new, new[-3000:]
    assert len(new.splitlines()) <= 10, new


def test_connections_that_never_finish_their_headers_do_not_keep_a_fresh_page_out(echo):
    """1,120 connections that never finished their headers: a fresh page got no answer, and each
    accept the system refused (no open files left) was retried at once, with a traceback: 346,360
    lines in 9 s. Now a connection gets HEADERS_WAIT_S for its headers, a refusal is said once and
    accepting pauses; a fresh page is answered once the idle ones are closed."""
    import urllib.request
    from urllib.parse import urlsplit

    from tutor.server.wiring import ACCEPT_PAUSE_S

    base, log, _ = echo
    where = urlsplit(base)
    before = len(log.read_text())
    idle = []
    try:
        for _ in range(OPEN_FILES + 100):
            conn = socket.create_connection((where.hostname, where.port), timeout=5)
            conn.sendall(b"GET /voila/tree HTTP/1.1\r\nHost: x\r\n")  # (and never the blank line)
            idle.append(conn)
        started = time.monotonic()
        with urllib.request.urlopen(base + "voila/tree", timeout=30) as answer:
            assert answer.status == 200
        assert time.monotonic() - started < 3 + 5 + ACCEPT_PAUSE_S
    finally:
        for conn in idle:
            conn.close()
    new = log.read_text()[before:]
    assert new.count("New connections refused by the system (Too many open files)") == 1, new[-2000:]
    assert "Traceback" not in new and len(new.splitlines()) < 20, new[-2000:]


def test_a_socket_closed_for_flooding_while_its_redraws_come_back(echo):
    """The message budget closes a socket that sent 500 taps in a burst and reads nothing; the
    kernel's redraws for the taps that passed reach it while the server waits for its goodbye.
    They went the legacy way into Voilà's loop (the server hung); now they are dropped, and the
    server answers a fresh request within 2 s."""
    from tutor.server.frames import MESSAGES_BURST

    async def run(base, kernel):
        ws = await kernel_socket(base, kernel, "flood", KERNEL_PROTOCOL_V1)
        comm_id = str(uuid.uuid4())
        frames = [v1_frame(comm_message(comm_id, 0, 2000, opening=True))]
        frames += [v1_frame(comm_message(comm_id, n, 2000)) for n in range(1, MESSAGES_BURST + 100)]
        for frame in frames:
            try:
                await ws.write_message(frame, binary=True)
            except Exception:  # (the server has closed it)
                break
        loop = asyncio.get_running_loop()
        for _ in range(8):  # through the server's 5 s wait for the goodbye that never comes
            await loop.run_in_executor(None, answers_quickly, base, 2)
            await asyncio.sleep(1)
        ws.close()

    base, log, _ = echo
    kernel = served_kernel(base)
    run_apart(run(base, kernel), timeout_s=120)
    text = log.read_text()
    assert f"Kernel {kernel}: its page sent more than {MESSAGES_BURST} messages" in text
