//! Writing solutions: one [`Sink`] per output format. Rows and columns are
//! 1-based wherever a person reads them.
//!
//! Each format is a [`Render`]er that turns one [`Solution`] into text; a
//! [`Printer`] pairs a renderer with a [`Write`]r and is the [`Sink`] the
//! search streams to. On a write error the printer stops the search
//! (`ControlFlow::Break`) and keeps the error for [`Printer::finish`], where
//! [`OutputError::is_broken_pipe`] tells a closed pipe (`placer … | head -1`)
//! from a real failure.
//!
//! | format | module | one solution |
//! |--------|--------|--------------|
//! | [`Format::Board`] | [`board`] | the board, one line per row, a blank line between solutions |
//! | [`Format::Tuple`] | [`tuple`](mod@tuple) | `2 4 1 3`: each row's column |
//! | [`Format::Cells`] | [`cells`] | `(1,2) (2,4) (3,1) (4,3)` |
//! | [`Format::Json`] | [`json`] | `{"cells":[[1,2],[2,4],[3,1],[4,3]]}` (JSON Lines) |
//! | [`Format::Svg`] | [`svg`] | one SVG document per line |
//!
//! ```
//! use placer::output::{self, Format};
//! use placer::{Bindings, Problem, RuleSpec};
//!
//! let spec = RuleSpec::resolve("queens").unwrap();
//! let bindings = Bindings { set: vec![("n".into(), 4)], ..Bindings::default() };
//! let problem = Problem::bind(&spec, &bindings).unwrap();
//! let plan = problem.clone().plan();
//! let mut sink = output::sink(Format::Tuple, &problem, None, Vec::new()).unwrap();
//! plan.search(false, &mut sink);
//! let text = sink.finish().unwrap();
//! assert_eq!(String::from_utf8(text).unwrap(), "2 4 1 3\n3 1 4 2\n");
//! ```
//!
//! The formats are described for users, with examples, in `docs/OUTPUT.md`.

pub mod board;
pub mod cells;
mod count;
pub mod hint;
pub mod json;
mod printer;
pub mod svg;
pub mod tuple;

pub use board::Board;
pub use cells::Cells;
pub use count::{Table, write_count};
pub use json::{CountLine, Exact, Json, TableLine, count_line, write_line};
pub use printer::Printer;
pub use svg::{Svg, svg_document};
pub use tuple::Tuple;

use std::io::{self, Write};

use crate::matrix::{BigDecimal, Value};
use crate::problem::Problem;
#[cfg(doc)]
use crate::search::Sink;
use crate::search::Solution;

/// The output formats, as `--format` names them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// The board, one line per row: the piece symbol, `.` free, `#` holes.
    #[default]
    Board,
    /// The 1-based column of each row's piece: `2 4 1 3`.
    Tuple,
    /// The 1-based (row,col) of each piece: `(1,2) (2,4) (3,1) (4,3)`.
    Cells,
    /// One JSON object per line: `{"cells":[[1,2],[2,4]]}`.
    Json,
    /// One standalone SVG picture per line.
    Svg,
}

/// Errors writing solutions.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// The tuple format asked for rules that do not place one piece per row.
    #[error("the tuple format needs exactly one piece in every row, but `{rule}` {why}")]
    NotOnePerRow {
        /// The rule's name.
        rule: String,
        /// Why the rules fail: "may place several pieces in a row" etc.
        why: String,
    },
    /// A solution did not have exactly one piece in some row (tuple format).
    #[error(
        "the tuple format needs exactly one piece in every row, but solution {solution} has {count} in row {row}"
    )]
    RowCount {
        /// The solution's number, from 1.
        solution: u64,
        /// The row, from 1.
        row: usize,
        /// Pieces in it.
        count: usize,
    },
    /// The matrix values do not fit the board.
    #[error("{len} matrix values for a {rows}×{cols} board, which has {cells} cells", cells = rows * cols)]
    ValueCount {
        /// Values given.
        len: usize,
        /// Board height.
        rows: usize,
        /// Board width.
        cols: usize,
    },
    /// Writing failed.
    #[error("cannot write the output")]
    Io(#[from] io::Error),
}

impl From<std::fmt::Error> for OutputError {
    /// A formatter failed: only writing through [`Printer::write_rows`] can,
    /// and the printer reports the underlying I/O error instead.
    fn from(_: std::fmt::Error) -> Self {
        OutputError::Io(io::Error::other("formatting failed"))
    }
}

impl OutputError {
    /// Whether the reader went away (a closed pipe): the CLI ends quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, OutputError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// One format: turns a solution into text.
pub trait Render {
    /// Appends the text of solution number `index` (from 0, in the order
    /// written) to `buf`, final newline included.
    fn render(
        &mut self,
        index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError>;

    /// Writes solution number `index` given as each row's column (one piece
    /// in each row, `cols[r]` in row `r`) to `to`. The same text as
    /// [`render`](Render::render) of the solution with those cells; the
    /// formats that a large board fits (tuple, cells, json) stream it
    /// without holding it as cells or as one string.
    fn render_rows(
        &mut self,
        index: u64,
        cols: &[usize],
        to: &mut dyn std::fmt::Write,
    ) -> Result<(), OutputError> {
        let solution = Solution {
            cells: row_cells(cols).collect(),
        };
        let mut buf = String::new();
        self.render(index, &solution, &mut buf)?;
        Ok(to.write_str(&buf)?)
    }
}

/// The cells of a placement given as each row's column.
fn row_cells(cols: &[usize]) -> impl Iterator<Item = (usize, usize)> + Clone + '_ {
    cols.iter().copied().enumerate()
}

/// Any format's renderer, chosen at run time.
#[derive(Debug, Clone)]
pub enum Renderer<'a> {
    /// See [`Board`].
    Board(Board<'a>),
    /// See [`Tuple`].
    Tuple(Tuple),
    /// See [`Cells`].
    Cells(Cells),
    /// See [`Json`].
    Json(Json<'a>),
    /// See [`Svg`].
    Svg(Svg<'a>),
}

impl<'a> Renderer<'a> {
    /// The renderer for `format`. `values` are a matrix board's cell values,
    /// row-major, `None` on holes; they must cover the board.
    pub fn new(
        format: Format,
        problem: &'a Problem,
        values: Option<&'a [Option<Value>]>,
    ) -> Result<Self, OutputError> {
        Ok(match format {
            Format::Board => Renderer::Board(Board::new(problem, values)?),
            Format::Tuple => Renderer::Tuple(Tuple::new(problem)?),
            Format::Cells => Renderer::Cells(Cells::new()),
            Format::Json => Renderer::Json(Json::new(problem, values)?),
            Format::Svg => Renderer::Svg(Svg::new(problem, values)?),
        })
    }

    /// The renderer for `format` without a problem, for a board of `rows`
    /// rows with one piece in each and nothing else on it (N-queens larger
    /// than any rule file's board, constructed): tuple, cells and json.
    /// `None` for board and svg, which draw every cell and take the problem.
    pub fn plain(format: Format, rows: usize) -> Option<Renderer<'static>> {
        match format {
            Format::Tuple => Some(Renderer::Tuple(Tuple::rows(rows))),
            Format::Cells => Some(Renderer::Cells(Cells::new())),
            Format::Json => Some(Renderer::Json(Json::plain())),
            Format::Board | Format::Svg => None,
        }
    }
}

impl Render for Renderer<'_> {
    fn render(
        &mut self,
        index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError> {
        match self {
            Renderer::Board(r) => r.render(index, solution, buf),
            Renderer::Tuple(r) => r.render(index, solution, buf),
            Renderer::Cells(r) => r.render(index, solution, buf),
            Renderer::Json(r) => r.render(index, solution, buf),
            Renderer::Svg(r) => r.render(index, solution, buf),
        }
    }

    fn render_rows(
        &mut self,
        index: u64,
        cols: &[usize],
        to: &mut dyn std::fmt::Write,
    ) -> Result<(), OutputError> {
        match self {
            Renderer::Board(r) => r.render_rows(index, cols, to),
            Renderer::Tuple(r) => r.render_rows(index, cols, to),
            Renderer::Cells(r) => r.render_rows(index, cols, to),
            Renderer::Json(r) => r.render_rows(index, cols, to),
            Renderer::Svg(r) => r.render_rows(index, cols, to),
        }
    }
}

/// The sink for any format.
pub type FormatSink<'a, W> = Printer<Renderer<'a>, W>;

/// A sink that writes solutions of `problem` to `out` in `format`. `values`
/// are a matrix board's cell values, row-major, `None` on holes. Fails when
/// the format does not fit the rules (tuple) or the values the board.
pub fn sink<'a, W: Write>(
    format: Format,
    problem: &'a Problem,
    values: Option<&'a [Option<Value>]>,
    out: W,
) -> Result<FormatSink<'a, W>, OutputError> {
    Ok(Printer::new(Renderer::new(format, problem, values)?, out))
}

/// `text` with each control character shown as its Unicode control
/// picture (a tab as `␉`, an escape as `␛`; the C1 controls as `�`), so a
/// label can neither break a board's layout nor drive the terminal, and an
/// SVG stays well-formed XML (which forbids them).
fn visible(text: &str) -> String {
    text.chars()
        .map(|ch| match u32::from(ch) {
            code @ 0..0x20 => char::from_u32(0x2400 + code).unwrap_or('\u{fffd}'),
            0x7f => '\u{2421}',
            _ if ch.is_control() => '\u{fffd}',
            _ => ch,
        })
        .collect()
}

/// A value as an exact decimal, from the text it was written as.
fn exact(value: &Value) -> BigDecimal {
    BigDecimal::parse(&value.text).unwrap_or_else(|| {
        BigDecimal::parse(&Value::from_f64(value.num).text).expect("a float's text is a decimal")
    })
}

/// The exact sum of the values on `cells`; `None` if one has none.
/// `cols` is the board's width, `values` row-major.
fn exact_sum(
    cols: usize,
    values: &[Option<Value>],
    cells: impl Iterator<Item = (usize, usize)>,
) -> Option<BigDecimal> {
    cells
        .map(|(r, c)| {
            (c < cols)
                .then(|| values.get(r * cols + c).and_then(|v| v.as_ref().map(exact)))
                .flatten()
        })
        .sum()
}

/// Checks that matrix values cover the board.
fn check_values(problem: &Problem, values: Option<&[Option<Value>]>) -> Result<(), OutputError> {
    match values {
        Some(v) if v.len() != problem.cells() => Err(OutputError::ValueCount {
            len: v.len(),
            rows: problem.rows,
            cols: problem.cols,
        }),
        _ => Ok(()),
    }
}

/// The solution's cells as a board of flags, row-major; cells off the board
/// are ignored.
fn occupied(problem: &Problem, solution: &Solution) -> Vec<bool> {
    let mut on = vec![false; problem.cells()];
    for &(r, c) in &solution.cells {
        if r < problem.rows && c < problem.cols {
            on[problem.cell(r, c)] = true;
        }
    }
    on
}

#[cfg(test)]
mod rows_tests;
#[cfg(test)]
mod tests;
