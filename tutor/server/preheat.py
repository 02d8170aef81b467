"""Preheated kernels: a kernel that has already run a page waits for it (Voilà's pools,
``preheat_kernel``), kept only where a learner goes next (:class:`Preheat`, :func:`pages_after`),
never handed out before it has run the whole page (:func:`hold_unready`). The pool's tasks are
read through :mod:`tutor.server.voila_private`.
"""

from __future__ import annotations

import asyncio
import os
import posixpath
from collections import OrderedDict

from jupyter_core.utils import ensure_async

from tutor.server import voila_private

LANDING = "index.ipynb"  # the landing page ("/" is sent there)


# Preheated kernels (issue 19). A kernel that has already run a page costs 70-95 MB of memory
# while it waits; one for each of the course's 27 pages would be about 2.4 GB. So only the pages a
# learner is about to open are kept waiting, and at most WAITING_MAX of them.
NEVER_PREHEATED = frozenset({"lab.ipynb"})  # reads ?board= from its address, which a kernel
#                                            started ahead of the visit cannot see
WAITING_MAX = 16  # preheated kernels kept waiting, at most: with the server about 1.6 GB (< 2 GB)
# A kernel preheating a page takes the CPU that learners' own pages need. While BUSY_MAX pages or
# more are being made (visitors' pages, and preheated kernels still starting or running theirs), a
# page wanted waits, and is tried again every RETRY_S seconds. A learner walking the course never
# waits (their page came from a pool: only its refill runs); in a class opening thirty pages at
# once, the next pages' kernels start after the rush, one or two at a time, not all during it.
BUSY_MAX = 2
RETRY_S = 0.5


def pages_after(page: str) -> list[str]:
    """The course pages a learner on ``page`` (a notebook file name) most likely opens next, as the
    pages declare them (``tutor.course.pages_after``: each game's start page and the pages beside
    the course from the landing page; the next page in reading order from a start page or a
    chapter); never the lab (:data:`NEVER_PREHEATED`)."""
    from tutor import course

    return [p for p in course.pages_after(page) if p not in NEVER_PREHEATED]


class Preheat:
    """Which pages have a preheated kernel waiting (Voilà's pools, ``preheat_kernel``): the pages
    after the ones learners open (:func:`pages_after`), least recently wanted dropped first beyond
    :data:`WAITING_MAX`; while the server is busy (:data:`BUSY_MAX`) the pages wanted wait. Voilà
    itself refills a page's pool when its kernel is taken."""

    def __init__(self, kernel_manager, root: str):
        self.km = kernel_manager
        self.root = root
        self.wanted: OrderedDict[str, None] = OrderedDict()  # pool name → None, oldest first
        self.deferred: OrderedDict[str, None] = OrderedDict()  # wanted while busy, oldest first
        self.making = 0  # visitors' pages being made now (tutor.server.pages.Page)
        # Kernels a trim is shutting down: they stay in their pool until the shut-down is done
        # (seconds, see shut_down_gently); the next trim neither counts nor asks them again.
        self.stopping: set[str] = set()
        self.retry_timer = None
        self.closed = False  # the server is stopping: nothing more is started
        self.waiting_max = WAITING_MAX  # (a class: its plan's, see class_plan)
        self.depth = None  # a wanted page's pool: None, as large as the largest configured
        if self.on:
            stop_all = kernel_manager.shutdown_all

            async def shutdown_all(*args, **kwargs):
                self.close()
                return await ensure_async(stop_all(*args, **kwargs))

            kernel_manager.shutdown_all = shutdown_all
        # The pools filled at start-up (voila.json): the landing page and the pages it leads to.
        # Every learner comes back to them, so they are the last a trim shuts down.
        pools = getattr(kernel_manager, "kernel_pools_config", {})
        self.start_up = frozenset(p for p, c in pools.items()
                                  if p != "default" and c.get("pool_size", 0) > 0)

    @property
    def on(self) -> bool:
        return hasattr(self.km, "fill_if_needed")  # Voilà's pooling kernel manager

    def want(self, page: str) -> None:
        """Keep a preheated kernel waiting for ``page`` (a path relative to the served folder):
        give it a pool in Voilà's ``kernel_pools_config`` (as large as the largest configured,
        ``tutor app --pool-size``) and fill it."""
        if (not self.on or self.closed or posixpath.basename(page) in NEVER_PREHEATED
                or not os.path.isfile(os.path.join(self.root, page))):
            return
        if self.km.get_pool_size(page) == 0 and self.busy() >= BUSY_MAX:
            self.deferred[page] = None
            self.deferred.move_to_end(page)
            self.retry_later()
            return
        self.deferred.pop(page, None)
        self.wanted[page] = None
        self.wanted.move_to_end(page)
        pools = self.km.kernel_pools_config
        if pools.get(page, {}).get("pool_size", 0) < 1:
            pools[page] = {"pool_size": self.depth or max([c.get("pool_size", 0) for c in pools.values()] + [1])}
        if self.km.get_pool_size(page) == 0:
            self.km.fill_if_needed(notebook_name=page)
        self.trim()

    def busy(self) -> int:
        """Pages being made now: visitors' (:class:`~tutor.server.pages.Page`) and preheated kernels' still starting or
        running theirs."""
        starting = sum(1 for pool in voila_private.pools(self.km).values() for t in pool
                       if not ready(t) and not failed(t))
        return self.making + starting

    def retry_later(self) -> None:
        if self.retry_timer is None and not self.closed:
            self.retry_timer = asyncio.get_event_loop().call_later(RETRY_S, self.retry)

    def retry(self) -> None:
        """Fill the pages that waited, the most recently wanted first, while the server is not
        busy; the rest wait again."""
        self.retry_timer = None
        while self.deferred and not self.closed and self.busy() < BUSY_MAX:
            page, _ = self.deferred.popitem()
            self.want(page)
        if self.deferred:
            self.retry_later()

    def close(self) -> None:
        self.closed = True
        self.deferred.clear()
        if self.retry_timer is not None:
            self.retry_timer.cancel()
            self.retry_timer = None

    def served(self, page: str) -> None:
        """A learner was sent ``page``: prepare the pages after it. (If ``page`` came from a pool,
        Voilà refills that pool itself; it stays wanted, as recently as now.)"""
        if page in self.wanted:
            self.wanted.move_to_end(page)
        folder = posixpath.dirname(page)
        for name in pages_after(posixpath.basename(page)):
            self.want(posixpath.join(folder, name))

    def stop_order(self) -> list[str]:
        """The pages with a pool, those whose waiting kernels go first first: the least recently
        wanted pages, the start-up pages' last."""
        pools = voila_private.pools(self.km)  # page → [task of a preheated kernel], filled or starting
        return ([p for p in pools if p not in self.wanted and p not in self.start_up]
                + [p for p in self.wanted if p not in self.start_up]
                + [p for p in pools if p in self.start_up])

    def trim(self) -> None:
        """Shut down the waiting kernels beyond ``waiting_max``, in :meth:`stop_order`."""
        pools = voila_private.pools(self.km)
        waiting = sum(1 for p in pools.values() for t in p if not self.is_stopping(t))
        for page in self.stop_order():
            if waiting <= self.waiting_max:
                return
            for task in [t for t in pools.get(page, ())
                         if ready(t) and not self.is_stopping(t)][:waiting - self.waiting_max]:
                waiting -= 1
                self.stop(voila_private.pool_kernel(task))  # (one still starting is left to finish,
                #                                         and goes next time)
            self.wanted.pop(page, None)

    def make_room(self) -> bool:
        """Shut one waiting kernel down (the first in :meth:`stop_order`) so that a visitor's page
        can have its place (:class:`~tutor.server.kernels.KernelLimit`). False: no kernel is waiting."""
        if not self.on:
            return False
        for page in self.stop_order():
            for task in voila_private.pools(self.km).get(page, ()):
                if ready(task) and not self.is_stopping(task):
                    self.stop(voila_private.pool_kernel(task))
                    return True
        return False

    def is_stopping(self, task) -> bool:
        return task.done() and not failed(task) and voila_private.pool_kernel(task) in self.stopping

    def stop(self, kernel_id: str) -> None:
        """Shut a waiting kernel down, once."""
        self.stopping.add(kernel_id)
        done = asyncio.ensure_future(self.km.shutdown_kernel(kernel_id))
        done.add_done_callback(lambda _: self.stopping.discard(kernel_id))


def ready(task) -> bool:
    """A pool's kernel has started and run the whole page (Voilà 0.5: the pool's task gives the
    kernel and the task rendering the page)."""
    return task.done() and not failed(task) and voila_private.pool_render(task).done()


def failed(task) -> bool:
    """A pool's kernel failed to start or to run the page (e.g. "Kernel died before replying")."""
    if not task.done():
        return False
    if task.cancelled() or task.exception() is not None:
        return True
    render = voila_private.pool_render(task)
    return render.done() and (render.cancelled() or render.exception() is not None)


def hold_unready(kernel_manager, page: str | None, stopping=frozenset()) -> list | None:
    """Take the pool of ``page`` away for a moment when its next kernel is still running the page:
    Voilà would hand that kernel out and send the rest of the page as the cells finish, and on a
    busy machine such pages came without some of their widgets ("Error displaying widget: model
    not found"). The same when that kernel is being shut down (``stopping``: a trim, or room made
    for a visitor): the page would lose its connection at once. The visitor gets a kernel of its
    own, as without preheating."""
    pool = voila_private.pools(kernel_manager).get(page)
    if pool:  # a kernel that died while running the page would leave the visitor at "Running..."
        pool[:] = [t for t in pool if not failed(t)]  # dropped: the next visit before it refills
    if not pool or (ready(pool[0]) and voila_private.pool_kernel(pool[0]) not in stopping):
        return None
    held = pool[:]
    pool.clear()
    return held
