"""Preheated kernels (issue 19; on by default, off with `tutor app --no-preheat`): `voila` (voila.json) and `tutor app` agree, Voilà fills
no pool by itself, tutor.server.preheat.Preheat keeps kernels waiting only for the pages a learner opens
next, never for the lab, and at most WAITING_MAX of them (the idle memory bound).

Also the most kernels the server runs at once (tutor.server.kernels.KernelLimit): a page that would start
one past the bound takes a waiting preheated kernel's place, or is refused ("The course is full
right now"), so that pages fetched in a loop cannot grow the server until the machine runs out of
memory (the server itself: tests/browser/test_server_errors.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from types import SimpleNamespace

import pytest

from tutor import cli, course, paths, serve
from tutor.errors import InputError
from tutor.server import classroom, kernels, pages, preheat

VOILA_JSON = json.loads((paths.CHECKOUT / "voila.json").read_text(encoding="utf-8"))
PAGES = sorted(p.name for p in paths.NOTEBOOKS.glob("*.ipynb"))


def test_voila_json_and_tutor_app_preheat_the_same_way():
    start = ["index.ipynb", *preheat.pages_after("index.ipynb")]
    for cfg in (VOILA_JSON, serve.app_config()):
        # on by default (issue 19.2); `tutor app --no-preheat` starts a kernel for every visit
        assert cfg["VoilaConfiguration"]["preheat_kernel"] is True
    assert serve.app_config(preheat=False)["VoilaConfiguration"]["preheat_kernel"] is False
    for cfg in (VOILA_JSON, serve.app_config()):
        assert cfg["VoilaConfiguration"]["default_pool_size"] == 1
        assert cfg["Voila"]["identity_provider_class"] == "tutor.server.wiring.LandingPage"  # adds the pools
        pools = cfg["VoilaKernelManager"]["kernel_pools_config"]
        # Voilà (voila_kernel_manager.py, fill_if_needed) sizes a page's pool by its entry, or by
        # "default": at start-up only the landing page and the first chapter of each game get one.
        size = {p: pools.get(p, pools["default"])["pool_size"] for p in PAGES}
        assert [p for p in PAGES if size[p]] == sorted(start)
        assert all(size[p] == 1 for p in start) and size["lab.ipynb"] == 0


def test_pool_size_option_sizes_every_preheated_page():
    cfg = serve.app_config(pool_size=2)
    pools = cfg["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"]["pool_size"] == 0
    assert {n: c["pool_size"] for n, c in pools.items() if n != "default"} == {
        n: 2 for n in ["index.ipynb", *preheat.pages_after("index.ipynb")]}
    assert VOILA_JSON["VoilaKernelManager"]["kernel_pools_config"]["index.ipynb"]["pool_size"] == 1


def test_the_page_after_follows_the_course():
    first = [s.notebook for s in course.STARTS]
    assert first == ["00-start-memoir.ipynb", "20-start-undaunted.ipynb"]
    # from the landing page: a game's start page, or a page it lists beside the course (a
    # teacher's glossary), never the lab
    assert preheat.pages_after("index.ipynb") == [*first, "play-a-battle.ipynb", "play-la-raye.ipynb", "conflicts.ipynb",
                                              "glossary.ipynb"]
    assert preheat.pages_after("00-start-memoir.ipynb") == ["01-battlefield-and-line-of-sight.ipynb"]
    assert preheat.pages_after("01-battlefield-and-line-of-sight.ipynb") == ["02-setup-pegasus-bridge.ipynb"]
    assert preheat.pages_after("14-operation-overlord.ipynb") == ["20-start-undaunted.ipynb"]
    assert preheat.pages_after("20-start-undaunted.ipynb") == ["21-undaunted-components-and-setup.ipynb"]
    assert preheat.pages_after(course.CHAPTERS[-1].notebook) == []
    for page in ("glossary.ipynb", "conflicts.ipynb", "play-a-battle.ipynb", "play-la-raye.ipynb", "lab.ipynb"):
        assert preheat.pages_after(page) == []


class Pools:
    """Voilà's pooling kernel manager as Preheat uses it (VoilaKernelManager: kernel_pools_config,
    get_pool_size, fill_if_needed, shutdown_kernel and its pools), each kernel ready at once."""

    def __init__(self):
        self.kernel_pools_config = json.loads(json.dumps(VOILA_JSON["VoilaKernelManager"]
                                                         ["kernel_pools_config"]))
        self._pools, self.filled, self.shut = {}, [], []
        for page in PAGES:  # start-up, as Voilà does it
            self.fill_if_needed(notebook_name=page)

    def get_pool_size(self, page):
        return len(self._pools.get(page, []))

    def fill_if_needed(self, delay=None, notebook_name=None):
        size = self.kernel_pools_config.get(notebook_name, self.kernel_pools_config["default"])["pool_size"]
        for _ in range(size - self.get_pool_size(notebook_name)):
            loop = asyncio.get_running_loop()
            rendered, ready = loop.create_future(), loop.create_future()
            rendered.set_result(None)  # the page has run in it
            ready.set_result({"kernel_id": f"k-{notebook_name}-{len(self.filled)}", "task": rendered})
            self._pools.setdefault(notebook_name, []).append(ready)
            self.filled.append(notebook_name)

    async def shutdown_kernel(self, kernel_id):
        self.shut.append(kernel_id)
        self.forget(kernel_id)

    def forget(self, kernel_id):  # the kernel is gone: Voilà drops it from its pool
        for pool in self._pools.values():
            pool[:] = [t for t in pool if t.result()["kernel_id"] != kernel_id]

    async def shutdown_all(self):
        for kernel_id in [t.result()["kernel_id"] for pool in self._pools.values() for t in pool]:
            await self.shutdown_kernel(kernel_id)

    def take(self, page):  # a learner's visit takes the waiting kernel; Voilà refills the pool
        self._pools[page].pop(0)
        self.fill_if_needed(notebook_name=page)


def test_a_served_page_preheats_the_next_never_the_lab():
    async def walk():
        km = Pools()
        pre = preheat.Preheat(km, str(paths.NOTEBOOKS))
        assert sorted(km.filled) == ["00-start-memoir.ipynb", "20-start-undaunted.ipynb", "conflicts.ipynb",
                                     "glossary.ipynb", "index.ipynb", "play-a-battle.ipynb",
                                     "play-la-raye.ipynb"]
        km.take("00-start-memoir.ipynb")
        pre.served("00-start-memoir.ipynb")
        assert km.filled[-1] == "01-battlefield-and-line-of-sight.ipynb"
        assert km.get_pool_size("01-battlefield-and-line-of-sight.ipynb") == 1
        pre.served("lab.ipynb")
        pre.want("lab.ipynb")
        pre.served("not-a-page.ipynb")
        assert "lab.ipynb" not in km.filled and "not-a-page.ipynb" not in km.filled
        assert km.shut == []

    asyncio.run(walk())


def test_at_most_waiting_max_kernels_wait_the_least_recent_go_first():
    async def walk():
        km = Pools()
        pre = preheat.Preheat(km, str(paths.NOTEBOOKS))
        chapters = [c.notebook for c in course.available()]
        for page in chapters:  # a learner reads the whole course: each visit takes a kernel
            if km.get_pool_size(page):
                km.take(page)
            pre.served(page)
            await asyncio.sleep(0)  # the shutdowns run
            assert sum(len(p) for p in km._pools.values()) <= preheat.WAITING_MAX
        assert len(chapters) > preheat.WAITING_MAX
        waiting = [p for p, pool in km._pools.items() if pool]
        assert chapters[-1] in waiting and chapters[-2] in waiting
        assert chapters[1] not in waiting                    # the least recently wanted went first
        # the start-up pages stay: every learner comes back to the landing page and its links
        assert pre.start_up == {"index.ipynb", *preheat.pages_after("index.ipynb")} <= set(waiting)
        assert not any("lab" in k for k in km.filled)

    asyncio.run(walk())


class SlowPools(Pools):
    """Pools whose shut-downs take a while, as the server's do (shut_down_gently waits for the
    kernel to answer): the kernel stays in its pool until its shut-down is done."""

    def __init__(self):
        super().__init__()
        self.release = None

    async def shutdown_kernel(self, kernel_id):
        self.shut.append(kernel_id)
        await self.release.wait()
        self.forget(kernel_id)


def test_a_kernel_being_shut_down_is_asked_once_and_not_counted():
    async def walk():
        km = SlowPools()
        km.release = asyncio.Event()
        pre = preheat.Preheat(km, str(paths.NOTEBOOKS))
        chapters = [c.notebook for c in course.available()]
        for page in chapters:  # a class opens page after page faster than kernels shut down
            if km.get_pool_size(page):
                km.take(page)
            pre.served(page)
            await asyncio.sleep(0)
        assert km.shut and len(km.shut) == len(set(km.shut))  # each kernel asked once
        waiting = sum(len(p) for p in km._pools.values())
        assert waiting - len(km.shut) == preheat.WAITING_MAX       # the others still wait
        km.release.set()
        for _ in range(5):
            await asyncio.sleep(0)
        assert sum(len(p) for p in km._pools.values()) == preheat.WAITING_MAX
        assert pre.stopping == set()

    asyncio.run(walk())


class StartingPools(Pools):
    """Pools whose kernels take a while to start and run their page, as on a busy server:
    ``finish`` makes the oldest one of a page ready."""

    def fill_if_needed(self, delay=None, notebook_name=None):
        size = self.kernel_pools_config.get(notebook_name, self.kernel_pools_config["default"])["pool_size"]
        for _ in range(size - self.get_pool_size(notebook_name)):
            starting = asyncio.get_running_loop().create_future()
            starting.kernel_id = f"k-{notebook_name}-{len(self.filled)}"
            self._pools.setdefault(notebook_name, []).append(starting)
            self.filled.append(notebook_name)

    def finish(self, page):
        task = next(t for t in self._pools[page] if not t.done())
        rendered = asyncio.get_running_loop().create_future()
        rendered.set_result(None)
        task.set_result({"kernel_id": task.kernel_id, "task": rendered})


def test_a_page_wanted_while_the_server_is_busy_is_preheated_once_it_is_not():
    async def walk():
        km = StartingPools()  # right after start-up: the seven start-up pages are being run
        pre = preheat.Preheat(km, str(paths.NOTEBOOKS))
        assert pre.busy() == 7 >= preheat.BUSY_MAX
        ch = [c.notebook for c in course.available()]
        pre.served(ch[1])              # a learner opens chapter 2 at once (a kernel of its own)
        pre.served(ch[2])              # ... and chapter 3
        assert ch[2] not in km.filled and ch[3] not in km.filled   # waiting, not started
        assert list(pre.deferred) == [ch[2], ch[3]]
        await asyncio.sleep(preheat.RETRY_S * 2)
        assert ch[3] not in km.filled                                 # still busy
        for page in pre.start_up:
            km.finish(page)                                           # the start-up pages have run
        await asyncio.sleep(preheat.RETRY_S * 1.5)
        assert km.filled[-2:] == [ch[3], ch[2]]  # the most recently wanted first, BUSY_MAX at once
        assert not pre.deferred and pre.retry_timer is None
        assert pre.busy() == preheat.BUSY_MAX
        km.finish(ch[3])
        km.finish(ch[2])
        assert pre.busy() == 0

        pre.making = preheat.BUSY_MAX      # two visitors' pages being made ...
        pre.served(ch[4])
        assert list(pre.deferred) == [ch[5]]
        await km.shutdown_all()        # ... when the server stops: nothing more is started
        assert pre.closed and not pre.deferred and pre.retry_timer is None
        pre.making = 0
        pre.want(ch[5])
        await asyncio.sleep(preheat.RETRY_S * 1.5)
        assert ch[5] not in km.filled

    asyncio.run(walk())


def test_without_preheat_nothing_is_filled():
    pre = preheat.Preheat(SimpleNamespace(), str(paths.NOTEBOOKS))  # Voilà's non-pooling manager
    assert pre.on is False
    pre.served("01-battlefield-and-line-of-sight.ipynb")  # no error, nothing to do


def test_a_kernel_still_running_its_page_is_not_handed_out():
    """Voilà would send the rest of the page as the pool kernel's cells finish; on a busy machine
    such pages lost widgets. Page holds the pool back then: the visitor gets a kernel of its own."""
    async def visit():
        km = Pools()
        pool = km._pools["index.ipynb"]
        assert preheat.hold_unready(km, "index.ipynb") is None  # ready: Voilà hands it out
        running = asyncio.get_running_loop().create_future()
        pool[0] = asyncio.get_running_loop().create_future()
        pool[0].set_result({"kernel_id": "k-running", "task": running})
        held = preheat.hold_unready(km, "index.ipynb")
        assert [t.result()["kernel_id"] for t in held] == ["k-running"] and km.get_pool_size("index.ipynb") == 0
        running.set_result(None)
        died = asyncio.get_running_loop().create_future()
        died.set_exception(RuntimeError("Kernel died before replying to kernel_info"))
        pool[:] = [asyncio.get_running_loop().create_future()]
        pool[0].set_result({"kernel_id": "k-dead", "task": died})
        assert preheat.hold_unready(km, "index.ipynb") is None and km.get_pool_size("index.ipynb") == 0
        assert preheat.hold_unready(km, "lab.ipynb") is None and preheat.hold_unready(SimpleNamespace(), "x") is None

    asyncio.run(visit())


def test_stopping_the_server_waits_for_a_kernel_still_starting_then_stops_it():
    """Ctrl-C while a pool is being filled: jupyter_server's shutdown_all refused the kernel still
    starting ("404: Kernel does not exist") and the server exited with status 1, the kernel left
    running. A real kernel, started and stopped as the server does."""
    import pytest
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from tornado.web import HTTPError

    async def stop_while_starting(forgiving: bool):
        km = AsyncMappingKernelManager()
        if forgiving:
            kernels.shut_down_gently(km)
            kernels.shut_down_gently(km)                      # once only, however often it is asked
        starting = asyncio.ensure_future(km.start_kernel(kernel_name="python3"))
        while not km._pending_kernels:
            await asyncio.sleep(0.01)
        kid = next(iter(km._pending_kernels))
        try:
            await km.shutdown_all()
        finally:
            await starting
            left = km.list_kernel_ids()
            for k in left:                                 # the refused kernel, if any
                await km.shutdown_kernel(k, now=True)
        return kid, left

    with pytest.raises(HTTPError, match="Kernel does not exist"):
        asyncio.run(stop_while_starting(forgiving=False))
    kid, left = asyncio.run(stop_while_starting(forgiving=True))
    assert left == [] and kid


def test_a_preheated_kernel_still_running_its_page_finishes_it_before_it_is_stopped():
    """Shut down mid-cell, a pool kernel printed a traceback as the server stopped (Ctrl-C): its
    page may finish first (at most PAGE_RUN_WAIT_S); a kernel with nothing to finish goes at once."""
    async def stop():
        loop = asyncio.get_running_loop()
        events = []

        class Manager:
            _pending_kernels: dict = {}

            def __init__(self):
                self.kernels = {"k-running", "k-idle"}
                render = loop.create_future()
                ready = loop.create_future()
                ready.set_result({"kernel_id": "k-running", "task": render})
                self.render = render
                self._pools = {"02-setup-pegasus-bridge.ipynb": [ready]}

            def __contains__(self, kid):
                return kid in self.kernels

            async def shutdown_kernel(self, kid, now=False):
                events.append(("shutdown", kid))
                self.kernels.discard(kid)

            _async_shutdown_kernel = shutdown_kernel

        km = Manager()
        kernels.shut_down_gently(km)
        assert kernels.running_page(km, "k-running") is km.render and kernels.running_page(km, "k-idle") is None
        stopping = asyncio.ensure_future(km.shutdown_kernel("k-running"))
        await km._async_shutdown_kernel("k-idle")
        await asyncio.sleep(0.05)
        assert events == [("shutdown", "k-idle")]           # the running page is not cut short
        events.append(("page ran", "k-running"))
        km.render.set_result(None)
        await stopping
        assert events[-1] == ("shutdown", "k-running")
        assert await km.shutdown_kernel("k-gone") is None     # already gone: nothing to do

    asyncio.run(stop())



# --- a page that can no longer be finished (tutor.server.pages.finished_or_given_up) ----------------------

def page_made(snippets, maker, clock=None, silent_max_s=300):
    """Run finished_or_given_up over ``snippets``; (what the visitor gets, the calls to not_finished)."""
    calls = []

    async def voila():
        for html in snippets:
            yield html

    async def run():
        kwargs = {"clock": clock} if clock else {}
        return [html async for html in pages.finished_or_given_up(
            voila(), lambda: (maker, "k-1") if maker else (None, None),
            lambda task, kernel_id: calls.append((task, kernel_id)), silent_max_s, **kwargs)]

    return asyncio.run(run()), calls


class Task:
    """A task making a page: running, or ended (Voilà 0.5's put_html)."""

    def __init__(self, ended: bool):
        self.ended = ended

    def done(self) -> bool:
        return self.ended


def test_a_page_being_made_passes_through_heartbeats_and_all():
    page = ["<head>", pages.HEARTBEAT, "<div>cell</div>", pages.HEARTBEAT, "</html>"]
    sent, calls = page_made(page, Task(ended=False))
    assert sent == page and calls == []
    sent, calls = page_made(page, None)  # a preheated kernel's page: no task of its own
    assert sent == page and calls == []


def test_a_page_whose_making_ended_without_it_ends_at_the_next_heartbeat():
    maker = Task(ended=True)
    sent, calls = page_made(["<head>", pages.HEARTBEAT, pages.HEARTBEAT, "never"], maker)
    assert sent == ["<head>", pages.NOT_FINISHED]
    assert calls == [(maker, "k-1")]


def test_a_page_with_only_heartbeats_for_too_long_is_given_up():
    now = iter(range(0, 1000, 100))  # each look at the clock: 100 s later
    sent, calls = page_made(["<head>", pages.HEARTBEAT, pages.HEARTBEAT, pages.HEARTBEAT, "late"], None,
                            clock=lambda: next(now), silent_max_s=250)
    # heard at 100 s ("<head>"); heartbeats at 200 s (100 s silent) and 300 s (200 s), then 400 s: 300 s > 250
    assert sent == ["<head>", pages.HEARTBEAT, pages.HEARTBEAT, pages.NOT_FINISHED]
    assert calls == [(None, None)]


# --- the most kernels at once (tutor.server.kernels.KernelLimit) -------------------------------------------

MB = 2**20


def test_the_bound_follows_the_memory_the_server_may_use(monkeypatch):
    assert kernels.kernels_max({}, memory=2048 * MB) == 15              # a Binder: (2048 - 512) / 100
    assert kernels.kernels_max({}, memory=24 * 1024 * MB) == 240
    assert kernels.kernels_max({}, memory=512 * MB) == kernels.KERNELS_MIN  # never fewer
    assert kernels.kernels_max({"TUTOR_KERNELS_MAX": "7"}, memory=2048 * MB) == 7
    assert kernels.kernels_max({"TUTOR_KERNELS_MAX": " 10000 "}, memory=2048 * MB) == 10000
    memory = kernels.memory_limit()
    assert memory is not None and memory > 256 * MB  # this machine says how much it has
    monkeypatch.setattr(kernels, "memory_limit", lambda: None)  # a system that does not say
    assert kernels.kernels_max({}) == kernels.KERNELS_MEMORY_UNKNOWN == 40


class Limits:
    """A fake ``resource`` module: the open-files limits (soft, hard)."""
    RLIMIT_NOFILE, RLIM_INFINITY = 7, -1

    def __init__(self, soft, hard, refuse=False):
        self.now, self.refuse = (soft, hard), refuse

    def getrlimit(self, which):
        assert which == self.RLIMIT_NOFILE
        return self.now

    def setrlimit(self, which, value):
        if self.refuse:
            raise ValueError("not allowed to raise maximum limit")
        self.now = value


def test_the_server_raises_its_open_files_to_the_most_it_may(caplog):
    log = logging.getLogger("test-open-files")
    with caplog.at_level(logging.INFO, logger="test-open-files"):
        assert kernels.open_files(log, Limits(1024, 524288)) == 524288     # systemd's defaults
        assert kernels.open_files(log, Limits(20000, 20000)) == 20000      # as it is: no line
        assert kernels.open_files(log, Limits(1024, Limits.RLIM_INFINITY)) is None
        assert kernels.open_files(log, Limits(1024, 4096, refuse=True)) == 1024
    assert caplog.messages == ["Open files: the limit is raised from 1024 to 524288 (the system's most)",
                               "Open files: the limit is raised from 1024 to unlimited (the system's most)",
                               "Open files: the limit stays as it is (not allowed to raise maximum limit)"]
    import resource
    assert kernels.open_files() == resource.getrlimit(resource.RLIMIT_NOFILE)[0]  # this process's


def test_the_bound_follows_the_open_files_too():
    """A kernel and its page's connections cost the server FILES_PER_KERNEL open files at most:
    with the common soft limit of 1024, the server could not run what its memory allows."""
    assert kernels.FILES_PER_KERNEL == 46
    assert kernels.kernels_max({}, memory=24 * 1024 * MB, files=1024) == (1024 - 512) // 46 == 11
    assert kernels.kernels_max({}, memory=24 * 1024 * MB, files=524288) == 240      # the memory decides
    assert kernels.kernels_max({}, memory=24 * 1024 * MB, files=600) == kernels.KERNELS_MIN
    assert kernels.kernels_max({"TUTOR_KERNELS_MAX": "50"}, memory=2048 * MB, files=1024) == 50  # as told


def cgroup(tmp_path, membership: str, limits: dict) -> str:
    """A fake /proc/self/cgroup and /sys/fs/cgroup under tmp_path; returns its root."""
    (tmp_path / "proc/self").mkdir(parents=True)
    (tmp_path / "proc/self/cgroup").write_text(membership)
    for file, value in limits.items():
        path = tmp_path / "sys/fs/cgroup" / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value + "\n")
    return str(tmp_path)


def test_the_memory_is_the_lowest_limit_of_the_server_s_control_groups(tmp_path):
    # a systemd service with MemoryMax=16G (cgroup v2): its own group, under a slice without one
    service = cgroup(tmp_path / "service", "0::/system.slice/tutor.service\n",
                     {"system.slice/tutor.service/memory.max": str(16 * 2**30),
                      "system.slice/memory.max": "max"})
    assert kernels.memory_limit(service) == 16 * 2**30
    assert kernels.kernels_max({}, memory=kernels.memory_limit(service)) == 158
    # a container (its own cgroup namespace: it sees its group as the root)
    assert kernels.memory_limit(cgroup(tmp_path / "binder", "0::/\n", {"memory.max": str(2 * 2**30)})) == 2 * 2**30
    # cgroup v1: the memory controller's line; a parent's lower limit counts; "no limit" is none
    v1 = cgroup(tmp_path / "v1", "9:name=systemd:/\n4:memory:/docker/abc\n3:cpuset:/\n",
                {"memory/docker/abc/memory.limit_in_bytes": "9223372036854771712",
                 "memory/docker/memory.limit_in_bytes": str(3 * 2**30)})
    assert kernels.memory_limit(v1) == 3 * 2**30
    assert kernels.memory_limit(cgroup(tmp_path / "none", "0::/\n", {"memory.max": "max"})) is None


@pytest.mark.parametrize("value", ["0", "-3", "10001", "many", "1e9", "9" * 400])
def test_a_bad_bound_is_said_in_one_line_and_the_memory_decides(value, caplog):
    log = logging.getLogger("test-kernel-limit")
    with caplog.at_level(logging.WARNING, logger="test-kernel-limit"):
        assert kernels.kernels_max({"TUTOR_KERNELS_MAX": value}, memory=2048 * MB, log=log) == 15
    [said] = caplog.messages
    assert "TUTOR_KERNELS_MAX" in said and "allowed: 1-10000" in said and len(said) < 160


@pytest.mark.parametrize("argv,says", [(["app", "--kernels-max", "0"], "--kernels-max 0: allowed are 1-10000"),
                                       (["app", "--kernels-max", "20000"], "allowed are 1-10000")])
def test_a_bad_kernels_max_option_is_one_line_and_status_2(argv, says, capsys, monkeypatch):
    monkeypatch.delenv("TUTOR_KERNELS_MAX", raising=False)
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert "TUTOR_KERNELS_MAX" not in os.environ  # nothing changed


class Manager(Pools):
    """Voilà's kernel manager as KernelLimit uses it: Pools (tests/test_serve_preheat.py) plus
    the kernels started for visitors' pages, which jupyter_client allocates in pre_start_kernel."""

    def __init__(self):
        self.visitors: list[str] = []
        self.started = 0
        self._pending_kernels: dict = {}
        super().__init__()

    def pre_start_kernel(self, kernel_name, kwargs):
        kernel_id = f"k-visitor-{self.started}"
        self.started += 1
        self.visitors.append(kernel_id)
        return None, kernel_name, kernel_id

    def list_kernel_ids(self):
        waiting = [t.result()["kernel_id"] for pool in self._pools.values() for t in pool]
        return [*waiting, *self.visitors]

    def forget(self, kernel_id):
        super().forget(kernel_id)
        if kernel_id in self.visitors:
            self.visitors.remove(kernel_id)

    def visit(self):  # a page with no kernel waiting for it (Voilà marks its env: VOILA_PREHEAT)
        return self.pre_start_kernel("python3", {"env": {"VOILA_PREHEAT": "False"}})[2]


def test_past_the_bound_a_page_is_refused_and_nothing_is_started():
    async def walk():
        km = Manager()
        km._pools.clear()  # no kernel waiting (as with tutor app --no-preheat)
        limit = kernels.KernelLimit(km, 3)
        opened = [km.visit() for _ in range(3)]
        with pytest.raises(kernels.ServerFull) as refused:
            km.visit()
        assert refused.value.args == (3,)
        assert km.visitors == opened                       # no kernel allocated for the refused page
        await km.shutdown_kernel(opened[0])                 # a learner leaves a page
        assert km.visit() == "k-visitor-3" and limit.in_use() == 3
        # A pool's own kernel (Voilà marks it VOILA_PREHEAT=True) is not refused there: the pools
        # are held back before they start (below).
        km.pre_start_kernel("python3", {"env": {"VOILA_PREHEAT": "True"}})
        assert limit.in_use() == 4

    asyncio.run(walk())


def test_at_the_bound_a_page_takes_the_place_of_a_waiting_kernel_the_least_wanted_first():
    async def walk():
        km = Manager()
        pre = preheat.Preheat(km, str(paths.NOTEBOOKS))
        limit = kernels.KernelLimit(km, 9, pre, logging.getLogger("test-kernel-limit"))
        start, chapter_1 = course.STARTS[0].notebook, course.available()[0].notebook
        km.take(start)                # a learner opens the start page (its kernel was waiting) ...
        km.visitors.append("k-start")
        pre.served(start)             # ... and chapter 1 is preheated
        assert limit.in_use() == 9    # 7 start-up pages' kernels + chapter 1's + the start page's visitor
        km.visit()                    # the glossary, say, opened without its kernel: room is made
        next_kernel = f"k-{chapter_1}-8"
        assert pre.stopping == {next_kernel}  # not a start-up page's: the chapter's, being shut down
        assert limit.in_use() == 9            # (it is no longer counted)
        for _ in range(3):
            await asyncio.sleep(0)            # the shut-down is done
        assert km.shut == [next_kernel] and pre.stopping == set()
        for _ in range(7):            # seven more pages: the start-up pages' kernels go, one by one
            km.visit()
            await asyncio.sleep(0)
        assert sum(len(p) for p in km._pools.values()) == 0 and limit.in_use() == 9
        with pytest.raises(kernels.ServerFull):
            km.visit()                # nothing left waiting: refused

    asyncio.run(walk())


def test_pools_are_not_filled_without_room():
    async def walk():
        km = Manager()
        pre = preheat.Preheat(km, str(paths.NOTEBOOKS))
        kernels.KernelLimit(km, 8, pre)
        pre.served("01-battlefield-and-line-of-sight.ipynb")   # room for one more: filled
        assert km.filled[-1] == "02-setup-pegasus-bridge.ipynb"
        pre.served("02-setup-pegasus-bridge.ipynb")            # at the bound: not filled
        assert km.get_pool_size("03-command-cards-and-orders.ipynb") == 0
        assert km.filled.count("03-command-cards-and-orders.ipynb") == 0

    asyncio.run(walk())


def test_a_waiting_kernel_being_shut_down_is_not_handed_out():
    async def walk():
        km = Manager()
        pool = km._pools["index.ipynb"]
        kernel_id = pool[0].result()["kernel_id"]
        assert preheat.hold_unready(km, "index.ipynb") is None                 # Voilà hands it out
        held = preheat.hold_unready(km, "index.ipynb", stopping={kernel_id})   # not this one
        assert held and km.get_pool_size("index.ipynb") == 0

    asyncio.run(walk())


class Kernels:
    """The kernel manager as tutor.server.kernels.Unopened uses it: its kernels and their connections."""

    def __init__(self, connections: dict):
        self.connections, self.shut = connections, []

    def __contains__(self, kernel_id):
        return kernel_id in self.connections

    def kernel_model(self, kernel_id):
        return {"id": kernel_id, "connections": self.connections[kernel_id]}

    async def shutdown_kernel(self, kernel_id):
        self.shut.append(kernel_id)
        del self.connections[kernel_id]


def test_a_page_that_never_opens_its_connection_loses_its_kernel_after_the_wait():
    async def walk():
        km = Kernels({"fetched": 0, "shown": 0, "early": 1, "left": 0})
        unopened = kernels.Unopened(km, logging.getLogger("test-unopened"), wait_s=0.05)
        assert unopened.wait_s == 0.05 and kernels.Unopened(km, None).wait_s == kernels.UNOPENED_MAX_S == 180
        for kernel_id in ("fetched", "shown", "early", "left"):
            unopened.served(kernel_id)
        unopened.opened("shown")   # its page opened its connection: it stays
        await km.shutdown_kernel("left")  # left at once (the page asked): nothing more to do
        # "early": connected, though its opening came before the page's last byte was counted
        await asyncio.sleep(0.1)
        assert km.shut == ["left", "fetched"] and unopened.waiting == set()
        assert set(km.connections) == {"shown", "early"}

    asyncio.run(walk())


def test_a_kernel_is_stopped_at_once_not_asked_over_its_control_channel():
    """Asked to shut down (its control channel), ipykernel 7 races its own IO thread and once in a
    while printed "ZMQError: Socket operation on non-socket" as the server stopped (a CI run's
    log). Every shutdown is ``now=True`` (a kernel that still has a page to finish or is still
    starting is waited for first, as the tests above show); a restart keeps its own way."""
    async def stop():
        asked = []

        class Manager:
            _pending_kernels: dict = {}
            _pools: dict = {}
            kernels = {"k1", "k2", "k3", "k4"}

            def __contains__(self, kid):
                return kid in self.kernels

            async def shutdown_kernel(self, kid, now=False, restart=False):
                asked.append((kid, now, restart))

            _async_shutdown_kernel = shutdown_kernel

        km = Manager()
        kernels.shut_down_gently(km)
        await km.shutdown_kernel("k1")
        await km._async_shutdown_kernel("k2", now=False)
        await km.shutdown_kernel("k3", False, False)
        await km.shutdown_kernel("k4", restart=True)
        return asked

    assert asyncio.run(stop()) == [("k1", True, False), ("k2", True, False), ("k3", True, False),
                                   ("k4", False, True)]


class Log:
    def __init__(self):
        self.lines = []

    def info(self, line, *args):
        self.lines.append(line % args)

    warning = info


def class_server(most: int):
    """A server for a class, inside a running event loop: Voilà's pools (each kernel ready at once),
    the preheat, the bound of ``most`` kernels at once; and its log."""
    km, log = Pools(), Log()
    pre = preheat.Preheat(km, str(paths.NOTEBOOKS))
    km.pre_start_kernel = lambda kernel_name, kwargs: None
    limit = kernels.KernelLimit(km, most, pre)
    km.list_kernel_ids = lambda: [t.result()["kernel_id"] for p in km._pools.values() for t in p]
    return km, pre, log, limit


def test_a_class_gets_kernels_waiting_for_the_pages_it_opens_together_within_the_bound(monkeypatch):
    """``tutor app --class 30`` (issue 38): the landing page, both start pages and the first
    chapters get kernels waiting, as many as the class, in that order, as far as the kernels the
    server may run allow beside each learner's own page; said in one line of the log."""
    first = ["index.ipynb", "00-start-memoir.ipynb", "20-start-undaunted.ipynb",
             "01-battlefield-and-line-of-sight.ipynb", "21-undaunted-components-and-setup.ipynb"]
    assert classroom.class_pages() == first
    assert classroom.class_plan(30, 235) == (dict.fromkeys(first, 30), 8)   # this machine: room for all
    assert classroom.class_plan(30, 100) == ({first[0]: 30, first[1]: 30, first[2]: 10}, 8)
    assert classroom.class_plan(30, 15) == ({}, 1)                          # a 2 GB Binder: no room to wait
    assert classroom.class_plan(3, 15) == ({**dict.fromkeys(first[:4], 3)}, 1)
    for learners in (1, 7, 30, 200):
        for most in (4, 15, 40, 158, 1000):
            for others in (0, 4):
                plan, walk = classroom.class_plan(learners, most, others)
                assert sum(plan.values()) <= max(0, most - learners - others)
                assert all(0 < s <= learners for s in plan.values()) and 1 <= walk <= max(1, learners // 4 + 1)

    async def start():
        km, pre, log, limit = class_server(100)
        plan = classroom.prepare_class(30, 100, km, pre, log)
        # (voila.json keeps one kernel waiting for each of four pages beside the course: 4 fewer)
        assert {p: km.get_pool_size(p) for p in plan} == plan == {first[0]: 30, first[1]: 30, first[2]: 6}
        assert limit.in_use() == 70 <= 100 - 30
        assert log.lines == ["A class of 30: 30 for index.ipynb, 30 for 00-start-memoir.ipynb, 6 for "
                             "20-start-undaunted.ipynb; 66 kernels waiting, about 6.4 GB (100 MB each); then, "
                             "for each page a learner opens, a kernel waiting for the page after it; at most "
                             "100 pages at once"]
        pre.making = 5                          # a class's pages being made: no refill now
        for _ in range(3):
            km.take("00-start-memoir.ipynb")    # (Voilà's refill as it hands a kernel out: not now)
        assert km.get_pool_size("00-start-memoir.ipynb") == 27
        km._pools["00-start-memoir.ipynb"][:3] = []  # three more gone (their kernels died)
        pre.making = 0                          # the rush is over: one a turn, then the next
        monkeypatch.setattr(classroom, "RETRY_S", 0.01)
        pre.served("00-start-memoir.ipynb")     # one of the three learners' page is sent
        await asyncio.sleep(0.3)
        assert km.get_pool_size("00-start-memoir.ipynb") == 29 and km.shut == []   # 29 to come
        assert km.get_pool_size("01-battlefield-and-line-of-sight.ipynb") == 1     # one learner there
        assert limit.in_use() == 70 <= 100 - 30

    asyncio.run(start())


def test_tutor_app_class_is_the_landing_page_s_setting():
    assert serve.app_config(class_size=30)["LandingPage"]["class_size"] == 30
    assert VOILA_JSON["LandingPage"]["class_size"] == 0   # (plain voila: off unless set there)
    with pytest.raises(InputError, match=r"^tutor app: --class 0: allowed are 1-1000 \(learners\)$"):
        serve.cmd_app(cli.build_parser().parse_args(["app", "--class", "0", "--no-browser"]))


def test_a_class_walking_on_finds_its_next_page_waiting_and_the_landing_page_is_not_refilled(monkeypatch):
    """After the rush the class walks on, each learner at their own pace: the page after the one a
    learner opens gets one more kernel waiting (as many as the learners on the page before it who
    have not come yet; from the landing page, the learners who have not chosen a game yet, shared
    between the games' start pages as the others chose), made one at a time; the landing page's
    pool, taken by the whole class, is not refilled past voila.json's one, and a pool larger than
    its page still needs gives its surplus back."""
    monkeypatch.setattr(classroom, "RETRY_S", 0.01)
    landing, start, first = "index.ipynb", "00-start-memoir.ipynb", "01-battlefield-and-line-of-sight.ipynb"
    second, other = "02-setup-pegasus-bridge.ipynb", "20-start-undaunted.ipynb"

    async def walk():
        km, pre, log, _ = class_server(84)
        assert classroom.prepare_class(30, 84, km, pre, log) == {landing: 30, start: 20}

        async def opens(page, learners):  # as Page does: Voilà takes a kernel, then the page is sent
            for _ in range(learners):
                km.take(page)
                pre.served(page)
            await asyncio.sleep(0.3)

        await opens(landing, 30)
        assert km.get_pool_size(landing) == 1       # voila.json's one, not 30 more for nobody
        assert km.get_pool_size(other) == 15        # no game chosen yet: half the class each
        await opens(start, 20)
        assert km.get_pool_size(start) == 10        # the 10 still to come
        assert km.get_pool_size(other) == 1         # twenty chose Memoir '44: 10 × 1/22, one
        assert km.get_pool_size(first) == 20        # one for each learner on the start page
        await opens(first, 5)
        assert km.get_pool_size(first) == 15 and km.get_pool_size(second) == 5
        await opens(start, 10)                      # the last ten: their start page waited for them
        assert km.get_pool_size(start) == 1 and km.get_pool_size(first) == 25
        shut = len(km.shut)
        await opens(second, 1)                      # (second's learner took one: four still to come)
        assert km.get_pool_size(second) == 4 and len(km.shut) == shut
        pre.served(second)                          # a reload: the page came without a pool's kernel
        await asyncio.sleep(0.1)
        assert km.get_pool_size(second) == 3 and len(km.shut) == shut + 1   # the surplus given back

    asyncio.run(walk())


def test_a_class_s_lesson_game_gets_the_whole_preparation(monkeypatch):
    """``tutor app --class 30 --game memoir``: the lesson is about one game, so what the class's
    pages get is that game's alone: the landing page, its start page and its first chapter (the
    other game's start page keeps voila.json's one), and from the landing page every learner still
    to come is counted for that start page, not half of them for each game's."""
    monkeypatch.setattr(classroom, "RETRY_S", 0.01)
    landing = "index.ipynb"
    memoir = ["00-start-memoir.ipynb", "01-battlefield-and-line-of-sight.ipynb"]
    undaunted = ["20-start-undaunted.ipynb", "21-undaunted-components-and-setup.ipynb"]
    assert classroom.class_pages("memoir") == [landing, *memoir]
    assert classroom.class_pages("undaunted") == [landing, *undaunted]
    assert classroom.class_plan(30, 235, game="undaunted") == (dict.fromkeys([landing, *undaunted], 30), 8)
    assert classroom.class_plan(30, 100, game="memoir") == ({landing: 30, memoir[0]: 30, memoir[1]: 10}, 8)
    assert classroom.class_plan(30, 100) == ({landing: 30, memoir[0]: 30, undaunted[0]: 10}, 8)  # (both games)
    with pytest.raises(ValueError, match=r"^a class's game 'chess' is not a game of the course: "
                                         r"allowed are memoir, undaunted$"):
        classroom.class_pages("chess")

    async def walk():
        km, pre, log, _ = class_server(100)
        # (voila.json keeps one kernel waiting for Undaunted's start page and four pages beside the course)
        assert classroom.prepare_class(30, 100, km, pre, log, "memoir") == {landing: 30, memoir[0]: 30,
                                                                             memoir[1]: 5}
        assert log.lines == ["A class of 30 (Memoir '44 only): 30 for index.ipynb, 30 for 00-start-memoir.ipynb, "
                             "5 for 01-battlefield-and-line-of-sight.ipynb; 65 kernels waiting, about 6.3 GB "
                             "(100 MB each); then, for each page a learner opens, a kernel waiting for the page "
                             "after it; at most 100 pages at once"]
        assert km.get_pool_size(undaunted[0]) == 1
        for _ in range(30):                     # the class opens the landing page
            km.take(landing)
            pre.served(landing)
        await asyncio.sleep(0.3)
        assert km.get_pool_size(memoir[0]) == 30    # all thirty still to come: none shared out
        assert km.get_pool_size(undaunted[0]) == 1  # voila.json's one, for a learner who strays
        for _ in range(10):
            km.take(memoir[0])
            pre.served(memoir[0])
        await asyncio.sleep(0.3)
        assert km.get_pool_size(memoir[0]) == 20    # the twenty still to come
        assert km.get_pool_size(memoir[1]) == 5 and km.get_pool_size(undaunted[0]) == 1   # (as planned)

    asyncio.run(walk())


@pytest.mark.parametrize("argv, says", [
    (["--class", "30", "--game", "chess"], "tutor app: --game 'chess': allowed are memoir, undaunted (the lesson's game)"),
    (["--game", "memoir"], "tutor app: --game memoir: the game of a class's lesson: give the class too, "
                           "e.g. --class 30 --game memoir"),
])
def test_a_bad_class_game_is_one_line_and_status_2(argv, says, capsys):
    assert cli.main(["app", "--no-browser", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.strip() == "tutor: " + says.removeprefix("tutor ")


def test_tutor_app_game_is_the_landing_page_s_setting():
    from traitlets.config import Config

    from tutor.server.wiring import LandingPage

    cfg = serve.app_config(class_size=30, class_game="undaunted")["LandingPage"]
    assert cfg == {"class_size": 30, "class_game": "undaunted"}
    assert "class_game" not in serve.app_config(class_size=30)["LandingPage"]   # (both games, as before)
    assert LandingPage(config=Config({"LandingPage": cfg})).class_game == "undaunted"
    assert LandingPage().class_game == ""
