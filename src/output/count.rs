//! Counts as they print: `--count` (a bare integer line, or with
//! `--format json` the line `{"count":92}`) and the rows of `placer table`
//! (`8 92`, or `{"param":"n","value":8,"count":92}`). The JSON lines are
//! [`CountLine`] and [`TableLine`], written with serde; their schema is in
//! [`json`](super::json).

use std::io::{self, Write};

use super::{CountLine, Exact, Format, TableLine, write_line};

/// Writes a count and a newline: `{"count":92}` for [`Format::Json`], the
/// bare integer `92` for every other format.
pub fn write_count<W: Write + ?Sized>(
    out: &mut W,
    format: Format,
    count: &Exact,
) -> io::Result<()> {
    match format {
        Format::Json => write_line(
            out,
            &CountLine {
                count: count.clone(),
            },
        ),
        _ => writeln!(out, "{}", count.as_str()),
    }
}

/// The rows of `placer table`: in text a header `n solutions` (`n solutions
/// unique` with `--unique`) that goes out with the first row, so that an
/// error before it comes alone, then `8 92` (`8 92 12`) per value; in JSON
/// one [`TableLine`] per value and no header.
#[derive(Debug)]
pub struct Table<'a> {
    param: &'a str,
    json: bool,
    /// The text header, until the first row takes it.
    header: Option<String>,
}

impl<'a> Table<'a> {
    /// The table of counts as `param` varies; `unique` adds a column of
    /// classes under symmetry; `json` writes JSON lines.
    pub fn new(param: &'a str, unique: bool, json: bool) -> Self {
        let header = (!json).then(|| {
            let unique = if unique { " unique" } else { "" };
            format!("{param} solutions{unique}")
        });
        Table {
            param,
            json,
            header,
        }
    }

    /// Writes the row of `value`: its `count` and, with `--unique`, the
    /// number of classes.
    pub fn row<W: Write + ?Sized>(
        &mut self,
        out: &mut W,
        value: i64,
        count: Exact,
        unique: Option<Exact>,
    ) -> io::Result<()> {
        if self.json {
            let line = TableLine {
                param: self.param,
                value,
                count,
                unique,
            };
            return write_line(out, &line);
        }
        if let Some(header) = self.header.take() {
            writeln!(out, "{header}")?;
        }
        match unique {
            Some(u) => writeln!(out, "{value} {} {}", count.as_str(), u.as_str()),
            None => writeln!(out, "{value} {}", count.as_str()),
        }
    }
}
