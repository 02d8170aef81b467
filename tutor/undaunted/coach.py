"""The coach: "what can I do now?" and "what did the computer just do, and why?".

* :func:`advise` ``(game, seat) -> Advice``: the legal choices of this moment for a side, grouped
  by card in the hand: each card's actions as printed ("Move 1", "Attack 1", "Control"), each
  action's options on their counters and tiles, one line of why each (what it would gain, or why
  it would gain nothing), the rule one click away (a ``tutor.rulebook.Rule``: ``cite``, the
  original ``quote``, ``summary``), and the computer's own pick marked. In the initiative phase
  the options are the cards to bid; a Fog of War in a turn is listed with the reason it has no
  action.
* :func:`explain` ``(before, choice, events) -> Explanation``: a step the computer took (its bid,
  a card it played, the end of its turn): what, why, the rule, and what came of it (the step's
  events in the learner's words, each with its rule).

``game`` is an engine ``GameState`` or a match of the one game protocol (``tutor.games``); the
coach reads only what the side may know (``tutor.undaunted.opponent`` scores the options the same
way the computer chooses its own). No widgets: a page renders these values.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tutor.errors import InputError
from tutor.rulebook import Rule
from tutor.sides import SIDE_NAMES, side_verb
from tutor.undaunted import opponent as UO
from tutor.undaunted import rules
from tutor.undaunted.actions import card_plays
from tutor.undaunted.cards import CARDS, FOG, card_title, words
from tutor.undaunted.opponent_words import _deploy_tile, _end_reason
from tutor.undaunted.scoring import _as_turn, _card_gain
from tutor.undaunted.state import SIDES, Action, Bid, DrawCards, EndTurn, GameState, Play, Withdraw, other
from tutor.words import sentence as _cap


def _the(side: str) -> str:
    return f"the {SIDE_NAMES[side]}"


@dataclass(frozen=True)
class Option:
    """One legal choice: the action to apply, what it does, why (or why not), its rule."""

    action: Action | Bid           # the engine's values
    text: str                      # "Move to 13B", "Attack the Axis Rifleman B on 5B"
    where: str                     # the counters, tiles or cards it acts on: "13B", "the Axis Rifleman B on 5B"
    why: str                       # one line, no final stop
    rule: Rule
    odds: Fraction | None = None   # an attack's exact chance to hit
    best: bool = False             # the computer would choose this
    helps: bool = False            # it improves the position (the computer's reckoning)
    score: float = 0.0             # by how much, on the computer's own scale

    @property
    def line(self) -> str:
        return f"{self.text}: {self.why}." if self.why else f"{self.text}."

    def to_json(self) -> dict:
        return {"text": self.text, "where": self.where, "why": self.why, "rule": self.rule.key, "cite": self.rule.cite,
                "odds": None if self.odds is None else f"{self.odds.numerator}/{self.odds.denominator}",
                "best": self.best, "helps": self.helps}


@dataclass(frozen=True)
class ActionGroup:
    """One action of a card ("Move 1") and its options, the most useful first."""

    name: str                      # "move", "attack", … "hunker down", "ready", "bid", "end"
    label: str                     # as printed on the card: "Move 1", "Bolster 2 A"
    options: tuple[Option, ...]
    rule: Rule

    @property
    def line(self) -> str:
        """The action and where it can go: "Move 1: to 12B or 13B"."""
        targets = _targets(self)
        return f"{self.label}: {targets}" if targets else self.label


@dataclass(frozen=True)
class CardAdvice:
    """A card in the hand (``card`` None: the end of the turn) and what it can do now."""

    card: str | None
    title: str                     # "Rifleman A"
    line: str                      # one line: the card's choices
    rule: Rule
    groups: tuple[ActionGroup, ...] = ()

    @property
    def options(self) -> tuple[Option, ...]:
        return tuple(o for g in self.groups for o in g.options)


@dataclass(frozen=True)
class Advice:
    """What ``seat`` can do now."""

    seat: str
    headline: str
    rule: Rule
    cards: tuple[CardAdvice, ...] = ()
    suggestion: Option | None = None     # what the computer would do in the seat's place

    @property
    def options(self) -> tuple[Option, ...]:
        return tuple(o for c in self.cards for o in c.options)

    def lines(self) -> list[str]:
        """The advice as plain lines: the headline, a line per card, the computer's suggestion."""
        out = [self.headline]
        out += [c.line for c in self.cards]
        if self.suggestion is not None:
            out.append(f"The computer would choose: {self.suggestion.line}")
        return out

    def to_json(self) -> dict:
        return {"seat": self.seat, "headline": self.headline, "rule": self.rule.key, "cite": self.rule.cite,
                "cards": [{"card": c.card, "title": c.title, "line": c.line, "cite": c.rule.cite,
                           "groups": [{"name": g.name, "label": g.label, "line": g.line,
                                       "options": [o.to_json() for o in g.options]} for g in c.groups]}
                          for c in self.cards],
                "suggestion": None if self.suggestion is None else self.suggestion.to_json()}


# ---------------------------------------------------------------------------------------------
# what can I do now?


def advise(game, seat: str) -> Advice:
    """The legal choices of this moment for ``seat`` (a side), grouped by card, with why and the
    rule. ``game``: a ``GameState`` or a protocol match. InputError (one line) for a seat that is
    not a side."""
    if seat not in SIDES:
        raise InputError(f"{str(seat)[:20]!r} is not a side; allowed: {', '.join(SIDES)}")
    pending = dict(getattr(game, "pending", ()) or ())
    s = UO.state_of(game)
    if s.over:
        return Advice(seat, _cap(s.result or "The game is over") + ".", rules.GAME_END)
    if s.phase == "draw":
        o = Option(DrawCards(), "Draw 4 cards", "", "every round starts with both players drawing", rules.DRAW,
                   best=True, helps=True)
        return Advice(seat, "A new round: both players draw 4 cards.", rules.DRAW,
                      (CardAdvice(None, "Draw", o.line, rules.DRAW, (ActionGroup("draw", "Draw 4", (o,), rules.DRAW),)),),
                      o)
    if s.phase == "initiative":
        if seat in pending:
            return Advice(seat, f"Your card for the initiative is chosen, face down; {_the(other(seat))} "
                                f"{side_verb(other(seat), 'choose', 'chooses')} theirs, then both are revealed.",
                          rules.INITIATIVE)
        return _advise_bid(s, seat)
    if s.active != seat:
        return Advice(seat, f"It is {_the(s.playing)}' turn: {_the(seat)} play after it.", rules.TURN)
    return _advise_turn(s, seat)


def _advise_turn(s: GameState, side: str) -> Advice:
    scored = UO.ranked(s, side)
    by_action = {_key(sc.action): sc for sc in scored}
    best = UO.pick(s, side, scored)
    cards = []
    for c in sorted(set(s.zones_of(side).hand)):
        card = CARDS[c]
        title = card_title(c)
        if card.is_fog:
            cards.append(CardAdvice(c, title, f"{title}: no action in a turn; it only counts when bidding for the "
                                              f"initiative.", rules.FOG_OF_WAR))
            continue
        groups: dict[str, list] = {}
        for a in card_plays(s, side, c):
            sc = by_action.get(_key(a))
            if sc is None:
                continue
            what, why, rule = UO.play_parts(s, side, sc)
            name = "hunker down" if isinstance(a, Withdraw) else a.action
            groups.setdefault(name, []).append(
                (-sc.score, len(groups.get(name, ())),
                 Option(a, what, UO.target_words(s, side, a) + _entering(s, side, a), why, rule, sc.odds,
                        a == best.action, sc.score > 1e-9, sc.score)))
        built = []
        for name, opts in groups.items():
            opts.sort(key=lambda x: (x[0], x[1]))
            options = tuple(o for _, _, o in opts)
            built.append(ActionGroup(name, _label(c, name), options, options[0].rule))
        cards.append(CardAdvice(c, title, _card_line(s, side, c, built), built[0].rule if built else rules.CARD_USE,
                                tuple(built)))
    end_sc = by_action.get(_key(EndTurn(side)))
    end_why = _end_reason(s, side) if isinstance(best.action, EndTurn) else \
        "the cards left in hand and the played cards go to the discard pile"
    end = Option(EndTurn(side), "End the turn", "", end_why, rules.TURN_END, best=isinstance(best.action, EndTurn),
                 helps=bool(end_sc and end_sc.score > 1e-9))
    cards.append(CardAdvice(None, "End the turn", end.line, rules.TURN_END,
                            (ActionGroup("end", "End the turn", (end,), rules.TURN_END),)))
    suggestion = next((o for c in cards for o in c.options if o.best), None)
    head = (f"Your turn ({_the(side)}): play the cards of your hand one by one, each for one of its actions "
            f"or to Hunker Down, then end the turn.")
    return Advice(side, head, rules.TURN, tuple(cards), suggestion)


def _key(a):
    return a


def _label(card_id: str, name: str) -> str:
    if name == "hunker down":
        return "Hunker Down"
    if name == "ready":
        return "Ready"
    spec = CARDS[card_id].action(name)
    return spec.label if spec is not None else name.capitalize()


def _entering(s: GameState, side: str, a) -> str:
    where = _deploy_tile(s, side, a) if isinstance(a, Play) else None
    return f" (entering at {where})" if where else ""


def _targets(g: ActionGroup) -> str:
    """Where an action's options go: "to 12B or 13B", "the Axis Rifleman A on 5B (3/10) or …"."""
    bits = []
    for o in g.options:
        if not o.where:
            continue
        t = o.where + (f" ({o.odds.numerator}/{o.odds.denominator})" if o.odds is not None else "")
        if t not in bits:
            bits.append(t)
    if not bits:
        return ""
    shown = bits[:4]
    more = f" or {len(bits) - 4} more" if len(bits) > 4 else ""
    joined = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + (" or " if not more else ", ") + shown[-1]
    prefix = "to " if g.name in ("move", "scout", "stalk") else ""
    return prefix + joined + more


def _card_line(s: GameState, side: str, card_id: str, groups) -> str:
    title = card_title(card_id)
    unit = CARDS[card_id].unit
    tok = s.token(side, unit) if unit else None
    acts = [g for g in groups if g.name != "hunker down"]
    if tok is not None and tok.suppressed:
        return f"{title}: its counter is suppressed, so the card can only Ready it — or Hunker Down."
    if not acts:
        return f"{title}: none of its actions can be taken here; it can only Hunker Down (back to the supply)."
    names = [g.label for g in acts]
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    helping = [o for g in acts for o in g.options if o.helps]
    best = max(helping, key=lambda o: (o.best, o.score), default=None)
    tail = f" Best now: {best.text} ({best.why})." if best is not None else " None of them gains anything now."
    return f"{title}: {said} — or Hunker Down.{tail}"


def _advise_bid(s: GameState, side: str) -> Advice:
    hand = s.zones_of(side).hand
    if not hand:
        o = Option(Bid(side, None), "Bid nothing", "", "the hand is empty", rules.INITIATIVE, best=True)
        return Advice(side, "Bid for the initiative: your hand is empty, so you reveal nothing.", rules.INITIATIVE,
                      (CardAdvice(None, "Bid", o.line, rules.INITIATIVE,
                                  (ActionGroup("bid", "Bid", (o,), rules.INITIATIVE),)),), o)
    pick = UO.bid(s, side)
    foe = other(side)
    z = s.zones_of(foe)
    pool = list(z.hand) + list(z.draw) + list(z.discard)
    probe = _as_turn(s, side, hand)
    base = UO.position(probe, side)
    cards = []
    for c in sorted(set(hand), key=lambda c: (-CARDS[c].initiative, c)):
        init = CARDS[c].initiative
        beats = sum(1 for x in pool if CARDS[x].initiative < init)
        ties = sum(1 for x in pool if CARDS[x].initiative == init)
        keep = "keeps" if s.initiative == side else "leaves"
        odds = (f"it beats {beats if beats else 'none'} of the {len(pool)} cards {_the(foe)} may hold"
                + (f" and ties {ties} (a tie {keep} the initiative with {_the(s.initiative)})" if ties else ""))
        if c == FOG:
            cost = "it cannot be played in a turn, so bidding it costs nothing"
        else:
            rest = tuple(x for i, x in enumerate(hand) if i != hand.index(c))
            gain = _card_gain(_as_turn(probe, side, rest), side, c, base)
            cost = ("bidding it gives up a play that would help this turn" if gain > 1e-9 else
                    "it could do nothing useful this turn anyway")
        o = Option(Bid(side, c), f"Bid {card_title(c)} (initiative {init})", card_title(c), f"{odds}; {cost}",
                   rules.INITIATIVE,
                   best=pick.action == Bid(side, c), helps=True)
        cards.append(CardAdvice(c, card_title(c), o.line, rules.INITIATIVE,
                                (ActionGroup("bid", "Bid", (o,), rules.INITIATIVE),)))
    suggestion = next(o for c in cards for o in c.options if o.best)
    head = (f"Bid for the initiative ({_the(side)}): choose a card of your hand face down; the higher "
            f"initiative number goes first, a tie leaves the initiative with {_the(s.initiative)}, and the "
            f"card goes to the discard pile.")
    return Advice(side, head, rules.INITIATIVE, tuple(cards), suggestion)


# ---------------------------------------------------------------------------------------------
# explaining the computer's step


@dataclass(frozen=True)
class Explanation:
    """A step the computer took: what, why (with the rule), and what came of it."""

    side: str
    what: str                        # "The Axis played Rifleman A: Move to 13B."
    why: str                         # the computer's reason
    rule: Rule
    outcome: tuple[tuple[str, Rule | None], ...] = ()     # the step's events: (text, rule)

    def lines(self) -> list[str]:
        return [self.what, f"Why: {self.why}", *(t for t, _ in self.outcome)]

    def to_json(self) -> dict:
        return {"side": self.side, "what": self.what, "why": self.why, "rule": self.rule.key,
                "cite": self.rule.cite,
                "outcome": [{"text": t, "cite": r.cite if r is not None else None} for t, r in self.outcome]}


def explain(before, choice: UO.Choice, events=()) -> Explanation:
    """The computer's ``choice`` taken in ``before`` (a ``GameState`` or a protocol match), with the
    events it caused (engine or protocol events: anything with ``text`` and ``rule``)."""
    s = UO.state_of(before)
    a = choice.action
    side = getattr(a, "side", None) or s.active
    the = _cap(_the(side)) if side else "Both players"
    verb = (lambda p, si: side_verb(side, p, si)) if side else (lambda p, si: p)
    if isinstance(a, Bid):
        what = (f"{the} {verb('bid', 'bids')} {card_title(a.card)} (initiative {CARDS[a.card].initiative}) for the "
                f"initiative." if a.card else f"{the} {verb('have', 'has')} no card to bid for the initiative.")
    elif isinstance(a, EndTurn):
        what = f"{the} {verb('end', 'ends')} the turn."
    elif isinstance(a, DrawCards):
        what = "Both players draw 4 cards."
    elif isinstance(a, Withdraw):
        what = f"{the} {verb('hunker', 'hunkers')} down with {card_title(a.card)}: it goes back to the supply."
    elif isinstance(a, Play):
        what = f"{the} {verb('play', 'plays')} {card_title(a.card)}: {UO.action_words(s, a.side, a)}."
    else:
        raise InputError(f"not an Undaunted: Normandy action: {type(a).__name__}")
    why = choice.reason
    for lead in (f"{card_title(a.card)}: {UO.action_words(s, a.side, a)}: " if isinstance(a, Play) else None,
                 f"Bids {card_title(a.card)} (initiative {CARDS[a.card].initiative}): " if isinstance(a, Bid) and a.card
                 else None, "Ends the turn: "):
        if lead and why.startswith(lead):
            why = _cap(why[len(lead):])
    outcome = tuple((_cap(words(e.text)) + ("" if e.text.endswith(".") else "."), e.rule) for e in events
                    if getattr(e, "text", ""))
    return Explanation(side or "", what, why, choice.rule, outcome)
