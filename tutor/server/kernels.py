"""The kernels: at most so many at once, from the memory and the open files the server may use
(:class:`KernelLimit`, :func:`kernels_max`), a page that never opens its connection giving its
kernel back (:class:`Unopened`), kernels on local sockets rather than TCP ports
(:func:`kernels_on_local_sockets`), and shut-downs that wait for what a kernel is still doing
(:func:`shut_down_gently`). Voilà's private state is read through :mod:`tutor.server.voila_private`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from jupyter_core.utils import ensure_async

from tutor.server import voila_private
from tutor.server.preheat import failed

if TYPE_CHECKING:
    from tutor.server.preheat import Preheat


# A page's kernel is shut down when the page has not opened its connection (the kernel's
# websocket) UNOPENED_MAX_S after it was sent: no browser shows that page. A script fetched it, or
# the visitor left before its front end started (Voilà's "page left" message comes only from a
# page whose front end runs). Culling would keep such a kernel 10 minutes, holding one of
# KernelLimit's places: a script fetching pages in a loop could keep a class out. A browser opens
# the connection within seconds of the page (20-40 s in a class of 30 on two cores).
UNOPENED_MAX_S = 180


class Unopened:
    """The kernels of pages sent whose connection has not opened yet (:data:`UNOPENED_MAX_S`)."""

    def __init__(self, kernel_manager, log, wait_s: float | None = None):
        self.km, self.log = kernel_manager, log
        self.wait_s = UNOPENED_MAX_S if wait_s is None else wait_s
        self.waiting: set[str] = set()

    def served(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` has been sent: its connection should open soon."""
        self.waiting.add(kernel_id)
        asyncio.get_running_loop().call_later(self.wait_s, self.check, kernel_id)

    def opened(self, kernel_id: str) -> None:
        self.waiting.discard(kernel_id)

    def check(self, kernel_id: str) -> None:
        if kernel_id not in self.waiting:
            return
        self.waiting.discard(kernel_id)
        if kernel_id in self.km and not self.km.kernel_model(kernel_id).get("connections"):
            # (connected, though not seen opening: it opened before the page's last byte was sent)
            self.log.info("Kernel %s shut down: its page did not open its connection in %d s",
                          kernel_id, self.wait_s)
            asyncio.ensure_future(self.km.shutdown_kernel(kernel_id))


# Connections (kernel websockets) open at once to one kernel. A page opens one (one more, briefly,
# when it reconnects). Each costs the server about 9 open files (the kernel's channels): a page
# opening hundreds would use up the server's open files, and every learner's page would stop.
SOCKETS_PER_KERNEL = 4


PAGE_RUN_WAIT_S = 15   # how long a preheated kernel may finish running its page before it is stopped


def shut_down_gently(kernel_manager) -> None:
    """Make the server's kernel shut-downs wait for what a kernel is still doing, so that stopping
    the server (Ctrl-C) is clean. With preheating, pools are often being filled when it stops:

    - a kernel still starting: jupyter_server's manager refused it ("404: Kernel does not exist":
      it knows a kernel only once started); the server exited with status 1 and left it running.
      It is waited for, then shut down like the others; one already gone is done.
    - a preheated kernel still running its page: shut down mid-cell, it printed a traceback
      ("ZMQError: Socket operation on non-socket"). It may finish first (at most PAGE_RUN_WAIT_S).
    - a kernel still importing (:func:`answering`).
    - a kernel asked to shut down over its control channel: ipykernel 7 then publishes its "idle"
      status while its own IO thread closes, and once in a while printed "ZMQError: Socket
      operation on non-socket" (ipython/ipykernel#1518 mends one path of that race, not this one).
      A page's kernel keeps nothing worth a goodbye: once it has finished what it was doing, it is
      stopped at once (``now=True``), unless it is to be restarted.

    Both of the manager's ways in are covered: ``_async_shutdown_kernel`` (``shutdown_all``) and
    ``shutdown_kernel`` (Voilà's pools, a page left)."""
    def gently(shutdown):
        async def shutdown_kernel(kernel_id, *args, **kwargs):
            if args:  # (now, restart) given by position
                kwargs.update(zip(("now", "restart"), args))
                args = ()
            if not kwargs.get("restart"):
                kwargs["now"] = True
            starting = voila_private.starting_kernels(kernel_manager).get(kernel_id)
            if kernel_id not in kernel_manager and starting is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await starting
            if kernel_id not in kernel_manager:
                return None
            run = running_page(kernel_manager, kernel_id)
            if run is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError, asyncio.TimeoutError):
                    await asyncio.wait_for(asyncio.shield(run), PAGE_RUN_WAIT_S)
            await answering(kernel_manager, kernel_id)
            return await ensure_async(shutdown(kernel_id, *args, **kwargs))

        shutdown_kernel.gentle = True
        return shutdown_kernel

    for name in voila_private.SHUTDOWN_METHODS:
        current = getattr(kernel_manager, name)
        if not getattr(current, "gentle", False):
            setattr(kernel_manager, name, gently(current))


async def answering(kernel_manager, kernel_id: str, timeout: float = 10) -> None:
    """Wait (at most ``timeout`` s) until the kernel answers, i.e. has finished starting:
    jupyter_client interrupts a kernel before shutting it down, and a kernel interrupted while it
    still imports prints a KeyboardInterrupt traceback (a pool kernel started as the server
    stopped). A kernel that died or does not answer is shut down all the same."""
    with contextlib.suppress(Exception, asyncio.CancelledError, asyncio.TimeoutError):
        client = kernel_manager.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await asyncio.wait_for(ensure_async(client.wait_for_ready(timeout=timeout)), timeout + 1)
        finally:
            client.stop_channels()


def running_page(kernel_manager, kernel_id: str):
    """The task still running a page in the preheated kernel ``kernel_id`` (Voilà 0.5's pools),
    or None (not a pool's kernel, or its page has run)."""
    for pool in voila_private.pools(kernel_manager).values():
        for task in pool:
            if task.done() and not failed(task) and voila_private.pool_kernel(task) == kernel_id:
                render = voila_private.pool_render(task)
                return None if render.done() else render
    return None


# The kernels the server runs at once, at most: visitors' pages and waiting preheated kernels,
# running or starting. Every page visited starts a kernel (70–95 MB, measured), and one left
# without closing it (a script fetching pages in a loop never opens its socket) waits 10 minutes
# to be culled: unbounded, such visits grow the server until the machine runs out of memory, and
# every learner's page dies with it. So the bound follows the memory the server may use (its
# container's or service's limit, else the machine's): KERNEL_MB per kernel after SERVER_MB for the
# server, at least KERNELS_MIN. A 2 GB Binder runs 15; a service with MemoryMax=16G 158.
# TUTOR_KERNELS_MAX (or ``tutor app --kernels-max``) sets it.
KERNEL_MB = 100
SERVER_MB = 512
KERNELS_MIN = 4
KERNELS_MEMORY_UNKNOWN = 40  # where the system says how much memory neither it nor a group has
KERNELS_MAX_ALLOWED = 10_000  # the most TUTOR_KERNELS_MAX may say
RETRY_AFTER_S = 60  # a refused visitor is asked to come back after this long


def memory_limit(root: str = "/") -> int | None:
    """The bytes this server may use: the lowest memory limit of its control group and the groups
    above it (cgroup v2 ``memory.max``, v1 ``memory.limit_in_bytes``: a container's, a systemd
    service's ``MemoryMax=``), else the machine's memory; None when the system says neither.
    ``root``: where ``/proc`` and ``/sys`` are (the tests' fake ones)."""
    limits = []
    with contextlib.suppress(OSError):
        for line in Path(root, "proc/self/cgroup").read_text().splitlines()[:64]:
            _, controllers, group = (line.split(":", 2) + ["", ""])[:3]
            if controllers == "":
                base, name = Path(root, "sys/fs/cgroup"), "memory.max"
            elif "memory" in controllers.split(","):
                base, name = Path(root, "sys/fs/cgroup/memory"), "memory.limit_in_bytes"
            else:
                continue
            parts = [part for part in group.split("/") if part not in ("", ".", "..")]
            for depth in range(len(parts), -1, -1):  # this group, then each one above it
                with contextlib.suppress(OSError):
                    text = base.joinpath(*parts[:depth], name).read_text().strip()
                    if text.isdigit():  # (v2 says "max" for no limit; v1 a number past the memory)
                        limits.append(int(text))
    if root == "/":
        with contextlib.suppress(AttributeError, OSError, ValueError):
            limits.append(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    return min(limits) if limits else None


def kernels_max(environ=os.environ, memory: int | None = None, log=None, files: int | None = None) -> int:
    """The most kernels the server runs at once: TUTOR_KERNELS_MAX, else from ``memory`` (bytes,
    by default :func:`memory_limit`) and the open ``files`` the server may have (None: no limit),
    whichever allows fewer. A TUTOR_KERNELS_MAX that is not a whole number from 1 to
    KERNELS_MAX_ALLOWED is said in one line of the log and the bound follows the machine."""
    text = environ.get("TUTOR_KERNELS_MAX", "").strip()
    if text:
        if text.isdigit() and 1 <= int(text) <= KERNELS_MAX_ALLOWED:
            return int(text)
        if log is not None:
            log.warning("TUTOR_KERNELS_MAX=%r is not a number of kernels (allowed: 1-%d): the "
                        "bound follows the memory", text[:40], KERNELS_MAX_ALLOWED)
    memory = memory_limit() if memory is None else memory
    most = (KERNELS_MEMORY_UNKNOWN if memory is None
            else max(KERNELS_MIN, (memory // 2**20 - SERVER_MB) // KERNEL_MB))
    if files is not None:
        most = min(most, max(KERNELS_MIN, (files - FILES_SERVER) // FILES_PER_KERNEL))
    return most


# Open files. Each kernel costs the server about 10 (its channels), each connection of its page
# about 9 more (measured: 7 with no kernel, 17 with one, 467 with 50 connections to it). Many
# systems start a process with a soft limit of 1024 and a hard one far above: the server raises
# its own to the hard one (kernels inherit it), and bounds its kernels by what it has.
FILES_PER_KERNEL = 10 + 9 * SOCKETS_PER_KERNEL
FILES_SERVER = 512  # listening sockets, the learners' HTTP connections, static files, logs


def open_files(log=None, limits=None) -> int | None:
    """Raise this process's soft limit on open files to its hard limit; the limit now (None:
    unlimited, or the system does not say). ``limits``: the ``resource`` module (or a fake)."""
    if limits is None:
        try:
            import resource as limits
        except ImportError:  # (not on Windows)
            return None
    try:
        soft, hard = limits.getrlimit(limits.RLIMIT_NOFILE)
        if soft != hard and (hard == limits.RLIM_INFINITY or soft < hard):
            limits.setrlimit(limits.RLIMIT_NOFILE, (hard, hard))
            if log is not None:
                log.info("Open files: the limit is raised from %d to %s (the system's most)",
                         soft, "unlimited" if hard == limits.RLIM_INFINITY else hard)
            soft = hard
    except (ValueError, OSError) as error:
        if log is not None:
            log.warning("Open files: the limit stays as it is (%s)", error)
        soft = limits.getrlimit(limits.RLIMIT_NOFILE)[0]
    return None if soft == limits.RLIM_INFINITY else soft


class ServerFull(Exception):
    """A visitor's page would start a kernel past :class:`KernelLimit`'s bound."""


class KernelLimit:
    """At most ``most`` kernels at once (:func:`kernels_max`), on Voilà's kernel manager:

    - a visitor's page that needs a kernel of its own past the bound takes the place of a
      waiting preheated kernel (:meth:`~tutor.server.preheat.Preheat.make_room`), or, with none waiting, is refused:
      "The course is full right now" (:class:`~tutor.server.pages.Page`, status 503);
    - a pool is filled only while there is room (preheating is a comfort, not a place).

    Counted: the manager's kernels, running or starting, but those being shut down for room or a
    trim, and the preheated kernels whose start Voilà has not begun (a pool kernel just starting
    may count twice for a moment: preheating stops a little early, never late)."""

    def __init__(self, kernel_manager, most: int, preheat: Preheat | None = None, log=None):
        self.km, self.most, self.preheat, self.log = kernel_manager, most, preheat, log
        self.full = False  # said once in the log each time the bound is reached
        start = kernel_manager.pre_start_kernel

        def pre_start_kernel(kernel_name, kwargs):
            # jupyter_client allocates every kernel here, at once and before it waits on anything:
            # the count below includes every kernel started before.
            if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":  # a visitor's (Voilà
                self.admit()                                               # marks a pool's)
            return start(kernel_name, kwargs)

        kernel_manager.pre_start_kernel = pre_start_kernel
        fill = getattr(kernel_manager, "fill_if_needed", None)
        if fill is not None:
            def fill_if_needed(*args, **kwargs):
                if self.in_use() + self.pools_starting() < self.most:
                    return fill(*args, **kwargs)
                return None

            kernel_manager.fill_if_needed = fill_if_needed

    def in_use(self) -> int:
        ids = set(self.km.list_kernel_ids()) | set(voila_private.starting_kernels(self.km))
        return len(ids - (self.preheat.stopping if self.preheat is not None else set()))

    def pools_starting(self) -> int:
        return sum(1 for pool in voila_private.pools(self.km).values()
                   for task in pool if not task.done())

    def admit(self) -> None:
        """Let a visitor's kernel start, making room if need be; else raise :class:`ServerFull`."""
        if self.in_use() < self.most or (self.preheat is not None and self.preheat.make_room()):
            self.full = False
            return
        if not self.full and self.log is not None:
            self.log.warning("The server runs its most kernels (%d): pages are refused until "
                             "learners leave some (TUTOR_KERNELS_MAX)", self.most)
        self.full = True
        raise ServerFull(self.most)


# A Unix socket's path, at most (sun_path: 108 bytes on Linux, 104 on macOS, with the final NUL).
SOCKET_PATH_MAX = 103


def kernels_on_local_sockets(app) -> bool:
    """Let the server and its kernels talk over Unix sockets (ZeroMQ's ``ipc`` transport) rather
    than TCP ports, where the system has them and the settings name no transport.

    Over TCP the server picks five free ports for a kernel and the kernel binds them when it has
    started, seconds later (a minute in a class, when thirty kernels start at once on two cores);
    meanwhile another connection may take one. Then the kernel dies ("Address already in use"),
    is restarted on new ports, and the page it was to run stays at "Running..." for good: one
    learner in a class of 30 (bench_app.py --sessions 30, 2026-11-27). A socket is a file in the
    server's own folder of connection files (``kernel-<id>-ipc-<n>``): nothing else can take it.
    Returns whether the kernels use them."""
    conf = app.config.KernelManager
    if os.name != "posix" or "transport" in conf:
        return conf.get("transport") == "ipc"
    longest = os.path.join(app.connection_dir, f"kernel-{'0' * 36}-ipc-99")
    if len(longest.encode()) > SOCKET_PATH_MAX:  # a deep temporary folder: TCP, as by default
        return False
    conf.transport = "ipc"
    return True
