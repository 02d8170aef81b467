"""Chapter 14: Operation Overlord (memoir44-overlord-rules-pl.txt; memoir44-rules-es.txt,
APÉNDICE 5). Every answer is the engine's: ``tutor.memoir.variants`` (the commands and their six
sections, the initiative table) and ``tutor.memoir.game`` (the chief's ``give`` actions and their
limits, ``dispatch``, each general laying his cards on his sections, the initiative choice and
roll, the chief's draw).

The "try" is :class:`ChiefDesk`: the Overlord board with its six base-board sections paired into
three commands, and the commander-in-chief's hand as a row of cards. Tap a card, then a general
(his row of cards, a hex of his command on the board, or a button): the engine accepts the gift
or refuses it with the rule (a section card to its own general; a tactic card as its icon says —
the published Overlord deck's icons, ``variants.OVERLORD_ICONS``, conflicts entry
m44.overlord.card_icons: Air Power, Barrage and Their Finest Hour to the chief, the "?" cards to a
field general, Counter-Attack to either; Ambush never on one's own turn). *Dispatch* hands the
cards out: a tactic card the
chief keeps is resolved first; then each general lays a section card on one of his two sections
(two cards: one on each), and a general with no card decides whether to act on his own
initiative — if he rolls, one die (seeded); on a flag or a grenade he picks the unit it strikes.
The buttons under the board are those generals' choices, as the engine lists them.

The teaching scenario is ``scenarios/overlord/teaching.yaml``.
"""

from __future__ import annotations

from html import escape

from tutor.course import MEMOIR, OVERLORD, Chapter, Handout
from tutor.explain import events_html, rules_html, show
from tutor.hexes import fmt, row_major
from tutor.memoir import game as G
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.action import legal as legal_moves
from tutor.memoir.timeline import events_between, finish_turn
from tutor.quiz import Question, ask
from tutor.widgets.chief_desk import (  # noqa: F401 (the page's, moved here)
    CHOICES,
    GENERAL_NAME,
    GENERALS,
    SCENARIO,
    SHADE,
    ChiefDesk,
    choice_label,
    command_hexes,
    commands_highlights,
    desk_scene,
    dispatch_note,
    generals_of,
    give_ruling,
    given_rows,
    new_game,
    refusal_html,
    regions,
)

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="14-operation-overlord.ipynb",
    title="Operation Overlord",
    game=MEMOIR,
    teaches="Run a large battle with a commander-in-chief, field generals and the chain of command.",
    seed=OVERLORD,
    heading="ZASADY; TURA GRY; Łańcuch dowodzenia",
    concepts=("overlord",),
    handout=Handout(
        rules=("m44.overlord.board", "m44.overlord.chief", "m44.overlord.section_cards",
               "m44.overlord.tactic_alone", "m44.overlord.keep_one", "m44.overlord.draw",
               "m44.overlord.chain"),
        pictures="overlord",
        tables="overlord",
    ),
    preheat=True,
)

COLOUR = {"left": "blue", "center": "yellow", "right": "green"}


def with_hand(cards, seed: int = 14) -> G.Game:
    """The teaching battle with the Allied chief holding exactly ``cards`` (keys or instances)."""
    g = new_game(seed)
    return G.set_hand(g, "allied.chief", list(cards))


def inst(g: G.Game, key: str) -> str:
    """The instance of ``key`` in the chief's hand."""
    return next(c for c in g.hand() if c.split("#")[0] == key)


# ---------------------------------------------------------------------------------------------
# The board: six sections, three commands


def commands_table(g: G.Game) -> str:
    rows = []
    for fg, r in regions(g.side, g.state.top).items():
        mine = sorted((h for h, u in g.state.units.items() if u.side == g.side and T.in_region(h, r)),
                      key=row_major)
        units = ", ".join(f"{g.state.units[h].kind} {fmt(h)}" for h in mine)
        rows.append(f"<tr><td><b>{GENERAL_NAME[fg]}</b> ({COLOUR[fg]})</td><td>columns {r[0][0] + 1}–{r[1][1] - 1}"
                    f"</td><td>{escape(units)}</td></tr>")
    return (f"<table class='tutor-obs'><tr><th>Allied field general</th><th>his two sections</th>"
            f"<th>his units</th></tr>{''.join(rows)}</table>")


def commands_board() -> object:
    """The Overlord board, its three commands shaded, the base boards' section lines dotted."""
    from tutor.render.svg import scroll_box, state_svg
    g = new_game()
    title = "The Overlord board: 26 × 9, three commands"
    pic = scroll_box(state_svg(g.state, commands_highlights(g.state.board), legend=False, legible=True,
                               title=title), title)
    return show(f"<div>{pic}<p><small>Red dashed: the lines between the three commands. Blue dotted: the "
                f"lines of the two base boards' own sections — each command is two of them.</small></p>"
                f"{commands_table(g)}</div>" + rules_html([V.OVERLORD_SECTION_CARDS]))


# ---------------------------------------------------------------------------------------------
# The "try": the chief hands out cards


# ---------------------------------------------------------------------------------------------
# Check yourself

YES, NO = "Yes", "No"


def _may(key: str, cards, gifts, card: str, fg: str, prompt: str) -> Question:
    """May the chief, holding ``cards`` and having given ``gifts``, give ``card`` to ``fg``?"""
    def rule_fn():
        g = with_hand(cards)
        for c, to in gifts:
            g = G.apply(g, f"give {inst(g, c)} {to}")
        new, why = give_ruling(g, inst(g, card), fg)
        if new is not None:
            return YES, (f"<p>The engine accepts: {escape(new.new_events[-1].text)}</p>"
                         + rules_html([V.OVERLORD_CHIEF, V.OVERLORD_SECTION_CARDS]))
        return NO, why
    return ask(key, prompt, (YES, NO), rule_fn)


def _max_question() -> Question:
    choices = ("1", "2", "3")

    def rule_fn():
        g = with_hand(["probe_left", "probe_center", "probe_right"])
        n = 0
        while True:
            gives = [a.text for a in legal_moves(g, "give")]
            if not gives:
                break
            g = G.apply(g, gives[0])
            n += 1
        return str(n), (f"<p>The engine lets the chief hand out {n}: after that he may give no more — "
                        f"he must keep at least one card.</p>" + rules_html([V.OVERLORD_KEEP_ONE, V.OVERLORD_CHIEF]))
    return ask("14.max", "<p>The chief holds exactly <b>3</b> cards: Probe Left Flank, Probe Center and Probe "
               "Right Flank. How many of them may he hand out this turn?</p>", choices, rule_fn)


def _initiative_question() -> Question:
    choices = ("He orders 1 infantry unit", "Nothing happens", "He orders 1 unit of any kind")

    def rule_fn():
        g = with_hand(["probe_left", "probe_center", "attack_center", "recon_right", "attack_left"])
        g = G.apply(g, f"give {inst(g, 'probe_left')} left")
        g = G.apply(g, f"give {inst(g, 'probe_center')} center")
        after = G.apply(g, "dispatch")
        while after.phase == "place":                  # the left and center generals lay their cards
            after = G.apply(after, G.legal_actions(after)[0])
        after = G.apply(after, "roll", faces=["infantry"])        # the right general chooses to roll
        evs = [e for e in after.new_events if e.kind.startswith("initiative")]
        answer = choices[1] if any(e.kind == "initiative_none" for e in evs) else choices[0]
        return answer, ("<p>The right general commands only armor and artillery: the infantry symbol matches "
                        "none of his units.</p>" + events_html(evs))
    return ask("14.initiative", "<p>The chief gives cards to the left and center generals only. The Allied "
               "<b>right</b> general — armor and artillery, no infantry — decides to act on his own initiative "
               "and rolls an <b>infantry</b> symbol. What happens?</p>", choices, rule_fn,
               hint="<p>On his own initiative a general orders only the units whose symbol the die shows. "
                    "Which of the right general's units show the symbol he rolled?</p>")


def _draw_question() -> Question:
    choices = ("1", "2", "3")

    def rule_fn():
        # no Recon among the cards handed out: the Overlord deck's Recon makes the chief draw 3
        # (conflicts entry m44.overlord.recon), which would blur the question
        g = with_hand(["probe_left", "probe_center", "attack_center", "probe_right", "attack_left"])
        for c, to in (("probe_left", "left"), ("attack_center", "center"), ("probe_right", "right")):
            g = G.apply(g, f"give {inst(g, c)} {to}")
        after = finish_turn(G.apply(g, "dispatch"), "allied")
        ev = next(e for e in events_between(g, after) if e.kind == "draw")
        n = len(after.hands["allied.chief"]) - 2
        return str(n), (f"<p>The chief handed out 3 cards and kept 2; at the end of the turn: "
                        f"{escape(ev.text)}</p>" + rules_html([V.OVERLORD_DRAW, V.OVERLORD_HAND_LIMIT]))
    return ask("14.draw", "<p>The chief (hand of 5) hands out 3 cards. When the generals are done, how many "
               "cards does he draw?</p>", choices, rule_fn)


def questions() -> list[Question]:
    five = ["probe_center", "attack_center", "probe_left", "direct_from_hq", "recon_right"]
    return [
        _may("14.two.center", five, [("probe_center", "center")], "attack_center", "center",
             "<p>The chief has given <b>Probe Center</b> to the center general. May he give him <b>Attack "
             "Center</b> too — two section cards to the center general?</p>"),
        _may("14.wrong.section", five, [], "probe_left", "right",
             "<p>May the chief give <b>Probe Left Flank</b> to the <b>right</b> general, whose front is "
             "quiet?</p>"),
        _may("14.tactic.alone", five, [("direct_from_hq", "center")], "probe_center", "center",
             "<p>The center general has received <b>Direct from HQ</b>, a tactic card. May the chief also give "
             "him <b>Probe Center</b>?</p>"),
        _max_question(),
        _initiative_question(),
        _draw_question(),
    ]
