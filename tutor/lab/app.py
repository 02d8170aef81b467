"""The edge-case lab: paint a board, ask the engine, hand the board on.

``Lab`` extends the line-of-sight explorer (``tutor.widgets.LosExplorer``: its board, palette
painting, undo/reset and line-of-sight ruling) with

* a full palette: every terrain, every obstacle, infantry/armor/artillery of both sides;
* four questions: line of sight, legal moves, retreat for N flags, the odds of an attack
  (each answered by the engine and drawn on the board with its explanation and rule text);
* export as scenario YAML and as SVG (download links), import by upload (``.yaml`` or ``.m44``)
  or by pasting a board link;
* a share box: the page's address with the board encoded (``tutor.lab.link``).

    from tutor.lab.app import Lab
    Lab.from_environment()      # in Voilà: opens the board in the page's ?board=… link, if any
"""

from __future__ import annotations

import base64
import os
from html import escape

import ipywidgets as W

from tutor.errors import IllegalAction, InputError
from tutor.hexes import BOARDS, Hex, fmt
from tutor.inputs import MAX_BATTLE_DICE, uploaded_file
from tutor.lab import link
from tutor.memoir.scenario import Scenario, UnitSpec, full_strength
from tutor.memoir.terrain import OBSTACLES, TERRAIN
from tutor.render.scene import Line, Mark, highlights, los_highlights, scene
from tutor.render.style import obstacle_label
from tutor.widgets.base import esc, rules_html
from tutor.widgets.los_explorer import LosExplorer, LosState

QUESTIONS = ("Line of sight", "Legal moves", "Retreat", "Attack odds")
ASK = "Look"   # the explorer's own name for "tap to ask"


def _palette() -> dict:
    out = {ASK: ("look", None)}
    for name in TERRAIN:
        if name != "countryside":
            out[name.replace("_", " ").capitalize()] = ("terrain", name)
    for name in OBSTACLES:
        out[obstacle_label(name).capitalize()] = ("obstacle", name)
    for side, mark in (("allied", "●"), ("axis", "■")):
        for kind in ("infantry", "armor", "artillery"):
            out[f"{mark} {side.capitalize()} {kind}"] = ("unit", (side, kind))
    out["Erase"] = ("erase", None)
    return out


LAB_PALETTE = _palette()


def board_label(name: str) -> str:
    """A board as the New menu offers it: "Standard board (13 × 9)"."""
    b = BOARDS[name]
    return f"{name.capitalize()} board ({b.width} × {b.rows})"


def blank(board: str = "standard", title: str = "Lab board") -> Scenario:
    return Scenario(title=title, board=BOARDS[board], top="axis")


def page_url() -> str:
    """This page's address as Voilà reports it to the kernel (empty outside Voilà)."""
    host, port, path = (os.environ.get(k, "") for k in ("SERVER_NAME", "SERVER_PORT", "SCRIPT_NAME"))
    if not host or not path:
        return ""
    scheme = "https" if port == "443" else "http"
    port_part = "" if port in ("", "80", "443") else f":{port}"
    return f"{scheme}://{host}{port_part}{path}"


def _download(name: str, mime: str, text: str, label: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a download="{escape(name)}" href="data:{mime};base64,{data}" '
            f'style="margin-right:1.2em">{escape(label)}</a>')


def read_upload(name: str, content: bytes) -> tuple[Scenario, tuple[str, ...]]:
    """A scenario from an uploaded file (.yaml / .yml, or .m44); warnings from an .m44 import."""
    from tutor.inputs import MAX_FILE_BYTES
    if len(content) > MAX_FILE_BYTES:
        raise InputError(f"{name}: is {len(content):,} bytes: a scenario file may be at most {MAX_FILE_BYTES:,} bytes")
    try:
        text = bytes(content).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{name}: is not UTF-8 text") from None
    if name.lower().endswith(".m44"):
        from tutor.lab.m44 import import_m44
        r = import_m44(name, text)
        return r.scenario, r.warnings
    from tutor.scenario import load
    s = load(name, text)
    if not isinstance(s, Scenario):
        raise InputError(f"{name}: is an Undaunted scenario; the lab builds Memoir '44 boards")
    return s, ()


class Lab(LosExplorer):
    """Paint terrain, obstacles and units; ask line of sight, moves, retreat or odds; export; share."""

    title = "Edge-case lab"

    def __init__(self, field=None, *, base_url: str = "", dpr: int = 2):
        self.base_url = base_url
        self.question = W.Dropdown(options=QUESTIONS, value="Line of sight", description="Ask",
                                   style={"description_width": "auto"}, layout=W.Layout(width="14em"))
        small = {"description_width": "auto"}
        self.flags = W.BoundedIntText(value=1, min=0, max=MAX_BATTLE_DICE, description="Flags", style=small,
                                      layout=W.Layout(width="8em"))
        self.dice = W.BoundedIntText(value=0, min=0, max=MAX_BATTLE_DICE, description="Dice (0: the board's)",
                                     style=small,
                                     tooltip=f"0: the dice the board gives; 1-{MAX_BATTLE_DICE}: roll this many",
                                     layout=W.Layout(width="14em"))
        self.answer = None
        super().__init__(field if field is not None else blank(), dpr=dpr)
        self.tool.options = list(LAB_PALETTE)
        self.tool.tooltips = []
        self.tool.value = ASK
        self.question.observe(lambda _: self._question_changed(), "value")
        self.flags.observe(lambda _: self.refresh(), "value")
        self.dice.observe(lambda _: self.refresh(), "value")
        # files and links
        self.new_board = W.Dropdown(options=[(board_label(n), n) for n in BOARDS], value=self.state.field.board.name,
                                    description="New", layout=W.Layout(width="20em"))
        self.new_button = W.Button(description="Blank board", icon="file", layout=W.Layout(width="auto"))
        self.new_button.on_click(lambda _: self.load(blank(self.new_board.value)))
        self.upload = W.FileUpload(accept=".yaml,.yml,.m44", multiple=False, description="Open file")
        self.upload.observe(self._uploaded, "value")
        self.paste = W.Text(placeholder="paste a board link (…?board=m1.…) and press Enter",
                            continuous_update=False, layout=W.Layout(width="30em"))
        self.paste.observe(lambda ch: ch["new"] and self.open_link(ch["new"]), "value")
        self.export_button = W.Button(description="Export YAML + SVG", icon="download",
                                      layout=W.Layout(width="auto"))
        self.export_button.on_click(lambda _: self.export())
        self.exports = W.HTML()
        self.share = W.Text(description="Share", layout=W.Layout(width="100%"),
                            tooltip="copy this address: it opens this very board")
        self.share_link = W.HTML()
        files = W.VBox([W.HBox([self.new_board, self.new_button, self.upload],
                               layout=W.Layout(flex_flow="row wrap")),
                        W.HBox([self.paste], layout=W.Layout(flex_flow="row wrap")),
                        W.HBox([self.export_button, self.exports], layout=W.Layout(flex_flow="row wrap")),
                        self.share, self.share_link])
        asks = W.HBox([self.question, self.flags, self.dice], layout=W.Layout(flex_flow="row wrap"))
        self.children = (self.children[0], asks) + self.children[1:] + (files,)
        self._first = self.state
        self.refresh()

    # -- construction
    @classmethod
    def from_environment(cls, **kw) -> Lab:
        """The lab for this page: the board in the page's ``?board=`` link, else a blank board."""
        field, problem = None, None
        try:
            field = link.from_query()
        except InputError as exc:
            problem = str(exc)
        lab = cls(field, base_url=page_url(), **kw)
        if problem:
            lab.say(f"The board link in this address could not be opened: {esc(problem)}. "
                    f"A blank board is shown instead.", bad=True)
        return lab

    def load(self, field: Scenario, note: str = "") -> None:
        self._set(LosState(field))
        self.new_board.value = field.board.name
        if note:
            self.say(note)

    def open_link(self, text: str) -> None:
        try:
            field = link.decode(text)
        except InputError as exc:
            self.say(esc(exc), bad=True)
            return
        self.load(field, f"Opened the board “{esc(field.title)}” from the link.")

    def _uploaded(self, change) -> None:
        try:
            got = uploaded_file(change["new"], "upload.yaml")
            if got is None:
                return
            name, content = got
            field, warnings = read_upload(name, content)
        except InputError as exc:
            self.say(esc(exc), bad=True)
            return
        note = f"Opened {esc(name)}."
        if warnings:
            note += " Skipped or changed on import: " + "; ".join(esc(w) for w in warnings)
        self.load(field, note)

    # -- asking
    def _question_changed(self) -> None:
        """Each question starts fresh: the board stays, the hexes picked for the last question go
        (kept, the first tap of the new question would only drop them, with nothing to show)."""
        self.state = LosState(self.state.field)
        self.tool.value = ASK
        self.refresh()

    def on_hex(self, h: Hex) -> None:
        what, name = LAB_PALETTE[self.tool.value]
        if what == "look":
            if self.question.value in ("Legal moves", "Retreat"):
                s = self.state
                if h not in s.field.units:
                    self.say(f"{fmt(h)} holds no unit: tap a unit.", bad=True)
                    return
                self._set(LosState(s.field, None if s.origin == h else h, None))
            else:
                self.look(h)
        elif what == "unit":
            self.paint_unit(h, *name)
        else:
            self.paint(h, what, name)

    def paint_unit(self, h: Hex, side: str, kind: str) -> None:
        f = self.state.field
        units = dict(f.units)
        u = units.get(h)
        if u is not None and u.side == side and u.kind == kind:
            del units[h]
        else:
            if self.refuses_to_stand(kind, f.terrain.get(h, "countryside"), f.obstacles.get(h)):
                return
            units[h] = UnitSpec(side, kind, full_strength(kind, None))
        self._set(LosState(f.replace(units=units), self.state.origin, self.state.target))

    def _game(self):
        from tutor.memoir.state import from_scenario
        return from_scenario(self.state.field)

    def _scene(self):
        q = self.question.value if hasattr(self, "question") else "Line of sight"
        s = self.state
        self.answer = None
        if q == "Line of sight" or s.origin is None:
            return super()._scene()
        self.ruling, self.visible = None, frozenset()
        try:
            if q == "Legal moves":
                from tutor.memoir.movement import legal_moves
                m = legal_moves(self._game(), s.origin)
                self.answer = m
                hl = highlights(origin=[s.origin], legal=list(m.reachable), closed=list(m.refused))
            elif q == "Retreat":
                from tutor.memoir.retreat import ruling
                r = ruling(self._game(), s.origin, self.flags.value, None)
                self.answer = r
                lines = [Line(p[i], p[i + 1], "move") for p in r.paths for i in range(len(p) - 1)]
                hl = highlights(origin=[s.origin], legal=list(r.destinations), closed=[b.hex for b in r.blocked],
                                lines=lines, marks=[Mark(b.hex, "closed") for b in r.blocked])
            else:   # Attack odds
                from tutor.lab.board_odds import board_odds
                from tutor.memoir.los import line_of_sight
                if s.target is None:
                    return scene(s.field, highlights(origin=[s.origin]), title="", legend=False)
                self.answer = board_odds(self._game(), s.origin, s.target, dice=self.dice.value or None)
                self.ruling = line_of_sight(s.field, s.origin, s.target)
                hl = los_highlights(self.ruling)
        except (InputError, IllegalAction) as exc:
            self.answer = exc
            hl = highlights(origin=[s.origin], **({"target": [s.target]} if s.target else {}))
        return scene(s.field, hl, title="", legend=False)

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "share"):
            self._update_share()

    def _explain(self) -> None:
        q = self.question.value if hasattr(self, "question") else "Line of sight"
        s = self.state
        if q == "Line of sight":
            return super()._explain()
        if self.tool.value != ASK:
            self.say(f"Painting {esc(self.tool.value)}: tap hexes (tap again to remove). Choose {ASK} to ask.")
        if s.origin is None:
            if self.tool.value == ASK:
                self.say(f"{q}: " + {"Legal moves": "tap a unit to see where it may move.",
                                     "Retreat": "tap a unit to see where it retreats for the flags set above.",
                                     "Attack odds": "tap the attacking unit, then its target."}[q])
            self.explain("")
            return
        a = self.answer
        if isinstance(a, (InputError, IllegalAction)):
            rule = getattr(a, "rule", None)
            self.say(esc(getattr(a, "reason", a)), bad=True)
            self.explain(rules_html([rule]) if rule is not None else "")
            return
        if q == "Attack odds" and a is None:
            self.say(f"Attacker {fmt(s.origin)}: tap the target.")
            self.explain("")
            return
        if q == "Legal moves":
            rows = "".join(f"<li><b>{fmt(h)}</b>: {esc(r.reason)}</li>" for h, r in sorted(a.refused.items()))
            self.say(f"The {esc(a.unit.name)} on {fmt(s.origin)} may move to {len(a.reachable)} hexes "
                     f"(green); closed hexes are marked with their reason.")
            self.explain(f'<div class="verdict">{len(a.reachable)} legal destinations, allowance {a.allowance}'
                         f'</div><ul>{rows}</ul>' + rules_html(a.rules))
        elif q == "Retreat":
            self.say(f"Retreat for {self.flags.value} flag{'s' if self.flags.value != 1 else ''}.")
            self.explain(f'<div class="verdict">{esc(a.text)}</div>' + rules_html(a.rules))
        else:
            from tutor.lab.board_odds import odds_html
            sight = "" if self.ruling is None or self.ruling.visible else (
                f"<p><b>Note:</b> the target is not in line of sight ({esc(self.ruling.reason)}) — the odds "
                f"are what the dice would do if the attack were allowed.</p>")
            self.say(f"Attack {fmt(s.origin)} → {fmt(s.target)}.")
            self.explain(f'<div class="verdict">Figures lost by the target</div>{odds_html(a)}{sight}')

    # -- handing on
    def export(self) -> tuple[str, str]:
        """Fill the download links; returns (yaml, svg)."""
        from tutor.render.svg import state_svg
        f = self.state.field
        text = f.to_yaml()
        picture = state_svg(f, title=f.title)
        stem = "".join(c if c.isalnum() else "-" for c in f.title.lower()).strip("-") or "board"
        self.exports.value = (_download(f"{stem}.yaml", "text/yaml", text, "scenario YAML")
                              + _download(f"{stem}.svg", "image/svg+xml", picture, "board SVG"))
        return text, picture

    def share_url(self) -> str:
        return link.share_url(self.state.field, self.base_url)

    def _update_share(self) -> None:
        try:
            url = self.share_url()
        except InputError as exc:
            self.share.value, self.share_link.value = "", esc(exc)
            return
        self.share.value = url
        token = url.split("?", 1)[1]
        self.share_link.value = (f'<small>Copy the address above, or <a href="?{escape(token)}" target="_blank">'
                                 f'open this board in a new tab</a> and copy it from there '
                                 f'({len(url)} characters).</small>')
