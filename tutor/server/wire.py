"""Light on a classroom's network: compressed responses and cache headers for the app's assets.

A learner's first visit downloads Voilà's front end (about a hundred scripts); each page after
that should fetch only the page itself. Two things make that so, switched on by
:class:`tutor.server.wiring.LandingPage` when Voilà starts:

- **compression**: ``voila.json``'s ``tornado_settings.compress_response`` asks Tornado to gzip
  text, HTML, CSS, JSON and scripts, but Tornado reads that setting only when the application
  is created, before Voilà applies ``tornado_settings``: :func:`lighten` adds the gzip transform
  itself when the setting is on. (The kernel websocket's messages are compressed by the
  ``websocket_compression_options`` setting, which jupyter_server reads on each connection.)
- **cache headers** (:class:`CacheHeaders`): front-end files whose name carries a content hash
  (the widget extensions' ``static/<chunk>.<hash>.js``, or a ``?v=<hash>`` URL) never change
  under that name: a year, ``immutable``. Voilà's own scripts (``/voila/static/``) are named by
  chunk number only and change when Voilà is upgraded: a day, then revalidated. Pages, the API
  and everything else keep what their handler says.
"""

from __future__ import annotations

import re

from tornado.web import GZipContentEncoding, OutputTransform

YEAR = 365 * 24 * 3600
DAY = 24 * 3600

# A file name with a content hash: 528.d9f5934c.js, remoteEntry.2f1e3c4b5a6d7e8f9a0b.js
HASHED_NAME = re.compile(r"[./-][0-9a-f]{8,}\.(?:js|css|woff2?|ttf|svg|png|json)$")
VERSIONED_QUERY = re.compile(r"(?:^|&)v=[0-9a-f]{8,}(?:&|$)")


def cache_control(path: str, query: str) -> str | None:
    """The Cache-Control an asset's URL earns, or None to keep the handler's own."""
    if "/voila/labextensions/" in path or "/voila/templates/" in path or "/voila/static/" in path:
        if HASHED_NAME.search(path) or VERSIONED_QUERY.search(query):
            return f"public, max-age={YEAR}, immutable"
        if "/voila/static/" in path:
            return f"public, max-age={DAY}"
    if "/tutor/static/" in path:  # the app's own scripts (tutor.server.pages.NO_MATH_URL): as Voilà's
        return f"public, max-age={DAY}"
    return None


class CacheHeaders(OutputTransform):
    """Sets :func:`cache_control`'s header on a successful (or not-modified) asset response."""

    def __init__(self, request):
        super().__init__(request)
        self._value = cache_control(request.path, request.query)

    def transform_first_chunk(self, status_code, headers, chunk, finishing):
        if self._value and status_code in (200, 304):
            headers["Cache-Control"] = self._value
            headers.pop("Pragma", None)
            headers.pop("Expires", None)
        return status_code, headers, chunk


def lighten(web) -> None:
    """Add the gzip transform (when ``compress_response`` is set) and the cache headers to a
    tornado Application created by Voilà. Idempotent."""
    compress = web.settings.get("compress_response") or web.settings.get("gzip")
    if compress and GZipContentEncoding not in web.transforms:
        web.transforms.append(GZipContentEncoding)
    if CacheHeaders not in web.transforms:
        web.transforms.append(CacheHeaders)
