//! The planted solution: a random solution of the rules with rows for
//! regions (`k` pieces per row, keeping the rules' lines, leaps and column
//! counts), found by the propagating search with ties between cells broken
//! in a random order, within a node budget. It only samples; whether a
//! placement exists at all is the engine's answer ([`super::generate`] asks
//! it first).

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::problem::Problem;

/// Nodes one randomised search may take before [`plant`] gives up on it.
const BUDGET: u64 = 20_000;

/// A random solution of `rows`, a problem whose regions are its rows, its
/// cells increasing; `None` when the search ran out of budget in this
/// random order.
pub(super) fn plant(rows: &Problem, rng: &mut ChaCha8Rng) -> Option<Vec<usize>> {
    crate::engine::propagate::ranked_first(rows, random_rank(rows.cells(), rng), BUDGET)
}

/// A random order of `cells` cells, as ranks: ties between equally
/// constrained cells broken by it give a random solution.
pub(super) fn random_rank(cells: usize, rng: &mut ChaCha8Rng) -> Vec<u32> {
    let mut rank: Vec<u32> = (0..cells as u32).collect();
    rank.shuffle(rng);
    rank
}
