"""The exceptions of placer. The native module raises these classes."""

from __future__ import annotations

from typing import Optional


class PlacerError(Exception):
    """Base class of every error placer raises."""


class RuleError(PlacerError, ValueError):
    """A rule set, picture or parameter that placer cannot use.

    ``str(err)`` is the full message with the offending line and a caret
    under the column, as the command line prints it. Attributes:

    - ``reason``: what is wrong, one line;
    - ``line``, ``column``: 1-based position in ``source``, or ``None``;
    - ``source``: the name of the text (a path, ``<rules>``, ``<regions>``);
    - ``help``: what would be valid, or ``None``.

    >>> import placer
    >>> try:
    ...     placer.count("name = 'x'\\n[board]\\nrows = 'm'\\n")
    ... except placer.RuleError as e:
    ...     print(e.line, e.column)
    3 9
    """

    def __init__(
        self,
        message: str,
        *,
        reason: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        source: Optional[str] = None,
        help: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason if reason is not None else message
        self.line = line
        self.column = column
        self.source = source
        self.help = help


class MatrixError(PlacerError, ValueError):
    """A matrix that is empty, ragged or holds something other than numbers."""


class TooLargeError(PlacerError):
    """Work over the limits of placer's exact methods (the message says which)."""


class InternalError(PlacerError):
    """A bug in placer, caught at the boundary instead of crashing Python."""


class PlacerWarning(UserWarning):
    """Something placer allows but people rarely mean, passed to
    :func:`warnings.warn` when a :class:`placer.Puzzle` is made: a region in
    two pieces, a one-cell region on a picture that cannot be solved (a
    typo?), or a Star Battle's ``k`` left at 1 on a board that usually has
    more stars; and by :meth:`placer.Puzzle.hint` and
    :meth:`placer.Puzzle.grade` on a grid with several solutions; and by
    :func:`placer.count` before a row-frontier DP count that may take hours."""
