//! The generic kernel: a depth-first walk over the board row by row, lowest
//! column first, any number of pieces per row. State lives on explicit stacks
//! allocated once; the loop allocates nothing.

use crate::plan::{Bits, Groups, Plan};

use super::trail::Trail;

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
    frames: Vec<Frame<W>>,
    /// The plan's free cells per row.
    free: Vec<Bits<W>>,
    /// `blocked[d * rows + r]`: cells of row `r` taken away at depth `d`.
    blocked: Vec<Bits<W>>,
    /// The placed pieces, group counts and where the walk stands.
    pub(crate) trail: Trail,
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
            frames: vec![
                Frame {
                    row: 0,
                    cands: Bits::EMPTY
                };
                cut + 1
            ],
            free: (0..rows).map(|r| plan.free_row(r)).collect(),
            blocked,
            trail: Trail::new(cut, counts),
        };
        if cut == 0 {
            // Nothing to place: the givens alone are the one candidate.
            let leaf = plan.need == 0 && w.groups_hold();
            w.trail.finish(leaf);
        } else if w.rows_reachable(0) {
            w.frames[0] = Frame {
                row: 0,
                cands: w.avail(0, 0),
            };
        } else {
            w.trail.finish(false);
        }
        w
    }

    /// The groups the walk counts: none when `GROUPS` is off.
    #[inline]
    fn groups(&self) -> Option<&'p Groups> {
        GROUPS.then_some(&self.plan.groups)
    }

    /// A walk of the subtree under `prefix` (placed cells, as found by a walk
    /// cut at `prefix.len()`), down to full solutions.
    pub(crate) fn under(plan: &'p Plan, prefix: &[usize]) -> Self {
        Walker::under_to(plan, prefix, plan.need)
    }

    /// A walk of the subtree under `prefix` that stops at `cut` placed
    /// pieces (at least `prefix.len()`, at most the plan's `need`): with
    /// one more than the prefix, its leaves are the prefix's children.
    pub(crate) fn under_to(plan: &'p Plan, prefix: &[usize], cut: usize) -> Self {
        let mut w = Walker::new(plan, cut);
        let Some(&last) = prefix.last() else { return w };
        w.trail.done = false;
        for &cell in prefix {
            w.place(cell);
        }
        w.base = prefix.len();
        let (row, col) = (last / plan.cols, last % plan.cols);
        let depth = w.trail.depth;
        if depth == cut {
            let leaf = depth < plan.need || w.groups_hold();
            w.trail.finish(leaf);
        } else {
            w.frames[depth] = Frame {
                row,
                cands: w.avail(depth, row) & Bits::above(col),
            };
        }
        w
    }

    /// The placed cells, in placement order (increasing).
    pub(crate) fn placed(&self) -> &[usize] {
        self.trail.placed()
    }

    #[inline]
    fn avail(&self, depth: usize, row: usize) -> Bits<W> {
        self.free[row] - self.blocked[depth * self.rows + row]
    }

    #[inline]
    fn place(&mut self, cell: usize) {
        let (rows, d, plan, groups) = (self.rows, self.trail.depth, self.plan, self.groups());
        let row = cell / plan.cols;
        let (lo, hi) = self.blocked.split_at_mut((d + 1) * rows);
        let hi = &mut hi[..rows];
        plan.attack.apply(cell, row..rows, &lo[d * rows..], hi);
        self.trail.push(cell, groups, |i| {
            // A full group takes its cells away from the rows still to come.
            let inst = &plan.groups.instances[i];
            let span = inst.rows();
            let (from, to) = (span.start.max(row), span.end.max(row));
            for (r, h) in (from..to).zip(&mut hi[from..to]) {
                *h |= inst.row(r);
            }
        });
    }

    #[inline]
    fn unplace(&mut self) {
        self.trail.pop(self.groups());
    }

    /// Whether the pieces still needed fit: in `extra` cells of the current row
    /// plus what rows `from..` can take.
    fn fits(&self, extra: usize, from: usize) -> bool {
        let needed = self.plan.need - self.trail.depth;
        let mut room = extra;
        let d = self.trail.depth;
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
        let d = self.trail.depth;
        self.plan
            .groups
            .instances
            .iter()
            .zip(&self.trail.counts)
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

    /// Whether every group holds between its min and max.
    fn groups_hold(&self) -> bool {
        !GROUPS || self.plan.groups.hold(&self.trail.counts)
    }

    /// Walks on to the next leaf: a solution, or a prefix of `cut` pieces.
    pub(crate) fn next_leaf(&mut self) -> Found {
        if let Some(found) = self.trail.resume(self.groups()) {
            return found;
        }
        loop {
            let d = self.trail.depth;
            let mut frame = self.frames[d];
            if let Some(col) = frame.cands.pop_lowest() {
                self.frames[d].cands = frame.cands;
                let cell = frame.row * self.plan.cols + col;
                self.place(cell);
                let d = self.trail.depth;
                if d == self.cut {
                    if d < self.plan.need || self.groups_hold() {
                        return self.trail.leaf();
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
                    return self.trail.end();
                } else {
                    self.unplace();
                }
            }
        }
    }
}
