"""What a page's messages may do in its kernel (issue 39): a crafted message to a widget gets one
plain line on the page (the traceback goes to the server's log only); a page may not make widgets
in the kernel; a drill keeps a bounded Undo history."""

from __future__ import annotations

import json
import queue
import uuid

import pytest

from tutor.widgets.base import PAGE_ERROR, UNDO_MAX

SETUP = ("import tutor.widgets.base, ipywidgets as W\n"
         "d = W.Dropdown(options=['a', 'b'], index=1)\n"
         "print(d.model_id)")


@pytest.fixture(scope="module")
def kernel():
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", stderr=open("/dev/null", "w"))
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def run(kc, code: str) -> str:
    printed = []
    kc.execute_interactive(code, timeout=120, output_hook=lambda m: printed.append(m["content"].get("text", ""))
                           if m["msg_type"] == "stream" and m["content"]["name"] == "stdout" else None)
    return "".join(printed)


def send(kc, msg_type: str, content: dict) -> list[dict]:
    """Send the kernel a message as a page does; what it published in answer, until idle."""
    while True:
        try:
            kc.get_iopub_msg(timeout=0.5)
        except queue.Empty:
            break
    message = kc.session.msg(msg_type, content)
    kc.shell_channel.send(message)
    answers = []
    while True:
        m = kc.get_iopub_msg(timeout=30)
        if m["parent_header"].get("msg_id") != message["header"]["msg_id"]:
            continue
        answers.append(m)
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return answers


def test_a_crafted_widget_message_is_one_plain_line_on_the_page(kernel):
    """A dropdown's index of 99: ipywidgets sent the page a full traceback (server paths, source
    lines). Now the page gets one plain line, and the dropdown is unchanged."""
    model = run(kernel, SETUP).strip()
    for state in ({"index": 99}, {"index": "x"}, {"description": ["not", "text"]}):
        answers = send(kernel, "comm_msg", {"comm_id": model, "data": {"method": "update", "state": state,
                                                                          "buffer_paths": []}})
        kinds = [m["msg_type"] for m in answers]
        assert "error" not in kinds, state
        said = [m["content"]["text"] for m in answers if m["msg_type"] == "stream"]
        assert said == [PAGE_ERROR + "\n"], said
        assert "Traceback" not in json.dumps([m["content"] for m in answers])
    assert run(kernel, "print(d.index, d.value)").strip() == "1 b"


def test_a_page_may_not_make_widgets_in_its_kernel(kernel):
    """2,000 `comm_open` of new Text widgets built and kept them all (+16 MB). The course's pages
    never make a widget: each is closed unmade."""
    run(kernel, SETUP)
    before = int(run(kernel, "import comm\nprint(len(comm.get_comm_manager().comms))"))
    state = {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
             "_model_module_version": "2.0.0", "_view_name": "TextView",
             "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0", "value": "x"}
    for _ in range(20):
        answers = send(kernel, "comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                             "data": {"state": state, "buffer_paths": []}})
        assert "comm_close" in [m["msg_type"] for m in answers]
    assert int(run(kernel, "print(len(comm.get_comm_manager().comms))")) == before


def test_undo_keeps_the_last_boards_and_the_first():
    """2,000 paint taps on the lab kept 2,000 boards for Undo (+31 MB). A drill keeps the last
    UNDO_MAX and the first (Reset goes back to it); Undo still takes the last taps back."""
    from tutor.hexes import parse_hex
    from tutor.lab.app import Lab

    lab = Lab()
    blank = lab.state.field
    lab.tool.value = "Woods"
    hexes = [parse_hex(h) for h in ("2,2", "4,2", "6,2", "3,3", "5,3")]
    for n in range(UNDO_MAX + 300):
        lab.on_hex(hexes[n % len(hexes)])
    assert len(lab._history) == UNDO_MAX + 1
    last = lab.state.field
    lab.on_hex(hexes[0])
    lab.undo()
    assert lab.state.field == last
    lab.reset()
    assert lab.state.field == blank


def test_a_lab_upload_with_a_byte_order_mark_and_crlf_opens_as_the_command_line_reads_it():
    """A scenario written on Windows (UTF-8 with a byte-order mark, CRLF line ends) opens in the
    lab as `tutor check` reads the same bytes: the same board, units and all."""
    from tutor import paths
    from tutor.lab.app import Lab
    from tutor.scenario import load

    plain = (paths.SCENARIOS / "pegasus-bridge.yaml").read_bytes()
    windows = b"\xef\xbb\xbf" + plain.replace(b"\n", b"\r\n")
    lab = Lab()
    lab._uploaded({"new": ({"name": "pegasus.yaml", "content": memoryview(windows), "size": len(windows),
                            "type": "application/x-yaml", "last_modified": 0},)})
    expected = load(paths.SCENARIOS / "pegasus-bridge.yaml")
    assert lab.state.field.units == expected.units and lab.state.field.terrain == expected.terrain
    assert "Opened pegasus.yaml." in lab.status.value
