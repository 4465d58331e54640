//! The most-constrained-unit kernel for group rules (region games, star
//! battle): at each node it branches on the unit (a group that must hold an
//! exact number of pieces) with the fewest open cells, trying each open cell
//! as the unit's lowest occupied one. Exact, and far faster than row order
//! when regions constrain more than rows do.

use crate::plan::{Bits, Groups, Plan};

use super::rows::Found;
use super::trail::Trail;

/// A resumable most-constrained-unit walk over the whole tree.
pub(crate) struct UnitWalker<'p, const W: usize> {
    plan: &'p Plan,
    /// The units and groups: the plan's, or the units of a most-constrained `--first`.
    groups: &'p Groups,
    rows: usize,
    /// `blocked[d * rows + r]`: cells of row `r` unavailable at depth `d`,
    /// including the siblings already tried.
    blocked: Vec<Bits<W>>,
    /// `cands[d * rows + r]`: cells of the branching unit still to try at depth `d`.
    cands: Vec<Bits<W>>,
    /// The plan's free cells per row.
    free: Vec<Bits<W>>,
    /// The placed pieces, group counts and where the walk stands.
    pub(crate) trail: Trail,
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
            blocked,
            cands: vec![Bits::EMPTY; (need + 1) * rows],
            free: (0..rows).map(|r| plan.free_row(r)).collect(),
            trail: Trail::new(need, groups.instances.iter().map(|i| i.given).collect()),
        };
        if need == 0 {
            let leaf = w.groups.hold(&w.trail.counts);
            w.trail.finish(leaf);
        } else if !w.choose() {
            w.trail.finish(false);
        }
        w
    }

    /// The placed cells, in placement order.
    pub(crate) fn placed(&self) -> &[usize] {
        self.trail.placed()
    }

    /// Picks the branching unit at the current depth and loads its open cells;
    /// false when some group can no longer be satisfied.
    fn choose(&mut self) -> bool {
        let (rows, d) = (self.rows, self.trail.depth);
        let blocked = &self.blocked[d * rows..(d + 1) * rows];
        let free = &self.free;
        let mut best: Option<(u32, usize)> = None;
        for (i, inst) in self.groups.instances.iter().enumerate() {
            let count = self.trail.counts[i];
            if count >= inst.min {
                continue;
            }
            let open = inst
                .rows()
                .map(|r| ((inst.row(r) & free[r]) - blocked[r]).len() as u32)
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
            cands[r] = (inst.row(r) & free[r]) - blocked[r];
        }
        true
    }

    fn place(&mut self, cell: usize) {
        let (rows, d, groups) = (self.rows, self.trail.depth, self.groups);
        let (lo, hi) = self.blocked.split_at_mut((d + 1) * rows);
        let hi = &mut hi[..rows];
        self.plan.attack.apply(cell, 0..rows, &lo[d * rows..], hi);
        // Later siblings keep this cell empty: it was the unit's lowest piece here.
        lo[d * rows + cell / self.plan.cols].insert(cell % self.plan.cols);
        self.trail.push(cell, Some(groups), |i| {
            let inst = &groups.instances[i];
            for r in inst.rows() {
                hi[r] |= inst.row(r);
            }
        });
    }

    fn unplace(&mut self) {
        self.trail.pop(Some(self.groups));
    }

    /// Walks on to the next solution.
    pub(crate) fn next_leaf(&mut self) -> Found {
        if let Some(found) = self.trail.resume(Some(self.groups)) {
            return found;
        }
        let rows = self.rows;
        loop {
            let d = self.trail.depth;
            let cands = &mut self.cands[d * rows..(d + 1) * rows];
            match cands.iter().position(|m| !m.is_empty()) {
                Some(r) => {
                    let col = cands[r].pop_lowest().unwrap_or_default();
                    self.place(r * self.plan.cols + col);
                    if self.trail.depth == self.plan.need {
                        if self.groups.hold(&self.trail.counts) {
                            return self.trail.leaf();
                        }
                        self.unplace();
                    } else if !self.choose() {
                        self.unplace();
                    }
                }
                None if d == 0 => return self.trail.end(),
                None => self.unplace(),
            }
        }
    }
}
