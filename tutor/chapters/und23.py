"""Chapter 23, Undaunted: movement (move, guide, scout, stalk) and Fog of War.

Try: :func:`move_board` — the live board (``tutor.widgets.UndauntedBoard``) on the worked example's
map with the movement cards in hand: tap a unit and a tile; the engine moves it (markers and fog of
war follow) or refuses with the rule.
:func:`sneak_conflict_html` shows the rulebook's stalk 1 vs 2 disagreement side by side with
what the engine does under each value. Check: :func:`questions`.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.errors import IllegalAction
from tutor.examples.undaunted import sandbox
from tutor.explain import quote_html, rule_html
from tutor.originals import STYLE as ORIGINAL_STYLE
from tutor.quiz import BoardQuestion, Question
from tutor.render.undaunted import card_title, type_title, words
from tutor.rulebook import section_and_heading
from tutor.undaunted import Play, Withdraw, apply, card_plays
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="23-undaunted-movement-and-fog-of-war.ipynb",
    title="Undaunted: movement and Fog of War",
    game=UNDAUNTED,
    teaches="Move, guide, scout and stalk, and live with Fog of War cards.",
    seed=UND,
    heading="AKCE POHYBU; Válečný zmatek",
    concepts=("u-move", "u-scout", "u-stalk", "u-fog"),
    handout=Handout(
        rules=("und.move", "und.guide", "und.scout", "und.stalk", "und.fog", "und.withdraw.fog"),
        pictures="und-move",
    ),
    preheat=True,
)

# The cards by the names printed on them and on their units' tokens ("Rifleman A", "Fog of War").
RIFLEMAN_A, SCOUT_B, FOG = map(card_title, ("riflemen-a", "scouts-b", "fog-of-war"))

MOVEMENT = ("move", "guide", "scout", "stalk")


MOVE_HAND = ("scouts-b", "riflemen-a", "platoon-guide", "sniper")


def move_board(state=None, seed: int = 23):
    """The live board (``UndauntedBoard``) with the movement actions only: tap a unit, tap a tile;
    the engine moves it or says why not."""
    from tutor.widgets import UndauntedBoard
    return UndauntedBoard(state if state is not None else sandbox(MOVE_HAND), actions=MOVEMENT, seed=seed)


def sneak_conflict():
    """The stalk conflict from ``tutor.conflicts.all_conflicts()`` (or the engine's own list)."""
    try:
        from tutor.conflicts import all_conflicts
        for c in all_conflicts():
            if "stalk" in c.key or "stalk" in c.topic.lower():
                return c
    except ImportError:          # the conflict registry is optional here
        return None
    return None


def sneak_destinations(value: int) -> list[str]:
    """Where the sniper on 6B may end a stalk under the given value (engine, scenario option), other
    than 6B itself (a stalk out and back ends where it began)."""
    start = "6B"
    s = sandbox(("sniper",), side="axis")
    toks = tuple(replace(t, tile=start) if t.unit == "sniper" and t.side == "axis" else t for t in s.tokens)
    sc = replace(s.scenario, options=(("stalk", value),))
    s = replace(s, tokens=toks, scenario=sc)
    return sorted({p.path[-1] for p in card_plays(s, "axis", "sniper")
                   if isinstance(p, Play) and p.action == "stalk" and p.path[-1] != start})


def sneak_conflict_html() -> str:
    c = sneak_conflict()
    if c is not None:
        texts = list(c.texts)
        ruling = c.ruling
    else:
        texts = [UR.STALK_TEXT, UR.STALK_QR]
        ruling = next(x["resolution"] for x in UR.SOURCE_CONFLICTS if x["action"] == "stalk")
    # the two wordings are what the learner compares: both stay in view, each under its own section
    cols = "".join(f"<td style='vertical-align:top;text-align:left;width:50%;padding:6px;border:1px solid #ccc'>"
                   f"<b>{escape(section_and_heading(r.file, r.heading))}</b><p>{escape(r.summary)}</p>"
                   f'<div class="tutor-original"><div data-rule="{escape(r.key)}">{quote_html(r)}</div></div></td>'
                   for r in texts)
    one, two = sneak_destinations(1), sneak_destinations(2)
    return (f"{ORIGINAL_STYLE}<table style='border-collapse:collapse;width:100%'><tr>{cols}</tr></table>"
            f"<p><b>How this tutor rules:</b> {escape(ruling)}</p>"
            f"<p>What it changes, on the board below: a sniper on 6B may stalk to <b>{len(one)}</b> other tiles "
            f"with value 1 ({', '.join(one)}) but to <b>{len(two)}</b> with value 2.</p>")


# --- questions ------------------------------------------------------------------------------

def _refused(s, action):
    try:
        step = apply(s, action)
        return None, step
    except IllegalAction as exc:
        return exc, None


def _ends(s, card: str, action: str, *, unit: str | None = None) -> frozenset:
    """The tiles where the engine's legal plays of ``card``'s ``action`` end (guide: of ``unit``),
    other than where the unit stands."""
    start = s.token("axis", unit or CARDS[card].unit).tile
    return frozenset(p.path[-1] for p in card_plays(s, "axis", card)
                     if isinstance(p, Play) and p.action == action and p.path and p.path[-1] != start
                     and (unit is None or p.unit == unit))


def _ends_html(ends, rule) -> str:
    return (f"<p>The engine's legal plays end on {escape(', '.join(sorted(ends)))}; every other tile it "
            "refuses.</p>" + rule_html(rule))


def _q_move_tap() -> BoardQuestion:
    s = sandbox(("riflemen-a",))

    def places():
        return _ends(s, "riflemen-a", "move"), _ends_html(_ends(s, "riflemen-a", "move"), UR.MOVE)
    return BoardQuestion("23.move", f"<p>The Axis {RIFLEMAN_A} on 12A is played for <b>Move 1</b>. "
                         "<b>Tap a tile it may move to.</b></p>", s, places, hint=(UR.MOVE, UR.MOVE_QR),
                         window=s.board.within("12A", 0, 1))


def _q_scout_tap() -> BoardQuestion:
    s = sandbox(("scouts-b",))

    def places():
        return _ends(s, "scouts-b", "scout"), _ends_html(_ends(s, "scouts-b", "scout"), UR.SCOUT)
    return BoardQuestion("23.scout-where", f"<p>The Axis {SCOUT_B} on 8A is played for its <b>Scout</b> action. "
                         "<b>Tap a tile, other than its own, where it may end the scout.</b></p>", s, places,
                         hint=(UR.SCOUT,), window=s.board.within("8A", 0, 2))


def _q_guide_tap() -> BoardQuestion:
    s = sandbox(("platoon-guide",))
    toks = tuple(replace(t, suppressed=True) if t.unit == "riflemen-a" and t.side == "axis" else t for t in s.tokens)
    s = replace(s, tokens=toks)

    def places():
        units = frozenset(f"axis:{p.unit}" for p in card_plays(s, "axis", "platoon-guide")
                          if isinstance(p, Play) and p.action == "guide")
        names = ", ".join(sorted(card_title(u.split(":")[1]) for u in units))
        return units, (f"<p>The engine's legal Guide plays move {escape(names)}; the suppressed "
                       f"{RIFLEMAN_A} it refuses.</p>" + rule_html(UR.GUIDE) + rule_html(UR.GUIDE_SUPPRESSED))
    return BoardQuestion("23.guide", f"<p>The Axis {RIFLEMAN_A} on 12A is <b>suppressed</b> (its token gray). "
                         f"The {card_title('platoon-guide')} is played for <b>Guide</b>. <b>Tap a unit it may "
                         "guide.</b></p>", s, places, hint=(UR.GUIDE, UR.GUIDE_SUPPRESSED), taps="unit",
                         window=[t.tile for t in s.tokens_of("axis")],
                         name=lambda k: card_title(k.split(":")[1]))


def _q_scout_fog() -> Question:
    choices = ("0", "1", "2")

    def rule_fn():
        _, step = _refused(sandbox(("scouts-b",)), Play("axis", "scouts-b", "scout", path=("14A", "11A")))
        ev = step.events[0]
        return str(ev.data["fog_of_war"]), f"<p>{escape(words(ev.text))}.</p>" + rule_html(UR.SCOUT)
    return Question("23.scout", f"<p>The Axis {SCOUT_B} on 8A <b>scouts</b> 8A → 14A → 11A; Hans has no marker "
                    f"on either tile. How many {FOG} cards go into his discard pile?</p>", choices, rule_fn)


def _q_sneak() -> Question:
    choices = (f"A scouted marker and a {FOG} card", "A scouted marker only", f"No marker, no {FOG} card")

    def rule_fn():
        s = sandbox(("sniper",))
        _, step = _refused(s, Play("axis", "sniper", "stalk", path=("10B",), deploy=None))
        after = step.state
        marker = after.control_of("axis", "10B")
        fog = after.zones_of("axis").discard.count("fog-of-war") - s.zones_of("axis").discard.count("fog-of-war")
        ans = choices[2] if marker is None and fog == 0 else choices[0] if fog else choices[1]
        return ans, f"<ul>{''.join(f'<li>{escape(words(e.text))}</li>' for e in step.events)}</ul>" + rule_html(UR.STALK)
    return Question("23.stalk", "<p>The Axis sniper deploys on 6B and <b>stalks</b> onto 10B, which Hans has never "
                    "scouted. What does he place or take?</p>", choices, rule_fn)


def _q_withdraw_fog() -> Question:
    choices = ("Yes", "No")

    def rule_fn():
        exc, _ = _refused(sandbox(("fog-of-war",)), Withdraw("axis", "fog-of-war"))
        if exc is None:
            return "Yes", "<p>The engine allowed it.</p>"
        return "No", (f"<p>The engine refuses: {escape(words(exc.reason))}. Only a {type_title('scouts')} card's "
                      f"<b>recon</b> removes {FOG} cards from your deck.</p>" + rule_html(exc.rule) + rule_html(UR.RECON))
    return Question("23.fog", f"<p>Can you get rid of a {FOG} card by <b>hunkering down</b> with it "
                    "(sending it back to your supply)?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [_q_move_tap(), _q_scout_fog(), _q_scout_tap(), _q_sneak(), _q_guide_tap(), _q_withdraw_fog()]
