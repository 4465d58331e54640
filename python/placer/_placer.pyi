"""Type stubs of the native module placer._placer (Rust, pyo3).

Users call the documented wrappers in placer/__init__.py; these stubs type
the classes those return and the raw functions behind them.
"""

from typing import Iterator, List, Optional, Sequence, Tuple

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
    def values(self) -> Optional[List[float]]: ...
    @property
    def sum(self) -> Optional[float]: ...
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

    def __init__(self, rows: int, cols: int, cells: Sequence[object], skip: Sequence[float]) -> None: ...
    @staticmethod
    def from_floats(rows: int, cols: int, data: bytes, skip: Sequence[float]) -> "Select": ...
    @staticmethod
    def from_ints(rows: int, cols: int, data: bytes, skip: Sequence[float]) -> "Select": ...
    @staticmethod
    def parse(text: str, skip: Sequence[float]) -> "Select": ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    def count(self) -> int:
        """The number of selections (a permanent), exact however large."""
    def best(self, maximize: bool = False) -> Optional[Solution]:
        """The optimal selection (as scipy's linear_sum_assignment), or None."""
    def top(self, k: int, maximize: bool = False) -> List[Solution]:
        """The k best selections, best first (Murty's method); ties by column sequence."""
    def all(
        self,
        min_sum: Optional[float] = None,
        max_sum: Optional[float] = None,
        limit: Optional[int] = None,
    ) -> SolutionIter:
        """Every selection, lazily, in column-sequence order, optionally within sum bounds."""

class Puzzle:
    @staticmethod
    def from_text(regions: str, rules: str, params: List[Tuple[str, int]]) -> "Puzzle": ...
    def solve(self) -> Optional[Solution]: ...
    def solutions(self, limit: Optional[int] = None) -> SolutionIter: ...
    def count(self, threads: Optional[int] = None) -> int: ...
    def is_unique(self) -> bool: ...
    def check(self) -> dict: ...
    @property
    def regions(self) -> str: ...
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
