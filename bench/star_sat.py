#!/usr/bin/env python3
"""Star Battle uniqueness with a SAT solver (CaDiCaL via python-sat,
sequential-counter cardinality encodings) against `placer solve … --limit 2
--count`, alternately, on the same puzzle files. Prints CPU seconds (the
solver in-process; placer as the child's user+system time, on THREADS
threads, default 1), placer's wall seconds, and both answers, which must agree.

Setup: `pip install python-sat`; `cargo build --release`.
Run:   `python3 bench/star_sat.py ../shared/puzzles/star*.txt`
       (k is read from the file name: `star4-…` has 4 stars)
With puzzles from several collections (`star5-sbn10-00003.txt` is in bucket
`star5-sbn10`), it ends with each bucket's median and max; `bench/sbn.py`
decodes a published collection into such files.
"""
import os
import re
import subprocess
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical153


def read(path):
    rows = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    return [list(r) for r in rows]


def solutions_up_to_two(grid, k):
    n = len(grid)
    pool = IDPool()
    x = lambda r, c: pool.id((r, c))
    for r in range(n):
        for c in range(n):
            x(r, c)
    clauses = []
    groups = [[(r, c) for c in range(n)] for r in range(n)]
    groups += [[(r, c) for r in range(n)] for c in range(n)]
    regions = {}
    for r in range(n):
        for c in range(n):
            regions.setdefault(grid[r][c], []).append((r, c))
    groups += list(regions.values())
    for g in groups:
        enc = CardEnc.equals([x(*rc) for rc in g], bound=k, vpool=pool, encoding=EncType.seqcounter)
        clauses += enc.clauses
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    clauses.append([-x(r, c), -x(rr, cc)])
    found = 0
    with Cadical153(bootstrap_with=clauses) as s:
        while found < 2 and s.solve():
            found += 1
            model = s.get_model()
            stars = [x(r, c) for r in range(n) for c in range(n) if model[x(r, c) - 1] > 0]
            s.add_clause([-v for v in stars])
    return found


def sat_run(path, k):
    start = time.process_time()
    found = solutions_up_to_two(read(path), k)
    return time.process_time() - start, found


def placer_run(path, k):
    before = os.times()
    out = subprocess.run(
        ["./target/release/placer", "solve", "star-battle", "--set", f"k={k}",
         "--regions", path, "--limit", "2", "--count", "-j", os.environ.get("THREADS", "1")],
        capture_output=True, text=True, check=True,
    ).stdout
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return cpu, after.elapsed - before.elapsed, int(out.split()[0])


def main():
    runs = int(os.environ.get("RUNS", "3"))
    print("| puzzle | placer CPU s (median) | placer wall s | SAT CPU s (median) | solutions |")
    print("|---|---|---|---|---|")
    buckets = {}
    for path in sys.argv[1:]:
        k = int(re.match(r"star(\d)", os.path.basename(path)).group(1))
        tp, tw, ts = [], [], []
        for _ in range(runs):
            t, w, a = placer_run(path, k)
            tp.append(t)
            tw.append(w)
            t, b = sat_run(path, k)
            ts.append(t)
            assert a == b, f"{path}: placer says {a}, SAT says {b}"
        med = lambda v: sorted(v)[len(v) // 2]
        print(f"| {os.path.basename(path)} | {med(tp):.3f} | {med(tw):.3f} | {med(ts):.3f} | {a} |", flush=True)
        bucket = re.match(r"(star\d+-[a-z]+\d*)", os.path.basename(path))
        bucket = bucket.group(1) if bucket else "other"
        buckets.setdefault(bucket, ([], [], []))
        buckets[bucket][0].append(med(tp))
        buckets[bucket][1].append(med(tw))
        buckets[bucket][2].append(med(ts))
    print()
    print("| bucket | puzzles | placer CPU median / max | placer wall median / max | SAT median / max |")
    print("|---|---|---|---|---|")
    for name, (tp, tw, ts) in sorted(buckets.items()):
        print(f"| {name} | {len(tp)} | {median(tp):.3f} / {max(tp):.3f} "
              f"| {median(tw):.3f} / {max(tw):.3f} | {median(ts):.3f} / {max(ts):.3f} |")


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


if __name__ == "__main__":
    main()
