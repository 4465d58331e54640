//! Solutions one at a time, as `placer solve --step` shows them, for the
//! page's Next and Previous, in the same order (`Plan::solutions`). From
//! [`FAST_FROM`] rows on, where that order can take hours to reach its first
//! solution, they come in the order `--first` uses (`Plan::first_order`:
//! plain N-queens by the explicit construction, at once), which may end
//! before the last solution: then no total is claimed. Solutions seen are
//! kept, so Previous costs nothing; a new one resumes the search from the
//! start, skipping those seen, and takes a few more while it is there.

use placer::{ListOptions, Plan, Solution};
use serde::Serialize;

use crate::reply::Error;
use crate::rules::{self, Board};

/// Solutions fetched past the one asked for, while the search is there.
const AHEAD: usize = 15;

/// Rows from which the solutions come in `--first`'s order (where plain
/// N-queens switches to the construction).
pub const FAST_FROM: usize = placer::engine::permutation::construct::CONSTRUCT_FROM;

/// Most solutions kept (and most an index may ask for).
const KEPT: usize = 100_000;

/// A rule set's solutions, fetched as asked.
pub struct Lister {
    plan: Plan,
    unique: bool,
    seen: Vec<Solution>,
    /// Whether the order has no more.
    done: bool,
    /// Whether the order is `--first`'s, which may not list them all.
    fast: bool,
}

/// One solution.
#[derive(Debug, Serialize)]
pub struct Shown {
    /// Which, from 0.
    pub index: usize,
    /// Its pieces' cells, `[row, col]` from 0.
    pub cells: Vec<(usize, usize)>,
    /// The total, once the last solution has been seen.
    pub total: Option<usize>,
    /// Whether these come in `--first`'s order (big boards), which may stop
    /// before the last solution.
    pub fast: bool,
}

impl Lister {
    /// The solutions of rule text with parameters.
    pub fn new(text: &str, set: &str, unique: bool) -> Result<Lister, Error> {
        let plan = rules::problem(text, set)?.plan();
        let fast = plan.rows() >= FAST_FROM;
        Ok(Lister {
            plan,
            unique,
            seen: Vec::new(),
            done: false,
            fast,
        })
    }

    /// The board.
    pub fn board(&self) -> Board {
        Board::of(&self.plan.problem)
    }

    /// Solution `index`, or `None` past the last.
    pub fn get(&mut self, index: usize) -> Option<Shown> {
        if index >= self.seen.len() && !self.done && index < KEPT {
            let want = (index + 1 + AHEAD).min(KEPT);
            let before = self.seen.len();
            let listing = self.plan.list(ListOptions {
                unique: self.unique,
                soonest: self.fast,
            });
            let more: Vec<Solution> = listing.solutions.skip(before).take(want - before).collect();
            self.done = more.len() < want - before;
            self.seen.extend(more);
        }
        let total = (self.done && !self.fast).then_some(self.seen.len());
        self.seen.get(index).map(|s| Shown {
            index,
            cells: s.cells.clone(),
            total,
            fast: self.fast,
        })
    }
}
