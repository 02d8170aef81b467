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
from tutor.explain import events_html, rules_html, show
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import variants as V
from tutor.memoir.timeline import events_between, finish_turn  # noqa: F401 (the page's turn helpers)
from tutor.quiz import Question, ask
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

def distribution_html() -> str:
    """The distribution table (``variants.ALLIANCE_DISTRIBUTION``) and the tutor's reading for
    hands outside it (``variants.alliance_split``)."""
    rows = "".join(f"<tr><td>{n}</td><td>{per} cards for each player + {common} common card face up</td></tr>"
                   for n in sorted(V.ALLIANCE_DISTRIBUTION) for per, common in [V.alliance_split(n)])
    extra = ", ".join(f"{n} → {V.alliance_split(n)[0]} each + 1" for n in (2, 3, 7))
    return (f'<table class="tutor-obs"><tr><th>the side\'s command cards in the scenario</th>'
            f'<th>team of 2: distribution</th></tr>{rows}</table>'
            f"<p><small>Hands outside the printed table follow its pattern in the tutor (the size "
            f"minus 2 each, at least 1, plus the common card): {escape(extra)} — a reading of this "
            f"project, not the rulebook's.</small></p>")

def distribution_table():
    return show(distribution_html() + rules_html([V.ALLIANCE_TABLE, V.ALLIANCE_COMMON]))


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


def table_svg(g: G.Game, **kw) -> str:
    from tutor.render.svg import svg
    return svg(table_scene(g, **kw))


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

def _common_question() -> Question:
    choices = ("Into the active player's hand", "Face up, as the new common card", "Into the partner's hand")

    def rule_fn():
        g = deal(2, 2, 5)
        common = g.common["allied"][0]
        after = play(g, common)
        new = after.common["allied"][0]
        answer = choices[1] if new != common else choices[0]
        return answer, (f"<p>The active player, {G.player_text(g.player)}, played the common card "
                        f"{escape(C.name(common))}; the card drawn, "
                        f"{escape(C.name(new))}, now lies face up between the partners.</p>"
                        + rules_html([V.ALLIANCE_ACTIVE]))
    return ask("13.common.draw", "<p>In a team, the active player plays the team's <b>common</b> card. Where "
               "does the card drawn at the end of the turn go?</p>", choices, rule_fn)

def _finest_question() -> Question:
    choices = ("2", "3", "4", "5")

    def rule_fn():
        g = deal(2, 2, 5)
        g = G.set_hand(g, "allied.1", ["their_finest_hour", "probe_center", "attack_left"])
        card = next(c for c in g.hand("allied.1") if c.startswith("their_finest_hour"))
        after = G.apply(g, f"play {card}")
        ev = next(e for e in after.new_events if e.kind == "finest_hour")
        n = len(ev.get("faces"))
        return str(n), (f"<p>3 cards in the hand (Their Finest Hour included) plus the common card: the "
                        f"engine rolls {n} dice.</p>" + events_html([ev]))
    return ask("13.finest", "<p>The Allies starting player holds <b>3</b> cards — one of them <b>Their Finest Hour</b> — "
               "and the team has its common card face up. The Allies starting player plays Their Finest Hour. "
               "How many dice are rolled?"
               "</p>", choices, rule_fn)

def _yg_cards_question() -> Question:
    choices = ("2", "4", "6", "the scenario's number")

    def rule_fn():
        g = young_generals(1)
        n = len(g.hands["axis"])
        return str(n), (f"<p>The engine deals the Axis {n} cards in Young Generals, whatever the scenario says "
                        f"(Pegasus Bridge gives the Axis 2), from a deck of {len(G.all_cards(g))} section "
                        f"cards.</p>" + rules_html([V.YG_NO_TACTICS]))
    return ask("13.yg.cards", "<p>Pegasus Bridge gives the Axis only <b>2</b> command cards. In the "
               "<b>Young Generals</b> variant, how many cards does the Axis player get?</p>", choices, rule_fn)

def _yg_who_question() -> Question:
    choices = ("The center player (commander-in-chief)", "The flanks player", "The team decides each time")

    def rule_fn():
        g = young_generals(2)
        who = performer(g, "axis", "attack_left#1")
        answer = choices[1] if who.endswith("flanks") else choices[0]
        return answer, (f"<p>The engine hands Attack Left Flank to {escape(G.seat_text(who))}: the member the "
                        f"card affects most carries it out.</p>" + rules_html([V.YG_TEAMS, V.YG_WHO_ACTS]))
    return ask("13.yg.who", "<p>Young Generals, a team of <b>2</b>: one child and one adult. The team plays "
               "<b>Attack Left Flank</b>. Who moves the units and rolls the dice?</p>", choices, rule_fn)

def questions() -> list[Question]:
    return [
        _split_question(),
        _order_question("13.order.3p", 2, 1, 3, "<p>Three players: the Allies are a team of 2, the Axis plays "
                        "alone, and the Allies play first. Who plays the <b>third</b> turn of the game?</p>"),
        _order_question("13.order.4p", 2, 2, 4, "<p>Four players, two teams of 2; the Allies play first. Who "
                        "plays the <b>fourth</b> turn?</p>"),
        _common_question(),
        _finest_question(),
        _yg_cards_question(),
        _yg_who_question(),
    ]
