"""Issue 38: Python as safe as the command line. Endless files stop at their
limit, thread counts are bounded, Ctrl-C stops the work, one iterator may be
shared by threads, and reprs read as Python."""

import os
import signal
import sys
import threading
import time
from pathlib import Path
import warnings

import pytest

import placer

ZERO = Path("/dev/zero")
linux = pytest.mark.skipif(not ZERO.exists() or sys.platform != "linux", reason="Linux only")


@linux
def test_endless_files_stop_at_their_limit():
    with pytest.raises(placer.RuleError, match="cannot read the picture /dev/zero: more than 8 MiB"):
        placer.Puzzle.from_file("/dev/zero")
    with pytest.raises(placer.RuleError, match="more than 8 MiB, the limit for a picture"):
        placer.count("region-queens", regions=ZERO)
    with pytest.raises(placer.RuleError, match="more than 8 MiB, the limit for a picture"):
        placer.count("kings", n=3, cells=ZERO)
    with pytest.raises(placer.MatrixError, match="more than 256 MiB"):
        placer.select(ZERO)
    with pytest.raises(placer.RuleError, match="more than 1 MiB"):
        placer.count(ZERO)


def test_a_latin_1_file_is_a_rule_error(tmp_path):
    picture = tmp_path / "p.txt"
    picture.write_bytes(b"AB\nB\xe9\n")
    with pytest.raises(placer.RuleError, match="not UTF-8 text"):
        placer.Puzzle.from_file(picture)
    with pytest.raises(placer.RuleError, match="not UTF-8 text"):
        placer.count("region-queens", regions=picture)
    rules = tmp_path / "r.toml"
    rules.write_bytes(b'name = "caf\xe9"\n[board]\nrows = 3\n')
    with pytest.raises(placer.RuleError, match="not UTF-8 text"):
        placer.count(rules)


def test_too_many_threads_are_refused_before_any_starts():
    with pytest.raises(ValueError, match="threads=1000000 is more than the supported 1024"):
        placer.count("queens", n=8, threads=10**6)
    with pytest.raises(ValueError, match="more than the supported 1024"):
        placer.Puzzle.from_text("AB\nAB\n", "star-battle").count(threads=1025)
    assert placer.count("queens", n=8, threads=1024) == 92


def test_one_iterator_shared_by_threads():
    it = placer.solutions("queens", n=8)
    seen, errors = [], []

    def drain():
        try:
            for s in it:
                seen.append(tuple(s.cells))
        except Exception as e:  # pragma: no cover - the failure being tested
            errors.append(e)

    workers = [threading.Thread(target=drain) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert errors == []
    assert len(seen) == 92 and len(set(seen)) == 92


def test_reprs_read_as_python():
    puzzle = placer.Puzzle.from_text("AAB\nABB\nCCC\n", "star-battle")
    text = repr(puzzle.explain())
    assert "Some(" not in text and '"' not in text
    step = puzzle.hint()
    if step is not None:
        assert repr(step).startswith(f"Step({step.technique!r}, ")
    solved = placer.Puzzle.from_text("AAAB\nACBB\nCCDD\nCCDD\n")
    assert "grade='" in repr(solved.explain())


def _threads():
    return len(os.listdir("/proc/self/task"))


@linux
def test_ctrl_c_stops_a_dp_count():
    """Kings on 30×30 go to the row-frontier DP: after Ctrl-C its worker
    thread ends, it does not count on in the background."""
    before = _threads()
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt), pytest.warns(placer.PlacerWarning):
        placer.count("kings", n=30)
    timer.join()
    # the worker looks at the stop flag every 65 536 states: it ends soon
    for _ in range(600):
        if _threads() <= before:
            break
        time.sleep(0.1)
    assert _threads() <= before


def test_a_long_dp_count_is_forewarned():
    # the warning comes before the count: as an error, it stops it at once
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        forecast = (
            r"^the row-frontier DP may take from about .+ to about .+ or more \(forecast from a trial run"
            r" over 30 of these 900 cells: at least about 2\^19\.8 states at the peak,"
            r" 66\.0 MiB of state tables\); Ctrl-C stops it$"
        )
        with pytest.raises(placer.PlacerWarning, match=forecast):
            placer.count("kings", n=30)
        assert placer.count("kings", n=12) == 2390359529372724


def test_count_arguments_are_checked_by_name():
    tenths = placer.select([[1, 2], [3, 4]])
    for call in (
        lambda: placer.count("queens", n=8, threads=-1),
        lambda: placer.count("queens", n=8, limit=-1),
        lambda: placer.solutions("queens", n=8, limit=-2),
        lambda: tenths.all(limit=-1),
        lambda: tenths.top(-1),
    ):
        with pytest.raises(ValueError, match=r"^(threads|limit|k)=-\d is negative: it must be 0 or more$"):
            call()
    with pytest.raises(TypeError, match="^k must be an integer, not str$"):
        tenths.top("1")
    with pytest.raises(ValueError, match="threads=18446744073709551616 is more than the supported 1024"):
        placer.count("queens", n=8, threads=2**64)
    # Beyond any count a limit means no limit.
    assert placer.count("queens", n=8, limit=10**50) == 92
    assert len(tenths.top(10**30)) == 2
    assert len(list(tenths.all(limit=10**40))) == 2
    with pytest.raises(placer.RuleError, match="parameter n=1180591620717411303424 is outside the 64-bit range"):
        placer.count("queens", n=2**70)
    with pytest.raises(placer.MatrixError, match="^row 1 has 1 cell, row 0 has 2$"):
        placer.select([[1, 2], [3]])


@linux
def test_a_limited_listing_stops_its_search_at_the_limit():
    def searching():
        """The ids of this process's producer threads now running."""
        tasks = Path("/proc/self/task")
        ids = set()
        for task in tasks.iterdir():
            try:
                if (task / "comm").read_text().startswith("placer-solutio"):
                    ids.add(task.name)
            except FileNotFoundError:  # the thread ended while we looked
                pass
        return ids

    # Producers of earlier tests may still be winding down: only the threads
    # that start here count.
    before = searching()
    solutions = placer.solutions("queens", n=20, limit=1)
    assert len(next(iter(solutions)).cells) == 20
    started = searching() - before
    # The producer thread ends once it has found the one solution asked for,
    # though the iterator is still alive.
    for _ in range(500):
        if not (searching() & started):
            break
        time.sleep(0.02)
    assert not (searching() & started)
    del solutions
