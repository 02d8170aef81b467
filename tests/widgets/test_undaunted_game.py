"""Play La Raye, driven by taps and button clicks as a learner plays it: the initiative bid by
tapping a card, plays by tapping the counter and the tile (the engine's rules deciding each one),
refusals that change nothing and cite the rule, the computer's replies in the log with a reason,
hot-seat hiding the hand, undo, and save/load (a foreign file refused in one line)."""

from __future__ import annotations

import json

import pytest
from browser.learner_text import internal_words

from tutor.errors import InputError
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS
from tutor.widgets import UndauntedGame


def ready(app):
    app.board.board._on_client_ready()
    return app


def tap_bid(app, card):
    """Tap the bid button of ``card`` (its printed name and initiative number)."""
    from tutor.render.undaunted import card_title
    b = next(b for b in app.bid_row.children if b.description == f"{card_title(card)} · {CARDS[card].initiative}")
    b.click()


def page_text(app) -> str:
    return " ".join(w.value for w in (app.head, app.status, app.zones, app.coach, app.log_box, app.bid_label,
                                      app.board.status, app.board.why, app.board.hand_label))


def test_a_solo_game_by_taps_bids_scouts_and_the_computer_replies():
    app = ready(UndauntedGame(solo="axis", number=5))
    g0 = app.game
    assert g0.phase == "initiative" and g0.round == 1
    hand = app.hand("allied")
    assert len(hand) == 4 and "Allied player: bid" in app.bid_label.value
    # the bid is asked once beside the map (the board's answer) and once above the hand, not a third time
    assert "Bid for the initiative first" in app.board.status.value and app.status.value == ""
    # the bid buttons are the learner's hand, each with its initiative number
    assert len(app.bid_row.children) == len(set(hand))
    assert "Allies" in app.zones.value and "4 cards" in app.zones.value          # the Axis hand is hidden
    high = max((c for c in hand if not c.startswith("scouts")), key=lambda c: CARDS[c].initiative)
    tap_bid(app, high)
    s = app.game
    assert s.phase == "turn" and high in s.zones_of("allied").discard            # INITIATIVE_DISCARD
    bid = app.last_bid()
    axis_card = bid[1]
    assert bid[0] == high and axis_card in g0.zones_of("axis").hand
    holder = "allied" if CARDS[high].initiative > CARDS[axis_card].initiative else (
        "axis" if CARDS[high].initiative < CARDS[axis_card].initiative else g0.initiative)
    assert bid[2] == holder and f"{'Allies' if holder == 'allied' else 'Axis'} first" in app.head.value
    assert "The computer: The Axis bid" in app.log_box.value and "why: " in app.log_box.value   # its bid, with why
    # the learner's turn (the computer played first when it won the bid)
    assert s.active == "allied"
    # the coach: each card of the hand with its choices and why, the computer's pick starred
    from tutor.render.undaunted import card_title
    assert all(card_title(c) in app.coach.value for c in s.zones_of("allied").hand)
    assert "★" in app.coach.value and "End the turn" in app.coach.value
    scout = next(c for c in s.zones_of("allied").hand if c.startswith("scouts"))
    fog_before = s.zones_of("allied").discard.count("fog-of-war")
    n = app.match.length
    app.board.tap_unit("allied", scout)
    assert "Scout 2" in app.board.status.value
    app.board.tap_tile("12B")          # 17B → 12B: no Allied marker there, so one is placed (AKCE POHYBU, Scout)
    s = app.game
    assert s.token("allied", scout).tile == "12B" and s.control_of("allied", "12B") == "scouted"
    assert s.zones_of("allied").discard.count("fog-of-war") == fog_before + 1
    assert app.match.length == n + 1 and "✓" in app.board.status.value
    assert UR.SCOUT.summary in app.log_box.value and UR.SCOUT.quote in app.log_box.value
    # End turn: the computer plays (if it has not yet), the round ends, a new round's draw and bids
    app.board.end_button.click()
    s = app.game
    assert s.round == 2 and s.phase == "initiative" and len(s.zones_of("allied").hand) == 4
    assert "Round 2" in app.board.status.value and "bid" in app.board.status.value
    steps = []
    x = app.match
    while x.prev is not None:
        steps.append(x)
        x = x.prev
    computer = [x for x in steps if getattr(x.action, "side", None) == "axis"]
    assert computer and all(app.reasons.get(x.length) for x in computer)   # every computer step has its reason
    assert sum(1 for x in steps if type(x.action).__name__ == "EndTurn") == 2
    assert app.log_box.value.count("why: ") == len(computer)
    assert all(app.reasons[x.length].rule.quote in app.log_box.value for x in computer)   # the rule one tap away
    found = internal_words(page_text(app))
    assert found == [], found


def test_a_refused_tap_says_why_with_the_rule_and_changes_nothing():
    app = ready(UndauntedGame(solo="axis", number=1))
    tap_bid(app, app.hand("allied")[0])
    before, log = app.match, app.log_box.value
    rifle = next(c for c in app.game.zones_of("allied").hand if c.startswith("riflemen"))
    app.board.tap_unit("allied", rifle)
    assert "Move 1" in app.board.status.value
    app.board.tap_tile("13B")          # no Allied control marker on 13B: Move is refused (AKCE POHYBU)
    assert app.match is before and app.game is before.state and app.log_box.value == log
    assert "Refused (13B)" in app.board.status.value and "bad" in app.board.status.value
    assert UR.MOVE.summary in app.board.why.value
    # a bid out of its phase is refused too, with the initiative rule, nothing changed
    assert app.bid("riflemen-a") is False and app.match is before
    assert "bad" in app.status.value and UR.INITIATIVE.summary in app.status.value


def test_undo_takes_back_the_learners_last_step_and_the_computers_reply():
    app = ready(UndauntedGame(solo="allied", number=3))          # the learner commands the Axis
    assert app.human() == "axis"
    start = app.match
    tap_bid(app, app.hand("axis")[0])
    assert app.match.length > start.length + 1 and app.game.active == "axis"    # both bids (and the computer's turn)
    rifle = next(c for c in app.game.zones_of("axis").hand if c.startswith(("scouts", "riflemen")))
    played = app.match
    app.board.tap_unit("axis", rifle)
    app.board.tap_tile("8A")           # an Axis scouted marker lies on 8A: Move (or Scout) there is legal
    assert app.match.length == played.length + 1 and app.game.token("axis", rifle).tile == "8A"
    app.undo()
    assert app.match is played and app.game.token("axis", rifle).tile == "5B"
    app.undo()
    assert app.match is start and app.game.phase == "initiative"
    app.undo()
    assert app.match is start and "Nothing to undo" in app.status.value


def test_hot_seat_hides_the_hand_until_the_screen_is_passed():
    app = ready(UndauntedGame(number=4))          # the Allies win the bids: the turn needs the screen passed
    first = sorted(app.hand("allied"))[0]
    tap_bid(app, first)
    assert app.match.pending == (("allied", first),) and app.game.phase == "initiative"
    assert not app.screen_passed and app.pass_button in app.pass_box.children
    assert app.bid_row.children == () and first not in app.zones.value and "4 cards" in app.zones.value
    assert app.bid("riflemen-a") is False and "pass the screen" in app.status.value
    app.pass_button.click()
    assert app.screen_passed and app.viewer == "axis"
    tap_bid(app, sorted(app.hand("axis"))[0])
    s = app.game
    assert s.phase == "turn" and s.active == "allied"
    if s.active != "axis":                       # the turn goes to the other player: pass the screen
        assert not app.screen_passed and app.board.hand_pick.layout.display == "none"
        n = app.match.length
        app.board.tap_tile("17B")
        assert app.match.length == n and "pass the screen" in app.board.status.value
        app.board.end_button.click()               # nor may the other player end the turn for them
        assert app.match.length == n and "pass the screen" in app.board.status.value
        app.pass_button.click()
    assert app.screen_passed and app.board.hand_pick.layout.display == "flex"
    assert app.board.hand_pick.options


def play_some(app):
    tap_bid(app, app.hand("allied")[0])
    scout = next((c for c in app.game.zones_of("allied").hand if c.startswith("scouts")), None)
    if scout:
        app.board.tap_unit("allied", scout)
        app.board.tap_tile("12B")
    app.board.end_button.click()
    tap_bid(app, app.hand("allied")[-1])


def test_save_and_load_give_back_the_same_game():
    app = ready(UndauntedGame(solo="axis", number=5))
    play_some(app)
    text = app.save_text()
    link = app.save_link()
    assert 'download="' in link and "Download the saved game" in link
    other = ready(UndauntedGame(number=9))
    other.load(text.encode("utf-8"))
    assert other.solo == "axis" and other.number == 5
    assert other.game.to_json() == app.game.to_json() and other.match.length == app.match.length
    assert other.log_box.value.count("<details") == app.log_box.value.count("<details")
    assert other.log_box.value.count("why: ") == app.log_box.value.count("why: ")   # the computer's reasons again
    # the loaded game goes on the same way: the same play gives the same state
    a, b = app.game.active, other.game.active
    assert a == b
    app.board.end_button.click()
    other.board.end_button.click()
    assert other.game.to_json() == app.game.to_json()


@pytest.mark.parametrize("content", [
    b"not json at all",
    b"\xff\xfe\x00",
    json.dumps({"format": 1, "game": "memoir44", "scenario": "pegasus-bridge"}).encode(),
    json.dumps({"format": 1, "game": "undaunted", "scenario": "scenarios/undaunted/skirmish.yaml", "seed": 1,
                "actions": []}).encode(),
    json.dumps({"format": 1, "game": "undaunted", "scenario": "scenarios/undaunted/la-raye.yaml", "seed": 1,
                "actions": ["end"]}).encode(),
    json.dumps({"format": 1, "game": "undaunted", "scenario": "scenarios/undaunted/la-raye.yaml", "seed": 1,
                "actions": [], "solo": "nobody"}).encode(),
])
def test_load_refuses_a_file_that_is_not_a_saved_la_raye_game_in_one_line(content):
    app = ready(UndauntedGame(solo="axis", number=1))
    before = app.match
    with pytest.raises(InputError) as err:
        app.load(content)
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith("this file is not a saved La Raye game")
    assert app.match is before
    # through the Load button (an upload): one line on the page, the game unchanged
    app._on_upload({"new": ({"name": "x.json", "content": memoryview(content)},)})
    assert app.match is before and "could not be loaded" in app.status.value and "bad" in app.status.value


def test_new_game_deals_the_numbered_shuffle_and_the_coach_switches_off():
    app = ready(UndauntedGame(solo="axis", number=1))
    assert "What can I do now?" in app.coach.value and "The computer in your place" in app.coach.value
    assert UR.INITIATIVE.quote in app.coach.value
    app.coach_switch.value = False
    assert app.coach.value == ""
    hand1 = app.hand("allied")
    app.number_field.value = 7
    app.new_button.click()
    assert app.number == 7 and app.game.round == 1 and app.game.phase == "initiative"
    again = UndauntedGame(solo="axis", number=7)
    assert again.game.to_json() == app.game.to_json()
    app.new_game(1)
    assert app.hand("allied") == hand1


def test_the_log_says_each_players_step_as_a_sentence():
    """"You bid a card …" in a solo game, "The Allies bid" / "The Axis bids" in hot-seat: never
    "You: bids"."""
    solo = ready(UndauntedGame(solo="axis", number=5))
    solo.bid(sorted(solo.hand("allied"))[0])
    log = _words(solo.log_box.value)
    assert "You bid a card for the initiative, face down" in log and "You: bids" not in log
    seat = ready(UndauntedGame(number=4))
    seat.bid(sorted(seat.hand("allied"))[0])
    seat.pass_button.click()
    seat.bid(sorted(seat.hand("axis"))[0])
    log = _words(seat.log_box.value)
    assert "The Allies bid a card for the initiative" in log and "The Axis bids a card for the initiative" in log


def _words(value: str) -> str:
    import html
    import re
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())
