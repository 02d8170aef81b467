"""Chapter 2: setting up — Pegasus Bridge as the rulebook builds it (memoir44-rules-es.txt,
PREPARACIÓN, steps 1-13).

Every count the chapter shows is computed from ``scenarios/pegasus-bridge.yaml`` and from
``tutor.memoir.game.new_game`` (the deal), never typed in; the tests check they are the
walkthrough's numbers (20 river hexes, 4 towns, 9 woods, 2 bridges, 4 wire, 1 sandbag, 6 cards
against 2, 4 dice each, the Allies first). The map is the published scenario's (see the sources
in the scenario file).

The "try" is :class:`SetupWalk`: a live board built step by step with a Next button.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape

from tutor.explain import rule_html, rules_html
from tutor.hexes import fmt
from tutor.memoir import combat, objectives
from tutor.memoir import game as G
from tutor.memoir import state as S
from tutor.quiz import Question
from tutor.rulebook import rule
from tutor.scenario import bundled

ES = "memoir44-rules-es.txt"
H = "PREPARACIÓN"
SCENARIO = "pegasus-bridge"
SEED = 0                       # the deal shown in the chapter (any seed deals 6 and 2)

STEP_RULES = (
    rule("m44.setup.step01", ES, H,
         "Elige una batalla del libro de escenarios. Si es tu primera partida de Memoir ‘44, te aconsejamos empezar "
         "por la primera batalla: Puente Pegasus (página 3).",
         "1. Choose a battle; for a first game, the first one: Pegasus Bridge."),
    rule("m44.setup.step02", ES, H,
         "Coloca el tablero en la mesa, con el lado adecuado bocarriba (Campo o Playa de desembarco). Para Puente "
         "Pegasus, utiliza el lado de Campo.",
         "2. Lay the board with the right side up (countryside or beach); Pegasus Bridge uses the countryside."),
    rule("m44.setup.step03", ES, H,
         "Distribuye los hexágonos de Terreno necesarios según se indique en la preparación del escenario. Es "
         "recomendable colocarlos en el orden en que aparecen en la lista. Para Puente Pegasus, coloca los 20 "
         "hexágonos de Río, después 4 hexágonos de Pueblo y, por último, 9 hexágonos de Bosque.",
         "3. Place the terrain hexes in the order listed: for Pegasus Bridge 20 river, then 4 town, then 9 woods."),
    rule("m44.setup.step04", ES, H,
         "Añade los obstáculos necesarios (Búnkeres, Puentes, Sacos terreros, etc.). Para Puente Pegasus, son 2 "
         "obstáculos de Puente (uno sobre cada Río), 4 de Alambrada y 1 de Saco terrero para proteger a los "
         "defensores alemanes.",
         "4. Add the obstacles: 2 bridges (one on each river), 4 wire and 1 sandbag protecting the Germans."),
    rule("m44.setup.step05", ES, H,
         "A continuación, coloca las miniaturas en el tablero, en las posiciones indicadas en el mapa de batalla "
         "del escenario.",
         "5. Place the figures where the scenario map shows; infantry units have 4 figures, armor 3, artillery 2."),
    rule("m44.setup.step06", ES, H,
         "Si las reglas especiales del escenario así lo requieren, asigna las insignias de Fuerzas Especiales a "
         "las unidades correspondientes, y las Medallas de victoria a los objetivos correspondientes del tablero. "
         "Para Puente Pegasus, coloca una Medalla de victoria Aliada en cada Puente.",
         "6. Badges and objective medals as the scenario says: an Allied victory medal on each bridge."),
    rule("m44.setup.step07", ES, H,
         "Opcionalmente, deja las cartas de Resumen correspondientes (para Puente Pegasus, las cartas de Bosques, "
         "Pueblos y Aldeas, Ríos, Lagos, Sacos terreros, Alambradas y unidades) al lado del tablero para poder "
         "consultarlas durante la partida.",
         "7. Optionally, lay the summary cards of the battle's terrain, obstacles and units beside the board."),
    rule("m44.setup.step08", ES, H,
         "Si quieres utilizar los portacartas, móntalos y déjalos al lado del tablero.",
         "8. Card holders, if you use them, go beside the board."),
    rule("m44.setup.step09", ES, H,
         "Escoged el bando de cada jugador y sentaos en el lado correspondiente del tablero.",
         "9. Choose sides and sit at your side of the board."),
    rule("m44.setup.step10", ES, H,
         "Tus cartas de Mando son secretas; no dejes que las vea el jugador rival. Para Puente Pegasus, el "
         "comandante Aliado recibe 6 cartas de Mando, ¡pero el general del Eje empieza con solo 2 tristes cartas!",
         "10. Shuffle the command deck and deal as the scenario says — secret hands: Allies 6, Axis only 2."),
    rule("m44.setup.step11", ES, H,
         "Deja el mazo de cartas de Mando restantes al lado del tablero, bocabajo y al alcance de ambos jugadores.",
         "11. The rest of the deck lies face down beside the board, in reach of both players."),
    rule("m44.setup.step12", ES, H, "Cada bando recibe 4 dados de ataque.",
         "12. Each side takes 4 battle dice."),
    rule("m44.setup.step13", ES, H,
         "El jugador inicial, indicado en las instrucciones del escenario (en Puente Pegasus es el jugador "
         "Aliado), empieza la partida eligiendo y jugando una carta de Mando de su mano.",
         "13. The first player (the Allies at Pegasus Bridge) starts by playing a command card."),
)

FIGURES = rule("m44.setup.figures", ES, H,
               "Por lo general, una unidad de Infantería está compuesta por 4 miniaturas, una de Blindados por 3 "
               "miniaturas y una de Artillería por 2 miniaturas.",
               "An infantry unit has 4 figures, armor 3, artillery 2.")

DICE_PER_SIDE = 4            # step 12 (no engine state holds the dice: the rulebook's number)


# ---------------------------------------------------------------------------------------------
# The scenario, counted


def scenario():
    return bundled(SCENARIO)


def counts() -> dict:
    """What the walkthrough places, counted from the scenario file and the engine's deal."""
    sc = scenario()
    terrain = Counter(sc.terrain.values())
    obstacles = Counter(sc.obstacles.values())
    units = Counter((u.side, u.kind) for u in sc.units.values())
    g = G.new_game(SCENARIO, SEED)
    st = g.state
    return {
        # step 3's river tiles: the rivers, the 2 under the bridges and the 4 laid as the pond (a lake)
        "river": terrain["river"] + terrain["bridge"] + terrain["lake"], "lake": terrain["lake"],
        "town": terrain["town"], "woods": terrain["woods"], "bridge": terrain["bridge"],
        "wire": obstacles["wire"], "sandbags": obstacles["sandbags"],
        "axis_units": sum(n for (s, _), n in units.items() if s == "axis"),
        "allied_units": sum(n for (s, _), n in units.items() if s == "allied"),
        "figures": {fmt(h): u.figures for h, u in st.units.items()},
        "medal_hexes": [fmt(h) for o in st.objectives for h in o.hexes],
        "cards": {s: len(g.hands[s]) for s in ("allied", "axis")},
        "deck": len(g.deck),
        "first": g.player,
        "medals_to_win": dict(st.medals_to_win or {}),
        "top": st.top,
    }


@dataclass(frozen=True)
class Step:
    number: int              # the rulebook's step (1-13)
    title: str
    text: str                # English, HTML allowed
    rule: object
    terrain: tuple = ()      # terrain names on the board after this step
    bridges: bool = False    # bridge hexes shown as bridges (else as river)
    obstacles: bool = False
    units: bool = False
    medals: bool = False
    cards: bool = False      # the deal is shown
    deck: bool = False
    dice: bool = False
    new: str = ""            # what this step adds, for the highlight: river | town | woods | obstacles | units | medals


def steps() -> list[Step]:
    c = counts()
    R = STEP_RULES
    base = {"terrain": ("river", "town", "woods"), "bridges": True, "obstacles": True, "units": True, "medals": True}
    return [
        Step(1, "Choose a battle", "The scenario book's first battle, <b>Pegasus Bridge</b> (6 June 1944, the first "
             "action of D-Day), is the rulebook's example and a good first game.", R[0]),
        Step(2, "The board", "Lay the board <b>countryside</b> side up (the other side is the landing beach).", R[1]),
        Step(3, "Terrain: rivers", f"First the <b>{c['river']} river hexes</b>: the Caen canal and the Orne (the 2 hexes "
             f"that will carry the bridges are rivers for now), and {c['lake']} laid together as the pond, which "
             "plays as a lake.", R[2], terrain=("river",), new="river"),
        Step(3, "Terrain: towns", f"Then <b>{c['town']} town hexes</b> (Le Port and Bénouville, west of the canal).", R[2], terrain=("river", "town"), new="town"),
        Step(3, "Terrain: woods", f"Last the <b>{c['woods']} woods hexes</b>. The terrain is placed in the order the "
             "scenario lists it.", R[2], terrain=("river", "town", "woods"), new="woods"),
        Step(4, "Obstacles", f"<b>{c['bridge']} bridges</b>, one on each river, <b>{c['wire']} wire</b> and "
             f"<b>{c['sandbags']} sandbag</b> protecting a German unit.", R[3],
             terrain=("river", "town", "woods"), bridges=True, obstacles=True, new="obstacles"),
        Step(5, "Units", f"The figures: <b>{c['axis_units']} Axis</b> and <b>{c['allied_units']} Allied</b> "
             "infantry units, 4 figures each (place one figure per hex first, then fill the units up).", R[4],
             terrain=("river", "town", "woods"), bridges=True, obstacles=True, units=True, new="units"),
        Step(6, "Medals", "An <b>Allied victory medal on each bridge</b> "
             f"({', '.join(c['medal_hexes'])}): the Allies hold it while one of their units stands there. "
             f"The side that first has {c['medals_to_win'].get('allied', 4)} medals wins.", R[5], **base,
             new="medals"),
        Step(7, "Summary cards", "Optional: the summary cards of what is on this board (woods, towns, rivers, "
             "lakes, sandbags, wire, the units) beside it.", R[6], **base),
        Step(8, "Card holders", "Optional: card holders beside the board.", R[7], **base),
        Step(9, "Choose sides", f"The <b>Axis</b> sits at the top edge ({c['top']} is on top in the scenario), the "
             "<b>Allies</b> at the bottom. The rulebook suggests playing each battle twice, once on each side.",
             R[8], **base),
        Step(10, "Shuffle and deal", f"Shuffle the 60 command cards and deal: the Allies receive "
             f"<b>{c['cards']['allied']}</b>, the Axis only <b>{c['cards']['axis']}</b> (Rommel was on leave). "
             "Hands are secret.", R[9], **base, cards=True),
        Step(11, "The deck", f"The other <b>{c['deck']}</b> cards lie face down beside the board, in reach of both "
             "players.", R[10], **base, cards=True, deck=True),
        Step(12, "Dice", f"Each side takes <b>{DICE_PER_SIDE} battle dice</b>.", R[11], **base, cards=True,
             deck=True, dice=True),
        Step(13, "First player", f"The <b>{'Allies' if c['first'] == 'allied' else 'Axis'}</b> begin: they "
             "choose and play a command card from their hand. The battle is on — play it in the "
             "<a href='play-a-battle.ipynb'>play-a-battle</a> page.", R[12], **base, cards=True, deck=True,
             dice=True),
    ]


def _tile(terrain: str) -> str:
    """The terrain tile a hex is laid with in step 3: a bridge stands on a river tile, and the pond
    is river tiles played as a lake (LAGOS)."""
    return "river" if terrain in ("bridge", "lake") else terrain


def field(step: Step):
    """The battlefield as it stands after ``step`` (a GameState for the renderer)."""
    st = S.from_scenario(scenario())
    terrain = {}
    for h, t in st.terrain.items():
        shown = "river" if t == "bridge" and not step.bridges else t
        if _tile(shown) in step.terrain or (shown == "bridge" and step.bridges):
            terrain[h] = shown
    return st.replace(terrain=terrain, obstacles=dict(st.obstacles) if step.obstacles else {},
                      units=dict(st.units) if step.units else {})


def added(step: Step) -> list:
    """The hexes this step adds (shaded on the board)."""
    st = S.from_scenario(scenario())
    if step.new in ("river", "town", "woods"):
        return [h for h, t in st.terrain.items() if _tile(t) == step.new]
    if step.new == "obstacles":
        return [h for h, t in st.terrain.items() if t == "bridge"] + list(st.obstacles)
    if step.new == "units":
        return list(st.units)
    if step.new == "medals":
        return [h for o in st.objectives for h in o.hexes]
    return []


# ---------------------------------------------------------------------------------------------
# Try: the board built step by step


class SetupWalk:
    """The 13 steps on a live board: Next / Back; each step's text, rule and original wording.

    ``next()`` / ``back()`` / ``go(i)`` do what the buttons do; ``widget`` is what a cell shows.
    """

    def __init__(self, dpr: int = 2):
        import ipywidgets as W

        from tutor.render.canvas import BoardView
        from tutor.widgets.base import CSS, small_button

        self.steps = steps()
        self.i = 0
        self.board = BoardView(self._scene(), dpr=dpr)
        self.board.canvas.layout.min_width = "280px"
        self.cards = BoardView(self._card_scene(), dpr=dpr)
        self.head = W.HTML()
        self.text = W.HTML()
        self.back_button = small_button("Back", "arrow-left")
        self.next_button = small_button("Next step", "arrow-right")
        self.next_button.button_style = "primary"
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        bar = W.HBox([self.back_button, self.next_button, self.head],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = W.VBox([W.HTML(CSS), bar, self.text, self.board.canvas, self.cards.canvas],
                             layout=W.Layout(width="100%", max_width=f"{self.board.scene.width + 20}px"))
        self.widget.add_class("tutor-setup-walk")
        self._draw()

    @property
    def step(self) -> Step:
        return self.steps[self.i]

    def go(self, i: int) -> None:
        self.i = max(0, min(len(self.steps) - 1, i))
        self._draw()

    def next(self) -> None:
        self.go(self.i + 1)

    def back(self) -> None:
        self.go(self.i - 1)

    def _scene(self):
        from tutor.render.scene import Mark, highlights, scene
        s = self.steps[self.i]
        st = field(s)
        marks = [Mark(h, "legal", text="★") for h in added(s)] if s.new == "medals" else []
        if s.medals and s.new != "medals":
            marks = [Mark(h, "too_low", counts=False, text="★") for h in added(Step(6, "", "", None, new="medals"))]
        shaded = added(s) if s.new and s.new != "medals" else []
        return scene(st, highlights(painted=shaded, marks=marks), title=f"Pegasus Bridge — step {s.number}",
                     legend=False)

    def _card_scene(self):
        from tutor.render.scene import Card, card_scene
        s = self.steps[self.i]
        width = self.board.scene.width if hasattr(self, "board") else 700
        if not s.cards:
            return card_scene([], width=width)
        c = counts()
        rows = [("Allied hand", [Card("", face_up=False)] * c["cards"]["allied"], None),
                ("Axis hand", [Card("", face_up=False)] * c["cards"]["axis"], None)]
        if s.deck:
            rows.append(("Deck", [], c["deck"]))
        if s.dice:
            rows.append(("Dice", [Card(f"{DICE_PER_SIDE} + {DICE_PER_SIDE}", True, None, "dice per side")], None))
        return card_scene(rows, width=width, card_w=40, card_h=56)

    def _draw(self) -> None:
        s = self.step
        self.board.update(self._scene())
        self.cards.update(self._card_scene())
        self.cards.canvas.layout.display = "" if s.cards else "none"
        self.head.value = f"<b>Step {s.number} of 13 — {escape(s.title)}</b> <small>({self.i + 1}/{len(self.steps)})</small>"
        self.text.value = f"<p>{s.text}</p>{rule_html(s.rule)}" + (rule_html(FIGURES) if s.number == 5 else "")
        self.back_button.disabled = self.i == 0
        self.next_button.disabled = self.i == len(self.steps) - 1


def walk(dpr: int = 2):
    return SetupWalk(dpr).widget


def counts_table():
    """The walkthrough's numbers next to what this project's Pegasus Bridge holds (all computed)."""
    from tutor.explain import Explained
    c = counts()
    rows = [("River hexes (2 under the bridges, 4 laid as the pond)", 20, c["river"]), ("Town hexes", 4, c["town"]),
            ("Woods hexes", 9, c["woods"]), ("Bridges", 2, c["bridge"]), ("Wire", 4, c["wire"]),
            ("Sandbags", 1, c["sandbags"]), ("Allied command cards", 6, c["cards"]["allied"]),
            ("Axis command cards", 2, c["cards"]["axis"])]
    body = "".join(f"<tr><td>{escape(a)}</td><td>{b}</td><td>{n}</td></tr>" for a, b, n in rows)
    return Explained(f'<table class="tutor-obs"><tr><th></th><th>the rulebook says</th><th>this board has</th></tr>'
                     f"{body}</table>")


# ---------------------------------------------------------------------------------------------
# Check


def _q_rivers() -> Question:
    choices = ("18", "20", "22")

    def rule_fn():
        c = counts()
        return str(c["river"]), (f"<p>The board holds {c['river'] - c['bridge']} river hexes and {c['bridge']} "
                                 f"bridges, each bridge standing on a river: {c['river']} in all.</p>"
                                 + rule_html(STEP_RULES[2]) + rule_html(STEP_RULES[3]))
    return Question("02.rivers", "<p>Step 3 places the rivers. How many river hexes are on the Pegasus Bridge "
                    "board, counting the two under the bridges?</p>", choices, rule_fn)


def _q_cards() -> Question:
    choices = ("2", "4", "6")

    def rule_fn():
        g = G.new_game(SCENARIO, SEED)
        n = len(g.hands["axis"])
        return str(n), (f"<p>The engine deals the Axis {n} cards and the Allies {len(g.hands['allied'])}; the Axis "
                        f"hand grows by one card a turn until it holds 4.</p>" + rule_html(STEP_RULES[9]))
    return Question("02.axis-cards", "<p>Step 10: how many command cards does the Axis general start with?</p>",
                    choices, rule_fn)


def _q_first() -> Question:
    choices = ("The Allies", "The Axis")

    def rule_fn():
        g = G.new_game(SCENARIO, SEED)
        who = "The Allies" if g.player == "allied" else "The Axis"
        return who, f"<p>The engine starts the game with {g.player} to play a card.</p>" + rule_html(STEP_RULES[12])
    return Question("02.first", "<p>Step 13: who plays the first command card?</p>", choices, rule_fn)


def _q_bridge_medal() -> Question:
    choices = ("0", "1", "2")

    def rule_fn():
        st = G.new_game(SCENARIO, SEED).state
        bridge = next(h for o in st.objectives for h in o.hexes)
        near = next(h for h, u in sorted(st.units.items(), key=lambda kv: (kv[0][1], kv[0][0])) if u.side == "allied")
        units = dict(st.units)
        units[bridge] = units.pop(near)
        held, _, _ = objectives.update(st.objectives, st.held, units, [(bridge, "allied")])
        n = st.replace(units=units, held=held).medals["allied"]
        return str(n), (f"<p>With an Allied unit on the bridge at {fmt(bridge)} the Allies hold that bridge's "
                        f"medal: {n} medal{'s' if n != 1 else ''} (no unit has been eliminated yet).</p>"
                        + rule_html(STEP_RULES[5]))
    return Question("02.bridge-medal", "<p>Step 6 put an Allied medal on each bridge. At the start, an Allied unit "
                    "reaches one bridge. How many medals do the Allies have?</p>", choices, rule_fn)


def _q_sandbags() -> Question:
    choices = ("1 die", "2 dice", "3 dice")

    def rule_fn():
        st = G.new_game(SCENARIO, SEED).state
        a, t = (5, 5), (7, 3)
        ad = combat.attack_dice(st, a, t)
        ans = f"{ad.dice} {'die' if ad.dice == 1 else 'dice'}"
        return ans, f"<p>{escape(ad.text)}</p>" + rules_html(ad.rules)
    return Question("02.sandbags", "<p>Step 4's sandbags protect the German infantry on <b>7,3</b>. How many dice "
                    "does the Allied infantry on <b>5,5</b> (2 hexes away) roll against it?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [_q_rivers(), _q_cards(), _q_first(), _q_bridge_medal(), _q_sandbags()]
