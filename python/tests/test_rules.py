"""Rule sets: counts and listings against itertools brute force and OEIS."""

import gc
import os
import threading
import time
import _thread

import pytest

import placer
from brute import classes, placements, queens_like

# OEIS A000170 (solutions) and A002562 (unique up to symmetry), n = 1..14.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752]


@pytest.mark.parametrize("n", range(1, 15))
def test_queens_counts_match_oeis(n):
    assert placer.count("queens", n=n, threads=2) == A000170[n - 1]
    assert placer.count("queens", n=n, unique=True, threads=2) == A002562[n - 1]


def test_queens_16_matches_oeis():
    assert placer.count("queens", n=16, threads=2) == 14772512


@pytest.mark.parametrize("n", range(1, 9))
def test_queens_listing_is_the_brute_force_in_order(n):
    listed = [s.cells for s in placer.solutions("queens", n=n)]
    assert listed == queens_like(n)
    assert placer.count("queens", n=n, threads=1) == len(listed)
    assert placer.count("queens", n=n, unique=True) == classes(n, listed)


@pytest.mark.parametrize("n", range(1, 8))
def test_torus_queens_and_rooks_match_brute_force(n):
    assert placer.count("torus-queens", n=n) == len(queens_like(n, wrap=True))
    assert placer.count("rooks", n=n) == len(queens_like(n, diagonals=False))


def knight(a, b):
    d = sorted((abs(a[0] - b[0]), abs(a[1] - b[1])))
    return d == [1, 2]


def king(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def bishop(a, b):
    return abs(a[0] - b[0]) == abs(a[1] - b[1])


@pytest.mark.parametrize(
    "rules, attacks, rows, cols, k",
    [
        ("knights", knight, 4, 4, 5),
        ("knights", knight, 3, 5, 4),
        ("kings", king, 4, 4, 3),
        ("kings", king, 5, 3, 4),
        ("bishops", bishop, 4, 4, 4),
        ("bishops", bishop, 2, 6, 3),
    ],
)
def test_leapers_and_bishops_match_combinations(rules, attacks, rows, cols, k):
    text = f"""
name = "{rules}-test"
[board]
rows = {rows}
cols = {cols}
[piece]
count = {k}
{'leaps = ["knight"]' if attacks is knight else ''}
{'leaps = ["king"]' if attacks is king else ''}
{'lines = ["diagonal", "anti-diagonal"]' if attacks is bishop else ''}
"""
    expected = placements(rows, cols, k, attacks)
    assert placer.count(text) == len(expected)
    assert sorted(s.cells for s in placer.solutions(text)) == expected


def test_holes_and_one_row_boards():
    text = """
name = "holes"
[board]
rows = 3
cols = 4
holes = [[1, 1], [2, 3]]
[piece]
count = 3
lines = ["row", "column"]
"""
    rook = lambda a, b: a[0] == b[0] or a[1] == b[1]
    expected = placements(3, 4, 3, rook, holes=[(0, 0), (1, 2)])
    assert [s.cells for s in placer.solutions(text)] == expected
    one_row = 'name = "one"\n[board]\nrows = 1\ncols = 5\n[piece]\ncount = 1\n'
    assert placer.count(one_row) == 5


def test_params_set_rule_parameters():
    assert placer.count("knights", n=4, count=5) == len(placements(4, 4, 5, knight))


def test_limit_stops_counting_and_listing():
    assert placer.count("queens", n=8, limit=2) == 2
    assert placer.count("queens", n=3, limit=2) == 0
    assert len(list(placer.solutions("queens", n=8, limit=5))) == 5
    assert list(placer.solutions("queens", n=8, limit=0)) == []


def test_threads_never_change_the_answer():
    assert placer.count("queens", n=11, threads=1) == placer.count("queens", n=11, threads=2)
    assert placer.count("kings", n=6, threads=1) == placer.count("kings", n=6, threads=2)


def test_unique_listing_gives_one_per_class():
    listed = [s.cells for s in placer.solutions("queens", n=8, unique=True)]
    assert len(listed) == 12
    assert classes(8, listed) == 12


def test_first_is_a_solution_or_none():
    assert placer.first("queens", n=2) is None
    for n in (8, 30, 200):
        s = placer.first("queens", n=n)
        cols = [c for _, c in s]
        assert sorted(cols) == list(range(n))
        assert len({r - c for r, c in s}) == n and len({r + c for r, c in s}) == n


def test_solution_object():
    s = next(placer.solutions("queens", n=4))
    assert s == [(0, 1), (1, 3), (2, 0), (3, 2)]
    assert len(s) == 4 and s[0] == (0, 1) and s[-1] == (3, 2)
    assert s.rows == [0, 1, 2, 3] and s.cols == [1, 3, 0, 2]
    assert s.values is None and s.sum is None
    assert s.board() == ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
    assert hash(s) == hash(next(placer.solutions("queens", n=4)))
    with pytest.raises(IndexError):
        s[4]


def test_dropping_an_iterator_early_is_fine():
    for _ in range(50):
        it = placer.solutions("queens", n=12)
        next(it)
        del it
    assert placer.count("queens", n=6) == 4


def producers():
    """The live threads that search ahead for solutions iterators."""
    names = []
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/comm") as f:
                names.append(f.read().strip())
        except FileNotFoundError:  # the thread ended meanwhile
            pass
    return names.count("placer-solution")  # comm keeps 15 characters


def wait_for(condition):
    deadline = time.monotonic() + 60
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
def test_a_dropped_iterator_ends_its_search_thread():
    assert wait_for(lambda: producers() == 0)  # earlier tests' iterators are gone
    its = [placer.solutions("queens", n=20) for _ in range(8)]
    for it in its:
        next(it)
    assert producers() == 8  # each searches ahead on a thread of its own
    del it, its
    gc.collect()
    assert wait_for(lambda: producers() == 0)


def test_check_gives_the_plan():
    plan = placer.check("queens", n=8)
    assert plan["name"] == "queens" and (plan["rows"], plan["cols"]) == (8, 8)
    assert plan["params"]["n"] == 8
    assert plan["piece"]["symbol"] == "Q" and plan["piece"]["count"] == 8
    assert plan["symmetries"] == 8
    assert "permutation" in plan["kernel"]
    assert "queens" in plan["text"]
    knights = placer.check("knights", n=5)
    assert knights["piece"]["leaps"] == [(1, 2)]
    assert [name for name, _ in placer.rules()][:2] == ["queens", "rooks"]


def test_rule_errors_carry_line_column_and_caret():
    text = 'name = "bad"\n[board]\nrows = "m + 1"\n'
    with pytest.raises(placer.RuleError) as err:
        placer.count(text)
    e = err.value
    assert (e.line, e.column) == (3, 9)  # the `m` inside the quotes
    assert e.source == "<rules>"
    assert "^" in str(e) and "3 | rows" in str(e)
    assert "m" in e.reason


def test_unknown_rule_and_key_suggest():
    with pytest.raises(placer.RuleError) as err:
        placer.count("qeens")
    assert "queens" in err.value.help
    with pytest.raises(placer.RuleError) as err:
        placer.count('name = "x"\n[board]\nrowz = 3\n')
    assert err.value.line == 3


def test_bad_parameters_are_errors():
    with pytest.raises(placer.RuleError):
        placer.count("queens", n=0)
    with pytest.raises(placer.RuleError):
        placer.count("queens", m=3)
    with pytest.raises(TypeError):
        placer.count("queens", n="8")
    with pytest.raises(placer.RuleError, match="`queens` has no group over regions"):
        placer.count("queens", n=4, regions="AB\nAB\n")
    with pytest.raises(placer.RuleError):
        placer.count("queens", n=100000)


def test_ctrl_c_interrupts_a_long_count():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        placer.count("queens", n=19, threads=1)
    timer.join()
    # The interpreter answers at once afterwards: the GIL is free.
    assert placer.count("queens", n=6) == 4
    assert time.monotonic() - started < 120
