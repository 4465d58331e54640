"""Matrix selections against itertools brute force and scipy (or an own
brute-force assignment when scipy is not installed)."""

import math
import random

import pytest

import placer
from brute import hungarian, selections

np = pytest.importorskip("numpy")
try:
    from scipy.optimize import linear_sum_assignment
except ImportError:  # scipy is optional: the brute force answers instead
    linear_sum_assignment = None


def random_matrix(rng, rows, cols, holes=0.2, ints=True):
    def cell():
        if rng.random() < holes:
            return None
        return rng.randint(-5, 9) if ints else round(rng.uniform(-10, 10), 3)

    return [[cell() for _ in range(cols)] for _ in range(rows)]


SHAPES = [(1, 1), (1, 4), (4, 1), (2, 2), (3, 3), (3, 5), (5, 3), (4, 4), (5, 5), (2, 6), (6, 4)]


@pytest.mark.parametrize("rows, cols", SHAPES)
def test_count_all_top_match_brute_force(rows, cols):
    rng = random.Random(rows * 100 + cols)
    for _ in range(15):
        m = random_matrix(rng, rows, cols, ints=rng.random() < 0.5)
        expected = selections(m)
        sel = placer.select(m)
        assert sel.count() == len(expected)
        listed = [(s.cells, s.sum) for s in sel.all()]
        assert [c for c, _ in listed] == [c for c, _ in expected]
        for (_, got), (_, want) in zip(listed, expected):
            assert got == pytest.approx(want)
        for maximize in (False, True):
            ranked = sorted(expected, key=lambda e: -e[1] if maximize else e[1])
            top = sel.top(4, maximize=maximize)
            assert [s.sum for s in top] == pytest.approx([e[1] for e in ranked[:4]])
            best = sel.best(maximize=maximize)
            if expected:
                assert best.sum == pytest.approx(ranked[0][1])
                assert best.sum == pytest.approx(sum(best.values))
            else:
                assert best is None


def test_numpy_nan_is_a_hole_and_lists_agree():
    m = np.array([[1.0, np.nan, 3.0], [np.nan, 5.0, 6.0], [7.0, 8.0, np.nan]])
    as_list = [[None if math.isnan(x) else x for x in row] for row in m.tolist()]
    assert placer.select(m).count() == len(selections(as_list)) == 2
    ints = np.array([[1, 0, 1], [1, 1, 0], [0, 1, 1]])
    assert placer.select(ints, skip=0).count() == 2
    assert placer.select(ints).count() == 6


def test_bounded_listing():
    rng = random.Random(7)
    m = random_matrix(rng, 5, 5, holes=0.1)
    expected = [c for c, s in selections(m) if 0 <= s <= 12]
    got = [s.cells for s in placer.select(m).all(min_sum=0, max_sum=12)]
    assert got == expected
    assert len(list(placer.select(m).all(limit=3))) == min(3, len(selections(m)))


def test_bounds_compare_exactly():
    """Issue 38: a bound is an exact decimal, never rounded to a float."""
    from decimal import Decimal

    tenths = placer.select([[0.1, 0.2], [0.2, 0.1]])
    assert list(tenths.all(max_sum=Decimal("0.19999999999999999999"))) == []
    assert [s.sum for s in tenths.all(max_sum=0.2)] == [0.2]
    big = placer.select([[9007199254740992]])
    assert list(big.all(min_sum=9007199254740993)) == []
    assert len(list(big.all(min_sum=9007199254740992, max_sum=float("inf")))) == 1
    for side in ("min_sum", "max_sum"):
        with pytest.raises(ValueError, match=f"{side} is NaN"):
            tenths.all(**{side: float("nan")})
    with pytest.raises(ValueError, match="NaN"):
        tenths.all(min_sum=Decimal("nan"))


@pytest.mark.parametrize("n", [1, 2, 14, 40])
def test_count_is_exact_however_big(n):
    assert placer.select(np.ones((n, n))).count() == math.factorial(n)
    # ones off the diagonal, skip=0: the derangements, D(n) = (n-1)(D(n-1) + D(n-2))
    derangements = [1, 0]
    for k in range(2, n + 1):
        derangements.append((k - 1) * (derangements[-1] + derangements[-2]))
    m = np.ones((n, n)) - np.eye(n)
    if n <= 20:
        assert placer.select(m, skip=0).count() == derangements[n]
    else:  # every exact method is over its limit: a clear refusal, never a guess
        with pytest.raises(placer.TooLargeError, match="all()"):
            placer.select(m, skip=0).count()


@pytest.mark.parametrize("shape", [(6, 6), (5, 7), (7, 5), (30, 30), (20, 45), (45, 20), (200, 200)])
def test_best_matches_linear_sum_assignment(shape):
    rng = np.random.default_rng(sum(shape))
    for trial in range(5):
        cost = rng.random(shape) if trial % 2 else rng.integers(0, 100, shape)
        for maximize in (False, True):
            best = placer.select(cost).best(maximize=maximize)
            if linear_sum_assignment is not None:
                r, c = linear_sum_assignment(cost, maximize=maximize)
                want = cost[r, c].sum()
                assert len(best.rows) == len(r)
                assert sorted(best.rows) == best.rows
            elif max(shape) <= 45:
                sign = -1 if maximize else 1
                want = sign * hungarian((sign * cost).tolist())
            else:
                continue
            assert best.sum == pytest.approx(want, rel=1e-12, abs=1e-9)
            assert sum(cost[r, c] for r, c in best.cells) == pytest.approx(best.sum)


@pytest.mark.parametrize("shape", [(8, 8), (6, 11), (11, 6), (60, 60), (40, 90), (90, 40)])
def test_float_fast_path_with_holes_matches_scipy_and_the_exact_path(shape):
    # numpy floats are solved in f64 (as scipy); lists go through exact decimals
    rng = np.random.default_rng(shape[0] * 1000 + shape[1])
    for trial in range(6):
        cost = rng.normal(size=shape) * 10.0 ** rng.integers(-3, 4)
        cost[rng.random(shape) < 0.15] = np.nan
        for maximize in (False, True):
            best = placer.select(cost).best(maximize=maximize)
            exact = placer.select(
                [[None if math.isnan(x) else x for x in row] for row in cost.tolist()]
            ).best(maximize=maximize)
            assert (best is None) == (exact is None)
            if best is None:
                continue
            assert best.sum == pytest.approx(exact.sum, rel=1e-12, abs=1e-12)
            assert not any(math.isnan(v) for v in best.values)
            if linear_sum_assignment is not None:
                blocked = -np.inf if maximize else np.inf
                r, c = linear_sum_assignment(np.where(np.isnan(cost), blocked, cost), maximize=maximize)
                assert best.sum == pytest.approx(cost[r, c].sum(), rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("shape", [(60, 60), (30, 100), (100, 30), (150, 150)])
@pytest.mark.parametrize("scale", [1000, 10**15])
def test_integer_arrays_match_scipy(shape, scale):
    # int64 arrays solve on i64 costs, or on i128 once the values are too
    # large for i64 sums (10**15); holes come from `skip`; every sum exact
    rng = np.random.default_rng(shape[0] + shape[1] + scale % 97)
    a = rng.integers(-scale, scale, size=shape, dtype=np.int64)
    holes = rng.random(shape) < 0.25
    a[holes] = scale  # outside the drawn range: only holes hold it
    for maximize in (False, True):
        best = placer.select(a, skip=scale).best(maximize=maximize)
        assert all(type(v) is int for v in best.values + [best.sum])
        assert best.sum == sum(int(a[r, c]) for r, c in best.cells)
        assert not any(holes[r, c] for r, c in best.cells)
        if linear_sum_assignment is None:
            continue
        blocked = -np.inf if maximize else np.inf
        cost = np.where(holes, blocked, a.astype(float))
        r, c = linear_sum_assignment(cost, maximize=maximize)
        theirs = sum(int(a[i, j]) for i, j in zip(r, c))
        if scale < 2**40:
            assert best.sum == theirs
        else:  # scipy's f64 sums round here: placer's exact optimum is no worse
            assert (best.sum >= theirs) if maximize else (best.sum <= theirs)


def test_float_fast_path_ties_and_infeasible():
    # integer-valued floats: f64 is exact, so ties break as in top(): least column sequence
    rng = np.random.default_rng(9)
    for _ in range(20):
        cost = rng.integers(-3, 4, (7, 9)).astype(float)
        for maximize in (False, True):
            best = placer.select(cost).best(maximize=maximize)
            first = placer.select(cost.astype(int)).top(1, maximize=maximize)[0]
            assert (best.cells, best.sum) == (first.cells, first.sum)
    # two rows that only column 0 can serve: no selection
    assert placer.select(np.array([[1.0, np.nan], [2.0, np.nan]])).best() is None
    # the board and values of a float selection come from the same floats
    sel = placer.select(np.array([[0.5, 2.0], [1.25, 0.75]]))
    best = sel.best()
    assert best.cells == [(0, 0), (1, 1)] and best.values == [0.5, 0.75] and best.sum == 1.25
    assert best.board() == "[ 0.5]    2\n 1.25 [0.75]\nsum 1.25\n" and (sel.rows, sel.cols) == (2, 2)


def test_text_and_board():
    sel = placer.select("4 1 3\n2 0 5\n3 2 2\n")
    best = sel.best()
    assert best.cells == [(0, 1), (1, 0), (2, 2)] and best.sum == 5
    assert best.values == [1, 2, 2]
    assert "[1]" in best.board() and "sum 5" in best.board()
    assert (sel.rows, sel.cols) == (3, 3)


def test_bad_matrices_are_errors():
    with pytest.raises(placer.MatrixError):
        placer.select([[1, 2], [3]])
    with pytest.raises(placer.MatrixError):
        placer.select([])
    with pytest.raises(placer.MatrixError):
        placer.select(np.zeros((2, 2, 2)))
    with pytest.raises(placer.MatrixError):
        placer.select([[1, float("inf")]])
    with pytest.raises(placer.MatrixError):
        placer.select([[1, "x"]])
    with pytest.raises(placer.MatrixError):
        placer.select("1,2\n3,x\n")
    with pytest.raises(placer.TooLargeError):
        placer.select(np.zeros((5000, 2)))


def test_float_arrays_of_any_layout_read_as_their_values():
    rng = np.random.default_rng(3)
    base = rng.random((5, 4))
    base[1, 2] = np.nan
    as_list = [[None if math.isnan(x) else x for x in row] for row in base.T.tolist()]
    for arr in (base.T, np.asfortranarray(base.T), base.T.astype(np.float32).astype(np.float64)):
        want = selections([[None if v is None else float(v) for v in row] for row in
                           [[None if math.isnan(x) else x for x in r] for r in arr.tolist()]])
        got = [(s.cells, s.sum) for s in placer.select(arr).all()]
        assert [c for c, _ in got] == [c for c, _ in want]
    assert placer.select(base.T).count() == len(selections(as_list))
    with pytest.raises(placer.MatrixError):
        placer.select(np.array([[1.0, np.inf]]))


def test_rule_file_with_a_matrix_board_carries_values(tmp_path):
    (tmp_path / "m.csv").write_text("4,1,3\n2,0,5\n3,2,2\n")
    rules = tmp_path / "r.toml"
    rules.write_text('name = "m"\n[board]\nmatrix = "m.csv"\n[piece]\nlines = ["row", "column"]\n')
    listed = list(placer.solutions(rules))
    expected = selections([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    assert [s.cells for s in listed] == [c for c, _ in expected]
    assert [sum(s.values) for s in listed] == [v for _, v in expected]


def test_the_fallback_hungarian_is_the_brute_force():
    rng = random.Random(11)
    for rows, cols in [(1, 1), (3, 3), (2, 5), (5, 2), (4, 4), (6, 5)]:
        for _ in range(10):
            m = [[rng.randint(-9, 9) for _ in range(cols)] for _ in range(rows)]
            assert hungarian(m) == min(s for _, s in selections(m))


def test_integer_arrays_of_every_width_are_exact():
    big = 2**62 + 1  # not a float: the sum must still be exact
    m = np.array([[big, 1], [1, big]], dtype=np.int64)
    assert [s.cells for s in placer.select(m).top(2, maximize=True)] == [[(0, 0), (1, 1)], [(0, 1), (1, 0)]]
    best = placer.select(m).best(maximize=True)
    assert best.values == [big, big] and best.sum == 2 * big
    assert all(type(v) is int for v in best.values + [best.sum])
    rng = np.random.default_rng(5)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        arr = rng.integers(0, 100, (4, 5)).astype(dtype)
        want = selections(arr.tolist())
        got = [(s.cells, s.sum) for s in placer.select(arr).all()]
        assert got == [(c, float(v)) for c, v in want]
        assert placer.select(arr, skip=0).count() == len(selections(
            [[None if x == 0 else x for x in row] for row in arr.tolist()]))
