"""``tutor undaunted ...``: casualties on deck files, exact hit odds, checks, catalogue, playouts.

    tutor undaunted casualty FILE --unit ID [--seed N] [--json]
    tutor undaunted hit --defense D --cover C --range R --dice N [--blast] [--attacker-on-hill] [--json]
    tutor undaunted check FILE [--json]          (a deck file or a scenario file)
    tutor undaunted cards [--json]               (the card catalogue with its sources)
    tutor undaunted conflicts [--json]           (where the rulebook disagrees with itself)
    tutor undaunted board SCENARIO [--range FROM TO] [--json]
    tutor undaunted playout SCENARIO [--seed N] [--rounds R] [--json]
"""

from __future__ import annotations

import random

from tutor.errors import InputError
from tutor.inputs import MAX_ROUNDS, MAX_SEED, cli_int
from tutor.undaunted import combat
from tutor.undaunted.cards import ACTION_CS, ACTIONS_SOURCE, CARDS, COPIES_SOURCE, UNIT_IDS, UNIT_TYPES
from tutor.undaunted.deck import ZONE_NAMES, casualty
from tutor.undaunted.scenario import parse_deck, parse_scenario, read_yaml
from tutor.words import plural


def _emit(data, as_json, text):
    from tutor.cli import emit
    emit(data, as_json, text)


def _dice_limit() -> int:
    """The most dice an action rolls: the largest attack, suppress or blast value on a card."""
    return max(a.value for c in CARDS.values() for a in c.actions
               if a.name in ("attack", "suppress", "blast") and a.value)


# A d10 shows 0-9 and the 0 always hits: past a total defense of 10 nothing changes.
DEFENSE = cli_int(0, 10, "a die shows 0-9 and the 0 always hits, so 10 is already the most that counts")
RANGE = cli_int(0, 10, "past 10 nothing changes: only the 0 hits")


def add_commands(subparsers) -> None:
    p = subparsers.add_parser("undaunted", help="Undaunted: Normandy rulings (casualties, hit odds, ...)")
    sub = p.add_subparsers(dest="undaunted_command", required=True, parser_class=type(p))

    c = sub.add_parser("casualty", help="remove one card of a hit unit from a deck file's zones")
    c.add_argument("file")
    c.add_argument("--unit", required=True, help="unit id, e.g. riflemen-a")
    c.add_argument("--seed", type=cli_int(0, MAX_SEED), default=0, help="seed for the shuffle of the draw deck")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_casualty)

    h = sub.add_parser("hit", help="exact chance that an attack hits")
    h.add_argument("--defense", type=DEFENSE, required=True, help="base defense of the unit")
    h.add_argument("--cover", required=True, help="cover of the target's tile: a number or 3/1 (hill)")
    h.add_argument("--range", type=RANGE, default=0, help="tiles from attacker to target")
    h.add_argument("--dice", type=cli_int(1, _dice_limit(), "the largest dice value printed on a card"),
                   required=True, help="the action's value")
    h.add_argument("--blast", action="store_true", help="a blast: no range, hill cover 1")
    h.add_argument("--attacker-on-hill", action="store_true", help="the attacker is on a hill tile")
    h.add_argument("--json", action="store_true")
    h.set_defaults(func=cmd_hit)

    k = sub.add_parser("check", help="validate a deck or scenario file")
    k.add_argument("file")
    k.add_argument("--json", action="store_true")
    k.set_defaults(func=cmd_check)

    cc = sub.add_parser("cards", help="the card catalogue with the source of each value")
    cc.add_argument("--json", action="store_true")
    cc.set_defaults(func=cmd_cards)

    cf = sub.add_parser("conflicts", help="where the rulebook disagrees with itself")
    cf.add_argument("--json", action="store_true")
    cf.set_defaults(func=cmd_conflicts)

    b = sub.add_parser("board", help="a scenario's tiles, neighbors and ranges (the reading used)")
    b.add_argument("scenario")
    b.add_argument("--range", nargs=2, metavar=("FROM", "TO"), help="tiles from one tile to another")
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=cmd_board)

    pl = sub.add_parser("playout", help="play a scenario between two random players")
    pl.add_argument("scenario")
    pl.add_argument("--seed", type=cli_int(0, MAX_SEED), default=0)
    pl.add_argument("--rounds", type=cli_int(1, MAX_ROUNDS), default=15)
    pl.add_argument("--json", action="store_true")
    pl.set_defaults(func=cmd_playout)


def _deck(path):
    data = read_yaml(path)
    return parse_deck(data, str(path))


def cmd_casualty(args) -> int:
    side, zones = _deck(args.file)
    unit = args.unit
    if unit not in CARDS:
        raise InputError(f"--unit: {unit!r} is not a card id; units: {', '.join(UNIT_IDS)}")
    if CARDS[unit].kind != "soldier":
        raise InputError(f"--unit: {unit} has no token, so it cannot be hit; units: {', '.join(UNIT_IDS)}")
    if zones.census()[unit] == 0:
        raise InputError(f"{args.file}: {side} has no {unit} card in any zone "
                         f"({', '.join(ZONE_NAMES)}), so it is not a unit of this platoon")
    res = casualty(zones, unit, random.Random(args.seed))
    data = res.to_json()
    lines = [res.text, f"rule: {res.rule.cite} — {res.rule.summary}"]
    lines += [f"  {z}: {', '.join(data['zones'][z]) or '—'}" for z in ZONE_NAMES]
    _emit(data, args.json, "\n".join(lines))
    return 0


def cmd_hit(args) -> int:
    cover = combat.parse_cover(args.cover, where="--cover")
    d = combat.total_defense(args.defense, cover, args.range, blast=args.blast,
                             attacker_on_hill=args.attacker_on_hill)
    pd, ph = combat.p_die(d.total), combat.p_hit(d.total, args.dice)
    data = {"total_defense": d.total, "p_die": combat.fraction_text(pd), "p_hit": combat.fraction_text(ph)}
    text = (f"total defense: {d.text}\n"
            f"one die hits on {combat.faces_hitting(d.total)} of 10 faces (0 always hits): "
            f"{data['p_die']}\n"
            f"at least one hit with {plural(args.dice, 'die', 'dice')}: {data['p_hit']}")
    _emit(data, args.json, text)
    return 0


def cmd_check(args) -> int:
    data = read_yaml(args.file)
    if "side" in data and "tiles" not in data:
        side, zones = parse_deck(data, args.file)
        counts = {z: len(getattr(zones, z)) for z in ZONE_NAMES}
        out = {"kind": "deck", "side": side, "counts": counts, "cards": sum(counts.values())}
        text = f"{args.file}: a valid {side} deck file, {out['cards']} cards ({counts})"
    else:
        sc = parse_scenario(data, args.file)
        out = {"kind": "scenario", "name": sc.name, "tiles": len(sc.board.tiles),
               "tokens": len([t for t in sc.opening.tokens if t.tile is not None])}
        text = f"{args.file}: a valid scenario '{sc.name}', {out['tiles']} tiles, {out['tokens']} tokens on the board"
    _emit(out, args.json, text)
    return 0


def cmd_cards(args) -> int:
    data = {"cards": [c.to_json() for c in CARDS.values()],
            "units": {n: {"title_en": u.title_en, "title_cs": u.title_cs, "base_defense": u.base_defense,
                          "source": u.defense_source.to_json()} for n, u in UNIT_TYPES.items()},
            "copies_source": COPIES_SOURCE.to_json(), "actions_source": ACTIONS_SOURCE.to_json(),
            "action_names_cs": ACTION_CS}
    lines = []
    for c in CARDS.values():
        acts = ", ".join(a.label for a in c.actions) or "(initiative only)"
        lines.append(f"{c.id:18} init {c.initiative}  {acts}  [{c.actions_source.cite}]")
    for n, u in UNIT_TYPES.items():
        lines.append(f"token {n:16} base defense {u.base_defense}  [{u.defense_source.cite}]")
    lines.append(f"copies: {COPIES_SOURCE.text}  [{COPIES_SOURCE.published}]")
    _emit(data, args.json, "\n".join(lines))
    return 0


def cmd_conflicts(args) -> int:
    """Every Undaunted conflict: the rulebook's texts, the published edition's and public sources'
    readings, and the engine's ruling (``tutor.conflicts``)."""
    from tutor.conflicts import all_conflicts
    data = [c.to_json() for c in all_conflicts() if c.game == "undaunted"]
    lines = []
    for c in data:
        lines.append(f"{c['topic']}:")
        for t in c["texts"]:
            lines.append(f"  Czech rulebook, {t['heading']}: {t['quote']}")
        for p in c["published"]:
            lines.append(f"  {p}")
        lines.append(f"  → {c['ruling']}")
    _emit(data, args.json, "\n".join(lines))
    return 0


def cmd_board(args) -> int:
    from tutor.undaunted.scenario import load_scenario
    board = load_scenario(args.scenario).board
    if args.range:
        a, b = args.range
        for t in (a, b):
            if t not in board:
                raise InputError(f"--range: {t!r} is not a tile of {args.scenario}; allowed: "
                                 f"{', '.join(x.id for x in board.tiles)}")
        r = board.range(a, b)
        data = {"from": a, "to": b, "range": r, "adjacent": r == 1}
        _emit(data, args.json, f"{a} → {b}: range {r} ({'adjacent' if r == 1 else 'not adjacent'}); "
                               f"the attacker's tile is not counted")
        return 0
    data = board.to_json() | {"reading": board.reading()}
    lines = [board.reading()]
    for t in board.tiles:
        obj = f", objective {t.objective}" if t.objective else ""
        lines.append(f"  {t.id:4} at {t.to_json()['at']:5} cover {t.cover}{obj}; "
                     f"neighbors {', '.join(board.neighbours(t.id))}")
    _emit(data, args.json, "\n".join(lines))
    return 0


def cmd_playout(args) -> int:
    from tutor.undaunted.playout import playout
    from tutor.undaunted.scenario import load_scenario
    sc = load_scenario(args.scenario)
    res = playout(sc, seed=args.seed, max_rounds=args.rounds)
    data = {"winner": res.winner, "result": res.result, "rounds": res.rounds, "actions": res.actions}
    _emit(data, args.json, f"{res.rounds} rounds, {res.actions} actions: {res.result or 'no winner yet'}")
    return 0
