"""A computer opponent for Undaunted: Normandy: always legal, deterministic, and says why.

``choose(state, side) -> Choice`` gives the side's next step: in the draw phase the draw, in the
initiative phase its bid (a :class:`Bid`; :func:`reveal` joins two bids into the engine's
``RevealInitiative``), in its turn one of ``legal_actions`` (a card played for one of its actions,
or the end of the turn). Every ``Choice`` carries a one-line reason in the English edition's words
(the cards' printed names, the actions' names, the tiles' labels) and the rule it rests on
(``tutor.undaunted.rules``); an attack carries its exact hit chance (``preview_attack``).

How it plays (one card at a time, looking one card ahead, no dice peeked at):

* It scores a position for a side from what both players may know: objectives held; for every
  objective it does not hold, how many card plays its Riflemen need to take Control of it (a
  Move per tile with its control marker, a Scout's marker first where there is none, the
  Control itself, a suppressed counter readied first, an enemy counter on the tile in the way),
  doubly for the opponent's objectives; the cards in its deck (Riflemen count most, Fog of War
  counts against); its counters on the board; how exposed its counters stand to the enemy's fire.
  The opponent's position is scored the same way and subtracted.
* Each legal play is scored by the change it makes: exactly, for a Move, Scout, Control, Bolster
  and the like (the engine applies it); as an expectation over the exact hit chance for Attack,
  Suppress and Blast; and, for the cards that draw (Command, Recon), by the cards its own deck
  holds, never the order of its draw deck. Inspire is worth the best play of the card it takes
  back. It plays the best card while some play still helps, then ends the turn.
* It bids Fog of War when it holds one (the card can do nothing else), otherwise the card it
  needs least this turn, and a high card when going first decides an objective.

It never reads the opponent's hand or either draw deck's order: only the public zones (supply,
table, the cards out of the game) and card counts. Ties go to the first play in
``legal_actions``' order, so the same state always gives the same choice, and a seeded game
replays exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from tutor.errors import IllegalAction, InputError
from tutor.rulebook import Rule
from tutor.sides import side_verb
from tutor.undaunted import rules
from tutor.undaunted.actions import apply
from tutor.undaunted.cards import CARDS, FOG, card_title
from tutor.undaunted.opponent_words import (
    _end_reason,
    _end_rule,
    action_words,
    explain_play,
    play_parts,
    target_words,
)
from tutor.undaunted.playout import random_action
from tutor.undaunted.scenario import new_game
from tutor.undaunted.scoring import (
    MAX_PLAYS,
    Reach,
    Scored,
    _as_turn,
    _card_gain,
    _sides,
    position,
    ranked,
    reaches,
    side_score,
)
from tutor.undaunted.state import (
    SIDES,
    Action,
    Bid,
    DrawCards,
    EndTurn,
    GameState,
    RevealInitiative,
    Scenario,
    other,
)

__all__ = [
    "Choice", "Duel", "Reach", "Scored", "action_words", "bid", "choose", "duel", "explain_play", "pick", "play_parts", "position", "ranked", "reaches", "reveal", "side_score", "state_of", "target_words",
]

# ---------------------------------------------------------------------------------------------
# what the opponent returns


def reveal(a: Bid | str | None, b: Bid | str | None = None, *, allied=None, axis=None) -> RevealInitiative:
    """The engine's ``RevealInitiative`` from two bids (``reveal(bid1, bid2)``, either order) or
    from cards by side (``reveal(allied="fog-of-war", axis=bid)``)."""
    picks = {"allied": allied, "axis": axis}
    for x in (a, b):
        if isinstance(x, Bid):
            picks[x.side] = x.card
    for side, x in list(picks.items()):
        if isinstance(x, Bid):
            picks[side] = x.card
    return RevealInitiative(picks["allied"], picks["axis"])


@dataclass(frozen=True)
class Choice:
    """A step the computer takes: the action, one line of why (learner's words), the rule it rests
    on, and for an attack the exact chance to hit."""

    action: Action | Bid
    reason: str
    rule: Rule
    odds: Fraction | None = None
    score: float = 0.0            # how much the play improves the position (the opponent's own scale)

    def __iter__(self):
        """``action, reason = choose(match, seat)``."""
        return iter((self.action, self.reason))

    def to_json(self) -> dict:
        return {"reason": self.reason, "rule": self.rule.key, "cite": self.rule.cite,
                "odds": None if self.odds is None else f"{self.odds.numerator}/{self.odds.denominator}"}


# ---------------------------------------------------------------------------------------------
# choosing


def state_of(game, side: str | None = None) -> GameState:
    """The engine state of ``game``: a ``GameState``, or a match of the one game protocol
    (``tutor.games``: its ``state``). InputError, one line, when ``side`` has already chosen its
    card for a bid the match keeps face down."""
    if isinstance(game, GameState):
        return game
    s = getattr(game, "state", None)
    if not isinstance(s, GameState):
        raise InputError(f"not an Undaunted: Normandy game: {type(game).__name__}")
    if side is not None and any(seat == side for seat, _ in getattr(game, "pending", ())):
        raise InputError(f"{_sides(side)} {side_verb(side, 'have', 'has')} already chosen a card for the "
                         f"initiative")
    return s


def _check_side(side) -> str:
    if side not in SIDES:
        raise InputError(f"{str(side)[:20]!r} is not a side; allowed: {', '.join(SIDES)}")
    return side


def choose(game, side: str) -> Choice:
    """The computer's next step for ``side``: the draw, its initiative bid (a ``Bid``) or, in its
    turn, one legal action, with its reason (``action, reason = choose(...)`` unpacks).

    ``game`` is a ``GameState`` or a protocol match (``tutor.games.UNDAUNTED``'s: its actions are
    the same values). InputError (one line) when ``side`` has nothing to decide now."""
    s = state_of(game, _check_side(side))
    if s.over:
        raise InputError(f"the game is over: {s.result}")
    if s.phase == "draw":
        return Choice(DrawCards(), "Both players draw 4 cards to start the round.", rules.DRAW)
    if s.phase == "initiative":
        return bid(s, side)
    if s.active != side:
        raise InputError(f"it is {_sides(s.playing)}' turn, not {_sides(side)}'")
    if len(s.zones_of(side).table) >= MAX_PLAYS:
        return Choice(EndTurn(side), "Ends the turn: enough cards have been played for one turn.", rules.TURN_END)
    return pick(s, side, ranked(s, side))


def pick(s: GameState, side: str, scored: list) -> Choice:
    """The computer's choice among ``scored`` (``ranked``'s list): the best play while one helps,
    else the end of the turn."""
    best = next(iter(scored), None)
    if best is None or best.score <= 1e-9 or isinstance(best.action, EndTurn):
        return Choice(EndTurn(side), f"Ends the turn: {_end_reason(s, side)}.", _end_rule(s, side))
    reason, rule = explain_play(s, side, best)
    return Choice(best.action, reason, rule, best.odds, best.score)


# --- the initiative bid ------------------------------------------------------------------------


def _win_chance(s: GameState, side: str, card_id: str) -> float:
    """The chance a bid of ``card_id`` takes (or keeps) the initiative, against a card drawn at
    random from the cards the opponent may hold (its deck, counted from the open zones)."""
    foe = other(side)
    z = s.zones_of(foe)
    pool = list(z.hand) + list(z.draw) + list(z.discard)
    if not pool:
        return 1.0
    mine = CARDS[card_id].initiative
    win = sum(1 for c in pool if CARDS[c].initiative < mine)
    tie = sum(1 for c in pool if CARDS[c].initiative == mine)
    keep = 1.0 if s.initiative == side else 0.0
    return (win + keep * tie) / len(pool)


def _first_worth(s: GameState, side: str) -> tuple[float, str]:
    """What going first is worth this round, and why: a race for an objective the opponent could
    take (or block) before this side acts."""
    foe = other(side)
    needs = s.scenario.victory_of(foe).objectives
    threat = [r for r in reaches(s, foe) if r.steps <= 2.5 and needs is not None and
              s.objectives_held(foe) + r.value >= needs]
    chance = [r for r in reaches(s, side) if r.steps <= 2.5]
    if threat:
        r = min(threat, key=lambda r: (r.steps, r.tile))
        return 40.0, f"{_sides(foe)} could take Control of {r.tile} and win"
    if chance:
        r = min(chance, key=lambda r: (r.steps, -r.value, r.tile))
        return 15.0, f"its Riflemen can reach {r.tile} (objective worth {r.value}) before the enemy blocks it"
    return 3.0, ""


def bid(game, side: str) -> Choice:
    """The card ``side`` reveals for the initiative (PRŮBĚH HRY, Určení iniciativy), and why."""
    s = state_of(game, _check_side(side))
    hand = s.zones_of(side).hand
    if not hand:
        return Choice(Bid(side, None), "Has no card in hand to reveal for the initiative.", rules.INITIATIVE)
    if s.phase == "initiative":
        probe = _as_turn(s, side, hand)
    else:
        probe = s
    base = position(probe, side)
    worth, why = _first_worth(probe, side)
    gains = {}
    for c in sorted(set(hand)):
        gains[c] = 0.0 if c == FOG else max(0.0, _card_gain(_as_turn(probe, side, tuple(
            x for i, x in enumerate(hand) if i != hand.index(c))), side, c, base))
    order = sorted(gains, key=lambda c: (-CARDS[c].initiative, c))
    best, best_v = order[0], worth * _win_chance(s, side, order[0]) - gains[order[0]]
    for c in order[1:]:
        v = worth * _win_chance(s, side, c) - gains[c]
        if v > best_v + 1e-9:
            best, best_v = c, v
    init = CARDS[best].initiative
    title = card_title(best)
    if best == FOG:
        reason = (f"Bids {title} (initiative {init}): it cannot be played in a turn anyway, so the bid "
                  f"costs nothing.")
    elif why and worth >= 15:
        reason = f"Bids {title} (initiative {init}): a high card to go first, since {why}."
    elif gains[best] <= 0:
        reason = f"Bids {title} (initiative {init}): it could do nothing useful this turn, and it may still win the initiative."
    else:
        reason = (f"Bids {title} (initiative {init}): of this hand it is the card needed least this turn; the "
                  f"revealed card goes to the discard pile.")
    return Choice(Bid(side, best), reason, rules.INITIATIVE)


# ---------------------------------------------------------------------------------------------
# whole games: the computer against random play (the benchmark and the tests)


@dataclass(frozen=True)
class Duel:
    state: GameState
    winner: str | None
    rounds: int
    choices: int          # steps the computer took
    refused: int          # of them refused by the engine (must stay 0)
    reasons: tuple = ()   # the computer's reasons, when kept


def duel(scenario: Scenario | GameState, *, seed: int, computer: str, max_rounds: int = 200,
         keep_reasons: bool = False) -> Duel:
    """The computer plays ``computer``'s side against the random player (``playout.random_action``)
    until a side wins or ``max_rounds`` rounds are done; the same seed gives the same game."""
    rng = random.Random(seed)
    s = scenario if isinstance(scenario, GameState) else new_game(scenario, rng)
    start = s.round
    plays = choices = refused = 0
    reasons = []
    a: Action | Bid
    while not s.over and s.round - start < max_rounds:
        if s.phase == "initiative":
            mine = bid(s, computer)
            assert isinstance(mine.action, Bid)         # bid() chooses a card to reveal
            hand = s.zones_of(other(computer)).hand
            theirs = Bid(other(computer), rng.choice(hand) if hand else None)
            a = reveal(mine.action, theirs)
            choices += 1
            if keep_reasons:
                reasons.append(mine.reason)
        elif s.phase == "turn" and s.active == computer:
            c = choose(s, computer)
            a = c.action
            choices += 1
            if keep_reasons:
                reasons.append(c.reason)
        else:
            a = random_action(s, rng, plays)
        try:
            step = apply(s, a, rng)
        except IllegalAction:
            if s.phase == "turn" and s.active == computer:
                refused += 1
                step = apply(s, EndTurn(computer), rng)
            else:
                raise
        plays = 0 if isinstance(a, (EndTurn, RevealInitiative)) else plays + 1
        s = step.state
    return Duel(s, s.winner, s.round - start + (1 if s.over else 0), choices, refused, tuple(reasons))
