//! Noticing labels read as numbers: the column names and index pandas
//! writes (`df.to_csv()`: `0, 1, 2, …` under or beside an empty corner
//! cell), integer labels counting up (`1, 2, 3`, ids `101, 102`) around an
//! empty corner, an empty header cell over a column. Such a file is a valid
//! matrix, so this is a warning, never an error, and the file is read as
//! the flags say.

use std::fmt;

use super::Layout;
use super::records::{Field, Separator};

/// The first row or column of a matrix that read as numbers looks like
/// labels: pandas' default column names (`0,1,2`, or `,0,1,2` over an
/// index), its index (`0, 1, 2, …` under an empty corner cell), integers
/// counting up around an empty corner cell, an empty header cell over a
/// column. Its `Display` names the command-line flags that read them as
/// labels; see [`Matrix::layout_warning`](super::Matrix::layout_warning).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayoutWarning {
    /// The first row looks like column names (`--header` reads it so).
    pub header: bool,
    /// The first column looks like an index (`--labels` reads it so).
    pub labels: bool,
    /// Every line is two integers split by a comma, some with a leading
    /// zero after it (`2,05`), as a column of numbers with decimal commas is
    /// written (`--decimal ,` reads it so).
    pub decimal_comma: bool,
    /// The rows of the matrix as read.
    pub rows: usize,
    /// The columns of the matrix as read.
    pub cols: usize,
    /// What gave the labels away.
    signal: Signal,
}

/// What made the first row or column look like labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Signal {
    /// pandas' default names: `0, 1, 2, …`.
    Pandas,
    /// A first row of integers counting up (`1, 2, 3`; `0, 1` over
    /// numbers with decimals).
    Counting,
    /// An empty top-left cell with a first row and a first column of
    /// integers counting up, or full around the matrix's only hole.
    Corner,
    /// The header's cell (1-based) is empty over a column of data: a
    /// second index column, as pandas writes a MultiIndex.
    Blank(usize),
    /// Every line is `digits,digits`, some second one with a leading zero
    /// (`2,05`), the comma guessed as the separator.
    Pairs,
    /// Every line ends with this separator: the last column (1-based) is
    /// all holes.
    Trailing(char, usize),
}

impl LayoutWarning {
    /// What was read, without the fix: `the first row looks like …, but it
    /// was read as numbers (a 4×3 matrix)`.
    pub fn what(&self) -> String {
        let (rows, cols) = (self.rows, self.cols);
        let what = match (self.signal, self.header, self.labels) {
            (Signal::Pandas, true, true) => {
                "the first row looks like the column names pandas writes and the first column like its index (an empty corner cell, then 0, 1, 2, …), but both were read as numbers".into()
            }
            (Signal::Pandas, true, false) => {
                "the first row looks like the column names pandas writes (0, 1, 2, …), but it was read as numbers".into()
            }
            (Signal::Pandas, ..) => {
                "the first column looks like the index pandas writes (0, 1, 2, … under an empty corner cell), but it was read as numbers".into()
            }
            (Signal::Counting, ..) => {
                "the first row looks like column names (integers counting up from 0 or 1, over the data), but it was read as numbers".into()
            }
            (Signal::Corner, true, true) => {
                "the top-left cell is empty, as over row and column labels, and the first row and column look like labels (integers counting up, or full around the only hole), but both were read as numbers".into()
            }
            (Signal::Corner, true, false) => {
                "the first row starts with an empty cell, as a header over row labels does, but it was read as numbers".into()
            }
            (Signal::Corner, ..) => {
                "the header's first cell is empty, as over a column of row labels (pandas' index), but that column was read as numbers".into()
            }
            (Signal::Blank(cell), ..) => format!(
                "cell {cell} of the header is empty, as pandas writes over a second index column (a MultiIndex), but the column under it was read as numbers"
            ),
            (Signal::Pairs, ..) => {
                "every line is two integers split by a comma, some with a leading zero after it (`2,05`), read as two columns; a column of numbers with decimal commas (`sep=';', decimal=','`) is written so".into()
            }
            (Signal::Trailing(sep, col), ..) => format!(
                "every line ends with `{sep}`, so column {col} is nothing but holes"
            ),
        };
        format!("{what} (a {rows}×{cols} matrix)")
    }
}

impl fmt::Display for LayoutWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flags = match (self.header, self.labels, self.signal) {
            (_, _, Signal::Pairs) => {
                return write!(
                    f,
                    "{}: if the commas are decimal commas, add `--decimal ,`",
                    self.what()
                );
            }
            (_, _, Signal::Trailing(..)) => {
                return write!(f, "{}: remove the trailing separators", self.what());
            }
            (true, true, _) => "--header --labels",
            (true, false, _) => "--header",
            (false, true, _) => "--labels",
            (false, false, _) => {
                return write!(
                    f,
                    "{}: placer reads one column of row labels; drop that column or join the index levels into one",
                    self.what()
                );
            }
        };
        let them = if self.header && self.labels {
            "them"
        } else {
            "it"
        };
        write!(f, "{}: add `{flags}` to read {them} as labels", self.what())
    }
}

/// Whether `text` is the plain decimal of `i`, as pandas writes an index.
fn is_index(text: &str, i: usize) -> bool {
    let plain = text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    plain && text.len() <= 20 && text.parse::<usize>() == Ok(i)
}

/// Whether `fields` are `0, 1, …, len − 1`.
fn sequence(fields: &[Field<'_>]) -> bool {
    fields.iter().enumerate().all(|(i, f)| is_index(&f.text, i))
}

/// The integer a cell is written as (`-3`, `101`; not `1.0`), if it is one.
fn integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let plain =
        !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

/// The integers of `fields`, if every one is an integer.
fn integers(fields: &[Field<'_>]) -> Option<Vec<i64>> {
    fields.iter().map(|f| integer(&f.text)).collect()
}

/// Whether `fields` are two integers written as plain digits (`1,5`).
fn pair(fields: &[Field<'_>]) -> bool {
    let digits = |f: &Field<'_>| !f.text.is_empty() && f.text.bytes().all(|b| b.is_ascii_digit());
    fields.len() == 2 && fields.iter().all(digits)
}

/// Whether `fields` end with a leading zero (`2,05`): a fraction's digits,
/// as no integer is written.
fn fraction(fields: &[Field<'_>]) -> bool {
    fields
        .last()
        .is_some_and(|f| f.text.len() >= 2 && f.text.starts_with('0'))
}

/// Whether `values` (two or more) count up strictly.
fn rising(values: &[i64]) -> bool {
    values.len() >= 2 && values.windows(2).all(|w| w[0] < w[1])
}

/// What the records of a file say about labels read as numbers, watched as
/// they are read (all of them, as written: header and labels included).
pub(super) struct Watch {
    /// The first record starts with an empty cell.
    corner: bool,
    /// The first record (after the corner) is `0, 1, …`.
    header: bool,
    /// The first record's integers (after the corner), if all are.
    first: Option<Vec<i64>>,
    /// The 1-based place of the first empty cell of the first record after
    /// its first cell.
    blank: Option<usize>,
    /// The later records start `0`, `1`, `2`, … in turn.
    index: bool,
    /// The later records start with integers counting up.
    rising: bool,
    /// The last first cell of a later record, while `rising`.
    last: Option<i64>,
    /// A later record is a reordering of the first (then that is data).
    permuted: bool,
    /// The second record goes on counting from the first (`0,1,2` then
    /// `3,4,5`: `np.arange`, data).
    counts_on: bool,
    /// A later cell is written with a point or an exponent.
    decimals: bool,
    /// The empty cells of the later records.
    holes: usize,
    /// A later record starts with an empty cell.
    column_hole: bool,
    /// Every record is two integers (`1,5`).
    pairs: bool,
    /// A record's second integer has a leading zero (`2,05`).
    fraction: bool,
    /// Every record ends with an empty cell (and has two or more).
    trailing: bool,
    /// The records after the first.
    later: usize,
}

impl Watch {
    /// The watch after the first record.
    pub fn first(fields: &[Field<'_>]) -> Watch {
        let corner = fields.len() >= 2 && fields[0].text.is_empty();
        let rest = &fields[usize::from(corner)..];
        let blank = fields
            .iter()
            .skip(1)
            .position(|f| f.text.is_empty())
            .map(|i| i + 2);
        Watch {
            corner,
            header: sequence(rest),
            first: integers(rest),
            blank,
            index: corner,
            rising: corner,
            last: None,
            permuted: false,
            counts_on: false,
            decimals: false,
            holes: 0,
            column_hole: false,
            pairs: pair(fields),
            fraction: fraction(fields),
            trailing: fields.len() >= 2 && fields.last().is_some_and(|f| f.text.is_empty()),
            later: 0,
        }
    }

    /// Takes a record after the first.
    pub fn next(&mut self, fields: &[Field<'_>]) {
        let head = fields.first().map_or("", |f| f.text.as_ref());
        self.pairs &= pair(fields);
        self.fraction |= fraction(fields);
        self.trailing &= fields.last().is_some_and(|f| f.text.is_empty());
        if self.index {
            self.index = is_index(head, self.later);
        }
        if self.rising {
            let value = integer(head);
            self.rising = value.is_some_and(|v| self.last.is_none_or(|last| last < v));
            self.last = value;
        }
        self.column_hole |= head.is_empty();
        self.holes += fields.iter().filter(|f| f.text.is_empty()).count();
        self.decimals |= fields
            .iter()
            .any(|f| f.text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')));
        if !self.corner
            && let Some(first) = &self.first
            && let Some(values) = integers(fields)
        {
            let width = first.len() as i64;
            if self.later == 0 && values.len() == first.len() {
                self.counts_on = values.iter().zip(first).all(|(v, f)| *v == f + width);
            }
            let (mut a, mut b) = (first.clone(), values);
            a.sort_unstable();
            b.sort_unstable();
            self.permuted |= a == b;
        }
        self.later += 1;
    }

    /// The warning for a `rows × cols` matrix read with `layout`, cells
    /// split at `sep`, if the records looked like labels that `layout` did
    /// not take, like one column of decimal commas, or ended with a
    /// separator.
    pub fn warning(
        &self,
        layout: Layout,
        sep: Separator,
        rows: usize,
        cols: usize,
    ) -> Option<LayoutWarning> {
        let plain = |signal, decimal_comma| LayoutWarning {
            header: false,
            labels: false,
            decimal_comma,
            rows,
            cols,
            signal,
        };
        if let (true, Separator::Char(c)) = (self.trailing, sep) {
            return Some(plain(Signal::Trailing(c, cols), false));
        }
        let guessed_comma = layout.delimiter.is_none() && sep == Separator::Char(',');
        if self.pairs && self.fraction && guessed_comma && !layout.header && !layout.labels {
            return Some(plain(Signal::Pairs, true));
        }
        if self.later == 0 {
            return None;
        }
        let warn = |header: bool, labels: bool, signal| {
            let w = LayoutWarning {
                header: header && !layout.header,
                labels: labels && !layout.labels,
                decimal_comma: false,
                rows,
                cols,
                signal,
            };
            (w.header || w.labels).then_some(w)
        };
        // an empty header cell over data: one index column too many
        if layout.header
            && let Some(cell) = self.blank
        {
            return Some(plain(Signal::Blank(cell), false));
        }
        if self.corner {
            let counting = self.first.as_deref().is_some_and(rising);
            let column = self.rising && self.later >= 2;
            let lone = self.blank.is_none() && !self.column_hole && self.holes == 0;
            return if self.header || (self.index && self.later >= 2) {
                warn(true, true, Signal::Pandas)
            } else if (counting && column) || lone || layout.header {
                warn(true, true, Signal::Corner)
            } else {
                None
            };
        }
        let first = self.first.as_deref()?;
        let from_one = first.iter().zip(1..).all(|(v, i)| *v == i);
        let long = first.len() >= 3 || (first.len() == 2 && self.decimals);
        if !long || self.permuted || self.counts_on {
            return None;
        }
        if self.header {
            warn(true, false, Signal::Pandas)
        } else if from_one {
            warn(true, false, Signal::Counting)
        } else {
            None
        }
    }
}
