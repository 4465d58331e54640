"""Independent answers for the tests: plain itertools brute force, no bitmasks."""

from __future__ import annotations

import itertools
import math
from typing import Callable, List, Optional, Sequence, Tuple

Cell = Tuple[int, int]


def queens_like(n: int, diagonals: bool = True, wrap: bool = False) -> List[List[Cell]]:
    """One piece per row and column, none sharing a diagonal (mod n on a torus),
    in lexicographic order of the column tuple."""
    found = []
    for cols in itertools.permutations(range(n)):
        if diagonals:
            d = [(r - c) % n if wrap else r - c for r, c in enumerate(cols)]
            a = [(r + c) % n if wrap else r + c for r, c in enumerate(cols)]
            if len(set(d)) < n or len(set(a)) < n:
                continue
        found.append(list(enumerate(cols)))
    return found


def placements(
    rows: int, cols: int, k: int, attacks: Callable[[Cell, Cell], bool], holes=()
) -> List[List[Cell]]:
    """Every set of k cells, no two attacking, avoiding holes, row-major sorted."""
    cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in set(holes)]
    return [
        list(combo)
        for combo in itertools.combinations(cells, k)
        if not any(attacks(a, b) for a, b in itertools.combinations(combo, 2))
    ]


def symmetries(n: int) -> List[Callable[[Cell], Cell]]:
    """The 8 symmetries of the n×n square."""
    m = n - 1
    return [
        lambda p: (p[0], p[1]),
        lambda p: (p[1], m - p[0]),
        lambda p: (m - p[0], m - p[1]),
        lambda p: (m - p[1], p[0]),
        lambda p: (p[0], m - p[1]),
        lambda p: (m - p[0], p[1]),
        lambda p: (p[1], p[0]),
        lambda p: (m - p[1], m - p[0]),
    ]


def classes(n: int, solutions: List[List[Cell]]) -> int:
    """How many classes the solutions fall into under the square's symmetries."""
    seen = set()
    count = 0
    for s in solutions:
        key = tuple(sorted(s))
        if key in seen:
            continue
        count += 1
        for t in symmetries(n):
            seen.add(tuple(sorted(t(p) for p in s)))
    return count


def selections(matrix: Sequence[Sequence[Optional[float]]]) -> List[Tuple[List[Cell], float]]:
    """Every selection (one cell per row, no column twice; per column when the
    matrix is taller than wide) avoiding holes (None or NaN), with its sum, in
    the order of the column sequence of the oriented matrix."""
    rows, cols = len(matrix), len(matrix[0])

    def hole(v) -> bool:
        return v is None or (isinstance(v, float) and math.isnan(v))

    out = []
    if rows <= cols:
        for pick in itertools.permutations(range(cols), rows):
            cells = list(enumerate(pick))
            if not any(hole(matrix[r][c]) for r, c in cells):
                out.append((cells, sum(matrix[r][c] for r, c in cells)))
    else:
        for pick in itertools.permutations(range(rows), cols):
            cells = sorted((r, c) for c, r in enumerate(pick))
            if not any(hole(matrix[r][c]) for r, c in cells):
                out.append((cells, sum(matrix[r][c] for r, c in cells)))
    return out


def region_queens(regions: List[str]) -> List[List[Cell]]:
    """Queens game: one queen per row, column and region, no two touching."""
    n = len(regions)
    found = []
    for cols in itertools.permutations(range(n)):
        cells = list(enumerate(cols))
        if len({regions[r][c] for r, c in cells}) < n:
            continue
        if any(abs(cols[r] - cols[r + 1]) <= 1 for r in range(n - 1)):
            continue
        found.append(cells)
    return found


def hungarian(cost) -> float:
    """The least sum of a selection of a dense cost matrix (list of lists), by the
    textbook O(n²m) Hungarian method with potentials; rows ≤ cols (transpose
    otherwise). The fallback for scipy's linear_sum_assignment."""
    n, m = len(cost), len(cost[0])
    if n > m:
        return hungarian([list(col) for col in zip(*cost)])
    inf = float("inf")
    u, v = [0.0] * (n + 1), [0.0] * (m + 1)
    match, way = [0] * (m + 1), [0] * (m + 1)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        minv, used = [inf] * (m + 1), [False] * (m + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], inf, 0
            for j in range(1, m + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(m + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    return sum(cost[match[j] - 1][j - 1] for j in range(1, m + 1) if match[j])
