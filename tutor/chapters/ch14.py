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
from tutor.examples.board_taps import hex_question
from tutor.explain import events_html, rules_html, show
from tutor.hexes import fmt, parse_hex, row_major
from tutor.memoir import game as G
from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.timeline import events_between, finish_turn
from tutor.quiz import BoardQuestion, Question, ask
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
                f"{commands_table(g)}</div>")


def initiative_table() -> object:
    """The initiative test as the engine reads it (``variants.INITIATIVE``): die face -> what the
    general without a card does."""
    rows = "".join(f"<tr><td>{escape(face)}</td><td>{escape(what)}</td></tr>" for face, what in V.INITIATIVE.items())
    return show("<p><b>The initiative test</b>, as the engine reads it:</p><table class='tutor-obs'><tr><th>die</th>"
                f"<th>the general without a card</th></tr>{rows}</table>")


# ---------------------------------------------------------------------------------------------
# The "try": the chief hands out cards


# ---------------------------------------------------------------------------------------------
# Check yourself

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


def _orders_tap(key: str, cards, steps, fg: str, prompt: str, hint) -> BoardQuestion:
    """Tap a unit the field general ``fg`` may order, once the chief holding ``cards`` has played
    ``steps`` (actions; ("roll", face) rolls the initiative die on that face; a general with no
    card and no step passes): the engine's order actions, on the board cut to ``fg``'s command."""
    def play():
        g = with_hand(cards)
        for step in steps:
            if isinstance(step, tuple):
                g = G.apply(g, step[0], faces=[step[1]])
                continue
            g = G.apply(g, step if " " not in step or step.split()[0] != "give" else
                        f"give {inst(g, step.split()[1])} {step.split()[2]}")
        while g.phase == "initiative":                          # the others decide not to roll
            g = G.apply(g, "pass")
        return g

    def places(board):
        g = play()
        mine = frozenset(parse_hex(a.split()[1]) for a in G.legal_actions(g) if a.startswith("order ")
                         and fg in generals_of(g, parse_hex(a.split()[1])))
        said = [e for e in events_between(with_hand(cards), g) if e.kind.startswith(("initiative", "place"))
                and fg in e.text]
        names = ", ".join(f"{g.state.units[h].kind} on {fmt(h)}" for h in sorted(mine, key=row_major))
        return mine, (f"<p>The engine lets the {escape(GENERAL_NAME[fg])} order: {escape(names)}.</p>"
                      + events_html(said, rules=False) + rules_html(hint))
    g0 = play()
    front = [h for h in command_hexes(g0.state.board, g0.side, g0.state.top)[fg] if h[1] >= 6]   # his units' rows
    return hex_question(key, g0.state, prompt, places, hint=tuple(hint), window=front)


def questions() -> list[Question | BoardQuestion]:
    five = ["probe_center", "attack_center", "probe_left", "direct_from_hq", "recon_right"]
    return [
        _orders_tap("14.probe.half", five, ["give probe_center center", "dispatch", "place probe_center#2 center-right"],
                    "center",
                    "<p>The center general received <b>Probe Center</b> and lays it on the <b>right-hand</b> "
                    "section of his command: columns 25 to 33, right of the base boards' own section line. "
                    "<b>Tap a unit he may order with it.</b></p>", [V.OVERLORD_PLACE, V.OVERLORD_PINCER]),
        _orders_tap("14.initiative.armor", five, ["give probe_center center", "dispatch",
                                                  "place probe_center#2 center-left", "pass", ("roll", "armor")],
                    "right",
                    "<p>The chief gave the right general nothing; he decides to act on his own initiative and "
                    "rolls an <b>armor</b> symbol. <b>Tap a unit he may order.</b></p>", [V.OVERLORD_INITIATIVE]),
        _initiative_question(),
        _draw_question(),
    ]
