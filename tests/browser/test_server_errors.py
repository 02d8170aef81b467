"""Odd URLs get a plain 404 from the app's server, never a 500 with a traceback in its log.

Each path below made Voilà 0.5 answer 500 (Jupyter's logout page needs static files Voilà does
not serve; a NUL or CR/LF in a page name went into a redirect's header; the template-asset route
split a normalised path unchecked). `tutor.app.first_routes` answers them first.
"""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

NOT_FOUND = [
    "/logout",
    "/voila/render/index.ipynb%00.txt",
    "/voila/render/%0d%0aLocation:%20http://example.com/",
    "/voila/render/..%00",
    "/voila/tree/index%7f.ipynb",
    "/voila/templates/lab/static/../..",
    "/voila/templates/lab/static/..%2F..",
    "/voila/templates/lab/static/",
    "/voila/templates/lab",
    "/voila/templates/%00",
    "/voila/templates/lab/static/../../../static/voila.js",
]


def get(base: str, path: str) -> tuple[int, str]:
    """GET a raw path (sent exactly as written: no client-side normalising of `..`)."""
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        conn.close()


def test_odd_paths_are_plain_not_found(app):
    before = app.log.read_text()
    answers = {path: get(app, path)[0] for path in NOT_FOUND}
    assert answers == {path: 404 for path in NOT_FOUND}
    new = app.log.read_text()[len(before):]
    assert "Traceback" not in new and "Uncaught exception" not in new, new[-3000:]


def test_template_assets_still_served(app):
    """The guard in front of Voilà's template route lets the page's own assets through."""
    status, body = get(app, "/voila/templates/lab/static/voila.js")
    assert status == 200 and len(body) > 1000
