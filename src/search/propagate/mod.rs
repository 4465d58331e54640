//! The propagating search for rule sets with groups (region games, star
//! battle): after every decision it runs its rules to a fixed point (forced
//! pieces, exclusions, capacity under the no-touch rule, confinement between
//! families), then branches on one open cell of the most constrained unit
//! (the one in the most constrained other units): piece first, then empty.
//! Its state is plain vectors, so any board size works.

mod confine;
mod cover;
mod model;
mod rules;
mod state;

use crate::problem::Problem;
use model::{Model, TOTAL};
use state::{Cell, Conflict, State};

/// One decision on the stack: the cell, the trail mark before it, and
/// whether the empty branch is under way.
#[derive(Debug, Clone, Copy)]
struct Frame {
    mark: usize,
    cell: usize,
    empty: bool,
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
    m: Model,
    st: State,
    stack: Vec<Frame>,
    phase: Phase,
    placed: Vec<usize>,
    /// Branches taken.
    pub(crate) nodes: u64,
}

impl PropagateWalker {
    /// A walk over all solutions of `problem`.
    pub(crate) fn new(problem: &Problem) -> Self {
        let m = Model::new(problem);
        let st = State::new(&m);
        PropagateWalker {
            m,
            st,
            stack: Vec::new(),
            phase: Phase::Start,
            placed: Vec::new(),
            nodes: 0,
        }
    }

    /// The pieces of the last solution, givens left out, increasing.
    pub(crate) fn placed(&self) -> &[usize] {
        &self.placed
    }

    fn propagate(&mut self) -> Result<(), Conflict> {
        loop {
            self.st.settle(&self.m)?;
            if !rules::deduce(&self.m, &mut self.st)? {
                return Ok(());
            }
        }
    }

    fn decide(&mut self, cell: usize, to: Cell) -> bool {
        self.nodes += 1;
        self.st.set(&self.m, cell, to).is_ok() && self.propagate().is_ok()
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
        self.unit()
            .and_then(|u| st.open_cells(m, u).min_by_key(|&c| (spare(c), c)))
    }

    /// Walks on to the next solution; false when there are no more.
    pub(crate) fn next_leaf(&mut self) -> bool {
        loop {
            match self.phase {
                Phase::Start => {
                    let givens = self.m.givens.clone();
                    let ok = givens
                        .iter()
                        .all(|&g| self.st.set(&self.m, g, Cell::Piece).is_ok())
                        && self.propagate().is_ok();
                    self.phase = if ok { Phase::Descend } else { Phase::Done };
                }
                Phase::Descend => match self.choose() {
                    None => {
                        self.phase = Phase::Backtrack;
                        if self.st.open[TOTAL] == 0 {
                            self.collect();
                            return true;
                        }
                    }
                    Some(cell) => {
                        let mark = self.st.mark();
                        self.stack.push(Frame {
                            mark,
                            cell,
                            empty: false,
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
    /// try, and tries it.
    fn backtrack(&mut self) {
        while let Some(frame) = self.stack.pop() {
            self.st.undo(&self.m, frame.mark);
            if frame.empty {
                continue;
            }
            self.stack.push(Frame {
                empty: true,
                ..frame
            });
            if self.decide(frame.cell, Cell::Empty) {
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
