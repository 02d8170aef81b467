"""Chapter 12: air power. Every answer is the engine's ruling (``tutor.memoir.air`` for the air
superiority table and the target group, ``tutor.memoir.game`` for a whole Air Power turn).

The "try" is :class:`AirStrike`: a live board where the learner taps up to 4 enemy units as the
target group (the engine says whether the group is legal and why), picks the side, front and
year (the superiority table gives the dice per hex), then sets or rolls the dice and sees what the
engine's strike does to each hex: hits (stars included), protection ignored, flags not ignorable.
"""

from __future__ import annotations

from html import escape

from tutor.course import M44, MEMOIR, Chapter, Handout
from tutor.explain import Explained, events_html, plural, rules_html, show
from tutor.hexes import fmt
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.originals import original_html
from tutor.quiz import BoardQuestion, Question, ask
from tutor.sides import SIDE_NAMES
from tutor.widgets.air_strike import (  # noqa: F401 (the page's, moved here)
    FACES,
    FRONT_NAMES,
    STRIKE_KINDS,
    AirStrike,
    air_field,
    air_game,
    group_ruling,
    strike,
    strike_events,
    strike_summary,
    superiority_html,
)

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="12-air-power.ipynb",
    title="Air power",
    game=MEMOIR,
    teaches="Play the Air Power card and read the air superiority table.",
    seed=M44,
    heading="APÉNDICE 4",
    concepts=("air-power", "air-superiority"),
    handout=Handout(
        rules=("m44.card.air_power", "m44.air.table", "m44.air.table.western", "m44.air.default"),
        pictures="air",
    ),
    preheat=True,
)

# ---------------------------------------------------------------------------------------------
# The air superiority table (APÉNDICE 4)


def superiority_table(front: str | None = "western", year: int | None = 1944) -> Explained:
    """The table with the cell of ``front`` and ``year`` framed (the page says its rules above it,
    their original text one click away)."""
    return show(superiority_html(front, year))


# ---------------------------------------------------------------------------------------------
# A worked example for the "learn" part


EXAMPLE_TARGETS = ((11, 3), (12, 2))
EXAMPLE_FACES = ("grenade", "flag", "star", "flag")


def worked_example() -> Explained:
    """The Allies strike the armor behind sandbags and the infantry in the woods beside it with
    fixed dice: the engine's ruling, hex by hex, the board after, and the original text of the
    rules it applied (the card's own stands in section 1 of the page)."""
    from tutor.render.scene import Line, highlights
    from tutor.render.svg import state_svg
    g = air_game()
    after = strike(g, EXAMPLE_TARGETS, EXAMPLE_FACES)
    events = strike_events(g, after)
    lines = [Line(e.at, e.to, "move") for e in events if e.kind == "retreat"]
    pic = state_svg(after.state, highlights(target=list(EXAMPLE_TARGETS), lines=lines),
                    title="After the strike: the group " + " + ".join(fmt(h) for h in EXAMPLE_TARGETS))
    applied = [e.rule for e in events if e.kind in STRIKE_KINDS and e.rule not in (None, C.AIR_POWER_FACE)]
    return show(f"<div>{pic}<p>Allied Air Power, western front 1944 — 2 dice per hex, rolled "
                f"{escape(', '.join(EXAMPLE_FACES))}:</p>"
                f"{events_html(events, kinds=STRIKE_KINDS, rules=False)}{original_html(*applied)}</div>")


# ---------------------------------------------------------------------------------------------
# Check yourself


def _dice_question(key: str, side: str, front: str, year: int) -> Question:
    choices = ("1 die", "2 dice")

    def rule_fn():
        n = A.dice_per_hex(side, front, year)
        sup = A.superiority(front, year)
        who = f"the {SIDE_NAMES[sup]} rule the sky" if sup else "the table shows “–”: neither side rules the sky"
        return choices[n - 1], (f"<p>{FRONT_NAMES[front]}, {year}: {who}, so the {SIDE_NAMES[side]} roll "
                                f"{plural(n, 'die', 'dice')} per hex.</p>"
                                + superiority_html(front, year, note=False) + rules_html([A.AIR_TABLE, C.AIR_POWER_FACE]))
    prompt = (f"<p>The <b>{SIDE_NAMES[side]}</b> play Air Power in a scenario on the "
              f"<b>{FRONT_NAMES[front]}</b> in <b>{year}</b>. How many dice do they roll per target hex?</p>")
    return ask(key, prompt, choices, rule_fn)


_GROUP_BOARD: dict = {}


def _town_question() -> Question:
    choices = ("0", "1", "2")
    target, faces = (10, 2), ("infantry", "star")

    def rule_fn():
        g = air_game()
        after = strike(g, [target], faces)
        lost = g.state.units[target].figures - (after.state.units[target].figures if target in after.state.units
                                                else 0)
        return str(lost), ("<p>The infantry symbol hits, and on Air Power so does the star. The town's "
                           "protection (in a battle, 1 die fewer for infantry and 2 fewer for armor) does not apply: the "
                           "card ignores all terrain protection.</p>"
                           + events_html(strike_events(g, after), kinds=("roll", "hits")))
    from tutor.examples.board_taps import picture
    prompt = ("<p>Allied Air Power strikes only the Axis infantry in the <b>town</b> at <b>10,2</b> "
              "and rolls <b>infantry, star</b>. How many figures does the infantry lose?</p>"
              + picture(air_game().state, target, target=[target]))
    return ask("12.hits.town", prompt, choices, rule_fn)


def _group_tap(key: str, chosen, prompt: str, ruled) -> BoardQuestion:
    """Tap an Axis unit for Allied Air Power: ``ruled(game, hex)`` asks the engine's target-group
    check (``group_ruling``) about it; the board is cut to the Axis units."""
    from tutor.examples.board_taps import hex_question
    from tutor.hexes import fmt, parse_hex
    chosen = tuple(parse_hex(h) if isinstance(h, str) else h for h in chosen)
    g = air_game()
    foes = sorted(h for h, u in g.state.units.items() if u.side != g.side)

    def places(st):
        ok = frozenset(h for h in foes if h not in chosen and ruled(g, h))
        def said(h):
            if chosen:
                return group_ruling(g, [*chosen, h])[1]
            mates = [fmt(k) for k in foes if k != h and group_ruling(g, [h, k])[0]]
            return f"in a group with {', '.join(mates)}" if mates else "no Axis unit beside it: it is struck alone"
        why = "".join(f"<li><b>{fmt(h)}</b>: {escape(said(h))}</li>" for h in foes if h not in chosen)
        return ok, f"<ul>{why}</ul>" + rules_html([C.AIR_POWER_FACE])
    rows = [h[1] for h in foes]                                   # the rows of the Axis units, no margin
    window = [h for h in g.state.board.hexes if min(rows) <= h[1] <= max(rows)
              and min(c for c, _ in foes) - 1 <= h[0] <= max(c for c, _ in foes) + 1]
    return hex_question(key, g.state, prompt, places, hint=(C.AIR_POWER_FACE,), window=window)


def questions() -> list[Question | BoardQuestion]:
    return [
        _dice_question("12.dice.east1944", "allied", "eastern", 1944),
        _group_tap("12.group.add", ["9,3", "10,2"],
                   "<p>Allied Air Power: the Allies have chosen the Axis units on <b>9,3</b> and <b>10,2</b> as "
                   "targets. <b>Tap another Axis unit they may add to the group.</b></p>",
                   lambda g, h: group_ruling(g, [(9, 3), (10, 2), h])[0]),
        _group_tap("12.group.alone", [],
                   "<p>Allied Air Power. <b>Tap the Axis unit it can strike only alone</b>, in no group "
                   "with another.</p>",
                   lambda g, h: not any(group_ruling(g, [h, k])[0] for k in g.state.units
                                        if k != h and g.state.units[k].side != g.side)),
        _town_question(),
    ]
