"""The Memoir '44 command cards, as data (memoir44-rules-es.txt, TURNO DE JUEGO, CARTAS DE SECCIÓN,
CARTAS DE TÁCTICA, and the card faces printed in the rulebook).

The deck has 60 cards: 40 section cards and 20 tactic cards. The seed rulebook prints only a few
card faces verbatim (Reconocimiento on the left flank, Batida in the center, Apoyo aéreo) and names
a few more (La hora de la verdad, Sanitarios y mecánicos, Emboscada, Orden directa del CG,
Atrincherarse, Tras las líneas enemigas). The rest of the list — which cards, how many of each and
what each does — is the published card list of the deck, used here as a fact. Every row says
which: ``source`` is ``"seed"`` when the seed prints the card's text (then ``quote`` holds it
verbatim) and ``"published card list"`` otherwise (then ``text`` is our English summary of the
printed card and ``quote`` is empty).

A card in play is an *instance*: ``"attack_center#2"`` is the second Attack Center card, so hands,
deck and discard pile can be checked for conservation. What each card does in a turn is
implemented in ``tutor.memoir.turn``; this module is only the catalogue.

    >>> from tutor.memoir.cards import CARDS, deck
    >>> len(deck()), sum(c.count for c in CARDS.values() if c.type == "tactic")
    (60, 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.errors import InputError
from tutor.rulebook import Rule, rule

ES = "memoir44-rules-es.txt"
PUBLISHED = "published card list"
# Where the printed texts of the cards the seeds do not print can be read: a public transcription of
# the Days of Wonder cards, one file per card (its ``text`` lines).
PUBLISHED_REF = "card texts as transcribed in bga-devs/bga-memoir, modules/php/Cards/Standard"
ALL = -1            # "all units" in a section

# ---------------------------------------------------------------------------------------------
# Rules of play for command cards (TURNO DE JUEGO … 5 - ROBAR UNA CARTA DE MANDO)

FIRST_SIDE = rule(
    "m44.turn.first", ES, "TURNO DE JUEGO",
    "Cada escenario indica qué bando juega en primer lugar. Después, los jugadores se van turnando "
    "hasta que alguien consiga el número total de Medallas de victoria que se indica en las "
    "condiciones de victoria del escenario.",
    "The scenario says which side plays first; then the sides alternate until one reaches the "
    "medals to win.")

PLAY_CARD = rule(
    "m44.turn.play_card", ES, "1. JUGAR UNA CARTA DE MANDO",
    "Al principio de tu turno, juega una carta de Mando de tu mano. Colócala bocarriba en tu zona "
    "de juego y léela en voz alta.",
    "A turn begins by playing one command card from your hand, face up.")

ONLY_ORDERED = rule(
    "m44.turn.only_ordered", ES, "1. JUGAR UNA CARTA DE MANDO",
    "Las unidades solo pueden moverse o atacar cuando reciben una orden. Por lo general, la carta "
    "que juegues te indicará a qué secciones del campo de batalla puedes enviar órdenes y cuántas "
    "unidades pueden recibirlas.",
    "Units move or battle only when ordered; the card says in which sections and how many.")

SECTION_CARD = rule(
    "m44.card.section", ES, "CARTAS DE SECCIÓN",
    "Las cartas de Sección sirven para dar órdenes a una o varias unidades de una sección concreta.",
    "Section cards order one or more units in a given section.")

TACTIC_CARD = rule(
    "m44.card.tactic", ES, "CARTAS DE TÁCTICA",
    "Las cartas de Táctica te permiten realizar movimientos especiales, atacar de alguna forma "
    "específica o ejecutar acciones especiales, tal y como se describe en cada carta.",
    "Tactic cards allow special moves, special attacks or special actions, as each card says.")

TACTIC_ONE_SECTION = rule(
    "m44.card.tactic_one_section", ES, "CARTAS DE TÁCTICA",
    "Algunas cartas de Táctica solo te permiten dar órdenes a una sección; otras envían órdenes a "
    "varias secciones.",
    "Some tactic cards order units in one section only; others order units in several sections.")

ORDERS_DASHED = rule(
    "m44.turn.orders_dashed", ES, "2. DAR ÓRDENES A UNIDADES",
    "Las unidades situadas en un hexágono atravesado por una línea discontinua roja pueden recibir "
    "órdenes de cualquiera de las dos secciones sobre las que se encuentran.",
    "A unit on a hex cut by a dashed line may be ordered from either section.")

ORDERS_LOST = rule(
    "m44.turn.orders_lost", ES, "2. DAR ÓRDENES A UNIDADES",
    "Si el número de unidades que tienes en una sección concreta es inferior al número de órdenes "
    "que puedes dar en dicha sección, las órdenes sobrantes se pierden.",
    "Orders a card gives beyond the units you have in the section are lost.")

NO_UNITS = rule(
    "m44.turn.no_units", ES, "2. DAR ÓRDENES A UNIDADES",
    "Si no tienes ninguna unidad en las secciones indicadas en la carta de Mando que has jugado, "
    "terminas tu turno robando una nueva carta de Mando sin haber dado ninguna orden.",
    "With no unit in the card's sections, you give no order and end the turn by drawing a card.")

MOVE_STEP = rule(
    "m44.turn.move", ES, "3. MOVER UNIDADES",
    "Los movimientos se declaran y se ejecutan de manera sucesiva, de unidad en unidad y en el "
    "orden que prefieras.",
    "Ordered units move one at a time, in any order.")

BATTLE_STEP = rule(
    "m44.turn.battle", ES, "4. ATACAR CON UNIDADES",
    "Una vez completados todos los movimientos de unidades, los ataques se declaran y resuelven de "
    "manera sucesiva, de unidad en unidad y en el orden que quieras.",
    "After all moves, ordered units battle one at a time, in any order.")

DRAW = rule(
    "m44.turn.draw", ES, "5 - ROBAR UNA CARTA DE MANDO",
    "Una vez resueltos todos los impactos y retiradas, descarta la carta de Mando que has jugado y "
    "roba otra carta del mazo para terminar tu turno.",
    "The turn ends: discard the card played and draw a new one.")

RESHUFFLE = rule(
    "m44.turn.reshuffle", ES, "5 - ROBAR UNA CARTA DE MANDO",
    "En caso de que el mazo se agote, baraja la pila de descarte para formar un mazo nuevo.",
    "When the deck runs out, shuffle the discard pile into a new deck.")

ACTIVATION = rule(
    "m44.turn.activation", ES, "FICHAS DE ACTIVACIÓN",
    "Después de jugar tu carta de Mando, toma una ficha de Activación por cada unidad a la que "
    "puedas dar órdenes.",
    "Activation tokens (optional) track which ordered units may still move or battle.")

DEAL = rule(
    "m44.setup.deal", ES, "PREPARACIÓN",
    "Baraja el mazo de cartas de Mando y reparte a cada bando las cartas que se indiquen en las "
    "instrucciones del escenario.",
    "Shuffle the command deck and deal each side the cards the scenario says.")

STAR_TACTIC = rule(
    "m44.card.star_hits", ES, "RESOLUCIÓN DEL ATAQUE",
    "Estrella: por lo general, la cara con el símbolo de Estrella es un fallo, aunque ciertas "
    "cartas de Táctica la consideran un impacto.",
    "A star usually misses, but some tactic cards count it as a hit.")

RECON_RULE = rule(
    "m44.card.recon", ES, "RECONOCIMIENTO",
    "Al robar una carta de Mando nueva, roba dos, quédate con una y descarta la otra.",
    "Recon: when you draw at the end of the turn, draw two, keep one and discard the other.")

RECON_LEFT_FACE = rule(
    "m44.card.recon_left", ES, "RECONOCIMIENTO",
    "Da una orden a 1 unidad del Flanco izquierdo.",
    "Recon Left Flank orders 1 unit on the left flank.")

PROBE_CENTER_FACE = rule(
    "m44.card.probe_center", ES, "BATIDA",
    "Da una orden a 2 unidades del Centro.",
    "Probe Center orders 2 units in the center.")

AIR_POWER_FACE = rule(
    "m44.card.air_power", ES, "APOYO AÉREO",
    "Elige como objetivo un grupo de hasta 4 unidades enemigas adyacentes entre sí. Tira 1 dado por "
    "hexágono (ataque aéreo del Eje) o 2 dados por hexágono (ataque aéreo Aliado). Se ignoran todas "
    "las protecciones del terreno y cada tirada se resuelve antes de pasar a la siguiente. Consigues "
    "1 impacto por cada resultado con el símbolo de la unidad, la Granada o la Estrella. Las "
    "Banderas no se pueden ignorar.",
    "Air Power: up to 4 adjacent enemy units, 1 die per hex (Axis) or 2 (Allies), protection "
    "ignored, each hex resolved in turn, symbol/grenade/star hit, flags cannot be ignored.")

DIG_IN_NOTE = rule(
    "m44.card.dig_in", ES, "SACOS TERREROS",
    "la carta de Mando «Atrincherarse» permite que el jugador coloque Sacos terreros; se pueden "
    "colocar sobre cualquier tipo de terreno, a excepción de los Océanos.",
    "Dig In places sandbags, on any terrain except ocean.")

NAMED_TACTICS = rule(
    "m44.card.named", ES, "JUEGO POR EQUIPOS CON JÓVENES GENERALES",
    "Es recomendable empezar por las cartas más sencillas, como «Orden directa del CG» y "
    "«Atrincherarse», y terminar con cartas complejas como «Tras las líneas enemigas» y «La hora de "
    "la verdad».",
    "The rulebook names Direct from HQ and Dig In as simple tactic cards, Behind Enemy Lines and "
    "Their Finest Hour as complex ones.")


# ---------------------------------------------------------------------------------------------
# The catalogue


@dataclass(frozen=True)
class Card:
    key: str                      # stable id, e.g. "attack_center"
    name: str                     # English name on the published card
    type: str                     # "section" | "tactic"
    count: int                    # copies in the 60-card deck
    text: str                     # what the card does, in one or two English sentences
    orders: tuple = ()            # section cards: ((section, n), ...); n == ALL for every unit
    name_es: str = ""             # the Spanish name where the seed prints it
    quote: str = ""               # the card's text verbatim from the seed, if printed there
    source: str = PUBLISHED       # "seed" or "published card list"
    rule: Rule | None = None      # the seed rule that prints or names the card

    @property
    def section(self) -> bool:
        return self.type == "section"

    @property
    def tactic(self) -> bool:
        return self.type == "tactic"

    @property
    def order_count(self) -> int | None:
        """Total units a section card orders (None: every unit in its sections)."""
        if any(n == ALL for _, n in self.orders):
            return None
        return sum(n for _, n in self.orders)

    def to_json(self) -> dict:
        out = {"key": self.key, "name": self.name, "type": self.type, "count": self.count,
               "text": self.text, "source": self.source}
        if self.orders:
            out["orders"] = [[s, "all" if n == ALL else n] for s, n in self.orders]
        if self.name_es:
            out["name_es"] = self.name_es
        if self.quote:
            out["quote"] = self.quote
        if self.rule is not None:
            out["rule"] = self.rule.cite
        if self.source == PUBLISHED:
            out["reference"] = PUBLISHED_REF
        return out


SECTION_WORD = {"left": "Left Flank", "center": "Center", "right": "Right Flank"}
_COUNTS = {  # published list: probe 4/5/4, attack 3/4/3, assault 2/2/2, recon 2/2/2
    "recon": {"left": 2, "center": 2, "right": 2},
    "probe": {"left": 4, "center": 5, "right": 4},
    "attack": {"left": 3, "center": 4, "right": 3},
    "assault": {"left": 2, "center": 2, "right": 2},
}
_UNITS = {"recon": 1, "probe": 2, "attack": 3, "assault": ALL}


# Card names as printed on the English edition's cards ("Probe Center", "Recon in Force", "Medics &
# Mechanics", "Move Out!"): checked against bga-devs/bga-memoir, modules/php/Cards/Standard/*.php
# (each card's ``$this->name``); the Spanish names beside them (``name_es``) are the seed's.
def _section_cards() -> list[Card]:
    out = []
    for family, counts in _COUNTS.items():
        for sec, count in counts.items():
            n = _UNITS[family]
            where = {"left": "on the Left Flank", "center": "in the Center", "right": "on the Right Flank"}[sec]
            what = "all units" if n == ALL else f"{n} unit{'s' if n != 1 else ''}"
            text = f"Issue an order to {what} {where}."
            kw: dict[str, Any] = {}        # Card's optional fields: name_es, rule, source, quote
            if family == "recon":
                text += " When drawing a new command card, draw two, keep one and discard the other."
                kw["name_es"] = "Reconocimiento"
                kw["rule"] = RECON_RULE
                if sec == "left":
                    kw.update(source="seed", quote=RECON_LEFT_FACE.quote + " " + RECON_RULE.quote,
                              rule=RECON_LEFT_FACE)
            if family == "probe":
                kw["name_es"] = "Batida"
                if sec == "center":
                    kw.update(source="seed", quote=PROBE_CENTER_FACE.quote, rule=PROBE_CENTER_FACE)
            out.append(Card(f"{family}_{sec}", f"{family.capitalize()} {SECTION_WORD[sec]}", "section", count,
                            text, orders=((sec, n),), **kw))
    out.append(Card("pincer_move", "Pincer Move", "section", 1,
                    "Issue an order to 2 units on the Left Flank and 2 units on the Right Flank.",
                    orders=(("left", 2), ("right", 2))))
    out.append(Card("recon_in_force", "Recon in Force", "section", 3,
                    "Issue an order to 1 unit in each section.",
                    orders=(("left", 1), ("center", 1), ("right", 1))))
    out.append(Card("general_advance", "General Advance", "section", 1,
                    "Issue an order to 2 units in each section.",
                    orders=(("left", 2), ("center", 2), ("right", 2))))
    return out


# The printed fallback of six tactic cards (bga-devs/bga-memoir, modules/php/Cards/Standard/*.php, the
# cards' texts): the unit of your choice gets a plain order, not the card's special effect.
_FALLBACK = " If you command no such unit, issue an order to 1 unit of your choice."

_TACTICS = [
    Card("air_power", "Air Power", "tactic", 1, AIR_POWER_FACE.summary, name_es="Apoyo aéreo",
         quote=AIR_POWER_FACE.quote, source="seed", rule=AIR_POWER_FACE),
    Card("ambush", "Ambush", "tactic", 1,
         "Play when your opponent declares a close combat on one of your units, before the dice are rolled: "
         "your unit battles first. If the attacker is eliminated or retreats, its close combat is canceled. "
         "Draw a replacement card afterwards.", name_es="Emboscada"),
    Card("armor_assault", "Armor Assault", "tactic", 2,
         "Issue an order to 4 armor units. Armor in close combat battles with 1 additional die." + _FALLBACK),
    Card("artillery_bombard", "Artillery Bombard", "tactic", 1,
         "Issue an order to all artillery units. Artillery may move up to 3 hexes or battle twice." + _FALLBACK),
    Card("barrage", "Barrage", "tactic", 1,
         # the printed card (bga-devs/bga-memoir, Cards/Standard/Barrage.php): "Score 1 hit for each die
         # matching the unit's symbol or grenade" — stars miss (RESOLUCIÓN DEL ATAQUE: a star misses
         # unless a tactic card says otherwise)
         "Target any 1 enemy unit: roll 4 dice; the unit's symbol and grenades hit, stars miss; terrain "
         "protection and line of sight are ignored; flags cannot be ignored."),
    Card("behind_enemy_lines", "Behind Enemy Lines", "tactic", 1,
         # the printed card (bga-devs/bga-memoir, Cards/Standard/BehindEnemyLines.php): "Unit may battle
         # with 1 additional die … Terrain battle restrictions still apply."
         "Issue an order to 1 infantry unit: it may move up to 3 hexes, battle with 1 additional die, then move "
         "again up to 3 hexes; terrain movement restrictions are ignored (impassable terrain still is), terrain "
         "battle restrictions still apply." + _FALLBACK,
         name_es="Tras las líneas enemigas", rule=NAMED_TACTICS),
    Card("close_assault", "Close Assault", "tactic", 1,
         # the printed card (bga-devs/bga-memoir, Cards/Standard/CloseAssault.php): "Issue an order to all
         # <INFANTRY> and/or <ARMOR> units adjacent to enemy units."
         "Issue an order to all infantry and/or armor units adjacent to enemy units. They battle with 1 "
         "additional die, may not move before battle, but may take ground and armor may overrun."),
    Card("counter_attack", "Counter-Attack", "tactic", 2,
         "Issue the same command your opponent played on his last turn. Countering a section card, the left and "
         "right flanks are swapped, so you act in the same part of the battlefield."),
    Card("dig_in", "Dig In", "tactic", 1,
         "Issue an order to 4 infantry units to dig in: place sandbags on their hexes (not on ocean, not where "
         "an obstacle stands). They do not move or battle." + _FALLBACK,
         name_es="Atrincherarse", rule=DIG_IN_NOTE),
    Card("direct_from_hq", "Direct from HQ", "tactic", 2, "Issue an order to 4 units of your choice.",
         name_es="Orden directa del CG", rule=NAMED_TACTICS),
    Card("firefight", "Firefight", "tactic", 1,
         "Issue an order to 4 units to open fire. Units in a firefight may not be adjacent to an enemy unit, "
         "and may not move. Firefighting units roll 1 additional die."),
    Card("infantry_assault", "Infantry Assault", "tactic", 2,
         "Issue an order to all infantry units in 1 section: they may move 2 hexes and still battle, or 3 and "
         "not battle; terrain movement restrictions still apply." + _FALLBACK),
    Card("medics_and_mechanics", "Medics & Mechanics", "tactic", 1,
         "Issue an order to 1 unit that has lost figures. Roll 1 die per command card in your hand, this one "
         "included: each unit symbol of the unit's type or star returns 1 lost figure (never above its starting "
         "strength). If at least one figure returns, the unit may also move and battle.",
         name_es="Sanitarios y mecánicos"),
    Card("move_out", "Move Out!", "tactic", 2, "Issue an order to 4 infantry units." + _FALLBACK),
    Card("their_finest_hour", "Their Finest Hour", "tactic", 1,
         "Roll 1 die per command card in your hand, this one included: each unit symbol orders 1 unit of that "
         "type, each star 1 unit of your choice. Ordered units battle with 1 additional die. Then shuffle the "
         "discard pile back into the deck.", name_es="La hora de la verdad", rule=NAMED_TACTICS),
]

CARDS: dict[str, Card] = {c.key: c for c in _section_cards() + _TACTICS}
SECTION_KEYS = tuple(k for k, c in CARDS.items() if c.section)
TACTIC_KEYS = tuple(k for k, c in CARDS.items() if c.tactic)


def deck(*, tactics: bool = True) -> tuple[str, ...]:
    """Every card instance of the deck, in catalogue order (``tactics=False``: section cards only)."""
    out: list[str] = []
    for c in CARDS.values():
        if c.tactic and not tactics:
            continue
        out.extend(f"{c.key}#{i}" for i in range(1, c.count + 1))
    return tuple(out)


def card(instance: str) -> Card:
    """The card of an instance (``"attack_center#2"``) or of a key; InputError if unknown."""
    key = instance.split("#", 1)[0]
    try:
        return CARDS[key]
    except KeyError:
        raise InputError(f"card {instance!r} is unknown: cards are like 'attack_center#1' "
                         f"(keys: {', '.join(CARDS)})") from None


def name(instance: str) -> str:
    return card(instance).name


def table() -> list[dict]:
    """The catalogue as rows (for a notebook table or ``tutor cards --json``)."""
    return [c.to_json() for c in CARDS.values()]
