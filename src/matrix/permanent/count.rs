//! What [`count`](super::count) returns: the count, the method, or why it
//! refused.

use std::fmt;

use num_bigint::BigUint;

use super::{MAX_FRONTIER_STATES, MAX_FRONTIER_STEPS, MAX_HOLE_LINES, MAX_RYSER_COLS};

/// An exact count: `u128` where it fits, a big integer beyond.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Count {
    /// Fits in 128 bits.
    Small(u128),
    /// Larger than `u128::MAX`.
    Big(BigUint),
}

impl Count {
    /// The count of a big integer, `Small` where it fits.
    pub(crate) fn from_big(b: BigUint) -> Count {
        match u128::try_from(&b) {
            Ok(v) => Count::Small(v),
            Err(_) => Count::Big(b),
        }
    }

    /// The count as `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self {
            Count::Small(v) => Some(*v),
            Count::Big(_) => None,
        }
    }

    /// The count as a big integer.
    pub fn to_biguint(&self) -> BigUint {
        match self {
            Count::Small(v) => BigUint::from(*v),
            Count::Big(b) => b.clone(),
        }
    }
}

impl From<u128> for Count {
    fn from(v: u128) -> Count {
        Count::Small(v)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Small(v) => v.fmt(f),
            Count::Big(b) => b.fmt(f),
        }
    }
}

/// How `count` counts (for a matrix in several parts: the method of the
/// costliest part).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountMethod {
    /// The answer is 0 or immediate (a row without values, too few columns,
    /// no holes).
    Direct,
    /// Ryser's formula over column subsets.
    Ryser,
    /// Inclusion–exclusion over the holes (rook numbers).
    Holes,
    /// Dynamic programming over a column frontier.
    Frontier,
}

/// Why a count was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// Every exact method is over its limit on one connected part.
    #[error("{}", too_large(*rows, *cols, *part_rows, *part_cols, *hole_lines, *width, *at_row))]
    TooLarge {
        /// Rows of the oriented matrix.
        rows: usize,
        /// Columns of the oriented matrix.
        cols: usize,
        /// Rows of the part that could not be counted.
        part_rows: usize,
        /// Usable columns of that part.
        part_cols: usize,
        /// The fewer of: the part's rows with holes, its columns with holes.
        hole_lines: usize,
        /// The widest column frontier of the part's row order.
        width: usize,
        /// Rows the frontier method took before it stopped.
        at_row: usize,
    },
    /// The stop flag ended the count.
    #[error("the count was interrupted")]
    Interrupted,
    /// Its worker threads could not start.
    #[error("{0}")]
    Threads(String),
}

impl From<crate::search::SearchError> for CountError {
    fn from(e: crate::search::SearchError) -> CountError {
        match e {
            crate::search::SearchError::Interrupted => CountError::Interrupted,
            e => CountError::Threads(e.to_string()),
        }
    }
}

/// Why every exact method refused, with each one's limit.
fn too_large(
    rows: usize,
    cols: usize,
    part_rows: usize,
    part_cols: usize,
    hole_lines: usize,
    width: usize,
    at_row: usize,
) -> String {
    let part = if (part_rows, part_cols) == (rows, cols) {
        String::new()
    } else {
        format!(" (in a connected part of {part_rows} rows and {part_cols} columns)")
    };
    format!(
        "cannot count the selections of this {rows}×{cols} matrix exactly{part}: \
         Ryser's formula would take 2^{part_cols}·{part_rows} ≈ {} steps (limit: \
         {MAX_RYSER_COLS} columns), counting by holes a table of 2^{hole_lines} entries \
         (limit: holes within {MAX_HOLE_LINES} rows or columns), and the frontier method \
         passed {MAX_FRONTIER_STATES} states or {MAX_FRONTIER_STEPS} steps after row \
         {at_row} of {part_rows} (frontier of {width} columns)",
        estimate(part_cols, part_rows)
    )
}

/// `2^bits · times` in a short scientific form, e.g. `4.4e13`.
fn estimate(bits: usize, times: usize) -> String {
    let v = 2f64.powi(bits as i32) * times as f64;
    format!("{v:.1e}")
}
