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
    "Two dashed lines split the board into left flank, centre and right flank; a hex cut by a line "
    "belongs to both sections.")

OVERLORD_BOARD = rule(
    "m44.overlord.board", PL, "Przygotowanie do gry",
    "połóż swoje plansze stronami do siebie tak, by powstała plansza z sześcioma sekcjami, szeroka "
    "na 26 i wysoka na 9 pól. Sekcje na planszy połączą się parami, by stworzyć podwójnie duże "
    "sekcje lewą, centralną i prawą.",
    "Overlord joins two boards into one 26 × 9 board whose six sections pair into double-size "
    "left, centre and right sections.")

LOS = rule(
    "m44.los", ES, "LÍNEA DE VISIÓN",
    "traza una línea imaginaria desde el centro del hexágono ocupado por la unidad atacante hasta "
    "el centro del hexágono de la unidad objetivo. La línea de visión se considera bloqueada si "
    "alguno de los hexágonos (o parte de los mismos) por los que pasa la línea imaginaria contiene "
    "una obstrucción. Las unidades (amigas y enemigas), ciertos tipos de terrenos y obstáculos (ver "
    "Apéndice 2, página 14) y los hexágonos cortados por los bordes del tablero se consideran "
    "obstrucciones.",
    "Draw a line from the centre of the attacker's hex to the centre of the target's hex: any hex "
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
    "m44.los.edges.cs", CS, "Linie vyhledu",
    "je linie vyhledu blokovana pouze v pfipadé, Ze se takova pole nachazeji po obou stranach "
    "této linie.",
    "Czech copy: blocked only if such hexes lie on both sides of the line.")

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
