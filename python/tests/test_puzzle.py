"""Region puzzles (the Queens game) against a permutation brute force."""

import random

import pytest

import placer
from brute import region_queens


def random_regions(rng, n):
    """n connected-or-not regions: grown from n random seeds, one letter each."""
    letters = "ABCDEFGHIJ"
    grid = [[None] * n for _ in range(n)]
    seeds = rng.sample([(r, c) for r in range(n) for c in range(n)], n)
    for i, (r, c) in enumerate(seeds):
        grid[r][c] = letters[i]
    while any(x is None for row in grid for x in row):
        r, c = rng.randrange(n), rng.randrange(n)
        if grid[r][c] is None:
            continue
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < n and grid[rr][cc] is None:
            grid[rr][cc] = grid[r][c]
    return ["".join(row) for row in grid]


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_region_queens_match_brute_force(n):
    rng = random.Random(n)
    for _ in range(20):
        regions = random_regions(rng, n)
        expected = region_queens(regions)
        puzzle = placer.Puzzle.from_text("\n".join(regions) + "\n")
        assert puzzle.count() == len(expected)
        assert sorted(s.cells for s in puzzle.solutions()) == expected
        assert puzzle.is_unique() == (len(expected) == 1)
        solved = puzzle.solve()
        assert (solved is None) == (not expected)
        if solved is not None:
            assert solved.cells in expected
        assert (puzzle.rows, puzzle.cols) == (n, n)


def test_puzzle_board_and_check():
    p = placer.Puzzle.from_text("AABB\nAABB\nCCDD\nCCDD\n")
    s = p.solve()
    assert s.board().count("Q") == 4
    plan = p.check()
    assert plan["regions"] == ["A", "B", "C", "D"]
    assert any(g["of"] == "region" for g in plan["groups"])


def test_star_battle_with_k():
    p = placer.Puzzle.from_text("AABB\nAABB\nCCDD\nCCDD\n", "star-battle", k=1)
    assert p.count() == 2


def test_bad_pictures_are_rule_errors():
    with pytest.raises(placer.RuleError) as err:
        placer.Puzzle.from_text("AB\nA\n")
    assert err.value.source == "<regions>"
    with pytest.raises(placer.RuleError):
        placer.Puzzle.from_text("AB\nBA\n", "queens")


def test_puzzle_from_file(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("AABB\nAABB\nCCDD\nCCDD\n")
    assert placer.Puzzle.from_file(path).count() == 2
    assert placer.count("region-queens", regions=path) == 2
    assert placer.count("region-queens", regions=str(path)) == 2


# Issue 36: say what surprises.


def test_a_typo_in_a_picture_warns():
    picture = "AAABB\nAXABB\nAAACC\nDDDCC\nDDEEE\n"
    with pytest.warns(placer.PlacerWarning) as caught:
        puzzle = placer.Puzzle.from_text(picture)
    assert [str(w.message) for w in caught] == [
        "region `X` is a single cell at (2,2), inside region `A`: a typo?"
    ]
    assert puzzle.solve() is None


def test_a_star_count_left_at_its_default_warns(tmp_path):
    side = 10
    rows = ["".join("ABCDEFGHIJ"[r] for _ in range(side)) for r in range(side)]
    path = tmp_path / "stars.txt"
    path.write_text("\n".join(rows) + "\n")
    with pytest.warns(placer.PlacerWarning, match=r"pass k=2 if this one does"):
        placer.Puzzle.from_file(path, "star-battle")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        placer.Puzzle.from_file(path, "star-battle", k=2)


def test_several_solutions_are_not_unique():
    path = placer.Puzzle.from_text("AABB\nAABB\nCCDD\nCCDD\n").explain()
    assert not path.unique
    assert path.differ == [(0, 1), (0, 2), (1, 0), (1, 3), (2, 0), (2, 3), (3, 1), (3, 2)]
    unique = placer.Puzzle.from_text("AAAB\nACBB\nCCDD\nCCDD\n").explain()
    assert unique.unique and unique.differ == []


def test_a_count_that_cannot_finish_is_refused():
    with pytest.raises(placer.TooLargeError, match=r"pass estimate=False to count anyway"):
        placer.count("queens", n=70, threads=2)
    assert placer.count("queens", n=10) == 724


def test_version_and_a_clean_namespace():
    assert placer.__version__ == "0.1.0"
    names = dir(placer)
    for name in ["os", "Any", "Optional", "Union", "List", "Tuple"]:
        assert name not in names
    assert "count" in names and "Puzzle" in names and "__version__" in names
