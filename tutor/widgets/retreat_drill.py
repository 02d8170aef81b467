"""Drill 2: retreat. A unit receives flags (chosen or rolled); the learner taps the hex where it
ends, and only then sees the ruling: the legal paths, the closed hexes with their reasons and the
figures lost (or on "Show me", without answering). The board asks before it shows: nothing is
selected or crossed out while the question is open, and a tap on another unit is not taken as an
answer. Every ruling is ``tutor.memoir.retreat.ruling``'s.

    from tutor.widgets import RetreatDrill
    RetreatDrill("scenarios/examples/retreat-river-and-unit.yaml", unit="7,3", flags=1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.explain import sentence
from tutor.hexes import Hex, fmt, parse_hex
from tutor.memoir import dice as D
from tutor.memoir.retreat import RetreatRuling
from tutor.memoir.retreat import ruling as retreat_ruling
from tutor.memoir.scenario import Scenario
from tutor.memoir.state import GameState, from_scenario
from tutor.memoir.state import load as load_state
from tutor.render.scene import Line, Mark, highlights, scene
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
    shown: bool = False             # the ruling revealed ("Show me") without an answer
    answer: Hex | None = None       # the learner's end hex
    faces: tuple[str, ...] = ()     # a roll, if the flags came from dice
    offered: Hex | None = None      # another unit tapped while the question was open

    @property
    def open(self) -> bool:
        """A question is asked and neither answered nor shown."""
        return self.unit is not None and self.answer is None and not self.shown


def _flags(n: int) -> str:
    return f"{n} flag{'s' if n != 1 else ''}" if n else "no flag"


class RetreatDrill(Drill):
    """``RetreatDrill(field, unit=None, flags=1, seed=None, dpr=2)``: field is a scenario path,
    Scenario or GameState; ``unit`` asks about that unit from the start (named in words, nothing
    drawn on the board); ``seed`` makes the Roll button deterministic (teachers)."""

    title = "Retreat"

    def __init__(self, field, *, unit=None, flags: int = 1, seed: int | None = None, dpr: int = 2):
        self.game = as_state(field)
        self.seed = seed
        self.rng = random.Random(seed)
        self.step = RetreatStep(flags=flags)
        self.ruling: RetreatRuling | None = None
        self.flags_pick = W.ToggleButtons(options=[("No flag", 0), ("1 flag", 1), ("2 flags", 2), ("3 flags", 3)],
                                          value=flags, style={"button_width": "auto"})
        self.flags_pick.observe(self._flags_changed, "value")
        self.roll_button = small_button("Roll 3 dice", "random", "roll 3 battle dice: each flag face is a flag")
        self.roll_button.on_click(lambda _: self.roll())
        self.show_button = small_button("Show me", "eye", "show the paths, the closed hexes and where the unit ends")
        self.show_button.on_click(lambda _: self.show_me())
        super().__init__(self._scene(), controls=[self.flags_pick, self.roll_button, self.show_button], dpr=dpr)
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
        """Ask about the unit on h (a new question: nothing revealed)."""
        u = self.game.units.get(h)
        if u is None:
            self.say(f"{fmt(h)} holds no unit: tap a unit to give it flags.", bad=True)
            return
        self._set(RetreatStep(h, self.step.flags))

    def set_flags(self, n: int, faces: tuple[str, ...] = ()) -> None:
        self._set(RetreatStep(self.step.unit, n, faces=faces))

    def _flags_changed(self, change) -> None:
        self.set_flags(change["new"])

    def roll(self) -> None:
        """Roll 3 battle dice (seeded when the drill has a seed); the flag faces are the flags."""
        faces = D.roll(self.rng, 3)
        n = sum(f == "flag" for f in faces)
        self.set_flags(n, faces)

    def show_me(self) -> None:
        """Reveal the ruling without an answer: the paths, the closed hexes, where the unit ends."""
        s = self.step
        if s.unit is None:
            self.say("Tap a unit first: then Show me shows where it retreats.", bad=True)
            return
        self._set(RetreatStep(s.unit, s.flags, True, s.answer, s.faces))

    def on_hex(self, h: Hex) -> None:
        s = self.step
        if not s.open:
            self.pick(h)
        elif h != s.unit and h in self.game.units:
            if s.offered == h:
                self.pick(h)
            else:
                self._set(RetreatStep(s.unit, s.flags, False, None, s.faces, h))
        else:
            self._set(RetreatStep(s.unit, s.flags, False, h, s.faces))

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
                if r.moves_required == 0:
                    return True, "Right: it has no retreat to make, so it stays."
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
            return scene(self.game, None, title="", legend=False)
        r = self.ruling
        if s.open:                                    # the question only: which unit, how many flags
            return scene(self.game, highlights(notes=[(r.origin, _flags(s.flags))]), title="", legend=False)
        reached = {x for p in r.paths for x in p[1:]}
        lines = {(p[i - 1], p[i]) for p in r.paths for i in range(1, len(p))}
        marks = [Mark(b.hex, "closed") for b in r.blocked]
        if r.losses:
            marks.append(Mark(r.origin, "lost", text=f"−{r.losses}"))
        if s.answer is not None:
            ok = self.verdict()[0]
            marks.append(Mark(s.answer, "legal" if ok else "closed"))
        hl = highlights(selected=[r.origin], path=sorted(reached - set(r.destinations)),
                        legal=list(r.destinations), closed=[b.hex for b in r.blocked],
                        lines=[Line(a, b, "move") for a, b in sorted(lines)], marks=marks)
        return scene(self.game, hl, title="", legend=False)

    def refresh(self) -> None:
        self._sync_flags()
        self.board.update(self._scene())
        s, r = self.step, self.ruling
        self.show_button.disabled = r is None or not s.open
        if s.unit is None:
            self.say("Tap a unit, then choose its flags (or roll).")
            self.explain("")
            return
        if self.error:
            self.say(esc(sentence(self.error)), bad=True)
            self.explain("")
            return
        assert r is not None                    # (a unit and its flags: the engine's ruling)
        roll = (f"Rolled {', '.join(s.faces)}: {_flags(s.flags)}. " if s.faces else "")
        if s.open:
            other = ""
            if s.offered is not None:
                o = self.game.units[s.offered]
                other = (f"{fmt(s.offered)} holds the {esc(o.name)}: a retreat never ends on another unit, so "
                         f"that is not an answer (tap it again to ask about it instead). ")
            self.say(f"{other}{esc(roll)}The {esc(r.unit.name)} on {fmt(r.origin)} receives "
                     f"{_flags(s.flags)}. Where does it end? Tap that hex (the unit itself if it stays), "
                     "or Show me.", bad=bool(other))
            self.explain("")          # the page above says the rules; the ruling's come with the answer
            return
        items = "".join(f"<li><b>{fmt(b.hex)}</b> is closed: {esc(b.reason)}.</li>" for b in r.blocked)
        details = f'<div class="reason">{esc(r.text)}</div>' + (f"<ul>{items}</ul>" if items else "")
        if s.answer is None:
            self.say(f"{esc(roll)}The answer: {esc(r.text)} Tap another unit, or choose flags.")
            self.explain(details + rules_html(r.rules))
            return
        judged = self.verdict()
        assert judged is not None               # (an answer to a ruling)
        ok, why = judged
        self.say(("✓ " if ok else "✗ ") + esc(why) + " Tap another unit, or choose flags.", bad=not ok)
        self.explain(f'<div class="verdict">{"Right" if ok else "Not quite"}: {esc(why)}</div>'
                     + details + rules_html(r.rules))
