//! Matrix selections from Python: `placer.select(matrix)` and its methods.

use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt};

use placer::matrix::{
    self, Bounds, Builder, Labels, MAX_CELLS, MAX_COLS, MAX_ROWS, Matrix, Sense, Value,
};

use crate::args;
use crate::errors::{matrix_error, too_large};
use crate::layout;
use crate::run;
use crate::solution::{Owner, Solution, SolutionIter, produce};
use crate::table::{Floats, Table};
use placer::search::Stop;

/// Adds a cell from Python to `b`: an int (kept exactly), a float (NaN is
/// a hole), `None` or pandas' `NA` (a hole).
fn cell(b: &mut Builder, obj: &Bound<'_, PyAny>, row: usize, col: usize) -> PyResult<()> {
    if obj.is_none() {
        b.hole();
        return Ok(());
    }
    if obj.is_instance_of::<PyInt>() {
        return b
            .text(&obj.str()?.to_string())
            .map_err(|e| matrix_error(format!("row {row}, column {col}: {e}")));
    }
    let num: f64 = if obj.is_instance_of::<PyFloat>() {
        obj.extract()?
    } else if obj.get_type().name()? == "NAType" {
        // pandas' missing value (`pd.NA`, in object and nullable columns)
        b.hole();
        return Ok(());
    } else {
        obj.call_method0("__float__")
            .and_then(|f| f.extract())
            .map_err(|_| {
                matrix_error(format!("row {row}, column {col}: `{obj}` is not a number"))
            })?
    };
    if num.is_infinite() {
        return Err(not_finite(num, row, col));
    }
    b.float(num);
    Ok(())
}

/// The selections of a matrix: one cell from each row, no column twice (one
/// from each column for a taller matrix), never on a hole.
#[pyclass(module = "placer", frozen)]
pub struct Select {
    owner: Arc<Owner>,
}

impl Select {
    fn table(&self) -> &Table {
        self.owner.table().expect("a Select always owns a matrix")
    }

    fn matrix(&self) -> &Matrix {
        self.table().matrix()
    }

    fn solution(&self, s: matrix::Selection) -> Solution {
        Solution::new((s.cells, Some(s.sum)), &self.owner)
    }

    fn sense(maximize: bool) -> Sense {
        if maximize { Sense::Max } else { Sense::Min }
    }

    fn exact(&self) -> PyResult<()> {
        if self.matrix().is_exact() {
            Ok(())
        } else {
            Err(matrix_error(
                "ranking needs sums that can be computed exactly, but the values do not fit in 96-bit integers once scaled to one decimal unit (a value above 7.9e28, or more than 28 digits from the largest value's first digit to the smallest's last)",
            ))
        }
    }
}

#[pymethods]
impl Select {
    /// A matrix of `rows × cols` cells, row-major, from Python numbers.
    #[new]
    #[pyo3(signature = (rows, cols, cells, skip, row_labels=None, col_labels=None))]
    fn new(
        rows: usize,
        cols: usize,
        cells: Vec<Bound<'_, PyAny>>,
        skip: Vec<f64>,
        row_labels: Option<Vec<String>>,
        col_labels: Option<Vec<String>>,
    ) -> PyResult<Self> {
        check_shape(rows, cols, cells.len())?;
        let labels = layout::labels(rows, cols, row_labels, col_labels)?;
        let mut b = Builder::new(rows * cols);
        for (i, obj) in cells.iter().enumerate() {
            cell(&mut b, obj, i / cols, i % cols)?;
        }
        Ok(Select::of(b.finish(rows, cols), &skip, labels))
    }

    /// A matrix of `rows × cols` little-endian floats of numpy type `dtype`
    /// (`"f4"` or `"f8"`), row-major (a numpy float array's bytes, read at
    /// their own width: no widened copy in numpy): kept as `f64`s, no Python
    /// object per cell and no text per cell until one is needed (``best()``
    /// needs none).
    #[staticmethod]
    #[pyo3(signature = (rows, cols, data, dtype, skip, row_labels=None, col_labels=None))]
    fn from_floats(
        rows: usize,
        cols: usize,
        data: &[u8],
        dtype: &str,
        skip: Vec<f64>,
        row_labels: Option<Vec<String>>,
        col_labels: Option<Vec<String>>,
    ) -> PyResult<Self> {
        let width = width(dtype, &["f4", "f8"])?;
        check_shape(rows, cols, data.len() / width)?;
        let labels = layout::labels(rows, cols, row_labels, col_labels)?;
        let mut values: Vec<f64> = match width {
            4 => widen(data, f32::from_le_bytes),
            _ => widen(data, f64::from_le_bytes),
        };
        // a scan without an early exit, which the compiler vectorises; the
        // place is looked for only when there is one
        if values.iter().fold(false, |any, v| any | v.is_infinite()) {
            let at = values.iter().position(|v| v.is_infinite()).unwrap_or(0);
            return Err(not_finite(values[at], at / cols, at % cols));
        }
        if !skip.is_empty() {
            for v in &mut values {
                if skip.contains(v) {
                    *v = f64::NAN;
                }
            }
        }
        Ok(Select::with(Table {
            floats: Some(Box::new(Floats {
                rows,
                cols,
                values,
                labels,
            })),
            matrix: OnceLock::new(),
            problem: OnceLock::new(),
        }))
    }

    /// A matrix of `rows × cols` little-endian integers of numpy type
    /// `dtype` (`"i1"`, `"i2"`, `"i4"`, `"i8"`, `"u1"`, `"u2"` or `"u4"`),
    /// row-major (a numpy integer array's bytes, read at their own width: no
    /// widened copy in numpy), each kept exact.
    #[staticmethod]
    #[pyo3(signature = (rows, cols, data, dtype, skip, row_labels=None, col_labels=None))]
    fn from_ints(
        rows: usize,
        cols: usize,
        data: &[u8],
        dtype: &str,
        skip: Vec<f64>,
        row_labels: Option<Vec<String>>,
        col_labels: Option<Vec<String>>,
    ) -> PyResult<Self> {
        let kinds = ["i1", "i2", "i4", "i8", "u1", "u2", "u4"];
        let width = width(dtype, &kinds)?;
        check_shape(rows, cols, data.len() / width)?;
        let labels = layout::labels(rows, cols, row_labels, col_labels)?;
        let values: Vec<i64> = match dtype {
            "i1" => widen(data, i8::from_le_bytes),
            "i2" => widen(data, i16::from_le_bytes),
            "i4" => widen(data, i32::from_le_bytes),
            "u1" => widen(data, u8::from_le_bytes),
            "u2" => widen(data, u16::from_le_bytes),
            "u4" => widen(data, u32::from_le_bytes),
            _ => widen(data, i64::from_le_bytes),
        };
        Ok(Select::of(
            Matrix::from_i64s(rows, cols, values),
            &skip,
            labels,
        ))
    }

    /// A matrix from comma, semicolon, tab or whitespace separated text, as
    /// `placer select` reads files, laid out as the keywords say.
    #[staticmethod]
    #[pyo3(signature = (text, skip, header=false, labels=false, delimiter=None, decimal=None))]
    fn parse(
        text: &str,
        skip: Vec<f64>,
        header: bool,
        labels: bool,
        delimiter: Option<&str>,
        decimal: Option<&str>,
    ) -> PyResult<Self> {
        let layout = layout::layout(header, labels, delimiter, decimal)?;
        let mut m = Matrix::parse_with(text, layout).map_err(layout::read_error)?;
        m.skip(&skip);
        Ok(Select::owning(m))
    }

    /// A matrix from a file, as `placer select FILE` reads it (within its
    /// 256 MiB limit; errors name the path).
    #[staticmethod]
    #[pyo3(signature = (path, skip, header=false, labels=false, delimiter=None, decimal=None))]
    fn load(
        path: std::path::PathBuf,
        skip: Vec<f64>,
        header: bool,
        labels: bool,
        delimiter: Option<&str>,
        decimal: Option<&str>,
    ) -> PyResult<Self> {
        let layout = layout::layout(header, labels, delimiter, decimal)?;
        let mut m = Matrix::load_with(path, layout).map_err(layout::read_error)?;
        m.skip(&skip);
        Ok(Select::owning(m))
    }

    /// What ``select()`` warns about a text or file that looked laid out
    /// by pandas (default column names ``0, 1, 2, …``, an index under an
    /// empty corner) but was read as numbers, or ``None``.
    #[getter]
    fn layout_warning(&self) -> Option<String> {
        let table = self.table();
        // only text and files are read with a layout
        if table.floats.is_some() {
            return None;
        }
        table.matrix().layout_warning().map(layout::warning)
    }

    /// The row labels (a file's first column with ``labels=True``, a
    /// DataFrame's index), or ``None``.
    #[getter]
    fn row_labels(&self) -> Option<Vec<String>> {
        self.table().labels().rows.clone()
    }

    /// The column labels (a file's header with ``header=True``, a
    /// DataFrame's columns), or ``None``.
    #[getter]
    fn col_labels(&self) -> Option<Vec<String>> {
        self.table().labels().cols.clone()
    }

    /// Rows of the matrix.
    #[getter]
    fn rows(&self) -> usize {
        self.table().shape().0
    }

    /// Columns of the matrix.
    #[getter]
    fn cols(&self) -> usize {
        self.table().shape().1
    }

    /// The number of selections that avoid the holes (the permanent of the
    /// 0/1 pattern), exact however large, without listing them.
    ///
    /// Raises ``placer.TooLargeError`` when every exact method is over its
    /// limit (the message names them); ``all()`` lists instead.
    fn count(&self, py: Python<'_>) -> PyResult<BigUint> {
        let owner = self.owner.clone();
        let stop = Stop::new();
        let threads = matrix::Threads {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            stop: Some(stop.clone()),
        };
        let counted = run::interruptible(py, stop, move || {
            let m = owner
                .table()
                .expect("a Select always owns a matrix")
                .matrix();
            matrix::count(m, &threads).map(|c| c.to_biguint())
        })?;
        counted.map_err(|e| too_large(format!("{e}; `all()` lists the selections")))
    }

    /// The ``k`` best selections, best first (fewer if there are fewer):
    /// smallest sums first, largest with ``maximize=True``; equal sums in
    /// column-sequence order. Murty's method: no enumeration.
    #[pyo3(signature = (k, maximize=false))]
    fn top(&self, py: Python<'_>, k: &Bound<'_, PyAny>, maximize: bool) -> PyResult<Vec<Solution>> {
        let k = usize::try_from(args::whole("k", k)?).unwrap_or(usize::MAX);
        self.exact()?;
        let owner = self.owner.clone();
        let stop = Stop::new();
        let watched = stop.clone();
        let ranked = run::interruptible(py, stop, move || {
            let m = owner
                .table()
                .expect("a Select always owns a matrix")
                .matrix();
            // Ctrl-C sets the flag: the worker ends within one solve
            matrix::top_k_until(m, k, Select::sense(maximize), &watched)
        })?;
        Ok(ranked.into_iter().map(|s| self.solution(s)).collect())
    }

    /// The best selection (smallest sum; largest with ``maximize=True``), or
    /// ``None`` when the holes leave none. Its ``rows``, ``cols`` and ``sum``
    /// are what ``scipy.optimize.linear_sum_assignment`` gives, also for
    /// rectangular matrices; among equal sums, the least column sequence.
    /// A numpy float array is solved in ``f64`` arithmetic, as scipy does;
    /// other matrices in exact decimals.
    #[pyo3(signature = (maximize=false))]
    fn best(&self, py: Python<'_>, maximize: bool) -> PyResult<Option<Solution>> {
        let table = self.table();
        let sense = Select::sense(maximize);
        // on this thread, without the GIL: a solve takes at most about a
        // second (4 Mi cells), and a worker thread would cost more than
        // small solves take (fresh memory for every call); Ctrl-C raises
        // `KeyboardInterrupt` as soon as it returns
        let best = py.detach(|| match &table.floats {
            Some(f) => matrix::assign_floats(f.rows, f.cols, &f.values, sense),
            None => matrix::assign(table.matrix(), sense),
        });
        Ok(best.map(|s| self.solution(s)))
    }

    /// Every selection, lazily, in column-sequence order (row 0's column,
    /// then row 1's, ...), only those with ``min_sum <= sum <= max_sum``
    /// when given, at most ``limit``. A thread lists ahead without the GIL.
    /// A bound compares exactly: an ``int`` or a ``decimal.Decimal`` as
    /// written, a ``float`` as its shortest decimal (the one ``repr``
    /// prints); ``NaN`` is refused.
    #[pyo3(signature = (min_sum=None, max_sum=None, limit=None))]
    fn all(
        &self,
        min_sum: Option<&Bound<'_, PyAny>>,
        max_sum: Option<&Bound<'_, PyAny>>,
        limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SolutionIter> {
        let limit = args::whole_opt("limit", limit)?;
        let bounds = Bounds {
            min_sum: min_sum.map(|b| bound(b, "min_sum")).transpose()?,
            max_sum: max_sum.map(|b| bound(b, "max_sum")).transpose()?,
        };
        let owner = self.owner.clone();
        SolutionIter::start(self.owner.clone(), limit, move |tx| {
            if let Some(t) = owner.table() {
                let m = t.matrix();
                produce(
                    matrix::selections(m, bounds).map(|s| (s.cells, Some(s.sum))),
                    limit,
                    tx,
                );
            }
        })
    }

    fn __repr__(&self) -> String {
        format!("placer.select(<{}×{} matrix>)", self.rows(), self.cols())
    }
}

impl Select {
    /// A matrix with its labels, the `skip` values made holes.
    fn of(mut m: Matrix, skip: &[f64], labels: Labels) -> Select {
        m.labels = labels;
        m.skip(skip);
        Select::owning(m)
    }

    fn owning(m: Matrix) -> Select {
        Select::with(Table {
            floats: None,
            matrix: OnceLock::from(m),
            problem: OnceLock::new(),
        })
    }

    fn with(table: Table) -> Select {
        Select {
            owner: Arc::new(Owner::Matrix(table)),
        }
    }
}

/// Checks a matrix's shape: not empty, within the limits of matrix files,
/// and `cells` cells.
/// The width in bytes of numpy type `dtype` (`"i4"`: 4), one of `known`.
fn width(dtype: &str, known: &[&str]) -> PyResult<usize> {
    match known.contains(&dtype) {
        true => Ok(dtype[1..].parse().expect("a digit")),
        false => Err(PyValueError::new_err(format!(
            "unknown array type `{dtype}`: expected one of {}",
            known.join(", ")
        ))),
    }
}

/// `data` read as little-endian words of `W` bytes by `read`, each widened
/// to `U` (a short tail is left out: [`check_shape`] has refused it).
fn widen<const W: usize, T, U: From<T>>(data: &[u8], read: fn([u8; W]) -> T) -> Vec<U> {
    data.chunks_exact(W)
        .map(|bytes| U::from(read(bytes.try_into().expect("W bytes"))))
        .collect()
}

fn check_shape(rows: usize, cols: usize, cells: usize) -> PyResult<()> {
    if rows == 0 || cols == 0 {
        return Err(matrix_error(
            "empty matrix: it needs at least one row and one column",
        ));
    }
    if rows > MAX_ROWS || cols > MAX_COLS || rows * cols > MAX_CELLS {
        return Err(too_large(format!(
            "matrix too large: {rows} × {cols} (at most {MAX_ROWS} rows, {MAX_COLS} columns and {MAX_CELLS} cells)"
        )));
    }
    if cells != rows * cols {
        return Err(matrix_error("the cells do not fill rows × cols"));
    }
    Ok(())
}

/// A sum bound from Python, exact: an `int` or a `Decimal` by its text, a
/// float by its shortest decimal; `NaN` (float or `Decimal`) is refused.
fn bound(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Value> {
    if obj.is_instance_of::<PyInt>() {
        let text = obj.str()?.to_string();
        let num = text.parse().unwrap_or(f64::NAN);
        return Ok(Value { num, text });
    }
    let num: f64 = obj
        .call_method0("__float__")
        .and_then(|f| f.extract())
        .map_err(|_| PyTypeError::new_err(format!("{name} must be a number, not `{obj}`")))?;
    if num.is_nan() {
        return Err(PyValueError::new_err(format!(
            "{name} is NaN, which bounds nothing: give a number, or None for no bound"
        )));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Value::from_f64(num));
    }
    // Decimals and other exact numbers: their text when it is a decimal
    let text = obj.str()?.to_string();
    Ok(if matrix::BigDecimal::parse(&text).is_some() {
        Value { num, text }
    } else {
        Value::from_f64(num)
    })
}

/// The error for an infinite cell.
fn not_finite(num: f64, row: usize, col: usize) -> PyErr {
    matrix_error(format!(
        "row {row}, column {col}: {num} is not a finite number (NaN or None marks a hole)"
    ))
}
