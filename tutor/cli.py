"""The rules tutor's command line: Memoir '44 and Undaunted: Normandy rulings, boards and games.

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
    "tutor.completion",         # results
)


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit status 2, with the right form.

    ``suggest`` (a keyword of ``add_parser``) turns the words a person typed after the command
    into the command they probably meant, or None."""

    argv: tuple[str, ...] = ()      # the words being parsed (set by main), for suggestions

    def __init__(self, *args, suggest=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.suggest = suggest
        self.set_defaults(parser_=self)      # the innermost command's parser, for its errors

    def error(self, message):
        words = list(self.argv)
        name = self.prog.split()[1:]                  # "tutor odds" → ["odds"]
        rest = words[len(name):] if words[:len(name)] == name else words
        wrong_form = message.startswith(("unrecognized arguments", "the following arguments are required"))
        hint = self.suggest(rest) if self.suggest and wrong_form else None
        usage = " ".join(self.format_usage().split()[1:])
        tail = f"; did you mean: {hint}" if hint else (f"; usage: {usage}" if self.prog != "tutor" else "")
        raise InputError(f"{self.prog}: {message}{tail}")


def error_line(exc) -> str:
    """The one line an error prints: "tutor: …", the program's name said once ("tutor odds: x"
    becomes "tutor: odds: x", never "tutor: tutor odds: x")."""
    text = " ".join(str(exc).split("\n"))
    if text.startswith("tutor:"):
        return text
    return "tutor: " + (text.removeprefix("tutor "))


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="tutor", description=__doc__.splitlines()[0],
                           epilog="Errors a person can fix print one line and exit with status 2.")
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
    OneLineParser.argv = tuple(sys.argv[1:] if argv is None else argv)
    stdout = sys.stdout
    sys.stdout = Output(stdout)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:       # said by the command's own parser, which knows its right form
            args.parser_.error(f"unrecognized arguments: {' '.join(extra)}")
        status = args.func(args) or 0
        sys.stdout.flush()  # (a full disk says so here, not in a traceback at exit)
        return status
    except (InputError, IllegalAction) as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:
        drop_output(stdout)
        return 0
    except OutputFailed as failed:
        if isinstance(failed.error, BrokenPipeError):  # (the reader had enough: `| head`)
            drop_output(stdout)
            return 0
        drop_output(stdout)
        print(f"tutor: the output could not be written ({failed.error.strerror or failed.error})",
              file=sys.stderr)
        return 2
    finally:
        sys.stdout = stdout


class OutputFailed(Exception):
    """Standard output refused what was written (a full disk, a closed pipe): ``error``."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


class Output:
    """Standard output, whose write errors are :class:`OutputFailed` (told apart from a file the
    command could not read)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        try:
            return self.stream.write(text)
        except OSError as error:
            raise OutputFailed(error) from None

    def flush(self):
        try:
            return self.stream.flush()
        except OSError as error:
            raise OutputFailed(error) from None

    def __getattr__(self, name):
        return getattr(self.stream, name)


def drop_output(stdout) -> None:
    """Let what standard output still holds go, so that Python's own flush at exit does not fail
    again (with its own traceback)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # (stdout replaced, e.g. by a test's capture)
        pass


if __name__ == "__main__":
    sys.exit(main())
