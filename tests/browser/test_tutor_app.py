"""`tutor app` from a plain install: the course served from any folder, without the repository.

Builds the source distribution from a copy of the project, the wheel from that sdist, installs
the wheel (no dependencies: Voilà and the rest come from this Python's site-packages) into a
fresh virtual environment, starts `tutor app` there from an empty folder with PYTHONPATH unset,
and opens the landing page and chapter 1 (its boards read the installed scenarios) in chromium.
Then Ctrl-C: the server and its kernels stop, without a traceback.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, free_port
from .helpers import settle, wait_for_canvases, wait_for_voila

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
# What the sdist is built from: the project minus tests, benchmarks and docs.
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "voila.json",
           "tutor", "notebooks", "scenarios")
CHAPTER = "01-battlefield-and-line-of-sight.ipynb"


def run(cmd, **kw) -> str:
    done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=600, **kw)
    assert done.returncode == 0, f"{cmd} failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def clean_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TUTOR_NOTEBOOKS")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("build")
    src = tmp / "src"
    src.mkdir()
    junk = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "*.egg-info", "build")
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=junk)
        else:
            shutil.copy2(p, src / name)
    dist = tmp / "dist"
    run([sys.executable, "setup.py", "-q", "sdist", "-d", str(dist)], cwd=src, env=clean_env())
    (sdist,) = dist.glob("tutor-*.tar.gz")
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(sdist)],
        cwd=tmp, env=clean_env())
    (whl,) = dist.glob("tutor-*.whl")
    return whl


def test_the_wheel_carries_the_course(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        assert f"tutor/_course/notebooks/{nb.name}" in names
    for sc in (ROOT / "scenarios").rglob("*.yaml"):
        assert f"tutor/_course/scenarios/{sc.relative_to(ROOT / 'scenarios').as_posix()}" in names
    assert "tutor/_course/voila.json" in names
    assert "tutor/serve.py" in names and "tutor/server/wiring.py" in names


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment that sees this Python's packages, with the wheel installed
    over them (its own `tutor`, not the checkout's)."""
    env_dir = tmp_path_factory.mktemp("venv") / "env"
    run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(env_dir)])
    python = env_dir / "bin" / "python"
    run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(wheel)],
        env=clean_env())
    return env_dir


def test_installed_tutor_app(venv, chromium, tmp_path):
    python = venv / "bin" / "python"
    where = run([str(python), "-c", "import tutor, tutor.paths as p; print(tutor.__file__); print(p.COURSE)"],
                cwd=tmp_path, env=clean_env()).split()
    assert Path(where[0]).is_relative_to(venv), f"tutor imported from {where[0]}, not the wheel"
    assert Path(where[1]) == Path(where[0]).parent / "_course"

    port = free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "tutor-app.log"
    folder = tmp_path / "anywhere"
    folder.mkdir()
    with open(log, "w") as out:
        proc = subprocess.Popen([str(venv / "bin" / "tutor"), "app", "--no-browser", "--port", str(port),
                                 "--host", "127.0.0.1"], cwd=folder, env=clean_env(),
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, f"tutor app exited with {proc.returncode}:\n{log.read_text()[-3000:]}"
            try:
                with urllib.request.urlopen(base + "voila/tree", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, f"tutor app did not answer:\n{log.read_text()[-3000:]}"
            time.sleep(0.3)

        context = chromium.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        page.set_default_timeout(90_000)
        try:
            page.goto(base)
            assert page.url.endswith("/voila/render/index.ipynb")
            wait_for_voila(page)
            page.wait_for_selector(f'.tutor-index-page a[href="{CHAPTER}"]')
            page.locator(f'.tutor-index-page a[href="{CHAPTER}"]').click()
            page.wait_for_url(f"**/voila/render/{CHAPTER}")
            wait_for_voila(page)
            state = wait_for_canvases(page, 90_000)
            assert state["groups"] >= 1 and not state["blank"]
            text = page.locator("body").inner_text()
            assert "Traceback" not in text and "There was an error when executing cell" not in text
            page.screenshot(path=str(ARTIFACTS / "tutor-app-chapter1.png"))
        finally:
            context.close()

        # The learner reads a while: the pools refill, the next chapter's kernel is preheated.
        # (Ctrl-C within a second or two of a page can leave a kernel whose start had already
        # begun, for a pool, when the server stopped: Voilà's stop never starts a waiting refill,
        # but one already launching outlives it and shuts itself down when it sees the server gone.)
        settle(proc.pid, quiet_s=2.0, timeout_s=60)
        # The kernels are this environment's Python (so they import the wheel's tutor too).
        kernels = [p for p in Path("/proc").iterdir() if p.name.isdigit() and _parent(p) == proc.pid]
        argv0 = {(p / "cmdline").read_bytes().split(b"\0")[0].decode() for p in kernels}
        assert argv0 and all(Path(a).parent == venv / "bin" for a in argv0), argv0

        # Ctrl-C: the server shuts its kernels down and exits cleanly.
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 0
        assert not [p for p in kernels if p.exists()], "kernels outlived the server"
        text = log.read_text()
        assert "Traceback" not in text, text[-3000:]
        assert "Kernel shutdown" in text
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=15)


def _parent(proc_dir: Path) -> int | None:
    try:
        stat = (proc_dir / "stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])
