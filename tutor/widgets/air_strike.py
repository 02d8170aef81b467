"""The Air Power card on a live board: pick the hexes, roll, see the hits, with the dice the air
superiority table gives (chapter 12's drill, moved here from its page with the engine helpers it uses)."""

from __future__ import annotations

import random
from html import escape, unescape

from tutor.errors import IllegalAction
from tutor.explain import STYLE, events_html, plural, rules_html, verdict
from tutor.hexes import BOARDS, Hex, fmt, parse_hex
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import dice as D
from tutor.memoir import game as G
from tutor.memoir.action import legal as legal_moves
from tutor.memoir.scenario import Scenario, UnitSpec
from tutor.sides import SIDE_NAMES

FRONT_NAMES = {"western": "Western front", "eastern": "Eastern front", "pacific": "Pacific theater",
               "mediterranean": "Mediterranean theater"}


_CELL = {"axis": ("Axis", "#fbe3d6"), "allied": ("Allies", "#dcebf7"), "-": ("–", "#f2f2f2")}


def superiority_html(front: str | None = None, year: int | None = None, *, note: bool = True,
                     table: bool = True) -> str:
    """The table by front and year, from ``air.table_rows()``; the chosen cell framed, and the
    dice each side rolls for it (``air.dice_per_hex``); ``table=False``: that line alone."""
    head = "".join(f"<th>{y}</th>" for y in A.YEARS)
    rows = []
    for row in A.table_rows():
        cells = []
        for y in A.YEARS:
            word, bg = _CELL[row[str(y)]]
            frame = ";outline:3px solid #222;font-weight:bold" if (row["front"], y) == (front, year) else ""
            cells.append(f'<td style="background:{bg};text-align:center{frame}">{word}</td>')
        rows.append(f"<tr><th style='text-align:left'>{FRONT_NAMES[row['front']]}<br>"
                    f"<small lang='es'>{escape(A.SPANISH_FRONTS[row['front']])}</small></th>{''.join(cells)}</tr>")
    grid = (f'<table class="tutor-obs" style="border-collapse:collapse"><tr><th>front</th>{head}</tr>'
             f'{"".join(rows)}</table>')
    line = ""
    if note and front is not None and year is not None:
        sup = A.superiority(front, year)
        line = (f"<p><b>{FRONT_NAMES[front]}, {year}:</b> "
                + (f"the {SIDE_NAMES[sup]} rule the sky" if sup else "neither side rules the sky")
                + f" — the Allies roll {plural(A.dice_per_hex('allied', front, year), 'die', 'dice')} per hex, "
                f"the Axis {plural(A.dice_per_hex('axis', front, year), 'die', 'dice')}.</p>")
    return f"<div>{grid if table else ''}{line}</div>"


def air_field(side: str = "allied", front: str = "western", year: int = 1944) -> Scenario:
    """A standard board with an Axis cluster (town, woods, sandbags, hill) and an Allied one, each
    with a straggler out of reach; ``side`` plays first with the scenario's ``front`` and ``year``."""
    inf, arm, art = "infantry", "armor", "artillery"
    units = {
        (9, 3): UnitSpec("axis", inf, 4), (10, 2): UnitSpec("axis", inf, 4), (11, 3): UnitSpec("axis", arm, 3),
        (12, 2): UnitSpec("axis", inf, 4), (13, 3): UnitSpec("axis", inf, 4), (20, 2): UnitSpec("axis", art, 2),
        (7, 5): UnitSpec("allied", inf, 4), (8, 6): UnitSpec("allied", inf, 4), (9, 7): UnitSpec("allied", arm, 3),
        (10, 6): UnitSpec("allied", inf, 4), (18, 6): UnitSpec("allied", inf, 4),
    }
    terrain = {(10, 2): "town", (12, 2): "woods", (13, 3): "hill", (8, 6): "woods", (10, 6): "town"}
    return Scenario(
        "Air Power: the strike range", BOARDS["standard"], "axis", terrain=_fz(terrain),
        obstacles=_fz({(11, 3): "sandbags"}), units=_fz(units),
        extra=_fz({"first": side, "cards": 4, "medals_to_win": 6, "front": front, "year": year}),
        path="(chapter 12 board)")


def _fz(d):
    from types import MappingProxyType
    return MappingProxyType(dict(d))


def air_game(side: str = "allied", front: str = "western", year: int = 1944, seed: int = 12) -> G.Game:
    """A game on :func:`air_field` where ``side`` has just played Air Power: the engine is in its
    ``air`` phase, waiting for the target group."""
    g = G.new_game(air_field(side, front, year), seed)
    g = G.set_hand(g, g.player, ["air_power", "probe_center", "attack_left", "recon_right"])
    card = next(c for c in g.hand() if c.startswith("air_power"))
    g = G.apply(g, f"play {card}")
    assert g.phase == "air", g.phase
    return g


def _hexes(hexes) -> tuple[Hex, ...]:
    return tuple(parse_hex(h) if isinstance(h, str) else h for h in hexes)


def group_ruling(g: G.Game, hexes) -> tuple[bool, str]:
    """Whether ``hexes`` is a target group the engine accepts now (``air …`` among the legal
    actions), and why not (the engine's own refusal, from ``air.check_targets``)."""
    hexes = _hexes(hexes)
    if not hexes:
        return False, "No target chosen yet: tap an enemy unit."
    try:
        A.check_targets(g.state.units, g.side, hexes)
    except IllegalAction as exc:
        return False, exc.reason
    key = set(hexes)
    legal = any(set(a.hexes) == key for a in legal_moves(g, "air"))
    assert legal, "check_targets and legal_actions disagree"
    n = len(hexes)
    return True, (f"A legal group: {plural(n, 'enemy unit')}"
                  + (", each adjacent to another of the group." if n > 1 else "."))


def strike(g: G.Game, hexes, faces, retreat_to=None) -> G.Game:
    """The game after the Air Power strike on ``hexes`` with these ``faces`` (dice per hex times
    the number of targets, in the order of the targets).

    When a flag leaves the owner a choice of retreat hexes, the engine stops for it (RETIRADA: the
    owner decides); here the owner takes ``retreat_to[hex]`` if given, else the first hex the
    rules allow, and the strike goes on with the dice not yet used. Read the whole strike's events
    with :func:`strike_events`.
    """
    targets = _hexes(hexes)
    faces = list(faces)
    per_hex = len(faces) // len(targets) if targets else 0
    g = G.apply(g, "air " + " ".join(fmt(h) for h in targets), faces=faces)
    while g.phase == "retreat" and g.turn is not None and g.turn.pending and g.turn.pending[0] == "strike":
        _, _, at, _, rest = g.turn.pending
        choice = (retreat_to or {}).get(at)
        unit = choice if choice is not None else legal_moves(g, "retreat")[0].unit
        assert unit is not None                          # (a retreat moves a unit)
        pick = fmt(unit)
        done = len(targets) - len(rest)                  # targets rolled so far, this one included
        g = G.apply(g, f"retreat {pick}", faces=faces[done * per_hex:])
    return g


def strike_events(g: G.Game, after: G.Game) -> tuple:
    """Every event from ``g`` to ``after`` (a strike may take several actions: see :func:`strike`)."""
    return after.log[len(g.log):]


def strike_summary(g: G.Game, after: G.Game) -> dict:
    """hex -> (hits, flags, what happened) from the strike's events."""
    out: dict[Hex, tuple[int, int, list[str]]] = {}
    for e in strike_events(g, after):
        if e.at is None:
            continue
        hits, flags, what = out.get(e.at, (0, 0, []))
        if e.kind == "roll":
            hits, flags = e.get("hits", 0), e.get("flags", 0)
        elif e.kind in ("retreat", "flag_losses", "eliminated"):
            what = what + [e.kind]
        out[e.at] = (hits, flags, what)
    return out


FACES = D.FACE_NAMES

#: The events of a strike that say what it did, hex by hex (the owner's choice of a retreat hex is
#: said by the retreat itself).
STRIKE_KINDS = ("roll", "hits", "retreat_ruling", "flag_losses", "retreat", "eliminated")


class AirStrike:
    """Live Air Power board. ``widget`` is the ipywidgets box; ``tap(hex)``, ``context(side,
    front, year)``, ``set_face(i, face)`` and ``roll()`` do what the controls do (for tests)."""

    def __init__(self, *, seed: int = 12, side: str = "allied", front: str = "western", year: int = 1944):
        import ipywidgets as W

        from tutor.render.canvas import BoardView
        from tutor.widgets.base import CSS, hex_field, live_alt
        self.seed = seed
        self.rolls = 0
        self.targets: list[Hex] = []
        self.faces: list[str] = []
        self.after: G.Game | None = None
        self.side_w = W.ToggleButtons(options=[("Allies", "allied"), ("Axis", "axis")], value=side,
                                      description="Side", style={"button_width": "70px"})
        self.front_w = W.Dropdown(options=[(FRONT_NAMES[f], f) for f in A.FRONTS], value=front,
                                  description="Front", layout=W.Layout(width="260px"))
        self.year_w = W.Dropdown(options=list(A.YEARS), value=year, description="Year",
                                 layout=W.Layout(width="160px"))
        self.view_w = W.ToggleButtons(options=["before the strike", "after the strike"],
                                      value="before the strike", description="Board",
                                      style={"button_width": "130px"})
        self.roll_b = W.Button(description="Roll the dice", icon="random",
                               layout=W.Layout(width="auto", height="40px"))
        self.clear_b = W.Button(description="Clear targets", icon="times",
                                layout=W.Layout(width="auto", height="40px"))
        self.table = W.HTML()
        self.status = W.HTML()
        self.dice_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.result = W.HTML()
        self.game = air_game(side, front, year, seed)
        from tutor.render.scene import scene
        self.board = BoardView(scene(self.game.state, title="", legend=False), max_width=720)
        self.board.canvas.add_class("tutor-board")
        self.board.on_click(lambda h, x, y: self.tap(h) if h is not None else self._off_board())
        for w in (self.side_w, self.front_w, self.year_w):
            w.observe(lambda _: self.context(self.side_w.value, self.front_w.value, self.year_w.value), "value")
        self.view_w.observe(lambda _: self._draw(), "value")
        self.alt = live_alt(self.board, self.status, self.result)
        self.hex_input = hex_field(self.tap, self.board, self.say)
        self.roll_b.on_click(lambda _: self.roll())
        self.clear_b.on_click(lambda _: self.clear())
        self.widget = W.VBox([
            W.HTML(CSS), W.HBox([self.side_w, self.front_w, self.year_w], layout=W.Layout(flex_flow="row wrap")),
            self.table,
            W.HTML("<b>Tap up to 4 enemy units</b> (tap again to drop one; or type a hex in the Hex field and "
                   "press Enter). Blue: enemy units you may tap; pink, dashed: your target group; orange: a group "
                   "the engine refuses; <b>−N</b>: figures lost; dotted line: a retreat."),
            self.hex_input, self.board.canvas, self.alt, self.status,
            W.HBox([self.roll_b, self.clear_b, self.view_w], layout=W.Layout(flex_flow="row wrap")),
            self.dice_box, self.result],
            layout=W.Layout(border="1px solid #ccc", padding="8px", max_width="760px"))
        self.widget.add_class("tutor-air-strike")
        self.context(side, front, year)

    # -- state
    @property
    def per_hex(self) -> int:
        return A.dice_per_hex(self.game.side, self.game.front, self.game.year)

    def context(self, side: str, front: str, year: int) -> None:
        """Side, front and year: a new game where that side has played Air Power."""
        if getattr(self, "_quiet", False):
            return
        self._quiet = True
        try:
            self.side_w.value, self.front_w.value, self.year_w.value = side, front, year
        finally:
            self._quiet = False
        self.game = air_game(side, front, year, self.seed)
        self.targets = []
        self.faces = []
        self.table.value = STYLE + superiority_html(front, year, table=False)   # the table stands on the page
        self._update()

    def tap(self, h) -> None:
        h = parse_hex(h) if isinstance(h, str) else h
        u = self.game.state.units.get(h)
        if h in self.targets:
            self.targets.remove(h)
        elif u is None or u.side == self.game.side:
            self.status.value = verdict(f"{fmt(h)} holds no enemy unit: Air Power targets enemy units.", False)
            return
        else:
            self.targets.append(h)
        self._reroll(keep=True)
        self._update()

    def say(self, text: str, *, bad: bool = False) -> None:
        """A line in the status (``text`` is HTML: the Hex field's answer to a bad entry)."""
        self.status.value = STYLE + verdict(unescape(text), False if bad else None)

    def _off_board(self) -> None:
        self.status.value = verdict("That is off the board: tap an enemy unit to target it.", False)

    def clear(self) -> None:
        self.targets = []
        self.faces = []
        self._update()

    def roll(self) -> None:
        """Roll every die again (seeded: the same clicks give the same dice)."""
        self._reroll(keep=False)
        self._update()

    def set_face(self, i: int, face: str) -> None:
        self.faces[i] = D.parse_faces([face])[0]
        self._update()

    def _reroll(self, *, keep: bool) -> None:
        n = self.per_hex * len(self.targets)
        rng = random.Random(f"{self.seed}:air:{self.rolls}")
        self.rolls += 1
        new = list(D.roll(rng, n))
        self.faces = (self.faces[:n] + new[len(self.faces):]) if keep else new

    # -- ruling and drawing
    def _update(self) -> None:
        n = self.per_hex * len(self.targets)
        if len(self.faces) != n:
            self.faces = (self.faces + list(D.roll(random.Random(f"{self.seed}:fill:{n}"), n)))[:n]
        ok, why = group_ruling(self.game, self.targets)
        self.ok = ok
        names = ", ".join(fmt(h) for h in self.targets) or "none"
        self.status.value = STYLE + verdict(f"Targets: {names}. {why}", ok if self.targets else None) + (
            "" if ok or not self.targets else rules_html([C.AIR_POWER_FACE]))
        self.after = strike(self.game, self.targets, self.faces) if ok else None
        self._dice_widgets()
        self._result()
        self._draw()

    def _dice_widgets(self) -> None:
        import ipywidgets as W
        boxes = []
        for i, f in enumerate(self.faces):
            h = self.targets[i // self.per_hex]
            dd = W.Dropdown(options=list(FACES), value=f, description=f"{fmt(h)} die {i % self.per_hex + 1}",
                            style={"description_width": "86px"}, layout=W.Layout(width="200px"))
            dd.observe(lambda ch, i=i: self.set_face(i, ch["new"]), "value")
            boxes.append(dd)
        self.dice_box.children = boxes

    def _result(self) -> None:
        if self.after is None:
            self.result.value = ("<p>Choose a legal target group to roll: "
                                 f"{plural(self.per_hex, 'die', 'dice')} per hex for the "
                                 f"{SIDE_NAMES[self.game.side]} here.</p>")
            return
        self.result.value = STYLE + (
            f"<p><b>The engine resolves each hex in turn</b> ({plural(self.per_hex, 'die', 'dice')} per hex; "
            "terrain protection is ignored, so a town or woods changes nothing):</p>"
            + events_html(strike_events(self.game, self.after), kinds=STRIKE_KINDS))

    def _draw(self) -> None:
        from tutor.render.scene import Line, Mark, highlights, scene
        after = self.after is not None and self.view_w.value == "after the strike"
        st = self.after.state if after and self.after is not None else self.game.state
        marks, notes, lines = [], [], []
        if self.after is not None:
            for h, (hits, flags, what) in strike_summary(self.game, self.after).items():
                bits = [f"{hits} hit{'s' if hits != 1 else ''}"] + ([f"{flags} flag"] if flags else [])
                notes.append((h, ", ".join(bits)))
                if "eliminated" in what:
                    marks.append(Mark(h, "lost", text="✕"))
                elif hits or "flag_losses" in what:
                    marks.append(Mark(h, "lost", text=f"−{hits + ('flag_losses' in what)}"))
            for e in strike_events(self.game, self.after):
                if e.kind == "retreat" and e.at is not None and e.to is not None:
                    lines.append(Line(e.at, e.to, "move"))
        enemies = [h for h, u in self.game.state.units.items() if u.side != self.game.side and h not in self.targets]
        role = "target" if (self.ok or not self.targets) else "closed"
        hl = highlights(selected=enemies, **{role: list(self.targets)}, marks=marks, notes=notes,
                        lines=lines if after else [])
        self.board.update(scene(st, hl, title="", legend=False))

    @property
    def text(self) -> str:
        return self.status.value + self.result.value
