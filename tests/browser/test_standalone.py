"""Voilà's standalone mode: a visitor's browser can talk widgets to a kernel, never send it code.

Talks to a page's kernel over its websocket as a browser would, without a browser: the kernel
answers a widget-protocol request, and an `execute_request` is dropped.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser


def message(msg_type: str, content: dict, channel: str = "shell") -> str:
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor",
                   "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "content": content, "channel": channel,
        "buffers": []})


def test_kernel_accepts_widget_messages_but_not_code(app, tmp_path):
    with urllib.request.urlopen(app + "voila/render/index.ipynb") as r:
        page = r.read().decode()
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
    marker = Path(tmp_path) / "executed"

    async def talk():
        from tornado.websocket import websocket_connect
        ws = await websocket_connect(app.replace("http", "ws", 1) + f"api/kernels/{kernel_id}/channels")
        ws.write_message(message("execute_request", {
            "code": f"open({str(marker)!r}, 'w').write('visitor code ran')", "silent": False,
            "store_history": False, "user_expressions": {}, "allow_stdin": False,
            "stop_on_error": True}))
        ws.write_message(message("comm_info_request", {}))
        seen = []
        try:
            while True:
                raw = await asyncio.wait_for(ws.read_message(), timeout=10)
                if raw is None:
                    break
                if isinstance(raw, str):
                    seen.append(json.loads(raw)["header"]["msg_type"])
                if "comm_info_reply" in seen:
                    await asyncio.sleep(2)  # time for an execute_request to have run, had it got in
                    break
        finally:
            ws.close()
        return seen

    # (Playwright's sync API may hold this thread's event loop: talk from a thread of its own)
    with ThreadPoolExecutor(1) as pool:
        seen = pool.submit(asyncio.run, talk()).result(timeout=60)
    assert "comm_info_reply" in seen, seen
    assert "execute_reply" not in seen and "execute_input" not in seen, seen
    assert not marker.exists(), "code sent from outside ran in the kernel"


@pytest.mark.parametrize("path", ["voila/files/index.ipynb", "api/contents/index.ipynb",
                                  "api/kernels", "lab", "tree", "terminals/websocket/1"])
def test_code_and_server_apis_are_not_served(app, path):
    try:
        urllib.request.urlopen(app + path)
    except urllib.error.HTTPError as e:
        assert e.code in (403, 404, 405), (path, e.code)
    else:
        pytest.fail(f"{path} is served")


def test_contents_api_lists_names_without_content(app):
    with urllib.request.urlopen(app + "voila/api/contents/index.ipynb?content=1") as r:
        model = json.loads(r.read())
    assert model["content"] is None
    with urllib.request.urlopen(app + "voila/render/index.ipynb") as r:
        assert "course.index()" not in r.read().decode()
