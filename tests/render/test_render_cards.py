"""Card rows: one layout (``CardRow.boxes``) drawn by SVG and canvas and picked exactly by pixel."""

import re
from fractions import Fraction

import pytest

from tutor.render.picking import CardPick, card_at
from tutor.render.scene import Card, card_scene
from tutor.render.svg import svg

EPS = Fraction(1, 10**6)


def rows(n_hand=3, n_long=0):
    return [("hand", [Card(f"Card {i}") for i in range(n_hand)], None, {"key": "hand"}),
            ("draw deck", [], 7, {"key": "draw"}),
            ("long", [Card(f"L{i}") for i in range(n_long)], None, {"key": "long"}),
            ("board", [Card("Rifle A", shape="token", colour="#0072b2")], None, {"key": "board"})]


def test_boxes_are_what_picking_returns_edges_included():
    sc = card_scene(rows(), width=560, card_w=52, card_h=64, label_w=84, gap=10)
    hand = sc.card_rows[0]
    for i, (x, y, w, h) in enumerate(hand.boxes()):
        assert card_at(sc, x, y) == CardPick("hand", i)                       # top-left corner: in
        assert card_at(sc, x + w - EPS, y + h - EPS) == CardPick("hand", i)   # just inside bottom-right
        assert card_at(sc, x + w, y + h / 2) == CardPick("hand")              # right edge: the gap
        assert card_at(sc, x + w / 2, y + h) == CardPick("hand")              # bottom edge: the band
        assert card_at(sc, x * 2 + 1, y * 2 + 1, dpr=2) == CardPick("hand", i)  # canvas pixels at dpr 2
    assert card_at(sc, 20, hand.y + 10) == CardPick("hand")                  # the row's name


def test_bands_tile_the_rows_without_overlap():
    sc = card_scene(rows(), width=560, card_w=52, card_h=64, label_w=84, gap=10)
    for a, b in zip(sc.card_rows, sc.card_rows[1:]):
        assert a.band[3] == b.band[1]
        assert card_at(sc, 5, a.band[3] - EPS).row == a.id
        assert card_at(sc, 5, b.band[1]).row == b.id
    assert card_at(sc, 5, sc.card_rows[0].band[1] - EPS) is None
    assert card_at(sc, sc.width, sc.card_rows[0].y + 5) is None                # right of the canvas


def test_the_face_down_pile_is_picked():
    sc = card_scene(rows(), width=560, card_w=52, card_h=64, label_w=84, gap=10)
    draw = sc.card_rows[1]
    x, y, w, h = draw.pile_box()
    assert (w, h) == (52 + 6, 64 + 6) and y == draw.y - 6
    assert card_at(sc, x + 1, y + h - 1) == CardPick("draw", None, True)
    assert card_at(sc, x + w + 30, draw.y + 30) == CardPick("draw")


def test_a_long_row_overlaps_to_fit_and_the_top_card_wins():
    sc = card_scene(rows(n_long=14), width=560, card_w=52, card_h=64, label_w=84, gap=10)
    long = sc.card_rows[2]
    boxes = long.boxes()
    assert boxes[-1][0] + 52 <= 560 - 12                       # the last card is on the canvas
    assert isinstance(long.step, Fraction) and long.step < 52
    for i in range(len(boxes) - 1):
        x_next = boxes[i + 1][0]
        assert card_at(sc, x_next - EPS, long.y + 5) == CardPick("long", i)      # visible strip of card i
        assert card_at(sc, x_next, long.y + 5) == CardPick("long", i + 1)        # card i+1 lies on top
    short = card_scene(rows(n_long=3), width=560, card_w=52, card_h=64, label_w=84, gap=10).card_rows[2]
    assert short.step is None and short.boxes()[1][0] - short.boxes()[0][0] == 58


def test_svg_draws_the_same_boxes():
    sc = card_scene(rows(), width=560, card_w=52, card_h=64, label_w=84, gap=10)
    text = svg(sc)
    for x, y, w, h in sc.card_rows[0].boxes():
        assert f'<rect x="{x}" y="{y}" width="{w}" height="{h}"' in text
    assert 'class="card token' in text and "7 face down" in text


def test_canvas_draws_the_same_boxes(monkeypatch):
    pytest.importorskip("ipycanvas")
    from ipycanvas import Canvas

    from tutor.render import canvas as cv
    got = []
    monkeypatch.setattr(Canvas, "fill_rects", lambda self, x, y, w, h: got.extend(zip(x, y, w, h)))
    sc = card_scene(rows(n_long=14), width=560, card_w=52, card_h=64, label_w=84, gap=10)
    cv.draw(Canvas(width=560, height=sc.height), sc, "marks")
    drawn = {tuple(float(v) for v in r) for r in got}
    for row in sc.card_rows:
        if row.id in ("hand", "long"):
            for box in row.boxes():
                assert tuple(float(v) for v in box) in drawn


def test_row_bands_and_notes_in_svg():
    sc = card_scene([("hand", [Card("A", role="removed")], None, {"key": "hand", "role": "answer",
                                                                    "note": "taken here\nshuffled"})],
                    width=400, card_w=52, card_h=64, label_w=84, gap=10)
    text = svg(sc)
    assert 'class="band answer"' in text
    assert re.findall(r'class="row-note"[^>]*>([^<]*)<', text) == ["taken here", "shuffled"]


def test_a_banded_rows_name_is_drawn_over_its_band():
    from tutor.render.scene import banded_labels
    sc = card_scene([("hand", [Card("A")], None, {"key": "hand", "role": "answer"}),
                     ("discard", [Card("B")], None, {"key": "discard"})], width=400, card_w=52, card_h=64,
                    label_w=84, gap=10)
    assert [lb.text for lb in banded_labels(sc)] == ["hand"]
    text = svg(sc)
    assert text.index('class="band answer"') < text.rindex('class="subtitle">hand<')


def test_a_card_title_too_wide_for_its_card_breaks_after_its_hyphen():
    """"Counter-Attack" is wider than a card: it breaks as "Counter-" / "Attack" (it overflowed
    the card, cut at its edge, in chapter 13's table); a word without a hyphen stands alone, a
    lone dash between words stays a word, and a title that fits is left whole."""
    from tutor.render.scene import CARD_INSET, text_width, title_lines
    room = 58 - 2 * CARD_INSET
    lines = title_lines("Counter-Attack", room, 9.5)
    assert lines == ["Counter-", "Attack"]
    widths = [text_width(t, 9.5, True) for t in lines]
    assert max(widths) <= 58 < text_width("Counter-Attack", 9.5, True)       # inside the card; whole, not
    assert title_lines("Counter-Attack", 500, 9.5) == ["Counter-Attack"]
    assert title_lines("A - B", room, 9.5) == ["A - B"]
    assert title_lines("Medics & Mechanics", room, 9.5) == ["Medics &", "Mechanics"]
    assert title_lines("Supercalifragilistic", room, 9.5) == ["Supercalifragilistic"]


def _names_clear_of_cards(sc) -> bool:
    """Every row's name ends before the row's first card (and its note), as drawn."""
    from tutor.render.scene import label_box
    names = {lb.text: label_box(lb) for lb in sc.labels}
    return all(names[r.name][2] < r.cards_x for r in sc.card_rows)


def test_a_long_row_name_widens_the_name_column():
    # "Center field general" ran into its row's "(empty)" on chapter 14's desk at label_w=110
    sc = card_scene([("Center field general", [], None), ("hand", [Card("A")], None)], label_w=60)
    assert _names_clear_of_cards(sc)
    assert sc.card_rows[0].cards_x == sc.card_rows[1].cards_x         # one column for every row
    short = card_scene([("hand", [Card("A")], None)], label_w=96)
    assert short.card_rows[0].cards_x == 12 + 96                      # a short name keeps the width asked


def test_the_team_play_tables_keep_names_clear_of_cards():
    from tutor.chapters import ch13, ch14
    for players in ((2, 2), (2, 1), (1, 2)):
        assert _names_clear_of_cards(ch13.table_scene(ch13.deal(*players, 5)))
    assert _names_clear_of_cards(ch14.desk_scene(ch14.new_game()))
