//! Restarts: short walks that break ties between equally constrained cells
//! at random, each within a budget of nodes that follows the Luby sequence.
//!
//! A walk that takes a wrong turn near the root can spend minutes in a
//! subtree with no solution while a walk that turned otherwise finds one at
//! once (a planted 40×40 4★ board: `--first` over 60 s in search order,
//! while half of the random walks of 1 000 nodes end on a solution; notes in
//! docs/PERFORMANCE.md). Restarts find solutions, never prove there are no
//! more: they take turns with the complete walk, which still decides when
//! a search is over. [`Soonest`] is `--first`'s walk; the limited counts of
//! `search::rounds` take restarts in turn with their walks.

use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{Model, PropagateWalker};
use crate::engine::walk::Walk;

/// The nodes a search takes alone before restarts take turns with it: easy
/// puzzles, which the complete walk solves sooner, never start one, and
/// their first solution stays the search order's.
pub(crate) const RESTART_AFTER: u64 = 20_000;

/// Nodes of a restart for each step of the Luby sequence.
const UNIT: u64 = 512;

/// Random restarts of the propagating walk on one model, in a fixed order
/// (the same seed every time), so a search that uses them repeats itself.
pub(crate) struct Restarts {
    model: Arc<Model>,
    rng: ChaCha8Rng,
    /// Restarts run so far.
    runs: u64,
    /// Nodes they took.
    pub(crate) nodes: u64,
}

impl Restarts {
    /// Restarts of walks on `model`.
    pub(crate) fn new(model: Arc<Model>) -> Restarts {
        Restarts {
            model,
            rng: ChaCha8Rng::seed_from_u64(0x5eed),
            runs: 0,
            nodes: 0,
        }
    }

    /// Runs the next restart: the solution it found, as its pieces (givens
    /// left out), increasing; `None` when its budget ran out or the rules
    /// showed there is none.
    pub(crate) fn next(&mut self) -> Option<Vec<usize>> {
        self.runs += 1;
        let cells = self.model.rows * self.model.cols;
        let mut rank: Vec<u32> = (0..cells as u32).collect();
        rank.shuffle(&mut self.rng);
        let mut w = PropagateWalker::on(self.model.clone(), &[], &[]);
        w.rank = Some(rank);
        w.never_probe();
        w.budget = luby(self.runs) * UNIT;
        let found = w.next_leaf();
        self.nodes += w.nodes;
        found.then(|| w.placed().to_vec())
    }
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …:
/// the restart budgets that lose at most a logarithmic factor against the
/// best fixed budget, unknown in advance.
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// The walk `--first` takes on a propagating search: the complete walk
/// alone for [`RESTART_AFTER`] nodes, then in turns with restarts, each
/// side as many nodes as the other, until either finds a solution; after
/// that the complete walk goes on alone and skips the solution a restart
/// gave, so every solution still comes once.
pub(crate) struct Soonest {
    walk: PropagateWalker,
    /// The nodes the complete walk takes alone.
    after: u64,
    restarts: Restarts,
    /// Whether the first solution was asked for: from then on the complete
    /// walk goes alone.
    started: bool,
    /// The solution a restart found, given first.
    given: Option<Vec<usize>>,
}

impl Soonest {
    /// The walk over every solution of `model`'s problem.
    pub(crate) fn new(model: Arc<Model>) -> Soonest {
        Soonest {
            walk: PropagateWalker::on(model.clone(), &[], &[]),
            after: RESTART_AFTER,
            restarts: Restarts::new(model),
            started: false,
            given: None,
        }
    }

    /// Whether the first solution comes from a restart (then in `given`)
    /// rather than the complete walk; `None` when there is none.
    fn first_by_restart(&mut self) -> Option<bool> {
        loop {
            self.walk.set_budget(self.after + self.restarts.nodes);
            if self.walk.next_leaf() {
                return Some(false);
            }
            if self.walk.done() {
                return None;
            }
            if let Some(solution) = self.restarts.next() {
                self.given = Some(solution);
                return Some(true);
            }
        }
    }
}

impl Walk for Soonest {
    fn next_leaf(&mut self) -> Option<&[usize]> {
        if !self.started {
            self.started = true;
            let by_restart = self.first_by_restart()?;
            self.walk.set_budget(u64::MAX);
            return Some(if by_restart {
                self.given.as_deref()?
            } else {
                self.walk.placed()
            });
        }
        loop {
            if !self.walk.next_leaf() {
                return None;
            }
            if self.given.as_deref() != Some(self.walk.placed()) {
                return Some(self.walk.placed());
            }
        }
    }

    fn nodes(&self) -> u64 {
        self.walk.nodes + self.restarts.nodes
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Arc;

    use super::{Model, PropagateWalker, Soonest, luby};
    use crate::engine::walk::Walk;

    #[test]
    fn the_luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    /// Every solution, once: [`Soonest`] with restarts from the first
    /// node (the first solution from a restart on these boards) gives the
    /// same solutions as the complete walk.
    #[test]
    fn soonest_gives_every_solution_once() {
        // One piece per row and column, no two touching, on 5×5 to 7×7
        // boards: 14, 90 and 646 solutions (A002464).
        for n in 5..=7 {
            let text = format!(
                "name = \"s\"\n[board]\nrows = {n}\n[piece]\ncount = {n}\nleaps = [\"king\"]\n\
                 [[group]]\nof = \"row\"\ncount = 1\n[[group]]\nof = \"column\"\ncount = 1\n"
            );
            let spec = crate::spec::RuleSpec::parse("t.toml", &text).unwrap();
            let problem = crate::problem::Problem::bind(&spec, &Default::default()).unwrap();
            let model = Arc::new(Model::new(&problem));
            let mut all = PropagateWalker::on(model.clone(), &[], &[]);
            let mut want = BTreeSet::new();
            while all.next_leaf() {
                want.insert(all.placed().to_vec());
            }
            for after in [0, 3, u64::MAX] {
                let mut soonest = Soonest::new(model.clone());
                soonest.after = after;
                let mut got = Vec::new();
                while let Some(placed) = soonest.next_leaf() {
                    got.push(placed.to_vec());
                }
                let distinct: BTreeSet<Vec<usize>> = got.iter().cloned().collect();
                assert_eq!(
                    distinct.len(),
                    got.len(),
                    "n = {n}, after {after}: a solution twice"
                );
                assert_eq!(distinct, want, "n = {n}, after {after}");
                assert_eq!(
                    soonest.given.is_some(),
                    after == 0,
                    "n = {n}, after {after}"
                );
                assert!(want.len() > 1, "n = {n}: {} solutions", want.len());
            }
        }
    }
}
