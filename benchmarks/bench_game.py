"""Full random Memoir '44 games per second (Pegasus Bridge), against the target of 20 per second.

    python benchmarks/bench_game.py [--games N]

Each game is set up from the scenario file (deck shuffled, hands dealt) and played to the end with
uniformly random legal actions (``game.legal_actions``); a second line plays with the lazier random
sampler ``game.random_action``, and a third with the opponent on both sides.

The machine may be shared: each line prints games per second by wall clock and by this process's
CPU time (``time.process_time``), and the load average before and after, so a slow wall-clock
number on a busy machine can be told from a slow engine.
"""

from __future__ import annotations

import argparse
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


def run(policy, games: int) -> tuple[float, float, float]:
    """(games per wall second, games per CPU second, actions per wall second)."""
    actions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(games):
        g = G.random_game(SCENARIO, seed, policy=policy, max_actions=5000)
        assert g.over
        actions += g.length
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    return games / dt, games / dc, actions / dt


def uniform(g, rng):
    return rng.choice(G.legal_actions(g))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores, load average {load()} (1, 5, 15 min)")
    for name, pol, n in (("uniform random", uniform, args.games), ("lazy random", G.random_action, args.games),
                         ("opponent vs opponent", O.choose, max(2, args.games // 10))):
        gps, cps, aps = run(pol, n)
        print(f"{name:<22} wall {gps:7.2f} games/s (ratio to target {gps / TARGET:5.2f})   "
              f"cpu {cps:7.2f} games/s (ratio {cps / TARGET:5.2f})   {aps:7.0f} actions/s   load {load()}")


if __name__ == "__main__":
    main()
