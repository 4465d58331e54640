//! The matrix behind a `placer.Select`: the library's [`Matrix`], or a numpy
//! float array's values from which it is made when first needed.

use std::sync::OnceLock;

use num_bigint::BigInt;

use placer::Problem;
use placer::matrix::{Labels, Matrix};

/// A matrix from Python: the library's [`Matrix`], and for a numpy float
/// array also its plain values, from which the `Matrix` (exact decimals) is
/// made only when first needed.
pub struct Table {
    /// A numpy float array's values (boxed: most tables hold none).
    pub(crate) floats: Option<Box<Floats>>,
    pub(crate) matrix: OnceLock<Matrix>,
    pub(crate) problem: OnceLock<Problem>,
}

/// A numpy float array's values, row-major, holes as `NaN`.
pub(crate) struct Floats {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) values: Vec<f64>,
    /// Its labels (a matrix holds its own).
    pub(crate) labels: Labels,
}

impl Table {
    /// The library's matrix.
    pub fn matrix(&self) -> &Matrix {
        self.matrix.get_or_init(|| {
            let f = self
                .floats
                .as_ref()
                .expect("a table holds floats or a matrix");
            let mut m = Matrix::from_f64s(f.rows, f.cols, &f.values);
            m.labels = f.labels.clone();
            m
        })
    }

    /// The row and column labels.
    pub(crate) fn labels(&self) -> &Labels {
        match &self.floats {
            Some(f) => &f.labels,
            None => &self.matrix().labels,
        }
    }

    /// The integer at `(row, col)` when every value of the matrix is an
    /// integer (a float array's never are), else `None`.
    pub fn integer(&self, row: usize, col: usize) -> Option<BigInt> {
        if self.floats.is_some() {
            return None;
        }
        self.matrix().integer(row, col)
    }

    /// Rows and columns.
    pub(crate) fn shape(&self) -> (usize, usize) {
        match &self.floats {
            Some(f) => (f.rows, f.cols),
            None => (self.matrix().rows, self.matrix().cols),
        }
    }

    /// The number at `(row, col)`, `None` for a hole.
    pub fn get(&self, row: usize, col: usize) -> Option<f64> {
        match &self.floats {
            Some(f) => Some(f.values[row * f.cols + col]).filter(|v| !v.is_nan()),
            None => self.matrix().get(row, col),
        }
    }

    /// The problem its boards are drawn from.
    pub fn problem(&self) -> &Problem {
        self.problem
            .get_or_init(|| Problem::from_matrix("matrix", self.matrix()))
    }
}
