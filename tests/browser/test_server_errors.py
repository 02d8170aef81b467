"""Odd URLs get a plain 404 from the app's server, never a 500 with a traceback in its log.

Each path below made Voilà 0.5 answer 500 (Jupyter's logout page needs static files Voilà does
not serve; a NUL or CR/LF in a page name went into a redirect's header; the template-asset route
split a normalised path unchecked). `tutor.server.wiring.first_routes` answers them first.

The kernel socket (`tutor.server.guard.KernelChannels`) answers its errors in one plain line, and a socket
dropped while it opens ends quietly. Past the most kernels at once (`tutor.server.kernels.KernelLimit`) a
page says "The course is full right now", and a page that never opens its connection gives its
kernel back (`tutor.server.kernels.Unopened`).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import http.client
import json
import os
import re
import socket
import time
import urllib.request
import uuid
from urllib.parse import urlsplit

import pytest

from tutor.server.frames import KERNEL_PROTOCOL_V1
from tutor.server.pages import KERNEL_ID_IN_PAGE

from .conftest import ARTIFACTS, start_voila, stop
from .helpers import one_cell_notebook, page_kernel_id, run_apart

pytestmark = pytest.mark.browser

NOT_FOUND = [
    "/logout",
    "/voila/render/index.ipynb%00.txt",
    "/voila/render/%0d%0aLocation:%20http://example.com/",
    "/voila/render/..%00",
    "/voila/tree/index%7f.ipynb",
    "/voila/templates/lab/static/../..",
    "/voila/templates/lab/static/..%2F..",
    "/voila/templates/lab/static/",
    "/voila/templates/lab",
    "/voila/templates/%00",
    "/voila/templates/lab/static/../../../static/voila.js",
    "/voila/query/0c5e2b0e-1111-4222-8333-444455556666",   # (a preheated notebook's request socket)
]


def get(base: str, path: str) -> tuple[int, str]:
    """GET a raw path (sent exactly as written: no client-side normalising of `..`)."""
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        conn.close()


def test_odd_paths_are_plain_not_found(app):
    before = app.log.read_text()
    answers = {path: get(app, path)[0] for path in NOT_FOUND}
    assert answers == {path: 404 for path in NOT_FOUND}
    new = app.log.read_text()[len(before):]
    assert "Traceback" not in new and "Uncaught exception" not in new, new[-3000:]


def test_template_assets_still_served(app):
    """The guard in front of Voilà's template route lets the page's own assets through."""
    status, body = get(app, "/voila/templates/lab/static/voila.js")
    assert status == 200 and len(body) > 1000


KERNEL = "00000000-0000-0000-0000-000000000000"  # no such kernel


def ask(base: str, method: str, path: str, headers: dict | None = None) -> tuple[int, str]:
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    try:
        conn.request(method, path, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        conn.close()


def upgrade(base: str, path: str) -> socket.socket:
    """Send a websocket handshake for ``path`` (as a browser opening a kernel's socket) and return
    the connection, unread."""
    where = urlsplit(base)
    conn = socket.create_connection((where.hostname, where.port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    conn.sendall((f"GET {path} HTTP/1.1\r\nHost: {where.netloc}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Origin: {base.rstrip('/')}\r\n"
                  f"Sec-WebSocket-Protocol: {KERNEL_PROTOCOL_V1}\r\n\r\n").encode())
    return conn


@contextlib.contextmanager
def own_server(tmp_path, source: str, log_name: str, chromium=None, env: dict | None = None,
               setup: str | None = None):
    """A Voilà of its own (no preheated kernels) serving ``page.ipynb``, one cell of ``source``:
    yields (base URL, log path, a Chromium context at 1366×768 or None). Afterwards its log holds
    no traceback."""
    folder = tmp_path / "pages"
    folder.mkdir()
    one_cell_notebook(folder / "page.ipynb", source)
    proc, base, log = start_voila(f"--Voila.root_dir={folder}", "--VoilaConfiguration.preheat_kernel=False",
                                  log_name=log_name, env=env, setup=setup)
    try:
        context = chromium.new_context(viewport={"width": 1366, "height": 768}) if chromium else None
        try:
            yield base, log, context
        finally:
            if context is not None:
                context.close()
        text = log.read_text()
        assert "Traceback" not in text and "Uncaught exception" not in text, text[-3000:]
    finally:
        stop(proc)


def test_kernel_socket_errors_are_one_plain_line(app):
    """A kernel socket that cannot be opened (no such kernel; not a GET) is answered with its status
    in one line. Jupyter's error page needs static files Voilà does not serve: each such request
    put two tracebacks in the log ("You must define the 'static_path' setting")."""
    before = app.log.read_text()
    channels = f"/api/kernels/{KERNEL}/channels"
    answers = {(method, path): ask(app, method, path) for method, path in [
        ("GET", channels), ("GET", channels + "?session_id=x"), ("POST", channels),
        ("DELETE", channels)]}
    assert answers == {("GET", channels): (404, "404: Not Found\n"),
                       ("GET", channels + "?session_id=x"): (404, "404: Not Found\n"),
                       ("POST", channels): (405, "405: Method Not Allowed\n"),
                       ("DELETE", channels): (405, "405: Method Not Allowed\n")}
    with upgrade(app, channels + "?session_id=x") as conn:
        assert conn.recv(4096).startswith(b"HTTP/1.1 404 ")
    new = app.log.read_text()[len(before):]
    assert "Traceback" not in new and "Uncaught exception" not in new, new[-3000:]


def test_a_page_left_while_its_kernel_socket_opens_leaves_no_traceback(tmp_path):
    """A learner who clicks on while the page's kernel socket is still opening (seen once in CI:
    the landing page left for chapter 1). The server waits for the kernel's first answer before it
    accepts the socket; the browser dropped it meanwhile. The handshake went on with the kernel
    connection already closed: "'NoneType' object has no attribute 'kernel_ws_protocol'", then
    Jupyter's error page failed too. Here a kernel busy running its page keeps the server waiting,
    and the socket is dropped then. Afterwards the page's own socket still opens."""
    with own_server(tmp_path, "import time\ntime.sleep(4)\nprint('ran')", "voila-socket-left.log") as (base, log, _):
        with urllib.request.urlopen(base + "voila/render/page.ipynb", timeout=60) as r:
            head = b""
            while not (found := KERNEL_ID_IN_PAGE.search(head.decode("utf-8", "ignore"))):
                chunk = r.read1(65536)
                assert chunk, "the page ended without its kernel's id"
                head += chunk
            channels = f"/api/kernels/{found.group(1)}/channels?session_id=left"
            with upgrade(base, channels):  # the kernel is asleep in the page's cell: no answer yet
                time.sleep(1)
            body = head + r.read()  # the cell ends, and with it the page
        assert b"ran" in body
        with upgrade(base, channels.replace("left", "stayed")) as conn:
            assert conn.recv(4096).startswith(b"HTTP/1.1 101 ")  # the page's own socket opens
        time.sleep(1)  # (then own_server reads the log for tracebacks)


def test_past_the_most_kernels_a_page_says_the_course_is_full(chromium, tmp_path):
    """With TUTOR_KERNELS_MAX=1, a second page while the first is open is refused: status 503,
    "The course is full right now", Retry-After, one line in the log (not one per refusal), and no
    kernel started for it. Once the first page is left (its kernel shut down, as the browser asks
    when a page closes), the next visit is served."""
    with own_server(tmp_path, "print('served')", "voila-full.log", chromium,
                    env={"TUTOR_KERNELS_MAX": "1"}) as (base, log, context):
        status, first = ask(base, "GET", "/voila/render/page.ipynb")
        assert status == 200 and "served" in first
        kernel = KERNEL_ID_IN_PAGE.search(first).group(1)
        assert "At most 1 page open at once (a kernel each)" in log.read_text()  # said at start

        where = urlsplit(base)
        conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
        try:
            conn.request("GET", "/voila/render/page.ipynb")
            r = conn.getresponse()
            refused = (r.status, r.getheader("Retry-After"), r.read().decode())
        finally:
            conn.close()
        assert refused[:2] == (503, "60")
        assert "The course is full right now" in refused[2] and "1 page open at once" in refused[2]
        page = context.new_page()
        shown = page.goto(base + "voila/render/page.ipynb")
        assert shown.status == 503 and page.title() == "The course is full right now"
        assert page.get_by_role("button", name="Reload").is_visible()
        page.screenshot(path=str(ARTIFACTS / "course-full.png"))

        assert ask(base, "DELETE", f"/api/kernels/{kernel}")[0] == 204  # the first page is left
        status, again = ask(base, "GET", "/voila/render/page.ipynb")
        assert status == 200 and "served" in again

        text = log.read_text()
        assert text.count("Kernel started") == 2, text[-3000:]  # none for the refused pages
        assert text.count("The server runs its most kernels (1)") == 1


def test_a_page_that_never_opens_its_connection_gives_its_place_back(chromium, tmp_path):
    """A page fetched by a script never opens its kernel's connection, and its kernel would wait
    10 minutes to be culled, holding a place (TUTOR_KERNELS_MAX=1 here). It is shut down once the
    page has gone UNOPENED_MAX_S (3 s here) without opening it; a page shown in a browser keeps
    its kernel."""
    with own_server(tmp_path, "print('served')", "voila-unopened.log", chromium,
                    env={"TUTOR_KERNELS_MAX": "1"},
                    setup="import tutor.server.kernels\ntutor.server.kernels.UNOPENED_MAX_S = 3") as (base, log, context):
        status, fetched = ask(base, "GET", "/voila/render/page.ipynb")  # a script: no connection
        assert status == 200
        kernel = KERNEL_ID_IN_PAGE.search(fetched).group(1)
        assert ask(base, "GET", "/voila/render/page.ipynb")[0] == 503  # its place is held ...
        deadline = time.monotonic() + 30
        while f"Kernel shutdown: {kernel}" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        assert f"Kernel {kernel} shut down: its page did not open its connection in 3 s" in log.read_text()

        page = context.new_page()                                   # ... then given back, once
        while page.goto(base + "voila/render/page.ipynb").status == 503:  # the kernel has exited
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.5)
        page.get_by_text("served").wait_for(timeout=60_000)
        shown = page_kernel_id(page)
        time.sleep(5)                                               # past the 3 s: still there
        assert f"Kernel shutdown: {shown}" not in log.read_text()
        assert ask(base, "GET", "/voila/render/page.ipynb")[0] == 503
        assert not page.locator(".tutor-connection-lost").is_visible()


def served_kernel(base: str) -> str:
    """Fetch the test page over HTTP (no browser): the id of the kernel it was given."""
    return KERNEL_ID_IN_PAGE.search(ask(base, "GET", "/voila/render/page.ipynb")[1]).group(1)


def kernel_message(msg_type: str = "comm_msg", padding: int = 0) -> str:
    """A kernel message as a page sends it (JSON, the legacy protocol): by default a widget message
    to a comm the kernel does not have (it ignores it). Each has an id of its own (the kernel
    refuses a message it has seen, signature and all, with a traceback in the log)."""
    content = {"comm_id": "no-such-comm", "data": {"padding": "x" * padding}} if msg_type == "comm_msg" else {}
    return json.dumps({
        "header": {"msg_id": str(uuid.uuid4()), "msg_type": msg_type, "username": "", "session": "s",
                   "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [], "content": content})


async def kernel_socket(base: str, kernel: str, session: str, protocol: str | None = None):
    """The kernel's socket, opened as a page opens it (tornado's websocket client), with the
    legacy protocol (JSON text) or ``protocol``."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    url = base.replace("http", "ws", 1) + f"api/kernels/{kernel}/channels?session_id={session}"
    return await websocket_connect(HTTPRequest(url, headers={"Origin": base.rstrip("/")}),
                                   subprotocols=[protocol] if protocol else None)


def send_all(base: str, kernel: str, messages: list[str | bytes], wait_s: float = 10,
             answers: list | None = None, protocol: str | None = None) -> tuple[int, int | None, str | None]:
    """Open the kernel's socket as a page does, send ``messages`` as fast as it can and wait at most
    ``wait_s`` for the server to close it: (how many were sent before it did, its close code and
    reason: None if it stayed open). The kernel's answers on its shell channel go to ``answers``,
    as (message type, the id of the message answered): legacy protocol only."""
    from tornado.websocket import WebSocketClosedError

    async def run():
        ws = await kernel_socket(base, kernel, "sender", protocol)
        sent = 0
        for message in messages:
            try:
                await ws.write_message(message, binary=isinstance(message, bytes))
            except WebSocketClosedError:
                break
            sent += 1
        deadline = time.monotonic() + wait_s
        ended = False
        with contextlib.suppress(asyncio.TimeoutError):
            while (answer := await asyncio.wait_for(ws.read_message(),
                                                     max(0.01, deadline - time.monotonic()))) is not None:
                message = {} if answers is None else json.loads(answer)
                if message.get("channel") == "shell":
                    answers.append((message["header"]["msg_type"], message["parent_header"]["msg_id"]))
            ended = True  # (None: the server closed the socket)
        # A server that drops the connection right after its close frame (tornado does, for a
        # message too big) may be gone before the frame arrives: 1006, "closed abnormally".
        closed = (ws.close_code, ws.close_reason) if ws.close_code is not None or not ended else (1006, None)
        ws.close()
        return (sent, *closed)

    return run_apart(run(), timeout_s=120)


def test_a_page_that_floods_its_kernel_or_sends_it_junk_is_cut_off(tmp_path):
    """The server relays a page's messages on the one thread that serves every learner: 20,000 in
    a loop kept it busy for seconds. Past 400 messages (or 4 MB) in a burst the page's socket is
    closed (1008); a message that is not a kernel message (it logged a traceback and closed) is
    closed with 1007. Each says one line in the log; the page's own socket still opens after."""
    with own_server(tmp_path, "print('served')", "voila-flood.log") as (base, log, _):
        kernel = served_kernel(base)

        # (the client queues all its messages before the server's close reaches it)
        assert send_all(base, kernel, [kernel_message() for _ in range(3000)])[1:] == (1008, "too many messages")
        padded = [kernel_message(padding=1_500_000) for _ in range(4)]  # three are past the 4 MB
        assert send_all(base, kernel, padded)[1:] == (1008, "too many messages")
        assert send_all(base, kernel, ["not json {"])[1:] == (1007, "not a kernel message")
        assert send_all(base, kernel, [kernel_message() for _ in range(300)], wait_s=3) == (300, None, None)

        text = log.read_text()
        assert text.count("its page sent more than 400 messages or 4000000 bytes in a burst") == 2
        assert text.count("its page sent a message that is not a kernel message (JSONDecodeError)") == 1
        with upgrade(base, f"/api/kernels/{kernel}/channels?session_id=page") as conn:
            assert conn.recv(4096).startswith(b"HTTP/1.1 101 ")


def test_a_frame_claiming_more_parts_than_it_holds_is_refused_at_once(tmp_path):
    """A binary frame starts with the count of its parts, then their offsets. jupyter_server read
    as many offsets as the count said: a frame of 16 bytes claiming 2**40 parts kept the server's
    one thread looping (every learner's page with it) until it ran out of memory; the legacy
    protocol's count (2**31) made it build a format string of gigabytes. Each is refused before it
    is read (1007, one line), and the server answers at once."""
    with own_server(tmp_path, "print('served')", "voila-parts.log") as (base, log, _):
        kernel = served_kernel(base)
        claims = (2**40).to_bytes(8, "little") + bytes(8)
        assert send_all(base, kernel, [claims], wait_s=5, protocol=KERNEL_PROTOCOL_V1)[1:] == (1007, "not a kernel message")
        started = time.monotonic()
        assert ask(base, "GET", "/voila/tree")[0] == 200
        assert time.monotonic() - started < 5
        legacy = (2**31 - 1).to_bytes(4, "big") + bytes(8)
        assert send_all(base, kernel, [legacy], wait_s=5)[1:] == (1007, "not a kernel message")
        assert ask(base, "GET", "/voila/tree")[0] == 200
        # a frame whose offsets point past its end, or run backwards
        past = (7).to_bytes(8, "little") + b"".join((64 + 10 * i).to_bytes(8, "little") for i in range(7))
        assert send_all(base, kernel, [past], wait_s=5, protocol=KERNEL_PROTOCOL_V1)[1:] == (1007, "not a kernel message")
        assert log.read_text().count("its page sent a message that is not a kernel message") == 3


def test_a_page_replaying_a_message_or_sending_code_is_answered_once_and_logged_once(tmp_path):
    """A page that sends one message again, id and all: the kernel refused it as a replay, with a
    traceback in the log for each copy ("Duplicate Signature"). The server now passes a message
    id once per connection: the kernel answers the first copy, and the log says it once. A page
    that sends code to run (an ``execute_request``: the app's kernels take widget messages only)
    had a warning logged for each: one line now, however many it sends."""
    with own_server(tmp_path, "print('served')", "voila-replay.log") as (base, log, _):
        kernel = served_kernel(base)
        same = kernel_message("kernel_info_request")
        fresh = kernel_message("kernel_info_request")
        answers = []
        assert send_all(base, kernel, [same, same, fresh, same], wait_s=3, answers=answers) == (4, None, None)
        first, second = (json.loads(m)["header"]["msg_id"] for m in (same, fresh))
        assert sorted(answers) == sorted([("kernel_info_reply", first), ("kernel_info_reply", second)])

        code = [kernel_message("execute_request") for _ in range(50)]
        assert send_all(base, kernel, code, wait_s=3, answers=answers) == (50, None, None)
        assert len(answers) == 2  # (no code ran: nothing answered)

        text = log.read_text()
        assert "Duplicate Signature" not in text
        assert text.count(f"Kernel {kernel}: its page sent a message again") == 1
        assert text.count(f"Kernel {kernel}: its page sent a message of a kind pages may not send "
                          "(execute_request)") == 1
        assert "which is not allowed" not in text


def test_a_page_gone_while_its_kernel_answers_leaves_no_traceback(tmp_path):
    """A tab closed while its kernel is still answering: the server went on writing the answers to
    the closed socket, and logged "Task exception was never retrieved ... WebSocketClosedError"
    (once in three tries of this on Voilà 0.5). Five tries: 300 requests each, then the
    connection cut without a word; the log stays clean (own_server)."""
    async def vanish(base, kernel, session):
        ws = await kernel_socket(base, kernel, session)
        for _ in range(300):
            await ws.write_message(kernel_message("kernel_info_request"))
        await asyncio.sleep(0.05)
        ws.protocol.stream.close()  # the tab is gone, mid-answer
        await asyncio.sleep(1)

    with own_server(tmp_path, "print('served')", "voila-vanish.log") as (base, log, _):
        kernel = served_kernel(base)
        for n in range(5):
            run_apart(vanish(base, kernel, f"tab-{n}"), timeout_s=120)
        time.sleep(1)


KEPT_REQUESTS = """
from voila.request_info_handler import RequestInfoSocketHandler as Q
_send = Q.send_updates.__func__
def _counted(cls, msg):
    _send(cls, msg)
    print("tutor-test: requests kept %d, %d bytes" % (len(cls._cache), sum(len(str(v)) for v in cls._cache.values())),
          flush=True)
Q.send_updates = classmethod(_counted)
"""


def test_a_preheated_page_leaves_no_request_behind(tmp_path):
    """Voilà hands each preheated page's request (its query string with it) to a socket the page's
    notebook may read it from, and kept it for good when no notebook came to read it: a link with
    a 60 kB query string grew the server by that much each time it was opened. The app lets it go
    once the page is sent, and closes that socket's route (no course notebook reads it)."""
    proc, base, log = start_voila("--VoilaConfiguration.default_pool_size=0",
                                  '--VoilaKernelManager.kernel_pools_config={"page.ipynb": {"pool_size": 1}}',
                                  f"--Voila.root_dir={one_cell_notebook(tmp_path / 'page.ipynb', 'x = 1').parent}",
                                  log_name="voila-kept.log", setup=KEPT_REQUESTS)
    try:
        query = "?x=" + "a" * 60_000
        kept, deadline = [], time.monotonic() + 120
        while len(kept) < 3 and time.monotonic() < deadline:  # (pages from the pool: it refills)
            time.sleep(3)
            status, page = ask(base, "GET", "/voila/render/page.ipynb" + query)
            assert status == 200 and KERNEL_ID_IN_PAGE.search(page)
            kept = [int(n) for n in re.findall(r"tutor-test: requests kept (\d+)", log.read_text())]
        assert len(kept) >= 3 and max(kept) == 1, kept   # (each page's own, while it is sent)
    finally:
        stop(proc)
    assert "Traceback" not in log.read_text()


def test_a_page_may_hold_a_few_connections_to_its_kernel_not_hundreds(tmp_path):
    """Each connection to a kernel costs the server about 9 open files: a page opening hundreds
    used up the server's open files (1024 on many systems), and every learner's page stopped. A
    kernel takes SOCKETS_PER_KERNEL at once (a page needs one, two as it reconnects); the next is
    refused (429, one plain line), with one line in the log; a place freed is taken again."""
    from tornado.httpclient import HTTPClientError

    from tutor.server.kernels import SOCKETS_PER_KERNEL

    async def run(base, kernel):
        held = [await kernel_socket(base, kernel, f"tab-{n}") for n in range(SOCKETS_PER_KERNEL)]
        refusals = []
        for n in range(3):
            try:
                await kernel_socket(base, kernel, f"more-{n}")
            except HTTPClientError as refused:
                refusals.append((refused.code, refused.response.body.decode()))
        held.pop().close()
        await asyncio.sleep(0.5)
        held.append(await kernel_socket(base, kernel, "again"))    # the place freed
        for ws in held:
            ws.close()
        return refusals

    with own_server(tmp_path, "print('served')", "voila-sockets.log") as (base, log, _):
        kernel = served_kernel(base)
        assert run_apart(run(base, kernel), timeout_s=120) == [(429, "429: Too Many Requests\n")] * 3
        time.sleep(0.5)
        assert log.read_text().count(f"Kernel {kernel}: its page asked for more than "
                                     f"{SOCKETS_PER_KERNEL} connections at once: refused") == 1


def test_handshakes_refused_do_not_hold_places_of_the_page_s_connections(tmp_path):
    """A kernel's websocket refused during the handshake (403 for an Origin a proxy rewrote, or
    any answer but 101) was never let go: it counted against SOCKETS_PER_KERNEL until garbage
    collection (jupyter_server kept its session), so after four refusals the page's good
    connections got 429 and its widgets stayed dead. Now a refused handshake holds no place."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    from tutor.server.kernels import SOCKETS_PER_KERNEL

    async def run(base, kernel):
        url = base.replace("http", "ws", 1) + f"api/kernels/{kernel}/channels?session_id="
        codes = []
        for n in range(SOCKETS_PER_KERNEL + 3):
            try:
                ws = await websocket_connect(HTTPRequest(f"{url}proxied-{n}",
                                                         headers={"Origin": "http://elsewhere.example"}))
                ws.close()
            except HTTPClientError as refused:
                codes.append(refused.code)
        good = await kernel_socket(base, kernel, "the-page")   # (429 before: every place held)
        good.close()
        return codes

    with own_server(tmp_path, "print('served')", "voila-sockets.log") as (base, log, _):
        kernel = served_kernel(base)
        assert run_apart(run(base, kernel), timeout_s=120) == [403] * (SOCKETS_PER_KERNEL + 3)
        time.sleep(0.5)
        assert "connections at once: refused" not in log.read_text()


def test_a_request_or_message_too_large_is_refused_unread(tmp_path):
    """Tornado read a request's body whole before any handler, up to 100 MB, and a websocket
    message up to 10 MB: a few visitors sending such bodies at once would take a classroom
    server's memory. A request announcing more than 64 kB is answered 400 before its body is read;
    a websocket message over 2 MB closes its socket (1009); a board file's message still passes."""
    with own_server(tmp_path, "print('served')", "voila-large.log") as (base, log, _):
        kernel = served_kernel(base)
        where = urlsplit(base)
        for announced in (100_000_000, 70_000):
            with socket.create_connection((where.hostname, where.port), timeout=10) as conn:
                conn.sendall((f"POST /voila/api/shutdown/{kernel} HTTP/1.1\r\nHost: {where.netloc}\r\n"
                              f"Content-Length: {announced}\r\n\r\n").encode())   # (and no body)
                assert conn.recv(4096).startswith(b"HTTP/1.1 400 ")             # at once, unread
        assert send_all(base, kernel, [bytes(3_000_000)], wait_s=5, protocol=KERNEL_PROTOCOL_V1)[1] in (1009, 1006)
        assert send_all(base, kernel, [kernel_message(padding=1_500_000)], wait_s=2) == (1, None, None)
        assert f"Kernel shutdown: {kernel}" not in log.read_text()
