//! A state followed as far as the propagating search's rules take it with
//! failed-literal probing: the hint engine's quick look at a supposition
//! (`spare-2x2` settles its cases so; the techniques only explain the cases
//! it drops).

use std::sync::Arc;

use super::rules::{Caps, Rules};
use super::state::Cell;
use super::{Model, Phase, PropagateWalker};

/// What is known of each cell of `model`'s problem with pieces on `pieces`
/// and none on `empty`, after [`Rules::Hints`] run to a fixed point and then
/// at most `rounds` rounds of probing (a piece on each open cell in turn;
/// where the rules then fail, the cell is emptied and that propagated)
/// until a round empties nothing: `Some(true)` a piece, `Some(false)`
/// empty, `None` open. When the rules or a probe show the state has no
/// solution, the error holds the cells the probes emptied before that, in
/// order. Probes run [`Rules::Probe`], the rest [`Rules::Hints`]. The band
/// rule keeps its cover sizes in `caps`, as [`super::refuted`] does.
pub(crate) fn settled(
    model: &Arc<Model>,
    pieces: &[usize],
    empty: &[usize],
    rounds: usize,
    caps: &mut Caps,
) -> Result<Vec<Option<bool>>, Vec<usize>> {
    let mut w = PropagateWalker::on(model.clone(), pieces, empty);
    w.rules = Rules::Hints;
    std::mem::swap(&mut w.st.scratch.caps, caps);
    let found = w.settle_probing(rounds);
    std::mem::swap(&mut w.st.scratch.caps, caps);
    found
}

impl PropagateWalker {
    /// [`settled`] with its walker set up.
    fn settle_probing(&mut self, rounds: usize) -> Result<Vec<Option<bool>>, Vec<usize>> {
        self.start();
        if self.phase == Phase::Done {
            return Err(Vec::new());
        }
        let mut emptied = Vec::new();
        for _ in 0..rounds {
            match self.probe_round(|x| emptied.push(x)) {
                Ok(true) => {}
                Ok(false) => break,
                Err(_) => return Err(emptied),
            }
        }
        let known = |c: &Cell| match c {
            Cell::Open => None,
            Cell::Piece => Some(true),
            Cell::Empty => Some(false),
        };
        Ok(self.st.cells.iter().map(known).collect())
    }
}
