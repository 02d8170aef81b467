"""Full random Memoir '44 games per second (Pegasus Bridge), against the target of 20 per second.

    python benchmarks/bench_game.py [--games N]

Each game is set up from the scenario file (deck shuffled, hands dealt) and played to the end with
uniformly random legal actions (``game.legal_actions``); a second line plays with the lazier random
sampler ``game.random_action``, and a third with the opponent on both sides.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.memoir import game as G
from tutor.memoir import opponent as O

SCENARIO = str(Path(__file__).resolve().parents[1] / "scenarios" / "pegasus-bridge.yaml")
TARGET = 20.0


def run(policy, games: int) -> tuple[float, float]:
    actions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        g = G.random_game(SCENARIO, seed, policy=policy, max_actions=5000)
        assert g.over
        actions += g.length
    dt = time.perf_counter() - t0
    return games / dt, actions / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    uniform = lambda g, rng: rng.choice(G.legal_actions(g))
    for name, pol, n in (("uniform random", uniform, args.games), ("lazy random", G.random_action, args.games),
                         ("opponent vs opponent", O.choose, max(2, args.games // 10))):
        gps, aps = run(pol, n)
        print(f"{name:<22} {gps:7.2f} games/s  {aps:9.0f} actions/s  ratio to target {gps / TARGET:5.2f}")
    _ = random


if __name__ == "__main__":
    main()
