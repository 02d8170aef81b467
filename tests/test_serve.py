"""`tutor app`'s settings: voila.json (one source for `voila` and `tutor app`) plus its options."""

from __future__ import annotations

import json
import os
from types import SimpleNamespace

import pytest

from tutor import cli, paths, serve
from tutor.server import frames, kernels, pages, wiring

VOILA_JSON = json.loads((paths.CHECKOUT / "voila.json").read_text(encoding="utf-8"))


def test_in_a_checkout_the_course_is_the_repository():
    assert paths.COURSE == paths.CHECKOUT
    assert (paths.NOTEBOOKS / "index.ipynb").is_file() and (paths.SCENARIOS / "showcase.yaml").is_file()
    # A notebook's relative path to a scenario works in the checkout and in tutor/_course alike.
    assert (paths.NOTEBOOKS / "../scenarios/showcase.yaml").resolve() == (paths.SCENARIOS / "showcase.yaml")


def test_tutor_app_serves_voila_json_with_only_its_options_on_top():
    cfg = serve.app_config()
    assert cfg["Voila"]["root_dir"] == str(paths.NOTEBOOKS.resolve())
    assert cfg["Voila"]["open_browser"] is True
    assert cfg["VoilaConfiguration"].pop("kernel_spec_manager_class") == "tutor.serve.ThisPython"
    expected = json.loads(json.dumps(VOILA_JSON))
    expected["Voila"].update(root_dir=cfg["Voila"]["root_dir"], open_browser=True)
    assert cfg == expected


def test_options_override_voila_json():
    cfg = serve.app_config(port=9123, host="0.0.0.0", open_browser=False, preheat=True, pool_size=2)
    assert (cfg["Voila"]["port"], cfg["Voila"]["ip"], cfg["Voila"]["open_browser"]) == (9123, "0.0.0.0", False)
    assert cfg["VoilaConfiguration"]["preheat_kernel"] is True
    assert cfg["VoilaConfiguration"]["default_pool_size"] == 2
    off = serve.app_config(preheat=False)
    assert off["VoilaConfiguration"]["preheat_kernel"] is False


@pytest.mark.parametrize("host,loopback", [("localhost", True), ("127.0.0.1", True), ("::1", True),
                                           ("0.0.0.0", False), ("192.168.1.20", False), ("school.example", False)])
def test_loopback(host, loopback):
    assert serve.is_loopback(host) is loopback


@pytest.mark.parametrize("argv,says", [(["app", "--port", "0"], "--port 0 is not a port"),
                                       (["app", "--port", "70000"], "allowed are 1-65535"),
                                       (["app", "--pool-size", "0"], "--pool-size 0"),
                                       (["app", "--pool-size", "9" * 30], "allowed are 1-8"),
                                       (["app", "--port", "x"], "invalid int value")])
def test_bad_options_are_one_line_and_status_2(argv, says, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err


def test_kernels_run_this_python():
    import sys
    spec = serve.ThisPython().get_kernel_spec("python3")
    assert spec.argv[0] == sys.executable and "ipykernel_launcher" in spec.argv


def test_kernels_talk_to_the_server_over_local_sockets():
    """Over TCP a kernel binds the ports the server chose for it seconds later, when another
    connection may have taken one ("Address already in use": a page left at Running...)."""
    from traitlets.config import Config

    short = SimpleNamespace(config=Config(), connection_dir="/tmp/voila_abcdefgh")  # (as Voilà makes it)
    assert kernels.kernels_on_local_sockets(short) == (os.name == "posix")
    assert short.config.KernelManager.get("transport") == ("ipc" if os.name == "posix" else None)

    chosen = SimpleNamespace(config=Config({"KernelManager": {"transport": "tcp"}}),
                             connection_dir="/tmp/voila_abcdefgh")
    assert kernels.kernels_on_local_sockets(chosen) is False  # the settings' choice stands
    assert chosen.config.KernelManager.transport == "tcp"

    deep = SimpleNamespace(config=Config(), connection_dir="/" + "d" * 60)  # no socket path fits
    assert kernels.kernels_on_local_sockets(deep) is False
    assert "transport" not in deep.config.KernelManager


def test_the_page_refuses_the_files_the_lab_would():
    """tutor/static/upload_limit.js stops a file over the lab's limit before it is sent: the same
    limit as tutor.inputs (the kernel's own refusal), and the same words as tutor.lab.app."""
    import re

    from tutor.inputs import MAX_FILE_BYTES

    script = (paths.PACKAGE / "static" / "upload_limit.js").read_text(encoding="utf-8")
    assert int(re.search(r"var MAX_FILE_BYTES = (\d+);", script).group(1)) == MAX_FILE_BYTES
    assert '" bytes: a scenario file may be at most "' in script and "__tutorUploadLimit" in pages.page_head()
    # the kernel's line, which the page's (tests/browser/test_memoir_boards.py) matches word for word
    from tutor.errors import InputError
    from tutor.lab.app import read_upload

    with pytest.raises(InputError) as refused:
        read_upload("big.yaml", b"x" * (MAX_FILE_BYTES + 1))
    assert str(refused.value) == "big.yaml: is 1,000,001 bytes: a scenario file may be at most 1,000,000 bytes"


# --- what a visitor sends in one piece ---------------------------------------------------------

def test_the_server_bounds_what_a_visitor_sends_in_one_piece():
    """Tornado reads a request body whole before any handler, up to 100 MB by default, and a
    websocket message up to 10 MB: the app takes 64 kB and 2 MB (a board file is at most 1 MB)."""
    import asyncio

    from tornado.web import Application

    async def listen():
        web = Application()
        wiring.bound_requests(web)
        wiring.bound_requests(web)                     # (once is enough: not wrapped twice)
        server = web.listen(0, "127.0.0.1")
        for acceptor in server.acceptors:
            acceptor.close()
        return web, server.conn_params

    web, params = asyncio.run(listen())
    assert params.max_body_size == 64 * 1024
    assert (params.header_timeout, params.body_timeout) == (wiring.HEADERS_WAIT_S, wiring.BODY_WAIT_S) == (10, 30)
    assert web.settings["websocket_max_message_size"] == 2 * 1024 * 1024
    from tutor.inputs import MAX_FILE_BYTES
    assert MAX_FILE_BYTES < frames.WEBSOCKET_MESSAGE_MAX // 2    # a board file and its message fit


# --- one line, status 2, nothing left behind (issue 39) ---------------------------------------------

@pytest.mark.parametrize("host,says", [("no-such-host.invalid", "no such address"),
                                       ("999.1.1.1", "no such address"),
                                       ("192.0.2.7", "not an address of this computer")])
def test_a_host_the_server_cannot_listen_on_is_one_line_and_status_2(host, says, capsys, tmp_path, monkeypatch):
    """`tutor app --host` that does not resolve, or names another machine: a 33-line traceback,
    and the server's folder of connection files left in the temporary folder. One line now, said
    before Voilà starts (nothing is made)."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    assert cli.main(["app", "--no-browser", "--port", "18999", "--host", host]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_a_failed_listen_removes_the_connection_folder(tmp_path, monkeypatch):
    """Should listening fail once Voilà has started (an address gone meanwhile), the error is one
    line and Voilà's folder of connection files is removed (Voilà removes it only when it stops)."""
    import voila.app

    made = tmp_path / "voila_abc"

    def start(self):
        made.mkdir()
        self.connection_dir = str(made)
        raise OSError(99, "Cannot assign requested address")

    monkeypatch.setattr(voila.app.Voila, "initialize", lambda self, argv: None)
    monkeypatch.setattr(voila.app.Voila, "start", start)
    with pytest.raises(cli.InputError, match="cannot serve on 127.0.0.1: Cannot assign requested address"):
        serve.serve(serve.app_config(host="127.0.0.1", open_browser=False))
    assert not made.exists()


@pytest.mark.parametrize("argv", [["cards"], ["render", "scenarios/showcase.yaml"], ["render", "--help"]])
def test_output_to_a_full_disk_is_one_line_and_status_2(argv):
    """`tutor cards > /dev/full`: exit 1 and an OSError traceback. One line, status 2 now."""
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "tutor.cli", *argv], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=paths.CHECKOUT, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "tutor: the output could not be written (No space left on device)\n"


@pytest.mark.parametrize("spelled,plain", [
    ("index.ipynb", "index.ipynb"), ("./index.ipynb", "index.ipynb"), ("././././index.ipynb", "index.ipynb"),
    ("chapters//01.ipynb", "chapters/01.ipynb"), ("a/../index.ipynb", "index.ipynb"),
    ("../../index.ipynb", "index.ipynb"), ("//index.ipynb", "index.ipynb"), ("index.ipynb/", "index.ipynb"),
    ("", "")])
def test_a_page_has_one_spelling(spelled, plain):
    """Voilà chose a page's pool and kernel by its path as spelled (issue 39: twelve spellings of one
    page started forty kernels); the app redirects every other spelling to this one."""
    assert pages.canonical_page(spelled) == plain


# --- a teacher's own voila.json from before tutor/server/ ---------------------------------------

def test_a_voila_json_naming_the_old_hook_still_starts_and_says_the_new_name(tmp_path):
    """``tutor.app.LandingPage`` (the hook's name before the server became tutor/server/): Voilà
    starts with it, sends ``/`` to the landing page and applies its ``LandingPage`` settings as
    with the new name, and its log says once, in one line, to write the new name instead."""
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    from browser.conftest import free_port, stop, wait_until_serving
    from traitlets.config import Config

    from tutor import app

    assert issubclass(app.LandingPage, wiring.LandingPage)                            # the one hook
    assert app.LandingPage(config=Config(VOILA_JSON | {"LandingPage": {"class_size": 30}})).class_size == 30

    old = json.loads(json.dumps(VOILA_JSON))
    old["Voila"]["identity_provider_class"] = "tutor.app.LandingPage"
    old["Voila"]["root_dir"] = str(paths.CHECKOUT / "notebooks")
    old["VoilaKernelManager"]["kernel_pools_config"] = {"default": {"pool_size": 0}}   # no kernels: a start only
    (tmp_path / "voila.json").write_text(json.dumps(old), encoding="utf-8")
    port, log = free_port(), tmp_path / "voila.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                                 "--Voila.ip=127.0.0.1"],
                                cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True, env={**os.environ, "PYTHONPATH": str(paths.CHECKOUT)})
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_until_serving(proc, base, log)

        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        with pytest.raises(urllib.error.HTTPError) as sent:
            urllib.request.build_opener(Stay).open(base, timeout=10)
        assert sent.value.code == 302 and sent.value.headers["Location"].endswith("/voila/render/index.ipynb")
    finally:
        stop(proc)
    said = [line for line in log.read_text().splitlines() if "tutor.app.LandingPage" in line]
    assert len(said) == 1 and "write tutor.server.wiring.LandingPage there instead" in said[0], said
