//! The `tuple` format: the 1-based column of each row's piece, separated by
//! spaces, one solution per line:
//!
//! ```text
//! 2 4 1 3
//! 3 1 4 2
//! ```
//!
//! It fits only rules that place exactly one piece in every row: a row group
//! with `count = 1`, or `lines` with `row` and `piece.count` equal to the
//! number of rows. Other rules are refused when the renderer is made
//! ([`OutputError::NotOnePerRow`]); a solution that breaks the shape anyway
//! stops the output with [`OutputError::RowCount`].

use std::fmt;

use super::{OutputError, Render};
use crate::problem::{Family, Problem};
use crate::search::Solution;

/// Renders the `tuple` format; see the [module docs](self).
#[derive(Debug, Clone)]
pub struct Tuple {
    rows: usize,
    /// Scratch: each row's column and piece count.
    seen: Vec<(usize, usize)>,
}

impl Tuple {
    /// The tuple renderer, if `problem`'s rules place exactly one piece in
    /// every row.
    pub fn new(problem: &Problem) -> Result<Self, OutputError> {
        let row_groups = || problem.groups.iter().filter(|g| g.family == Family::Row);
        let exactly_one = row_groups().any(|g| g.min == 1 && g.max == 1)
            || (problem.piece.lines.row && problem.piece.count == problem.rows);
        if !exactly_one {
            let at_most_one = problem.piece.lines.row || row_groups().any(|g| g.max <= 1);
            let why = if at_most_one {
                format!(
                    "places {} pieces on {} rows",
                    problem.piece.count, problem.rows
                )
            } else {
                "may place several pieces in a row".to_string()
            };
            return Err(OutputError::NotOnePerRow {
                rule: problem.name.clone(),
                why,
            });
        }
        Ok(Tuple::rows(problem.rows))
    }

    /// The tuple renderer for `rows` rows, without a problem: the caller
    /// vouches for one piece in each row (a constructed N-queens solution).
    pub fn rows(rows: usize) -> Self {
        Tuple {
            rows,
            seen: Vec::new(),
        }
    }
}

impl Render for Tuple {
    fn render(
        &mut self,
        index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError> {
        self.seen.clear();
        self.seen.resize(self.rows, (0, 0));
        for &(r, c) in &solution.cells {
            if let Some(slot) = self.seen.get_mut(r) {
                *slot = (c, slot.1 + 1);
            }
        }
        if let Some(row) = self.seen.iter().position(|&(_, n)| n != 1) {
            return Err(OutputError::RowCount {
                solution: index + 1,
                row: row + 1,
                count: self.seen[row].1,
            });
        }
        Ok(write_cols(self.seen.iter().map(|&(c, _)| c), buf)?)
    }

    fn render_rows(
        &mut self,
        index: u64,
        cols: &[usize],
        to: &mut dyn fmt::Write,
    ) -> Result<(), OutputError> {
        // As in `render`: rows past the board are ignored, missing ones refused.
        if cols.len() < self.rows {
            return Err(OutputError::RowCount {
                solution: index + 1,
                row: cols.len() + 1,
                count: 0,
            });
        }
        Ok(write_cols(cols[..self.rows].iter().copied(), to)?)
    }
}

/// Writes the 1-based columns separated by spaces, and a newline.
fn write_cols(
    cols: impl Iterator<Item = usize>,
    to: &mut (impl fmt::Write + ?Sized),
) -> fmt::Result {
    for (i, c) in cols.enumerate() {
        if i > 0 {
            to.write_char(' ')?;
        }
        write!(to, "{}", c + 1)?;
    }
    to.write_char('\n')
}
