"""Pegasus Bridge set up step by step as the rulebook builds it (chapter 2's walk, moved here from
its page with the steps it walks)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape
from typing import TypedDict

from tutor.examples.memoir import PEGASUS as SCENARIO
from tutor.examples.memoir import PEGASUS_SEED as SEED
from tutor.hexes import fmt
from tutor.memoir import game as G
from tutor.memoir import state as S
from tutor.memoir.rules import SETUP_FIGURES as FIGURES
from tutor.memoir.rules import SETUP_STEPS as STEP_RULES
from tutor.originals import original_html
from tutor.rulebook import Rule
from tutor.scenario import bundled
from tutor.sides import SIDE_ADJECTIVES, SIDE_NAMES

DICE_PER_SIDE = 4            # step 12 (no engine state holds the dice: the rulebook's number)


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
        "axis_hand_max": sc.extra["cards"]["axis"]["grow_to"],      # the published scenario's draws
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
    rule: Rule
    terrain: bool = False    # the terrain hexes are on the board (bridge hexes as river until step 4)
    bridges: bool = False
    obstacles: bool = False
    units: bool = False
    medals: bool = False
    cards: bool = False      # the deal is shown
    deck: bool = False
    dice: bool = False
    new: str = ""            # what this step adds, outlined on the board: terrain | obstacles | units | medals


class Shown(TypedDict):
    """What the board of a step shows (the flags of :class:`Step` that every later step keeps)."""

    terrain: bool
    bridges: bool
    obstacles: bool
    units: bool
    medals: bool


def steps() -> list[Step]:
    """The rulebook's thirteen steps, one view each, numbered as the rulebook numbers them."""
    c = counts()
    R = STEP_RULES
    board: Shown = {"terrain": True, "bridges": True, "obstacles": True, "units": True, "medals": True}
    first = SIDE_NAMES.get(c["first"], c["first"])
    return [
        Step(1, "Choose a battle", "The scenario book's first battle, <b>Pegasus Bridge</b>: in the first minutes "
             "of 6 June 1944, British glider troops under Major John Howard land between a pond and the Caen "
             "canal, yards from the bridges they must seize. The rulebook recommends it for a first game.", R[0]),
        Step(2, "The board", "Lay the board <b>countryside</b> side up (its other side is the landing beach). "
             "The two dashed lines divide it into three sections: a left flank, a center and a right flank.", R[1]),
        Step(3, "Terrain", f"Lay the terrain hexes in the order the scenario lists them: first the <b>{c['river']} "
             "river</b> hexes, then the <b>" f"{c['town']} towns</b>, last the <b>{c['woods']} woods</b>. The river "
             "hexes make the Caen canal on the left, the Orne on the right, and a group of four in the middle: "
             "the pond, which plays as a lake (the rulebook lets a lake be laid with river hexes). The towns "
             "are Le Port and Bénouville, west of the canal.", R[2], terrain=True, new="terrain"),
        Step(4, "Obstacles", f"<b>{c['bridge']} bridges</b>, one across each river: Pegasus Bridge on the canal, "
             f"the Orne bridge on the Orne. Then <b>{c['wire']} wire</b> and <b>{c['sandbags']} sandbag"
             f"{'s' if c['sandbags'] != 1 else ''}</b> protecting the German defenders at the east end of Pegasus "
             "Bridge.", R[3],
             terrain=True, bridges=True, obstacles=True, new="obstacles"),
        Step(5, "Units", "Place the figures where the map shows them: first one figure in each unit's hex, then "
             "fill every unit up (an infantry unit has 4 figures, armor 3, artillery 2). All the units in this battle are infantry (the British raiders were elite "
             "troops, but this first scenario plays them as regular infantry).", R[4],
             terrain=True, bridges=True, obstacles=True, units=True, new="units"),
        Step(6, "Badges and medals", "No special forces badges here. An <b>Allied victory medal</b> goes on each "
             "bridge: the Allies count it while one of their units stands on the bridge, and lose it when the "
             f"unit leaves or is eliminated. The first side to win {c['medals_to_win'].get('allied', 4)} medals "
             "wins the battle.", R[5], **board, new="medals"),
        Step(7, "Summary cards", "Optional: lay the summary cards of what is on this board beside it: woods, "
             "towns, rivers, lakes (the pond), sandbags, wire and the units.", R[6], **board),
        Step(8, "Card holders", "Optional: card holders beside the board.", R[7], **board),
        Step(9, "Choose sides", "The <b>Axis</b> player sits at the top edge, the <b>Allied</b> player at the "
             "bottom. Battles are short: the rulebook suggests playing each one twice, once on each side.",
             R[8], **board),
        Step(10, "Shuffle and deal", f"Shuffle the {c['deck'] + c['cards']['allied'] + c['cards']['axis']} "
             f"command cards and deal them as the scenario says: <b>{c['cards']['allied']}</b> to the Allies, "
             f"only <b>{c['cards']['axis']}</b> to the surprised Axis. The scenario has the Axis draw two cards "
             f"at the end of each of its first two turns, until it holds {c['axis_hand_max']}. Hands are "
             "secret.", R[9], **board, cards=True),
        Step(11, "The deck", f"The other <b>{c['deck']}</b> cards lie face down beside the board, in reach of both "
             "players.", R[10], **board, cards=True, deck=True),
        Step(12, "Dice", f"Each side takes <b>{DICE_PER_SIDE} battle dice</b>.", R[11], **board, cards=True,
             deck=True, dice=True),
        Step(13, "First player", f"The scenario names the first player: the <b>{first}</b>. They choose a command "
             "card from their hand and play it, and the battle is on. The chapters that follow teach the "
             "turn; after chapter 9 the whole battle waits for you on the Play a battle page.", R[12], **board, cards=True, deck=True,
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
    if step.terrain:
        terrain = {h: ("river" if t == "bridge" and not step.bridges else t) for h, t in st.terrain.items()}
    return st.replace(terrain=terrain, obstacles=dict(st.obstacles) if step.obstacles else {},
                      units=dict(st.units) if step.units else {},
                      labels=st.labels if step.terrain else {})   # the map's place names come with its terrain


def added(step: Step) -> list:
    """The hexes this step adds (outlined on the board)."""
    st = S.from_scenario(scenario())
    if step.new == "terrain":
        return list(st.terrain)
    if step.new == "obstacles":
        return [h for h, t in st.terrain.items() if t == "bridge"] + list(st.obstacles)
    if step.new == "units":
        return list(st.units)
    if step.new == "medals":
        return [h for o in st.objectives for h in o.hexes]
    return []


_THING = {"river": "a river hex", "lake": "a river hex laid as the pond (it plays as a lake)", "town": "a town",
          "woods": "woods", "bridge": "a bridge", "wire": "wire", "sandbags": "sandbags"}


def on_hex(step: Step, h) -> str:
    """What a tap on hex ``h`` of the board after ``step`` answers: what lies there now and the
    step that laid each piece, or, on an empty hex, what a later step lays there (all read from
    the scenario, as the board is)."""
    full = S.from_scenario(scenario())
    pieces = []                                   # (step number, what)
    t = full.terrain.get(h)
    if t is not None:
        pieces.append((3, _THING[_tile(t)]))
        if t == "bridge":
            pieces.append((4, _THING["bridge"] + " over it"))
    if h in full.obstacles:
        pieces.append((4, _THING[full.obstacles[h]]))
    u = full.units.get(h)
    if u is not None:
        pieces.append((5, f"{SIDE_ADJECTIVES[u.side]} {u.kind}, {u.figures} figures"))
    if any(h in o.hexes for o in full.objectives):
        pieces.append((6, "an Allied victory medal"))
    now = [f"{what} (step {n})" for n, what in pieces if n <= step.number]
    later = [f"step {n} lays {what} here" for n, what in pieces if n > step.number]
    head = f"{fmt(h)} after step {step.number}: "
    if not now:
        return head + "countryside, nothing on it" + (f" yet — {later[0]}." if later else ".")
    return head + "; ".join(now) + (f". Still to come: {'; '.join(later)}." if later else ".")


class SetupWalk:
    """The 13 steps on a live board: Next / Back; each step's text, its original wording one click
    away. A
    tap on a hex (or the hex typed in the Hex field) says what lies there and which step laid it.

    ``next()`` / ``back()`` / ``go(i)`` do what the buttons do, ``tap(hex)`` what a tap does;
    ``widget`` is what a cell shows.
    """

    def __init__(self, dpr: int = 2):
        import ipywidgets as W

        from tutor.render.canvas import BoardView
        from tutor.widgets.base import CSS, hex_field, live_alt, small_button

        self.steps = steps()
        self.i = 0
        self.board = BoardView(self._scene(), dpr=dpr)
        self.board.canvas.layout.min_width = "280px"
        self.board.canvas.add_class("tutor-board")
        self.board.on_click(lambda h, x, y: self.tap(h))
        self.cards = BoardView(self._card_scene(), dpr=dpr)
        self.head = W.HTML()
        self.text = W.HTML()
        self.status = W.HTML()
        self.alt = live_alt(self.board, self.status)
        self.hex_input = hex_field(self.tap, self.board, self.say)
        self.back_button = small_button("Back", "arrow-left")
        self.next_button = small_button("Next step", "arrow-right")
        self.next_button.button_style = "primary"
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        bar = W.HBox([self.back_button, self.next_button, self.head],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = W.VBox([W.HTML(CSS), bar, self.text, self.hex_input, self.board.canvas, self.alt,
                              self.status, self.cards.canvas],
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

    def tap(self, h) -> None:
        if h is None:
            self.say("That is off the board: tap a hex to see what lies there.", bad=True)
            return
        self.say(escape(on_hex(self.step, h)))

    def say(self, text: str, *, bad: bool = False) -> None:
        self.status.value = f'<div class="tutor-status{" bad" if bad else ""}" role="status">{text}</div>'

    def _scene(self):
        from tutor.render.scene import Mark, highlights, scene
        s = self.steps[self.i]
        st = field(s)
        medals = added(Step(6, "", "", None, new="medals")) if s.medals else []
        marks = [Mark(h, "legal" if s.new == "medals" else "too_low", counts=s.new == "medals", text="★")
                 for h in medals]
        shaded = added(s) if s.new and s.new != "medals" else []
        return scene(st, highlights(painted=shaded, marks=marks),
                     title=f"Pegasus Bridge after step {s.number}", legend=False)

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
            die = Card("", True, None, "", "die")
            rows += [("Allied dice", [die] * DICE_PER_SIDE, None), ("Axis dice", [die] * DICE_PER_SIDE, None)]
        return card_scene(rows, width=width, card_w=40, card_h=56)

    def _draw(self) -> None:
        s = self.step
        self.board.update(self._scene())
        self.cards.update(self._card_scene())
        self.cards.canvas.layout.display = "" if s.cards else "none"
        self.head.value = f"<b>Step {s.number} of {len(self.steps)}: {escape(s.title)}</b>"
        self.say("Tap a hex (or type it in the Hex field) to see what lies there and which step laid it.")
        # each step said once: the learner's sentence, the rulebook's words one click away
        rules = (s.rule, FIGURES) if s.number == 5 else (s.rule,)
        self.text.value = f"<p>{s.text}</p>{original_html(*rules)}"
        self.back_button.disabled = self.i == 0
        self.next_button.disabled = self.i == len(self.steps) - 1
