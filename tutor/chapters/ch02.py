"""Chapter 2: setting up — Pegasus Bridge as the rulebook builds it (Memoir '44 rulebook (2025,
Spanish), PREPARACIÓN, steps 1-13).

The map is the published scenario's (scenarios/pegasus-bridge.yaml cites its sources: the scenario
book's Pegasus Bridge, its .m44 form, bga-devs/bga-memoir). Every count the chapter shows is
computed from that file and from ``tutor.memoir.game.new_game`` (the deal), never typed in; the
tests check they are the walkthrough's numbers (20 river hexes, 4 towns, 9 woods, 2 bridges, 4 wire,
1 sandbags, 6 cards against 2, 4 dice each, the Allies first).

The "try" is :class:`SetupWalk`: a live board built step by step, one view per rulebook step
(1-13), with Back and Next buttons. The exercises ask what the steps imply (sight across the pond,
figures, the Axis hand after a turn, a bridge medal, dice against the sandbags), not what the page
prints above them.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.memoir import PEGASUS as SCENARIO
from tutor.examples.memoir import PEGASUS_SEED as SEED
from tutor.explain import rule_html, rules_html
from tutor.hexes import fmt
from tutor.memoir import game as G
from tutor.memoir import objectives
from tutor.memoir.action import legal as legal_moves
from tutor.memoir.los import line_of_sight
from tutor.memoir.rules import SETUP_FIGURES as FIGURES
from tutor.memoir.rules import SETUP_STEPS as STEP_RULES
from tutor.quiz import Question, ask
from tutor.widgets.setup_walk import (  # noqa: F401 (the page's, moved here)
    DICE_PER_SIDE,
    SetupWalk,
    Step,
    added,
    counts,
    field,
    on_hex,
    scenario,
    steps,
)

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="02-setup-pegasus-bridge.ipynb",
    title="Setting up: Pegasus Bridge",
    game=MEMOIR,
    teaches="Set up a battle step by step, as the rulebook builds Pegasus Bridge.",
    seed=M44,
    heading="PREPARACIÓN",
    concepts=("setup", "objective-medals"),
    handout=Handout(
        rules=("m44.setup.step03", "m44.setup.step04", "m44.setup.step05", "m44.setup.step06",
               "m44.setup.figures", "m44.setup.step10", "m44.setup.step13"),
        pictures="setup",
    ),
    preheat=True,
)


# ---------------------------------------------------------------------------------------------
# The scenario, counted


# ---------------------------------------------------------------------------------------------
# Try: the board built step by step


def walk(dpr: int = 2):
    return SetupWalk(dpr).widget


def counts_table():
    """The walkthrough's numbers next to what the published map holds (all computed)."""
    from tutor.explain import Explained
    c = counts()
    rows = [("River hexes (2 under the bridges, 4 laid as the pond)", 20, c["river"]), ("Town hexes", 4, c["town"]),
            ("Woods hexes", 9, c["woods"]), ("Bridges", 2, c["bridge"]), ("Barbed wire", 4, c["wire"]),
            ("Sandbags", 1, c["sandbags"]), ("Allied command cards", 6, c["cards"]["allied"]),
            ("Axis command cards", 2, c["cards"]["axis"])]
    body = "".join(f"<tr><td>{escape(a)}</td><td>{b}</td><td>{n}</td></tr>" for a, b, n in rows)
    verdict = ("Every count holds on the published map." if all(b == n for _, b, n in rows) else
               "Some counts differ from the published map: see the conflicts page.")
    return Explained(f'<table class="tutor-obs"><tr><th></th><th>the rulebook says</th><th>the published map '
                     f"has</th></tr>{body}</table><p>{verdict}</p>")


# ---------------------------------------------------------------------------------------------
# Check: what the steps imply, worked out by the engine


def _q_pond() -> Question:
    choices = ("Yes", "No: the pond blocks it", "No: the woods on 10,4 block it")
    shooter, target = (11, 7), (11, 3)

    def rule_fn():
        st = G.new_game(SCENARIO, SEED).state
        r = line_of_sight(st, shooter, target)
        if r.visible:
            ans = choices[0]
        elif any(st.terrain.get(h) == "lake" for h in r.blocked_by):
            ans = choices[1]
        else:
            ans = choices[2]
        return ans, f"<p>{escape(r.reason)}</p>" + rules_html(r.rules)
    return ask("02.pond", f"<p>After step 5, the Allied infantry on <b>{fmt(shooter)}</b> looks north across the "
               f"pond to <b>{fmt(target)}</b>. Does it have line of sight?</p>", choices, rule_fn)


def _q_figures() -> Question:
    choices = ("24", "36", "40")

    def rule_fn():
        st = G.new_game(SCENARIO, SEED).state
        mine = [u for u in st.units.values() if u.side == "allied"]
        n = sum(u.figures for u in mine)
        return str(n), (f"<p>{len(mine)} Allied infantry units of 4 figures each: {n} figures.</p>"
                        + rule_html(FIGURES) + rule_html(STEP_RULES[4]))
    return ask("02.figures", "<p>Step 5: how many figures does the Allied player set on the board in all? "
               "(Count the Allied units on the board after step 5.)</p>", choices, rule_fn)


def axis_hand_after_first_turn() -> tuple[int, int]:
    """(cards the Axis is dealt, cards it holds when its first turn is over), played by the engine:
    each side plays its first playable card and gives no orders."""
    g = G.new_game(SCENARIO, SEED)
    dealt, axis_played = len(g.hands["axis"]), False
    while not (axis_played and g.player == "allied"):
        acts = legal_moves(g)
        pick = next((a for a in acts if a.verb in ("done", "end")), None)
        if pick is None:
            pick = next(a for a in acts if a.verb in ("play", "keep"))
        axis_played = axis_played or (g.player == "axis" and pick.verb == "play")
        g = G.apply(g, pick.text)
    return dealt, len(g.hands["axis"])


def _q_axis_hand() -> Question:
    choices = ("1", "2", "3", "4")

    def rule_fn():
        dealt, after = axis_hand_after_first_turn()
        return str(after), (f"<p>The Axis holds {dealt}, plays 1 and, as the scenario says, draws 2 at the end of "
                            f"its turn: {dealt} − 1 + 2 = {after} cards.</p>" + rule_html(STEP_RULES[9]))
    return ask("02.axis-hand", "<p>Step 10: when the Axis has played its first command card and drawn at the end "
               "of its turn, how many command cards does it hold?</p>", choices, rule_fn)


def _q_bridge_medal() -> Question:
    choices = ("0", "1", "2")

    def rule_fn():
        st = G.new_game(SCENARIO, SEED).state
        bridge = next(h for o in st.objectives for h in o.hexes)
        near = next(h for h, u in sorted(st.units.items(), key=lambda kv: (kv[0][1], kv[0][0])) if u.side == "allied")
        units = dict(st.units)
        units[bridge] = units.pop(near)
        held, _, _ = objectives.update(st.objectives, st.held, units, [(bridge, "allied")])
        n = st.replace(units=units, held=held).medals["allied"]
        return str(n), (f"<p>With an Allied unit on the bridge at {fmt(bridge)} the Allies hold that bridge's "
                        f"medal: {n} medal{'s' if n != 1 else ''} (no unit has been eliminated yet).</p>"
                        + rule_html(STEP_RULES[5]))
    return ask("02.bridge-medal", "<p>Step 6 put an Allied medal on each bridge. Early in the battle, an Allied "
               "unit reaches one of the bridges; no unit has been eliminated yet. How many medals do the Allies "
               "have?</p>", choices, rule_fn)


def _q_order() -> Question:
    choices = ("The units", "The bridges, wire and sandbags", "The medals")
    answers = {"units": choices[0], "obstacles": choices[1], "medals": choices[2]}

    def rule_fn():
        every = steps()
        after = every[next(i for i, s in enumerate(every) if s.new == "terrain") + 1]
        return answers[after.new], (f"<p>Step {after.number}, {escape(after.title.lower())}, comes straight "
                                    "after the terrain.</p>" + rule_html(after.rule))
    return ask("02.order", "<p>You have laid the terrain hexes (step 3). What goes on the board next?</p>",
               choices, rule_fn)


def questions() -> list[Question]:
    return [_q_pond(), _q_figures(), _q_order(), _q_axis_hand(), _q_bridge_medal()]
