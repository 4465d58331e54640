//! The bitmask program a [`Problem`] compiles to: per-row free masks, attack
//! boards, group masks and capacities, the board's symmetries and the kernel
//! choice. This stage knows bits and nothing of TOML.

mod symmetry;

pub use symmetry::{Symmetry, Transform};

use crate::kernel::Permutation;
use crate::problem::{Family, Problem};

/// A set of columns in one row: bit `c` is column `c` (0-based).
pub type RowMask = u64;

/// The compiled problem the search runs.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The problem this plan was compiled from.
    pub problem: Problem,
    /// Board height.
    pub(crate) rows: usize,
    /// Board width.
    pub(crate) cols: usize,
    /// Free cells per row: not holes, not givens.
    pub(crate) free: Vec<RowMask>,
    /// `attack[cell * rows + r]`: the cells of row `r` a piece on `cell` takes
    /// away, itself included.
    pub(crate) attack: Vec<RowMask>,
    /// The cells the givens take away, per row.
    pub(crate) initial: Vec<RowMask>,
    /// Pieces the search places, givens not counted.
    pub(crate) need: usize,
    /// Most pieces a row can take.
    pub(crate) row_cap: Vec<usize>,
    /// Group instances: each one group of cells with its bounds.
    pub(crate) instances: Vec<Instance>,
    /// `cell_instances[cell]`: the instances holding the cell.
    pub(crate) cell_instances: Vec<Vec<u32>>,
    /// The symmetries of the board that map the rules onto themselves.
    pub symmetry: Symmetry,
    /// Which kernel counts.
    pub kernel: Kernel,
    /// The rules in the permutation kernel's terms, when it applies.
    pub(crate) permutation: Option<Permutation>,
}

/// One group of cells and how many pieces it takes.
#[derive(Debug, Clone)]
pub(crate) struct Instance {
    /// The cells, per row.
    pub(crate) mask: Vec<RowMask>,
    /// At least this many pieces.
    pub(crate) min: u32,
    /// At most this many pieces.
    pub(crate) max: u32,
    /// Pieces the givens already put here.
    pub(crate) given: u32,
}

/// The search kernel a plan runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kernel {
    /// Row by row, lowest column first, any number of pieces per row; group
    /// counting compiled out when the rules have no groups.
    Generic {
        /// Whether group counts are tracked.
        groups: bool,
    },
    /// Most-constrained unit first: for group rules where one family of exact
    /// groups covers the board (regions, star battle).
    Units,
    /// The permutation kernel for counting: one piece per row and column on a
    /// plain square board, one class representative per symmetry class
    /// (queens, rooks, superqueens, torus queens, Hertzsprung). Listing uses
    /// the generic kernel, which gives the same solutions in row order.
    Permutation,
}

impl Problem {
    /// Compiles the problem to a bitmask plan.
    pub fn plan(self) -> Plan {
        Plan::new(self)
    }
}

impl Plan {
    fn new(problem: Problem) -> Plan {
        let (rows, cols) = (problem.rows, problem.cols);
        let cells = problem.cells();
        let mut attack = vec![0; cells * rows];
        for cell in 0..cells {
            for (r, c) in attacked_cells(&problem, cell) {
                attack[cell * rows + r] |= 1 << c;
            }
        }
        let mut free = vec![0; rows];
        for cell in (0..cells).filter(|&c| !problem.holes[c]) {
            free[cell / cols] |= 1 << (cell % cols);
        }
        let mut initial = vec![0; rows];
        for &g in &problem.givens {
            for r in 0..rows {
                initial[r] |= attack[g * rows + r];
            }
        }
        for (r, f) in free.iter_mut().enumerate() {
            *f &= !initial[r];
        }

        // Group instances; with groups, rows and columns that must hold exactly
        // one piece each become exact units too, for the unit kernel.
        let mut families: Vec<(Family, usize, usize)> = problem
            .groups
            .iter()
            .map(|g| (g.family, g.min, g.max))
            .collect();
        let lines = problem.piece.lines;
        if !families.is_empty() {
            if lines.row && problem.piece.count == rows {
                families.push((Family::Row, 1, 1));
            }
            if lines.column && problem.piece.count == cols {
                families.push((Family::Column, 1, 1));
            }
        }
        let mut instances = Vec::new();
        let mut cell_instances = vec![Vec::new(); cells];
        let mut partitioned = false;
        for &(family, min, max) in &families {
            let first = instances.len();
            instances.extend((0..problem.group_count(family)).map(|_| Instance {
                mask: vec![0; rows],
                min: clamp_u32(min),
                max: clamp_u32(max),
                given: 0,
            }));
            let mut covers = true;
            for (cell, holding) in cell_instances.iter_mut().enumerate() {
                match problem.group_of(family, cell) {
                    Some(k) => {
                        let inst = &mut instances[first + k];
                        inst.mask[cell / cols] |= 1 << (cell % cols);
                        if problem.givens.contains(&cell) {
                            inst.given += 1;
                        }
                        holding.push((first + k) as u32);
                    }
                    None => covers &= problem.holes[cell],
                }
            }
            partitioned |= covers && min == max;
        }
        for inst in &instances {
            if inst.given >= inst.max {
                for (r, f) in free.iter_mut().enumerate() {
                    *f &= !inst.mask[r];
                }
            }
        }
        let row_cap = (0..rows)
            .map(|_| {
                let by_groups = problem
                    .groups
                    .iter()
                    .filter(|g| g.family == Family::Row)
                    .map(|g| g.max)
                    .min()
                    .unwrap_or(cols);
                if problem.piece.lines.row {
                    1
                } else {
                    by_groups.min(cols)
                }
            })
            .collect();
        let symmetry = Symmetry::of(&problem);
        let permutation = permutation(&problem);
        let kernel = if permutation.is_some() {
            Kernel::Permutation
        } else if partitioned {
            Kernel::Units
        } else {
            Kernel::Generic {
                groups: !instances.is_empty(),
            }
        };
        Plan {
            permutation,
            need: problem.piece.count - problem.givens.len(),
            problem,
            rows,
            cols,
            free,
            attack,
            initial,
            row_cap,
            instances,
            cell_instances,
            symmetry,
            kernel,
        }
    }

    /// Board height.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Board width.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// A human-readable account of the plan, for `placer check`.
    pub fn describe(&self) -> String {
        let p = &self.problem;
        let mut out = String::new();
        let l = p.piece.lines;
        let lines: Vec<&str> = [
            (l.row, "row"),
            (l.column, "column"),
            (l.diagonal, "diagonal"),
            (l.anti_diagonal, "anti-diagonal"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, n)| *n)
        .collect();
        let leaps: Vec<String> = p
            .piece
            .leaps
            .iter()
            .map(|(a, b)| format!("[{a}, {b}]"))
            .collect();
        let holes = p.holes.iter().filter(|h| **h).count();
        out += &format!(
            "rules:    {}{}\n",
            p.name,
            if p.summary.is_empty() {
                String::new()
            } else {
                format!(" ({})", p.summary)
            }
        );
        out += &format!(
            "board:    {}×{}{}, {}, {}{}\n",
            self.rows,
            self.cols,
            if p.wrap { " torus" } else { "" },
            plural(holes, "hole"),
            plural(p.givens.len(), "given"),
            p.regions.as_ref().map_or(String::new(), |r| format!(
                ", {}",
                plural(r.names.len(), "region")
            ))
        );
        out += &format!(
            "piece:    {} `{}` × {}\n",
            p.piece.name, p.piece.symbol, p.piece.count
        );
        out += &format!(
            "lines:    {}\n",
            if lines.is_empty() {
                "none".into()
            } else {
                lines.join(", ")
            }
        );
        out += &format!(
            "leaps:    {}\n",
            if leaps.is_empty() {
                "none".into()
            } else {
                leaps.join(", ")
            }
        );
        for g in &p.groups {
            let bounds = if g.min == g.max {
                format!("exactly {}", g.min)
            } else if g.max == usize::MAX {
                format!("at least {}", g.min)
            } else {
                format!("{} to {}", g.min, g.max)
            };
            out += &format!("group:    each {}: {bounds}\n", g.family.name());
        }
        out += &format!("symmetry: {}\n", self.symmetry.describe());
        out += &format!("kernel:   {}\n", self.kernel.describe());
        out
    }
}

/// `1 hole`, `2 holes`.
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

impl Kernel {
    /// What the kernel is, in a few words.
    pub fn describe(&self) -> &'static str {
        match self {
            Kernel::Generic { groups: true } => "generic row-by-row, with group counts",
            Kernel::Generic { groups: false } => "generic row-by-row",
            Kernel::Units => "most-constrained unit first (region games)",
            Kernel::Permutation => {
                "permutation: counts one solution per symmetry class, weighted (lists row by row)"
            }
        }
    }
}

/// The rules as a permutation problem, when they are one: n pieces on a plain
/// n×n board, no two in a row or column, both diagonal families or neither,
/// nothing else but leaps (and a torus).
fn permutation(p: &Problem) -> Option<Permutation> {
    let lines = p.piece.lines;
    let plain = p.rows == p.cols
        && p.rows <= crate::kernel::MAX_N
        && lines.row
        && lines.column
        && lines.diagonal == lines.anti_diagonal
        && p.piece.count == p.rows
        && p.holes.iter().all(|h| !h)
        && p.givens.is_empty()
        && p.regions.is_none()
        && p.values.is_none()
        && p.groups.is_empty();
    plain.then(|| Permutation {
        n: p.rows,
        diagonals: lines.diagonal,
        wrap: p.wrap,
        leaps: p.piece.leaps.clone(),
    })
}

fn clamp_u32(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

/// The cells a piece on `cell` takes away, itself included, by walking its
/// lines and leaps on the board (wrapping on a torus).
fn attacked_cells(p: &Problem, cell: usize) -> Vec<(usize, usize)> {
    let (rows, cols) = (p.rows as i64, p.cols as i64);
    let (r0, c0) = ((cell / p.cols) as i64, (cell % p.cols) as i64);
    let mut out = vec![(r0 as usize, c0 as usize)];
    let at = |r: i64, c: i64| -> Option<(usize, usize)> {
        if p.wrap {
            Some((r.rem_euclid(rows) as usize, c.rem_euclid(cols) as usize))
        } else if (0..rows).contains(&r) && (0..cols).contains(&c) {
            Some((r as usize, c as usize))
        } else {
            None
        }
    };
    let l = p.piece.lines;
    let steps = [
        (l.row, (0, 1)),
        (l.column, (1, 0)),
        (l.diagonal, (1, 1)),
        (l.anti_diagonal, (1, -1)),
    ];
    let longest = if p.wrap {
        rows * cols / crate::problem::gcd(p.rows, p.cols) as i64
    } else {
        rows.max(cols)
    };
    for (on, (dr, dc)) in steps {
        if !on {
            continue;
        }
        for sign in [1, -1] {
            for k in 1..=longest {
                match at(r0 + sign * k * dr, c0 + sign * k * dc) {
                    Some(rc) => out.push(rc),
                    None => break,
                }
            }
        }
    }
    for &(a, b) in &p.piece.leaps {
        let (a, b) = (a as i64, b as i64);
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if let Some(rc) = at(r0 + sx * x, c0 + sy * y) {
                    out.push(rc);
                }
            }
        }
    }
    out
}
