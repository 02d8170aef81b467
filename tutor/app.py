"""Hooks that make plain ``voila`` (run in the repository root) serve the tutor as an app.

``voila.json`` holds the settings; what JSON cannot say is done here. Voilà's standalone app
asks its identity provider for extra request handlers, and ``voila.json`` names
:class:`LandingPage` as that provider: it is Jupyter's default (``PasswordIdentityProvider``,
which with Voilà's default empty token lets every visitor in), plus

- a redirect from ``/`` to ``voila/render/index.ipynb`` when the served folder holds
  ``index.ipynb`` (Voilà's file list stays at ``/voila/tree``);
- routes tried before Voilà's own (see :func:`first_routes`): plain 404s for requests Voilà 0.5
  answers with a 500 and a traceback in the log, the kernel websocket without the tracebacks
  Voilà 0.5 logged for it (:class:`KernelChannels`), and the pages themselves, rendered by Voilà
  with the connection watch (``tutor/static/connection.js``) put at the top of each: a page whose
  kernel is gone (killed, culled, the server restarted) says "Connection lost: reload the page",
  and the canvas focus that does not scroll the page (``tutor/static/canvas_focus.js``);
- compressed responses and cache headers for the front end's files (``tutor/wire.py``);
- preheated kernels where a learner goes next (:class:`Preheat`): with ``preheat_kernel`` on,
  Voilà keeps a kernel that has already run a page waiting for it. ``voila.json`` gives a pool
  to the landing page and the first chapter of each game only (``kernel_pools_config``); each
  time a page is sent, this gives one to the page after it;
- at most so many kernels at once, from the memory the server may use (:class:`KernelLimit`): past
  that, a page says "The course is full right now" rather than the server running out of memory;
  a page that never opens its connection gives its kernel back (:class:`Unopened`).

Nothing here runs in a kernel, and nothing here is imported by the rest of the package.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import posixpath
import re
import time
import weakref
from collections import OrderedDict
from functools import cache
from pathlib import Path
from urllib.parse import quote

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import JupyterHandler, path_regex
from jupyter_server.utils import url_path_join
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream, StreamBufferFullError, StreamClosedError
from tornado.log import gen_log
from tornado.netutil import bind_sockets
from tornado.web import ErrorHandler, Finish, HTTPError, RedirectHandler, StaticFileHandler
from tornado.websocket import WebSocketClosedError
from traitlets import Integer
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from tutor.server import frames, voila_private
from tutor.server.frames import (
    BYTES_BURST,
    KERNEL_PROTOCOL_V1,  # noqa: F401  (the tests' and the soak's name for it)
    MESSAGES_BURST,
    WEBSOCKET_MESSAGE_MAX,
    is_execute_input,
)
from tutor.wire import lighten

LANDING = "index.ipynb"

# A percent-encoded control character (NUL, CR, LF, ... DEL) anywhere in a URL's path: no page,
# file or asset of the app has one in its name. Voilà would put it in a redirect's Location header
# (`/voila/render/index.ipynb%00.txt` → ValueError "Unsafe header value").
CONTROL_IN_PATH = r"/.*%(?:[01][0-9a-fA-F]|7[fF]).*"


class TemplateAsset(TemplateStaticFileHandler):
    """Voilà's ``/voila/templates/<template>/static/<file>`` handler, answering 404 for a path of
    any other shape: Voilà's own splits the normalised path into three parts unchecked
    (``lab/static/../..`` → ValueError, a 500)."""

    SHAPE = re.compile(r"[A-Za-z0-9_.-]+/static/[^/].*")

    @classmethod
    def checked(cls, path: str) -> str:
        normal = posixpath.normpath(path)
        if not cls.SHAPE.fullmatch(normal) or normal.startswith(".") or "/../" in f"/{normal}/":
            raise HTTPError(404)
        return normal

    def parse_url_path(self, path):
        return super().parse_url_path(self.checked(path))

    @classmethod
    def get_absolute_path(cls, root, path):
        return super().get_absolute_path(root, cls.checked(path))


def plain_error(self, status_code: int, **kwargs) -> None:
    """An error answer in one plain line. Jupyter's error page needs the Jupyter server's static
    files, which Voilà does not serve: every 404 or 400 of its handlers (an unknown theme or
    extension file, a page name that is not UTF-8) put two or three tracebacks in the log."""
    self.set_header("Content-Type", "text/plain; charset=UTF-8")
    self.finish(f"{status_code}: {self._reason}\n")


STATIC = Path(__file__).parent / "static"  # the page's own scripts and style


@cache
def page_head() -> str:
    """What every page gets at the top of its <head>: the connection watch, the canvas focus that
    does not scroll (``tutor/static/canvas_focus.js``: a click on a board partly off screen lands
    on the hex under the pointer), the board pictures all loaded once the page has started, for a
    printout (``tutor/static/pictures.js``), a file too large to be a board refused before it is
    sent (``tutor/static/upload_limit.js``), and the page's own style, which prints the whole
    page (``tutor/static/page.css``)."""
    scripts = "".join(f"<script>\n{(STATIC / name).read_text(encoding='utf-8')}</script>\n"
                      for name in ("connection.js", "canvas_focus.js", "pictures.js", "upload_limit.js"))
    return scripts + f"<style>\n{(STATIC / 'page.css').read_text(encoding='utf-8')}</style>\n"


HEAD = re.compile(r"<head\b[^>]*>", re.IGNORECASE)
# Voilà's lab template links Font Awesome's style sheets from a CDN (cdn.jsdelivr.net), though its
# own bundle carries Font Awesome (the widgets' icons come from there). In a class on a network
# that filters the CDN, or without internet, that link held back the page's first paint until it
# failed; on any network it sent every learner's browser to a third party. The page goes without.
CDN_STYLE = re.compile(r'\s*<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/npm/@fortawesome/'
                       r'[^"<>]*"[^<>]*>')


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
    """The course pages a learner on ``page`` (a notebook file name) most likely opens next: from
    the landing page, the first page of each game (its start page) and the pages beside the course it lists
    (*Play a battle*, the conflicts page, the glossary: a teacher's reference, opened from there;
    not the pages a teacher opens now and then, ``Tool.ahead``; never the lab,
    :data:`NEVER_PREHEATED`); from a chapter or a start page, the page after it in reading order
    (after the last Memoir '44 chapter, Undaunted's start page); else none."""
    from tutor import course

    pages = course.reading_order()
    if page == LANDING:
        return ([next(c for c in pages if c.game == game).notebook for game in course.GAMES]
                + [t.notebook for t in course.TOOLS if t.ahead and t.notebook not in NEVER_PREHEATED])
    names = [c.notebook for c in pages]
    if page in names and page != names[-1]:
        return [names[names.index(page) + 1]]
    return []


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
        self.making = 0  # visitors' pages being made now (tutor.app.Page)
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
        """Pages being made now: visitors' (:class:`Page`) and preheated kernels' still starting or
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
        can have its place (:class:`KernelLimit`). False: no kernel is waiting."""
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


# A page made without a preheated kernel: Voilà 0.5 runs it in a task of its own (``put_html``)
# that feeds the handler a queue of HTML and ends it with None; whenever the queue stays empty for
# ``http_keep_alive_timeout`` (10 s) the handler sends a heartbeat. When that task fails (its
# kernel died before answering: "Kernel died before replying to kernel_info"), the end never comes
# and the handler sends heartbeats for good: the learner's page said "Running..." for good.
HEARTBEAT = "<script>window.voila_heartbeat()</script>\n"
NOT_FINISHED = "<script>window.tutorPageNotFinished && window.tutorPageNotFinished()</script>\n"
# Nothing but heartbeats for this long and the page is given up, whatever the cause: a cell runs
# for at most VoilaExecutor.timeout (120 s) before its error shows, and in a class of 30 on two
# cores a kernel took about a minute to start.
PAGE_SILENT_MAX_S = 300


page_maker = voila_private.page_maker  # (the task making a page: see there)


async def finished_or_given_up(snippets, find_maker, not_finished, silent_max_s: float = PAGE_SILENT_MAX_S,
                               clock=time.monotonic):
    """The HTML of a page as Voilà makes it (``snippets``), ended with :data:`NOT_FINISHED` once
    it can no longer be finished: at a heartbeat, when the task making it (``find_maker()``:
    task, kernel id) has ended, or when nothing but heartbeats came for ``silent_max_s``.
    ``not_finished(task, kernel_id)`` is called then."""
    maker = kernel_id = None
    heard = clock()  # the last HTML of the page, not a heartbeat
    async with contextlib.aclosing(snippets):
        async for html in snippets:
            if maker is None:
                maker, kernel_id = find_maker()
            if html != HEARTBEAT:
                heard = clock()
            elif (maker is not None and maker.done()) or clock() - heard > silent_max_s:
                not_finished(maker, kernel_id)
                yield NOT_FINISHED
                return
            yield html


def canonical_page(path: str | None) -> str | None:
    """A page's path as the app names it: ``./index.ipynb``, ``a//b.ipynb``, ``a/../b.ipynb``
    spelled plainly (``index.ipynb``, ``a/b.ipynb``, ``b.ipynb``; a ``..`` past the folder stays
    in it). Voilà chose a page's pool and started its kernel by the path as spelled: twelve
    spellings of one page started forty kernels, preheated under names like ``./././index.ipynb``."""
    if not path:
        return path
    return posixpath.normpath("/" + path).lstrip("/")


class Page(TornadoVoilaHandler):
    """Voilà's page handler, with the connection watch inserted right after ``<head>`` (before
    the front end's own scripts, which open the kernel's websocket) and without the template's
    links to a CDN (:data:`CDN_STYLE`); once the page is sent, the pages a learner opens next get
    a preheated kernel (:class:`Preheat`). A page that can no longer be finished (see
    :data:`HEARTBEAT`) ends with "This page did not finish loading: reload the page"; one that
    would need a kernel past :class:`KernelLimit`'s bound is refused (503) with
    :data:`SERVER_FULL_PAGE`."""

    async def get(self, path=None):
        canonical = canonical_page(path)
        if canonical != path:  # one page, one address: one pool and one kernel for it (issue 39)
            query = f"?{self.request.query}" if self.request.query else ""
            self.redirect(url_path_join(self.base_url, "voila/render", quote(canonical)) + query)
            return
        try:
            await super().get(path=path)
        except ServerFull as full:  # (raised before the page's first byte: see KernelLimit)
            self.clear()
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER_S))
            self.set_header("Cache-Control", "no-store")
            most = full.args[0]
            self.finish(SERVER_FULL_PAGE.format(pages=f"{most} page{'s' if most != 1 else ''}"))

    async def get_generator(self, path=None):
        pending = True
        preheat = self.settings.get("tutor_preheat")
        held = hold_unready(self.kernel_manager, path, preheat.stopping if preheat else frozenset())
        given_up = False
        kernel_id = None  # the page's kernel, as the page names it to its front end
        if preheat is not None:
            preheat.making += 1
        snippets = finished_or_given_up(super().get_generator(path=path), lambda: page_maker(self),
                                        lambda maker, kernel_id: self.not_finished(path, maker, kernel_id))
        try:
            async with contextlib.aclosing(snippets):
                async for html in snippets:
                    if held:  # Voilà has chosen its kernel (before its first output): give them back
                        voila_private.give_back(self.kernel_manager, path, held)
                        held = None
                    if pending and isinstance(html, str):
                        head = HEAD.search(html)
                        if head:
                            html = html[:head.end()] + page_head() + html[head.end():]
                            pending = False
                    if isinstance(html, str) and "cdn.jsdelivr.net" in html:
                        html = CDN_STYLE.sub("", html)
                    given_up = html is NOT_FINISHED
                    if kernel_id is None and isinstance(html, str):
                        found = KERNEL_ID_IN_PAGE.search(html)
                        kernel_id = found.group(1) if found else None
                    yield html
        finally:
            if held:
                voila_private.give_back(self.kernel_manager, path, held)
            if preheat is not None:
                preheat.making -= 1
        if given_up:  # (a kernel that died starting: no more kernels on its account)
            return
        if kernel_id is not None:
            # Voilà keeps each preheated page's request (its address, query string and all) for the
            # kernel's notebook to ask for over /voila/query, and never lets it go: a crafted link
            # with a 60 kB query string opened in a loop grew the server by 60 kB a page. The
            # course's notebooks never ask (that route is closed: first_routes).
            voila_private.forget_request(kernel_id)
        unopened = self.settings.get("tutor_unopened")
        if unopened is not None and kernel_id is not None:
            unopened.served(kernel_id)
        if preheat is not None and path:
            preheat.served(path)

    def not_finished(self, path, maker, kernel_id) -> None:
        """Log why ``path`` could not be finished, in one line, and shut its kernel down (a
        kernel that died at start is restarted by the server, and would wait to be culled)."""
        why = "no output for %d s" % PAGE_SILENT_MAX_S
        if maker is not None and maker.done():
            error = None if maker.cancelled() else maker.exception()
            why = f"{type(error).__name__}: {error}" if error is not None else "its making stopped"
        self.log.error("Page %s not finished (%s): the visitor is asked to reload it", path, why)
        if kernel_id and kernel_id in self.kernel_manager:
            asyncio.ensure_future(self.kernel_manager.shutdown_kernel(kernel_id))


# A kernel's id, as Voilà's own routes match it.
KERNEL_ID = r"(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"


# A page's kernel is shut down when the page has not opened its connection (the kernel's
# websocket) UNOPENED_MAX_S after it was sent: no browser shows that page. A script fetched it, or
# the visitor left before its front end started (Voilà's "page left" message comes only from a
# page whose front end runs). Culling would keep such a kernel 10 minutes, holding one of
# KernelLimit's places: a script fetching pages in a loop could keep a class out. A browser opens
# the connection within seconds of the page (20-40 s in a class of 30 on two cores).
UNOPENED_MAX_S = 180
KERNEL_ID_IN_PAGE = re.compile(r'"kernelId": "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"')


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


# The message ids a connection remembers, to pass each to the kernel once (see KernelChannels).
SEEN_MAX = 4096
# Connections (kernel websockets) open at once to one kernel. A page opens one (one more, briefly,
# when it reconnects). Each costs the server about 9 open files (the kernel's channels): a page
# opening hundreds would use up the server's open files, and every learner's page would stop.
SOCKETS_PER_KERNEL = 4
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
    - a page past :data:`MESSAGES_BURST` / :data:`BYTES_BURST`: its socket is closed (1008), with
      one line in the log;
    - a binary frame claiming more parts than it holds (:func:`tutor.server.frames.message_header`): refused (1007)
      before jupyter_server reads it;
    - a message sent again, id and all: the kernel refused each copy as a replay, with a
      traceback ("Duplicate Signature"). Each id goes to the kernel once (of the last
      :data:`SEEN_MAX`); the copies are dropped, with one line in the log;
    - a message of a kind pages may not send (Voilà's ``allowed_message_types``: code to run,
      say): jupyter_server logged a warning for each. They are dropped, with one line;
    - a connection past :data:`SOCKETS_PER_KERNEL` to one kernel: refused (429), one line a kernel."""

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
        """Count this connection to its kernel, or refuse it past :data:`SOCKETS_PER_KERNEL`.
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


# What a visitor may send in one piece. Tornado reads a request's whole body into memory before
# any handler sees it, up to 100 MB by default, and a kernel websocket message up to 10 MB; a few
# visitors sending such bodies at once would take a classroom server's memory. The app's HTTP
# requests carry no more than a form with a kernel id (the page-left signal), and its largest
# websocket message is a board file (at most 1 MB, tutor.inputs.MAX_FILE_BYTES).
REQUEST_BODY_MAX = 64 * 1024


# A connection that has not sent its request's headers this long after it opened (or after its
# last request) is closed: tornado waited an hour by default, and a thousand connections that
# never finished their headers held a thousand of the server's open files. A browser sends its
# headers at once.
HEADERS_WAIT_S = 10
BODY_WAIT_S = 30  # for a request's body (at most REQUEST_BODY_MAX)
# When the system refuses the server a new connection (no open files left: EMFILE, ENFILE;
# ENOBUFS, ENOMEM), tornado tried again at once, forever, each time with a traceback in the log:
# 346,360 lines in 9 s, the server's only thread spinning. The server says it once for each cause
# and waits this long before it accepts again (the connections waiting meanwhile are kept by the
# system, and time out as above).
ACCEPT_PAUSE_S = 0.5


def bound_requests(web, log=None) -> None:
    """Bound what ``web`` (Voilà's tornado Application, before it listens) accepts:
    :data:`REQUEST_BODY_MAX` for an HTTP request, :data:`WEBSOCKET_MESSAGE_MAX` for a message,
    :data:`HEADERS_WAIT_S` and :data:`BODY_WAIT_S` for a request to come, and connections the
    system refuses (:class:`Acceptor`)."""
    web.settings["websocket_max_message_size"] = WEBSOCKET_MESSAGE_MAX
    listen = web.listen
    if not getattr(listen, "bounded", False):
        def bounded(port, address=None, **kwargs):
            kwargs.setdefault("max_body_size", REQUEST_BODY_MAX)
            kwargs.setdefault("idle_connection_timeout", HEADERS_WAIT_S)
            kwargs.setdefault("body_timeout", BODY_WAIT_S)
            server = HTTPServer(web, **kwargs)
            server.acceptors = [Acceptor(server, sock, log or gen_log) for sock in bind_sockets(port, address)]
            return server
        bounded.bounded = True
        web.listen = bounded


class Acceptor:
    """Accepts the connections of a listening socket for ``server`` (as tornado's
    ``add_accept_handler`` does), but a refusal by the system (:data:`ACCEPT_PAUSE_S`) is said
    once for each cause and pauses accepting, rather than retried at once with a traceback."""

    def __init__(self, server, sock, log):
        self.server, self.sock, self.log = server, sock, log
        self.loop = IOLoop.current()
        self.said: set[int] = set()
        self.loop.add_handler(sock, self.accept, IOLoop.READ)

    def accept(self, fd=None, events=None) -> None:
        for _ in range(128):  # (as tornado: at most a backlog's worth, then the others' turn)
            try:
                connection, address = self.sock.accept()
            except BlockingIOError:
                return
            except ConnectionAbortedError:
                continue
            except OSError as error:
                self.refused(error)
                return
            stream = IOStream(connection, max_buffer_size=self.server.max_buffer_size,
                              read_chunk_size=self.server.read_chunk_size)
            self.server.handle_stream(stream, address)

    def refused(self, error: OSError) -> None:
        if error.errno not in self.said:
            self.said.add(error.errno)
            self.log.warning("New connections refused by the system (%s): accepting again every "
                             "%.1f s (said once)", error.strerror or error, ACCEPT_PAUSE_S)
        self.loop.remove_handler(self.sock)
        self.loop.call_later(ACCEPT_PAUSE_S, self.resume)

    def resume(self) -> None:
        if self.sock.fileno() != -1:
            self.loop.add_handler(self.sock, self.accept, IOLoop.READ)
            self.accept()

    def close(self) -> None:
        self.loop.remove_handler(self.sock)
        self.sock.close()


# The typesetter the pages get (tutor/static/no_math.js): the course has no mathematics, and
# Voilà's own (MathJax 3) typeset every text of a page as it started. Voilà's front end loads a
# MathJax 2 script from the page's ``fullMathjaxUrl`` when it is set: the app sets it to this.
NO_MATH = "no_math.js"
NO_MATH_URL = f"/tutor/static/{NO_MATH}"


def no_math(web, base_url: str) -> None:
    """Point the pages' typesetter at :data:`NO_MATH_URL` (Voilà builds each page's settings from
    the tornado application's ``mathjax_url`` and ``mathjax_config``, pages from a preheated
    kernel included)."""
    web.settings["mathjax_url"] = url_path_join(base_url, NO_MATH_URL)
    web.settings["mathjax_config"] = "none"


class Contents(VoilaContentsHandler):
    """Voilà's file list for its tree page (``/voila/api/contents/<path>``), answering 404 for a
    path the system cannot look at (``index.ipynb/x``: "Not a directory"), which Voilà answered
    with a 500 and a traceback in the log."""

    async def get(self, path=""):
        try:
            await super().get(path)
        except OSError:
            raise HTTPError(404) from None


def plain_errors() -> None:
    """Every handler of the server that uses Jupyter's error page answers with :func:`plain_error`
    instead (the API's handlers keep their own JSON answers)."""
    JupyterHandler.write_error = plain_error


def first_routes(app) -> list:
    """Routes matched before Voilà's own: plain 404s for what Voilà would answer with a 500 (a
    traceback in the log), the kernel websocket (:class:`KernelChannels`), the pages' typesetter
    (:data:`NO_MATH_URL`), and, when Voilà serves a folder, its page route with :class:`Page`."""
    server_url = app.server_url or app.base_url
    not_found = (ErrorHandler, {"status_code": 404})
    routes = [
        (CONTROL_IN_PATH, *not_found),
        # Jupyter's logout page needs the Jupyter server's static files, which Voilà does not
        # serve; the app has no login either.
        (url_path_join(server_url, "/logout"), *not_found),
        # Voilà's socket for a preheated kernel's notebook to read its page's request: no course
        # notebook reads it (the lab, which reads its address, is never preheated), and any
        # visitor could open it for any id, and break it for another kernel on closing.
        (url_path_join(server_url, r"/voila/query/.*"), *not_found),
        (url_path_join(server_url, r"/voila/templates/(.*)"), TemplateAsset),
        (url_path_join(server_url, r"/api/kernels/%s/channels" % KERNEL_ID), KernelChannels),
        (url_path_join(server_url, r"/voila/api/contents%s" % path_regex), Contents,
         {"voila_configuration": app.voila_configuration}),
        (url_path_join(server_url, "/tutor/static/(%s)" % re.escape(NO_MATH)), StaticFileHandler,
         {"path": str(STATIC)}),
    ]
    if not getattr(app, "notebook_path", None):
        routes.append((url_path_join(server_url, r"/voila/render/(.*)"), Page,
                       {"template_paths": app.template_paths, "config": app.config,
                        "voila_configuration": app.voila_configuration}))
    return routes


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


SERVER_FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>The course is full right now</title>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
       background: #f6f4ee; margin: 0; }}
main {{ max-width: 36rem; margin: 12vh auto 0; padding: 1.5rem 2rem; background: #fff;
       border: 1px solid #d8d2c2; border-radius: 6px; }}
h1 {{ font-size: 1.4rem; margin: 0 0 .8rem; }}
p {{ line-height: 1.5; }}
button {{ font: inherit; padding: .45rem 1.2rem; border: 1px solid #5b6b4a; border-radius: 4px;
         background: #5b6b4a; color: #fff; cursor: pointer; }}
</style></head>
<body><main>
<h1>The course is full right now</h1>
<p>This server can keep {pages} open at once, and that many are open now. Every page a learner
leaves makes room for another.</p>
<p>Reload this page in a minute.</p>
<button type="button" onclick="location.reload()">Reload</button>
</main></body></html>
"""


class KernelLimit:
    """At most ``most`` kernels at once (:func:`kernels_max`), on Voilà's kernel manager:

    - a visitor's page that needs a kernel of its own past the bound takes the place of a
      waiting preheated kernel (:meth:`Preheat.make_room`), or, with none waiting, is refused:
      "The course is full right now" (:class:`Page`, status 503);
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


# A class that opens the course at once (``tutor app --class N``, ``LandingPage.class_size`` in
# voila.json). Thirty learners asking for one page in the same second got it one kernel start after
# another: on two cores, about 2.6 s of CPU each, the last after 38 s (issue 38). A class's pages
# are made before it comes: kernels that have run the pages a class opens together wait for it,
# as many as the class (the start-up pages' pools, refilled by Voilà as they are taken), in the
# order the class opens them, within the kernels the server may run (KernelLimit), leaving room for
# each learner's own page. The pages learners walk on to get pools CLASS_WALK_SHARE of the class deep.
CLASS_MAX = 1000  # learners, at most, a --class may say
CLASS_WALK_SHARE = 4  # a walked-to page's pool: a quarter of the class (learners walk apart)


def class_pages() -> list[str]:
    """The pages a class opens together, in order: the landing page, each game's start page, the
    chapter after each start page."""
    starts = pages_after(LANDING)[:2]
    return [LANDING, *starts, *(after for start in starts for after in pages_after(start))]


def class_plan(learners: int, most: int, others: int = 0) -> tuple[dict[str, int], int]:
    """For a class of ``learners`` on a server running at most ``most`` kernels: the kernels to
    keep waiting for each of :func:`class_pages` (page → pool size; a page with none is left
    out), and the pool of a page learners walk on to. All that waits (these, a walked-to page in
    each game, ``others`` waiting for other pages) is at most ``most - learners``: each learner's
    own page always has its place."""
    walk = max(1, min(-(-learners // CLASS_WALK_SHARE), max(0, most - learners)))
    room = max(0, most - learners - 2 * walk - others)
    plan = {}
    for page in class_pages():
        size = min(learners, room)
        if size > 0:
            plan[page] = size
            room -= size
    return plan, walk


def prepare_class(learners: int, most: int, kernel_manager, preheat: Preheat | None, log) -> dict:
    """Size the start-up pools for a class (:func:`class_plan`), fill them, and say in one line
    of the log what waits and what it costs in memory. Returns the plan."""
    pools = getattr(kernel_manager, "kernel_pools_config", None)
    if preheat is None or not preheat.on or pools is None:
        log.warning("A class of %d: nothing prepared, the server keeps no kernels waiting "
                    "(preheat_kernel is off)", learners)
        return {}
    pages = class_pages()
    others = sum(c.get("pool_size", 0) for p, c in pools.items() if p != "default" and p not in pages)
    plan, walk = class_plan(learners, most, others)
    for page, size in plan.items():
        pools[page] = {**pools.get(page, {}), "pool_size": size}
    preheat.start_up = preheat.start_up | set(plan)
    preheat.depth = walk
    waiting = sum(plan.values())
    preheat.waiting_max = max(WAITING_MAX, most - learners)
    for page in plan:
        kernel_manager.fill_if_needed(delay=0, notebook_name=page)
    refill_after_rush(kernel_manager, preheat, plan)
    log.info("A class of %d: %s; %d kernel%s waiting, about %.1f GB (%d MB each), the pages walked "
             "on to %d deep; at most %d pages at once", learners,
             ", ".join(f"{size} for {page}" for page, size in plan.items()) or "no kernel can wait",
             waiting, "" if waiting == 1 else "s", waiting * KERNEL_MB / 1024, KERNEL_MB, walk, most)
    return plan


def refill_after_rush(kernel_manager, preheat: Preheat, plan: dict[str, int]) -> None:
    """Refill the class's pools (``plan``) one kernel at a time, only while the server is not busy
    (:data:`BUSY_MAX`): Voilà refilled each kernel as it was taken, so a class taking the landing
    page's 30 started 30 more at once, on the CPU the learners' next pages needed (bench_class.py:
    the next pages came slower with --class than without)."""
    fill = kernel_manager.fill_if_needed
    pools = kernel_manager.kernel_pools_config
    short: OrderedDict[str, None] = OrderedDict()  # class pages whose pool is short, oldest first
    timer = None

    def one_more() -> None:
        nonlocal timer
        timer = None
        for page in list(short):  # (each page once a turn: a fill KernelLimit refuses adds none)
            if preheat.closed or preheat.busy() >= BUSY_MAX:
                break
            del short[page]
            if kernel_manager.get_pool_size(page) < plan[page]:
                size = pools[page]["pool_size"]
                pools[page]["pool_size"] = kernel_manager.get_pool_size(page) + 1
                try:
                    fill(delay=0, notebook_name=page)
                finally:
                    pools[page]["pool_size"] = size
                if kernel_manager.get_pool_size(page) < plan[page]:
                    short[page] = None  # (its next kernel when this one has started)
        if short and not preheat.closed:
            timer = asyncio.get_event_loop().call_later(RETRY_S, one_more)

    def fill_if_needed(*args, **kwargs):
        page = kwargs.get("notebook_name")
        if page not in plan:
            return fill(*args, **kwargs)
        short[page] = None
        if timer is None:
            one_more()
        return None

    kernel_manager.fill_if_needed = fill_if_needed


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


class LandingPage(PasswordIdentityProvider):
    """Jupyter's default identity provider, plus ``/`` → the landing page, plus :func:`first_routes`."""

    class_size = Integer(0, config=True, help="Learners of a class that opens the course at once: "
                         "kernels wait for the pages it opens together (tutor app --class)")

    def get_handlers(self):
        app = self.parent
        try:  # (a Voilà whose private state the app does not know: stop here, not in a page)
            voila_private.check_version()
        except ValueError as unknown:
            (app.log if app is not None else gen_log).critical("%s", unknown)
            raise SystemExit(1) from None
        handlers = [h for h in super().get_handlers() if h[0] != r"/logout"]
        web = getattr(app, "app", None)  # Voilà creates its tornado Application before asking us
        if web is not None:
            # Rules are tried in the order they were added: these come before Voilà's own.
            web.add_handlers(".*$", first_routes(app))
            plain_errors()
            no_math(web, app.base_url)
            lighten(web)  # gzip and cache headers (tutor/wire.py)
            bound_requests(web, app.log)
        root = getattr(app, "root_dir", None)
        serving_a_folder = root and not getattr(app, "notebook_path", None)
        if getattr(app, "kernel_manager", None) is not None:
            shut_down_gently(app.kernel_manager)
            if getattr(app, "connection_dir", None):
                kernels_on_local_sockets(app)
        if serving_a_folder and web is not None and getattr(app, "kernel_manager", None) is not None:
            web.settings["tutor_preheat"] = Preheat(app.kernel_manager, root)
            most = kernels_max(log=app.log, files=open_files(app.log))
            app.log.info("At most %d page%s open at once (a kernel each): see tutor app --kernels-max",
                         most, "" if most == 1 else "s")
            web.settings["tutor_kernel_limit"] = KernelLimit(  # (refusals are :class:`Page`'s)
                app.kernel_manager, most, web.settings.get("tutor_preheat"), app.log)
            web.settings["tutor_unopened"] = Unopened(app.kernel_manager, app.log)
            if self.class_size > 0:
                prepare_class(min(self.class_size, CLASS_MAX), most, app.kernel_manager,
                              web.settings["tutor_preheat"], app.log)
        if serving_a_folder and os.path.isfile(os.path.join(root, LANDING)):
            target = url_path_join(app.base_url, "voila/render", LANDING)
            handlers.insert(0, (url_path_join(app.server_url or app.base_url, "/?"),
                                RedirectHandler, {"url": target, "permanent": False}))
        return handlers
