"""Lab commands: ``tutor import-m44``, ``tutor link``, ``tutor handout`` (and ``tutor board-odds``).

Registered by ``tutor.cli`` through :func:`add_commands`. Every error a person can fix is one line
on stderr with exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tutor.errors import InputError
from tutor.inputs import write_text


def add_commands(sub) -> None:
    p = sub.add_parser("import-m44", help="convert a scenario-editor .m44 file to a scenario YAML file")
    p.add_argument("file", metavar="FILE.m44")
    p.add_argument("-o", "--output", metavar="OUT.yaml", help="write here (default: print the YAML)")
    p.set_defaults(func=cmd_import_m44)

    p = sub.add_parser("link", help="a board's share link (from a scenario file), or the scenario in a link")
    p.add_argument("source", metavar="FILE|LINK", help="a scenario file to encode, or a link / m1.… code to decode")
    p.add_argument("--base", default="", metavar="URL",
                   help="the lab page's address, e.g. http://localhost:8866/voila/render/lab.ipynb")
    p.add_argument("-o", "--output", metavar="OUT.yaml", help="when decoding: write the scenario here")
    p.set_defaults(func=cmd_link)

    p = sub.add_parser("handout", help="a printable one-page chapter reference (HTML with the boards drawn)")
    p.add_argument("chapter", nargs="?", metavar="CHAPTER", help="chapter number (e.g. 07) or notebook name")
    p.add_argument("--all", action="store_true", help="every chapter that has a handout (-o is a folder)")
    p.add_argument("-o", "--output", metavar="OUT", help="file (or folder with --all); default: print the HTML")
    kind = p.add_mutually_exclusive_group()
    kind.add_argument("--worksheet", action="store_true",
                      help="the chapter's check-yourself questions to print, without the answers")
    kind.add_argument("--answers", action="store_true", help="the answer key of the chapter's worksheet")
    p.set_defaults(func=cmd_handout)


def _write(text: str, output: str | None, what: str = "scenario") -> None:
    if output:
        write_text(output, text, what)
    else:
        sys.stdout.write(text)


def cmd_import_m44(args) -> int:
    from tutor.lab.m44 import import_m44
    result = import_m44(args.file)
    for w in result.warnings:
        print(f"tutor: warning: {w}", file=sys.stderr)
    _write(result.yaml(Path(args.file).name), args.output)
    if args.output:
        n = len(result.scenario.units)
        print(f"wrote {args.output}: {result.scenario.board.name} board, {len(result.scenario.terrain)} terrain hexes, "
              f"{len(result.scenario.obstacles)} obstacles, {n} units; {len(result.warnings)} warning"
              f"{'s' if len(result.warnings) != 1 else ''}", file=sys.stderr)
    return 0


def cmd_link(args) -> int:
    from tutor.lab import link
    src = args.source
    looks_like_link = ("board=" in src or "://" in src or src.startswith("?")
                       or (src[:1] == "m" and "." in src[:6] and src.split(".", 1)[0][1:].isdigit()))
    try:
        is_file = Path(src).is_file()
    except (OSError, ValueError):       # a name too long for a path, or with NUL: not a file
        is_file = False
    if not looks_like_link or is_file:
        from tutor.memoir.cli import load_memoir
        print(link.share_url(load_memoir(src), args.base) if args.base else link.encode(load_memoir(src)))
        return 0
    scenario = link.decode(src)
    _write(scenario.to_yaml(), args.output)
    if args.output:
        print(f"wrote {args.output}: the board {scenario.title!r}", file=sys.stderr)
    return 0


def cmd_handout(args) -> int:
    from tutor.lab import handouts
    sheet = args.worksheet or args.answers
    if sheet:
        def write(ch, out):
            return handouts.write_worksheet(ch, out, answers=args.answers)

        def page(ch):
            return handouts.worksheet_html(ch, answers=args.answers)
    else:
        write, page = handouts.write, handouts.handout_html
    if args.all:
        if not args.output:
            raise InputError("tutor handout --all needs -o FOLDER")
        out = Path(args.output)
        try:
            out.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise InputError(f"{out}: is a file: tutor handout --all writes one handout per chapter into "
                             f"a folder; give a folder") from None
        except OSError as exc:
            raise InputError(f"{out}: cannot make the folder for the handouts "
                             f"({exc.strerror or type(exc).__name__})") from None
        chapters = (handouts.chapters_with_worksheets() if sheet else handouts.chapters_with_handouts())
        for ch in chapters:
            print(f"wrote {write(ch, out)}", file=sys.stderr)
        return 0
    if not args.chapter:
        raise InputError("tutor handout: give a CHAPTER (e.g. 07) or --all; chapters with handouts: "
                         + ", ".join(handouts.chapters_with_handouts()))
    if args.output:
        print(f"wrote {write(args.chapter, args.output)}", file=sys.stderr)
    else:
        sys.stdout.write(page(args.chapter))
    return 0
