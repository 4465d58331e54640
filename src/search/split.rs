//! The one split of a search into independent subproblems: the placements of
//! the first pieces, in a fixed order that depends only on the plan (never on
//! threads or machines), so it numbers parallel tasks, shards and checkpoint
//! entries alike. Every solution lies under exactly one subproblem.

use crate::engine::walk::{Walk, with_walker};
use crate::plan::by_width;
use std::sync::Arc;

use super::{CountOptions, SearchError, Tally};
use crate::engine::permutation::{Counter, Counts, Permutation};
use crate::engine::propagate::{LOOK_ABOVE, LOOK_DEEP, Model, PropagateWalker};
use crate::engine::rows::{Found, Walker};
use crate::plan::{Engine, Plan};
use crate::problem::MEMORY_BUDGET;

/// The decisions a walk starts from: pieces placed, in placement order, and
/// (for the propagating search, whose siblings differ in a cell left empty)
/// cells kept empty; cells 0-based row-major.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub(crate) struct Prefix {
    /// Cells that hold a piece.
    pub(crate) pieces: Vec<usize>,
    /// Cells that stay empty.
    pub(crate) empty: Vec<usize>,
}

/// One independent part of a search: the solutions under a prefix of
/// decisions. Only [`Plan::subproblems`] makes them, and only that plan (or
/// one of the same meaning and method) counts them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Subproblem {
    /// Position in the plan's split.
    index: usize,
    /// The decisions it starts from.
    prefix: Prefix,
    /// The meaning hash of the plan that made it.
    meaning: u64,
    /// The method of the plan that made it.
    engine: Engine,
}

impl Subproblem {
    /// Position in the plan's split: shard and checkpoint numbers.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The prefix's pieces, 0-based (row, col), in placement order.
    pub fn cells(&self, cols: usize) -> Vec<(usize, usize)> {
        self.prefix
            .pieces
            .iter()
            .map(|&c| (c / cols, c % cols))
            .collect()
    }

    /// The cells the prefix keeps empty, 0-based (row, col): only the
    /// propagating search's parts have them.
    pub fn empty_cells(&self, cols: usize) -> Vec<(usize, usize)> {
        self.prefix
            .empty
            .iter()
            .map(|&c| (c / cols, c % cols))
            .collect()
    }
}

/// The parts the split aims for at least, where the tree has them: enough
/// for rayon to balance hundreds per thread. The permutation kernel's
/// subtrees are cheap to set up and uneven, so big boards take more of them
/// (measured in `docs/PERFORMANCE.md`); small ones take milliseconds.
fn target(engine: Engine, n: usize) -> usize {
    match engine {
        Engine::Permutation if n >= 14 => 2000,
        Engine::Permutation => 200,
        _ => 512,
    }
}

/// What counting a plan's subproblems needs, built once: the permutation
/// kernel compiled, or the propagating search's model; it owns no borrow of
/// the plan, so a counting thread can take it.
pub(crate) struct Split {
    counter: Option<Counter>,
    /// The propagating walk's model, built once for every part.
    model: Option<Arc<Model>>,
    /// The subproblems, in order.
    pub(crate) parts: Vec<Subproblem>,
    /// How deep [`Split::walker`]'s walks look ahead, when the parts were
    /// cut from a walk that does ([`Split::walked`]).
    look: Option<usize>,
    /// The nodes the propagating walks that cut the parts took: part of
    /// the work of a count over them, all of it when the tree is so
    /// shallow that every part is a solution.
    pub(crate) nodes: u64,
}

impl Split {
    /// `plan` ready to count subproblems, without computing the split.
    pub(crate) fn prepare(plan: &Plan) -> Split {
        let counter = (plan.engine == Engine::Permutation)
            .then(|| Permutation::of(&plan.problem))
            .flatten()
            .map(|p| Counter::new(&p));
        let model = (plan.engine == Engine::Propagate).then(|| Arc::new(Model::new(&plan.problem)));
        Split {
            counter,
            model,
            parts: Vec::new(),
            look: None,
            nodes: 0,
        }
    }

    /// `plan` as one part, the whole walk: for boards where cutting the
    /// split would cost more than it saves.
    pub(crate) fn whole(plan: &Plan) -> Split {
        let mut split = Split::prepare(plan);
        split.parts.push(Subproblem {
            index: 0,
            prefix: Prefix::default(),
            meaning: plan.meaning,
            engine: plan.engine,
        });
        split
    }

    /// Splits `plan`.
    pub(crate) fn new(plan: &Plan) -> Split {
        Split::cut(plan, None)
    }

    /// Splits `plan`, the propagating search's parts cut from the walk
    /// that probes and looks ahead (see [`PropagateWalker::split`]): for a
    /// count in one run, never for shards or checkpoints, whose parts are
    /// numbered.
    pub(crate) fn walked(plan: &Plan) -> Split {
        Split::cut(plan, Some(LOOK_ABOVE))
    }

    /// [`Split::walked`] with a walk that looks ahead [`LOOK_DEEP`]
    /// decisions deep, its parts' walks too: the second walk of a limited
    /// count ([`super::rounds`]).
    pub(crate) fn deep(plan: &Plan) -> Split {
        Split::cut(plan, Some(LOOK_DEEP))
    }

    /// The split, its parts cut from a walk that looks ahead `walked`
    /// decisions deep, or from the plain walk.
    fn cut(plan: &Plan, walked: Option<usize>) -> Split {
        let mut split = Split::prepare(plan);
        split.look = walked;
        let prefixes: Vec<Prefix> = match &split.counter {
            Some(counter) => counter
                .split(target(plan.engine, plan.rows))
                .into_iter()
                .map(|cols| {
                    let rows = cols.iter().enumerate();
                    Prefix {
                        pieces: rows.map(|(r, &c)| r * plan.cols + usize::from(c)).collect(),
                        empty: Vec::new(),
                    }
                })
                .collect(),
            None => match &split.model {
                Some(model) => {
                    let (prefixes, nodes) = plan.decision_prefixes(model, walked);
                    split.nodes = nodes;
                    prefixes
                }
                None => plan.prefixes(),
            },
        };
        split.parts = prefixes
            .into_iter()
            .enumerate()
            .map(|(index, prefix)| Subproblem {
                index,
                prefix,
                meaning: plan.meaning,
                engine: plan.engine,
            })
            .collect();
        split
    }

    /// The propagating walk's model, for a propagating plan.
    pub(crate) fn model(&self) -> Option<&Arc<Model>> {
        self.model.as_ref()
    }

    /// The propagating walk under `sub`, which must come from `plan`, the
    /// plan this split was made for; `None` when the plan does not
    /// propagate.
    pub(crate) fn walker(
        &self,
        plan: &Plan,
        sub: &Subproblem,
    ) -> Result<Option<PropagateWalker>, SearchError> {
        if sub.meaning != plan.meaning || sub.engine != plan.engine {
            return Err(SearchError::Foreign { index: sub.index });
        }
        Ok(self.walker_under(&sub.prefix.pieces, &sub.prefix.empty))
    }

    /// The propagating walk under pieces on `pieces` and none on `empty`,
    /// looking ahead as the parts' walks do; `None` when the plan does not
    /// propagate.
    pub(crate) fn walker_under(
        &self,
        pieces: &[usize],
        empty: &[usize],
    ) -> Option<PropagateWalker> {
        let walker = |m: &Arc<Model>| {
            let mut w = PropagateWalker::on(m.clone(), pieces, empty);
            if let Some(depth) = self.look {
                w.look_above(depth);
                w.confine_after_pieces();
            }
            w
        };
        self.model.as_ref().map(walker)
    }

    /// Counts the solutions (or classes) under `sub`, which must come from
    /// `plan`, the plan this split was made for.
    pub(crate) fn count(
        &self,
        plan: &Plan,
        sub: &Subproblem,
        options: &CountOptions,
    ) -> Result<Tally, SearchError> {
        if sub.meaning != plan.meaning || sub.engine != plan.engine {
            return Err(SearchError::Foreign { index: sub.index });
        }
        let prefix = &sub.prefix;
        match (&self.counter, &self.model) {
            (Some(counter), _) => {
                let cols = prefix.pieces.iter().map(|&c| (c % plan.cols) as u8);
                let cols: Vec<u8> = cols.collect();
                Ok(permutation_tally(counter.count(&cols), options.unique))
            }
            (None, Some(model)) => {
                let walker = PropagateWalker::on(model.clone(), &prefix.pieces, &prefix.empty);
                plan.count_leaves(walker, options)
            }
            (None, None) => plan.count_under(prefix, options),
        }
    }
}

/// A count from the permutation kernel as a tally.
pub(crate) fn permutation_tally(c: Counts, unique: bool) -> Tally {
    Tally {
        count: if unique { c.unique } else { c.total },
        nodes: c.nodes,
    }
}

impl Plan {
    /// The independent subproblems the search splits into, in search order;
    /// every solution lies under exactly one. The split depends only on the
    /// plan, never on the thread count, so it also numbers shards.
    pub fn subproblems(&self) -> Vec<Subproblem> {
        Split::new(self).parts
    }

    /// Counts the solutions (or classes, with `unique`) under one
    /// subproblem; the sum over [`Plan::subproblems`] is [`Plan::count`]. A
    /// subproblem of another plan is an error, never a count.
    pub fn count_subproblem(&self, sub: &Subproblem, unique: bool) -> Result<Tally, SearchError> {
        let options = CountOptions {
            unique,
            ..CountOptions::default()
        };
        Split::prepare(self).count(self, sub, &options)
    }

    /// Worker threads for `requested`: no more than the memory budget holds,
    /// each thread walking with stacks of its own.
    pub(crate) fn worker_threads(&self, requested: usize) -> usize {
        let memory = self.problem.memory();
        let room = MEMORY_BUDGET.saturating_sub(memory.plan) / memory.walker.max(1);
        requested.min(usize::try_from(room).unwrap_or(usize::MAX).max(1))
    }

    /// Counts the leaves under `prefix` on this thread (the whole tree for
    /// an empty one), up to the limit, checking the stop flag as it goes.
    pub(crate) fn count_under(
        &self,
        prefix: &Prefix,
        options: &CountOptions,
    ) -> Result<Tally, SearchError> {
        fn run<const W: usize>(
            plan: &Plan,
            prefix: &Prefix,
            options: &CountOptions,
        ) -> Result<Tally, SearchError> {
            with_walker!(plan, prefix, W, |w| plan.count_leaves(w, options))
        }
        by_width!(self.words, run(self, prefix, options))
    }

    /// Counts the leaves of one walk, compiled for its walker type.
    fn count_leaves(
        &self,
        mut walker: impl Walk,
        options: &CountOptions,
    ) -> Result<Tally, SearchError> {
        let mut count: u128 = 0;
        let mut cells = Vec::new();
        let limit = options.limit.unwrap_or(u128::MAX);
        let mut leaves: u32 = 0;
        while count < limit {
            let Some(placed) = walker.next_leaf() else {
                break;
            };
            leaves = leaves.wrapping_add(1);
            if leaves.is_multiple_of(4096) && super::run::stopped(options.stop.as_ref()) {
                return Err(SearchError::Interrupted);
            }
            if options.unique {
                super::merge(&self.problem.givens, placed, &mut cells);
                if !self.symmetry.is_canonical(&cells) {
                    continue;
                }
            }
            count += 1;
        }
        Ok(Tally {
            count,
            nodes: walker.nodes(),
        })
    }

    /// The prefixes of the row walk's split: the shallowest cut with at
    /// least the target, or all the tree has. The unit walk's siblings
    /// exclude each other, so it does not split: one empty prefix.
    fn prefixes(&self) -> Vec<Prefix> {
        fn walk<const G: bool, const W: usize>(plan: &Plan, cut: usize) -> Vec<Vec<usize>> {
            let mut w = Walker::<G, W>::new(plan, cut);
            let mut out = Vec::new();
            while w.next_leaf() == Found::Leaf {
                out.push(w.placed().to_vec());
            }
            out
        }
        fn plain<const W: usize>(plan: &Plan, cut: usize) -> Vec<Vec<usize>> {
            walk::<false, W>(plan, cut)
        }
        fn groups<const W: usize>(plan: &Plan, cut: usize) -> Vec<Vec<usize>> {
            walk::<true, W>(plan, cut)
        }
        let at = |cut| -> Vec<Prefix> {
            match self.engine {
                Engine::Rows { groups: true } => by_width!(self.words, groups(self, cut)),
                _ => by_width!(self.words, plain(self, cut)),
            }
            .into_iter()
            .map(|pieces| Prefix {
                pieces,
                empty: Vec::new(),
            })
            .collect()
        };
        if self.engine == Engine::Units {
            return vec![Prefix::default()];
        }
        let mut best = vec![Prefix::default()];
        for cut in 1..=self.need {
            let prefixes = at(cut);
            let enough = prefixes.len() >= target(self.engine, self.rows) || prefixes.len() <= 1;
            best = prefixes;
            if enough {
                break;
            }
        }
        best
    }

    /// The propagating walk's split: cuts of 1, 2, 4, … decisions until one
    /// has the target or holds the whole tree, as long as the walk to the
    /// cut takes at most [`SPLIT_NODES`] nodes (else the last cut within
    /// it): splitting stays a small part of the search. With `walked` (see
    /// [`Split::walked`]), those plain walks take at most [`WALKED_CUT_NODES`]
    /// nodes, and the cut so found is then walked once by the walk that
    /// probes and looks ahead. Also the nodes all those walks took.
    fn decision_prefixes(&self, model: &Arc<Model>, walked: Option<usize>) -> (Vec<Prefix>, u64) {
        let mut best = vec![Prefix::default()];
        let mut cut = 1;
        let mut nodes = 0;
        let plain = if walked.is_some() {
            WALKED_CUT_NODES
        } else {
            SPLIT_NODES
        };
        let mut split = |cut, walked: Option<usize>| {
            let budget = if walked.is_some() { SPLIT_NODES } else { plain };
            let (paths, walk) = PropagateWalker::split(model, cut, budget, walked);
            nodes += walk;
            paths
        };
        while let Some(paths) = split(cut, None) {
            let whole = paths.iter().all(|(p, e)| p.len() + e.len() < cut);
            let enough = paths.len() >= target(self.engine, self.rows) || whole;
            best = paths
                .into_iter()
                .map(|(pieces, empty)| Prefix { pieces, empty })
                .collect();
            if enough {
                break;
            }
            cut *= 2;
        }
        // The walk that looks ahead is dear on big boards: it walks to the
        // cut found once, and the plain parts stand when it takes too long.
        let cut = best.iter().map(|p| p.pieces.len() + p.empty.len()).max();
        let prefixes = match cut
            .filter(|&c| walked.is_some() && c > 0)
            .and_then(|cut| split(cut, walked))
        {
            Some(paths) => paths
                .into_iter()
                .map(|(pieces, empty)| Prefix { pieces, empty })
                .collect(),
            None => best,
        };
        (prefixes, nodes)
    }
}

/// The most nodes the propagating walk spends on finding its split.
const SPLIT_NODES: u64 = 1024;

/// The most nodes a plain walk spends on finding the cut of a split whose
/// parts are then cut by the walk that looks ahead ([`Split::walked`]):
/// one thread walks them before the parts start, and the rounds give
/// parts away when the split has few (docs/PERFORMANCE.md, "Region proofs
/// on two threads").
const WALKED_CUT_NODES: u64 = 64;
