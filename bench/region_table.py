"""Per bucket of stars: median, p90 and max over the puzzles of each
puzzle's median wall and user CPU seconds, per binary and thread count,
from the lines of bench/region_threads.sh; and every count that was not 1.

    python3 bench/region_table.py LINES
"""
import collections
import statistics
import sys

runs = collections.defaultdict(list)
binaries = []
for line in open(sys.argv[1]):
    name, k, binary, j, wall, user, nodes, count = line.split()
    if count != "1":
        print("count", count, "for", name, binary, "-j" + j)
    runs[(k, name, binary, j)].append((float(wall), float(user)))
    if binary not in binaries:
        binaries.append(binary)


def p90(xs):
    xs = sorted(xs)
    return xs[round(0.9 * (len(xs) - 1))]


print("| bucket | binary | -j | wall median | wall p90 | wall max | CPU median | CPU p90 | CPU max |")
print("|---|---|---|---|---|---|---|---|---|")
for k in sorted({key[0] for key in runs}):
    names = sorted({key[1] for key in runs if key[0] == k})
    for binary in binaries:
        for j in "12":
            cols = []
            for i in (0, 1):
                xs = [statistics.median(r[i] for r in runs[(k, n, binary, j)]) for n in names]
                cols += [statistics.median(xs), p90(xs), max(xs)]
            cells = " | ".join(f"{x:.2f}" for x in cols)
            print(f"| {k}★ ({len(names)}) | {binary} | {j} | {cells} |")
