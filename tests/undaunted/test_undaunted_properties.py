"""Properties under random legal play (hypothesis): conservation, casualties, seeds, refusals."""

import random
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.errors import IllegalAction
from tutor.undaunted import (
    CARDS,
    SIDES,
    EndTurn,
    Play,
    RevealInitiative,
    Withdraw,
    apply,
    legal_actions,
    load_scenario,
    new_game,
    playout,
    random_action,
)

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = [load_scenario(ROOT / "scenarios" / "undaunted" / f) for f in ("worked-example.yaml", "skirmish.yaml")]
ACTIONS = ("move", "guide", "scout", "stalk", "bolster", "command", "conceal", "control", "inspire",
           "recon", "target", "attack", "suppress", "blast", "ready", "fly")
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(before, action, step):
    after = step.state
    for side in SIDES:
        zb, za = before.zones_of(side), after.zones_of(side)
        # every side's cards are conserved across the six zones
        assert za.census() == zb.census(), (side, action)
        # only casualties and recon put cards out of the game, one each
        out_new = len(za.out) - len(zb.out)
        n_cas = sum(1 for e in step.events if e.kind == "casualty" and e.side == side and e.data["removed_from"])
        n_recon = sum(1 for e in step.events if e.kind == "recon" and e.side == side and "leaves" in e.text)
        assert out_new == n_cas + n_recon
        assert not (Counter(zb.out) - Counter(za.out))          # nothing comes back from "out"
    for e in step.events:
        if e.kind == "casualty":
            assert e.data["removed_from"] in ("hand", "discard", "draw", None)
    if isinstance(action, Play) and action.action in ("attack", "blast", "suppress"):
        # combat never touches a supply or the table (only the played card lands on the table)
        for side in SIDES:
            assert after.zones_of(side).supply == before.zones_of(side).supply
        tb, ta = before.zones_of(action.side).table, after.zones_of(action.side).table
        assert ta == tb + (action.card,)
    # control markers are never removed, and never both controlled on one tile
    for side in SIDES:
        assert set(before.control_markers(side)) <= set(after.control_markers(side))
    a, x = after.control_markers("allied"), after.control_markers("axis")
    assert not any(a[t] == x.get(t) == "controlled" for t in a)
    # a token is on a real tile; a token off the board is never suppressed
    for t in after.tokens:
        assert t.tile is None or t.tile in after.board
        assert not (t.tile is None and t.suppressed)


@FAST
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(SCENARIOS) - 1))
def test_random_legal_play_keeps_the_invariants(seed, which):
    res = playout(SCENARIOS[which], seed=seed, max_rounds=8, check=check_invariants)
    assert res.actions > 0


@FAST
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(SCENARIOS) - 1))
def test_a_seed_gives_the_same_game(seed, which):
    a = playout(SCENARIOS[which], seed=seed, max_rounds=5, keep_log=True)
    b = playout(SCENARIOS[which], seed=seed, max_rounds=5, keep_log=True)
    assert a.state == b.state and a.state.to_json() == b.state.to_json()
    assert [x for x, _ in a.log] == [x for x, _ in b.log]
    assert [[e.text for e in ev] for _, ev in a.log] == [[e.text for e in ev] for _, ev in b.log]


def random_maybe_illegal(s, rng):
    side = rng.choice(SIDES)
    cards = list(CARDS)
    tiles = [t.id for t in s.board.tiles] + ["nowhere"]
    units = list(CARDS)[:11] + ["nobody"]
    kind = rng.randrange(4)
    if kind == 0:
        return EndTurn(side)
    if kind == 1:
        return Withdraw(side, rng.choice(cards))
    if kind == 2:
        return RevealInitiative(rng.choice(cards + [None]), rng.choice(cards + [None]))
    path = tuple(rng.choice(tiles) for _ in range(rng.randrange(0, 4)))
    return Play(side, rng.choice(cards), rng.choice(ACTIONS), path=path,
                unit=rng.choice(units + [None]), target=rng.choice(tiles + units + [None]),
                cards=tuple(rng.choice(cards) for _ in range(rng.randrange(0, 4))),
                count=rng.choice([None, -1, 0, 1, 2, 3]), deploy=rng.choice(tiles + [None]))


@FAST
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(SCENARIOS) - 1))
def test_illegal_actions_leave_the_state_unchanged(seed, which):
    rng = random.Random(seed)
    s = new_game(SCENARIOS[which], rng)
    refused = 0
    for _ in range(150):
        if s.over:
            break
        a = random_maybe_illegal(s, rng)
        before_json, before = s.to_json(), s
        try:
            step = apply(s, a, rng)
        except IllegalAction as exc:
            refused += 1
            assert exc.rule is not None and exc.rule.file == "undaunted-normandy-rules-cs.txt"
            assert s.to_json() == before_json and s == before
        else:
            check_invariants(s, a, step)
            assert all(e.rule is not None for e in step.events)
        # move the game on with a legal action
        step = apply(s, random_action(s, rng), rng)
        check_invariants(s, None, step)
        s = step.state
    assert refused > 0


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_listed_legal_action_applies(seed):
    rng = random.Random(seed)
    s = new_game(SCENARIOS[1], rng)
    for _ in range(60):
        if s.over:
            break
        acts = legal_actions(s)
        for a in rng.sample(acts, min(6, len(acts))):
            check_invariants(s, a, apply(s, a, random.Random(seed)))
        s = apply(s, rng.choice(acts), rng).state
