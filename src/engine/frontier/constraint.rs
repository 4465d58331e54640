//! The rules as the frontier DP sees them, read from the [`Problem`] (its
//! meaning, not any plan): every counted family
//! ([`Problem::bounded_families`]) becomes one family of counted instances
//! with a minimum and a maximum, and the leaps become a neighbour relation
//! between cells. Holes are left out; givens are cells that must be
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
        // the bounds for any number of pieces (`min`, not `least`): the DP
        // also counts every number at once
        for b in p.bounded_families() {
            rules.add_family(p, b.family, b.min, b.max);
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

/// The free cells a piece on `cell` attacks by one of its leaps, in
/// increasing order.
fn leap_targets(p: &Problem, cell: usize, free: &[bool]) -> Vec<usize> {
    let mut out: Vec<usize> = p
        .geometry()
        .leap_cells(p.coords(cell))
        .into_iter()
        .map(|(r, c)| p.cell(r, c))
        .filter(|&t| t != cell && free[t])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
