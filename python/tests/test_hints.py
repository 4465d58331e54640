"""Hints, logical paths and grades of region puzzles: the CLI's fixtures, the
CLI itself when it is built, and a brute force for soundness."""

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

import placer
from brute import region_queens
from test_puzzle import random_regions

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "hints"
QUEENS_7 = ROOT / "examples" / "puzzles" / "queens-7.txt"


def one_based(cells):
    return [[r + 1, c + 1] for r, c in cells]


def as_json(step):
    """A step as `placer hint --format json` prints it."""
    return {
        "technique": step.technique,
        "place": one_based(step.place),
        "exclude": one_based(step.exclude),
        "reason": step.reason,
    }


def fixture_puzzle(path):
    """The puzzle of a CLI fixture: its first line is `# placer hint GAME --set k=K (...)`."""
    args = path.read_text().splitlines()[0].removeprefix("# placer hint ").split("(")[0].split()
    params = {}
    for key, value in zip(args[1::2], args[2::2]):
        assert key == "--set"
        name, number = value.split("=")
        params[name] = int(number)
    return placer.Puzzle.from_file(path, args[0], **params)


def cli():
    """The built CLI, if any (PLACER_CLI, else target/release or target/debug)."""
    for candidate in (os.environ.get("PLACER_CLI"), ROOT / "target/release/placer", ROOT / "target/debug/placer"):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    return None


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.txt")), ids=lambda p: p.stem)
def test_each_fixture_gives_the_cli_step(path):
    want = json.loads(path.with_suffix(".json").read_text())
    if want.pop("unique", True):
        step = fixture_puzzle(path).hint()
    else:  # a state with several solutions: the step, and a warning
        del want["differ"]
        with pytest.warns(placer.PlacerWarning, match="^not unique: "):
            step = fixture_puzzle(path).hint()
    assert step.technique == path.stem
    assert as_json(step) == want
    assert step.title and step.grade in ("easy", "medium", "hard")
    assert step.focus


def test_a_hint_on_a_puzzle_without_a_solution_warns_why():
    # Five stars a region on the 10×10 two-star grid: no solution, but the
    # first step does not yet contradict; it comes, with why there is none.
    puzzle = placer.Puzzle.from_file(ROOT / "examples" / "puzzles" / "star-battle-10.txt", "star-battle", k=5)
    said = r"^no solution: after 1 step of logic \(`placer solve \.\.\. --explain` lists them\), \(1,1\) and \(1,2\) attack each other$"
    with pytest.warns(placer.PlacerWarning, match=said):
        step = puzzle.hint()
    assert step is not None


def test_queens_7_hint_and_path():
    puzzle = placer.Puzzle.from_file(QUEENS_7)
    step = puzzle.hint()
    assert (step.technique, step.place, step.exclude) == ("last-cells", [(6, 6)], [])
    assert step.reason == "region F needs 1 more queen and (7,7) is its only open cell"
    path = puzzle.explain()
    assert (path.solved, path.guesses, path.grade, len(path), path.stuck) == (True, 0, "easy", 14, None)
    assert sorted(c for s in path.steps for c in s.place) == puzzle.solve().cells
    assert puzzle.grade() == "easy"


@pytest.mark.skipif(cli() is None, reason="the CLI is not built")
@pytest.mark.parametrize("name", ["queens-7.txt", "queens-9.txt", "star-battle-8-one-star.txt"])
def test_the_cli_prints_the_same_hint_and_path(name):
    path = ROOT / "examples" / "puzzles" / name
    game, params = ("star-battle", {"k": 1}) if "star" in name else ("region-queens", {})
    sets = [arg for k, v in params.items() for arg in ("--set", f"{k}={v}")]
    run = lambda *args: subprocess.run(
        [cli(), *args, "--regions", str(path), *sets, "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    puzzle = placer.Puzzle.from_file(path, game, **params)
    assert [as_json(puzzle.hint())] == [json.loads(line) for line in run("hint", game)]
    lines = [json.loads(line) for line in run("solve", game, "--explain")]
    path = puzzle.explain()
    assert [as_json(s) for s in path.steps] == lines[:-1]
    end = {"solved": path.solved, "guesses": path.guesses, "grade": path.grade, "steps": len(path),
           "unique": path.unique}
    assert end == lines[-1]


@pytest.mark.parametrize("n", [5, 6, 7])
def test_hints_are_sound_and_paths_end_in_the_solution(n):
    rng = random.Random(100 + n)
    checked = 0
    while checked < 8:
        regions = random_regions(rng, n)
        solutions = region_queens(regions)
        if len(solutions) != 1:
            continue
        checked += 1
        solution = set(solutions[0])
        puzzle = placer.Puzzle.from_text("\n".join(regions) + "\n")
        step = puzzle.hint()
        if step is not None:
            assert set(step.place) <= solution and not set(step.exclude) & solution
        path = puzzle.explain()
        placed = {c for s in path.steps for c in s.place}
        assert placed == solution and path.stuck is None
        assert path.guesses == sum(s.technique == "guess" for s in path.steps)
        assert path.solved == (path.guesses == 0)
        assert (path.grade == "needs-guessing") == (path.guesses > 0)
        assert puzzle.grade() == path.grade


def test_a_puzzle_without_solution_is_stuck():
    # two 1-cell regions side by side: their queens would touch
    puzzle = placer.Puzzle.from_text("ABCC\nDDCC\nDDCC\nDDDD\n")
    path = puzzle.explain()
    assert not path.solved and path.stuck
    assert path.grade is None and puzzle.grade() is None
    assert puzzle.count() == 0


def test_a_grid_with_several_solutions_is_not_unique_and_not_graded():
    # eight 4×2 blocks: many solutions, and logic alone places nothing
    puzzle = placer.Puzzle.from_text("AAAABBBB\nAAAABBBB\nCCCCDDDD\nCCCCDDDD\n"
                                     "EEEEFFFF\nEEEEFFFF\nGGGGHHHH\nGGGGHHHH\n")
    said = ("not unique: at least 2 solutions; they differ at "
            "(6,3), (6,4), (8,3), (8,4)")
    path = puzzle.explain()
    assert not path.unique and path.grade is None and path.not_unique == said
    assert path.differ == [(5, 2), (5, 3), (7, 2), (7, 3)]
    with pytest.warns(placer.PlacerWarning, match=r"^not unique: at least 2 solutions; they differ at \(6,3\)"):
        assert puzzle.hint() is None
    with pytest.warns(placer.PlacerWarning, match="not unique"):
        assert puzzle.grade() is None
    # a step holds in every solution: the hint comes, with the warning
    with pytest.warns(placer.PlacerWarning, match="not unique"):
        assert placer.Puzzle.from_text("AABB\nAABB\nCCDD\nCCDD\n").hint() is not None


def test_a_unique_puzzle_warns_nothing():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        puzzle = placer.Puzzle.from_text("AAAB\nACBB\nCCDD\nCCDD\n")
        assert puzzle.hint() is not None and puzzle.grade() == "medium"
        assert puzzle.explain().not_unique is None
