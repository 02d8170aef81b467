"""The Air Power and Overlord entries of ``tutor.conflicts``: each quotes the seeds it is about, and
the ruling it states is what the engine does (the quotes themselves are checked against the seed
files by tests/test_rulebook.py)."""

import pytest
from memoir_boards import board

from tutor.conflicts import all_conflicts
from tutor.errors import IllegalAction
from tutor.lab.conflicts_page import conflicts_html
from tutor.memoir import air as A
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.memoir import variants as V
from tutor.memoir.state import Unit

AIR = ("m44.air.card_vs_table", "m44.air.adjacent", "m44.air.range_sight")
OVERLORD = ("m44.overlord.skulls", "m44.overlord.cards_per_general",
            "m44.overlord.card_icons", "m44.overlord.ambush", "m44.overlord.draw", "m44.overlord.finest_hour",
            "m44.overlord.players", "m44.overlord.recon")


def _conflict(key):
    return next(c for c in all_conflicts() if c.key == key)


def _quotes(key, file):
    return " ".join(r.quote for r in _conflict(key).texts if r.file == file)


def _overlord(cards):
    from tutor.chapters import ch14
    return ch14.with_hand(cards)


def _has_widgets():
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return False
    return True


def _give(g, key, who):
    inst = next(c for c in g.hand() if c.split("#")[0] == key)
    return G.apply(g, f"give {inst} {who}")


def test_the_entries_are_listed_once_with_their_sources():
    keys = [c.key for c in all_conflicts()]
    assert len(keys) == len(set(keys))
    for key in AIR + OVERLORD:
        c = _conflict(key)
        assert c.game == "memoir44" and c.texts and c.question and c.ruling and c.engine.startswith("tutor.")
    for key in AIR:
        assert "memoir44-rules-es.txt" in {r.file for r in _conflict(key).texts}
    for key in OVERLORD:
        assert "memoir44-overlord-rules-pl.txt" in {r.file for r in _conflict(key).texts}


def test_conflicts_page_shows_them():
    html = conflicts_html("memoir44")
    assert html.count('class="tutor-conf"') == len([c for c in all_conflicts() if c.game == "memoir44"])
    for key in AIR + OVERLORD:
        assert f'id="{key}"' in html
    assert "Czaszki" in html and "adyacentes entre sí" in html


def test_card_versus_table():
    assert "2 dados por hexágono (ataque aéreo Aliado)" in _quotes("m44.air.card_vs_table", "memoir44-rules-es.txt")
    assert A.dice_per_hex("allied") == 2 and A.dice_per_hex("axis") == 1          # western 1944: the card
    assert A.dice_per_hex("allied", "eastern", 1944) == 1                           # "-": both roll 1
    assert A.dice_per_hex("axis", "western", 1942) == 2                             # "Eje"


def test_a_chain_of_four_is_one_group():
    assert "adyacentes entre sí" in _quotes("m44.air.adjacent", "memoir44-rules-es.txt")
    chain = [(0, 0), (2, 0), (4, 0), (6, 0)]            # each next to the next; the ends 3 hexes apart
    units = {h: Unit(i, "axis", "infantry", 4) for i, h in enumerate(chain)}
    assert A.check_targets(units, "allied", chain) == tuple(chain)
    with pytest.raises(IllegalAction, match="adjacent to one another"):
        A.check_targets(units, "allied", [(0, 0), (4, 0)])


def test_air_power_needs_no_range_or_sight():
    texts = _quotes("m44.air.range_sight", "memoir44-rules-es.txt")
    assert "línea de visión" in texts.lower() and "6 hexágonos" in texts
    units = {(0, 0): Unit(1, "axis", "infantry", 4), (24, 8): Unit(2, "allied", "infantry", 4),
             (12, 4): Unit(3, "axis", "armor", 3)}                                 # nothing within 6 hexes
    assert A.check_targets(units, "allied", [(0, 0)]) == ((0, 0),)


def test_skulls_are_the_grenade():
    assert "Czaszki 1 TWOJA JEDNOSTKA MUSI STRACIĆ 1 FIGURKĘ" in _quotes("m44.overlord.skulls",
                                                                     "memoir44-overlord-rules-pl.txt")
    assert "Granada" in _quotes("m44.overlord.skulls", "memoir44-rules-es.txt")
    assert list(V.INITIATIVE) == ["infantry", "armor", "star", "flag", "grenade"]
    assert "loses 1 figure" in V.INITIATIVE["grenade"]


def test_two_section_cards_a_general():
    assert "dwie karty sekcji jednemu" in _quotes("m44.overlord.cards_per_general", "memoir44-overlord-rules-pl.txt")
    g = _overlord(["probe_center", "attack_center", "recon_center", "probe_left", "counter_attack"])
    g = _give(_give(g, "probe_center", "center"), "attack_center", "center")
    with pytest.raises(IllegalAction) as refused:
        _give(g, "recon_center", "center")
    assert refused.value.rule is V.OVERLORD_TWO_SECTION_CARDS


def test_card_icons_follow_the_published_deck():
    assert "sylwetkę głównego dowódcy" in _quotes("m44.overlord.card_icons", "memoir44-overlord-rules-pl.txt")
    assert "musi zostać przekazana któremukolwiek" in _quotes("m44.overlord.card_icons",
                                                              "memoir44-overlord-rules-pl.txt")
    assert "mazo de cartas de Mando específicas" in _quotes("m44.overlord.card_icons", "memoir44-rules-es.txt")
    # the published deck's icons (bga-devs/bga-memoir, Cards/Overlord/*.php, getPlayableSubSections)
    for key in ("air_power", "barrage", "their_finest_hour"):
        assert V.overlord_players(key) == ("chief",)
    for key in ("medics_and_mechanics", "direct_from_hq", "infantry_assault", "firefight", "move_out"):
        assert V.overlord_players(key) == V.FIELD_GENERALS
    assert set(V.overlord_players("counter_attack")) == {*V.FIELD_GENERALS, "chief"}
    # Ambush: the chief's icon in the published deck, a field general's card by the rulebook's chain of command
    assert V.OVERLORD_ICONS["ambush"] == V.CHIEF_ICON and "chief" not in V.overlord_players("ambush")
    g = _overlord(["medics_and_mechanics", "probe_left", "probe_center", "attack_center", "recon_right"])
    assert len(g.deck) + sum(len(h) for h in g.hands.values()) == 2 * len(C.deck())    # two base decks
    with pytest.raises(IllegalAction) as refused:                  # the chief may not keep a "?" card
        _give(g, "medics_and_mechanics", "chief")
    assert refused.value.rule is V.OVERLORD_GENERAL_ICON and not g.turn.given
    # every place says the same: the engine follows the published deck, which is cited with its source
    c = _conflict("m44.overlord.card_icons")
    assert c.ruling.startswith("The published Overlord deck's icons") and "Counter-Attack" in c.question
    assert "Ambush alone keeps the rulebook's chain of command" in c.ruling
    assert any("bga-devs/bga-memoir" in p and "card by card" in p and "Medics & Mechanics included" in p and "Roll 4 dice" in p
               for p in c.published)
    assert any("Their Finest Hour" in p and "does not follow" in p for p in c.published)
    assert "A reading of this project" not in c.ruling
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).parents[2] / "notebooks/14-operation-overlord.ipynb").read_text(encoding="utf-8"))
    text = " ".join("".join(cell["source"]) for cell in nb["cells"])
    assert "published Overlord deck" in text and "this project's reading" not in text
    assert "conflicts.ipynb" in text        # the page links the conflicts page, which sets the ruling out whole
    if _has_widgets():                                              # chapter 14's desk says so too
        from tutor.chapters import ch14
        desk = ch14.ChiefDesk(seed=14)
        desk.game = ch14.with_hand(["air_power", "medics_and_mechanics", "probe_center", "attack_center",
                                    "recon_right"])
        desk.pick(next(x for x in desk.game.hand() if x.startswith("air_power")))
        assert "plays himself (its icon, as the published Overlord deck prints it" in desk.status.value
        desk.pick(next(x for x in desk.game.hand() if x.startswith("medics_and_mechanics")))
        assert "never kept by the chief" in desk.status.value
        desk.give("chief")
        assert not desk.game.turn.given and "must be handed to a field general" in desk.text


def test_ambush_is_not_handed_out_on_the_chiefs_turn():
    texts = _quotes("m44.overlord.ambush", "memoir44-overlord-rules-pl.txt")
    assert "gdy przeciwnik zaatakuje go w walce w zwarciu" in texts
    assert "cualquiera de los dos miembros del equipo" in _quotes("m44.overlord.ambush", "memoir44-rules-es.txt")
    g = _overlord(["ambush", "probe_left", "probe_center", "attack_center", "recon_right"])
    assert not [a for a in G.legal_actions(g) if a.startswith("give ambush")]
    with pytest.raises(IllegalAction) as refused:
        _give(g, "ambush", "left")
    assert refused.value.rule is V.OVERLORD_AMBUSH_OWN_TURN


def test_the_chief_draws_up_to_his_hand():
    from tutor.chapters import ch13
    assert "dobiera dwie nowe karty" in _quotes("m44.overlord.draw", "memoir44-overlord-rules-pl.txt")
    for given, drawn in ((["probe_left"], 1), (["probe_left", "attack_center", "probe_right"], 2)):
        # no Recon among them: the Overlord deck's Recon makes the chief draw 3 (m44.overlord.recon)
        g = _overlord(["probe_left", "probe_center", "attack_center", "probe_right", "attack_left"])
        for key in given:
            g = _give(g, key, key.split("_")[1])
        after = ch13.finish_turn(G.apply(g, "dispatch"), "allied")
        draw = next(e for e in ch13.events_between(g, after) if e.kind == "draw")
        assert draw.text.startswith(f"The allied chief draws {drawn} card")
        assert len(after.hands["allied.chief"]) == 5 - len(given) + drawn


def test_recon_in_overlord_makes_the_chief_draw_three():
    from tutor.chapters import ch13
    assert "roba dos, quédate con una y descarta la otra" in _quotes("m44.overlord.recon", "memoir44-rules-es.txt")
    assert "dobiera dwie nowe karty" in _quotes("m44.overlord.recon", "memoir44-overlord-rules-pl.txt")
    g = _overlord(["recon_right", "probe_center", "probe_left", "attack_center", "attack_left"])
    for key, who in (("recon_right", "right"), ("probe_center", "center"), ("probe_left", "left")):
        g = _give(g, key, who)
    after = ch13.finish_turn(G.apply(g, "dispatch"), "allied")
    phases, x = [], after
    while x is not g:
        phases.append(x.phase)
        x = x.prev
    assert "recon" not in phases                                   # nobody keeps one of two cards
    evs = ch13.events_between(g, after)
    # the Overlord deck's Recon (published): the chief draws 3, not 2, and keeps them all
    assert next(e for e in evs if e.kind == "draw").text.startswith("The allied chief draws 3 cards")
    note = next(e for e in evs if e.kind == "recon_overlord")
    assert note.rule is V.OVERLORD_DRAW and "Recon Right Flank" in note.text and "3 cards, not 2" in note.text
    assert len(after.hands["allied.chief"]) == 2 + 3               # kept 2, drew 3, kept them all
    assert len(after.discard) == len(g.discard) + 3                 # the 3 cards played, no drawn card discarded


def test_their_finest_hour_counts_the_chiefs_cards():
    assert "también por la carta de Mando común" in _quotes("m44.overlord.finest_hour", "memoir44-rules-es.txt")
    g = _overlord(["their_finest_hour", "probe_left", "probe_center", "attack_center", "recon_right"])
    g = _give(_give(g, "their_finest_hour", "chief"), "probe_left", "left")
    after = G.apply(g, "dispatch")
    roll = next(e for e in after.new_events if e.kind == "finest_hour")
    assert len(roll.get("faces")) == 4           # 3 cards kept + Their Finest Hour; the gift no longer counts


def test_medics_in_overlord_is_a_generals_card_rolling_four_dice():
    c = _conflict("m44.overlord.finest_hour")
    assert "it rolls 4 dice" in c.ruling and any("Roll 4 dice" in p for p in c.published)
    import dataclasses
    g = _overlord(["medics_and_mechanics", "probe_left", "probe_center", "attack_center", "recon_right"])
    hurt = G.general_units(g, "left")[0]                           # a unit of the left command lost 2 figures
    u = g.state.units[hurt]
    g = dataclasses.replace(g, state=g.state.replace(units={**g.state.units,
                                                            hurt: dataclasses.replace(u, figures=u.full - 2)}))
    g = _give(_give(_give(g, "medics_and_mechanics", "left"), "probe_center", "center"), "recon_right", "right")
    g = G.apply(g, "dispatch")
    while g.phase != "order":
        g = G.apply(g, G.legal_actions(g)[0])
    g = G.apply(g, f"order {hurt[0]},{hurt[1]} left" if f"order {hurt[0]},{hurt[1]} left" in G.legal_actions(g)
                else f"order {hurt[0]},{hurt[1]}")
    g = G.apply(g, "done")
    roll = next(e for e in g.new_events if e.kind == "medics")
    assert len(roll.get("faces")) == 4           # the Overlord card: 4 dice, not the 2 cards kept + itself


def test_four_roles_whatever_the_players():
    assert "hasta 8 jugadores (4 por bando)" in _quotes("m44.overlord.players", "memoir44-rules-es.txt")
    assert "Dla trzech graczy na stronę" in _quotes("m44.overlord.players", "memoir44-overlord-rules-pl.txt")
    for n in (1, 2, 3, 4):
        assert V.variant("overlord", axis=n, allied=n).seats("allied") == (
            "allied.chief", "allied.left", "allied.center", "allied.right")


def test_settled_questions_are_not_listed():
    # The engine now asks the owner where an air-struck unit retreats (rules.RETREAT_OWNER) and lets
    # a field general without a card decide whether to roll (variants.OVERLORD_MAY_ACT): no reading.
    keys = {c.key for c in all_conflicts()}
    assert not keys & {"m44.air.retreat", "m44.overlord.may_act"}


def test_line_of_sight_through_a_corner_is_a_graze():
    from tutor.hexes import Meet, centre, corners, hexes_between
    from tutor.memoir.los import line_of_sight
    from tutor.scenario import from_data
    c = _conflict("m44.los.corner")
    assert "pasa por el borde" in _quotes("m44.los.corner", "memoir44-rules-es.txt")
    assert "vede podél okraje" in _quotes("m44.los.corner", "memoir44-rules-cs-ocr.txt")
    assert "pasa por el borde" in c.question and "podél okraje" in c.question
    assert 'id="m44.los.corner"' in conflicts_html("memoir44")
    # From 6,2 to 15,3 the line touches 9,3 and 12,2 at exactly one corner each, on opposite sides.
    a, b = (6, 2), (15, 3)
    met = dict(hexes_between(a, b))
    (ax, ay), (bx, by) = centre(a), centre(b)
    for h, side in (((9, 3), Meet.GRAZE_RIGHT), ((12, 2), Meet.GRAZE_LEFT)):
        assert met[h] is side
        assert sum((bx - ax) * (vy - ay) - (by - ay) * (vx - ax) == 0 for vx, vy in corners(h)) == 1

    def los(woods):
        data = {"format": 1, "game": "memoir44", "title": "corner", "board": "standard", "top": "axis",
                "terrain": {h: "woods" for h in woods},
                "units": {"6,2": {"side": "allied", "kind": "artillery"}, "15,3": {"side": "axis", "kind": "infantry"}}}
        return line_of_sight(from_data(data, "<test>"), a, b)
    one = los(["9,3"])
    assert one.visible and "grazes" in one.reason                       # both readings: clear
    both = los(["9,3", "12,2"])
    assert not both.visible and set(both.blocked_by) == {(9, 3), (12, 2)}   # the engine's reading


# ---------------------------------------------------------------------------------------------
# Where the Spanish and Czech copies differ, or the text leaves room (audit of 2026-11-27): each
# entry quotes both, and its ruling is what the engine does.

def test_an_objective_is_taken_by_ending_there_not_passing():
    from tutor.memoir.movement import move
    from tutor.memoir.state import order
    assert "Al entrar en el hexágono objetivo" in _quotes("m44.objective.entering", "memoir44-rules-es.txt")
    assert "Apéndice 4, página 20" in _quotes("m44.objective.entering", "memoir44-rules-es.txt")
    permanent = [{"hex": "6,4", "type": "permanent", "side": "allied"}]
    st = board('units: {"7,5": {side: allied, kind: infantry}}', objectives=permanent)
    st, _ = order(st, "allied", ["7,5"])
    through, ev = move(st, "7,5", "5,3")                   # 7,5 → 6,4 → 5,3: the only 2-hex way
    assert [e for e in ev if e.kind == "move"][0].get("path") == ((6, 4), (5, 3))
    assert through.medals["allied"] == 0
    there, _ = move(st, "7,5", "6,4")
    assert there.medals["allied"] == 1


def test_move_two_and_battle_is_elite_infantrys_alone():
    from tutor.memoir.movement import legal_moves
    assert "Speciální jednotky" in _quotes("m44.special.move_two", "memoir44-rules-cs-ocr.txt")
    st = board('''
        units:
          "6,6": {side: allied, kind: infantry, badge: special_forces}
          "12,6": {side: allied, kind: infantry, badge: french_resistance}
    ''')
    from tutor.memoir.state import order
    st, _ = order(st, "allied", ["6,6", "12,6"])
    assert legal_moves(st, "6,6").reachable[(10, 6)].can_battle          # elite infantry: 2 hexes and battle
    assert not legal_moves(st, "12,6").reachable[(16, 6)].can_battle     # the Resistance: not after 2


def test_figure_corner_and_draw_units_quote_both_copies():
    assert "esquina inferior derecha" in _quotes("m44.special.figures_corner", "memoir44-rules-es.txt")
    assert "levém dolním rohu" in _quotes("m44.special.figures_corner", "memoir44-rules-cs-ocr.txt")
    from tutor.render.scene import scene
    st = board('units: {"6,6": {side: allied, kind: infantry, figures: 3}}')
    assert [u.figures for u in scene(st).units] == [3]                   # the count is on the counter
    assert "todas las demás unidades" in _quotes("m44.terrain.draw_others", "memoir44-rules-es.txt")
    assert "obrněnce, vozidla a jednotky artilerie" in _quotes("m44.terrain.draw_others", "memoir44-rules-cs-ocr.txt")
    from tutor.memoir import rules as R
    from tutor.memoir.movement import step
    st = board('''
        terrain: {"6,6": beach, "8,6": beach, "7,5": draw}
        units: {"6,6": {side: allied, kind: armor}, "8,6": {side: allied, kind: artillery}}
    ''')
    for h in ((6, 6), (8, 6)):                                            # every unit but infantry: refused
        assert step(st, st.units[h], h, (7, 5), h)[2] is R.DRAW_MOVE


def test_sandbags_go_with_an_eliminated_unit():
    from tutor.memoir.combat import battle
    from tutor.memoir.state import order
    assert "salga del hexágono" in _quotes("m44.sandbags.eliminated", "memoir44-rules-es.txt")
    st = board('''
        obstacles: {"6,4": sandbags}
        units: {"6,4": {side: axis, kind: infantry, figures: 1}, "6,6": {side: allied, kind: infantry}}
    ''')
    st, _ = order(st, "allied", ["6,6"])
    st, ev = battle(st, "6,6", "6,4", ["infantry"])
    assert (6, 4) not in st.units and (6, 4) not in st.obstacles
    assert any(e.kind == "sandbags_removed" for e in ev)


def test_overlord_tactic_cards_span_both_sections_section_cards_one():
    assert "w obu sekcjach" in _quotes("m44.overlord.one_section", "memoir44-overlord-rules-pl.txt")
    g = _overlord(["firefight", "probe_left", "probe_center", "probe_right", "attack_center"])
    g = G.apply(_give(g, "firefight", "center"), "dispatch")
    while g.phase == "initiative":
        g = G.apply(g, "pass")
    orders = {a.split()[1] for a in G.legal_actions(g) if a.startswith("order")}
    cols = {int(h.split(",")[0]) for h in orders}
    assert any(c < 25 for c in cols) and any(c > 25 for c in cols)       # center-left and center-right
    g = _overlord(["pincer_move", "probe_left", "probe_center", "probe_right", "attack_center"])
    g = G.apply(_give(g, "pincer_move", "left"), "dispatch")
    assert g.phase == "place" and len(G.legal_actions(g)) == 2           # one of his two sections


def test_overlord_the_general_who_rolled_picks_the_unit():
    assert "1 TWOJA JEDNOSTKA" in _quotes("m44.overlord.setback_unit", "memoir44-overlord-rules-pl.txt")
    g = _overlord(["probe_center", "probe_left", "probe_right", "attack_center", "attack_right"])
    g = G.apply(_give(g, "probe_center", "center"), "dispatch")
    while g.phase == "place":
        g = G.apply(g, G.legal_actions(g)[0])
    assert g.phase == "initiative" and g.player == "allied.left"
    g = G.apply(g, "roll", faces=["grenade"])
    while g.phase == "initiative":
        g = G.apply(g, "pass")
    assert g.phase == "setback" and g.player == "allied.left"


def test_dig_in_places_no_sandbags_where_an_obstacle_stands():
    from tutor.memoir.turn import place_sandbags
    assert "a excepción de los Océanos" in _quotes("m44.dig_in.obstacle", "memoir44-rules-es.txt")
    st = board('''
        obstacles: {"6,4": wire, "8,4": hedgehog}
        units:
          "6,4": {side: allied, kind: infantry}
          "8,4": {side: allied, kind: infantry}
          "10,4": {side: allied, kind: infantry}
    ''')
    after, ev = place_sandbags(st, [(6, 4), (8, 4), (10, 4)])
    assert after.obstacles == {(6, 4): "wire", (8, 4): "hedgehog", (10, 4): "sandbags"}
    assert [e.kind for e in ev] == ["no_sandbags", "no_sandbags", "sandbags"]


# ---------------------------------------------------------------------------------------------
# Young Generals: who carries out a card


def _yg_play(players, card):
    g = G.new_game("pegasus-bridge", 1, V.variant("young_generals", axis=players, allied=players))
    g = G.set_hand(g, g.player, [card, "probe_left"])
    after = G.apply(g, f"play {next(c for c in g.hand() if c.startswith(card))}")
    return after.turn.performer, next(e for e in after.new_events if e.kind == "performer")


def test_young_generals_most_orders_then_the_chiefs_last_word():
    assert "afecte más directamente" in _quotes("m44.young.tie", "memoir44-rules-es.txt")
    assert "tiene la última palabra" in _quotes("m44.young.tie", "memoir44-rules-es.txt")
    # a team of 2: a card ordering on both flanks is the flanks player's, not the chief's
    for card in ("pincer_move", "recon_in_force", "general_advance"):     # 4-0, 2-1, 4-2 orders
        who, ev = _yg_play(2, card)
        assert who == "allied.flanks" and ev.rule is V.YG_WHO_ACTS and "Allies flanks player" in ev.text
    assert _yg_play(2, "probe_center")[0] == "allied.center"
    # a team of 3: one section, its player; a tie with the chief in it, the chief; Pincer Move (2 and
    # 2 on the flanks), the first of the two flank players
    assert _yg_play(3, "attack_left")[0] == "allied.left"
    assert "The Allies right flank player carries out" in _yg_play(3, "attack_right")[1].text   # no unit: turn over
    for card in ("recon_in_force", "general_advance"):
        who, ev = _yg_play(3, card)
        assert who == "allied.center" and ev.rule is V.YG_CHIEF_DECIDES
    who, ev = _yg_play(3, "pincer_move")
    assert who == "allied.left" and ev.rule is V.YG_CHIEF_DECIDES
    assert "Allies left flank player and the Allies right flank player" in ev.text and "allied." not in ev.text


def test_the_texts_a_learner_reads_name_no_internal_key():
    # An entry points to another by its topic, never by its key ("entry m44.overlord.finest_hour").
    import re
    for c in all_conflicts():
        for s in (c.question, c.ruling, *c.published):
            assert not re.search(r"\b(?:m44|und)\.[a-z_]+\.[a-z_]", s), (c.key, s[:80])
