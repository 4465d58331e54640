//! The `cells` format: the 1-based `(row,col)` of each piece, givens included,
//! in row-major order, separated by spaces, one solution per line:
//!
//! ```text
//! (1,2) (2,4) (3,1) (4,3)
//! ```

use std::fmt;

use super::{OutputError, Render};
use crate::search::Solution;

/// Renders the `cells` format; see the [module docs](self).
#[derive(Debug, Clone, Copy, Default)]
pub struct Cells;

impl Cells {
    /// The cells renderer; it fits every rule.
    pub fn new() -> Self {
        Cells
    }
}

impl Render for Cells {
    fn render(
        &mut self,
        _index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError> {
        Ok(write_cells(solution.cells.iter().copied(), buf)?)
    }

    fn render_rows(
        &mut self,
        _index: u64,
        cols: &[usize],
        to: &mut dyn fmt::Write,
    ) -> Result<(), OutputError> {
        Ok(write_cells(super::row_cells(cols), to)?)
    }
}

/// Writes the cells, 1-based `(row,col)` separated by spaces, and a newline.
fn write_cells(
    cells: impl Iterator<Item = (usize, usize)>,
    to: &mut (impl fmt::Write + ?Sized),
) -> fmt::Result {
    for (i, (r, c)) in cells.enumerate() {
        if i > 0 {
            to.write_char(' ')?;
        }
        write!(to, "({},{})", r + 1, c + 1)?;
    }
    to.write_char('\n')
}
