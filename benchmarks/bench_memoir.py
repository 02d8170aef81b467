"""Benchmark of the Memoir '44 battle engine (run on demand: ``python benchmarks/bench_memoir.py``).

Targets (from the issue): a 40-turn random playout on a crowded board in ≤ 50 ms; exact odds in
≤ 1 ms. Prints each measurement and its ratio to the target (< 1 is within target).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor import odds
from tutor.memoir import reach
from tutor.memoir.movement import legal_moves
from tutor.memoir.playout import crowded_board, playout
from tutor.memoir.retreat import ruling


def per_call(fn, repeat: int) -> float:
    t = time.perf_counter()
    for i in range(repeat):
        fn(i)
    return (time.perf_counter() - t) / repeat


def report(name: str, seconds: float, target: float | None = None, extra: str = "") -> None:
    ms = seconds * 1000
    line = f"{name:<48} {ms:9.3f} ms"
    if target is not None:
        line += f"   target {target * 1000:g} ms   ratio {seconds / target:5.2f}"
    print(line + (f"   {extra}" if extra else ""))


def main() -> None:
    board = crowded_board(0).replace(medals_to_win=None)      # no medal victory: play the full 40 turns
    print(f"crowded board: {len(board.units)} units, {len(board.terrain)} terrain hexes, "
          f"{len(board.obstacles)} obstacles")
    turns, times, actions = [], [], []
    for seed in range(60):
        t = time.perf_counter()
        r = playout(board, seed, max_turns=40)
        times.append(time.perf_counter() - t)
        turns.append(r.turns)
        actions.append(r.actions)
    full = [t for t, n in zip(times, turns) if n == 40]
    mean = statistics.mean(full or times)
    report("40-turn playout (mean)", mean, 0.050,
           f"{1 / mean:.0f} playouts/s, {statistics.mean(actions):.0f} actions, {len(full)}/60 ran 40 turns")
    report("40-turn playout (worst)", max(full or times), 0.050)
    fast = crowded_board(0)
    t = time.perf_counter()
    rs = [playout(fast, s, max_turns=40) for s in range(60)]
    dt = (time.perf_counter() - t) / 60
    report("playout to victory at 6 medals (mean)", dt, None,
           f"{1 / dt:.0f} playouts/s, mean {statistics.mean(r.turns for r in rs):.1f} turns")

    def fresh(i):
        odds.joint.cache_clear()
        odds.distribution.cache_clear()
        odds.distribution(1 + i % 6, odds.KINDS[i % 3])
    report("exact odds, n dice vs a kind (uncached)", per_call(fresh, 600), 0.001)
    st = crowded_board(0)
    pairs = [(a, b) for a, ua in st.units.items() for b, ub in st.units.items()
             if ua.side != ub.side and 1 <= abs(a[1] - b[1]) <= 2 and abs(a[0] - b[0]) <= 2 and ua.kind != "artillery"]
    pairs = pairs or [(a, b) for a, ua in st.units.items() for b, ub in st.units.items()
                      if ua.side != ub.side and ua.kind == "artillery"]
    report("exact odds of an attack on the board", per_call(lambda i: odds.attack_odds(st, *pairs[i % len(pairs)]),
                                                             300), 0.001, f"{len(pairs)} attacker/target pairs")
    hexes = sorted(st.units)
    def cold(i):                    # a fresh state and no cross-state memo: the search itself
        reach._REACH.clear()
        return st.replace(), hexes[i % len(hexes)]
    report("legal_moves, reachable only (cold)", per_call(lambda i: legal_moves(*cold(i)), 500))
    report("legal_moves with explanations (cold)", per_call(lambda i: len(legal_moves(*cold(i)).refused), 500))
    report("legal_moves, memoised on the state", per_call(lambda i: legal_moves(st, hexes[i % len(hexes)]), 500))
    report("retreat ruling, 2 flags", per_call(lambda i: ruling(st, hexes[i % len(hexes)], 2), 500))


if __name__ == "__main__":
    main()
