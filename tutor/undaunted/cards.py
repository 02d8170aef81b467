"""The platoon as data: every card type, its initiative, its actions, and the unit tokens.

The Czech rulebook (undaunted-normandy-rules-cs.txt) is an extracted text: the card figures kept
their names and initiative numbers (ČETA, PŘÍKLAD JEDNOHO KOLA HRY) but lost the action icons.
So each value below carries a ``Source``: the seed line it comes from, or ``line=None`` with the
reason the value was chosen where the text is silent. ``tutor undaunted cards`` prints them.

Card ids are the unit name in English, hyphenated, then the squad letter where it has one:
``riflemen-a``, ``scouts-c``, ``squad-leader-b``, ``machine-gunners-c``, ``sniper``, ``mortar``,
``platoon-sergeant``, ``platoon-guide``, ``fog-of-war``. A soldier card's id is also the id of
its unit (and token); leaders and fog of war have no token.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.errors import InputError

SQUADS = ("a", "b", "c")


@dataclass(frozen=True)
class Source:
    """Where a value comes from: a seed line and the text there, or ``line=None`` and why it was chosen."""

    line: int | None
    text: str

    @property
    def chosen(self) -> bool:
        return self.line is None

    def to_json(self) -> dict:
        return {"line": self.line, "text": self.text}


def _seed(line: int, text: str) -> Source:
    return Source(line, text)


def _chosen(why: str) -> Source:
    return Source(None, why)


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
        return f"{self.name}{v}{s}"


@dataclass(frozen=True)
class UnitType:
    """A kind of unit token: its name, Czech title and base defense."""

    name: str                 # english, hyphenated: "machine-gunners"
    title_cs: str
    base_defense: int
    defense_source: Source
    has_squad: bool


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
    copies: int               # per side in the box (reconstructed: 54 cards per side)

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

    def to_json(self) -> dict:
        return {
            "id": self.id, "name": self.name, "title_cs": self.title_cs, "kind": self.kind,
            "squad": self.squad, "initiative": self.initiative,
            "initiative_source": self.initiative_source.to_json(),
            "actions": [{"name": a.name, "value": a.value, "squad": a.squad, "source": a.source.to_json()}
                        for a in self.actions],
            "actions_source": self.actions_source.to_json(),
            "unit": self.unit, "copies": self.copies,
        }


# --- the action values the rules text prints with the action names (AKCE) ----------------------
MOVE_1 = ActionSpec("move", 1, None, _seed(400, "Přesun 1"))
MANEUVER_1 = ActionSpec("maneuver", 1, None, _seed(408, "Manévr 1"))
SCOUT_2 = ActionSpec("scout", 2, None, _seed(418, "Pátrání 2"))
SNEAK_1 = ActionSpec("sneak", 1, None, _seed(432, "Skrytý přesun 1"))
COMMAND_2 = ActionSpec("command", 2, None, _seed(450, "Za mnou! 2"))
CONFUSE = ActionSpec("confuse", None, None, _seed(460, "Zmatení nepřítele"))
CONTROL = ActionSpec("control", None, None, _seed(464, "Ovládnutí"))
RECON = ActionSpec("recon", None, None, _seed(482, "Průzkum"))
TARGET = ActionSpec("target", None, None, _seed(492, "Zaměření"))
SUPPRESS_4 = ActionSpec("suppress", 4, None, _seed(503, "Krycí palba 4"))
BOMBARD_1 = ActionSpec("bombard", 1, None, _seed(504, "Výbuch 1"))

# The sneak conflict (see rules.SOURCE_CONFLICTS): the quick reference prints 2.
SNEAK_QUICK_REFERENCE = ActionSpec("sneak", 2, None, _seed(980, "Skrytý přesun 2"))

ACTION_NAMES = ("move", "maneuver", "scout", "sneak", "bolster", "command", "confuse", "control",
                "inspire", "recon", "target", "attack", "suppress", "bombard")


UNIT_TYPES: dict[str, UnitType] = {
    "riflemen": UnitType("riflemen", "STŘELCI", 4, _seed(709, "obrana o hodnotě 4"), True),
    "scouts": UnitType("scouts", "PÁTRAČI", 4, _chosen(
        "not in the text; chosen equal to riflemen"), True),
    "machine-gunners": UnitType("machine-gunners", "KULOMETČÍCI", 5, _chosen(
        "not in the text; ČETA (line 912) says they excel in attack and defense, so above riflemen"), True),
    "sniper": UnitType("sniper", "ODSTŘELOVAČI", 6, _chosen(
        "not in the text; ČETA (line 919) says the sniper has the highest defense in the game"), False),
    "mortar": UnitType("mortar", "MINOMET", 4, _chosen("not in the text; chosen equal to riflemen"), False),
}


def _squad_cards(name, title, init, init_src, actions, actions_src, copies, kind="soldier"):
    out = []
    for s in SQUADS:
        acts = tuple(ActionSpec(a.name, a.value, s if a.squad == "*" else a.squad, a.source) for a in actions)
        out.append(Card(f"{name}-{s}", name, title, kind, s, init, init_src, acts, actions_src, copies))
    return out


_CARDS: list[Card] = []
_CARDS += _squad_cards(
    "riflemen", "STŘELCI", 5, _seed(591, "STŘELCI 5"),
    (MOVE_1, ActionSpec("attack", 1, None, _chosen("attack value not in the text; chosen 1 (below the "
                                                   "machine gunners' 2, worked example)")), CONTROL),
    _seed(871, "Střelci jsou hlavním jádrem čety. Tyto jednotky jsou ve hře jedinými, které "
               "umožňují obsazovat cíle."), 5)
_CARDS += _squad_cards(
    "scouts", "PÁTRAČI", 6, _seed(609, "PÁTRAČI 6"),
    (ActionSpec("attack", 1, None, _chosen("attack value not in the text; chosen 1")), SCOUT_2, RECON, CONFUSE),
    _seed(904, "Pátrači provádějí pátrání a průzkum"), 3)
_CARDS += _squad_cards(
    "machine-gunners", "KULOMETČÍCI", 3, _seed(672, "KULOMETČÍCI 3"),
    (MOVE_1, ActionSpec("attack", 2, None, _seed(713, "Akce útok kulometčíků má hodnotu 2")), SUPPRESS_4),
    _seed(912, "Kulometčíci vynikají při útoku a obraně"), 3)
_CARDS += _squad_cards(
    "squad-leader", "VELITEL DRUŽSTVA", 7, _seed(678, "VELITEL DRUŽSTVA 7"),
    (ActionSpec("bolster", 1, "*", _seed(392, "posily 1 A")),
     ActionSpec("inspire", 1, "*", _seed(474, "Povzbuzení 1 A"))),
    _seed(864, "Velitel družstva je zodpovědný za disciplínu"), 1, kind="leader")
_CARDS += [
    Card("platoon-sergeant", "platoon-sergeant", "SERŽANT", "leader", None, 9, _seed(838, "SERŽANT 9"),
         (COMMAND_2, ActionSpec("bolster", 3, None, _seed(392, "posily 3"))),
         _seed(849, "Seržant/feldvébl vám umožní hrát během vašeho tahu více karet nebo významně posílit "
                    "svůj balíček."), 1),
    Card("platoon-guide", "platoon-guide", "ZÁSTUPCE VELITELE", "leader", None, 8,
         _seed(844, "ZÁSTUPCE VELITELE 8"),
         (MANEUVER_1, ActionSpec("bolster", 1, None, _chosen("value not in the text; ČETA (line 857) says "
                                                             "'add any card from the supply', chosen 1"))),
         _seed(857, "umožní přesunout jakýkoliv žeton jednotky na herním plánu nebo přidat do balíčku "
                    "kteroukoliv z karet ze zálohy"), 1),
    Card("sniper", "sniper", "ODSTŘELOVAČI", "soldier", None, 4, _seed(893, "ODSTŘELOVAČI 4"),
         (ActionSpec("attack", 3, None, _chosen("value not in the text; ČETA (line 919) says the highest "
                                                "attack in the game, chosen 3 (> machine gunners' 2)")),
          SNEAK_1),
         _seed(918, "jedinou jednotkou, jež je schopna přesouvat se oblastmi, které zatím nebyly "
                    "propátrány"), 3),
    Card("mortar", "mortar", "MINOMET", "soldier", None, 2, _seed(899, "MINOMET 2"),
         (MOVE_1, TARGET, BOMBARD_1),
         _seed(928, "vyžaduje vlastní akci pro samotné zaměření cíle"), 3),
    Card("fog-of-war", "fog-of-war", "VÁLEČNÝ ZMATEK", "fog", None, 1, _seed(585, "VÁLEČNÝ ZMATEK 1"),
         (), _seed(127, "Tyto karty lze použít jen při určování iniciativy."), 10),
]

CARDS: dict[str, Card] = {c.id: c for c in _CARDS}
CARD_IDS: tuple[str, ...] = tuple(CARDS)
UNIT_IDS: tuple[str, ...] = tuple(c.id for c in _CARDS if c.kind == "soldier")
FOG = "fog-of-war"

COPIES_SOURCE = _chosen(
    "card counts per side reconstructed from the component list (54 cards, 11 unit tokens per side, "
    "line 23-25) and 'three to five cards per unit' (line 54): riflemen 5, scouts 3, machine gunners 3 "
    "per squad, one leader card each, sniper 3, mortar 3, fog of war 10")


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
