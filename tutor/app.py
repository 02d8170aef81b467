"""The hook's old place: before the server became :mod:`tutor.server`, ``voila.json`` named
``tutor.app.LandingPage``. A teacher's own copy of it that still does starts the app as the new
name does, and says once, in the server's log, which name to write instead."""

from __future__ import annotations

from tornado.log import gen_log

from tutor.server import wiring

NEW_NAME = "tutor.server.wiring.LandingPage"


class LandingPage(wiring.LandingPage):
    """:class:`tutor.server.wiring.LandingPage` itself (same settings: ``"LandingPage":
    {"class_size": N}`` still applies), with one warning when Voilà starts."""

    def get_handlers(self):
        log = self.parent.log if self.parent is not None else gen_log
        log.warning("voila.json names tutor.app.LandingPage, the app's old hook: it still works, but "
                    "write %s there instead", NEW_NAME)
        return super().get_handlers()
