//! The `svg` format: a standalone SVG picture of each solution, written one
//! document per line (the picture has no newlines inside), so a stream of
//! solutions stays line-oriented. [`svg_document`] gives the same picture
//! over several lines, for a file such as `solution-0001.svg`.
//!
//! The picture: a 40-pixel grid (48 on a matrix board); regions filled from a
//! fixed palette of 16 light colours (region `i` takes colour `i mod 16`) and
//! bounded by thick lines; holes dark grey; each piece a dark disc with the
//! piece symbol in white, and a given piece the same disc inside a ring.
//!
//! A matrix board shows its values small in the top-left corner of their
//! cells, fills the chosen cells (`class="cell chosen"`), writes the file's
//! row and column labels beside the grid (`class="label"`) and the sum of
//! the chosen values under it (`class="sum"`).
//!
//! For scripts and tests every piece is one element
//! `<g class="piece" data-row="R" data-col="C">` (`class="piece given"` for
//! givens), with 1-based row and column.

use std::fmt::Write as _;

use super::{OutputError, Render, check_values, occupied};
use crate::matrix::Value;
use crate::problem::Problem;
use crate::search::Solution;

/// The light region colours, in order.
pub const PALETTE: [&str; 16] = [
    "#fde68a", "#bfdbfe", "#bbf7d0", "#fecaca", "#ddd6fe", "#fed7aa", "#a5f3fc", "#fbcfe8",
    "#d9f99d", "#e5e7eb", "#c7d2fe", "#99f6e4", "#fef08a", "#f5d0fe", "#bae6fd", "#fecdd3",
];
const HOLE: &str = "#374151";
const INK: &str = "#1f2937";
const GRID: &str = "#9ca3af";
const MARGIN: usize = 4;

/// Renders the `svg` format, one document per line; see the [module docs](self).
#[derive(Debug, Clone)]
pub struct Svg<'a> {
    problem: &'a Problem,
    values: Option<&'a [Option<Value>]>,
}

impl<'a> Svg<'a> {
    /// The SVG renderer for `problem`, with the matrix `values` if any.
    pub fn new(
        problem: &'a Problem,
        values: Option<&'a [Option<Value>]>,
    ) -> Result<Self, OutputError> {
        check_values(problem, values)?;
        Ok(Svg { problem, values })
    }
}

impl Render for Svg<'_> {
    fn render(
        &mut self,
        _index: u64,
        solution: &Solution,
        buf: &mut String,
    ) -> Result<(), OutputError> {
        draw(self.problem, self.values, solution, "", buf);
        buf.push('\n');
        Ok(())
    }
}

/// One solution as a standalone SVG document, one element per line, ending
/// in a newline. `values` are a matrix board's cell values, row-major; a
/// missing value is not drawn.
pub fn svg_document(
    problem: &Problem,
    values: Option<&[Option<Value>]>,
    solution: &Solution,
) -> String {
    let mut buf = String::new();
    draw(problem, values, solution, "\n", &mut buf);
    buf.push('\n');
    buf
}

/// Escapes text for XML content and attribute values; control
/// characters, which XML forbids, show as their pictures (`visible`).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in super::visible(text).chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

/// Where the cells sit: each `size` pixels square, after a margin and the
/// room the labels take on the left and on top.
#[derive(Clone, Copy)]
struct Frame {
    size: usize,
    left: usize,
    top: usize,
}

impl Frame {
    fn x(self, c: usize) -> usize {
        MARGIN + self.left + c * self.size
    }

    fn y(self, r: usize) -> usize {
        MARGIN + self.top + r * self.size
    }
}

/// Label text size, and the width one character of it takes at most.
const LABEL_FONT: usize = 12;
const LABEL_CHAR: usize = 8;
/// The height of the line the sum is written on.
const SUM_LINE: usize = 22;
/// The fill of a chosen cell on a matrix board.
const CHOSEN: &str = "#fde68a";

/// Draws the picture into `buf`, elements separated by `sep`, no final newline.
fn draw(
    p: &Problem,
    values: Option<&[Option<Value>]>,
    solution: &Solution,
    sep: &str,
    buf: &mut String,
) {
    let labels = values.map(|_| p.labels());
    let row_labels = labels.and_then(|l| l.rows.as_deref());
    let col_labels = labels.and_then(|l| l.cols.as_deref());
    let widest = |l: &[String]| l.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    // cells widen (to a point) so that column labels do not run together
    let size = match (values, col_labels) {
        (None, _) => 40,
        (Some(_), None) => 48,
        (Some(_), Some(l)) => (widest(l) * LABEL_CHAR + 8).clamp(48, 128),
    };
    let f = Frame {
        size,
        left: row_labels.map_or(0, |l| widest(l) * LABEL_CHAR + 8),
        top: if col_labels.is_some() { 20 } else { 0 },
    };
    let sum_line = if values.is_some() { SUM_LINE } else { 0 };
    let w = f.x(p.cols) + MARGIN;
    let h = f.y(p.rows) + MARGIN + sum_line;
    // Writing to a String cannot fail.
    let _ = write!(
        buf,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = write!(buf, "{sep}<title>{}</title>", escape(&p.name));
    let _ = write!(
        buf,
        r##"{sep}<rect width="{w}" height="{h}" fill="#ffffff"/>"##
    );
    draw_cells(p, f, sep, buf);
    draw_region_borders(p, f, sep, buf);
    let _ = write!(
        buf,
        r#"{sep}<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{INK}" stroke-width="3"/>"#,
        f.x(0),
        f.y(0),
        p.cols * f.size,
        p.rows * f.size
    );
    if let Some(values) = values {
        draw_chosen(p, solution, f, sep, buf);
        draw_values(p, values, f, sep, buf);
        draw_labels(row_labels, col_labels, f, sep, buf);
        let sum = super::exact_sum(p.cols, values, solution.cells.iter().copied())
            .map_or_else(|| "-".to_string(), |s| s.to_string());
        let _ = write!(
            buf,
            r#"{sep}<text class="sum" x="{}" y="{}" font-size="14" fill="{INK}">sum {}</text>"#,
            f.x(0),
            f.y(p.rows) + 17,
            escape(&sum)
        );
    }
    draw_pieces(p, values.is_some(), solution, f, sep, buf);
    let _ = write!(buf, "{sep}</svg>");
}

/// The region a cell belongs to, if any.
fn region(p: &Problem, cell: usize) -> Option<usize> {
    p.regions.as_ref().and_then(|r| r.of_cell[cell])
}

/// One square per cell: holes grey, regions coloured.
fn draw_cells(p: &Problem, f: Frame, sep: &str, buf: &mut String) {
    let size = f.size;
    for r in 0..p.rows {
        for c in 0..p.cols {
            let cell = p.cell(r, c);
            let (class, fill) = if p.holes[cell] {
                ("hole", HOLE)
            } else if let Some(i) = region(p, cell) {
                ("cell", PALETTE[i % PALETTE.len()])
            } else {
                ("cell", "#ffffff")
            };
            let _ = write!(
                buf,
                r#"{sep}<rect class="{class}" x="{}" y="{}" width="{size}" height="{size}" fill="{fill}" stroke="{GRID}" stroke-width="1"/>"#,
                f.x(c),
                f.y(r)
            );
        }
    }
}

/// One thick path along every edge between two regions.
fn draw_region_borders(p: &Problem, f: Frame, sep: &str, buf: &mut String) {
    if p.regions.is_none() {
        return;
    }
    let size = f.size;
    let mut d = String::new();
    for r in 0..p.rows {
        for c in 0..p.cols {
            let cell = p.cell(r, c);
            if c + 1 < p.cols && region(p, cell) != region(p, cell + 1) {
                let _ = write!(d, "M{} {}v{size}", f.x(c + 1), f.y(r));
            }
            if r + 1 < p.rows && region(p, cell) != region(p, cell + p.cols) {
                let _ = write!(d, "M{} {}h{size}", f.x(c), f.y(r + 1));
            }
        }
    }
    if !d.is_empty() {
        let _ = write!(
            buf,
            r#"{sep}<path class="regions" d="{d}" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="square"/>"#
        );
    }
}

/// A matrix board's chosen cells, filled over the cell colour.
fn draw_chosen(p: &Problem, solution: &Solution, f: Frame, sep: &str, buf: &mut String) {
    let size = f.size;
    for &(r, c) in &solution.cells {
        if r < p.rows && c < p.cols {
            let _ = write!(
                buf,
                r#"{sep}<rect class="cell chosen" x="{}" y="{}" width="{size}" height="{size}" fill="{CHOSEN}" stroke="{INK}" stroke-width="2"/>"#,
                f.x(c),
                f.y(r)
            );
        }
    }
}

/// A matrix file's row labels left of the grid and column labels above it.
fn draw_labels(
    rows: Option<&[String]>,
    cols: Option<&[String]>,
    f: Frame,
    sep: &str,
    buf: &mut String,
) {
    for (r, label) in rows.into_iter().flatten().enumerate() {
        let _ = write!(
            buf,
            r#"{sep}<text class="label" x="{}" y="{}" font-size="{LABEL_FONT}" text-anchor="end" fill="{INK}">{}</text>"#,
            f.x(0) - 6,
            f.y(r) + f.size / 2 + 4,
            escape(label)
        );
    }
    for (c, label) in cols.into_iter().flatten().enumerate() {
        let _ = write!(
            buf,
            r#"{sep}<text class="label" x="{}" y="{}" font-size="{LABEL_FONT}" text-anchor="middle" fill="{INK}">{}</text>"#,
            f.x(c) + f.size / 2,
            f.y(0) - 6,
            escape(label)
        );
    }
}

/// A matrix board's values, small, in each cell's corner.
fn draw_values(p: &Problem, values: &[Option<Value>], f: Frame, sep: &str, buf: &mut String) {
    for r in 0..p.rows {
        for c in 0..p.cols {
            let cell = p.cell(r, c);
            let value = values.get(cell).cloned().flatten();
            if let Some(v) = value.filter(|_| !p.holes[cell]) {
                let _ = write!(
                    buf,
                    r##"{sep}<text class="value" x="{}" y="{}" font-size="10" fill="#374151">{}</text>"##,
                    f.x(c) + 3,
                    f.y(r) + 12,
                    escape(&v.text)
                );
            }
        }
    }
}

/// A disc with the piece's symbol on each of the solution's cells, ringed
/// on givens.
fn draw_pieces(
    p: &Problem,
    with_values: bool,
    solution: &Solution,
    f: Frame,
    sep: &str,
    buf: &mut String,
) {
    let on = occupied(p, solution);
    let symbol = escape(&p.piece.symbol.to_string());
    // Disc and ring radius, font size, and the text baseline below the centre.
    let (disc, ring, font, drop) = if with_values {
        (12, 16, 14, 5)
    } else {
        (13, 17, 16, 6)
    };
    for (r, c) in (0..p.rows).flat_map(|r| (0..p.cols).map(move |c| (r, c))) {
        let cell = p.cell(r, c);
        if !on[cell] {
            continue;
        }
        let given = p.givens.binary_search(&cell).is_ok();
        let cx = f.x(c) + f.size / 2;
        let cy = f.y(r) + f.size / 2 + if with_values { 4 } else { 0 };
        let _ = write!(
            buf,
            r#"{sep}<g class="piece{}" data-row="{}" data-col="{}">"#,
            if given { " given" } else { "" },
            r + 1,
            c + 1
        );
        if given {
            let _ = write!(
                buf,
                r#"<circle cx="{cx}" cy="{cy}" r="{ring}" fill="none" stroke="{INK}" stroke-width="2"/>"#
            );
        }
        let _ = write!(
            buf,
            r##"<circle cx="{cx}" cy="{cy}" r="{disc}" fill="{INK}"/><text x="{cx}" y="{}" font-size="{font}" font-weight="bold" text-anchor="middle" fill="#ffffff">{symbol}</text></g>"##,
            cy + drop
        );
    }
}
