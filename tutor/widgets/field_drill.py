"""Drill 4: move and battle on a teaching board — the *try* of the chapters on movement (4),
obstacles (9), special forces (10) and objectives (11).

Tap one of your units: it is ordered, every hex it may reach is shaded green, the hexes it may not
enter are marked ✕ and the enemies it may battle now are shaded with their dice. Tap a green hex
to move there, a ✕ hex to hear why not, an enemy to battle it (the dice box sets the faces, empty
rolls them), the hex a beaten enemy left to take ground, an infantry unit on wire again to remove
the wire, a unit that has done all it may again to give it a new turn. A tap on any other hex says what stands
there and what its ground or obstacle does. Objective medals change hands as units move on and off.

Every ruling is the engine's: a move is ``tutor.memoir.movement.move``, a battle
``tutor.memoir.combat.battle``, taking ground ``combat.take_ground``; a refusal is the engine's
``IllegalAction`` with its rule. The widget only turns taps into those calls: :func:`tap` is a
pure function of the drill state and a hex, so it is tested without a browser.

    from tutor.widgets import FieldDrill
    FieldDrill("scenarios/chapters/movement.yaml", sides=("allied",), unit="9,7")
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import pairwise

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.explain import move_highlights, sentence
from tutor.hexes import Hex, fmt, parse_hex
from tutor.memoir import rules as R
from tutor.memoir.combat import battle, remove_wire, take_ground, targets, why_no_battle
from tutor.memoir.movement import legal_moves, move
from tutor.memoir.state import Event, GameState, order
from tutor.memoir.terrain import OBSTACLES, TERRAIN
from tutor.render.scene import Line, Mark, highlights, scene
from tutor.rulebook import Rule
from tutor.sides import SIDE_ADJECTIVES, Side
from tutor.widgets.base import Drill, esc, rules_html
from tutor.widgets.retreat_drill import as_state

SIDES = ("allied", "axis")
OBJECTIVE_NOTE = {"temporary": "medal", "permanent": "medal", "majority": "majority", "sudden_death": "sudden death"}


@dataclass(frozen=True)
class Answer:
    """What one tap did: a line for the status, whether it was an action (True), a refusal
    (False) or information (None), the engine's events and the rules to show."""

    text: str
    ok: bool | None = None
    events: tuple[Event, ...] = ()
    rules: tuple[Rule, ...] = ()
    at: Hex | None = None


@dataclass(frozen=True)
class Field:
    """The drill's state: the game, the selected unit (by hex) and the answer to the last tap."""

    game: GameState
    selected: Hex | None = None
    answer: Answer | None = None


# ---------------------------------------------------------------------------------------------
# What a tap does (pure: a Field and a hex in, a Field out)


def ground(game: GameState, h: Hex) -> tuple[str, tuple[Rule, ...]]:
    """What stands on ``h`` in words ("woods with sandbags") and the rules of that ground."""
    t = game.terrain_at(h)
    o = game.obstacles.get(h)
    words = t.replace("_", " ") if t != "countryside" else "open ground"
    rules = [TERRAIN[t].rule] if t != "countryside" else []
    if o is not None:
        words += f" with {o.replace('_', ' ')}"
        rules.append(OBSTACLES[o].rule)
    return words, tuple(rules)


def who(game: GameState, h: Hex) -> str:
    """"the axis infantry (3 figures) on 6,2, in a bunker"-style description of a unit's hex."""
    u = game.units[h]
    words, _ = ground(game, h)
    figs = f"{u.figures} figure{'s' if u.figures != 1 else ''}"
    return f"the {u.name} ({figs}) on {fmt(h)}, {words}"


def select(f: Field, h: Hex) -> Field:
    """Pick the unit on ``h``: a unit ordered this turn that may still act stays in this turn;
    any other is ordered in a turn of its own (the engine's ``order``)."""
    g = f.game
    u = g.units[h]
    events: tuple[Event, ...] = ()
    if not (g.side == u.side and u.uid in g.ordered and _may_act(g, h)):
        g, ev = order(g, u.side, [h])
        events = tuple(ev)
    text, rules = _unit_options(g, h)
    return Field(g, h, Answer(text, None, events, rules, h))


def _may_act(g: GameState, h: Hex) -> bool:
    """Whether the ordered unit on ``h`` may still move, battle or take ground this turn."""
    u = g.units[h]
    rec = g.records.get(u.uid)
    if rec is None:
        return False
    if not rec.path and g.phase == "move" and legal_moves(g, h, explain=False).reachable:
        return True
    return bool(targets(g, h)) or (g.vacated is not None and g.active == u.uid)


def _unit_options(g: GameState, h: Hex) -> tuple[str, tuple[Rule, ...]]:
    """What the selected unit on ``h`` may do now, in one sentence, with the rules behind it."""
    u = g.units[h]
    rec = g.records.get(u.uid)
    _, ground_rules = ground(g, h)
    desc = who(g, h)
    parts = []
    rules = list(ground_rules)
    if rec is not None and not rec.path and g.phase == "move":
        m = legal_moves(g, h)
        n = len(m.reachable)
        parts.append(f"it may move to {n} hex{'es' if n != 1 else ''} (green; ✕ refused: tap one to see why)"
                     if n else "it may not move")
        rules += list(m.rules)
    tg = targets(g, h)
    if g.obstacles.get(h) == "wire" and _allowed(remove_wire, g, h):
        parts.append("tap it again to remove the wire instead of battling")
    if tg:
        parts.append(f"it may battle {len(tg)} enem{'ies' if len(tg) != 1 else 'y'} now (shaded, with the dice)")
    else:
        why = why_no_battle(g, h, u)
        if why is not None:
            parts.append(f"it may not battle now: {why[0]}")
            rules.append(why[1])
        else:
            parts.append("no enemy is in range and sight now")
    return f"{sentence(desc)}: {'; '.join(parts)}.", tuple(rules)


def _allowed(action, *args) -> bool:
    """Whether the engine allows an action now (it raises IllegalAction when not)."""
    try:
        action(*args)
    except IllegalAction:
        return False
    return True


def tap(f: Field, h: Hex, *, sides=SIDES, dice=None) -> Field:
    """The drill's answer to a tap on hex ``h``: always a new Field with an Answer.

    ``sides``: the sides whose units the learner commands. ``dice``: a ``random.Random`` or the
    faces for a battle (``["flag", "grenade"]``); None rolls with a fresh generator.
    """
    g = f.game
    u = g.units.get(h)
    sel = f.selected if f.selected in g.units else None
    if g.winner is not None:
        return replace(f, answer=Answer(f"The game is over: {Side.of(g.winner).the} {Side.of(g.winner).verb('have', 'has')} won. Undo or Reset to play on.",
                                        False, (), (R.VICTORY_COUNT,), h))
    if sel is not None:
        if h == sel:
            if g.obstacles.get(h) == "wire" and _allowed(remove_wire, g, h):
                return _act(f, h, lambda: remove_wire(g, sel))
            if not _may_act(g, h):         # done for this turn: tapped again, it gets a turn of its own
                return select(f, h)
            return Field(g, None, Answer(f"{fmt(h)} put down: tap one of your units.", None, (), (), h))
        if u is not None and u.side in sides and u.side == g.units[sel].side:
            new = select(f, h)
            rec = g.records.get(g.units[sel].uid)
            refused = legal_moves(g, sel).refused if rec is not None and not rec.path and g.phase == "move" else {}
            if h in refused:       # a ✕ on a friendly unit: its reason first, then the unit is picked
                a = new.answer
                assert a is not None            # (a unit picked: its answer)
                new = replace(new, answer=replace(a, text=f"The {g.units[sel].name} on {fmt(sel)} may not move "
                                                          f"there: {refused[h].reason}. Now: {a.text}",
                                                  rules=(refused[h].rule, *a.rules)))
            return new
        if u is not None and u.side != g.units[sel].side:
            return _act(f, h, lambda: battle(g, sel, h, dice if dice is not None else random.Random()))
        if g.vacated is not None and h == g.vacated and g.active == g.units[sel].uid:
            return _act(f, h, lambda: take_ground(g, sel))
        return _act(f, h, lambda: move(g, sel, h))
    if u is not None and u.side in sides:
        return select(f, h)
    words, rules = ground(g, h)
    if u is not None:
        mine = " or ".join(SIDE_ADJECTIVES.get(s, s) for s in sides)
        return replace(f, answer=Answer(f"That is {who(g, h)}: tap one of your ({mine}) units first, then this "
                                        f"one to battle it.", None, (), rules, h))
    return replace(f, answer=Answer(f"No unit here ({fmt(h)}, {words}): tap one of your units.", None, (), rules, h))


def _act(f: Field, h: Hex, action) -> Field:
    """Do an engine action for the selected unit; a refusal leaves the game as it was."""
    try:
        g, events = action()
    except IllegalAction as exc:
        rule = getattr(exc, "rule", None)
        reason = getattr(exc, "reason", str(exc))
        return replace(f, answer=Answer(f"Refused: {reason}.", False, (), (rule,) if rule else (), h))
    except InputError as exc:
        return replace(f, answer=Answer(f"Refused: {exc}.", False, (), (), h))
    uid = f.game.units[f.selected].uid
    at = g.where(uid)
    text = " ".join(e.text for e in events)
    if at is not None:
        tail = _next_step(g, at, events)
        if tail:
            text += " " + tail
    return Field(g, at, Answer(text, True, tuple(events), tuple(e.rule for e in events), h))


def _next_step(g: GameState, at: Hex, events) -> str:
    """After an action: what the unit may still do (the engine's targets and take-ground)."""
    u = g.units[at]
    if g.winner is not None:
        return ""
    if g.vacated is not None and g.active == u.uid:
        return f"Tap {fmt(g.vacated)} to take ground."
    if targets(g, at):
        return "Tap a shaded enemy to battle it."
    why = why_no_battle(g, at, u)
    if why is not None and not any(e.kind == "no_battle" for e in events) and not g.records[u.uid].battles:
        return f"It may not battle now: {why[0]}."
    return ""


# ---------------------------------------------------------------------------------------------
# The board's highlights


def field_highlights(f: Field):
    """The selected unit's moves (green, ✕ refused with a number), targets with their dice, the
    last action's lines and losses, objective hexes with who holds their medal."""
    g = f.game
    hl = highlights()
    notes: dict[Hex, str] = {}
    sel = f.selected if f.selected in g.units else None
    if sel is not None:
        u = g.units[sel]
        rec = g.records.get(u.uid)
        if rec is not None and not rec.path and g.phase == "move" and g.winner is None:
            mh = move_highlights(legal_moves(g, sel))
            hl = hl + replace(mh, notes=())
            notes.update(dict(mh.notes))
        else:
            hl = hl + highlights(selected=[sel])
        tg = targets(g, sel) if g.winner is None else {}
        if tg:
            hl = hl + highlights(target=list(tg))
            for t, ad in tg.items():
                notes[t] = f"{ad.dice} {'die' if ad.dice == 1 else 'dice'}"
        if g.vacated is not None and g.active == u.uid:
            hl = hl + highlights(path=[g.vacated])
            notes[g.vacated] = "take ground?"
    a = f.answer
    lines, marks = [], []
    for e in (a.events if a else ()):
        if e.kind == "hits" and e.at is not None:
            marks.append(Mark(e.at, "lost", text=f"−{e.get('lost')}"))
        elif e.kind == "battle" and e.at is not None and e.to is not None:     # (attacker, target)
            lines.append(Line(e.at, e.to, "sight"))
        elif e.kind == "move":
            lines += [Line(x, y, "move") for x, y in pairwise((e.at, *e.get("path")))]
        elif e.kind == "take_ground" and e.at is not None and e.to is not None:
            lines.append(Line(e.at, e.to, "move"))
        elif e.kind == "retreat":
            p = e.get("path")
            lines += [Line(x, y, "move") for x, y in pairwise(p)]
    if a is not None and a.ok is False and a.at is not None:
        marks.append(Mark(a.at, "closed"))
    for i, o in enumerate(g.objectives):
        holder = g.held.get(i)
        for h in o.hexes:
            label = OBJECTIVE_NOTE[o.type] + (f" ({holder})" if holder else "")
            notes[h] = label       # the objective's label wins over "no fire" (the move's answer says it)
    return hl + highlights(lines=lines, marks=marks, notes=sorted(notes.items()))


def medals_line(g: GameState) -> str:
    """"Medals: Allied 1 (0 for units eliminated, 1 for objectives) · Axis 0 — 4 win"."""
    parts = []
    for side in SIDES:
        obj = sum(g.objectives[i].medals for i, s in g.held.items() if s == side)
        parts.append(f"{SIDE_ADJECTIVES[side]} {g.medals[side]} ({g.kills[side]} for units eliminated, {obj} for objectives)")
    need = dict(g.medals_to_win or {})
    win = f" — {min(need.values())} to win" if need and len(set(need.values())) == 1 else ""
    return "Medals: " + " · ".join(parts) + win


# ---------------------------------------------------------------------------------------------
# The widget


class FieldDrill(Drill):
    """``FieldDrill(field, sides=("allied",), unit=None, dice_box=False, medals=None, seed=None)``.

    ``field``: a scenario path, Scenario or GameState. ``sides``: whose units the learner
    commands. ``unit``: select this unit first. ``dice_box``: a box to type the battle's faces
    (empty rolls). ``medals``: show the medal count (default: when the board has objectives).
    ``seed`` makes the rolls repeatable.
    """

    title = "Move and battle"

    def __init__(self, field, *, sides=("allied",), unit=None, dice_box: bool = False, medals: bool | None = None,
                 seed: int | None = None, dpr: int = 2):
        game = as_state(field)
        self.sides = tuple(sides)
        for s in self.sides:
            if s not in SIDES:
                raise InputError(f"side {s!r} is unknown: allowed are {', '.join(SIDES)}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.show_medals = bool(game.objectives or game.medals_to_win) if medals is None else medals
        self.state = Field(game)
        self.dice = W.Text(description="Dice:", placeholder="e.g. flag, grenade (empty: roll)",
                           continuous_update=False, layout=W.Layout(width="300px", height="40px"),
                           style={"description_width": "40px"})
        self.medals = W.HTML(layout=W.Layout(width="100%"))
        super().__init__(self._scene(), controls=[self.dice] if dice_box else [], dpr=dpr)
        kids = list(self.children)
        kids.insert(kids.index(self.status), self.medals)
        self.children = tuple(kids)
        if unit is not None:
            self.state = select(self.state, parse_hex(unit) if isinstance(unit, str) else unit)
        self._history.clear()
        self.undo_button.disabled = True
        self.refresh()

    # -- state
    @property
    def game(self) -> GameState:
        return self.state.game

    def restore(self, value: Field) -> None:
        self.state = value

    def start(self) -> None:
        """After Reset (the base class restores the first state): the same rolls again."""
        self.rng = random.Random(self.seed)

    def on_hex(self, h: Hex) -> None:
        new = tap(self.state, h, sides=self.sides, dice=self._dice())
        if new.game is not self.state.game or new.selected != self.state.selected:
            self.push(self.state)
        self.state = new
        self.refresh()

    def _dice(self):
        text = self.dice.value.strip()
        return text if text else self.rng

    # -- showing
    def _scene(self):
        return scene(self.state.game, field_highlights(self.state), title="", legend=False)

    def refresh(self) -> None:
        self.board.update(self._scene())
        g, a = self.game, self.state.answer
        self.medals.value = (f'<div class="tutor-medals" style="font-size:13px;font-weight:600">{esc(medals_line(g))}'
                             + (f" — <b>{Side.of(g.winner).the} {Side.of(g.winner).verb('win', 'wins')}</b>" if g.winner else "") + "</div>"
                             if self.show_medals else "")
        if a is None:
            mine = " or ".join(SIDE_ADJECTIVES.get(s, s) for s in self.sides)
            self.say(f"Tap one of your ({mine}) units: its moves are shaded green, refused hexes marked ✕.")
            self.explain("")
            return
        mark = {True: "✓ ", False: "✗ ", None: ""}[a.ok]
        self.say(mark + esc(a.text), bad=a.ok is False)
        items = "".join(f"<li>{esc(e.text)}</li>" for e in a.events)
        self.explain((f"<ol>{items}</ol>" if items else "") + rules_html(a.rules))
