"""The classroom guide's recipes, run for real (docs/classroom.md).

- **The hub**: a JupyterHub (from pip) with its proxy (configurable-http-proxy, from the npm
  registry), learners' servers started on this machine (JupyterHub's simple local spawner; the
  guide's TLJH uses systemd units to the same end), the learners' Voilà and kernel settings read
  from the guide's own JSON block, the course put in each learner's home as nbgitpuller puts it
  (``REPO/notebooks``), and two learners who log in with chromium and open the guide's link: the
  landing page, then chapter 1 drawing its board.
- **The kiosk**: the guide's ``ExecStart`` line (the app under ``/tutor/``, its pools) and its
  nginx site (Debian's nginx, listening on loopback instead of 443 with TLS, which is the only
  change), and a learner page through nginx: its board drawn over the websocket the proxy
  upgrades, and a tap answered.

Each recipe is read from the guide's code blocks, so a guide that drifts from what works fails
here. What a recipe needs that the guide leaves to the machine (ports, folders, running as root
in CI) is set here and named in the comments.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, ROOT, free_port, stop, unavailable, wait_until_serving
from .helpers import wait_for_canvases, wait_for_voila

pytestmark = pytest.mark.browser

GUIDE = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
CHAPTER = "01-battlefield-and-line-of-sight.ipynb"
NODE_BIN = ROOT / "tests" / "browser" / "node" / "node_modules" / ".bin"
PAGE_MS = 120_000


def blocks(lang: str | None = None) -> list[str]:
    """The guide's fenced code blocks (indented ones too), those in ``lang`` when given."""
    out, body, indent, kind = [], None, "", ""
    for line in GUIDE.splitlines():
        stripped = line.lstrip(" ")
        if body is None and stripped.startswith("```"):
            body, indent, kind = [], line[:len(line) - len(stripped)], stripped[3:].strip()
        elif body is not None and stripped.startswith("```") and line.startswith(indent):
            if lang is None or kind == lang:
                out.append("\n".join(body))
            body = None
        elif body is not None:
            body.append(line[len(indent):] if line.startswith(indent) else line)
    return out


def wait_http(url: str, timeout_s: float = 90, proc=None, log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{url}: the server exited:\n{log.read_text()[-3000:] if log else ''}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:                                  # no answer yet, or not yet routed (404, 503)
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer in {timeout_s} s:\n{log.read_text()[-3000:] if log else ''}")
        time.sleep(0.3)


# --- the hub -------------------------------------------------------------------------------------

def learner_settings() -> dict:
    """The guide's `tutor.json` for every learner's server (step 4 of the TLJH recipe)."""
    settings = [json.loads(b) for b in blocks("json") if "VoilaConfiguration" in b]
    assert len(settings) == 1, "the guide's hub recipe should give one tutor.json"
    return settings[0]


def guide_link_path() -> str:
    """The page the guide's class link opens, as nbgitpuller's ``urlpath`` names it."""
    link = next(b for b in blocks() if "git-pull?" in b).strip()
    urlpath = urllib.parse.unquote(re.search(r"urlpath=([^&\s]+)", link).group(1))
    return urlpath


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    pytest.importorskip("jupyterhub", reason="pip install -e '.[test]' brings JupyterHub")
    proxy = NODE_BIN / "configurable-http-proxy"
    if not proxy.exists():
        unavailable("configurable-http-proxy not installed (npm install --prefix tests/browser/node "
                    "configurable-http-proxy@4, as .ci/run does)")
    tmp = tmp_path_factory.mktemp("hub")
    config_dir = tmp / "etc" / "jupyter" / "jupyter_server_config.d"
    config_dir.mkdir(parents=True)
    (config_dir / "tutor.json").write_text(json.dumps(learner_settings()))
    link = guide_link_path()                            # voila/render/REPO/notebooks/index.ipynb
    repo = link.split("/")[2]
    for name in ("learner1", "learner2"):               # what nbgitpuller leaves in each home
        home = tmp / "home" / name
        for folder in ("notebooks", "scenarios"):        # nbgitpuller pulls the whole repository
            shutil.copytree(ROOT / folder, home / repo / folder,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port, api, hub_port = free_port(), free_port(), free_port()
    singleuser = Path(sys.executable).with_name("jupyterhub-singleuser")
    (tmp / "jupyterhub_config.py").write_text(f"""
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.command = [{str(proxy)!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api}"
c.JupyterHub.db_url = "sqlite:///{tmp / 'hub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(tmp / 'cookie_secret')!r}
c.JupyterHub.authenticator_class = "dummy"             # any name logs in (a test stands in for accounts)
c.DummyAuthenticator.password = "class"
c.JupyterHub.spawner_class = "simple"                  # learners' servers as processes on this machine
c.SimpleLocalProcessSpawner.home_dir_template = {str(tmp / 'home' / '{username}')!r}
c.Spawner.cmd = [{str(singleuser)!r}]
c.Spawner.args = ["--allow-root"]                      # CI runs as root; TLJH runs each learner as a user
c.Spawner.environment = {{"JUPYTER_CONFIG_PATH": {str(tmp / 'etc' / 'jupyter')!r}}}
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120
""")
    log = ARTIFACTS / "hub.log"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(tmp / "jupyterhub_config.py")],
                                cwd=tmp, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, env=env)
    try:
        wait_http(f"http://127.0.0.1:{port}/hub/login", proc=proc, log=log)
        yield f"http://127.0.0.1:{port}", link, log
    finally:
        stop(proc)


def test_hub_recipe_two_learners_open_the_course(chromium, hub):
    base, link, log = hub
    pages = []
    for name in ("learner1", "learner2"):
        context = chromium.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        page.goto(f"{base}/hub/login")
        page.fill("input[name=username]", name)
        page.fill("input[name=password]", "class")
        page.click("input[type=submit], button[type=submit]")
        page.wait_for_url(re.compile(r"/user/" + name + r"/"), timeout=PAGE_MS)
        pages.append((name, context, page))
    try:
        for name, _, page in pages:
            page.goto(f"{base}/user/{name}/{link}", timeout=PAGE_MS)
            wait_for_voila(page)
            page.wait_for_selector("text=Undaunted: Normandy", timeout=PAGE_MS)
            assert "Memoir '44" in page.inner_text("body")
        for name, _, page in pages:                      # the chapters' relative links work there
            page.goto(f"{base}/user/{name}/{link.rsplit('/', 1)[0]}/{CHAPTER}", timeout=PAGE_MS)
            wait_for_voila(page)
            state = wait_for_canvases(page, PAGE_MS)
            assert state["groups"] >= 1 and state["blank"] == []
            page.screenshot(path=str(ARTIFACTS / f"hub-{name}.png"))
    finally:
        for _, context, _ in pages:
            context.close()
    text = log.read_text()
    assert "learner1" in text and "learner2" in text


# --- the kiosk -----------------------------------------------------------------------------------

def kiosk_command(port: int) -> list[str]:
    """The guide's systemd ``ExecStart``, with this Python's voila and a free port."""
    unit = next(b for b in blocks("ini") if "ExecStart=" in b)
    line = re.search(r"ExecStart=(.*?)(?:\n[A-Z]\w+=|\Z)", unit, re.DOTALL).group(1)
    words = shlex.split(line.replace("\\\n", " "))
    assert words[0].endswith("/voila")
    words = [w if not w.startswith("--port=") else f"--port={port}" for w in words[1:]]
    return [sys.executable, "-m", "voila", *words]


def nginx_config(tmp: Path, listen: int, app_port: int) -> str:
    """The guide's nginx site inside a main config, listening on loopback without TLS."""
    site = next(b for b in blocks("nginx") if "proxy_pass" in b)
    site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{listen};")
    site = site.replace("127.0.0.1:8866", f"127.0.0.1:{app_port}")
    assert f"listen 127.0.0.1:{listen};" in site and f"127.0.0.1:{app_port}" in site
    temp = "\n".join(f"    {k}_temp_path {tmp / k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""  # root in CI: workers may write the temp folders
    return (f"{user}pid {tmp / 'nginx.pid'};\nerror_log {tmp / 'error.log'};\nevents {{}}\n"
            f"http {{\n    access_log {tmp / 'access.log'};\n{temp}\n{site}\n}}\n")


@pytest.fixture(scope="module")
def kiosk(tmp_path_factory):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(nginx, os.X_OK):
        unavailable("nginx not installed (apt-get install nginx, as .ci/run does)")
    tmp = tmp_path_factory.mktemp("kiosk")
    app_port, listen = free_port(), free_port()
    log = ARTIFACTS / "kiosk-voila.log"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:                           # WorkingDirectory= the repository
        app = subprocess.Popen(kiosk_command(app_port), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    proxy = None
    try:
        wait_until_serving(app, f"http://127.0.0.1:{app_port}/tutor/", log)
        conf = tmp / "nginx.conf"
        conf.write_text(nginx_config(tmp, listen, app_port))
        check = subprocess.run([nginx, "-t", "-p", str(tmp), "-c", str(conf)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        proxy = subprocess.Popen([nginx, "-p", str(tmp), "-c", str(conf), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        wait_http(f"http://127.0.0.1:{listen}/tutor/voila/tree", proc=proxy, log=tmp / "error.log")
        yield f"http://127.0.0.1:{listen}/tutor/", tmp
    finally:
        if proxy is not None:
            stop(proxy)
        stop(app)


def test_kiosk_recipe_serves_a_live_board_through_nginx(chromium, kiosk):
    base, tmp = kiosk
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        page.goto(base, timeout=PAGE_MS)                  # / goes to the landing page, under /tutor/
        wait_for_voila(page)
        assert "/tutor/voila/render/index.ipynb" in page.url
        page.goto(f"{base}voila/render/{CHAPTER}", timeout=PAGE_MS)
        wait_for_voila(page)
        state = wait_for_canvases(page, PAGE_MS)
        assert state["groups"] >= 1 and state["blank"] == []
        page.screenshot(path=str(ARTIFACTS / "kiosk-chapter.png"))
    finally:
        context.close()
    # the widgets' websocket went through the proxy, upgraded (101): nginx writes that line when the
    # upgraded connection ends, which is a moment after the page is closed
    upgraded = re.compile(r'"GET /tutor/api/kernels/[^ ]+/channels[^"]*" 101 ')
    deadline = time.monotonic() + 20
    access = (tmp / "access.log").read_text()
    while not upgraded.search(access) and time.monotonic() < deadline:
        time.sleep(0.5)
        access = (tmp / "access.log").read_text()
    assert upgraded.search(access), access[-2000:]
