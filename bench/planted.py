#!/usr/bin/env python3
"""Planted Star Battle boards: a valid k-star solution on an n×n grid (k
stars in every row and column, no two touching, diagonals included), then n
regions grown by random flood fill, each around k of the planted stars. The
board has at least the planted solution; often more.

    python3 bench/planted.py N K SEED > board.txt

prints the region picture in the numeric form (`0 0 1 …`, one row a line)
that `placer solve star-battle --set k=K --regions board.txt` reads. No
dependencies; the same (N, K, SEED) always gives the same board.
"""
import random
import sys


def plant(n, k, rng):
    """Columns of the stars of each row: k a row and a column, none touching."""
    while True:
        rows = _try_plant(n, k, rng, budget=3000)
        if rows is not None:
            return rows


def _try_plant(n, k, rng, budget):
    """Rows chosen one by one by a randomised depth-first search within
    `budget` nodes; a column that still needs s stars in the l rows left
    must have s <= ceil(l / 2) (no two in consecutive rows)."""
    need = [k] * n
    rows = []
    nodes = [0]

    def choices(r, banned):
        left = n - r - 1
        forced = [c for c in range(n) if need[c] > (left + 1) // 2]
        if any(c in banned or need[c] - 1 > left // 2 for c in forced):
            return
        if len(forced) > k or any(b - a < 2 for a, b in zip(forced, forced[1:])):
            return
        free = [c for c in range(n) if need[c] > 0 and c not in banned and c not in forced
                and need[c] - 1 <= left // 2 and all(abs(c - f) > 1 for f in forced)]
        rng.shuffle(free)
        free.sort(key=lambda c: -need[c])  # neediest first, ties at random

        def pick(i, chosen):
            nodes[0] += 1
            if nodes[0] > budget:
                return
            if len(chosen) == k - len(forced):
                yield sorted(forced + chosen)
                return
            for j in range(i, len(free)):
                c = free[j]
                if all(abs(c - d) > 1 for d in chosen):
                    yield from pick(j + 1, chosen + [c])

        yield from pick(0, [])

    def fill(r):
        if r == n:
            return True
        banned = {c + d for c in (rows[-1] if rows else []) for d in (-1, 0, 1)}
        for cols in choices(r, banned):
            for c in cols:
                need[c] -= 1
            rows.append(cols)
            if fill(r + 1):
                return True
            rows.pop()
            for c in cols:
                need[c] += 1
            if nodes[0] > budget:
                return False
        return False

    return rows if fill(0) else None


def regions(n, k, stars, rng):
    """Region of each cell: every star grows a patch by random flood fill,
    then adjacent patches merge at random, most constrained first, into n
    regions of k stars each (retried until they do)."""
    while True:
        patch = _patches(n, stars, rng)
        got = _merge(n, k, patch, rng)
        if got is not None:
            return got


def _patches(n, stars, rng):
    label = {}
    frontier = []
    for r, cs in enumerate(stars):
        for c in cs:
            label[(r, c)] = len(frontier)
            frontier.append((r, c))
    while frontier:
        j = rng.randrange(len(frontier))
        r, c = frontier[j]
        nbrs = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        nbrs = [p for p in nbrs if 0 <= p[0] < n and 0 <= p[1] < n and p not in label]
        if not nbrs:
            frontier[j] = frontier[-1]
            frontier.pop()
            continue
        p = rng.choice(nbrs)
        label[p] = label[(r, c)]
        frontier.append(p)
    return [[label[(r, c)] for c in range(n)] for r in range(n)]


def _merge(n, k, patch, rng):
    count = n * k
    group = list(range(count))
    size = [1] * count
    near = [set() for _ in range(count)]
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and patch[r][c] != patch[rr][cc]:
                    near[patch[r][c]].add(patch[rr][cc])
                    near[patch[rr][cc]].add(patch[r][c])
    live = set(range(count))
    while True:
        options = {g: [h for h in near[g] if size[g] + size[h] <= k]
                   for g in live if size[g] < k}
        if not options:
            break
        g = min(options, key=lambda g: (len(options[g]), rng.random()))
        if not options[g]:
            return None
        h = rng.choice(options[g])
        size[g] += size[h]
        near[g] |= near[h]
        for x in near[h]:
            near[x].discard(h)
            near[x].add(g)
        near[g].discard(g)
        near[g].discard(h)
        live.discard(h)
        for i in range(count):
            if group[i] == h:
                group[i] = g
    names = {g: i for i, g in enumerate(sorted(live))}
    return [[names[group[patch[r][c]]] for c in range(n)] for r in range(n)]


def main():
    n, k, seed = (int(a) for a in sys.argv[1:4])
    rng = random.Random(seed * 1000003 + n * 101 + k)
    grid = regions(n, k, plant(n, k, rng), rng)
    width = len(str(n - 1))
    for row in grid:
        print(" ".join(f"{v:>{width}}" for v in row))


if __name__ == "__main__":
    main()
