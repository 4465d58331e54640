//! The bitmask program a [`Problem`] compiles to: per-row free masks, attack
//! boards, group masks and capacities, the board's symmetries and the kernel
//! choice. This stage knows bits and nothing of TOML.

mod attack;
mod bits;
mod describe;
mod engine;
pub mod meaning;
mod method;
mod symmetry;

pub(crate) use attack::Attacks;
pub(crate) use bits::BitRows;
pub(crate) use bits::by_width;
pub use bits::{Bits, MAX_COLUMNS, WIDTHS, words_for};
pub use engine::{Engine, Permutation};
pub use method::Method;
pub use symmetry::{Symmetry, Transform};

use std::ops::Range;

use crate::problem::{Bounded, Family, Problem};

/// The compiled problem the search runs.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The problem this plan was compiled from.
    pub problem: Problem,
    /// Board height.
    pub(crate) rows: usize,
    /// Board width.
    pub(crate) cols: usize,
    /// Words per row: every row set below is a [`Bits`] of this many words.
    pub(crate) words: usize,
    /// Free cells per row: not holes, not givens.
    pub(crate) free: BitRows,
    /// The cells of each row a piece on a cell takes away, itself included.
    pub(crate) attack: Attacks,
    /// The cells the givens take away, per row.
    pub(crate) initial: BitRows,
    /// Pieces the search places, givens not counted.
    pub(crate) need: usize,
    /// Most pieces a row can take.
    pub(crate) row_cap: Vec<usize>,
    /// Group instances: each one group of cells with its bounds.
    pub(crate) groups: Groups,
    /// Rows (or columns) that must each hold one piece, as exact units for a
    /// most-constrained search, when the rules have them but no groups and
    /// the board carries no values.
    pub(crate) first_units: Option<Groups>,
    /// The symmetries of the board that map the rules onto themselves.
    pub symmetry: Symmetry,
    /// Which search counts (a count may take the row-frontier DP instead).
    pub engine: Engine,
    /// The hash of the problem's meaning ([`meaning::hash`]): subproblems
    /// carry it, so one from another plan is refused.
    pub(crate) meaning: u64,
}

/// One group of cells and how many pieces it takes.
#[derive(Debug, Clone)]
pub(crate) struct Instance {
    /// The first row holding a cell of the group.
    first: usize,
    /// The cells of rows `first..`, up to the last row holding one.
    mask: BitRows,
    /// At least this many pieces.
    pub(crate) min: u32,
    /// At most this many pieces.
    pub(crate) max: u32,
    /// Pieces the givens already put here.
    pub(crate) given: u32,
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
        let words = words_for(cols).expect("the problem stage keeps boards within MAX_COLUMNS");
        let cells = problem.cells();
        let attack = Attacks::new(&problem, words);
        let mut free = BitRows::new(rows, words);
        for cell in (0..cells).filter(|&c| !problem.holes[c]) {
            free.insert(cell / cols, cell % cols);
        }
        let mut initial = BitRows::new(rows, words);
        for &g in &problem.givens {
            for r in 0..rows {
                attack.or_row(g, r, initial.words_mut(r));
            }
        }
        free.remove_all(&initial);
        let bounded = problem.bounded_families();
        let (groups, partitioned) = Groups::new(&problem, words, &families(&problem, &bounded));
        for inst in &groups.instances {
            if inst.given >= inst.max {
                for r in inst.rows() {
                    let m = inst.mask.words(r - inst.first);
                    for (f, x) in free.words_mut(r).iter_mut().zip(m) {
                        *f &= !x;
                    }
                }
            }
        }
        let cap = bounded
            .iter()
            .find(|b| b.family == Family::Row)
            .map_or(cols, |b| b.max.min(cols));
        let symmetry = Symmetry::of(&problem);
        let engine = Engine::choose(&problem, partitioned, !groups.instances.is_empty());
        // one piece on each row (column): the units of a most-constrained `--first`
        let unit = bounded
            .iter()
            .find(|b| {
                matches!(b.family, Family::Row | Family::Column) && b.is_exact() && b.max == 1
            })
            .map(|b| b.family);
        // Matrix boards keep row order, as `placer select --first` does.
        // Where diagonals each hold one piece too (a square torus's), every
        // such line is a unit, and the permutation kernel's row order,
        // which stalls there, gives way to them.
        let lines = exact_lines(&problem, &bounded);
        let diagonals = lines
            .iter()
            .any(|l| matches!(l.0, Family::Diagonal | Family::AntiDiagonal));
        let first_units = match (engine, unit) {
            (Engine::Rows { groups: false }, Some(_)) if problem.values.is_none() && diagonals => {
                Some(Groups::new(&problem, words, &lines).0)
            }
            (Engine::Rows { groups: false }, Some(f)) if problem.values.is_none() => {
                Some(Groups::new(&problem, words, &[(f, 1, 1)]).0)
            }
            (Engine::Permutation, Some(_)) if diagonals => {
                Some(Groups::new(&problem, words, &lines).0)
            }
            _ => None,
        };
        Plan {
            meaning: meaning::hash(&problem),
            need: problem.piece.count - problem.givens.len(),
            problem,
            rows,
            cols,
            words,
            free,
            attack,
            initial,
            row_cap: vec![cap; rows],
            groups,
            first_units,
            symmetry,
            engine,
        }
    }

    /// The free cells of row `r` (`W` must be the plan's `words`).
    #[inline]
    pub(crate) fn free_row<const W: usize>(&self, r: usize) -> Bits<W> {
        self.free.row(r)
    }

    /// The cells of row `r` the givens take away.
    #[inline]
    pub(crate) fn initial_row<const W: usize>(&self, r: usize) -> Bits<W> {
        self.initial.row(r)
    }

    /// Board height.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Board width.
    pub fn cols(&self) -> usize {
        self.cols
    }
}

fn clamp_u32(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

impl Instance {
    /// The rows holding the group's cells (and perhaps some rows between).
    pub(crate) fn rows(&self) -> Range<usize> {
        self.first..self.first + self.mask.len()
    }

    /// The group's cells in row `r`, which must lie in [`Instance::rows`].
    #[inline]
    pub(crate) fn row<const W: usize>(&self, r: usize) -> Bits<W> {
        self.mask.row(r - self.first)
    }

    /// The group's cells, as cell indices.
    fn cells(&self, cols: usize) -> impl Iterator<Item = usize> + '_ {
        self.rows().flat_map(move |r| {
            let first = self.first;
            (0..cols)
                .filter(move |&c| self.mask.contains(r - first, c))
                .map(move |c| r * cols + c)
        })
    }
}

/// The group families with their bounds: with group rules, those families,
/// and the rows and columns that must hold exactly one piece each, as exact
/// units for the unit kernel.
fn families(problem: &Problem, bounded: &[Bounded]) -> Vec<(Family, usize, usize)> {
    if problem.groups.is_empty() {
        return Vec::new();
    }
    bounded
        .iter()
        .filter(|b| b.grouped || (matches!(b.family, Family::Row | Family::Column) && b.is_exact()))
        .map(|b| (b.family, b.least(), b.max))
        .collect()
}

/// Group instances, each one group of cells with its bounds, and the
/// instances holding each cell.
#[derive(Debug, Clone)]
pub(crate) struct Groups {
    /// The instances.
    pub(crate) instances: Vec<Instance>,
    /// The instances holding each cell: `cell_instances[starts[cell]..starts[cell + 1]]`.
    cell_instances: Vec<u32>,
    /// Where each cell's instances start in `cell_instances`; one more than cells.
    starts: Vec<u32>,
}

/// The line families that hold exactly one piece each: at most one by the
/// rules, and as many lines as pieces (rows and columns of N-queens, and on
/// a square torus its wrapped diagonals too), as exact units `(family, 1, 1)`.
fn exact_lines(problem: &Problem, bounded: &[Bounded]) -> Vec<(Family, usize, usize)> {
    bounded
        .iter()
        .filter(|b| b.max == 1 && b.family != Family::Region)
        .filter(|b| problem.group_count(b.family) == problem.piece.count)
        .map(|b| (b.family, 1, 1))
        .collect()
}

impl Groups {
    /// The instances of `families`, and the largest count of an exact
    /// family that covers the board, if one does.
    fn new(
        problem: &Problem,
        words: usize,
        families: &[(Family, usize, usize)],
    ) -> (Groups, Option<usize>) {
        let (instances, partitioned) = instances(problem, words, families);
        let cells = problem.cells();
        let mut starts = vec![0u32; cells + 1];
        let mut cell_instances = Vec::new();
        let mut of_cell = vec![Vec::new(); if instances.is_empty() { 0 } else { cells }];
        for (i, inst) in instances.iter().enumerate() {
            for cell in inst.cells(problem.cols) {
                of_cell[cell].push(i as u32);
            }
        }
        for (cell, held) in of_cell.into_iter().enumerate() {
            cell_instances.extend(held);
            starts[cell + 1] = cell_instances.len() as u32;
        }
        let groups = Groups {
            instances,
            cell_instances,
            starts,
        };
        (groups, partitioned)
    }

    /// Whether every instance's count (in `counts`, one per instance) lies
    /// between its min and max. A search never places beyond a max, but
    /// givens can start a group above it.
    pub(crate) fn hold(&self, counts: &[u32]) -> bool {
        self.instances
            .iter()
            .zip(counts)
            .all(|(inst, &c)| inst.min <= c && c <= inst.max)
    }

    /// The instances holding `cell`, as indices into `instances`.
    #[inline]
    pub(crate) fn of(&self, cell: usize) -> &[u32] {
        &self.cell_instances[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }
}

/// The instances of `families`, and the largest count of an exact family
/// that covers the board, if one does.
fn instances(
    problem: &Problem,
    words: usize,
    families: &[(Family, usize, usize)],
) -> (Vec<Instance>, Option<usize>) {
    let cols = problem.cols;
    let mut instances = Vec::new();
    let mut partitioned: Option<usize> = None;
    for &(family, min, max) in families {
        let count = problem.group_count(family);
        let mut span = vec![(usize::MAX, 0); count];
        let mut covers = true;
        for cell in 0..problem.cells() {
            match problem.group_of(family, cell) {
                Some(k) => {
                    let r = cell / cols;
                    span[k] = (span[k].0.min(r), span[k].1.max(r + 1));
                }
                None => covers &= problem.holes[cell],
            }
        }
        let first = instances.len();
        instances.extend(span.iter().map(|&(lo, hi)| Instance {
            first: lo.min(hi),
            mask: BitRows::new(hi.saturating_sub(lo), words),
            min: clamp_u32(min),
            max: clamp_u32(max),
            given: 0,
        }));
        for cell in 0..problem.cells() {
            if let Some(k) = problem.group_of(family, cell) {
                let inst = &mut instances[first + k];
                inst.mask.insert(cell / cols - inst.first, cell % cols);
                if problem.givens.binary_search(&cell).is_ok() {
                    inst.given += 1;
                }
            }
        }
        if covers && min == max {
            partitioned = partitioned.max(Some(min));
        }
    }
    (instances, partitioned)
}
