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
//!
//! ```text
//! {"cells":[[1,1],[2,3]],"values":[5,4],"sum":9}
//! ```
//!
//! A count (`--count`), written by [`write_count`]:
//!
//! ```text
//! {"count":92}
//! ```
//!
//! | key | type | meaning |
//! |-----|------|---------|
//! | `count` | non-negative integer | the number of solutions; it may exceed 2^64, so read it with an arbitrary-precision parser where that matters |
//!
//! A line of `placer table --json`, written by [`TableLine`]:
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
//! Numbers are written in plain decimal, never with an exponent: integers
//! without a fraction (`5`, not `5.0`), other values with the shortest
//! digits that read back as the same 64-bit float (`0.1`). A value that is
//! not finite, or a cell without a value, is written as `null`. Keys appear in
//! the order above; readers should ignore keys they do not know, since later
//! versions may add some.

use std::fmt::Write as _;
use std::io::{self, Write};

use serde::Serialize;

use super::{OutputError, Render, check_values, value_text};
use crate::problem::Problem;
use crate::search::Solution;

/// Renders the `json` format; see the [module docs](self).
#[derive(Debug, Clone)]
pub struct Json<'a> {
    cols: usize,
    values: Option<&'a [Option<f64>]>,
}

impl<'a> Json<'a> {
    /// The JSON renderer for `problem`, with the matrix `values` if any.
    pub fn new(problem: &Problem, values: Option<&'a [Option<f64>]>) -> Result<Self, OutputError> {
        check_values(problem, values)?;
        Ok(Json {
            cols: problem.cols,
            values,
        })
    }
}

/// A JSON number, or `null` when it is not finite.
fn number(buf: &mut String, value: Option<f64>) {
    match value {
        Some(v) if v.is_finite() => buf.push_str(&value_text(v)),
        _ => buf.push_str("null"),
    }
}

impl Render for Json<'_> {
    fn render(
        &mut self,
        _index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError> {
        buf.push_str("{\"cells\":[");
        for (i, &(r, c)) in solution.cells.iter().enumerate() {
            if i > 0 {
                buf.push(',');
            }
            let _ = write!(buf, "[{},{}]", r + 1, c + 1);
        }
        buf.push(']');
        if let Some(values) = self.values {
            let value = |(r, c): (usize, usize)| {
                if c < self.cols {
                    values.get(r * self.cols + c).copied().flatten()
                } else {
                    None
                }
            };
            buf.push_str(",\"values\":[");
            let mut sum = Some(0.0);
            for (i, &rc) in solution.cells.iter().enumerate() {
                if i > 0 {
                    buf.push(',');
                }
                let v = value(rc);
                sum = sum.zip(v).map(|(s, v)| s + v);
                number(buf, v);
            }
            buf.push_str("],\"sum\":");
            number(buf, sum);
        }
        buf.push_str("}\n");
        Ok(())
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
}

impl Serialize for Exact {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde_json::value::RawValue::from_string(self.0.clone())
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
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
pub fn write_line<W: Write>(out: &mut W, line: &impl Serialize) -> io::Result<()> {
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

/// Writes the count line, `{"count":92}`, and a newline.
pub fn write_count<W: Write>(out: &mut W, count: u128) -> io::Result<()> {
    writeln!(out, "{}", count_line(count))
}
