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
//! use placer::engine::permutation::{count, Permutation};
//! let c = count(&Permutation::queens(8));
//! assert_eq!((c.total, c.unique), (92, 12));
//! ```
//!
//! The search space is split at a fixed depth into prefixes
//! ([`Counter::split`]), the same list for every thread count, so sharded and
//! parallel runs add up to the same numbers as a sequential one. See `docs/PERFORMANCE.md` for the
//! technique and measurements.

mod block;
pub mod construct;
mod general;
mod queens;
mod rules;
mod symmetry;
#[cfg(test)]
mod tests;
mod wide;

use std::ops::{Add, AddAssign};

use rules::Rules;

pub use crate::plan::Permutation;

/// The largest board side the bitmask kernel supports.
pub const MAX_N: usize = Permutation::MAX_N;

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

/// A permutation rule compiled for counting: it splits the search into
/// prefixes and counts the solutions under each. The search stage runs the
/// prefixes under its one split, runner and checkpoint format
/// ([`crate::search::Subproblem`]); this type knows nothing of threads.
#[derive(Debug, Clone)]
pub struct Counter {
    rules: Rules,
}

impl Counter {
    /// Compiles `p`.
    ///
    /// # Panics
    /// If `p.n > MAX_N` (the plan never chooses the kernel then).
    pub fn new(p: &Permutation) -> Counter {
        Counter {
            rules: Rules::new(p),
        }
    }

    /// The prefixes of the split, in a fixed order: the column of the piece
    /// in each of the first rows, at the shallowest depth with at least
    /// `target` of them (or the deepest the fast path allows). Together they
    /// cover every counted representative exactly once.
    pub fn split(&self, target: usize) -> Vec<Vec<u8>> {
        let rules = &self.rules;
        let n = rules.n;
        if n == 0 {
            return vec![Vec::new()];
        }
        // Deepest split: the fast path counts the last rows in one step and
        // needs one more row to search.
        let max_depth = if rules.fast() { n - block::ROWS - 1 } else { n };
        let mut depth = n.min(2);
        let mut list = rules.prefixes(depth);
        while depth < max_depth && list.len() < target {
            depth += 1;
            list = rules.prefixes(depth);
        }
        list
    }

    /// Counts the solutions under one prefix; the sum over [`Counter::split`]
    /// is the whole count, for any target.
    ///
    /// # Panics
    /// If the prefix is not one of this rule's placements (the search stage
    /// refuses a subproblem of another plan before it gets here).
    pub fn count(&self, prefix: &[u8]) -> Counts {
        count_prefix(&self.rules, prefix)
    }
}

/// Counts all solutions and the solutions distinct under symmetry, on this
/// thread: the sum over the shallowest split. Parallel, sharded and resumable
/// counts go through the search stage (`Plan::count`).
pub fn count(p: &Permutation) -> Counts {
    let counter = Counter::new(p);
    counter
        .split(0)
        .iter()
        .map(|prefix| counter.count(prefix))
        .fold(Counts::default(), Add::add)
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
