//! The rules as the frontier DP sees them, read from the [`Problem`] (its
//! meaning, not any plan): every line family and every group family becomes
//! one family of counted instances with a minimum and a maximum (a line is an
//! instance that holds at most one piece), and the leaps become a neighbour
//! relation between cells. Holes are left out; givens are cells that must be
//! taken.

use crate::problem::{Family, Problem};

/// One counted group of cells: a row, a column, a diagonal or a region of one
/// constrained family, with its bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Instance {
    /// The free cells (not holes) of the group, in increasing order.
    pub cells: Vec<usize>,
    /// At least this many pieces.
    pub min: usize,
    /// At most this many pieces (`usize::MAX`: no bound).
    pub max: usize,
    /// Which family (an index into the constrained families).
    pub family: usize,
}

/// The rules of one problem in counting terms.
#[derive(Debug, Clone)]
pub(super) struct Rules {
    /// Board height and width.
    pub rows: usize,
    /// Board width.
    pub cols: usize,
    /// `free[cell]`: the cell may hold a piece (not a hole).
    pub free: Vec<bool>,
    /// `forced[cell]`: a given piece stands there.
    pub forced: Vec<bool>,
    /// The instances that constrain something.
    pub instances: Vec<Instance>,
    /// `of_cell[cell]`: the instances holding the cell.
    pub of_cell: Vec<Vec<usize>>,
    /// `leaps[cell]`: the free cells a piece on `cell` attacks by a leap.
    pub leaps: Vec<Vec<usize>>,
    /// Number of constrained families.
    pub families: usize,
    /// Whether some instance needs more pieces than its free cells hold.
    pub starved: bool,
}

impl Rules {
    /// Reads the counting rules off a problem.
    pub fn of(p: &Problem) -> Rules {
        let cells = p.cells();
        let free: Vec<bool> = p.holes.iter().map(|h| !h).collect();
        let mut forced = vec![false; cells];
        for &g in &p.givens {
            forced[g] = true;
        }
        let mut rules = Rules {
            rows: p.rows,
            cols: p.cols,
            leaps: (0..cells)
                .map(|c| {
                    if free[c] {
                        leap_targets(p, c, &free)
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
            free,
            forced,
            instances: Vec::new(),
            of_cell: vec![Vec::new(); cells],
            families: 0,
            starved: false,
        };
        for (family, min, max) in families(p) {
            rules.add_family(p, family, min, max);
        }
        rules
    }

    fn add_family(&mut self, p: &Problem, family: Family, min: usize, max: usize) {
        let groups = p.group_count(family);
        let mut cells = vec![Vec::new(); groups];
        for cell in (0..p.cells()).filter(|&c| self.free[c]) {
            if let Some(g) = p.group_of(family, cell) {
                cells[g].push(cell);
            }
        }
        let index = self.families;
        self.families += 1;
        for cells in cells {
            if cells.len() < min {
                self.starved = true;
            }
            // An instance that can neither be short nor over-full constrains nothing.
            if min == 0 && cells.len() <= max {
                continue;
            }
            let id = self.instances.len();
            for &c in &cells {
                self.of_cell[c].push(id);
            }
            self.instances.push(Instance {
                cells,
                min,
                max,
                family: index,
            });
        }
    }
}

/// The constrained families, each once: a line is "at most one"; a group of
/// the same family narrows the bounds.
fn families(p: &Problem) -> Vec<(Family, usize, usize)> {
    let l = p.piece.lines;
    let mut out: Vec<(Family, usize, usize)> = [
        (l.row, Family::Row),
        (l.column, Family::Column),
        (l.diagonal, Family::Diagonal),
        (l.anti_diagonal, Family::AntiDiagonal),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, f)| (f, 0, 1))
    .collect();
    for g in &p.groups {
        match out.iter_mut().find(|(f, _, _)| *f == g.family) {
            Some(entry) => {
                entry.1 = entry.1.max(g.min);
                entry.2 = entry.2.min(g.max);
            }
            None => out.push((g.family, g.min, g.max)),
        }
    }
    out
}

/// The free cells a piece on `cell` attacks by one of its leaps: every mirror
/// image of every leap, wrapping around the edges on a torus.
fn leap_targets(p: &Problem, cell: usize, free: &[bool]) -> Vec<usize> {
    let (rows, cols) = (p.rows as i64, p.cols as i64);
    let (r, c) = ((cell / p.cols) as i64, (cell % p.cols) as i64);
    let mut out = Vec::new();
    for &(a, b) in &p.piece.leaps {
        let (a, b) = (a as i64, b as i64);
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (tr, tc) = (r + sx * x, c + sy * y);
                let target = if p.wrap {
                    (tr.rem_euclid(rows), tc.rem_euclid(cols))
                } else if (0..rows).contains(&tr) && (0..cols).contains(&tc) {
                    (tr, tc)
                } else {
                    continue;
                };
                let t = (target.0 * cols + target.1) as usize;
                if t != cell && free[t] {
                    out.push(t);
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
