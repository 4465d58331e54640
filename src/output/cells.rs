//! The `cells` format: the 1-based `(row,col)` of each piece, givens included,
//! in row-major order, separated by spaces, one solution per line:
//!
//! ```text
//! (1,2) (2,4) (3,1) (4,3)
//! ```

use std::fmt::Write as _;

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
        for (i, &(r, c)) in solution.cells.iter().enumerate() {
            if i > 0 {
                buf.push(' ');
            }
            let _ = write!(buf, "({},{})", r + 1, c + 1);
        }
        buf.push('\n');
        Ok(())
    }
}
