"""Every read of Voilà's and jupyter_server's private state the app needs, and nowhere else.

The app (``tutor/app.py``) mends Voilà 0.5 from the outside, and some of that needs what Voilà
does not publish: its kernel pools, the kernels still starting, the request it keeps for a
preheated kernel, the task making a page, the websocket sessions jupyter_server keeps open. Each
is read here, once, and ``tests/test_voila_private.py`` asserts, for the installed Voilà, that each
still exists with the shape read here. :func:`check_version` refuses at start, in one line, a
Voilà the app does not know (``KNOWN``: pinned the same in ``pyproject.toml``), so an upgrade
stops the server before a learner's page, not in it.
"""

from __future__ import annotations

import asyncio

# The Voilà releases whose private state this module reads as it does (pyproject.toml's pin).
KNOWN_LOWEST, KNOWN_BEYOND = (0, 5, 13), (0, 6)
KNOWN = ">=0.5.13,<0.6"


def release(version: str) -> tuple[int, ...]:
    """The numbers at the front of a version (``0.5.13`` → (0, 5, 13); ``0.6.0a1`` → (0, 6, 0))."""
    numbers = []
    for part in version.split("."):
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        numbers.append(int(digits))
        if len(digits) != len(part):
            break
    return tuple(numbers)


def check_version(version: str | None = None) -> str:
    """The installed Voilà's version, if it is one this module knows; else ValueError, one line."""
    if version is None:
        from voila._version import __version__ as version
    if not KNOWN_LOWEST <= release(version) < KNOWN_BEYOND:
        raise ValueError(f"Voilà {version} is installed; the app knows Voilà {KNOWN} only "
                         f"(pip install 'voila{KNOWN}')")
    return version


# Voilà 0.5's kernel pools (``VoilaKernelManager._pools``): page → [task of a preheated kernel],
# each task giving {"kernel_id": …, "task": the task running the page, "renderer": …}.

def pools(kernel_manager) -> dict:
    """The pools of Voilà's kernel manager, the live dict (empty without preheating)."""
    found = getattr(kernel_manager, "_pools", None)
    return found if found is not None else {}


def pool_kernel(task) -> str | None:
    """The kernel id a pool's task (done, not failed) gives."""
    return task.result().get("kernel_id")


def pool_render(task):
    """The task running the page in a pool's kernel (a pool's task done, not failed)."""
    return task.result()["task"]


def give_back(kernel_manager, page: str, held: list) -> None:
    """Put the pool's tasks ``held`` back at the front of the pool of ``page``."""
    kernel_manager._pools.setdefault(page, [])[:0] = held


def starting_kernels(kernel_manager) -> dict:
    """jupyter_client's kernels still starting (``_pending_kernels``): id → the start's future."""
    found = getattr(kernel_manager, "_pending_kernels", None)
    return found if found is not None else {}


# The manager's two ways into a kernel's shut-down (jupyter_client's ``MultiKernelManager``):
# ``shutdown_all`` calls the private one, Voilà's pools and a page left the public one.
SHUTDOWN_METHODS = ("_async_shutdown_kernel", "shutdown_kernel")


def forget_request(kernel_id: str) -> None:
    """Drop the request Voilà keeps for a preheated kernel's notebook
    (``RequestInfoSocketHandler._cache``)."""
    from voila.request_info_handler import RequestInfoSocketHandler

    RequestInfoSocketHandler._cache.pop(kernel_id, None)


def page_maker(handler):
    """The task making ``handler``'s page (Voilà 0.5's ``put_html``, a closure of its page
    handler's ``get_generator`` over ``gen`` and ``kernel_id``) and its kernel's id, or (None,
    None): a page from a preheated kernel has none, and it may have ended."""
    for task in asyncio.all_tasks():
        coro = task.get_coro()
        frame = getattr(coro, "cr_frame", None)
        if frame is None or not getattr(coro, "__qualname__", "").endswith(".put_html"):
            continue
        if getattr(frame.f_locals.get("gen"), "request_handler", None) is handler:
            return task, frame.f_locals.get("kernel_id")
    return None, None


def forget_session(handler) -> None:
    """A kernel websocket ``handler`` whose handshake was refused: jupyter_server registered its
    session when it prepared the connection (``ZMQChannelsWebsocketConnection._open_sessions``,
    session → handler) and lets it go only when the socket closes, which a refused one never does."""
    connection = getattr(handler, "connection", None)
    sessions = getattr(type(connection), "_open_sessions", None) if connection is not None else None
    if sessions is not None:
        key = getattr(connection, "session_key", None)
        if sessions.get(key) is handler:
            sessions.pop(key)
