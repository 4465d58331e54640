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
mod pandas;
mod read;
mod records;
#[cfg(test)]
mod tests;

use super::numbers::Numbers;
pub use error::{MatrixError, NumberError, quote};
pub use hint::Hint;
pub(crate) use number::is_decimal;
pub use number::is_missing;
pub use number::{Value, parse_number};
pub use pandas::LayoutWarning;

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
    /// `rows × cols` numbers, row-major, in the narrowest exact type that
    /// holds them all (see [`Matrix::is_exact`]).
    pub(crate) numbers: Numbers,
    /// Whether every value was given as an integer (`7`, not `7.0` or `1e3`).
    pub(crate) integral: bool,
    /// Row and column labels, when the file has them.
    pub labels: Labels,
    /// What the file's first row or column looked like but was not read as
    /// (see [`Matrix::layout_warning`]).
    pub(crate) layout_warning: Option<LayoutWarning>,
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
    /// decimal: `-3`, `+2.5`, `.5`, `1e-3`, `6.02E23`; `nan`, `NaN`, `NA`,
    /// `N/A`, `#N/A`, `<NA>`, `null` and `None` are holes too. No header
    /// row is assumed.
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
        let read = Matrix::parse_with(&text, layout);
        // the error takes the text itself: no second copy of a large file
        read.map_err(|e| MatrixError::InFile {
            path: path.to_path_buf(),
            error: Box::new(e),
            text: Source::new(path.display().to_string(), text),
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
        let mut numbers = Numbers::with_capacity(rows.len() * cols);
        for v in rows.iter().flatten() {
            numbers.push_f64(v.unwrap_or(f64::NAN));
        }
        Matrix {
            rows: rows.len(),
            cols,
            numbers,
            integral: false,
            labels: Labels::default(),
            layout_warning: None,
        }
    }

    /// A `rows × cols` matrix of integers, row-major, each kept exact.
    ///
    /// ```
    /// use placer::matrix::Matrix;
    ///
    /// let m = Matrix::from_i64s(1, 2, vec![9007199254740993, -4]);
    /// assert_eq!(m.integer(0, 0), Some(9007199254740993u64.into()));
    /// ```
    ///
    /// # Panics
    ///
    /// When `values.len() != rows * cols`.
    pub fn from_i64s(rows: usize, cols: usize, values: Vec<i64>) -> Matrix {
        assert_eq!(values.len(), rows * cols, "rows × cols values");
        Matrix {
            rows,
            cols,
            numbers: Numbers::from_i64s(values),
            integral: true,
            labels: Labels::default(),
            layout_warning: None,
        }
    }

    /// Turns every cell equal (`==`, so `-0` equals `0`) to one of `values`
    /// into a hole; returns how many cells changed.
    pub fn skip(&mut self, values: &[f64]) -> usize {
        if values.is_empty() {
            return 0;
        }
        let mut changed = 0;
        for i in 0..self.numbers.len() {
            if self.numbers.get(i).is_some_and(|v| values.contains(&v)) {
                self.numbers.set_hole(i);
                changed += 1;
            }
        }
        changed
    }

    /// When the text read had labels that `Layout` did not take, so they
    /// were read as numbers: pandas' defaults (`df.to_csv()`: column names
    /// `0, 1, 2, …` as the first row, an index `0, 1, 2, …` under an empty
    /// corner cell), integers counting up around an empty corner cell, an
    /// empty header cell (see docs/MATRIX.md). What a front end should warn
    /// about; the matrix is read as `Layout` says. `None` for matrices not
    /// read from text.
    ///
    /// ```
    /// use placer::matrix::{Layout, Matrix};
    ///
    /// let text = ",0,1\n0,5,0\n1,3,7\n";
    /// let w = Matrix::parse(text).unwrap().layout_warning().unwrap();
    /// assert!(w.header && w.labels);
    /// let layout = Layout { header: true, labels: true, ..Layout::default() };
    /// assert_eq!(Matrix::parse_with(text, layout).unwrap().layout_warning(), None);
    /// ```
    pub fn layout_warning(&self) -> Option<LayoutWarning> {
        self.layout_warning
    }

    /// Makes the cell at 0-based `(row, col)` a hole.
    pub fn set_hole(&mut self, row: usize, col: usize) {
        assert!(row < self.rows && col < self.cols, "cell out of range");
        self.numbers.set_hole(row * self.cols + col);
    }

    /// Whether the cell at 0-based `(row, col)` is a hole.
    #[inline]
    pub fn is_hole(&self, row: usize, col: usize) -> bool {
        assert!(row < self.rows && col < self.cols, "cell out of range");
        self.numbers.is_hole(row * self.cols + col)
    }

    /// The number at 0-based `(row, col)` (the nearest `f64`), or `None` for a hole.
    pub fn get(&self, row: usize, col: usize) -> Option<f64> {
        assert!(row < self.rows && col < self.cols, "cell out of range");
        self.numbers.get(row * self.cols + col)
    }

    /// The value at 0-based `(row, col)` with its text, or `None` for a hole.
    /// The text is written from the number: the shortest plain decimal
    /// (`2.5` for `+2.50`), `1e20` for round numbers of seven digits or more.
    pub fn value(&self, row: usize, col: usize) -> Option<Value> {
        assert!(row < self.rows && col < self.cols, "cell out of range");
        self.numbers.value(row * self.cols + col)
    }

    /// The value at 0-based `(row, col)` as an exact integer, when every
    /// value of the matrix was given as one (`7`, not `7.0` or `1e3`); else
    /// `None` (also for a hole).
    pub fn integer(&self, row: usize, col: usize) -> Option<num_bigint::BigInt> {
        assert!(row < self.rows && col < self.cols, "cell out of range");
        if !self.integral {
            return None;
        }
        self.numbers.integer(row * self.cols + col)
    }

    /// Whether values and sums are exact: true unless the values need more
    /// than 28 decimal places, or more than 96 bits once scaled to integers
    /// (then each value is the nearest `f64` to what was written, sums use
    /// `f64`, and ties may be decided by rounding).
    pub fn is_exact(&self) -> bool {
        self.numbers.is_exact()
    }
}

/// Builds a matrix cell by cell, row-major: numbers from text or `f64`,
/// and holes.
///
/// ```
/// use placer::matrix::Builder;
///
/// let mut b = Builder::new(4);
/// b.text("12345678901234567890").unwrap();
/// b.hole();
/// b.float(0.5);
/// b.text("-2").unwrap();
/// let m = b.finish(2, 2);
/// assert_eq!((m.get(0, 1), m.get(1, 0)), (None, Some(0.5)));
/// assert_eq!(m.value(0, 0).unwrap().text, "12345678901234567890");
/// ```
#[derive(Debug, Clone)]
pub struct Builder {
    numbers: Numbers,
    integral: bool,
}

impl Builder {
    /// A builder with room for `cells` cells.
    pub fn new(cells: usize) -> Builder {
        Builder {
            numbers: Numbers::with_capacity(cells),
            integral: true,
        }
    }

    /// Adds a decimal written as text (`-3`, `2.5`, `1e-3`, as a file
    /// holds them); an empty text, or a missing value's (`nan`, `NA`), is a
    /// hole.
    pub fn text(&mut self, text: &str) -> Result<(), NumberError> {
        self.integral &= self.numbers.push_text(text, false)?;
        Ok(())
    }

    /// Adds a float, read as the shortest decimal that reads back the same;
    /// `NaN` and infinities are holes.
    pub fn float(&mut self, num: f64) {
        self.integral &= !num.is_finite();
        self.numbers.push_f64(num);
    }

    /// Adds a hole.
    pub fn hole(&mut self) {
        self.numbers.push_hole();
    }

    /// The `rows × cols` matrix of the cells added.
    ///
    /// # Panics
    ///
    /// When the cells added are not `rows × cols`.
    pub fn finish(self, rows: usize, cols: usize) -> Matrix {
        assert_eq!(self.numbers.len(), rows * cols, "rows × cols cells");
        Matrix {
            rows,
            cols,
            numbers: self.numbers,
            integral: self.integral,
            labels: Labels::default(),
            layout_warning: None,
        }
    }
}

impl FromStr for Matrix {
    type Err = MatrixError;

    fn from_str(s: &str) -> Result<Matrix, MatrixError> {
        Matrix::parse(s)
    }
}
