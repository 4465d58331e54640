//! Carving a unique puzzle out of a region grid by hill climbing, with the
//! propagating search in the loop. A grid's distance from a unique puzzle
//! is first the cells by which its regions pass twice the average size
//! (published puzzles have no larger region), then the number of its
//! solutions (counted up to a cap, and only when few cells are open), then
//! the cells the engine's rules leave open before their first guess, then
//! (on large grids) the search space they leave.
//! Each step picks a cell, half of the time one left open or next to one,
//! else any cell; it redraws the border between the cell's region and a
//! neighbouring one, or carries the cell (outside the planted solution,
//! with a path to its region's border) into a neighbouring region. The move
//! stays when the distance does not grow, and now and then when a grid of
//! few solutions gets a few more. The planted solution, which every region
//! keeps its share of, is replaced now and then by another of the grid's
//! own solutions (replanting), so that other moves open up. Every question to the engine has
//! a node budget; the region model is regrouped, not rebuilt, per grid.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::grid::{Change, Grid};
use crate::engine::propagate::{Rules, Sample, Sampler};
use crate::problem::Problem;

/// Counting stops here (a grid with more solutions is this far).
const CAP: u128 = 32;
/// Nodes per count while climbing.
const BUDGET: u64 = 2_000;
/// Steps without getting closer before the climb gives up (measured on two
/// stars 18–24 and three stars 17–21: 1 000 to 5 000 do about as well,
/// 200 fails most three-star grids from 21×21).
const PATIENCE: usize = 2_000;
/// How often a step redraws the border between two regions instead of
/// carrying one cell (measured on three to five stars, 22–26: 0.3 and 0.5
/// do about as well; without, most three-star climbs from 23×23 stall
/// with hundreds of cells open).
const REDRAW: f64 = 0.5;
/// How often a step that makes a counted grid (a few solutions) worse is
/// kept, so that the climb can leave a grid where every move that kills
/// one solution lets in others (and, once unique, a move that opens more
/// cells, when the rules must decide every cell).
const UPHILL: f64 = 0.05;
/// Steps without getting closer after which the planted solution is
/// replaced by a random solution of the grid (measured on three to five
/// stars at 24–26, 32 seeds, one thread: every seed found a puzzle, in
/// 0.13–2.9 s, against 0.6–49 s and one failure with the first planted
/// solution kept; every 30 steps did about as well but up to 18 s, every
/// 500 worse; docs/notes/puzzles.md).
const REPLANT_AFTER: usize = 100;
/// Nodes the search may take to find that solution (else the planted one
/// stays): 20 000 made some replantings cost more than the climb.
const REPLANT_NODES: u64 = 2_000;
/// No move makes a region larger than this many times the average (the
/// board's side): published Star Battles keep their largest region within
/// about twice the average (docs/PUZZLES.md, "Generating"; the tests
/// check it).
const LARGEST: usize = 2;
/// From this size on, grids with as many cells open are told apart by the
/// search space the rules leave, so that moves that open no fewer cells can
/// still make progress (measured on three to five stars at 24–26, two sets
/// of 240 attempts: 12 and 14 successes against 6 and 8, in 1.67 M and
/// 1.63 M region grids against 1.88 M and 1.83 M; docs/notes/puzzles.md). Below
/// it, the puzzles stay as they were.
const FINE: usize = 20;

/// The engine's answers about region grids of one rule set, each within a
/// node budget, so that no grid can stall the generator.
pub(super) struct Judge {
    sampler: Sampler,
    /// Region grids measured so far.
    pub(super) evaluations: usize,
    /// Whether a grid is done only when the rules decide every cell (not
    /// only when it has one solution).
    decided: bool,
}

/// How far a grid is from a unique puzzle: smaller is closer, and a count
/// of one is there (with no cell open, when the rules must decide them).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Distance {
    /// Solutions counted up to [`CAP`], or [`CAP`] when not counted.
    count: u128,
    /// The cells the rules leave open at the root, increasing.
    open: Vec<usize>,
    /// Between grids with as many cells open, the search space the rules
    /// leave ([`Sample::space`]); 0 below [`FINE`].
    space: u64,
}

impl Distance {
    /// The distance as a key: smaller is closer.
    fn key(&self) -> (u128, usize, u64) {
        (self.count, self.open.len(), self.space)
    }
}

impl Judge {
    /// A judge for `problem`'s rules (its regions are replaced by each
    /// grid's) whose samples propagate `rules`; with `decided`, a grid is
    /// done only once they decide every cell.
    pub(super) fn new(problem: Problem, rules: Rules, decided: bool) -> Judge {
        Judge {
            sampler: Sampler::new(problem, rules),
            evaluations: 0,
            decided,
        }
    }

    /// The propagating search's sample of the problem with `grid`'s regions,
    /// its solutions counted up to `cap` of the cells open at the root.
    fn sample(
        &mut self,
        grid: &Grid,
        budget: u64,
        cap: impl FnOnce(&[usize]) -> u128,
    ) -> Option<Sample> {
        self.evaluations += 1;
        self.sampler.sample(grid.regions(), budget, cap)
    }

    /// A random solution of `grid` (ties between cells broken in a random
    /// order), if the search finds one within [`REPLANT_NODES`] nodes.
    fn replant(&mut self, grid: &Grid, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
        let rank = super::plant::random_rank(grid.region.len(), rng);
        self.sampler.ranked(grid.regions(), rank, REPLANT_NODES)
    }

    /// `grid`'s distance from a unique puzzle: its solutions are counted
    /// (within [`BUDGET`] nodes) only when at most `most` cells are open;
    /// from size [`FINE`] on, the search space breaks ties.
    fn distance(&mut self, grid: &Grid, most: usize) -> Distance {
        let fine = grid.size >= FINE;
        let counting = |open: &[usize]| if open.len() <= most { CAP } else { 0 };
        match self.sample(grid, BUDGET, counting) {
            None => Distance {
                count: CAP,
                open: (0..grid.region.len()).collect(),
                space: u64::MAX,
            },
            Some(s) => Distance {
                count: if s.open.len() <= most && s.finished {
                    s.count
                } else {
                    CAP
                },
                space: if fine { s.space } else { 0 },
                open: s.open,
            },
        }
    }
}

/// Carves `grid`, whose regions each hold their share of `planted`, until
/// `planted` (replanted on the way) is its only solution, no region has
/// more than [`LARGEST`] times the average cells, and, if the judge asks,
/// the judge's rules decide every cell: returns whether it got there before
/// [`PATIENCE`] steps in a row brought it no closer than it had been (or
/// `stop` said so).
/// `planted` (increasing) stays a solution throughout: every region keeps
/// its share (a carry moves none of its cells, a redraw shares them out
/// anew between two regions), and after every [`REPLANT_AFTER`] steps without
/// getting closer it becomes another solution of the grid. The distance
/// does not depend on it; the moves do.
pub(super) fn carve(
    judge: &mut Judge,
    grid: &mut Grid,
    planted: &mut Vec<usize>,
    rng: &mut ChaCha8Rng,
    stop: &dyn Fn() -> bool,
) -> bool {
    // Counting pays once the open cells are about a row's worth.
    let most = grid.size;
    let cap = LARGEST * grid.size;
    let mut sizes = grid.sizes();
    let mut over = excess(&sizes, cap);
    let mut now = judge.distance(grid, most);
    let mut best = (over, now.key());
    let mut idle = 0;
    while over > 0 || now.count > 1 || judge.decided && !now.open.is_empty() {
        if idle == PATIENCE || stop() {
            return false;
        }
        idle += 1;
        // With one solution, that is the planted one already.
        if idle % REPLANT_AFTER == 0
            && now.count != 1
            && let Some(other) = judge.replant(grid, rng)
        {
            *planted = other;
        }
        let held: &[usize] = planted;
        let free = |c: usize| held.binary_search(&c).is_err();
        let cell = pick(grid, &now, rng);
        let Some(change) = step(grid, cell, &free, rng) else {
            continue;
        };
        grid.resize(&mut sizes, &change);
        let next_over = excess(&sizes, cap);
        // a region grown past the cap is never kept
        let next = (next_over <= over).then(|| judge.distance(grid, most));
        let Some(next) = next.filter(|next| {
            let uphill = next.count < CAP && rng.random_bool(UPHILL);
            (next_over, next.key()) <= (over, now.key()) || uphill
        }) else {
            grid.undo(&change);
            sizes = grid.sizes();
            continue;
        };
        if (next_over, next.key()) < best {
            best = (next_over, next.key());
            idle = 0;
        }
        (now, over) = (next, next_over);
    }
    true
}

/// The cells by which regions pass `cap`, summed.
fn excess(sizes: &[usize], cap: usize) -> usize {
    sizes.iter().map(|&s| s.saturating_sub(cap)).sum()
}

/// A cell to move from: half of the time one `now` leaves open or next to
/// one, else any cell.
fn pick(grid: &Grid, now: &Distance, rng: &mut ChaCha8Rng) -> usize {
    if !now.open.is_empty() && rng.random_bool(0.5) {
        let open = now.open[rng.random_range(0..now.open.len())];
        let near: Vec<usize> = std::iter::once(open).chain(grid.neighbours(open)).collect();
        near[rng.random_range(0..near.len())]
    } else {
        rng.random_range(0..grid.region.len())
    }
}

/// One move at `cell`: [`REDRAW`] of the time the border between its region
/// and a neighbouring one is redrawn (none when the cell is inside its
/// region), else the cell is carried to a neighbouring region (none when it
/// is planted, `!free`). Returns the change, if any.
fn step(
    grid: &mut Grid,
    cell: usize,
    free: &dyn Fn(usize) -> bool,
    rng: &mut ChaCha8Rng,
) -> Option<Change> {
    if rng.random_bool(REDRAW) {
        let next = grid.foreign(cell);
        let &b = next.get(rng.random_range(0..next.len().max(1)))?;
        grid.redraw(grid.region[cell], b, |c| !free(c), rng)
    } else if free(cell) {
        grid.carry(cell, |c| !free(c), rng)
    } else {
        None
    }
}
