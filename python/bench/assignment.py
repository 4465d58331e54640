"""`placer.select(a).best()` against `scipy.optimize.linear_sum_assignment`
(not a test): every dtype and shape of issue 35, in the same process.

Run from the repository root after `pip install ./python numpy scipy`:

    python python/bench/assignment.py [--rounds 5] [--quick] [--only 300x1000]

Each case builds one random array; placer (``select(a).best()``, the array
handed over included) and scipy (``linear_sum_assignment(a)``, holes as
``inf``) run alternately, ``--rounds`` times each, and their optimal sums
must be equal (exactly for integers; to 1e-9 relative for floats, where both
round). Prints medians and the ratio placer / scipy (below 1: placer faster).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from scipy.optimize import linear_sum_assignment

import placer


def case(rng, dtype: str, rows: int, cols: int, holes: float):
    """A random array, and the same costs for scipy (holes as inf)."""
    if dtype == "int64":
        a = rng.integers(0, 1_000_000, size=(rows, cols), dtype=np.int64)
    elif dtype == "int32":
        a = rng.integers(0, 1000, size=(rows, cols), dtype=np.int32)
    else:
        a = rng.random((rows, cols)) * 100
    if holes == 0:
        return a, a, []
    mask = rng.random((rows, cols)) < holes
    if dtype.startswith("int"):
        # integer arrays have no NaN: the hole is a `skip` value
        a = a.copy()
        a[mask] = -1
        costs = a.astype(float)
        costs[mask] = np.inf
        return a, costs, [-1]
    a = a.copy()
    a[mask] = np.nan
    costs = np.where(mask, np.inf, a)
    return a, costs, []


def timed(f):
    start = time.perf_counter()
    value = f()
    return time.perf_counter() - start, value


def run(rounds: int, dtype: str, rows: int, cols: int, holes: float, seed: int):
    rng = np.random.default_rng(seed)
    a, costs, skip = case(rng, dtype, rows, cols, holes)
    ours, theirs = [], []
    for _ in range(rounds):
        t, best = timed(lambda: placer.select(a, skip=skip).best())
        ours.append(t)
        t, (r, c) = timed(lambda: linear_sum_assignment(costs))
        theirs.append(t)
        want = costs[r, c].sum()
        if dtype.startswith("int"):
            assert best.sum == int(want), (best.sum, want)
        else:
            assert abs(best.sum - want) <= 1e-9 * abs(want), (best.sum, want)
    p, s = statistics.median(ours), statistics.median(theirs)
    shape = f"{rows}x{cols}" + (f", {holes:.0%} holes" if holes else "")
    print(f"{dtype:<8} {shape:<22} {p * 1e3:>9.2f} {s * 1e3:>9.2f} {p / s:>7.2f}")
    return p / s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="n up to 1000 only")
    parser.add_argument("--only", help="only the shapes named so (e.g. 300x1000)")
    args = parser.parse_args()
    sizes = [50, 200, 1000] + ([] if args.quick else [2000])
    cases = []
    for dtype in ("int64", "int32", "float64"):
        for n in sizes:
            cases.append((dtype, n, n, 0.0))
        cases += [(dtype, 300, 1000, 0.0), (dtype, 1000, 300, 0.0), (dtype, 1000, 1000, 0.25)]
    if args.only:
        cases = [c for c in cases if f"{c[1]}x{c[2]}" == args.only]
    print(f"{'dtype':<8} {'shape':<22} {'placer ms':>9} {'scipy ms':>9} {'ratio':>7}")
    worst = max(run(args.rounds, *c, seed=i) for i, c in enumerate(cases))
    print(f"every optimum equal; worst ratio {worst:.2f}")


if __name__ == "__main__":
    main()
