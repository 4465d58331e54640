//! Solutions one at a time, as `placer solve --step` shows them, for the
//! page's Next and Previous. The order is the library's `first_order`, the
//! one `--first` starts with (plain N-queens from 22 rows: the explicit
//! construction, at once). Solutions seen are kept, so Previous costs
//! nothing; a new one resumes the search from the start, skipping those
//! seen, and takes a few more while it is there.

use placer::{Plan, Solution};
use serde::Serialize;

use crate::reply::Error;
use crate::rules::{self, Board};

/// Solutions fetched past the one asked for, while the search is there.
const AHEAD: usize = 15;

/// Most solutions kept (and most an index may ask for).
const KEPT: usize = 100_000;

/// A rule set's solutions, fetched as asked.
pub struct Lister {
    plan: Plan,
    unique: bool,
    seen: Vec<Solution>,
    /// Whether `seen` holds them all.
    done: bool,
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
}

impl Lister {
    /// The solutions of rule text with parameters.
    pub fn new(text: &str, set: &str, unique: bool) -> Result<Lister, Error> {
        let plan = rules::problem(text, set)?.plan();
        Ok(Lister {
            plan,
            unique,
            seen: Vec::new(),
            done: false,
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
            let more: Vec<Solution> = self
                .plan
                .first_order(self.unique)
                .skip(before)
                .take(want - before)
                .collect();
            self.done = more.len() < want - before;
            self.seen.extend(more);
        }
        let total = self.done.then_some(self.seen.len());
        self.seen.get(index).map(|s| Shown {
            index,
            cells: s.cells.clone(),
            total,
        })
    }
}
