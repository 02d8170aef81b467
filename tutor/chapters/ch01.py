"""Chapter 1: the battlefield and line of sight. The worked examples as galleries (each small
board with its line-of-sight ruling beside it) and the exercises. Every ruling is the engine's."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.board_taps import hidden_question
from tutor.explain import FIGURE_PAD, Explained, gallery_html, los_html, rule_html, show  # noqa: F401 (FIGURE_PAD: tests read it here)
from tutor.hexes import SECTION_NAMES
from tutor.memoir import rules
from tutor.memoir.cards import SECTION_WORD
from tutor.memoir.los import line_of_sight
from tutor.quiz import BoardQuestion, Question
from tutor.scenario import bundled

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="01-battlefield-and-line-of-sight.ipynb",
    title="The battlefield and line of sight",
    game=MEMOIR,
    teaches="Read the hex board and its three sections, and tell whether a unit can see a target.",
    seed=M44,
    heading="CAMPO DE BATALLA; LÍNEA DE VISIÓN",
    concepts=("hexes", "sections", "line-of-sight", "grazing", "height", "lake-sight"),
    handout=Handout(
        boards=("los/woods.yaml", "los/edge-both-sides.yaml", "los/hills.yaml"),
        rules=("m44.battlefield", "m44.los", "m44.los.edges", "m44.height.los"),
    ),
    preheat=True,
)


def sections_text(board, h) -> str:
    """The sections a hex belongs to for the bottom player, in the command cards' words, left to
    right: "Left Flank, Center"."""
    secs = board.sections(h)
    return ", ".join(SECTION_WORD[n] for n in SECTION_NAMES if n in secs)


def _board_svg(field, **kw) -> str:
    """A board at a reading size (with a question, its choices stay in view)."""
    from tutor.render.svg import state_svg
    return f'<div style="max-width:40em">{state_svg(field, **kw)}</div>'


def board(field, **shaded) -> Explained:
    """A whole board on the page, shaded as ``state_svg`` shades it (``visible=…, origin=[…]``)."""
    return show(_board_svg(field, **shaded))


def edges_conflict() -> Explained:
    """Where the rulebooks differ on lines along hex edges: the original text the page has not quoted
    yet (the Spanish rule's toggle stands above the examples; the page says what differs), one click
    away, and the tutor's ruling."""
    from tutor.conflicts import all_conflicts
    from tutor.originals import original_html
    edges = next(c for c in all_conflicts() if c.key == "m44.los.edges")
    return show(original_html(*(t for t in edges.texts if t != rules.LOS_EDGES))
                + f"<p><b>The tutor's ruling.</b> {escape(edges.ruling)}</p>")


# ---------------------------------------------------------------------------------------------
# The worked examples: small boards in a grid, each with its ruling


@dataclass(frozen=True)
class Example:
    title: str
    text: str          # what to notice (HTML)
    board: str         # bundled scenario
    origin: tuple[int, int]
    target: tuple[int, int]

    def field(self):
        return bundled(f"los/{self.board}")


EXAMPLES = {
    "lines": (
        Example("A unit in the way", "The middle unit blocks the line — even though it is a friendly unit.", "unit-blocks", (6, 6), (10, 6)),
        Example("Along an edge, one side", "The line runs along hex edges with an obstruction on one side "
                "only: it is not blocked.", "edge-one-side", (12, 6), (12, 4)),
    ),
    "heights": (
        Example("Town below two hills", "The rulebook's example 1: both armor units stand on hills (height "
                "1); the town between them, at height 0, is lower than both: they see each other.", "height-example-1", (6, 4), (10, 4)),
        Example("Woods as high as one unit", "The rulebook's example 3: the Allied armor is at height 1, the "
                "Axis armor at height 0. The woods between them, at height 0, are as high as one of the two "
                "units, so they block.",
                "height-example-3", (6, 4), (10, 4)),
        Example("From the valley", "The artillery in the valley does not see past the hill.",
                "hills", (4, 4), (10, 4)),
        Example("Two lakes", "Two adjacent lake hexes block, though this line crosses only one of them "
                "(the Czech edition can be read otherwise: see the conflicts page).",
                "lakes", (6, 6), (10, 6)),
    ),
}


def gallery(name: str) -> Explained:
    """One set of worked examples (``EXAMPLES``) as a grid of small boards, each with the line
    drawn and its ruling beside it (verdict, reason, every obstruction), and one legend for all.
    Each board is the window of the board its line is about (``scene.los_window``)."""
    from tutor.render.scene import legend_entries, los_highlights, los_window
    from tutor.render.scene import scene as make_scene
    from tutor.render.svg import legend_html
    cards, legend = [], []
    for ex in EXAMPLES[name]:
        ruling = line_of_sight(ex.field(), ex.origin, ex.target)
        small = make_scene(ruling.field, los_highlights(ruling), title=ex.title, legend=False,
                           window=los_window(ruling))
        legend += [e for e in legend_entries(small) if e not in legend]
        cards.append((small, f"<p><b>{escape(ex.title)}.</b> {ex.text}</p>"
                      f"{los_html(ruling, board=False, rules=False, table=False, reason=False)}"))
    return show(gallery_html(cards) + legend_html(legend))


def _los_question(key: str, field, a, b, prompt: str) -> Question:
    """Can the unit on ``a`` see ``b``? The picture is the part of the board the line is about."""
    from tutor.render.scene import highlights, los_window
    from tutor.render.svg import state_svg

    def rule_fn():
        r = line_of_sight(field, a, b)
        return ("Yes, it can see" if r.visible else "No, blocked"), los_html(r)
    pic = state_svg(field, highlights(origin=[a], target=[b]), title="",
                    window=los_window(line_of_sight(field, a, b)))
    return Question(key, f"<p>{prompt}</p>{pic}", ("Yes, it can see", "No, blocked"), rule_fn)


BOTH = frozenset({"left", "center"})


def _section_question() -> BoardQuestion:
    """Tap a hex in both the left flank and the center (for the bottom player): the board's own
    sections rule on the tap. The board is cut to the columns about the left dashed line, rows 0 to 5."""
    from tutor.hexes import fmt
    field = bundled("los/empty-standard")
    b = field.board
    window = tuple(h for h in b.hexes if 3 <= h[0] <= 11 and h[1] <= 5)

    def places():
        both = frozenset(h for h in window if BOTH <= b.sections(h))
        cut = sorted(both, key=lambda h: (h[1], h[0]))
        return both, (f"<p>The left dashed line cuts {escape(', '.join(fmt(h) for h in cut))}: each belongs to "
                      f"{sections_text(b, cut[0]).replace(', ', ' and ')}.</p>"
                      + rule_html(rules.BATTLEFIELD))
    return BoardQuestion("01.sections", "<p><b>Tap a hex that belongs to both the left flank and the center</b> "
                         "(for the player at the bottom edge).</p>", field, places, hint=(rules.BATTLEFIELD,),
                         taps="hex", window=window, name=fmt)


def questions() -> list:
    return [
        _section_question(),
        hidden_question("01.los.edges", bundled("los/edge-both-sides"), (12, 6), (12, 4),
                         "<b>Tap a hex the Allied infantry on 12,6 cannot see.</b> Look closely: some lines run "
                         "along hex edges."),
        _los_question("01.los.heights", bundled("los/hills"), (6, 4), (10, 4),
                      "Both infantry units stand on hills, with a third hill between them. Can the Allied "
                      "infantry on <b>6,4</b> see the Axis infantry on <b>10,4</b>?"),
        hidden_question("01.los.unit", bundled("los/woods"), (7, 7), (11, 3),
                         "<b>Tap a hex the Allied infantry on 7,7 cannot see.</b>"),
    ]
