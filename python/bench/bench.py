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
CLI = Path(os.environ.get("PLACER_CLI", ROOT / "target" / "release" / "placer"))


def timed(f):
    start = time.perf_counter()
    value = f()
    return time.perf_counter() - start, value


def queens(rounds: int, n: int, threads: int) -> None:
    py, cli = [], []
    for _ in range(rounds):
        t, v = timed(lambda: placer.count("queens", n=n, threads=threads))
        assert v == 365596 if n == 14 else v > 0
        py.append(t)
        t, out = timed(
            lambda: subprocess.run(
                [str(CLI), "queens", str(n), "-j", str(threads), "--no-progress"],
                check=True, capture_output=True, text=True,
            ).stdout
        )
        assert int(out) == v
        cli.append(t)
    p, c = statistics.median(py), statistics.median(cli)
    print(f"queens n={n} -j {threads}: python {p:.3f} s, CLI {c:.3f} s (process included), ratio {p / c:.2f}")


def assignment(rounds: int, size: int) -> None:
    from scipy.optimize import linear_sum_assignment

    rng = np.random.default_rng(1)
    ours, theirs, convert = [], [], []
    for _ in range(rounds):
        cost = rng.random((size, size))
        t_build, sel = timed(lambda: placer.select(cost))
        t_best, best = timed(sel.best)
        t_scipy, (r, c) = timed(lambda: linear_sum_assignment(cost))
        assert abs(best.sum - cost[r, c].sum()) < 1e-9
        convert.append(t_build)
        ours.append(t_build + t_best)
        theirs.append(t_scipy)
    o, s, b = statistics.median(ours), statistics.median(theirs), statistics.median(convert)
    print(
        f"select(rand({size},{size})).best(): {o * 1e3:.2f} ms (of which select() {b * 1e3:.2f} ms), "
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
    for threads in (1, 2):
        queens(args.rounds, 14, threads)
    assignment(args.rounds, 200)
    iteration(args.rounds)


if __name__ == "__main__":
    main()
