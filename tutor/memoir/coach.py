"""The coach for Memoir '44: "what can I do now?" and "what did the computer just do, and why?".

* :func:`advise` ``(game, selected=None) -> Advice``: every legal action of this moment (exactly
  ``tutor.memoir.game.legal_actions``), grouped as a player thinks of them — the cards to play,
  the units that may be ordered, each ordered unit's moves and targets (the exact chance of a hit
  and of eliminating the target, from ``tutor.odds``), a retreat's hexes, the Ambush — each with
  one line of why and the rule one click away (a ``tutor.rulebook.Rule``). The computer's own
  pick in the player's place is marked.
* :func:`ambush_facts` ``(game)``: who closes in on whom, and the Ambush's dice and odds.
* :func:`explain` ``(before, choice) -> Explanation``: a step of the computer (``tutor.memoir.
  opponent.choose_explained``) in words: which card it played, which unit it ordered, moved or
  battled with, and why.

``game`` is an engine game (``tutor.memoir.game.Game``) or a match of the one game protocol
(``tutor.games``). No widgets: *Play a battle* renders these values.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, fmt, row_major
from tutor.memoir import cards as C
from tutor.memoir import combat
from tutor.memoir import game as G
from tutor.memoir import opponent as O
from tutor.memoir import rules as R
from tutor.memoir.action import Action
from tutor.memoir.los import has_line_of_sight
from tutor.rulebook import Rule
from tutor.sides import SIDE_NAMES, side_of, side_verb

ADJ = {"allied": "Allied", "axis": "Axis"}


def _game(game) -> G.Game:
    """The engine game of ``game`` (an engine game or a protocol match)."""
    g = getattr(game, "state", None) if not isinstance(game, G.Game) else game
    if not isinstance(g, G.Game):
        raise InputError("the coach reads a Memoir '44 game or match")
    return g


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _pct(p: Fraction) -> str:
    return f"{p} ({float(p):.0%})" if p not in (0, 1) else str(p)


def _unit(g: G.Game, h: Hex) -> str:
    u = g.state.units[h]
    side, _, kind = u.name.partition(" ")
    return f"{ADJ.get(side, side)} {kind.title()} on {fmt(h)}"


@dataclass(frozen=True)
class Odds:
    """An attack's dice and its exact chances: at least one hit, the target eliminated."""

    dice: int
    p_hit: Fraction
    p_eliminate: Fraction
    expected: Fraction                # figures the target loses, on average

    @property
    def text(self) -> str:
        out = f"{_dice(self.dice)}: at least one hit {_pct(self.p_hit)}"
        return out + (f", eliminated {_pct(self.p_eliminate)}" if self.p_eliminate else ", it cannot be eliminated")


def attack_odds(g: G.Game, a: Hex, t: Hex) -> Odds:
    """The ordered unit on ``a`` battling ``t`` now: the engine's dice (the card's extra dice
    included) and exact odds from ``tutor.odds`` (flags the target cannot retreat for counted
    when the card adds no die)."""
    ad = G.battle_options(g, a)[t]
    bonus = G.bonus_dice(g, a, t)
    return _odds(g, a, t, ad.dice + bonus, exact_board=bonus == 0)


def _odds(g: G.Game, a: Hex, t: Hex, n: int, exact_board: bool) -> Odds:
    from tutor import odds
    tu = g.state.units[t]
    dist = odds.distribution(n, tu.kind)
    p_hit = 1 - dist.hits[0]
    if exact_board:
        try:
            ao = odds.attack_odds(g.state, a, t)
            if ao.dice.dice == n:
                return Odds(n, p_hit, ao.p_eliminated, ao.expected_losses)
        except (IllegalAction, InputError):
            pass
    p_elim = sum((p for h, p in dist.hits.items() if h >= tu.figures), Fraction(0))
    return Odds(n, p_hit, p_elim, min(dist.expected_hits, Fraction(tu.figures)))


@dataclass(frozen=True)
class Option:
    """One legal action: its text for the engine, what it does, why, the rule; odds for a battle."""

    action: str                       # exactly one of the engine's legal actions
    text: str                         # "Battle the Axis Infantry on 7,3"
    why: str                          # one line, no final stop
    rule: Rule
    odds: Odds | None = None
    best: bool = False                # the computer would choose this in the player's place

    @property
    def line(self) -> str:
        return f"{self.text}: {self.why}." if self.why else f"{self.text}."


@dataclass(frozen=True)
class Group:
    """Choices that belong together: the cards, the units to order, one unit's moves and battles."""

    title: str                        # "Cards you may play", "Allied Infantry on 5,5"
    rule: Rule
    options: tuple[Option, ...]
    unit: Hex | None = None           # the unit the group is about
    focus: bool = False               # the selected unit

    @property
    def line(self) -> str:
        """The group in one line: "Allied Infantry on 5,5: move to 6,4, 7,5 … or battle 7,3 (1/2)"."""
        moves = [o.action.split()[-1] for o in self.options if o.action.startswith("move ")]
        fights = [f"{o.action.split()[-1]} ({o.odds.p_hit} to hit)" for o in self.options
                  if o.action.startswith("battle ") and o.odds]
        bits = []
        if moves:
            more = len(moves) - 6
            bits.append("move to " + ", ".join(moves[:6]) + (f" or {more} more hex{'es' if more > 1 else ''}" if more > 0 else ""))
        if fights:
            bits.append("battle " + ", ".join(fights))
        rest = [o.text for o in self.options if not o.action.startswith(("move ", "battle "))]
        bits += [r[:1].lower() + r[1:] for r in rest]
        return f"{self.title}: {' · '.join(bits)}" if bits else self.title


@dataclass(frozen=True)
class Advice:
    """What the player to act may do now."""

    seat: str
    headline: str
    rule: Rule
    groups: tuple[Group, ...] = ()
    suggestion: Option | None = None

    @property
    def options(self) -> tuple[Option, ...]:
        return tuple(o for gr in self.groups for o in gr.options)

    def lines(self) -> list[str]:
        out = [self.headline] + [gr.line for gr in self.groups]
        if self.suggestion is not None:
            out.append(f"The computer in your place: {self.suggestion.line}")
        return out


# ---------------------------------------------------------------------------------------------
# what can I do now?


def advise(game, selected: Hex | None = None) -> Advice:
    """The legal choices of this moment for the player to act, grouped, each with why and its
    rule. ``selected``: the unit the player has picked (its group comes first)."""
    g = _game(game)
    seat = g.player
    if g.over:
        w = g.winner
        return Advice(seat, f"The game is over: the {SIDE_NAMES.get(w, w)} won." if w else "The game is over.",
                      R.VICTORY)
    acts = G.legal_actions(g)
    try:
        pick = O.choose_action(g, random.Random(0)).text
    except (ValueError, KeyError, IllegalAction):
        pick = None
    build = _BUILDERS.get(g.phase, _other)
    head, rule, groups = build(g, acts, selected)
    groups = tuple(Group(gr.title, gr.rule, tuple(_mark(o, pick) for o in gr.options), gr.unit, gr.focus)
                   for gr in groups)
    sug = next((_named(o, gr) for gr in groups for o in gr.options if o.best), None)
    return Advice(seat, head, rule, groups, sug)


def _named(o: Option, gr: Group) -> Option:
    """``o`` with the unit it is about named (a move or battle listed under its unit's group)."""
    if gr.unit is None:
        return o
    return Option(o.action, f"{gr.title}: {o.text[:1].lower()}{o.text[1:]}", o.why, o.rule, o.odds, o.best)


def _mark(o: Option, pick: str | None) -> Option:
    return Option(o.action, o.text, o.why, o.rule, o.odds, o.action == pick)


def _who(g: G.Game) -> str:
    return G.seat_text(g.player, g.variant.kind)


def _advise_play(g, acts, selected):
    opts = []
    for text in acts:
        a = Action.parse(text)
        c = C.card(a.card)
        title = f"Play {c.name}" + (f" on the {a.section} section" if a.section else "")
        opts.append(Option(text, title, _play_why(g, text), C.SECTION_CARD if c.section else C.TACTIC_CARD))
    head = (f"{_who(g)}: a turn is play a card, order units, move, battle, draw. Play one command card: it "
            f"says which units you may order.")
    return head, C.PLAY_CARD, (Group("Cards you may play", C.PLAY_CARD, tuple(opts)),)


def _play_why(g: G.Game, text: str) -> str:
    """What playing the card ``text`` would do now, in one line: the units it lets you order, the
    units it orders at once, or that it orders none (the engine's own step, not applied)."""
    after = G.apply(g, text)
    if after.phase == "order" and after.turn is not None and after.turn.effect is not None:
        n = len([x for x in G.legal_actions(after) if x.startswith("order ")])
        slots = "; ".join(s.describe() for s in after.turn.effect.slots)
        return f"then you order {slots}; {n} of your units can take one"
    ordered = next((e for e in after.log[len(g.log):] if e.kind == "order"), None)
    hexes = ordered.get("hexes") if ordered is not None else ()
    if hexes:
        return (f"it orders {len(hexes)} {'unit' if len(hexes) == 1 else 'units'} at once "
                f"({', '.join(fmt(h) for h in hexes)}), ready to move and battle")
    if C.card(Action.parse(text).card_id).key == "ambush":
        return "not now: played on your own turn it orders no unit; keep it for when an enemy closes in"
    return "it would order no unit (you have none it can order there): the turn ends and you draw a new card"


def _reach_words(g: G.Game, h: Hex) -> str:
    """What the unit on ``h`` could battle now, in a few words (before any move)."""
    u = g.state.units[h]
    foes = []
    for e, v in g.state.units.items():
        if v.side == u.side:
            continue
        ad = combat.attack_dice(g.state, h, e)
        if ad.base == 0 or (ad.distance > 1 and u.kind != "artillery" and not has_line_of_sight(g.state, h, e)):
            continue
        foes.append((ad.dice, e))
    if not foes:
        return "no enemy in reach from where it stands: ordered, it may move closer"
    n, e = max(foes, key=lambda x: (x[0], row_major(x[1])))
    return f"it can battle the {_unit(g, e)} with {_dice(n)} from where it stands" + (
        f" (and {len(foes) - 1} other target{'s' if len(foes) > 2 else ''})" if len(foes) > 1 else "")


def _advise_order(g, acts, selected):
    t = g.turn
    opts = []
    for text in acts:
        a = Action.parse(text)
        if a.verb == "done":
            left = len([x for x in acts if x.startswith("order ")])
            why = ("your orders are given; the units move and battle next" if not left else
                   "stop ordering: orders not given are lost")
            opts.append(Option(text, "Orders done", why, C.ORDERS_LOST))
            continue
        if a.verb == "order":
            opts.append(Option(text, f"Order the {_unit(g, a.unit)}", _reach_words(g, a.unit), R.ORDERS))
        else:
            opts.append(Option(text, G.action_text(g, text), "", R.ORDERS))
    slots = "; ".join(s.describe() for s in t.effect.slots) if t.effect is not None else ""
    card = C.name(t.cards[0]) if t.cards else "the card"
    head = f"{_who(g)}: {card} orders {slots}. Order the units you want to move or battle, then Orders done."
    return head, R.ORDERS, (Group("Units you may order", R.ORDERS, tuple(opts)),)


def _advise_act(g, acts, selected):
    by_unit: dict = {}
    rest = []
    for text in acts:
        a = Action.parse(text)
        if a.verb == "move":
            r = G.move_options(g, a.unit)[a.target]
            steps = f"{r.cost} hex{'es' if r.cost != 1 else ''}"
            why = (f"{steps}; then it may still battle" if r.can_battle else
                   f"{steps}; then it may not battle: {r.why_not_battle}")
            by_unit.setdefault(a.unit, []).append(Option(text, f"Move to {fmt(a.target)}", why, C.MOVE_STEP))
        elif a.verb == "battle":
            ad = G.battle_options(g, a.unit)[a.target]
            o = attack_odds(g, a.unit, a.target)
            extra = G.bonus_dice(g, a.unit, a.target)
            chance = o.text.split(": ", 1)[1]          # the dice are in ad.text already
            why = ad.text.rstrip(".") + (f", +{extra} from the card" if extra else "") + f"; {chance}"
            rule = ad.rules[0] if ad.rules else C.BATTLE_STEP
            by_unit.setdefault(a.unit, []).append(Option(text, f"Battle the {_unit(g, a.target)}", why, rule, o))
        elif a.verb == "wire":
            by_unit.setdefault(a.unit, []).append(Option(
                text, "Remove the barbed wire", "instead of battling, the infantry clears the wire on its hex",
                R.WIRE_REMOVE))
        elif a.verb == "take":
            rest.append(Option(text, f"Take ground with the {_unit(g, a.unit)}",
                               f"move into {fmt(g.state.vacated)}, the hex the enemy left", R.TAKE_GROUND))
        elif a.verb == "end":
            rest.append(Option(text, "End turn", "the card is discarded and you draw a new one", C.DRAW))
        else:
            rest.append(Option(text, G.action_text(g, text), "", C.BATTLE_STEP))
    groups = []
    for h in sorted(by_unit, key=lambda h: (h != selected, row_major(h))):
        groups.append(Group(f"The {_unit(g, h)}", C.MOVE_STEP if any(o.action.startswith("move ") for o in by_unit[h])
                            else C.BATTLE_STEP, tuple(by_unit[h]), h, h == selected))
    if rest:
        groups.append(Group("When you are done", C.BATTLE_STEP, tuple(rest)))
    moving = any(o.action.startswith("move ") for gr in groups for o in gr.options)
    head = (f"{_who(g)}: your ordered units move first, one at a time, then battle."
            if moving else f"{_who(g)}: moves are over; your ordered units battle, one at a time.")
    return head, C.MOVE_STEP if moving else C.BATTLE_STEP, tuple(groups)


def _advise_retreat(g, acts, selected):
    t = g.turn.pending[2]
    opts = [Option(text, f"Retreat to {fmt(Action.parse(text).unit)}", "a hex toward your own side of the board",
                   R.RETREAT_DIRECTION) for text in acts]
    return (f"{_who(g)}: a flag — your {_unit(g, t)} must move back toward your side.", R.FLAG,
            (Group("Where it may retreat", R.RETREAT_DIRECTION, tuple(opts), t),))


def ambush_facts(game) -> dict | None:
    """While an Ambush is asked for: {attacker, target, text, odds} — the unit that closes in,
    the unit it attacks, and the dice and exact odds of the Ambush's battle first (None otherwise)."""
    g = _game(game)
    p = g.turn.pending if g.turn is not None else None
    if g.phase != "ambush" or not p or p[0] != "ambush":
        return None
    a, t = p[1], p[2]
    try:
        ad = combat.attack_dice(g.state, t, a)
        o = _odds(g, t, a, ad.dice, exact_board=True)
    except (IllegalAction, InputError):
        o = None
    text = (f"the {_unit(g, a)} closes in on your {_unit(g, t)}. Ambush: your unit battles it first"
            + (f" with {o.text}" if o else "") + "; then the close combat goes ahead if it still can")
    return {"attacker": a, "target": t, "odds": o, "text": text}


def _advise_ambush(g, acts, selected):
    f = ambush_facts(g)
    text = f["text"] if f else "a close combat is declared on your unit"
    opts = []
    for x in acts:
        if x == "ambush":
            opts.append(Option(x, "Play Ambush", "your unit battles first" + (f" ({f['odds'].text})"
                                                                          if f and f["odds"] else ""),
                               C.TACTIC_CARD, f["odds"] if f else None))
        elif x == "decline":
            opts.append(Option(x, "No ambush", "keep the card; the close combat goes ahead", C.TACTIC_CARD))
        else:
            opts.append(Option(x, G.action_text(g, x), "", C.TACTIC_CARD))
    return (f"{_who(g)}: {text}.", C.TACTIC_CARD, (Group("Ambush or not", C.TACTIC_CARD, tuple(opts)),))


def _advise_recon(g, acts, selected):
    opts = [Option(x, f"Keep {C.name(Action.parse(x).card)}", C.card(Action.parse(x).card).text.rstrip("."),
                   C.RECON_RULE) for x in acts]
    return (f"{_who(g)}: Recon — you drew two cards; keep one.", C.RECON_RULE,
            (Group("Cards you may keep", C.RECON_RULE, tuple(opts)),))


def _advise_strike(g, acts, selected):
    opts = []
    for x in acts:
        a = Action.parse(x)
        hexes = a.hexes if a.verb == "air" else (a.unit,)
        opts.append(Option(x, "Strike " + ", ".join(_unit(g, h) for h in hexes),
                           "Air Power: 2 dice on each unit, stars hit too" if a.verb == "air"
                           else "Barrage: 4 dice on one unit", C.TACTIC_CARD))
    return f"{_who(g)}: pick the enemy units to strike.", C.TACTIC_CARD, (Group("Targets", C.TACTIC_CARD, tuple(opts)),)


def _other(g, acts, selected):
    opts = [Option(x, G.action_text(g, x), "", R.ORDERS) for x in acts]
    return f"{_who(g)}: pick one of these actions.", R.ORDERS, (Group("Actions", R.ORDERS, tuple(opts)),)


_BUILDERS = {"play": _advise_play, "order": _advise_order, "act": _advise_act, "retreat": _advise_retreat,
             "ambush": _advise_ambush, "recon": _advise_recon, "air": _advise_strike, "barrage": _advise_strike}


# ---------------------------------------------------------------------------------------------
# the computer's step, in words


@dataclass(frozen=True)
class Explanation:
    """A step of the computer: what it did, why, the rule that allows it."""

    what: str
    why: str
    rule: Rule

    @property
    def line(self) -> str:
        return f"{self.what} Why: {self.why}."


def explain(before, choice) -> Explanation:
    """The computer's ``choice`` (an ``opponent.Choice``) taken in ``before``, in words."""
    g = _game(before)
    a = choice.action if isinstance(choice.action, Action) else Action.parse(choice.action)
    side = side_of(g.player)               # who decides: a retreat is its unit's owner's
    who = f"The {SIDE_NAMES.get(side, side)}"
    def does(plural: str, singular: str) -> str:    # "The Allies play", "The Axis plays"
        return f"{who} {side_verb(side, plural, singular)}"
    if a.verb in ("play", "keep"):
        c = C.name(a.card_id)
        what = (f"{does('play', 'plays')} {c}"
                + (f" on the {a.section} section" if a.section else "")) if a.verb == "play" else f"{does('keep', 'keeps')} {c}"
    elif a.verb == "order":
        what = f"{does('order', 'orders')} the {_unit(g, a.at)}"
    elif a.verb == "move":
        what = f"{does('move', 'moves')} the {_unit(g, a.at)} to {fmt(a.to)}"
    elif a.verb == "battle":
        what = f"{does('battle', 'battles')}: the {_unit(g, a.at)} attacks the {_unit(g, a.to)}"
    elif a.verb == "end":
        what = f"{does('end', 'ends')} the turn and {side_verb(side, 'draw', 'draws')} a card"
    elif a.verb == "take" and g.state.vacated is not None:
        what = f"{does('take', 'takes')} ground: the {_unit(g, a.at)} moves into {fmt(g.state.vacated)}"
    elif a.verb == "wire":
        what = f"{does('remove', 'removes')} the barbed wire under the {_unit(g, a.at)}"
    elif a.verb == "ambush":
        what = f"{does('play', 'plays')} Ambush: the unit attacked battles first"
    elif a.verb == "decline":
        what = f"{does('let', 'lets')} the close combat go ahead, without Ambush"
    elif a.verb in ("air", "barrage"):
        card = "Air Power" if a.verb == "air" else "Barrage"
        what = f"{does('strike', 'strikes')} with {card}: " + ", ".join(f"the {_unit(g, h)}" for h in a.hexes)
    elif a.verb == "retreat" and g.turn is not None and g.turn.pending and g.turn.pending[2] in g.state.units:
        what = f"{does('retreat', 'retreats')} the {_unit(g, g.turn.pending[2])} to {fmt(a.at)}"
    else:
        said = G.action_text(g, a.text)
        said = said.split(": ", 1)[1] if said.startswith(("Allies: ", "Axis: ")) else said
        what = f"{who}: {said}"
    return Explanation(what.rstrip(".") + ".", choice.reason, choice.rule)
