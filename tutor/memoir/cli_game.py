"""``tutor cards``, ``tutor air``, ``tutor play``, ``tutor replay``: command cards and whole games."""

from __future__ import annotations

from tutor.inputs import MAX_ACTIONS, MAX_SEED, cli_int
from tutor.sides import Side

PLAYERS = cli_int(1, 4, "at most 4 players a side, in Overlord")


def add_commands(sub) -> None:
    p = sub.add_parser("cards", help="the Memoir '44 command cards: counts, orders, effects, sources")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_cards)

    p = sub.add_parser("air", help="air superiority: the table, or Air Power dice for a front and year")
    p.add_argument("--front", default=None, help="western | eastern | pacific | mediterranean")
    p.add_argument("--year", type=cli_int(1939, 1945, "the war's years"), default=None, help="1939-1945")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_air)

    p = sub.add_parser("play", help="play a whole Memoir '44 game automatically (random or the opponent)")
    p.add_argument("scenario", nargs="?", default="pegasus-bridge",
                   help="a scenario file or a bundled name (default: pegasus-bridge, the rulebook's first battle)")
    p.add_argument("--seed", type=cli_int(0, MAX_SEED), default=0)
    p.add_argument("--variant", default="standard", help="standard | alliance | young_generals | overlord")
    p.add_argument("--axis", type=PLAYERS, default=1, help="axis players (team variants)")
    p.add_argument("--allied", type=PLAYERS, default=1, help="allied players (team variants)")
    p.add_argument("--policy", default="opponent", choices=("opponent", "random"))
    p.add_argument("--max-actions", type=cli_int(1, MAX_ACTIONS), default=3000)
    p.add_argument("--save", default=None, help="write the game (JSON, or YAML for .yaml) to this file")
    p.add_argument("--log", action="store_true", help="print every event with its rule")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="load a saved game, replay it and show where it stands")
    p.add_argument("file")
    p.add_argument("--log", action="store_true")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)


def cmd_cards(args) -> int:
    from tutor.cli import emit
    from tutor.memoir import cards as C
    rows = C.table()
    lines = [f"{c.count} × {c.name} ({c.type}{', ' + c.name_es if c.name_es else ''}) — {c.text}"
             f" [{c.rule.cite if c.source == 'seed' and c.rule else c.source}]" for c in C.CARDS.values()]
    lines.append(f"{len(C.deck())} cards: {len(C.deck(tactics=False))} section, "
                 f"{len(C.deck()) - len(C.deck(tactics=False))} tactic")
    emit(rows, args.json, "\n".join(lines))
    return 0


def cmd_air(args) -> int:
    from tutor.cli import emit
    from tutor.errors import InputError
    from tutor.memoir import air as A
    if (args.front is None) != (args.year is None):
        raise InputError("tutor air: give both --front and --year, or neither for the whole table")
    if args.front is None:
        rows = A.table_rows()
        lines = ["front          " + " ".join(f"{y:>6}" for y in A.YEARS)]
        for r in rows:
            lines.append(f"{r['front']:<14} " + " ".join(f"{r[str(y)]:>6}" for y in A.YEARS))
        emit(rows, args.json, "\n".join(lines))
        return 0
    sup = A.superiority(args.front, args.year)
    data = {"front": args.front, "year": args.year, "superiority": sup or "-",
            "axis": A.dice_per_hex("axis", args.front, args.year),
            "allied": A.dice_per_hex("allied", args.front, args.year), "rule": A.AIR_TABLE.cite}
    emit(data, args.json, f"{args.front} front, {args.year}: superiority {sup or 'none'}; Air Power dice per hex: "
                          f"axis {data['axis']}, allied {data['allied']} ({A.AIR_TABLE.cite})")
    return 0


def _report(g, args) -> int:
    from tutor.cli import emit
    from tutor.memoir import game as G
    data = {"scenario": g.scenario, "seed": g.seed, "variant": g.variant.to_json(), "phase": g.phase,
            "winner": g.winner, "medals": dict(g.state.medals), "actions": g.length, "turns": g.turns}
    if args.log:
        data["events"] = G.events(g)
    text = g.summary() + f"\n{g.length} actions; " + (f"{Side.of(g.winner).the} {Side.of(g.winner).verb('win', 'wins')}." if g.winner else "no winner yet.")
    if args.log:
        text = "\n".join(f"{e.text}  [{e.rule.cite}]" for e in g.log) + "\n" + text
    emit(data, args.json, text)
    return 0


def cmd_play(args) -> int:
    from tutor.errors import InputError
    from tutor.memoir import game as G
    from tutor.memoir import opponent as O
    from tutor.memoir import variants as V
    if args.max_actions < 1:
        raise InputError("tutor play: --max-actions must be at least 1")
    var = V.variant(args.variant, axis=args.axis, allied=args.allied)
    policy = O.choose if args.policy == "opponent" else (lambda g, rng: rng.choice(G.legal_actions(g)))
    g = G.random_game(args.scenario, args.seed, var, max_actions=args.max_actions, policy=policy)
    if args.save:
        G.save(g, args.save)
    status = _report(g, args)
    if args.save:
        import sys
        print(f"wrote {args.save}: the game, {g.length} actions (replay it with tutor replay {args.save})",
              file=sys.stderr)
    return status


def cmd_replay(args) -> int:
    from tutor.memoir import game as G
    return _report(G.load_game(args.file, files=True), args)



