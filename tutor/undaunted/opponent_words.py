"""The computer opponent's reasons in the learner's words: a play, its target and its gain said as
the English edition says them (the cards' printed names, the actions', the tiles' labels), with
the rule each rests on. ``tutor.undaunted.opponent`` re-exports the public names."""

from __future__ import annotations

from collections import Counter

from tutor.rulebook import Rule
from tutor.sides import SIDE_ADJECTIVES, side_verb
from tutor.undaunted import combat, rules
from tutor.undaunted.cards import CARDS, FOG, UNIT_TYPES, card_title, named
from tutor.undaunted.scoring import DECAY, Reach, Scored, _defense_of, _sides, reaches
from tutor.undaunted.state import (
    CONTROLLED,
    Action,
    Bid,
    DrawCards,
    EndTurn,
    GameState,
    Play,
    RevealInitiative,
    Withdraw,
    other,
)
from tutor.words import plural

# ---------------------------------------------------------------------------------------------
# reasons in the learner's words


def _unit_on(s: GameState, side: str, unit: str | None) -> str:
    t = s.token(side, unit) if unit is not None else None
    return f"{named(unit)} on {t.tile}" if t is not None and t.tile else named(unit)


def _objective_phrase(s: GameState, tile: str) -> str:
    v = s.board.tile(tile).objective
    return f"{tile} (objective worth {v})" if v else tile


def _need(s: GameState, side: str) -> int:
    return s.scenario.victory_of(side).objectives or 0


def _biggest_change(s: GameState, after: GameState, whose: str, sign: int) -> Reach | None:
    """The objective of ``whose`` that a play brings closest (``sign`` 1) or puts furthest away
    (``sign`` -1), if any."""
    before = {r.tile: r for r in reaches(s, whose)}
    best, most = None, 0.0
    for r in reaches(after, whose):
        b = before.get(r.tile)
        if b is None:
            continue
        g = sign * r.weight * (DECAY ** r.steps - DECAY ** b.steps)
        if g > most + 1e-9:
            best, most = r, g
    return best


def _reach_gain(s: GameState, after: GameState, side: str) -> Reach | None:
    """The objective a move or scout brings closest (the biggest gain), if any."""
    return _biggest_change(s, after, side, 1)


def _block_gain(s: GameState, after: GameState, side: str) -> Reach | None:
    """The enemy objective a move or scout gets in the way of, if any."""
    return _biggest_change(s, after, other(side), -1)


def _steps_word(steps: float) -> str:
    n = round(steps)
    return "one card play" if n <= 1 else f"about {n} card plays"


def explain_play(s: GameState, side: str, sc: Scored) -> tuple[str, Rule]:
    """One line of why ``side`` makes the play ``sc`` (learner's words), and its rule."""
    a = sc.action
    what, why, rule = play_parts(s, side, sc)
    if isinstance(a, EndTurn):
        return f"{what}: {why}.", rule
    return f"{card_title(a.card)}: {what}: {why}.", rule


def _deploy_tile(s: GameState, side: str, a: Play) -> str | None:
    """Where the card's counter enters when it is off the board (None when it is on it)."""
    unit = CARDS[a.card].unit
    tok = s.token(side, unit) if unit else None
    if unit is None or (tok is not None and tok.tile is not None):
        return None
    return a.deploy or s.board.deployment_tiles(side, unit)[0]


def _at(s: GameState, side: str, a: Play) -> str:
    """The tile the card's unit acts from (a card with a unit: ValueError for one without)."""
    unit = CARDS[a.card].unit
    tok = s.token(side, unit) if unit else None
    at = tok.tile if tok is not None and tok.tile is not None else _deploy_tile(s, side, a)
    if at is None:
        raise ValueError(f"{a.card} has no unit to act from a tile")
    return at


def target_words(s: GameState, side: str, a) -> str:
    """The counters, tiles or cards a play acts on: "8A → 13B", "the Axis Rifleman B on 13B",
    "2 × Rifleman A", "13B" ("" for a play that takes none: Command, Recon, Conceal, Ready)."""
    if not isinstance(a, Play):
        return ""
    name = a.action
    if name in ("move", "scout", "stalk"):
        return " → ".join(a.path)
    if name == "guide":
        return f"{card_title(a.unit) if a.unit else 'a counter'} to {' → '.join(a.path)}"
    if name in ("attack", "suppress"):
        foe = other(side)
        return f"the {SIDE_ADJECTIVES[foe]} {_unit_on(s, foe, a.target)}"
    if name == "control":
        return _at(s, side, a) or ""
    if name == "blast":
        return s.target_of(side) or ""
    if name == "target":
        return a.target or ""
    if name in ("bolster", "inspire"):
        return _counted(a.cards) if a.cards else ""
    return ""


def action_words(s: GameState, side: str, a: Action | Bid) -> str:
    """What an action does, in the English edition's words, without the card's name: "Move to
    13B", "Attack the Axis Rifleman B on 13B", "Bolster: Rifleman A and Scout A", "End the turn"."""
    if isinstance(a, EndTurn):
        return "End the turn"
    if isinstance(a, Withdraw):
        return "Hunker Down (back to the supply)"
    if isinstance(a, Bid):
        return f"Bid {card_title(a.card)} (initiative {CARDS[a.card].initiative})" if a.card else "Bid nothing"
    if isinstance(a, DrawCards):
        return "Draw 4 cards"
    if isinstance(a, RevealInitiative):
        return "Reveal the bids"
    name = a.action
    enter = _deploy_tile(s, side, a)
    where = target_words(s, side, a)
    if name == "ready":
        text = "Ready the suppressed counter"
    elif name in ("move", "scout", "stalk", "guide"):
        text = f"{name.capitalize()} to {where}" if name != "guide" else f"Guide {where}"
    elif name in ("attack", "suppress", "control", "blast", "target"):
        text = f"{name.capitalize()} {where}"
    elif name == "bolster":
        text = f"Bolster: {where}" if where else "Bolster (nothing to take)"
    elif name == "inspire":
        text = f"Inspire: take back {where}" if where else "Inspire (nothing to take back)"
    elif name == "command":
        n = a.count if a.count is not None else CARDS[a.card].value_of("command")
        text = f"Command: draw {plural(n, 'card')}"
    else:
        text = name.capitalize()
    return f"Enter at {enter}, then {text[:1].lower()}{text[1:]}" if enter else text


def play_parts(s: GameState, side: str, sc: Scored) -> tuple[str, str, Rule]:
    """A play in three parts: what it does (:func:`action_words`), why it helps (or why it would
    not), and the rule it rests on."""
    a = sc.action
    what = action_words(s, side, a)
    if isinstance(a, EndTurn):
        return "Ends the turn", _end_reason(s, side), _end_rule(s, side)
    if isinstance(a, Withdraw):
        unit = CARDS[a.card].unit
        tok = s.token(side, unit) if unit else None
        if tok is not None and tok.suppressed:
            return what, "the counter stays suppressed; only playing the card readies it", rules.SUPPRESSED_WITHDRAW
        return what, ("the card leaves the deck until a Bolster brings it back" if sc.score <= 0 else
                      "it thins the deck of a card that would do nothing here"), rules.WITHDRAW
    card = CARDS[a.card]
    foe = other(side)
    name = a.action
    after = sc.after
    useless = sc.score <= 1e-9
    if name == "ready":
        return what, "a suppressed unit's card does only this; the unit can act again next time", rules.SUPPRESSED
    if name == "control":
        tile = _at(s, side, a)
        held = after.objectives_held(side) if after is not None else s.objectives_held(side)
        flip = ", and the enemy's marker there flips back to scouted" if s.control_of(foe, tile) == CONTROLLED else ""
        v = s.board.tile(tile).objective
        if after is not None and after.winner == side:
            return what, f"the objective worth {v} brings {_sides(side)} to {held} of the {_need(s, side)} needed: victory{flip}", rules.CONTROL
        if v:
            return what, f"the objective worth {v} brings {_sides(side)} to {held} of the {_need(s, side)} needed{flip}", rules.CONTROL
        return what, f"no objective there, but the tile is held{flip}", rules.CONTROL
    if name in ("attack", "suppress"):
        target = s.token(foe, a.target) if a.target else None
        if target is None or sc.odds is None:
            raise ValueError(f"{a.card} fires at no counter of the other side")
        at = _at(s, side, a)
        total = _defense_of(s, a, side)
        n = card.value_of(name)
        dice = "one die" if n == 1 else f"{n} dice"
        rng = s.board.range(at, target.at)
        cover = s.board.tile(target.at).cover.value(attacker_on_hill=s.board.tile(at).cover.hill)
        base = UNIT_TYPES[CARDS[target.unit].name].base_defense
        if name == "suppress":
            what_hit = ("it is suppressed already: a hit changes nothing" if target.suppressed else
                        "a hit suppresses it: it can do nothing until a card of it readies it")
        else:
            what_hit = f"a hit takes one {card_title(target.unit)} card out of the game"
        threat = next((r for r in reaches(s, foe) if r.unit == target.unit and r.steps <= 2.5), None)
        why = f" before it can take Control of {threat.tile}" if threat and name == "attack" else ""
        return what, (f"defense {base} + cover {cover} + range {rng} = {total}, {dice}, hits with exactly "
                      f"{combat.fraction_text(sc.odds)}; {what_hit}{why}"), \
            rules.SUPPRESS if name == "suppress" else rules.DICE
    if name == "blast":
        odds = "" if sc.odds is None else f"; at least one hit with exactly {combat.fraction_text(sc.odds)}"
        return what, f"every counter on that tile is attacked, yours too{odds}", rules.BLAST
    if name in ("move", "guide", "scout", "stalk"):
        unit = (a.unit if name == "guide" else card.unit) or a.card
        dest = a.path[-1]
        rule = {"move": rules.MOVE, "guide": rules.GUIDE, "scout": rules.SCOUT, "stalk": rules.STALK}[name]
        gain = _reach_gain(s, after, side) if after is not None else None
        block = _block_gain(s, after, side) if after is not None else None
        fog = ""
        if name == "scout":
            new = [t for t in a.path if s.control_of(side, t) is None]
            if new:
                fog = (f"; {'a Fog of War joins' if len(new) == 1 else f'{len(new)} Fog of War join'} the deck, "
                       f"one per new scouted marker")
        if useless:
            if fog:
                return what, f"it opens no way the Riflemen need{fog}", rule
            return what, "it brings no objective closer and no enemy further", rule
        if gain is not None and CARDS[unit].action("control") and dest == gain.tile:
            return what, f"it stands on {_objective_phrase(s, dest)}, ready to take Control of it{fog}", rule
        if block is not None and after is not None and any(t.side == side for t in after.units_at(block.tile)):
            return what, f"while it stands on {block.tile} {_sides(foe)} cannot take Control of it{fog}", rules.CONTROL
        if gain is not None:
            if name == "scout":
                return what, (f"scouted markers open the way to {_objective_phrase(s, gain.tile)}; the Riflemen "
                              f"need {_steps_word(gain.steps)} to take it{fog}"), rule
            return what, (f"closer to {_objective_phrase(s, gain.tile)}, {_steps_word(gain.steps)} from taking "
                          f"Control of it{fog}"), rule
        return what, f"better cover and fewer enemy shots at it{fog}", rule
    if name == "bolster":
        if not a.cards:
            return what, "the supply holds no card it may take", rules.BOLSTER
        if all(c == FOG for c in a.cards):
            return what, "Fog of War would only clog the hand", rules.BOLSTER
        return what, "from the supply into the discard pile: more of them in the deck for the rounds to come", rules.BOLSTER
    if name == "inspire":
        if not a.cards:
            return what, "no card of its squad is on the table to take back", rules.INSPIRE
        back = card_title(a.cards[0])
        if sc.follow is not None and after is not None:
            more, why, _ = play_parts(after, side, sc.follow)
            return what, f"{back} comes back to the hand to be played again: {more[:1].lower()}{more[1:]}, {why}", rules.INSPIRE
        return what, f"{back} comes back from the table to the hand, to be played again this turn", rules.INSPIRE
    if name == "command":
        return what, "the cards drawn can be played this turn", rules.COMMAND
    if name == "recon":
        if FOG not in s.zones_of(side).hand:
            return what, "no Fog of War in hand: it would do nothing", rules.RECON_NONE
        return what, "a Fog of War in hand leaves the game for good and a new card is drawn in its place", rules.RECON
    if name == "conceal":
        if FOG not in s.zones_of(foe).supply:
            return what, (f"{_sides(foe)} {side_verb(foe, 'have', 'has')} no Fog of War left in the supply: "
                          f"no effect"), rules.CONCEAL
        return what, (f"a Fog of War from the {SIDE_ADJECTIVES[foe]} supply goes into their discard pile and will "
                      f"clog their hand"), rules.CONCEAL
    if name == "target":
        return what, "where the mortar can Blast next", rules.TARGET
    return what, "", rules.CARD_USE


def _counted(cards) -> str:
    c = Counter(cards)
    bits = [card_title(x) if k == 1 else f"{k} × {card_title(x)}" for x, k in sorted(c.items())]
    return bits[0] if len(bits) == 1 else ", ".join(bits[:-1]) + " and " + bits[-1]


def _end_rule(s: GameState, side: str) -> Rule:
    hand = s.zones_of(side).hand
    return rules.FOG_OF_WAR if hand and all(c == FOG for c in hand) else rules.TURN_END


def _end_reason(s: GameState, side: str) -> str:
    """Why the turn ends now (a clause)."""
    hand = s.zones_of(side).hand
    if not hand:
        return "no cards left in hand"
    if all(c == FOG for c in hand):
        return "only Fog of War is left, and it cannot be played in a turn"
    left = ", ".join(sorted({card_title(c) for c in hand}))
    return f"nothing left in hand ({left}) would help now; those cards go to the discard pile"
