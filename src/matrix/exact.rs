//! Exact arithmetic on matrix values, and the oriented numeric view.
//!
//! A matrix's [`Numbers`] are read as decimals scaled by one common
//! `10^scale` to integers of at most 96 bits, summed here as `i128`: sums and
//! comparisons are then exact, whatever the order of addition. Otherwise
//! (values needing more than 28 decimal places, or spanning too many digits)
//! the view is `f64`.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use super::Matrix;
use super::numbers::Numbers;

/// A number type the algorithms run on: exact `i64` or `i128`, or fallback `f64`.
pub(crate) trait Cost:
    Copy
    + PartialEq
    + PartialOrd
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
{
    /// Zero.
    const ZERO: Self;
    /// Whether arithmetic is exact, so bounds from potentials can prune.
    const EXACT: bool;
    /// A total order (for `f64`: `total_cmp`).
    fn cmp_total(&self, other: &Self) -> Ordering;
}

impl Cost for i64 {
    const ZERO: Self = 0;
    const EXACT: bool = true;
    fn cmp_total(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }
}

impl Cost for i128 {
    const ZERO: Self = 0;
    const EXACT: bool = true;
    fn cmp_total(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }
}

impl Cost for f64 {
    const ZERO: Self = 0.0;
    const EXACT: bool = false;
    fn cmp_total(&self, other: &Self) -> Ordering {
        self.total_cmp(other)
    }
}

/// The matrix oriented so that `m ≤ n`: one cell per row, distinct columns.
#[derive(Debug, Clone)]
pub(crate) struct Grid<C> {
    /// Rows (the smaller side).
    pub m: usize,
    /// Columns.
    pub n: usize,
    /// Whether this is the transpose of the matrix.
    pub transposed: bool,
    /// `m × n` costs, row-major; `None` is a hole.
    pub cost: Vec<Option<C>>,
}

impl<C: Copy> Grid<C> {
    /// The oriented grid of a `rows × cols` matrix whose cell `(r, c)` is `f(r, c)`.
    pub fn oriented(rows: usize, cols: usize, f: impl Fn(usize, usize) -> Option<C>) -> Grid<C> {
        let transposed = rows > cols;
        let (m, n) = if transposed {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let mut cost = Vec::with_capacity(m * n);
        for i in 0..m {
            for j in 0..n {
                let (r, c) = if transposed { (j, i) } else { (i, j) };
                cost.push(f(r, c));
            }
        }
        Grid {
            m,
            n,
            transposed,
            cost,
        }
    }

    /// The cost at oriented `(i, j)`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> Option<C> {
        self.cost[i * self.n + j]
    }

    /// The original-orientation cells of a column sequence, sorted by row.
    pub fn cells(&self, cols: &[usize]) -> Vec<(usize, usize)> {
        original_cells(self.transposed, cols)
    }
}

/// The original-orientation cells of an oriented column sequence, sorted by row.
pub(crate) fn original_cells(transposed: bool, cols: &[usize]) -> Vec<(usize, usize)> {
    let mut cells: Vec<(usize, usize)> = cols
        .iter()
        .enumerate()
        .map(|(i, &j)| if transposed { (j, i) } else { (i, j) })
        .collect();
    cells.sort_unstable();
    cells
}

/// The numeric view of a matrix: exact scaled integers, or `f64`.
pub(crate) enum Numeric {
    /// Values × 10^scale, all integers.
    Exact { grid: Grid<i128>, scale: u32 },
    /// Fallback.
    Float(Grid<f64>),
}

impl Numeric {
    pub fn new(matrix: &Matrix) -> Numeric {
        let numbers = &matrix.numbers;
        let at = |r: usize, c: usize| r * matrix.cols + c;
        match numbers {
            Numbers::Float { .. } => {
                Numeric::Float(Grid::oriented(matrix.rows, matrix.cols, |r, c| {
                    numbers.get(at(r, c))
                }))
            }
            _ => Numeric::Exact {
                grid: Grid::oriented(matrix.rows, matrix.cols, |r, c| numbers.scaled(at(r, c))),
                scale: numbers.scale(),
            },
        }
    }
}

/// An exact scaled sum `s × 10^-scale` as the nearest `f64`.
pub(crate) fn scaled_to_f64(s: i128, scale: u32) -> f64 {
    super::numbers::scaled_to_f64(s, -(scale as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_views() {
        let m = Matrix::parse("0.1 0.2\n0.3 1e-3").unwrap();
        match Numeric::new(&m) {
            Numeric::Exact { grid, scale } => {
                assert_eq!(scale, 3);
                assert_eq!(grid.cost, vec![Some(100), Some(200), Some(300), Some(1)]);
            }
            Numeric::Float(_) => panic!("expected exact"),
        }
        let wide = Matrix::parse("1e-30 1e30").unwrap();
        assert!(matches!(Numeric::new(&wide), Numeric::Float(_)));
        assert_eq!(scaled_to_f64(3, 1), 0.3);
        assert_eq!(scaled_to_f64(1 << 100, 0), 2f64.powi(100));
        assert_eq!(scaled_to_f64(-5, 30), -5e-30);
    }
}
