"""Drill 1: the line-of-sight explorer.

Tap a unit or a hex: every hex it can see is shaded. Tap a second hex: the line is drawn, each
obstruction it meets is marked (× interior, L / R graze, ↓ too low to count) and the "why?" panel
gives the ruling in words with the rulebook text. The palette paints woods, hills, towns, lakes,
units… so the learner can watch the ruling change. Every ruling is ``tutor.memoir.los``'s.

    from tutor.widgets import LosExplorer
    LosExplorer("scenarios/los/hills.yaml")          # or a Scenario; no argument: an empty board
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import ipywidgets as W

from tutor.errors import InputError
from tutor.hexes import BOARDS, Hex, fmt
from tutor.memoir import rules as R
from tutor.memoir.los import line_of_sight, visible_from
from tutor.memoir.scenario import Scenario, UnitSpec, full_strength
from tutor.memoir.terrain import TERRAIN, cannot_stand_on
from tutor.render import style
from tutor.render.scene import highlights, los_highlights, scene
from tutor.scenario import load
from tutor.sides import SIDE_ADJECTIVES
from tutor.widgets.base import Drill, esc, rules_html

# Palette: label → (what, name). "look" picks hexes; the rest paint.
PALETTE = {
    "Look": ("look", None),
    "Woods": ("terrain", "woods"),
    "Hill": ("terrain", "hill"),
    "Town": ("terrain", "town"),
    "Hedgerows": ("terrain", "hedgerows"),
    "Lake": ("terrain", "lake"),
    "Mountain": ("terrain", "mountain"),
    "Bunker": ("obstacle", "bunker"),
    "● Allied": ("unit", "allied"),       # of the kind chosen below the palette
    "■ Axis": ("unit", "axis"),
    "Erase": ("erase", None),
}

MEET_WORDS = {"interior": "the line passes through it", "graze_left": "the line grazes it on the left",
              "graze_right": "the line grazes it on the right"}


@dataclass(frozen=True)
class LosState:
    field: Scenario
    origin: Hex | None = None
    target: Hex | None = None


def _empty_field() -> Scenario:
    return Scenario(title="Line of sight", board=BOARDS["standard"], top="axis")


def _as_field(field) -> Scenario:
    if field is None:
        return _empty_field()
    if isinstance(field, (str, Path)):
        field = load(field)
    if not hasattr(field, "board") or not hasattr(field, "units"):
        raise InputError(f"LosExplorer needs a Memoir '44 scenario or battlefield, not {type(field).__name__}")
    return field


class LosExplorer(Drill):
    """The line-of-sight drill. ``LosExplorer(field=None, origin=None, target=None, dpr=2)``."""

    title = "Line of sight"

    def __init__(self, field=None, *, origin: Hex | None = None, target: Hex | None = None, dpr: int = 2):
        self.state = LosState(_as_field(field))
        self.ruling = None
        self.visible: frozenset[Hex] = frozenset()
        self.tool = W.ToggleButtons(options=list(PALETTE), value="Look", style={"button_width": "auto"},
                                    layout=W.Layout(width="100%"), tooltips=[
                                        "tap a unit or hex to look from it, then a second hex" if v[0] == "look"
                                        else f"tap hexes to paint {k.lower()} (tap again to remove)"
                                        for k, v in PALETTE.items()])
        self.kind = W.ToggleButtons(options=[("Infantry", "infantry"), ("Armor", "armor"), ("Artillery", "artillery")],
                                    value="infantry", style={"button_width": "auto"},
                                    tooltips=["units placed with ● Allied / ■ Axis are infantry",
                                              "units placed are armor", "units placed are artillery"])
        self.swap_button = W.Button(description="Swap", icon="exchange", tooltip="shooter ↔ target",
                                    layout=W.Layout(width="auto", min_width="64px", height="40px"))
        self.swap_button.on_click(lambda _: self.swap())
        super().__init__(self._scene(), controls=[self.swap_button], dpr=dpr)
        self.children = (self.children[0], self.tool, self.kind) + self.children[1:]
        if origin is not None:
            self.look(origin)
        if target is not None:
            self.look(target)
        self._first = self.state         # reset returns here
        self._history.clear()
        self.undo_button.disabled = True
        self.refresh()

    # -- state
    def restore(self, value: LosState) -> None:
        self.state = value

    def reset(self) -> None:
        self.state = self._first
        self._history.clear()
        self.undo_button.disabled = True
        self.tool.value = "Look"
        self.refresh()

    def _set(self, new: LosState) -> None:
        if new != self.state:
            self.push(self.state)
            self.state = new
        self.refresh()

    # -- actions (what a tap does)
    def on_hex(self, h: Hex) -> None:
        what, name = PALETTE[self.tool.value]
        if what == "look":
            self.look(h)
        else:
            self.paint(h, what, name)

    def look(self, h: Hex) -> None:
        """Tap in look mode: pick the shooter, then the target (tap the shooter again to drop it)."""
        s = self.state
        if not s.field.board.on_board(h):
            self.say(f"{fmt(h)} is not a playable hex.", bad=True)
            return
        if s.origin is None:
            self._set(LosState(s.field, h, None))
        elif h == s.origin:
            self._set(LosState(s.field, None, None))
        else:
            self._set(LosState(s.field, s.origin, h))

    def swap(self) -> None:
        s = self.state
        if s.origin is not None and s.target is not None:
            self._set(LosState(s.field, s.target, s.origin))

    def refuses_to_stand(self, kind: str, terrain: str, obstacle: str | None) -> bool:
        """Whether a unit of ``kind`` may not stand on this terrain and obstacle (terrain.cannot_stand_on);
        if so, say why, with the rule."""
        blocked = cannot_stand_on(kind, terrain, obstacle)
        if blocked is not None:
            self.say(f"{kind.capitalize()} cannot stand on {blocked.name.replace('_', ' ')}: it is impassable "
                     f"for it. {esc(blocked.rule.summary)}", bad=True)
        return blocked is not None

    def paint(self, h: Hex, what: str, name: str | None) -> None:
        """Paint terrain, an obstacle or a unit on h (painting the same thing again removes it)."""
        f = self.state.field
        terrain, obstacles, units = dict(f.terrain), dict(f.obstacles), dict(f.units)
        if what == "terrain":
            assert name is not None             # (a terrain named; only erasing names none)
            if terrain.get(h) == name:
                del terrain[h]
            else:
                u = units.get(h)
                if u is not None and u.kind in TERRAIN[name].impassable:
                    self.say(f"A unit cannot stand on {name}: it is impassable. {esc(TERRAIN[name].rule.summary)}",
                             bad=True)
                    return
                terrain[h] = name
                if TERRAIN[name].land is False:
                    obstacles.pop(h, None)
        elif what == "obstacle":
            assert name is not None
            if obstacles.get(h) == name:
                del obstacles[h]
            else:
                if not TERRAIN[terrain.get(h, "countryside")].land:
                    self.say(f"Obstacles go on land hexes, not on {terrain[h]}.", bad=True)
                    return
                u = units.get(h)
                if u is not None and self.refuses_to_stand(u.kind, terrain.get(h, "countryside"), name):
                    return
                obstacles[h] = name
        elif what == "unit":
            assert name is not None
            kind = self.kind.value
            u = units.get(h)
            if u is not None and u.side == name and u.kind == kind:
                del units[h]
            else:
                if self.refuses_to_stand(kind, terrain.get(h, "countryside"), obstacles.get(h)):
                    return
                units[h] = UnitSpec(name, kind, full_strength(kind, None))
        elif what == "erase":
            terrain.pop(h, None)
            obstacles.pop(h, None)
            units.pop(h, None)
        self._set(LosState(f.replace(terrain=terrain, obstacles=obstacles, units=units),
                           self.state.origin, self.state.target))

    # -- showing
    def _visible(self, field, origin: Hex) -> frozenset[Hex]:
        """The engine's visible_from, remembered while shooter and board stay the same."""
        key = (id(field), origin)
        if getattr(self, "_vis_key", None) != key:
            self._vis_key, self._vis_field, self._vis = key, field, visible_from(field, origin)
        return self._vis

    def _scene(self):
        s = self.state
        if s.origin is not None and s.target is not None:
            self.ruling = line_of_sight(s.field, s.origin, s.target)
            self.visible = self._visible(s.field, s.origin)
            hl = los_highlights(self.ruling, visible=self.visible)
        elif s.origin is not None:
            self.ruling = None
            self.visible = self._visible(s.field, s.origin)
            hl = highlights(visible=self.visible, origin=[s.origin])
        else:
            self.ruling = None
            self.visible = frozenset()
            hl = None
        return scene(s.field, hl, title="", legend=False)

    def refresh(self) -> None:
        self.board.update(self._scene())
        self.swap_button.disabled = self.ruling is None
        self._explain()

    def _who(self, h: Hex) -> str:
        f = self.state.field
        u = f.units.get(h)
        t = f.terrain.get(h, "countryside")
        height = TERRAIN[t].height
        where = f"{fmt(h)} ({t.replace('_', ' ')}, height {height})"
        if u is None:
            return f"hex {where}"
        figs = f", {u.figures} figure{'s' if u.figures != 1 else ''}" if getattr(u, "figures", None) else ""
        return f"the {SIDE_ADJECTIVES.get(u.side, u.side)} {u.kind}{figs} on {where}"

    def _explain(self) -> None:
        s = self.state
        if s.origin is None:
            self.say("Tap a unit or a hex to look from it." if self.tool.value == "Look" else
                     f"Painting {esc(self.tool.value)}: tap hexes. Choose Look to pick a shooter.")
            self.explain("")
            return
        if self.ruling is None:
            n = len(self.visible)
            self.say(f"Looking from {esc(self._who(s.origin))}. Tap a second hex to draw the line.")
            self.explain(f'<div class="verdict">{n} hexes in line of sight from {fmt(s.origin)} '
                         f'(shaded; range not applied).</div>' + rules_html([R.LOS, R.HEIGHT_LOS]))
            return
        r = self.ruling
        verdict = "can see" if r.visible else "cannot see"
        self.say(f"Line drawn. Tap another hex to move the target, tap {fmt(s.origin)} to drop the shooter.")
        self.explain(f'<div class="verdict">{esc(self._who(r.origin)).capitalize()} {verdict} '
                     f'{esc(self._who(r.target))}.</div>{ruling_words(r)}' + rules_html(r.rules))


def ruling_words(r) -> str:
    """A line-of-sight ruling said once, keyed to the marks on the board: why it is clear or blocked
    in one line, then each hex the line meets with its mark, how the line meets it and whether it
    counts (the engine's ``why``). The engine's ``reason`` says the same as a paragraph: not shown
    as well."""
    counting = [o for o in r.obstructions if o.counts]
    through = [o for o in counting if o.how.value == "interior"]
    sides = sorted({o.how.value for o in counting} - {"interior"})
    marks = lambda kinds: " and ".join(style.MARKER_TEXT[k] for k in kinds)     # noqa: E731
    if through:
        why = f"Blocked: the line passes through an obstruction that counts ({marks(['interior'])})."
    elif not r.visible:
        why = f"Blocked: the line runs along obstructions on both sides ({marks(sides)})."
    elif sides:
        side = "left" if sides == ["graze_left"] else "right"
        why = (f"Clear: the line only grazes obstructions on its {side} ({marks(sides)}); a graze blocks "
               "only with obstructions on both sides.")
    elif r.obstructions:
        why = f"Clear: nothing on the line counts ({marks(['too_low'])})."
    else:
        why = "Clear: no hex between the two holds an obstruction."
    items = []
    for o in r.obstructions:
        kind = o.how.value if o.counts else "too_low"
        items.append(f'<li><span class="mk {kind}">{esc(style.MARKER_TEXT[kind])}</span><b>{fmt(o.hex)}</b>: '
                     f'{MEET_WORDS[o.how.value]}; {esc(o.why)}.</li>')
    return f'<div class="reason">{why}</div>' + (f"<ul>{''.join(items)}</ul>" if items else "")
