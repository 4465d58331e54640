//! Which cells the DP takes together, and in which order: the board splits
//! into parts that do not interact (no leap and no constrained group joins
//! them), and each part is swept in lanes: rows, columns, or the diagonals of
//! either family, shortest first. Any lane order counts the same; they differ
//! only in how many states the sweep holds.

use super::constraint::Rules;

/// The independent parts of the board: sets of free cells, each in
/// increasing order, such that no leap and no constrained instance joins two
/// of them. Cells that touch nothing share one part.
pub(super) fn parts(rules: &Rules) -> Vec<Vec<usize>> {
    let n = rules.free.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let mut join = |a: usize, b: usize| {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra.max(rb)] = ra.min(rb);
    };
    for inst in &rules.instances {
        for w in inst.cells.windows(2) {
            join(w[0], w[1]);
        }
    }
    for (a, targets) in rules.leaps.iter().enumerate() {
        for &b in targets {
            join(a, b);
        }
    }
    let mut by_root: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut loose = Vec::new();
    for c in (0..n).filter(|&c| rules.free[c]) {
        let r = root(&mut parent, c);
        by_root[r].push(c);
    }
    let mut out = Vec::new();
    for part in by_root.into_iter().filter(|p| !p.is_empty()) {
        let touches = part.len() > 1 || !rules.of_cell[part[0]].is_empty();
        if touches {
            out.push(part);
        } else {
            loose.extend(part);
        }
    }
    if !loose.is_empty() {
        loose.sort_unstable();
        out.push(loose);
    }
    out
}

/// A way to cut a part into lanes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lanes {
    /// Row by row, top to bottom.
    Rows,
    /// Column by column, left to right.
    Columns,
    /// `\` diagonals, shortest first.
    Diagonals,
    /// `/` diagonals, shortest first.
    AntiDiagonals,
}

impl Lanes {
    /// Every way, in order of preference when they tie.
    pub const ALL: [Lanes; 4] = [
        Lanes::Rows,
        Lanes::Columns,
        Lanes::AntiDiagonals,
        Lanes::Diagonals,
    ];

    /// In a few words.
    pub fn name(self) -> &'static str {
        match self {
            Lanes::Rows => "rows",
            Lanes::Columns => "columns",
            Lanes::Diagonals => "diagonals (shortest first)",
            Lanes::AntiDiagonals => "anti-diagonals (shortest first)",
        }
    }

    /// The lanes of `part` (cells in increasing order), each in increasing
    /// cell order, empty lanes left out.
    pub(super) fn cut(self, rules: &Rules, part: &[usize]) -> Vec<Vec<usize>> {
        let cols = rules.cols;
        let lane = |c: usize| {
            let (r, k) = (c / cols, c % cols);
            match self {
                Lanes::Rows => r,
                Lanes::Columns => k,
                Lanes::Diagonals => r + cols - 1 - k,
                Lanes::AntiDiagonals => r + k,
            }
        };
        let mut lanes = vec![Vec::new(); rules.rows + cols];
        for &c in part {
            lanes[lane(c)].push(c);
        }
        lanes.retain(|l| !l.is_empty());
        if matches!(self, Lanes::Diagonals | Lanes::AntiDiagonals) {
            lanes.sort_by_key(Vec::len);
        }
        lanes
    }
}
