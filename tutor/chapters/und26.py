"""Chapter 26, Undaunted: the rulebook's worked round (PŘÍKLAD JEDNOHO KOLA HRY), played by the engine.

``steps()`` applies the round to ``scenarios/undaunted/worked-example.yaml`` action by action
(loaded dice 5 and 8 for the attack) and returns one ``Frame`` per moment of the rulebook's text:
the narration in English, the Czech sentence it follows, the engine's events with their rules, and
the state to draw. ``worked_round_widget`` steps through them with Back / Next;
``replay_attack_widget`` lets the learner roll the machine gunners' two dice themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from tutor.chapters.und21 import WORKED, events_html
from tutor.errors import IllegalAction
from tutor.explain import rule_html
from tutor.quiz import BoardQuestion, Question
from tutor.render.undaunted import board_html, card_title, words, zones_html
from tutor.rulebook import section_and_heading
from tutor.scenario import SIDE_NAMES, side_verb
from tutor.undaunted import DrawCards, EndTurn, LoadedDice, Play, RevealInitiative, apply, card_plays, load
from tutor.undaunted import rules as R
from tutor.undaunted.cards import UNIT_TYPES
from tutor.undaunted.combat import fraction_text, p_hit, total_defense

HEADING = "PŘÍKLAD JEDNOHO KOLA HRY"
#: the section's English name, shown first with the Czech heading beside it
SECTION = section_and_heading(R.FILE, HEADING)
#: the phases of a round (PRŮBĚH HRY) in words
PHASE_WORDS = {"draw": "drawing cards", "initiative": "revealing cards for initiative",
               "turn": "the players' turns", "over": "the game is over"}

# The round's cards by the names printed on them and on their units' tokens on the board
# ("Rifleman A"); the narration and the questions speak of them so.
RIFLEMAN_A, SCOUT_B, GUNNER_C, LEADER_C, FOG = map(card_title, (
    "riflemen-a", "scouts-b", "machine-gunners-c", "squad-leader-c", "fog-of-war"))


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
                   f"{RIFLEMAN_A} on 12A.",
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


_CACHE = {}


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


def round_board(seed: int = 26):
    """Play the worked round yourself on the live board, from the reveal on (``UndauntedBoard``)."""
    from tutor.widgets import UndauntedBoard
    return UndauntedBoard(after_initiative(), seed=seed)


def status_line(s) -> str:
    """Round, phase, who is to play, who holds the initiative and the objectives held, in words."""
    play = f" The {SIDE_NAMES[s.active]} to play." if s.active else ""
    return (f"Round {s.round}: {PHASE_WORDS.get(s.phase, s.phase)}.{play} "
            f"The {SIDE_NAMES[s.initiative]} {side_verb(s.initiative, 'hold', 'holds')} the initiative. "
            f"Objectives held: Axis {s.objectives_held('axis')}, Allies {s.objectives_held('allied')}.")


def frame_html(f: Frame) -> str:
    parts = [f"<h3 style='margin:.2em 0'>{escape(f.title)}</h3><p style='font-size:15px'>{f.text}</p>",
             (f"<details><summary>The rulebook, {SECTION}, in Czech</summary>"
             f"<blockquote lang='cs' style='font-style:italic'>{escape(f.quote)}</blockquote></details>")]
    if f.refusal is not None:
        parts.append(f"<p style='color:#a32020'><b>Engine:</b> not allowed — {escape(words(f.refusal.reason))}</p>"
                     + rule_html(f.refusal.rule))
    parts.append(events_html(f.events))
    s = f.state
    parts.append(f"<p style='color:#555;font-size:13px'>{escape(status_line(s))}</p>")
    parts.append(board_html(s, path=f.path, highlight=f.highlight))
    sides = ("axis", "allied") if f.side == "both" else ((f.side,) if f.side else ())
    for side in sides:
        who = "Hans (Axis)" if side == "axis" else "John (Allies)"
        parts.append(zones_html(s.zones_of(side), zones=("hand", "table", "discard", "draw", "supply", "out"),
                                title=f"{who}: cards", roles=f.roles if f.side == side else None, card_h=58))
    return "".join(parts)


def worked_round_widget():
    from tutor.chapters.und21 import stepper
    return stepper([frame_html(f) for f in steps()], title="The worked round:")


def replay_attack_widget():
    """Roll the machine gunners' two dice yourself (the engine resolves the attack with your faces)."""
    import ipywidgets as w
    d1 = w.Dropdown(options=list(range(10)), value=5, description="die 1", layout=w.Layout(width="150px"))
    d2 = w.Dropdown(options=list(range(10)), value=8, description="die 2", layout=w.Layout(width="150px"))
    out = w.HTML()

    def show(*_):
        st = apply(before_attack(), Play("allied", "machine-gunners-c", "attack", target="riflemen-a"),
                   LoadedDice([d1.value, d2.value], seed=7))
        hit = st.events[0].data["hit"]
        out.value = (f"<p style='font-size:15px'><b>{'A hit.' if hit else 'A miss.'}</b></p>"
                     + events_html(st.events, rules=False))   # the rules stand quoted below the dice

    d1.observe(show, names="value")
    d2.observe(show, names="value")
    show()
    box = w.VBox([w.HBox([d1, d2]), out])
    box.set_dice = lambda a, b: (setattr(d1, "value", a), setattr(d2, "value", b), out.value)[-1]
    return box


# --- questions ------------------------------------------------------------------------------

def _move_verdicts(state, side: str, card: str, tiles) -> dict[str, str | None]:
    """For each tile, None when the engine lets the unit move there, else its reason for refusing."""
    out = {}
    for t in tiles:
        try:
            apply(state, Play(side, card, "move", path=(t,)), LoadedDice([0], seed=7))
            out[t] = None
        except IllegalAction as exc:
            out[t] = words(exc.reason)
    return out


def _q_where_move() -> BoardQuestion:
    """A new situation for the Move rule: the riflemen's ways out of 12A without scouting first."""
    s = after_initiative()
    near = s.board.within("12A", 0, 1)

    def places():
        verdicts = _move_verdicts(s, "axis", "riflemen-a", [t for t in near if t != "12A"])
        legal = frozenset(t for t, why in verdicts.items() if why is None)
        why = "".join(f"<li><b>{t}</b>: {'allowed' if r is None else escape(r)}</li>" for t, r in sorted(verdicts.items()))
        return legal, f"<ul>{why}</ul>" + rule_html(R.MOVE)
    return BoardQuestion("26.where-move", f"<p>At the start of Hans's turn his {RIFLEMAN_A} stands on <b>12A</b>, and "
                         f"he plays a {RIFLEMAN_A} card for <b>Move 1</b> instead of scouting first. <b>Tap a tile it "
                         "may move to.</b></p>", s, places, hint=(R.MOVE,), window=near)


def _q_scout_route() -> BoardQuestion:
    """Scout 2 to 17B: the tiles it may pass through (the engine's legal paths)."""
    s = after_initiative()

    def places():
        paths = {p.path for p in card_plays(s, "axis", "scouts-b")
                 if isinstance(p, Play) and p.action == "scout" and len(p.path) == 2 and p.path[-1] == "17B"}
        ways = "; ".join(f"8A → {' → '.join(p)}" for p in sorted(paths))
        return frozenset(p[0] for p in paths), f"<p>The engine's legal ways: {escape(ways)}.</p>" + rule_html(R.SCOUT)
    return BoardQuestion("26.scout-route", f"<p>Hans's {SCOUT_B} on 8A scouts <b>2 tiles</b> and ends on 17B. <b>Tap a "
                         "tile it may pass through on the way.</b></p>", s, places, hint=(R.SCOUT,),
                         window=s.board.within("8A", 0, 2))


def _q_from_9b() -> Question:
    choices = ("8", "9", "10", "11")

    def rule_fn():
        s = before_attack()
        b = s.board
        d = total_defense(UNIT_TYPES["riflemen"].base_defense, b.tile("17B").cover, b.range("9B", "17B"))
        return str(d.total), (f"<p>From 9B the range to 17B is {b.range('9B', '17B')}: {escape(d.text)}. "
                              f"That is why John moved first: two dice hit defense 9 with chance "
                              f"{fraction_text(p_hit(9, 2))}, defense 8 with {fraction_text(p_hit(8, 2))}.</p>"
                              + rule_html(R.RANGE))
    return Question("26.from9b", f"<p>Suppose John had attacked from <b>9B</b>, where his {GUNNER_C} started, "
                    f"without moving. What would {RIFLEMAN_A}'s total defense have been?</p>", choices, rule_fn)


def questions() -> list[Question]:
    return [_q_where_move(), _q_scout_route(), _q_from_9b()]


def quotes() -> list[str]:
    """Every Czech sentence the steps follow (tests check them against the seed rulebook)."""
    return [f.quote for f in steps()]


def hands_after_initiative() -> dict[str, list[str]]:
    s = steps()[2].state
    return {side: [card_title(c) for c in s.zones_of(side).hand] for side in ("axis", "allied")}
