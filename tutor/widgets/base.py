"""What every drill shares: a live board, a status line, a "why?" panel, undo and reset.

A drill is a ``VBox`` (so a notebook cell that ends with it shows it). Its state is a value; each
change pushes the previous value on a history stack, so undo is a pop and reset is the first
value. A drill that keeps its state in ``self.value`` needs no history code of its own: ``advance``
moves to a new value, ``restore`` puts one back. Rulings come from the engines; a drill only asks and shows.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from tutor.errors import InputError
from tutor.explain import STYLE, quote_html
from tutor.explain import rules_html as rules_html  # the one list of rules, for every widget
from tutor.hexes import Board, Hex, fmt, parse_hex
from tutor.inputs import hex_numbers, uploaded_file
from tutor.render import style
from tutor.render.canvas import BoardView
from tutor.render.scene import Scene, describe, legend_entries
from tutor.render.svg import legend_html
from tutor.rulebook import Rule

# What a page's messages may do in its kernel (issue 39). The page is the visitor's browser's to
# write: a crafted message to a widget (a dropdown's index of 99, a value of the wrong type) made
# ipywidgets send the page a full Python traceback, with the server's paths and source lines.
# Every message from the page to a widget passes through ``Widget._handle_msg``: while it runs, a
# traceback goes to the server's log (the kernel's own standard error) and the page gets one plain
# line. And a page may not create widgets of its own in the kernel (``comm_open`` of a widget: 2,000
# of them kept 16 MB): the course's pages never do; the kernel creates every widget a page shows.
PAGE_ERROR = "That did not work: the page sent something this board does not take. Nothing was changed."
UNDO_MAX = 200  # states a drill keeps for Undo (and the first one, for Reset)


def guard_page_messages() -> None:
    """Install, once per kernel, the plain line for errors in a page's widget messages and the
    refusal of widgets opened by a page (see :data:`PAGE_ERROR`)."""
    if getattr(W.Widget._handle_msg, "tutor_guarded", False):
        return
    handle = W.Widget._handle_msg

    def _handle_msg(self, msg):
        import contextlib
        import sys
        import traceback

        from IPython import get_ipython

        shell = get_ipython()
        if shell is None:
            return handle(self, msg)

        def plain(*args, **kwargs):
            detail = "".join(traceback.format_exception(*sys.exc_info()))
            server_log(f"[tutor] a page's message to a {type(self).__name__} failed:\n{detail}")
            print(PAGE_ERROR, file=sys.stderr, flush=True)

        before = shell.__dict__.get("showtraceback")
        shell.showtraceback = plain
        try:
            return handle(self, msg)
        finally:
            if before is not None:
                shell.showtraceback = before
            else:
                with contextlib.suppress(AttributeError):
                    del shell.showtraceback  # (the shell's own method again)

    _handle_msg.__dict__["tutor_guarded"] = True
    W.Widget._handle_msg = _handle_msg
    refuse_page_widgets()


def server_log(text: str) -> None:
    """Write ``text`` to the server's log only: the kernel's standard error as it was before
    ipykernel sent what is written there to the page too."""
    import os
    import sys

    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(fd, int):
        os.write(fd, text.encode("utf-8", "replace"))
    else:
        print(text, end="", file=sys.__stderr__, flush=True)


def refuse_page_widgets() -> None:
    """Widgets asked for by a page (a ``comm_open`` to ``jupyter.widget``) are closed unmade, the
    first refusal said once in the server's log."""
    try:
        from comm import get_comm_manager
        manager = get_comm_manager()
    except Exception:  # (no kernel: a script or a test)
        return
    said: list[bool] = []

    def refuse(comm, msg) -> None:
        if not said:
            said.append(True)
            server_log("[tutor] a page asked its kernel to make a widget: refused (and any more)\n")
        comm.close()

    manager.register_target("jupyter.widget", refuse)


CSS = """<style>
.tutor-why { font-size: 13px; line-height: 1.4; max-width: 720px; }
.tutor-why .verdict { font-weight: bold; font-size: 14px; margin-bottom: 4px; }
.tutor-why ul { margin: 4px 0 6px 0; padding-left: 18px; }
.tutor-heading { font-weight: 600; font-style: normal; }
.tutor-why .mk { display: inline-block; min-width: 1.4em; text-align: center; font-weight: bold;
  border-radius: 50%; border: 2px solid #c0392b; color: #c0392b; margin-right: 4px; }
.tutor-why .mk.interior { background: #c0392b; color: #fff; }
.tutor-why .mk.too_low { border: 2px dashed #6b6b6b; color: #6b6b6b; }
.tutor-status { font-size: 13px; min-height: 1.6em; }
.tutor-status.bad { color: #a3320b; font-weight: bold; }
.tutor-board, .tutor-board:focus { outline: none; touch-action: manipulation; }
.lm-TabBar-tabLabel, .jupyter-widget-Collapse-header { color: #222222 !important; }
.tutor-sr { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
</style>""" + STYLE  # the rule blocks' look (tutor.explain.rules_html)


def game_css(page: str, *, log_height: int) -> str:
    """The look the two game pages share (Play a battle, Play La Raye): the head line with its turn
    and its badges (medals, objectives), the win line, the coach and the log of moves. ``page``
    names the page's classes (``"tutor-battle"``: ``.tutor-battle-head``, ``-win``, ``-coach``);
    ``log_height``: how tall the log grows (px) before it scrolls. A page adds its own lines after
    these (a later line of the same weight wins)."""
    return f"""<style>
.{page}-head {{ font-size: 14px; display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: baseline; }}
.{page}-head .turn {{ font-weight: bold; }}
.{page}-head > span > span {{ display: inline-block; padding: 1px 7px; border-radius: 9px; margin-right: 4px;
  border: 1px solid #999; background: #f7f3e6; }}
.{page}-win {{ font-size: 17px; font-weight: bold; color: #1b6e1b; padding: 6px 0; }}
.{page}-coach {{ font-size: 12.5px; line-height: 1.35; border-left: 3px solid #0b5cad; padding: 2px 8px; }}
.{page}-coach ul {{ margin: 2px 0; padding-left: 18px; }}
.{page}-coach summary {{ cursor: pointer; }}
.{page}-coach q, .tutor-log q {{ display: block; font-style: italic; margin: 2px 0 4px 14px; color: #333; }}
.tutor-log {{ font-size: 12.5px; max-height: {log_height}px; overflow: auto; border: 1px solid #ddd; padding: 4px 8px; }}
.tutor-log details {{ margin: 1px 0; }}
.tutor-log summary {{ cursor: pointer; }}
.tutor-log .act {{ font-weight: bold; margin-top: 6px; }}
.tutor-log .cite {{ color: #6b6b6b; font-size: 11px; }}
.tutor-log .rule-sum {{ margin: 2px 0 4px 14px; }}
</style>"""


def esc(text: str) -> str:
    return html.escape(str(text), quote=True)


def rule_details(summary_html: str, rule: Rule, attrs: str = "") -> str:
    """A line of a log or a coach that opens to its rule: ``summary_html`` (already escaped),
    then the rule's summary, its original text and where it comes from. ``attrs``: the details
    element's attributes (' class="act"', a background)."""
    return (f"<details{attrs}><summary>{summary_html}</summary><div class=\"rule-sum\">{esc(rule.summary)}</div>"
            f'{quote_html(rule, tag="q")}<div class="cite rule-sum">{esc(rule.cite)}</div></details>')


def board_alt(scene: Scene, status_html: str = "") -> str:
    """The board's text alternative for screen readers (hidden on screen): what is on it, what
    its highlights show, and the ruling the status line (``status_html``) gives."""
    shown = re.sub(r"<(style|script)\b.*?</\1>", " ", status_html, flags=re.DOTALL | re.IGNORECASE)
    ruling = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", shown)).split())
    text = describe(scene) + (f" {ruling}" if ruling else "")
    return f'<div class="tutor-sr" role="note" aria-label="Board description">{esc(text)}</div>'


def live_alt(board: BoardView, *rulings: W.HTML) -> W.HTML:
    """A board's text alternative that follows it: redone after every new scene the board shows
    and every change of the ``rulings`` (the widgets that show what a tap answered), so a tap and
    a typed hex leave the same description behind."""
    alt = W.HTML()

    def update(*_) -> None:
        alt.value = board_alt(board.scene, " ".join(r.value for r in rulings))

    board.on_update(update)
    for r in rulings:
        r.observe(update, "value")
    update()
    return alt


def example_hex(board: Board) -> str:
    """A hex near the middle of ``board``, to show how one is typed."""
    lo, hi = board.cols
    c, r = (lo + hi) // 2, board.rows // 2
    return fmt((c + (c + r) % 2, r))


def hex_entry(text: str, board: Board) -> tuple[Hex | None, str]:
    """Read a hex typed in a board's keyboard field: ``(hex, "")``, or ``(None, why)`` with one
    line in the board's own words: what is wrong and what is allowed (Memoir '44 hexes are
    written column,row; column + row is always even; half hexes at the edges are not played)."""
    text = " ".join(str(text).split())
    lo, hi = board.cols
    size = f"columns {lo}–{hi}, rows 0–{board.rows - 1}"
    numbers = hex_numbers(text)
    if numbers is None:
        return None, (f"“{text}” is not a hex: type its column and row as two numbers, "
                      f"for example {example_hex(board)} ({size}).")
    try:
        h = parse_hex(text)
    except ValueError:
        c, r = numbers
        return None, f"There is no hex {c},{r}: column + row is always even ({size})."
    if h in board.half_hexes:
        return None, f"{fmt(h)} is a half hex cut by the board edge, not played: {size}, column + row even."
    if h not in board.hexes:
        return None, f"{fmt(h)} is not on this board: {size}, column + row even."
    return h, ""


def place_field(on_place, entry, say, *, label: str, example: str, how: str) -> W.Text:
    """The keyboard's tap, the same on every live board: a field labelled ``label`` ("Hex",
    "Tile") where a place typed and Enter call ``on_place(place)``, the handler a tap on that place
    calls. ``entry(text)`` reads it: ``(place, "")``, or ``(None, why)``: then ``say(why, bad=True)``
    shows that one line (what is wrong, what is allowed) and nothing changes."""
    field = W.Text(value="", placeholder=f"e.g. {example}", description=label, continuous_update=False,
                   tooltip=f"type {how} and press Enter: the same as tapping it",
                   layout=W.Layout(width="12em", height="40px"))
    field.add_class(f"tutor-{label.lower()}-field")

    def submit(change) -> None:
        text = change["new"].strip()
        if not text:
            return
        field.value = ""
        place, why = entry(text)
        if place is None:
            say(esc(why), bad=True)
            return
        on_place(place)

    field.observe(submit, "value")
    return field


def hex_field(on_hex, board: BoardView, say) -> W.Text:
    """A Memoir '44 board's ``place_field``: a hex typed as column,row (read by ``hex_entry``)."""
    def hexes() -> Board:
        shown = board.scene.board
        assert shown is not None                # (a board of hexes, not a row of cards)
        return shown

    return place_field(on_hex, lambda text: hex_entry(text, hexes()), say, label="Hex",
                       example=example_hex(hexes()), how="a hex as column,row")


# Buttons of one look share one layout and one style (widget models that none of them changes):
# every widget model is built by the browser before a page's first live board draws, and ipywidgets
# gives each button a layout and a style of its own, three models a button.
@cache
def shared_look(kind: str) -> tuple[W.Layout, W.ButtonStyle]:
    """The layout and the style shared by the buttons of ``kind`` (``"choice"``, ``"small"``)."""
    size = {"choice": {}, "small": {"min_width": "64px"}}[kind]
    return W.Layout(width="auto", height="40px", **size), W.ButtonStyle()


def choice_buttons(items, on_pick) -> tuple[W.Button, ...]:
    """One button per ``(label, value)`` that calls ``on_pick(value)``: the keyboard's way (Tab to
    it, Enter) to what a tap on a card of a card row does."""
    layout, style = shared_look("choice")
    out = []
    for label, value in items:
        b = W.Button(description=label, tooltip=label, layout=layout, style=style)
        b.on_click(lambda _, v=value: on_pick(v))
        out.append(b)
    return tuple(out)


def step_strip(names, current: int) -> str:
    """A row of numbered steps (HTML): those before ``current`` (0-based) ticked, ``current``
    marked; ``current`` past the last ticks them all."""
    items = []
    for i, name in enumerate(names):
        on = (';font-weight:700;background:#dff3ea;border-color:#00573f" aria-current="step'
              if i == current else "")
        items.append(f'<span role="listitem" style="display:inline-block;border:1px solid #d0d7de;border-radius:4px;'
                     f'padding:2px 8px;margin:2px{on}">'
                     f'{"✓ " if i < current else ""}{i + 1}. {esc(name)}</span>')
    return f'<div class="tutor-steps" role="list">{"".join(items)}</div>'


def load_upload(game_page, change, refusal: str) -> None:
    """A saved game the learner uploads (the ``change`` of a game page's file button) loaded into
    ``game_page`` (its ``load``). A file that cannot be loaded leaves the game as it was and says
    why in one line: ``refusal`` with ``{}`` for the reason, as the page's refusal (``refusal``,
    ``refresh``). Both game pages (Play a battle, Play La Raye) load their saves through it."""
    try:
        got = uploaded_file(change["new"], "saved game")
        if got is None:
            return
        game_page.load(got[1])
    except InputError as exc:
        game_page.refusal = (refusal.format(exc), None)
        game_page.refresh()


def small_button(description: str, icon: str = "", tooltip: str = "") -> W.Button:
    # Big enough for a finger (44 px tall), narrow enough for a phone column.
    layout, style = shared_look("small")
    return W.Button(description=description, icon=icon, tooltip=tooltip or description, layout=layout, style=style)


guard_page_messages()


class Drill(W.VBox):
    """Board + controls + status + why panel, with an undo/reset history of state values."""

    title = ""
    if TYPE_CHECKING:  # ipywidgets has no types: the box's widgets, as the drills read and set them
        children: tuple[W.Widget, ...]
        value: Any                              # each drill's own state value (its dataclass)

    def __init__(self, scene: Scene, *, controls: Iterable[W.Widget] = (), dpr: int = 2, max_width: int | None = None):
        self.board = BoardView(scene, dpr=dpr, max_width=max_width)
        self.board.on_click(self._on_board_click)
        self.board.canvas.add_class("tutor-board")
        self.legend = W.HTML(layout=W.Layout(width="100%"))
        self._legend_key: tuple | None = None
        self.board.on_update(self._legend_update)
        self._legend_update(scene)
        self.status = W.HTML(layout=W.Layout(width="100%"))
        self.why = W.HTML(layout=W.Layout(width="100%"))
        self.alt = live_alt(self.board, self.status)
        self.hex_input = hex_field(self.on_hex, self.board, self.say) if scene.board is not None else None
        self.undo_button = small_button("Undo", "undo")
        self.reset_button = small_button("Reset", "refresh")
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        keys = [self.hex_input] if self.hex_input is not None else []
        bar = W.HBox([*controls, *keys, self.undo_button, self.reset_button],
                     layout=W.Layout(flex_flow="row wrap", width="100%", align_items="center"))
        self._history: list = []
        super().__init__([W.HTML(CSS), bar, self.board.canvas, self.alt, self.legend, self.status, self.why],
                         layout=W.Layout(width="100%",
                                         max_width=f"{(max_width or round(scene.width * style.BOARD_ZOOM)) + 40}px"))

    def _legend_update(self, scene: Scene) -> None:
        """The legend strip under the board: the scene's legend entries (sent only when they change)."""
        key = legend_entries(scene)
        if key != self._legend_key:
            self._legend_key = key
            self.legend.value = legend_html(key)

    # -- history
    def push(self, value) -> None:
        """Keep ``value`` for Undo: the last :data:`UNDO_MAX`, and the first (for Reset). A lab
        painted in 2,000 taps kept 2,000 boards (31 MB)."""
        self._history.append(value)
        if len(self._history) > UNDO_MAX + 1:
            del self._history[1]
        self.undo_button.disabled = False

    def advance(self, new) -> None:
        """Show the state value ``new``: the current ``self.value`` goes on the history (unless
        ``new`` equals it), then the drill refreshes."""
        if new != self.value:
            self.push(self.value)
            self.value = new
        self.refresh()

    def undo(self) -> None:
        if not self._history:
            self.say("Nothing to undo.")
            return
        self.restore(self._history.pop())
        self.undo_button.disabled = not self._history
        self.refresh()

    def reset(self) -> None:
        if self._history:
            self.restore(self._history[0])
            self._history.clear()
        self.undo_button.disabled = True
        self.start()
        self.refresh()

    # -- hooks for subclasses
    def restore(self, value) -> None:
        """Put back a state value from the history (undo, reset); a drill with more than
        ``self.value`` to put back overrides this."""
        self.value = value

    def start(self) -> None:
        """Back to the first step (after reset)."""

    def refresh(self) -> None:
        raise NotImplementedError

    def on_hex(self, h) -> None:
        raise NotImplementedError

    # -- helpers
    def say(self, text: str, *, bad: bool = False) -> None:
        self.status.value = f'<div class="tutor-status{" bad" if bad else ""}" role="status">{text}</div>'

    def explain(self, body: str) -> None:
        self.why.value = f'<div class="tutor-why">{body}</div>' if body else ""

    def _on_board_click(self, h, x, y) -> None:
        if h is None:
            self.say("That is off the board: tap a hex.")
            return
        self.on_hex(h)

    def click(self, x, y) -> None:
        """Click the board at layout pixel (x, y), as a test or a teacher's script would."""
        self.board.click(x, y)

    def click_hex(self, h) -> None:
        """Click the center of hex h."""
        geometry = self.board.scene.geometry
        assert geometry is not None             # (a board of hexes)
        x, y = geometry.centre(h)
        self.board.click(x, y)
