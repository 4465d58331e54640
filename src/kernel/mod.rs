//! The permutation kernel: n pieces on an n×n board, one per row and column.
//!
//! The plan compiler dispatches here when a rule set places exactly one piece
//! per row and per column on a square board without holes, givens or regions.
//! Such a rule set (both diagonal families or none, symmetric leaps, optionally
//! a torus) maps onto itself under all 8 symmetries of the square, so the
//! kernel counts one representative per symmetry class and weighs it by the
//! size of its class (2, 4 or 8).
//!
//! ```text
//! . Q . .      n = 4 queens: 2 solutions, 1 up to symmetry
//! . . . Q
//! Q . . .
//! . . Q .
//! ```
//!
//! ```
//! use placer::kernel::{count, Permutation};
//! let c = count(&Permutation::queens(8), 1);
//! assert_eq!((c.total, c.unique), (92, 12));
//! ```
//!
//! The search space is split at a fixed depth into [`Subproblem`]s, the same
//! list for every thread count, so sharded and parallel runs add up to the
//! same numbers as a sequential one. See `docs/PERFORMANCE.md` for the
//! technique and measurements.

mod block;
pub mod construct;
mod general;
mod queens;
mod rules;
mod symmetry;
#[cfg(test)]
mod tests;

use rayon::prelude::*;
use std::ops::{Add, AddAssign};

use rules::Rules;

/// The largest board side the bitmask kernel supports.
pub const MAX_N: usize = 32;

/// A permutation rule: n pieces on n×n, one per row and column.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Permutation {
    /// Board side and number of pieces.
    pub n: usize,
    /// No two pieces on one diagonal, both the `\` and the `/` family.
    pub diagonals: bool,
    /// Torus: diagonals and leaps wrap around both edges.
    pub wrap: bool,
    /// Leaps `(a, b)` with `a <= b`; all 8 mirror images attack, e.g. `(1, 2)`
    /// is the knight, `(0, 1)` and `(1, 1)` the king.
    pub leaps: Vec<(usize, usize)>,
}

impl Permutation {
    /// N-queens: one per row, column and diagonal.
    pub fn queens(n: usize) -> Self {
        Self {
            n,
            diagonals: true,
            wrap: false,
            leaps: Vec::new(),
        }
    }

    /// N rooks: one per row and column, nothing else.
    pub fn rooks(n: usize) -> Self {
        Self {
            n,
            diagonals: false,
            wrap: false,
            leaps: Vec::new(),
        }
    }
}

/// Solution counts of a permutation search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// All solutions.
    pub total: u128,
    /// Solutions distinct under the 8 symmetries of the square.
    pub unique: u128,
    /// Search nodes visited (pieces placed below the subproblem prefixes).
    pub nodes: u64,
}

impl Add for Counts {
    type Output = Counts;
    fn add(self, o: Counts) -> Counts {
        Counts {
            total: self
                .total
                .checked_add(o.total)
                .expect("total overflows u128"),
            unique: self
                .unique
                .checked_add(o.unique)
                .expect("unique overflows u128"),
            nodes: self.nodes.saturating_add(o.nodes),
        }
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        *self = *self + o;
    }
}

/// One independent part of the search: a placement of the first rows that
/// respects the symmetry restrictions. The list from [`subproblems`] covers
/// every counted representative exactly once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Subproblem {
    /// Position in the deterministic list returned by [`subproblems`].
    pub index: usize,
    /// Column of the piece in each of the first rows (0-based), row 0 first.
    pub prefix: Vec<u8>,
}

/// Counts all solutions and the solutions distinct under symmetry.
///
/// `threads <= 1` runs sequentially without rayon; more threads run the
/// [`subproblems`] on a rayon pool of that size. The result never depends on
/// `threads`.
///
/// # Panics
/// If `p.n > MAX_N`.
pub fn count(p: &Permutation, threads: usize) -> Counts {
    let rules = Rules::new(p);
    let subs = split(&rules);
    if threads <= 1 {
        let mut sum = Counts::default();
        for prefix in &subs {
            sum += count_prefix(&rules, prefix);
        }
        return sum;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("cannot start the thread pool");
    pool.install(|| {
        subs.par_iter()
            .with_max_len(1)
            .map(|prefix| count_prefix(&rules, prefix))
            .reduce(Counts::default, Add::add)
    })
}

/// The number of subproblems the split aims for at least: enough for
/// rayon to balance hundreds per thread; small boards take milliseconds and
/// need few.
fn split_target(n: usize) -> usize {
    if n >= 14 { 2000 } else { 200 }
}

/// The deterministic list of subproblems: the same for every thread count.
///
/// # Panics
/// If `p.n > MAX_N`.
pub fn subproblems(p: &Permutation) -> Vec<Subproblem> {
    split(&Rules::new(p))
        .into_iter()
        .enumerate()
        .map(|(index, prefix)| Subproblem { index, prefix })
        .collect()
}

/// The prefixes of the split: the shallowest depth with enough of them.
fn split(rules: &Rules) -> Vec<Vec<u8>> {
    let n = rules.n;
    if n == 0 {
        return vec![Vec::new()];
    }
    // Deepest split: the fast path counts the last rows in one step and
    // needs one more row to search.
    let max_depth = if rules.fast() { n - block::ROWS - 1 } else { n };
    let mut depth = n.min(2);
    let mut list = rules.prefixes(depth);
    while depth < max_depth && list.len() < split_target(n) {
        depth += 1;
        list = rules.prefixes(depth);
    }
    list
}

/// Counts one subproblem; the sum over [`subproblems`] equals [`count`].
///
/// # Panics
/// If `p.n > MAX_N` or the prefix does not belong to `p`.
pub fn count_subproblem(p: &Permutation, s: &Subproblem) -> Counts {
    count_prefix(&Rules::new(p), &s.prefix)
}

fn count_prefix(rules: &Rules, prefix: &[u8]) -> Counts {
    if rules.n == 0 {
        return Counts {
            total: 1,
            unique: 1,
            nodes: 0,
        };
    }
    // The fast path searches at least one row above the last ones it counts
    // in one step; the split never goes deeper, a hand-made prefix may.
    let acc = if rules.fast() && (2..rules.n - block::ROWS).contains(&prefix.len()) {
        queens::count(rules, prefix)
    } else {
        general::count(rules, prefix)
    };
    acc.counts()
}

/// Per-subproblem tallies by class weight.
#[derive(Debug, Default, Clone, Copy)]
struct Acc {
    /// Representatives counted with weight 1, 2, 4, 8 (index = log2 weight).
    by_weight: [u64; 4],
    nodes: u64,
}

impl Acc {
    fn add_weight(&mut self, w: u32) {
        match w {
            1 => self.by_weight[0] += 1,
            2 => self.by_weight[1] += 1,
            4 => self.by_weight[2] += 1,
            8 => self.by_weight[3] += 1,
            _ => {}
        }
    }

    fn counts(&self) -> Counts {
        let mut c = Counts {
            nodes: self.nodes,
            ..Counts::default()
        };
        for (i, &k) in self.by_weight.iter().enumerate() {
            c.unique += u128::from(k);
            c.total += u128::from(k) << i;
        }
        c
    }
}
