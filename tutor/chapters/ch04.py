"""Chapter 4: movement. Every answer is the engine's ruling (``tutor.memoir.movement``).

The helpers the Memoir chapters share (a board state from a scenario name, :func:`state`; a board
as SVG, :func:`board_svg`; the live board, :func:`drill`) are ``tutor.examples.memoir``'s. The display
helpers (``verdict``, ``events_html``, ``moves_html``, ``show``) are ``tutor.explain``'s, the
engine-checked question (``ask``) is ``tutor.quiz``'s.

The "try" of this chapter is :func:`drill`, the live move-and-battle board
(``tutor.widgets.FieldDrill``): tap a unit, see every hex it may reach shaded and the hexes it may
not enter marked, tap one to move there or to hear the reason it is refused.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.board_taps import reach_window, tap_reach_question
from tutor.examples.memoir import (  # drill: the notebook's, chapters 7-11 show it too
    MOVEMENT_BOARD,
    battle_after_question,
    drill,  # noqa: F401
    state,
)
from tutor.explain import Explained, moves_html, plural, show
from tutor.memoir.movement import legal_moves, move
from tutor.memoir.state import order

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="04-movement.ipynb",
    title="Movement",
    game=MEMOIR,
    teaches="Move infantry, armor and artillery as far as the rules allow, and no further.",
    seed=M44,
    heading="MOVIMIENTO; REGLAS GENERALES DE MOVIMIENTO",
    concepts=("movement", "no-passing", "terrain-stops", "impassable", "beaches"),
    handout=Handout(
        boards=("examples/woods-turns.yaml", "examples/beach-moves.yaml"),
        rules=("m44.move.infantry", "m44.move.armor", "m44.move.artillery", "m44.move.no_passing"),
    ),
    preheat=True,
)


# ---------------------------------------------------------------------------------------------
# Legal moves (drawn and explained by tutor.explain.moves_html)


def show_moves(field, at, *, crop: bool = False, **kw) -> Explained:
    """A unit's legal moves (``tutor.explain.moves_html``) on a board named as :func:`state` takes it;
    ``crop``: the board cut to the unit's reach and one hex more (:func:`reach_window`)."""
    st = state(field)
    if crop:
        kw["window"] = reach_window(st, at)
    return show(moves_html(st, at, **kw))


# ---------------------------------------------------------------------------------------------
# Exercises


def questions() -> list:
    return [
        tap_reach_question("04.no-passing", MOVEMENT_BOARD, "9,7",
                           "The Allied armor on <b>9,7</b> moves up to 3 hexes; its own infantry stands on 8,6 and "
                           "10,6. <b>Tap a hex it may move to.</b>"),
        battle_after_question("04.woods-stop", MOVEMENT_BOARD, "8,6", "7,5",
                              "The Allied infantry on <b>8,6</b> moves one hex, into the woods on <b>7,5</b>. "
                              "What about battling this turn?"),
        tap_reach_question("04.infantry-battle", MOVEMENT_BOARD, "10,6",
                           "The Allied infantry on <b>10,6</b> is ordered. <b>Tap a hex it may move to and still "
                           "battle this turn.</b>", battle=True),
    ]


def hedgerow_story() -> Explained:
    """The SETOS example, turn by turn, each step the engine's (no board: the text says it all; the
    rules' original wording stands above it on the page)."""
    from tutor.memoir.state import end_turn
    st = state("examples/hedgerow-turns")
    parts = []
    h = (6, 8)

    def turn(n, frm, to, note):
        nonlocal st
        m = legal_moves(st, frm)
        line = f"<li><b>{n}</b> ({note}): {escape(m.explain(to))}."
        if to in m.reachable:
            st, _ = order(st, "allied", [frm])
            st, ev = move(st, frm, to)
            line += "".join(" " + escape(e.text) for e in ev[1:]      # each reason once
                            if e.text.split(": ", 1)[-1] not in line)
            st, _ = end_turn(st)
            st, _ = end_turn(st)
        parts.append(line + "</li>")
        return m

    turn("Turn 1", h, (6, 6), "try to go straight in")
    turn("Turn 1, instead", h, (5, 7), "move next to the hedgerows")
    turn("Turn 2", (5, 7), (6, 6), "now it may enter")
    turn("Turn 3", (6, 6), (5, 5), "leave: one hex only")
    far = [r for r in legal_moves(st, (5, 5)).reachable]
    parts.append(f"<li><b>Turn 4</b>: out of the hedgerows it moves normally again "
                 f"({plural(len(far), 'hex')} within reach).</li>")
    return show("<ol>" + "".join(parts) + "</ol>")


