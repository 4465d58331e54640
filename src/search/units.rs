//! The most-constrained-unit kernel for group rules (region games, star
//! battle): at each node it branches on the unit (a group that must hold an
//! exact number of pieces) with the fewest open cells, trying each open cell
//! as the unit's lowest occupied one. Exact, and far faster than row order
//! when regions constrain more than rows do.

use crate::plan::{Bits, Groups, Plan};

use super::walker::Found;

/// A resumable most-constrained-unit walk over the whole tree.
pub(crate) struct UnitWalker<'p, const W: usize> {
    plan: &'p Plan,
    /// The units and groups: the plan's, or the units of a most-constrained `--first`.
    groups: &'p Groups,
    rows: usize,
    depth: usize,
    /// `blocked[d * rows + r]`: cells of row `r` unavailable at depth `d`,
    /// including the siblings already tried.
    blocked: Vec<Bits<W>>,
    /// `cands[d * rows + r]`: cells of the branching unit still to try at depth `d`.
    cands: Vec<Bits<W>>,
    /// The plan's free cells per row.
    free: Vec<Bits<W>>,
    placed: Vec<usize>,
    counts: Vec<u32>,
    leaf_pending: bool,
    at_leaf: bool,
    done: bool,
    /// Pieces placed so far.
    pub(crate) nodes: u64,
}

impl<'p, const W: usize> UnitWalker<'p, W> {
    /// A walk from the root to full solutions, branching on the exact units
    /// of `groups`, which must cover the board.
    pub(crate) fn new(plan: &'p Plan, groups: &'p Groups) -> Self {
        let (rows, need) = (plan.rows, plan.need);
        let mut blocked = vec![Bits::EMPTY; (need + 1) * rows];
        for (r, b) in blocked[..rows].iter_mut().enumerate() {
            *b = plan.initial_row(r);
        }
        let mut w = UnitWalker {
            plan,
            groups,
            rows,
            depth: 0,
            blocked,
            cands: vec![Bits::EMPTY; (need + 1) * rows],
            free: (0..rows).map(|r| plan.free_row(r)).collect(),
            placed: vec![0; need],
            counts: groups.instances.iter().map(|i| i.given).collect(),
            leaf_pending: false,
            at_leaf: false,
            done: false,
            nodes: 0,
        };
        if need == 0 {
            w.done = true;
            w.leaf_pending = w.mins_hold();
        } else if !w.choose() {
            w.done = true;
        }
        w
    }

    /// The placed cells, in placement order.
    pub(crate) fn placed(&self) -> &[usize] {
        &self.placed[..self.depth]
    }

    fn mins_hold(&self) -> bool {
        self.groups
            .instances
            .iter()
            .zip(&self.counts)
            .all(|(inst, &c)| c >= inst.min)
    }

    /// Picks the branching unit at the current depth and loads its open cells;
    /// false when some group can no longer be satisfied.
    fn choose(&mut self) -> bool {
        let (rows, d) = (self.rows, self.depth);
        let blocked = &self.blocked[d * rows..(d + 1) * rows];
        let free = &self.free;
        let mut best: Option<(u32, usize)> = None;
        for (i, inst) in self.groups.instances.iter().enumerate() {
            let count = self.counts[i];
            if count >= inst.min {
                continue;
            }
            let open = inst
                .rows()
                .map(|r| (inst.row(r) & free[r] & !blocked[r]).len() as u32)
                .sum::<u32>();
            if count + open < inst.min {
                return false;
            }
            if inst.min == inst.max && best.is_none_or(|(o, _)| open < o) {
                best = Some((open, i));
            }
        }
        let Some((_, unit)) = best else { return false };
        let inst = &self.groups.instances[unit];
        let cands = &mut self.cands[d * rows..(d + 1) * rows];
        cands.fill(Bits::EMPTY);
        for r in inst.rows() {
            cands[r] = inst.row(r) & free[r] & !blocked[r];
        }
        true
    }

    fn place(&mut self, cell: usize) {
        let (rows, d) = (self.rows, self.depth);
        let (lo, hi) = self.blocked.split_at_mut((d + 1) * rows);
        let hi = &mut hi[..rows];
        self.plan.attack.apply(cell, 0..rows, &lo[d * rows..], hi);
        for &i in self.groups.of(cell) {
            let i = i as usize;
            self.counts[i] += 1;
            let inst = &self.groups.instances[i];
            if self.counts[i] >= inst.max {
                for r in inst.rows() {
                    hi[r] |= inst.row(r);
                }
            }
        }
        // Later siblings keep this cell empty: it was the unit's lowest piece here.
        lo[d * rows + cell / self.plan.cols].insert(cell % self.plan.cols);
        self.placed[d] = cell;
        self.depth = d + 1;
        self.nodes += 1;
    }

    fn unplace(&mut self) {
        self.depth -= 1;
        for &i in self.groups.of(self.placed[self.depth]) {
            self.counts[i as usize] -= 1;
        }
    }

    /// Walks on to the next solution.
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
        let rows = self.rows;
        loop {
            let d = self.depth;
            let cands = &mut self.cands[d * rows..(d + 1) * rows];
            match cands.iter().position(|m| !m.is_empty()) {
                Some(r) => {
                    let col = cands[r].pop_lowest().unwrap_or_default();
                    self.place(r * self.plan.cols + col);
                    if self.depth == self.plan.need {
                        if self.mins_hold() {
                            self.at_leaf = true;
                            return Found::Leaf;
                        }
                        self.unplace();
                    } else if !self.choose() {
                        self.unplace();
                    }
                }
                None if d == 0 => {
                    self.done = true;
                    return Found::Done;
                }
                None => self.unplace(),
            }
        }
    }
}
