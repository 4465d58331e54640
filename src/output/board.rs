//! The `board` format: a picture of the board, one text line per row, the
//! cells separated by one space, and a blank line between solutions.
//!
//! - The piece symbol on the solution's cells (givens included), `.` on free
//!   cells and `#` on holes:
//!
//!   ```text
//!   . Q . .
//!   . . . Q
//!   Q . . .
//!   . . Q .
//!   ```
//!
//! - On a board with regions, a free cell shows its region's label in
//!   lowercase instead of `.`, so the puzzle stays visible around the pieces
//!   (cells outside every region show `.`). When lowercase would be ambiguous
//!   (labels `a` and `A`, or a label that is the piece's symbol in either
//!   case, such as region `Q` beside queens), free cells show the region's
//!   number instead, 1 for the first label in reading order. When a label is
//!   longer than one character (`10`), every cell is right-aligned to the
//!   longest label:
//!
//!   ```text
//!   a Q b b
//!   a a b Q
//!   Q c d d
//!   c c Q d
//!   ```
//!
//! - On a matrix board (with values), each cell shows its value right-aligned
//!   to the widest value text (holes show `#`), framed by `[` `]` on the
//!   solution's cells and by spaces elsewhere; the cells follow each other with
//!   no further separator and each line ends without trailing spaces. Regions
//!   are not shown then.
//!
//!   A last line gives the exact sum of the chosen values:
//!
//!   ```text
//!   [ 5]  3  12
//!     7   1 [ 4]
//!   sum 9
//!   ```

use super::{OutputError, Render, check_values, occupied};
use crate::matrix::Value;
use crate::problem::Problem;
use crate::search::Solution;

/// Renders the `board` format; see the [module docs](self).
#[derive(Debug, Clone)]
pub struct Board<'a> {
    problem: &'a Problem,
    /// What each cell shows when it holds no piece.
    empty: Vec<String>,
    /// What each cell shows when it holds a piece.
    full: Vec<String>,
    /// The width every cell is right-aligned to.
    width: usize,
    /// Values mode: cells framed by brackets, no space between cells, and
    /// a `sum` line under the board.
    values: Option<&'a [Option<Value>]>,
    /// The matrix's row and column labels in values mode, control
    /// characters shown as pictures (`visible`).
    rows: Option<Vec<String>>,
    cols: Option<Vec<String>>,
}

impl<'a> Board<'a> {
    /// The board renderer for `problem`, with the matrix `values` if any.
    pub fn new(
        problem: &'a Problem,
        values: Option<&'a [Option<Value>]>,
    ) -> Result<Self, OutputError> {
        check_values(problem, values)?;
        let n = problem.cells();
        let symbol = problem.piece.symbol.to_string();
        let labels = problem
            .regions
            .as_ref()
            .map_or_else(Vec::new, |r| region_labels(&r.names, problem.piece.symbol));
        let (empty, full): (Vec<String>, Vec<String>) = match values {
            Some(values) => (0..n)
                .map(|cell| {
                    let text = match &values[cell] {
                        Some(v) if !problem.holes[cell] => v.text.clone(),
                        _ => "#".to_string(),
                    };
                    (text.clone(), text)
                })
                .unzip(),
            None => (0..n)
                .map(|cell| {
                    let region = problem
                        .regions
                        .as_ref()
                        .and_then(|r| r.of_cell[cell].map(|i| labels[i].clone()));
                    let text = if problem.holes[cell] {
                        "#".to_string()
                    } else {
                        region.unwrap_or_else(|| ".".to_string())
                    };
                    (text, symbol.clone())
                })
                .unzip(),
        };
        let shown = |labels: &Option<Vec<String>>| {
            let labels = labels.as_ref().filter(|_| values.is_some())?;
            Some(labels.iter().map(|l| super::visible(l)).collect::<Vec<_>>())
        };
        let (rows, cols) = (shown(&problem.labels.rows), shown(&problem.labels.cols));
        let width = empty
            .iter()
            .chain(&full)
            .chain(cols.iter().flatten())
            .map(|t| t.chars().count())
            .max()
            .unwrap_or(1);
        Ok(Board {
            problem,
            empty,
            full,
            width,
            values,
            rows,
            cols,
        })
    }
}

/// What each region shows on free cells: its label in lowercase, when that
/// keeps the regions apart from each other and from the piece's symbol (in
/// either case); otherwise the region's number, 1 for the first label met.
fn region_labels(names: &[String], symbol: char) -> Vec<String> {
    let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    let symbol = symbol.to_lowercase().to_string();
    let distinct = lower
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .len()
        == lower.len();
    if distinct && !lower.contains(&symbol) {
        lower
    } else {
        (1..=names.len()).map(|i| i.to_string()).collect()
    }
}

impl Render for Board<'_> {
    fn render(
        &mut self,
        index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError> {
        use std::fmt::Write as _;
        if index > 0 {
            buf.push('\n');
        }
        let p = self.problem;
        let on = occupied(p, solution);
        let w = self.width;
        let row_labels = self.rows.as_ref();
        let lw = row_labels.map_or(0, |l| {
            l.iter().map(|t| t.chars().count()).max().unwrap_or(0) + 1
        });
        if let Some(cols) = &self.cols {
            column_labels(cols, lw, w, buf);
        }
        for r in 0..p.rows {
            let start = buf.len();
            if let Some(l) = row_labels {
                let _ = write!(buf, "{:<lw$}", l[r]);
            }
            for c in 0..p.cols {
                let cell = p.cell(r, c);
                let text = if on[cell] {
                    &self.full[cell]
                } else {
                    &self.empty[cell]
                };
                // Writing to a String cannot fail.
                let _ = if self.values.is_some() {
                    let (open, close) = if on[cell] { ('[', ']') } else { (' ', ' ') };
                    write!(buf, "{open}{text:>w$}{close}")
                } else {
                    if c > 0 {
                        buf.push(' ');
                    }
                    write!(buf, "{text:>w$}")
                };
            }
            let end = buf[start..].trim_end().len() + start;
            buf.truncate(end);
            buf.push('\n');
        }
        if let Some(values) = self.values {
            match super::exact_sum(p.cols, values, solution.cells.iter().copied()) {
                Some(sum) => {
                    let _ = writeln!(buf, "sum {sum}");
                }
                None => buf.push_str("sum -\n"),
            }
        }
        Ok(())
    }
}

/// The line of column labels over a matrix board: `lw` blank for the row
/// labels, then each label right-aligned to `w` between spaces.
fn column_labels(cols: &[String], lw: usize, w: usize, buf: &mut String) {
    use std::fmt::Write as _;
    let start = buf.len();
    let _ = write!(buf, "{:lw$}", "");
    for label in cols {
        let _ = write!(buf, " {label:>w$} ");
    }
    let end = buf[start..].trim_end().len() + start;
    buf.truncate(end);
    buf.push('\n');
}
