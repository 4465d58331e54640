//! The propagating search as the generator and the hint engine use it:
//! a sampler over changing region grids, a random solution, and the cells
//! a supposition refutes.

use std::sync::Arc;

use super::{Caps, Model, PropagateWalker, Rules, Sample};
use crate::problem::{Problem, Regions};

/// The propagating search's measure of one rule set under region grids
/// that change (the generator's): what depends only on the board and the
/// piece is computed once.
pub(crate) struct Sampler {
    problem: Problem,
    /// The model of the last sample's regions (shared with no walker
    /// between samples, so regrouped in place).
    model: Arc<Model>,
    /// The rules its samples propagate.
    rules: Rules,
}

impl Sampler {
    /// A sampler for `problem`'s rules, its samples propagating `rules`;
    /// each sample replaces its regions.
    pub(crate) fn new(problem: Problem, rules: Rules) -> Sampler {
        let model = Arc::new(Model::new(&problem));
        Sampler {
            problem,
            model,
            rules,
        }
    }

    /// What the propagating search learns of the problem with `regions`
    /// within `budget` nodes: the cells its rules leave open before the
    /// first guess, its solutions counted up to `cap` of those open cells
    /// (0: none counted), the first two; `None` when the rules show it has
    /// none.
    pub(crate) fn sample(
        &mut self,
        regions: Regions,
        budget: u64,
        cap: impl FnOnce(&[usize]) -> u128,
    ) -> Option<Sample> {
        let model = self.regroup(regions);
        PropagateWalker::sample(model, self.rules, budget, cap)
    }

    /// The model regrouped for `regions`, shared with the walker about to use it.
    fn regroup(&mut self, regions: Regions) -> Arc<Model> {
        self.problem.regions = Some(regions);
        Arc::make_mut(&mut self.model).regroup_regions(&self.problem);
        self.model.clone()
    }

    /// A solution of the problem with `regions` within `budget` nodes, ties
    /// between cells broken by `rank`, as [`ranked_first`] finds it (on the
    /// sampler's model, regrouped).
    pub(crate) fn ranked(
        &mut self,
        regions: Regions,
        rank: Vec<u32>,
        budget: u64,
    ) -> Option<Vec<usize>> {
        let model = self.regroup(regions);
        PropagateWalker::ranked_first(model, rank, budget)
    }
}

/// A solution of `problem` found by the propagating search within `budget`
/// nodes, ties between equally constrained cells broken by `rank` (lowest
/// first, one entry per cell): a random solution for a random rank. Its
/// pieces' cells, givens included, increasing.
pub(crate) fn ranked_first(problem: &Problem, rank: Vec<u32>, budget: u64) -> Option<Vec<usize>> {
    let model = Arc::new(Model::new(problem));
    PropagateWalker::ranked_first(model, rank, budget)
}

/// Whether `problem` has a solution, by the propagating search within
/// `budget` nodes: `None` when the budget ran out before it knew.
pub(crate) fn exists(problem: &Problem, budget: u64) -> Option<bool> {
    let model = Arc::new(Model::new(problem));
    PropagateWalker::exists(model, budget)
}

/// The open cells of the propagating `model`'s problem, with pieces on `pieces` and none on
/// `empty`, where a piece leads the propagating search's rules to a
/// contradiction before any guess, the quickest contradictions first;
/// `None` when the rules find one without any supposition. With `bands`
/// the rules also count regions against bands of lines (dearer), with the
/// cover sizes of `caps` (see [`Caps`]; kept there for the next call on
/// the same model).
pub(crate) fn refuted(
    model: &Arc<Model>,
    pieces: &[usize],
    empty: &[usize],
    bands: bool,
    caps: &mut Caps,
) -> Option<Vec<usize>> {
    PropagateWalker::on(model.clone(), pieces, empty).refuted(bands, caps)
}
