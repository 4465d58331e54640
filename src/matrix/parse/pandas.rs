//! Noticing a file laid out by pandas (`df.to_csv()`) that reads as numbers:
//! its default column names `0, 1, 2, …` as the first row, its index
//! `0, 1, 2, …` as the first column under an empty corner cell. Such a file
//! is a valid matrix, so this is a warning, never an error.

use std::fmt;

use super::Layout;
use super::records::Field;

/// The first row or column of a matrix that read as numbers looks like the
/// labels pandas writes: a header of default column names (`0,1,2`, or
/// `,0,1,2` over an index), an index column (`0, 1, 2, …` under an empty
/// corner cell). Its `Display` names the command-line flags that read them
/// as labels; see [`Matrix::layout_warning`](super::Matrix::layout_warning).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayoutWarning {
    /// The first row looks like column names (`--header` reads it so).
    pub header: bool,
    /// The first column looks like an index (`--labels` reads it so).
    pub labels: bool,
    /// The rows of the matrix as read.
    pub rows: usize,
    /// The columns of the matrix as read.
    pub cols: usize,
}

impl LayoutWarning {
    /// What was read, without the fix: `the first row looks like …, but it
    /// was read as numbers (a 4×3 matrix)`.
    pub fn what(&self) -> String {
        let (rows, cols) = (self.rows, self.cols);
        let what = match (self.header, self.labels) {
            (true, true) => {
                "the first row looks like the column names pandas writes and the first column like its index (an empty corner cell, then 0, 1, 2, …), but both were read as numbers"
            }
            (true, false) => {
                "the first row looks like the column names pandas writes (0, 1, 2, …), but it was read as numbers"
            }
            _ => {
                "the first column looks like the index pandas writes (0, 1, 2, … under an empty corner cell), but it was read as numbers"
            }
        };
        format!("{what} (a {rows}×{cols} matrix)")
    }
}

impl fmt::Display for LayoutWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flags = match (self.header, self.labels) {
            (true, true) => "--header --labels",
            (true, false) => "--header",
            _ => "--labels",
        };
        let them = if self.header && self.labels {
            "them"
        } else {
            "it"
        };
        write!(f, "{}: add `{flags}` to read {them} as labels", self.what())
    }
}

/// Whether `text` is the plain decimal of `i`, as pandas writes an index.
fn is_index(text: &str, i: usize) -> bool {
    let plain = text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    plain && text.len() <= 20 && text.parse::<usize>() == Ok(i)
}

/// Whether `fields` are `0, 1, …, len − 1`.
fn sequence(fields: &[Field<'_>]) -> bool {
    fields.iter().enumerate().all(|(i, f)| is_index(&f.text, i))
}

/// What the records of a file say about a pandas layout, watched as they
/// are read (all of them, as written: header and labels included).
pub(super) struct Watch {
    /// The first record starts with an empty cell.
    corner: bool,
    /// The first record is `0, 1, …` (after the corner).
    header: bool,
    /// The later records start `0`, `1`, `2`, … in turn.
    index: bool,
    /// Every later record is `0, 1, …` too (then the first one is data).
    all_sequences: bool,
    /// The records after the first.
    later: usize,
}

impl Watch {
    /// The watch after the first record.
    pub fn first(fields: &[Field<'_>]) -> Watch {
        let corner = fields.len() >= 2 && fields[0].text.is_empty();
        // without a corner, `0,1` is as likely a row of a 0/1 matrix
        let header = if corner {
            sequence(&fields[1..])
        } else {
            fields.len() >= 3 && sequence(fields)
        };
        Watch {
            corner,
            header,
            index: corner,
            all_sequences: true,
            later: 0,
        }
    }

    /// Takes a record after the first.
    pub fn next(&mut self, fields: &[Field<'_>]) {
        if self.index {
            self.index = fields
                .first()
                .is_some_and(|f| is_index(&f.text, self.later));
        }
        if self.header && !self.corner && self.all_sequences {
            self.all_sequences = sequence(fields);
        }
        self.later += 1;
    }

    /// The warning for a `rows × cols` matrix read with `layout`, if the
    /// records looked like pandas' labels that `layout` did not take.
    pub fn warning(&self, layout: Layout, rows: usize, cols: usize) -> Option<LayoutWarning> {
        let indexed =
            self.corner && self.later > 0 && (self.header || (self.index && self.later >= 2));
        let plain = !self.corner && self.header && self.later > 0 && !self.all_sequences;
        let warning = LayoutWarning {
            header: (indexed || plain) && !layout.header,
            labels: indexed && !layout.labels,
            rows,
            cols,
        };
        (warning.header || warning.labels).then_some(warning)
    }
}
