"""Benchmarks of the Python package against the CLI and scipy (not a test).

Run from the repository root after `pip install ./python numpy scipy` and
`cargo build --release` (or PLACER_CLI=path/to/placer):

    python python/bench/bench.py [--rounds 3]

Each pair runs alternately in the same script and every result is checked;
the figures are medians over the rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

import placer

ROOT = Path(__file__).resolve().parents[2]
#: Published N-queens counts (OEIS A000170).
PUBLISHED = {14: 365596, 15: 2279184, 16: 14772512}
CLI = Path(os.environ.get("PLACER_CLI", ROOT / "target" / "release" / "placer"))


def timed(f):
    start = time.perf_counter()
    value = f()
    return time.perf_counter() - start, value


def queens(rounds: int, n: int, threads: int) -> None:
    """Python's count against the CLI's, timed from outside (process start
    included) and by the CLI itself (`--stats` seconds, the count alone)."""
    py, cli, cli_own = [], [], []
    for _ in range(rounds):
        t, v = timed(lambda: placer.count("queens", n=n, threads=threads))
        assert v == PUBLISHED[n]
        py.append(t)
        t, run = timed(
            lambda: subprocess.run(
                [str(CLI), "queens", str(n), "-j", str(threads), "--no-progress", "--stats"],
                check=True, capture_output=True, text=True,
            )
        )
        assert int(run.stdout) == v
        cli.append(t)
        cli_own.append(float(run.stderr.split("seconds:")[1].split()[0]))
    p, c, o = statistics.median(py), statistics.median(cli), statistics.median(cli_own)
    print(
        f"queens n={n} -j {threads}: python {p:.3f} s, CLI {c:.3f} s with its process "
        f"(ratio {p / c:.2f}), {o:.3f} s by its --stats (ratio {p / o:.2f})"
    )


def assignment(rounds: int, shape: tuple) -> None:
    from scipy.optimize import linear_sum_assignment

    rng = np.random.default_rng(1)
    ours, theirs, convert = [], [], []
    for _ in range(rounds):
        cost = rng.random(shape)
        t_build, sel = timed(lambda: placer.select(cost))
        t_best, best = timed(sel.best)
        t_scipy, (r, c) = timed(lambda: linear_sum_assignment(cost))
        assert abs(best.sum - cost[r, c].sum()) < 1e-9
        convert.append(t_build)
        ours.append(t_build + t_best)
        theirs.append(t_scipy)
    o, s, b = statistics.median(ours), statistics.median(theirs), statistics.median(convert)
    print(
        f"select(rand{shape}).best(): {o * 1e3:.2f} ms (of which select() {b * 1e3:.2f} ms), "
        f"scipy linear_sum_assignment {s * 1e3:.2f} ms, ratio {o / s:.2f}"
    )


def iteration(rounds: int) -> None:
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        k = 0
        for _ in placer.solutions("rooks", n=10, limit=1_000_000):
            k += 1
        assert k == 1_000_000
        rates.append(k / (time.perf_counter() - start))
    print(f"iterating solutions('rooks', n=10): {statistics.median(rates) / 1e6:.2f} M solutions/s")
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        k = sum(1 for _ in placer.solutions("queens", n=13))
        assert k == 73712
        rates.append(k / (time.perf_counter() - start))
    print(f"iterating solutions('queens', n=13): {statistics.median(rates) / 1e6:.2f} M solutions/s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not CLI.exists():
        raise SystemExit(f"build the CLI first: cargo build --release ({CLI} is missing)")
    for n in (14, 16):
        for threads in (1, 2):
            queens(args.rounds, n, threads)
    for shape in ((200, 200), (150, 300), (300, 150)):
        assignment(args.rounds, shape)
    iteration(args.rounds)


if __name__ == "__main__":
    main()
