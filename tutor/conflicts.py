"""Where the seed rulebooks disagree, or leave room for readings — and how this project rules.

The tutor shows these to the user instead of hiding them: each conflict puts the source texts
side by side (each a ``Rule`` with its verbatim quote) and states the ruling the engine applies
and where. ``all_conflicts()`` gathers both games' lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import rules as R
from tutor.memoir import terrain as TR
from tutor.memoir import variants as V
from tutor.rulebook import Rule, rule

ES, CS, PL = R.ES, R.CS, R.PL

_LAKE_AS_RIVER_TILES = rule(
    "m44.lake.river_tiles", ES, "LAGOS",
    "Los Lagos se pueden representar en el tablero mediante un grupo de hexágonos de Río o con hexágonos de "
    "Lago específicos, disponibles en la expansión Pack de terreno.",
    "A lake may be laid on the board as a group of river hexes, or with the lake hexes of the Terrain Pack.")

_HEIGHT_OLD_EDITION = rule(
    "m44.height.old_edition", ES, "NOTA SOBRE EL TERRENO DE LAS EXPANSIONES DE MEMOIR ‘44",
    "Las reglas de altura del terreno ahora son un poco distintas con respecto a la edición anterior "
    "de Memoir ‘44. Si juegas con expansiones, ten en cuenta que:",
    "The 2025 height rules differ a little from the previous edition; with expansions, their "
    "hill-like terrain has height 1 and mountains height 2.")

_HEIGHT_EXAMPLE_1 = rule(
    "m44.height.example1", ES, "ALTURA DEL TERRENO Y LÍNEA DE VISIÓN",
    "Estas dos unidades ignoran todas las obstrucciones situadas a menor altura que ellas, así que "
    "tienen línea de visión.",
    "Example 1: two units on hills ignore every obstruction lower than both of them.")

_HEIGHT_CS = rule(
    "m44.height.cs", CS, "VÝŠKA TERÉNU",
    "V Memoir '44 může mít terén různou výšku (0, 1 nebo 2) v závislosti na svém typu.",
    "Czech copy: terrain has height 0, 1 or 2 by its type.",
    ocr="V Memoir '44 mize mit terén rdznou vy$ku (0, 1 nebo 2) v zavislosti na svém typu.",
    ocr_heading="VYSKA TERENU")

_OVERLORD_DECK_ES = rule(
    "m44.overlord.deck_es", ES, "MEMOIR ‘44 OVERLORD",
    "La expansión Operación Overlord también añade un mazo de cartas de Mando específicas para el "
    "modo Overlord, además de fichas y dados adicionales.",
    "The Operation Overlord expansion adds a command deck made for Overlord play.")

_OVERLORD_PLAYERS_ES = rule(
    "m44.overlord.players_es", ES, "MEMOIR ‘44 OVERLORD",
    "combinan dos tableros para formar un único campo de batalla de grandes dimensiones que permite "
    "que hasta 8 jugadores (4 por bando) reproduzcan a gran escala las batallas históricas",
    "Overlord: two boards, up to 8 players (4 a side).")

_OVERLORD_PLAYERS_PL = rule(
    "m44.overlord.players_pl", PL, "Drużyny",
    "Optymalna liczba graczy to osiem osób (jeden głównodowodzący oraz trzech generalów dla każdej z "
    "sekcji) aczkolwiek mniejsza ilość graczy także jest dopuszczalna. Dla trzech graczy na stronę "
    "gracz głównodowodzący ma pod kontrolą środkową sekcję mapy, dla dwóch lub nawet jednego gracza "
    "na stronę rozgrywka toczona jest wspólnie.",
    "Eight players is the optimum; fewer may play: with three a side the chief also commands the "
    "center, with two or one a side the roles are played together.")

_OVERLORD_GIFTS = rule(
    "m44.overlord.gift_examples", PL, "TURA GRY",
    "Może dać jedną kartę każdemu z jego dowódców polowych, albo dwie karty sekcji jednemu, a jedną "
    "drugiemu, albo dać jedną kartę jednemu dowódcy polowemu nie dając żadnej innym, albo zatrzymując "
    "kartę dla siebie w celu zagrania jej bezpośrednio, etc.",
    "The chief may give one card to each general, two section cards to one and one to another, one "
    "card to one general only, or keep a card to play himself, etc.")

_OVERLORD_KEEP_THREE = rule(
    "m44.overlord.keep_three", PL, "TURA GRY",
    "Musi co najmniej jedną z nich zachować, tak aby po dobraniu dwóch mieć w następnej turze trzy.",
    "The chief keeps at least one card, so that after drawing two he has three next turn.")


_BUNKER_STOP_CS = rule(
    "m44.obstacle.bunker.cs", CS, "BUNKRY",
    "která vstoupí na pole s bunkrem, musí zastavit",
    "Czech copy: an infantry unit that enters a bunker hex must stop (and may move no further this turn).",
    ocr="kterd vstoupi na pole s bunkrem, musi zastavit", ocr_heading="BUNKRY")

_LAKE_LOS_CS = rule(
    "m44.lake.los.cs", CS, "JEZERA",
    "jednotky nemají linii výhledu přes dvě či více sousedících polí jezer.",
    "Czech copy: units have no line of sight across two or more adjacent lake hexes.",
    ocr="jednotky nemaji linii vyhledu pres dvé ¢i vice sousedicich poli jezer.", ocr_heading="JEZERA")

_LOS_EDGES_CS_ALONG = rule(
    "m44.los.edges.cs_along", CS, "Linie výhledu",
    "Pokud pomyslná linie vede podél okraje jednoho nebo více polí s něčím, co linii blokuje, je linie "
    "výhledu blokována pouze v případě, že se taková pole nacházejí po obou stranách této linie.",
    "Czech copy: a line that runs along the edge of one or more obstructed hexes is blocked only if "
    "such hexes lie on both sides of it.",
    ocr="Pokud pomysina linie vede podél okraje jednoho nebo vice poli s nécim, co linii blokuje, je linie "
        "vyhledu blokovana pouze v pfipadé, Ze se takova pole nachazeji po obou stranach této linie.",
    ocr_heading="Linie vyhledu")


_SPECIAL_FORCES_BADGES = rule(
    "m44.special.badges", ES, "INSIGNIAS DE FUERZAS ESPECIALES",
    "Coloca las insignias correspondientes en los hexágonos de las unidades de Fuerzas Especiales para "
    "distinguirlas de las tropas regulares.",
    "Put each special forces unit's badge on its hex, to tell it from the regular troops.")

_RESISTANCE_BADGE = rule(
    "m44.special.resistance.badge", ES, "INSIGNIAS DE FUERZAS ESPECIALES",
    "Insignia de la Resistencia francesa. La Cruz de Lorena fue el símbolo tanto de las Fuerzas de la "
    "Francia Libre como de las Fuerzas Francesas del Interior.",
    "The French Resistance badge, the Cross of Lorraine, is one of the special forces badges.")

_RESISTANCE_THREE = rule(
    "m44.special.resistance.figures", ES, "LA RESISTENCIA FRANCESA",
    "Debido a la naturaleza inestable de sus alianzas, siempre empiezan con 3 miniaturas por unidad, en "
    "lugar de las 4 normales.",
    "French Resistance units always start with 3 figures instead of 4.")

_OVERLORD_BOTH_SECTIONS = rule(
    "m44.overlord.both_sections", PL, "TURA GRY",
    "Jeśli ta karta może na raz aktywować jednostki w obu sekcjach pod kontrolą dowódcy, kładzie ją na "
    "linii, która rozdziela te sekcje.",
    "A card that may order units in both of a general's sections at once is laid on the line between them.")

_FIGURES_CORNER_ES = rule(
    "m44.special.figures_corner", ES, "UNIDADES DE FUERZAS ESPECIALES",
    "Si el número de miniaturas de una unidad difiere del número estándar, se indica en la esquina "
    "inferior derecha.",
    "A unit with other than the standard number of figures shows the number in the lower right corner.")

_FIGURES_CORNER_CS = rule(
    "m44.special.figures_corner.cs", CS, "SPECIÁLNÍ JEDNOTKY",
    "Pokud se liší počet figur od standardu, je v levém dolním rohu symbolu jednotky uvedeno",
    "Czech copy: a unit with other than the standard number of figures shows it in the lower left corner.",
    ocr="Pokud se lisi pocet figur od standardu, je v levém dolnim rohu symbolu jednotky uvedeno",
    ocr_heading="SPECIALNI JEDNOTKY")

_ELITE_MOVE_CS = rule(
    "m44.special.elite_infantry.cs", CS, "ELITNÍ PĚCHOTA",
    "Speciální jednotky se na rozdíl od běžné pěchoty mohou pohnout o 2 pole",
    "Czech copy, under elite infantry: special units, unlike plain infantry, may move 2 hexes (and battle).",
    ocr="Specialni jednotky se na rozdil od bézné péchoty mohou pohnout o 2 pole", ocr_heading="ELITNI PECHOTA")

_DRAW_OTHERS_ES = rule(
    "m44.terrain.draw.others", ES, "REPECHOS",
    "imposible para todas las demás unidades.",
    "Beach to draw or back: impossible for every unit but infantry.")

_DRAW_OTHERS_CS = rule(
    "m44.terrain.draw.others.cs", CS, "MOŘSKÉ ÚTESY",
    "nemožný pro obrněnce, vozidla a jednotky artilerie.",
    "Czech copy: beach to draw or back is impossible for armor, vehicles and artillery.",
    ocr="nemozny pro obrnénce, vozidla a jednotky artilerie.", ocr_heading="MORSKE UTESY")

_OBJECTIVES_APPENDIX_ES = rule(
    "m44.objectives.appendix_ref", ES, "OBJETIVO DEL JUEGO",
    "Ciertos escenarios también incluyen maneras alternativas de ganar Medallas, como capturar y retener "
    "ciertos hexágonos de Terreno del campo de batalla (ver el Apéndice 4, página 20).",
    "Some scenarios give medals for taking and holding certain terrain hexes (the Spanish copy points to "
    "appendix 4, page 20; the objectives are appendix 3).")

# The published game's later wording of the objective medals, as the Memoir '44 expansion Winter Wars
# prints it (quoted in the Days of Wonder forum, daysofwonder.com/en/msg/?goto=237755, 2012).
_WINTER_WARS = "The Memoir '44 expansion rulebook Winter Wars (its New Rules, Victory Conditions)"

# Public sources for the two entries below (facts, read on GitHub)
_BGA = "the public online implementation bga-devs/bga-memoir (GitHub)"

@dataclass(frozen=True)
class Conflict:
    key: str
    game: str                   # "memoir44" | "undaunted"
    topic: str
    texts: tuple[Rule, ...]     # the sources, side by side
    question: str               # what the texts leave open, in one sentence
    ruling: str                 # what this project's engine does
    engine: str                 # where it is implemented
    published: tuple[str, ...] = ()   # readings of the published game and public sources, each citing where

    def to_json(self) -> dict:
        return {"key": self.key, "game": self.game, "topic": self.topic, "question": self.question,
                "ruling": self.ruling, "engine": self.engine, "texts": [r.to_json() for r in self.texts],
                "published": list(self.published)}


MEMOIR_CONFLICTS = (
    Conflict(
        "m44.los.edges", "memoir44", "A line of sight along hex edges",
        (R.LOS_EDGES, R.LOS_EDGES_CS),
        "The Spanish text says a line along hex edges is blocked only with obstructions on both sides "
        "'a lo largo de todo su trazado' (along its whole course); the Czech text says only 'on both "
        "sides of the line'. Must the two sides be obstructed at the same point, or anywhere?",
        "Blocked when at least one counting obstruction grazes the line on the left and at least one "
        "on the right, anywhere between the two units (the Czech reading, and the common one). A "
        "graze on one side only never blocks; a hex the line passes through always does.",
        "tutor.memoir.los.line_of_sight"),
    Conflict(
        "m44.los.corner", "memoir44", "A line of sight that touches a hex only at a corner",
        (R.LOS, R.LOS_EDGES, _LOS_EDGES_CS_ALONG),
        "A line that passes through a hex 'o parte de los mismos' (or part of it) is blocked by what is "
        "there; one that 'pasa por el borde' (Spanish) or 'vede podél okraje' (Czech: 'Pokud pomyslná "
        "linie vede podél okraje jednoho nebo více polí…', runs along the edge; diacritics restored by hand "
        "from the scanned copy) of obstructed hexes is blocked only with obstructions on both sides. Some "
        "lines cross no hex and follow no edge but touch an obstructed hex at a single corner: from 6,2 to "
        "15,3 the line touches 9,3 (on its right) and 12,2 (on its left) each at one corner. Is a corner "
        "the edge?",
        "Two readings. The engine's: a corner is part of the hex's border, so touching it is a graze, like "
        "running along an edge — it never blocks alone, and blocks together with a counting graze (corner "
        "or edge) on the other side of the line. The other: 'along the edge' means along an edge, and a "
        "single point is neither inside the hex nor along its edge, so a hex touched only at a corner is "
        "not on the line at all and never blocks, even with obstructions on the other side. They differ "
        "only when both sides are obstructed: with woods on 9,3 and 12,2 the engine rules the line from "
        "6,2 to 15,3 blocked, the other reading clear; with woods on 9,3 alone both rule it clear.",
        "tutor.memoir.los.line_of_sight, tutor.hexes.classify (a corner touch is a graze)"),
    Conflict(
        "m44.height.edition", "memoir44", "The 2025 height rules versus older expansion terrain",
        (_HEIGHT_OLD_EDITION, R.HEIGHT_EXPANSIONS, _HEIGHT_CS, _HEIGHT_EXAMPLE_1),
        "Expansion terrain printed before 2025 was written for the old height rules; the 2025 "
        "rulebook re-rates it (hill-named terrain 1, mountains 2) and changes how height blocks sight.",
        "The engine applies the 2025 rules everywhere: heights 0/1/2 by terrain, an obstruction counts "
        "only at the height of the lower unit or above, hills block except between units at height 1 "
        "or more. Older expansion summary cards may say otherwise; the tutor follows the 2025 text.",
        "tutor.memoir.los, tutor.memoir.terrain"),
    Conflict(
        "m44.mountain", "memoir44", "Mountains: only their height is in the rulebook",
        (R.HEIGHT_EXPANSIONS, R.HEIGHT_MOVE),
        "The rulebook gives mountains a height of 2 and the general height rules, but no movement, "
        "protection or sight card of their own.",
        "A mountain is ruled as a higher hill: it blocks sight except between units at height 2, "
        "units enter it only from height 1 or more (a difference of at most 1), and it protects like "
        "a hill against attackers from lower ground. Load a scenario with mountains knowing this.",
        "tutor.memoir.terrain (row 'mountain')"),
    Conflict(
        "m44.los.edge_height", "memoir44", "Hexes cut by the board edge and terrain height",
        (R.LOS, R.HEIGHT_LOS),
        "The height rule speaks of terrain and units; half hexes cut by the board edge are neither. "
        "Do two units on hills see past the board edge?",
        "The board edge always obstructs, whatever the heights. It only matters for lines that run "
        "along the side edge of the board, which are then blocked only with an obstruction on the "
        "board side too.",
        "tutor.memoir.los"),
    Conflict(
        "m44.pegasus.pond", "memoir44", "Pegasus Bridge: the pond, river or lake?",
        (R.SETUP_STEPS[2], R.SETUP_STEPS[6], _LAKE_AS_RIVER_TILES, R.LAKE_LOS),
        "The walkthrough places 20 river hexes; on the published map 16 of them are the Caen canal and the "
        "Orne (2 under the bridges) and 4 are laid together as the pond the map labels 'Pond Impassable'. "
        "The rulebook says a lake may be laid as a group of river hexes and lists the Lakes summary card "
        "for this battle; the published map in its editor form and the public online implementation "
        "(bga-devs/bga-memoir, whose River terrain takes these tiles) play them as river. Both are "
        "impassable; they differ on sight: four adjacent lake hexes block it, river hexes never do.",
        "The pond is a lake: its 4 hexes are impassable and, being adjacent, block line of sight. The "
        "walkthrough's count still holds: 14 river hexes, 2 bridges standing on river hexes and 4 lake "
        "hexes are the 20 river tiles of step 3.",
        "the Pegasus Bridge scenario (the pond's hexes are lake terrain)"),
    Conflict(
        "m44.card.infantry_assault_section", "memoir44", "Infantry Assault: which section may it name?",
        (C.TACTIC_ONE_SECTION, C.NO_UNITS),
        "Infantry Assault orders 'all INFANTRY units in 1 section' and, 'if you do not command any infantry "
        "units', 1 unit of your choice (the printed card; the rulebook does not print it). May a player "
        "who commands infantry name a section where he has none, and what does the card then order?",
        "Any of the three sections, as the card prints no limit. In a section without the side's infantry "
        "the card orders no unit and the turn ends with a new card, as the rulebook says of a card whose "
        "sections hold none of your units; its '1 unit of your choice' is for a side with no infantry "
        "anywhere on the board, not for an empty section. A Counter-Attack copying an Infantry Assault into "
        "a part of the battlefield where the side has no infantry orders no unit either.",
        "tutor.memoir.game.legality._needs_section, tutor.memoir.turn.effect (infantry_assault)",
        published=(
            ("The printed card, in the English edition's words as that implementation transcribes them: "
             "'Issue an order to all INFANTRY units in 1 section. … If you do not command any infantry "
             "units, issue an order to 1 unit of your choice.' It limits the section to none."),
            (f"In {_BGA}, the player may choose only a section that holds some of his infantry (with no "
             "infantry at all, a section that holds any of his units); a Counter-Attack copy that lands on "
             "a section without infantry orders 1 unit of choice in that section."))),
    Conflict(
        "m44.import.badge3", "memoir44", "Imported maps: an elite infantry unit with the Resistance badge",
        (R.ELITE_INFANTRY, _SPECIAL_FORCES_BADGES, _RESISTANCE_BADGE, _RESISTANCE_THREE, R.RESISTANCE_MOVE),
        "The scenario editor's files mark the special forces unit by its name ('inf2', elite infantry, 4 "
        "figures) and its badge ('badge3', the Cross of Lorraine). Is an 'inf2' unit with badge 3 elite "
        "infantry, or French Resistance? The rulebook makes the Resistance badge one of the special forces "
        "badges, and the two units differ: elite infantry has 4 figures and moves 2 hexes and still "
        "battles; the Resistance starts with 3 and may not battle after moving 2.",
        "The tutor's importer keeps what the unit's name says: "
        "'inf2' with badge 3 (or the editor's French Resistance unit behavior) comes in as elite infantry with "
        "4 figures, and the warning line names the badge and what the editor calls it, so the designer can "
        "change the unit by hand. A plain 'inf' with badge 3 comes in as French Resistance (3 figures). "
        "The engine already plays French Resistance as the rulebook describes it (3 figures; it battles "
        "after entering woods, towns or hedgerows; it retreats 1 to 3 hexes per flag; it may not battle "
        "after moving 2), so the other reading needs no new rule: only the importer's table would change, "
        "the unit would come in with 3 figures (a file's 4 cut to 3, said in the warning) and lose elite "
        "infantry's move-2-and-battle.",
        "tutor.lab.m44 (SPECIAL_BADGES, the unit reader)",
        published=(
            (f"In {_BGA}, the editor's troop table reads 'inf2' with badge 3 as French Resistance (3 "
             "figures, 1 to 3 hexes of retreat per flag, battles after entering any terrain), and 'inf' with "
             "badge 3 as plain infantry; its French Resistance unit behavior is the same badge 3."),
            ("The published scenario Vassieux (Vercors) says in its special rules: 'All the Allied units "
             "are French Resistance infantry … These units only have 3 figures.' In its editor form, as that "
             "implementation carries it, those units are 'inf2us' with the French Resistance behavior: "
             "imported here, they come in as elite infantry with 4 figures."))),
    Conflict(
        "m44.bunker.infantry_stop", "memoir44", "Bunkers: does infantry stop on entering one?",
        (TR.OBSTACLES["bunker"].rule, _BUNKER_STOP_CS),
        "The Czech copy's bunker card opens its movement line with a sentence the Spanish text does not "
        "have: 'pěchotní jednotka, která vstoupí na pole s bunkrem, musí zastavit a nemůže se v tomto tahu "
        "dále pohybovat' (an infantry unit that enters a bunker hex must stop and may move no further this "
        "turn; diacritics restored by hand from the scanned copy). The Spanish says only that bunkers are "
        "impassable to armor and artillery. Must infantry stop there?",
        "No: the engine follows the Spanish text, the cleaner copy of the same rulebook. Infantry may move "
        "through a bunker hex and on, and battle after entering it. Under the Czech sentence it would stop "
        "there, as in woods, and still battle (the card forbids no battle).",
        "tutor.memoir.terrain (obstacle 'bunker': no stop)",
        published=(f"In {_BGA}, the bunker stops no unit: only armor and artillery are kept out.",)),
    Conflict(
        "m44.lake.los_group", "memoir44", "Lakes: a line across one hex of a lake of two",
        (R.LAKE_LOS, _LAKE_LOS_CS),
        "The Spanish text: '2 o más hexágonos de Lago adyacentes entre sí bloquean la línea de visión' (2 or "
        "more lake hexes adjacent to one another block line of sight). The Czech copy: no line of sight "
        "'across two or more adjacent lake hexes'. Is a line blocked that crosses one hex of such a lake, "
        "its other hexes off the line?",
        "Yes: the engine reads the Spanish, in which the lake blocks, not the number of its hexes the line "
        "crosses. A lake hex beside another lake hex blocks every line through it; a lone lake hex never "
        "does. Under the other reading only a line crossing two of the lake's hexes would be blocked: "
        "chapter 1's example 'Two lakes' (6,6 to 10,6 crosses 8,6; its neighbor 9,7 is off the line) "
        "would then be clear.",
        "tutor.memoir.los (a lake hex counts when a lake hex is next to it)"),
    Conflict(
        "m44.objective.entering", "memoir44", "Objectives: entering a hex on the way",
        (R.OBJECTIVE_TEMPORARY, R.OBJECTIVE_PERMANENT, R.OBJECTIVE_SUDDEN_DEATH, _OBJECTIVES_APPENDIX_ES),
        "A temporary or permanent medal is won 'al entrar en el hexágono objetivo' (on entering it); the "
        "Czech copy says the same ('vstoupí na cílové pole'). Does a unit that moves through the hex "
        "without stopping win it? (The Spanish copy also points to appendix 4, page 20, for these "
        "objectives; they are appendix 3, and the Czech copy says 'Příloha 3, strana 19'.)",
        "No: a unit takes an objective by ending a move, a retreat or a take ground on it, and a unit that "
        "only passes through wins nothing. The temporary medal, kept 'only while the hex is occupied', makes "
        "no sense for a unit that passes on; the engine reads the permanent and sudden-death objectives the "
        "same way.",
        "tutor.memoir.state.with_objectives (the hexes where units end their moves)",
        published=(
            (f"{_WINTER_WARS}: the permanent medal is captured 'the moment a unit of the appropriate side "
             "occupies this hex', and the temporary one held 'only as long as a unit of the appropriate side "
             "holds the hex': occupying, not passing."),)),
    Conflict(
        "m44.special.move_two", "memoir44", "Move 2 and battle: elite infantry or every special unit?",
        (R.ELITE_INFANTRY, _ELITE_MOVE_CS, R.RESISTANCE_MOVE),
        "The Spanish text gives the move of 2 hexes and battle to 'las unidades de Infantería de élite'; "
        "the Czech copy, under the same heading, opens the sentence with 'Speciální jednotky' (special "
        "units). Does it hold for every special forces unit?",
        "Elite infantry only, as the Spanish says and the Czech copy's own heading and picture caption "
        "('Jednotka elitní pěchoty se může pohnout o 2 a útočit') say: the French Resistance, a special "
        "unit too, may not battle after moving 2, by its own rule in both copies; elite armor moves as armor.",
        "tutor.memoir.movement (elite infantry: move 2 and battle; French Resistance: no battle after 2)"),
    Conflict(
        "m44.special.figures_corner", "memoir44", "Where a unit's figure count is printed",
        (_FIGURES_CORNER_ES, _FIGURES_CORNER_CS),
        "A scenario's unit with other than the standard number of figures has the number printed beside "
        "it: in the lower right corner (Spanish) or the lower left (Czech). Which?",
        "No rule depends on it: the tutor's boards print each unit's figures as a number on its counter, "
        "and a scenario file gives them as a number (a unit of 3 figures is written with the number 3).",
        "tutor.render.scene (a unit's figures on its counter)"),
    Conflict(
        "m44.terrain.draw_others", "memoir44", "Draws: which units may not climb from the beach",
        (_DRAW_OTHERS_ES, _DRAW_OTHERS_CS),
        "Beach to draw, or back, is a 2-hex move for infantry and impossible 'para todas las demás "
        "unidades' (Spanish: every other unit); the Czech copy names armor, vehicles and artillery.",
        "Every unit but infantry, as the Spanish says. The base game's units are infantry, armor and "
        "artillery, so the two agree on every unit the tutor plays; vehicles come with expansions.",
        "tutor.memoir.terrain (row 'draw'), tutor.memoir.movement"),
    Conflict(
        "m44.terrain.steep_hill_take_ground", "memoir44", "Steep hills and taking ground",
        (TR.TERRAIN["steep_hill"].rule, TR.STEEP_HILL_TAKE_GROUND),
        "The Spanish text names one difference from a hill: a 2-hex move to enter from lower ground. "
        "The Czech copy adds that units take ground onto a steep hill and off it 'as usual'. Does the 2-hex "
        "move keep a unit from taking ground onto one?",
        "No: taking ground onto a steep hill, or off it, is allowed as after any battle (the Czech "
        "sentence; the Spanish does not forbid it).",
        "tutor.memoir.combat.take_ground_refusal, tutor.memoir.movement.step"),
    Conflict(
        "m44.sandbags.eliminated", "memoir44", "Sandbags when their unit is eliminated",
        (R.SANDBAGS_REMOVED,),
        "Sandbags are removed 'cuando una unidad salga del hexágono' (when a unit leaves their hex). Are "
        "they removed when the unit in the hex is eliminated?",
        "Yes. The rulebook does not say; the tutor plays it this way: an eliminated unit leaves its hex too, and the sandbags, placed for "
        "that unit (Dig In, or the scenario), go with it; the next unit to enter finds the hex without them.",
        "tutor.memoir.state.strike_unit"),
    Conflict(
        "m44.dig_in.obstacle", "memoir44", "Dig In on a hex that already holds an obstacle",
        (C.DIG_IN_NOTE, TR.NO_STACKING),
        "Dig In places sandbags 'sobre cualquier tipo de terreno, a excepción de los Océanos' (on any "
        "terrain but the ocean). May a unit dig in where wire, hedgehogs, a bunker or a sea wall already "
        "stands?",
        "No sandbags there. The rulebook does not say; the tutor plays it this way, because a hex holds one obstacle, and the event says so. It "
        "matters on wire and hedgehogs, which take no die away from an attack: under the other reading the "
        "unit there would gain the sandbags' die (1 fewer for infantry and armor) and, on wire, the flag it "
        "may ignore. On a bunker or a sea wall the sandbags would add nothing (protections and ignored "
        "flags do not add up).",
        "tutor.memoir.turn.place_sandbags"),
    Conflict(
        "m44.retreat.partial", "memoir44", "Partial retreats",
        (R.RETREAT_NO_CHOICE, R.RETREAT_BLOCKED),
        "The text forbids choosing losses when a free path resolves every flag, but does not say "
        "what happens when only some of the flags can be resolved by moving.",
        "The unit retreats as far as it can: among the legal paths only the longest count, and it "
        "loses one figure for each retreat hex it still cannot make. It may not stop short to take "
        "losses instead.",
        "tutor.memoir.retreat"),
    # -- Air Power (APÉNDICE 4 and the card)
    Conflict(
        "m44.air.card_vs_table", "memoir44", "Air Power: the dice on the card and the superiority table",
        (C.AIR_POWER_FACE, A.AIR_TABLE, A.AIR_DEFAULT),
        "The card prints fixed dice — 1 per hex for an Axis strike, 2 for an Allied one — while appendix 4 "
        "sets them by front and year 'unless the scenario's special rules say otherwise'. Which counts, and "
        "for a scenario that names no front or year?",
        "The table, always: the scenario's front and year choose the row and column (a scenario's own "
        "rule would override it). A scenario that names neither is western front, 1944 — the appendix "
        "says every scenario of the base book is — where the table reads 'Aliados', i.e. the card as "
        "printed. Elsewhere the card's numbers are only the table's 'Aliados' column: in the east in 1944 "
        "both sides roll 1 die per hex.",
        "tutor.memoir.air.dice_per_hex (front and year from the scenario's extra keys)"),
    Conflict(
        "m44.air.adjacent", "memoir44", "Air Power: 'adyacentes entre sí'",
        (C.AIR_POWER_FACE,),
        "The card targets 'un grupo de hasta 4 unidades enemigas adyacentes entre sí' — units adjacent to "
        "one another. Must every unit of the group touch every other, or is one connected group enough?",
        "One connected group: each target is next to at least one other target, so a chain of four units "
        "is legal though its ends are not neighbors. The stricter reading (every pair adjacent) would "
        "allow three units at most, a triangle, which the card's 'hasta 4' does not suggest. A single "
        "unit is a group of one.",
        "tutor.memoir.air.connected, tutor.memoir.air.check_targets"),
    Conflict(
        "m44.air.range_sight", "memoir44", "Air Power: range and line of sight",
        (C.AIR_POWER_FACE, R.LOS, R.RANGE_ARTILLERY),
        "Range and line of sight are measured from the attacking unit's hex; an air strike has no "
        "attacking unit, and the card names neither. Does Air Power need either?",
        "Neither: Air Power strikes any group of enemy units anywhere on the board, through woods, towns "
        "and units alike. Terrain protection is ignored too, as the card says.",
        "tutor.memoir.air.check_targets (no range or sight test)"),
    # -- Operation Overlord (memoir44-overlord-rules-pl.txt against the Spanish rulebook)
    Conflict(
        "m44.overlord.skulls", "memoir44", "Overlord initiative: skulls or a grenade",
        (R.OVERLORD_INITIATIVE_TABLE, R.HITS),
        "The Polish initiative table names its rows by die faces: infantry, armor, a star ('Cwazds' in the "
        "extracted text), a flag — and skulls ('Czaszki'). The Memoir '44 die of the Spanish rulebook has "
        "no skull: its fifth face is the grenade. Which face is the skulls row?",
        "The grenade: it is the only face the table would otherwise leave out, and 'one of your units "
        "loses a figure' matches the grenade's meaning (a hit on any unit). A field general who rolls a "
        "grenade picks one of his units; it loses a figure and may not battle this turn.",
        "tutor.memoir.variants.INITIATIVE, tutor.memoir.game (phase 'setback')"),
    Conflict(
        "m44.overlord.cards_per_general", "memoir44", "Overlord: how many cards one general receives",
        (_OVERLORD_GIFTS, V.OVERLORD_TACTIC_ALONE, V.OVERLORD_TWO_SECTION_CARDS),
        "The turn text lists examples that end in 'etc.'; the limit — at most 2 section cards to one "
        "general, or one tactic card and nothing else — is stated only in passing, in the East Front "
        "paragraph ('Wszystkie zasady ograniczające … cały czas obowiązują'). Does it bind every Overlord "
        "game?",
        "Yes: the engine reads the East Front sentence as a reminder of the general rule. A field general "
        "receives at most 2 section cards, or one tactic card alone; the chief plays at most one card "
        "himself, a tactic card; 3 cards at most in all, and the chief keeps one.",
        "tutor.memoir.game.overlord._overlord_legal, tutor.memoir.game.overlord._refuse_give"),
    Conflict(
        "m44.overlord.card_icons", "memoir44", "Overlord: who plays a tactic card",
        (V.OVERLORD_CHIEF_ICON, V.OVERLORD_GENERAL_ICON, V.OVERLORD_COUNTER, V.OVERLORD_AMBUSH,
         V.OVERLORD_AMBUSH_OWN_TURN, _OVERLORD_DECK_ES),
        "The Overlord rules let an icon on each tactic card say who plays it — the chief, a field general, "
        "or either — and the Spanish rulebook mentions a command deck made for Overlord. The rulebooks show the "
        "icons but list no card's icon; they describe two tactic cards: the counter card (Counter-Attack), "
        "which bears both, and Ambush, which the chief hands to the general attacked in close combat. The "
        "engine plays with two copies of the base deck, shuffled together, whose cards carry no icon. Which "
        "card does the chief keep?",
        "The published Overlord deck's icons, card by card (below): Air Power, Barrage and Their Finest Hour "
        "bear the chief's silhouette — he plays them himself, and handing one to a field general is refused; "
        "Armor Assault, Artillery Bombard, Behind Enemy Lines, Close Assault, Dig In, Direct from HQ, Firefight, "
        "Infantry Assault, Medics & Mechanics and Move Out! bear the three arrows around a '?' — 'Ta karta musi "
        "zostać przekazana któremukolwiek z dowódców polowych' (it must be handed to one of the field "
        "generals): the chief may not keep them; Counter-Attack bears both — the chief or any general, as "
        "the card it copies allows. A field general's Medics & Mechanics rolls 4 dice, as the Overlord card "
        "says, and counts no hand. Ambush alone keeps the rulebook's chain of command: the chief hands it to "
        "the general attacked in close combat, never on his own turn, though the published card bears the "
        "chief's icon.",
        "tutor.memoir.variants.OVERLORD_ICONS, tutor.memoir.variants.overlord_players, "
        "tutor.memoir.game.generals._card_generals, tutor.memoir.game.overlord._refuse_give, tutor.memoir.game.flow._medics",
        published=(
            (f"The published Overlord deck's tactic cards, as {_BGA} encodes them card by card (its Overlord "
             "card files say which may play each card: the commander-in-chief, the field generals' six "
             "sections, or any of them), and as its card images show: the chief's silhouette on Air Power, "
             "Ambush, Barrage and Their Finest Hour; both icons on the two Counter-Attacks; the three arrows "
             "around a '?' on every other tactic card, Medics & Mechanics included. Its Overlord Air Power and "
             "Barrage add 'Play this card at the start of the turn, before your Field Generals play any of "
             "their cards.'; its Medics & Mechanics reads 'Select 1 of your units that has suffered "
             "casualties. Roll 4 dice.'"),
            ("The engine follows these icons and Medics & Mechanics' 4 dice. It keeps the rulebook for Ambush "
             "(the chief's icon there; that implementation also leaves Ambush out of the chief's hand-out). "
             "Two Overlord card texts go beyond who plays the card, and the engine does not follow them: Their "
             "Finest Hour, still the chief's, reads 'Each of your Field Generals roll 4d … All units he orders "
             "must be under his direct command.', where the engine rolls one die per card of the chief's hand "
             "(see 'Their Finest Hour and Medics & Mechanics in a team'); Counter-Attack copies 'the same "
             "order just played by your opposing Field General' in 'the section(s) directly opposite', where "
             "the engine swaps a copied section card's flanks but lets any general receive the copy of a "
             "general's tactic card."))),
    Conflict(
        "m44.overlord.ambush", "memoir44", "Ambush when a side is a team",
        (V.ALLIANCE_AMBUSH, V.OVERLORD_AMBUSH, V.OVERLORD_AMBUSH_OWN_TURN),
        "In Operation Alliance either partner may play Ambush, from a hand or as the common card. In "
        "Overlord the chief hands it to the general attacked in close combat and draws a card once the "
        "ambush is over; that it is never handed out on one's own turn is said only in the East Front "
        "paragraph, as the reason for an exception there.",
        "Each variant by its own text. Overlord: the chief never hands Ambush out when he dispatches (the "
        "East Front reason read as a general rule: Ambush answers an enemy close combat); when an enemy "
        "declares a close combat on one of his units, the chief may hand it to the general whose command "
        "holds the attacked hex, the ambush is fought, and the chief draws one card.",
        "tutor.memoir.game.overlord._gift_options, tutor.memoir.game.fire._do_ambush"),
    Conflict(
        "m44.overlord.draw", "memoir44", "Overlord: drawing two against the hand limit",
        (V.OVERLORD_DRAW, V.OVERLORD_HAND_LIMIT, _OVERLORD_KEEP_THREE),
        "The chief draws two cards 'however many he handed out and played', yet may not keep more cards "
        "than the scenario allows. Having handed out a single card, does he draw two and discard one, or "
        "draw only one?",
        "He draws one card at a time and stops at the scenario's hand size: with a hand of 5 and one card "
        "handed out he draws 1, with three handed out he draws 2 and ends at 4. Drawing two and then "
        "discarding would let him choose which card to keep; the rules do not grant that choice, so the "
        "engine does not.",
        "tutor.memoir.game.overlord._overlord_draw"),
    Conflict(
        "m44.overlord.recon", "memoir44", "Overlord: a Recon card and the chief's draw",
        (C.RECON_RULE, V.OVERLORD_DRAW),
        "A Recon card says 'Al robar una carta de Mando nueva, roba dos, quédate con una y descarta la otra' "
        "(when you draw a new command card, draw two, keep one and discard the other). In Overlord the played "
        "cards go back to the chief, who 'dobiera dwie nowe karty niezależnie od tego ile kart rozdał i "
        "zagrał' (draws two new cards, however many he handed out and played). When a field general has "
        "played Recon, does the chief also draw two and keep one?",
        "The published Overlord deck settles it (below): the general's Recon orders its 1 unit, and at the end "
        "of the turn the chief draws 3 cards instead of 2 (never above the scenario's hand) and keeps them all, "
        "choosing none and discarding none; an event says so. Two Recons in one turn still make it 3: the "
        "card does not say; the tutor plays it this way.",
        "tutor.memoir.game.flow._end_turn, tutor.memoir.game.overlord._overlord_draw",
        published=(
            (f"The Overlord deck's own Recon cards, as {_BGA} transcribes them: 'At the end of this turn, your Commander-in-Chief draws 3 cards, not 2, and keeps them "
             "all, up to his maximum hand size, as dictated by the scenario.' The engine follows it."),)),
    Conflict(
        "m44.overlord.finest_hour", "memoir44", "Their Finest Hour and Medics & Mechanics in a team",
        (V.ALLIANCE_FINEST_HOUR, V.OVERLORD_DEAL),
        "Both cards roll a die per command card in the hand. Operation Alliance says which hand a team "
        "counts (the active player's, plus the common card); the Overlord rules say nothing, but give the "
        "side's whole hand to the chief.",
        "In Overlord the chief plays Their Finest Hour himself (its icon: see 'Overlord: who plays a "
        "tactic card'), and the dice are the cards he still holds after handing out this turn's cards, plus the card itself: "
        "cards given to the generals this turn no longer count, and there is no common card. Medics & "
        "Mechanics is a field general's card there, and the Overlord card counts no hand: it rolls 4 dice.",
        "tutor.memoir.game.flow._hand_dice, tutor.memoir.game.overlord._overlord_chief, tutor.memoir.game.flow._medics",
        published=(
            (f"The Overlord deck's own cards, as {_BGA} transcribes them: Medics & Mechanics 'Select 1 of your "
             "units that has suffered casualties. Roll 4 dice.', which the engine follows; Their Finest Hour 'Each of your Field Generals "
             "roll 4d. … All units he orders must be under his direct command.', where the "
             "engine keeps the chief's hand count above."),)),
    Conflict(
        "m44.overlord.one_section", "memoir44", "Overlord: a section card in one of a general's two sections",
        (V.OVERLORD_PLACE, V.OVERLORD_ONE_PER_SECTION, _OVERLORD_BOTH_SECTIONS, V.OVERLORD_PINCER),
        "A field general lays each card on the section it orders, and 'if the card may order units in both "
        "of his sections at once' he lays it on the line between them. The Polish rules' only example, Pincer "
        "Move, orders 2 units 'w jednej z dwóch sekcji' (in one of the two). Which cards span both?",
        "The tactic cards that name no section (Dig In, Firefight, Direct from HQ and the like) order units "
        "anywhere in the general's command; every section card, Recon in Force and Pincer Move (the cards the "
        "Polish rules give as meant for several generals) included, orders in one of his two sections, which "
        "he picks when he lays it (two section cards: one on each), and so does Infantry Assault, which names "
        "1 section.",
        "tutor.memoir.game.overlord._needs_place"),
    Conflict(
        "m44.overlord.setback_unit", "memoir44", "Overlord initiative: who picks the unit a flag or grenade hits",
        (R.OVERLORD_INITIATIVE_TABLE,),
        "A flag makes '1 TWOJA JEDNOSTKA' (1 of your units) retreat, a skull (the grenade) lose a figure; the "
        "table does not say who chooses the unit.",
        "The field general who rolled, among the units of his command: it is his roll and, in the table's "
        "words, his unit.",
        "tutor.memoir.game (phase 'setback')"),
    Conflict(
        "m44.overlord.players", "memoir44", "Overlord with fewer than eight players",
        (_OVERLORD_PLAYERS_ES, _OVERLORD_PLAYERS_PL),
        "The Spanish rulebook speaks of 'up to 8 players (4 a side)'; the Polish rules call eight the "
        "optimum, give the center section to the chief with three players a side, and have two or one "
        "player a side play 'together'. How does the engine seat fewer players?",
        "It keeps the four roles whatever the number of players (1 to 4 a side is accepted): the chief and "
        "the left, center and right generals each act in turn as the rules say, and the people at the table "
        "share them — with three a side the chief's player also acts as the center general.",
        "tutor.memoir.variants.Variant.seats"),
    # -- Young Generals (APÉNDICE 5)
    Conflict(
        "m44.young.tie", "memoir44", "Young Generals: a card that orders as many units for two members",
        (V.YG_WHO_ACTS, V.YG_CHIEF_DECIDES, V.YG_TEAMS),
        "The team member 'al que la carta jugada afecte más directamente' (whom the card played affects most "
        "directly) carries it out. In a team of 3, Pincer Move orders 2 units on the left flank and 2 on the "
        "right; Recon in Force and General Advance order as many units in each section. Who carries out a "
        "card that affects two or three members alike?",
        "The engine counts the card's orders in each member's sections and hands the card to the member with "
        "the most: with 2 players a card ordering on both flanks (Pincer Move, Recon in Force, General "
        "Advance) goes to the flanks player. On a tie the commander-in-chief has the last word, as he has on "
        "the card played. The rulebook does not say more; the tutor plays it this way: he carries the card out when he is one of the members "
        "tied (Recon in Force and General Advance in a team of 3); otherwise (Pincer Move in a team of 3) the "
        "engine, which does not ask him, names the left flank player, the first of the two; at the table the "
        "chief may name the right flank player instead.",
        "tutor.memoir.variants.young_generals_member, tutor.memoir.game (the event naming who carries out the "
        "card)"),
)


def all_conflicts() -> tuple[Conflict, ...]:
    """Every known conflict of both games (Undaunted's come from ``tutor.undaunted``)."""
    out = list(MEMOIR_CONFLICTS)
    try:
        from tutor.undaunted import conflicts as UC
    except ImportError:
        return tuple(out)
    for c in getattr(UC, "CONFLICTS", ()):
        out.append(c if isinstance(c, Conflict) else Conflict(**c))
    return tuple(out)
