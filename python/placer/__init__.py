"""placer: place pieces on a grid under constraints, from Python.

A thin layer over the Rust library of the same name: N-queens and any rule
set (built-in name, path or TOML text), matrix selections and assignments,
and region puzzles such as the Queens game.

Cells are 0-based ``(row, col)`` tuples everywhere in Python, as in numpy;
``Solution.board()`` draws the board as the command line does.

>>> import placer
>>> placer.count("queens", n=8)
92
>>> placer.count("queens", n=8, unique=True)
12
>>> placer.first("queens", n=4).cells
[(0, 1), (1, 3), (2, 0), (3, 2)]
>>> placer.select([[4, 1, 3], [2, 0, 5], [3, 2, 2]]).best().cells
[(0, 1), (1, 0), (2, 2)]
"""

from __future__ import annotations

import math
import os
import re
import warnings as _warnings
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _placer
from ._errors import (
    InternalError,
    MatrixError,
    PlacerError,
    PlacerWarning,
    RuleError,
    TooLargeError,
)
from ._placer import Puzzle as _NativePuzzle
from ._placer import Explanation, Select, Solution, SolutionIter, Step, __version__

__all__ = [
    "count",
    "solutions",
    "first",
    "check",
    "rules",
    "select",
    "Puzzle",
    "Select",
    "Solution",
    "SolutionIter",
    "Step",
    "Explanation",
    "PlacerError",
    "RuleError",
    "MatrixError",
    "TooLargeError",
    "InternalError",
    "PlacerWarning",
]


def __dir__() -> List[str]:
    # The public names only: not the modules and typing names used inside.
    return sorted(__all__ + ["__version__", "Rules", "Picture"])

#: A rule set: a built-in name (``"queens"``), a path to a ``.toml`` file,
#: or the TOML text itself.
Rules = Union[str, "os.PathLike[str]"]
#: A picture (regions or cells): its text, or a path to a file holding it.
Picture = Union[str, "os.PathLike[str]", None]


def _rules(rules: Rules) -> str:
    return os.fspath(rules)


def _picture(picture: Picture) -> Optional[str]:
    if picture is None:
        return None
    if isinstance(picture, str) and ("\n" in picture or not os.path.isfile(picture)):
        return picture
    return _placer.read_picture(os.fspath(picture))


def _params(params: dict) -> List[Tuple[str, int]]:
    for key, value in params.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"parameter {key}={value!r}: parameters are integers")
        if not -(2**63) <= value < 2**63:
            raise RuleError(f"parameter {key}={value} is outside the 64-bit range of rule parameters")
    return list(params.items())


def count(
    rules: Rules = "queens",
    /,
    *,
    threads: Optional[int] = None,
    unique: bool = False,
    limit: Optional[int] = None,
    regions: Picture = None,
    cells: Picture = None,
    estimate: bool = True,
    **params: int,
) -> int:
    """Count the solutions of a rule set.

    ``rules`` is a built-in name (see :func:`rules`), a path, or TOML text;
    keyword arguments other than the ones below set the rule's parameters
    (``n=16``). ``unique=True`` counts the classes under the board's
    symmetries. ``limit`` stops counting there (``limit=2`` asks "is it
    unique?"). ``regions`` and ``cells`` are pictures (text or a path), as
    ``--regions`` and ``--cells`` on the command line. ``threads``: worker
    threads, default every core, at most 1024 (``ValueError`` above); the
    answer never depends on it.

    The search runs without the GIL; Ctrl-C raises ``KeyboardInterrupt`` and
    stops it. Exact however large (a Python ``int``).

    A whole count whose estimate is beyond a day (``count("queens", n=70)``)
    raises :class:`TooLargeError` at once, with the estimate;
    ``estimate=False`` counts anyway. A count by the row-frontier DP gets its
    estimate from a trial run of about a tenth of a second: beyond a day it
    raises :class:`TooLargeError` the same way; when it may take more than a
    minute (``count("kings", n=30)``) or more memory than the DP's budget, a
    :class:`PlacerWarning` says so with the forecast before the count goes
    on (a warnings filter set to ``"error"`` stops it there). With
    ``estimate=False``, neither.

    >>> count("queens", n=10)
    724
    >>> count("queens", n=10, unique=True)
    92
    >>> count("rooks", n=5)
    120
    """
    return _placer.count(
        _rules(rules),
        _params(params),
        threads,
        unique,
        limit,
        _picture(regions),
        _picture(cells),
        estimate,
    )


def solutions(
    rules: Rules = "queens",
    /,
    *,
    limit: Optional[int] = None,
    unique: bool = False,
    regions: Picture = None,
    cells: Picture = None,
    **params: int,
) -> SolutionIter:
    """Iterate over the solutions of a rule set, lazily, in search order.

    Row by row, lowest column first (8-queens starts with columns 0 4 7 5 2 6
    1 3); at most ``limit``. Each item is a :class:`Solution`: a sequence of
    0-based ``(row, col)`` cells, with ``.board()`` to draw it. A thread
    searches a batch ahead without the GIL; dropping the iterator stops it.

    >>> it = solutions("queens", n=8)
    >>> [c for _, c in next(it)]
    [0, 4, 7, 5, 2, 6, 1, 3]
    >>> len(list(solutions("queens", n=6)))
    4
    >>> print(next(solutions("queens", n=4)).board())
    . Q . .
    . . . Q
    Q . . .
    . . Q .
    <BLANKLINE>
    """
    return _placer.solutions(
        _rules(rules), _params(params), unique, limit, _picture(regions), _picture(cells)
    )


def first(
    rules: Rules = "queens",
    /,
    *,
    unique: bool = False,
    regions: Picture = None,
    cells: Picture = None,
    **params: int,
) -> Optional[Solution]:
    """The first solution found, or ``None`` when there is none.

    Searches in the order that finds one soonest (most constrained row
    first, or an explicit construction for large N-queens), so it may
    differ from the first item of :func:`solutions`.

    >>> first("queens", n=3) is None
    True
    >>> len(first("queens", n=60))
    60
    """
    return _placer.first(
        _rules(rules), _params(params), unique, _picture(regions), _picture(cells)
    )


def check(
    rules: Rules = "queens",
    /,
    *,
    regions: Picture = None,
    cells: Picture = None,
    **params: int,
) -> dict:
    """The compiled plan as a dict: board, piece, groups, symmetry, kernel.

    Keys: ``name``, ``summary``, ``params``, ``rows``, ``cols``, ``wrap``,
    ``holes`` and ``givens`` (0-based cells), ``regions`` (names or
    ``None``), ``piece`` (``name``, ``symbol``, ``count``, ``lines``,
    ``leaps``), ``groups``, ``symmetries`` (how many), ``symmetry`` and
    ``kernel`` (in words), and ``text``: what ``placer check`` prints.

    >>> plan = check("queens", n=8)
    >>> plan["rows"], plan["symmetries"], plan["piece"]["lines"]
    (8, 8, ['row', 'column', 'diagonal', 'anti-diagonal'])
    """
    return _placer.check(_rules(rules), _params(params), _picture(regions), _picture(cells))


def rules() -> List[Tuple[str, str]]:
    """The built-in rules as ``(name, summary)`` pairs.

    >>> [name for name, _ in rules()][:3]
    ['queens', 'rooks', 'bishops']
    """
    return _placer.builtin_rules()


def _flatten(matrix: Any) -> Tuple[int, int, list]:
    """Rows, columns and row-major cells of a numpy array or list of lists."""
    shape = getattr(matrix, "shape", None)
    if shape is not None and hasattr(matrix, "tolist"):
        if len(shape) != 2:
            raise MatrixError(f"a matrix has 2 dimensions, this array has {len(shape)}")
        # nested lists, from a numpy array or a memoryview alike
        return int(shape[0]), int(shape[1]), [x for row in matrix.tolist() for x in row]
    kind = type(matrix).__name__
    if isinstance(matrix, (bytes, bytearray)) or not hasattr(matrix, "__iter__"):
        raise MatrixError(
            f"a matrix is a file's path, its text, a DataFrame, a 2-D array or a list of rows, not {kind}"
        )
    rows = []
    for i, row in enumerate(matrix):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
            raise MatrixError(
                f"row {i} is not a list of cells ({type(row).__name__} {row!r}): a matrix is a list of rows"
            )
        rows.append(list(row))
    if not rows:
        raise MatrixError("empty matrix: it needs at least one row and one column")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            cells = "1 cell" if len(row) == 1 else f"{len(row)} cells"
            raise MatrixError(f"row {i} has {cells}, row 0 has {width}")
    return len(rows), width, [x for row in rows for x in row]


def _is_path(text: str) -> bool:
    """Whether ``select`` reads a str as a path: no line break, and a file
    or folder by that name exists, or the text has a slash or looks like a
    file name (``data/costs``, ``m.csv``)."""
    if "\n" in text or "\r" in text:
        return False
    if os.path.isfile(text) or os.path.isdir(text) or "/" in text or os.sep in text:
        return True  # no matrix text has a slash: a folder or a missing file is said so
    name = text.strip()
    return bool(re.fullmatch(r"[^\s,;]*\.[A-Za-z][A-Za-z0-9]*", name)) and not _is_number(name)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


# the missing-value spellings text reads as holes (placer::matrix::is_missing)
_MISSING = frozenset(
    ("nan", "NaN", "NAN", "-nan", "-NaN", "NA", "N/A", "n/a", "#N/A", "<NA>", "null", "NULL", "None")
)


def _skip_value(value: Any) -> float:
    """A ``skip`` value as a float: a number, or a missing value's spelling
    (``"NA"``: those cells are holes already, so NaN, which equals no cell)."""
    if isinstance(value, str) and value.strip() in _MISSING:
        return math.nan
    try:
        return float(value)
    except (TypeError, ValueError):
        raise MatrixError(f"skip value {value!r} is not a number") from None


def _labels(items: Any) -> List[str]:
    return [str(x) for x in items]


def _array(matrix: Any, skips: List[float], row_labels: Any, col_labels: Any) -> Optional[Select]:
    """A numpy array's Select: floats as their bytes, integers exactly."""
    shape = getattr(matrix, "shape", None)
    dtype = getattr(matrix, "dtype", None)
    if shape is None or len(shape) != 2 or dtype is None:
        return None
    # Bytes at the array's own width (a widening cast would make numpy write
    # one more temporary copy of the whole array first).
    code = _ARRAY_CODES.get((dtype.kind, dtype.itemsize))
    if code is None:
        return None  # uint64, longdouble, objects: cell by cell, as Python numbers
    import numpy

    if isinstance(matrix, numpy.ma.MaskedArray):
        # masked cells are holes, as `matrix.filled(numpy.nan)` makes them
        if not numpy.ma.is_masked(matrix):
            matrix = matrix.data
        elif dtype.kind == "f":
            matrix = matrix.filled(numpy.nan)
        else:
            return None  # `tolist()` gives None for a masked cell: integers stay exact

    data = numpy.ascontiguousarray(matrix, dtype=code).tobytes()
    load = Select.from_floats if code[1] == "f" else Select.from_ints
    return load(int(shape[0]), int(shape[1]), data, code[1:], skips, row_labels, col_labels)


# numpy's (kind, itemsize) → the little-endian code handed to the extension:
# floats at 4 or 8 bytes (half precision widened to 4), integers and bools at
# their own width but for uint64, which may not fit an i64
_ARRAY_CODES = {
    **{("f", size): "<f4" if size <= 4 else "<f8" for size in (2, 4, 8)},
    **{("i", size): f"<i{size}" for size in (1, 2, 4, 8)},
    **{("u", size): f"<u{size}" for size in (1, 2, 4)},
    ("b", 1): "<u1",
}


def select(
    matrix: Union[Any, Sequence[Sequence[Optional[float]]], str, "os.PathLike[str]"],
    skip: Union[None, float, Iterable[float]] = None,
    *,
    header: bool = False,
    labels: bool = False,
    delimiter: Optional[str] = None,
    decimal: Optional[str] = None,
) -> Select:
    """The selections of a matrix: one cell from each row, no column twice.

    For an ``m × n`` matrix with ``m > n``, one cell from each column instead.
    ``matrix`` is one of:

    - a path (``str`` or ``os.PathLike``) to a file, read as ``placer select
      FILE`` reads it; a ``str`` is a path when it has no line break and a
      file or folder by that name exists, or it has a slash or looks like a
      file name (``"data/costs"``, ``"m.csv"``);
      any other ``str`` is the matrix's text (``"1,2\\n3,4"``);
    - a pandas DataFrame (or anything with ``to_numpy()``, ``index`` and
      ``columns``): its index and columns become the row and column labels,
      NaN is a hole;
    - a 2-D numpy array of any numeric dtype (integers kept exact; NaN a hole;
      in a masked array, ``numpy.ma``, a masked cell is a hole);
    - a list of lists (``None`` or NaN is a hole).

    For text and files, ``header=True`` reads the first line as column labels,
    ``labels=True`` the first cell of each line as row labels, ``delimiter``
    sets the separator (one character, or ``"tab"``; else detected) and
    ``decimal=","`` reads decimal commas (``13,5``). Cells equal to ``skip``
    (one number or several) are holes too.

    The returned :class:`Select` has ``count()`` (the permanent: an exact
    Python int), ``best(maximize=False)`` (the optimal assignment, as
    ``scipy.optimize.linear_sum_assignment``), ``top(k, maximize=False)``
    (the k best, by Murty's method), ``all()`` (every selection, lazily), and
    ``row_labels`` / ``col_labels``. When every value is an integer, a
    selection's ``values`` and ``sum`` are exact Python ints. A float array is
    kept as its values and ``best()`` solves it in ``f64`` arithmetic, as
    scipy does; everything else sums exactly in decimals (each value as its
    shortest decimal text).

    >>> m = select([[1, 2], [3, 4]])
    >>> m.count()
    2
    >>> [s.sum for s in m.top(2, maximize=True)]
    [5, 5]
    >>> select([[1, 0], [1, 1]], skip=0).count()
    1
    >>> select("name;A;B\\nx;1,5;2\\ny;3;4", header=True, labels=True, decimal=",").best(maximize=True).sum
    5.5
    """
    skips: List[float]
    if skip is None:
        skips = []
    elif isinstance(skip, (int, float, str)):
        skips = [_skip_value(skip)]
    else:
        skips = [_skip_value(s) for s in skip]
    # `__fspath__` is what makes an `os.PathLike` (and is cheaper to ask)
    path_like = hasattr(matrix, "__fspath__")
    if path_like or isinstance(matrix, str):
        layout = {"header": header, "labels": labels, "delimiter": delimiter, "decimal": decimal}
        if path_like or _is_path(matrix):
            selected = Select.load(os.fspath(matrix), skips, **layout)
        else:
            selected = Select.parse(matrix, skips, **layout)
        # pandas' default labels read as numbers, as the command line warns
        if selected.layout_warning is not None:
            _warnings.warn(selected.layout_warning, PlacerWarning, stacklevel=2)
        return selected
    if header or labels or delimiter is not None or decimal is not None:
        raise MatrixError(
            "header, labels, delimiter and decimal read text and files; "
            f"a {type(matrix).__name__} has its own labels"
        )
    # an array first: repeated small solves pay for every check made here
    selected = _array(matrix, skips, None, None)
    if selected is not None:
        return selected
    row_labels = col_labels = None
    if all(hasattr(matrix, a) for a in ("to_numpy", "index", "columns")):
        row_labels, col_labels = _labels(matrix.index), _labels(matrix.columns)
        matrix = matrix.to_numpy()
        selected = _array(matrix, skips, row_labels, col_labels)
        if selected is not None:
            return selected
    rows, cols, cells = _flatten(matrix)
    return Select(rows, cols, cells, skips, row_labels, col_labels)


class Puzzle:
    """A region puzzle: a region game's rules on one region picture.

    The picture has one letter or digit per cell (spaces between cells are
    optional), one line per row; each letter is one region. In the numeric
    form (regions as numbers separated by spaces) ``s`` after a number
    marks a placed piece and ``x`` a cell known to be empty, so a partly
    solved puzzle can be given too.

    Besides solving and counting, a puzzle reasons as a person does:
    :meth:`hint` gives the next deduction, :meth:`explain` the whole logical
    path and :meth:`grade` its difficulty (as ``placer hint``,
    ``placer solve --explain`` and ``placer hint --grade``; see
    docs/PUZZLES.md for the techniques).

    >>> p = Puzzle.from_text('''
    ... AABB
    ... AABB
    ... CCDD
    ... CCDD
    ... ''')
    >>> p.count(), p.is_unique()
    (2, False)
    >>> print(p.solve().board())
    a Q b b
    a a b Q
    Q c d d
    c c Q d
    <BLANKLINE>
    """

    def __init__(self, native: _NativePuzzle) -> None:
        self._native = native

    @classmethod
    def from_text(
        cls, regions: str, rules: Rules = "region-queens", **params: int
    ) -> "Puzzle":
        """A puzzle from its region picture (text); ``rules`` is the game
        (``"region-queens"``, ``"star-battle"`` with ``k=2``, or a rule set
        with a region group).

        What the picture allows but people rarely mean is passed to
        :func:`warnings.warn` as a :class:`PlacerWarning` (the command line
        prints the same as ``warning:`` lines): a region that is not
        connected, a one-cell region inside another on a picture that
        cannot be solved (``region `J` is a single cell at (4,7), inside
        region `G`: a typo?``), a Star Battle with ``k`` left at 1 on a side
        that usually has more stars."""
        return cls._warned(regions, rules, params)

    @classmethod
    def from_file(
        cls, path: "Union[str, os.PathLike[str]]", rules: Rules = "region-queens", **params: int
    ) -> "Puzzle":
        """A puzzle from a file holding its region picture."""
        return cls._warned(_placer.read_picture(os.fspath(path)), rules, params)

    @classmethod
    def _warned(cls, regions: str, rules: Rules, params: dict) -> "Puzzle":
        # Warnings point at the caller of from_text or from_file.
        puzzle = cls(_NativePuzzle.from_text(regions, _rules(rules), _params(params)))
        for text in puzzle._native.warnings:
            _warnings.warn(text, PlacerWarning, stacklevel=3)
        return puzzle

    def solve(self) -> Optional[Solution]:
        """The first solution found, or ``None`` when there is none."""
        return self._native.solve()

    def solutions(self, limit: Optional[int] = None) -> SolutionIter:
        """The solutions, lazily, at most ``limit``."""
        return self._native.solutions(limit)

    def count(self, threads: Optional[int] = None) -> int:
        """The number of solutions."""
        return self._native.count(threads)

    def is_unique(self) -> bool:
        """Whether the puzzle has exactly one solution (stops at two)."""
        return self._native.is_unique()

    def check(self) -> dict:
        """The compiled plan as a dict (see :func:`check`)."""
        return self._native.check()

    def hint(self) -> Optional[Step]:
        """The next deduction from the puzzle's start, as ``placer hint``.

        A :class:`Step`: ``technique`` (``"last-cells"``, ...), ``place`` and
        ``exclude`` (0-based cells it fills and empties), ``reason`` (in
        words, with 1-based cells), ``focus``, ``grade``. ``None`` when the
        puzzle is solved, logic runs out (:meth:`explain` then guesses) or
        the state plainly has no solution. On a grid with several solutions
        a :class:`PlacerWarning` says so (``not unique: at least 2
        solutions; they differ at (1,2), …``); the step, if any, holds in
        every solution. On a state with no solution that does not plainly
        contradict yet, the step comes (it holds vacuously) with a
        :class:`PlacerWarning` naming the unit that cannot be filled
        (``no solution: after 1 step of logic (…), region F needs 1 queen
        but has 0 open cells``).
        Raises :class:`RuleError` when the rules are not a region game.

        >>> p = Puzzle.from_text("AAAB\\nACBB\\nCCDD\\nCCDD\\n")
        >>> step = p.hint()
        >>> step.technique, step.place, step.exclude
        ('pairs-triples', [], [(0, 2), (2, 3)])
        >>> step.reason[:54]
        'region B still needs a queen in the triple (1,4) (2,3)'
        """
        step, said = self._native.hint()
        if said is not None:
            _warnings.warn(said, PlacerWarning, stacklevel=2)
        return step

    def explain(self) -> Explanation:
        """The whole logical path, as ``placer solve --explain``.

        An :class:`Explanation`: ``steps`` (a list of :class:`Step`),
        ``solved`` (logic alone finished), ``guesses`` (``"guess"`` steps,
        placed from the search's solution where logic runs out), ``grade``,
        ``stuck`` (why it stops short, for a puzzle with no solution),
        ``unique`` (exactly one solution), and for a grid with several
        solutions ``differ`` (0-based cells where two of them differ) and
        ``not_unique`` (what ``placer hint`` says of it, 1-based cells); its
        path follows one solution and its ``grade`` is ``None``.

        >>> path = Puzzle.from_text("AAAB\\nACBB\\nCCDD\\nCCDD\\n").explain()
        >>> path.solved, path.guesses, path.grade, len(path.steps), path.unique
        (True, 0, 'medium', 15, True)
        >>> several = Puzzle.from_text("AABB\\nAABB\\nCCDD\\nCCDD\\n").explain()
        >>> several.differ, several.grade
        ([(0, 1), (0, 2), (1, 0), (1, 3), (2, 0), (2, 3), (3, 1), (3, 2)], None)
        >>> several.not_unique[:54]
        'not unique: at least 2 solutions; they differ at (1,2)'
        """
        return self._native.explain()

    def grade(self) -> Optional[str]:
        """The difficulty: ``"easy"``, ``"medium"``, ``"hard"`` (the hardest
        technique its logical path needs) or ``"needs-guessing"``; ``None``
        when the puzzle has no solution (a picture whose regions cannot hold
        the pieces raises ``RuleError`` instead) or several (with a
        :class:`PlacerWarning` that says where two differ).

        >>> Puzzle.from_text("AAAB\\nACBB\\nCCDD\\nCCDD\\n").grade()
        'medium'
        """
        path = self._native.explain()
        if path.not_unique is not None:
            _warnings.warn(path.not_unique, PlacerWarning, stacklevel=2)
        return path.grade

    @property
    def regions(self) -> str:
        """The region picture as given."""
        return self._native.regions

    @property
    def rows(self) -> int:
        """Board height."""
        return self._native.rows

    @property
    def cols(self) -> int:
        """Board width."""
        return self._native.cols

    def __repr__(self) -> str:
        return repr(self._native)
