"""A class that opens the course at once: ``tutor app --class N`` (``LandingPage.class_size`` in
``voila.json``; ``--game``, ``LandingPage.class_game``: the lesson's one game) keeps kernels that
have run the pages a class opens together waiting for it (:func:`prepare_class`), then keeps
kernels waiting for the pages the class walks on to, as many as the learners still to come there
(:func:`follow_class`), made one at a time while the server is not busy
(:func:`refill_after_rush`), within the kernels the server may run
(:class:`~tutor.server.kernels.KernelLimit`).
"""

from __future__ import annotations

import asyncio
import posixpath
from collections import Counter, OrderedDict

from tutor.server import voila_private
from tutor.server.kernels import KERNEL_MB
from tutor.server.preheat import BUSY_MAX, LANDING, RETRY_S, WAITING_MAX, Preheat, pages_after
from tutor.server.preheat import ready as preheat_ready

# A class that opens the course at once (``tutor app --class N``, ``LandingPage.class_size`` in
# voila.json). Thirty learners asking for one page in the same second got it one kernel start after
# another: on two cores, about 2.6 s of CPU each, the last after 38 s (issue 38). A class's pages
# are made before it comes: kernels that have run the pages a class opens together wait for it,
# as many as the class (the start-up pages' pools, refilled by Voilà as they are taken), in the
# order the class opens them, within the kernels the server may run (KernelLimit), leaving room for
# each learner's own page. Then the class walks on, each learner at their own pace: the page after
# the one a learner opens gets one more kernel waiting, made while they read (follow_class).
CLASS_MAX = 1000  # learners, at most, a --class may say
CLASS_WALK_SHARE = 4  # a walked-to page's pool outside a class's walk: a quarter of the class


def start_pages(game: str | None = None) -> list[str]:
    """The games' start pages a class goes on to from the landing page: both, or with ``game``
    (a key of ``tutor.course.GAME_KEYS``: the lesson's game) that game's only."""
    starts = pages_after(LANDING)[:2]
    if game is None:
        return starts
    from tutor import course

    if game not in course.GAME_KEYS:
        raise ValueError(f"a class's game {game[:30]!r} is not a game of the course: allowed are "
                         f"{', '.join(course.GAME_KEYS)}")
    game_of = {page.notebook: page.game for page in course.STARTS}
    return [start for start in starts if game_of.get(start) == course.GAME_KEYS[game]]


def class_pages(game: str | None = None) -> list[str]:
    """The pages a class opens together, in order: the landing page, each game's start page (with
    ``game``, that game's: :func:`start_pages`), the chapter after each start page."""
    starts = start_pages(game)
    return [LANDING, *starts, *(after for start in starts for after in pages_after(start))]


def class_plan(learners: int, most: int, others: int = 0,
               game: str | None = None) -> tuple[dict[str, int], int]:
    """For a class of ``learners`` on a server running at most ``most`` kernels: the kernels to
    keep waiting for each of :func:`class_pages` (page → pool size; a page with none is left
    out; with ``game``, only that game's pages), and the pool of a page learners walk on to
    outside a class's walk. All that waits at start (these, ``others`` waiting for other pages)
    is at most ``most - learners``: each learner's own page always has its place. (The pages the class walks on to need no room kept
    aside: :func:`follow_class` fills them with what the pages behind the class give back.)"""
    walk = max(1, min(-(-learners // CLASS_WALK_SHARE), max(0, most - learners)))
    room = max(0, most - learners - others)
    plan = {}
    for page in class_pages(game):
        size = min(learners, room)
        if size > 0:
            plan[page] = size
            room -= size
    return plan, walk


def prepare_class(learners: int, most: int, kernel_manager, preheat: Preheat | None, log,
                  game: str | None = None) -> dict:
    """Size the start-up pools for a class (:func:`class_plan`; with ``game``, the lesson's one
    game: the pages of that game only), fill them, and say in one line of the log what waits and
    what it costs in memory. Returns the plan."""
    pools = getattr(kernel_manager, "kernel_pools_config", None)
    if preheat is None or not preheat.on or pools is None:
        log.warning("A class of %d: nothing prepared, the server keeps no kernels waiting "
                    "(preheat_kernel is off)", learners)
        return {}
    pages = class_pages(game)
    floor = {p: c.get("pool_size", 0) for p, c in pools.items() if p != "default"}  # (voila.json's)
    others = sum(c.get("pool_size", 0) for p, c in pools.items() if p != "default" and p not in pages)
    plan, walk = class_plan(learners, most, others, game)
    for page, size in plan.items():
        pools[page] = {**pools.get(page, {}), "pool_size": size}
    preheat.start_up = preheat.start_up | set(plan)
    preheat.depth = walk
    waiting = sum(plan.values())
    preheat.waiting_max = max(WAITING_MAX, most - learners)
    for page in plan:
        kernel_manager.fill_if_needed(delay=0, notebook_name=page)
    targets = dict(plan)  # (the plan returned stays as planned; the targets follow the class)
    refill_after_rush(kernel_manager, preheat, targets)
    follow_class(kernel_manager, preheat, targets, learners, floor, game)
    from tutor.course import GAME_KEYS
    log.info("A class of %d%s: %s; %d kernel%s waiting, about %.1f GB (%d MB each); then, for each "
             "page a learner opens, a kernel waiting for the page after it; at most %d pages at once",
             learners, f" ({GAME_KEYS[game]} only)" if game else "",
             ", ".join(f"{size} for {page}" for page, size in plan.items()) or "no kernel can wait",
             waiting, "" if waiting == 1 else "s", waiting * KERNEL_MB / 1024, KERNEL_MB, most)
    return plan


def still_to_come(page: str, learners: int, opened: Counter, before: dict[str, set[str]],
                  planned: dict[str, int], siblings: tuple[str, ...] = ()) -> int:
    """How many of a class of ``learners`` are still to open ``page``, from the pages they have
    opened (``opened``: page → learners sent it): a page the class opens together (``planned``:
    page → its kernels in the plan), the class but those who have opened it, at most as many as
    planned; a page learners walk on to, those who have opened a page leading to it (``before``)
    but neither it nor one of its ``siblings`` yet (the games' start pages: the learners who have
    not chosen a game yet, shared between them as the others chose, half each at first). At least
    0, at most the class."""
    if page in planned:
        coming = min(planned[page], learners - opened[page])
    else:
        coming = sum(opened[p] for p in before.get(page, ())) - opened[page]
        if siblings:  # learners who have not chosen a game yet, shared as the others chose
            chosen = sum(opened[other] for other in siblings)
            undecided = coming - (chosen - opened[page])
            coming = -(-undecided * (opened[page] + 1) // (chosen + len(siblings)))
    return max(0, min(learners, coming))


def follow_class(kernel_manager, preheat: Preheat, targets: dict[str, int], learners: int,
                 floor: dict[str, int], game: str | None = None) -> None:
    """Keep kernels waiting where the class goes: each time a learner is sent a page, that page
    and the page after it in reading order (:func:`~tutor.server.preheat.pages_after`; from the
    landing page, the games' start pages; with ``game``, that game's only) get as many as the
    learners still to come there (:func:`still_to_come`, at least ``floor``: the pools ``voila.json`` gives), made one at a
    time while the server is not busy (``targets``: the pools :func:`refill_after_rush` fills).
    A pool larger than its page still needs (the landing page once the whole class has it) is not
    refilled, and its surplus is shut down: the memory goes to the pages ahead. A learner reads a
    page for minutes (benchmarks/bench_class.py), and a kernel is made in a few seconds: the next
    page's kernel is ready before its learner is."""
    pools = kernel_manager.kernel_pools_config
    planned = dict(targets)
    opened: Counter[str] = Counter()
    before: dict[str, set[str]] = {}
    served = preheat.served

    def resize(page: str, siblings: tuple[str, ...]) -> None:
        target = max(floor.get(page, 0), still_to_come(page, learners, opened, before, planned, siblings))
        targets[page] = target
        pools[page] = {**pools.get(page, {}), "pool_size": max(1, target)}
        pool = voila_private.pools(kernel_manager).get(page, [])
        surplus = [t for t in pool if preheat_ready(t) and not preheat.is_stopping(t)][target:]
        for task in surplus:
            preheat.stop(voila_private.pool_kernel(task))
        if kernel_manager.get_pool_size(page) < target:
            kernel_manager.fill_if_needed(delay=0, notebook_name=page)

    def served_in_class(page: str) -> None:
        opened[page] += 1
        folder = posixpath.dirname(page)
        name = posixpath.basename(page)
        starts = [posixpath.join(folder, start) for start in start_pages(game)]
        # From the landing page, the games' start pages (not the pages beside the course: a class
        # does not open them together; with the lesson's game, its start page alone); a learner
        # choosing a game counts for both start pages.
        after = (starts if name == LANDING
                 else [posixpath.join(folder, later) for later in pages_after(name)])
        for later in after:
            before.setdefault(later, set()).add(page)
        for name in dict.fromkeys([page, *after, *(starts if page in starts else ())]):
            if not preheat.closed and (name in targets or name in before):
                resize(name, tuple(starts) if name in starts and len(starts) > 1 else ())
        served(page)

    fill = kernel_manager.fill_if_needed

    def fill_if_needed(*args, **kwargs):
        if kwargs.get("delay") is None and kwargs.get("notebook_name") in targets:
            # Voilà refilling a pool whose kernel a learner has just taken (with its default
            # delay): how many that page still needs is said once the page is sent (resize).
            return None
        return fill(*args, **kwargs)

    kernel_manager.fill_if_needed = fill_if_needed
    preheat.served = served_in_class


def refill_after_rush(kernel_manager, preheat: Preheat, plan: dict[str, int]) -> None:
    """Refill the class's pools (``plan``) one kernel at a time, only while the server is not busy
    (:data:`~tutor.server.preheat.BUSY_MAX`): Voilà refilled each kernel as it was taken, so a class taking the landing
    page's 30 started 30 more at once, on the CPU the learners' next pages needed (bench_class.py:
    the next pages came slower with --class than without)."""
    fill = kernel_manager.fill_if_needed
    pools = kernel_manager.kernel_pools_config
    short: OrderedDict[str, None] = OrderedDict()  # class pages whose pool is short, oldest first
    timer = None

    def one_more() -> None:
        nonlocal timer
        timer = None
        for page in list(short):  # (each page once a turn: a fill KernelLimit refuses adds none)
            if preheat.closed or preheat.busy() >= BUSY_MAX:
                break
            del short[page]
            if kernel_manager.get_pool_size(page) < plan[page]:
                size = pools[page]["pool_size"]
                pools[page]["pool_size"] = kernel_manager.get_pool_size(page) + 1
                try:
                    fill(delay=0, notebook_name=page)
                finally:
                    pools[page]["pool_size"] = size
                if kernel_manager.get_pool_size(page) < plan[page]:
                    short[page] = None  # (its next kernel when this one has started)
        if short and not preheat.closed:
            timer = asyncio.get_event_loop().call_later(RETRY_S, one_more)

    def fill_if_needed(*args, **kwargs):
        page = kwargs.get("notebook_name")
        if page not in plan:
            return fill(*args, **kwargs)
        short[page] = None
        if timer is None:
            one_more()
        return None

    kernel_manager.fill_if_needed = fill_if_needed
