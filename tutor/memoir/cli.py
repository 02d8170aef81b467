"""``tutor check`` and ``tutor los``: validate scenario files; rule on line of sight."""

from __future__ import annotations

import sys

from tutor.errors import InputError
from tutor.hexes import fmt, parse_hex, row_major


def add_commands(sub) -> None:
    p = sub.add_parser("check", help="validate scenario files; prints 'ok FILE' for each good one")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("los", help="line of sight between two hexes, or every hex visible from one")
    p.add_argument("file", metavar="FILE")
    p.add_argument("origin", metavar="FROM", help='a hex "col,row"')
    p.add_argument("target", metavar="TO", nargs="?", help='a hex "col,row" (omit for a visibility map)')
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_los)


def cmd_check(args) -> int:
    from tutor.cli import error_line
    from tutor.scenario import load
    status = 0
    for path in args.files:
        try:
            load(path)
        except InputError as exc:
            print(error_line(exc), file=sys.stderr)
            status = 2
        else:
            print(f"ok {path}")
    return status


def load_memoir(path: str):
    """Load a scenario that must be a Memoir '44 one."""
    from tutor.memoir.scenario import Scenario
    from tutor.scenario import load
    s = load(path)
    if not isinstance(s, Scenario):
        raise InputError(f"{path}: game is undaunted; this command needs a memoir44 scenario")
    return s


def _unit_words(field, h) -> str:
    u = field.units.get(h)
    if u is None:
        return f"hex {fmt(h)}"
    return f"the {u.side} {u.kind} on {fmt(h)}"


def cmd_los(args) -> int:
    from tutor.cli import emit
    from tutor.memoir.los import line_of_sight, visible_from
    field = load_memoir(args.file)
    a = parse_hex(args.origin, what="FROM")
    if args.target is None:
        seen = sorted(visible_from(field, a), key=row_major)
        text = (f"From {fmt(a)}, {len(seen)} of {len(field.board.hexes) - 1} hexes are in line of sight "
                f"(range not applied):\n" + " ".join(fmt(h) for h in seen))
        emit({"from": list(a), "visible": [list(h) for h in seen]}, args.json, text)
        return 0
    b = parse_hex(args.target, what="TO")
    ruling = line_of_sight(field, a, b)
    verdict = "can see" if ruling.visible else "cannot see"
    lines = [f"{_unit_words(field, a).capitalize()} (height {ruling.heights[0]}) {verdict} "
             f"{_unit_words(field, b)} (height {ruling.heights[1]}).", ruling.reason]
    for o in ruling.obstructions:
        lines.append(f"  {fmt(o.hex)}: {'/'.join(o.what)}, {o.how.value.replace('_', ' ')}, "
                     f"{'counts' if o.counts else 'does not count'} — {o.why}")
    cites = dict.fromkeys(r.cite for r in ruling.rules)
    lines.append("Rules: " + "; ".join(cites))
    emit(ruling.to_json(), args.json, "\n".join(lines))
    return 0
