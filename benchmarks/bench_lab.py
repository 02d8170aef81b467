"""Lab benchmarks: a board-odds query with 6 dice (target <= 5 ms), link round trip, .m44 import.

Run on demand: ``python benchmarks/bench_lab.py``. Prints each median with its ratio to the target
(a ratio below 1 meets it).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor import odds
from tutor.lab import link
from tutor.lab.board_odds import board_odds
from tutor.lab.m44 import import_m44
from tutor.memoir.state import from_scenario
from tutor.scenario import from_data

BOARD = {"format": 1, "game": "memoir44", "title": "bench", "board": "standard", "top": "axis",
         "terrain": {"6,2": "church", "4,0": "woods", "8,0": "river"},
         "obstacles": {"4,2": "sandbags"},
         "units": {"6,4": {"side": "allied", "kind": "infantry"}, "6,2": {"side": "axis", "kind": "infantry"},
                   "5,1": {"side": "axis", "kind": "armor"}, "2,2": {"side": "axis", "kind": "infantry"},
                   "10,4": {"side": "allied", "kind": "armor"}}}


def median_ms(fn, runs: int = 200, setup=None) -> float:
    times = []
    for _ in range(runs):
        if setup:
            setup()
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def report(name: str, ms: float, target: float | None) -> None:
    ratio = f"  ratio to target {ms / target:.2f} (target {target} ms)" if target else ""
    print(f"{name:<52} {ms:8.3f} ms{ratio}")


def main() -> None:
    state = from_scenario(from_data(BOARD))
    report("board odds, 6 dice (cold: dice table not cached)",
           median_ms(lambda: board_odds(state, "6,4", "6,2", dice=6), setup=odds.joint.cache_clear), 5.0)
    report("board odds, 6 dice (warm)", median_ms(lambda: board_odds(state, "6,4", "6,2", dice=6)), 5.0)
    report("board odds, the board's own dice (engine attack_odds)",
           median_ms(lambda: board_odds(state, "6,4", "6,2")), 5.0)
    s = from_data(BOARD)
    token = link.encode(s)
    report(f"link encode ({len(token)} chars)", median_ms(lambda: link.encode(s)), None)
    report("link decode (validated scenario)", median_ms(lambda: link.decode(token)), None)
    report("import-m44 full.m44", median_ms(lambda: import_m44(ROOT / "tests/lab/m44/full.m44"), runs=50), None)


if __name__ == "__main__":
    main()
