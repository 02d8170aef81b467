"""Undaunted engine speed: random playouts between two random players.

Run on demand: ``python benchmarks/bench_undaunted.py [--games N]``. Prints rounds per second
and milliseconds per 15-round game for each teaching scenario, and the ratio to the target
(a 15-round game in at most 20 ms, i.e. at least 750 rounds per second). Not a test: numbers
depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.undaunted import apply, legal_actions, load_scenario, new_game, playout
from tutor.undaunted.combat import p_hit

TARGET_MS_PER_GAME = 20.0
ROUNDS = 15


def bench_playouts(path: Path, games: int) -> dict:
    sc = load_scenario(path)
    playout(sc, seed=0, max_rounds=2)                       # warm up
    rounds = actions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(games):
        r = playout(sc, seed=seed, max_rounds=ROUNDS)
        rounds += r.rounds
        actions += r.actions
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"scenario": path.name, "games": games, "rounds": rounds, "actions": actions,
            "rounds_per_s": rounds / dt, "actions_per_s": actions / dt,
            "ms_per_15_rounds": dt / max(rounds, 1) * 1000 * ROUNDS,
            "cpu_ms_per_15_rounds": cpu / max(rounds, 1) * 1000 * ROUNDS}


def bench_legal_actions(path: Path, n: int) -> float:
    rng = random.Random(1)
    s = new_game(load_scenario(path), rng)
    states = []
    for _ in range(n):
        if s.over:
            break
        states.append(s)
        s = apply(s, rng.choice(legal_actions(s)), rng).state
    t0 = time.perf_counter()
    for s in states:
        legal_actions(s)
    return (time.perf_counter() - t0) / max(len(states), 1) * 1e6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args(argv)
    target_rps = ROUNDS / (TARGET_MS_PER_GAME / 1000)
    print(f"target: a {ROUNDS}-round game in <= {TARGET_MS_PER_GAME:g} ms (>= {target_rps:.0f} rounds/s)")
    try:
        import os
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpus (wall-clock numbers suffer "
              f"when the machine is busy; CPU time does not)")
    except (AttributeError, OSError):
        pass
    for name in ("worked-example.yaml", "skirmish.yaml"):
        path = ROOT / "scenarios" / "undaunted" / name
        r = bench_playouts(path, args.games)
        print(f"{r['scenario']}: {r['games']} games, {r['rounds']} rounds, {r['actions']} actions")
        print(f"  {r['rounds_per_s']:8.0f} rounds/s   = {r['rounds_per_s'] / target_rps:5.1f}x the target")
        print(f"  {r['ms_per_15_rounds']:8.2f} ms per 15-round game (budget {TARGET_MS_PER_GAME:g} ms: "
              f"ratio {r['ms_per_15_rounds'] / TARGET_MS_PER_GAME:.2f})")
        print(f"  {r['cpu_ms_per_15_rounds']:8.2f} ms CPU time per 15-round game "
              f"(ratio {r['cpu_ms_per_15_rounds'] / TARGET_MS_PER_GAME:.2f})")
        print(f"  {r['actions_per_s']:8.0f} actions/s")
        print(f"  {bench_legal_actions(path, 300):8.1f} µs per legal_actions() (full enumeration)")
    t0 = time.perf_counter()
    for total in range(16):
        for dice in range(1, 6):
            p_hit(total, dice)
    print(f"exact hit odds, 16 defenses x 5 dice: {(time.perf_counter() - t0) * 1e3:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
