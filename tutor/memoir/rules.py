"""Memoir '44 rule references. Quotes are verbatim from the seed files (checked by tests)."""

from tutor.rulebook import rule

ES = "memoir44-rules-es.txt"
CS = "memoir44-rules-cs-ocr.txt"
PL = "memoir44-overlord-rules-pl.txt"

BATTLEFIELD = rule(
    "m44.battlefield", ES, "CAMPO DE BATALLA",
    "Las 2 líneas discontinuas rojas dividen el campo de batalla en 3 secciones, de forma que cada "
    "jugador disponga de un flanco izquierdo, una zona central y un flanco derecho. Si las líneas "
    "discontinuas atraviesan algún hexágono, se considera que este forma parte tanto de la sección "
    "central como del flanco correspondiente.",
    "Two dashed lines split the board into left flank, center and right flank; a hex cut by a line "
    "belongs to both sections.")

OVERLORD_BOARD = rule(
    "m44.overlord.board", PL, "Przygotowanie do gry",
    "połóż swoje plansze stronami do siebie tak, by powstała plansza z sześcioma sekcjami, szeroka "
    "na 26 i wysoka na 9 pól. Sekcje na planszy połączą się parami, by stworzyć podwójnie duże "
    "sekcje lewą, centralną i prawą.",
    "Overlord joins two boards into one 26 × 9 board whose six sections pair into double-size "
    "left, center and right sections.")

# The printed table as extracted: OCR slips ("Cwazds" for the star row, "PANCRBNĄ", "WALZYĆ")
# are the seed's own; the last row names skulls where a Memoir '44 die has a grenade.
OVERLORD_INITIATIVE_TABLE = rule(
    "m44.overlord.initiative_table", PL, "TEST INICJATYWY WŁASNEJ",
    "Piechota WYBIERZ I AKTYWUJ JEDNĄ JEDNOSTKĘ PIECHOTY Pancerne WYBIERZ I AKTYWUJ JEDNĄ JEDNOSTKĘ "
    "PANCRBNĄ Cwazds WYBIERZ I AKTYWUJ JEDNĄ DOWOLNĄ JEDNOSTKĘ Flaga 1 TWOJA JEDNOSTKA MUSI WYCOFAĆ "
    "SIĘ O 1 POLE. TA JEDNOSTKA NIE MOŻE WALZYĆ. JEŚLI ŻADNA Z TWOICH JEDNOSTEK NIE MOŻE SIĘ WYCOFAĆ "
    "TO TRACI 1 FIGURKĘ Czaszki 1 TWOJA JEDNOSTKA MUSI STRACIĆ 1 FIGURKĘ. TA JEDNOSTKA NIE MOŻE "
    "WALZYĆ",
    "The initiative test: infantry — order 1 infantry unit; armor — 1 armor unit; star — 1 unit of "
    "any kind; flag — 1 of your units retreats 1 hex and may not battle (if none can, one loses a "
    "figure); skulls — 1 of your units loses a figure and may not battle.")

LOS = rule(
    "m44.los", ES, "LÍNEA DE VISIÓN",
    "traza una línea imaginaria desde el centro del hexágono ocupado por la unidad atacante hasta "
    "el centro del hexágono de la unidad objetivo. La línea de visión se considera bloqueada si "
    "alguno de los hexágonos (o parte de los mismos) por los que pasa la línea imaginaria contiene "
    "una obstrucción. Las unidades (amigas y enemigas), ciertos tipos de terrenos y obstáculos (ver "
    "Apéndice 2, página 14) y los hexágonos cortados por los bordes del tablero se consideran "
    "obstrucciones.",
    "Draw a line from the center of the attacker's hex to the center of the target's hex: any hex "
    "it passes through that holds a unit, blocking terrain or obstacle, or is cut by the board "
    "edge, blocks it.")

LOS_OWN_HEXES = rule(
    "m44.los.own_hexes", ES, "LÍNEA DE VISIÓN",
    "El terreno y los obstáculos que haya en los hexágonos de la unidad atacante y la unidad "
    "objetivo no bloquean la línea de visión.",
    "Terrain and obstacles in the attacker's and the target's own hexes never block.")

LOS_EDGES = rule(
    "m44.los.edges", ES, "LÍNEA DE VISIÓN",
    "Si la línea imaginaria pasa por el borde de uno o varios hexágonos que contengan "
    "obstrucciones, la línea de visión no se considera bloqueada, a menos que haya obstrucciones a "
    "ambos lados de todo su trazado.",
    "A line running along the edge of obstructed hexes is not blocked unless there are "
    "obstructions on both sides of it.")

LOS_EDGES_CS = rule(
    "m44.los.edges.cs", CS, "Linie výhledu",
    "je linie výhledu blokována pouze v případě, že se taková pole nacházejí po obou stranách "
    "této linie.",
    "Czech copy: blocked only if such hexes lie on both sides of the line.",
    ocr="je linie vyhledu blokovana pouze v pfipadé, Ze se takova pole nachazeji po obou stranach "
        "této linie.", ocr_heading="Linie vyhledu")

ARTILLERY_NO_LOS = rule(
    "m44.los.artillery", ES, "LÍNEA DE VISIÓN",
    "Las unidades de Artillería, en cambio, no necesitan línea de visión para atacar a una unidad "
    "enemiga.",
    "Artillery does not need line of sight to attack.")

HEIGHT = rule(
    "m44.height", ES, "ALTURA DEL TERRENO",
    "En Memoir ‘44, los terrenos pueden tener diferentes alturas (0, 1 o 2) en función de su tipo. "
    "Todos los terrenos tienen una altura de 0 a menos que se indique lo contrario.",
    "Terrain has a height of 0, 1 or 2; everything is 0 unless stated otherwise.")

HEIGHT_EXPANSIONS = rule(
    "m44.height.expansions", ES, "NOTA SOBRE EL TERRENO DE LAS EXPANSIONES DE MEMOIR ‘44",
    "Las Montañas y todos los terrenos cuyo nombre incluya la palabra «Montaña» tienen una altura "
    "de 2.",
    "Mountains have a height of 2.")

HEIGHT_LOS = rule(
    "m44.height.los", ES, "ALTURA DEL TERRENO Y LÍNEA DE VISIÓN",
    "El terreno y las unidades solo bloquean la línea de visión si se encuentran a una altura igual "
    "o mayor que alguna de las dos unidades involucradas en el ataque.",
    "Terrain and units block line of sight only at a height equal to or greater than that of one "
    "of the two units.")

HEIGHT_MOVE = rule(
    "m44.height.move", ES, "ALTURA DEL TERRENO Y MOVIMIENTO",
    "Una unidad solo puede moverse a un terreno más alto o más bajo que el suyo si la diferencia de "
    "altura entre el hexágono de origen y el de destino es de 1 como máximo.",
    "A unit may only move between hexes whose heights differ by at most 1.")

HILL_LOS = rule(
    "m44.hill.los", ES, "COLINAS",
    "Línea de visión: las Colinas bloquean la línea de visión, excepto entre unidades situadas a una "
    "altura de 1 o más.",
    "Hills block line of sight, except between units that are both at height 1 or more.")

LAKE_LOS = rule(
    "m44.lake.los", ES, "LAGOS",
    "Línea de visión: 2 o más hexágonos de Lago adyacentes entre sí bloquean la línea de visión.",
    "Two or more adjacent lake hexes block line of sight; a lone lake hex does not.")


# ---------------------------------------------------------------------------------------------
# The battle engine (tutor.memoir.state / movement / combat / retreat / objectives)

ORDERS = rule(
    "m44.orders", ES, "2. DAR ÓRDENES A UNIDADES",
    "Únicamente las unidades que reciban órdenes podrán moverse, atacar o realizar acciones "
    "especiales (en un momento posterior del turno).",
    "Only units that received an order may move, battle or act this turn.")

ORDERS_ONCE = rule(
    "m44.orders.once", ES, "2. DAR ÓRDENES A UNIDADES",
    "No se puede dar más de una orden a cada unidad.",
    "A unit can be given at most one order per turn.")

MOVE_ONCE = rule(
    "m44.move.once", ES, "3. MOVER UNIDADES",
    "Cada unidad solo puede moverse una vez por turno. Las unidades que han recibido una orden no "
    "tienen la obligación de moverse.",
    "Each unit moves at most once per turn, and need not move at all.")

MOVE_INFANTRY = rule(
    "m44.move.infantry", ES, "MOVIMIENTO",
    "Las unidades de Infantería pueden moverse 1 hexágono y atacar o bien moverse 2 hexágonos sin "
    "atacar.",
    "Infantry moves 1 hex and battles, or moves 2 hexes and does not battle.")

MOVE_ARMOR = rule(
    "m44.move.armor", ES, "MOVIMIENTO",
    "Las unidades de Blindados pueden moverse hasta 3 hexágonos y atacar.",
    "Armor moves up to 3 hexes and may battle.")

MOVE_ARTILLERY = rule(
    "m44.move.artillery", ES, "MOVIMIENTO",
    "Las unidades de Artillería pueden moverse 1 hexágono o bien atacar sin moverse.",
    "Artillery moves 1 hex or battles without moving.")

MOVE_NO_PASSING = rule(
    "m44.move.no_passing", ES, "REGLAS GENERALES DE MOVIMIENTO",
    "No puede haber dos unidades en un mismo hexágono. Al moverse, las unidades no pueden atravesar "
    "hexágonos ocupados por otra unidad amiga o enemiga",
    "Two units never share a hex, and a moving unit may not pass through any other unit.")

MOVE_BEFORE_BATTLE = rule(
    "m44.move.before_battle", ES, "REGLAS GENERALES DE MOVIMIENTO",
    "Es obligatorio completar todos los movimientos de unidades antes de pasar a la fase de ataque "
    "(paso 4).",
    "All movement is finished before the first battle of the turn.")

ELITE_INFANTRY = rule(
    "m44.special.elite_infantry", ES, "INFANTERÍA DE ÉLITE",
    "las unidades de Infantería de élite pueden moverse 2 hexágonos y atacar (en lugar de tener que "
    "elegir entre moverse 1 hexágono y atacar o moverse 2 hexágonos sin atacar). Sin embargo, siguen "
    "estando sujetas a los efectos normales del terreno.",
    "Elite infantry moves up to 2 hexes and still battles, but terrain still stops it.")

ELITE_ARMOR = rule(
    "m44.special.elite_armor", ES, "BLINDADOS DE ÉLITE",
    "las unidades de Blindados de élite (que se identifican con una insignia de Fuerzas Especiales) "
    "empiezan con 4 miniaturas por unidad",
    "Elite armor units have 4 figures instead of 3.")

RESISTANCE_TERRAIN = rule(
    "m44.special.resistance.terrain", ES, "LA RESISTENCIA FRANCESA",
    "Siempre pueden atacar después de entrar en un tipo de terreno donde una unidad estándar "
    "normalmente no podría hacerlo (Bosques, Aldeas, Setos, etc.).",
    "French resistance may battle after entering terrain that forbids battle to other units.")

RESISTANCE_RETREAT = rule(
    "m44.special.resistance.retreat", ES, "LA RESISTENCIA FRANCESA",
    "por cada Bandera obtenida en una tirada de ataque, pueden retirarse entre 1 y 3 hexágonos (en "
    "lugar de 1).",
    "French resistance retreats 1 to 3 hexes per flag instead of 1.")

RESISTANCE_MOVE = rule(
    "m44.special.resistance.move", ES, "LA RESISTENCIA FRANCESA",
    "A diferencia de la Infantería de élite, las unidades de la Resistencia francesa que decidan "
    "moverse 2 hexágonos no pueden atacar en el mismo turno.",
    "French resistance that moves 2 hexes may not battle that turn.")

BATTLE_ONCE = rule(
    "m44.battle.once", ES, "REGLAS GENERALES DE ATAQUE",
    "Por lo general, cada unidad solo puede atacar una vez por turno. Las unidades que han recibido "
    "una orden no tienen la obligación de atacar.",
    "A unit battles at most once per turn, and need not battle.")

CLOSE_COMBAT = rule(
    "m44.battle.close_combat", ES, "REGLAS GENERALES DE ATAQUE",
    "Las unidades adyacentes a una o más unidades enemigas se consideran trabadas en combate "
    "cercano. A la hora de atacar, estas unidades siempre deben atacar a una unidad con la que estén "
    "trabadas en combate cercano; no pueden atacar a otras unidades enemigas más alejadas.",
    "A unit adjacent to an enemy must battle an adjacent enemy.")

RANGE_INFANTRY = rule(
    "m44.range.infantry", ES, "ALCANCE DE ATAQUE: INFANTERÍA",
    "Las unidades de Infantería pueden atacar a cualquier unidad objetivo enemiga situada a "
    "3 hexágonos de distancia o menos. Tiran 3 dados en combate cercano (es decir, si el enemigo "
    "está en un hexágono adyacente), 2 dados contra los objetivos situados a 2 hexágonos y 1 dado "
    "contra los objetivos situados a 3 hexágonos.",
    "Infantry battles up to 3 hexes away with 3, 2, 1 dice.")

RANGE_ARMOR = rule(
    "m44.range.armor", ES, "ALCANCE DE ATAQUE: BLINDADOS",
    "Las unidades de Blindados pueden atacar a cualquier unidad objetivo enemiga situada a "
    "3 hexágonos de distancia o menos. Siempre atacan con 3 dados, pero recuerda que se aplican las "
    "protecciones del terreno.",
    "Armor battles up to 3 hexes away with 3 dice.")

RANGE_ARTILLERY = rule(
    "m44.range.artillery", ES, "ALCANCE DE ATAQUE: ARTILLERÍA",
    "Las unidades de Artillería pueden atacar a cualquier unidad objetivo enemiga situada a "
    "6 hexágonos de distancia o menos. Atacan a 3, 3, 2, 2, 1, 1. Los ataques de la Artillería "
    "ignoran todas las protecciones del terreno a menos que se indique lo contrario.",
    "Artillery battles up to 6 hexes away with 3, 3, 2, 2, 1, 1 dice and ignores terrain protection.")

PROTECTION = rule(
    "m44.battle.protection", ES, "PROTECCIÓN DEL TERRENO",
    "Al atacar, debes restar el número de dados correspondiente a la protección del terreno en el "
    "que se encuentre la unidad objetivo, en caso de haberla.",
    "Subtract the protection of the target's terrain from the attacker's dice.")

PENALTIES_ADD = rule(
    "m44.battle.penalties_add", ES, "PROTECCIÓN DEL TERRENO",
    "Las penalizaciones que se aplican a la unidad atacante y a la protección del terreno de la "
    "unidad objetivo se acumulan.",
    "Penalties for the attacker's own hex add to the target's terrain protection.")

HITS_FIRST = rule(
    "m44.resolve.order", ES, "RESOLUCIÓN DEL ATAQUE",
    "Primero se resuelven los impactos y, a continuación, las retiradas.",
    "Resolve hits first, then retreats.")

HITS = rule(
    "m44.resolve.hits", ES, "IMPACTO",
    "El atacante consigue 1 impacto por cada símbolo obtenido en los dados que se corresponda con "
    "el tipo de la unidad objetivo. El símbolo de Granada es un comodín: añade 1 impacto "
    "independientemente del tipo de unidad objetivo.",
    "One hit per die showing the target's unit symbol; a grenade hits any unit.")

HITS_EXCESS = rule(
    "m44.resolve.excess", ES, "IMPACTO",
    "Si un ataque consigue más impactos que miniaturas tenga la unidad objetivo, los impactos "
    "sobrantes se pierden sin efecto alguno.",
    "Hits beyond the target's figures are lost.")

MEDAL = rule(
    "m44.resolve.medal", ES, "IMPACTO",
    "Cuando se retire la última miniatura de una unidad, el jugador rival la coloca en cualquiera de "
    "las casillas para Medallas vacías de su lado del campo de batalla.",
    "When a unit's last figure is removed, the opponent takes it as a victory medal.")

STAR = rule(
    "m44.resolve.star", ES, "RESOLUCIÓN DEL ATAQUE",
    "Estrella: por lo general, la cara con el símbolo de Estrella es un fallo, aunque ciertas "
    "cartas de Táctica la consideran un impacto.",
    "A star is a miss unless a tactic card says otherwise.")

MISS = rule(
    "m44.resolve.miss", ES, "FALLO",
    "Si el atacante no saca ninguno de los símbolos necesarios para impactar a la unidad objetivo u "
    "obligarla a retroceder, se considera un fallo.",
    "No hit and no flag is a miss.")

FLAG = rule(
    "m44.retreat.flag", ES, "RETIRADA",
    "Por cada símbolo de Bandera que haya salido en los dados, la unidad objetivo debe retroceder "
    "1 hexágono hacia su lado del campo de batalla.",
    "Each flag makes the target retreat 1 hex toward its own side.")

RETREAT_OWNER = rule(
    "m44.retreat.owner", ES, "RETIRADA",
    "El jugador que controla la unidad decide a qué hexágono se retira, siguiendo estas reglas:",
    "The player who controls the retreating unit chooses the hex it retreats to, within the rules.")

RETREAT_DIRECTION = rule(
    "m44.retreat.direction", ES, "RETIRADA",
    "Las unidades siempre deben retirarse hacia el lado del tablero del jugador que la controla, a "
    "menos que alguna regla especial indique lo contrario.",
    "A unit always retreats toward its own side of the board.")

RETREAT_TERRAIN = rule(
    "m44.retreat.terrain", ES, "RETIRADA",
    "El terreno y los obstáculos no afectan a los movimientos de retirada;",
    "Terrain and obstacles do not affect retreat moves.")

RETREAT_IMPASSABLE = rule(
    "m44.retreat.impassable", ES, "RETIRADA",
    "Sin embargo, las unidades nunca pueden cruzar terreno intransitable durante una retirada.",
    "A retreat may never cross impassable terrain.")

RETREAT_UNITS = rule(
    "m44.retreat.units", ES, "RETIRADA",
    "Al retirarse, las unidades no pueden atravesar hexágonos ya ocupados por otra unidad (amiga o "
    "enemiga) ni detenerse en ellos.",
    "A retreating unit may not pass through or stop on a hex holding any unit.")

RETREAT_BLOCKED = rule(
    "m44.retreat.blocked", ES, "RETIRADA",
    "En ciertos casos, la retirada es imposible: si la ruta está bloqueada por terreno "
    "intransitable u otras unidades, si la unidad tuviera que salir de los límites del tablero o si "
    "tuviera que retirarse a un hexágono de Océano. Cuando una unidad sea incapaz de retirarse, no se "
    "mueve, pero pierde 1 miniatura por cada movimiento de retirada que no pueda completar.",
    "A unit that cannot retreat (impassable terrain, units, the board edge, ocean) stays and loses "
    "1 figure per retreat move it cannot make.")

RETREAT_NO_CHOICE = rule(
    "m44.retreat.no_choice", ES, "RETIRADA",
    "No puedes elegir perder miniaturas si tu unidad tiene una ruta de retirada libre que le permita "
    "resolver todos los símbolos de Bandera que haya sacado el jugador rival.",
    "You may not take losses instead of retreating if a free retreat path resolves every flag.")

IGNORE_FLAG = rule(
    "m44.retreat.ignore", ES, "RETIRADA",
    "Algunos obstáculos y tipos de terreno permiten que las unidades ignoren el primer símbolo de "
    "Bandera que haya salido en los dados.",
    "Some terrain and obstacles let a unit ignore the first flag rolled against it.")

TAKE_GROUND = rule(
    "m44.take_ground", ES, "GANAR TERRENO",
    "Si una unidad ataca en combate cercano (es decir, si ataca a una unidad adyacente) y elimina a "
    "la unidad enemiga o la obliga a retirarse, se considera un combate cercano exitoso y la unidad "
    "atacante puede ganar terreno avanzando al hexágono abandonado (no es obligatorio).",
    "After a close combat that eliminates or retreats the target, the attacker may advance into "
    "the vacated hex.")

TAKE_GROUND_ARTILLERY = rule(
    "m44.take_ground.artillery", ES, "GANAR TERRENO",
    "Las unidades de Artillería no pueden ganar terreno.",
    "Artillery never takes ground.")

TAKE_GROUND_TERRAIN = rule(
    "m44.take_ground.terrain", ES, "GANAR TERRENO",
    "Las unidades que ganan terreno están sujetas a las restricciones del terreno relativas al "
    "movimiento y el ataque. Por ejemplo, una unidad no puede ganar terreno después de entrar en un "
    "terreno que la obligue a detenerse y a no moverse más durante ese turno, como un hexágono de "
    "Alambrada.",
    "Taking ground obeys terrain movement and battle restrictions: a unit that entered terrain "
    "that stops it may not take ground.")

OVERRUN = rule(
    "m44.overrun", ES, "ARROLLAMIENTO DE BLINDADOS",
    "Después de ganar terreno, las unidades de Blindados pueden atacar una segunda vez. Este segundo "
    "ataque se denomina «arrollamiento». El ataque de arrollamiento puede tener como objetivo "
    "cualquier unidad enemiga (la unidad de Blindados no tiene la obligación de atacar otra vez al "
    "mismo objetivo), pero sigue las reglas de ataque habituales.",
    "After taking ground, armor may battle again (an overrun), against any enemy, under the usual "
    "battle rules.")

OVERRUN_ONCE = rule(
    "m44.overrun.once", ES, "ARROLLAMIENTO DE BLINDADOS",
    "Cada unidad de Blindados solo puede realizar un arrollamiento por turno.",
    "Each armor unit overruns at most once per turn.")

OVERRUN_TAKE_GROUND = rule(
    "m44.overrun.take_ground", ES, "ARROLLAMIENTO DE BLINDADOS",
    "Las unidades de Blindados pueden volver a ganar terreno después de un ataque de arrollamiento "
    "si este ha sido un ataque de combate cercano exitoso",
    "Armor may take ground again after a successful close-combat overrun.")

OVERRUN_SEQUENCE = rule(
    "m44.overrun.sequence", ES, "ARROLLAMIENTO DE BLINDADOS",
    "Ambos ataques (el primer combate cercano y el ataque de arrollamiento) deben completarse antes "
    "de que la próxima unidad pueda atacar.",
    "Both attacks finish before the next unit battles.")

OVERRUN_TERRAIN = rule(
    "m44.overrun.terrain", ES, "ARROLLAMIENTO DE BLINDADOS",
    "Se siguen aplicando las restricciones del terreno; es posible que el terreno al que se muevan "
    "los Blindados les impida realizar un ataque de arrollamiento.",
    "Terrain restrictions still apply: the hex armor advanced into may forbid the overrun.")

HEDGEROW_LEAVE = rule(
    "m44.terrain.hedgerows.leave", ES, "SETOS",
    "Al salir, la unidad debe detenerse en un hexágono adyacente, aunque después puede ganar "
    "terreno.",
    "Leaving hedgerows, a unit stops in the adjacent hex, though it may later take ground.")

DRAW_MOVE = rule(
    "m44.terrain.draw.move", ES, "REPECHOS",
    "un movimiento de 2 hexágonos para las unidades de Infantería. A la hora de ganar terreno, la "
    "Infantería puede entrar o salir de un Repecho de la manera habitual. imposible para todas las "
    "demás unidades.",
    "Beach to draw or draw to beach is a 2-hex move for infantry (normal when taking ground) and "
    "impossible for other units.")

DRAW_RETREAT = rule(
    "m44.terrain.draw.retreat", ES, "REPECHOS",
    "Se considera una Colina normal a efectos de ataque, protección, línea de visión y retirada para "
    "todo tipo de unidades (es decir, una unidad de Blindados puede retirarse desde un Repecho hacia "
    "la Playa).",
    "A draw is a normal hill for battle and retreat: armor may retreat from a draw to a beach.")

BRIDGE_RETREAT = rule(
    "m44.terrain.bridge.retreat", ES, "PUENTES",
    "Del mismo modo, las unidades situadas sobre un Puente solo pueden retirarse a un hexágono de "
    "tierra adyacente.",
    "A unit on a bridge may only retreat onto an adjacent land hex.")

BUNKER_DUG_IN = rule(
    "m44.obstacle.bunker.dug_in", ES, "BÚNKERES",
    "Si empiezan en un Búnker, estas unidades de Blindados y Artillería no pueden moverse ni "
    "retirarse del hexágono.",
    "Armor and artillery that start in a bunker may neither move nor retreat out of it.")

BUNKER_NO_RETREAT = rule(
    "m44.obstacle.bunker.no_retreat", ES, "BÚNKERES",
    "Las unidades de Artillería y Blindados que empiezan en un Búnker no pueden retirarse. Sufren "
    "1 baja por cada Bandera adicional después de la primera (que se ignora).",
    "Armor and artillery dug into a bunker cannot retreat: after the first (ignored) flag, each "
    "flag costs a figure.")

BUNKER_SIDE = rule(
    "m44.obstacle.bunker.side", ES, "BÚNKERES",
    "Ciertos escenarios indican que solo las unidades de un bando determinado pueden utilizar los "
    "Búnkeres como posición defensiva. En ese caso, el bando contrario puede mover sus unidades de "
    "Infantería a un Búnker, pero estas no se beneficiarán de sus ventajas defensivas",
    "When a scenario gives bunkers to one side, the other side's infantry may enter them without "
    "their defensive benefits.")

WIRE_REMOVE = rule(
    "m44.obstacle.wire.remove", ES, "ALAMBRADAS",
    "Una unidad de Infantería que esté situada en una Alambrada y sea capaz de atacar puede optar "
    "por eliminar la Alambrada en lugar de atacar. Las unidades de Blindados deben eliminar la "
    "Alambrada en cuanto entren en el hexágono y además pueden atacar con normalidad.",
    "Infantry on wire that could battle may remove the wire instead; armor removes wire on "
    "entering and may still battle.")

WIRE_RETREAT = rule(
    "m44.obstacle.wire.retreat", ES, "ALAMBRADAS",
    "Nota: cuando una unidad de Blindados que se retira atraviese un hexágono con una Alambrada (o "
    "termine su retirada en él), la Alambrada no se elimina.",
    "Armor retreating through or onto wire does not remove it.")

SANDBAGS_REMOVED = rule(
    "m44.obstacle.sandbags.removed", ES, "SACOS TERREROS",
    "Movimiento: sin restricciones, pero los Sacos terreros se eliminan cuando una unidad salga del "
    "hexágono que los contiene.",
    "Sandbags are removed when the unit leaves their hex.")

VICTORY = rule(
    "m44.victory", ES, "OBJETIVO DEL JUEGO",
    "se gana una Medalla de victoria por cada unidad enemiga que se elimine totalmente del campo de "
    "batalla.",
    "Each enemy unit eliminated earns one victory medal.")

VICTORY_COUNT = rule(
    "m44.victory.count", ES, "TURNO DE JUEGO",
    "los jugadores se van turnando hasta que alguien consiga el número total de Medallas de victoria "
    "que se indica en las condiciones de victoria del escenario.",
    "Play goes on until a side holds the scenario's number of medals.")

OBJECTIVE_TEMPORARY = rule(
    "m44.objective.temporary", ES, "OBJETIVO DE MEDALLA TEMPORAL",
    "Al entrar en el hexágono objetivo, se captura una Medalla de victoria. Dicha Medalla se conserva "
    "únicamente mientras el hexágono esté ocupado por una unidad del bando indicado.",
    "Entering a temporary objective captures a medal, kept only while a unit of that side holds "
    "the hex.")

OBJECTIVE_PERMANENT = rule(
    "m44.objective.permanent", ES, "OBJETIVO DE MEDALLA PERMANENTE",
    "Cuando una unidad del bando indicado entre en el hexágono objetivo, gana una Medalla de victoria "
    "de manera permanente.",
    "Entering a permanent objective wins a medal for good.")

OBJECTIVE_MAJORITY = rule(
    "m44.objective.majority", ES, "OBJETIVO DE MEDALLA TEMPORAL POR MAYORÍA",
    "El bando que controle la mayoría de los hexágonos objetivo (es decir, el bando cuyas unidades "
    "controlen al menos un hexágono objetivo más que su rival) captura una Medalla de victoria.",
    "The side holding more of the objective hexes than its rival holds a medal while it keeps the "
    "majority.")

OBJECTIVE_SUDDEN_DEATH = rule(
    "m44.objective.sudden_death", ES, "OBJETIVO DE MUERTE SÚBITA",
    "En cuanto el bando indicado complete las condiciones de Muerte súbita, gana la partida "
    "inmediatamente.",
    "A side that meets a sudden-death condition wins at once.")


# The setting up of a battle, step by step (PREPARACIÓN), as chapter 2 walks it.
SETUP_HEADING = "PREPARACIÓN"

SETUP_STEPS = (
    rule("m44.setup.step01", ES, SETUP_HEADING,
         "Elige una batalla del libro de escenarios. Si es tu primera partida de Memoir ‘44, te aconsejamos empezar "
         "por la primera batalla: Puente Pegasus (página 3).",
         "1. Choose a battle; for a first game, the first one: Pegasus Bridge."),
    rule("m44.setup.step02", ES, SETUP_HEADING,
         "Coloca el tablero en la mesa, con el lado adecuado bocarriba (Campo o Playa de desembarco). Para Puente "
         "Pegasus, utiliza el lado de Campo.",
         "2. Lay the board with the right side up (countryside or beach); Pegasus Bridge uses the countryside."),
    rule("m44.setup.step03", ES, SETUP_HEADING,
         "Distribuye los hexágonos de Terreno necesarios según se indique en la preparación del escenario. Es "
         "recomendable colocarlos en el orden en que aparecen en la lista. Para Puente Pegasus, coloca los 20 "
         "hexágonos de Río, después 4 hexágonos de Pueblo y, por último, 9 hexágonos de Bosque.",
         "3. Place the terrain hexes in the order listed: for Pegasus Bridge 20 river, then 4 town, then 9 woods."),
    rule("m44.setup.step04", ES, SETUP_HEADING,
         "Añade los obstáculos necesarios (Búnkeres, Puentes, Sacos terreros, etc.). Para Puente Pegasus, son 2 "
         "obstáculos de Puente (uno sobre cada Río), 4 de Alambrada y 1 de Saco terrero para proteger a los "
         "defensores alemanes.",
         "4. Add the obstacles: 2 bridges (one on each river), 4 wire and 1 sandbag protecting the Germans."),
    rule("m44.setup.step05", ES, SETUP_HEADING,
         "A continuación, coloca las miniaturas en el tablero, en las posiciones indicadas en el mapa de batalla "
         "del escenario.",
         "5. Place the figures where the scenario map shows them."),
    rule("m44.setup.step06", ES, SETUP_HEADING,
         "Si las reglas especiales del escenario así lo requieren, asigna las insignias de Fuerzas Especiales a "
         "las unidades correspondientes, y las Medallas de victoria a los objetivos correspondientes del tablero. "
         "Para Puente Pegasus, coloca una Medalla de victoria Aliada en cada Puente.",
         "6. Badges and objective medals as the scenario says: an Allied victory medal on each bridge."),
    rule("m44.setup.step07", ES, SETUP_HEADING,
         "Opcionalmente, deja las cartas de Resumen correspondientes (para Puente Pegasus, las cartas de Bosques, "
         "Pueblos y Aldeas, Ríos, Lagos, Sacos terreros, Alambradas y unidades) al lado del tablero para poder "
         "consultarlas durante la partida.",
         "7. Optionally, lay the summary cards of the battle's terrain, obstacles and units beside the board."),
    rule("m44.setup.step08", ES, SETUP_HEADING,
         "Si quieres utilizar los portacartas, móntalos y déjalos al lado del tablero.",
         "8. Card holders, if you use them, go beside the board."),
    rule("m44.setup.step09", ES, SETUP_HEADING,
         "Escoged el bando de cada jugador y sentaos en el lado correspondiente del tablero.",
         "9. Choose sides and sit at your side of the board."),
    rule("m44.setup.step10", ES, SETUP_HEADING,
         "Tus cartas de Mando son secretas; no dejes que las vea el jugador rival. Para Puente Pegasus, el "
         "comandante Aliado recibe 6 cartas de Mando, ¡pero el general del Eje empieza con solo 2 tristes cartas!",
         "10. Shuffle the command deck and deal as the scenario says — secret hands: Allies 6, Axis only 2."),
    rule("m44.setup.step11", ES, SETUP_HEADING,
         "Deja el mazo de cartas de Mando restantes al lado del tablero, bocabajo y al alcance de ambos jugadores.",
         "11. The rest of the deck lies face down beside the board, in reach of both players."),
    rule("m44.setup.step12", ES, SETUP_HEADING, "Cada bando recibe 4 dados de ataque.",
         "12. Each side takes 4 battle dice."),
    rule("m44.setup.step13", ES, SETUP_HEADING,
         "El jugador inicial, indicado en las instrucciones del escenario (en Puente Pegasus es el jugador "
         "Aliado), empieza la partida eligiendo y jugando una carta de Mando de su mano.",
         "13. The first player (the Allies at Pegasus Bridge) starts by playing a command card."),
)

SETUP_FIGURES = rule("m44.setup.figures", ES, SETUP_HEADING,
                     "Por lo general, una unidad de Infantería está compuesta por 4 miniaturas, una de Blindados por 3 "
                     "miniaturas y una de Artillería por 2 miniaturas.",
                     "An infantry unit has 4 figures, armor 3, artillery 2.")
