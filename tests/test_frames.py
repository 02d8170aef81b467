"""What a page sends its kernel, judged without a server (tutor.server.frames): crafted frames in,
a message's header or a refusal out. The socket that applies the verdicts is tested end to end in
tests/browser/test_server_errors.py and test_server_sockets.py."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.server import frames
from tutor.server.frames import (
    BYTES_BURST,
    KERNEL_PROTOCOL_V1,
    MESSAGES_BURST,
    MESSAGES_PER_S,
    NOT_A_MESSAGE,
    PARTS_MAX,
    TOO_LARGE,
    TOO_MANY,
    WEBSOCKET_MESSAGE_MAX,
    Budget,
    judge,
    message_header,
)

V1 = KERNEL_PROTOCOL_V1
HEADER = {"msg_id": "a1", "msg_type": "comm_msg", "username": "", "session": "s", "date": "",
          "version": "5.3"}
WIDGET_MESSAGE = {"header": HEADER, "parent_header": {}, "metadata": {},
                  "content": {"comm_id": "c", "data": {"method": "custom"}}, "buffers": [b"\x00\x01"]}


def v1_frame(message: dict, channel: str = "shell") -> bytes:
    """A v1 binary frame, written out by hand: the count of offsets (8 bytes, little-endian), the
    offsets, then the channel, header, parent header, metadata, content and buffers."""
    parts = [channel.encode(), *(json.dumps(message[k]).encode()
                                 for k in ("header", "parent_header", "metadata", "content")),
             *message.get("buffers", [])]
    count = len(parts) + 1
    offsets = [8 * (count + 1)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join(n.to_bytes(8, "little") for n in (count, *offsets)) + b"".join(parts)


def legacy_frame(message: dict) -> bytes:
    """A legacy binary frame: a count (4 bytes, big-endian), the parts' start offsets, the message
    as JSON, then its buffers."""
    parts = [json.dumps({k: v for k, v in message.items() if k != "buffers"}).encode(), *message["buffers"]]
    offsets = [4 * (len(parts) + 1)]
    for part in parts[:-1]:
        offsets.append(offsets[-1] + len(part))
    return b"".join(n.to_bytes(4, "big") for n in (len(parts), *offsets)) + b"".join(parts)


def test_the_hand_written_frames_are_jupyter_server_s():
    from jupyter_server.services.kernels.connection.base import (
        serialize_binary_message,
        serialize_msg_to_ws_v1,
    )

    parts = [json.dumps(WIDGET_MESSAGE[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    assert v1_frame(WIDGET_MESSAGE) == serialize_msg_to_ws_v1([*parts, b"\x00\x01"], "shell")
    assert legacy_frame(WIDGET_MESSAGE) == serialize_binary_message(WIDGET_MESSAGE)


def test_each_form_a_page_sends_goes_on_with_its_header():
    for frame, protocol in ((v1_frame(WIDGET_MESSAGE), V1), (legacy_frame(WIDGET_MESSAGE), None),
                            (json.dumps({**WIDGET_MESSAGE, "buffers": []}), None)):
        verdict = judge(frame, protocol, None, now=100.0)
        assert (verdict.header, verdict.close) == (HEADER, None)
        assert verdict.budget == Budget(MESSAGES_BURST - 1, BYTES_BURST - len(frame), 100.0)


def test_a_frame_in_the_other_protocol_is_not_a_kernel_message():
    """A socket keeps the protocol of its handshake: a legacy frame on a v1 socket (or JSON text)
    is refused, and a v1 frame on a legacy socket too (it does not parse as the legacy form)."""
    assert judge(legacy_frame(WIDGET_MESSAGE), V1, None, 0.0).close == NOT_A_MESSAGE
    assert judge(json.dumps(WIDGET_MESSAGE | {"buffers": []}), V1, None, 0.0).close == NOT_A_MESSAGE
    assert judge(v1_frame(WIDGET_MESSAGE), None, None, 0.0).close == NOT_A_MESSAGE


TRUNCATED = v1_frame(WIDGET_MESSAGE)[:-5]  # its last parts cut short


@pytest.mark.parametrize("frame, protocol", [
    ((2**40).to_bytes(8, "little") + bytes(8), V1),                          # 2**40 parts claimed
    ((2**31 - 1).to_bytes(4, "big") + bytes(8), None),                       # the legacy count
    ((-1).to_bytes(4, "big", signed=True) + bytes(8), None),
    ((PARTS_MAX + 1).to_bytes(8, "little") + bytes(8 * (PARTS_MAX + 1)), V1),  # too many parts
    ((5).to_bytes(8, "little") + bytes(48), V1),                             # too few parts
    ((6).to_bytes(8, "little") + b"".join((56 + 4 * i).to_bytes(8, "little") for i in range(6)),
     V1),                                                                    # past the frame's end
    ((6).to_bytes(8, "little") + b"".join((60 - 4 * i).to_bytes(8, "little") for i in range(6)) + bytes(60),
     V1),                                                                    # backwards
    (TRUNCATED, V1),                                                         # cut short
    (v1_frame(WIDGET_MESSAGE)[:60], V1),                                     # cut in its offsets
    (legacy_frame(WIDGET_MESSAGE)[:30], None),
    (b"", V1), (b"", None), ("", None),
    ('{"header": "no"}', None), ("[1, 2]", None), ("{", None), ('{"header": {}}', V1),
    ("[" * 100_000 + "]" * 100_000, None),                                   # nested past recursion
    (b"\x00\x00\x00\x01\x00\x00\x00\x08\xff\xfe", None),                     # not UTF-8
])
def test_a_frame_that_is_not_a_kernel_message_is_refused_1007(frame, protocol):
    verdict = judge(frame, protocol, None, 0.0)
    assert (verdict.header, verdict.close) == (None, NOT_A_MESSAGE)
    assert verdict.why  # the kind of error, for the log's one line


def test_the_truncated_frame_names_its_claim():
    with pytest.raises(ValueError, match="offsets outside the frame"):
        message_header(TRUNCATED, V1)
    with pytest.raises(ValueError, match=r"^a frame of 60 bytes said it had 7 parts$"):
        message_header(v1_frame(WIDGET_MESSAGE)[:60], V1)
    with pytest.raises(ValueError, match=r"^a frame of 16 bytes said it had 1099511627776 parts$"):
        message_header((2**40).to_bytes(8, "little") + bytes(8), V1)


def test_an_oversized_frame_is_refused_1009_before_it_is_read():
    frame = json.dumps({**WIDGET_MESSAGE, "buffers": [], "content": {"x": "y" * WEBSOCKET_MESSAGE_MAX}})
    budget = Budget(MESSAGES_BURST, 10 * BYTES_BURST, 0.0)  # (bytes enough: only its size refuses it)
    assert judge(frame, None, budget, 0.0).close == TOO_LARGE
    fits = json.dumps({**WIDGET_MESSAGE, "buffers": [], "content": {"x": "y" * (WEBSOCKET_MESSAGE_MAX - 1000)}})
    assert judge(fits, None, budget, 0.0).header == HEADER


def test_a_flood_of_messages_is_refused_1008_after_the_burst_and_the_budget_refills():
    frame = v1_frame(WIDGET_MESSAGE)
    budget = None
    for _ in range(MESSAGES_BURST):  # a whole burst in one instant
        verdict = judge(frame, V1, budget, now=5.0)
        assert verdict.header == HEADER
        budget = verdict.budget
    assert judge(frame, V1, budget, now=5.0).close == TOO_MANY  # one more
    # A second later the page has MESSAGES_PER_S more (never more than a burst).
    later = budget
    for _ in range(MESSAGES_PER_S):
        verdict = judge(frame, V1, later, now=6.0)
        assert verdict.close is None
        later = verdict.budget
    assert judge(frame, V1, later, now=6.0).close == TOO_MANY
    rested = judge(frame, V1, budget, now=1000.0).budget
    assert rested.messages == MESSAGES_BURST - 1


def test_a_flood_of_bytes_is_refused_1008():
    """4 MB in a burst, then 1 MB a second: five messages of 1 MB at once pass four."""
    frame = json.dumps({**WIDGET_MESSAGE, "buffers": [], "content": {"x": "y" * 999_000}})
    budget = None
    closes = []
    for _ in range(5):
        verdict = judge(frame, None, budget, now=0.0)
        closes.append(verdict.close)
        budget = verdict.budget
    assert closes == [None, None, None, None, TOO_MANY]


def test_a_refusal_spends_the_budget_too():
    """Garbage counts against the budget: a page cannot send broken frames for free."""
    verdict = judge(b"junk", V1, None, 0.0)
    assert verdict.close == NOT_A_MESSAGE and verdict.budget.messages == MESSAGES_BURST - 1


@settings(max_examples=300, deadline=None)
@given(count=st.integers(min_value=0, max_value=2**64 - 1), rest=st.binary(max_size=200),
       v1=st.booleans())
def test_any_binary_frame_is_a_header_or_a_refusal_at_once(count, rest, v1):
    """Whatever count a binary frame begins with, reading it costs no more than its own bytes."""
    frame = count.to_bytes(8, "little") + rest if v1 else (count % 2**32).to_bytes(4, "big") + rest
    verdict = judge(frame, V1 if v1 else None, None, 0.0)
    assert (verdict.header is None) == (verdict.close == NOT_A_MESSAGE)


def test_a_kernel_s_code_is_found_in_each_form_bounded():
    """The kind of a kernel's message is read in the socket's own format, bounded (a legacy frame
    read as v1 named 10**17 offsets)."""
    message = {"header": {**HEADER, "msg_type": "execute_input"}, "parent_header": {}, "metadata": {},
               "content": {"code": "secret"}, "buffers": [b"x"]}
    legacy = legacy_frame(message)
    assert frames.is_execute_input(legacy, None)
    assert not frames.is_execute_input(legacy, V1)  # (not a v1 frame: not read as one)
    assert frames.is_execute_input(v1_frame(message, "iopub"), V1)
    assert frames.is_execute_input(json.dumps({**message, "buffers": []}), None)
    assert frames.is_execute_input(message, None)
    other = {**message, "header": {**HEADER, "msg_type": "stream"}}
    assert not frames.is_execute_input(v1_frame(other, "iopub"), V1)
    assert not frames.is_execute_input(legacy_frame(other), None)
