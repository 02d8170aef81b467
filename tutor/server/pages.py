"""The pages: Voilà's page handler with the app's own head on every page (:class:`Page`), one
address per page, a page that can no longer be finished ended with a line that says so, a page
past the most kernels refused with "The course is full right now"; plain one-line error answers
where Voilà's would need files it does not serve (:func:`plain_error`), template assets and the
file list checked before Voilà reads their paths, and the pages' typesetter (:data:`NO_MATH_URL`).
"""

from __future__ import annotations

import asyncio
import contextlib
import posixpath
import re
import time
from functools import cache
from pathlib import Path
from urllib.parse import quote

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado.web import HTTPError
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler

from tutor.server import voila_private
from tutor.server.kernels import RETRY_AFTER_S, ServerFull
from tutor.server.preheat import hold_unready

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


STATIC = Path(__file__).parent.parent / "static"  # the page's own scripts and style


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
    a preheated kernel (:class:`~tutor.server.preheat.Preheat`). A page that can no longer be finished (see
    :data:`HEARTBEAT`) ends with "This page did not finish loading: reload the page"; one that
    would need a kernel past :class:`~tutor.server.kernels.KernelLimit`'s bound is refused (503) with
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


# A page's kernel, as the page names it to its front end.
KERNEL_ID_IN_PAGE = re.compile(r'"kernelId": "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"')


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
