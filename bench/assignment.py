#!/usr/bin/env python3
"""Check placer's optimal assignment against scipy.optimize.linear_sum_assignment.

Generates random matrices (200x200 dense integers and decimals, rectangular
ones, one with holes), solves each with scipy and with placer's
`assign_check` example, and compares the optima exactly: scipy's assignment is
re-summed in exact decimal arithmetic from the CSV text, then rounded once to a
double, as placer does.

    python3 bench/assignment.py            # builds the example in release first
    pip install scipy                      # if missing

Exit status 1 if any optimum differs.
"""

import os
import random
import subprocess
import sys
import tempfile
import time
from decimal import Decimal

import numpy as np
from scipy.optimize import linear_sum_assignment

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "examples", "assign_check")


def build():
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--example", "assign_check"],
        cwd=ROOT,
        check=True,
    )


def make(rows, cols, kind, seed, holes=0.0):
    rng = random.Random(seed)
    text = []
    for _ in range(rows):
        row = []
        for _ in range(cols):
            if rng.random() < holes:
                row.append("")
            elif kind == "int":
                row.append(str(rng.randint(-1000, 1000)))
            else:
                row.append(f"{rng.uniform(0, 100):.3f}")
        text.append(row)
    return text


def scipy_optimum(text, maximize):
    cost = np.array(
        [[float(c) if c else (np.inf if not maximize else -np.inf) for c in row] for row in text]
    )
    start = time.perf_counter()
    r, c = linear_sum_assignment(cost, maximize=maximize)
    secs = time.perf_counter() - start
    exact = sum(Decimal(text[i][j]) for i, j in zip(r, c))
    return float(exact), secs


def placer_optimum(path, maximize):
    out = subprocess.run(
        [BIN, path, "max" if maximize else "min"], capture_output=True, text=True, check=True
    )
    secs = float(out.stderr.split(":")[-1].split()[0])
    return float(out.stdout.split()[0]), secs


def main():
    build()
    cases = [
        ("200x200 int", 200, 200, "int", 0.0),
        ("200x200 decimal", 200, 200, "dec", 0.0),
        ("150x200 int", 150, 200, "int", 0.0),
        ("200x150 decimal", 200, 150, "dec", 0.0),
        ("200x200 int, 30% holes", 200, 200, "int", 0.3),
    ]
    failures = 0
    print(f"{'case':<26} {'sense':<4} {'scipy':>16} {'placer':>16} {'scipy s':>8} {'placer s':>8}  ok")
    with tempfile.TemporaryDirectory() as tmp:
        for seed, (name, rows, cols, kind, holes) in enumerate(cases):
            text = make(rows, cols, kind, seed, holes)
            path = os.path.join(tmp, f"m{seed}.csv")
            with open(path, "w") as f:
                f.write("\n".join(",".join(row) for row in text) + "\n")
            for maximize in (False, True):
                want, t_scipy = scipy_optimum(text, maximize)
                got, t_placer = placer_optimum(path, maximize)
                ok = want == got
                failures += not ok
                sense = "max" if maximize else "min"
                print(
                    f"{name:<26} {sense:<4} {want:>16} {got:>16} {t_scipy:>8.4f} {t_placer:>8.4f}  "
                    f"{'yes' if ok else 'NO'}"
                )
    print("all optima agree" if failures == 0 else f"{failures} optima differ")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
