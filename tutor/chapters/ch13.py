"""Chapter 13: team play — Operation Alliance and Young Generals (memoir44-rules-es.txt,
APÉNDICE 5). Every answer is the engine's: ``tutor.memoir.variants`` (tables, seats, who carries
out a card) and ``tutor.memoir.game`` (dealing, whose turn it is, where a drawn card goes, how
many dice a hand-sized card rolls).

The "try" has two parts:

* :class:`AllianceTable` — deal an Operation Alliance game for a chosen team size and scenario
  hand; every player's hand and each team's common card are rows of cards; tap a card of the
  active player (or the common card) to play it, and the engine draws the replacement into the
  hand or face up, and hands the turn to the next player (the starting players, then the
  second players; players are named as the engine names them, ``game.seat_text``).
* :class:`YoungGenerals` — the Young Generals deal (section cards only, 6 each) with its options
  and, in the team mode, which team member carries out each card.

Moves and battles are skipped here (the turn ends with the card's orders unused): this chapter
is about the cards and the players, the board rules are the earlier chapters'.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.explain import rules_html, show
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import variants as V
from tutor.memoir.timeline import events_between, finish_turn  # noqa: F401 (the page's turn helpers)
from tutor.quiz import BoardQuestion, Question, ask
from tutor.widgets.alliance_table import (  # noqa: F401 (the page's, moved here)
    AllianceTable,
    YoungGenerals,
    alliance_field,
    card_rows,
    deal,
    performer,
    play,
    row_name,
    table_cards,
    table_scene,
    young_generals,
    young_generals_html,
)

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="13-team-play.ipynb",
    title="Team play: Operation Alliance and Young Generals",
    game=MEMOIR,
    teaches="Play in teams: who commands which section and how cards pass between partners.",
    seed=M44,
    heading="APÉNDICE 5",
    concepts=("team-play", "young-generals"),
    handout=Handout(
        rules=("m44.alliance.teams", "m44.alliance.table", "m44.alliance.order", "m44.alliance.active",
               "m44.young.no_tactics", "m44.young.teams"),
        pictures="alliance",
        tables="alliance",
    ),
    preheat=True,
)

# ---------------------------------------------------------------------------------------------
# Operation Alliance: the table, the deal, the turn

def distribution_html(*, note: bool = True) -> str:
    """The distribution table (``variants.ALLIANCE_DISTRIBUTION``) and (``note``) the tutor's
    reading for hands outside it (``variants.alliance_split``)."""
    rows = "".join(f"<tr><td>{n}</td><td>{per} cards for each player + {common} common card face up</td></tr>"
                   for n in sorted(V.ALLIANCE_DISTRIBUTION) for per, common in [V.alliance_split(n)])
    extra = ", ".join(f"{n} → {V.alliance_split(n)[0]} each + 1" for n in (2, 3, 7))
    table = (f'<table class="tutor-obs"><tr><th>the side\'s command cards in the scenario</th>'
             f'<th>team of 2: distribution</th></tr>{rows}</table>')
    if not note:
        return table
    return (table + f"<p><small>Hands outside the printed table follow its pattern in the tutor (the size "
            f"minus 2 each, at least 1, plus the common card): {escape(extra)} — the tutor's reading, "
            f"not the rulebook's.</small></p>")

def distribution_table():
    """The table as the page shows it (its rules' original wording is the page's toggle under it;
    the reading for other hands is said once, beside the page's other rulings)."""
    return show(distribution_html(note=False))


def first_card(g: G.Game) -> str:
    return G.playable(g)[0][0]

def turn_order(g: G.Game, turns: int = 8) -> list[str]:
    """Who plays each of the next ``turns`` turns, as the engine hands them out."""
    out = []
    for _ in range(turns):
        if g.phase == "over":
            break
        out.append(g.player)
        g = play(g, first_card(g))
    return out

def turn_order_html(seats: list[str]) -> str:
    cells = "".join(f"<li><b>{i}.</b> {escape(G.seat_text(s))}</li>" for i, s in enumerate(seats, 1))
    return f"<ol style='display:flex;flex-wrap:wrap;gap:6px 18px;list-style:none;padding:0'>{cells}</ol>"


def table_svg(g: G.Game, *, side: str | None = None, **kw) -> str:
    """The table as card rows (``side``: only that side's hands and common card)."""
    from tutor.render.scene import card_scene
    from tutor.render.svg import svg
    if side is None:
        return svg(table_scene(g, **kw))
    return svg(card_scene([r for r in card_rows(g, **kw) if r[3]["key"].endswith(side)
                           or r[3]["key"].startswith(side + ".")], width=700))


# ---------------------------------------------------------------------------------------------
# Young Generals


# ---------------------------------------------------------------------------------------------
# Check yourself

def _split_question() -> Question:
    choices = ("2", "3", "4", "5")

    def rule_fn():
        g = deal(2, 2, 5)
        n = len(g.hands["allied.1"])
        assert n == len(g.hands["allied.2"]) == V.alliance_split(5)[0]
        return str(n), (f"<p>The engine deals each Allied player {n} cards and lays 1 common card face up "
                        f"between them ({C.name(g.common['allied'][0])} in this deal).</p>"
                        + distribution_html() + rules_html([V.ALLIANCE_TABLE, V.ALLIANCE_COMMON]))
    return ask("13.split.5", "<p>The scenario gives the Allies <b>5</b> command cards and they play as a "
               "team of 2. How many cards does <b>each</b> Allied player hold?</p>", choices, rule_fn)

def _order_question(key: str, allied: int, axis: int, nth: int, prompt: str) -> Question:
    g0 = deal(allied, axis, 5)
    seats = list(dict.fromkeys(s for side in ("allied", "axis") for s in g0.seats(side)))
    choices = tuple(G.seat_text(s) for s in seats)

    def rule_fn():
        order = turn_order(deal(allied, axis, 5), nth)
        return G.seat_text(order[nth - 1]), (f"<p>The engine hands out the turns: {turn_order_html(order)}</p>"
                                            + rules_html([V.ALLIANCE_ORDER, V.ALLIANCE_SOLO]))
    return ask(key, prompt, choices, rule_fn)

def _yg_tap(key: str, players: int, side: str, seat: int, prompt: str, rows: tuple[int, int]) -> BoardQuestion:
    """Young Generals, ``players`` a side: tap a unit of ``side`` in the sections of its team's
    member ``seat`` (0: the commander-in-chief): the member the engine gives a card ordering that
    unit's section (``variants.young_generals_member``); a unit on a section line belongs to both.
    The board is cut to the ``rows`` (first, last) the question is about."""
    from tutor.examples.board_taps import hex_question
    from tutor.hexes import fmt, row_major
    g = young_generals(players)
    member = g.variant.seats(side)[seat]
    board = g.state.board

    def places(st):
        def whose(h):
            return {V.young_generals_member(g.variant, side, {sec: 1}) for sec in board.sections(h)}
        mine = sorted((h for h, u in st.units.items() if u.side == side and member in whose(h)
                       and rows[0] <= h[1] <= rows[1]), key=row_major)
        items = "".join(f"<li><b>{fmt(h)}</b>: {', '.join(sorted(board.sections(h)))}</li>" for h in mine)
        return frozenset(mine), (f"<p>{escape(G.seat_text(member))} commands the units of these sections:</p>"
                                 f"<ul>{items}</ul>" + rules_html([V.YG_TEAMS]))
    window = [h for h in board.hexes if rows[0] <= h[1] <= rows[1]]
    return hex_question(key, g.state, prompt, places, hint=(V.YG_TEAMS,), window=window)


def questions() -> list[Question | BoardQuestion]:
    return [
        _split_question(),
        _order_question("13.order.4p", 2, 2, 4, "<p>Four players, two teams of 2; the Allies play first. Who "
                        "plays the <b>fourth</b> turn?</p>"),
        _yg_tap("13.yg.flanks", 2, "axis", 1,
                "<p>Young Generals: the Axis play as a team of <b>2</b>, an adult and a child. The dashed lines "
                "part the three sections. <b>Tap an Axis unit the flanks player commands.</b></p>", (0, 4)),
        _yg_tap("13.yg.chief", 3, "allied", 0,
                "<p>Young Generals: the Allies play as a team of <b>3</b>. <b>Tap an Allied unit their "
                "commander-in-chief commands.</b></p>", (6, 8)),
    ]
