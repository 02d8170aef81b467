"""The platoon as data: every card type, its initiative, its actions, and the unit tokens.

The Czech rulebook (undaunted-normandy-rules-cs.txt) is an extracted text: the card figures kept
their names and initiative numbers (ČETA, PŘÍKLAD JEDNOHO KOLA HRY) but lost the action icons and
the token values. Every value below carries a ``Source``: the Czech line that prints it, and/or the
place in the published English edition that prints it (the card or counter as pictured in the
rulebook or the scenario book), with the public implementations that carry the same value. No
value is this project's choice. ``tutor undaunted cards`` prints them; where sources disagree the
Undaunted entries of ``tutor.conflicts`` say so (``tutor undaunted conflicts``).

Action names are the English edition's (rulebook, ACTIONS): Move, Guide, Scout, Stalk, Bolster,
Command, Conceal, Control, Inspire, Recon, Target, Attack, Suppress, Blast; ``ACTION_CS`` gives the
Czech edition's term for each.

Card ids are the unit name in English, hyphenated, then the squad letter where it has one:
``riflemen-a``, ``scouts-c``, ``squad-leader-b``, ``machine-gunners-c``, ``sniper``, ``mortar``,
``platoon-sergeant``, ``platoon-guide``, ``fog-of-war``. A soldier card's id is also the id of
its unit (and token); leaders and Fog of War have no token.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.errors import InputError

SQUADS = ("a", "b", "c")

#: The published English edition, as a person cites it. Public copies of both books: the
#: repository github.com/DIMOHA25/BoardGame (rulesPDF.pdf, scenariosPDF.pdf).
EN_RULEBOOK = "Undaunted: Normandy rulebook (Osprey Games, 2019, English edition)"
EN_SCENARIOS = "Undaunted: Normandy scenario book (Osprey Games, 2019, English edition)"
#: Public implementations whose data was compared value by value (facts only; no code taken), named
#: as a reader finds them on GitHub. Where in each: aherriot/undaunted src/shared/cardTypes.ts (card
#: actions, defense) and cardMap.ts (copies); DIMOHA25/BoardGame normandyPack/cards/*.java (card
#: actions) and normandyPack/board/Token.java (defense).
AHERRIOT = "the public implementation aherriot/undaunted (GitHub)"
AHERRIOT_DECK = "the public implementation aherriot/undaunted (GitHub), its card list"
DIMOHA = "the public implementation DIMOHA25/BoardGame (GitHub)"
DIMOHA_TOKEN = "the public implementation DIMOHA25/BoardGame (GitHub), its counters"


@dataclass(frozen=True)
class Source:
    """Where a value comes from.

    ``line``/``text``: the line of the Czech rulebook that prints it and the words there (``None``
    where the Czech text lost it). ``published``: where the English edition prints it (book, page,
    the component pictured). ``also``: public implementations carrying the same value. A value with
    neither a line nor a published place would be ``chosen``; none is.
    """

    line: int | None
    text: str
    published: str = ""
    also: tuple[str, ...] = ()

    @property
    def chosen(self) -> bool:
        return self.line is None and not self.published

    @property
    def cite(self) -> str:
        """The learner-facing citation: the books, as a person cites them."""
        bits = []
        if self.published:
            bits.append(self.published)
        if self.line is not None:
            bits.append(f"Czech rulebook: “{self.text}”")
        return "; ".join(bits) or self.text

    def to_json(self) -> dict:
        return {"line": self.line, "text": self.text, "published": self.published or None,
                "also": list(self.also), "chosen": self.chosen}


def _seed(line: int, text: str, published: str = "", also: tuple[str, ...] = ()) -> Source:
    return Source(line, text, published, also)


def _printed(published: str, what: str, also: tuple[str, ...] = ()) -> Source:
    """A value the Czech text lost, as the English edition prints it."""
    return Source(None, what, published, also)


def _card_page(page: int, card: str) -> str:
    return f"{EN_RULEBOOK}, p. {page} (THE PLATOON): the {card} card"


@dataclass(frozen=True)
class ActionSpec:
    """One action printed on a card: its name, value (None if it has none) and squad restriction."""

    name: str
    value: int | None = None
    squad: str | None = None
    source: Source = Source(None, "")

    @property
    def label(self) -> str:
        v = "" if self.value is None else f" {self.value}"
        s = "" if self.squad is None else f" {self.squad.upper()}"
        return f"{self.name.capitalize()}{v}{s}"


@dataclass(frozen=True)
class UnitType:
    """A kind of unit token (combat counter): its name, printed titles and base defense."""

    name: str                 # english, hyphenated: "machine-gunners"
    title_cs: str
    base_defense: int
    defense_source: Source
    has_squad: bool
    title_en: str = ""        # the counter's title as printed in the English edition: "GUNNERS"


@dataclass(frozen=True)
class Card:
    id: str
    name: str                 # "riflemen", "squad-leader", ...
    title_cs: str
    kind: str                 # "soldier" | "leader" | "fog"
    squad: str | None
    initiative: int
    initiative_source: Source
    actions: tuple[ActionSpec, ...]
    actions_source: Source
    copies: int               # per side in the box
    title_en: str = ""        # the card's title as printed in the English edition: "RIFLEMAN"

    @property
    def unit(self) -> str | None:
        """The unit (token) this card belongs to: soldier cards only."""
        return self.id if self.kind == "soldier" else None

    @property
    def is_fog(self) -> bool:
        return self.kind == "fog"

    def action(self, name: str) -> ActionSpec | None:
        for a in self.actions:
            if a.name == name:
                return a
        return None

    def value_of(self, name: str) -> int:
        """The number printed beside action ``name`` ("Attack 2" → 2); KeyError when the card has no
        such action or the action no number (callers ask only for the actions a play names)."""
        spec = self.action(name)
        if spec is None or spec.value is None:
            raise KeyError(f"{self.id} has no {name} action with a value")
        return spec.value

    def to_json(self) -> dict:
        return {
            "id": self.id, "name": self.name, "title_en": self.title_en, "title_cs": self.title_cs,
            "kind": self.kind, "squad": self.squad, "initiative": self.initiative,
            "initiative_source": self.initiative_source.to_json(),
            "actions": [{"name": a.name, "name_cs": ACTION_CS[a.name], "value": a.value, "squad": a.squad,
                         "source": a.source.to_json()} for a in self.actions],
            "actions_source": self.actions_source.to_json(),
            "unit": self.unit, "copies": self.copies, "copies_source": COPIES_SOURCE.to_json(),
        }


#: The English edition's action names (rulebook pp. 12-14, ACTIONS) and the Czech edition's terms.
ACTION_NAMES = ("move", "guide", "scout", "stalk", "bolster", "command", "conceal", "control",
                "inspire", "recon", "target", "attack", "suppress", "blast")
ACTION_CS = {"move": "Přesun", "guide": "Manévr", "scout": "Pátrání", "stalk": "Skrytý přesun",
             "bolster": "Posily", "command": "Za mnou!", "conceal": "Zmatení nepřítele",
             "control": "Ovládnutí", "inspire": "Povzbuzení", "recon": "Průzkum", "target": "Zaměření",
             "attack": "Útok", "suppress": "Krycí palba", "blast": "Výbuch"}
ACTIONS_SOURCE = Source(None, "action names", f"{EN_RULEBOOK}, pp. 12-14 (ACTIONS) and p. 23 (QUICK REFERENCE)")

# --- the actions as each card prints them ------------------------------------------------------
_RIFLEMAN = _card_page(20, "Rifleman")
_SCOUT = _card_page(21, "Scout")
_GUNNER = _card_page(21, "Machine Gunner")
_SNIPER = _card_page(21, "Sniper")
_MORTAR = _card_page(21, "Mortar")
_SQUAD_LEADER = _card_page(20, "Squad Leader")
_SERGEANT = _card_page(20, "Platoon Sergeant")
_GUIDE = _card_page(20, "Platoon Guide")

MOVE_1 = ActionSpec("move", 1, None, _seed(400, "Přesun 1", "the Rifleman, Machine Gunner and Mortar cards, "
                                           f"{EN_RULEBOOK}, pp. 20-21: Move 1", (AHERRIOT, DIMOHA)))
GUIDE_1 = ActionSpec("guide", 1, None, _seed(408, "Manévr 1", f"{_GUIDE}: Guide 1", (AHERRIOT, DIMOHA)))
SCOUT_2 = ActionSpec("scout", 2, None, _seed(418, "Pátrání 2", f"{_SCOUT}: Scout 2", (AHERRIOT, DIMOHA)))
STALK_1 = ActionSpec("stalk", 1, None, _seed(432, "Skrytý přesun 1", f"{_SNIPER}: Stalk 1", (AHERRIOT, DIMOHA)))
COMMAND_2 = ActionSpec("command", 2, None, _seed(450, "Za mnou! 2", f"{_SERGEANT}: Command 2", (AHERRIOT, DIMOHA)))
CONCEAL = ActionSpec("conceal", None, None, _seed(460, "Zmatení nepřítele", f"{_SCOUT}: Conceal", (AHERRIOT, DIMOHA)))
CONTROL = ActionSpec("control", None, None, _seed(464, "Ovládnutí", f"{_RIFLEMAN}: Control", (AHERRIOT, DIMOHA)))
RECON = ActionSpec("recon", None, None, _seed(482, "Průzkum", f"{_SCOUT}: Recon", (AHERRIOT, DIMOHA)))
TARGET = ActionSpec("target", None, None, _seed(492, "Zaměření", f"{_MORTAR}: Target", (AHERRIOT, DIMOHA)))
SUPPRESS_4 = ActionSpec("suppress", 4, None, _seed(503, "Krycí palba 4", f"{_GUNNER}: Suppress 4", (AHERRIOT, DIMOHA)))
BLAST_1 = ActionSpec("blast", 1, None, _seed(504, "Výbuch 1", f"{_MORTAR}: Blast 1", (AHERRIOT, DIMOHA)))

# The stalk conflict (see rules.SOURCE_CONFLICTS): the Czech quick reference prints 2.
STALK_QUICK_REFERENCE = ActionSpec("stalk", 2, None, _seed(980, "Skrytý přesun 2"))


UNIT_TYPES: dict[str, UnitType] = {
    "riflemen": UnitType("riflemen", "STŘELCI", 4, _seed(
        709, "obrana o hodnotě 4", f"{EN_SCENARIOS}, p. 7 (scenario 1 map): the RIFLEMEN counters print 4; "
        f"{EN_RULEBOOK}, p. 17 (EXAMPLE ROUND): “base defence of 4”", (AHERRIOT, DIMOHA_TOKEN)), True, "RIFLEMEN"),
    "scouts": UnitType("scouts", "PÁTRAČI", 5, _printed(
        f"{EN_SCENARIOS}, p. 7 (scenario 1 map): the SCOUTS counters print 5", "base defense 5",
        (AHERRIOT, DIMOHA_TOKEN)), True, "SCOUTS"),
    "machine-gunners": UnitType("machine-gunners", "KULOMETČÍCI", 4, _printed(
        f"{EN_RULEBOOK}, p. 7 (Combat counters): the German GUNNERS counter prints 4", "base defense 4",
        (AHERRIOT, DIMOHA_TOKEN)), True, "GUNNERS"),
    "sniper": UnitType("sniper", "ODSTŘELOVAČI", 6, _printed(
        f"{EN_RULEBOOK}, p. 7 (Combat counters): the US SNIPERS counter prints 6; p. 21 (THE PLATOON): "
        "“the highest attack and defence value in the game”", "base defense 6", (DIMOHA_TOKEN,)), False, "SNIPERS"),
    "mortar": UnitType("mortar", "MINOMET", 4, _printed(
        f"{EN_SCENARIOS}, p. 15 (scenario 5 map) and p. 25 (scenario 10 map): the MORTAR counters print 4",
        "base defense 4", (DIMOHA_TOKEN,)), False, "MORTAR"),
}


def _squad_cards(name, title, init, init_src, actions, actions_src, copies, kind="soldier", title_en=""):
    out = []
    for s in SQUADS:
        acts = tuple(ActionSpec(a.name, a.value, s if a.squad == "*" else a.squad, a.source) for a in actions)
        out.append(Card(f"{name}-{s}", name, title, kind, s, init, init_src, acts, actions_src, copies, title_en))
    return out


_CARDS: list[Card] = []
_CARDS += _squad_cards(
    "riflemen", "STŘELCI", 5, _seed(591, "STŘELCI 5", f"{_RIFLEMAN}: initiative 5"),
    (MOVE_1, ActionSpec("attack", 1, None, _printed(f"{_RIFLEMAN}: Attack 1", "Attack 1", (AHERRIOT, DIMOHA))),
     CONTROL),
    _seed(871, "Střelci jsou hlavním jádrem čety. Tyto jednotky jsou ve hře jedinými, které "
               "umožňují obsazovat cíle.", f"{_RIFLEMAN}: Move 1, Attack 1, Control"), 5, title_en="RIFLEMAN")
_CARDS += _squad_cards(
    "scouts", "PÁTRAČI", 6, _seed(609, "PÁTRAČI 6", f"{_SCOUT}: initiative 6"),
    (SCOUT_2, ActionSpec("attack", 1, None, _printed(f"{_SCOUT}: Attack 1", "Attack 1", (AHERRIOT, DIMOHA))),
     RECON, CONCEAL),
    _seed(904, "Pátrači provádějí pátrání a průzkum", f"{_SCOUT}: Scout 2, Attack 1, Recon, Conceal"), 3,
    title_en="SCOUT")
_CARDS += _squad_cards(
    "machine-gunners", "KULOMETČÍCI", 3, _seed(672, "KULOMETČÍCI 3", f"{_GUNNER}: initiative 3"),
    (MOVE_1, ActionSpec("attack", 2, None, _seed(713, "Akce útok kulometčíků má hodnotu 2",
                                                 f"{_GUNNER}: Attack 2", (AHERRIOT, DIMOHA))), SUPPRESS_4),
    _seed(912, "Kulometčíci vynikají při útoku a obraně", f"{_GUNNER}: Move 1, Attack 2, Suppress 4"), 3,
    title_en="MACHINE GUNNER")
_CARDS += _squad_cards(
    "squad-leader", "VELITEL DRUŽSTVA", 7, _seed(678, "VELITEL DRUŽSTVA 7", f"{_SQUAD_LEADER}: initiative 7"),
    (ActionSpec("bolster", 2, "*", _printed(f"{_SQUAD_LEADER}: Bolster 2 A", "Bolster 2 A", (AHERRIOT, DIMOHA))),
     ActionSpec("inspire", 1, "*", _seed(474, "Povzbuzení 1 A", f"{_SQUAD_LEADER}: Inspire 1 A", (AHERRIOT, DIMOHA)))),
    _seed(864, "Velitel družstva je zodpovědný za disciplínu", f"{_SQUAD_LEADER}: Bolster 2 A, Inspire 1 A"), 1,
    kind="leader", title_en="SQUAD LEADER")
_CARDS += [
    Card("platoon-sergeant", "platoon-sergeant", "SERŽANT", "leader", None, 9,
         _seed(838, "SERŽANT 9", f"{_SERGEANT}: initiative 9"),
         (ActionSpec("bolster", 3, None, _printed(f"{_SERGEANT}: Bolster 3", "Bolster 3", (AHERRIOT, DIMOHA))),
          COMMAND_2),
         _seed(849, "Seržant/feldvébl vám umožní hrát během vašeho tahu více karet nebo významně posílit "
                    "svůj balíček.", f"{_SERGEANT}: Bolster 3, Command 2"), 1, "PLATOON SERGEANT"),
    Card("platoon-guide", "platoon-guide", "ZÁSTUPCE VELITELE", "leader", None, 8,
         _seed(844, "ZÁSTUPCE VELITELE 8", f"{_GUIDE}: initiative 8"),
         (ActionSpec("bolster", 1, None, _printed(f"{_GUIDE}: Bolster 1", "Bolster 1", (AHERRIOT, DIMOHA))),
          GUIDE_1),
         _seed(857, "umožní přesunout jakýkoliv žeton jednotky na herním plánu nebo přidat do balíčku "
                    "kteroukoliv z karet ze zálohy", f"{_GUIDE}: Bolster 1, Guide 1"), 1, "PLATOON GUIDE"),
    Card("sniper", "sniper", "ODSTŘELOVAČI", "soldier", None, 4, _seed(893, "ODSTŘELOVAČI 4", f"{_SNIPER}: initiative 4"),
         (STALK_1,
          ActionSpec("attack", 3, None, _printed(f"{_SNIPER}: Attack 3; {EN_SCENARIOS}, p. 12 (scenario 4): "
                                                 "three dice in attack", "Attack 3", (AHERRIOT, DIMOHA)))),
         _seed(918, "jedinou jednotkou, jež je schopna přesouvat se oblastmi, které zatím nebyly "
                    "propátrány", f"{_SNIPER}: Stalk 1, Attack 3"), 3, "SNIPER"),
    Card("mortar", "mortar", "MINOMET", "soldier", None, 2, _seed(899, "MINOMET 2", f"{_MORTAR}: initiative 2"),
         (MOVE_1, BLAST_1, TARGET),
         _seed(928, "vyžaduje vlastní akci pro samotné zaměření cíle", f"{_MORTAR}: Move 1, Blast 1, Target"),
         3, "MORTAR"),
    Card("fog-of-war", "fog-of-war", "VÁLEČNÝ ZMATEK", "fog", None, 1,
         _seed(585, "VÁLEČNÝ ZMATEK 1", f"{EN_RULEBOOK}, p. 5 (Fog of War cards): initiative 1"),
         (), _seed(127, "Tyto karty lze použít jen při určování iniciativy.",
                   f"{EN_RULEBOOK}, p. 11 (Fog of War): only to bid for initiative"), 10, "FOG OF WAR"),
]

CARDS: dict[str, Card] = {c.id: c for c in _CARDS}
CARD_IDS: tuple[str, ...] = tuple(CARDS)
UNIT_IDS: tuple[str, ...] = tuple(c.id for c in _CARDS if c.kind == "soldier")
FOG = "fog-of-war"

COPIES_SOURCE = _printed(
    f"{EN_RULEBOOK}, p. 3 (COMPONENTS): 54 cards per side; {EN_SCENARIOS}, the Starting Cards tables "
    "(one D or S per copy): scenario 1 (p. 6) riflemen 1 D + 4 S = 5 per squad, scouts 1 D + 2 S = 3, fog of "
    "war 2 D + 8 S = 10; scenario 5 (p. 14) machine gunners 3 per squad; scenario 7 (p. 18) sniper 3 and "
    "mortar 3 per side; one squad leader per squad, one platoon sergeant, one platoon guide",
    "riflemen 5, scouts 3, machine gunners 3 per squad; squad leader 1 per squad; platoon sergeant 1, "
    "platoon guide 1, sniper 3, mortar 3, Fog of War 10: 54 per side", (AHERRIOT_DECK,))


#: Words a printed title keeps in lower case in a sentence ("FOG OF WAR" → "Fog of War").
_SMALL_WORDS = ("of",)


def printed(title_en: str) -> str:
    """A title as the English edition prints it (in capitals on the card), in a sentence's
    capitals: "MACHINE GUNNER" → "Machine Gunner"."""
    return " ".join(w.lower() if w.lower() in _SMALL_WORDS else w.capitalize() for w in title_en.split())


def type_title(name: str) -> str:
    """A card type's printed name: ``machine-gunners`` → "Machine Gunner", ``squad-leader`` →
    "Squad Leader" (the English edition's cards, ``Card.title_en``)."""
    return printed(next(c.title_en for c in CARDS.values() if c.name == name))


def card_title(card_id: str) -> str:
    """A card (and its unit) by its printed name and squad: ``riflemen-a`` → "Rifleman A",
    ``machine-gunners-c`` → "Machine Gunner C", ``platoon-sergeant`` → "Platoon Sergeant"."""
    c = CARDS[card_id]
    name = printed(c.title_en)
    return f"{name} {c.squad.upper()}" if c.squad else name


def named(card_id: object) -> str:
    """A card in a sentence: its printed title ("Rifleman A"), or what was given, quoted and
    clipped, when it is not a card (a refusal echoing a mistyped id)."""
    if isinstance(card_id, str):
        return card_title(card_id) if card_id in CARDS else f"“{card_id[:30]}”"
    from tutor.inputs import clipped
    return clipped(card_id, 30)


_IDS = None


def words(text: str) -> str:
    """An engine sentence in a learner's words: card ids as the cards' English names
    ("riflemen-a" → "Rifleman A"), the sides capitalized ("axis" → "Axis")."""
    import re
    global _IDS
    if _IDS is None:
        _IDS = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, CARDS), key=len, reverse=True))
                          + r")(?![\w-])")
    text = _IDS.sub(lambda m: card_title(m.group(1)), text)
    return re.sub(r"\b(allied|axis)\b", lambda m: m.group(1).capitalize(), text)


def card(card_id: str, *, where: str = "card") -> Card:
    """The card with this id, or a one-line InputError listing what is allowed."""
    try:
        return CARDS[card_id]
    except (KeyError, TypeError):
        raise InputError(f"{where}: {card_id!r} is not a card id; allowed: {', '.join(CARD_IDS)}") from None


def unit_type(unit_id: str) -> UnitType:
    """The unit type of a unit id: ``riflemen-a`` → riflemen."""
    c = CARDS[unit_id]
    return UNIT_TYPES[c.name]


def unit_squad(unit_id: str) -> str | None:
    return CARDS[unit_id].squad


def is_riflemen(unit_id: str) -> bool:
    return CARDS[unit_id].name == "riflemen"


def check_unit(unit_id: str, *, where: str = "unit") -> str:
    """A unit id (a card that has a token), or a one-line InputError."""
    c = CARDS.get(unit_id) if isinstance(unit_id, str) else None
    if c is None or c.kind != "soldier":
        raise InputError(f"{where}: {unit_id!r} is not a unit with a token; allowed: {', '.join(UNIT_IDS)}")
    return unit_id
