"""Every card action (move, guide, scout, stalk, bolster, command, conceal, control, inspire,
recon, target, attack, suppress, blast) as a handler on the action's draft: ``_HANDLERS[name](d,
s, play, card, spec, unit tile, rng)``. ``tutor.undaunted.actions`` plays a card and calls them.
The readings where the rulebook is silent are listed in that module's docstring."""

from __future__ import annotations

import random

from tutor.errors import IllegalAction
from tutor.sides import Side
from tutor.undaunted import combat, rules
from tutor.undaunted.cards import CARDS, FOG, UNIT_TYPES, Card, card_title, named
from tutor.undaunted.deck import Zones
from tutor.undaunted.deck import casualty as deck_casualty
from tutor.undaunted.deck import draw as deck_draw
from tutor.undaunted.draft import _adj, _cards, _Draft, _rng, _verb, in_words
from tutor.undaunted.state import (
    CONTROLLED,
    SCOUTED,
    SIDE_INDEX,
    GameState,
    Token,
    other,
)
from tutor.words import plural


def _to_table(d: _Draft, side: str, card: str) -> None:
    z = d.z(side)
    d.set_z(side, Zones(z.hand, z.table + (card,), z.discard, z.draw, z.supply, z.out))


def _steps(s: GameState, start: str, path, value: int, rule) -> tuple[str, ...]:
    path = tuple(path)
    if not path:
        raise IllegalAction("give the tile(s) to move to (path)", rule)
    if len(path) > value:
        raise IllegalAction(f"this action moves at most {value} tile{'s' if value > 1 else ''}, "
                            f"not {len(path)}", rule)
    prev = start
    for t in path:
        if t not in s.board:
            raise IllegalAction(f"there is no tile “{t}” on the board", rule)
        if not s.board.adjacent(prev, t):
            raise IllegalAction(f"{t} is not adjacent to {prev}", rule)
        prev = t
    return path


def _remove_target_if_mortar(d: _Draft, side: str, unit: str, why: str) -> None:
    i = SIDE_INDEX[side]
    if CARDS[unit].name == "mortar" and d.targets[i] is not None:
        d.targets[i] = None
        if why == "moved":
            d.event("target-removed", side, "the mortar moved, so its target marker is removed", rules.MOVE)
        else:       # the rule names only a move (Zaměření: "Pokud kdykoliv později žeton jednotky minometu přemístíte")
            d.event("target-removed", side, f"the mortar {why}, so its target marker is removed: the rulebook "
                    f"removes it when the mortar moves and does not say what happens when the mortar is taken "
                    f"off the board; the tutor removes it then too, as a marker with no mortar to fire at it",
                    rules.TARGET)


def _need_unit(card: Card, unit_tile, rule):
    if card.unit is None or unit_tile is None:
        raise IllegalAction(f"{card_title(card.id)} has no unit on the board to act", rule)


def _a_move(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.MOVE)
    path = _steps(s, unit_tile, p.path, spec.value, rules.MOVE)
    for t in path:
        if t not in d.control[SIDE_INDEX[p.side]]:
            raise IllegalAction(f"{t} has no {_adj(p.side)} control marker: a unit may only move onto a tile with "
                                f"your control marker (scouted or controlled)", rules.MOVE)
    d.set_token(Token(p.side, card.unit, path[-1], False))
    d.event("move", p.side, f"{card_title(card.unit)} moves {unit_tile} → {' → '.join(path)}", rules.MOVE,
            unit=card.unit, path=list(path))
    _remove_target_if_mortar(d, p.side, card.unit, "moved")


def _a_guide(d, s, p, card, spec, unit_tile, rng):
    if p.unit is None:
        raise IllegalAction("guide: say which of your units moves (unit=...)", rules.GUIDE)
    tok = d.tokens.get((p.side, p.unit))
    if tok is None or tok.tile is None:
        foe = d.tokens.get((other(p.side), p.unit))
        if foe is not None and foe.tile is not None:
            # "Přemístěte libovolný žeton jednotky" read as any of *your* counters (conflict und.guide.own)
            raise IllegalAction(f"guide moves one of your own combat counters; the {card_title(p.unit)} counter "
                                f"on {foe.tile} "
                                f"is the enemy's", rules.GUIDE)
        where = "has not been deployed" if tok is not None and not tok.eliminated else "is not on the board"
        raise IllegalAction(f"your {named(p.unit)} combat counter {where}, so it cannot be guided", rules.GUIDE)
    if tok.suppressed:
        raise IllegalAction(f"{card_title(p.unit)} is suppressed and cannot be guided", rules.GUIDE_SUPPRESSED)
    path = _steps(s, tok.tile, p.path, spec.value, rules.GUIDE)
    for t in path:
        if t not in d.control[SIDE_INDEX[p.side]]:
            raise IllegalAction(f"{t} has no {_adj(p.side)} control marker: guide may only enter tiles with "
                                f"your control marker", rules.MOVE)
    d.set_token(Token(p.side, p.unit, path[-1], False))
    d.event("guide", p.side, f"{card_title(p.unit)} is guided {tok.tile} → {' → '.join(path)}", rules.GUIDE,
            unit=p.unit, path=list(path))
    _remove_target_if_mortar(d, p.side, p.unit, "moved")


def _a_scout(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.SCOUT)
    path = _steps(s, unit_tile, p.path, spec.value, rules.SCOUT)
    ctrl = d.control[SIDE_INDEX[p.side]]
    placed, fog = [], 0
    for t in path:
        if t not in ctrl:
            ctrl[t] = SCOUTED
            placed.append(t)
            z = d.z(p.side)
            if FOG in z.supply:
                d.move_card(p.side, FOG, "supply", "discard")
                fog += 1
    d.set_token(Token(p.side, card.unit, path[-1], False))
    short = len(placed) - fog
    extra = f" ({short} fewer: the supply held no more)" if short else ""
    moved = f"{fog} Fog of War from the supply to the discard pile" if fog else "no Fog of War from the supply"
    d.event("scout", p.side, f"{card_title(card.unit)} scouts {unit_tile} → {' → '.join(path)}; scouted markers "
            f"on {', '.join(placed) or 'no new tile'}; {moved}{extra}",
            rules.SCOUT, unit=card.unit, path=list(path), scouted=placed, fog_of_war=fog)


def _a_stalk(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.STALK)
    value = s.scenario.option("stalk", spec.value)
    path = _steps(s, unit_tile, p.path, value, rules.STALK_TEXT)
    d.set_token(Token(p.side, card.unit, path[-1], False))
    d.event("stalk", p.side, f"{card_title(card.unit)} stalks {unit_tile} → {' → '.join(path)} (no marker, no Fog of War)",
            rules.STALK, unit=card.unit, path=list(path))
    _remove_target_if_mortar(d, p.side, card.unit, "moved")


def _a_bolster(d, s, p, card, spec, unit_tile, rng):
    cards = tuple(p.cards)
    if len(cards) > spec.value:
        raise IllegalAction(f"bolster {spec.value} takes at most {spec.value} cards, not {len(cards)}",
                            rules.BOLSTER)
    supply = list(d.z(p.side).supply)
    for c in cards:
        if c not in CARDS:
            raise IllegalAction(f"“{c}” is not a card", rules.BOLSTER)
        if spec.squad is not None and CARDS[c].squad != spec.squad:
            raise IllegalAction(f"bolster {spec.value} {spec.squad.upper()} may only take squad "
                                f"{spec.squad.upper()} cards, not {card_title(c)}", rules.BOLSTER)
        if c not in supply:
            raise IllegalAction(f"the {_adj(p.side)} supply holds no (more) {card_title(c)}", rules.BOLSTER)
        supply.remove(c)
    for c in cards:
        d.move_card(p.side, c, "supply", "discard")
    d.event("bolster", p.side, f"Bolster: {in_words(cards)} from the supply to the discard pile",
            rules.BOLSTER, cards=list(cards))


def _a_command(d, s, p, card, spec, unit_tile, rng):
    n = spec.value if p.count is None else p.count
    if not 0 <= n <= spec.value:
        raise IllegalAction(f"command draws up to {spec.value} cards, not {n}", rules.COMMAND)
    got = deck_draw(d.z(p.side), n, _rng(rng) if n else random.Random(0))
    d.set_z(p.side, got.zones)
    extra = f" (the discard pile was reshuffled {got.reshuffles}×; never the table or supply)" \
        if got.reshuffles else ""
    d.event("command", p.side, f"Command: {Side.of(p.side).the} {_verb(p.side, 'draw', 'draws')} "
            f"{_cards(len(got.cards))} into the hand{extra}",
            rules.RESHUFFLE if got.reshuffles else rules.COMMAND, cards=list(got.cards))


def _a_conceal(d, s, p, card, spec, unit_tile, rng):
    foe = other(p.side)
    if FOG in d.z(foe).supply:
        d.move_card(foe, FOG, "supply", "discard")
        d.event("conceal", p.side, f"Conceal: a Fog of War from the {_adj(foe)} supply into the {_adj(foe)} "
                f"discard pile", rules.CONCEAL)
    else:
        d.event("conceal", p.side, f"Conceal: the {_adj(foe)} supply has no Fog of War, no effect", rules.CONCEAL)


def _a_control(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.CONTROL)
    mine = d.control[SIDE_INDEX[p.side]]
    status = mine.get(unit_tile)
    if status is None:
        raise IllegalAction(f"{unit_tile} has no {_adj(p.side)} control marker to flip", rules.CONTROL)
    if status == CONTROLLED:
        raise IllegalAction(f"{unit_tile} is already controlled by {Side.of(p.side).the}", rules.CONTROL)
    foe = other(p.side)
    enemies = [t.unit for t in d.units_at(unit_tile) if t.side == foe]
    if enemies:
        raise IllegalAction(f"an enemy unit ({in_words(enemies)}) is on {unit_tile}", rules.CONTROL)
    mine[unit_tile] = CONTROLLED
    d.event("control", p.side, f"{card_title(card.unit)} takes control of {unit_tile}: the marker is flipped to "
            f"controlled", rules.CONTROL, tile=unit_tile)
    theirs = d.control[SIDE_INDEX[foe]]
    if theirs.get(unit_tile) == CONTROLLED:
        theirs[unit_tile] = SCOUTED
        d.event("control-flip", foe, f"The {_adj(foe)} controlled marker on {unit_tile} is flipped back to scouted",
                rules.CONTROL_FLIP, tile=unit_tile)


def _a_inspire(d, s, p, card, spec, unit_tile, rng):
    cards = tuple(p.cards)
    if len(cards) > spec.value:
        raise IllegalAction(f"inspire takes back {spec.value} played card, not {len(cards)}", rules.INSPIRE)
    table = list(d.z(p.side).table)
    for c in cards:
        if c not in CARDS:
            raise IllegalAction(f"“{c}” is not a card", rules.INSPIRE)
        if CARDS[c].squad != spec.squad:
            raise IllegalAction(f"inspire {spec.value} {spec.squad.upper()} takes back only squad "
                                f"{spec.squad.upper()} cards, not {card_title(c)}", rules.INSPIRE)
        if c not in table:
            raise IllegalAction(f"no {card_title(c)} among your played cards on the table (the card performing "
                                f"inspire does not count)", rules.INSPIRE)
        table.remove(c)
    left = [c for c in table if CARDS[c].squad == spec.squad]
    if len(cards) < spec.value and left:
        # "Vezměte si 1 svou zahranou kartu" (take 1), where the same book writes "až" (up to) when a
        # player may take fewer: a card of the squad on the table must come back (conflict und.inspire.count)
        raise IllegalAction(f"inspire {spec.value} {spec.squad.upper()} takes back {spec.value} played card of squad "
                            f"{spec.squad.upper()}, and {in_words(sorted(set(left)))} lies on the table: "
                            f"name it", rules.INSPIRE)
    for c in cards:
        d.move_card(p.side, c, "table", "hand")
    d.event("inspire", p.side, f"Inspire: {in_words(cards)} back from the table into the hand",
            rules.INSPIRE, cards=list(cards))


def _a_recon(d, s, p, card, spec, unit_tile, rng):
    if FOG not in d.z(p.side).hand:
        d.event("recon", p.side, "Recon: no Fog of War in hand, no effect", rules.RECON_NONE)
        return
    d.move_card(p.side, FOG, "hand", "out")
    got = deck_draw(d.z(p.side), 1, _rng(rng))
    d.set_z(p.side, got.zones)
    d.event("recon", p.side, f"Recon: a Fog of War leaves the game; {Side.of(p.side).the} "
            f"{_verb(p.side, 'draw', 'draws')} {_cards(len(got.cards))}",
            rules.RECON, cards=list(got.cards), reshuffles=got.reshuffles)


def _a_target(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.TARGET)
    t = p.target
    if t not in s.board:
        raise IllegalAction(f"target: there is no tile “{t}” on the board" if t else
                            "target: choose a tile for the target marker", rules.TARGET)
    r = s.board.range(unit_tile, t)
    if r < 3:
        raise IllegalAction(f"{t} is {plural(r, 'tile')} from the mortar at {unit_tile}; the target must be at "
                            f"least 3 away", rules.TARGET)
    i = SIDE_INDEX[p.side]
    was = d.targets[i]
    d.targets[i] = t
    verb = f"moved from {was} to" if was else "placed on"
    d.event("target", p.side, f"The target marker is {verb} {t} ({plural(r, 'tile')} from the mortar)", rules.TARGET,
            tile=t, range=r)


def _attacker_hill(s: GameState, tile: str) -> bool:
    return s.board.tile(tile).cover.hill


def _fire(d, s, p, card, spec, unit_tile, rng, *, suppress: bool):
    rule = rules.CHOOSE_TARGET
    _need_unit(card, unit_tile, rule)
    foe = other(p.side)
    tok = d.tokens.get((foe, p.target)) if isinstance(p.target, str) else None
    if tok is None or tok.tile is None:
        raise IllegalAction(f"{named(p.target)} is not an {_adj(foe)} combat counter on the board" if p.target else
                            f"choose an {_adj(foe)} combat counter on the board to fire at", rule)
    rng = _rng(rng)
    tile = s.board.tile(tok.tile)
    dfn = combat.total_defense(UNIT_TYPES[CARDS[tok.unit].name].base_defense, tile.cover,
                               s.board.range(unit_tile, tok.tile),
                               attacker_on_hill=_attacker_hill(s, unit_tile))
    r = combat.roll(spec.value, dfn.total, rng)
    name = "suppress" if suppress else "attack"
    does = "suppresses" if suppress else "attacks"
    d.event(name, p.side, f"{card_title(card.unit)} {does} the {_adj(foe)} {card_title(tok.unit)} on {tok.tile}: "
            f"{dfn.text}; {r.text}",
            rules.DICE, target=tok.unit, defense=dfn.total, dice=list(r.dice), hit=r.hit,
            parts={"base": dfn.base, "cover": dfn.cover, "range": dfn.range})
    if not r.hit:
        return
    if suppress:
        if tok.suppressed:
            d.event("suppress-none", foe, f"{card_title(tok.unit)} was already suppressed: no effect",
                    rules.SUPPRESS)
        else:
            d.set_token(Token(foe, tok.unit, tok.tile, True))
            d.event("suppressed", foe, f"{card_title(tok.unit)} is suppressed (token flipped)", rules.SUPPRESS,
                    unit=tok.unit)
    else:
        _casualty(d, foe, tok.unit, rng)


def _casualty(d: _Draft, side: str, unit: str, rng) -> None:
    c = deck_casualty(d.z(side), unit, rng, token_on_board=True)
    d.set_z(side, c.zones)
    d.event("casualty", side, c.text, c.rule, unit=unit, removed_from=c.removed_from,
            shuffled=c.shuffled, token_removed=c.token_removed)
    if c.token_removed:
        # eliminated, not merely off the board: KONEC HRY counts it (victory.army_pinned)
        d.set_token(Token(side, unit, None, False, eliminated=True))
        _remove_target_if_mortar(d, side, unit, "left the board")


def _a_attack(d, s, p, card, spec, unit_tile, rng):
    _fire(d, s, p, card, spec, unit_tile, rng, suppress=False)


def _a_suppress(d, s, p, card, spec, unit_tile, rng):
    _fire(d, s, p, card, spec, unit_tile, rng, suppress=True)


def _a_blast(d, s, p, card, spec, unit_tile, rng):
    _need_unit(card, unit_tile, rules.BLAST)
    t = d.targets[SIDE_INDEX[p.side]]
    if t is None:
        raise IllegalAction("you have no target marker on the board", rules.BLAST)
    rng = _rng(rng)
    victims = sorted(d.units_at(t), key=lambda k: (SIDE_INDEX[k.side], k.unit))
    if not victims:
        d.event("blast", p.side, f"Blast on {t}: no units there", rules.BLAST, tile=t)
    tile = s.board.tile(t)
    for tok in victims:
        dfn = combat.total_defense(UNIT_TYPES[CARDS[tok.unit].name].base_defense, tile.cover, 0, blast=True)
        r = combat.roll(spec.value, dfn.total, rng)
        d.event("blast", p.side, f"Blast on {t} hits at the {_adj(tok.side)} {card_title(tok.unit)}: {dfn.text}; "
                f"{r.text}",
                rules.BLAST, tile=t, target=tok.unit, target_side=tok.side, defense=dfn.total,
                dice=list(r.dice), hit=r.hit)
        if r.hit:
            cur = d.tokens[(tok.side, tok.unit)]
            if cur.tile == t:          # still there (an earlier casualty cannot move it, but be exact)
                _casualty(d, tok.side, tok.unit, rng)


_HANDLERS = {
    "move": _a_move, "guide": _a_guide, "scout": _a_scout, "stalk": _a_stalk,
    "bolster": _a_bolster, "command": _a_command, "conceal": _a_conceal, "control": _a_control,
    "inspire": _a_inspire, "recon": _a_recon, "target": _a_target, "attack": _a_attack,
    "suppress": _a_suppress, "blast": _a_blast,
}
