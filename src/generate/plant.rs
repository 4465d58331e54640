//! The planted solution: a random placement of `k` pieces per row that keeps
//! the rules' lines, leaps and column counts, found by a randomised,
//! budgeted depth-first search. It only samples; whether a placement exists
//! at all is the engine's answer ([`super::generate`] asks it first).

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::problem::{Family, Problem};

/// Steps one randomised search may take before [`plant`] gives up on it.
const BUDGET: usize = 200_000;

/// A random placement of `k` pieces per row, its cells increasing, or `None`
/// when the search ran out of budget on this random order.
pub(super) fn plant(problem: &Problem, k: usize, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    let n = problem.rows;
    let column_cap = if problem.piece.lines.column {
        1
    } else {
        problem
            .groups
            .iter()
            .filter(|g| g.family == Family::Column)
            .map(|g| g.max)
            .min()
            .unwrap_or(n)
    };
    let order = (0..n)
        .map(|_| {
            let mut cols: Vec<usize> = (0..n).collect();
            cols.shuffle(rng);
            cols
        })
        .collect();
    let mut planter = Planter {
        p: problem,
        k,
        column_cap,
        order,
        placed: Vec::new(),
        per_column: vec![0; n],
        budget: BUDGET,
    };
    if !planter.fill(0, 0) {
        return None;
    }
    planter.placed.sort_unstable();
    Some(planter.placed)
}

/// The state of [`plant`]'s search.
struct Planter<'a> {
    p: &'a Problem,
    k: usize,
    column_cap: usize,
    /// Each row's columns in a random order.
    order: Vec<Vec<usize>>,
    placed: Vec<usize>,
    per_column: Vec<usize>,
    /// Steps left before giving up on this order.
    budget: usize,
}

impl Planter<'_> {
    fn fill(&mut self, row: usize, from: usize) -> bool {
        let p = self.p;
        if row == p.rows {
            return true;
        }
        if self.placed.iter().filter(|&&c| c / p.cols == row).count() == self.k {
            return self.fill(row + 1, 0);
        }
        for i in from..self.order[row].len() {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let col = self.order[row][i];
            let cell = p.cell(row, col);
            if self.per_column[col] < self.column_cap
                && self.placed.iter().all(|&o| !p.attacks(o, cell))
            {
                self.placed.push(cell);
                self.per_column[col] += 1;
                if self.fill(row, i + 1) {
                    return true;
                }
                self.placed.pop();
                self.per_column[col] -= 1;
            }
        }
        false
    }
}
