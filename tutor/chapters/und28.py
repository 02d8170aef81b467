"""Chapter 28, Undaunted: the platoon — every card, generated from the engine's card catalogue.

``platoon_table_html`` lists every card type of ``tutor.undaunted.cards.CARDS`` (unit, squad,
initiative, actions with values, copies, base defense) and marks the values the Czech rulebook's
text does not print (taken from the English edition, cited card by card). ``card_widget`` shows one card type with its role in
the platoon (ČETA) and where each value comes from; ``roles_board`` puts one unit of each type on
the live board to tap. Check: :func:`questions`.
"""

from __future__ import annotations

from html import escape

from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.explain import rule_html
from tutor.quiz import BoardQuestion, Question, card_question
from tutor.render.undaunted import CARD_W, card_title, render_card, type_title
from tutor.rulebook import section_and_heading
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS, UNIT_TYPES

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="28-undaunted-the-platoon.ipynb",
    title="Undaunted: the platoon",
    game=UNDAUNTED,
    teaches="Know what every card in the platoon is for.",
    seed=UND,
    heading="ČETA",
    concepts=("u-platoon",),
    handout=Handout(
        rules=("und.units", "und.cards.squad", "und.cards.leaders", "und.cards.fog"),
        pictures="und-platoon",
    ),
    preheat=True,
)

#: What each card type is for (ČETA; Fog of War: KARTY), in English, with the Czech sentence it follows (verbatim).
ROLES = {
    "platoon-sergeant": (("Your deputy and the strongest card in the game: play more cards this turn, or "
                         "strengthen your deck a lot."),
                         ("Seržant/feldvébl vám umožní hrát během vašeho tahu více karet nebo významně posílit "
                         "svůj balíček.")),
    "platoon-guide": (("The all-rounder: move any unit token on the board, or add any card from the supply to "
                      "your deck."),
                      ("Ve hře jde o všestrannou kartu, která vám umožní přesunout jakýkoliv žeton jednotky na "
                      "herním plánu nebo přidat do balíčku kteroukoliv z karet ze zálohy.")),
    "squad-leader": ("Boosts one squad: bolster it from the supply, or replay its cards.",
                     ("Tato karta umocňuje údernou sílu daného družstva díky možnosti jeho posílení nebo "
                     "opětovného zahrání již zahraných karet.")),
    "riflemen": (("The core of the platoon and the only unit that can take objectives: always keep one in "
                 "your deck if you must take objectives."),
                 "Tyto jednotky jsou ve hře jedinými, které umožňují obsazovat cíle."),
    "scouts": (("Open new tiles (scout), restore communications (recon removes Fog of War cards) and deceive the "
               "enemy (conceal)."),
               ("Jde o velice všestranné jednotky, které vám umožní propátrávat nová pole, znovu navázat "
               "komunikaci (zbavit se karet válečný zmatek) nebo použít klamavou taktiku pro zmatení nepřítele.")),
    "machine-gunners": (("More firepower than riflemen or scouts, and covering fire that pins the enemy down "
                        "(suppress)."),
                        "Také dokážou poskytnout krycí palbu, vedoucí k paralyzování nepřítele."),
    "sniper": (("The highest attack and defense in the game, and the only unit that moves through unscouted "
               "tiles without scouting them (stalk)."),
               ("Mají nejvyšší hodnotu útoku a obrany ve hře a jsou jedinou jednotkou, jež je schopna "
               "přesouvat se oblastmi, které zatím nebyly propátrány.")),
    "mortar": (("Slow to set up — it needs its own target action — but then hits a whole tile at any "
               "distance (blast)."),
               ("vyžaduje vlastní akci pro samotné zaměření cíle, ale jakmile je vše připraveno, dokáže z boje "
               "velice účinně vyřadit soustředěné nepřátelské síly, a to navíc bez ohledu na vzdálenost.")),
    "fog-of-war": ("Disrupted communications and confusion: initiative only; remove it with recon.",
                   "Tyto karty lze použít jen při určování iniciativy."),
}
#: Where a ROLES sentence stands when it is not in ČETA (the platoon chapter has no Fog of War entry).
ROLE_HEADING = {"fog-of-war": "KARTY"}

KIND = {"soldier": "soldier", "leader": "leader ★", "fog": card_title("fog-of-war")}


def card_types() -> list[str]:
    """One card id per card type (squad A stands for A, B and C), in catalogue order."""
    seen, out = set(), []
    for c in CARDS.values():
        if c.name not in seen:
            seen.add(c.name)
            out.append(c.id)
    return out


def platoon_rows(sort: str = "catalogue", kind: str = "all") -> list[dict]:
    """The table rows as data: one per card (each squad separately), from ``CARDS``."""
    rows = []
    for c in CARDS.values():
        if kind != "all" and c.kind != kind:
            continue
        ut = UNIT_TYPES.get(c.name) if c.kind == "soldier" else None
        rows.append({"id": c.id, "unit": type_title(c.name), "czech": c.title_cs,
                     "squad": c.squad.upper() if c.squad else "—", "kind": c.kind, "initiative": c.initiative,
                     "actions": c.actions, "copies": c.copies, "defense": ut.base_defense if ut else None,
                     "defense_src": ut.defense_source if ut else None, "init_src": c.initiative_source})
    if sort == "initiative":
        rows.sort(key=lambda r: (-r["initiative"], r["id"]))
    elif sort == "name":
        rows.sort(key=lambda r: (r["unit"], r["squad"]))
    return rows


def platoon_table_html(sort: str = "catalogue", kind: str = "all") -> str:
    head = ("<tr><th>Card</th><th>Czech</th><th>Kind</th><th>Squad</th><th>Initiative</th><th>Actions</th>"
            "<th>Copies</th><th>Token defense</th></tr>")
    body = []
    for r in platoon_rows(sort, kind):
        acts = " · ".join(f"{escape(a.label)}{_mark(a.source)}" for a in r["actions"]) or "—"
        dfn = "—" if r["defense"] is None else f"{r['defense']}{_mark(r['defense_src'])}"
        body.append(f"<tr><td style='text-align:left'><b>{escape(r['unit'])}</b></td>"
                    f"<td style='text-align:left'>{escape(r['czech'])}</td>"
                    f"<td style='text-align:left'>{KIND[r['kind']]}</td><td>{r['squad']}</td>"
                    f"<td>{r['initiative']}{_mark(r['init_src'])}</td><td style='text-align:left'>{acts}</td>"
                    f"<td>{r['copies']}</td><td>{dfn}</td></tr>")
    return ("<table style='border-collapse:collapse;font-size:13px' border='1' cellpadding='4'>" + head
            + "".join(body) + "</table><p style='font-size:12px;color:#555'>Values marked * are not in the "
            "Czech rulebook's text (it lost them with the card pictures): they are as the English edition "
            "prints them, on the cards and counters pictured in its rulebook and scenario book (pick a card "
            "below to see where). Copies per side as the scenario book's Starting Cards tables count them "
            "(54 cards per side).</p>")


def _mark(source) -> str:
    """"*" beside a value the Czech rulebook's text does not print (no line of it to cite)."""
    return "*" if source is not None and source.line is None else ""


def card_html(card_id: str) -> str:
    c = CARDS[card_id]
    role, quote = ROLES[c.name]
    src = [f"<li>initiative {c.initiative}: {escape(c.initiative_source.cite)}</li>"]
    for a in c.actions:
        src.append(f"<li>{escape(a.label)}: {escape(a.source.cite)}</li>")
    if c.kind == "soldier":
        ut = UNIT_TYPES[c.name]
        src.append(f"<li>token base defense {ut.base_defense}: {escape(ut.defense_source.cite)}</li>")
    from tutor.render.scene import card_scene
    from tutor.render.svg import svg
    pic = svg(card_scene([("", (render_card(card_id),), None)], width=200, card_w=CARD_W, card_h=80))
    return (f"<div style='display:flex;gap:16px;align-items:flex-start'><div>{pic}</div><div>"
            f"<h3 style='margin:.2em 0'>{escape(card_title(card_id))} <span style='color:#666;font-size:14px'>"
            f"({escape(c.title_cs)})</span></h3><p>{escape(role)}</p>"
            f"<details><summary>The rulebook, {escape(section_and_heading(UR.FILE, ROLE_HEADING.get(c.name, 'ČETA')))}, in Czech"
            f"</summary><blockquote lang='cs'>{escape(quote)}"
            f"</blockquote></details><p><b>Where each value comes from</b></p><ul>{''.join(src)}</ul></div></div>")


def card_widget():
    import ipywidgets as W
    pick = W.ToggleButtons(options=[(type_title(CARDS[c].name), c) for c in card_types()], value="riflemen-a",
                           style={"button_width": "130px"})
    out = W.HTML()
    pick.observe(lambda *_: setattr(out, "value", card_html(pick.value)), names="value")
    out.value = card_html(pick.value)
    box = W.VBox([pick, out])
    box.pick = lambda cid: (setattr(pick, "value", cid), out.value)[-1]
    return box


def table_widget():
    import ipywidgets as W
    sort = W.ToggleButtons(options=[("catalogue order", "catalogue"), ("by initiative", "initiative"),
                                    ("by name", "name")], value="catalogue", description="Sort")
    kind = W.ToggleButtons(options=[("all", "all"), ("soldiers", "soldier"), ("leaders", "leader"),
                                    (card_title("fog-of-war"), "fog")], value="all", description="Show")
    out = W.HTML()

    def show(*_):
        out.value = platoon_table_html(sort.value, kind.value)

    sort.observe(show, names="value")
    kind.observe(show, names="value")
    show()
    box = W.VBox([sort, kind, out])
    box.set = lambda s, k: (setattr(sort, "value", s), setattr(kind, "value", k), out.value)[-1]
    return box


# --- questions ------------------------------------------------------------------------------

def _q_highest() -> Question:
    choices = tuple(type_title(n) for n in ("squad-leader", "platoon-sergeant", "platoon-guide", "scouts"))

    def rule_fn():
        top = max(CARDS.values(), key=lambda c: c.initiative)
        return type_title(top.name), (f"<p>{escape(card_title(top.id))}: initiative {top.initiative}, the highest in "
                                 f"the catalogue.</p>" + rule_html(UR.INITIATIVE))
    return Question("28.initiative", "<p>Which card has the <b>highest initiative</b>?</p>", choices, rule_fn)


def _q_control() -> BoardQuestion:
    hand = ("scouts-c", "machine-gunners-c", "riflemen-c", "squad-leader-c", "sniper")

    def places(cards):
        names = sorted({type_title(c.name) for c in CARDS.values() if c.action("control")})
        return cards.places(lambda c: CARDS[c].action("control") is not None), (
            f"<p>Cards with the control action: {', '.join(names)}.</p>" + rule_html(UR.CONTROL))
    return card_question("28.control", "<p>Tap a card that can <b>take control</b> of a tile (and so take "
                         "objectives).</p>", [("your hand", hand)], places, hint=(UR.CONTROL,))


def _q_any_unit() -> BoardQuestion:
    hand = ("platoon-sergeant", "squad-leader-a", "platoon-guide", "sniper")

    def places(cards):
        names = sorted({type_title(c.name) for c in CARDS.values() if c.action("guide")})
        return cards.places(lambda c: CARDS[c].action("guide") is not None), (
            f"<p>Guide (move <i>any</i> of your units) is printed on: {', '.join(names)}.</p>" + rule_html(UR.GUIDE))
    return card_question("28.guide", "<p>Tap the card that can move <b>another</b> unit's token.</p>",
                         [("your hand", hand)], places, hint=(UR.GUIDE,))


def _q_no_squad() -> BoardQuestion:
    hand = ("riflemen-b", "mortar", "squad-leader-a", "scouts-c", "machine-gunners-b")

    def places(cards):
        names = sorted({type_title(c.name) for c in CARDS.values() if c.squad is None and c.kind != "fog"})
        return cards.places(lambda c: CARDS[c].squad is None and CARDS[c].kind != "fog"), (
            f"<p>No squad: {', '.join(names)}.</p>" + rule_html(UR.SQUADLESS) + rule_html(UR.LEADER_SQUADLESS))
    return card_question("28.squadless", "<p>Tap the card that belongs to <b>no squad</b>.</p>",
                         [("your hand", hand)], places, hint=(UR.SQUADLESS, UR.LEADER_SQUADLESS))


#: One card of each unit type with a token, in the hand of the Allies on the worked example's map.
ROLE_HAND = ("riflemen-c", "scouts-c", "machine-gunners-c", "sniper", "mortar")


def roles_state():
    """The worked example's board in the Allies' turn with one card of every unit type in hand;
    the sniper (off the board there) stands on 7A and a mortar token is added on 9B, so every
    unit type has a token to tap."""
    from dataclasses import replace

    from tutor.examples.undaunted import sandbox
    from tutor.undaunted.state import Token
    s = sandbox(ROLE_HAND, side="allied")
    toks = tuple(replace(t, tile="7A") if (t.side, t.unit) == ("allied", "sniper") else t for t in s.tokens)
    return replace(s, tokens=toks + (Token("allied", "mortar", "9B"),))


def unit_plays(unit: str, state=None) -> dict[str, int]:
    """The engine's legal plays of ``unit``'s card in ``roles_state`` counted per action."""
    from collections import Counter

    from tutor.undaunted import Play, card_plays
    s = state if state is not None else roles_state()
    return dict(Counter(p.action for p in card_plays(s, "allied", unit) if isinstance(p, Play)))


def roles_board(seed: int = 28):
    """The live board (``UndauntedBoard``) on :func:`roles_state`: tap a unit token to see what its
    card lets it do (its actions, and where the engine allows the chosen one)."""
    from tutor.widgets import UndauntedBoard
    return UndauntedBoard(roles_state(), seed=seed)


def deck_size_html() -> str:
    total = sum(c.copies for c in CARDS.values())
    units = sum(1 for c in CARDS.values() if c.kind == "soldier")
    return (f"<p>A side owns <b>{total}</b> cards of <b>{len(CARDS)}</b> kinds (squads counted apart) and "
            f"<b>{units}</b> units with a token, as the rulebook's component list counts them.</p>")


def questions() -> list[Question | BoardQuestion]:
    return [_q_highest(), _q_control(), _q_any_unit(), _q_no_squad()]


def quotes() -> list[str]:
    return [q for _, q in ROLES.values()]
