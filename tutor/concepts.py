"""Every idea before its use: the concepts the course teaches, where each is taught, and what every
example, check-yourself question and link to a whole battle needs.

One table, kept beside the course's registry (``tutor.course``) and checked by
``tests/test_concept_order.py``:

* :data:`CONCEPTS` — each concept: a short id and the name a learner knows it by;
* :data:`TEACHES` — each page in reading order (``course.reading_order()``: a game's start page,
  then its chapters; each page's module declares its concepts) and each page beside the course
  that a page links to (*Play a battle*, *Play La Raye*): the concepts it teaches;
* :data:`EXAMPLES` — each worked example or drill a page shows (a call of its chapter module in the
  notebook's code, :func:`examples_on`): the concepts it needs;
* :data:`NEEDS` — each check-yourself question, by its key (``tutor.quiz.Question.key``): the
  concepts it needs;
* :data:`BATTLES` — each whole battle to play: the concepts its map needs; :data:`LINKS` — each
  page that links to one, and the chapters the link names as read first.

A page may use what it teaches itself and what the pages before it in its own game teach (a
learner may start with either game); a link to a battle that names chapters may also count on
those. The test fails when a question or example has no line here, when a line names a question
or example that no longer exists, and when anything needs a concept taught later or nowhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tutor import course

#: Each concept: id → the name a learner knows it by.
CONCEPTS: dict[str, str] = {
    # Memoir '44
    "hexes": "the hex board and how a hex is named",
    "sections": "the three sections: left flank, center, right flank",
    "medals": "victory medals: one for each enemy unit eliminated",
    "objective-medals": "medals for holding marked hexes",
    "temporary-objective": "temporary objectives",
    "permanent-objective": "permanent objectives",
    "majority-objective": "majority objectives",
    "sudden-death": "sudden-death objectives",
    "turn": "the turn: play a card, order, move, battle, draw",
    "units": "infantry, armor and artillery",
    "figures": "figures: how many a unit has",
    "section-cards": "section cards",
    "tactic-cards": "tactic cards",
    "orders": "ordering units",
    "order-limits": "one order a unit; orders left unused are lost",
    "recon": "Recon cards: draw two, keep one",
    "setup": "setting up a battle",
    "movement": "how far each unit moves",
    "no-passing": "no moving through other units",
    "terrain-stops": "terrain that stops a move or forbids battle after it",
    "impassable": "impassable terrain: rivers and lakes",
    "bridges": "bridges",
    "beaches": "beaches and the ocean",
    "line-of-sight": "line of sight",
    "grazing": "a line of sight along hex edges",
    "height": "terrain height",
    "lake-sight": "lakes and line of sight",
    "range-dice": "battle dice by range",
    "close-combat": "close combat",
    "protection": "protection: fewer dice against a unit in cover",
    "no-stacking": "protections in one hex do not add up",
    "hills": "hills: protection and sight",
    "steep-hills": "steep hills and mountains",
    "dice-faces": "the faces of a battle die",
    "hits": "hits and misses",
    "retreat": "flags and retreat",
    "blocked-retreat": "a retreat that cannot be made",
    "take-ground": "take ground",
    "overrun": "armor overrun",
    "bunkers": "bunkers",
    "hedgehogs": "hedgehogs",
    "wire": "barbed wire",
    "sandbags": "sandbags",
    "special-forces": "special forces: elite infantry, the French resistance, elite armor",
    "air-power": "the Air Power card",
    "air-superiority": "the air superiority table",
    "team-play": "team play: a hand each and a common card",
    "young-generals": "Young Generals",
    "overlord": "Operation Overlord: the chief and his generals",
    # Undaunted: Normandy
    "u-goal": "how a game is won: objectives, Pinning the Enemy, Beyond All Hope",
    "u-round": "the round: draw four, bid for initiative, play",
    "u-initiative": "the initiative bid and the initiative token",
    "u-units": "a unit: its cards and its token",
    "u-base-defense": "base defense",
    "u-total-defense": "total defense and the ten-sided dice",
    "u-cards": "combat, command and Fog of War cards",
    "u-squads": "squads and the cards that belong to none",
    "u-zones": "hand, table, discard pile, draw deck and supply",
    "u-suppressed": "a suppressed unit",
    "u-tiles": "tiles, cover and control markers",
    "u-no-sight": "no line of sight",
    "u-setup": "setting up: the draw deck and the supply",
    "u-la-raye": "La Raye, scenario 1",
    "u-discard": "the end of a turn: hand and table to the discard pile",
    "u-reshuffle": "an empty draw deck",
    "u-hunker": "hunker down",
    "u-move": "move and guide",
    "u-scout": "scout: control markers and Fog of War",
    "u-stalk": "stalk",
    "u-fog": "Fog of War cards",
    "u-support": "support actions: bolster, command, conceal, control, inspire, recon, target",
    "u-control": "taking control of a tile",
    "u-attack": "attacking: total defense, dice and hits",
    "u-hills": "hills: cover 3/1",
    "u-casualties": "casualties: where the lost card comes from",
    "u-suppress": "suppress and blast",
    "u-end": "the end of the game in full",
    "u-platoon": "what each card of the platoon is for",
}

#: The pages in reading order and the battles beside them: the concepts each teaches (a page's own
#: declaration says what it teaches, ``tutor.course.Chapter.concepts``).
TEACHES: dict[str, tuple[str, ...]] = {
    **{p.notebook: p.concepts for p in course.reading_order()},
    # the battles beside the course teach nothing new: they need what the chapters taught
    "play-a-battle.ipynb": (),
    "play-la-raye.ipynb": (),
}

_TURN = ("turn", "section-cards", "orders", "units", "figures", "movement", "range-dice", "dice-faces")

#: Each whole battle beside the course: the concepts its map and its deck need.
BATTLES: dict[str, tuple[str, ...]] = {
    # Pegasus Bridge: all infantry; the full deck; rivers, a pond, towns, woods, two bridges, wire,
    # sandbags, an Allied medal on each bridge (tutor.chapters.ch02)
    "play-a-battle.ipynb": (*_TURN, "medals", "objective-medals", "sections", "tactic-cards", "order-limits",
                            "recon", "no-passing", "terrain-stops", "impassable", "bridges", "line-of-sight",
                            "lake-sight", "close-combat", "protection", "no-stacking", "hits", "retreat",
                            "blocked-retreat", "take-ground", "wire", "sandbags"),
    # La Raye: riflemen, scouts, machine gunners and leaders, objectives worth 5, Fog of War
    "play-la-raye.ipynb": ("u-goal", "u-round", "u-initiative", "u-units", "u-cards", "u-zones", "u-tiles",
                           "u-fog", "u-move", "u-scout", "u-support", "u-control", "u-attack", "u-casualties",
                           "u-suppress"),
}

#: Each page that links to a battle: (page, battle) → the chapter numbers the link names as the
#: ones to read first (() when the page comes after everything the battle needs).
LINKS: dict[tuple[str, str], tuple[int, ...]] = {
    # "Your first game: read the chapters marked ➜ (…), then Play a battle"
    ("00-start-memoir.ipynb", "play-a-battle.ipynb"): (1, 2, 3, 4, 5, 6, 7, 8, 9, 11),
    ("09-obstacles.ipynb", "play-a-battle.ipynb"): (),
    ("20-start-undaunted.ipynb", "play-la-raye.ipynb"): (1, 2, 3, 4, 5, 7),
}

#: Each worked example, table or drill a page shows (``module.function``, :func:`examples_on`):
#: the concepts it needs.
EXAMPLES: dict[str, dict[str, tuple[str, ...]]] = {
    "00-start-memoir.ipynb": {
        "start_memoir.FirstTurn": _TURN,
        "start_memoir.units_table": ("units", "figures", "movement", "range-dice"),
        "start_memoir.dice_table": ("dice-faces", "units"),
        "start_memoir.chapter_map": (),
    },
    "01-battlefield-and-line-of-sight.ipynb": {
        "ch01.board": ("hexes", "sections"),
        "ch01.gallery": ("line-of-sight", "grazing", "height", "lake-sight"),
        "ch01.edges_conflict": ("grazing",),
    },
    "02-setup-pegasus-bridge.ipynb": {
        "ch02.counts_table": ("setup",),
        "ch02.walk": ("setup", "sections", "units", "figures", "medals", "objective-medals", "section-cards"),
    },
    "03-command-cards-and-orders.ipynb": {
        "ch03.deck_table": ("section-cards", "tactic-cards", "recon"),
        "ch03.order_board": ("sections", "section-cards", "orders", "order-limits"),
    },
    "04-movement.ipynb": {
        "ch04.show_moves": ("movement", "no-passing", "terrain-stops", "impassable", "beaches"),
        "ch04.hedgerow_story": ("movement", "terrain-stops"),
        "ch04.drill": ("movement", "no-passing", "terrain-stops", "impassable"),
    },
    "05-battle-range-dice-line-of-sight.ipynb": {
        "ch05.show_targets": ("range-dice", "close-combat", "line-of-sight"),
        "ch05.dice_table": ("units", "range-dice"),
        "ch05.dice_example": ("range-dice", "protection", "no-stacking"),
    },
    "06-terrain-and-height.ipynb": {
        "ch06.terrain_table": ("terrain-stops", "protection", "line-of-sight", "height"),
        "ch06.moves_example": ("movement", "height", "steep-hills"),
        "ch06.explorer": ("line-of-sight", "height", "hills"),
    },
    "07-hits-flags-and-retreat.ipynb": {
        "ch07.faces_table": ("dice-faces", "units"),
        "ch07.DiceResolver": ("dice-faces", "hits", "retreat"),
        "ch07.retreat_example": ("retreat", "blocked-retreat"),
        "ch07.drill": ("retreat", "blocked-retreat", "impassable"),
    },
    "08-take-ground-and-armor-overrun.ipynb": {
        "ch08.show_cases": ("close-combat", "range-dice", "units", "hits", "take-ground", "terrain-stops", "overrun"),
        "ch08.show_play": ("close-combat", "hits", "retreat", "take-ground", "overrun", "terrain-stops"),
        "ch08.drill": ("close-combat", "hits", "retreat", "take-ground", "overrun"),
    },
    "09-obstacles.ipynb": {
        "ch09.show_dice": ("range-dice", "protection", "no-stacking", "bunkers", "hills"),
        "ch09.show_retreat": ("retreat", "sandbags", "bunkers"),
        "ch09.wire_story": ("wire", "movement", "close-combat"),
        "ch09.drill": ("range-dice", "protection", "retreat", "bunkers", "hedgehogs", "wire", "sandbags"),
    },
    "10-special-forces.ipynb": {
        "ch10.units_table": ("special-forces", "units", "figures", "movement"),
        "ch10.show_compare": ("special-forces", "movement", "terrain-stops"),
        "ch10.show_resistance_retreat": ("special-forces", "retreat"),
        "ch10.drill": ("special-forces", "movement", "terrain-stops"),
    },
    "11-objectives-and-medals.ipynb": {
        "ch11.show_elimination": ("medals", "hits"),
        "ch11.objectives_table": ("temporary-objective", "permanent-objective", "majority-objective",
                                  "sudden-death"),
        "ch11.show_story": ("objective-medals", "temporary-objective", "permanent-objective", "movement"),
        "ch11.drill": ("objective-medals", "temporary-objective", "permanent-objective", "majority-objective",
                       "sudden-death", "movement"),
    },
    "12-air-power.ipynb": {
        "ch12.superiority_table": ("air-superiority",),
        "ch12.worked_example": ("air-power", "air-superiority", "hits", "retreat", "sandbags"),
        "ch12.AirStrike": ("air-power", "hits", "retreat", "sandbags"),
    },
    "13-team-play.ipynb": {
        "ch13.distribution_table": ("team-play",),
        "ch13.deal": ("team-play",),
        "ch13.table_svg": ("team-play",),
        "ch13.turn_order": ("team-play", "turn"),
        "ch13.turn_order_html": ("team-play", "turn"),
        "ch13.AllianceTable": ("team-play", "section-cards", "tactic-cards"),
        "ch13.YoungGenerals": ("young-generals", "section-cards", "take-ground", "overrun"),
    },
    "14-operation-overlord.ipynb": {
        "ch14.commands_board": ("overlord", "sections"),
        "ch14.initiative_table": ("overlord",),
        "ch14.ChiefDesk": ("overlord", "section-cards", "tactic-cards"),
    },
    "20-start-undaunted.ipynb": {
        "start_undaunted.goal": ("u-goal",),
        "start_undaunted.FirstRound": ("u-round", "u-initiative", "u-cards"),
        "start_undaunted.units_table": ("u-units", "u-base-defense", "u-initiative"),
        "start_undaunted.dice_html": ("u-total-defense",),
        "start_undaunted.chapter_map": (),
    },
    "21-undaunted-components-and-setup.ipynb": {
        "und21.card_kinds_svg": ("u-cards",),
        "und21.unit_table_html": ("u-units", "u-squads", "u-base-defense"),
        "und21.la_raye_html": ("u-la-raye", "u-goal"),
        "und21.setup_widget": ("u-setup", "u-zones"),
    },
    "22-undaunted-the-round.ipynb": {
        "und22.deck_widget": ("u-zones", "u-discard", "u-reshuffle"),
        "und22.initiative_widget": ("u-initiative",),
        "und22.turn_board": ("u-round", "u-hunker", "u-cards"),
    },
    "23-undaunted-movement-and-fog-of-war.ipynb": {
        "und23.sneak_conflict_html": ("u-stalk",),
        "und23.move_board": ("u-move", "u-scout", "u-stalk", "u-tiles", "u-fog"),
    },
    "24-undaunted-support-actions.ipynb": {
        "und24.support_table_html": ("u-support", "u-zones"),
        "und24.support_board": ("u-support", "u-control", "u-zones", "u-fog"),
    },
    "25-undaunted-combat-and-casualties.ipynb": {
        "und25.worked_defense_html": ("u-total-defense", "u-tiles"),
        "und25.hill_cases_html": ("u-hills",),
        "und25.casualty_drill": ("u-casualties", "u-zones", "u-attack"),
    },
    "26-undaunted-worked-round.ipynb": {
        "und26.worked_round_widget": ("u-round", "u-initiative", "u-scout", "u-move", "u-control", "u-support",
                                      "u-attack", "u-casualties"),
        "und26.round_board": ("u-tiles",),
    },
    "27-undaunted-end-of-game.ipynb": {
        "und27.objective_board": ("u-goal", "u-control"),
    },
    "28-undaunted-the-platoon.ipynb": {
        "und28.deck_size_html": ("u-cards", "u-setup"),
        "und28.table_widget": ("u-platoon", "u-squads"),
        "und28.card_widget": ("u-platoon",),
        "und28.roles_board": ("u-platoon", "u-tiles"),
    },
}

#: Each check-yourself question, by key: the concepts it needs.
NEEDS: dict[str, tuple[str, ...]] = {
    # 1. The battlefield and line of sight
    "01.sections": ("hexes", "sections"),
    "01.los.edges": ("hexes", "line-of-sight", "grazing"),
    "01.los.heights": ("hexes", "line-of-sight", "height"),
    "01.los.unit": ("hexes", "line-of-sight"),
    # 2. Setting up
    "02.pond": ("setup", "line-of-sight", "lake-sight"),
    "02.figures": ("setup", "figures"),
    "02.axis-hand": ("setup", "turn"),
    "02.bridge-medal": ("setup", "medals", "objective-medals"),
    "02.order": ("setup",),
    "02.left-flank": ("setup", "sections"),
    # 3. Command cards and orders
    "03.probe": ("section-cards", "orders", "sections"),
    "03.dashed": ("section-cards", "sections"),
    "03.once": ("orders", "order-limits"),
    "03.lost": ("section-cards", "order-limits"),
    "03.no-units": ("section-cards", "order-limits"),
    # 4. Movement
    "04.no-passing": ("movement", "no-passing"),
    "04.woods-stop": ("movement", "terrain-stops"),
    "04.infantry-battle": ("movement",),
    # 5. Battle
    "05.close-combat": ("close-combat", "range-dice", "line-of-sight"),
    "05.range": ("range-dice", "protection", "no-stacking", "hills"),
    "05.sight": ("range-dice", "line-of-sight", "close-combat"),
    "05.artillery": ("range-dice", "protection"),
    # 6. Terrain and height
    "06.bridge": ("movement", "impassable", "bridges", "no-passing"),
    "06.steep": ("movement", "steep-hills", "terrain-stops", "height"),
    "06.hill-above": ("range-dice", "protection", "hills", "height"),
    "06.low-woods": ("line-of-sight", "height", "hills"),
    # 7. Hits, flags and retreat
    "07.hits-armor": ("dice-faces", "hits"),
    "07.retreat-where": ("retreat", "blocked-retreat", "no-passing"),
    "07.ocean": ("hits", "retreat", "blocked-retreat", "beaches"),
    "07.partial": ("retreat", "blocked-retreat"),
    # 8. Take ground and armor overrun
    "08.take": ("close-combat", "dice-faces", "retreat", "take-ground"),
    "08.ranged": ("close-combat", "take-ground"),
    "08.overrun": ("hits", "take-ground", "overrun", "close-combat"),
    "08.town": ("take-ground", "overrun", "terrain-stops"),
    # 9. Obstacles
    "09.armor-wire": ("movement", "hedgehogs", "wire"),
    "09.most-dice": ("range-dice", "protection", "no-stacking", "sandbags", "bunkers", "hedgehogs"),
    "09.sandbags-retreat": ("retreat", "sandbags", "no-stacking"),
    "09.wire": ("range-dice", "protection", "wire", "hedgehogs", "no-stacking"),
    "09.pegasus-sandbags": ("setup", "range-dice", "protection", "sandbags"),
    # 10. Special forces
    "10.elite-battle": ("special-forces", "movement", "terrain-stops"),
    "10.resistance-battle": ("special-forces", "movement", "terrain-stops"),
    "10.resistance-retreat": ("special-forces", "retreat"),
    "10.elite-armor": ("special-forces", "figures"),
    # 11. Objectives and medals
    "11.temporary": ("medals", "temporary-objective"),
    "11.permanent": ("medals", "permanent-objective"),
    "11.majority": ("medals", "majority-objective", "movement"),
    "11.sudden-death": ("sudden-death", "movement"),
    # 12. Air power
    "12.dice.east1944": ("air-power", "air-superiority"),
    "12.group.add": ("air-power", "hexes"),
    "12.group.alone": ("air-power", "hexes"),
    "12.hits.town": ("air-power", "hits", "protection"),
    # 13. Team play
    "13.split.5": ("team-play",),
    "13.order.4p": ("team-play", "turn"),
    "13.yg.flanks": ("young-generals", "sections", "units"),
    "13.yg.chief": ("young-generals", "sections", "units"),
    # 14. Operation Overlord
    "14.probe.half": ("overlord", "section-cards", "sections", "units"),
    "14.initiative.armor": ("overlord", "dice-faces", "units"),
    "14.initiative": ("overlord", "dice-faces", "units"),
    "14.draw": ("overlord",),
    # Undaunted 1. Components and setup
    "21.squadless": ("u-squads",),
    "21.fog": ("u-cards", "u-fog", "u-initiative"),
    "21.suppressed": ("u-suppressed", "u-units", "u-la-raye"),
    "21.held": ("u-la-raye", "u-goal", "u-tiles"),
    "21.supply": ("u-setup", "u-zones"),
    "21.los": ("u-no-sight",),
    # Undaunted 2. The round
    "22.first": ("u-initiative", "u-cards"),
    "22.revealed": ("u-initiative", "u-discard"),
    "22.reshuffle": ("u-zones", "u-reshuffle"),
    "22.keep": ("u-discard", "u-zones"),
    "22.fog": ("u-fog", "u-round"),
    # Undaunted 3. Movement and Fog of War
    "23.move": ("u-move", "u-tiles"),
    "23.scout": ("u-scout", "u-fog"),
    "23.stalk": ("u-stalk",),
    "23.guide": ("u-move", "u-suppressed"),
    "23.fog": ("u-fog", "u-hunker"),
    "23.scout-where": ("u-scout", "u-tiles"),
    # Undaunted 4. Support actions
    "24.bolster": ("u-support", "u-squads", "u-zones"),
    "24.inspire": ("u-support", "u-squads", "u-zones"),
    "24.recon": ("u-support", "u-fog"),
    "24.control": ("u-control", "u-tiles"),
    "24.target": ("u-support",),
    "24.conceal": ("u-support", "u-fog", "u-zones"),
    "24.control-where": ("u-control", "u-tiles"),
    # Undaunted 5. Combat and casualties
    "25.total": ("u-total-defense", "u-base-defense", "u-tiles"),
    "25.hill": ("u-total-defense", "u-hills"),
    "25.odds": ("u-attack",),
    "25.casualty.token": ("u-casualties", "u-zones"),
    "25.suppress": ("u-suppress", "u-suppressed", "u-tiles"),
    "25.cover-tile": ("u-total-defense", "u-hills", "u-tiles", "u-move"),
    "25.shooter": ("u-attack", "u-total-defense", "u-tiles"),
    # Undaunted 6. A worked round
    "26.where-move": ("u-move", "u-scout"),
    "26.from9b": ("u-total-defense",),
    "26.scout-route": ("u-scout", "u-tiles"),
    # Undaunted 7. End of game
    "27.objectives": ("u-goal", "u-end", "u-control"),
    "27.suppress": ("u-goal", "u-end", "u-units"),
    "27.undeployed": ("u-goal", "u-end"),
    "27.both": ("u-goal", "u-end", "u-initiative"),
    "27.hopeless": ("u-goal", "u-end", "u-casualties"),
    "27.pin-axis": ("u-goal", "u-end", "u-casualties"),
    # Undaunted 8. The platoon
    "28.initiative": ("u-platoon", "u-initiative"),
    "28.control": ("u-platoon", "u-control"),
    "28.guide": ("u-platoon", "u-move"),
    "28.squadless": ("u-platoon", "u-squads"),
}


# --------------------------------------------------------------------------------------------
# Reading the pages


def examples_on(notebook: str, folder: Path | None = None) -> list[str]:
    """The worked examples, tables and drills a page shows: every ``module.function(`` its code
    cells call on a module imported from ``tutor.chapters`` (its questions are :data:`NEEDS`'s)."""
    folder = folder or course.notebooks_dir()
    cells = json.loads((folder / notebook).read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    alias = {}
    for m in re.finditer(r"from tutor\.chapters import ([\w ,]+)", code):
        for part in m.group(1).split(","):
            name, _, short = part.strip().partition(" as ")
            alias[(short or name).strip()] = name.strip()
    calls = [f"{alias[m.group(1)]}.{m.group(2)}" for m in re.finditer(r"\b(\w+)\.(\w+)\(", code)
             if m.group(1) in alias and m.group(2) != "questions"]
    return list(dict.fromkeys(calls))


def game_of(notebook: str) -> str:
    """The game a page of :data:`TEACHES` belongs to."""
    for p in course.reading_order():
        if p.notebook == notebook:
            return p.game
    return course.UNDAUNTED if "la-raye" in notebook else course.MEMOIR


def taught_by(notebook: str, *, after: tuple[int, ...] = ()) -> set[str]:
    """What a learner knows on ``notebook``: what its game's pages up to and including it teach,
    and what its game's chapters numbered in ``after`` teach."""
    game = game_of(notebook)
    known: set[str] = set()
    for p in course.reading_order():
        if p.game != game:
            continue
        if isinstance(p, course.Chapter) and p.number in after:
            known |= set(TEACHES.get(p.notebook, ()))
    for p in course.reading_order():
        if p.game != game:
            continue
        known |= set(TEACHES.get(p.notebook, ()))
        if p.notebook == notebook:
            break
    return known


def first_taught(concept: str, game: str) -> str | None:
    """The first page of ``game`` in reading order that teaches ``concept`` (None: none does)."""
    return next((p.notebook for p in course.reading_order()
                 if p.game == game and concept in TEACHES.get(p.notebook, ())), None)


def faults() -> list[str]:
    """Everything used before it is taught, one line each ("" lines never): a question, an
    example or a link to a battle that needs a concept its game teaches later or nowhere."""
    out = []

    def check(where: str, page: str, needs, *, after=()):
        known = taught_by(page, after=after)
        for c in needs:
            if c not in CONCEPTS:
                out.append(f"{where}: {c!r} is not a concept")
            elif c not in known:
                first = first_taught(c, game_of(page))
                out.append(f"{where} needs {CONCEPTS[c]!r}, taught " +
                           (f"later, on {first}" if first else "nowhere"))

    for p in course.reading_order():
        if not p.available:
            continue
        if isinstance(p, course.Chapter):
            for q in course.questions(p.notebook):
                check(f"{p.notebook} question {q.key}", p.notebook, NEEDS.get(q.key, ()))
        for call, needs in EXAMPLES.get(p.notebook, {}).items():
            check(f"{p.notebook} example {call}", p.notebook, needs)
    for (page, battle), after in LINKS.items():
        check(f"{page} link to {battle}", page, BATTLES[battle], after=after)
    return out
