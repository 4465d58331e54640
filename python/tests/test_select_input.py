"""placer.select on what data people hold: paths, text, DataFrames (pandas or
anything shaped like one), numpy arrays of every numeric dtype, and the
layout keywords (issue 35)."""

import _thread
import math
import pathlib
import random
import threading

import pytest

import placer

PANDAS_CSV = ',"Smith, J","Lee, ""Al"""\r\nmon,3.5,\r\n"tue, late",1,2\r\n'


class FakeFrame:
    """The three things select uses of a DataFrame, and nothing else."""

    def __init__(self, rows, index, columns):
        self.rows, self.index, self.columns = rows, index, columns

    def to_numpy(self):
        return self.rows  # a list of lists: select reads it cell by cell


def test_a_str_path_and_a_pathlike_read_the_file(tmp_path, monkeypatch):
    path = tmp_path / "scores.csv"
    path.write_bytes(PANDAS_CSV.encode())
    for given in (str(path), path):
        sel = placer.select(given, header=True, labels=True)
        assert sel.row_labels == ["mon", "tue, late"]
        assert sel.col_labels == ["Smith, J", 'Lee, "Al"']
        assert sel.count() == 1
        assert sel.best().sum == 5.5
    monkeypatch.chdir(tmp_path)
    assert placer.select("scores.csv", header=True, labels=True).count() == 1
    (tmp_path / "5").write_text("1 2\n3 4\n")
    assert placer.select("5").count() == 2  # an existing file wins
    with pytest.raises(placer.MatrixError, match=r"cannot read missing\.csv: "):
        placer.select("missing.csv")


def test_text_stays_text():
    assert placer.select("1,2\n3,4").count() == 2
    assert placer.select("7").best().sum == 7
    assert placer.select("1.5 2").best().sum == 1.5
    assert placer.select("1;2\n3;4").count() == 2  # semicolons detected


def test_keywords_lay_the_file_out():
    euro = "name;A;B\r\nx;13,5;-1,25\r\ny;2;0,5\r\n"
    sel = placer.select(euro, header=True, labels=True, decimal=",")
    assert (sel.rows, sel.cols) == (2, 2)
    assert sel.best(maximize=True).values == [13.5, 0.5]
    sel = placer.select("1|0\n0|1", delimiter="|", skip=0)
    assert sel.count() == 1
    assert placer.select("1\t2\n3\t4", delimiter="tab").count() == 2
    with pytest.raises(placer.MatrixError, match="not one character"):
        placer.select("1", delimiter=";;")
    with pytest.raises(placer.MatrixError, match="is not"):
        placer.select("1", decimal=";")
    with pytest.raises(placer.MatrixError, match="a comma cannot both"):
        placer.select("1", delimiter=",", decimal=",")
    with pytest.raises(placer.MatrixError, match="header, labels, delimiter and decimal"):
        placer.select([[1]], header=True)


@pytest.mark.parametrize(
    "text, says",
    [
        (PANDAS_CSV, "pass header=True, labels=True"),
        ("a,b\n1,2\n", "pass header=True"),
        ("Ann,1\nBob,2\n", "pass labels=True"),
        ("1;2;3\n4;5\n", 'pass delimiter=";"'),
        ("1;13,5\n2;4,25\n", 'pass delimiter=";", decimal=","'),
    ],
)
def test_errors_name_the_keyword(text, says):
    with pytest.raises(placer.MatrixError) as e:
        placer.select(text)
    assert str(e.value).endswith(says)


def test_a_duck_typed_frame_gives_labels_and_holes():
    frame = FakeFrame([[1.0, float("nan")], [2.0, 3.0]], index=["r1", 7], columns=["a", "b"])
    sel = placer.select(frame)
    assert sel.row_labels == ["r1", "7"] and sel.col_labels == ["a", "b"]
    assert [s.cells for s in sel.all()] == [[(0, 0), (1, 1)]]
    with pytest.raises(placer.MatrixError, match="1 row labels for 2 rows"):
        placer.select(FakeFrame([[1], [2]], index=["x"], columns=["a"]))


def test_integers_come_back_exact():
    big = 2**53 + 1
    best = placer.select([[big, 0], [0, big]]).best(maximize=True)
    assert best.values == [big, big] and best.sum == 2 * big
    assert all(type(v) is int for v in best.values + [best.sum])
    huge = 10**30 + 1
    assert placer.select(f"{huge} 0\n0 1").best(maximize=True).sum == huge + 1
    assert type(placer.select([[1.5, 2]]).best().sum) is float


def test_numpy_arrays_of_every_numeric_dtype():
    np = pytest.importorskip("numpy")
    base = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
    for dtype in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"):
        arr = np.array(base, dtype=dtype)
        want = placer.select(arr.astype("int64").tolist())
        got = placer.select(arr).best()
        assert (got.cells, got.sum) == (want.best().cells, want.best().sum), dtype
        assert type(got.sum) is int, dtype
    for dtype in ("float16", "float32", "float64", "longdouble"):
        arr = np.array(base, dtype=dtype)
        assert placer.select(arr).best().sum == 5, dtype
    assert placer.select(np.array([[2**63 + 1]], dtype="uint64")).best().sum == 2**63 + 1
    with_nan = np.array([[1.0, math.nan], [2.0, 3.0]], dtype="float32")
    assert placer.select(with_nan).count() == 1


def test_numpy_arrays_read_at_their_own_width():
    """Each integer and float width's extremes, byte orders and strided
    views come out as the same matrix as the values written as a list."""
    np = pytest.importorskip("numpy")
    for dtype in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32"):
        info = np.iinfo(dtype)
        base = np.array([[info.min, info.max, 0], [1, info.min, info.max], [info.max, 2, info.min]], dtype=dtype)
        for arr in (base, base.astype(base.dtype.newbyteorder(">")), base.T, base[::-1, ::2]):
            want = placer.select(arr.tolist())
            for maximize in (False, True):
                got = placer.select(arr).best(maximize=maximize)
                assert (got.cells, got.sum, got.values) == (
                    want.best(maximize=maximize).cells,
                    want.best(maximize=maximize).sum,
                    want.best(maximize=maximize).values,
                ), (dtype, arr.dtype.byteorder, arr.shape)
            assert placer.select(arr).count() == want.count()
    for dtype in ("float16", "float32", "float64"):
        base = np.array([[0.1, -2.5, np.finfo(dtype).max], [3.25, np.nan, 1e-3]], dtype=dtype)
        for arr in (base, base.astype(base.dtype.newbyteorder(">")), base.T):
            got = placer.select(arr).best()
            values = [float(arr[r, c]) for r, c in got.cells]
            assert got.values == pytest.approx(values), (dtype, arr.shape)
            assert placer.select(arr).count() == 4  # 3 × 2 minus the 2 through the hole


def test_pandas_dataframes():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"Smith, J": [3.5, 1.0], "Lee": [None, 2.0]}, index=["mon", "tue"])
    sel = placer.select(frame)
    assert sel.row_labels == ["mon", "tue"] and sel.col_labels == ["Smith, J", "Lee"]
    assert sel.count() == 1 and sel.best().sum == 5.5


def test_pandas_na_is_a_hole():
    pd = pytest.importorskip("pandas")
    objects = pd.DataFrame({"a": [1, pd.NA], "b": [pd.NA, 2]}, dtype="object")
    sel = placer.select(objects)
    assert sel.count() == 1 and sel.best().sum == 3 and type(sel.best().sum) is int
    nullable = pd.DataFrame({"a": [2**53 + 1, 4], "b": [pd.NA, 5]}, dtype="Int64")
    best = placer.select(nullable).best(maximize=True)
    assert best.cells == [(0, 0), (1, 1)] and best.sum == 2**53 + 6


def test_pandas_to_csv_round_trip(tmp_path):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"Smith, J": [3.5, 1.0], "Lee": [None, 2.0]}, index=["mon", "tue, late"])
    path = tmp_path / "f.csv"
    frame.to_csv(path)
    sel = placer.select(path, header=True, labels=True)
    assert sel.row_labels == ["mon", "tue, late"] and sel.col_labels == ["Smith, J", "Lee"]
    frame.to_csv(path, sep=";", decimal=",")
    assert placer.select(pathlib.Path(path), header=True, labels=True, decimal=",").best().sum == 5.5


def test_ctrl_c_interrupts_count_and_top():
    # each would run for minutes; the worker threads watch the stop flag
    rng = random.Random(35)
    ones = [[1 if rng.random() < 0.9 else None for _ in range(30)] for _ in range(30)]
    wide = [[rng.randint(0, 10**6) for _ in range(400)] for _ in range(400)]
    for work in (
        lambda: placer.select(ones).count(),
        lambda: placer.select(wide).top(10**7),
    ):
        timer = threading.Timer(0.3, _thread.interrupt_main)
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            work()
        timer.join()
    assert placer.select([[1, 2], [3, 4]]).count() == 2


def test_pandas_labels_read_as_numbers_warn():
    # df.to_csv() with default column names and index: read as numbers,
    # with the warning the command line prints, naming the keywords
    text = ",0,1,2\n0,5,0,8\n1,3,7,2\n2,4,1,6\n"
    with pytest.warns(placer.PlacerWarning, match=r"pass header=True, labels=True to read them as labels"):
        m = placer.select(text)
    assert (m.rows, m.cols) == (4, 4)
    with pytest.warns(placer.PlacerWarning, match=r"\(a 4×3 matrix\): pass header=True to read it"):
        placer.select("0,1,2\n5,0,8\n3,7,2\n4,1,6\n")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert placer.select(text, header=True, labels=True).best().sum == 6


def test_integer_labels_read_as_numbers_warn():
    # ids under an empty corner, 1-based names: read as numbers, with a warning
    with pytest.warns(placer.PlacerWarning, match=r"pass header=True, labels=True to read them"):
        placer.select(",1,2,3\n101,5,3,2\n102,4,6,1\n103,2,2,7\n")
    with pytest.warns(placer.PlacerWarning, match=r"pass labels=True to read it"):
        placer.select(",A,B\n101,1,2\n102,3,4\n", header=True)
    # a second index level: no keyword reads it, the warning says what to do
    with pytest.warns(placer.PlacerWarning, match=r"cell 2 of the header is empty.*drop that column"):
        placer.select(",,0,1\na,1,0,1\na,2,2,3\nb,1,4,5\n", header=True, labels=True)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # np.arange-like data is data
        placer.select("0,1,2,3\n4,5,6,7\n8,9,10,11\n")


def test_masked_cells_are_holes():
    np = pytest.importorskip("numpy")
    for dtype in ("int64", "float64", "int8", "float32"):
        a = np.ma.masked_array(np.array([[1, 100], [100, 1]], dtype=dtype), mask=[[1, 0], [0, 0]])
        m = placer.select(a)
        assert m.count() == 1, dtype
        best = m.best()
        assert (best.cells, best.sum) == ([(0, 1), (1, 0)], 200), dtype
    # integers stay exact; a mask of nothing changes nothing
    big = np.ma.masked_array([[2**62 + 1, 0], [0, 1]], mask=[[0, 0], [1, 0]])
    assert placer.select(big).best(maximize=True).sum == 2**62 + 2
    assert placer.select(np.ma.masked_array([[1, 2], [3, 4]])).count() == 2


def test_missing_values_and_skip_spellings():
    # text: nan (np.savetxt), NA (R, na_rep) are holes; skip="NA" is accepted
    assert placer.select("nan 2.0\n3.0 4.0").count() == 1
    assert placer.select("NA,2\n3,4", skip="NA").count() == 1
    assert placer.select([[1, 0], [1, 1]], skip=["NA", 0]).count() == 1
    with pytest.raises(placer.MatrixError, match=r"skip value 'x' is not a number"):
        placer.select([[1]], skip="x")
    with pytest.raises(placer.MatrixError, match=r"write it as an empty cell, NaN or None"):
        placer.select("inf,1\n2,3")
    # trailing separators and the decimal-comma column are said
    with pytest.warns(placer.PlacerWarning, match=r"column 3 is nothing but holes"):
        placer.select("1,2,\n3,4,\n5,6,\n")
    with pytest.warns(placer.PlacerWarning, match=r'pass decimal=","'):
        placer.select("1,5\n2,05\n3,0\n")
    with pytest.raises(placer.MatrixError, match=r"empty matrix"):
        placer.select('""\n')


def test_what_is_not_a_matrix_is_said(tmp_path):
    # a folder, a path with a slash that does not exist: read as paths, not as text
    with pytest.raises(placer.MatrixError, match=r"cannot read"):
        placer.select(str(tmp_path))
    with pytest.raises(placer.MatrixError, match=r"cannot read data/costs"):
        placer.select("data/costs")
    for given, kind in ((b"1,2", "bytes"), (None, "NoneType"), (7, "int")):
        with pytest.raises(placer.MatrixError, match=rf"a list of rows, not {kind}$"):
            placer.select(given)
    with pytest.raises(placer.MatrixError, match=r"row 0 is not a list of cells \(int 1\)"):
        placer.select([1, 2, 3])
    # a 2-D memoryview reads as its nested lists
    np = pytest.importorskip("numpy")
    view = memoryview(np.array([[1, 2], [3, 4]], dtype="int64"))
    assert placer.select(view).best(maximize=True).sum == 5
