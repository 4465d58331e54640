//! Hints as people read them: a step as a text board or an SVG picture, and
//! as one JSON line (`{"technique", "place", "exclude", "reason"}`, 1-based
//! cells), the format of `placer hint` and `placer solve --explain`.
//!
//! The text board shows each open cell by its region's label, a piece by its
//! symbol and an empty cell as `-`; the cells the step changes are in
//! brackets, `[*]` or `[-]`, and the cells its reason is about in
//! parentheses.

use std::fmt::Write as _;

use serde::Serialize;

use crate::logic::{Board, Mark, Step};
use crate::search::Solution;

/// One step as a JSON line.
#[derive(Debug, Serialize)]
pub struct StepLine<'a> {
    /// The technique's name.
    pub technique: &'static str,
    /// Cells that get a piece, `[row, col]`, 1-based.
    pub place: Vec<[usize; 2]>,
    /// Cells that get no piece, `[row, col]`, 1-based.
    pub exclude: Vec<[usize; 2]>,
    /// Why.
    pub reason: &'a str,
}

impl<'a> StepLine<'a> {
    /// The line of `step` on `board`'s problem.
    pub fn new(board: &Board, step: &'a Step) -> Self {
        let cells = |cs: &[usize]| {
            cs.iter()
                .map(|&c| {
                    let (r, c) = board.problem.coords(c);
                    [r + 1, c + 1]
                })
                .collect()
        };
        StepLine {
            technique: step.technique.name(),
            place: cells(&step.place),
            exclude: cells(&step.exclude),
            reason: &step.reason,
        }
    }
}

/// The board after `step` (or as it is, for `None`) as text, one line per row.
pub fn text_board(board: &Board, step: Option<&Step>) -> String {
    let p = board.problem;
    let label = |cell: usize| {
        let regions = p.regions.as_ref();
        regions
            .and_then(|r| r.of_cell[cell].map(|i| r.names[i].clone()))
            .unwrap_or_else(|| "?".into())
    };
    let width = (0..p.cells()).map(|c| label(c).len()).max().unwrap_or(1);
    let changed = |c: usize| step.is_some_and(|s| s.place.contains(&c) || s.exclude.contains(&c));
    let focus = |c: usize| step.is_some_and(|s| s.focus.contains(&c));
    let mut out = String::new();
    for r in 0..p.rows {
        let mut line = String::new();
        for col in 0..p.cols {
            let cell = p.cell(r, col);
            let body = match board.marks[cell] {
                Mark::Piece => p.piece.symbol.to_string(),
                Mark::Empty => "-".into(),
                Mark::Open => label(cell),
            };
            let (open, close) = if changed(cell) {
                ('[', ']')
            } else if focus(cell) {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            let _ = write!(line, "{open}{body:^width$}{close}");
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

/// Pixels per cell and margin, as in [`super::svg`].
const SIZE: usize = 40;
const MARGIN: usize = 4;

/// The board after `step` as an SVG document: the puzzle picture of
/// [`super::svg_document`] with its pieces, a grey cross on each empty cell,
/// a red cross on each cell the step empties, a green ring round each piece
/// it places (`class="placed"`, `data-row`/`data-col` 1-based) and a dashed
/// outline round the cells its reason is about.
pub fn svg(board: &Board, step: Option<&Step>) -> String {
    let p = board.problem;
    let pieces = board
        .cells_marked(Mark::Piece)
        .into_iter()
        .map(|c| p.coords(c))
        .collect();
    let mut doc = super::svg_document(p, None, &Solution { cells: pieces });
    let corner = |cell: usize| {
        let (r, c) = p.coords(cell);
        (MARGIN + c * SIZE, MARGIN + r * SIZE)
    };
    let mut overlay = String::new();
    let cross = |out: &mut String, cell: usize, class: &str, colour: &str| {
        let (x, y) = corner(cell);
        let (a, b) = (SIZE / 4, 3 * SIZE / 4);
        let _ = writeln!(
            out,
            r#"<path class="{class}" d="M{} {}L{} {}M{} {}L{} {}" stroke="{colour}" stroke-width="3"/>"#,
            x + a,
            y + a,
            x + b,
            y + b,
            x + b,
            y + a,
            x + a,
            y + b
        );
    };
    let just_emptied = |c: usize| step.is_some_and(|s| s.exclude.contains(&c));
    for cell in board.cells_marked(Mark::Empty) {
        if p.holes[cell] {
            continue;
        }
        if just_emptied(cell) {
            cross(&mut overlay, cell, "excluded", "#dc2626");
        } else {
            cross(&mut overlay, cell, "empty", "#9ca3af");
        }
    }
    if let Some(s) = step {
        for &cell in &s.focus {
            let (x, y) = corner(cell);
            let _ = writeln!(
                overlay,
                r##"<rect class="focus" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#2563eb" stroke-width="2" stroke-dasharray="4 3"/>"##,
                x + 2,
                y + 2,
                SIZE - 4,
                SIZE - 4
            );
        }
        for &cell in &s.place {
            let (x, y) = corner(cell);
            let (r, c) = p.coords(cell);
            let _ = writeln!(
                overlay,
                r##"<circle class="placed" data-row="{}" data-col="{}" cx="{}" cy="{}" r="18" fill="none" stroke="#16a34a" stroke-width="3"/>"##,
                r + 1,
                c + 1,
                x + SIZE / 2,
                y + SIZE / 2
            );
        }
    }
    let end = doc.rfind("</svg>").unwrap_or(doc.len());
    doc.insert_str(end, &overlay);
    doc
}
