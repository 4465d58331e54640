//! Optimal assignment (Hungarian algorithm with potentials) and K-best
//! ranking (Murty's partitioning).
//!
//! # Order
//!
//! Selections are ranked by sum (smallest first for [`Sense::Min`], largest
//! first for [`Sense::Max`]); equal sums are ordered by their column sequence
//! in the oriented matrix (row 1's column, then row 2's, ...), smallest first —
//! the order in which [`super::selections`] lists them. This is a total order,
//! so the K best are one well-defined list: the first K of all selections
//! sorted by it.
//!
//! # Method
//!
//! The oriented `m × n` problem (`m ≤ n`) is solved by the fast path,
//! [`sap`]: a shortest-augmenting-path Hungarian algorithm (Jonker–Volgenant
//! style, `O(m² n)`, the method of `scipy.optimize.linear_sum_assignment`) on
//! a dense cost array with holes as infinities. It gives an optimum and
//! optimal dual potentials; padded with `n − m` zero-cost rows, these are an
//! optimum of the square problem. Among all optima — exactly the perfect
//! matchings on the *tight* cells (reduced cost zero) — the one with the
//! smallest column sequence is then found greedily, row by row, with
//! alternating paths on the tight cells ([`lap`]). So each solve returns the
//! minimum under the total order above.
//!
//! Murty's partitioning ([`murty`]) then splits "all selections except the
//! best" into disjoint subproblems (rows before `i` fixed to the best's
//! columns, row `i` barred from its column) whose minima go into a priority
//! queue. Each child is re-solved warm: one augmenting path from its parent's
//! potentials (`O(n²)`). With exact sums (see [`super::Matrix::is_exact`]) the
//! output is provably the first K under the order.
//!
//! # Arithmetic
//!
//! A [`Matrix`] keeps exact decimal semantics: its values are scaled to
//! integers and every solve runs on them, in `i64` when the values are small
//! enough that no sum or potential can come near its range (see
//! [`sap::fits_i64`]), else in `i128`: exact whatever the order of operations
//! (only matrices that do not fit fall back to `f64`). The fast path loses
//! nothing there. [`assign_floats`] is for values that *are*
//! `f64`s (numpy float arrays from Python): it solves in `f64` arithmetic, as
//! scipy does, without turning each value into a decimal first. Its optimum
//! is exact whenever `f64` sums are (integers below 2^50, for instance);
//! otherwise it is optimal up to rounding in the last bits, and of two
//! selections whose sums differ only by rounding either may be returned.

mod lap;
mod murty;
mod sap;

use super::exact::scaled_to_f64;
use super::numbers::Numbers;
use super::{Matrix, Selection};
use murty::ranked;
use sap::{Costs, Weight, fits_i64};

use crate::search::Stop;

/// Whether the best selection has the smallest or the largest sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sense {
    /// Smallest sum first.
    Min,
    /// Largest sum first.
    Max,
}

/// The best selection by sum (ties: smallest column sequence), or `None` when
/// the holes leave no full selection.
///
/// ```
/// use placer::matrix::{Matrix, Sense, assign};
///
/// let m = Matrix::parse("4 1 3\n2 0 5\n3 2 2").unwrap();
/// let best = assign(&m, Sense::Min).unwrap();
/// assert_eq!(best.cells, vec![(0, 1), (1, 0), (2, 2)]);
/// assert_eq!(best.sum, 5.0);
/// ```
pub fn assign(matrix: &Matrix, sense: Sense) -> Option<Selection> {
    top_k(matrix, 1, sense).pop()
}

/// The `k` best selections, best first; fewer when there are fewer selections.
///
/// Order: by sum (smallest first for [`Sense::Min`], largest first for
/// [`Sense::Max`]), then equal sums by column sequence in the oriented matrix,
/// smallest first — the order of [`selections`](super::selections). The
/// result is exactly the first `k` of all selections sorted this way (when the
/// matrix [is exact](Matrix::is_exact)).
///
/// Method: a Hungarian (Jonker–Volgenant style) solve with potentials, the
/// optimum with the smallest column sequence picked on the tight cells, then
/// Murty's partitioning with warm-started children, a queue of at most `k`
/// subproblems and a lower bound that skips hopeless children.
pub fn top_k(matrix: &Matrix, k: usize, sense: Sense) -> Vec<Selection> {
    top_k_until(matrix, k, sense, &Stop::new())
}

/// [`top_k`] that ends early once `stop` is set (another thread's Ctrl-C),
/// with the selections found so far: a best prefix of the K best. It is
/// checked between selections, so it ends within one solve.
pub fn top_k_until(matrix: &Matrix, k: usize, sense: Sense, stop: &Stop) -> Vec<Selection> {
    let negate = sense == Sense::Max;
    let (rows, cols) = (matrix.rows, matrix.cols);
    match &matrix.numbers {
        Numbers::Small { scale, values } => {
            let max = values
                .iter()
                .map(|&v| if v == i64::MIN { 0 } else { v.unsigned_abs() })
                .max()
                .unwrap_or(0);
            if fits_i64(max, rows.max(cols)) {
                let costs = Costs::oriented(rows, cols, negate, |k| {
                    Some(values[k]).filter(|&v| v != i64::MIN)
                });
                return best(&costs, k, stop, |s| scaled_to_f64(i128::from(s), *scale));
            }
            let costs = Costs::oriented(rows, cols, negate, |k| matrix.numbers.scaled(k));
            best(&costs, k, stop, |s| scaled_to_f64(s, *scale))
        }
        Numbers::Wide { scale, .. } => {
            let costs = Costs::oriented(rows, cols, negate, |k| matrix.numbers.scaled(k));
            best(&costs, k, stop, |s| scaled_to_f64(s, *scale))
        }
        Numbers::Float { .. } => {
            let costs = Costs::oriented(rows, cols, negate, |k| matrix.numbers.get(k));
            best(&costs, k, stop, |s| s)
        }
    }
}

/// The `k` best selections of `costs`, their sums made `f64` by `to_f64`.
fn best<C: Weight>(
    costs: &Costs<C>,
    k: usize,
    stop: &Stop,
    to_f64: impl Fn(C) -> f64,
) -> Vec<Selection> {
    ranked(costs, k, stop)
        .into_iter()
        .map(|(cells, sum)| Selection {
            cells,
            sum: to_f64(sum),
        })
        .collect()
}

/// The best selection of a `rows × cols` matrix of `f64` values, row-major;
/// `NaN` and infinite values are holes. `None` when the holes leave no full
/// selection.
///
/// For values that *are* `f64`s (numpy float arrays from Python): the solve
/// runs in `f64` arithmetic, as `scipy.optimize.linear_sum_assignment` does,
/// without making a decimal [`Matrix`] first. The optimum is exact whenever
/// `f64` sums are (integers below 2^50, for instance), and then equal sums
/// break by the smallest column sequence, as in [`assign`]; otherwise it is
/// optimal up to rounding in the last bits. [`assign`] keeps exact decimal
/// sums and runs the same solve on scaled 128-bit integers.
///
/// ```
/// use placer::matrix::{Sense, assign_floats};
///
/// let costs = [4.0, 1.0, 3.0, 2.0, 0.0, 5.0, 3.0, 2.0, 2.0];
/// let best = assign_floats(3, 3, &costs, Sense::Min).unwrap();
/// assert_eq!(best.cells, vec![(0, 1), (1, 0), (2, 2)]);
/// assert_eq!(best.sum, 5.0);
/// assert_eq!(assign_floats(2, 1, &[f64::NAN, f64::NAN], Sense::Max), None);
/// ```
///
/// # Panics
///
/// When `values.len() != rows * cols`.
pub fn assign_floats(rows: usize, cols: usize, values: &[f64], sense: Sense) -> Option<Selection> {
    assert_eq!(values.len(), rows * cols, "rows × cols values");
    let costs = Costs::oriented(rows, cols, sense == Sense::Max, |k| {
        Some(values[k]).filter(|v| v.is_finite())
    });
    ranked(&costs, 1, &Stop::new())
        .pop()
        .map(|(cells, sum)| Selection { cells, sum })
}

#[cfg(test)]
mod tests;
