"""One interaction model on every Memoir '44 live board: a tap anywhere answers — an action, or a
line saying why nothing happens there (issue: taps off the board or between cards said nothing)."""

import pytest

pytest.importorskip("ipycanvas")


def test_order_board_answers_off_board_and_between_cards():
    from tutor.chapters import ch03
    b = ch03.OrderBoard()
    b.board.click(-40, -40)
    assert "off the board" in b.verdict.value
    b.verdict.value = ""
    b.hand.click(3, 3)                                      # the row's margin, not a card
    assert "Tap one of the cards" in b.verdict.value
    b.tap_card(0)                                           # a card: played
    assert b.game.phase != "play"


def test_air_strike_answers_off_board():
    from tutor.chapters import ch12
    a = ch12.AirStrike(seed=12)
    a.board.click(-40, -40)
    assert "off the board" in a.status.value


def test_alliance_table_answers_between_cards():
    from tutor.chapters import ch13
    t = ch13.AllianceTable(seed=13)
    t.status.value = ""
    t.board.click(2, 2)
    assert "Tap a card" in t.status.value


def test_chief_desk_answers_off_board_and_off_cards():
    from tutor.chapters import ch14
    d = ch14.ChiefDesk(seed=14)
    d.board.click(-40, -40)
    assert "off the board" in d.status.value
    d.status.value = ""
    d.cards.click(2, 10_000)
    assert "Tap a card" in d.status.value
