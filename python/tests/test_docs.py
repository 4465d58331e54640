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


def test_the_tour_in_docs_python_md():
    """Every `>>>` example in the python blocks of docs/PYTHON.md."""
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "PYTHON.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    text = "\n".join(blocks)
    test = doctest.DocTestParser().get_doctest(text, {}, "PYTHON.md", str(page), 0)
    assert len(test.examples) > 20
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0
