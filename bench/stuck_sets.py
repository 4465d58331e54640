#!/usr/bin/env python3
"""Where an explanation first guesses: does counting any set of lines help?

Replays `placer solve star-battle --set k=K --regions FILE --explain
--format json` up to its first guess, prints that state (a star `*`, an
empty cell `.`, an open cell its region's letter), and then tries every set
R of rows (and of columns), neighbouring or not, the way band counting
does with bands: the open cells of R outside the regions lying wholly
inside R, and the open cells outside R of the regions touching R, each need
an exact number of stars. It prints each such area that needs none or all
of its open cells (a step), or whose open cells fit in as many 2×2 blocks
as it needs (the squeeze) where a block's cells give a step (a lone cell,
or an open cell touching all of them). band.rs already does this for
neighbouring lines, up to six.

    python3 bench/stuck_sets.py REGIONS.txt EXPLAIN.json K [--widest W]

Every subset is tried (2^n): seconds on 14×14, minutes on 21×21;
--widest limits the sets to W lines.
"""

import argparse
import itertools
import json


def state(regions_file, explain_file):
    """The regions (rows of letters) and the marks before the first guess."""
    with open(regions_file) as f:
        regions = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    marks = {}
    with open(explain_file) as f:
        for line in f:
            step = json.loads(line)
            if step.get("technique", "guess") == "guess":
                break
            for r, c in step["place"]:
                marks[(r - 1, c - 1)] = "*"
            for r, c in step["exclude"]:
                marks[(r - 1, c - 1)] = "."
    return regions, marks


def cover(cells, budget):
    """The cells split into at most `budget` groups, each inside a 2×2 block, or None."""

    def split(rest, groups):
        if not rest:
            return groups
        if len(rest) > 4 * (budget - len(groups)):
            return None
        r, c = min(rest)
        for dr, dc in ((0, 0), (0, -1), (-1, 0), (-1, -1)):
            block = {(r + dr + a, c + dc + b) for a in (0, 1) for b in (0, 1)}
            found = split(rest - block, groups + [rest & block])
            if found:
                return found
        return None

    return split(frozenset(cells), [])


def touch(a, b):
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def areas(regions, marks, k, widest):
    """Every (name, need, open cells) of the set counts, for rows then columns."""
    n = len(regions)
    cells = [(r, c) for r in range(n) for c in range(n)]
    opens = [x for x in cells if x not in marks]
    letters = sorted(set("".join(regions)))
    region = lambda x: regions[x[0]][x[1]]
    stars = [x for x in cells if marks.get(x) == "*"]
    need_region = {g: k - sum(region(x) == g for x in stars) for g in letters}
    open_region = {g: [x for x in opens if region(x) == g] for g in letters}
    for family, word in ((0, "rows"), (1, "columns")):
        need_line = [k - sum(x[family] == i for x in stars) for i in range(n)]
        lines_of = {g: {x[family] for x in open_region[g]} for g in letters}
        for size in range(1, min(widest, n - 1) + 1):
            for band in itertools.combinations(range(n), size):
                lines = set(band)
                need = sum(need_line[i] for i in band)
                inside = [g for g in letters if open_region[g] and lines_of[g] <= lines]
                rest = [x for x in opens if x[family] in lines and region(x) not in inside]
                name = f"{word} {[i + 1 for i in band]}"
                yield f"{name} outside {inside}", need - sum(need_region[g] for g in inside), rest
                touching = [g for g in letters if lines_of[g] & lines]
                outer = [x for g in touching for x in open_region[g] if x[family] not in lines]
                yield f"{touching} outside {name}", sum(need_region[g] for g in touching) - need, outer


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("regions")
    ap.add_argument("explain")
    ap.add_argument("k", type=int)
    ap.add_argument("--widest", type=int, default=99)
    args = ap.parse_args()
    regions, marks = state(args.regions, args.explain)
    for r, row in enumerate(regions):
        print(" ".join(marks.get((r, c), ch) for c, ch in enumerate(row)))
    opens = [(r, c) for r in range(len(regions)) for c in range(len(regions)) if (r, c) not in marks]
    found = 0
    for name, need, area in areas(regions, marks, args.k, args.widest):
        if not area:
            continue
        if need in (0, len(area)):
            print(f"count: {name} needs {need} in {len(area)} open cells")
            found += 1
        elif 0 < need < len(area) <= 4 * need and len(area) <= 40:
            groups = cover(area, need)
            steps = groups and [
                g for g in groups if len(g) == 1 or any(x not in g and all(touch(x, y) for y in g) for x in opens)
            ]
            if steps:
                print(f"squeeze: {name} needs {need}, blocks giving a step: {steps}")
                found += 1
    print(f"{found} area(s) giving a step")


if __name__ == "__main__":
    main()
