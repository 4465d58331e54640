"""Exact permanents: `placer select FILE --skip 0 --count -j1` against a
one-thread C Ryser (bench/ryser.c) on random 0/1 matrices (density 0.5),
and against a band DP (below, in Python, reading the file included) on
banded 0/1 matrices. Runs alternate; the figures are medians of R runs of
CPU time (user + system), every answer checked equal.

    python3 bench/permanent.py [PLACER] [--from 16] [--to 28] [--runs 3]

PLACER defaults to target/release/placer; the C program is built into
target/ryser_c with gcc -O2."""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def band_permanent(rows):
    """Permanent of a 0/1 matrix whose ones lie within |i-j| <= w: DP over
    the window's used columns, as a bitmask relative to the row."""
    n = len(rows)
    w = max(abs(i - j) for i, r in enumerate(rows) for j, v in enumerate(r) if v)
    ones = [[j for j, v in enumerate(r) if v] for r in rows]
    states = {(1 << w) - 1: 1}  # bit k: column i-w+k used; columns -w..-1 are
    for i in range(n):
        nxt = {}
        for mask, c in states.items():
            for j in ones[i]:
                k = j - (i - w)
                if not mask >> k & 1:
                    m2 = mask | 1 << k
                    if m2 & 1:  # column i-w is never wanted again
                        nxt[m2 >> 1] = nxt.get(m2 >> 1, 0) + c
        states = nxt
    # the last w columns hold the last rows' picks: exactly w ones left
    return sum(c for m, c in states.items() if m == (1 << w) - 1)


def write(path, rows):
    with open(path, "w") as f:
        for r in rows:
            f.write(" ".join(map(str, r)) + "\n")


def timed(cmd):
    """CPU seconds (user + system) of the child, and its first word of output:
    steadier than wall time on a shared machine; both sides are one thread."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"{cmd}: exit {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, out.split()[0]


def timed_band(path):
    """CPU seconds of reading the file and the DP, of the DP alone, and the
    count."""
    t = time.process_time()
    rows = [[int(x) for x in line.split()] for line in open(path) if line.strip()]
    u = time.process_time()
    v = band_permanent(rows)
    end = time.process_time()
    return end - t, str(v), end - u


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("placer", nargs="?", default=os.path.join(HERE, "..", "target", "release", "placer"))
    ap.add_argument("--from", dest="lo", type=int, default=16)
    ap.add_argument("--to", dest="hi", type=int, default=28)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--band", type=int, nargs="*", default=[500, 2000])
    a = ap.parse_args()
    c = os.path.join(HERE, "..", "target", "ryser_c")
    os.makedirs(os.path.dirname(c), exist_ok=True)
    subprocess.run(["gcc", "-O2", "-o", c, os.path.join(HERE, "ryser.c")], check=True)
    rng = random.Random(35)
    tmp = tempfile.mkdtemp()
    print("| matrix | placer -j1 (CPU) | peer (CPU) | placer / peer |")
    print("|---|---|---|---|")
    cases = [("dense", n) for n in range(a.lo, a.hi + 1)] + [("band", n) for n in a.band]
    for kind, n in cases:
        path = os.path.join(tmp, f"{kind}{n}.txt")
        if kind == "dense":
            rows = [[int(rng.random() < 0.5) for _ in range(n)] for _ in range(n)]
            peer = lambda: timed([c, path])
            name = f"random 0/1 n={n}"
        else:
            rows = [[int(abs(i - j) <= 2) for j in range(n)] for i in range(n)]
            peer = lambda: timed_band(path)[:2]
            name = f"band \\|i−j\\| ≤ 2 n={n}"
        write(path, rows)
        ours, theirs = [], []
        for _ in range(a.runs):
            t, v = timed([a.placer, "select", path, "--skip", "0", "--count", "-j1"])
            ours.append(t)
            u, w = peer()
            theirs.append(u)
            if v != w:
                sys.exit(f"{name}: placer {v} != peer {w}")
        p, q = statistics.median(ours), statistics.median(theirs)
        peer_name = "C Ryser"
        if kind == "band":
            alone = [timed_band(path)[2] for _ in range(a.runs)]
            peer_name = f"band DP (Python; the DP alone {statistics.median(alone) * 1000:.1f} ms)"
        print(f"| {name} | {p * 1000:.1f} ms | {peer_name} {q * 1000:.1f} ms | {p / q:.2f} |", flush=True)


if __name__ == "__main__":
    main()
