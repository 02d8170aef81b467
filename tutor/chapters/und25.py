"""Chapter 25, Undaunted: combat and casualties. Every number comes from ``tutor.undaunted.combat``
and every casualty from ``tutor.undaunted.deck.casualty``.

Try: :func:`defense_widget` (unit, cover, range, dice → total defense and the exact chance to hit,
with a seeded roll), :func:`casualty_drill` (tap the unit hit, tap where its card comes from, the
engine takes it) and :func:`attack_drill` (a whole attack on the board: attacker, target, exact
odds, roll, casualty). Check: :func:`questions`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from html import escape

from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.explain import rule_html, rules_html
from tutor.quiz import BoardQuestion, Question
from tutor.render.undaunted import card_title, type_title, words, zones_html
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS, UNIT_TYPES
from tutor.undaunted.combat import (
    HILL,
    Cover,
    faces_hitting,
    fraction_text,
    p_die,
    p_hit,
    roll,
    total_defense,
)
from tutor.undaunted.deck import Zones, casualty

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="25-undaunted-combat-and-casualties.ipynb",
    title="Undaunted: combat and casualties",
    game=UNDAUNTED,
    teaches="Total a defense, roll an attack, and take the casualty from the right place.",
    seed=UND,
    heading="BOJOVÉ AKCE",
    concepts=("u-attack", "u-total-defense", "u-hills", "u-casualties", "u-suppress"),
    handout=Handout(
        rules=("und.combat.defense", "und.combat.dice", "und.combat.hill", "und.casualties",
               "und.casualties.hand", "und.casualties.draw", "und.casualties.token"),
        pictures="und-combat",
    ),
    preheat=True,
)


def attack_actions() -> list[tuple[str, str, int]]:
    """Every combat action in the card catalogue: (label, action name, dice), one per card type."""
    seen, out = set(), []
    for c in CARDS.values():
        for a in c.actions:
            if a.name in ("attack", "suppress", "blast"):
                key = (c.name, a.name)
                if key in seen:
                    continue
                seen.add(key)
                out.append((f"{type_title(c.name)}: {a.name} {a.value}", a.name, a.value))
    return out


def pct(f: Fraction) -> str:
    v = f * 100
    return f"{v.numerator // v.denominator}%" if v.denominator == 1 else f"{float(v):.1f}%"


def faces_html(total: int) -> str:
    """The ten faces of a d10, the hitting ones in green (0 always hits)."""
    cells = []
    for f in range(10):
        hit = f == 0 or f >= total
        cells.append(f"<span style='display:inline-block;width:26px;height:26px;line-height:26px;margin:1px;"
                     f"text-align:center;border-radius:4px;font-weight:bold;"
                     f"background:{'#2e8b57' if hit else '#e5e5e5'};color:{'#fff' if hit else '#555'}'>{f}</span>")
    return "".join(cells)


def odds_table_html(defenses=range(4, 13), dice=(1, 2, 3, 4), highlight: tuple[int, int] | None = None) -> str:
    """Exact chance of at least one hit, as fractions, for each total defense and number of dice."""
    head = "".join(f"<th>{d} {'die' if d == 1 else 'dice'}</th>" for d in dice)
    rows = []
    for t in defenses:
        tds = []
        for d in dice:
            f = p_hit(t, d)
            mark = highlight == (t, d)
            style = "background:#fff3b0;font-weight:bold;" if mark else ""
            tds.append(f"<td style='{style}text-align:center'>{fraction_text(f)}"
                       f"<br><span style='font-size:11px;color:#666'>{pct(f)}</span></td>")
        rows.append(f"<tr><th>{t}</th>{''.join(tds)}</tr>")
    return ("<table style='border-collapse:collapse;font-size:13px' border='1' cellpadding='4'>"
            f"<tr><th>total defense</th>{head}</tr>{''.join(rows)}</table>")


def defense_report_html(unit: str, cover: Cover, rng_tiles: int, dice: int, *, action: str = "attack",
                        attacker_on_hill: bool = False) -> str:
    """The defense total with its parts, the hitting faces and the exact chance."""
    blast = action == "blast"
    d = total_defense(UNIT_TYPES[unit].base_defense, cover, rng_tiles, blast=blast,
                      attacker_on_hill=attacker_on_hill)
    one = p_die(d.total)
    anyhit = p_hit(d.total, dice)
    after = ("the target's token flips to suppressed (no casualty)" if action == "suppress"
             else "the target loses one card")
    return (f"<p style='font-size:15px'><b>Total defense</b> = {escape(d.text)}</p>"
            f"<p>Faces that hit ({faces_hitting(d.total)} of 10): {faces_html(d.total)}</p>"
            f"<p>One die hits with chance <b>{fraction_text(one)}</b>. With {dice} "
            f"{'die' if dice == 1 else 'dice'} the chance of a hit is 1 − (1 − {fraction_text(one)})"
            f"<sup>{dice}</sup> = <b style='font-size:16px'>{fraction_text(anyhit)}</b> ({pct(anyhit)}). "
            f"On a hit {after}.</p>")


def defense_widget(seed: int = 44):
    """Sliders for the target, its tile's cover, the range and the attack: exact odds and a roll."""
    import ipywidgets as W
    units = W.Dropdown(options=[(f"{type_title(u)} (base {t.base_defense})", u) for u, t in UNIT_TYPES.items()],
                       value="riflemen", description="Target")
    cover = W.Dropdown(options=[("0 (open)", "0"), ("1", "1"), ("2", "2"), ("3 (woods)", "3"),
                                ("3/1 (hill)", "3/1")], value="3", description="Cover")
    rng_tiles = W.IntSlider(value=1, min=0, max=6, description="Range")
    acts = attack_actions()
    action = W.Dropdown(options=[(lab, i) for i, (lab, _, _) in enumerate(acts)],
                        value=next(i for i, a in enumerate(acts) if a[0].startswith(f"{type_title('machine-gunners')}: attack")),
                        description="Attack", layout=W.Layout(width="340px"))
    on_hill = W.Checkbox(value=False, description="attacker on a hill", indent=False)
    out = W.HTML()
    roll_btn = W.Button(description="Roll the dice", icon="cube", button_style="info")
    rolled = W.HTML()
    table = W.HTML()
    rng = random.Random(seed)

    def current():
        _, name, dice = acts[action.value]
        cov = HILL if cover.value == "3/1" else Cover(int(cover.value))
        return name, dice, cov

    def show(*_):
        name, dice, cov = current()
        rng_tiles.disabled = name == "blast"
        out.value = defense_report_html(units.value, cov, rng_tiles.value, dice, action=name,
                                        attacker_on_hill=on_hill.value)
        d = total_defense(UNIT_TYPES[units.value].base_defense, cov, rng_tiles.value,
                          blast=name == "blast", attacker_on_hill=on_hill.value)
        table.value = ("<details><summary>The whole table: chance of a hit by total defense and dice"
                       "</summary>" + odds_table_html(highlight=(d.total, dice)
                                                      if 4 <= d.total <= 12 and dice <= 4 else None)
                       + "</details>")
        rolled.value = ""

    def do_roll(_):
        name, dice, cov = current()
        d = total_defense(UNIT_TYPES[units.value].base_defense, cov, rng_tiles.value,
                          blast=name == "blast", attacker_on_hill=on_hill.value)
        r = roll(dice, d.total, rng)
        rolled.value = (f"<p style='font-size:15px'>🎲 {escape(r.text)}"
                        f"{' — ' + ('suppressed!' if name == 'suppress' else 'a casualty!') if r.hit else ''}</p>")

    for c in (units, cover, rng_tiles, action, on_hill):
        c.observe(show, names="value")
    roll_btn.on_click(do_roll)
    show()
    box = W.VBox([W.HBox([units, cover]), W.HBox([action, on_hill]), rng_tiles, out,
                  W.HBox([roll_btn, rolled]), table])
    box.controls = {"unit": units, "cover": cover, "range": rng_tiles, "action": action, "on_hill": on_hill}
    box.report = lambda: out.value
    box.roll = lambda: (do_roll(None), rolled.value)[1]
    return box


# ---------------------------------------------------------------------------------------------
# casualties

#: The drill's zones: riflemen A spread over hand, discard, draw deck, table and supply, so four
#: hits on riflemen A walk the whole order (hand, discard pile, draw deck, then the token).
DRILL_ZONES = Zones(hand=("riflemen-a", "scouts-a"),
                    table=("machine-gunners-a",),
                    discard=("riflemen-a", "fog-of-war", "machine-gunners-a"),
                    draw=("scouts-a", "riflemen-a", "squad-leader-a", "fog-of-war", "riflemen-b"),
                    supply=("riflemen-a", "machine-gunners-a", "fog-of-war"),
                    out=())


def casualty_drill(seed: int = 3):
    """The casualty drill on :data:`DRILL_ZONES`: tap the unit hit, tap the row its card comes
    from, the engine takes it (``tutor.widgets.CasualtyDrill``)."""
    from tutor.widgets import CasualtyDrill
    return CasualtyDrill(DRILL_ZONES, side="allied", seed=seed)


def worked_defense_html() -> str:
    d = total_defense(UNIT_TYPES["riflemen"].base_defense, 3, 1)
    return (f"<p>The rulebook's example: machine gunners fire at riflemen in a wood, one tile away. "
            f"<b>{escape(d.text)}</b>. With attack 2 the chance of a hit is "
            f"<b>{fraction_text(p_hit(d.total, 2))}</b>.</p>")


def hill_cases_html() -> str:
    """Hill cover 3/1 in the three cases the rule names, computed by the engine."""
    base = UNIT_TYPES["riflemen"].base_defense
    rows = []
    for label, kw in (("an attacker not on a hill", {}), ("an attacker on a hill (any hill)", {"attacker_on_hill": True}),
                      ("a blast", {"blast": True})):
        d = total_defense(base, HILL, 2, **kw)
        sum_ = f"{d.base} + {d.cover}" + (f" + {d.range}" if not kw.get("blast") else "")
        rows.append(f"<tr><td style='text-align:left'>{label}</td><td style='text-align:left'>cover {d.cover}</td>"
                    f"<td style='text-align:left'>{sum_} = <b>{d.total}</b></td></tr>")
    return ("<table style='font-size:14px' cellpadding='4'><tr><th style='text-align:left'>Riflemen on a hill, "
            "2 tiles away, against</th><th></th><th style='text-align:left'>total defense</th></tr>"
            + "".join(rows) + "</table>")


# --- questions on the board: a part of the worked example's map, John (Allies) to fire ------------

#: The tiles the questions' boards show: the map's middle two rows (14A 17B 10B 15A / 5B 11A 2A 9B).
WINDOW = ("14A", "17B", "10B", "15A", "5B", "11A", "2A", "9B")
#: Where the questions put the units: John's three on 9B, 11A and 15A; Hans's three facing them.
PLACES = {"allied": {"machine-gunners-c": "9B", "riflemen-c": "11A", "scouts-c": "15A"},
          "axis": {"riflemen-a": "17B", "scouts-b": "2A", "machine-gunners-a": "10B"}}


def fire_state(*, suppressed=(), **tiles):
    """The worked example's map in John's turn, the units where :data:`PLACES` puts them (``tiles``
    moves some: ``riflemen_a="11A"``), without control markers and objectives (combat reads
    neither), the Axis units in ``suppressed`` face down."""
    from tutor.examples.undaunted import sandbox
    s = sandbox(("machine-gunners-c",), side="allied")
    moved = {k.replace("_", "-"): v for k, v in tiles.items()}
    toks = tuple(replace(t, tile=moved.get(t.unit, PLACES[t.side].get(t.unit, t.tile)),
                         suppressed=t.side == "axis" and t.unit in suppressed) for t in s.tokens)
    board = replace(s.board, tiles=tuple(replace(t, objective=0) for t in s.board.tiles))
    return replace(s, scenario=replace(s.scenario, board=board), tokens=toks, control=((), ()))


def _previews(s, pairs) -> list:
    """The engine's preview of each (attacker, target) attack: total defense and the exact chance."""
    from tutor.undaunted.actions import preview_attack
    return [preview_attack(s, "allied", a, t) for a, t in pairs]


def _previews_html(previews) -> str:
    rows = "".join(f"<li>{card_title(p.attacker)} at {card_title(p.target)}: {escape(p.defense.text)}; attack "
                   f"{p.dice}, a hit {fraction_text(p.p_hit)}</li>" for p in previews)
    return f"<ul>{rows}</ul>" + rules_html([UR.DEFENSE, UR.RANGE, UR.DICE])


def _unit_question(key, prompt, pairs, pick, side) -> BoardQuestion:
    """Tap a unit of ``side``: the one(s) ``pick`` chooses among the engine's previews of ``pairs``."""
    s = fire_state()

    def places():
        previews = _previews(s, pairs)
        chosen = pick(previews)
        return frozenset(f"{side}:{p.attacker if side == 'allied' else p.target}" for p in chosen), \
            _previews_html(previews)
    return BoardQuestion(key, prompt, s, places, hint=(UR.DEFENSE, UR.RANGE, UR.DICE), taps="unit", window=WINDOW,
                         name=lambda k: card_title(k.split(":")[1]))


def _best(previews, value, most=True):
    best = (max if most else min)(value(p) for p in previews)
    return [p for p in previews if value(p) == best]


FOES = tuple(PLACES["axis"])


def _q_total() -> BoardQuestion:
    return _unit_question(
        "25.total", f"<p>John's {card_title('machine-gunners-c')} on 9B attacks. <b>Tap the Axis unit whose total "
        "defense against it is 7.</b></p>", [("machine-gunners-c", t) for t in FOES],
        lambda ps: [p for p in ps if p.defense.total == 7], "axis")


def _q_shooter() -> BoardQuestion:
    return _unit_question(
        "25.shooter", f"<p>John wants to hit Hans's {card_title('riflemen-a')} on 17B. <b>Tap John's unit with the "
        "best chance to hit it</b>, each rolling its card's attack value.</p>",
        [(a, "riflemen-a") for a in PLACES["allied"]], lambda ps: _best(ps, lambda p: p.p_hit), "allied")


def _q_cover_tile() -> BoardQuestion:
    s = fire_state(riflemen_a="11A", riflemen_c="7A")
    near = s.board.within("11A", 0, 1)

    def places():
        previews = {t: _previews(fire_state(riflemen_a=t, riflemen_c="7A"),
                                 [("machine-gunners-c", "riflemen-a")])[0] for t in near}
        best = max(p.defense.total for p in previews.values())
        rows = "".join(f"<li>{t}: {escape(p.defense.text)}</li>" for t, p in sorted(previews.items()))
        return (frozenset(t for t, p in previews.items() if p.defense.total == best),
                f"<p>Against the {card_title('machine-gunners-c')} on 9B:</p><ul>{rows}</ul>"
                + rules_html([UR.DEFENSE, UR.RANGE, UR.HILL]))
    return BoardQuestion("25.cover-tile", f"<p>Before John's {card_title('machine-gunners-c')} on 9B fires, Hans's "
                         f"{card_title('riflemen-a')} on 11A may step to a tile next to it, or stay. <b>Tap the "
                         "tile where it would be hardest to hit.</b></p>", s, places,
                         hint=(UR.DEFENSE, UR.RANGE, UR.HILL), window=(*near, "9B"))


def _q_suppress() -> BoardQuestion:
    from tutor.undaunted import LoadedDice, Play, apply
    s = fire_state(suppressed=("scouts-b",))

    def places():
        nothing, said = set(), []
        for t in FOES:
            step = apply(s, Play("allied", "machine-gunners-c", "suppress", target=t), LoadedDice([0] * 4))
            if any(e.kind == "suppress-none" for e in step.events):
                nothing.add(f"axis:{t}")
            said.append(f"<li>{escape(words(step.events[-1].text))}</li>")
        return frozenset(nothing), f"<ul>{''.join(said)}</ul>" + rules_html([UR.SUPPRESS, UR.TOKENS])
    return BoardQuestion("25.suppress", f"<p>John's {card_title('machine-gunners-c')} on 9B uses <b>suppress 4</b> "
                         "and rolls a hit. A suppressed token is drawn gray with a dashed edge. <b>Tap the Axis unit "
                         "on which that hit changes nothing.</b></p>", s, places, hint=(UR.SUPPRESS,), taps="unit",
                         window=WINDOW, name=lambda k: card_title(k.split(":")[1]))


def _numbers(*values: int) -> tuple[str, ...]:
    """Distinct choices in increasing order."""
    return tuple(str(v) for v in sorted(set(values)))


def _q_hill() -> Question:
    # Not the hill table above (2 tiles): 3 tiles, so the learner adds it up.
    d = total_defense(UNIT_TYPES["riflemen"].base_defense, HILL, 3, attacker_on_hill=True)
    choices = _numbers(d.total, d.total + 2, d.total - d.range, d.total + 3)

    def rule_fn():
        return str(d.total), f"<p>{escape(d.text)}.</p>" + rule_html(UR.HILL)
    return Question("25.hill", "<p>Riflemen stand on a <b>hill (cover 3/1)</b>. The enemy sniper, itself on "
                    "<b>another hill</b> 3 tiles away, attacks them. Total defense?</p>", choices, rule_fn)


def _q_odds() -> Question:
    # Not the worked example above (defense 8, two dice): defense 11, three dice, where only 0 hits.
    total, dice = 11, 3
    one, hit = p_die(total), p_hit(total, dice)
    choices = tuple(fraction_text(f) for f in sorted({hit, dice * one, one, one ** dice}))

    def rule_fn():
        return fraction_text(hit), (f"<p>No face reaches {total}, but a 0 always hits: {fraction_text(one)} per die. "
                                    f"Three dice all miss with chance ({fraction_text(1 - one)})³ = "
                                    f"{fraction_text((1 - one) ** dice)}, so at least one hits with "
                                    f"{fraction_text(hit)}. Two hitting dice would still be one hit.</p>"
                                    + rule_html(UR.DICE))
    return Question("25.odds", f"<p>Total defense <b>{total}</b>, attack <b>{dice}</b> (three ten-sided dice, faces "
                    "0–9). What is the exact chance of a hit?</p>", choices, rule_fn)


def _zones_picture(z: Zones) -> str:
    """A side's zones for a casualty question: the five a casualty looks at (or must not), the
    draw deck face up, the rows low and narrow so the picture stays small."""
    return zones_html(z, open_draw=True, zones=("hand", "table", "discard", "draw", "supply"), width=300, card_h=50)


def _q_casualty_token() -> Question:
    z = Zones(hand=("scouts-a",), table=("riflemen-a",), discard=("fog-of-war",), draw=("riflemen-b",),
              supply=("riflemen-a", "riflemen-a"))
    choices = ("From the supply", "From the table", "The token leaves the board", "No effect")
    prompt = (f"<p>Your {card_title('riflemen-a')} is hit, its token on the map. Your cards lie like this. "
              "What happens?</p>"
              + _zones_picture(z))

    def rule_fn():
        c = casualty(z, "riflemen-a", random.Random(0), token_on_board=True)
        ans = "The token leaves the board" if c.token_removed else f"From the {c.removed_from}"
        return ans, f"<p>{escape(words(c.text))}.</p>" + rules_html([UR.CASUALTY_TOKEN, UR.TOKEN_RETURN])
    return Question("25.casualty.token", prompt, choices, rule_fn)


def questions() -> list[Question | BoardQuestion]:
    return [_q_total(), _q_hill(), _q_shooter(), _q_odds(), _q_cover_tile(), _q_suppress(), _q_casualty_token()]
