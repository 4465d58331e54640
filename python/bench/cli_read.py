"""`placer select FILE --top 1 --min` against `pandas.read_csv` + scipy's
`linear_sum_assignment` on the same CSV file (not a test).

Run from the repository root after `cargo build --release` and
`pip install numpy scipy pandas` (PLACER_CLI=path/to/placer to choose another
binary):

    python python/bench/cli_read.py [--rounds 3] [--sizes 1000 2000]

For each size, writes an n × n CSV of random floats (and one of integers) as
pandas writes them (`df.to_csv(header=False, index=False)`: a 2000 × 2000
float file is about 77 MB), then times alternately the whole placer process
and pandas + scipy inside this process (Python's start not counted), and
checks that both optimal sums agree. Prints medians and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.optimize import linear_sum_assignment

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("PLACER_CLI", ROOT / "target" / "release" / "placer"))


def peer(path: Path) -> float:
    a = pd.read_csv(path, header=None).to_numpy()
    r, c = linear_sum_assignment(a)
    return float(a[r, c].sum())


def ours(path: Path) -> float:
    out = subprocess.run(
        [str(CLI), "select", str(path), "--top", "1", "--min", "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return float(json.loads(out)["sum"])


def timed(f, *args):
    start = time.perf_counter()
    value = f(*args)
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000])
    args = parser.parse_args()
    rng = np.random.default_rng(35)
    print(f"{'file':<22} {'MB':>5} {'placer s':>9} {'pandas+scipy s':>15} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            for kind in ("float", "int"):
                a = rng.random((n, n)) * 100 if kind == "float" else rng.integers(0, 10**6, (n, n))
                path = Path(tmp) / f"{kind}{n}.csv"
                pd.DataFrame(a).to_csv(path, header=False, index=False)
                mine, theirs = [], []
                for _ in range(args.rounds):
                    t, got = timed(ours, path)
                    mine.append(t)
                    t, want = timed(peer, path)
                    theirs.append(t)
                    assert abs(got - want) <= 1e-9 * abs(want), (got, want)
                p, s = statistics.median(mine), statistics.median(theirs)
                mb = path.stat().st_size / 1e6
                print(f"{kind} {n}x{n:<15} {mb:>5.0f} {p:>9.3f} {s:>15.3f} {p / s:>6.2f}")


if __name__ == "__main__":
    main()
