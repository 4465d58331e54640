//! What the propagating search reads from a [`Problem`]: the cells, the units
//! (groups of cells with bounds on their pieces), who attacks whom, and the
//! 2×2 windows whose cells all attack each other. Plain vectors, any board size.

use crate::problem::{Family, Problem};

/// Which family a unit belongs to; units of one family never share a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A group family of the rules (rows, columns, regions, diagonals).
    Group(Family),
    /// The whole board: the piece count.
    Total,
}

/// A set of cells that holds between `min` and `max` pieces.
#[derive(Debug, Clone)]
pub(crate) struct Unit {
    /// Its cells (never holes), increasing.
    pub(crate) cells: Vec<u32>,
    /// At least this many pieces.
    pub(crate) min: u32,
    /// At most this many pieces.
    pub(crate) max: u32,
}

/// The problem in the propagating search's terms.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    /// Board height.
    pub(crate) rows: usize,
    /// Board width.
    pub(crate) cols: usize,
    /// `holes[cell]`: no piece goes there.
    pub(crate) holes: Vec<bool>,
    /// Pre-placed pieces.
    pub(crate) givens: Vec<usize>,
    /// Every unit; the first holds the whole board.
    pub(crate) units: Vec<Unit>,
    /// `cell_units[cell]`: the units holding the cell.
    pub(crate) cell_units: Vec<Vec<u32>>,
    /// `attacks[cell]`: the other cells a piece on `cell` takes away.
    pub(crate) attacks: Vec<Vec<u32>>,
    /// `window[r * cols + c]`: the 2×2 window with top-left (r, c) lies on the
    /// board and its four cells attack each other, so it holds at most one piece.
    pub(crate) window: Vec<bool>,
    /// The families present, each as the range of its units.
    pub(crate) families: Vec<(Kind, std::ops::Range<usize>)>,
    /// `family_unit[f][cell]`: the unit of family `f` holding the cell, or
    /// [`NONE`] (a hole, or a cell no unit of the family holds).
    pub(crate) family_unit: Vec<Vec<u32>>,
}

/// The unit holding the whole board (the piece count): the first.
pub(crate) const TOTAL: usize = 0;

/// No unit: an entry of [`Model::family_unit`].
pub(crate) const NONE: u32 = u32::MAX;

impl Model {
    /// The model of `problem`. Rows (columns) become units of at most one
    /// piece when the piece attacks along them, exactly one when it places
    /// one per row (column).
    pub(crate) fn new(problem: &Problem) -> Model {
        let (rows, cols) = (problem.rows, problem.cols);
        let cells = problem.cells();
        let count = clamp(problem.piece.count);
        let board: Vec<u32> = (0..cells as u32)
            .filter(|&c| !problem.holes[c as usize])
            .collect();
        let mut units = vec![Unit {
            cells: board,
            min: count,
            max: count,
        }];
        let mut families = vec![(Kind::Total, 0..1)];
        let mut bounds: Vec<(Family, u32, u32)> = problem
            .groups
            .iter()
            .map(|g| (g.family, clamp(g.min), clamp(g.max)))
            .collect();
        let lines = problem.piece.lines;
        for (on, family, n) in [
            (lines.row, Family::Row, rows),
            (lines.column, Family::Column, cols),
        ] {
            if on {
                let min = u32::from(problem.piece.count == n);
                bounds.push((family, min, 1));
            }
        }
        for (family, min, max) in bounds {
            let first = units.len();
            let n = problem.group_count(family);
            units.extend((0..n).map(|_| Unit {
                cells: Vec::new(),
                min,
                max,
            }));
            for cell in (0..cells).filter(|&c| !problem.holes[c]) {
                if let Some(k) = problem.group_of(family, cell) {
                    units[first + k].cells.push(cell as u32);
                }
            }
            families.push((Kind::Group(family), first..units.len()));
        }
        let mut cell_units = vec![Vec::new(); cells];
        for (u, unit) in units.iter().enumerate() {
            for &c in &unit.cells {
                cell_units[c as usize].push(u as u32);
            }
        }
        let attacks = (0..cells)
            .map(|cell| {
                let mut a: Vec<u32> = problem
                    .attacked_cells(cell)
                    .into_iter()
                    .map(|(r, c)| problem.cell(r, c))
                    .filter(|&c| c != cell && !problem.holes[c])
                    .map(|c| c as u32)
                    .collect();
                a.sort_unstable();
                a.dedup();
                a
            })
            .collect();
        let family_unit = families
            .iter()
            .map(|(_, range)| {
                let mut of = vec![NONE; cells];
                for u in range.clone() {
                    for &c in &units[u].cells {
                        of[c as usize] = u as u32;
                    }
                }
                of
            })
            .collect();
        let mut model = Model {
            rows,
            cols,
            holes: problem.holes.clone(),
            givens: problem.givens.clone(),
            units,
            cell_units,
            attacks,
            window: Vec::new(),
            families,
            family_unit,
        };
        model.window = (0..cells).map(|c| model.is_window(c)).collect();
        model
    }

    /// Whether the 2×2 window with top-left `cell` is on the board and a clique.
    fn is_window(&self, cell: usize) -> bool {
        let (r, c) = (cell / self.cols, cell % self.cols);
        if r + 1 >= self.rows || c + 1 >= self.cols {
            return false;
        }
        let w = [cell, cell + 1, cell + self.cols, cell + self.cols + 1];
        w.iter().enumerate().all(|(i, &a)| {
            w[i + 1..]
                .iter()
                .all(|b| self.attacks[a].binary_search(&(*b as u32)).is_ok())
        })
    }

    /// Number of cells.
    pub(crate) fn cells(&self) -> usize {
        self.rows * self.cols
    }
}

fn clamp(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}
