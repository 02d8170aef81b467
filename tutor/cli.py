"""The ``tutor`` command line.

Every sub-command lives beside the engine it drives and registers itself here through an
``add_commands(subparsers)`` function. Errors a person can fix (bad file, key, hex, option)
print one line on stderr and exit with status 2; nothing is changed.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import import_module

from tutor.errors import IllegalAction, InputError

# Modules that contribute sub-commands, in help order.
COMMAND_MODULES = (
    "tutor.memoir.cli",         # check, los
    "tutor.memoir.cli_battle",  # retreat, odds
    "tutor.memoir.cli_game",    # cards, play, air
    "tutor.render.cli",         # render
    "tutor.undaunted.cli",      # undaunted …
    "tutor.lab.cli",            # import-m44, link, handouts
    "tutor.serve",              # app
)


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit status 2."""

    def error(self, message):
        raise InputError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="tutor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    for name in COMMAND_MODULES:
        try:
            module = import_module(name)
        except ModuleNotFoundError as exc:
            # The part is not written yet (the module or its package is missing): skip it.
            if exc.name is None or not (name == exc.name or name.startswith(exc.name + ".")):
                raise
            continue
        module.add_commands(sub)
    return parser


def emit(data, as_json: bool, text: str) -> None:
    """Print ``data`` as JSON or ``text`` for people."""
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(text)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.func(args) or 0
    except (InputError, IllegalAction) as exc:
        print(f"tutor: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
