"""What the Undaunted: Normandy chapters share: the rulebook's worked example (:data:`WORKED`,
:func:`worked_start`, :func:`sandbox`), the rulebook's worked round frame by frame (:func:`steps`,
:func:`after_initiative`, :func:`before_attack`) and on the live board (:func:`round_board`), what an
engine step did in a learner's words (:func:`events_html`) and Back / Next over pre-rendered frames
(:func:`stepper`). A chapter imports them from here, never from another chapter; moved verbatim
from chapters 21, 23 and 26.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import Any

from tutor import explain, paths
from tutor.errors import IllegalAction
from tutor.undaunted import DrawCards, EndTurn, LoadedDice, Play, RevealInitiative, apply, load
from tutor.undaunted.cards import card_title, words
from tutor.undaunted.combat import fraction_text, p_hit

RIFLEMAN_A, SCOUT_B, GUNNER_C, LEADER_C, FOG = map(card_title, (
    "riflemen-a", "scouts-b", "machine-gunners-c", "squad-leader-c", "fog-of-war"))


def events_html(events, *, rules: bool = True) -> str:
    """Each event of an engine step in a learner's words (``tutor.explain.events_html``, card ids as
    the cards' names), then every rule they cite (``rules=False`` where the page quotes those rules
    once beside it)."""
    return explain.events_html(events, rules=rules, say=words)


WORKED = paths.SCENARIOS / "undaunted" / "worked-example.yaml"


def stepper(frames, *, title: str = ""):
    """Back / Next over ``frames`` (HTML strings); shows "step i of n"."""
    import ipywidgets as W
    out = W.HTML(frames[0] if frames else "")
    pos = W.HTML()
    back = W.Button(description="◀ Back", layout=W.Layout(width="100px"))
    nxt = W.Button(description="Next ▶", button_style="primary", layout=W.Layout(width="100px"))
    i = [0]

    def show():
        out.value = frames[i[0]]
        pos.value = f"<b>{escape(title)}</b> step {i[0] + 1} of {len(frames)}"
        back.disabled = i[0] == 0
        nxt.disabled = i[0] == len(frames) - 1

    def go(d):
        i[0] = max(0, min(len(frames) - 1, i[0] + d))
        show()

    back.on_click(lambda _: go(-1))
    nxt.on_click(lambda _: go(1))
    show()
    box = W.VBox([W.HBox([back, nxt, pos], layout=W.Layout(align_items="center")), out])
    box.step = go          # for tests: box.step(1)
    box.frames = frames
    box.position = lambda: i[0]
    return box


def worked_start():
    """The worked example's starting state (fixed decks), for board pictures."""
    from tutor.undaunted import load
    return load(WORKED, rng=0)


def sandbox(hand, side: str = "axis", table=(), **changes):
    """The worked example's board in ``side``'s turn with ``hand`` (and ``table``) set."""
    s = worked_start()
    zones = list(s.zones)
    i = 0 if side == "allied" else 1
    zones[i] = replace(zones[i], hand=tuple(hand), table=tuple(table))
    return replace(s, zones=tuple(zones), phase="turn", active=side, **changes)


def round_board(seed: int = 26):
    """Play the worked round yourself on the live board, from the reveal on (``UndauntedBoard``)."""
    from tutor.widgets import UndauntedBoard
    return UndauntedBoard(after_initiative(), seed=seed)


@dataclass(frozen=True)
class Frame:
    title: str
    text: str                 # English narration (HTML)
    quote: str                # the rulebook's Czech sentence(s) this step follows, verbatim
    state: object             # GameState to draw
    events: tuple = ()        # engine events of this step
    refusal: object = None    # an IllegalAction the engine raised (a move the text rules out)
    side: str | None = None   # whose zones to show
    path: tuple = ()
    highlight: tuple = ()
    roles: dict | None = None


def _frames():
    rng = LoadedDice([5, 8], seed=7)
    s0 = load(WORKED, rng=0)
    F = []
    F.append(Frame("The board", "Hans plays the Germans (Axis, orange), John the Americans (Allied, blue). "
                   f"The wood 17B (cover 3) holds an objective worth 2; Hans's {SCOUT_B} stands on 8A, his "
                   f"{RIFLEMAN_A} on 12A. (Tiles other than 3B, 17B and 2A are laid out for this page: the "
                   "text does not give the whole map.)",
                   "protože se němečtí střelci nacházejí v lese, který jim poskytuje výhodný kryt",
                   s0, highlight=("17B",)))
    st = apply(s0, DrawCards(), rng)
    F.append(Frame("1. Draw four cards", "It is the first round: both players draw 4 cards from their decks.",
                   "Začíná první kolo, takže si oba hráči do ruky doberou ze svých balíčků 4 karty.",
                   st.state, st.events, side="both"))
    st = apply(st.state, RevealInitiative(allied="fog-of-war", axis="riflemen-a"), rng)
    F.append(Frame("2. Initiative", f"Both reveal one card at once. Hans's {RIFLEMAN_A} (initiative 5) beats "
                   f"John's {FOG} (1): Hans turns the initiative token to his side and plays first. Both revealed "
                   f"cards go straight to the discard pile. Hans keeps {RIFLEMAN_A}, {RIFLEMAN_A} and {SCOUT_B}.",
                   "Jelikož hráč za Německo (Hans) zahrál kartu s vyšší hodnotou iniciativy, otočí žeton "
                   "iniciativy svou stranou nahoru a bude hrát jako první. Oba hráči vybrané karty odhodí.",
                   st.state, st.events, side="both"))
    s = st.state
    try:
        apply(s, Play("axis", "riflemen-a", "move", path=("17B",)), rng)
        refusal = None
    except IllegalAction as exc:
        refusal = exc
    F.append(Frame(f"3. Not yet: {RIFLEMAN_A} cannot move to 17B",
                   f"Hans wants his {RIFLEMAN_A} on 17B to take the objective, but a move may only enter a tile "
                   "with his control marker, and 17B has none. The engine refuses the move:",
                   "Hans chce svou jednotkou střelci A provést akci přesun na pole 17 B, aby tam obsadil cíl, "
                   "ale na poli 17 B neleží jeho žeton kontroly.", s, refusal=refusal, side="axis",
                   highlight=("17B",)))
    st = apply(s, Play("axis", "scouts-b", "scout", path=("3B", "17B")), rng)
    F.append(Frame(f"4. {SCOUT_B} scouts 8A → 3B → 17B",
                   f"So he starts with {SCOUT_B}: <b>scout 2</b> moves the unit up to two tiles, first to 3B "
                   "(already scouted by Hans), then to 17B. 17B had no marker of his, so he places one scouted "
                   f"side up and takes <b>one</b> {FOG} card from his supply into his discard pile.",
                   "Proto tedy zahájí svůj tah vyložením karty pátrači B, vybere si akci pátrání a přemístí "
                   "žeton odpovídající jednotky. Tato akce mu umožňuje přemístit jednotku až o dvě pole, takže "
                   "se nejprve přesune na pole 3 B, poté na 17 B. Jelikož na poli 17 B neleží žádný jeho žeton "
                   "kontroly, položí sem jeden stranou propátráno vzhůru a ze zálohy si přidá jednu kartu "
                   "válečný zmatek do odhazovacího balíčku.",
                   st.state, st.events, side="axis", path=("8A", "3B", "17B"),
                   roles={"discard": {len(st.state.zones_of("axis").discard) - 1: "new"}}))
    st = apply(st.state, Play("axis", "riflemen-a", "move", path=("17B",)), rng)
    F.append(Frame(f"5. {RIFLEMAN_A} moves onto 17B", f"17B is scouted now, so {RIFLEMAN_A} may <b>move</b> there.",
                   "Toto pole je nyní propátráno, takže Hans zahraje kartu střelci A a akcí přesun přemístí svou "
                   "jednotku střelců na nově propátrané pole 17 B.",
                   st.state, st.events, side="axis", path=("12A", "17B")))
    st = apply(st.state, Play("axis", "riflemen-a", "control"), rng)
    F.append(Frame(f"6. {RIFLEMAN_A} takes control of 17B",
                   f"The second {RIFLEMAN_A} card takes the <b>control</b> action: the marker on 17B flips to "
                   f"controlled and the objective counts for Hans (he now holds objectives worth "
                   f"{st.state.objectives_held('axis')}).",
                   "Nakonec zahraje další kartu střelci A, provede akci ovládnutí a otočí žeton kontroly stranou "
                   "ovládáno nahoru. Němci obsadili další cíl!",
                   st.state, st.events, side="axis", highlight=("17B",)))
    st = apply(st.state, EndTurn("axis"), rng)
    F.append(Frame("7. Hans ends his turn", "No cards left in his hand: the three played cards go from the "
                   "table to his discard pile. Now John plays.",
                   "Hans další karty v ruce nemá, jeho tah je u konce. Všechny zahrané karty ze stolu odhodí do "
                   "svého odhazovacího balíčku.", st.state, st.events, side="axis"))
    st = apply(st.state, Play("allied", "machine-gunners-c", "move", path=("2A",)), rng)
    F.append(Frame(f"8. {GUNNER_C} moves to 2A",
                   f"From 9B, {RIFLEMAN_A} in the wood would be 2 tiles away — hard to hit. John <b>moves</b> his "
                   f"{GUNNER_C} next to the wood, onto 2A (his scouted tile).",
                   "Místo toho John zahraje svou kartu kulometčíci C a pomocí akce přesun přemístí jejich "
                   "jednotku na pole 2 A.", st.state, st.events, side="allied", path=("9B", "2A")))
    st = apply(st.state, Play("allied", "squad-leader-c", "inspire", cards=("machine-gunners-c",)), rng)
    F.append(Frame(f"9. {LEADER_C} inspires",
                   f"The {LEADER_C} card's <b>inspire 1 C</b> takes the {GUNNER_C} card back from the "
                   "table into John's hand (both are squad C), so he can play it again.",
                   "John pokračuje vyložením karty velitel družstva C a provede akci povzbuzení svých "
                   "kulometčíků. Díky tomu si může vzít zpět do ruky kartu, kterou právě zahrál (obě karty "
                   "patří do družstva C).", st.state, st.events, side="allied",
                   roles={"hand": {list(st.state.zones_of("allied").hand).index("machine-gunners-c"): "new"}}))
    before_attack = st.state
    st = apply(st.state, Play("allied", "machine-gunners-c", "attack", target="riflemen-a"), rng)
    attack, cas = st.events[0], st.events[1:]
    F.append(Frame("10. Attack: defense 4 + cover 3 + range 1 = 8; dice 5 and 8",
                   f"{GUNNER_C} makes an <b>attack 2</b> on {RIFLEMAN_A} on 17B. Total defense: base 4 + cover 3 (the "
                   "wood) + range 1 = <b>8</b>. Two dice: <b>5 and 8</b>. The 8 reaches the defense: a hit. "
                   f"(Before rolling, the chance was {fraction_text(p_hit(8, 2))}.)",
                   "Celkovou hodnotu obrany střelců tvoří základní obrana o hodnotě 4, kryt 3 a bonus za "
                   "vzdálenost o hodnotě 1, celková obrana je tedy 8. Akce útok kulometčíků má hodnotu 2, John "
                   "tedy hází dvěma kostkami. Padne 5 a 8. Zásah!",
                   st.state, (attack,), path=("2A", "17B"), highlight=("17B",)))
    out_i = len(st.state.zones_of("axis").out) - 1
    F.append(Frame(f"11. Hans loses a {RIFLEMAN_A} card",
                   f"One hit, one card. Hans has no card in hand, so he removes a {RIFLEMAN_A} card from his "
                   "<b>discard pile</b>. The token stays on 17B.",
                   "Jelikož nemá v ruce žádné karty, vyhledá v odhazovacím balíčku kartu střelci A a vyřadí ji "
                   "ze hry.", st.state, tuple(cas), side="axis", roles={"out": {out_i: "hit"}}))
    s = st.state
    try:
        apply(s, Play("allied", "fog-of-war", "move", path=("9B",)), rng)
        refusal = None
    except IllegalAction as exc:
        refusal = exc
    st = apply(s, EndTurn("allied"), rng)
    F.append(Frame(f"12. {FOG}: John's turn ends",
                   f"John's last card is {FOG}: it cannot be played in a turn. He ends his turn and "
                   "discards it with his played cards. Both players have played: the round is over.",
                   "Johnova poslední karta je karta válečný zmatek, se kterou nemůže dělat nic, takže ukončí svůj "
                   "tah a kartu válečný zmatek (jakož i ostatní zahrané karty) odhodí do odhazovacího balíčku.",
                   st.state, st.events, refusal=refusal, side="allied"))
    return F, before_attack


_CACHE: dict[str, Any] = {}   # "frames": list[Frame]; "before_attack": the state before the attack


def steps() -> list[Frame]:
    if "frames" not in _CACHE:
        _CACHE["frames"], _CACHE["before_attack"] = _frames()
    return _CACHE["frames"]


def before_attack():
    steps()
    return _CACHE["before_attack"]


def after_initiative():
    """The worked round after the reveal: Hans (axis) to play riflemen A, riflemen A and scouts B."""
    return steps()[2].state
