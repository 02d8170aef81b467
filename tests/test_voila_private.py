"""Each private of Voilà or jupyter_server the app reads (tutor/server/voila_private.py) still exists, on
the installed versions, with the shape the app reads (issue 35 item 3). A Voilà upgrade that moves
one fails here, and at start (check_version), not in a learner's page."""

from __future__ import annotations

import asyncio
import inspect
from types import SimpleNamespace

import pytest

from tutor.server import voila_private


def test_the_installed_voila_is_one_the_app_knows_and_others_are_refused_in_one_line():
    import voila

    assert voila_private.check_version() == voila.__version__
    for known in ("0.5.13", "0.5.14", "0.5.99rc1"):
        assert voila_private.check_version(known) == known
    for unknown in ("0.5.12", "0.6.0", "0.6.0a1", "1.0", "0.4.6", "nonsense"):
        with pytest.raises(ValueError) as refused:
            voila_private.check_version(unknown)
        assert "\n" not in str(refused.value) and f"Voilà {unknown} is installed" in str(refused.value)
    # pyproject.toml pins what this module knows
    from tutor import paths

    assert f'"voila{voila_private.KNOWN}"' in (paths.CHECKOUT / "pyproject.toml").read_text(encoding="utf-8")


def pooling_manager():
    """The class of Voilà's kernel manager with preheating on, as Voilà builds it."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    return voila_kernel_manager_factory(AsyncMappingKernelManager, preheat_kernel=True, default_pool_size=1)


def test_voila_s_pools_are_a_dict_of_tasks_giving_kernel_id_and_task():
    """``_pools``: page → [task]; each task's result {"kernel_id", "task", ...}, as Voilà itself
    reads it when it hands a pool's kernel out."""
    cls = pooling_manager()
    init = inspect.getsource(cls.__init__)
    assert "self._pools: TypeDict[str, List[TypeDict]] = {}" in init
    handing_out = inspect.getsource(cls.get_rendered_notebook)
    assert 'content["task"]' in handing_out and 'content["kernel_id"]' in handing_out
    assert "self._pools[notebook_name].pop(0)" in handing_out
    for public in ("fill_if_needed", "get_pool_size", "kernel_pools_config"):
        assert hasattr(cls, public)

    async def shape():
        async def render():
            return None
        render_task = asyncio.ensure_future(render())
        await render_task

        async def entry():
            return {"task": render_task, "renderer": None, "kernel_id": "k-1"}
        task = asyncio.ensure_future(entry())
        await task
        km = SimpleNamespace(_pools={"index.ipynb": [task]})
        assert voila_private.pools(km) is km._pools
        assert voila_private.pool_kernel(task) == "k-1" and voila_private.pool_render(task) is render_task
        voila_private.give_back(km, "index.ipynb", ["held"])
        assert km._pools["index.ipynb"] == ["held", task]

    asyncio.run(shape())
    assert voila_private.pools(SimpleNamespace()) == {}


def test_the_kernels_still_starting_are_jupyter_client_s_pending_kernels():
    from jupyter_client.multikernelmanager import MultiKernelManager

    km = MultiKernelManager()
    assert isinstance(km._pending_kernels, dict)
    assert voila_private.starting_kernels(km) is km._pending_kernels
    assert "_pending_kernels[kernel_id]" in inspect.getsource(MultiKernelManager._async_start_kernel)


def test_both_ways_into_a_kernel_s_shut_down_exist():
    from jupyter_client.multikernelmanager import MultiKernelManager

    for name in voila_private.SHUTDOWN_METHODS:
        assert callable(getattr(MultiKernelManager, name))
    assert "_async_shutdown_kernel" in inspect.getsource(MultiKernelManager._async_shutdown_all)


def test_the_request_voila_keeps_for_a_preheated_kernel_is_its_cache_by_kernel_id():
    from voila.request_info_handler import RequestInfoSocketHandler

    RequestInfoSocketHandler.send_updates({"kernel_id": "k-private", "payload": "{}"})
    assert RequestInfoSocketHandler._cache["k-private"] == "{}"
    voila_private.forget_request("k-private")
    assert "k-private" not in RequestInfoSocketHandler._cache


def test_the_task_making_a_page_is_put_html_over_gen_and_kernel_id():
    """Voilà 0.5 makes a page in ``put_html``, a closure of the page handler's get_generator over
    ``gen`` (whose ``request_handler`` is the handler) and ``kernel_id``: page_maker finds it so."""
    from voila.handler import VoilaHandler
    from voila.notebook_renderer import NotebookRenderer

    nested = [c for c in VoilaHandler.get_generator.__code__.co_consts if inspect.iscode(c)]
    put_html = next(c for c in nested if c.co_name == "put_html")
    assert {"gen", "kernel_id"} <= set(put_html.co_freevars)
    assert "self.request_handler = kwargs.get(\"request_handler\")" in inspect.getsource(NotebookRenderer.__init__)

    handler = object()

    async def find():
        gen, kernel_id = SimpleNamespace(request_handler=handler), "k-made"
        stop = asyncio.Event()

        async def put_html():
            assert gen and kernel_id
            await stop.wait()

        task = asyncio.ensure_future(put_html())
        await asyncio.sleep(0)
        found = voila_private.page_maker(handler)
        stop.set()
        await task
        return found == (task, "k-made"), voila_private.page_maker(handler)

    assert asyncio.run(find()) == (True, (None, None))


def test_a_refused_socket_s_session_is_jupyter_server_s_open_sessions_entry():
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    assert isinstance(ZMQChannelsWebsocketConnection._open_sessions, dict)
    assert "session_key" in ZMQChannelsWebsocketConnection.class_trait_names()
    assert "_open_sessions[self.session_key] = self.websocket_handler" in inspect.getsource(
        ZMQChannelsWebsocketConnection._register_session)

    class Connection(ZMQChannelsWebsocketConnection):
        session_key = "k:s"

    handler, other = SimpleNamespace(), SimpleNamespace()
    handler.connection = Connection.__new__(Connection)
    sessions = ZMQChannelsWebsocketConnection._open_sessions
    sessions["k:s"] = other
    voila_private.forget_session(handler)   # another's session: kept
    assert sessions["k:s"] is other
    sessions["k:s"] = handler
    voila_private.forget_session(handler)
    assert "k:s" not in sessions


def test_tutor_app_refuses_a_voila_it_does_not_know_in_one_line(monkeypatch, capsys):
    import voila._version

    from tutor import cli

    monkeypatch.setattr(voila._version, "__version__", "0.6.0")
    assert cli.main(["app", "--no-browser", "--port", "1"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "Voilà 0.6.0 is installed; the app knows Voilà >=0.5.13,<0.6" in said


def test_plain_voila_with_the_app_s_settings_refuses_it_too(monkeypatch, caplog):
    import logging

    import voila._version

    from tutor.app import LandingPage

    monkeypatch.setattr(voila._version, "__version__", "0.6.1")
    with caplog.at_level(logging.CRITICAL), pytest.raises(SystemExit):
        LandingPage().get_handlers()
    assert [r.getMessage() for r in caplog.records] == [
        "Voilà 0.6.1 is installed; the app knows Voilà >=0.5.13,<0.6 only (pip install 'voila>=0.5.13,<0.6')"]
