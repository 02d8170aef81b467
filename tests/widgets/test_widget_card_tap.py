"""A question answered by tapping a card (TapQuestion of a card question): the cards are the
engine's, drawn as the course's card rows; the engine rules on each tap (which card has the action
asked about), a wrong first tap gets the hint and a second try, two wrong taps or "Show me" outline
the answer, and only a right tap before that counts as solved."""

from __future__ import annotations

import re

from tutor.quiz import card_question, live
from tutor.undaunted.cards import CARDS
from tutor.widgets.tap_question import TapQuestion

HAND = ("riflemen-a", "fog-of-war", "scouts-b", "fog-of-war")
SUPPLY = ("machine-gunners-a", "platoon-sergeant")


def no_actions(cards):
    """The cards with no action: asked of the card data each time."""
    return cards.places(lambda c: not CARDS[c].actions), "<p>It has no actions.</p>"


def scouting(cards):
    return cards.places(lambda c: any(a.name == "scout" for a in CARDS[c].actions)), "<p>It scouts.</p>"


def outcome(w):
    m = re.search(r'data-tutor-outcome="(\w+)"', w.outcome.value)
    return m[1] if m else ""


def test_a_hand_of_real_cards_tapped_by_pixels_wrong_then_right():
    q = card_question("t.fog", "<p>Which card gives no action?</p>", [("your hand", HAND)], no_actions,
                      hint="<p>Look for a card without actions.</p>")
    assert live(q) and q.taps == "card"
    assert q.board.places(lambda c: c == "fog-of-war") == {("your hand", 1), ("your hand", 3)}
    assert q.rule_fn()[0] == "Fog of War"                       # two copies, named once
    w = TapQuestion(q, chapter="21-undaunted-components-and-setup.ipynb")
    (row,) = w.board.scene.card_rows
    assert [c.title for c in row.cards] == ["Rifleman A", "Fog of War", "Scout B", "Fog of War"]
    assert w.stage == "asking" and "Tap a card" in w.status.value
    w.tap_place(("your hand", 0))
    assert w.stage == "hint" and outcome(w) == "tried" and "Rifleman A" in w.status.value
    assert "without actions" in w.why.value
    assert [c.role for c in w.board.scene.card_rows[0].cards] == ["wrong", None, None, None]
    w.tap_place(("your hand", 3))
    assert w.stage == "solved" and outcome(w) == "solved" and "Right." in w.status.value
    assert w.board.scene.card_rows[0].cards[3].role == "right"


def test_a_tap_beside_the_cards_asks_again_and_two_rows_name_their_row():
    q = card_question("t.scout", "<p>Which card scouts?</p>", [("your hand", HAND), ("the supply", SUPPLY)],
                      scouting)
    w = TapQuestion(q, chapter="21-undaunted-components-and-setup.ipynb")
    w.click(2, 2)                                                 # the margin: no card
    assert w.stage == "asking" and "Tap a card" in w.status.value
    w.tap_place(("the supply", 1))
    w.tap_place(("your hand", 1))
    assert w.stage == "shown" and outcome(w) == "shown" and "Not quite" in w.status.value
    assert "Scout B in your hand" in w.status.value and "outlined green" in w.status.value
    roles = {(r.id, i): c.role for r in w.board.scene.card_rows for i, c in enumerate(r.cards) if c.role}
    assert roles == {("your hand", 2): "right", ("your hand", 1): "wrong", ("the supply", 1): "wrong"}


def test_show_me_outlines_what_the_engine_accepts_not_a_key():
    q = card_question("t.none", "<p>?</p>", [("your hand", HAND)],
                      lambda cards: (cards.places(lambda c: c == "scouts-b"), "<p>why</p>"))
    w = TapQuestion(q, chapter="21-undaunted-components-and-setup.ipynb")
    w.show()
    assert w.stage == "shown" and "The answer is “Scout B”" in w.status.value
    assert [c.role for c in w.board.scene.card_rows[0].cards] == [None, None, "right", None]
    w.tap_place(("your hand", 2))
    assert outcome(w) == "shown"
