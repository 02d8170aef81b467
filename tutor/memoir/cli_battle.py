"""Command-line rulings of the battle engine: ``tutor retreat``, ``tutor odds``, ``tutor moves``.

    tutor retreat FILE AT --flags N [--ignore K] [--json]
    tutor odds --dice N --vs infantry|armor|artillery [--json]
    tutor odds FILE --attacker C,R --target C,R [--json]
    tutor moves FILE AT [--json]
"""

from __future__ import annotations

from tutor.errors import InputError
from tutor.inputs import MAX_BATTLE_DICE, cli_int

DICE = cli_int(0, MAX_BATTLE_DICE, "the box's 8 battle dice: no battle rolls more")
FLAGS = cli_int(0, MAX_BATTLE_DICE, "a roll of at most 8 dice shows at most 8 flags")


def _suggest_odds(words: list[str]) -> str | None:
    """``tutor odds 3 infantry`` → the named form ``tutor odds --dice 3 --vs infantry``."""
    plain = [w for w in words if not w.startswith("-")]
    num = next((w for w in plain if w.isascii() and w.isdigit()), None)
    kind = next((w for w in plain if w in ("infantry", "armor", "artillery")), None)
    if num and kind:
        return f"tutor odds --dice {num} --vs {kind}"
    return None


def _suggest_retreat(words: list[str]) -> str | None:
    """``tutor retreat FILE HEX 2`` → ``tutor retreat FILE HEX --flags 2``."""
    plain = [w for w in words if not w.startswith("-")]
    if len(plain) == 3 and plain[2].isascii() and plain[2].isdigit():
        return f"tutor retreat {plain[0]} {plain[1]} --flags {plain[2]}"
    return None


def add_commands(sub) -> None:
    p = sub.add_parser("retreat", suggest=_suggest_retreat, help="the retreat ruling for N flags against the unit on a hex",
                       description="Which hexes the unit on AT may retreat to after N flags, which are "
                                   "blocked and why, and the figures it loses.")
    p.add_argument("file", help="a Memoir '44 scenario file")
    p.add_argument("at", help="the unit's hex, \"col,row\"")
    p.add_argument("--flags", type=FLAGS, required=True, help="flags rolled against it")
    p.add_argument("--ignore", type=FLAGS, default=None,
                   help="flags it ignores (church, sandbags, bunker…); default: as many as it may, as in a battle")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_retreat)

    p = sub.add_parser("odds", suggest=_suggest_odds,
                       usage="tutor odds --dice N --vs KIND | tutor odds FILE --attacker C,R --target C,R",
                       help="exact battle odds: N dice against a unit kind, or an attack on a board",
                       description="Exact distributions as fractions. Either --dice N --vs KIND, or FILE "
                                   "--attacker C,R --target C,R.")
    p.add_argument("file", nargs="?", help="a scenario file (with --attacker and --target)")
    p.add_argument("--dice", type=DICE, help="number of dice")
    p.add_argument("--vs", help="target kind: infantry, armor or artillery")
    p.add_argument("--attacker", help="attacker hex \"col,row\" (with FILE)")
    p.add_argument("--target", help="target hex \"col,row\" (with FILE)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser("moves", help="every hex the unit on a hex may move to, and refused hexes with reasons")
    p.add_argument("file", help="a Memoir '44 scenario file")
    p.add_argument("at", help="the unit's hex, \"col,row\"")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_moves)


def _state(path: str):
    from tutor.memoir.state import GameState, load
    st = load(path)
    if not isinstance(st, GameState):
        raise InputError(f"{path}: not a Memoir '44 scenario")
    return st


def cmd_retreat(args) -> int:
    from tutor.cli import emit
    from tutor.hexes import fmt
    from tutor.memoir.retreat import ruling
    st = _state(args.file)
    r = ruling(st, args.at, args.flags, args.ignore)
    data = r.to_json()
    out = {k: data[k] for k in ("unit", "flags", "may_ignore", "ignored", "retreat", "losses", "eliminated",
                                "destinations", "paths")}
    out.update({k: data[k] for k in ("retreat_max", "blocked", "text", "rules")})
    lines = [r.text]
    if r.blocked:
        lines.append("Blocked hexes:")
        lines += [f"  {fmt(b.hex)} (move {b.step}): {b.reason} — {b.rule.cite}" for b in r.blocked]
    if r.retreat_max and len(r.paths) > 1:
        lines.append("Legal retreats:")
        lines += ["  " + " → ".join(fmt(h) for h in p) for p in r.paths]
    lines.append("Rules: " + "; ".join(dict.fromkeys(x.cite for x in r.rules)))
    emit(out, args.json, "\n".join(lines))
    return 0


def cmd_odds(args) -> int:
    from tutor import odds
    from tutor.cli import emit
    if args.file is None:
        if args.attacker or args.target:
            raise InputError("tutor odds: --attacker and --target need a scenario FILE")
        if args.dice is None or args.vs is None:
            raise InputError("tutor odds: give --dice N --vs infantry|armor|artillery, or FILE --attacker C,R "
                             "--target C,R")
        d = odds.distribution(args.dice, args.vs)
        emit(d.to_json(), args.json, d.text())
        return 0
    if args.dice is not None or args.vs is not None:
        raise InputError("tutor odds: with a FILE give --attacker and --target, not --dice/--vs")
    if not args.attacker or not args.target:
        raise InputError("tutor odds: with a FILE give --attacker C,R and --target C,R")
    st = _state(args.file)
    o = odds.attack_odds(st, args.attacker, args.target)
    emit(o.to_json(), args.json, o.text())
    return 0


def cmd_moves(args) -> int:
    from tutor.cli import emit
    from tutor.hexes import fmt
    from tutor.memoir.movement import legal_moves
    st = _state(args.file)
    m = legal_moves(st, args.at)
    lines = [m.headline()]
    for r in sorted(m.reachable.values(), key=lambda r: (r.cost, r.hex[1], r.hex[0])):
        lines.append("  " + m.explain(r.hex))
    for r in sorted(m.refused.values(), key=lambda r: (r.hex[1], r.hex[0])):
        lines.append(f"  {fmt(r.hex)} refused: {r.reason} — {r.rule.cite}")
    emit(m.to_json(), args.json, "\n".join(lines))
    return 0
