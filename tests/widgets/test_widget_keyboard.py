"""Every live board answers the keyboard as it answers a tap (issue 18, item 7): the Hex field
(``tutor.widgets.base.hex_field``) calls the handler a tap on that hex calls, a bad entry gets
one line in the board's own coordinate words and changes nothing, and the board's text
alternative follows the answer. Card rows get buttons (Tab, Enter) calling what a card tap calls.
"""

from __future__ import annotations

import re

import pytest

from tutor.chapters import ch02, ch03, ch12, ch13, ch14
from tutor.hexes import BOARDS
from tutor.widgets.base import hex_entry

STANDARD = BOARDS["standard"]


def plain(html: str) -> str:
    html = re.sub(r"<(style|details)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize(("typed", "why"), [
    ("B7", "“B7” is not a hex: type its column and row as two numbers, for example 12,4 (columns 0–24, rows 0–8)."),
    ("3,4", "There is no hex 3,4: column + row is always even (columns 0–24, rows 0–8)."),
    ("30,2", "30,2 is not on this board: columns 0–24, rows 0–8, column + row even."),
    ("4,10", "4,10 is not on this board: columns 0–24, rows 0–8, column + row even."),
    ("25,3", "25,3 is a half hex cut by the board edge, not played: columns 0–24, rows 0–8, column + row even."),
])
def test_a_bad_entry_says_what_is_wrong_and_what_is_allowed(typed, why):
    assert hex_entry(typed, STANDARD) == (None, why)


def test_a_good_entry_is_the_hex_spaces_allowed_around_the_comma():
    assert hex_entry("12,6", STANDARD) == ((12, 6), "")
    assert hex_entry(" 0 , 8 ", STANDARD) == ((0, 8), "")
    assert hex_entry("24,0", STANDARD) == ((24, 0), "")


def test_the_overlord_board_is_described_in_its_own_size():
    overlord = BOARDS["overlord"]
    assert hex_entry("50,0", overlord) == ((50, 0), "")
    assert hex_entry("52,0", overlord)[1] == "52,0 is not on this board: columns 0–50, rows 0–8, column + row even."


def typed_and_tapped(make, typed: str, tap, read):
    """The widget's answer to a hex typed in its Hex field, and a fresh widget's to a tap there."""
    a, b = make(), make()
    a.hex_input.value = typed
    tap(b)
    assert a.hex_input.value == ""                                    # ready for the next hex
    return read(a), read(b)


def test_chapter_2_a_typed_hex_is_a_tap():
    def make():
        w = ch02.SetupWalk()
        w.go(4)                                                       # step 5: units on the board
        return w
    typed, tapped = typed_and_tapped(make, "0,0", lambda w: w.board.click(*w.board.scene.geometry.centre((0, 0))),
                                     lambda w: w.status.value)
    assert typed == tapped
    assert plain(typed) == "0,0 after step 5: a town (step 3); Axis infantry, 4 figures (step 5)."


def test_chapter_2_a_hex_tells_what_a_later_step_lays_there():
    w = ch02.SetupWalk()
    w.tap((6, 2))
    assert plain(w.status.value) == "6,2 after step 1: countryside, nothing on it yet — step 3 lays a river hex here."
    w.go(12)
    w.tap((6, 2))
    assert plain(w.status.value) == ("6,2 after step 13: a river hex (step 3); a bridge over it (step 4); "
                                     "an Allied victory medal (step 6).")
    assert "6,2 after step 13" in plain(w.alt.value)                  # the text alternative follows


def test_chapter_3_a_typed_hex_orders_the_unit_a_tap_orders():
    def make():
        b = ch03.OrderBoard()
        b.card_buttons.children[0].click()                            # the keyboard's way to the first card
        return b
    typed, tapped = typed_and_tapped(make, "9,7", lambda b: b.board.click(*b.board.scene.geometry.centre((9, 7))),
                                     lambda b: (b.verdict.value, b.game.turn.ordered))
    assert typed == tapped
    assert "receives an order" in typed[0] and (9, 7) in typed[1]


def test_chapter_3_card_buttons_play_what_a_card_tap_plays():
    a, b = ch03.OrderBoard(), ch03.OrderBoard()
    assert [x.description for x in a.card_buttons.children] == [ch03.C.name(c) for c in a.cards()]
    a.card_buttons.children[1].click()
    b.tap_card(1)
    assert a.verdict.value == b.verdict.value and a.game.turn.cards == b.game.turn.cards


def test_chapter_3_a_bad_entry_changes_nothing():
    b = ch03.OrderBoard()
    b.card_buttons.children[0].click()
    game = b.game
    b.hex_input.value = "9,71"
    assert plain(b.verdict.value) == "9,71 is not on this board: columns 0–24, rows 0–8, column + row even."
    assert b.game is game
    assert "9,71 is not on this board" in plain(b.alt.value)


def test_chapter_12_a_typed_hex_targets_what_a_tap_targets():
    typed, tapped = typed_and_tapped(lambda: ch12.AirStrike(seed=12), "10,2",
                                     lambda a: a.board.click(*a.board.scene.geometry.centre((10, 2))),
                                     lambda a: (a.status.value, a.targets, a.faces))
    assert typed == tapped and typed[1] == [(10, 2)]
    a = ch12.AirStrike(seed=12)
    a.hex_input.value = "0,8"
    assert plain(a.status.value).endswith("0,8 holds no enemy unit: Air Power targets enemy units.")
    a.hex_input.value = "air"
    assert plain(a.status.value).endswith("“air” is not a hex: type its column and row as two numbers, "
                                          "for example 12,4 (columns 0–24, rows 0–8).")
    assert a.targets == []
    a.hex_input.value = "10,2"
    assert "Targets: 10,2" in plain(a.alt.value)


def test_chapter_13_card_buttons_play_the_card_or_refuse_it_as_a_tap_does():
    t = ch13.AllianceTable(seed=13)
    first = t.game
    shown = [(row, c) for row, cards in ch13.table_cards(first) for c in cards]
    assert [b.description for b in t.buttons.children] == [f"{ch13.row_name(r)}: {ch13.C.name(c)}" for r, c in shown]
    # The Axis starting player's first card, not the Allies starting player's to play: the button
    # gives the tap's refusal, rule cited.
    i = next(i for i, (r, _) in enumerate(shown) if r == "axis.1")
    t.buttons.children[i].click()
    by_key = t.status.value
    t.board.click(*centre(t.board.scene, "axis.1", 0))
    assert t.status.value == by_key and "belongs to the Axis starting player: it is the Allies starting player" in plain(by_key)
    assert 'data-rule="m44.alliance.active"' in by_key and "belongs to the Axis starting player" in plain(t.alt.value)
    assert t.game is first and t.turns == [] and t.history == []
    t.buttons.children[0].click()                                  # the active player's own card: played
    assert t.game is not first and t.turns == [first.player]
    assert "Turn 1" in plain(t.status.value) and "Turn 1" in plain(t.alt.value)


def centre(scene, row: str, index: int) -> tuple[float, float]:
    """The middle of card ``index`` of the table's row ``row``."""
    x, y, w, h = next(r for r in scene.card_rows if r.id == row).boxes()[index]
    return x + w / 2, y + h / 2


def test_chapter_14_hand_buttons_and_a_typed_hex_give_the_card():
    def make():
        d = ch14.ChiefDesk(seed=14)
        names = [b.description for b in d.hand_buttons.children]
        d.hand_buttons.children[names.index("Attack Center")].click()
        return d
    typed, tapped = typed_and_tapped(make, "25,5", lambda d: d.board.click(*d.board.scene.geometry.centre((25, 5))),
                                     lambda d: (d.status.value, d.game.turn.given))
    assert typed == tapped and len(typed[1]) == 1
    d = make()
    left = len(d.hand_buttons.children)
    d.hex_input.value = "25,5"
    assert len(d.hand_buttons.children) == left - 1                   # the card given leaves the buttons
    d = make()
    d.hex_input.value = "52,4"
    assert plain(d.status.value).endswith("52,4 is not on this board: columns 0–50, rows 0–8, column + row even.")
    assert d.game.turn.given == make().game.turn.given


def test_every_field_is_labelled_and_answers_like_the_drills():
    from tutor.widgets.base import hex_field
    fields = [ch02.SetupWalk().hex_input, ch03.OrderBoard().hex_input, ch12.AirStrike().hex_input,
              ch14.ChiefDesk().hex_input]
    assert {(f.description, type(f).__name__, f.continuous_update) for f in fields} == {("Hex", "Text", False)}
    assert all("tutor-hex-field" in f._dom_classes for f in fields)
    assert hex_field.__module__ == "tutor.widgets.base"


def test_the_undaunted_tile_field_is_the_hex_fields_code():
    """One field for every live board: the Undaunted board's Tile field is made by the same
    function as the Memoir boards' Hex field (label, tooltip, Enter = a tap, one line when bad)."""
    from tutor.chapters import und26
    from tutor.widgets.base import place_field
    b = und26.round_board()
    hexes = ch02.SetupWalk().hex_input
    field = b.tile_input
    assert (field.description, field.continuous_update, field.layout.width) == ("Tile", False, hexes.layout.width)
    assert field.tooltip == hexes.tooltip.replace("a hex as column,row", "a tile's label")
    assert "tutor-tile-field" in field._dom_classes and field in b.children[1].children
    field.value = "8a"                                   # typed (any case) = a tap on the tile
    tapped = und26.round_board()
    tapped.tap_tile("8A")
    assert b.value.card == tapped.value.card == "scouts-b" and b.status.value == tapped.status.value
    assert place_field.__module__ == "tutor.widgets.base"


def test_buttons_of_one_look_share_their_layout_and_style():
    """Each widget model costs the browser before a page's first board draws: the card buttons and
    the small buttons share one layout and one style per look, and none of them changes it."""
    from tutor.widgets.base import choice_buttons, small_button
    picked = []
    row = choice_buttons([("Attack Center", "a"), ("Recon Left Flank", "b")], picked.append)
    other = choice_buttons([("Ambush", "c")], picked.append)
    assert row[0].layout is row[1].layout is other[0].layout and row[0].style is other[0].style
    assert (row[0].layout.width, row[0].layout.height) == ("auto", "40px")
    small = small_button("Undo", "undo"), small_button("Reset")
    assert small[0].layout is small[1].layout is not row[0].layout and small[0].layout.min_width == "64px"
    row[1].click()
    other[0].click()
    assert picked == ["b", "c"]
