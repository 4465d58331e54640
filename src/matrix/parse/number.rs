//! Numbers of a matrix: the decimal syntax, and [`Value`], a number with the
//! text it was written as.

use std::fmt;

use super::error::{NumberError, quote};

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

/// Whether `text` is one of the usual spellings of a missing value, read
/// as a hole: `nan` (as `np.savetxt` writes it), `NaN`, `NA` (R, pandas'
/// `na_rep`), `N/A`, `#N/A` (spreadsheets), `<NA>`, `null`, `None`.
pub fn is_missing(text: &str) -> bool {
    matches!(
        text,
        "nan"
            | "NaN"
            | "NAN"
            | "-nan"
            | "-NaN"
            | "NA"
            | "N/A"
            | "n/a"
            | "#N/A"
            | "<NA>"
            | "null"
            | "NULL"
            | "None"
    )
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
