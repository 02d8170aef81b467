"""Chapter 26, Undaunted: the rulebook's worked round (PŘÍKLAD JEDNOHO KOLA HRY), played by the engine.

``steps()`` applies the round to ``scenarios/undaunted/worked-example.yaml`` action by action
(loaded dice 5 and 8 for the attack) and returns one ``Frame`` per moment of the rulebook's text:
the narration in English, the Czech sentence it follows, the engine's events with their rules, and
the state to draw. ``worked_round_widget`` steps through them with Back / Next;
``replay_attack_widget`` lets the learner roll the machine gunners' two dice themselves.
"""

from __future__ import annotations

from html import escape

from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.errors import IllegalAction
from tutor.examples.undaunted import (  # noqa: F401 (round_board: the notebook's)
    FOG,
    GUNNER_C,
    RIFLEMAN_A,
    SCOUT_B,
    WORKED,
    Frame,
    after_initiative,
    before_attack,
    events_html,
    round_board,
    steps,
)
from tutor.explain import rule_html
from tutor.quiz import BoardQuestion, Question
from tutor.render.undaunted import board_html, card_title, words, zones_html
from tutor.rulebook import section_and_heading
from tutor.sides import SIDE_NAMES, side_verb
from tutor.undaunted import LoadedDice, Play, apply, card_plays
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import UNIT_TYPES
from tutor.undaunted.combat import fraction_text, p_hit, total_defense

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="26-undaunted-worked-round.ipynb",
    title="Undaunted: a worked round",
    game=UNDAUNTED,
    teaches="Follow the rulebook's example round card by card.",
    seed=UND,
    heading="PŘÍKLAD JEDNOHO KOLA HRY",
    concepts=(),
    handout=Handout(
        rules=("und.round.initiative", "und.scout", "und.combat.dice", "und.casualties"),
        pictures="und-worked",
    ),
    preheat=True,
)

HEADING = "PŘÍKLAD JEDNOHO KOLA HRY"
#: the section's English name, shown first with the Czech heading beside it
SECTION = section_and_heading(UR.FILE, HEADING)
#: the phases of a round (PRŮBĚH HRY) in words
PHASE_WORDS = {"draw": "drawing cards", "initiative": "revealing cards for initiative",
               "turn": "the players' turns", "over": "the game is over"}

# The round's cards by the names printed on them and on their units' tokens on the board
# ("Rifleman A"); the narration and the questions speak of them so.
















def status_line(s) -> str:
    """Round, phase, who is to play, who holds the initiative and the objectives held, in words."""
    play = f" The {SIDE_NAMES[s.active]} to play." if s.active else ""
    return (f"Round {s.round}: {PHASE_WORDS.get(s.phase, s.phase)}.{play} "
            f"The {SIDE_NAMES[s.initiative]} {side_verb(s.initiative, 'hold', 'holds')} the initiative. "
            f"Objectives held: Axis {s.objectives_held('axis')}, Allies {s.objectives_held('allied')}.")


def frame_html(f: Frame) -> str:
    parts = [f"<h3 style='margin:.2em 0'>{escape(f.title)}</h3><p style='font-size:15px'>{f.text}</p>",
             (f"<details><summary>The rulebook, {SECTION}, in Czech</summary>"
             f"<blockquote lang='cs' style='font-style:italic'>{escape(f.quote)}</blockquote></details>")]
    if f.refusal is not None:
        parts.append(f"<p style='color:#a32020'><b>Engine:</b> not allowed — {escape(words(f.refusal.reason))}</p>"
                     + rule_html(f.refusal.rule))
    parts.append(events_html(f.events))
    s = f.state
    parts.append(f"<p style='color:#555;font-size:13px'>{escape(status_line(s))}</p>")
    parts.append(board_html(s, path=f.path, highlight=f.highlight))
    sides = ("axis", "allied") if f.side == "both" else ((f.side,) if f.side else ())
    for side in sides:
        who = "Hans (Axis)" if side == "axis" else "John (Allies)"
        parts.append(zones_html(s.zones_of(side), zones=("hand", "table", "discard", "draw", "supply", "out"),
                                title=f"{who}: cards", roles=f.roles if f.side == side else None, card_h=58))
    return "".join(parts)


def worked_round_widget():
    from tutor.examples.undaunted import stepper
    return stepper([frame_html(f) for f in steps()], title="The worked round:")


def replay_attack_widget():
    """Roll the machine gunners' two dice yourself (the engine resolves the attack with your faces)."""
    import ipywidgets as W
    d1 = W.Dropdown(options=list(range(10)), value=5, description="die 1", layout=W.Layout(width="150px"))
    d2 = W.Dropdown(options=list(range(10)), value=8, description="die 2", layout=W.Layout(width="150px"))
    out = W.HTML()

    def show(*_):
        st = apply(before_attack(), Play("allied", "machine-gunners-c", "attack", target="riflemen-a"),
                   LoadedDice([d1.value, d2.value], seed=7))
        hit = st.events[0].data["hit"]
        out.value = (f"<p style='font-size:15px'><b>{'A hit.' if hit else 'A miss.'}</b></p>"
                     + events_html(st.events, rules=False))   # the rules stand quoted below the dice

    d1.observe(show, names="value")
    d2.observe(show, names="value")
    show()
    box = W.VBox([W.HBox([d1, d2]), out])
    box.set_dice = lambda a, b: (setattr(d1, "value", a), setattr(d2, "value", b), out.value)[-1]
    return box


# --- questions ------------------------------------------------------------------------------

def _move_verdicts(state, side: str, card: str, tiles) -> dict[str, str | None]:
    """For each tile, None when the engine lets the unit move there, else its reason for refusing."""
    out = {}
    for t in tiles:
        try:
            apply(state, Play(side, card, "move", path=(t,)), LoadedDice([0], seed=7))
            out[t] = None
        except IllegalAction as exc:
            out[t] = words(exc.reason)
    return out


def _q_where_move() -> BoardQuestion:
    """A new situation for the Move rule: the riflemen's ways out of 12A without scouting first."""
    s = after_initiative()
    near = s.board.within("12A", 0, 1)

    def places():
        verdicts = _move_verdicts(s, "axis", "riflemen-a", [t for t in near if t != "12A"])
        legal = frozenset(t for t, why in verdicts.items() if why is None)
        why = "".join(f"<li><b>{t}</b>: {'allowed' if r is None else escape(r)}</li>" for t, r in sorted(verdicts.items()))
        return legal, f"<ul>{why}</ul>" + rule_html(UR.MOVE)
    return BoardQuestion("26.where-move", f"<p>At the start of Hans's turn his {RIFLEMAN_A} stands on <b>12A</b>, and "
                         f"he plays a {RIFLEMAN_A} card for <b>Move 1</b> instead of scouting first. <b>Tap a tile it "
                         "may move to.</b></p>", s, places, hint=(UR.MOVE,), window=near)


def _q_scout_route() -> BoardQuestion:
    """Scout 2 to 17B: the tiles it may pass through (the engine's legal paths)."""
    s = after_initiative()

    def places():
        paths = {p.path for p in card_plays(s, "axis", "scouts-b")
                 if isinstance(p, Play) and p.action == "scout" and len(p.path) == 2 and p.path[-1] == "17B"}
        ways = "; ".join(f"8A → {' → '.join(p)}" for p in sorted(paths))
        return frozenset(p[0] for p in paths), f"<p>The engine's legal ways: {escape(ways)}.</p>" + rule_html(UR.SCOUT)
    return BoardQuestion("26.scout-route", f"<p>Hans's {SCOUT_B} on 8A scouts <b>2 tiles</b> and ends on 17B. <b>Tap a "
                         "tile it may pass through on the way.</b></p>", s, places, hint=(UR.SCOUT,),
                         window=s.board.within("8A", 0, 2))


def _q_from_9b() -> Question:
    choices = ("8", "9", "10", "11")

    def rule_fn():
        s = before_attack()
        b = s.board
        d = total_defense(UNIT_TYPES["riflemen"].base_defense, b.tile("17B").cover, b.range("9B", "17B"))
        return str(d.total), (f"<p>From 9B the range to 17B is {b.range('9B', '17B')}: {escape(d.text)}. "
                              f"That is why John moved first: two dice hit defense 9 with chance "
                              f"{fraction_text(p_hit(9, 2))}, defense 8 with {fraction_text(p_hit(8, 2))}.</p>"
                              + rule_html(UR.RANGE))
    return Question("26.from9b", f"<p>Suppose John had attacked from <b>9B</b>, where his {GUNNER_C} started, "
                    f"without moving. What would {RIFLEMAN_A}'s total defense have been?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [_q_where_move(), _q_scout_route(), _q_from_9b()]


def quotes() -> list[str]:
    """Every Czech sentence the steps follow (tests check them against the seed rulebook)."""
    return [f.quote for f in steps()]


def hands_after_initiative() -> dict[str, list[str]]:
    s = steps()[2].state
    return {side: [card_title(c) for c in s.zones_of(side).hand] for side in ("axis", "allied")}
