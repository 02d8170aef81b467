"""Property tests over random scenarios and random legal action sequences."""

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.errors import IllegalAction, InputError
from tutor.memoir import combat, movement
from tutor.memoir.objectives import objective_medals
from tutor.memoir.playout import playout, random_scenario_data
from tutor.memoir.retreat import ruling
from tutor.memoir.scenario import SIDES
from tutor.memoir.state import from_scenario, order
from tutor.memoir.terrain import TERRAIN
from tutor.scenario import from_data

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def scenario(seed):
    rng = random.Random(seed)
    return from_scenario(from_data(random_scenario_data(rng, units=rng.randint(2, 24),
                                                       terrain=rng.randint(0, 40)), "<random>"))


class Checker:
    def __init__(self, state0, seed):
        self.full = {u.uid: u.figures for u in state0.units.values()}
        self.side = {u.uid: u.side for u in state0.units.values()}
        self.last = dict(self.full)
        self.rng = random.Random(seed)
        self.hexes = sorted(state0.board.hexes)
        self.tried = 0

    def __call__(self, s, events):
        uids = [u.uid for u in s.units.values()]
        assert len(uids) == len(set(uids)), "a unit is on two hexes"
        assert all(h in s.board.hexes for h in s.units), "a unit is off the board"
        for h, u in s.units.items():
            assert 1 <= u.figures <= self.last[u.uid], "figures increased or reached 0 on the board"
            self.last[u.uid] = u.figures
            assert u.kind not in TERRAIN[s.terrain.get(h, "countryside")].impassable
        gone = set(self.full) - set(uids)
        obj = objective_medals(s.objectives, s.held)
        for side in SIDES:
            assert s.kills[side] == sum(1 for x in gone if self.side[x] != side)
            assert s.medals[side] == s.kills[side] + obj[side]
        for e in events:
            assert e.text and e.rule is not None and e.rule.file.startswith("memoir44")
        self.try_illegal(s)

    def try_illegal(self, s):
        """Random actions: either legal, or refused with the state left exactly as it was."""
        before = repr(s)
        rng = self.rng
        for _ in range(2):
            a, b = rng.choice(self.hexes), rng.choice(self.hexes)
            if rng.random() < 0.5 and s.units:
                a = rng.choice(sorted(s.units))
            action = rng.choice(("move", "battle", "take", "wire", "retreat", "moves"))
            try:
                if action == "move":
                    movement.move(s, a, b)
                elif action == "battle":
                    combat.battle(s, a, b, random.Random(rng.random()))
                elif action == "take":
                    combat.take_ground(s, a)
                elif action == "wire":
                    combat.remove_wire(s, a)
                elif action == "retreat":
                    ruling(s, a, rng.randint(0, 4), rng.randint(0, 2))
                else:
                    movement.legal_moves(s, a)
            except (IllegalAction, InputError) as exc:
                assert str(exc)
                self.tried += 1
            assert repr(s) == before


@SETTINGS
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_invariants_over_random_playouts(seed):
    s0 = scenario(seed)
    check = Checker(s0, seed)
    r = playout(s0, seed, max_turns=12, on_action=check)
    assert r.turns >= 1 or not any(u.side == "allied" for u in s0.units.values())


@SETTINGS
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_same_seed_same_game(seed):
    s0 = scenario(seed)
    log1, log2 = [], []
    r1 = playout(s0, seed, max_turns=10, on_action=lambda s, ev: log1.extend(e.text for e in ev))
    r2 = playout(s0, seed, max_turns=10, on_action=lambda s, ev: log2.extend(e.text for e in ev))
    assert r1.state == r2.state and log1 == log2


@SETTINGS
@given(seed=st.integers(0, 2 ** 32 - 1), flags=st.integers(0, 4))
def test_retreat_ruling_is_consistent(seed, flags):
    s = scenario(seed)
    for h, u in sorted(s.units.items())[:6]:
        r = ruling(s, h, flags, None)
        assert r.losses + r.retreat == r.moves_required or (r.losses == 0 and r.retreat == r.moves_required)
        for p in r.paths:
            assert p[0] == h and p[-1] in r.destinations
            assert r.retreat <= len(p) - 1 <= r.retreat_max
            assert all(q not in s.units for q in p[1:])
            dr = s.baseline_step(u.side)
            assert all(b[1] - a[1] == dr for a, b in itertools.pairwise(p))
        if r.retreat == 0:
            assert r.destinations == (h,)


@SETTINGS
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_legal_moves_are_moves(seed):
    s = scenario(seed)
    side = "allied"
    mine = sorted(h for h, u in s.units.items() if u.side == side)[:4]
    if not mine:
        return
    s, _ = order(s, side, mine)
    for h in mine:
        m = movement.legal_moves(s, h)
        assert not (set(m.reachable) & set(m.refused))
        for dest, reach in m.reachable.items():
            s2, _ev = movement.move(s, h, dest)
            assert s2.units[dest].uid == s.units[h].uid and h not in s2.units
            rec = s2.records[s.units[h].uid]
            assert rec.moved == reach.cost and (rec.no_battle is None) == reach.can_battle


@SETTINGS
@given(st.integers(0, 10 ** 6), st.sampled_from([None, (3, 2, False), (3, 0, False), (3, 3, True), (3, 99, True)]))
def test_fast_search_finds_what_the_explaining_search_finds(seed, override):
    """The fast search (hexes and costs) and the explaining one (refusals too) agree on every
    reachable hex, its path, cost and battle ruling, for a unit's own move and a card's."""
    s = scenario(seed)
    rng = random.Random(seed)
    hexes = sorted(s.board.hexes)
    for h, u in s.units.items():
        start = h if rng.random() < 0.5 else rng.choice(hexes)
        allow, limit, ignore = override or (None, None, False)
        sp = movement.spec(u, allow, limit, ignore_terrain=ignore)
        fast = movement.destinations(s, h, u, start, allowance=allow, battle_limit=limit, ignore_terrain=ignore)
        slow, refused, _, _ = movement._search(s, h, u, start, True, sp)
        assert fast == slow
        assert not (set(fast) & set(refused))
        m = movement.legal_moves(s, h, allowance=allow, battle_limit=limit, ignore_terrain=ignore)
        own = movement.destinations(s, h, u, h, allowance=allow, battle_limit=limit, ignore_terrain=ignore)
        assert m.reachable == own and not (set(m.reachable) & set(m.refused))
