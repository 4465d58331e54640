//! Matrix selections: one cell per row, no column twice (rooks on a valued board).
//!
//! A [`Matrix`] is read from a comma, semicolon, tab or whitespace separated
//! file, CSV quoting included ([`Matrix::parse`], [`Matrix::load`], with a
//! [`Layout`]: header, row labels, delimiter, decimal commas); empty cells, and cells equal to a
//! [`Matrix::skip`] value, are *holes* that no selection may use.
//!
//! A *selection* of an `m × n` matrix with `m ≤ n` takes one cell from every
//! row, no two in one column. When `m > n` the roles swap: one cell from every
//! column, no two in one row. Everything below is defined on that *oriented*
//! matrix (the transpose when `m > n`); the cells of a [`Selection`] are always
//! reported in the original orientation, sorted by row.
//!
//! The deterministic order used everywhere is the *column sequence* of a
//! selection in the oriented matrix (row 1's column, then row 2's, ...),
//! compared lexicographically. [`selections`] streams in this order, and
//! [`top_k`] breaks ties between equal sums by it.
//!
//! - [`assign`] / [`top_k`]: the best / K best selections by sum (Hungarian
//!   algorithm with potentials, then Murty's partitioning), without enumeration;
//!   [`assign_floats`]: the best selection of plain `f64` values, in `f64`
//!   arithmetic as scipy's (numpy float arrays from Python). Both run the
//!   same fast solve (Jonker–Volgenant's reductions, then shortest
//!   augmenting paths on a dense cost array): on exact scaled integers for
//!   [`assign`], so exactness is never lost, on the floats themselves for
//!   [`assign_floats`].
//! - [`count`]: the number of selections that avoid the holes (a permanent),
//!   without enumeration, exact in big integers.
//! - [`selections`]: every selection, optionally bounded by `min_sum`/`max_sum`
//!   with branch-and-bound pruning, as a flat-memory iterator.
//!
//! ```
//! use placer::matrix::{Matrix, Sense, Threads, count, top_k};
//!
//! //   . 1 2        the best selection by minimum sum is
//! //   3 . 1        (1,2) (2,3) (3,1): 1 + 1 + 0 = 2
//! //   0 2 .
//! let m = Matrix::parse(",1,2\n3,,1\n0,2,\n").unwrap();
//! let best = &top_k(&m, 1, Sense::Min)[0];
//! assert_eq!(best.cells, vec![(0, 1), (1, 2), (2, 0)]);
//! assert_eq!(best.sum, 2.0);
//! assert_eq!(count(&m, &Threads::default()).unwrap().to_string(), "2");
//! ```
//!
//! Sums are exact: each value is read once, as a decimal scaled to an
//! integer (`i64` when they all fit, else `i128`), and the solves run on
//! those integers (see [`Matrix::is_exact`]); only matrices whose values span
//! more than about 28 decimal digits fall back to `f64` arithmetic, where
//! bounded listings compare every sum in exact big decimals instead of
//! pruning.

mod assign;
mod decimal;
mod exact;
mod frontier;
mod inclusion;
mod numbers;
mod parse;
mod permanent;
mod select;

pub use assign::{Sense, assign, assign_floats, top_k, top_k_until};
pub use decimal::BigDecimal;
pub use parse::{
    Builder, Hint, Labels, Layout, LayoutWarning, MAX_CELLS, MAX_COLS, MAX_ROWS, Matrix,
    MatrixError, NumberError, Value, is_missing, parse_number, quote,
};
pub use permanent::{
    Count, CountError, CountMethod, MAX_FRONTIER_STATES, MAX_FRONTIER_STEPS, MAX_HOLE_LINES,
    MAX_RYSER_COLS, Threads, count, count_method,
};
pub use select::{Bounds, Selections, selections};

/// One selection: a cell from every row (or every column, for a tall matrix),
/// no two sharing a row or a column.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    /// The chosen cells as 0-based `(row, col)`, sorted by row.
    pub cells: Vec<(usize, usize)>,
    /// The sum of the chosen values, computed exactly and rounded once to `f64`.
    pub sum: f64,
}

impl Selection {
    /// The values of the chosen cells, in the order of [`Selection::cells`].
    pub fn values(&self, matrix: &Matrix) -> Vec<f64> {
        self.cells
            .iter()
            .map(|&(r, c)| matrix.get(r, c).unwrap_or(f64::NAN))
            .collect()
    }
}

impl Matrix {
    /// A `rows × cols` matrix of `f64` values, row-major; `NaN` and infinite
    /// values are holes. Each value is read as the shortest decimal that
    /// reads back the same number (see [`Value::from_f64`]): `0.1` is exactly
    /// one tenth.
    ///
    /// ```
    /// use placer::matrix::Matrix;
    ///
    /// let m = Matrix::from_f64s(2, 2, &[0.5, f64::NAN, 1e20, -3.0]);
    /// assert_eq!((m.get(0, 0), m.get(0, 1)), (Some(0.5), None));
    /// assert_eq!(m.value(1, 0).unwrap().text, "1e20");
    /// ```
    ///
    /// # Panics
    ///
    /// When `values.len() != rows * cols`.
    pub fn from_f64s(rows: usize, cols: usize, values: &[f64]) -> Matrix {
        assert_eq!(values.len(), rows * cols, "rows × cols values");
        let mut numbers = numbers::Numbers::with_capacity(values.len());
        for &v in values {
            numbers.push_f64(v);
        }
        Matrix {
            rows,
            cols,
            numbers,
            integral: false,
            labels: Labels::default(),
            layout_warning: None,
        }
    }
}

#[cfg(test)]
mod brute;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_matrix() {
        let m = Matrix::load(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/matrix.csv")).unwrap();
        assert_eq!((m.rows, m.cols), (4, 4));
        let top = top_k(&m, 3, Sense::Max);
        let sums: Vec<f64> = top.iter().map(|s| s.sum).collect();
        assert_eq!(sums, vec![31.0, 29.0, 29.0]);
        assert_eq!(top[0].cells, vec![(0, 2), (1, 1), (2, 3), (3, 0)]);
        assert_eq!(top[0].values(&m), vec![9.0, 8.0, 8.0, 6.0]);
        assert_eq!(count(&m, &Threads::default()).unwrap(), Count::Small(18));
        assert_eq!(selections(&m, Bounds::default()).count(), 18);
        let best = assign(&m, Sense::Min).unwrap();
        assert_eq!(best.sum, 11.0);
    }
}
