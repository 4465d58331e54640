//! Carving a unique puzzle out of a region grid, with the propagating search
//! in the loop: find a solution other than the planted one, kill it by moving
//! one of its cells to a neighbouring region, preferring the move that leaves
//! the fewest solutions, until the planted solution is the only one; then
//! even out the regions with moves that keep it the only one.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::grid::Grid;
use crate::plan::{Method, Plan};
use crate::problem::Problem;
use crate::search::CountOptions;

/// Candidate moves whose solutions are counted per step, at most.
const TRIES: usize = 8;
/// Counting stops here while comparing candidate moves.
const CAP: u128 = 32;

/// The engine's answers about region grids of one rule set.
pub(super) struct Judge {
    problem: Problem,
    /// Region grids counted so far.
    pub(super) evaluations: usize,
}

impl Judge {
    /// A judge for `problem`'s rules (its regions are replaced by each grid's).
    pub(super) fn new(problem: Problem) -> Judge {
        Judge {
            problem,
            evaluations: 0,
        }
    }

    /// The problem with `grid`'s regions, as a plan that counts with the
    /// propagating search (on these grids it needs a few nodes where the
    /// unit search of one-piece games needs millions).
    fn plan(&mut self, grid: &Grid) -> Plan {
        self.evaluations += 1;
        self.problem.regions = Some(grid.regions());
        let mut plan = self.problem.clone().plan();
        plan.method = Method::Propagate;
        plan
    }

    /// The first two solutions with `grid`'s regions (fewer if there are
    /// fewer), each as its cells, increasing.
    pub(super) fn two(&mut self, grid: &Grid) -> Vec<Vec<usize>> {
        let plan = self.plan(grid);
        let cols = plan.problem.cols;
        plan.solutions(false)
            .take(2)
            .map(|s| s.cells.iter().map(|&(r, c)| r * cols + c).collect())
            .collect()
    }

    /// Solutions with `grid`'s regions, counted up to `cap`.
    fn count(&mut self, grid: &Grid, cap: u128) -> u128 {
        let options = CountOptions {
            limit: Some(cap),
            ..CountOptions::default()
        };
        // One thread and no stop flag: the count cannot fail; were it to,
        // `cap` (too many) only makes the move look bad.
        self.plan(grid).count(options).map_or(cap, |t| t.count)
    }
}

/// Carves `grid`, whose regions each hold their share of `planted`, until
/// `planted` is its only solution: returns whether it got there within
/// `steps` steps. `planted` (increasing) stays a solution throughout: no
/// move takes one of its cells.
pub(super) fn carve(
    judge: &mut Judge,
    grid: &mut Grid,
    planted: &[usize],
    steps: usize,
    rng: &mut ChaCha8Rng,
) -> bool {
    let free = |c: &usize| planted.binary_search(c).is_err();
    for _ in 0..steps {
        let two = judge.two(grid);
        let Some(other) = two.iter().find(|s| s.as_slice() != planted) else {
            return two.len() == 1;
        };
        // Moving a cell of `other` out of its region leaves that region one
        // piece short, so `other` is no longer a solution.
        let mut moves: Vec<(usize, usize)> = other
            .iter()
            .filter(|c| free(c))
            .flat_map(|&c| grid.foreign(c).into_iter().map(move |r| (c, r)))
            .collect();
        moves.shuffle(rng);
        let mut best: Option<(u128, usize, usize)> = None;
        let mut tried = 0;
        for (cell, to) in moves {
            let from = grid.region[cell];
            if !grid.try_move(cell, to) {
                continue;
            }
            tried += 1;
            let count = judge.count(grid, CAP);
            grid.region[cell] = from;
            if best.is_none_or(|(b, ..)| count < b) {
                best = Some((count, cell, to));
            }
            if count == 1 || tried == TRIES {
                break;
            }
        }
        match best {
            Some((_, cell, to)) => grid.region[cell] = to,
            None => perturb(grid, &free, rng),
        }
    }
    false
}

/// Evens out a unique grid's regions: moves random cells outside `planted`
/// from a larger region to a smaller neighbouring one, keeping each move
/// that leaves the puzzle unique (counted with limit 2), until no region is
/// more than three times the average or the budget of counts is spent. The
/// grid stays unique throughout.
pub(super) fn balance(judge: &mut Judge, grid: &mut Grid, planted: &[usize], rng: &mut ChaCha8Rng) {
    let n = grid.size;
    let cells = n * n;
    let mut sizes = vec![0; n];
    for &r in &grid.region {
        sizes[r] += 1;
    }
    let target = 3 * n;
    let picks = 40 * cells;
    // Checks cost more with more pieces per region (measured: 13×13 two
    // stars, 11.9 s with 40 n checks, 1.0 s with 10 n).
    let k = planted.len() / n;
    let checks = 40 * n / (k * k);
    let mut tried = 0;
    for _ in 0..picks {
        if tried >= checks || sizes.iter().all(|&s| s <= target) {
            break;
        }
        let cell = rng.random_range(0..cells);
        let from = grid.region[cell];
        if planted.binary_search(&cell).is_ok() {
            continue;
        }
        let targets: Vec<usize> = grid
            .foreign(cell)
            .into_iter()
            .filter(|&r| sizes[r] + 1 < sizes[from])
            .collect();
        if targets.is_empty() {
            continue;
        }
        let to = targets[rng.random_range(0..targets.len())];
        if !grid.try_move(cell, to) {
            continue;
        }
        tried += 1;
        if judge.count(grid, 2) == 1 {
            sizes[from] -= 1;
            sizes[to] += 1;
        } else {
            grid.region[cell] = from;
        }
    }
}

/// Moves one random cell outside `planted` to a neighbouring region, keeping
/// regions connected: a way out when no cell of the other solution can move.
fn perturb(grid: &mut Grid, free: &impl Fn(&usize) -> bool, rng: &mut ChaCha8Rng) {
    let cells = grid.size * grid.size;
    for _ in 0..cells {
        let cell = rng.random_range(0..cells);
        let targets = grid.foreign(cell);
        if free(&cell) && !targets.is_empty() {
            let to = targets[rng.random_range(0..targets.len())];
            if grid.try_move(cell, to) {
                return;
            }
        }
    }
}
