"""Chapter 27, Undaunted: end of game — objectives, Pinning the Enemy, Beyond All Hope.

Every verdict is ``tutor.undaunted.victory.decide`` on a state built from the worked example's board.
Try: :func:`objective_board` (the live board, one objective short of victory: move and take control,
and the game ends the moment the total is reached) and :func:`victory_widget` (choose which
objectives each side controls, whether each side's riflemen are eliminated, the victory conditions
and the initiative holder). Check: :func:`questions`.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.examples.undaunted import worked_start
from tutor.explain import rule_html
from tutor.quiz import BoardQuestion, Question
from tutor.render.undaunted import card_title, words
from tutor.sides import SIDE_NAMES, side_verb
from tutor.undaunted import rules as UR
from tutor.undaunted.state import Victory
from tutor.undaunted.victory import RIFLEMEN, army_pinned, beyond_all_hope, decide

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="27-undaunted-end-of-game.ipynb",
    title="Undaunted: end of game",
    game=UNDAUNTED,
    teaches="Tell when the game ends: objectives, Pinning the Enemy, Beyond All Hope.",
    seed=UND,
    heading="KONEC HRY",
    concepts=("u-goal", "u-end"),
    handout=Handout(
        rules=("und.victory", "und.victory.objectives", "und.victory.suppress", "und.victory.both",
               "und.victory.hopeless"),
        pictures="und-end",
    ),
    preheat=True,
)

SIDES = ("allied", "axis")
OBJECTIVES_5 = Victory(5)
#: where casualties take a card from (BOJOVÉ AKCE, 4. ZTRÁTY); never the table, never the supply
CASUALTY_ZONES = ("hand", "discard", "draw")


def objective_tiles() -> list[tuple[str, int]]:
    return [(t.id, t.objective) for t in worked_start().board.tiles if t.objective]


def situation(*, allied_controls=(), axis_controls=(), allied_riflemen=True, axis_riflemen=True,
              allied_victory=OBJECTIVES_5, axis_victory=OBJECTIVES_5, initiative="allied",
              allied_riflemen_cards=True, axis_riflemen_cards=True):
    """A state on the worked example's board: objectives controlled per side (others merely scouted),
    riflemen eliminated or not, riflemen cards in or out of the game, conditions, initiative.

    ``allied_riflemen=False`` eliminates every allied riflemen unit as casualties do (BOJOVÉ AKCE,
    4. ZTRÁTY): each card of it in hand, discard or draw deck out of the game, then its token off
    the board; its cards in the supply stay ("Ze zálohy se karta nevyřazuje!")."""
    s = worked_start()
    obj = {t for t, _ in objective_tiles()}
    control = []
    for side, mine in (("allied", allied_controls), ("axis", axis_controls)):
        m = {t: st for t, st in s.control_markers(side).items() if t not in obj}
        for t in mine:
            m[t] = "controlled"
        control.append(tuple(sorted(m.items())))
    keep = {"allied": allied_riflemen, "axis": axis_riflemen}
    toks = tuple(replace(t, tile=None, suppressed=False, eliminated=True)
                 if t.unit in RIFLEMEN and not keep[t.side] else t for t in s.tokens)
    zones = list(s.zones)
    for i, side in enumerate(SIDES):
        if not keep[side]:
            z = zones[i]
            lost = tuple(c for zn in CASUALTY_ZONES for c in getattr(z, zn) if c in RIFLEMEN)
            zones[i] = replace(z, **{zn: tuple(c for c in getattr(z, zn) if c not in RIFLEMEN)
                                     for zn in CASUALTY_ZONES}, out=z.out + lost)
        has = allied_riflemen_cards if side == "allied" else axis_riflemen_cards
        if not has:
            z = zones[i]
            gone = [c for zn in ("hand", "table", "discard", "draw", "supply") for c in getattr(z, zn)
                    if c.startswith("riflemen")]
            strip = {zn: tuple(c for c in getattr(z, zn) if not c.startswith("riflemen"))
                     for zn in ("hand", "table", "discard", "draw", "supply")}
            zones[i] = replace(z, **strip, out=z.out + tuple(gone))
    sc = replace(s.scenario, victory=(allied_victory, axis_victory))
    return replace(s, scenario=sc, control=tuple(control), tokens=toks, zones=tuple(zones), initiative=initiative)


def lean(s):
    """``s`` drawn for a question: of the control markers only those controlled side up on an
    objective (what victory counts), and no spawn markers; the verdict on it is the same."""
    obj = {t for t, _ in objective_tiles()}
    control = tuple(tuple((t, st) for t, st in c if st == "controlled" and t in obj) for c in s.control)
    board = replace(s.board, deployments=())
    return replace(s, control=control, scenario=replace(s.scenario, board=board))


def last_objective_state():
    """Hans (axis) holds 17B, 12A and 5B (worth 4 of the 5 he needs), his Rifleman A stands on 17B
    and his marker on the objective 2A is scouted; he plays with two Rifleman A cards in hand. Drawn
    :func:`lean`: the other scouted markers and the spawn markers play no part here."""
    s = lean(situation(axis_controls=("17B", "12A", "5B")))
    control = (s.control[0], tuple(sorted({**s.control_markers("axis"), "2A": "scouted"}.items())))
    toks = tuple(replace(t, tile="17B") if (t.side, t.unit) == ("axis", "riflemen-a") else t for t in s.tokens)
    zones = (s.zones[0], replace(s.zones[1], hand=("riflemen-a", "riflemen-a")))
    return replace(s, control=control, tokens=toks, zones=zones, phase="turn", active="axis", initiative="axis")


def objective_board(seed: int = 27):
    """The live board one objective short of victory (``UndauntedBoard``)."""
    from tutor.widgets import UndauntedBoard
    return UndauntedBoard(last_objective_state(), seed=seed)


def _entered(s, side: str, unit: str, tile: str):
    """``s`` with ``side``'s ``unit`` back on the board at ``tile`` (not eliminated)."""
    return replace(s, tokens=tuple(replace(t, tile=tile, eliminated=False) if (t.side, t.unit) == (side, unit)
                                   else t for t in s.tokens))


def never_deployed(s, side: str, unit: str):
    """``s`` with ``side``'s ``unit`` off the board because it has not entered yet (not eliminated)."""
    toks = tuple(replace(t, tile=None, suppressed=False, eliminated=False)
                 if (t.side, t.unit) == (side, unit) else t for t in s.tokens)
    return replace(s, tokens=toks)


def _per_side(label: str, test) -> str:
    return f"{label}: Allies {'yes' if test('allied') else 'no'}, Axis {'yes' if test('axis') else 'no'}."


def facts_text(s) -> str:
    """The facts the verdict rests on, in words."""
    holds = f"The {SIDE_NAMES[s.initiative]} {side_verb(s.initiative, 'hold', 'holds')}"
    return (f"Objectives held: Allies {s.objectives_held('allied')}, Axis {s.objectives_held('axis')}. "
            + _per_side("Army pinned", lambda side: army_pinned(s, side)) + " "
            + _per_side("Beyond all hope", lambda side: beyond_all_hope(s, side))
            + f" {holds} the initiative.")


def verdict_html(s) -> str:
    v = decide(s)
    facts = facts_text(s)
    if v is None:
        head = "<p style='font-size:16px'><b>The game goes on.</b> No victory condition is met.</p>"
        return head + f"<p style='color:#555'>{escape(facts)}</p>"
    winner, text, rule = v
    wins = f"The {SIDE_NAMES[winner]} {side_verb(winner, 'win', 'wins')}."
    return (f"<p style='font-size:16px'><b>{wins}</b> {escape(words(text))}.</p>"
            f"<p style='color:#555'>{escape(facts)}</p>" + rule_html(rule))


def victory_widget():
    import ipywidgets as W
    opts = [(f"{t} (worth {v})", t) for t, v in objective_tiles()]
    a_ctrl = W.SelectMultiple(options=opts, value=(), description="Allies control", rows=5,
                              style={"description_width": "110px"})
    x_ctrl = W.SelectMultiple(options=opts, value=("17B",), description="Axis control", rows=5,
                              style={"description_width": "110px"})
    a_rif = W.Checkbox(value=True, description="Riflemen not eliminated", indent=False)
    x_rif = W.Checkbox(value=True, description="Riflemen not eliminated", indent=False)
    a_cards = W.Checkbox(value=True, description="Rifleman cards left", indent=False)
    x_cards = W.Checkbox(value=True, description="Rifleman cards left", indent=False)
    a_goal = W.Dropdown(options=[("take objectives worth 5", "obj"), ("pin the enemy", "sup")],
                        value="obj", description="Allies must", style={"description_width": "110px"})
    x_goal = W.Dropdown(options=[("take objectives worth 5", "obj"), ("pin the enemy", "sup")],
                        value="obj", description="Axis must", style={"description_width": "110px"})
    init = W.ToggleButtons(options=[("Allies", "allied"), ("Axis", "axis")], value="allied",
                           description="Initiative", style={"description_width": "110px"})
    out = W.HTML()

    def goal(v):
        return Victory(5) if v == "obj" else Victory(None, True)

    def show(*_):
        s = situation(allied_controls=a_ctrl.value, axis_controls=x_ctrl.value, allied_riflemen=a_rif.value,
                      axis_riflemen=x_rif.value, allied_victory=goal(a_goal.value),
                      axis_victory=goal(x_goal.value), initiative=init.value,
                      allied_riflemen_cards=a_cards.value, axis_riflemen_cards=x_cards.value)
        out.value = verdict_html(s)

    for c in (a_ctrl, x_ctrl, a_rif, x_rif, a_cards, x_cards, a_goal, x_goal, init):
        c.observe(show, names="value")
    show()
    box = W.VBox([W.HBox([W.VBox([a_goal, a_ctrl, a_rif, a_cards]), W.VBox([x_goal, x_ctrl, x_rif, x_cards])]),
                  init, out])
    box.controls = {"allied_controls": a_ctrl, "axis_controls": x_ctrl, "allied_riflemen": a_rif, "axis_riflemen": x_rif,
                        "allied_cards": a_cards, "axis_cards": x_cards, "allied_goal": a_goal, "axis_goal": x_goal,
                        "initiative": init}
    box.verdict = lambda: out.value
    return box


# --- questions ------------------------------------------------------------------------------

#: The part of the map each board question shows: the objective tiles, the Allied units (rows
#: 2-3), the Axis units (row 0).
OBJECTIVE_ROWS = ("12A", "17B", "5B", "2A", "9B")
WINDOWS = {"allied": ("5B", "11A", "2A", "9B", "1A", "4B", "7A", "13B"), "axis": ("8A", "3B", "12A", "6B")}


NAMES = {"allied": "The Allies", "axis": "The Axis", None: "Nobody yet"}


def _winner_question(key, prompt, choices, build, hint=()) -> Question:
    def rule_fn():
        s = build()
        v = decide(s)
        return NAMES[v[0] if v else None], verdict_html(s)
    return Question(key, prompt, choices, rule_fn, hint)


def _winning_objective(key, prompt, side, held, victory=OBJECTIVES_5) -> BoardQuestion:
    """Tap the objective whose control would win ``side`` the game (``decide`` on each)."""
    def build(extra=()):
        kw = {"allied_victory": victory} if side == "allied" else {"axis_victory": victory}
        return lean(situation(**{f"{side}_controls": (*held, *extra)}, **kw))

    def places():
        wins = {t: decide(build((t,))) for t, _ in objective_tiles() if t not in held}
        rows = "".join(f"<li>{t}: {escape(words(v[1])) if v else 'not yet a win'}</li>" for t, v in wins.items())
        return (frozenset(t for t, v in wins.items() if v and v[0] == side),
                f"<ul>{rows}</ul>" + rule_html(UR.VICTORY_OBJECTIVES) + rule_html(UR.OBJECTIVES))
    return BoardQuestion(key, prompt, build(), places, hint=(UR.VICTORY_OBJECTIVES, UR.OBJECTIVES),
                         window=OBJECTIVE_ROWS)


def _pinning_unit(key, prompt, side, build) -> BoardQuestion:
    """Tap the enemy unit whose elimination would win ``side`` the game (``decide`` on each)."""
    foe = "axis" if side == "allied" else "allied"
    s = lean(build())

    def gone(unit):
        return replace(s, tokens=tuple(replace(t, tile=None, suppressed=False, eliminated=True)
                                       if (t.side, t.unit) == (foe, unit) else t for t in s.tokens))

    def places():
        verdicts = {t.unit: decide(gone(t.unit)) for t in s.tokens_of(foe)}
        rows = "".join(f"<li>{card_title(u)}: {escape(words(v[1])) if v else 'the game goes on'}</li>"
                       for u, v in verdicts.items())
        return (frozenset(f"{foe}:{u}" for u, v in verdicts.items() if v and v[0] == side),
                f"<ul>{rows}</ul>" + rule_html(UR.VICTORY_SUPPRESS))
    return BoardQuestion(key, prompt, s, places, hint=(UR.VICTORY_SUPPRESS,), taps="unit", window=WINDOWS[foe],
                         name=lambda k: card_title(k.split(":")[1]))


def questions() -> list[Question]:
    c3 = ("The Allies", "The Axis", "Nobody yet")
    return [
        _winning_objective(
            "27.objectives", "<p>Both sides need objectives worth <b>5</b>. The Axis controls 12A, 2A and 5B. "
            "<b>Tap the objective that would win the Axis the game.</b></p>", "axis", ("12A", "2A", "5B")),
        _pinning_unit(
            "27.suppress", "<p>The Axis must <b>pin the enemy</b>. "
            "<b>Tap the Allied unit whose elimination would win the Axis the game.</b></p>", "axis",
            lambda: situation(axis_victory=Victory(None, True))),
        _pinning_unit(
            "27.pin-axis", "<p>The Allies must <b>pin the enemy</b>. The Axis Rifleman A unit is "
            "eliminated; Rifleman B has entered on 6B. <b>Tap the Axis unit whose elimination "
            "would win the Allies the game.</b></p>", "allied",
            lambda: _entered(situation(axis_riflemen=False, allied_victory=Victory(None, True)), "axis",
                             "riflemen-b", "6B")),
        _winner_question(
            "27.undeployed",
            "<p>The Allies must <b>pin the enemy</b>. They have eliminated the Axis Rifleman A unit; "
            "the Axis Rifleman B unit has <b>never entered the board</b>. Who has won?</p>", c3,
            lambda: never_deployed(situation(axis_riflemen=False, allied_victory=Victory(None, True)),
                                   "axis", "riflemen-b"), hint=(UR.VICTORY_SUPPRESS,)),
        _winner_question(
            "27.both",
            "<p>Both sides need objectives worth 5, and <b>both</b> have lost every Riflemen unit. The "
            "Allies hold 9B (1), the Axis 12A (1). The <b>Axis</b> holds the initiative. Who wins?</p>",
            c3, lambda: situation(allied_controls=("9B",), axis_controls=("12A",), allied_riflemen=False,
                                  axis_riflemen=False, initiative="axis")),
        _winner_question(
            "27.hopeless",
            "<p>Both need objectives worth 5. Every Allied Riflemen unit is eliminated and "
            "<b>every Allied Rifleman card is out of the game</b>. The Axis holds 12A and 17B (3), the "
            "Allies 9B (1). Who has won?</p>", c3,
            lambda: situation(allied_controls=("9B",), axis_controls=("12A", "17B"), allied_riflemen=False,
                              allied_riflemen_cards=False)),
    ]


def rules_in_order():
    return (UR.GAME_END, UR.VICTORY_OBJECTIVES, UR.OBJECTIVES, UR.VICTORY_SUPPRESS, UR.VICTORY_BOTH, UR.HOPELESS,
            UR.HOPELESS_WIN)
