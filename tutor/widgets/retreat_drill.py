"""Drill 2: retreat. Pick a unit and a number of flags (or roll) → the legal retreat paths appear
step by step, closed hexes with their reasons, figures lost; tap where the unit ends and be told
whether that is legal and why. Every ruling is ``tutor.memoir.retreat.ruling``'s.

    from tutor.widgets import RetreatDrill
    RetreatDrill("scenarios/examples/retreat-river-and-unit.yaml", unit="7,3", flags=1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.hexes import Hex, fmt, parse_hex
from tutor.memoir import dice as D
from tutor.memoir import rules as R
from tutor.memoir.retreat import RetreatRuling
from tutor.memoir.retreat import ruling as retreat_ruling
from tutor.memoir.state import GameState, from_scenario
from tutor.memoir.state import load as load_state
from tutor.render.scene import Line, Mark, highlights, scene
from tutor.scenario import Scenario
from tutor.widgets.base import Drill, esc, rules_html, small_button


def as_state(field) -> GameState:
    if isinstance(field, GameState):
        return field
    if isinstance(field, Scenario):
        return from_scenario(field)
    if isinstance(field, (str, Path)):
        return load_state(field)
    raise InputError(f"a drill needs a Memoir '44 scenario, a path to one, or a GameState, not {type(field).__name__}")


@dataclass(frozen=True)
class RetreatStep:
    unit: Hex | None = None
    flags: int = 1
    shown: int = 1                  # retreat moves revealed so far
    answer: Hex | None = None       # the learner's end hex
    faces: tuple[str, ...] = ()     # a roll, if the flags came from dice


class RetreatDrill(Drill):
    """``RetreatDrill(field, unit=None, flags=1, seed=None, dpr=2)``: field is a scenario path,
    Scenario or GameState; ``seed`` makes the Roll button deterministic (teachers)."""

    title = "Retreat"

    def __init__(self, field, *, unit=None, flags: int = 1, seed: int | None = None, dpr: int = 2):
        self.game = as_state(field)
        self.seed = seed
        self.rng = random.Random(seed)
        self.step = RetreatStep(flags=flags)
        self.ruling: RetreatRuling | None = None
        self.flags_pick = W.ToggleButtons(options=[("0", 0), ("1 flag", 1), ("2 flags", 2), ("3 flags", 3)], value=flags,
                                          style={"button_width": "auto"})
        self.flags_pick.observe(self._flags_changed, "value")
        self.roll_button = small_button("Roll 3 dice", "random", "roll 3 battle dice: each flag face is a flag")
        self.roll_button.on_click(lambda _: self.roll())
        self.next_button = small_button("Next step", "step-forward", "show one more retreat move")
        self.next_button.on_click(lambda _: self.next_step())
        super().__init__(self._scene(), controls=[self.flags_pick, self.roll_button, self.next_button], dpr=dpr)
        if unit is not None:
            self.pick(parse_hex(unit))
        self._first = self.step
        self._history.clear()
        self.undo_button.disabled = True
        self.refresh()

    # -- state
    def restore(self, value: RetreatStep) -> None:
        self.step = value

    def _sync_flags(self) -> None:
        if self.flags_pick.value != self.step.flags:
            self.flags_pick.unobserve(self._flags_changed, "value")
            self.flags_pick.value = self.step.flags
            self.flags_pick.observe(self._flags_changed, "value")

    def reset(self) -> None:
        self.restore(self._first)
        self.rng = random.Random(self.seed)
        self._history.clear()
        self.undo_button.disabled = True
        self.refresh()

    def _set(self, new: RetreatStep) -> None:
        if new != self.step:
            self.push(self.step)
            self.step = new
        self.refresh()

    # -- actions
    def pick(self, h: Hex) -> None:
        u = self.game.units.get(h)
        if u is None:
            self.say(f"{fmt(h)} holds no unit: tap a unit to give it flags.", bad=True)
            return
        self._set(RetreatStep(h, self.step.flags, 1))

    def set_flags(self, n: int, faces: tuple[str, ...] = ()) -> None:
        s = self.step
        self._set(RetreatStep(s.unit, n, 1, None, faces))

    def _flags_changed(self, change) -> None:
        self.set_flags(change["new"])

    def roll(self) -> None:
        """Roll 3 battle dice (seeded when the drill has a seed); the flag faces are the flags."""
        faces = D.roll(self.rng, 3)
        n = sum(f == "flag" for f in faces)
        self.set_flags(n, faces)

    def next_step(self) -> None:
        s = self.step
        if self.ruling is not None and s.shown < max(self.ruling.retreat_max, 1):
            self._set(RetreatStep(s.unit, s.flags, s.shown + 1, s.answer, s.faces))

    def on_hex(self, h: Hex) -> None:
        s = self.step
        if s.unit is None or s.answer is not None:
            self.pick(h)
        elif self.ruling is not None:
            self._set(RetreatStep(s.unit, s.flags, max(self.ruling.retreat_max, 1), h, s.faces))
        else:
            self.pick(h)

    def answer(self, h: Hex) -> None:
        """The learner says the unit ends on h."""
        self.on_hex(h)

    # -- judging: every reason is the engine's
    def verdict(self) -> tuple[bool, str] | None:
        s, r = self.step, self.ruling
        if s.answer is None or r is None:
            return None
        h = s.answer
        if h in r.destinations:
            if h == r.origin:
                return True, "Right: it cannot move, so it stays and takes the losses."
            path = next(p for p in r.paths if p[-1] == h)
            return True, f"Legal: {' → '.join(fmt(x) for x in path)}."
        closed = {b.hex: b for b in r.blocked}
        if h in closed:
            return False, f"Not legal: {closed[h].reason}."
        on_path = {x for p in r.paths for x in p[1:]}
        if h in on_path or h == r.origin:
            return False, (f"Not legal: it must retreat {r.retreat} hex{'es' if r.retreat != 1 else ''}"
                           + (f" (up to {r.retreat_max})" if r.retreat_max != r.retreat else "")
                           + f"; the legal ends are {', '.join(fmt(d) for d in r.destinations)}.")
        return False, (f"Not legal: each retreat move goes one hex toward the unit's own baseline; "
                       f"the legal ends are {', '.join(fmt(d) for d in r.destinations) or 'none'}.")

    # -- showing
    def _scene(self):
        s = self.step
        self.ruling = None
        self.error = None
        if s.unit is None:
            return scene(self.game, None, title="", legend=False)
        try:
            self.ruling = retreat_ruling(self.game, s.unit, s.flags, None)
        except (IllegalAction, InputError) as exc:
            self.error = getattr(exc, "reason", str(exc))     # the rule is cited as a book, not a file
            return scene(self.game, highlights(selected=[s.unit]), title="", legend=False)
        r = self.ruling
        k = s.shown
        reached = {p[i] for p in r.paths for i in range(1, min(k, len(p) - 1) + 1)}
        lines = {(p[i - 1], p[i]) for p in r.paths for i in range(1, min(k, len(p) - 1) + 1)}
        closed = [b for b in r.blocked if b.step <= k]
        done = k >= max(r.retreat_max, 1)
        marks = [Mark(b.hex, "closed") for b in closed]
        if done and r.losses:
            marks.append(Mark(r.origin, "lost", text=f"−{r.losses}"))
        if s.answer is not None:
            ok = self.verdict()[0]
            marks.append(Mark(s.answer, "legal" if ok else "closed"))
        hl = highlights(selected=[r.origin], path=sorted(reached - set(r.destinations) if done else reached),
                        legal=list(r.destinations) if done else [], closed=[b.hex for b in closed],
                        lines=[Line(a, b, "move") for a, b in sorted(lines)], marks=marks)
        return scene(self.game, hl, title="", legend=False)

    def refresh(self) -> None:
        self._sync_flags()
        self.board.update(self._scene())
        s, r = self.step, self.ruling
        self.next_button.disabled = r is None or s.answer is not None or s.shown >= max(r.retreat_max, 1)
        if s.unit is None:
            self.say("Tap a unit, then choose its flags (or roll).")
            self.explain("")
            return
        if self.error:
            self.say(esc(self.error), bad=True)
            self.explain("")
            return
        roll = (f"Rolled {', '.join(s.faces)}: {s.flags} flag{'s' if s.flags != 1 else ''}. " if s.faces else "")
        closed = [b for b in r.blocked if b.step <= s.shown]
        items = "".join(f"<li><b>{fmt(b.hex)}</b> closed at move {b.step}: {esc(b.reason)}.</li>" for b in closed)
        if s.answer is None and r.moves_required == 0:
            self.say(f"{esc(roll)}{esc(r.text)} Tap another unit, or choose flags.")
            self.explain(f'<div class="reason">{esc(r.text)}</div>' + rules_html(r.rules))
            return
        if s.answer is None:
            self.say(f"{esc(roll)}Where does the {esc(r.unit.name)} on {fmt(r.origin)} end? Tap that hex "
                     f"(or Next step to see the paths move by move). Showing move {s.shown}.")
            self.explain(f'<div class="verdict">Move {s.shown}: the unit can reach the shaded hexes.</div>'
                         + (f"<ul>{items}</ul>" if items else "") + rules_html([R.FLAG, R.RETREAT_DIRECTION]))
            return
        ok, why = self.verdict()
        self.say(("✓ " if ok else "✗ ") + esc(why), bad=not ok)
        self.explain(f'<div class="verdict">{"Right" if ok else "Not quite"}: {esc(why)}</div>'
                     f'<div class="reason">{esc(r.text)}</div>' + (f"<ul>{items}</ul>" if items else "")
                     + rules_html(r.rules))
