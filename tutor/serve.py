"""``tutor app``: serve the course with Voilà, from any folder, after a plain ``pip install``.

The settings are the project's ``voila.json`` (the one ``voila`` reads in the repository root;
an installed package carries a copy, see ``tutor.paths``): the landing page hook, sources
stripped, kernel culling, the input limits. ``tutor app`` reads that file, points
``Voila.root_dir`` at the course's notebooks wherever they are, applies its own options on top
(port, host, browser, preheated kernels, the most kernels at once) and runs Voilà's standalone
server in this process, so Ctrl-C stops the server and its kernels. No ``voila.json`` or
``voila.py`` of the current folder is read.

Kernels run this Python (the one whose ``tutor`` package is serving), whatever ``python3``
kernel spec the machine has installed elsewhere.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import sys
from functools import cache
from pathlib import Path

from tutor import paths
from tutor.errors import InputError
from tutor.inputs import clipped

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def settings(path: Path | None = None) -> dict:
    """The course's Voilà settings (``voila.json``) as a dict of traitlets sections."""
    path = path or paths.VOILA_JSON
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: the app's settings are missing (reinstall the package)") from None
    if not isinstance(data, dict) or not isinstance(data.get("Voila", {}), dict):
        raise InputError(f"{path}: not a Voilà settings file (a mapping of sections such as \"Voila\")")
    return data


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def app_config(port: int | None = None, host: str | None = None, open_browser: bool = True,
               preheat: bool | None = None, pool_size: int | None = None,
               class_size: int | None = None, class_game: str | None = None) -> dict:
    """``voila.json`` with the course folder and the command's options applied: what ``tutor
    app`` hands to Voilà. An option left at None keeps ``voila.json``'s value (or Voilà's)."""
    cfg = settings()
    voila = cfg.setdefault("Voila", {})
    root = voila.get("root_dir", "notebooks")
    voila["root_dir"] = str((paths.COURSE / root).resolve())
    voila["open_browser"] = open_browser
    if port is not None:
        voila["port"] = port
    if host is not None:
        voila["ip"] = host
    conf = cfg.setdefault("VoilaConfiguration", {})
    conf["kernel_spec_manager_class"] = "tutor.serve.ThisPython"
    if preheat is not None:
        conf["preheat_kernel"] = preheat
    if pool_size is not None:
        conf["default_pool_size"] = pool_size
        pools = cfg.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
        for pool in pools.values():  # the pages voila.json preheats (Voilà reads no default then)
            if pool.get("pool_size", 0) > 0:
                pool["pool_size"] = pool_size
    if class_size is not None:
        cfg.setdefault("LandingPage", {})["class_size"] = class_size  # (tutor.server.classroom.prepare_class)
    if class_game is not None:
        cfg.setdefault("LandingPage", {})["class_game"] = class_game
    return cfg


@cache
def _this_python():
    from ipykernel.kernelspec import RESOURCES, get_kernel_dict
    from jupyter_client.kernelspec import NATIVE_KERNEL_NAME, KernelSpecManager, NoSuchKernel

    class ThisPython(KernelSpecManager):
        """The ``python3`` kernel is always this interpreter (``sys.executable``)."""

        def get_kernel_spec(self, kernel_name):
            if kernel_name.lower() != NATIVE_KERNEL_NAME:
                raise NoSuchKernel(kernel_name)
            return self.kernel_spec_class(resource_dir=RESOURCES, **get_kernel_dict())

        def find_kernel_specs(self):
            return {NATIVE_KERNEL_NAME: RESOURCES}

    return ThisPython


def __getattr__(name):
    # Voilà imports the kernel spec manager class by name; jupyter_client is imported only then.
    if name == "ThisPython":
        return _this_python()
    raise AttributeError(name)


def see_base_data_files() -> None:
    """Voilà's templates and the widgets' front-end extensions are data files under
    ``<prefix>/share/jupyter`` of the Python they were installed into. In a virtual environment
    made with ``--system-site-packages`` Voilà may come from the base Python, whose data folder
    Jupyter does not search: add it to ``JUPYTER_PATH`` then (and only then)."""
    import voila

    if Path(voila.__file__).resolve().is_relative_to(Path(sys.prefix).resolve()):
        return
    base = Path(sys.base_prefix) / "share" / "jupyter"
    if base.is_dir():
        paths_now = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
        os.environ["JUPYTER_PATH"] = os.pathsep.join([*paths_now, str(base)])


def serve(cfg: dict) -> int:
    """Run Voilà's standalone server with these settings until Ctrl-C (or SIGTERM)."""
    from traitlets.config import Config
    from voila.app import Voila

    see_base_data_files()

    app = Voila(config=Config(cfg))
    app.config_file_paths = []  # only these settings: no voila.json/voila.py of the current folder
    app.initialize([])
    try:
        app.start()  # returns after Ctrl-C, once the kernels are shut down
    except OSError as error:  # (listening refused: Voilà leaves its folder of connection files)
        remove_connection_folder(app)
        raise InputError(f"tutor app: cannot serve on {cfg['Voila'].get('ip', 'localhost')}: "
                         f"{error.strerror or error}") from None
    except SystemExit:  # (Voilà found no free port, and said so)
        remove_connection_folder(app)
        raise
    return 0


def remove_connection_folder(app) -> None:
    import shutil

    folder = getattr(app, "connection_dir", "")
    if folder and os.path.basename(folder).startswith("voila_"):
        shutil.rmtree(folder, ignore_errors=True)


def check_host(host: str) -> None:
    """Refuse, in one line, a ``--host`` this computer cannot listen on: a name that does not
    resolve, a malformed address, or an address of another machine."""
    import socket

    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        raise InputError(f"tutor app: --host {clipped(host)}: no such address "
                         f"({getattr(error, 'strerror', None) or error}); e.g. localhost, "
                         "127.0.0.1, or 0.0.0.0 for a classroom network") from None
    refusal = None
    for family, kind, proto, _, address in found:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.bind((address[0], 0, *address[2:]))
            return
        except OSError as error:
            refusal = error
    raise InputError(f"tutor app: --host {clipped(host)}: not an address of this computer "
                     f"({getattr(refusal, 'strerror', None) or refusal}); e.g. localhost, "
                     "127.0.0.1, or 0.0.0.0 for a classroom network")


CLASS_MAX = 1000  # (tutor.server.classroom.CLASS_MAX: not imported here, Voilà may be missing)
POOL_SIZE_MAX = 8  # preheated kernels per page: the six start-up pages alone would hold 48 (~4 GB)


def cmd_app(args) -> int:
    if args.port is not None and not 1 <= args.port <= 65535:
        raise InputError(f"tutor app: --port {args.port} is not a port: allowed are 1-65535")
    if args.pool_size is not None and not 1 <= args.pool_size <= POOL_SIZE_MAX:
        raise InputError(f"tutor app: --pool-size {args.pool_size}: allowed are 1-{POOL_SIZE_MAX} "
                         "(preheated kernels per page; at most 16 wait in all)")
    if args.kernels_max is not None:
        from tutor.server.kernels import KERNELS_MAX_ALLOWED

        if not 1 <= args.kernels_max <= KERNELS_MAX_ALLOWED:
            raise InputError(f"tutor app: --kernels-max {args.kernels_max}: allowed are "
                             f"1-{KERNELS_MAX_ALLOWED} (kernels at once)")
        os.environ["TUTOR_KERNELS_MAX"] = str(args.kernels_max)  # read by tutor.server.kernels.kernels_max
    try:
        import voila  # noqa: F401
    except ImportError:
        raise InputError("tutor app: Voilà is not installed: pip install 'tutor[app]'") from None
    from tutor.server.voila_private import check_version

    try:
        check_version()
    except ValueError as unknown:
        raise InputError(f"tutor app: {unknown}") from None
    if args.class_size is not None and not 1 <= args.class_size <= CLASS_MAX:
        raise InputError(f"tutor app: --class {args.class_size}: allowed are 1-{CLASS_MAX} (learners)")
    if args.class_game is not None:
        from tutor.course import GAME_KEYS

        if args.class_game not in GAME_KEYS:
            raise InputError(f"tutor app: --game {clipped(args.class_game, 30)}: allowed are "
                             f"{', '.join(GAME_KEYS)} (the lesson's game)")
        if args.class_size is None:
            raise InputError(f"tutor app: --game {args.class_game}: the game of a class's lesson: "
                             "give the class too, e.g. --class 30 --game memoir")
    cfg = app_config(args.port, args.host, not args.no_browser, args.preheat, args.pool_size, args.class_size,
                     args.class_game)
    host = cfg["Voila"].get("ip", "localhost")
    check_host(host)
    if not is_loopback(host):
        print(f"tutor app: warning: serving on {host}, not this computer only: anyone who can reach "
              "it can open the course (each visitor gets a kernel); --host 127.0.0.1 keeps it local",
              file=sys.stderr)
    try:
        return serve(cfg)
    except KeyboardInterrupt:  # Ctrl-C before the server was up
        return 130


def add_commands(sub) -> None:
    p = sub.add_parser("app", help="serve the course in the browser (Voilà, the project's settings)",
                       description="Serve the course with Voilà and the project's settings "
                                   "(voila.json), from any folder. Ctrl-C stops it.")
    p.add_argument("--port", type=int, default=None, help="port to serve on (default 8866; the next "
                   "free one if taken)")
    p.add_argument("--host", default=None, help="address to listen on (default localhost; "
                   "0.0.0.0 serves a classroom network)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--preheat", action=argparse.BooleanOptionalAction, default=None,
                   help="keep kernels started ahead for the pages a learner opens next, at most "
                   "16 (on by default, as in voila.json)")
    p.add_argument("--pool-size", type=int, default=None, metavar="N",
                   help="preheated kernels per page (default 1)")
    p.add_argument("--kernels-max", type=int, default=None, metavar="N",
                   help="pages open at once, at most (each runs a kernel of 70-95 MB; default: from "
                   "the memory the server may use, 15 for 2 GB); past it a page says the course is "
                   "full")
    p.add_argument("--class", type=int, default=None, metavar="N", dest="class_size",
                   help="prepare for a class of N opening the course at once: kernels wait for "
                   "the landing page, the start pages and the first chapters, N each as memory "
                   "allows (said at start), then for the page after each one a learner opens")
    p.add_argument("--game", default=None, metavar="GAME", dest="class_game",
                   help="with --class: the lesson's one game, memoir or undaunted: what --class "
                   "prepares goes to that game's start page and first chapter only (without it, "
                   "both games' start pages share it until learners choose)")
    p.set_defaults(func=cmd_app)

