//! The `json` format: [JSON Lines](https://jsonlines.org), one compact JSON
//! object per line, UTF-8, each line ending in `\n`.
//!
//! # Schema
//!
//! A solution:
//!
//! ```text
//! {"cells":[[1,2],[2,4],[3,1],[4,3]]}
//! ```
//!
//! | key | type | meaning |
//! |-----|------|---------|
//! | `cells` | array of `[row, col]` integer pairs | the pieces' cells, 1-based, givens included, row-major order |
//! | `values` | array of numbers | only on a matrix board: the value of each cell in `cells`, in the same order |
//! | `sum` | number | only on a matrix board: the sum of `values` |
//! | `rows` | array of strings | only with `--labels`: the row label of each cell in `cells` |
//! | `cols` | array of strings | only with `--header`: the column label of each cell in `cells` |
//!
//! ```text
//! {"cells":[[1,1],[2,3]],"values":[5,4],"sum":9}
//! ```
//!
//! A count (`--count`), written by [`write_count`](super::write_count):
//!
//! ```text
//! {"count":92}
//! ```
//!
//! | key | type | meaning |
//! |-----|------|---------|
//! | `count` | non-negative integer | the number of solutions; it may exceed 2^64, so read it with an arbitrary-precision parser where that matters |
//!
//! A line of `placer table --json`, written by [`Table`](super::Table):
//!
//! ```text
//! {"param":"n","value":8,"count":92,"unique":12}
//! ```
//!
//! | key | type | meaning |
//! |-----|------|---------|
//! | `param` | string | the parameter that varies (`--param`) |
//! | `value` | integer | its value on this line |
//! | `count` | non-negative integer | the number of solutions |
//! | `unique` | non-negative integer | only with `--unique`: the classes under the board's symmetries |
//!
//! Values and sums are exact JSON numbers, written from the decimal text of
//! the input, never rounded through a 64-bit float: `0.1` plus `0.2` sums to
//! `0.3`, and `9007199254740993` stays itself (read them with an
//! arbitrary-precision parser where that matters). The text is normalised to
//! JSON's syntax without changing the value: no `+` sign or trailing zeros,
//! `.5` as `0.5`; plain decimal up to 40 characters, `1.25e300` beyond. A cell
//! without a value is written as `null`. Keys appear in
//! the order above; readers should ignore keys they do not know, since later
//! versions may add some.

use std::fmt;
use std::io::{self, Write};

use serde::Serialize;

use super::{OutputError, Render, check_values, exact};
use crate::matrix::Value;
use crate::problem::Problem;
use crate::search::Solution;

/// Renders the `json` format; see the [module docs](self).
#[derive(Debug, Clone)]
pub struct Json<'a> {
    cols: usize,
    labels: crate::matrix::Labels,
    values: Option<&'a [Option<Value>]>,
}

impl<'a> Json<'a> {
    /// The JSON renderer for `problem`, with the matrix `values` if any.
    pub fn new(
        problem: &Problem,
        values: Option<&'a [Option<Value>]>,
    ) -> Result<Self, OutputError> {
        check_values(problem, values)?;
        Ok(Json {
            cols: problem.cols,
            labels: problem.labels.clone(),
            values,
        })
    }
}

impl Json<'_> {
    /// The JSON renderer without a problem: plain cells, no values or labels
    /// (a constructed N-queens solution).
    pub fn plain() -> Json<'static> {
        Json {
            cols: 0,
            labels: crate::matrix::Labels::default(),
            values: None,
        }
    }

    /// Writes the object of a solution with `cells`, and a newline.
    fn write(
        &self,
        cells: impl Iterator<Item = (usize, usize)> + Clone,
        to: &mut (impl fmt::Write + ?Sized),
    ) -> fmt::Result {
        let line = SolutionLine {
            cells: cells.clone().map(|(r, c)| [r + 1, c + 1]).collect(),
            values: self.values.map(|values| {
                cells
                    .clone()
                    .map(|rc| self.value(values, rc).map(|v| Number(exact(v).to_string())))
                    .collect()
            }),
            sum: self.values.map(|values| {
                super::exact_sum(self.cols, values, cells.clone()).map(|s| Number(s.to_string()))
            }),
            rows: labels(self.labels.rows.as_ref(), cells.clone(), |(r, _)| r),
            cols: labels(self.labels.cols.as_ref(), cells.clone(), |(_, c)| c),
        };
        to.write_str(&serde_json::to_string(&line).map_err(|_| fmt::Error)?)?;
        to.write_char('\n')
    }

    /// The value of the cell `(r, c)`, if it has one.
    fn value<'v>(&self, values: &'v [Option<Value>], (r, c): (usize, usize)) -> Option<&'v Value> {
        if c < self.cols {
            values.get(r * self.cols + c).and_then(Option::as_ref)
        } else {
            None
        }
    }
}

/// The label of each cell, the row's or column's as `pick` says; `None`
/// without labels.
fn labels(
    list: Option<&Vec<String>>,
    cells: impl Iterator<Item = (usize, usize)>,
    pick: fn((usize, usize)) -> usize,
) -> Option<Vec<Option<&String>>> {
    list.map(|list| cells.map(|rc| list.get(pick(rc))).collect())
}

/// The object of one solution; see the [module docs](self).
#[derive(Serialize)]
struct SolutionLine<'a> {
    cells: Vec<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<Option<Number>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sum: Option<Option<Number>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<Vec<Option<&'a String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cols: Option<Vec<Option<&'a String>>>,
}

/// A JSON number written from its exact decimal text, never through a float.
struct Number(String);

impl Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde_json::value::RawValue::from_string(self.0.clone())
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

impl Render for Json<'_> {
    fn render(
        &mut self,
        _index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError> {
        Ok(self.write(solution.cells.iter().copied(), buf)?)
    }

    fn render_rows(
        &mut self,
        _index: u64,
        cols: &[usize],
        to: &mut dyn fmt::Write,
    ) -> Result<(), OutputError> {
        Ok(self.write(super::row_cells(cols), to)?)
    }
}

/// An exact non-negative integer of any size (a count), written as a plain
/// JSON number through serde_json, so counts above `u64::MAX` stay exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exact(String);

impl Exact {
    /// The integer whose decimal digits `n` displays; `None` unless they are digits.
    pub fn new(n: impl std::fmt::Display) -> Option<Exact> {
        let digits = n.to_string();
        let ok = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'));
        ok.then_some(Exact(digits))
    }

    /// The decimal digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<u128> for Exact {
    fn from(n: u128) -> Exact {
        Exact(n.to_string())
    }
}

impl Serialize for Exact {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Number(self.0.clone()).serialize(serializer)
    }
}

/// The line of a count: `{"count":92}`.
#[derive(Debug, Serialize)]
pub struct CountLine {
    /// The number of solutions.
    pub count: Exact,
}

/// One line of `placer table --json`: `{"param":"n","value":8,"count":92}`,
/// plus `"unique"` with `--unique`.
#[derive(Debug, Serialize)]
pub struct TableLine<'a> {
    /// The parameter that varies.
    pub param: &'a str,
    /// Its value on this line.
    pub value: i64,
    /// The number of solutions.
    pub count: Exact,
    /// The number of classes under the board's symmetries, with `--unique`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<Exact>,
}

/// Writes one value as a JSON line.
pub fn write_line<W: Write + ?Sized>(out: &mut W, line: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    writeln!(out)
}

/// The count line, `{"count":92}`, without the newline.
pub fn count_line(count: u128) -> String {
    let line = CountLine {
        count: Exact(count.to_string()),
    };
    serde_json::to_string(&line).expect("a count serializes")
}
