"""No text overflows an Undaunted card or token (issue 18.5): every card face, every unit token on
the board and in the casualty drill's rows, with the printed English names of every unit type,
both sides, every squad letter, ready and suppressed, with the captions the drills write.

The boxes are measured the way tests/render/test_render_labels.py measures Memoir labels
(``scene.text_width``: generous DejaVu Sans advance widths, so a box is never smaller than what
a browser draws); the texts are laid out by the same functions both renderers draw them with
(``scene.card_text`` for card rows, ``scene.chip_text`` for board chips).
"""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from tutor.render.scene import CARD_INSET, Card, Chip, card_text, chip_text, text_box, token_body
from tutor.render.undaunted import CARD_W, TOKEN_H, TOKEN_W, card_title, render_card, token_text
from tutor.undaunted.cards import CARD_IDS, CARDS, SQUADS, UNIT_IDS

SIDES = ("allied", "axis")
CASUALTY_H = 64          # the casualty drill's card height (tutor.widgets.casualty_drill.CARD_H)


def inside(box, area, inset=CARD_INSET) -> bool:
    x0, y0, x1, y1 = box
    ax, ay, aw, ah = area
    return ax + inset <= x0 and x1 <= ax + aw - inset and ay + inset <= y0 and y1 <= ay + ah - inset


def card_overflows(card: Card, w: float, h: float) -> list[str]:
    """The texts of a card-row slot that leave their shape (title: the card or the token's body;
    caption: the slot) or meet another text."""
    texts = card_text(card, w, h)
    if card.shape == "token":
        body = token_body(w, h)
    elif card.shape == "die":
        sz = min(w, h - 14)
        body = ((w - sz) / 2, 0, sz, sz)
    else:
        body = (0, 0, w, h)
    bad = []
    boxes = []
    for text, size, bold, _, x, y in texts:
        box = text_box(text, size, bold, x, y)
        caption = card.shape in ("token", "die") and y > body[1] + body[3]
        if not inside(box, (0, 0, w, h) if caption else body, 0 if caption else CARD_INSET):
            bad.append(f"{text!r} ({box[2] - box[0]:.1f} px) leaves its {'slot' if caption else card.shape}")
        boxes.append((text, box))
    for (a, ba), (b, bb) in combinations(boxes, 2):
        if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]:
            bad.append(f"{a!r} meets {b!r}")
    return bad


def test_the_check_catches_the_old_overflows():
    """The casualty drill's old 52 px cards and tokens: "Sergeant" wider than the card, the old
    caption "17B cover 3/1 sup." wider than the token's slot, a name wider than a token."""
    assert card_overflows(Card("Platoon Sergeant"), 52, 64)
    assert card_overflows(Card("MG A", True, None, "17B cover 3/1 sup.", "token"), 52, 64)
    assert card_overflows(Card("Machinegunners", True, None, "", "token"), CARD_W, 64)
    assert not card_overflows(Card("Machine Gunner A"), CARD_W, 64)


def test_names_are_the_printed_card_titles():
    """One source of names: the English edition's card titles (``Card.title_en``), with the squad."""
    assert card_title("riflemen-a") == "Rifleman A" and card_title("machine-gunners-c") == "Machine Gunner C"
    assert card_title("squad-leader-b") == "Squad Leader B" and card_title("fog-of-war") == "Fog of War"
    for cid in CARD_IDS:
        c = CARDS[cid]
        assert c.title_en and card_title(cid).upper() == " ".join(filter(None, (c.title_en, (c.squad or "").upper())))


@pytest.mark.parametrize("card_h", [CASUALTY_H, 80])
@pytest.mark.parametrize("role", [None, "hit", "removed", "new"])
def test_every_card_face_fits(card_h, role):
    for cid in CARD_IDS:
        card = render_card(cid, role)
        assert card_overflows(card, CARD_W, card_h) == [], cid
        card = Card(card_title(cid), True, role, "" if CARDS[cid].unit else "no token")
        assert card_overflows(card, CARD_W, card_h) == [], cid


def captions():
    """Every caption the casualty drill writes under a token: card counts, a tile with its cover
    (the widest tile labels, hill cover), suppressed."""
    yield "1 card"
    yield "12 cards"
    for tile in ("1A", "17B", "12A"):
        for cover in ("cover 0", "cover 3", "hill 3/1"):
            yield f"{tile} {cover}"
            yield f"{tile} {cover}\nsuppressed"
    yield "off board"


def test_every_token_in_the_card_rows_fits():
    for unit in UNIT_IDS:
        for role in (None, "hit", "selected", "target", "removed"):
            for cap in captions():
                card = Card(card_title(unit), True, role, cap, "token", "#0072b2")
                assert card_overflows(card, CARD_W, CASUALTY_H) == [], (unit, cap)


def test_every_unit_token_on_the_board_fits():
    """A board chip per unit (every type, squad A/B/C), both sides, ready and suppressed: its
    label's lines lie inside the chip."""
    assert {CARDS[u].squad for u in UNIT_IDS} == set(SQUADS) | {None}
    for unit in UNIT_IDS:
        for side in SIDES:
            for kind in ("token", "suppressed"):
                ch = Chip(kind, 100, 100, TOKEN_W, TOKEN_H, token_text(unit), side)
                lines = chip_text(ch)
                assert " ".join(t for t, *_ in lines) == card_title(unit)
                for text, size, bold, x, y in lines:
                    box = text_box(text, size, bold, x, y)
                    assert inside(box, (ch.x, ch.y, ch.w, ch.h), 1), (unit, text, box)
                assert all(a[4] + a[1] * 0.24 <= b[4] - b[1] * 0.76 for a, b in pairwise(lines)), unit


def test_the_drills_as_drawn_overflow_nowhere():
    """Every card and token the casualty drill and the live board actually draw, in both of the
    drill's modes and on every chapter's board."""
    pytest.importorskip("ipywidgets")
    from tutor.chapters import und21, und22, und23, und24, und26, und27, und28
    from tutor.widgets import CasualtyDrill
    scenes = [CasualtyDrill(seed=1).board.scene, CasualtyDrill(seed=1, mode="attack").board.scene]
    d = CasualtyDrill(seed=1, mode="attack")
    d.choose(attacker="machine-gunners-c", target="machine-gunners-a")
    d.face(0)
    d.face(0)
    scenes.append(d.board.scene)
    for make in (und21.la_raye_board, und22.turn_board, und23.move_board, und24.support_board, und26.round_board,
                 und27.objective_board, und28.roles_board):
        scenes.append(make().board.scene)
    cards = chips = 0
    for sc in scenes:
        for row in sc.card_rows:
            for card, (_, _, w, h) in zip(row.cards, row.boxes()):
                assert card_overflows(card, w, h) == [], card
                cards += 1
        for ch in sc.chips:
            if ch.kind in ("token", "suppressed"):
                for text, size, bold, x, y in chip_text(ch):
                    assert inside(text_box(text, size, bold, x, y), (ch.x, ch.y, ch.w, ch.h), 1), text
                chips += 1
    assert cards > 30 and chips > 20

