"""Light on a classroom's network (tutor/server/wire.py, voila.json's tornado_settings): the page and
the front end's files arrive compressed, files with a content hash in their name are cached for a
year, Voilà's own scripts for a day, and the next chapter in the same browser downloads no script."""

from __future__ import annotations

import gzip
import json
import re
import urllib.error
import urllib.request

import pytest

from .helpers import wait_for_canvases, wait_for_voila

pytestmark = pytest.mark.browser


def get(url: str) -> tuple[dict, bytes]:
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return {k.lower(): v for k, v in r.headers.items()}, r.read()


def test_page_and_assets_are_compressed_and_cached(app):
    headers, body = get(app + "voila/render/index.ipynb")
    assert headers.get("content-encoding") == "gzip" and body[:2] == b"\x1f\x8b"
    assert "no-store" in headers.get("cache-control", "") or "no-cache" in headers.get("cache-control", "")
    html = gzip.decompress(body).decode()
    # No style sheet from a CDN (Voilà's template links Font Awesome from one; its bundle has it)
    assert not re.search(r"<link[^>]*https?://", html), re.search(r"<link[^>]*https?://[^>]*>", html)
    # The widget manager's entry script (its name carries a content hash), as the page lists it.
    found = re.search(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S)
    config = json.loads(found.group(1))
    (ext,) = [e for e in config["federated_extensions"] if e["name"] == "@jupyter-widgets/jupyterlab-manager"]
    assert re.fullmatch(r"static/remoteEntry\.[0-9a-f]{8,}\.js", ext["load"])
    headers, body = get(app + f"voila/labextensions/{ext['name']}/{ext['load']}")
    assert headers.get("content-encoding") == "gzip"
    assert headers.get("cache-control") == "public, max-age=31536000, immutable"
    headers, _ = get(app + "voila/static/voila.js")
    assert headers.get("content-encoding") == "gzip"
    assert headers.get("cache-control") == "public, max-age=86400"
    # The pages' typesetter is the app's (tutor/static/no_math.js), kept a day like Voilà's scripts.
    assert config["fullMathjaxUrl"] == "/tutor/static/no_math.js" and config["mathjaxConfig"] == "none"
    headers, body = get(app + "tutor/static/no_math.js?config=none&amp;delayStartupUntil=configured")
    assert headers.get("content-type", "").startswith(("text/javascript", "application/javascript"))
    assert headers.get("cache-control") == "public, max-age=86400"
    assert b"window.MathJax" in (gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body)
    for other in ("tutor/static/page.css", "tutor/static/../app.py", "tutor/static/"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(app + other)
        assert refused.value.code == 404


def test_pages_typeset_no_mathematics(app, chromium):
    """The course has no mathematics: a page loads the app's typesetter, which typesets nothing
    (Voilà's MathJax 3 ran over every text of a page as it started)."""
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(90_000)
    asked, errors = [], []
    page.on("request", lambda r: asked.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(app + "voila/render/05-battle-range-dice-line-of-sight.ipynb")
        wait_for_voila(page)
        wait_for_canvases(page, 90_000)
        assert any("/tutor/static/no_math.js" in u for u in asked)
        assert page.evaluate("""() => {
            const mathjax3 = [...document.styleSheets].some(s => {
                try { return [...s.cssRules].some(r => (r.selectorText || '').includes('mjx-container[jax="CHTML"]')); }
                catch (e) { return false; } });
            return !mathjax3 && !document.querySelector('mjx-container') && typeof MathJax.Hub.Queue === 'function';
        }""")
        assert not errors, errors
    finally:
        context.close()


def test_the_next_page_downloads_no_script(app, chromium):
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(90_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls, sizes, asked = {}, {}, []
    cdp.on("Network.requestWillBeSent", lambda e: asked.append(e["request"]["url"]))
    cdp.on("Network.responseReceived", lambda e: urls.__setitem__(e["requestId"], e["response"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    try:
        page.goto(app + "voila/render/index.ipynb")
        wait_for_voila(page)
        page.wait_for_selector(".tutor-index-page [data-chapter]")
        # A learner reads the landing page a while: what its front end loads late (a font, a few
        # script chunks) has come by then. Moving on at once, chapter 1 fetched them instead, about
        # 220 kB more (a flaky failure, in most runs on 2026-11-27).
        page.wait_for_load_state("networkidle")
        # bytes over the network: a data: picture or a blob: module is listed at its full size
        first = sum(n for r, n in sizes.items() if urls.get(r, "").startswith("http"))
        # The landing page is page HTML with no widget, so the widget controls' scripts arrive
        # with the first chapter; from then on a next chapter fetches none.
        for name, limit in (("01-battlefield-and-line-of-sight.ipynb", 300_000),
                            ("02-setup-pegasus-bridge.ipynb", 300_000)):
            urls.clear()
            sizes.clear()
            page.goto(app + f"voila/render/{name}")
            wait_for_voila(page)
            wait_for_canvases(page, 90_000)
            wire = sum(n for r, n in sizes.items() if urls.get(r, "").startswith("http"))
            largest = sorted(((n, urls[r]) for r, n in sizes.items() if urls.get(r, "").startswith("http")),
                             reverse=True)[:6]
            assert wire < limit, f"{name} downloaded {wire} bytes, the most: {largest}"
        scripts = {urls[r]: n for r, n in sizes.items() if urls.get(r, "").split("?")[0].endswith(".js")}
        fetched = {u: n for u, n in scripts.items() if n > 0}
        assert len(scripts) > 10 and not fetched, f"scripts fetched again: {sorted(fetched)[:5]}"
        assert first < 2_500_000, f"a first visit downloaded {first} bytes"
        # Every request of the landing page and two chapters goes to the app itself: nothing a
        # school's filter could hold back, no learner's browser sent to a third party.
        elsewhere = sorted({u for u in asked if u.startswith("http") and not u.startswith(app)})
        assert len(asked) > 20 and not elsewhere, elsewhere
    finally:
        context.close()
