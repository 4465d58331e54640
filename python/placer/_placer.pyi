"""Type stubs of the native module placer._placer (Rust, pyo3).

Users call the documented wrappers in placer/__init__.py; these stubs type
the classes those return and the raw functions behind them.
"""

from decimal import Decimal
from typing import Iterator, List, Optional, Sequence, Tuple, Union

Cell = Tuple[int, int]

class Solution:
    """One solution: 0-based ``(row, col)`` cells in row-major order."""

    @property
    def cells(self) -> List[Cell]: ...
    @property
    def rows(self) -> List[int]: ...
    @property
    def cols(self) -> List[int]: ...
    @property
    def values(self) -> Optional[List[Union[int, float]]]: ...
    @property
    def sum(self) -> Optional[Union[int, float]]: ...
    def board(self) -> str: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Cell: ...
    def __iter__(self) -> Iterator[Cell]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class SolutionIter(Iterator[Solution]):
    """A lazy iterator of solutions, searched ahead on a thread without the GIL."""

    def __iter__(self) -> "SolutionIter": ...
    def __next__(self) -> Solution: ...

class Select:
    """The selections of a matrix (see ``placer.select``)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        cells: Sequence[object],
        skip: Sequence[float],
        row_labels: Optional[Sequence[str]] = None,
        col_labels: Optional[Sequence[str]] = None,
    ) -> None: ...
    @staticmethod
    def from_floats(
        rows: int,
        cols: int,
        data: bytes,
        dtype: str,
        skip: Sequence[float],
        row_labels: Optional[Sequence[str]] = None,
        col_labels: Optional[Sequence[str]] = None,
    ) -> "Select": ...
    @staticmethod
    def from_ints(
        rows: int,
        cols: int,
        data: bytes,
        dtype: str,
        skip: Sequence[float],
        row_labels: Optional[Sequence[str]] = None,
        col_labels: Optional[Sequence[str]] = None,
    ) -> "Select": ...
    @staticmethod
    def parse(
        text: str,
        skip: Sequence[float],
        header: bool = False,
        labels: bool = False,
        delimiter: Optional[str] = None,
        decimal: Optional[str] = None,
    ) -> "Select": ...
    @staticmethod
    def load(
        path: str,
        skip: Sequence[float],
        header: bool = False,
        labels: bool = False,
        delimiter: Optional[str] = None,
        decimal: Optional[str] = None,
    ) -> "Select": ...
    @property
    def layout_warning(self) -> Optional[str]: ...
    @property
    def row_labels(self) -> Optional[List[str]]: ...
    @property
    def col_labels(self) -> Optional[List[str]]: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    def count(self) -> int:
        """The number of selections (a permanent), exact however large."""
    def best(self, maximize: bool = False) -> Optional[Solution]:
        """The optimal selection (as scipy's linear_sum_assignment), or None.

        A numpy float array is solved in f64 arithmetic (as scipy); other
        matrices with exact decimal sums."""
    def top(self, k: int, maximize: bool = False) -> List[Solution]:
        """The k best selections, best first (Murty's method); ties by column sequence."""
    def all(
        self,
        min_sum: Optional[Union[int, float, Decimal]] = None,
        max_sum: Optional[Union[int, float, Decimal]] = None,
        limit: Optional[int] = None,
    ) -> SolutionIter:
        """Every selection, lazily, in column-sequence order, optionally within sum bounds.

        Bounds compare exactly: an int or Decimal as written, a float as its
        shortest decimal (its repr); NaN raises ValueError."""

class Step:
    """One deduction of a region puzzle (see ``placer.Puzzle.hint``)."""

    @property
    def technique(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def grade(self) -> str: ...
    @property
    def place(self) -> List[Cell]: ...
    @property
    def exclude(self) -> List[Cell]: ...
    @property
    def reason(self) -> str: ...
    @property
    def focus(self) -> List[Cell]: ...

__version__: str

class Explanation:
    """A region puzzle's logical path (see ``placer.Puzzle.explain``)."""

    @property
    def steps(self) -> List[Step]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def guesses(self) -> int: ...
    @property
    def grade(self) -> Optional[str]: ...
    @property
    def stuck(self) -> Optional[str]: ...
    @property
    def unique(self) -> bool: ...
    @property
    def differ(self) -> List[Tuple[int, int]]: ...
    @property
    def not_unique(self) -> Optional[str]: ...
    def __len__(self) -> int: ...

class Puzzle:
    @staticmethod
    def from_text(regions: str, rules: str, params: List[Tuple[str, int]]) -> "Puzzle": ...
    def solve(self) -> Optional[Solution]: ...
    def solutions(self, limit: Optional[int] = None) -> SolutionIter: ...
    def count(self, threads: Optional[int] = None) -> int: ...
    def is_unique(self) -> bool: ...
    def check(self) -> dict: ...
    def hint(self) -> Tuple[Optional[Step], Optional[str]]: ...
    def explain(self) -> Explanation: ...
    @property
    def regions(self) -> str: ...
    @property
    def warnings(self) -> List[str]: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...

def count(
    rules: str,
    params: List[Tuple[str, int]],
    threads: Optional[int] = None,
    unique: bool = False,
    limit: Optional[int] = None,
    regions: Optional[str] = None,
    cells: Optional[str] = None,
    estimate: bool = True,
) -> int: ...
def solutions(
    rules: str,
    params: List[Tuple[str, int]],
    unique: bool = False,
    limit: Optional[int] = None,
    regions: Optional[str] = None,
    cells: Optional[str] = None,
) -> SolutionIter: ...
def first(
    rules: str,
    params: List[Tuple[str, int]],
    unique: bool = False,
    regions: Optional[str] = None,
    cells: Optional[str] = None,
) -> Optional[Solution]: ...
def check(
    rules: str,
    params: List[Tuple[str, int]],
    regions: Optional[str] = None,
    cells: Optional[str] = None,
) -> dict: ...
def builtin_rules() -> List[Tuple[str, str]]: ...
def read_picture(path: str) -> str:
    """A picture file's text: UTF-8, at most 8 MiB, else a RuleError naming the file."""
