//! Failed-literal probing, where the search has shown a subtree is big: put a
//! piece on each open cell in turn and run the rules but confinement to a
//! fixed point; when they find a conflict, the cell stays empty. On the
//! hardest published five-star puzzle it takes the tree from 196 222 nodes to
//! about 80 000 (docs/notes/puzzles.md); done at every node it would cost more than
//! it saves. At the first few decisions of the tree the same probes also
//! choose the branch (looking ahead).

use super::PropagateWalker;
use super::rules::{Caps, Rules};
use super::state::{Cell, Conflict, State};

impl PropagateWalker {
    /// One round of probing over the open cells; false when it leaves the
    /// node without solutions.
    pub(super) fn probe(&mut self) -> bool {
        match self.probe_round(|_| {}) {
            Ok(found) => {
                self.backoff = if found { 0 } else { (self.backoff + 1).min(32) };
                true
            }
            Err(Conflict) => false,
        }
    }

    /// One round of probing over the open cells: a piece on each in turn and
    /// the rules to a fixed point; where they fail, the cell is emptied and
    /// passed to `emptied`. `Ok` tells whether a cell was emptied; `Err` that
    /// the state has no solution (the cell whose emptying showed it passed to
    /// `emptied` too). A cell the rules filled while probing another cell
    /// that held is not probed in the round: its own probe decides less.
    pub(super) fn probe_round(&mut self, mut emptied: impl FnMut(usize)) -> Result<bool, Conflict> {
        let mut skip = vec![false; self.m.cells()];
        let mut found = false;
        for x in 0..self.m.cells() {
            if self.st.cells[x] != Cell::Open || skip[x] {
                continue;
            }
            let held = self.probe_cell(x, |st, mark| {
                for c in st.decided_since(mark) {
                    skip[c] |= st.cells[c] == Cell::Piece;
                }
            });
            match held {
                Ok(true) => {}
                Ok(false) => {
                    found = true;
                    emptied(x);
                }
                Err(Conflict) => {
                    emptied(x);
                    return Err(Conflict);
                }
            }
        }
        Ok(found)
    }

    /// Looking ahead, near the top of the tree: a piece on each open cell in
    /// turn, then every rule but confinement to a fixed point. A cell where
    /// that fails is emptied (and that propagated); of the others, the one
    /// whose piece decided most cells is the branch (the first of those):
    /// its piece branch is the most settled, its empty branch the most
    /// likely to fail. `None` when no cell is open, a conflict when the
    /// node has no solution.
    pub(super) fn look_ahead(&mut self) -> Result<Option<usize>, Conflict> {
        let mut decided = vec![None; self.m.cells()];
        for (x, slot) in decided.iter_mut().enumerate() {
            if self.st.cells[x] == Cell::Open {
                self.probe_cell(x, |st, mark| *slot = Some(st.mark() - mark))?;
            }
        }
        let open = (0..self.m.cells()).filter(|&x| self.st.cells[x] == Cell::Open);
        let best = open.max_by_key(|&x| (decided[x], std::cmp::Reverse(x)));
        Ok(best)
    }

    /// A piece on open cell `x`, then every rule but confinement to a fixed
    /// point, shown to `held` (the state and the trail mark before the
    /// piece) when that holds, then undone: true. When it fails, `x` is
    /// emptied and that propagated: false, or a conflict when that fails too.
    pub(super) fn probe_cell(
        &mut self,
        x: usize,
        held: impl FnOnce(&State, usize),
    ) -> Result<bool, Conflict> {
        let mark = self.st.save();
        let holds = self.st.set(&self.m, x, Cell::Piece).is_ok()
            && self.propagate_with(Rules::Probe).is_ok();
        if holds {
            held(&self.st, mark);
        }
        self.st.undo(&self.m, mark);
        if !holds {
            self.st.set(&self.m, x, Cell::Empty)?;
            self.propagate_below()?;
        }
        Ok(holds)
    }

    /// The open cells at the root (the givens and the prefix placed, the
    /// rules run) where a piece leads every rule to a contradiction, those
    /// whose contradiction came after the fewest decided cells first;
    /// `None` when the root itself is one. With `bands`, the rules are
    /// [`Rules::Hints`], whose band rule looks up and keeps cover sizes in
    /// `caps` (empty, or kept from earlier calls on the same model).
    pub(crate) fn refuted(mut self, bands: bool, caps: &mut Caps) -> Option<Vec<usize>> {
        if bands {
            self.rules = Rules::Hints;
        }
        std::mem::swap(&mut self.st.scratch.caps, caps);
        let found = self.probe_root();
        std::mem::swap(&mut self.st.scratch.caps, caps);
        found
    }

    /// [`PropagateWalker::refuted`] with its rules set.
    fn probe_root(&mut self) -> Option<Vec<usize>> {
        self.start();
        if self.phase == super::Phase::Done {
            return None;
        }
        let mut out = Vec::new();
        for x in 0..self.m.cells() {
            if self.st.cells[x] != Cell::Open {
                continue;
            }
            let mark = self.st.save();
            if self.st.set(&self.m, x, Cell::Piece).is_err() || self.propagate().is_err() {
                out.push((self.st.mark() - mark, x));
            }
            self.st.undo(&self.m, mark);
        }
        out.sort_unstable();
        Some(out.into_iter().map(|(_, x)| x).collect())
    }
}
