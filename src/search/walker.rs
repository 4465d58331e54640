//! The generic kernel: a depth-first walk over the board row by row, lowest
//! column first, any number of pieces per row. State lives on explicit stacks
//! allocated once; the loop allocates nothing.

use crate::plan::{Bits, Plan};

#[derive(Debug, Clone, Copy)]
struct Frame<const W: usize> {
    /// The row being filled.
    row: usize,
    /// Columns of that row still to try.
    cands: Bits<W>,
}

/// What one step of the walk found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    /// The placed cells form a solution (or a prefix, when walking to a cut).
    Leaf,
    /// The walk is over.
    Done,
}

/// A resumable walk over one subtree. `GROUPS` compiles group counting in or
/// out; `W` is the plan's words per row.
pub(crate) struct Walker<'p, const GROUPS: bool, const W: usize> {
    plan: &'p Plan,
    rows: usize,
    /// Stop at this many placed pieces: `need` for solutions, less for prefixes.
    cut: usize,
    base: usize,
    depth: usize,
    frames: Vec<Frame<W>>,
    /// The plan's free cells per row.
    free: Vec<Bits<W>>,
    /// `blocked[d * rows + r]`: cells of row `r` taken away at depth `d`.
    blocked: Vec<Bits<W>>,
    placed: Vec<usize>,
    counts: Vec<u32>,
    /// A leaf found while setting up, to report first.
    leaf_pending: bool,
    /// The last leaf's piece is still placed.
    at_leaf: bool,
    done: bool,
    /// Pieces placed so far: the search's node count.
    pub(crate) nodes: u64,
}

impl<'p, const GROUPS: bool, const W: usize> Walker<'p, GROUPS, W> {
    /// A walk from the root that stops at `cut` placed pieces.
    pub(crate) fn new(plan: &'p Plan, cut: usize) -> Self {
        let rows = plan.rows;
        let mut blocked = vec![Bits::EMPTY; (cut + 1) * rows];
        for (r, b) in blocked[..rows].iter_mut().enumerate() {
            *b = plan.initial_row(r);
        }
        let counts = plan.groups.instances.iter().map(|i| i.given).collect();
        let mut w = Walker {
            plan,
            rows,
            cut,
            base: 0,
            depth: 0,
            frames: vec![
                Frame {
                    row: 0,
                    cands: Bits::EMPTY
                };
                cut + 1
            ],
            free: (0..rows).map(|r| plan.free_row(r)).collect(),
            blocked,
            placed: vec![0; cut],
            counts,
            leaf_pending: false,
            at_leaf: false,
            done: false,
            nodes: 0,
        };
        if cut == 0 {
            // Nothing to place: the givens alone are the one candidate.
            w.done = true;
            w.leaf_pending = plan.need == 0 && w.groups_hold();
        } else if w.rows_reachable(0) {
            w.frames[0] = Frame {
                row: 0,
                cands: w.avail(0, 0),
            };
        } else {
            w.done = true;
        }
        w
    }

    /// A walk of the subtree under `prefix` (placed cells, as found by a walk
    /// cut at `prefix.len()`), down to full solutions.
    pub(crate) fn under(plan: &'p Plan, prefix: &[usize]) -> Self {
        let mut w = Walker::new(plan, plan.need);
        let Some(&last) = prefix.last() else { return w };
        w.done = false;
        for &cell in prefix {
            w.place(cell);
        }
        w.base = prefix.len();
        let (row, col) = (last / plan.cols, last % plan.cols);
        if w.depth == plan.need {
            w.done = true;
            w.leaf_pending = w.groups_hold();
        } else {
            w.frames[w.depth] = Frame {
                row,
                cands: w.avail(w.depth, row) & Bits::above(col),
            };
        }
        w
    }

    /// The placed cells, in placement order (increasing).
    pub(crate) fn placed(&self) -> &[usize] {
        &self.placed[..self.depth]
    }

    #[inline]
    fn avail(&self, depth: usize, row: usize) -> Bits<W> {
        self.free[row] & !self.blocked[depth * self.rows + row]
    }

    #[inline]
    fn place(&mut self, cell: usize) {
        let (rows, d) = (self.rows, self.depth);
        let row = cell / self.plan.cols;
        let (lo, hi) = self.blocked.split_at_mut((d + 1) * rows);
        let hi = &mut hi[..rows];
        self.plan.attack.apply(cell, row..rows, &lo[d * rows..], hi);
        if GROUPS {
            for &i in self.plan.groups.of(cell) {
                let i = i as usize;
                self.counts[i] += 1;
                let inst = &self.plan.groups.instances[i];
                if self.counts[i] >= inst.max {
                    let span = inst.rows();
                    let (from, to) = (span.start.max(row), span.end.max(row));
                    for (r, h) in (from..to).zip(&mut hi[from..to]) {
                        *h |= inst.row(r);
                    }
                }
            }
        }
        self.placed[d] = cell;
        self.depth = d + 1;
        self.nodes += 1;
    }

    #[inline]
    fn unplace(&mut self) {
        self.depth -= 1;
        if GROUPS {
            let cell = self.placed[self.depth];
            for &i in self.plan.groups.of(cell) {
                self.counts[i as usize] -= 1;
            }
        }
    }

    /// Whether the pieces still needed fit: in `extra` cells of the current row
    /// plus what rows `from..` can take.
    fn fits(&self, extra: usize, from: usize) -> bool {
        let needed = self.plan.need - self.depth;
        let mut room = extra;
        let d = self.depth;
        for r in from..self.rows {
            if room >= needed {
                return true;
            }
            room += self.avail(d, r).len().min(self.plan.row_cap[r]);
        }
        room >= needed
    }

    /// Whether every group can still reach its minimum from rows `from..`.
    fn groups_reachable(&self, from: usize) -> bool {
        if !GROUPS {
            return true;
        }
        let d = self.depth;
        self.plan
            .groups
            .instances
            .iter()
            .zip(&self.counts)
            .all(|(inst, &count)| {
                if count >= inst.min {
                    return true;
                }
                let mut have = count;
                let span = inst.rows();
                for r in from.max(span.start)..span.end {
                    have += (inst.row(r) & self.avail(d, r)).len() as u32;
                    if have >= inst.min {
                        return true;
                    }
                }
                false
            })
    }

    fn rows_reachable(&self, from: usize) -> bool {
        self.fits(0, from) && self.groups_reachable(from)
    }

    /// Whether every group holds between its min and max. The search never
    /// places beyond a max, but givens can start a group above it.
    fn groups_hold(&self) -> bool {
        !GROUPS
            || self
                .plan
                .groups
                .instances
                .iter()
                .zip(&self.counts)
                .all(|(inst, &c)| inst.min <= c && c <= inst.max)
    }

    /// Walks on to the next leaf: a solution, or a prefix of `cut` pieces.
    pub(crate) fn next_leaf(&mut self) -> Found {
        if self.leaf_pending {
            self.leaf_pending = false;
            return Found::Leaf;
        }
        if self.done {
            return Found::Done;
        }
        if self.at_leaf {
            self.at_leaf = false;
            self.unplace();
        }
        loop {
            let d = self.depth;
            let mut frame = self.frames[d];
            if let Some(col) = frame.cands.pop_lowest() {
                self.frames[d].cands = frame.cands;
                let cell = frame.row * self.plan.cols + col;
                self.place(cell);
                let d = self.depth;
                if d == self.cut {
                    if d < self.plan.need || self.groups_hold() {
                        self.at_leaf = true;
                        return Found::Leaf;
                    }
                    self.unplace();
                    continue;
                }
                let cands = self.avail(d, frame.row) & Bits::above(col);
                if self.fits(cands.len(), frame.row + 1) {
                    self.frames[d] = Frame {
                        row: frame.row,
                        cands,
                    };
                } else {
                    self.unplace();
                }
            } else {
                let row = frame.row + 1;
                if row < self.rows && self.rows_reachable(row) {
                    self.frames[d] = Frame {
                        row,
                        cands: self.avail(d, row),
                    };
                } else if d == self.base {
                    self.done = true;
                    return Found::Done;
                } else {
                    self.unplace();
                }
            }
        }
    }
}
