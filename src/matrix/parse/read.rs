//! The matrix reader: records of cells to a [`Matrix`], with its labels.

use std::ops::Range;

use super::hint;
use super::pandas::Watch;
use super::records::{Field, Item, MAX_FIELDS, Records, Separator, sniff};
use super::{Labels, Layout, MAX_CELLS, MAX_COLS, MAX_ROWS, Matrix, MatrixError, NumberError};
use crate::matrix::numbers::Numbers;

/// Reads `text` laid out as `layout` says.
pub(super) fn parse(text: &str, layout: Layout) -> Result<Matrix, MatrixError> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let body = &text[bom..];
    let shift = |r: Range<usize>| r.start + bom..r.end + bom;
    let sep = match layout.delimiter {
        Some(c) if !c.is_whitespace() || c == '\t' => Separator::Char(c),
        Some(_) => Separator::Whitespace,
        None => sniff(body, layout.decimal_comma),
    };
    let mut items = Records::new(body, sep);
    let mut header: Option<(Vec<String>, Range<usize>)> = None;
    let mut row_labels: Vec<String> = Vec::new();
    // the first blank line since the last data row, and how many
    let mut blank: Option<(usize, Range<usize>)> = None;
    let mut blanks = 0;
    // the first blank line before the data
    let mut leading: Option<(usize, Range<usize>)> = None;
    let (mut rows, mut cols) = (0, 0);
    let mut cells = Numbers::with_capacity(0);
    let mut integral = true;
    let mut watch: Option<Watch> = None;
    while let Some(item) = items.next() {
        let (line, start, end, mut fields) = match item {
            // blank lines before the first and after the last data row are
            // ignored; one between them is an error, never skipped, except
            // in a one-column matrix, where it is the hole it looks like
            // (and one before its first row, a hole or nothing that would
            // renumber every row, is an error)
            Item::Blank(line, at) => {
                if rows > 0 || header.is_some() {
                    blank.get_or_insert((line, at));
                    blanks += 1;
                } else {
                    leading.get_or_insert((line, at));
                }
                continue;
            }
            Item::Record {
                line,
                start,
                end,
                fields,
            } => (line, start, end, fields),
        };
        let one_column = !layout.labels && fields.len() == 1;
        if let Some((line, at)) = blank.take() {
            if !(one_column && cols == 1) {
                return Err(MatrixError::BlankLine {
                    line,
                    at: shift(at),
                });
            }
            for _ in 0..std::mem::take(&mut blanks) {
                rows += 1;
                if rows > MAX_ROWS {
                    return Err(MatrixError::TooLarge {
                        what: format!("more than {MAX_ROWS} rows"),
                    });
                }
                cells.push_hole();
            }
        }
        match &mut watch {
            None => watch = Some(Watch::first(&fields)),
            Some(watch) => watch.next(&fields),
        }
        if layout.header && header.is_none() {
            let labels = fields.into_iter().map(|f| f.text.into_owned()).collect();
            header = Some((labels, shift(start..end)));
            leading = None; // blank lines above a header are nothing
            continue;
        }
        if let Some((line, at)) = leading.take().filter(|_| one_column) {
            return Err(MatrixError::LeadingBlank {
                line,
                at: shift(at),
            });
        }
        // a record of `MAX_FIELDS` cells may have been cut short
        let cut = fields.len() == MAX_FIELDS;
        if layout.labels {
            row_labels.push(fields.remove(0).text.into_owned());
        }
        rows += 1;
        if fields.len() > MAX_COLS {
            let found = if cut {
                format!("more than {MAX_COLS}")
            } else {
                fields.len().to_string()
            };
            let place = if rows > 1 {
                format!(" in row {rows}")
            } else {
                String::new()
            };
            return Err(MatrixError::TooLarge {
                what: format!("{found} columns{place}"),
            });
        }
        if rows > MAX_ROWS {
            return Err(MatrixError::TooLarge {
                what: format!("more than {MAX_ROWS} rows"),
            });
        }
        if rows == 1 {
            cols = fields.len();
            // about as many rows again as the first one's length fits in the text
            let estimate = body.len() / (end - start + 1).max(1) + 1;
            cells.reserve(estimate.min(MAX_ROWS) * cols);
        } else if fields.len() != cols {
            return Err(MatrixError::Ragged {
                row: rows,
                line,
                found: fields.len(),
                expected: cols,
                at: shift(fields.get(cols).map_or(end..end + 1, |f| f.at.clone())),
            });
        }
        if rows * cols > MAX_CELLS {
            return Err(MatrixError::TooLarge {
                what: format!("more than {MAX_CELLS} cells"),
            });
        }
        for (c, field) in fields.iter().enumerate() {
            match cells.push_text(&field.text, layout.decimal_comma) {
                Ok(integer) => integral &= integer,
                Err(error) => {
                    let hint = if matches!(error, NumberError::NotANumber(_)) {
                        let next = || next_record(&mut items);
                        hint::find(layout, sep, rows, c, &fields, next)
                    } else {
                        None
                    };
                    return Err(MatrixError::BadNumber {
                        row: rows,
                        line,
                        col: c + 1 + usize::from(layout.labels),
                        error,
                        at: shift(field.at.clone()),
                        hint,
                    });
                }
            }
        }
    }
    // no number at all (`""`, a line of commas): nothing to select from
    if rows == 0 || cols == 0 || (0..cells.len()).all(|i| cells.is_hole(i)) {
        return Err(MatrixError::Empty);
    }

    let cols_labels = match header {
        Some((mut h, at)) => {
            if layout.labels && h.len() == cols + 1 {
                h.remove(0); // the corner above the row labels
            }
            if h.len() != cols {
                return Err(MatrixError::Header {
                    found: h.len(),
                    expected: cols,
                    at,
                });
            }
            Some(h)
        }
        None => None,
    };
    let layout_warning = watch.and_then(|w| w.warning(layout, sep, rows, cols));
    Ok(Matrix {
        rows,
        cols,
        numbers: cells,
        integral,
        layout_warning,
        labels: Labels {
            rows: layout.labels.then_some(row_labels),
            cols: cols_labels,
        },
    })
}

/// The fields of the next record, if one follows.
fn next_record<'t>(items: &mut Records<'t>) -> Option<Vec<Field<'t>>> {
    items.find_map(|item| match item {
        Item::Record { fields, .. } => Some(fields),
        Item::Blank(..) => None,
    })
}
