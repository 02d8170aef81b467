"""Full random Memoir '44 games per second (Pegasus Bridge), against the target of 20 per second.

    python benchmarks/bench_game.py [--games N] [--jobs J]

Each game is set up from the scenario file (deck shuffled, hands dealt) and played to the end with
uniformly random legal actions (``game.legal_actions``); a second line plays with the lazier random
sampler ``game.random_action``, and a third with the opponent on both sides.

Two readings per policy:
  * one process — the engine's own speed on one core (what a notebook kernel gets);
  * this machine — J worker processes (default: one per core) sharing the seeds, which is how a
    batch of random games is run here (each game is independent; same seed, same game).
The target is for this machine. The machine may be shared: each line prints wall-clock and CPU
rates and the load average, so a slow wall-clock number on a busy machine can be told from a slow
engine.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.memoir import game as G
from tutor.memoir import opponent as O

SCENARIO = str(Path(__file__).resolve().parents[1] / "scenarios" / "pegasus-bridge.yaml")
TARGET = 20.0


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def uniform(g, rng):
    return rng.choice(G.legal_actions(g))


POLICIES = {"uniform random": uniform, "lazy random": G.random_action, "opponent vs opponent": O.choose}


def play(name: str, seeds: range) -> tuple[int, float]:
    """Play one game per seed; (actions, CPU seconds)."""
    policy = POLICIES[name]
    actions = 0
    c0 = time.process_time()
    for seed in seeds:
        g = G.random_game(SCENARIO, seed, policy=policy, max_actions=5000)
        assert g.over, f"seed {seed} did not finish"
        actions += g.length
    return actions, time.process_time() - c0


def one_process(name: str, games: int) -> tuple[float, float, float]:
    """(games per wall second, games per CPU second, actions per wall second)."""
    t0 = time.perf_counter()
    actions, cpu = play(name, range(games))
    dt = time.perf_counter() - t0
    return games / dt, games / cpu, actions / dt


def machine(name: str, games: int, jobs: int) -> tuple[float, float]:
    """(games per wall second, actions per wall second) with ``jobs`` worker processes, each taking
    the next seed when it finishes a game (games differ in length: fixed shares would leave a
    core idle at the end)."""
    with mp.get_context("fork").Pool(jobs) as pool:
        pool.starmap(play, [(name, range(1000 + k, 1001 + k)) for k in range(jobs)])   # warm each worker
        t0 = time.perf_counter()
        done = pool.starmap(play, [(name, range(seed, seed + 1)) for seed in range(games)], chunksize=1)
        dt = time.perf_counter() - t0
    return games / dt, sum(a for a, _ in done) / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores, {args.jobs} worker processes, load average {load()} (1, 5, 15 min)")
    play("uniform random", range(2000, 2002))                    # warm the engine's shared tables
    for name in POLICIES:
        n = args.games if name != "opponent vs opponent" else max(args.jobs, args.games // 10)
        gps, cps, aps = one_process(name, n)
        print(f"{name:<22} one process   wall {gps:6.2f} games/s (ratio to target {gps / TARGET:4.2f})  "
              f"cpu {cps:6.2f} games/s  {aps:6.0f} actions/s")
        mgps, maps = machine(name, n, args.jobs)
        print(f"{'':<22} this machine  wall {mgps:6.2f} games/s (ratio to target {mgps / TARGET:4.2f})  "
              f"{maps:6.0f} actions/s  load {load()}")


if __name__ == "__main__":
    main()
