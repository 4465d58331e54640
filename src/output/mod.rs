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
pub mod hint;
pub mod json;
pub mod svg;
pub mod tuple;

pub use board::Board;
pub use cells::Cells;
pub use json::{CountLine, Exact, Json, TableLine, count_line, write_count, write_line};
pub use svg::{Svg, svg_document};
pub use tuple::Tuple;

use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::matrix::{BigDecimal, Value};
use crate::problem::Problem;
use crate::search::{Sink, Solution};

/// The output formats, as `--format` names them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
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
}

/// A [`Sink`] that renders each solution and writes it to `W`. The first
/// error (rendering or writing) stops the search and is kept for
/// [`finish`](Printer::finish).
#[derive(Debug)]
pub struct Printer<R, W: Write> {
    render: R,
    out: W,
    buf: String,
    written: u64,
    flush_each: bool,
    error: Option<OutputError>,
}

impl<R: Render, W: Write> Printer<R, W> {
    /// A printer writing `render`'s text to `out`.
    pub fn new(render: R, out: W) -> Self {
        Printer {
            render,
            out,
            buf: String::new(),
            written: 0,
            flush_each: false,
            error: None,
        }
    }

    /// Flushes the writer after each solution (for interactive stepping).
    pub fn flush_each(mut self, yes: bool) -> Self {
        self.flush_each = yes;
        self
    }

    /// Solutions written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// The error that stopped the printer, if any.
    pub fn error(&self) -> Option<&OutputError> {
        self.error.as_ref()
    }

    /// Writes one solution; the same as [`Sink::solution`] with the error.
    pub fn write(&mut self, solution: &Solution) -> Result<(), OutputError> {
        self.buf.clear();
        self.render.render(self.written, solution, &mut self.buf)?;
        self.out.write_all(self.buf.as_bytes())?;
        if self.flush_each {
            self.out.flush()?;
        }
        self.written += 1;
        Ok(())
    }

    /// Flushes and returns the writer, or the error that stopped the printer.
    pub fn finish(mut self) -> Result<W, OutputError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    /// Flushes; the error that stopped the printer, if any.
    pub fn into_result(self) -> Result<(), OutputError> {
        self.finish().map(drop)
    }
}

impl<R: Render, W: Write> Sink for Printer<R, W> {
    fn solution(&mut self, solution: &Solution) -> ControlFlow<()> {
        if self.error.is_some() {
            return ControlFlow::Break(());
        }
        match self.write(solution) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
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

/// A value as an exact decimal, from the text it was written as.
fn exact(value: &Value) -> BigDecimal {
    BigDecimal::parse(&value.text).unwrap_or_else(|| {
        BigDecimal::parse(&Value::from_f64(value.num).text).expect("a float's text is a decimal")
    })
}

/// The exact sum of the values on a solution's cells; `None` if one has none.
/// `cols` is the board's width, `values` row-major.
fn exact_sum(cols: usize, values: &[Option<Value>], solution: &Solution) -> Option<BigDecimal> {
    solution
        .cells
        .iter()
        .map(|&(r, c)| {
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
mod tests;
