"""Chapter 6: terrain and height. The terrain table is the engine's catalogue
(``tutor.memoir.terrain``); every ruling is the engine's (movement, dice, line of sight).

The line-of-sight explorer of ``tutor.widgets`` on the chapter's height board (:func:`explorer`) is the
worked example of sight over heights: it opens looking from the mountain, a tap on the far hill rules.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.examples.memoir import board_svg, dice_html, state
from tutor.explain import Explained, los_html, show
from tutor.hexes import parse_hex
from tutor.memoir.combat import attack_dice
from tutor.memoir.los import line_of_sight
from tutor.memoir.terrain import TERRAIN
from tutor.quiz import BoardQuestion, Question, ask

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="06-terrain-and-height.ipynb",
    title="Terrain and height",
    game=MEMOIR,
    teaches="Apply terrain protection and movement limits, and judge sight over hills.",
    seed=M44,
    heading="APÉNDICE 2",
    concepts=("terrain-stops", "impassable", "bridges", "beaches", "protection", "hills", "height",
              "steep-hills"),
    handout=Handout(
        boards=("los/height-example-1.yaml", "examples/bunker-on-hill.yaml", "examples/draw-and-beach.yaml"),
        rules=("m44.terrain.woods", "m44.terrain.hill", "m44.terrain.town", "m44.height.move"),
    ),
    preheat=True,
)

TERRAIN_BOARD = "chapters/terrain"


def _dice(p) -> str:
    parts = [f"{k} −{v}" for k, v in p.items() if v]
    return ", ".join(parts) or "—"


def terrain_table() -> Explained:
    """One row per terrain, read from the engine's catalogue: height, sight, movement, battle,
    protection (dice fewer for an attacker of each kind), attacker penalty, flags ignored."""
    rows = []
    for name, t in TERRAIN.items():
        if name == "countryside":
            continue
        move = []
        if t.impassable:
            move.append("impassable")
        if t.must_stop:
            move.append("stop on entering")
        if t.adjacent_start_to_enter:
            move.append("enter (or take ground, chapter 8) only if the turn began next to it")
        if t.leave_only_one:
            move.append("leaving: 1 hex only")
        if t.max_move_after_entering:
            move.append(f"a unit entering moves {t.max_move_after_entering} hexes in all")
        if t.steep:
            move.append("2 hexes to climb from lower ground")
        if t.beach_slope:
            move.append("to or from a beach: a 2-hex move, infantry only")
        if t.no_retreat_into:
            move.append("no retreat into it (chapter 7: a figure is lost instead)")
        if t.land_only:
            move.append("enter from land; retreat onto land only")
        battle = []
        if t.no_battle_after_entering:
            battle.append("no battle after entering")
        if t.no_battle_from:
            battle.append("no battle from it")
        if t.no_take_ground_from_beach:
            battle.append("infantry on a beach may not take ground onto it")
        if t.attacker_penalty:
            battle.append("attacker " + _dice(t.attacker_penalty))
        if t.ignore_flags:
            battle.append(f"ignore {t.ignore_flags} flag")
        sight = ("blocks (not between high units)" if t.elevated else
                 "2+ lake hexes block" if t.lake else "blocks" if t.blocks_los else "clear")
        prot = _dice(t.protection) + (" (from lower ground)" if t.protection_from_lower_only and t.protection else "")
        rows.append(f"<tr><td><b>{name.replace('_', ' ')}</b></td><td>{t.height}</td><td>{sight}</td>"
                    f"<td>{'; '.join(move) or '—'}</td><td>{prot}</td><td>{'; '.join(battle) or '—'}</td></tr>")
    return show('<table class="tutor-obs"><tr><th>terrain</th><th>height</th><th>line of sight</th>'
                '<th>movement</th><th>protection (dice fewer)</th><th>battle</th></tr>' + "".join(rows) + "</table>"
                "<p><small>From the rulebook's appendix 2 (APÉNDICE 2).</small></p>")


def moves_example(field, at, *, title: str) -> Explained:
    """A unit's legal moves (``tutor.explain.moves_html``) without the rule blocks: this page shows
    each rule once, where it teaches it."""
    from tutor.explain import beside, move_highlights, moves_html, without_rules
    from tutor.hexes import distance
    from tutor.memoir.movement import legal_moves
    st = state(field)
    at = parse_hex(at)
    m = legal_moves(st, at)
    reach = max((distance(at, h) for h in (*m.reachable, *m.refused)), default=1)
    window = tuple(h for h in st.board.hexes if distance(at, h) <= reach)
    pic = board_svg(st, move_highlights(m), title="", window=window)
    return show(beside(pic, f"<p><b>{escape(title)}</b></p>" + without_rules(moves_html(st, at, board=False)),
                       width=420))


def explorer(field=None):
    """The line-of-sight explorer on the height board, looking from the mountain (every hex it sees
    shaded); the page asks for a tap on the far hill for the ruling."""
    from tutor.scenario import bundled
    from tutor.widgets import LosExplorer
    return LosExplorer(bundled(TERRAIN_BOARD) if field is None else field, origin=(4, 2))


# ---------------------------------------------------------------------------------------------
# Exercises


def _dice_question(key, field, a, t, prompt, *, margin: int = 1) -> Question:
    st = state(field)
    a, t = parse_hex(a), parse_hex(t)

    def rule_fn():
        return str(attack_dice(st, a, t).dice), dice_html(st, a, t, board=False)
    from tutor.examples.board_taps import around
    from tutor.render.scene import highlights
    pic = board_svg(st, highlights(selected=[a], target=[t]), title="", window=around(st, a, t, margin=margin))
    return ask(key, f"<p>{prompt}</p>{pic}", ("0", "1", "2", "3"), rule_fn)


def _los_question(key, field, a, b, prompt, *, window=None) -> Question:
    st = state(field)
    a, b = parse_hex(a), parse_hex(b)
    choices = ("Yes, it can see", "No, blocked")

    def rule_fn():
        r = line_of_sight(st, a, b)
        return (choices[0] if r.visible else choices[1]), los_html(r, board=False)
    from tutor.render.scene import highlights
    pic = board_svg(st, highlights(selected=[a], target=[b]), title="", window=window) if window else ""
    return ask(key, f"<p>{prompt}</p>{pic}", choices, rule_fn)


BRIDGE_BOARD = "chapters/bridge"


def _hex_name(h) -> str:
    from tutor.hexes import fmt
    return fmt(h)


def _bridge_question() -> BoardQuestion:
    """Tap a hex across the river the unit may reach: ``legal_moves`` rules (the bridge is open
    ground, the river impassable, the far bank's unit in the way)."""
    from tutor.explain import STYLE, moves_html
    from tutor.hexes import distance
    from tutor.memoir.movement import legal_moves
    st = state(BRIDGE_BOARD)
    at = (13, 5)
    window = tuple(h for h in st.board.hexes if distance(at, h) <= 2)

    def places():
        m = legal_moves(st, at)
        far = frozenset(h for h in m.reachable if h[1] < 4)
        how = "".join(f"<p>{escape(m.explain(h))}.</p>" for h in sorted(far))
        words = moves_html(st, at, board=False).replace("Refused (marked ✕ with a number):", "Refused:")
        return far, STYLE + how + words
    return BoardQuestion("06.bridge", "<p>The Allied infantry on <b>13,5</b> is ordered; the river runs along row 4 "
                         "with a bridge on 12,4. <b>Tap a hex across the river it may move to.</b></p>", st, places,
                         hint=(TERRAIN["bridge"].rule, TERRAIN["river"].rule), taps="hex", window=window,
                         name=_hex_name)


def questions() -> list[Question | BoardQuestion]:
    from tutor.examples.board_taps import around, tap_reach_question
    return [
        _bridge_question(),
        tap_reach_question("06.steep", TERRAIN_BOARD, "15,5",
                           "The Allied infantry on <b>15,5</b> is ordered; the town is on 14,4, the steep hill on "
                           "16,4 and a hill on 18,4. <b>Tap a hex it may move to and still battle this turn.</b>",
                           battle=True),
        _dice_question("06.hill-above", TERRAIN_BOARD, "18,2", "20,4",
                       "The Axis infantry on the hill at <b>18,2</b> battles the Allied armor in the open on "
                       "<b>20,4</b>, two hexes away. How many dice?", margin=0),
        _los_question("06.low-woods", TERRAIN_BOARD, "10,2", "6,6",
                      "Can the Axis infantry on the hill at <b>10,2</b> (height 1) see the Allied armor on "
                      "<b>6,6</b> (height 0), past the woods on 7,5?",
                      window=around(state(TERRAIN_BOARD), (10, 2), (6, 6), margin=0)),
    ]
