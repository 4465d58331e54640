//! Why a matrix or a number could not be read, and how messages quote input.

use std::fmt;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use super::{Hint, MAX_CELLS, MAX_COLS, MAX_ROWS};
use crate::error::{Diagnostic, Kind, Source};

/// Why a matrix could not be read. Rows and columns are 1-based; a row is a
/// data row (comment and blank lines do not count), and the file line is named
/// too when it differs.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatrixError {
    /// The file could not be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        error: std::io::Error,
    },
    /// An error inside a file, with the file's path.
    #[error("{path}: {error}")]
    InFile {
        /// The file.
        path: PathBuf,
        /// What is wrong in it.
        error: Box<MatrixError>,
        /// The file's text, for pointing at the error.
        text: Arc<Source>,
    },
    /// No data rows at all.
    #[error("empty matrix: no rows of numbers")]
    Empty,
    /// A row whose cell count differs from the first row's.
    #[error("{} has {found} {}, expected {expected}", Place(*row, *line), if *found == 1 { "cell" } else { "cells" })]
    Ragged {
        /// The 1-based data row.
        row: usize,
        /// The 1-based file line.
        line: usize,
        /// Cells in this row.
        found: usize,
        /// Cells in the first row.
        expected: usize,
        /// Where in the text: the first extra cell, or the end of a short row.
        at: Range<usize>,
    },
    /// A cell that is not a number, or out of range.
    #[error("{}, column {col}: {error}", Place(*row, *line))]
    BadNumber {
        /// The 1-based data row.
        row: usize,
        /// The 1-based file line.
        line: usize,
        /// The 1-based column.
        col: usize,
        /// What is wrong with it.
        error: NumberError,
        /// Where in the text: the cell.
        at: Range<usize>,
        /// The flag that would read the file, when the cell suggests one.
        hint: Option<Hint>,
    },
    /// A header whose label count does not match the columns.
    #[error("the header has {found} labels, expected {expected} (one per column)")]
    Header {
        /// Labels in the header.
        found: usize,
        /// Columns of the data.
        expected: usize,
        /// Where in the text: the header line.
        at: Range<usize>,
    },
    /// A blank line between two data rows of a matrix of two or more
    /// columns (in a one-column matrix it is a hole).
    #[error(
        "line {line} is blank inside the matrix: remove it, or write its cells (empty cells between commas are holes)"
    )]
    BlankLine {
        /// The 1-based file line.
        line: usize,
        /// Where in the text: the blank line.
        at: Range<usize>,
    },
    /// A blank line before the first row of a one-column matrix, where it
    /// may be a hole or nothing (between its rows a blank line is the hole
    /// it looks like; after them, nothing).
    #[error(
        "line {line} is blank before the first row of a one-column matrix, where it may be a hole or nothing: write a hole there as \"\" (blank lines between rows are holes), or remove the line"
    )]
    LeadingBlank {
        /// The 1-based file line.
        line: usize,
        /// Where in the text: the blank line.
        at: Range<usize>,
    },
    /// More rows, columns or cells than supported.
    #[error(
        "matrix too large: {what} (at most {MAX_ROWS} rows, {MAX_COLS} columns and {MAX_CELLS} cells)"
    )]
    TooLarge {
        /// What overflowed, e.g. `row 4097`.
        what: String,
    },
}

impl MatrixError {
    /// What sort of error it is: [`Kind::Io`], [`Kind::TooBig`] or
    /// [`Kind::Matrix`].
    pub fn kind(&self) -> Kind {
        match self {
            MatrixError::Io { .. } => Kind::Io,
            MatrixError::InFile { error, .. } => error.kind(),
            MatrixError::TooLarge { .. } => Kind::TooBig,
            _ => Kind::Matrix,
        }
    }

    /// Where the error is, as a byte range into the parsed text, when it is
    /// at one place.
    pub fn span(&self) -> Option<Range<usize>> {
        match self {
            // a cell too long to quote whole is named by row and column only
            MatrixError::BadNumber { at, .. } => (at.len() <= QUOTE_CHARS).then(|| at.clone()),
            MatrixError::Ragged { at, .. }
            | MatrixError::Header { at, .. }
            | MatrixError::BlankLine { at, .. }
            | MatrixError::LeadingBlank { at, .. } => Some(at.clone()),
            MatrixError::InFile { error, .. } => error.span(),
            _ => None,
        }
    }

    /// The layout a cell that is not a number suggests (a header, labels,
    /// a delimiter, decimal commas), when it suggests one.
    pub fn hint(&self) -> Option<Hint> {
        match self {
            MatrixError::BadNumber { hint, .. } => *hint,
            MatrixError::InFile { error, .. } => error.hint(),
            _ => None,
        }
    }

    /// The error as a diagnostic pointing into `source`, the text that was
    /// parsed, with the line, the column, a caret and the hint's flags.
    pub fn diagnostic(&self, source: &Arc<Source>) -> Diagnostic {
        let d = Diagnostic::at(format!("{}: {self}", source.name), source, self.span());
        help(d.of(self.kind()), self.hint())
    }
}

impl From<MatrixError> for Diagnostic {
    /// A diagnostic that points into the file when the error is inside one.
    fn from(e: MatrixError) -> Diagnostic {
        match &e {
            MatrixError::InFile { text, .. } => help(
                Diagnostic::at(e.to_string(), text, e.span()).of(e.kind()),
                e.hint(),
            ),
            _ => Diagnostic::new(e.to_string()).of(e.kind()),
        }
    }
}

/// `d` with the hint as its help, if there is one.
fn help(d: Diagnostic, hint: Option<Hint>) -> Diagnostic {
    match hint {
        Some(hint) => d.with_help(hint.to_string()),
        None => d,
    }
}

/// Why a number was refused; the text is quoted cut and escaped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NumberError {
    /// Not a decimal number (`inf`, `nan`, hex and units are not).
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// A decimal that `f64` cannot hold: too large, or so small that it
    /// would read as 0.
    #[error("`{0}` is out of range")]
    OutOfRange(String),
}

/// Most characters of the input a message quotes.
pub(super) const QUOTE_CHARS: usize = 40;

/// Input text as a message quotes it: at most 40 characters
/// (then `…`), control characters escaped, so a message stays one short line.
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == QUOTE_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || c == '`' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// "row 3", or "row 3 (line 5)" when comments or blank lines shift the two.
struct Place(usize, usize);

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == self.1 {
            write!(f, "row {}", self.0)
        } else {
            write!(f, "row {} (line {})", self.0, self.1)
        }
    }
}
