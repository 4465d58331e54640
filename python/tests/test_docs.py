"""The examples in the docstrings run and print what they say."""

import doctest

import placer
import placer._errors


def test_docstring_examples():
    for module in (placer, placer._errors):
        result = doctest.testmod(module)
        assert result.attempted > 0
        assert result.failed == 0


def test_help_is_readable():
    assert "Count the solutions" in placer.count.__doc__
    assert "GIL" in placer.solutions.__doc__
    assert placer.select.__doc__ and placer.Puzzle.__doc__
