"""Line-of-sight speed on a crowded 13 × 9 board (run on demand: python benchmarks/bench_los.py).

Targets (issue: Foundation): a single query ≤ 20 µs (median), a full visibility map ≤ 2 ms.
"""

from __future__ import annotations

import random
import statistics
import time

from tutor.hexes import BOARDS
from tutor.memoir.los import has_line_of_sight, line_of_sight, visible_from
from tutor.memoir.scenario import Scenario, UnitSpec


def crowded_board(seed: int = 44) -> Scenario:
    rng = random.Random(seed)
    board = BOARDS["standard"]
    hexes = sorted(board.hexes)
    terrain = {h: rng.choice(["woods", "hill", "town", "hedgerows", "river", "beach", "church"])
               for h in rng.sample(hexes, 30)}
    free = [h for h in hexes if terrain.get(h) != "river"]
    units = {h: UnitSpec(rng.choice(["axis", "allied"]), "infantry", 4) for h in rng.sample(free, 24)}
    return Scenario(title="crowded", board=board, top="axis").replace(terrain=terrain, units=units)


def median_time(fn, runs: int, repeat: int = 7) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(runs):
            fn()
        samples.append((time.perf_counter() - t0) / runs)
    return statistics.median(samples)


def main() -> None:
    field = crowded_board()
    rng = random.Random(1)
    hexes = sorted(field.board.hexes)
    pairs = [tuple(rng.sample(hexes, 2)) for _ in range(2000)]
    for a, b in pairs:          # warm the per-offset geometry cache, as a live app would be
        has_line_of_sight(field, a, b)

    def per_query(fn):
        it = iter(pairs * 1000)
        return median_time(lambda: fn(field, *next(it)), 2000)

    q_fast = per_query(has_line_of_sight)
    q_full = per_query(line_of_sight)
    origins = iter(hexes * 1000)
    m = median_time(lambda: visible_from(field, next(origins)), 50)
    print(f"crowded standard board: {len(field.units)} units, {len(field.terrain)} terrain hexes")
    print(f"single query, ruling only     : {q_fast * 1e6:8.2f} µs  (target 20 µs, ratio {q_fast / 20e-6:.2f})")
    print(f"single query, explained ruling: {q_full * 1e6:8.2f} µs  (target 20 µs, ratio {q_full / 20e-6:.2f})")
    print(f"full visibility map           : {m * 1e3:8.3f} ms  (target 2 ms, ratio {m / 2e-3:.2f})")


if __name__ == "__main__":
    main()
