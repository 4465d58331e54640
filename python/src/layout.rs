//! How `placer.select` reads text and files: the keyword options as a
//! [`Layout`], and errors with the keyword that would read the file.

use pyo3::prelude::*;

use placer::error::Kind;
use placer::matrix::{Hint, Labels, Layout, LayoutWarning, MatrixError};

use crate::errors::{matrix_error, too_large};

/// The layout from `placer.select`'s keywords: `delimiter` one character
/// (or `"tab"`), `decimal` `"."` or `","`.
pub fn layout(
    header: bool,
    labels: bool,
    delimiter: Option<&str>,
    decimal: Option<&str>,
) -> PyResult<Layout> {
    let delimiter = match delimiter {
        None => None,
        Some("tab" | "\t") => Some('\t'),
        Some(d) => {
            let mut chars = d.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !matches!(c, '"' | '#' | '\n' | '\r') => Some(c),
                _ => {
                    return Err(matrix_error(format!(
                        "delimiter `{}` is not one character (or \"tab\")",
                        placer::matrix::quote(d)
                    )));
                }
            }
        }
    };
    let decimal_comma = match decimal {
        None | Some(".") => false,
        Some(",") => true,
        Some(d) => {
            return Err(matrix_error(format!(
                "decimal `{}` is not \".\" or \",\"",
                placer::matrix::quote(d)
            )));
        }
    };
    if decimal_comma && delimiter == Some(',') {
        return Err(matrix_error(
            "decimal=\",\" needs another delimiter: a comma cannot both separate cells and mark decimals",
        ));
    }
    Ok(Layout {
        header,
        labels,
        delimiter,
        decimal_comma,
    })
}

/// The keywords a hint means, as `placer.select` takes them.
fn keywords(hint: Hint) -> String {
    match hint {
        Hint::Header { labels: false } => {
            "the first row looks like a header: pass header=True".into()
        }
        Hint::Header { labels: true } => "the first row looks like a header and the first column like labels: pass header=True, labels=True".into(),
        Hint::Labels => "the first column looks like labels: pass labels=True".into(),
        Hint::Delimiter {
            delimiter,
            decimal_comma,
        } => format!(
            "the lines hold `{delimiter}`: pass delimiter=\"{delimiter}\"{}",
            if decimal_comma { ", decimal=\",\"" } else { "" }
        ),
        Hint::DecimalComma => "the numbers have decimal commas: pass decimal=\",\"".into(),
        Hint::Hole => "a cell that cannot be chosen is a hole: write it as an empty cell, NaN or None".into(),
        other => other.to_string(),
    }
}

/// A pandas layout read as numbers, as Python says it: the keywords that
/// read the labels.
pub fn warning(w: LayoutWarning) -> String {
    let (keywords, them) = match (w.header, w.labels) {
        (true, true) => ("header=True, labels=True", "them"),
        (true, false) => ("header=True", "it"),
        (false, true) => ("labels=True", "it"),
        (false, false) if w.decimal_comma => {
            return format!(
                "{}: if the commas are decimal commas, pass decimal=\",\"",
                w.what()
            );
        }
        // no keyword reads it (an empty header cell over a second index)
        (false, false) => return w.to_string(),
    };
    format!("{}: pass {keywords} to read {them} as labels", w.what())
}

/// A reading error as Python raises it: `placer.TooLargeError` past a
/// limit, `placer.MatrixError` else, with the keyword that would read the
/// file after a `;`.
pub fn read_error(e: MatrixError) -> PyErr {
    let message = match e.hint() {
        Some(hint) => format!("{e}; {}", keywords(hint)),
        None => e.to_string(),
    };
    match e.kind() {
        Kind::TooBig => too_large(message),
        _ => matrix_error(message),
    }
}

/// Row and column labels from Python, checked against the shape.
pub fn labels(
    rows: usize,
    cols: usize,
    row_labels: Option<Vec<String>>,
    col_labels: Option<Vec<String>>,
) -> PyResult<Labels> {
    for (what, given, want) in [("row", &row_labels, rows), ("column", &col_labels, cols)] {
        if let Some(l) = given
            && l.len() != want
        {
            return Err(matrix_error(format!(
                "{} {what} labels for {want} {what}s",
                l.len()
            )));
        }
    }
    Ok(Labels {
        rows: row_labels,
        cols: col_labels,
    })
}
