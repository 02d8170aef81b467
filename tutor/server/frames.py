"""What a page sends its kernel over the kernel websocket, read without trusting it: pure functions,
a frame in, a message's header or a refusal out (:func:`judge`). The socket that applies the
verdicts is :class:`tutor.server.guard.KernelChannels`; nothing here imports tornado or Voilà.

A page sends a kernel message in one of three forms: a binary frame of the kernel websocket
protocol v1 (a count, that many offsets, then the parts they delimit: channel, header, parent
header, metadata, content, buffers), a binary frame of the legacy protocol (a count, offsets, the
message as JSON, buffers), or JSON text. jupyter_server reads a binary frame's offsets as the
count says, before anything checks it: one 16-byte frame claiming 2**40 parts held the server's
only thread until its memory ran out (issue 39). Here a frame's count and offsets are checked
against its length before a part is read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

KERNEL_PROTOCOL_V1 = "v1.kernel.websocket.jupyter.org"

# What a page may send its kernel: a burst of MESSAGES_BURST messages, then MESSAGES_PER_S a
# second (and the same for bytes). The busiest pages measured send 90 messages in their first
# second (the lab and Play a battle, 60 of them within 100 ms) and one to three a click; the lab's
# largest is a board file, at most 1 MB (tutor/static/upload_limit.js). The server relays every
# message on the one thread that serves every learner: one page sending 20,000 in a loop (4,300 a
# second) kept it busy for seconds. A page past either budget has its connection closed.
MESSAGES_BURST, MESSAGES_PER_S = 400, 200
BYTES_BURST, BYTES_PER_S = 4_000_000, 1_000_000
# A websocket message, at most (tornado closes a socket sending more, 1009, before it is read:
# tutor.server.wiring.bound_requests). The app's largest is a board file's, about 1 MB.
WEBSOCKET_MESSAGE_MAX = 2 * 1024 * 1024
# A kernel message's parts in one binary frame: its channel, header, parent header, metadata and
# content, then its buffers (a widget message has none or a few: a file opened in the lab, one).
PARTS_MAX = 256

# The websocket close codes of a refusal (RFC 6455, 7.4.1).
NOT_A_MESSAGE, TOO_MANY, TOO_LARGE = 1007, 1008, 1009


@dataclass(frozen=True)
class Budget:
    """What a socket may still send at ``when`` (a monotonic clock's seconds): ``messages`` and
    ``size`` (bytes), refilled at :data:`MESSAGES_PER_S` and :data:`BYTES_PER_S` up to a burst."""

    messages: float
    size: float
    when: float

    @classmethod
    def full(cls, now: float) -> Budget:
        return cls(MESSAGES_BURST, BYTES_BURST, now)

    def spend(self, size: int, now: float) -> Budget:
        """The budget after one message of ``size`` bytes at ``now`` (negative: past it)."""
        elapsed = max(0.0, now - self.when)
        return Budget(min(MESSAGES_BURST, self.messages + elapsed * MESSAGES_PER_S) - 1,
                      min(BYTES_BURST, self.size + elapsed * BYTES_PER_S) - size, now)

    @property
    def spent(self) -> bool:
        return self.messages < 0 or self.size < 0


@dataclass(frozen=True)
class Verdict:
    """What becomes of one frame a page sent: its message's ``header`` when it goes on to the
    kernel, else ``close``, the code its socket is closed with (:data:`NOT_A_MESSAGE`,
    :data:`TOO_MANY`, :data:`TOO_LARGE`) and ``why`` in a word; and the socket's ``budget`` after it."""

    budget: Budget
    header: dict[str, Any] | None = None
    close: int | None = None
    why: str = ""


def judge(frame: bytes | str, protocol: str | None, budget: Budget | None, now: float) -> Verdict:
    """The verdict on ``frame``, sent at ``now`` on a socket of ``protocol`` (the subprotocol
    chosen at its handshake; None: the legacy one) that had ``budget`` left (None: its first
    frame). Past the budget: :data:`TOO_MANY`; larger than :data:`WEBSOCKET_MESSAGE_MAX`:
    :data:`TOO_LARGE`; not a kernel message in the socket's form (:func:`message_header`):
    :data:`NOT_A_MESSAGE`, ``why`` naming the error's kind."""
    after = (budget or Budget.full(now)).spend(len(frame), now)
    if after.spent:
        return Verdict(after, close=TOO_MANY, why="too many messages")
    if len(frame) > WEBSOCKET_MESSAGE_MAX:
        return Verdict(after, close=TOO_LARGE, why="message too large")
    try:
        return Verdict(after, header=message_header(frame, protocol))
    except (ValueError, RecursionError) as error:  # (JSONDecodeError, UnicodeDecodeError; nesting)
        return Verdict(after, close=NOT_A_MESSAGE, why=type(error).__name__)


def message_header(message: str | bytes, protocol: str | None) -> dict[str, Any]:
    """The header of a kernel message as a page sends it (v1 binary, legacy binary, or JSON text:
    see the module's text). ValueError for anything else, found before more is read than the
    frame holds."""
    if protocol == KERNEL_PROTOCOL_V1:
        if not isinstance(message, bytes):
            raise ValueError("a text frame, where the protocol sends binary ones")
        ends = parts_ends(message, int.from_bytes(message[:8], "little"), 8, "little", first=6)
        header = json.loads(message[ends[1]:ends[2]])
    else:
        if isinstance(message, bytes):
            count = int.from_bytes(message[:4], "big", signed=True)
            ends = parts_ends(message, count, 4, "big", first=1)
            message = message[ends[0]:ends[1] if count > 1 else None]
        whole = json.loads(message)
        header = whole.get("header") if isinstance(whole, dict) else None
    if not isinstance(header, dict):
        raise ValueError("no header")
    return header


def parts_ends(frame: bytes, count: int, width: int, order: Literal["little", "big"],
               first: int) -> list[int]:
    """The offsets after ``count`` in a binary frame (each ``width`` bytes, in byte ``order``),
    checked: at least ``first`` and at most :data:`PARTS_MAX` of them, all within the frame and
    in order."""
    if not first <= count <= PARTS_MAX or len(frame) < width * (count + 1):
        raise ValueError(f"a frame of {len(frame)} bytes said it had {count} parts")
    offsets = [int.from_bytes(frame[width * (i + 1):width * (i + 2)], order) for i in range(count)]
    if offsets[0] < width * (count + 1) or offsets != sorted(offsets) or offsets[-1] > len(frame):
        raise ValueError("offsets outside the frame or out of order")
    return offsets


def is_execute_input(message: dict[str, Any] | bytes | str, protocol: str | None) -> bool:
    """Whether a kernel's message to its page is an ``execute_input`` (the code of a cell run),
    read in the socket's ``protocol``, bounded (:func:`message_header`). Only a message that
    names that kind anywhere is read further."""
    if isinstance(message, dict):
        header = message.get("header")
        return isinstance(header, dict) and header.get("msg_type") == "execute_input"
    if isinstance(message, bytes) and b"execute_input" not in message:
        return False
    if isinstance(message, str) and "execute_input" not in message:
        return False
    try:
        return message_header(message, protocol).get("msg_type") == "execute_input"
    except (ValueError, RecursionError):
        return False
