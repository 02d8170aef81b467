"""Chapter 2: setting up — Pegasus Bridge as the rulebook builds it (Memoir '44 rulebook (2025,
Spanish), PREPARACIÓN, steps 1-13).

The map is the published scenario's (scenarios/pegasus-bridge.yaml cites its sources: the scenario
book's Pegasus Bridge, its .m44 form, bga-devs/bga-memoir). Every count the chapter shows is
computed from that file and from ``tutor.memoir.game.new_game`` (the deal), never typed in; the
tests check they are the walkthrough's numbers (20 river hexes, 4 towns, 9 woods, 2 bridges, 4 wire,
1 sandbags, 6 cards against 2, 4 dice each, the Allies first).

The "try" is :class:`SetupWalk`: a live board built step by step, one view per rulebook step
(1-13), with Back and Next buttons. The exercises ask what the steps imply (sight across the pond,
a unit still to fill up, the Axis hand after a turn, a bridge medal, the left flank, what follows
the terrain), not what the page prints above them.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.memoir import PEGASUS as SCENARIO
from tutor.examples.memoir import PEGASUS_SEED as SEED
from tutor.explain import rule_html
from tutor.hexes import fmt
from tutor.memoir import game as G
from tutor.memoir import objectives
from tutor.memoir.action import legal as legal_moves
from tutor.memoir.rules import BATTLEFIELD as R_BATTLEFIELD
from tutor.memoir.rules import SETUP_FIGURES as FIGURES
from tutor.memoir.rules import SETUP_STEPS as STEP_RULES
from tutor.quiz import BoardQuestion, Question, ask
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


def _q_pond() -> BoardQuestion:
    from tutor.examples.board_taps import hidden_question
    from tutor.memoir import rules as R
    st = G.new_game(SCENARIO, SEED).state
    return hidden_question("02.pond", st, (11, 7), (11, 3),
                           "<b>Tap a hex the Allied infantry on 11,7 cannot see.</b> The pond's four hexes play "
                           "as a lake.", hint=(R.LOS, R.LOS_EDGES, R.LAKE_LOS))


def _q_left_flank() -> BoardQuestion:
    """Step 9: the Allies sit at the bottom edge. Tap a unit on their left flank: the board's own
    sections, as the bottom player sees them, rule on the tap (the Allied rows, 4 to 8, with the
    units and the section lines: a section does not look at the ground)."""
    from dataclasses import replace

    from tutor.memoir.state import frozen
    st = G.new_game(SCENARIO, SEED).state
    window = tuple(h for h in st.board.hexes if h[1] >= 4 and h[0] <= 18)
    shown = replace(st, units=frozen({h: u for h, u in st.units.items() if h in window}), terrain=frozen({}),
                    obstacles=frozen({}), labels=frozen({}))

    def places():
        left = frozenset(h for h, u in st.units.items()
                         if u.side == "allied" and "left" in st.board.sections(h, viewer="bottom"))
        return left, (f"<p>Seen from the Allies' edge (the bottom), their left flank is left of the left dashed "
                      f"line: {', '.join(fmt(h) for h in sorted(left))}.</p>"
                      + rule_html(STEP_RULES[8]) + rule_html(R_BATTLEFIELD))
    return BoardQuestion("02.left-flank", "<p>Step 9: the Allies sit at the bottom edge. <b>Tap an Allied unit on "
                         "their left flank.</b> (Terrain is left out.)</p>", shown, places,
                         hint=(STEP_RULES[8], R_BATTLEFIELD), taps="hex", window=window, name=fmt)


def _q_figures() -> BoardQuestion:
    """Step 5 half done: one figure stands in each Allied unit's hex and some units are filled up
    (the figures on each unit are drawn). Tap a unit that still needs figures: each kind's full
    strength (``tutor.memoir.scenario.FULL_STRENGTH``, the number step 5 fills a unit up to) rules
    on the tap. The Allied units' rows, 5 to 8, with the units only."""
    from dataclasses import replace

    from tutor.memoir.scenario import FULL_STRENGTH
    from tutor.memoir.state import frozen
    st = G.new_game(SCENARIO, SEED).state
    window = tuple(h for h in st.board.hexes if h[1] >= 5 and 3 <= h[0] <= 17)
    mine = sorted((h for h, u in st.units.items() if u.side == "allied" and h in window), key=lambda h: (h[1], h[0]))
    half = {h: replace(st.units[h], figures=FULL_STRENGTH[st.units[h].kind] if i % 2 == 0 else 1 + (i // 2) % 3)
            for i, h in enumerate(mine)}
    shown = replace(st, units=frozen(half), terrain=frozen({}), obstacles=frozen({}), labels=frozen({}))

    def places():
        short = frozenset(h for h, u in half.items() if u.figures < FULL_STRENGTH[u.kind])
        kinds = sorted({u.kind for u in half.values()})
        return short, (f"<p>Each {' and '.join(kinds)} unit is filled up to "
                       f"{' and '.join(str(FULL_STRENGTH[k]) for k in kinds)} figures: the units on "
                       f"{'; '.join(fmt(h) for h in sorted(short))} hold fewer.</p>"
                       + rule_html(FIGURES) + rule_html(STEP_RULES[4]))
    return BoardQuestion("02.figures", "<p>Step 5, half done: one figure stands in each Allied unit's hex, and some "
                         "units are already filled up (the number on a unit is its figures). <b>Tap an Allied unit "
                         "that still needs figures.</b> (Terrain is left out.)</p>", shown, places,
                         hint=(FIGURES, STEP_RULES[4]), taps="hex", window=window, name=fmt)


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


def _q_bridge_medal() -> BoardQuestion:
    """Tap a hex where an Allied unit wins the Allies a medal: the scenario's objectives, held by the
    engine's ``objectives.update`` when an Allied unit stands there (the map without its units)."""
    from dataclasses import replace

    from tutor.memoir.state import frozen
    st = G.new_game(SCENARIO, SEED).state
    window = tuple(h for h in st.board.hexes if 1 <= h[1] <= 6)
    shown = replace(st, units=frozen({}))
    near = next(h for h, u in sorted(st.units.items(), key=lambda kv: (kv[0][1], kv[0][0])) if u.side == "allied")

    def places():
        wins = set()
        for h in window:
            units = dict(st.units)
            if h in units and h != near:
                continue
            units[h] = units.pop(near)
            held, _, _ = objectives.update(st.objectives, st.held, units, [(h, "allied")])
            if st.replace(units=units, held=held).medals["allied"] > st.medals["allied"]:
                wins.add(h)
        return frozenset(wins), (f"<p>The medals of step 6 stand on the bridges, {', '.join(fmt(h) for h in sorted(wins))}: "
                                 "an Allied unit there holds that bridge's medal.</p>" + rule_html(STEP_RULES[5]))
    return BoardQuestion("02.bridge-medal", "<p>Step 6 put an Allied medal on each bridge. <b>Tap a hex where an "
                         "Allied unit would win the Allies a medal.</b> (The units are left out.)</p>", shown, places,
                         hint=(STEP_RULES[5],), taps="hex", window=window, name=fmt)


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


def questions() -> list:
    return [_q_order(), _q_figures(), _q_pond(), _q_bridge_medal(), _q_left_flank(), _q_axis_hand()]
