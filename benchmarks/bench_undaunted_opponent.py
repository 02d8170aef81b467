"""The Undaunted computer opponent against random play: La Raye, many seeded games, both sides.

Run on demand: ``python benchmarks/bench_undaunted_opponent.py [--games N]``. For each side the
computer plays (``tutor.undaunted.opponent.duel``: the random player takes the other side), prints
the win rate beside its target (the opponent should win far more than it loses: at least 80 %),
the losses and unfinished games, the rounds a game takes, the CPU time of a computer step beside
its target (50 ms: a whole turn answers a tap at once), games per second, and that the engine
refused none of the computer's steps. Not a test: the times depend on the machine (the win rates
do not: the same seeds give the same games).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.undaunted import load_scenario
from tutor.undaunted.opponent import duel

TARGET_WIN_RATE = 0.80
#: a computer step fast enough that its whole turn (a handful of steps) answers a tap at once
TARGET_MS_PER_STEP = 50.0
MAX_ROUNDS = 200


def bench_side(sc, side: str, games: int, first_seed: int) -> dict:
    wins = losses = unfinished = refused = rounds = choices = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        d = duel(sc, seed=seed, computer=side, max_rounds=MAX_ROUNDS)
        wins += d.winner == side
        losses += d.winner not in (None, side)
        unfinished += d.winner is None
        refused += d.refused
        rounds += d.rounds
        choices += d.choices
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"side": side, "games": games, "wins": wins, "losses": losses, "unfinished": unfinished,
            "refused": refused, "rounds": rounds / games, "games_per_s": games / dt,
            "cpu_games_per_s": games / cpu, "ms_per_choice": cpu / max(choices, 1) * 1000}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="seeded games per side (default 100)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = ap.parse_args(argv)
    try:
        import os
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpus (wall-clock numbers suffer "
              f"when the machine is busy; CPU time does not)")
    except (AttributeError, OSError):
        pass
    sc = load_scenario(ROOT / "scenarios" / "undaunted" / "la-raye.yaml")
    print(f"{sc.name}: the computer against random play, {args.games} seeded games per side "
          f"(seeds {args.seed}-{args.seed + args.games - 1}), at most {MAX_ROUNDS} rounds a game")
    total_w = total = 0
    ok = True
    for side in ("allied", "axis"):
        r = bench_side(sc, side, args.games, args.seed)
        rate = r["wins"] / r["games"]
        total_w += r["wins"]
        total += r["games"]
        ok &= rate >= TARGET_WIN_RATE and r["refused"] == 0 and r["ms_per_choice"] <= TARGET_MS_PER_STEP
        print(f"computer as {side}:")
        print(f"  win rate {rate:7.1%}   target >= {TARGET_WIN_RATE:.0%}   "
              f"{'met' if rate >= TARGET_WIN_RATE else 'MISSED'}  ({r['wins']} won, {r['losses']} lost, "
              f"{r['unfinished']} unfinished)")
        print(f"  refused  {r['refused']:7d}   target 0")
        print(f"  {r['rounds']:7.1f} rounds per game")
        print(f"  {r['ms_per_choice']:7.1f} ms CPU per computer step   target <= {TARGET_MS_PER_STEP:g} ms   "
              f"{'met' if r['ms_per_choice'] <= TARGET_MS_PER_STEP else 'MISSED'}")
        print(f"  {r['games_per_s']:7.2f} games/s ({r['cpu_games_per_s']:.2f} per CPU second; no target: "
              f"for comparing runs)")
    print(f"both sides: win rate {total_w / total:.1%} (target >= {TARGET_WIN_RATE:.0%})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
