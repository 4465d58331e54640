//! The state machine the depth-first walkers share: the pieces placed so far
//! with the group counts they raise, the node count, and where a resumable
//! walk stands between two calls (a leaf to report first, the last leaf's
//! piece still placed, the walk over). Each walker keeps only what it prunes
//! with (blocked cells per depth, its candidates) beside it.

use crate::plan::Groups;

use super::rows::Found;

/// The placed pieces of a resumable walk and where it stands.
pub(crate) struct Trail {
    /// Placed cells by depth; the first `depth` are current.
    placed: Vec<usize>,
    /// Pieces placed now.
    pub(crate) depth: usize,
    /// Pieces in each group instance, givens included.
    pub(crate) counts: Vec<u32>,
    /// A leaf found while setting up, to report first.
    leaf_pending: bool,
    /// The last leaf's piece is still placed.
    at_leaf: bool,
    /// The walk is over.
    pub(crate) done: bool,
    /// Pieces placed so far: the search's node count.
    pub(crate) nodes: u64,
}

impl Trail {
    /// An empty trail for at most `capacity` pieces, with the givens' group counts.
    pub(crate) fn new(capacity: usize, counts: Vec<u32>) -> Trail {
        Trail {
            placed: vec![0; capacity],
            depth: 0,
            counts,
            leaf_pending: false,
            at_leaf: false,
            done: false,
            nodes: 0,
        }
    }

    /// The placed cells, in placement order.
    #[inline]
    pub(crate) fn placed(&self) -> &[usize] {
        &self.placed[..self.depth]
    }

    /// Places `cell` one level deeper, counting it in its `groups` (none when
    /// the walker does not track them); `full(i)` runs for each instance `i`
    /// that reaches its maximum.
    #[inline]
    pub(crate) fn push(
        &mut self,
        cell: usize,
        groups: Option<&Groups>,
        mut full: impl FnMut(usize),
    ) {
        if let Some(groups) = groups {
            for &i in groups.of(cell) {
                let i = i as usize;
                self.counts[i] += 1;
                if self.counts[i] >= groups.instances[i].max {
                    full(i);
                }
            }
        }
        self.placed[self.depth] = cell;
        self.depth += 1;
        self.nodes += 1;
    }

    /// Takes the deepest piece back.
    #[inline]
    pub(crate) fn pop(&mut self, groups: Option<&Groups>) {
        self.depth -= 1;
        if let Some(groups) = groups {
            for &i in groups.of(self.placed[self.depth]) {
                self.counts[i as usize] -= 1;
            }
        }
    }

    /// Ends the walk before it starts; `leaf` says whether the placement as
    /// it stands is the one leaf to report.
    pub(crate) fn finish(&mut self, leaf: bool) {
        self.done = true;
        self.leaf_pending = leaf;
    }

    /// Reports a leaf, keeping its piece placed until the next call.
    #[inline]
    pub(crate) fn leaf(&mut self) -> Found {
        self.at_leaf = true;
        Found::Leaf
    }

    /// Reports the end of the walk.
    pub(crate) fn end(&mut self) -> Found {
        self.done = true;
        Found::Done
    }

    /// Where a call to `next_leaf` starts: `Some` to report at once, or
    /// `None` to search on, the last leaf's piece taken back.
    #[inline]
    pub(crate) fn resume(&mut self, groups: Option<&Groups>) -> Option<Found> {
        if self.leaf_pending {
            self.leaf_pending = false;
            return Some(Found::Leaf);
        }
        if self.done {
            return Some(Found::Done);
        }
        if self.at_leaf {
            self.at_leaf = false;
            self.pop(groups);
        }
        None
    }
}
