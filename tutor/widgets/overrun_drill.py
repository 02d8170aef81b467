"""Drill 3: an armor close assault from start to end — battle (roll or set the dice), hits and
flags applied, take ground, the overrun (close-combat rule enforced), the second take ground,
and a refused second overrun with its reason. A step log sits beside the board.

Every step is ``tutor.memoir.combat``'s: a tap on an enemy asks ``battle``, a tap on the vacated
hex asks ``take_ground``; a refusal is the engine's ``IllegalAction`` with its rule.

    from tutor.widgets import OverrunDrill
    OverrunDrill("scenarios/examples/armor-overrun.yaml", seed=1)

The dice box starts with the rulebook's own roll (a flag, an infantry and a star,
:data:`EXAMPLE_DICE`), so tapping through without touching it shows the whole sequence: 1 hit and
a retreat, take ground, the overrun (the same roll again), take ground again and a refused third
battle. The learner may type other faces, or empty the box to roll.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, fmt, parse_hex
from tutor.memoir import rules as R
from tutor.memoir.combat import battle, take_ground, targets
from tutor.memoir.state import Event, GameState, order
from tutor.render.scene import Line, Mark, highlights, scene
from tutor.widgets.base import Drill, esc, rules_html
from tutor.widgets.retreat_drill import as_state

#: The roll of the rulebook's take-ground example (GANAR TERRENO: «una Bandera, un símbolo de
#: Infantería y una Estrella»): 1 hit and 1 flag against infantry, so the target retreats, the hex
#: is vacated and the armor may take ground and overrun.
EXAMPLE_DICE = "flag, infantry, star"


@dataclass(frozen=True)
class Assault:
    game: GameState
    uid: int                                   # the attacking armor
    log: tuple[tuple[str, Event], ...] = ()    # (step title, event)
    last: tuple[Event, ...] = ()               # events of the last step
    refusal: tuple | None = None               # (text, Rule) of the last refused tap
    target: Hex | None = None                  # last battle's target hex
    choice: RetreatChoice | None = None      # the last battle's retreat, if it had several ends


@dataclass(frozen=True)
class RetreatChoice:
    """A battle whose target retreated with more than one legal end: tap another to re-decide it
    (the same dice, ``battle(..., retreat_to=hex)``)."""

    title: str
    before: Assault                          # the state the battle started from
    attacker: Hex
    target: Hex
    faces: tuple[str, ...]
    destinations: tuple[Hex, ...]
    chosen: Hex


class OverrunDrill(Drill):
    """``OverrunDrill(field, armor=None, seed=None, dpr=2)``: the armor (default: the first allied
    armor) is ordered; tap an enemy to battle, the vacated hex to take ground. ``seed`` or the
    dice box (e.g. "flag, infantry") makes the dice deterministic."""

    title = "Armor overrun"

    def __init__(self, field, *, armor=None, seed: int | None = None, dice: str = EXAMPLE_DICE, dpr: int = 2):
        game = as_state(field)
        if armor is None:
            armor = next((h for h, u in sorted(game.units.items(), key=lambda kv: (kv[0][1], kv[0][0]))
                          if u.kind == "armor"), None)
            if armor is None:
                raise InputError("this board has no armor unit to assault with")
        h = parse_hex(armor)
        u = game.units.get(h)
        if u is None:
            raise InputError(f"armor hex \"{fmt(h)}\" holds no unit")
        game, events = order(game, u.side, [h])
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = Assault(game, u.uid, tuple(("Order", e) for e in events), tuple(events))
        self.dice = W.Text(value=dice, description="Dice:", placeholder="dice, e.g. flag, infantry (empty: roll)",
                           continuous_update=False,
                           layout=W.Layout(width="300px", height="40px"), style={"description_width": "40px"})
        self.step_log = W.HTML(layout=W.Layout(flex="1 1 220px", min_width="200px", max_height="480px",
                                          overflow="auto"))
        super().__init__(self._scene(), controls=[self.dice], dpr=dpr)
        # the board's own width first (its hex labels 10 px on screen): the log goes beside it on a
        # laptop, under it on a tablet; a narrower screen shrinks it
        self.board.canvas.layout.flex = f"3 1 {self.board.scene.width}px"
        self.board.canvas.layout.min_width = "280px"
        row = W.HBox([self.board.canvas, self.step_log], layout=W.Layout(flex_flow="row wrap", width="100%",
                                                                    align_items="flex-start"))
        kids = list(self.children)
        kids[kids.index(self.board.canvas)] = row
        self.children = tuple(kids)
        self.layout.max_width = "1000px"
        self._first = self.state
        self.refresh()

    # -- state
    def restore(self, value: Assault) -> None:
        self.state = value

    def reset(self) -> None:
        self.state = self._first
        self.rng = random.Random(self.seed)
        self._history.clear()
        self.undo_button.disabled = True
        self.refresh()

    @property
    def game(self) -> GameState:
        return self.state.game

    @property
    def armor_hex(self) -> Hex | None:
        return self.game.where(self.state.uid)

    def _step(self, title: str, fn, *, battle_of: tuple | None = None) -> None:
        s = self.state
        try:
            game, events = fn()
        except (IllegalAction, InputError) as exc:
            rule = getattr(exc, "rule", None)
            reason = getattr(exc, "reason", str(exc))
            self.push(s)
            self.state = Assault(s.game, s.uid, s.log + ((title, _refusal(reason, rule)),), (),
                                 (reason, rule), s.target)
            self.refresh()
            return
        self.push(s)
        target = s.target
        for e in events:
            if e.kind == "battle":
                target = e.to
        self.state = Assault(game, s.uid, s.log + tuple((title, e) for e in events), tuple(events), None, target,
                             self._choice(title, s, battle_of, events))
        self.refresh()

    @staticmethod
    def _choice(title, before, battle_of, events) -> RetreatChoice | None:
        """The retreat of this battle, when the target could have ended on more than one hex."""
        if battle_of is None:
            return None
        ruling = next((e.get("ruling") for e in events if e.kind == "retreat_ruling"), None)
        moved = next((e for e in events if e.kind == "retreat"), None)
        roll = next((e for e in events if e.kind == "roll"), None)
        if ruling is None or moved is None or roll is None or len(ruling.destinations) < 2:
            return None
        return RetreatChoice(title, before, battle_of[0], battle_of[1], tuple(roll.get("faces")),
                             tuple(ruling.destinations), moved.to)

    def choose_retreat(self, h: Hex) -> None:
        """Re-decide the last battle with the target retreating to ``h`` (one of the legal ends)."""
        c = self.state.choice
        if c is None or h not in c.destinations:
            self.say("There is no retreat to choose now.", bad=True)
            return
        if h == c.chosen:
            return
        current = self.state
        self.state = c.before
        self._step(c.title, lambda: battle(c.before.game, c.attacker, c.target, list(c.faces), retreat_to=h),
                   battle_of=(c.attacker, c.target))
        self._history[-1] = current            # undo goes back to the other retreat end

    # -- actions
    def on_hex(self, h: Hex) -> None:
        g = self.game
        at = self.armor_hex
        if at is None:
            self.say("The armor is gone. Reset to start again.", bad=True)
            return
        u = g.units.get(h)
        c = self.state.choice
        if c is not None and h in c.destinations and h != c.chosen and u is None:
            self.choose_retreat(h)
        elif g.vacated is not None and h == g.vacated:
            self._step("Take ground", lambda: take_ground(g, at))
        elif u is not None and u.side != g.units[at].side:
            rec = g.records.get(self.state.uid)
            title = ("Overrun" if g.overrun_ready else "Another battle" if rec is not None and rec.battles
                     else "Close assault")
            self._step(title, lambda: battle(g, at, h, self._dice()), battle_of=(at, h))
        elif h == at:
            self.say("That is the armor itself: tap an enemy unit to battle it.")
        else:
            self.say(f"{fmt(h)}: tap an enemy unit to battle it"
                     + (f", or {fmt(g.vacated)} to take ground." if g.vacated else "."))

    def _dice(self):
        text = self.dice.value.strip()
        return text if text else self.rng

    # -- showing
    def _scene(self):
        g, s = self.game, self.state
        at = self.armor_hex
        legal = sorted(targets(g, at)) if at is not None else []
        marks, lines = [], []
        for e in s.last:
            if e.kind == "hits":
                marks.append(Mark(e.at, "lost", text=f"−{e.get('lost')}"))
            elif e.kind == "retreat":
                path = e.get("path")
                lines += [Line(a, b, "move") for a, b in zip(path, path[1:])]
            elif e.kind == "take_ground":
                lines.append(Line(e.at, e.to, "move"))
            elif e.kind == "battle":
                lines.append(Line(e.at, e.to, "sight"))
        if s.refusal is not None and at is not None:
            marks.append(Mark(at, "closed"))
        notes = [(g.vacated, "take ground?")] if g.vacated else []
        ends = []
        if s.choice is not None:
            ends = [d for d in s.choice.destinations if d != s.choice.chosen]
            marks += [Mark(d, "legal") for d in ends]
            notes += [(d, "retreat here?") for d in ends]
        hl = highlights(selected=[at] if at else [], legal=legal, path=[g.vacated] if g.vacated else [],
                        lines=lines, marks=marks, notes=notes)
        return scene(g, hl, title="", legend=False)

    def refresh(self) -> None:
        self.board.update(self._scene())
        s, g = self.state, self.game
        at = self.armor_hex
        rows = "".join(f'<li><b>{esc(t)}</b>: {esc(e.text)}</li>' for t, e in s.log)
        self.step_log.value = f'<div class="tutor-why"><b>Step log</b><ol>{rows}</ol></div>'
        if s.refusal is not None:
            reason, rule = s.refusal
            self.say(f"✗ {esc(_refused(reason))}", bad=True)
            self.explain(f'<div class="verdict">{esc(_refused(reason))}</div>' + rules_html([rule] if rule else []))
            return
        if at is None:
            self.say("The armor was eliminated.")
        elif g.vacated is not None:
            self.say(f"Close combat won: tap {fmt(g.vacated)} to take ground (or tap an enemy to see what happens).")
        elif g.overrun_ready:
            self.say("The armor took ground: it may overrun — tap an adjacent enemy to battle again.")
        else:
            rec = g.records.get(s.uid)
            if rec is not None and rec.battles:
                self.say("Try another battle: tap an enemy and see why the rules allow it or not.")
            else:
                self.say("Tap an enemy to battle it (the shaded ones are legal targets). The dice box holds the "
                         "rulebook's roll; type other faces, or empty it to roll.")
        if s.choice is not None:
            c = s.choice
            others = ", ".join(fmt(d) for d in c.destinations if d != c.chosen)
            self.say(f"The retreating unit went to {fmt(c.chosen)}; it could also end on {others} "
                     f"(green ✓): tap one to retreat it there instead. "
                     + ("Or tap " + fmt(g.vacated) + " to take ground." if g.vacated else ""))
        # the step log beside the board lists what the last step did; the "why" panel gives its rules
        self.explain(rules_html([e.rule for e in s.last] or [R.CLOSE_COMBAT, R.OVERRUN]))


def _refused(reason: str) -> str:
    """"Refused: …" once, whether or not the engine's reason already says it."""
    text = reason.strip()
    if text.lower().startswith("refused"):
        text = text[len("refused"):].lstrip(" :—-")
    return f"Refused: {text}"


def _refusal(reason: str, rule) -> Event:
    return Event("refused", _refused(reason), rule or R.BATTLE_ONCE)
