"""The kernel websocket (``/api/kernels/<id>/channels``), guarded: :class:`KernelChannels`.

What a page sends is judged by :func:`tutor.server.frames.judge` (pure: a frame in, a verdict
out); this module applies the verdicts to the socket, remembers the ids it has passed on, counts a
kernel's connections, and writes the kernel's answers in the socket's own protocol.
"""

from __future__ import annotations

import time
import weakref
from collections import OrderedDict

from tornado.iostream import StreamBufferFullError, StreamClosedError
from tornado.web import Finish, HTTPError
from tornado.websocket import WebSocketClosedError
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from tutor.server import frames, voila_private
from tutor.server.frames import BYTES_BURST, MESSAGES_BURST, WEBSOCKET_MESSAGE_MAX, is_execute_input
from tutor.server.kernels import SOCKETS_PER_KERNEL
from tutor.server.pages import plain_error

# The message ids a connection remembers, to pass each to the kernel once (see KernelChannels).
SEEN_MAX = 4096
# What a socket may hold of its kernel's messages that its page has not read yet. A page reads as
# they come (a board redrawn is about 34 kB; a page's first messages a few hundred kB); a page
# that stops reading (its network gone, or a script that never reads) had every redraw kept for
# it, without bound: four such sockets grew the server by 2 GB in 3 minutes. Past this it is cut
# off, and what it held is given back.
WRITE_BUFFER_MAX = 4 * 1024 * 1024


def first_time(seen: OrderedDict, key, most: int) -> bool:
    """Whether ``key`` is new to ``seen`` (the last ``most`` keys, oldest first); it is remembered."""
    if key in seen:
        return False
    seen[key] = None
    if len(seen) > most:
        seen.popitem(last=False)
    return True



class KernelChannels(VoilaKernelWebsocketHandler):
    """Voilà's kernel websocket (``/api/kernels/<id>/channels``), without the ways Voilà 0.5 put
    a traceback in the server's log for it, and with a budget for what a page sends:

    - a page left while its socket is opening (the learner clicks on to the next chapter): the
      browser drops the socket while the server waits for the kernel's first answer. jupyter_server
      closes the kernel connection then, and went on with the handshake on it ("'NoneType' object
      has no attribute 'kernel_ws_protocol'"). Here the handshake ends, quietly;
    - any error answer (an unknown kernel: 404; a POST: 405): Jupyter's error page needs static
      files Voilà does not serve ("You must define the 'static_path' setting"). Here it is one
      plain line;
    - a message that is not a kernel message (not JSON, a broken binary frame): a traceback, and
      the socket closed. Here the socket is closed (1007) with one line in the log;
    - a kernel's answer to a page already gone ("Task exception was never retrieved ...
      WebSocketClosedError"): dropped, as the page is;
    - a page past :data:`~tutor.server.frames.MESSAGES_BURST` / :data:`~tutor.server.frames.BYTES_BURST`: its socket is closed (1008), with
      one line in the log;
    - a binary frame claiming more parts than it holds (:func:`tutor.server.frames.message_header`): refused (1007)
      before jupyter_server reads it;
    - a message sent again, id and all: the kernel refused each copy as a replay, with a
      traceback ("Duplicate Signature"). Each id goes to the kernel once (of the last
      :data:`SEEN_MAX`); the copies are dropped, with one line in the log;
    - a message of a kind pages may not send (Voilà's ``allowed_message_types``: code to run,
      say): jupyter_server logged a warning for each. They are dropped, with one line;
    - a connection past :data:`~tutor.server.kernels.SOCKETS_PER_KERNEL` to one kernel: refused (429), one line a kernel."""

    sockets: dict[str, weakref.WeakSet] = {}  # kernel id → its connections open or opening
    refused_kernels: OrderedDict = OrderedDict()  # the kernels whose refusal the log has said

    left = False  # the browser closed the socket
    protocol = None  # the subprotocol chosen at the handshake (None: the legacy one)
    budget = None  # what this socket may still send (frames.Budget; None: a fresh socket)
    refused = False  # closed for what the page sent
    seen = None  # the ids of the messages passed to the kernel, oldest first (SEEN_MAX)
    said = frozenset()  # what the log has said about this socket's messages

    def on_message(self, message):
        if self.refused:  # (frames already on their way when the socket was closed)
            return
        verdict = frames.judge(message, self.protocol, self.budget, time.monotonic())
        self.budget = verdict.budget
        if verdict.close == frames.TOO_MANY:
            self.log.warning("Kernel %s: its page sent more than %d messages or %d bytes in a burst: "
                             "its connection is closed", self.kernel_id, MESSAGES_BURST, BYTES_BURST)
            self.refuse(verdict.close, verdict.why)
            return
        if verdict.close == frames.TOO_LARGE:  # (tornado closes it first: bound_requests)
            self.log.warning("Kernel %s: its page sent a message of more than %d bytes: its "
                             "connection is closed", self.kernel_id, WEBSOCKET_MESSAGE_MAX)
            self.refuse(verdict.close, verdict.why)
            return
        if verdict.header is None:
            self.not_a_message(verdict.why)
            return
        if self.dropped(verdict.header):
            return
        try:
            super().on_message(message)
        except Exception as error:  # (a page's own bytes: not the server's error)
            self.not_a_message(type(error).__name__)

    def not_a_message(self, why: str) -> None:
        self.log.warning("Kernel %s: its page sent a message that is not a kernel message (%s): "
                         "its connection is closed", self.kernel_id, why)
        self.refuse(frames.NOT_A_MESSAGE, "not a kernel message")

    def dropped(self, header: dict) -> bool:
        """Whether the message of ``header`` stops here: of a kind pages may not send, or sent
        before (its id seen). Each reason is logged once a connection."""
        allowed = self.kernel_manager.allowed_message_types
        kind = header.get("msg_type")
        if allowed and kind not in allowed:
            self.say_once("kind", "Kernel %s: its page sent a message of a kind pages may not send "
                          "(%s): dropped, as any more of them", self.kernel_id, kind)
            return True
        msg_id = header.get("msg_id")
        if not isinstance(msg_id, str):
            return False  # (jupyter_server and the kernel judge it)
        if self.seen is None:
            self.seen = OrderedDict()
        if not first_time(self.seen, msg_id, SEEN_MAX):
            self.say_once("again", "Kernel %s: its page sent a message again (id %s): dropped, as "
                          "any more copies", self.kernel_id, msg_id[:64])
            return True
        return False

    def say_once(self, what: str, line: str, *args) -> None:
        if what not in self.said:
            self.said = self.said | {what}
            self.log.warning(line, *args)

    def refuse(self, code: int, reason: str) -> None:
        self.refused = True
        self.close(code, reason)

    def select_subprotocol(self, subprotocols):
        self.protocol = super().select_subprotocol(subprotocols)
        return self.protocol

    @property
    def selected_subprotocol(self):
        # The protocol chosen at the handshake, for the socket's whole life. Tornado forgets it
        # the moment the socket starts closing (a ping timeout, a refusal), and jupyter_server
        # then wrote the kernel's answers in the legacy format to a v1 page (see write_message).
        return self.protocol

    def write_message(self, message, binary=False):
        """Send the page one of its kernel's messages, unless it is an ``execute_input`` (the
        page's code: Voilà's filter, kept) or the socket cannot take it: closing, or holding
        :data:`WRITE_BUFFER_MAX` bytes its page has not read (then it is cut off). A message
        that cannot go out is dropped, with one line in the log for the socket.

        Voilà 0.5's own ``write_message`` is not called: it read every binary frame as protocol
        v1, whatever the socket's, with as many offsets as its first 8 bytes said; a legacy frame
        (4 big-endian bytes first) said billions, and the server's only thread built that list
        until memory ran out (issue 39)."""
        if self.ws_connection is None or self.ws_connection.is_closing():
            self.say_once("closing", "Kernel %s: a message for a connection that is closing: "
                          "dropped, as any more", self.kernel_id)
            return None
        if is_execute_input(message, self.protocol):
            return None
        stream = self.ws_connection.stream
        if stream.max_write_buffer_size is None:
            stream.max_write_buffer_size = WRITE_BUFFER_MAX
        try:
            sent = super(VoilaKernelWebsocketHandler, self).write_message(message, binary)
        except StreamBufferFullError:
            self.log.warning("Kernel %s: its page has not read %d bytes of its messages: its "
                             "connection is cut off", self.kernel_id, WRITE_BUFFER_MAX)
            self.refused = True
            stream.close()  # (its buffer goes with it; no goodbye: it would not be read either)
            return None
        except (WebSocketClosedError, StreamClosedError):
            self.say_once("closing", "Kernel %s: a message for a connection that is closing: "
                          "dropped, as any more", self.kernel_id)
            return None
        if sent is not None:  # (failing later if the page goes meanwhile: nobody waits for it)
            sent.add_done_callback(lambda done: done.cancelled() or done.exception())
        return sent

    def on_close(self):
        self.left = True
        self.release()
        if getattr(self, "connection", None) is not None:  # (None: closed before it was made)
            super().on_close()

    def hold(self) -> None:
        """Count this connection to its kernel, or refuse it past :data:`~tutor.server.kernels.SOCKETS_PER_KERNEL`.
        (Weakly held: a connection that ends without a word stops counting once it is gone.)"""
        held = KernelChannels.sockets.setdefault(self.kernel_id, weakref.WeakSet())
        if len(held) >= SOCKETS_PER_KERNEL:
            if first_time(KernelChannels.refused_kernels, self.kernel_id, 1000):
                self.log.warning("Kernel %s: its page asked for more than %d connections at once: "
                                 "refused (and any more)", self.kernel_id, SOCKETS_PER_KERNEL)
            raise HTTPError(429)
        held.add(self)

    def release(self) -> None:
        held = KernelChannels.sockets.get(getattr(self, "kernel_id", None))
        if held is not None:
            held.discard(self)
            if not held:
                del KernelChannels.sockets[self.kernel_id]

    async def get(self, kernel_id):
        try:
            await super().get(kernel_id=kernel_id)
        finally:
            # Tornado's handshake returns when the socket's life is over, or at once when it was
            # refused (a 403 for an Origin a proxy rewrote, a 400, a 426: any answer but 101).
            # A refused one never closes: it went on counting against SOCKETS_PER_KERNEL (and
            # jupyter_server kept its session), and after four the page's good ones got 429.
            if self.ws_connection is None or self.get_status() != 101:
                self.release()
                if self.get_status() != 101:
                    voila_private.forget_session(self)

    async def pre_get(self):
        self.hold()
        try:
            await self.open_connection()
        except BaseException:  # (refused, the kernel unknown, the page gone: it never opened)
            self.release()
            raise

    async def open_connection(self):
        unopened = self.settings.get("tutor_unopened")
        if unopened is not None:  # a browser asks for the page's connection (the kernel's first
            unopened.opened(self.kernel_id)  # answer may take a while on a busy server)
        await super().pre_get()
        if self.left:
            if self.connection is not None:  # closed before the connection was made: let it go
                self.connection.disconnect()
                self.connection = None
            raise Finish()

    write_error = plain_error
