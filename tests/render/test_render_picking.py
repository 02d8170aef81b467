"""Exact picking: every pixel has one hex; points just inside every edge and at corners."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.hexes import BOARDS, corners, neighbours
from tutor.render.picking import Geometry, contains, hex_at_lattice, pick

G = Geometry()
STD = BOARDS["standard"]
EPS = Fraction(1, 10**6)


def sample_hexes():
    return sorted(STD.hexes, key=lambda h: (h[1], h[0]))


@pytest.mark.parametrize("h", sample_hexes())
def test_centre_round_trip(h):
    x, y = G.centre(h)
    assert pick(G, STD, x, y) == h
    assert pick(G, STD, x * 2, y * 2, dpr=2) == h


@pytest.mark.parametrize("h", sample_hexes())
def test_points_just_inside_every_edge(h):
    """Midpoints of the six edges, nudged towards the centre by 1e-6 px, pick the hex itself;
    nudged outwards they pick the neighbour across that edge."""
    cx, cy = G.centre(h)
    pts = G.polygon(h)
    across = {}
    for i in range(6):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % 6]
        mx, my = Fraction(x0 + x1, 2), Fraction(y0 + y1, 2)
        ix, iy = mx + (cx - mx) * EPS, my + (cy - my) * EPS
        assert pick(G, STD, ix, iy) == h, (h, i)
        ox, oy = mx - (cx - mx) * EPS, my - (cy - my) * EPS
        got = pick(G, STD, ox, oy, half_hexes=True)
        across[i] = got
        if got is not None:
            assert got in neighbours(h)
    # the six outward probes land in six different hexes (where they exist)
    found = [v for v in across.values() if v is not None]
    assert len(found) == len(set(found))


@pytest.mark.parametrize("h", sample_hexes())
def test_edges_and_corners_go_to_the_hex_on_the_right(h):
    """Tie rule: a point exactly on an edge or corner belongs to the hex just to its right."""
    pts = G.polygon(h)
    for i in range(6):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % 6]
        for t in (Fraction(0), Fraction(1, 3), Fraction(1, 2)):
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            expect = pick(G, STD, Fraction(x) + EPS, y, half_hexes=True)
            assert pick(G, STD, x, y, half_hexes=True) == expect


def test_a_hex_owns_its_left_edges_and_left_corners_only():
    for (cx, cy) in corners((0, 0)):
        owner = hex_at_lattice(Fraction(cx), Fraction(cy))
        assert owner == ((0, 0) if cx == -1 else owner)
        assert (owner == (0, 0)) == (cx == -1)
    assert contains((0, 0), Fraction(-1), Fraction(0))          # left edge
    assert not contains((0, 0), Fraction(1), Fraction(0))       # right edge
    assert hex_at_lattice(Fraction(1), Fraction(0)) == (2, 0)


@settings(max_examples=400, deadline=None)
@given(st.fractions(min_value=-3, max_value=30), st.fractions(min_value=-4, max_value=30))
def test_exactly_one_hex_holds_every_point(lx, ly):
    owners = [(c, r) for r in range(-3, 13) for c in range(-4, 32) if (c + r) % 2 == 0 and contains((c, r), lx, ly)]
    assert len(owners) == 1
    assert hex_at_lattice(lx, ly) == owners[0]


def test_off_board_and_half_hexes():
    assert pick(G, STD, 0, 0) is None
    assert pick(G, STD, G.ox - 1, G.centre((0, 0))[1]) is None
    x, y = G.centre((1, 1))
    left_half = (G.ox + 3, y)
    assert pick(G, STD, *left_half) is None
    assert pick(G, STD, *left_half, half_hexes=True) == (-1, 1)
    right_edge = G.point(2 * STD.width - 1, 3)[0]
    assert pick(G, STD, right_edge, y, half_hexes=True) is None     # the board is half-open on the right
    assert pick(G, STD, right_edge - EPS, y, half_hexes=True) == (25, 1)


def test_float_pixels_from_the_browser_are_exact():
    x, y = G.centre((6, 4))
    assert pick(G, STD, float(x) + 0.25, float(y) - 0.5) == (6, 4)
    assert pick(G, STD, 2.0 * x + 0.5, 2.0 * y, dpr=2) == (6, 4)
    with pytest.raises(TypeError):
        pick(G, STD, float("nan"), 3)
