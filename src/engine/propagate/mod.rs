//! The propagating search for rule sets with groups (region games, star
//! battle): after every decision it runs its rules to a fixed point (forced
//! pieces, exclusions, capacity under the no-touch rule, confinement between
//! families), then branches on one open cell of the most constrained unit
//! (the one in the most constrained other units): piece first, then empty.
//! Its state is plain vectors, so any board size works.

mod areas;
mod band;
mod common;
mod confine;
mod cover;
mod follow;
mod model;
mod probe;
mod restart;
mod rules;
mod sampler;
mod state;
mod strip;

use std::sync::Arc;

use crate::problem::Problem;
pub(crate) use areas::{Area, Count, Decision, Side, Tally};
pub(crate) use common::{GROUP, attacking_all};
pub(crate) use confine::{Confinement, confinement_of};
pub(crate) use cover::{at_least, lines_of};
pub(crate) use follow::settled;
pub(crate) use model::Model;
use model::TOTAL;
pub(crate) use restart::{RESTART_AFTER, Restarts, Soonest};
pub(crate) use rules::{Caps, Rules};
pub(crate) use sampler::{Sampler, exists, ranked_first, refuted};
use state::{Cell, Conflict, State};

/// The decisions on a path: cells with a piece, cells left empty.
pub(crate) type Decisions = (Vec<usize>, Vec<usize>);

/// One decision on the stack: the nodes taken before it, the cell, the
/// trail mark before it, whether the empty branch is under way, and
/// whether it was given away ([`PropagateWalker::give_away`]).
#[derive(Debug, Clone, Copy)]
struct Frame {
    start: u64,
    mark: usize,
    cell: usize,
    empty: bool,
    given: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Start,
    Descend,
    Backtrack,
    Done,
}

/// A resumable walk to every solution.
pub(crate) struct PropagateWalker {
    m: Arc<Model>,
    st: State,
    stack: Vec<Frame>,
    phase: Phase,
    placed: Vec<usize>,
    /// Decided before the walk: pieces, then empty cells.
    prefix: (Vec<usize>, Vec<usize>),
    /// Nodes at this many decisions are leaves, for [`PropagateWalker::split`].
    cut: Option<usize>,
    /// Branches taken.
    pub(crate) nodes: u64,
    /// Nodes after which [`PropagateWalker::next_leaf`] stops descending
    /// and returns false, the walk unfinished (for [`PropagateWalker::sample`]).
    budget: u64,
    /// Breaks ties between equally constrained cells, lowest first (by
    /// default the cell's index).
    rank: Option<Vec<u32>>,
    /// A decision whose piece branch took more than this many nodes starts
    /// its empty branch with a round of probing ([`PropagateWalker::probe`]).
    probe_after: u64,
    /// The rules propagation runs after every decision: all of them but in
    /// the generator's samples aimed at easier puzzles.
    rules: Rules,
    /// How many rounds of probing in a row found nothing (at most 32): the
    /// next round waits for a piece branch of `probe_after << backoff` nodes.
    backoff: u32,
    /// Nodes with fewer decisions above them choose their branch by looking
    /// ahead ([`PropagateWalker::look_ahead`]).
    look_above: usize,
    /// Whether the root starts with a round of probing.
    probe_first: bool,
    /// The rules an empty decision's propagation runs, and a failed
    /// probe's, when they are not `rules`: [`Rules::Probe`] for the proofs'
    /// walks ([`PropagateWalker::confine_after_pieces`]).
    below: Option<Rules>,
}

/// The nodes a piece branch takes before the empty branch is probed:
/// measured on the published 4★ and 5★ puzzles, 300–500 do best, 100 and
/// 1 000 worse (docs/notes/puzzles.md); easy puzzles never reach it.
const PROBE_AFTER: u64 = 500;

/// The decisions at the top of the tree that look ahead: measured on the
/// published 3★ to 5★ puzzles, 4–6 do best (docs/notes/puzzles.md).
pub(crate) const LOOK_ABOVE: usize = 5;

/// The decisions that look ahead in the second walk a limited count starts
/// when the first is slow (`search::rounds`): on planted 26×26 6★ boards
/// 8 to 12 cut the slowest proofs 3–10× and make easy ones slower; as the
/// second walk, 12 did best (docs/PERFORMANCE.md).
pub(crate) const LOOK_DEEP: usize = 12;

/// What [`PropagateWalker::sample`] learnt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sample {
    /// Cells the rules leave open before any decision, increasing.
    pub(crate) open: Vec<usize>,
    /// Solutions found, at most the cap.
    pub(crate) count: u128,
    /// The first two solutions (fewer if there are fewer), each as its
    /// pieces' cells, givens included, increasing.
    pub(crate) first: Vec<Vec<usize>>,
    /// Whether the walk ended or reached the cap within the budget: when
    /// false, `count` is a lower bound.
    pub(crate) finished: bool,
    /// The search space the rules leave at the root: the sum over the
    /// units (rows, columns, regions, …) of ln C(open cells, pieces still
    /// needed), in thousandths.
    pub(crate) space: u64,
}

impl PropagateWalker {
    /// A walk over the solutions of `problem` with pieces on `pieces` and
    /// none on `empty`: one part of [`PropagateWalker::split`].
    pub(crate) fn under(problem: &Problem, pieces: &[usize], empty: &[usize]) -> Self {
        PropagateWalker::on(Arc::new(Model::new(problem)), pieces, empty)
    }

    /// [`PropagateWalker::under`] on a model already built.
    pub(crate) fn on(m: Arc<Model>, pieces: &[usize], empty: &[usize]) -> Self {
        let st = State::new(&m);
        PropagateWalker {
            m,
            st,
            stack: Vec::new(),
            phase: Phase::Start,
            placed: Vec::new(),
            prefix: (pieces.to_vec(), empty.to_vec()),
            cut: None,
            nodes: 0,
            budget: u64::MAX,
            rank: None,
            probe_after: PROBE_AFTER,
            rules: Rules::All,
            backoff: 0,
            look_above: LOOK_ABOVE,
            probe_first: false,
            below: None,
        }
    }

    /// No probing and no looking ahead: the walk the split, the generator's
    /// samples and ranked solutions take, so that their parts and puzzles
    /// stay what they were.
    fn never_probe(&mut self) {
        self.probe_after = u64::MAX;
        self.look_above = 0;
    }

    /// The decisions of every node at `cut` decisions that propagation
    /// leaves standing, and of every solution above them, in walk order:
    /// (pieces, empty cells). Every solution lies under exactly one; all of
    /// them end above `cut` when the tree is that shallow. `None` once the
    /// walk takes more than `budget` nodes. With `walked`, the nodes are
    /// those of the whole walk, which probes and looks ahead at nodes with
    /// fewer decisions above them than `walked` says, so that its parts
    /// together take about the whole walk's work; without, those of a walk
    /// that does neither: parts numbered for shards and checkpoints never
    /// change with probing. Also the nodes the walk took, within the
    /// budget or not: they are part of the work of a count split so.
    pub(crate) fn split(
        m: &Arc<Model>,
        cut: usize,
        budget: u64,
        walked: Option<usize>,
    ) -> (Option<Vec<Decisions>>, u64) {
        let mut w = PropagateWalker::on(m.clone(), &[], &[]);
        w.cut = Some(cut);
        match walked {
            Some(depth) => {
                w.look_above(depth);
                w.confine_after_pieces();
            }
            None => w.never_probe(),
        }
        let mut out = Vec::new();
        while w.next_leaf() {
            if w.nodes > budget {
                return (None, w.nodes);
            }
            let (pieces, empty) = w.stack.iter().partition::<Vec<&Frame>, _>(|f| !f.empty);
            out.push((
                pieces.iter().map(|f| f.cell).collect(),
                empty.iter().map(|f| f.cell).collect(),
            ));
        }
        ((w.nodes <= budget).then_some(out), w.nodes)
    }

    /// Gives away the empty branch of the shallowest decision on the path
    /// whose empty branch is still to come: the walk will not take it,
    /// and the decisions returned, the walk's prefix included, lead to it
    /// (pieces, empty cells), so that another walk under them finds its
    /// solutions. `None` when there is no such decision.
    pub(crate) fn give_away(&mut self) -> Option<Decisions> {
        let at = self.stack.iter().position(|f| !f.empty && !f.given)?;
        let (mut pieces, mut empty) = self.prefix.clone();
        for f in &self.stack[..at] {
            if f.empty { &mut empty } else { &mut pieces }.push(f.cell);
        }
        empty.push(self.stack[at].cell);
        self.stack[at].given = true;
        Some((pieces, empty))
    }

    /// Starts the walk with a round of probing at its root, as the walk
    /// that gave its branch away would have probed it.
    pub(crate) fn probe_at_root(&mut self) {
        self.probe_first = true;
    }

    /// Runs confinement at the walk's root and after its piece decisions
    /// only, not after empty decisions and failed probes: an emptied cell
    /// seldom lets confinement decide what the other rules would not find
    /// a decision later. The published 4–6★ proofs take more nodes and
    /// fewer instructions; planted boards with several solutions stay
    /// within a tenth of their nodes, where skipping it after piece
    /// decisions too cost them up to 12.5× (docs/PERFORMANCE.md). The rounds'
    /// walks run so; walks whose parts or solutions must stay as they were
    /// (shards, samples, `--first`) do not.
    pub(crate) fn confine_after_pieces(&mut self) {
        self.below = Some(Rules::Probe);
    }

    /// Looks ahead at the nodes with fewer than `depth` decisions above
    /// them, the part's prefix counted ([`LOOK_ABOVE`] unless told).
    pub(crate) fn look_above(&mut self, depth: usize) {
        self.look_above = depth;
    }

    /// Lets the walk take `budget` nodes in all: past them
    /// [`PropagateWalker::next_leaf`] returns false, the walk unfinished,
    /// and a larger budget resumes it where it stopped.
    pub(crate) fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    /// Whether the walk has ended: every solution under its prefix found.
    pub(crate) fn done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The pieces of the last solution, givens left out, increasing.
    pub(crate) fn placed(&self) -> &[usize] {
        &self.placed
    }

    fn propagate(&mut self) -> Result<(), Conflict> {
        self.propagate_with(self.rules)
    }

    /// Runs the unit rules and then `rules` until none decides a cell.
    fn propagate_with(&mut self, rules: Rules) -> Result<(), Conflict> {
        loop {
            self.st.settle(&self.m)?;
            if !rules::deduce(&self.m, &mut self.st, rules)? {
                return Ok(());
            }
        }
    }

    /// Runs the rules after an empty decision or a failed probe until none
    /// decides a cell.
    fn propagate_below(&mut self) -> Result<(), Conflict> {
        self.propagate_with(self.below.unwrap_or(self.rules))
    }

    /// Decides a cell and propagates: a piece with every rule of the walk,
    /// an empty cell with [`PropagateWalker::propagate_below`]'s.
    fn decide(&mut self, cell: usize, to: Cell) -> bool {
        self.nodes += 1;
        self.st.set(&self.m, cell, to).is_ok()
            && match to {
                Cell::Empty => self.propagate_below(),
                _ => self.propagate(),
            }
            .is_ok()
    }

    /// The unit to branch on: the one with the fewest spare open cells among
    /// those that still need a piece; of those, the one that needs most.
    fn unit(&self) -> Option<usize> {
        let (m, st) = (&self.m, &self.st);
        (0..m.units.len())
            .filter(|&u| st.need(m, u) > 0 && st.open[u] > 0)
            .min_by_key(|&u| (st.open[u] - st.need(m, u), std::cmp::Reverse(st.open[u])))
    }

    /// The open cell to branch on: in the most constrained unit, the one whose
    /// other units (the whole board aside) have the fewest spare open cells
    /// between them, the first of those.
    fn choose(&self) -> Option<usize> {
        let (m, st) = (&self.m, &self.st);
        let spare = |c: usize| -> u32 {
            m.cell_units[c]
                .iter()
                .map(|&v| v as usize)
                .filter(|&v| v != TOTAL)
                .map(|v| st.open[v].saturating_sub(st.need(m, v)))
                .sum()
        };
        let rank = |c: usize| self.rank.as_ref().map_or(c as u32, |r| r[c]);
        self.unit()
            .and_then(|u| st.open_cells(m, u).min_by_key(|&c| (spare(c), rank(c))))
    }

    /// The open cell to branch on, by looking ahead near the top of the
    /// tree and by [`PropagateWalker::choose`] below; a conflict when
    /// looking ahead shows the node has no solution.
    fn branch(&mut self) -> Result<Option<usize>, Conflict> {
        // A part of the split looks ahead as the whole walk would at its
        // depth: its prefix counts as decisions above it.
        let depth = self.stack.len() + self.prefix.0.len() + self.prefix.1.len();
        if depth < self.look_above {
            self.look_ahead()
        } else {
            Ok(self.choose())
        }
    }

    /// Places the givens and the prefix and propagates: the root.
    fn start(&mut self) {
        let pieces = self.m.givens.iter().chain(&self.prefix.0);
        let pieces: Vec<usize> = pieces.copied().collect();
        let (m, st) = (&self.m, &mut self.st);
        let ok = pieces.iter().all(|&g| st.set(m, g, Cell::Piece).is_ok())
            && self
                .prefix
                .1
                .iter()
                .all(|&e| st.set(m, e, Cell::Empty).is_ok())
            && self.propagate().is_ok()
            && (!self.probe_first || self.probe());
        self.phase = if ok { Phase::Descend } else { Phase::Done };
    }

    /// What the walk learns of the model's problem within `budget` nodes:
    /// the cells the rules leave open at the root, the solutions counted up
    /// to `cap` of those open cells (0: none counted) and the first two;
    /// `None` when the rules rule out every solution. Propagation runs
    /// `rules`.
    pub(crate) fn sample(
        m: Arc<Model>,
        rules: Rules,
        budget: u64,
        cap: impl FnOnce(&[usize]) -> u128,
    ) -> Option<Sample> {
        let mut w = PropagateWalker::on(m, &[], &[]);
        w.rules = rules;
        // The generator's samples stay what they were.
        w.never_probe();
        w.start();
        if w.phase == Phase::Done {
            return None;
        }
        let mut sample = Sample {
            open: w.st.open_cells(&w.m, TOTAL).collect(),
            count: 0,
            first: Vec::new(),
            finished: true,
            space: w.space(),
        };
        let cap = cap(&sample.open);
        w.budget = budget;
        while sample.count < cap {
            if !w.next_leaf() {
                sample.finished = w.phase == Phase::Done;
                break;
            }
            sample.count += 1;
            if sample.first.len() < 2 {
                sample.first.push(w.pieces());
            }
        }
        Some(sample)
    }

    /// The first solution of the model's problem when ties between equally
    /// constrained cells are broken by `rank` (lowest first; one entry per
    /// cell), as its pieces' cells, givens included, increasing: a random
    /// solution for a random rank. `None` when there is none, or none
    /// within `budget` nodes.
    pub(crate) fn ranked_first(m: Arc<Model>, rank: Vec<u32>, budget: u64) -> Option<Vec<usize>> {
        let mut w = PropagateWalker::on(m, &[], &[]);
        w.rank = Some(rank);
        w.never_probe();
        w.budget = budget;
        w.next_leaf().then(|| w.pieces())
    }

    /// Whether the model's problem has a solution, as far as the walk
    /// learns within `budget` nodes: `None` when the budget ran out first.
    pub(crate) fn exists(m: Arc<Model>, budget: u64) -> Option<bool> {
        let mut w = PropagateWalker::on(m, &[], &[]);
        w.budget = budget;
        if w.next_leaf() {
            Some(true)
        } else {
            (w.phase == Phase::Done).then_some(false)
        }
    }

    /// The sum over the units but the total of ln C(open cells, pieces
    /// still needed), each in thousandths rounded down: how many ways the
    /// rules leave to fill the units, each counted on its own.
    fn space(&self) -> u64 {
        let units = (0..self.m.units.len()).filter(|&u| u != TOTAL);
        units
            .map(|u| {
                let open = f64::from(self.st.open[u]);
                let nats: f64 = (0..self.st.need(&self.m, u))
                    .map(|i| ((open - f64::from(i)) / f64::from(i + 1)).ln())
                    .sum();
                (nats * 1000.0) as u64
            })
            .sum()
    }

    /// The cells holding a piece, givens included, increasing.
    fn pieces(&self) -> Vec<usize> {
        (0..self.m.cells())
            .filter(|&c| self.st.cells[c] == Cell::Piece)
            .collect()
    }

    /// Walks on to the next solution; false when there are no more.
    pub(crate) fn next_leaf(&mut self) -> bool {
        loop {
            match self.phase {
                Phase::Start => self.start(),
                Phase::Descend if self.cut == Some(self.stack.len()) => {
                    self.phase = Phase::Backtrack;
                    return true;
                }
                Phase::Descend if self.nodes > self.budget => return false,
                Phase::Descend => match self.branch() {
                    Err(Conflict) => self.phase = Phase::Backtrack,
                    Ok(None) => {
                        self.phase = Phase::Backtrack;
                        if self.st.open[TOTAL] == 0 {
                            self.collect();
                            return true;
                        }
                    }
                    Ok(Some(cell)) => {
                        let mark = self.st.save();
                        self.stack.push(Frame {
                            start: self.nodes,
                            mark,
                            cell,
                            empty: false,
                            given: false,
                        });
                        if !self.decide(cell, Cell::Piece) {
                            self.phase = Phase::Backtrack;
                        }
                    }
                },
                Phase::Backtrack => self.backtrack(),
                Phase::Done => return false,
            }
        }
    }

    /// Undoes decisions up to the latest one whose empty branch is still to
    /// try, and tries it: after probing when its piece branch was big.
    fn backtrack(&mut self) {
        while let Some(frame) = self.stack.pop() {
            self.st.undo(&self.m, frame.mark);
            if frame.empty || frame.given {
                continue;
            }
            self.stack.push(Frame {
                empty: true,
                ..frame
            });
            let big = self.nodes - frame.start > self.probe_after.saturating_mul(1 << self.backoff);
            if self.decide(frame.cell, Cell::Empty) && (!big || self.probe()) {
                self.phase = Phase::Descend;
                return;
            }
        }
        self.phase = Phase::Done;
    }

    fn collect(&mut self) {
        let (m, st) = (&self.m, &self.st);
        self.placed.clear();
        self.placed.extend(
            (0..m.cells())
                .filter(|&c| st.cells[c] == Cell::Piece && m.givens.binary_search(&c).is_err()),
        );
    }
}

#[cfg(test)]
mod tests;
