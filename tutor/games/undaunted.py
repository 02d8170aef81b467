"""Undaunted: Normandy through the one game protocol: a wrapper around ``tutor.undaunted``.

The engine's ``GameState`` is the match's ``state``. Its actions are the engine's ``Play``,
``Withdraw`` and ``EndTurn``, plus :class:`Bid`: the round's initiative bid is secret and
simultaneous (PRŮBĚH HRY: both reveal a card at once), so each side chooses its card on its own;
the first card chosen waits in the match, hidden from the other side's legal actions and named in
no event, and the second reveals both. Drawing cards is nobody's decision: a match never waits
at the start of a round, it draws at once (the draw's events are part of the step that ended the
round).

Action texts (short, stable, one per action, like a chess move in UCI)::

    bid allied riflemen-a          bid axis none (an empty hand)
    play scouts-a scout path=11B,4B                 (the tiles entered, in order)
    play riflemen-a attack target=riflemen-b        (the enemy's unit)
    play platoon-sergeant bolster cards=riflemen-a,riflemen-a
    play squad-leader-a inspire cards=riflemen-b    (the card taken back)
    withdraw riflemen-a            end

A play, a withdraw or an end is the side's whose turn it is, so its text does not name it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tutor.errors import IllegalAction, InputError
from tutor.games.protocol import FORMAT, Base, Event, Match
from tutor.sides import Side
from tutor.undaunted import actions as UA
from tutor.undaunted import rules as UR
from tutor.undaunted.playout import random_action
from tutor.undaunted.scenario import load_scenario
from tutor.undaunted.scenario import new_game as engine_new_game
from tutor.undaunted.state import SIDES, Bid, DrawCards, EndTurn, GameState, Play, RevealInitiative, Withdraw

Action = Bid | Play | Withdraw | EndTurn


class _Draws:
    """The randomness of one step: draw ``n`` is ``random.Random(f"{seed}:{n}")``, made only when
    the step first rolls or shuffles, so ``n`` counts the draws the match really made."""

    def __init__(self, seed: int, n: int):
        self.seed, self.n = seed, n
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}:{self.n}")
            self.n += 1
        return getattr(self._rng, name)


def event(e: Any) -> Event:
    """An Undaunted engine event as a protocol event."""
    return Event(e.kind, e.text, e.rule, e.side, MappingProxyType(dict(e.data)))


_SCENARIOS: dict[tuple[str, int], Any] = {}      # (path, mtime) -> Scenario: each file is parsed once


_NAME = re.compile(r"[a-z0-9][a-z0-9-]*", re.ASCII)


def bundled(name: str) -> Path:
    """The course's own Undaunted scenario that ``name`` names ("la-raye", or as a save writes it,
    "scenarios/undaunted/la-raye.yaml"), never a file elsewhere (a save opened on a page is the
    visitor's to write)."""
    from tutor import paths
    from tutor.inputs import clipped
    stem = name.removeprefix("scenarios/").removeprefix("undaunted/").removesuffix(".yaml")
    p = paths.SCENARIOS / "undaunted" / f"{stem}.yaml"
    if not _NAME.fullmatch(stem) or not p.is_file():
        raise InputError(f"scenario {clipped(name, 42)} is not one of the course's Undaunted: Normandy scenarios: "
                         f"give a bundled name like la-raye")
    return p


def _scenario(name: str) -> tuple[Any, str]:
    """The scenario (parsed once per file) and the name a save gives it: a scenario file, or a
    bundled name."""
    from tutor import paths
    p = Path(name)
    if not p.is_file():
        p = bundled(name)
    key = (str(p.resolve()), p.stat().st_mtime_ns)
    sc = _SCENARIOS.get(key)
    if sc is None:
        sc = _SCENARIOS[key] = load_scenario(p)
    try:
        rel = str(p.resolve().relative_to(paths.SCENARIOS.parent.resolve()))
    except ValueError:
        rel = str(p)
    return sc, rel


class Undaunted(Base):
    """Undaunted: Normandy: ``new(scenario, seed)``; a seat is a side, "allied" or "axis"."""

    name = "undaunted"
    title = "Undaunted: Normandy"

    def new(self, scenario: str, seed: int = 0, **options: Any) -> Match:
        if options:
            raise InputError(f"Undaunted: Normandy takes no options, not {', '.join(sorted(options))}")
        from tutor.inputs import MAX_SEED
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise InputError(f"seed must be a whole number from 0 to {MAX_SEED}")
        sc, rel = _scenario(scenario)
        draws = _Draws(seed, 0)
        s = engine_new_game(sc, draws)
        events: list[Event] = [Event("setup", f"{sc.name}: each side's deck is shuffled.", UR.SETUP_DECK)]
        s = self._draw(s, events, draws)
        return Match(self.name, rel, seed, MappingProxyType({}), s, draws.n, tuple(events))

    @staticmethod
    def _draw(s: GameState, events: list[Event], draws: _Draws) -> GameState:
        while s.phase == "draw":
            step = UA.apply(s, DrawCards(), draws)
            events.extend(event(e) for e in step.events)
            s = step.state
        return s

    def to_act(self, match: Match) -> tuple[str, ...]:
        s = match.state
        if s.phase == "initiative":
            done = {seat for seat, _ in match.pending}
            return tuple(side for side in SIDES if side not in done)
        return (s.active,) if s.phase == "turn" else ()

    def legal_actions(self, match: Match, seat: str | None = None) -> list[Action]:
        s = match.state
        seats = self.to_act(match)
        if seat is not None:
            seats = (seat,) if seat in seats else ()
        if not seats:
            return []
        if s.phase == "initiative":
            return [Bid(side, c) for side in seats for c in (sorted(set(s.zones_of(side).hand)) or [None])]
        return UA.legal_actions(s)

    def apply(self, match: Match, action: Action) -> Match:
        if isinstance(action, Bid):
            return self._bid(match, action)
        if not isinstance(action, (Play, Withdraw, EndTurn)):
            raise InputError(f"not an Undaunted: Normandy action: {type(action).__name__} (bid, play, withdraw "
                             f"or end)")
        if match.state.phase == "initiative":
            raise IllegalAction("first both sides choose a card for the initiative", UR.INITIATIVE)
        draws = _Draws(match.seed, match.draws)
        step = UA.apply(match.state, action, draws)
        events = [event(e) for e in step.events]
        s = self._draw(step.state, events, draws)
        return Match(self.name, match.scenario, match.seed, match.options, s, draws.n, tuple(events), (),
                     action, match.length + 1, match)

    def _bid(self, match: Match, bid: Bid) -> Match:
        s = match.state
        if s.phase != "initiative":
            raise IllegalAction(f"the initiative is bid after drawing, not in the {s.phase} phase", UR.INITIATIVE)
        side = Side.of(bid.side)
        if bid.side not in self.to_act(match):
            raise IllegalAction(f"{side.the} {side.verb('have', 'has')} already chosen a card for the initiative",
                                UR.INITIATIVE)
        hand = s.zones_of(bid.side).hand
        if bid.card is None and hand:
            raise IllegalAction(f"{side.the} must bid one card from the hand", UR.INITIATIVE)
        if bid.card is not None and bid.card not in hand:
            raise IllegalAction(f"{side.the} {side.verb('have', 'has')} no {bid.card} in hand to bid",
                                UR.INITIATIVE)
        chose = Event("bid", f"{side.The} {side.verb('choose', 'chooses')} a card for the initiative, face down.",
                      UR.INITIATIVE, bid.side)
        pending = match.pending + ((bid.side, bid.card),)
        if len(pending) < len(SIDES):
            return Match(self.name, match.scenario, match.seed, match.options, s, match.draws, (chose,), pending,
                         bid, match.length + 1, match)
        cards = dict(pending)
        step = UA.apply(s, RevealInitiative(cards["allied"], cards["axis"]))
        return Match(self.name, match.scenario, match.seed, match.options, step.state, match.draws,
                     (chose, *(event(e) for e in step.events)), (), bid, match.length + 1, match)

    def random_action(self, match: Match, rng: random.Random) -> Action:
        """The engine's random player (``tutor.undaunted.playout``): a random card of the hand, or
        the end of the turn; for the bid, a random card of the first side still to choose."""
        s = match.state
        if s.phase == "initiative":
            side = self.to_act(match)[0]
            hand = s.zones_of(side).hand
            return Bid(side, rng.choice(hand) if hand else None)
        plays = 0
        m = match
        while m.prev is not None and isinstance(m.action, (Play, Withdraw)):
            plays += 1
            m = m.prev
        a: Action = random_action(s, rng, plays)
        return a

    def is_over(self, match: Match) -> bool:
        return bool(match.state.over)

    def winner(self, match: Match) -> str | None:
        w: str | None = match.state.winner
        return w

    def digest(self, match: Match) -> str:
        """One line that pins the whole state (golden playthroughs): the round, phase, who acts,
        the initiative, the bids waiting, the objectives, each side's zones (the hand, the table and
        the draw pile in order; the other zones sorted), the tokens, control and target markers."""
        s = match.state
        out = [f"round={s.round} phase={s.phase} active={s.active} initiative={s.initiative} "
               f"bids={','.join(f'{a}:{c}' for a, c in match.pending) or '-'} winner={s.winner} "
               f"objectives={s.objectives_held('allied')}/{s.objectives_held('axis')}"]
        for side in SIDES:
            z = s.zones_of(side)
            out.append(f"{side} hand=[{','.join(z.hand)}] table=[{','.join(z.table)}] draw=[{','.join(z.draw)}] "
                       f"discard=[{','.join(sorted(z.discard))}] supply=[{','.join(sorted(z.supply))}] "
                       f"out=[{','.join(sorted(z.out))}]")
        out.append(" ".join(f"{t.side[:2]}:{t.unit}@{t.tile or '-'}{'*' if t.suppressed else ''}"
                            f"{'x' if t.eliminated else ''}" for t in s.tokens))
        out.append(" ".join(f"{side[:2]}:{tile}={st[0]}" for side in SIDES
                            for tile, st in sorted(s.control_markers(side).items())))
        out.append(f"targets={s.target_of('allied')}/{s.target_of('axis')}")
        return " | ".join(out)

    # --- actions as text -------------------------------------------------------------------

    def action_text(self, action: Action) -> str:
        if isinstance(action, Bid):
            return f"bid {action.side} {action.card or 'none'}"
        if isinstance(action, EndTurn):
            return "end"
        if isinstance(action, Withdraw):
            return f"withdraw {action.card}"
        if isinstance(action, Play):
            words = ["play", action.card, action.action]
            if action.path:
                words.append("path=" + ",".join(action.path))
            for key in ("unit", "target", "deploy"):
                if getattr(action, key) is not None:
                    words.append(f"{key}={getattr(action, key)}")
            if action.cards:
                words.append("cards=" + ",".join(action.cards))
            if action.count is not None:
                words.append(f"count={action.count}")
            return " ".join(words)
        raise InputError(f"not an Undaunted: Normandy action: {type(action).__name__}")

    def parse_action(self, match: Match, text: str) -> Action:
        """The action a text names (InputError, one line, for a text no action has); a play,
        withdraw or end is the side's whose turn it is."""
        if not isinstance(text, str) or not text.strip():
            raise InputError("an action is a text like 'play scouts-b scout path=3B,17B' or 'end'")
        verb, *args = text.split()
        if verb == "bid":
            if len(args) != 2 or args[0] not in SIDES:
                raise InputError("usage: bid allied|axis CARD (or none for an empty hand)")
            return Bid(args[0], None if args[1] == "none" else args[1])
        if verb not in ("end", "withdraw", "play"):
            raise InputError(f"action \"{verb[:30]}\" is unknown: allowed are bid, end, play, withdraw")
        side = match.state.active
        if side is None:
            raise IllegalAction(f"no side plays cards now: it is the {match.state.phase} phase", UR.TURN)
        if verb == "end":
            if args:
                raise InputError("usage: end")
            return EndTurn(side)
        if verb == "withdraw":
            if len(args) != 1:
                raise InputError("usage: withdraw CARD")
            return Withdraw(side, args[0])
        if len(args) < 2:
            raise InputError("usage: play CARD ACTION [path=T,T] [unit=U] [target=X] [cards=C,C] [count=N] "
                             "[deploy=T]")
        fields: dict[str, Any] = {}
        for word in args[2:]:
            key, eq, value = word.partition("=")
            if not eq or not value or key in fields or key not in ("path", "unit", "target", "cards", "count",
                                                                   "deploy"):
                raise InputError(f"{word[:30]!r} is not a play's parameter: allowed are path=, unit=, target=, "
                                 f"cards=, count=, deploy=, each once")
            if key in ("path", "cards"):
                fields[key] = tuple(value.split(","))
            elif key == "count":
                if not value.isdigit() or len(value) > 3:
                    raise InputError(f"count={value[:10]}: a count is a whole number")
                fields[key] = int(value)
            else:
                fields[key] = value
        return Play(side, args[0], args[1], **fields)

    def describe(self, match: Match, action: Action) -> str:
        """The action in words, for people."""
        return action.describe()

    # --- save and load ---------------------------------------------------------------------

    def save(self, match: Match) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.name, "scenario": match.scenario, "seed": match.seed,
                "options": dict(match.options), "actions": [self.action_text(a) for a in match.actions]}

    def load(self, data: Any, where: str = "the saved game", *, files: bool = False) -> Match:
        """A saved match, replayed action by action; InputError (one line) for anything else. Its
        scenario is one of the course's unless ``files`` (the command line)."""
        from tutor.inputs import saved_game_header
        self._check_save(data, where)
        acts = saved_game_header(data, where, actions_are="action texts")
        opts = data.get("options") or {}
        if not isinstance(opts, dict):
            raise InputError(f"{where}: options must be a mapping")
        try:
            m = self.new(data["scenario"] if files else str(bundled(data["scenario"])), data["seed"], **opts)
        except InputError as exc:
            raise InputError(f"{where}: {exc}") from None
        for i, a in enumerate(acts):
            try:
                m = self.apply(m, self.parse_action(m, a))
            except (InputError, IllegalAction) as exc:
                raise InputError(f"{where}: action {i + 1} {a[:60]!r} cannot be replayed: {exc}") from None
        return m


UNDAUNTED = Undaunted()

__all__ = ["UNDAUNTED", "Action", "Bid", "EndTurn", "Play", "Undaunted", "Withdraw", "event"]
