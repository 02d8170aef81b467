"""Applying actions: the round (draw, initiative, turns) and every card action, as pure functions.

``apply(state, action, rng) -> Step(state, events)``. The input state is never changed; a
forbidden action raises ``IllegalAction(reason, rule)`` and nothing happens. ``legal_actions``
lists what the deciding player may do now (for drills, tests and the random player).

Readings where the rulebook is silent (each also said in the event text where it matters):

* Move, guide, scout and stalk take a ``path`` of up to the action's value in steps, each step
  to an adjacent tile (``board.py``). Move and guide need your control marker (either side up)
  on every tile entered; scout places a scouted marker, and takes one Fog of War from your supply
  into your discard pile, on every tile entered that has no marker of yours.
* Inspire takes back a card played before it, never the card that performs it, though the turn
  lays that card on the table before its action (PRŮBĚH HRY): else a squad leader could return
  itself and be played again without end (conflict ``und.inspire.self``). It takes back 1 card
  whenever a played card of its squad lies on the table, as the Czech text says ("Vezměte si 1");
  nothing only when there is none (conflict ``und.inspire.count``: the English edition says "up to").
* Playing the card of a unit whose token is off the board deploys it first (``deploy=`` picks
  the deployment marker if several match; a card with no matching marker cannot be played for an
  action, only withdrawn). A token deployed again is ready.
* When the mortar's token leaves the board (a casualty), its target marker is removed too. The
  rule removes it when the mortar moves (AKCE POHYBU: "odstraňte z herního plánu žeton
  zaměření"; Zaměření: "Pokud kdykoliv později žeton jednotky minometu přemístíte"); a mortar
  taken off the board is the tutor's reading, and its event says so.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.errors import IllegalAction
from tutor.sides import Side
from tutor.undaunted import rules
from tutor.undaunted.card_actions import _HANDLERS, _to_table
from tutor.undaunted.cards import CARDS, FOG, card_title, named
from tutor.undaunted.deck import Zones
from tutor.undaunted.deck import draw as deck_draw
from tutor.undaunted.draft import HAND_SIZE, _adj, _cards, _Draft, _rng, _the, _verb, in_words
from tutor.undaunted.options import AttackPreview, card_plays, legal_actions, preview_attack
from tutor.undaunted.state import (
    SIDE_INDEX,
    SIDES,
    DrawCards,
    EndTurn,
    GameState,
    Play,
    RevealInitiative,
    Step,
    Token,
    Withdraw,
    other,
)
from tutor.undaunted.victory import decide

__all__ = ["HAND_SIZE", "AttackPreview", "apply", "card_plays", "in_words", "initiative_value", "legal_actions",
           "preview_attack"]

# ---------------------------------------------------------------------------------------------
# the round


def apply(state: GameState, action, rng=None) -> Step:
    """Apply one action; return the new state and its events. Raises IllegalAction, changing nothing."""
    if state.phase == "over":
        raise IllegalAction(f"the game is over: {state.result}", rules.GAME_END)
    if isinstance(action, Play):
        d = _play(state, action, rng)
    elif isinstance(action, EndTurn):
        d = _end_turn(state, action)
    elif isinstance(action, Withdraw):
        d = _withdraw(state, action)
    elif isinstance(action, RevealInitiative):
        d = _reveal(state, action)
    elif isinstance(action, DrawCards):
        d = _draw_phase(state, rng)
    else:
        raise TypeError(f"not an Undaunted action: {action!r}")
    new = d.freeze()
    # only a played card can move tokens, markers or cards out of the game (what victory reads)
    verdict = decide(new) if isinstance(action, Play) else None
    if verdict is not None:
        winner, text, rule = verdict
        d.event("victory", winner, text, rule, winner=winner)
        new = replace(new, phase="over", active=None, winner=winner, result=text)
    return Step(new, tuple(d.events))


def _draw_phase(s: GameState, rng) -> _Draft:
    if s.phase != "draw":
        raise IllegalAction(f"cards are drawn at the start of a round, not in the {s.phase} phase", rules.DRAW)
    rng = _rng(rng)
    d = _Draft(s)
    for side in SIDES:
        got = deck_draw(d.z(side), HAND_SIZE, rng)
        d.set_z(side, got.zones)
        extra = f" (the discard pile was reshuffled {got.reshuffles}×)" if got.reshuffles else ""
        short = f"; only {len(got.cards)} left to draw" if len(got.cards) < HAND_SIZE else ""
        d.event("draw", side, f"{_the(side)} {_verb(side, 'draw', 'draws')} {_cards(len(got.cards))}{extra}{short}",
                rules.RESHUFFLE if got.reshuffles else rules.DRAW, cards=list(got.cards),
                reshuffles=got.reshuffles)
    d.fields["phase"] = "initiative"
    return d


def initiative_value(card_id: str | None) -> int:
    return 0 if card_id is None else CARDS[card_id].initiative


def _reveal(s: GameState, a: RevealInitiative) -> _Draft:
    if s.phase != "initiative":
        raise IllegalAction(f"initiative is determined after drawing, not in the {s.phase} phase",
                            rules.INITIATIVE)
    d = _Draft(s)
    chosen = {"allied": a.allied, "axis": a.axis}
    for side, c in chosen.items():
        hand = s.zones_of(side).hand
        if c is None:
            if hand:
                raise IllegalAction(f"{Side.of(side).the} must reveal one card from the hand", rules.INITIATIVE)
        elif c not in hand:
            raise IllegalAction(f"{Side.of(side).the} {_verb(side, 'have', 'has')} no {named(c)} in hand to "
                                f"reveal", rules.INITIATIVE)
    va, vx = initiative_value(a.allied), initiative_value(a.axis)
    if va > vx:
        holder, how = "allied", f"{va} beats {vx}"
    elif vx > va:
        holder, how = "axis", f"{vx} beats {va}"
    else:
        holder, how = s.initiative, f"a tie at {va}: the initiative token stays as it was"
    for side, c in chosen.items():
        if c is not None:
            d.move_card(side, c, "hand", "discard")
    shown = {side: named(c) if c is not None else "no card (an empty hand)" for side, c in chosen.items()}
    d.event("initiative", holder,
            f"Initiative: the Allies reveal {shown['allied']} ({va}), the Axis reveals {shown['axis']} ({vx}); "
            f"{how}; {Side.of(holder).the} {_verb(holder, 'go', 'goes')} first", rules.INITIATIVE,
            allied=a.allied, axis=a.axis, holder=holder)
    d.event("initiative-discard", None, "Both revealed cards go straight to the discard pile",
            rules.INITIATIVE_DISCARD)
    d.fields.update(initiative=holder, phase="turn", active=holder, turns_done=0)
    return d


def _check_turn(s: GameState, side: str) -> None:
    if s.phase != "turn":
        raise IllegalAction(f"cards are played in the players' turns, not in the {s.phase} phase", rules.TURN)
    if side not in SIDE_INDEX:
        raise IllegalAction(f"“{side}” is not a side; allowed: {', '.join(SIDES)}", rules.TURN)
    if side != s.active:
        now = Side.of(s.active).the if s.active else "nobody"
        raise IllegalAction(f"it is the turn of {now}, not of {Side.of(side).the}", rules.TURN)


def _end_turn(s: GameState, a: EndTurn) -> _Draft:
    _check_turn(s, a.side)
    d = _Draft(s)
    z = d.z(a.side)
    left, played = z.hand, z.table
    d.set_z(a.side, Zones((), (), z.discard + left + played, z.draw, z.supply, z.out))
    d.event("end-turn", a.side, f"{_the(a.side)} {_verb(a.side, 'end', 'ends')} the turn: the hand "
            f"({in_words(left)}) and the table "
            f"({in_words(played)}) go to the discard pile", rules.TURN_END, hand=list(left), table=list(played))
    if s.turns_done == 0:
        d.fields.update(active=other(a.side), turns_done=1)
    else:
        d.fields.update(active=None, turns_done=0, phase="draw", round=s.round + 1)
        d.event("end-round", None, f"Round {s.round} is over", rules.TURN_END)
    return d


def _withdraw(s: GameState, a: Withdraw) -> _Draft:
    _check_turn(s, a.side)
    if a.card not in s.zones_of(a.side).hand:
        raise IllegalAction(f"{Side.of(a.side).the} {_verb(a.side, 'have', 'has')} no {named(a.card)} in hand",
                            rules.TURN)
    if a.card == FOG:
        raise IllegalAction("a Fog of War card cannot hunker down (go back to the supply)", rules.WITHDRAW_FOG)
    d = _Draft(s)
    d.move_card(a.side, a.card, "hand", "supply")
    tok = s.token(a.side, a.card)
    note = ""
    if tok is not None and tok.suppressed:
        note = "; the unit stays suppressed"
        rule = rules.SUPPRESSED_WITHDRAW
    else:
        rule = rules.WITHDRAW
    d.event("withdraw", a.side, f"{_the(a.side)} {_verb(a.side, 'hunker', 'hunkers')} down: {card_title(a.card)} "
            f"goes back to the supply{note}", rule,
            card=a.card)
    return d


# ---------------------------------------------------------------------------------------------
# playing a card


def _play(s: GameState, p: Play, rng) -> _Draft:
    _check_turn(s, p.side)
    side = p.side
    if p.card not in s.zones_of(side).hand:
        raise IllegalAction(f"{Side.of(side).the} {_verb(side, 'have', 'has')} no {named(p.card)} in hand",
                            rules.TURN)
    card = CARDS[p.card]
    if card.is_fog:
        raise IllegalAction("Fog of War cannot be played in your turn, only revealed for initiative",
                            rules.FOG_OF_WAR)
    d = _Draft(s)
    # the card leaves the hand now and reaches the table once its action is done, so it is not among
    # the played cards its own inspire may take back (a reading: conflict und.inspire.self)
    z = d.z(side)
    i = z.hand.index(p.card)
    d.set_z(side, Zones(z.hand[:i] + z.hand[i + 1:], z.table, z.discard, z.draw, z.supply, z.out))
    unit_tile = None
    if card.unit is not None:
        tok = d.token(side, card.unit)
        if tok.tile is None:
            tiles = s.board.deployment_tiles(side, card.unit)
            if not tiles:
                raise IllegalAction(f"{card_title(card.unit)}'s combat counter is off the board and no {_adj(side)} "
                                    f"spawn marker admits it; the card can only hunker down", rules.DEPLOY)
            if p.deploy is None:
                if len(tiles) > 1:
                    raise IllegalAction(f"{card_title(card.unit)}'s combat counter is off the board: choose the "
                                        f"spawn marker to place it on (one of {', '.join(tiles)})", rules.DEPLOY)
                where = tiles[0]
            elif p.deploy in tiles:
                where = p.deploy
            else:
                raise IllegalAction(f"{card_title(card.unit)} cannot be placed on {p.deploy}: its matching spawn "
                                    f"markers are on {', '.join(tiles)}", rules.DEPLOY)
            tok = Token(side, card.unit, where, False)
            d.set_token(tok)
            d.event("deploy", side, f"{card_title(card.unit)}'s combat counter is off the board, so it is placed "
                    f"on its spawn marker at {where}",
                    rules.DEPLOY, unit=card.unit, tile=where)
        elif p.deploy is not None:
            raise IllegalAction(f"{card_title(card.unit)}'s combat counter is already on the board at {tok.tile}",
                                rules.DEPLOY)
        unit_tile = tok.tile
        if tok.suppressed:
            if p.action != "ready":
                raise IllegalAction(f"{card_title(card.unit)} is suppressed: its card can only ready it",
                                    rules.SUPPRESSED)
            d.set_token(Token(side, card.unit, tok.tile, False))
            d.event("ready", side, f"{card_title(card.unit)} is suppressed, so the card only flips its counter to "
                    f"ready",
                    rules.SUPPRESSED, unit=card.unit)
            _to_table(d, side, p.card)
            return d
    elif p.deploy is not None:
        raise IllegalAction(f"{card_title(p.card)} has no combat counter to place", rules.DEPLOY)
    if p.action == "ready":
        raise IllegalAction(f"Ready is only for the card of a suppressed unit; {card_title(p.card)}'s unit is "
                            f"ready",
                            rules.SUPPRESSED)
    spec = card.action(p.action)
    if spec is None:
        have = ", ".join(a.label for a in card.actions)
        asked = f"no {p.action} action" if p.action else "no action chosen"
        raise IllegalAction(f"{card_title(p.card)} has {asked}; its actions: {have}", rules.CARD_USE)
    handler = _HANDLERS[spec.name]
    handler(d, s, p, card, spec, unit_tile, rng)
    _to_table(d, side, p.card)
    return d
