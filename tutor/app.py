"""Hooks that make plain ``voila`` (run in the repository root) serve the tutor as an app.

``voila.json`` holds the settings; the one thing JSON cannot say is "``/`` opens the landing
page". Voilà's standalone app asks its identity provider for extra request handlers, and
``voila.json`` names :class:`LandingPage` as that provider: it is Jupyter's default
(``PasswordIdentityProvider``, which with Voilà's default empty token lets every visitor in),
plus a redirect from ``/`` to ``voila/render/index.ipynb`` when the served folder holds
``index.ipynb``. Voilà's file list stays at ``/voila/tree``.

Nothing here runs in a kernel, and nothing here is imported by the rest of the package.
"""

from __future__ import annotations

import os

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler

LANDING = "index.ipynb"


class LandingPage(PasswordIdentityProvider):
    """Jupyter's default identity provider, plus ``/`` → the landing page."""

    def get_handlers(self):
        handlers = list(super().get_handlers())
        app = self.parent
        root = getattr(app, "root_dir", None)
        serving_a_folder = root and not getattr(app, "notebook_path", None)
        if serving_a_folder and os.path.isfile(os.path.join(root, LANDING)):
            target = url_path_join(app.base_url, "voila/render", LANDING)
            handlers.insert(0, (url_path_join(app.server_url or app.base_url, "/?"),
                                RedirectHandler, {"url": target, "permanent": False}))
        return handlers
