"""The Memoir '44 terrain and obstacle catalogue, as data.

One row per terrain (memoir44-rules-es.txt, APÉNDICE 2) and per obstacle (OBSTÁCULOS). Each row
says everything the engine needs — height, line of sight, movement, battle, protection, flags —
and cites the heading it comes from. Protection is "dice fewer" for an attacker of each kind.

Where the seeds say nothing about a field (mountain protection and movement beyond its height;
see ``tutor.memoir.conflicts``), the row follows the general rule the seeds do give and says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from tutor.memoir import rules as R
from tutor.rulebook import Rule, rule

KINDS = ("infantry", "armor", "artillery")
ALL = frozenset(KINDS)

_NONE: MappingProxyType[str, int] = MappingProxyType({})


def _prot(infantry=0, armor=0, artillery=0):
    return MappingProxyType({"infantry": infantry, "armor": armor, "artillery": artillery})


@dataclass(frozen=True)
class Terrain:
    name: str
    rule: Rule
    height: int = 0
    blocks_los: bool = False
    elevated: bool = False              # hill family: blocks sight only for units below its height
    lake: bool = False                  # blocks sight only beside another lake hex
    must_stop: bool = False             # a unit entering must stop (moving or taking ground)
    no_battle_after_entering: bool = False
    impassable: frozenset[str] = frozenset()     # unit kinds that may not enter (nor retreat into)
    protection: MappingProxyType = field(default_factory=lambda: _NONE)   # dice fewer, by attacker kind
    protection_from_lower_only: bool = False     # hills: only against attackers at a lower height
    attacker_penalty: MappingProxyType = field(default_factory=lambda: _NONE)  # dice fewer when attacking FROM here
    ignore_flags: int = 0               # flags a unit here may ignore per attack
    max_move_after_entering: int | None = None   # beaches: at most 2 hexes in all
    adjacent_start_to_enter: bool = False        # hedgerows: must start the move adjacent
    leave_only_one: bool = False                 # hedgerows: leaving, stop in the adjacent hex
    no_retreat_into: bool = False                # ocean: a retreat into it is a lost figure
    no_battle_from: bool = False                 # ocean: units here may not attack
    beach_slope: bool = False                    # draws and cliffs: beach <-> here rules
    no_take_ground_from_beach: bool = False      # cliffs: infantry on a beach may not take ground here
    steep: bool = False                          # steep hills: entering from lower costs 2 hexes
    land: bool = True                            # not water: where a bridge's units come from and go to
    land_only: bool = False                      # bridges: entered only from land, left by retreat only onto land


@dataclass(frozen=True)
class Obstacle:
    name: str
    rule: Rule
    blocks_los: bool = False
    impassable: frozenset[str] = frozenset()
    must_stop: bool = False
    protection: MappingProxyType = field(default_factory=lambda: _NONE)
    protection_kinds: frozenset[str] = ALL       # unit kinds that benefit from it
    attacker_penalty: MappingProxyType = field(default_factory=lambda: _NONE)
    ignore_flags: int = 0
    removed_when_left: bool = False              # sandbags
    armor_removes_on_entry: bool = False         # wire
    infantry_may_remove: bool = False            # wire: instead of attacking


ES = R.ES
_T: dict[str, Terrain] = {}


def _terrain(t: Terrain) -> Terrain:
    _T[t.name] = t
    return t


_terrain(Terrain("countryside", rule(
    "m44.terrain.countryside", ES, "USO DE LAS CARTAS DE RESUMEN DE TERRENO",
    "los hexágonos de hierba del tablero no siguen reglas especiales y se denominan colectivamente "
    "«la pradera».",
    "Open grass hexes (countryside) have no special rules.")))

_terrain(Terrain("woods", rule(
    "m44.terrain.woods", ES, "BOSQUES",
    "Movimiento: las unidades que entren en un hexágono de Bosque deben detenerse y no pueden volver "
    "a moverse en ese turno. Ataque: las unidades no pueden atacar en el mismo turno en el que entren "
    "en un hexágono de Bosque. Protección: al atacar a una unidad enemiga situada en un hexágono de "
    "Bosque, la Infantería tira 1 dado menos, los Blindados tiran 2 dados menos y la Artillería no "
    "sufre ninguna penalización. Línea de visión: los Bosques bloquean la línea de visión.",
    "Woods: stop on entering, no battle that turn, infantry -1 and armor -2 against units in them, "
    "block line of sight."),
    blocks_los=True, must_stop=True, no_battle_after_entering=True, protection=_prot(1, 2, 0)))

_terrain(Terrain("hedgerows", rule(
    "m44.terrain.hedgerows", ES, "SETOS",
    "Movimiento: para entrar en un hexágono de Setos (al moverse o al ganar terreno), las unidades "
    "deben empezar el turno en un hexágono adyacente a los Setos. Las unidades que entren en un "
    "hexágono de Setos deben detenerse y no pueden volver a moverse en ese turno. Las unidades que "
    "abandonen un hexágono de Setos solo pueden moverse hasta un hexágono adyacente.",
    "Hedgerows: enter only from an adjacent hex where the move started, stop there, and leave only "
    "one hex; no battle after entering; infantry -1, armor -2; block line of sight."),
    blocks_los=True, must_stop=True, no_battle_after_entering=True, protection=_prot(1, 2, 0),
    adjacent_start_to_enter=True, leave_only_one=True))

HILL = _terrain(Terrain("hill", rule(
    "m44.terrain.hill", ES, "COLINAS",
    "Protección: al atacar a una unidad enemiga situada en una Colina, todas las unidades salvo la "
    "Artillería tiran 1 dado menos si se encuentran a una altura menor. Si la unidad atacante se "
    "encuentra a una altura igual o mayor, no hay ninguna penalización.",
    "Hills (height 1): infantry and armor attacking from lower ground roll 1 die fewer; they block "
    "line of sight except between units at height 1 or more."),
    height=1, blocks_los=True, elevated=True, protection=_prot(1, 1, 0), protection_from_lower_only=True))

_terrain(Terrain("town", rule(
    "m44.terrain.town", ES, "PUEBLOS Y ALDEAS",
    "Movimiento: las unidades que entren en un hexágono de Pueblo o Aldea (en adelante, Pueblo) deben "
    "detenerse y no pueden volver a moverse en ese turno. Ataque: las unidades no pueden atacar en el "
    "mismo turno en el que entren en un hexágono de Pueblo. Las unidades de Blindados situadas en un "
    "hexágono de Pueblo tiran 2 dados menos al atacar.",
    "Towns: stop on entering, no battle that turn, armor in a town rolls 2 dice fewer, infantry -1 "
    "and armor -2 against units in them, block line of sight."),
    blocks_los=True, must_stop=True, no_battle_after_entering=True, protection=_prot(1, 2, 0),
    attacker_penalty=MappingProxyType({"armor": 2})))

_terrain(Terrain("church", rule(
    "m44.terrain.church", ES, "IGLESIAS",
    "Los hexágonos de Iglesia siguen las mismas reglas que los hexágonos de Pueblo, pero, además, las "
    "unidades situadas en un hexágono de Iglesia pueden ignorar 1 Bandera cada vez que sufran un "
    "ataque.",
    "Churches follow the town rules, and a unit in one may ignore 1 flag per attack."),
    blocks_los=True, must_stop=True, no_battle_after_entering=True, protection=_prot(1, 2, 0),
    attacker_penalty=MappingProxyType({"armor": 2}), ignore_flags=1))

_terrain(Terrain("river", rule(
    "m44.terrain.river", ES, "RÍOS Y CANALES",
    "Movimiento: los Ríos son terrenos intransitables, a menos que las reglas especiales del "
    "escenario indiquen lo contrario. Línea de visión: los Ríos no bloquean la línea de visión.",
    "Rivers are impassable and do not block line of sight."),
    impassable=ALL, land=False))

_terrain(Terrain("bridge", rule(
    "m44.terrain.bridge", ES, "PUENTES",
    "Las unidades solo pueden entrar en un Puente si se mueven desde un hexágono de tierra adyacente "
    "(es decir, no desde un Río ni ningún otro hexágono de agua)",
    "Bridges let units cross as open ground, entered only from an adjacent land hex; no protection; "
    "they do not block line of sight."), land_only=True))

_terrain(Terrain("beach", rule(
    "m44.terrain.beach", ES, "PLAYAS",
    "Movimiento: las unidades que entren en un hexágono de Playa solo pueden moverse 2 hexágonos como "
    "máximo.",
    "A unit that enters a beach may move at most 2 hexes in all; beaches give no protection."),
    max_move_after_entering=2))

_terrain(Terrain("ocean", rule(
    "m44.terrain.ocean", ES, "OCÉANOS",
    "Sin embargo, las unidades no pueden retirarse a un hexágono de Océano al sacar una Bandera, sino "
    "que deben sufrir una baja. Ataque: las unidades situadas en un hexágono de Océano no pueden "
    "atacar.",
    "Ocean: stop on entering, no retreat into it (a figure is lost instead), no attack from it."),
    must_stop=True, no_retreat_into=True, no_battle_from=True, land=False))

_terrain(Terrain("draw", rule(
    "m44.terrain.draw", ES, "REPECHOS",
    "Los Repechos son un tipo específico de Colina que se encuentra adyacente a un hexágono de Playa.",
    "A draw is a hill beside a beach: beach to draw (or back) is a 2-hex move for infantry and "
    "impossible for other units; otherwise a normal hill."),
    height=1, blocks_los=True, elevated=True, protection=_prot(1, 1, 0), protection_from_lower_only=True,
    beach_slope=True))

_terrain(Terrain("cliff", rule(
    "m44.terrain.cliff", ES, "ACANTILADOS",
    "Los Acantilados siguen las mismas reglas que los Repechos, con la diferencia de que las unidades "
    "de Infantería situadas en un hexágono de Playa no pueden ganar terreno al atacar unidades "
    "situadas en un Acantilado.",
    "Cliffs follow the draw rules, and infantry on a beach may not take ground onto a cliff."),
    height=1, blocks_los=True, elevated=True, protection=_prot(1, 1, 0), protection_from_lower_only=True,
    beach_slope=True, no_take_ground_from_beach=True))

_terrain(Terrain("steep_hill", rule(
    "m44.terrain.steep_hill", ES, "COLINAS EMPINADAS",
    "Las Colinas empinadas siguen las mismas reglas que las Colinas, con la diferencia de que todas "
    "las unidades deben emplear un movimiento de 2 hexágonos para entrar en una Colina empinada desde "
    "un terreno más bajo.",
    "Steep hills are hills that cost a 2-hex move to enter from lower ground."),
    height=1, blocks_los=True, elevated=True, protection=_prot(1, 1, 0), protection_from_lower_only=True,
    steep=True))

# The Spanish names the move as a steep hill's only difference from a hill; the Czech copy adds
# in words that taking ground onto or off one is as usual.
STEEP_HILL_TAKE_GROUND = rule(
    "m44.terrain.steep_hill.take_ground.cs", R.CS, "STRMÉ KOPCE",
    "Jednotky mohou obsadit pozici na strmý kopec i z něj jako obvykle.",
    "Czech copy: units may take ground onto a steep hill and off it as usual.",
    ocr="Jednotky mohou obsadit pozici na strmy kopec i z néj jako obvykle.", ocr_heading="STRME KOPCE")

_terrain(Terrain("lake", rule(
    "m44.terrain.lake", ES, "LAGOS",
    "Movimiento: los Lagos son un terreno intransitable. Línea de visión: 2 o más hexágonos de Lago "
    "adyacentes entre sí bloquean la línea de visión.",
    "Lakes are impassable; two or more adjacent lake hexes block line of sight."),
    impassable=ALL, lake=True, land=False))

# The seeds give mountains only their height (2). They are ruled here as higher hills: the general
# height rules apply (sight, moves of at most 1 level) and, like a hill, they protect against
# attackers from lower ground. tutor.memoir.conflicts shows this reading to the user.
_terrain(Terrain("mountain", R.HEIGHT_EXPANSIONS,
    height=2, blocks_los=True, elevated=True, protection=_prot(1, 1, 0), protection_from_lower_only=True))

TERRAIN = MappingProxyType(_T)

_O: dict[str, Obstacle] = {}


def _obstacle(o: Obstacle) -> Obstacle:
    _O[o.name] = o
    return o


_obstacle(Obstacle("bunker", rule(
    "m44.obstacle.bunker", ES, "BÚNKERES",
    "Movimiento: los Búnkeres son terreno intransitable para los Blindados y la Artillería.",
    "Bunkers: impassable to armor and artillery; infantry -1 and armor -2 against units in them; "
    "a unit in one may ignore 1 flag; they block line of sight."),
    blocks_los=True, impassable=frozenset({"armor", "artillery"}), protection=_prot(1, 2, 0), ignore_flags=1))

_obstacle(Obstacle("hedgehog", rule(
    "m44.obstacle.hedgehog", ES, "DEFENSAS ANTICARRO",
    "Movimiento: sin restricciones para las unidades de Infantería. Intransitables para cualquier "
    "otro tipo de unidad.",
    "Hedgehogs: only infantry may enter; infantry in them may ignore 1 flag; no line-of-sight block."),
    impassable=frozenset({"armor", "artillery"}), ignore_flags=1, protection_kinds=frozenset({"infantry"})))

_obstacle(Obstacle("wire", rule(
    "m44.obstacle.wire", ES, "ALAMBRADAS",
    "Movimiento: las unidades que entren en un hexágono con una Alambrada deben detenerse y no pueden "
    "volver a moverse en ese turno. Ataque: la Infantería situada en hexágonos con Alambradas tira 1 "
    "dado menos.",
    "Wire: stop on entering; infantry on wire rolls 1 die fewer and may remove it instead of "
    "attacking; armor removes it on entering and may still attack."),
    must_stop=True, attacker_penalty=MappingProxyType({"infantry": 1}), armor_removes_on_entry=True,
    infantry_may_remove=True))

_obstacle(Obstacle("sandbags", rule(
    "m44.obstacle.sandbags", ES, "SACOS TERREROS",
    "Protección: al atacar a una unidad situada en un hexágono con Sacos terreros, la Infantería y los "
    "Blindados tiran 1 dado menos y la Artillería no sufre ninguna penalización. Además, la unidad "
    "situada en un hexágono con Sacos terreros puede ignorar 1 Bandera cada vez que sufra un ataque.",
    "Sandbags: infantry and armor -1 against the unit there, which may ignore 1 flag; removed when "
    "the unit leaves."),
    protection=_prot(1, 1, 0), ignore_flags=1, removed_when_left=True))

_obstacle(Obstacle("sea_wall", rule(
    "m44.obstacle.sea_wall", ES, "MALECONES",
    "Siguen las mismas reglas que los Sacos terreros, con la diferencia de que los Malecones son "
    "permanentes y no se eliminan cuando la unidad que los ocupa sale del hexágono.",
    "Sea walls follow the sandbag rules but stay when the unit leaves."),
    protection=_prot(1, 1, 0), ignore_flags=1))

OBSTACLES = MappingProxyType(_O)


def cannot_stand_on(kind: str, terrain: str = "countryside", obstacle: str | None = None) -> Terrain | Obstacle | None:
    """What keeps a unit of ``kind`` from standing on a hex at setup (a scenario, an imported map, a
    board painted in the lab): the terrain or obstacle impassable to it, or None. A bunker
    is the one exception: a scenario may start armor or artillery in one (BÚNKERES, "Si empiezan en
    un Búnker"); hedgehogs have no such setup (DEFENSAS ANTICARRO)."""
    if kind in TERRAIN[terrain].impassable:
        return TERRAIN[terrain]
    if obstacle is not None and obstacle != "bunker" and kind in OBSTACLES[obstacle].impassable:
        return OBSTACLES[obstacle]
    return None

NO_STACKING = rule(
    "m44.obstacles.no_stacking", ES, "OBSTÁCULOS",
    "Las reducciones de dados por terreno y por obstáculos no se acumulan entre sí. Los elementos que "
    "permiten que una unidad ignore una Bandera tampoco se acumulan. A menos que las reglas especiales "
    "indiquen lo contrario, una unidad nunca puede ignorar más de 1 Bandera.",
    "Terrain and obstacle protections do not add up (only the highest applies), nor do flag "
    "ignores: a unit never ignores more than 1 flag unless a special rule says so.")


def spoken(name: str) -> str:
    """A terrain or obstacle name as a learner reads it: ``"sea_wall"`` → ``"sea wall"``."""
    return name.replace("_", " ")
