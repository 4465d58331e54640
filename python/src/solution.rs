//! Solutions as Python objects, and the lazy iterator that streams them from
//! a producer thread in batches, so the search runs without the GIL while
//! Python consumes.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex, TryLockError};

use num_bigint::BigInt;
use pyo3::exceptions::{PyIndexError, PyStopIteration};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use placer::Problem;
use placer::output::{Board, Render};

use crate::errors;
use crate::run::panic_text;
use crate::table::Table;

/// One found placement as the producer sends it: the cells, 0-based
/// `(row, col)` in row-major order, and the sum for a matrix selection.
pub type Found = (Vec<(usize, usize)>, Option<f64>);

/// What the producer sends: a batch of solutions, or the message of a panic.
pub type Batch = Result<Vec<Found>, String>;

/// What solutions belong to: a rule set's problem (for `board()`), or the
/// matrix of a selection (for `values`; its board is made when first drawn).
pub enum Owner {
    /// Solutions of a rule set.
    Rules(Problem),
    /// Selections of a matrix.
    Matrix(Table),
}

impl Owner {
    /// The matrix, for a selection.
    pub fn table(&self) -> Option<&Table> {
        match self {
            Owner::Rules(_) => None,
            Owner::Matrix(t) => Some(t),
        }
    }

    /// The problem the board is drawn from.
    fn problem(&self) -> &Problem {
        match self {
            Owner::Rules(p) => p,
            Owner::Matrix(t) => t.problem(),
        }
    }
}

/// One solution: the pieces' cells as 0-based ``(row, col)`` tuples in
/// row-major order (the command line prints 1-based positions; ``board()``
/// draws it). A sequence of cells: ``len(s)``, ``s[0]``, ``list(s)``, and
/// ``s == [(0, 1), ...]``. Matrix selections also carry ``values`` and their
/// ``sum``; ``rows`` and ``cols`` are scipy's ``row_ind, col_ind``.
#[pyclass(module = "placer", frozen)]
pub struct Solution {
    cells: Vec<(usize, usize)>,
    sum: Option<f64>,
    owner: Arc<Owner>,
}

impl Solution {
    /// The chosen values as integers, when the matrix holds only integers.
    fn integers(&self) -> Option<Vec<BigInt>> {
        let t = self.owner.table()?;
        self.cells.iter().map(|&(r, c)| t.integer(r, c)).collect()
    }

    /// A solution of `owner`.
    pub fn new(found: Found, owner: &Arc<Owner>) -> Solution {
        Solution {
            cells: found.0,
            sum: found.1,
            owner: owner.clone(),
        }
    }
}

#[pymethods]
impl Solution {
    /// The cells, 0-based ``(row, col)`` tuples, row-major.
    #[getter]
    fn cells(&self) -> Vec<(usize, usize)> {
        self.cells.clone()
    }

    /// The rows of the cells, in order (``row_ind`` of
    /// ``scipy.optimize.linear_sum_assignment``).
    #[getter]
    fn rows(&self) -> Vec<usize> {
        self.cells.iter().map(|c| c.0).collect()
    }

    /// The columns of the cells, in order (``col_ind`` of
    /// ``scipy.optimize.linear_sum_assignment``).
    #[getter]
    fn cols(&self) -> Vec<usize> {
        self.cells.iter().map(|c| c.1).collect()
    }

    /// The values on the cells, for a board that has them (a matrix, or a
    /// rule file with `matrix = ...`), else ``None``: Python ints, exact,
    /// when every value of the matrix is an integer, else floats.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        if let Some(ints) = self.integers() {
            return Ok(Some(PyList::new(py, ints)?.into_any()));
        }
        let floats: Option<Vec<f64>> = if let Some(t) = self.owner.table() {
            Some(
                self.cells
                    .iter()
                    .map(|&(r, c)| t.get(r, c).unwrap_or(f64::NAN))
                    .collect(),
            )
        } else {
            let p = self.owner.problem();
            p.values().as_ref().map(|values| {
                let at =
                    |r: usize, c: usize| values[p.cell(r, c)].as_ref().map_or(f64::NAN, |v| v.num);
                self.cells.iter().map(|&(r, c)| at(r, c)).collect()
            })
        };
        floats
            .map(|f| PyList::new(py, f).map(Bound::into_any))
            .transpose()
    }

    /// The sum of the values (selections only, else ``None``): an exact
    /// Python int when every value of the matrix is an integer; else a
    /// float, computed exactly and rounded once (``best()`` of a numpy float
    /// array adds in ``f64``, as scipy).
    #[getter]
    fn sum<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(sum) = self.sum else {
            return Ok(None);
        };
        match self.integers() {
            Some(ints) => Ok(Some(
                ints.into_iter()
                    .sum::<BigInt>()
                    .into_pyobject(py)?
                    .into_any(),
            )),
            None => Ok(Some(sum.into_pyobject(py)?.into_any())),
        }
    }

    /// The board as text, one line per row: the piece's symbol on its
    /// cells, ``.`` (or the region letter) on free cells, ``#`` on holes; for
    /// a matrix, the values with the chosen ones in brackets.
    fn board(&self) -> PyResult<String> {
        let p = self.owner.problem();
        let mut board = Board::new(p, p.values()).map_err(errors::internal)?;
        let mut text = String::new();
        let solution = placer::Solution {
            cells: self.cells.clone(),
        };
        board
            .render(0, &solution, &mut text)
            .map_err(errors::internal)?;
        Ok(text)
    }

    fn __len__(&self) -> usize {
        self.cells.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<(usize, usize)> {
        let len = self.cells.len() as isize;
        let i = if index < 0 { index + len } else { index };
        if !(0..len).contains(&i) {
            return Err(PyIndexError::new_err("solution index out of range"));
        }
        Ok(self.cells[i as usize])
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, &self.cells)?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<Solution>() {
            return other.get().cells == self.cells;
        }
        other
            .extract::<Vec<(usize, usize)>>()
            .is_ok_and(|cells| cells == self.cells)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyTuple::new(py, &self.cells)?.hash()
    }

    fn __repr__(&self) -> String {
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|(r, c)| format!("({r}, {c})"))
            .collect();
        match self.sum {
            Some(_) if self.integers().is_some() => {
                let sum: BigInt = self.integers().into_iter().flatten().sum();
                format!("Solution([{}], sum={sum})", cells.join(", "))
            }
            Some(sum) => format!("Solution([{}], sum={sum})", cells.join(", ")),
            None => format!("Solution([{}])", cells.join(", ")),
        }
    }
}

/// Batches grow from 1 to this many solutions: the first arrive at once,
/// later ones cost one channel message per batch.
const MAX_BATCH: usize = 4096;

/// Sends at most `limit` of `found` to `tx` in growing batches until they
/// end or the receiver is gone (the Python iterator was dropped): a search
/// never goes on past the limit (a second solution of a unique puzzle is a
/// whole proof).
pub fn produce(found: impl Iterator<Item = Found>, limit: Option<u128>, tx: SyncSender<Batch>) {
    let most = limit.map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
    let found = found.take(most);
    let mut size = 1;
    let mut batch = Vec::with_capacity(size);
    for f in found {
        batch.push(f);
        if batch.len() >= size {
            size = (size * 2).min(MAX_BATCH);
            let full = std::mem::replace(&mut batch, Vec::with_capacity(size));
            if tx.send(Ok(full)).is_err() {
                return;
            }
        }
    }
    if !batch.is_empty() {
        let _ = tx.send(Ok(batch));
    }
}

/// A lazy iterator of solutions (``placer.solutions``, ``Select.all``). A
/// thread searches ahead by a batch or two with the GIL released; dropping
/// the iterator ends that thread at its next solution. Python threads may
/// share one: each solution goes to exactly one of them.
#[pyclass(module = "placer", frozen)]
pub struct SolutionIter {
    state: Mutex<Stream>,
    owner: Arc<Owner>,
}

/// Where a [`SolutionIter`] is in its stream.
struct Stream {
    rx: Option<Receiver<Batch>>,
    batch: std::vec::IntoIter<Found>,
    left: Option<u128>,
}

impl SolutionIter {
    /// Starts `search` on a producer thread; at most `limit` solutions.
    pub fn start(
        owner: Arc<Owner>,
        limit: Option<u128>,
        search: impl FnOnce(SyncSender<Batch>) + Send + 'static,
    ) -> PyResult<SolutionIter> {
        let (tx, rx) = mpsc::sync_channel(1);
        std::thread::Builder::new()
            .name("placer-solutions".into())
            .spawn(move || {
                let panicked = tx.clone();
                if let Err(panic) = catch_unwind(AssertUnwindSafe(|| search(tx))) {
                    let _ = panicked.send(Err(panic_text(&*panic)));
                }
            })
            .map_err(|e| errors::internal(format!("cannot start a thread: {e}")))?;
        Ok(SolutionIter {
            state: Mutex::new(Stream {
                rx: Some(rx),
                batch: Vec::new().into_iter(),
                left: limit,
            }),
            owner,
        })
    }
}

#[pymethods]
impl SolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Solution> {
        // Another Python thread may hold the stream while it waits without
        // the GIL: wait for it without the GIL too.
        let mut stream = loop {
            match self.state.try_lock() {
                Ok(stream) => break stream,
                Err(TryLockError::WouldBlock) => {
                    py.detach(|| std::thread::sleep(std::time::Duration::from_millis(1)));
                    py.check_signals()?;
                }
                Err(TryLockError::Poisoned(_)) => {
                    return Err(errors::internal(
                        "a thread panicked while it held the iterator",
                    ));
                }
            }
        };
        let found = stream.next(py)?;
        Ok(Solution::new(found, &self.owner))
    }
}

impl Stream {
    /// The next solution; `StopIteration` at the end or the limit.
    fn next(&mut self, py: Python<'_>) -> PyResult<Found> {
        if self.left == Some(0) {
            self.rx = None;
            return Err(PyStopIteration::new_err(()));
        }
        let found = match self.batch.next() {
            Some(f) => f,
            None => self.next_batch(py)?,
        };
        if let Some(left) = &mut self.left {
            *left -= 1;
        }
        Ok(found)
    }

    /// Waits (GIL released, signals checked) for the next batch and takes
    /// its first solution; `StopIteration` when the search is over.
    fn next_batch(&mut self, py: Python<'_>) -> PyResult<Found> {
        loop {
            let Some(rx) = self.rx.as_mut() else {
                return Err(PyStopIteration::new_err(()));
            };
            let received = py.detach(move || rx.recv_timeout(std::time::Duration::from_millis(50)));
            match received {
                Ok(Err(panic)) => {
                    self.rx = None;
                    return Err(errors::internal(panic));
                }
                Ok(Ok(batch)) => {
                    self.batch = batch.into_iter();
                    if let Some(f) = self.batch.next() {
                        return Ok(f);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    self.rx = None;
                    return Err(PyStopIteration::new_err(()));
                }
            }
        }
    }
}
