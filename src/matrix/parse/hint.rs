//! Which flag would read a file that fails: a header, row labels, another
//! delimiter, decimal commas.

use std::fmt;

use super::Layout;
use super::records::{Field, Separator};
use crate::matrix::numbers::read;

/// What a cell that is not a number suggests about the file's layout. Its
/// `Display` names the command-line flags; `placer.select` names its keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// The first row has text where the next row has numbers: column labels
    /// (`--header`); with `labels`, the first column is labels too.
    Header {
        /// The next row's first cell is text too: `--labels` as well.
        labels: bool,
    },
    /// The first cell of a row is text and the rest are numbers: row labels
    /// (`--labels`).
    Labels,
    /// The cell holds `delimiter`, which the separator detection did not
    /// pick: the lines are separated by it (`--delimiter`); with
    /// `decimal_comma`, the commas that split them are decimal commas.
    Delimiter {
        /// The character that separates the cells.
        delimiter: char,
        /// Commas are decimal points too (`--decimal ,`).
        decimal_comma: bool,
    },
    /// The cell reads as a number with its comma as the decimal point
    /// (`--decimal ,`).
    DecimalComma,
    /// The cell is `inf` or `-`, which placer does not read: a cell that
    /// cannot be chosen is a hole.
    Hole,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Header { labels: false } => {
                write!(f, "the first row looks like a header: add `--header`")
            }
            Hint::Header { labels: true } => write!(
                f,
                "the first row looks like a header and the first column like labels: add `--header --labels`"
            ),
            Hint::Labels => write!(f, "the first column looks like labels: add `--labels`"),
            Hint::Delimiter {
                delimiter,
                decimal_comma,
            } => {
                write!(
                    f,
                    "the lines hold `{delimiter}`: add `--delimiter '{delimiter}'"
                )?;
                if *decimal_comma {
                    write!(f, " --decimal ,")?;
                }
                write!(f, "`")
            }
            Hint::DecimalComma => write!(f, "the numbers have decimal commas: add `--decimal ,`"),
            Hint::Hole => write!(
                f,
                "a cell that cannot be chosen is a hole: write it as an empty cell or `NA`"
            ),
        }
    }
}

/// Whether every cell of `fields` is a number or a hole.
fn numbers(fields: &[Field<'_>], decimal_comma: bool) -> bool {
    fields
        .iter()
        .all(|f| f.text.is_empty() || read(&f.text, decimal_comma).is_ok())
}

/// The hint for cell `col` (0-based, after the labels) of data row `row`
/// (1-based), `fields` (without the label), which is not a number; `next`
/// gives the next record's fields (with its label) when asked.
pub(super) fn find<'t>(
    layout: Layout,
    sep: Separator,
    row: usize,
    col: usize,
    fields: &[Field<'t>],
    next: impl FnOnce() -> Option<Vec<Field<'t>>>,
) -> Option<Hint> {
    let text = &fields[col].text;
    let dec = layout.decimal_comma;
    if layout.delimiter.is_none()
        && let Some(delimiter) = text.chars().find(|c| matches!(c, ';' | '|'))
    {
        return Some(Hint::Delimiter {
            delimiter,
            decimal_comma: sep == Separator::Char(',') && !dec,
        });
    }
    if !dec && text.contains(',') && read(text, true).is_ok() {
        return Some(Hint::DecimalComma);
    }
    let unsigned = text.trim_start_matches(['-', '+', '\u{2212}']);
    if unsigned.is_empty()
        || unsigned.eq_ignore_ascii_case("inf")
        || unsigned.eq_ignore_ascii_case("infinity")
    {
        return Some(Hint::Hole);
    }
    // a number written another way (`0x10`, `1_000`, `−3`) is no label
    if unsigned.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // the first cell text, the rest numbers
    let labelled = |fields: &[Field<'t>]| fields.len() > 1 && numbers(&fields[1..], dec);
    if col == 0 && !layout.labels && labelled(fields) {
        return Some(Hint::Labels);
    }
    if row == 1
        && !layout.header
        && let Some(next) = next()
    {
        let next = if layout.labels { &next[1..] } else { &next[..] };
        // pandas writes an index column under an empty corner cell
        let corner = !layout.labels && fields[0].text.is_empty();
        if numbers(next, dec) {
            return Some(Hint::Header { labels: corner });
        }
        if !layout.labels && labelled(next) {
            return Some(Hint::Header { labels: true });
        }
    }
    None
}
