"""Chapter 21, Undaunted: components and setup — and two helpers the Undaunted chapters share.

The board and the card rows are drawn by ``tutor.render.undaunted`` (``board_svg``, ``zones_svg``,
``card_title`` …). Shared here (imported by und22 … und26):

* :func:`events_html` — what an engine step did, in words, with each cited rule once.
* :func:`stepper` — Back / Next buttons over a list of pre-rendered frames.

Chapter 21's own content: the scenario book's scenario 1, La Raye, set up by the engine
(``la_raye_html``, ``starting_cards_html``), the same set-up on the live board (``la_raye_board``), a starting-deck shuffle of its US deck
(``setup_widget``) and the questions.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from html import escape

from tutor import paths
from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.examples.undaunted import worked_start
from tutor.explain import rule_html
from tutor.quiz import BoardQuestion, Question, card_question
from tutor.render.undaunted import board_html, card_title, render_card, type_title, zones_html
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS, UNIT_TYPES
from tutor.undaunted.deck import Zones

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="21-undaunted-components-and-setup.ipynb",
    title="Undaunted: components and setup",
    game=UNDAUNTED,
    teaches="Know every card, token and tile, and set up the starting decks and supply.",
    seed=UND,
    heading="HERNÍ MATERIÁL; PŘÍPRAVA HRY",
    concepts=("u-units", "u-cards", "u-squads", "u-base-defense", "u-suppressed", "u-tiles", "u-no-sight",
              "u-zones", "u-setup", "u-la-raye", "u-fog"),
    handout=Handout(
        rules=("und.units", "und.tokens", "und.tiles.cover", "und.setup.deck", "und.setup.supply"),
        pictures="und-setup",
    ),
    preheat=True,
)


SIDE_LABEL = {"allied": "Allies (US)", "axis": "Axis (German)"}


def action_labels(card_id: str) -> str:
    """The card's actions as printed: "move 1 · attack 1 · control"."""
    return " · ".join(a.label for a in CARDS[card_id].actions) or "(initiative only)"


# ---------------------------------------------------------------------------------------------
# events, frames






# ---------------------------------------------------------------------------------------------
# chapter 21: components and setup

#: The English edition's books, short in the unit table's rows (the page names them in full under it).
BOOKS = {"Undaunted: Normandy scenario book (Osprey Games, 2019, English edition)": "scenario book",
         "Undaunted: Normandy rulebook (Osprey Games, 2019, English edition)": "rulebook"}


def short_cite(cite: str) -> str:
    """A citation with the English edition's books by their short names (:data:`BOOKS`)."""
    for full, short in BOOKS.items():
        cite = cite.replace(full, short)
    return cite


def unit_table_html() -> str:
    """Every unit type: Czech name, base defense, and whether the rulebook text prints the value."""
    rows = []
    for u in UNIT_TYPES.values():
        src = escape(short_cite(u.defense_source.cite))
        L = "style='text-align:left'"
        rows.append(f"<tr><td {L}>{escape(type_title(u.name))}</td><td {L}>{escape(u.title_cs)}</td>"
                    f"<td style='text-align:center'><b>{u.base_defense}</b></td>"
                    f"<td {L}>{'A, B, C' if u.has_squad else 'none'}</td>"
                    f"<td style='text-align:left;font-size:12px'>{src}</td></tr>")
    return ("<table style='border-collapse:collapse;font-size:14px'><tr><th style='text-align:left'>Unit</th>"
            "<th style='text-align:left'>Czech</th><th>Base defense</th><th style='text-align:left'>Squads</th>"
            "<th style='text-align:left'>Where the value comes from</th></tr>" + "".join(rows) + "</table>")


def card_kinds_svg() -> str:
    """One card of each kind: a soldier, a leader and Fog of War."""
    z = Zones(hand=("riflemen-a", "scouts-b", "machine-gunners-c"), table=("squad-leader-a", "platoon-sergeant"),
              discard=("fog-of-war",))
    from tutor.render.scene import card_scene
    from tutor.render.svg import svg
    rows = [("soldiers", tuple(render_card(c) for c in z.hand), None),
            ("leaders", tuple(render_card(c) for c in z.table), None),
            (card_title("fog-of-war"), tuple(render_card(c) for c in z.discard), None)]
    return svg(card_scene(rows, title="Three kinds of card"))


LA_RAYE = paths.SCENARIOS / "undaunted" / "la-raye.yaml"


@lru_cache(maxsize=1)
def la_raye():
    """Scenario 1 of the published scenario book, La Raye, as the engine loads it (tiles, cover,
    objectives, counters, control and spawn markers, both starting decks and supplies, initiative)."""
    from tutor.undaunted.scenario import load_scenario
    return load_scenario(LA_RAYE)


#: The US starting deck (marked D in the book's Starting Cards table; B in the Czech rulebook) and
#: supply (S; Czech Z) of scenario 1, La Raye, as the scenario file gives them.
START_DECK: tuple[str, ...] = la_raye().decks[0]
START_SUPPLY: tuple[str, ...] = la_raye().start.zones_of("allied").supply

SIDE_BOOK = {"allied": "US", "axis": "Germany"}
SIDE_ADJ = {"allied": "US", "axis": "German"}


def starting_cards_html(sc=None) -> str:
    """The scenario's Starting Cards table as the book prints it: one D per deck card, one S per
    supply card, each side in its column; card types neither side uses are left out."""
    from collections import Counter
    sc = sc or la_raye()
    per = {}
    for side, i in (("allied", 0), ("axis", 1)):
        per[side] = (Counter(sc.decks[i]), Counter(sc.start.zones_of(side).supply))
    rows = []
    for cid in CARDS:
        marks = {side: "D " * d[cid] + "S " * s[cid] for side, (d, s) in per.items()}
        if not any(m.strip() for m in marks.values()):
            continue
        rows.append(f"<tr><td style='text-align:left'>{escape(card_title(cid))}</td>"
                    + "".join(f"<td style='text-align:left;font-family:monospace'>{m.strip() or '—'}</td>"
                              for m in marks.values()) + "</tr>")
    head = "".join(f"<th style='text-align:left'>{SIDE_BOOK[s]}</th>" for s in per)
    return ("<table style='border-collapse:collapse;font-size:13px' border='1' cellpadding='3'>"
            f"<tr><th style='text-align:left'>Card</th>{head}</tr>" + "".join(rows) + "</table>"
            "<p style='font-size:12px'>D: a copy in the starting deck (the Czech rulebook marks it B, "
            "<i lang='cs'>balíček</i>); S: a copy in the supply (Czech Z, <i lang='cs'>záloha</i>).</p>")


def la_raye_html(seed: int = 0, *, board: bool = True) -> str:
    """Scenario 1 set up by the engine: the board, each side's objective, the starting initiative,
    the Starting Cards table, and where it all comes from (and what this project decided).
    ``board=False``: all but the board (a page that shows it live)."""
    from tutor.undaunted import new_game
    sc = la_raye()
    s = new_game(sc, seed)
    goals = "".join(
        f"<li><b>{SIDE_BOOK[side]}</b>: control {sc.victory_of(side).objectives} objective points "
        f"(holds {s.objectives_held(side) or 'none'} at the start)</li>" for side in ("allied", "axis"))
    pic = board_html(s, title="Scenario 1: La Raye, set up") if board else ""
    return (pic + f"<ul>{goals}<li><b>Starting initiative</b>: {SIDE_BOOK[s.initiative]}</li></ul>"
            + starting_cards_html(sc)
            + f"<p style='font-size:12px'><b>Source:</b> {escape(sc.provenance_of('book'))}. "
              f"<b>The tutor's layout:</b> {escape(sc.provenance_of('ours'))}</p>")


def la_raye_board(seed: int = 21):
    """La Raye on the live board (``tutor.widgets.UndauntedBoard``), as set up and played to the
    first turn (both draw four, each reveals its lowest initiative card): tap a tile for its cover,
    objective and control marker, a unit token for its unit, ready or suppressed."""
    from tutor.widgets import UndauntedBoard
    return UndauntedBoard(LA_RAYE, seed=seed)


def setup_zones(seed: int) -> Zones:
    """Steps 8 and 9 of the setup, done by the engine: the B cards shuffled face down as the draw
    deck, the Z cards face up as the supply. Everything else starts empty."""
    return setup_game(seed).zones_of("allied")


def setup_widget(seed: int = 1):
    """Shuffle the starting deck (a new seed each press) and peek at its order; the supply, never
    shuffled, is named under it (the Starting Cards table above shows it card by card)."""
    import ipywidgets as W
    n = [seed]
    peek = W.ToggleButton(description="Peek at the draw deck", value=False, icon="eye",
                          layout=W.Layout(width="auto"))
    again = W.Button(description="Shuffle again", icon="random")
    out = W.HTML()

    def show(*_):
        z = setup_zones(n[0])
        top = card_title(z.draw[0])
        out.value = (zones_html(z, zones=("draw",), open_draw=peek.value,
                                title=f"La Raye, the US draw deck after setup (shuffle #{n[0]})")
                     + f"<p>The top card of the draw deck is <b>{escape(top)}</b>"
                       f"{'' if peek.value else ' (you would not know that: the deck is face down)'}. "
                       f"The {len(z.supply)} S cards are not shuffled: the supply lies face up, and both "
                       "players may look at it at any time.</p>")

    def shuffle(_):
        n[0] += 1
        show()

    again.on_click(shuffle)
    peek.observe(show, names="value")
    show()
    box = W.VBox([W.HBox([again, peek]), out])
    box.shuffle = shuffle
    box.html = lambda: out.value
    return box


# --- questions ------------------------------------------------------------------------------

def _q_squadless() -> BoardQuestion:
    hand = ("riflemen-a", "sniper", "squad-leader-b", "scouts-c")

    def places(cards):
        right = cards.places(lambda c: CARDS[c].squad is None)
        names = [card_title(cards.card(p)) for p in sorted(right)]
        lettered = ", ".join(f"{card_title(c)} (squad {CARDS[c].squad.upper()})" for c in hand
                             if CARDS[c].squad is not None)
        return right, (f"<p>The {' and '.join(names)} card carries no squad letter: it belongs to no squad. "
                       f"The others each belong to one: {lettered}.</p>" + rule_html(UR.SQUADLESS))
    return card_question("21.squadless", "<p>Tap the card that belongs to <b>no squad</b>.</p>",
                         [("your hand", hand)], places,
                         hint="<p>A card that belongs to a squad carries that squad's letter (A, B or C) "
                              "in its name.</p>")


def _q_fog() -> BoardQuestion:
    hand = ("platoon-sergeant", "fog-of-war", "mortar", "machine-gunners-a")

    def places(cards):
        return cards.places(lambda c: not CARDS[c].actions), (
            f"<p>{card_title('fog-of-war')} has no actions at all; its only use is its initiative value "
            f"({CARDS['fog-of-war'].initiative}).</p>" + rule_html(UR.FOG_CARD))
    return card_question("21.fog", "<p>Tap the card you can use <b>only</b> to bid for initiative.</p>",
                         [("your hand", hand)], places,
                         hint="<p>Every card has an initiative value; nearly every card also gives actions. "
                              "Which card gives none?</p>")


#: The two counters the suppressed-counter question turns face down on La Raye's start.
FACE_DOWN = (("axis", "scouts-b"), ("allied", "riflemen-a"))


def _q_suppressed() -> BoardQuestion:
    s = setup_game(0)
    s = replace(s, tokens=tuple(replace(t, suppressed=True) if (t.side, t.unit) in FACE_DOWN else t
                                for t in s.tokens))

    def places():
        down = frozenset(f"{t.side}:{t.unit}" for t in s.tokens if t.suppressed)
        return down, ("<p>A counter turned face down (grey, dashed edge) is suppressed: its unit takes no "
                      "actions until it is readied, whichever card is played for it.</p>" + rule_html(UR.TOKENS))
    return BoardQuestion("21.suppressed", "<p>La Raye, a few turns in. Tap a combat counter whose unit "
                         "<b>can take no actions</b> now.</p>", s, places, taps="unit", window=("4B", "5B", "7A", "12B", "17B", "13B"),
                         name=lambda p: f"{SIDE_ADJ[str(p).split(':')[0]]} {card_title(str(p).split(':')[1])}")


def _q_held() -> BoardQuestion:
    s = setup_game(0)

    def places():
        held = frozenset(t.id for t in s.board.tiles if t.objective and s.control_of("axis", t.id) == "controlled")
        pts = sum(s.board.tile(t).objective for t in held)
        return held, (f"<p>An objective counts for the side whose control marker lies on its tile controlled "
                      f"side up: the Germans start with {pts} objective points.</p>"
                      + rule_html(UR.OBJECTIVES) + rule_html(UR.CONTROL_MARKERS))
    return BoardQuestion("21.held", "<p>Tap a tile whose <b>objective</b> the Germans hold at the start of "
                         "La Raye.</p>", s, places, taps="tile", window=("4B", "5B", "11B", "7A", "12B", "8A"),
                         hint="<p>You hold an objective when your control marker on its tile shows its "
                              "controlled side.</p>")


def setup_game(seed: int = 0):
    """Scenario 1, La Raye, set up by the engine: ``tutor.undaunted.new_game`` shuffles each side's
    D cards into its draw deck (seeded) and lays out its S cards as the supply."""
    from tutor.undaunted import new_game
    return new_game(la_raye(), seed)


def _q_supply() -> Question:
    choices = ("Shuffled into the draw deck", "Face up in the supply", "In your hand", "Out of the game")
    zone_choice = {"draw": choices[0], "supply": choices[1], "hand": choices[2], "out": choices[3]}

    def rule_fn():
        z = setup_game(0).zones_of("allied")
        zone = next(n for n in ("draw", "supply", "hand", "out")
                    if sorted(getattr(z, n)) == sorted(START_SUPPLY))
        where = zone_choice[zone]
        return where, ("<p>The cards marked S (Czech Z) start in the supply, face up and sorted by name; "
                       "only the cards marked D (Czech B) are shuffled into the draw deck.</p>"
                       + rule_html(UR.SETUP_SUPPLY) + rule_html(UR.SETUP_DECK))
    return Question("21.supply", "<p>At setup, where do the cards marked <b>S</b> in the scenario's Starting "
                    "Cards table go?</p>", choices, rule_fn)


def _q_line_of_sight() -> Question:
    choices = ("Yes, woods and buildings block it", "No, there is no line of sight", "Only hills block it")

    def rule_fn():
        s = worked_start()
        s = replace(s, phase="turn", active="allied",
                    zones=(replace(s.zones[0], hand=("machine-gunners-c",)), s.zones[1]))
        from tutor.undaunted import Play, card_plays
        targets = {p.target for p in card_plays(s, "allied", "machine-gunners-c")
                   if isinstance(p, Play) and p.action == "attack"}
        everyone = {t.unit for t in s.tokens_of("axis")}
        ans = choices[1] if targets == everyone else choices[0]
        far = max(s.board.range("9B", s.token("axis", u).tile) for u in everyone)
        return ans, (f"<p>The engine lets the machine gunners on 9B attack every Axis combat counter on the board "
                     f"({', '.join(sorted(card_title(u) for u in targets))}), even {far} tiles away and "
                     f"behind woods. A tile's cover number sums up everything on it; the range only adds "
                     f"to the defense.</p>"
                            + rule_html(UR.TILES) + rule_html(UR.CHOOSE_TARGET))
    return Question("21.los", "<p>Does Undaunted: Normandy check <b>line of sight</b> before an attack?</p>",
                    choices, rule_fn)


def questions() -> list[Question | BoardQuestion]:
    return [_q_squadless(), _q_fog(), _q_suppressed(), _q_held(), _q_supply(), _q_line_of_sight()]




def tokens_demo_html() -> str:
    """The worked example's board with one token flipped to suppressed, to show both faces."""
    s = worked_start()
    toks = tuple(replace(t, suppressed=True) if t.unit == "riflemen-c" else t for t in s.tokens)
    return board_html(replace(s, tokens=toks), title=f"The board of the worked example ({card_title('riflemen-c')} shown suppressed)")
