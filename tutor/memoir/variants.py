"""The ways to play Memoir '44 beyond two players (memoir44-rules-es.txt, APÉNDICE 5;
memoir44-overlord-rules-pl.txt).

* **Operation Alliance** (team play for 3-4): each side is one player or a team of two. A team
  splits the scenario's hand by the distribution table and keeps one common card face up; team
  members take turns as the *active player*, who plays a card from their own hand or the common
  card, and the card drawn replaces the one played (in that hand, or face up as the common card).
  Card adjustments: Their Finest Hour and Medics & Mechanics roll 1 die per card in the active
  player's hand plus the common card; Recon as the common card lets the active player keep either
  card drawn; Ambush may be played by either member, from a hand or the common card.
* **Young Generals**: section cards only, 6 cards each, optionally (together) no take ground and no overrun;
  in its team mode a side is 2-3 players, each with sections of the board, the center player the
  commander-in-chief.
* **Overlord**: a 26 × 9 board, a commander-in-chief and up to three field generals per side. The
  chief hands 1-3 cards to the field generals (section cards only to the general of that
  section, tactic cards as the published deck's icon says: ``overlord_players``) or keeps a
  tactic card whose icon allows it (Air Power, Barrage, Their Finest Hour, Counter-Attack) to play
  himself, resolved before the generals act; a field general lays each section card on one of
  his two sections (two cards: one on each), and each unit follows the card it was ordered
  under (his Medics & Mechanics rolls 4 dice, as the Overlord card says); a field general with
  no card may roll one die for initiative (on a flag or a grenade he picks the unit struck, which may not
  battle); Ambush goes to the general attacked in close combat on the opponent's turn,
  Counter-Attack copies a card the opponent played on his previous turn; at the end the chief
  draws 2 (3 after a Recon, as the Overlord deck's Recon reads) and must have kept at least one card.

This module holds the variants as data — tables, seats, rules; ``tutor.memoir.game`` plays them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import MappingProxyType

from tutor.errors import InputError
from tutor.rulebook import rule

ES = "memoir44-rules-es.txt"
PL = "memoir44-overlord-rules-pl.txt"

# ---------------------------------------------------------------------------------------------
# Operation Alliance

ALLIANCE_TEAMS = rule(
    "m44.alliance.teams", ES, "1. FORMAR EQUIPOS",
    "Forma dos equipos de hasta 2 jugadores por equipo; si sois 3 jugadores, un equipo de 2 "
    "jugadores se enfrentará al tercero.",
    "Operation Alliance: two teams of up to 2 players; with 3 players, a team of 2 faces one player.")

ALLIANCE_COMMON = rule(
    "m44.alliance.common", ES, "2. PREPARAR LA PARTIDA",
    "Cada miembro del equipo recibirá una mano de cierto número de cartas. Además, robad una carta "
    "de Mando adicional y dejadla bocarriba entre los 2 miembros del equipo.",
    "Each team member gets a hand from the table, and one extra card lies face up between them.")

ALLIANCE_TABLE = rule(
    "m44.alliance.table", ES, "2. PREPARAR LA PARTIDA",
    "4 2 cartas para cada jugador + 1 carta común bocarriba 5 3 cartas para cada jugador + 1 carta "
    "común bocarriba 6 4 cartas para cada jugador + 1 carta común bocarriba",
    "A team's scenario hand of 4, 5 or 6 becomes 2, 3 or 4 cards each plus 1 common card.")

ALLIANCE_SHORT_HAND = rule(
    "m44.alliance.short_hand", ES, "2. PREPARAR LA PARTIDA",
    "deben repartirse las cartas iniciales de forma que siempre haya una carta común y que, después "
    "de robar cartas nuevas, se respete la distribución final del equipo.",
    "When a side starts short of cards (Pegasus Bridge), deal so that there is always a common card "
    "and the team reaches its final distribution as it draws.")

ALLIANCE_ORDER = rule(
    "m44.alliance.order", ES, "3. TURNO DE JUEGO",
    "En partidas de 4 jugadores, el jugador inicial del primer equipo juega primero, seguido por el "
    "jugador inicial del equipo contrario. A continuación, el segundo jugador del primer equipo "
    "juega un turno, seguido por el segundo jugador del equipo contrario.",
    "Sides alternate; within a team the members take turns, starting player first.")

ALLIANCE_SOLO = rule(
    "m44.alliance.solo", ES, "3. TURNO DE JUEGO",
    "En partidas de 3 jugadores, el jugador solitario juega un turno después de cada miembro del "
    "equipo de 2 jugadores.",
    "With 3 players the lone player plays after each member of the team.")

ALLIANCE_ACTIVE = rule(
    "m44.alliance.active", ES, "3. TURNO DE JUEGO",
    "El jugador activo solo puede jugar una carta de Mando de su mano o la carta de Mando común. Al "
    "final del turno, la carta de Mando nueva que robe el jugador activo debe sustituir a la que "
    "haya jugado: la lleva a su mano o, si ha jugado la carta común, la deja bocarriba en la mesa.",
    "The active player plays from their own hand or the common card; the card drawn replaces the "
    "one played, in the hand or face up.")

ALLIANCE_FINEST_HOUR = rule(
    "m44.alliance.finest_hour", ES, "4. REGLAS ESPECIALES",
    "«La hora de la verdad»: el jugador activo tira 1 dado de ataque por cada carta de Mando que "
    "tenga en la mano (incluida la carta «La hora de la verdad») y también por la carta de Mando "
    "común.",
    "Their Finest Hour in a team: 1 die per card in the active player's hand (itself included) plus "
    "the common card.")

ALLIANCE_MEDICS = rule(
    "m44.alliance.medics", ES, "4. REGLAS ESPECIALES",
    "«Sanitarios y mecánicos»: el jugador activo tira 1 dado de ataque por cada carta de Mando que "
    "tenga en la mano (incluida la carta «Sanitarios y mecánicos») y también por la carta de Mando "
    "común.",
    "Medics & Mechanics in a team: 1 die per card in the active player's hand (itself included) "
    "plus the common card.")

ALLIANCE_RECON = rule(
    "m44.alliance.recon", ES, "4. REGLAS ESPECIALES",
    "«Reconocimiento»: si esta es la carta de Mando común, el jugador activo elige qué carta de "
    "Mando se queda y cuál descarta.",
    "Recon as the common card: the active player chooses which drawn card stays.")

ALLIANCE_AMBUSH = rule(
    "m44.alliance.ambush", ES, "4. REGLAS ESPECIALES",
    "«Emboscada»: cuando un oponente declare un combate cercano, cualquiera de los dos miembros del "
    "equipo puede jugar la carta «Emboscada» (tanto si la tiene en su mano como si es la carta de "
    "Mando común) antes de que el oponente tire los dados de ataque por combate cercano.",
    "Ambush in a team: either member may play it, from a hand or as the common card.")

# hand of the scenario -> cards per team member (plus 1 common card): APÉNDICE 5, the table
ALLIANCE_DISTRIBUTION = MappingProxyType({4: 2, 5: 3, 6: 4})


def alliance_split(scenario_hand: int) -> tuple[int, int]:
    """(cards per member, common cards) for a team of two, from the scenario's hand size.

    Hands outside the printed table (4-6) follow its pattern, (n - 2) each + 1 common, and at least
    one card each — a reading of this project, said where it is used.
    """
    if scenario_hand in ALLIANCE_DISTRIBUTION:
        return ALLIANCE_DISTRIBUTION[scenario_hand], 1
    return max(1, scenario_hand - 2), 1


# ---------------------------------------------------------------------------------------------
# Young Generals

YG_NO_TACTICS = rule(
    "m44.young.no_tactics", ES, "VARIANTE PARA JÓVENES GENERALES",
    "Retira todas las cartas de Táctica del mazo y deja solo las cartas de Sección. Reparte 6 cartas "
    "de Mando a cada jugador, en lugar del número de cartas que indica el escenario.",
    "Young Generals: section cards only, 6 cards each whatever the scenario says.")

YG_SIMPLER = rule(
    "m44.young.simpler", ES, "VARIANTE PARA JÓVENES GENERALES",
    "Si es necesario simplificar aún más el juego, no apliques las reglas de ganar terreno ni de "
    "arrollamiento de Blindados.",
    "Optionally, no take ground and no armor overrun.")

YG_TEAMS = rule(
    "m44.young.teams", ES, "JUEGO POR EQUIPOS CON JÓVENES GENERALES",
    "En equipos de 3 jugadores, cada jugador se encarga de una sección concreta. El jugador que "
    "controla el Centro también es el comandante en jefe. En equipos de 2 jugadores, un jugador se "
    "encarga del Centro del campo de batalla y ejerce como comandante en jefe, mientras que el otro "
    "controla los dos Flancos.",
    "Young Generals teams: with 3, one player per section, the center player is chief; with 2, the "
    "chief takes the center and the other both flanks.")

YG_WHO_ACTS = rule(
    "m44.young.who_acts", ES, "JUEGO POR EQUIPOS CON JÓVENES GENERALES",
    "El miembro del equipo al que la carta jugada afecte más directamente es quien lleva a cabo las "
    "acciones correspondientes: mover unidades, elegir objetivos y tirar dados de ataque cuando "
    "proceda.",
    "The member the card affects most carries out its actions.")

YG_CHIEF_DECIDES = rule(
    "m44.young.chief", ES, "JUEGO POR EQUIPOS CON JÓVENES GENERALES",
    "Si no consiguen llegar a un acuerdo, el comandante en jefe de su bando tiene la última palabra "
    "sobre la carta que se juega.",
    "The team chooses its card together; the chief has the last word.")

# ---------------------------------------------------------------------------------------------
# Overlord

OVERLORD_CHIEF = rule(
    "m44.overlord.chief", PL, "TURA GRY",
    "Głównodowodzący wybiera 1, 2 lub 3 karty dowodzenia z aktualnie posiadanych.",
    "Overlord: the commander-in-chief picks 1, 2 or 3 of his command cards each turn.")

OVERLORD_SECTION_CARDS = rule(
    "m44.overlord.section_cards", PL, "TURA GRY",
    "Jeśli kilka z wybranych kart jest kartami sekcji, to muszą one zostać ofiarowane odpowiednim "
    "dowódcom polowym zgodnie ze znakami strzałek w ich prawym górnym rogu.",
    "Section cards go to the field general of the section their arrow shows.")

OVERLORD_TACTIC_ALONE = rule(
    "m44.overlord.tactic_alone", PL, "TURA GRY",
    "Dowódca polowy, który otrzyma kartę taktyki, nie może otrzymać ani zagrać innej karty "
    "dowodzenia podczas tej tury.",
    "A field general given a tactic card receives and plays no other card that turn.")

OVERLORD_CHIEF_TACTIC = rule(
    "m44.overlord.chief_tactic", PL, "TURA GRY",
    "Również głównodowodzący, który zagra kartę taktyki osobiście nie może zagrać innej karty "
    "dowodzenia podczas tej samej tury (jednak może nadal dać dwie inne karty swoim dowódcom "
    "polowym).",
    "A chief who plays a tactic card himself plays no other, but may still hand out two.")

OVERLORD_MOVES_FIRST = rule(
    "m44.overlord.moves_first", PL, "TURA GRY",
    "Tak jak w podstawowej wersji gry, ruch wszystkich jednostek musi zostać zakończony przed "
    "ewentualnym rozstrzygnięciem walki.",
    "All moves in every section end before any battle.")

OVERLORD_INITIATIVE = rule(
    "m44.overlord.initiative", PL, "TURA GRY",
    "Dowódca wykonujący działania samodzielnie rzuca jedną kostką, z następującymi efektami:",
    "A field general with no card may act on his own initiative: he rolls one die.")

OVERLORD_INITIATIVE_NONE = rule(
    "m44.overlord.initiative_none", PL, "TURA GRY",
    "Jeśli symbol na kostce nie pasuje do żadnej z jednostek dowódcy próbującego działać na własną "
    "rękę to nic się nie dzieje i żadna jednostka nie jest aktywowana.",
    "If the symbol matches none of his units, nothing happens.")

OVERLORD_DRAW = rule(
    "m44.overlord.draw", PL, "TURA GRY",
    "On je odrzuca i dobiera dwie nowe karty niezależnie od tego ile kart rozdał i zagrał w trakcie "
    "tej tury.",
    "The chief discards the played cards and draws two, however many were played.")

OVERLORD_KEEP_ONE = rule(
    "m44.overlord.keep_one", PL, "TURA GRY",
    "Głównodowodzący nie może nigdy rozdać wszystkich kart dowodzenia posiadanych na ręce w danej "
    "turze. Musi co najmniej jedną z nich zachować",
    "The chief never hands out his whole hand: he keeps at least one card.")

OVERLORD_HAND_LIMIT = rule(
    "m44.overlord.hand_limit", PL, "TURA GRY",
    "Dociągając nowe karty głównodowodzący nie może zatrzymać na ręce więcej kart niż pozwala na to "
    "scenariusz, bądź wytyczne na mapie bitwy.",
    "Drawing, the chief may not hold more cards than the scenario allows.")

OVERLORD_CHAIN = rule(
    "m44.overlord.chain", PL, "Łańcuch dowodzenia",
    "Rozdzielając karty dowodzenia, głównodowodzący może szczegółowo omawiać sytuację pola bitwy, "
    "taktykę i przyszłe strategie z jednym (i tylko z jednym) ze swoich dowódców polowych na turę",
    "Chain of command: the chief talks with one field general only per turn, and never shows his "
    "cards.")

OVERLORD_AMBUSH = rule(
    "m44.overlord.ambush", PL, "Łańcuch dowodzenia",
    "Przydziela się ją dowódcy polowemu gdy przeciwnik zaatakuje go w walce w zwarciu. "
    "Głównodowodzący dobiera jedną kartę, gdy zasadzka się zakończy.",
    "Ambush goes to the field general attacked in close combat; the chief draws one card after it.")

OVERLORD_AMBUSH_OWN_TURN = rule(
    "m44.overlord.ambush_own_turn", PL, "Overlord na froncie wschodnim",
    "ponieważ karta zasadzki nie jest zarywana we własnej turze",
    "Ambush is not played on your own turn: the chief never hands it out when he dispatches.")

OVERLORD_TWO_SECTION_CARDS = rule(
    "m44.overlord.two_section_cards", PL, "Overlord na froncie wschodnim",
    "można przekazać nie więcej niż 2 karty sekcji dla jednego dowódcy, a zagrać jedną kartę taktyki "
    "i żadnych więcej na turę",
    "A field general receives at most 2 section cards, or one tactic card and nothing else.")

OVERLORD_DEAL = rule(
    "m44.overlord.deal", PL, "Przygotowanie do gry",
    "Teraz przetasuj dwa zestawy kart dowodzenia ze sobą i przydziel obu głównodowodzącym tyle kart, "
    "ile wskazuje odprawa przy scenariuszu, albo notka na mapie pola bitwy.",
    "Both decks are shuffled together and each chief receives the scenario's hand: the side's hand "
    "is the chief's.")

OVERLORD_CHIEF_ICON = rule(
    "m44.overlord.chief_icon", PL, "TURA GRY",
    "albo zagrać je osobiście jeśli ikona w prawym górnym rogu wskazuje sylwetkę głównego dowódcy. "
    "Ta karta musi zostać zagrana przez głównodowodzącego.",
    "A tactic card showing the chief's silhouette is played by the chief himself.")

OVERLORD_GENERAL_ICON = rule(
    "m44.overlord.general_icon", PL, "TURA GRY",
    "albo przekazać ją jednemu z dowódców polowych jeśli ikona jest trzema strzałkami oraz posiada "
    "znak zapytania „?” w środku, Ta karta musi zostać przekazana któremukolwiek z dowódców polowych.",
    "A tactic card showing three arrows around a '?' goes to one of the field generals.")

OVERLORD_COUNTER = rule(
    "m44.overlord.counter", PL, "TURA GRY",
    "albo wybrać któreś z powyższych działań, jeśli obie te ikony są obecne. Ta karta może zostać "
    "użyta aby skontrolować akcję przeciwnika z poprzedniej tury, czy to wykonaną przez generała "
    "polowego, czy głównodowodzącego.",
    "With both icons (Counter-Attack) the chief plays the card or hands it to a field general; it "
    "copies an opponent's card of the previous turn, a field general's or the chief's.")

OVERLORD_CHIEF_FIRST = rule(
    "m44.overlord.chief_first", PL, "TURA GRY",
    "Karta taktyki wykorzystywana przez głównodowodzącego musi zostać rozpatrzona nim dowódca polowy "
    "będą mogli rozpocząć swoje akcje.",
    "A tactic card the chief plays himself is resolved before the field generals begin.")

OVERLORD_ONE_ORDER = rule(
    "m44.overlord.one_order", PL, "TURA GRY",
    "Jednostce może zostać wydany tylko jeden rozkaz na turę.",
    "A unit receives one order a turn: a unit the chief's card ordered is not ordered again.")

OVERLORD_INITIATIVE_FLAG = rule(
    "m44.overlord.initiative_flag", PL, "TURA GRY",
    "1 TWOJA JEDNOSTKA MUSI WYCOFAĆ SIĘ O 1 POLE. TA JEDNOSTKA NIE MOŻE WALZYĆ. JEŚLI ŻADNA Z TWOICH "
    "JEDNOSTEK NIE MOŻE SIĘ WYCOFAĆ TO TRACI 1 FIGURKĘ",
    "Initiative flag: one of the general's units (his choice) retreats 1 hex and may not battle; if "
    "none can retreat, one loses a figure.")

OVERLORD_INITIATIVE_LOSS = rule(
    "m44.overlord.initiative_loss", PL, "TURA GRY",
    "1 TWOJA JEDNOSTKA MUSI STRACIĆ 1 FIGURKĘ. TA JEDNOSTKA NIE MOŻE WALZYĆ",
    "Initiative grenade (the table's skulls): one of the general's units (his choice) loses a figure "
    "and may not battle.")

OVERLORD_NO_BATTLE = rule(
    "m44.overlord.initiative_no_battle", PL, "TURA GRY",
    "TA JEDNOSTKA NIE MOŻE WALZYĆ",
    "The unit a flag or grenade initiative roll struck may not battle this turn (the seed's "
    "'WALZYĆ' is a typo for 'WALCZYĆ', to battle).")

OVERLORD_MAY_ACT = rule(
    "m44.overlord.initiative_choice", PL, "TURA GRY",
    "Jeśli dowódca polowy nie otrzyma od głównodowodzącego żadnego rozkazu w tej turze, może "
    "zdecydować się działanie z własnej inicjatywy.",
    "A field general who received no card may decide to act on his own initiative: rolling is his "
    "choice.")

OVERLORD_PLACE = rule(
    "m44.overlord.place", PL, "TURA GRY",
    "Dowódca polowy musi zagrać karty dowodzenia, które otrzymał, odsłaniając je i kładąc na sekcji, "
    "której rozkaz będzie dotyczył.",
    "A field general plays each card he received face up on the section whose units it orders.")

OVERLORD_ONE_PER_SECTION = rule(
    "m44.overlord.one_per_section", PL, "TURA GRY",
    "Jeśli otrzyma dwie karty sekcji, musi zagrać po jednej z nich dla każdej z kontrolowanych przez "
    "niego sekcji.",
    "A field general given two section cards plays one in each of his two sections.")

OVERLORD_PINCER = rule(
    "m44.overlord.pincer", PL, "TURA GRY",
    "Karta Pincer Move może być przekazana dowódcemu lewą, albo prawą flanką. Może on wtedy użyć jej by "
    "aktywować 2 jednostki w jednej z dwóch sekcji pod jego kontrolą.",
    "Pincer Move given to a flank general orders 2 units in one of his two sections: a section card "
    "acts in one section.")

OVERLORD_ON_THE_LINE = rule(
    "m44.overlord.on_the_line", PL, "TURA GRY",
    "Jeśli ta karta może na raz aktywować jednostki w obu sekcjach pod kontrolą dowódcy, kładzie ją na "
    "linii, która rozdziela te sekcje.",
    "A card that may order units in both of his sections at once is laid on the line between them.")

OVERLORD_ARROWS = rule(
    "m44.overlord.arrows", PL, "TURA GRY",
    "Liczba wewnątrz strzałki wskazuje ile jednostek można dzięki niej uaktywnić, a litera „A” w tym "
    "wypadku oznacza wszystkie jednostki.",
    "The number in a card's arrow is how many units it orders; 'A' means all units.")

# die face -> what a field general acting on his own initiative does (TEST INICJATYWY WŁASNEJ).
# The printed table names skulls for the last row; a Memoir '44 die has a grenade there.
INITIATIVE = MappingProxyType({
    "infantry": "order 1 infantry unit",
    "armor": "order 1 armor unit",
    "star": "order 1 unit of any kind",
    "flag": "1 of your units retreats 1 hex and may not battle (if none can, 1 loses a figure)",
    "grenade": "1 of your units loses 1 figure and may not battle",
})

FIELD_GENERALS = ("left", "center", "right")

# Who may play a tactic card in Overlord: the icon in the card's top right corner (TURA GRY) —
# the chief's silhouette (OVERLORD_CHIEF_ICON: the chief plays it himself), three arrows around a
# "?" (OVERLORD_GENERAL_ICON: it must be handed to one of the field generals), or both
# (OVERLORD_COUNTER: either). The seed shows the icons but lists no card's icon, so the icons below
# are the published Overlord deck's, card by card, as the public implementation bga-devs/bga-memoir
# (GitHub) transcribes it: each card's getPlayableSubSections in modules/php/Cards/Overlord/<Card>.php,
# where CHIEF_COMMANDER_SUB_SECTION (= 6, modules/php/constants.inc.php) is the chief and [0..5] the
# field generals' six sections; a card that does not override it inherits Models/Card.php's ``true``
# (any sub-section, the chief's included): both icons. Conflicts entry m44.overlord.card_icons.
CHIEF_ICON, GENERAL_ICON, BOTH_ICONS = "chief", "generals", "both"
OVERLORD_ICONS = MappingProxyType({
    "air_power": CHIEF_ICON,             # AirPower.php: [CHIEF_COMMANDER_SUB_SECTION]
    "ambush": CHIEF_ICON,                # Ambush.php: [6] (the engine keeps the seed's rule: below)
    "armor_assault": GENERAL_ICON,       # ArmorAssault.php: [0,1,2,3,4,5]
    "artillery_bombard": GENERAL_ICON,   # ArtilleryBombard.php: [0,1,2,3,4,5]
    "barrage": CHIEF_ICON,               # Barrage.php: [6]
    "behind_enemy_lines": GENERAL_ICON,  # BehindEnemyLines.php: [0,1,2,3,4,5]
    "close_assault": GENERAL_ICON,       # CloseAssault.php: [0,1,2,3,4,5]
    "counter_attack": BOTH_ICONS,        # CounterAttack.php: no override, Models/Card.php: true
    "dig_in": GENERAL_ICON,              # DigIn.php: [0,1,2,3,4,5]
    "direct_from_hq": GENERAL_ICON,      # DirectFromHQ.php: [0,1,2,3,4,5]
    "firefight": GENERAL_ICON,           # Firefight.php: [0,1,2,3,4,5]
    "infantry_assault": GENERAL_ICON,    # InfantryAssault.php: [0,1,2,3,4,5]
    "medics_and_mechanics": GENERAL_ICON,  # MedicsAndMechanics.php: [0,1,2,3,4,5]
    "move_out": GENERAL_ICON,            # MoveOut.php: [0,1,2,3,4,5]
    "their_finest_hour": CHIEF_ICON,     # FinestHour.php: [6]
})
# Ambush bears the chief's icon in the published deck (and that implementation leaves it out of the
# chief's hand-out altogether: States/PlayCardTrait.php, argsDistributeCards); the seed's chain of
# command has the chief hand it to the field general attacked in close combat (OVERLORD_AMBUSH), on
# the opponent's turn only (OVERLORD_AMBUSH_OWN_TURN). The engine follows the seed: a field
# general's card, never handed out on one's own turn.
OVERLORD_CHIEF_ONLY = frozenset(k for k, i in OVERLORD_ICONS.items() if i == CHIEF_ICON and k != "ambush")
OVERLORD_GENERALS_ONLY = frozenset(k for k, i in OVERLORD_ICONS.items() if i == GENERAL_ICON) | {"ambush"}
# The Overlord deck's Medics & Mechanics, a field general's card, no longer counts a hand: "Select 1
# of your units that has suffered casualties. Roll 4 dice." (bga-devs/bga-memoir,
# modules/php/Cards/Overlord/MedicsAndMechanics.php, its text).
OVERLORD_MEDICS_DICE = 4


def overlord_players(key: str) -> tuple[str, ...]:
    """Who may play tactic card ``key`` in Overlord: field generals and/or ``"chief"``."""
    if key in OVERLORD_CHIEF_ONLY:
        return ("chief",)
    if key in OVERLORD_GENERALS_ONLY:
        return FIELD_GENERALS
    return (*FIELD_GENERALS, "chief")


# The six base-board sections of the Overlord board, as x-intervals of the lattice, paired into
# the three field generals' double sections (memoir44-overlord-rules-pl.txt, Przygotowanie do gry).
OVERLORD_SUBSECTIONS = MappingProxyType({
    "left": ((-1, 7), (7, 17)),
    "center": ((17, 25), (25, 33)),
    "right": ((33, 43), (43, 51)),
})

# The six sections by name, as a side sees them from its own edge, left to right: a flank general's
# "outer" section lies at the board edge, his "inner" one beside the centre. Each card a field
# general plays goes on one of his two (OVERLORD_PLACE, OVERLORD_ONE_PER_SECTION); the chief's own
# cards name no section (memoir44-overlord-rules-pl.txt, Przygotowanie do gry: "plansza z sześcioma
# sekcjami").
OVERLORD_SECTIONS = ("left-outer", "left-inner", "center-left", "center-right", "right-inner", "right-outer")


def overlord_sections(who: str) -> tuple[str, ...]:
    """The sections a card of ``who`` (a field general, or ``"chief"``: all six) may be played on."""
    if who == "chief":
        return OVERLORD_SECTIONS
    return tuple(s for s in OVERLORD_SECTIONS if s.split("-")[0] == who)


def overlord_section_bounds(viewer: str) -> dict:
    """Section name -> its x-interval of the lattice, for the side at the ``viewer`` edge ("top"
    sees the board mirrored: its left-outer section is the board's right end)."""
    xs = [iv for fg in FIELD_GENERALS for iv in OVERLORD_SUBSECTIONS[fg]]
    names = OVERLORD_SECTIONS if viewer == "bottom" else tuple(reversed(OVERLORD_SECTIONS))
    return dict(zip(names, xs))


# ---------------------------------------------------------------------------------------------
# The variant a game is played under


@dataclass(frozen=True)
class Variant:
    """How a game is played: who sits where and which rules change.

    ``kind``: standard | alliance | young_generals | overlord. ``players``: per side, 1 or 2
    (alliance), 1-3 (young generals teams), 1-4 (overlord: the chief plus field generals).
    """

    kind: str = "standard"
    players: MappingProxyType = field(default_factory=lambda: MappingProxyType({"axis": 1, "allied": 1}))
    take_ground: bool = True
    overrun: bool = True

    @property
    def tactics(self) -> bool:
        return self.kind != "young_generals"

    def hand_size(self, scenario_hand: int) -> int:
        return 6 if self.kind == "young_generals" else scenario_hand

    def team(self, side: str) -> bool:
        return self.kind == "alliance" and self.players[side] == 2

    def seats(self, side: str) -> tuple[str, ...]:
        """The players of ``side``, in turn order (the starting player first)."""
        n = self.players[side]
        if self.kind == "alliance" and n == 2:
            return (f"{side}.1", f"{side}.2")
        if self.kind == "young_generals" and n >= 2:
            return (f"{side}.center", f"{side}.flanks") if n == 2 else \
                (f"{side}.center", f"{side}.left", f"{side}.right")
        if self.kind == "overlord":
            return (f"{side}.chief", *(f"{side}.{fg}" for fg in FIELD_GENERALS))
        return (side,)

    def to_json(self) -> dict:
        return {"kind": self.kind, "players": dict(self.players), "take_ground": self.take_ground,
                "overrun": self.overrun}


KINDS = ("standard", "alliance", "young_generals", "overlord")


def variant(kind: str = "standard", *, axis: int = 1, allied: int = 1, take_ground: bool = True,
            overrun: bool = True) -> Variant:
    """Build a variant, checking team sizes (InputError, one line)."""
    if kind not in KINDS:
        raise InputError(f"variant {kind!r} is unknown: allowed are {', '.join(KINDS)}")
    limits = {"standard": (1, 1), "alliance": (1, 2), "young_generals": (1, 3), "overlord": (1, 4)}[kind]
    for side, n in (("axis", axis), ("allied", allied)):
        if type(n) is not int or not limits[0] <= n <= limits[1]:
            raise InputError(f"{kind} variant: {side} players {n!r} out of range {limits[0]}-{limits[1]}")
    if kind != "young_generals" and not (take_ground and overrun):
        raise InputError("take ground and overrun may be left out only in the young_generals variant")
    if take_ground != overrun:     # "no apliques las reglas de ganar terreno ni de arrollamiento": both or neither
        raise InputError("young_generals variant: the simpler game leaves out take ground and armor overrun "
                         "together: set both off, or neither")
    return Variant(kind, MappingProxyType({"axis": axis, "allied": allied}), take_ground, overrun)


def from_json(data) -> Variant:
    if data is None:
        return Variant()
    if isinstance(data, str):
        return variant(data)
    if not isinstance(data, dict):
        raise InputError(f"variant must be a name or a mapping, not {type(data).__name__}")
    players = data.get("players", {}) or {}
    return variant(data.get("kind", "standard"), axis=players.get("axis", 1), allied=players.get("allied", 1),
                   take_ground=data.get("take_ground", True), overrun=data.get("overrun", True))


def young_generals_orders(slots) -> dict:
    """Orders per section of a card's order slots (``turn.Slot``: sections and count; None, "all
    units", counts as more than any number)."""
    out: dict = {}
    for sl in slots:
        for sec in sl.sections or ():
            out[sec] = out.get(sec, 0) + (math.inf if sl.count is None else sl.count)
    return out


def young_generals_member(variant_: Variant, side: str, orders) -> str:
    """Which team member carries out a card that gives ``orders`` (section -> number of orders; "all
    units" as ``math.inf``) in the Young Generals team mode.

    The member the card affects most directly (YG_WHO_ACTS): the one whose sections receive the
    most orders — with 2 players the flanks player's are the left and right flanks. A card that
    names no section (a tactic card) is the commander-in-chief's (memoir44-rules-es.txt: "El
    comandante en jefe también tiene la responsabilidad de jugar las cartas de Táctica"). On a tie
    the chief has the last word (YG_CHIEF_DECIDES): the chief when he is one of the members tied,
    otherwise the first tied member, left before right — the engine does not ask him (conflicts
    entry m44.young.tie)."""
    seats = variant_.seats(side)
    if len(seats) == 1 or not orders:
        return seats[0]
    tied = young_generals_most(variant_, side, orders)
    return seats[0] if seats[0] in tied else tied[0]


def young_generals_most(variant_: Variant, side: str, orders) -> tuple[str, ...]:
    """The team members whose sections receive the most of ``orders``, in seat order (the chief
    first): more than one is a tie."""
    seats = variant_.seats(side)
    if len(seats) == 1:
        return seats
    if len(seats) == 2:
        share = {seats[0]: orders.get("center", 0), seats[1]: orders.get("left", 0) + orders.get("right", 0)}
    else:
        share = {f"{side}.{s}": orders.get(s, 0) for s in ("center", "left", "right")}
    top = max(share.values())
    return tuple(seat for seat in seats if share[seat] == top)
