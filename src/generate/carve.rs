//! Carving a unique puzzle out of a region grid, with the propagating search
//! in the loop: find a solution other than the planted one, kill it by moving
//! one of its cells (with a path to its region's border) to a neighbouring
//! region, preferring the move that leaves the fewest solutions and then the
//! fewest cells open to the engine's rules, until the planted solution is
//! the only one; then even out the regions with moves that keep it the only
//! one. Every question to the engine has a node budget.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::grid::Grid;
use crate::problem::Problem;
use crate::search::Sample;

/// Candidate moves measured per step, at most.
const TRIES: usize = 8;
/// Counting stops here while comparing candidate moves.
const CAP: u128 = 32;
/// Nodes per count while comparing candidate moves.
const BUDGET: u64 = 2_000;
/// Nodes per uniqueness check: a grid that needs more is given up.
const CHECK: u64 = 50_000;

/// The engine's answers about region grids of one rule set, each within a
/// node budget, so that no grid can stall the generator.
pub(super) struct Judge {
    problem: Problem,
    /// Region grids measured so far.
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

    /// The propagating search's sample of the problem with `grid`'s regions.
    fn sample(&mut self, grid: &Grid, cap: u128, budget: u64) -> Option<Sample> {
        self.evaluations += 1;
        self.problem.regions = Some(grid.regions());
        crate::search::sample(&self.problem, cap, budget)
    }

    /// The first two solutions with `grid`'s regions (fewer if there are
    /// fewer), each as its cells, increasing; `None` when the search needs
    /// more than [`CHECK`] nodes to tell.
    pub(super) fn two(&mut self, grid: &Grid) -> Option<Vec<Vec<usize>>> {
        match self.sample(grid, 2, CHECK) {
            None => Some(Vec::new()),
            Some(s) => s.finished.then_some(s.first),
        }
    }

    /// Whether `grid`'s regions give exactly one solution, as far as
    /// [`CHECK`] nodes tell (more nodes count as no).
    fn unique(&mut self, grid: &Grid) -> bool {
        self.sample(grid, 2, CHECK)
            .is_some_and(|s| s.finished && s.count == 1)
    }

    /// How far `grid`'s regions are from a unique puzzle: its solutions
    /// counted up to [`CAP`] ([`CAP`] when [`BUDGET`] nodes do not tell),
    /// then the cells the rules leave open before any guess.
    fn distance(&mut self, grid: &Grid) -> (u128, usize) {
        match self.sample(grid, CAP, BUDGET) {
            // No solution at all: never closer (the planted one keeps this
            // from happening).
            None => (CAP, usize::MAX),
            Some(s) if s.finished => (s.count, s.open),
            Some(s) => (CAP, s.open),
        }
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
    let cells = grid.size * grid.size;
    for _ in 0..steps {
        let Some(two) = judge.two(grid) else {
            return false;
        };
        let Some(other) = two.iter().find(|s| s.as_slice() != planted) else {
            return two.len() == 1;
        };
        // Moving a cell of `other` out of its region leaves that region a
        // piece short, so `other` is no longer a solution: the cell goes
        // with a path to its region's border, so that inner cells can move.
        let mut killing: Vec<usize> = other.iter().copied().filter(free).collect();
        killing.shuffle(rng);
        let mut best: Option<((u128, usize), Vec<usize>, usize)> = None;
        let mut tried = 0;
        for cell in killing {
            if tried == TRIES {
                break;
            }
            let Some((path, from)) = grid.carry(cell, |c| !free(&c), rng) else {
                continue;
            };
            tried += 1;
            let to = grid.region[cell];
            let score = judge.distance(grid);
            for &c in &path {
                grid.region[c] = from;
            }
            if best.as_ref().is_none_or(|(b, ..)| score < *b) {
                best = Some((score, path, to));
            }
            if score.0 == 1 {
                break;
            }
        }
        match best {
            Some((_, path, to)) => {
                for c in path {
                    grid.region[c] = to;
                }
            }
            // No cell of `other` can move: shake the grid at random.
            None => {
                let cell = rng.random_range(0..cells);
                if free(&cell) {
                    grid.carry(cell, |c| !free(&c), rng);
                }
            }
        }
    }
    false
}

/// Evens out a unique grid's regions: moves random cells outside `planted`
/// from a larger region to a smaller neighbouring one, keeping each move
/// that leaves the puzzle unique (counted with limit 2 within the check's
/// node budget), until no region is more than three times the average or
/// the budget of counts is spent. The grid stays unique throughout.
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
        if judge.unique(grid) {
            sizes[from] -= 1;
            sizes[to] += 1;
        } else {
            grid.region[cell] = from;
        }
    }
}
