"""``tutor render FILE -o board.svg [--los FROM TO] [--from FROM]``: a scenario board as SVG."""

from __future__ import annotations

import sys

from tutor.inputs import write_text


def _suggest(words: list[str]) -> str | None:
    """``tutor render FILE OUT.svg`` → ``tutor render FILE -o OUT.svg``."""
    plain = [w for w in words if not w.startswith("-")]
    if len(plain) == 2 and plain[1].lower().endswith(".svg"):
        return f"tutor render {plain[0]} -o {plain[1]}"
    return None


def add_commands(sub) -> None:
    p = sub.add_parser("render", suggest=_suggest, help="draw a scenario board as SVG (terrain, units, coordinates, "
                                      "sections; optionally a line of sight and the visible hexes)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", metavar="OUT.svg", help="write here (default: standard output)")
    p.add_argument("--los", nargs=2, metavar=("FROM", "TO"), help="draw the line of sight FROM → TO "
                                                                 "with every obstruction marked")
    p.add_argument("--from", dest="origin", metavar="FROM", help="shade every hex visible from FROM")
    p.add_argument("--no-legend", action="store_true", help="leave out the legend")
    p.add_argument("--no-coords", action="store_true", help="leave out the hex coordinates")
    p.set_defaults(func=cmd_render)


def cmd_render(args) -> int:
    from tutor.hexes import parse_hex
    from tutor.memoir.cli import load_memoir
    from tutor.memoir.los import line_of_sight, visible_from
    from tutor.memoir.state import from_scenario
    from tutor.render.scene import highlights, los_highlights, scene
    from tutor.render.svg import svg

    field = load_memoir(args.file)
    medals = [(h, "medal") for o in from_scenario(field).objectives for h in o.hexes]
    hl = highlights(notes=medals) if medals else None
    title = None
    if args.origin is not None:
        a = field.board.check(parse_hex(args.origin, what="--from"), what="--from")
        seen = highlights(visible=visible_from(field, a), origin=[a])
        hl = seen if hl is None else hl + seen
        title = f"{field.title}: seen from {a[0]},{a[1]}"
    if args.los is not None:
        a = parse_hex(args.los[0], what="--los FROM")
        b = parse_hex(args.los[1], what="--los TO")
        ruling = line_of_sight(field, a, b)
        los = los_highlights(ruling)
        hl = los if hl is None else hl + los
        verdict = "can see" if ruling.visible else "cannot see"
        title = f"{field.title}: {a[0]},{a[1]} {verdict} {b[0]},{b[1]}"
    text = svg(scene(field, hl, title=title, legend=not args.no_legend, coords=not args.no_coords))
    if args.output in (None, "-"):
        sys.stdout.write(text + "\n")
        return 0
    write_text(args.output, text + "\n", "SVG")
    print(f"wrote {args.output}: the {field.board.name} board of {field.title!r}", file=sys.stderr)
    return 0
