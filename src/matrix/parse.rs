//! Reading matrices: comma, tab or whitespace separated numbers.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use crate::error::{Diagnostic, Kind, Source};

/// The most rows a matrix may have.
pub const MAX_ROWS: usize = 4096;
/// The most columns a matrix may have.
pub const MAX_COLS: usize = 4096;
/// The most cells a matrix may have (4 Mi).
pub const MAX_CELLS: usize = 4 * 1024 * 1024;

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
    /// A blank line between two data rows.
    #[error(
        "line {line} is blank inside the matrix: remove it, or write its cells (empty cells between commas are holes)"
    )]
    BlankLine {
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
            | MatrixError::BlankLine { at, .. } => Some(at.clone()),
            MatrixError::InFile { error, .. } => error.span(),
            _ => None,
        }
    }

    /// The error as a diagnostic pointing into `source`, the text that was
    /// parsed, with the line, the column and a caret.
    pub fn diagnostic(&self, source: &Arc<Source>) -> Diagnostic {
        Diagnostic::at(format!("{}: {self}", source.name), source, self.span()).of(self.kind())
    }
}

impl From<MatrixError> for Diagnostic {
    /// A diagnostic that points into the file when the error is inside one.
    fn from(e: MatrixError) -> Diagnostic {
        match &e {
            MatrixError::InFile { text, .. } => {
                Diagnostic::at(e.to_string(), text, e.span()).of(e.kind())
            }
            _ => Diagnostic::new(e.to_string()).of(e.kind()),
        }
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
const QUOTE_CHARS: usize = 40;

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

/// Reads a decimal number (`-3`, `+2.5`, `.5`, `1e-3`) as `f64`; refuses
/// anything else, values too large for `f64`, and nonzero values so small
/// that they would read as 0.
pub fn parse_number(text: &str) -> Result<f64, NumberError> {
    if !is_decimal(text) {
        return Err(NumberError::NotANumber(quote(text)));
    }
    let num: f64 = text.parse().expect("a checked decimal parses");
    let nonzero = text
        .split(['e', 'E'])
        .next()
        .is_some_and(|m| m.bytes().any(|b| (b'1'..=b'9').contains(&b)));
    if !num.is_finite() || (num == 0.0 && nonzero) {
        return Err(NumberError::OutOfRange(quote(text)));
    }
    Ok(num)
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

/// A cell's number together with the text it was written as. Two values are
/// equal when their numbers are (`1` equals `1.0`).
#[derive(Debug, Clone)]
pub struct Value {
    /// The number.
    pub num: f64,
    /// The text as written in the file (trimmed), for aligned display.
    pub text: String,
}

impl Value {
    /// A value from a number; its text is the shortest that reads back the same.
    pub fn from_f64(num: f64) -> Value {
        let text = if num == 0.0 || (1e-6..1e16).contains(&num.abs()) {
            format!("{num}")
        } else {
            format!("{num:e}")
        };
        Value { num, text }
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.num == other.num
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.text)
    }
}

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
    /// The cell separator; `None` detects comma, tab or whitespace.
    pub delimiter: Option<char>,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Separator {
    Char(char),
    Whitespace,
}

/// A cell's text: trimmed, one pair of surrounding double quotes removed.
fn unquote(field: &str) -> &str {
    let t = field.trim();
    if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') {
        t[1..t.len() - 1].trim()
    } else {
        t
    }
}

impl Matrix {
    /// Reads a matrix from text.
    ///
    /// The separator is detected from the data lines: comma if any line has a
    /// comma, else tab if every line has a tab, else runs of whitespace. With commas or
    /// tabs, spaces around a cell are ignored, a cell may be wrapped in double
    /// quotes, and an empty cell is a hole. Lines whose first non-blank
    /// character is `#` are comments; blank lines before and after the data
    /// are ignored, and one between two data rows is an error. Numbers are
    /// decimal: `-3`, `+2.5`, `.5`, `1e-3`, `6.02E23`. No header row is assumed.
    pub fn parse(text: &str) -> Result<Matrix, MatrixError> {
        Matrix::parse_with(text, Layout::default())
    }

    /// Reads a matrix from text laid out as `layout` says: a header line of
    /// column labels, a first column of row labels, a given separator.
    pub fn parse_with(text: &str, layout: Layout) -> Result<Matrix, MatrixError> {
        let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let text = &text[bom..];
        // The byte range of `part`, a slice of `text`, in the text as given.
        let at = |part: &str| {
            let start = part.as_ptr() as usize - text.as_ptr() as usize + bom;
            start..start + part.len()
        };
        let data = || {
            text.lines().enumerate().filter(|(_, l)| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with('#')
            })
        };
        let sep = match layout.delimiter {
            Some(c) if !c.is_whitespace() || c == '\t' => Separator::Char(c),
            Some(_) => Separator::Whitespace,
            None if data().any(|(_, l)| l.contains(',')) => Separator::Char(','),
            None if data().all(|(_, l)| l.contains('\t')) => Separator::Char('\t'),
            None => Separator::Whitespace,
        };
        let mut header: Option<Vec<String>> = None;
        let mut header_at = 0..0;
        let mut row_labels: Vec<String> = Vec::new();
        let mut cols = 0;
        let mut rows = 0;
        let mut cells = Vec::new();
        // blank lines before the first and after the last data row are
        // ignored; one between them is a row, never skipped
        let first = data().next().map_or(0, |(i, _)| i);
        let last = data().last().map_or(0, |(i, _)| i);
        let body = text
            .lines()
            .enumerate()
            .take(last + 1)
            .skip(first)
            .filter(|(_, l)| !l.trim().starts_with('#'));
        for (index, line) in body {
            if line.trim().is_empty() {
                return Err(MatrixError::BlankLine {
                    line: index + 1,
                    at: at(line),
                });
            }
            let line_no = index + 1;
            let mut fields: Vec<&str> = match sep {
                Separator::Char(c) => line.split(c).collect(),
                Separator::Whitespace => line.split_whitespace().collect(),
            };
            if layout.header && header.is_none() {
                header = Some(fields.iter().map(|f| unquote(f).to_string()).collect());
                header_at = at(line);
                continue;
            }
            if layout.labels {
                row_labels.push(unquote(fields.remove(0)).to_string());
            }
            rows += 1;
            if rows > MAX_ROWS {
                return Err(MatrixError::TooLarge {
                    what: format!("more than {MAX_ROWS} rows"),
                });
            }
            if rows == 1 {
                cols = fields.len();
                if cols > MAX_COLS {
                    return Err(MatrixError::TooLarge {
                        what: format!("{cols} columns"),
                    });
                }
            } else if fields.len() != cols {
                let end = at(line.trim_end()).end;
                return Err(MatrixError::Ragged {
                    row: rows,
                    line: line_no,
                    found: fields.len(),
                    expected: cols,
                    at: fields.get(cols).map_or(end..end + 1, |f| at(f)),
                });
            }
            if rows * cols > MAX_CELLS {
                return Err(MatrixError::TooLarge {
                    what: format!("more than {MAX_CELLS} cells"),
                });
            }
            for (c, field) in fields.iter().enumerate() {
                let t = unquote(field);
                if t.is_empty() {
                    cells.push(None);
                    continue;
                }
                let num = parse_number(t).map_err(|error| MatrixError::BadNumber {
                    row: rows,
                    line: line_no,
                    col: c + 1 + usize::from(layout.labels),
                    error,
                    at: at(t),
                })?;
                cells.push(Some(Value {
                    num,
                    text: t.to_string(),
                }));
            }
        }
        if rows == 0 || cols == 0 {
            return Err(MatrixError::Empty);
        }
        let cols_labels = match header {
            Some(mut h) => {
                if layout.labels && h.len() == cols + 1 {
                    h.remove(0); // the corner above the row labels
                }
                if h.len() != cols {
                    return Err(MatrixError::Header {
                        found: h.len(),
                        expected: cols,
                        at: header_at,
                    });
                }
                Some(h)
            }
            None => None,
        };
        Ok(Matrix {
            rows,
            cols,
            cells,
            labels: Labels {
                rows: layout.labels.then_some(row_labels),
                cols: cols_labels,
            },
        })
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

/// `[+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?`
pub(crate) fn is_decimal(t: &str) -> bool {
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - frac_start;
    }
    if digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Matrix::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn separators_are_detected() {
        let comma = Matrix::parse("1, 2 ,3\n4,5,6\n").unwrap();
        let tab = Matrix::parse("1\t2\t3\n4\t5\t6").unwrap();
        let space = Matrix::parse("  1  2 3\n4 5\t 6\n\n\n").unwrap();
        assert_eq!(comma, tab);
        assert_eq!(comma, space);
        assert_eq!((comma.rows, comma.cols), (2, 3));
        assert_eq!(comma.value(0, 1).unwrap().text, "2");
    }

    #[test]
    fn numbers_comments_blank_lines_and_holes() {
        let m =
            Matrix::parse("\u{feff}# costs\n-1.5,2e3,\"7\"\r\n  # more\n.5,,+3E-2\n\n").unwrap();
        assert_eq!((m.rows, m.cols), (2, 3));
        assert_eq!(m.get(0, 0), Some(-1.5));
        assert_eq!(m.get(0, 1), Some(2000.0));
        assert_eq!(m.get(0, 2), Some(7.0));
        assert_eq!(m.get(1, 0), Some(0.5));
        assert_eq!(m.get(1, 1), None);
        assert_eq!(m.get(1, 2), Some(0.03));
        assert_eq!(m.value(1, 2).unwrap().text, "+3E-2");
    }

    #[test]
    fn skip_makes_holes() {
        let mut m = Matrix::parse("0 1 -0\n2 0 3").unwrap();
        assert_eq!(m.skip(&[0.0, 3.0]), 4);
        assert_eq!(m.get(0, 1), Some(1.0));
        assert_eq!(m.cells.iter().filter(|c| c.is_none()).count(), 4);
    }

    #[test]
    fn ragged_rows() {
        assert_eq!(
            err("1 2 3 4 5\n1 2 3 4 5\n1 2 3 4\n"),
            "row 3 has 4 cells, expected 5"
        );
        assert_eq!(
            err("# header comment\n1,2\n# note\n1,2,3\n"),
            "row 2 (line 4) has 3 cells, expected 2"
        );
    }

    #[test]
    fn not_a_number() {
        assert_eq!(
            err("1,2,3\n4,x5,6\n"),
            "row 2, column 2: `x5` is not a number"
        );
        assert_eq!(err("a b\n1 2\n"), "row 1, column 1: `a` is not a number");
        assert_eq!(err("1 inf\n"), "row 1, column 2: `inf` is not a number");
        assert_eq!(err("1 NaN\n"), "row 1, column 2: `NaN` is not a number");
        assert_eq!(err("1 1e\n"), "row 1, column 2: `1e` is not a number");
        assert_eq!(err("1 .\n"), "row 1, column 2: `.` is not a number");
        assert_eq!(err("1 1e999\n"), "row 1, column 2: `1e999` is out of range");
    }

    /// Issue 15: a blank line inside the data is never skipped silently.
    #[test]
    fn blank_lines_inside_are_errors() {
        let blank = "line 2 is blank inside the matrix: remove it, or write its cells \
                     (empty cells between commas are holes)";
        assert_eq!(err("5\n\n7\n"), blank);
        assert_eq!(err("5,1\n  \r\n7,2\n"), blank);
        assert_eq!(
            err("# c\n5\t1\n\n7\t2\n"),
            blank.replace("line 2", "line 3")
        );
        let m = Matrix::parse("5,\n,\n7,3\n").unwrap();
        assert_eq!((m.rows, m.cols), (3, 2));
        assert_eq!(m.get(2, 0), Some(7.0));
        let m = Matrix::parse("\n\n1 2\n# note\n3 4\n\n\n").unwrap();
        assert_eq!((m.rows, m.cols), (2, 2));
    }

    /// Issue 14: files as pandas and spreadsheets write them.
    #[test]
    fn headers_labels_and_delimiters() {
        let layout = Layout {
            header: true,
            labels: true,
            delimiter: None,
        };
        let m = Matrix::parse_with("\"\",\"Task 1\",T2\nAnn,1,\nBob,x1,3\n", layout);
        assert_eq!(
            m.unwrap_err().to_string(),
            "row 2 (line 3), column 2: `x1` is not a number"
        );
        let m = Matrix::parse_with("\"\",\"Task 1\",T2\nAnn,1,\nBob,2,3\n", layout).unwrap();
        assert_eq!((m.rows, m.cols), (2, 2));
        assert_eq!(m.get(0, 1), None);
        assert_eq!(m.labels.rows, Some(vec!["Ann".into(), "Bob".into()]));
        assert_eq!(m.labels.cols, Some(vec!["Task 1".into(), "T2".into()]));
        let no_corner = Matrix::parse_with("A,B\nx,1,2\n", layout).unwrap();
        assert_eq!(no_corner.labels.cols, Some(vec!["A".into(), "B".into()]));
        assert_eq!(
            Matrix::parse_with("A,B,C,D\nx,1,2\n", layout)
                .unwrap_err()
                .to_string(),
            "the header has 4 labels, expected 2 (one per column)"
        );
        let semi = Layout {
            delimiter: Some(';'),
            ..Layout::default()
        };
        let m = Matrix::parse_with("1;2,5\n3;4\n", semi);
        assert_eq!(
            m.unwrap_err().to_string(),
            "row 1, column 2: `2,5` is not a number"
        );
        let m = Matrix::parse_with("1; 2\n3;\n", semi).unwrap();
        assert_eq!((m.rows, m.cols, m.get(1, 1)), (2, 2, None));
    }

    #[test]
    fn empty() {
        assert_eq!(err(""), "empty matrix: no rows of numbers");
        assert_eq!(
            err("# only a comment\n\n  \n"),
            "empty matrix: no rows of numbers"
        );
    }

    #[test]
    fn too_large() {
        let wide = vec!["1"; MAX_COLS + 1].join(",");
        assert_eq!(
            err(&wide),
            "matrix too large: 4097 columns (at most 4096 rows, 4096 columns and 4194304 cells)"
        );
        let tall = "1\n".repeat(MAX_ROWS + 1);
        assert_eq!(
            err(&tall),
            "matrix too large: more than 4096 rows (at most 4096 rows, 4096 columns and 4194304 cells)"
        );
        let row = vec!["1"; 2048].join(" ") + "\n";
        assert_eq!(
            err(&row.repeat(2049)),
            "matrix too large: more than 4194304 cells (at most 4096 rows, 4096 columns and 4194304 cells)"
        );
    }

    #[test]
    fn load_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.csv");
        std::fs::write(&path, "1,2\n3\n").unwrap();
        assert_eq!(
            Matrix::load(&path).unwrap_err().to_string(),
            format!("{}: row 2 has 1 cell, expected 2", path.display())
        );
        let missing = dir.path().join("missing.csv");
        let e = Matrix::load(&missing).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("cannot read {}: ", missing.display())),
            "{e}"
        );
    }

    /// Errors point at their cell, after a byte-order mark too; a cell too
    /// long to quote is named by row and column only.
    #[test]
    fn errors_point_at_their_cell() {
        let text = "\u{feff}1,2\n3,é\n";
        let e = Matrix::parse(text).unwrap_err();
        assert_eq!(e.kind(), Kind::Matrix);
        let d = e.diagnostic(&Source::new("m.csv", text));
        assert_eq!(
            d.to_string(),
            "m.csv: row 2, column 2: `é` is not a number\n --> m.csv:2:3\n  |\n2 | 3,é\n  |   ^"
        );
        let long = format!("1,{}\n", "x".repeat(QUOTE_CHARS + 1));
        assert_eq!(Matrix::parse(&long).unwrap_err().span(), None);
        let wide = vec!["1"; MAX_COLS + 1].join(",");
        assert_eq!(Matrix::parse(&wide).unwrap_err().kind(), Kind::TooBig);
    }

    #[test]
    fn from_rows_and_text() {
        let m = Matrix::from_rows(&[vec![Some(0.1), None], vec![Some(1e20), Some(-3.0)]]);
        assert_eq!(m.value(0, 0).unwrap().text, "0.1");
        assert_eq!(m.value(1, 0).unwrap().text, "1e20");
        assert_eq!(m.value(1, 1).unwrap().text, "-3");
        assert_eq!(format!("[{:>4}]", m.value(1, 1).unwrap()), "[  -3]");
    }
}
