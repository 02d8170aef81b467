"""A check-yourself question answered on a live board: tap the tile, the unit, the hex or the card.

``TapQuestion(q)`` shows a ``tutor.quiz.BoardQuestion``: its prompt, the board (a Memoir '44
battlefield cut to the question's hexes, an Undaunted map, or rows of Undaunted cards — a hand, a
supply — drawn as the course's card rows), "Show me", and below them what the
engine said. The engine rules on every tap (``q.judge``: the places the engine accepts, asked
anew, never an answer key). The steps are ``tutor.quiz.Tries``: a wrong first tap gets the hint (the
rule to use, not the answer) and a second try; the answer is shown on the board after the second
wrong tap or on "Show me". Its output carries ``tutor.quiz.outcome_html``, so the page script
records the question solved only when it was answered without the answer shown.

On a page of several tap questions the legend can be said once (:func:`shared_legend`, what
``tutor.quiz.quiz(..., lean=True)`` shows above its questions): each board then lists only the
marks the shared legend does not, and says nothing before the first tap (its prompt asks already).
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as W

from tutor.explain import STYLE
from tutor.quiz import (
    HINT_HEAD,
    RULE_TO_USE,
    SHOWN_HEAD,
    TRIES,
    BoardQuestion,
    Tries,
    answer_head,
    outcome_html,
)
from tutor.widgets.base import Drill, esc, small_button

ASK = {"tile": "Tap a tile on the board.", "unit": "Tap a unit on the board.", "hex": "Tap a hex on the board.",
       "card": "Tap a card."}
#: A tap beside what the question asks for (no try spent): said so, then asked again.
MISSED = {"tile": "No tile there. Tap a tile on the board.", "unit": "No unit there. Tap a unit on the board.",
          "hex": "That hex is outside the part of the board shown. Tap a hex on the board.",
          "card": "No card there. Tap a card."}
MARKED = {"card": "It is outlined green."}        # where the answer is shown; else shaded green


def objective_notes(board) -> list:
    """A Memoir '44 board's objective hexes, each labelled with its kind and who holds its medal
    (as the move-and-battle drill labels them; a majority's hexes, side by side, with their kind
    only): a question about objectives shows them."""
    from tutor.widgets.field_drill import OBJECTIVE_NOTE
    held = getattr(board, "held", {})
    return sorted((h, OBJECTIVE_NOTE[o.type] + (f" ({held[i]})" if held.get(i) and len(o.hexes) == 1 else ""))
                  for i, o in enumerate(getattr(board, "objectives", ())) for h in o.hexes)   # side by side: short


@dataclass(frozen=True)
class Asked:
    """Where the learner stands: the steps so far (``Tries``) and the places tapped, each with the
    engine's ruling (right or not)."""
    tries: Tries = Tries()
    taps: tuple = ()


class TapQuestion(Drill):
    """``TapQuestion(q, chapter=None)``: ``q`` a ``BoardQuestion``; ``chapter``: the notebook whose
    progress records it (default: this page's chapter, ``course.current_chapter``)."""

    title = "Question on the board"

    def __init__(self, q: BoardQuestion, *, chapter: str | None = None, dpr: int = 2,
                 shared: frozenset = frozenset(), lean: bool = False):
        """``shared``: legend entries (``legend_entries``) the page explains once already, left out
        of this board's legend; ``lean``: no status line before the first tap (the prompt asks),
        and the prompt beside "Show me" rather than above it."""
        from tutor import course
        self.q = q
        self.shared, self.lean = frozenset(shared), lean
        self.chapter = chapter or course.current_chapter() or ""
        self.value = Asked()
        self.view = q.board                # what the board shows: an Undaunted map cut to q.window
        if q.window and q.taps in ("tile", "unit"):
            from tutor.render.undaunted import board_window
            self.view = board_window(q.board, q.window)
        self.show_button = small_button("Show me", "eye", "show the answer on the board")
        self.show_button.on_click(lambda _: self.show())
        self.outcome = W.HTML()
        self.prompt = W.HTML(f'<div class="tutor-question-prompt">{q.prompt_html}</div>')
        sc = self._scene()
        super().__init__(sc, controls=[self.show_button], dpr=dpr,
                         max_width=sc.width * 3 // 2 if q.taps in ("tile", "unit") else
                         sc.width * 3 // 2 if q.taps == "card" else None)
        for b in (self.undo_button, self.reset_button):       # an answer is not taken back
            b.layout = W.Layout(display="none")
        if lean:            # the prompt beside "Show me", on one line where there is room
            bar = self.children[1]
            self.prompt.layout = W.Layout(flex="1 1 320px")
            bar.children = (self.prompt, *bar.children)
            self.children = (*self.children, self.outcome)
        else:
            self.children = (self.prompt, *self.children, self.outcome)
        self.add_class("tutor-tap-question")
        self.refresh()

    def _legend_update(self, scene) -> None:
        """The legend strip: the scene's entries the page's shared legend does not explain."""
        from tutor.render.scene import legend_entries
        from tutor.render.svg import legend_html
        key = tuple(e for e in legend_entries(scene) if e not in self.shared)
        if key != self._legend_key:
            self._legend_key = key
            self.legend.value = legend_html(key)

    def share_legend(self, entries: frozenset) -> None:
        """Leave ``entries`` (said once for the page: :func:`shared_legend`) out of this legend."""
        self.shared = frozenset(entries)
        self._legend_key = None
        self._legend_update(self.board.scene)

    # -- the board
    @property
    def undaunted(self) -> bool:
        return self.q.taps in ("tile", "unit")

    def _scene(self):
        s = self.value
        right = [p for p, ok in s.taps if ok]
        wrong = [p for p, ok in s.taps if not ok]
        if s.tries.shown:
            right = sorted(set(right) | set(self.q.places_fn()[0]), key=str)
        if self.q.taps == "card":
            return self._card_scene(right, wrong)
        if self.undaunted:
            from tutor.render.undaunted import board_scene
            game = self.q.board
            tile = {p: (game.token(*p.split(":")).tile if ":" in str(p) else p) for p in right + wrong}
            shades = {k: [tile[p] for p in v] for k, v in (("legal", right), ("closed", wrong)) if v}
            units = [p for p in right if ":" in str(p)]
            return board_scene(self.view, shades=shades, selected=units[0] if units else None,
                               target=next((p for p in wrong if ":" in str(p)), None))
        from tutor.render.scene import highlights, scene
        marks = {k: v for k, v in (("legal", right), ("closed", wrong)) if v}
        return scene(self.q.board, highlights(**marks, notes=objective_notes(self.q.board)),
                     window=self.q.window or None, legend=False, title="")

    def _card_scene(self, right, wrong):
        """The question's cards as rows (``tutor.render.undaunted``), the tapped ones outlined:
        green where the engine accepts, red dashed where it says no."""
        from tutor.render.scene import card_scene
        from tutor.render.undaunted import CARD_W, render_card
        role = {**dict.fromkeys(wrong, "wrong"), **dict.fromkeys(right, "right")}
        rows = [(name, tuple(render_card(c, role.get((name, i))) for i, c in enumerate(ids)), None)
                for name, ids in self.q.board.rows]
        longest = max(len(ids) for _, ids in self.q.board.rows)
        return card_scene(rows, title=self.q.board.title, width=min(680, max(460, 150 + longest * (CARD_W + 6))),
                          card_w=CARD_W, card_h=80)

    def _on_board_click(self, h, x, y) -> None:
        if self.q.taps == "card":
            p = self.board.card_at(x, y)
            self.tap((p.row, p.index) if p is not None and p.index is not None else None)
            return
        if not self.undaunted:
            super()._on_board_click(h, x, y)
            return
        from tutor.render.undaunted import tile_at, token_at
        unit = token_at(self.board.scene, x, y)
        tile = tile_at(self.board.scene, self.view, x, y)
        self.tap(unit if self.q.taps == "unit" else tile)

    def on_hex(self, h) -> None:
        self.tap(h)

    # -- the steps
    def tap(self, place) -> None:
        """A tap on ``place`` (a tile id, a "side:unit" key, a hex; None: beside what the question
        asks for). The engine rules; nothing changes once the question is over."""
        s = self.value
        if s.tries.over:
            self.say("This question is answered: the next one is below.")
            return
        if place is None or (self.q.taps == "hex" and self.q.window and place not in self.q.window):
            self.say(MISSED[self.q.taps], bad=True)        # beside the part of the board drawn: no try spent
            return
        ok, _ = self.q.judge(place)
        self.advance(Asked(s.tries.press(ok), (*s.taps, (place, ok))))

    def show(self) -> None:
        """"Show me": the answer on the board; the question no longer counts as solved."""
        if not self.value.tries.over:
            self.advance(Asked(self.value.tries.show(), self.value.taps))

    @property
    def stage(self) -> str:
        return self.value.tries.stage

    def refresh(self) -> None:
        s = self.value
        self.board.update(self._scene())
        self.show_button.disabled = s.tries.over
        places, why = self.q.places_fn()
        answer = self.q.answer_words(places)
        last = esc(self.q.name(s.taps[-1][0])) if s.taps else ""
        stage = s.tries.stage
        if stage == "asking":
            if self.lean:
                self.status.value = ""
            else:
                self.say(ASK[self.q.taps])          # the prompt says what to tap; the engine rules on it
            self.explain("")
        elif stage == "hint":
            self.say(f"{HINT_HEAD}The rules say no to {last}.", bad=True)
            self.explain(f"{RULE_TO_USE}{STYLE}{self.q.hint_html()}")
        elif stage == "solved":
            self.say(f"{answer_head(True, '')}{last} — the rules agree.")
            self.explain(why)
        elif s.tries.wrong >= TRIES:
            self.say(f"{answer_head(False, answer)}{self.marked}", bad=True)
            self.explain(why)
        else:
            self.say(SHOWN_HEAD.format(esc(answer)) + self.marked)
            self.explain(why)
        self.outcome.value = outcome_html(self.chapter, self.q.key, s.tries)

    @property
    def marked(self) -> str:
        return MARKED.get(self.q.taps, "It is shaded green on the board.")

    # -- for tests and scripts
    def tap_place(self, place) -> None:
        """Tap ``place`` by its pixels, as a learner would: a tile's lower band, a unit's token, a
        hex's center, a card's middle (``(row name, index)``)."""
        if self.q.taps == "card":
            row = next(r for r in self.board.scene.card_rows if r.id == place[0])
            bx, by, bw, bh = row.boxes()[place[1]]
            self.click(bx + min(bw, row.step or bw) / 2, by + bh / 2)
        elif self.q.taps == "hex":
            self.click_hex(place)
        elif self.q.taps == "unit":
            ch = next(c for c in self.board.scene.chips if c.key == place)
            self.click(ch.x + ch.w / 2, ch.y + ch.h / 2)
        else:
            from tutor.render.undaunted import tile_box
            from tutor.undaunted.state import GameState
            view = self.view
            assert isinstance(view, GameState)      # (a tile question: an Undaunted map)
            x, y, w, h = tile_box(view.board.tile(place).pos, 0)
            self.click(x + w // 2 - 20, y + h - 6)


def shared_legend(widgets) -> tuple[frozenset, str]:
    """The legend of several tap questions' boards, said once: (its entries, as
    ``scene.legend_entries`` gives them, each once, in the order of the board that shows the most;
    the HTML strip, "" when there is nothing to explain); each widget then leaves them out of its
    own legend."""
    from tutor.render.scene import legend_entries
    from tutor.render.svg import legend_html
    each = sorted((legend_entries(w.board.scene) for w in widgets), key=len, reverse=True)
    entries = tuple(dict.fromkeys(e for key in each for e in key))   # in the fullest board's order
    for w in widgets:
        w.share_legend(frozenset(entries))
    return frozenset(entries), legend_html(entries)
