"""The play-a-battle app, driven by taps and button clicks: every tap becomes one of the engine's
legal actions (the log grows, the action is the one offered), refusals carry the engine's rule,
hot-seat hides the other hand, solo lets the opponent reply, undo/save/load round-trip."""

from __future__ import annotations

import base64
import json
import random
import re
from pathlib import Path

import pytest

from tutor.errors import InputError
from tutor.hexes import fmt, parse_hex
from tutor.memoir import cards as C
from tutor.memoir import game as G
from tutor.widgets import BattleApp


def ready(app):
    app.board._on_client_ready()
    app.hand._on_client_ready()
    return app


def shaded(app, role):
    return {s.hex for s in app.board.scene.shades if s.role == role}


def tap(app, h):
    """Tap near (not exactly on) the centre of a hex, in layout pixels, as a finger would."""
    x, y = app.board.scene.geometry.centre(parse_hex(h) if isinstance(h, str) else h)
    app.click(x + 3, y - 4)


def perform(app, action):
    """Carry out ``action`` with taps and buttons only (no call to the engine)."""
    g = app.game
    if not app.screen_passed:
        app.pass_button.click()
    w = action.split()
    verb = w[0]
    if verb in ("play", "keep"):
        app.tap_card(app.hand_cards().index(w[1]))
        if len(w) == 3:
            next(b for b in app.section_buttons if b.description.lower() == w[2]).click()
    elif verb in ("order", "retreat", "barrage", "air"):
        tap(app, w[1])
    elif verb == "done":
        app.done_button.click()
    elif verb == "end":
        app.end_button.click()
    elif verb == "take":
        app.take_button.click()
    elif verb in ("ambush", "decline"):
        (app.ambush_button if verb == "ambush" else app.decline_button).click()
    elif verb in ("move", "battle", "wire"):
        a = parse_hex(w[1])
        if app.selected != a:
            tap(app, a)
        assert app.selected == a, f"tapping {w[1]} did not select it"
        if verb == "wire":
            app.wire_button.click()
        else:
            tap(app, w[2])
    else:
        app.all_actions.value = action
        app.all_go.click()
    return g


def test_first_turn_by_taps_hot_seat():
    app = ready(BattleApp("pegasus-bridge", seed=0))
    g0 = app.game
    assert g0.player == "allied" and len(app.hand_cards()) == 6
    assert app.wire_button.description == "Remove barbed wire"
    assert "play a command card" in app.status.value
    card = next(c for c in app.hand_cards() if c.startswith("probe_center"))
    app.tap_card(app.hand_cards().index(card))
    assert app.game.action == f"play {card}" and app.game.phase == "order"
    assert len(app.game.log) > len(g0.log)
    legal = [parse_hex(a.split()[1]) for a in G.legal_actions(app.game) if a.startswith("order ")]
    assert shaded(app, "legal") == set(legal) and legal
    # a unit outside the centre: the engine refuses, with the section rule
    outside = next(h for h, u in app.game.state.units.items() if u.side == "allied" and h not in legal)
    before = app.game
    tap(app, outside)
    assert app.game is before and "bad" in app.status.value
    assert "m44.card.section" in app.why.value or "m44.turn.orders_dashed" in app.why.value
    # order one, take it back, order it again, done
    tap(app, legal[0])
    assert app.game.action == f"order {fmt(legal[0])}" and legal[0] in shaded(app, "selected")
    tap(app, legal[0])
    assert app.game.action == f"play {card}" and app.game.turn.ordered == ()
    tap(app, legal[0])
    app.done_button.click()
    assert app.game.phase == "act" and app.game.action == "done"
    assert "orders_lost" in [e.kind for e in app.game.new_events]          # 1 of 2 orders unused
    assert shaded(app, "legal") == set(G.activation_tokens(app.game))
    # select the ordered unit: its moves shaded green, End turn offered
    tap(app, legal[0])
    assert app.selected == legal[0]
    assert shaded(app, "legal") == set(G.move_options(app.game, legal[0]))
    assert app.end_button in app.controls.children
    app.end_button.click()
    assert app.game.player == "axis" and app.game.phase == "play"
    # hot-seat: the Allied hand is hidden until the screen is passed
    assert not app.screen_passed and app.pass_button in app.controls.children
    assert not app.hand.scene.card_rows[0].cards
    n = len(app.game.log)
    tap(app, legal[0])
    assert len(app.game.log) == n and "Pass the screen" in app.status.value
    app.pass_button.click()
    assert app.screen_passed and app.hand_cards() == list(app.game.hands["axis"])
    assert "Axis hand" in app.hand.scene.labels[0].text


def test_battle_by_taps_shows_odds_then_dice():
    g = G.new_game("pegasus-bridge", 0)
    g = G.set_hand(g, "allied", ["direct_from_hq"])
    app = ready(BattleApp(game=g))
    app.tap_card(0)
    # find an allied unit with a target after ordering up to 4
    for a in [x for x in G.legal_actions(app.game) if x.startswith("order ")][:4]:
        if app.game.phase == "order" and a in G.legal_actions(app.game):
            tap(app, a.split()[1])
    if app.game.phase == "order":
        app.done_button.click()
    shooter = next((h for h in sorted(app.game.state.units) if app.game.state.units[h].side == "allied"
                    and G.battle_options(app.game, h)), None)
    if shooter is None:          # nobody in range at the start: move someone closer first
        pytest.skip("no allied unit in range on this seed")
    tap(app, shooter)
    targets = G.battle_options(app.game, shooter)
    assert shaded(app, "target") == set(targets)
    assert "Before you roll" in app.odds.value and "P(eliminated)" in app.odds.value
    t = min(targets)
    n = len(app.game.log)
    tap(app, t)
    assert app.game.action in (f"battle {fmt(shooter)} {fmt(t)}",) or app.game.phase == "retreat"
    assert len(app.game.log) > n
    assert 'class="tutor-die' in app.dice.value
    faces = next(e.get("faces") for e in reversed(app.game.log) if e.kind == "roll")
    assert app.dice.value.count('class="tutor-die') == len(faces)


def _chain(g):
    while g is not None:
        yield g
        g = g.prev


def test_solo_opponent_replies_and_undo_takes_back_both():
    app = ready(BattleApp("pegasus-bridge", seed=3, solo="axis"))
    card = app.hand_cards()[1] if app.hand_cards()[0].startswith("infantry_assault") else app.hand_cards()[0]
    start = app.game
    perform(app, f"play {card}")
    while app.game.phase == "order":
        app.done_button.click()
    if app.game.phase == "act":
        app.end_button.click()
    if app.game.phase == "recon":
        app.tap_card(0)
    g = app.game
    assert g.player == "allied" and g.phase in ("play", "retreat", "over")
    assert any(e.kind == "action" and e.text.startswith("Axis:") for e in g.log)
    assert "Allies: play " in app.log_html.value
    played = next(x for x in _chain(app.game) if x.action and x.action.startswith("play ") and x.prev.side == "axis")
    card_name = C.name(played.action.split()[1])
    # the computer's card is told in the log with its reason and its rule one tap away
    assert f"The computer: The Axis plays {card_name}" in app.log_html.value
    assert "— why: of its cards" in app.log_html.value or "— why: no unit" in app.log_html.value
    assert "#" not in "".join(e.text for e in g.log if e.kind == "action")
    assert app.screen_passed                          # solo: never a screen to pass
    while app.game.length > start.length:
        app.undo()
    assert app.game is start


@pytest.mark.parametrize("seed,solo", [(1, "axis"), (2, None), (4, "allied")])
def test_a_long_game_played_only_by_taps(seed, solo):
    """A random player who acts only through taps and buttons: each tap applies exactly the legal
    action meant, the log grows with every step, and the app never offers an illegal one."""
    app = ready(BattleApp("pegasus-bridge", seed=seed, solo=solo))
    rng = random.Random(seed)
    steps = 0
    while not app.game.over and steps < 160:
        if not app.screen_passed:
            app.pass_button.click()
        acts = G.legal_actions(app.game)
        assert acts and {v for _, v in app.all_actions.options} == set(acts)
        assert all("#" not in label for label, _ in app.all_actions.options)
        a = rng.choice(acts)
        if a.startswith("air "):          # a tap strikes the largest group holding that hex
            a = max((x for x in acts if x.split()[1] == a.split()[1] or a.split()[1] in x.split()[1:]),
                    key=lambda x: len(x.split()))
        n = len(app.game.log)
        before = perform(app, a)
        chain = []
        x = app.game
        while x is not None and x is not before:
            chain.append(x.action)
            x = x.prev
        assert x is before, f"{a}: the game did not advance from the state the tap saw"
        assert chain[-1] == a, f"tapped for {a!r}, the app applied {chain[-1]!r}"
        assert len(app.game.log) > n
        steps += 1
        if solo:
            assert app.game.over or not app.is_opponent()
    if app.game.over:
        assert "win" in app.head.value


def test_save_link_and_load_round_trip(tmp_path):
    app = ready(BattleApp("pegasus-bridge", seed=5))
    perform(app, next(a for a in G.legal_actions(app.game) if a.startswith(("play probe", "play attack", "play recon"))))
    link = app.save_link()
    data = json.loads(base64.b64decode(link.split("base64,")[1].split('"')[0]))
    assert data["actions"] == list(app.game.actions) and data["seed"] == 5
    other = ready(BattleApp("pegasus-bridge", seed=9))
    other.load(json.dumps(data).encode())
    assert other.game.actions == app.game.actions and other.game.seed == 5
    # the FileUpload widget (ipywidgets 8: a tuple of dicts with the bytes)
    third = ready(BattleApp("pegasus-bridge", seed=9))
    third._on_upload({"new": ({"name": "x.json", "content": memoryview(json.dumps(data).encode())},)})
    assert third.game.actions == app.game.actions
    third._on_upload({"new": ({"name": "x.json", "content": memoryview(b'{"format": 1}')},)})
    assert "could not be loaded" in third.status.value and third.game.actions == app.game.actions
    p = tmp_path / "g.json"
    app.save(p)
    fourth = ready(BattleApp("pegasus-bridge", seed=0))
    fourth.load(p)
    assert fourth.game.actions == app.game.actions


def test_log_cites_rules_latest_first_and_why_panel():
    app = ready(BattleApp("pegasus-bridge", seed=0))
    app.tap_card(next(i for i, c in enumerate(app.hand_cards()) if C.card(c).section))
    html = app.log_html.value
    first_action = html.index("Allies: play ")
    assert html.index("is shuffled") > first_action              # latest first
    assert "Memoir &#x27;44 rulebook (2025, Spanish), Setting Up the Game" in html and "<q lang=\"es\">" in html
    assert "— Setting Up the Game (why?)" in html                 # the section in English
    assert '<span class="tutor-heading" lang="es">PREPARACIÓN:</span> <q lang="es">' in html  # printed, by the quote
    assert ".txt" not in html
    assert "why?" in app.why.value and "tutor-why" in app.why.value


def test_win_message():
    g = G.random_game("pegasus-bridge", seed=1)
    assert g.over
    app = ready(BattleApp(game=g))
    assert "win" in app.head.value and app.controls.children == ()
    n = len(app.game.log)
    tap(app, next(iter(app.game.state.units)))
    assert "over" in app.status.value and len(app.game.log) == n


def test_one_redraw_message_per_tap(sent):
    app = ready(BattleApp("pegasus-bridge", seed=0))
    sent.clear()
    tap(app, "12,6")                              # play phase: a board tap explains, nothing changes
    assert len(sent) <= 2


def test_a_crafted_upload_is_refused_in_one_line_and_changes_nothing():
    # The upload's value is the visitor's browser's to write: a content that is a number (bytes()
    # would allocate that many bytes), a text, or more than the file limit is no file.
    from tutor.lab.app import Lab
    app = ready(BattleApp("pegasus-bridge", seed=3))
    lab = Lab()
    before, field = app.game, lab.state.field
    for content in (400_000_000, "{}", None, [1, 2], memoryview(b" " * 1_000_001)):
        app._on_upload({"new": ({"name": "x.json", "content": content},)})
        assert "could not be loaded" in app.status.value and app.game is before
        lab._uploaded({"new": ({"name": "b.yaml", "content": content},)})
        assert "tutor-status bad" in lab.status.value and lab.state.field is field
        assert len(re.sub(r"<[^>]+>", "", lab.status.value).strip().splitlines()) == 1
    app._on_upload({"new": "not a list"})
    assert "could not be loaded" in app.status.value and app.game is before


def test_a_saved_game_opened_on_the_page_names_a_course_scenario_never_a_file(tmp_path):
    # A saved game is the visitor's to write; its scenario, a path, made the server read that file
    # and show it (or say whether it exists). On the page only the course's scenarios open; the
    # command line (whose user has the files) still replays a save of any scenario file.
    secret = tmp_path / "exam.yaml"
    secret.write_text((Path(__file__).resolve().parents[2] / "scenarios" / "pegasus-bridge.yaml").read_text())
    app = ready(BattleApp("pegasus-bridge", seed=3))
    before = app.game
    for name in (str(secret), "../" * 8 + str(secret).lstrip("/"), "/etc/passwd", "/etc", "no-such-scenario"):
        data = {"format": 1, "game": "memoir44", "scenario": name, "seed": 0, "actions": []}
        app._on_upload({"new": ({"name": "g.json", "content": memoryview(json.dumps(data).encode())},)})
        assert "is not one of the course&#x27;s scenarios" in app.status.value and app.game is before
    saved = tmp_path / "g.json"
    saved.write_text(json.dumps({"format": 1, "scenario": str(secret), "seed": 0, "actions": []}))
    assert G.load_game(saved, files=True).seed == 0
    with pytest.raises(InputError):
        G.load_game(saved)


# -- the guided first battle (issue 36, item 5): the coach and the frictions a newcomer met


def words(value: str) -> str:
    import html
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def test_the_hand_and_the_coach_sit_beside_the_board():
    from tutor.widgets.battle import HAND_WIDTH
    app = ready(BattleApp("pegasus-bridge", seed=0, solo="axis"))
    left, side = app.columns.children
    assert app.board.canvas in left.children and app.hand.canvas in side.children
    assert app.coach in side.children and app.columns.layout.flex_flow == "row wrap"
    assert app.hand.scene.width == HAND_WIDTH
    for i in range(len(app.hand_cards())):          # every card is whole on the narrower row
        x, y, w, h = app.card_box(i)
        assert 0 <= x and x + w <= HAND_WIDTH


def test_the_coach_lists_the_moment_and_can_be_turned_off():
    app = ready(BattleApp("pegasus-bridge", seed=0, solo="axis"))
    text = words(app.coach.value)
    assert text.startswith("What can I do now?")
    for c in app.hand_cards():
        assert C.name(c) in text
    assert "The computer in your place" in text and "#" not in text and "_" not in text
    app.coach_switch.value = False
    assert app.coach.value == ""
    app.coach_switch.value = True
    # a card played, a unit selected: its targets with the exact odds, its group first and open
    perform(app, "play infantry_assault#1 center")
    unit = next(h for h in G.activation_tokens(app.game))
    tap(app, unit)
    assert app.selected == unit
    assert f"The Allied Infantry on {fmt(unit)}" in words(app.coach.value).split("·")[0]
    assert '<li class="focus"><details open>' in app.coach.value


def test_a_refusal_clears_the_selection_so_the_next_one_quotes_no_stale_unit():
    app = ready(BattleApp("pegasus-bridge", seed=0))
    perform(app, "play infantry_assault#1 center")
    unit = next(iter(G.activation_tokens(app.game)))
    tap(app, unit)
    far = max((h for h in sorted(app.game.state.board.hexes) if h not in app.game.state.units
               and h not in G.move_options(app.game, unit)), key=lambda h: abs(h[0] - unit[0]) + abs(h[1] - unit[1]))
    before = app.game
    tap(app, far)
    assert app.game is before and "✗" in app.status.value and app.selected is None
    assert app.refused_at == far
    refused = app.status.value
    assert fmt(unit) in words(refused) and fmt(far) in words(refused)     # which unit, which hex
    said = re.search(r"✗ (.)", words(refused)).group(1)                  # the engine's reason as a sentence
    assert said.isupper() or said.isdigit(), refused
    # the next tap on another empty hex is no refusal about the old unit: it asks for a unit first
    other = next(h for h in sorted(app.game.state.board.hexes) if h not in app.game.state.units and h not in (far, unit)
                 and h not in G.activation_tokens(app.game))
    tap(app, other)
    assert app.game is before and app.status.value != refused and fmt(unit) not in words(app.status.value)


def test_the_turn_counter_counts_the_turn_in_progress():
    app = ready(BattleApp("pegasus-bridge", seed=0))
    assert "Turn 1 ·" in words(app.head.value)
    perform(app, "play probe_center#3")
    assert "Turn 1 ·" in words(app.head.value)
    app.done_button.click()                              # no unit ordered: the turn ends at once
    assert app.game.player == "axis" and app.game.phase == "play"
    assert "Turn 2 ·" in words(app.head.value)         # the Axis turn starts before its card


def test_hot_seat_names_the_button_by_its_label():
    app = ready(BattleApp("pegasus-bridge", seed=0))
    perform(app, "play probe_center#3")
    app.done_button.click()                              # no unit ordered: the turn ends at once
    assert app.game.player == "axis"
    assert app.pass_button.description == "Pass the screen"
    assert "taps Pass the screen" in words(app.status.value)
    assert app.coach.value == ""                         # the coach does not show the hidden hand


def test_the_ambush_prompt_names_the_unit_the_attacker_and_the_odds():
    import random

    from tutor.memoir import coach
    from tutor.memoir import opponent as O
    g = G.new_game("pegasus-bridge", 0)
    i = 0
    while g.phase != "ambush":
        g = G.apply(g, O.choose(g, random.Random(i)))
        i += 1
    app = ready(BattleApp(game=g))
    f = coach.ambush_facts(g)
    said = words(app.status.value)
    assert f"Axis Infantry on {fmt(f['attacker'])}" in said and f"Allied Infantry on {fmt(f['target'])}" in said
    assert f"at least one hit {f['odds'].p_hit}" in said and "Play Ambush" in said
    assert app.ambush_button in app.controls.children
    # the board shows the two units of the question: the defender picked, the attacker as a target
    assert shaded(app, "selected") == {f["target"]} and shaded(app, "target") == {f["attacker"]}
