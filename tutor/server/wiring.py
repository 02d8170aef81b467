"""The wiring: the hook ``voila.json`` names (:class:`LandingPage`, Voilà's identity provider),
which, when Voilà's standalone server starts, checks the installed Voilà, adds the app's routes
before Voilà's own (:func:`first_routes`), bounds what a visitor may send and how long a request may
take (:func:`bound_requests`, :class:`Acceptor`), and sets up the pages' kernels: preheated
(:mod:`tutor.server.preheat`), bounded (:mod:`tutor.server.kernels`) and, for a class,
prepared (:mod:`tutor.server.classroom`). ``/`` is sent to the landing page.
"""

from __future__ import annotations

import os
import re

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import path_regex
from jupyter_server.utils import url_path_join
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream
from tornado.log import gen_log
from tornado.netutil import bind_sockets
from tornado.web import ErrorHandler, RedirectHandler, StaticFileHandler
from traitlets import Integer, Unicode

from tutor.course import GAME_KEYS
from tutor.inputs import clipped
from tutor.server import voila_private
from tutor.server.classroom import CLASS_MAX, prepare_class
from tutor.server.frames import WEBSOCKET_MESSAGE_MAX
from tutor.server.guard import KernelChannels
from tutor.server.kernels import (
    KernelLimit,
    Unopened,
    kernels_max,
    kernels_on_local_sockets,
    open_files,
    shut_down_gently,
)
from tutor.server.pages import (
    CONTROL_IN_PATH,
    NO_MATH,
    STATIC,
    Contents,
    Page,
    TemplateAsset,
    no_math,
    plain_errors,
)
from tutor.server.preheat import LANDING, Preheat
from tutor.server.wire import lighten

# A kernel's id, as Voilà's own routes match it.
KERNEL_ID = r"(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"


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
    :data:`REQUEST_BODY_MAX` for an HTTP request, :data:`~tutor.server.frames.WEBSOCKET_MESSAGE_MAX` for a message,
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


def first_routes(app) -> list:
    """Routes matched before Voilà's own: plain 404s for what Voilà would answer with a 500 (a
    traceback in the log), the kernel websocket (:class:`~tutor.server.guard.KernelChannels`), the pages' typesetter
    (:data:`~tutor.server.pages.NO_MATH_URL`), and, when Voilà serves a folder, its page route with :class:`~tutor.server.pages.Page`."""
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


class LandingPage(PasswordIdentityProvider):
    """Jupyter's default identity provider, plus ``/`` → the landing page, plus :func:`first_routes`."""

    class_size = Integer(0, config=True, help="Learners of a class that opens the course at once: "
                         "kernels wait for the pages it opens together (tutor app --class)")
    class_game = Unicode("", config=True, help="The one game a class's lesson is about (memoir, "
                         "undaunted; tutor app --game): what class_size prepares goes to that game's "
                         "pages only; empty: both games' start pages share it")

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
            lighten(web)  # gzip and cache headers (tutor.server.wire)
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
            web.settings["tutor_kernel_limit"] = KernelLimit(  # (refusals are :class:`~tutor.server.pages.Page`'s)
                app.kernel_manager, most, web.settings.get("tutor_preheat"), app.log)
            web.settings["tutor_unopened"] = Unopened(app.kernel_manager, app.log)
            if self.class_size > 0:
                game = self.class_game or None
                if game is not None and game not in GAME_KEYS:
                    app.log.critical("LandingPage.class_game %s: allowed are %s (or empty: both games)",
                                     clipped(game, 30), ", ".join(GAME_KEYS))
                    raise SystemExit(2)
                prepare_class(min(self.class_size, CLASS_MAX), most, app.kernel_manager,
                              web.settings["tutor_preheat"], app.log, game)
        if serving_a_folder and os.path.isfile(os.path.join(root, LANDING)):
            target = url_path_join(app.base_url, "voila/render", LANDING)
            handlers.insert(0, (url_path_join(app.server_url or app.base_url, "/?"),
                                RedirectHandler, {"url": target, "permanent": False}))
        return handlers
