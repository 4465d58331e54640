//! Reading matrices: comma, semicolon, tab or whitespace separated numbers,
//! quoted as CSV quotes them.

use std::path::Path;
use std::str::FromStr;

use crate::error::Source;

/// The most rows a matrix may have.
pub const MAX_ROWS: usize = 4096;
/// The most columns a matrix may have.
pub const MAX_COLS: usize = 4096;
/// The most cells a matrix may have (4 Mi).
pub const MAX_CELLS: usize = 4 * 1024 * 1024;

mod error;
mod hint;
mod number;
mod read;
mod records;
#[cfg(test)]
mod tests;

pub use error::{MatrixError, NumberError, quote};
pub use hint::Hint;
pub(crate) use number::is_decimal;
pub use number::{Value, parse_number};

/// A matrix of numbers with holes, row-major.
///
/// ```
/// use placer::matrix::Matrix;
///
/// // 1  2  3
/// // 4  .  6       (an empty cell is a hole)
/// let m = Matrix::parse("1,2,3\n4,,6\n").unwrap();
/// assert_eq!((m.rows, m.cols), (2, 3));
/// assert_eq!(m.get(1, 0), Some(4.0));
/// assert_eq!(m.get(1, 1), None);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// `rows × cols` cells, row-major; `None` is a hole.
    pub cells: Vec<Option<Value>>,
    /// Row and column labels, when the file has them.
    pub labels: Labels,
}

/// The labels of a matrix's rows and columns (from `--labels`, `--header`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Labels {
    /// One label per row: the first cell of each data row.
    pub rows: Option<Vec<String>>,
    /// One label per column: the cells of the header row.
    pub cols: Option<Vec<String>>,
}

/// How a file lays out its matrix, beyond the numbers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Layout {
    /// The first data line holds column labels.
    pub header: bool,
    /// The first cell of every line holds the row's label.
    pub labels: bool,
    /// The cell separator; `None` detects it (comma, semicolon, tab or
    /// whitespace, see [`Matrix::parse`]).
    pub delimiter: Option<char>,
    /// Numbers are written with a decimal comma (`13,5`), as spreadsheets
    /// in much of Europe write them; a `.` in a number is then an error.
    pub decimal_comma: bool,
}

impl Matrix {
    /// Reads a matrix from text.
    ///
    /// The separator is detected from the data lines: comma if any line has a
    /// comma outside quotes, else semicolon if every line has as many of them,
    /// else tab if every line has a tab, else runs of whitespace. With a
    /// separator character, spaces around a cell are ignored, a cell may be
    /// quoted as CSV quotes (`"Smith, J"`, `"say ""hi"""`, line breaks
    /// inside), and an empty cell is a hole. Lines whose first non-blank
    /// character is `#` are comments; blank lines before and after the data
    /// are ignored, and one between two data rows is an error. Numbers are
    /// decimal: `-3`, `+2.5`, `.5`, `1e-3`, `6.02E23`. No header row is assumed.
    pub fn parse(text: &str) -> Result<Matrix, MatrixError> {
        Matrix::parse_with(text, Layout::default())
    }

    /// Reads a matrix from text laid out as `layout` says: a header line of
    /// column labels, a first column of row labels, a given separator,
    /// decimal commas. A cell that is not a number may come with a
    /// [`Hint`] at the flag that would read it (see [`MatrixError::hint`]).
    pub fn parse_with(text: &str, layout: Layout) -> Result<Matrix, MatrixError> {
        read::parse(text, layout)
    }

    /// Reads a matrix from a file; errors name the path.
    pub fn load(path: impl AsRef<Path>) -> Result<Matrix, MatrixError> {
        Matrix::load_with(path, Layout::default())
    }

    /// Reads a matrix from a file laid out as `layout` says.
    pub fn load_with(path: impl AsRef<Path>, layout: Layout) -> Result<Matrix, MatrixError> {
        let path = path.as_ref();
        let text = crate::input::read(path, crate::input::Limit::MATRIX).map_err(|source| {
            MatrixError::Io {
                path: path.to_path_buf(),
                error: source,
            }
        })?;
        Matrix::parse_with(&text, layout).map_err(|e| MatrixError::InFile {
            path: path.to_path_buf(),
            error: Box::new(e),
            text: Source::new(path.display().to_string(), text.as_str()),
        })
    }

    /// A matrix from rows of numbers (`None` = hole).
    ///
    /// # Panics
    /// If the rows differ in length, or there are none.
    pub fn from_rows(rows: &[Vec<Option<f64>>]) -> Matrix {
        assert!(!rows.is_empty(), "a matrix needs at least one row");
        let cols = rows[0].len();
        assert!(rows.iter().all(|r| r.len() == cols), "ragged rows");
        Matrix {
            rows: rows.len(),
            cols,
            cells: rows
                .iter()
                .flatten()
                .map(|v| v.map(Value::from_f64))
                .collect(),
            labels: Labels::default(),
        }
    }

    /// Turns every cell equal (`==`, so `-0` equals `0`) to one of `values`
    /// into a hole; returns how many cells changed.
    pub fn skip(&mut self, values: &[f64]) -> usize {
        let mut changed = 0;
        for cell in &mut self.cells {
            if cell.as_ref().is_some_and(|v| values.contains(&v.num)) {
                *cell = None;
                changed += 1;
            }
        }
        changed
    }

    /// The number at 0-based `(row, col)`, or `None` for a hole.
    pub fn get(&self, row: usize, col: usize) -> Option<f64> {
        self.value(row, col).map(|v| v.num)
    }

    /// The value at 0-based `(row, col)`, or `None` for a hole.
    pub fn value(&self, row: usize, col: usize) -> Option<&Value> {
        assert!(row < self.rows && col < self.cols, "cell out of range");
        self.cells[row * self.cols + col].as_ref()
    }

    /// Whether sums over this matrix are computed exactly: true unless its
    /// values need more than 28 decimal places, or more than 96 bits once
    /// scaled to integers. Otherwise sums use `f64` and ties may be decided
    /// by rounding.
    pub fn is_exact(&self) -> bool {
        matches!(
            super::exact::Numeric::new(self),
            super::exact::Numeric::Exact { .. }
        )
    }
}

impl FromStr for Matrix {
    type Err = MatrixError;

    fn from_str(s: &str) -> Result<Matrix, MatrixError> {
        Matrix::parse(s)
    }
}
