//! A square grid of connected regions: grown at random around a planted
//! solution, changed one cell at a time, drawn as letters.

use std::collections::VecDeque;

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::problem::Regions;

/// A cell not yet in a region.
const FREE: usize = usize::MAX;

/// Groupings of the planted pieces [`Grid::tight`] tries before giving up
/// (paths joining one group can cut another's off).
const JOINS: usize = 20;

/// The cells a move changed, each with its old region.
pub(super) type Change = Vec<(usize, usize)>;

/// Regions of a `size`×`size` board: `region[cell]` is the region's index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Grid {
    pub(super) size: usize,
    pub(super) region: Vec<usize>,
}

/// The letter of region `i`.
pub(super) fn label(i: usize) -> char {
    (b'A' + i as u8) as char
}

impl Grid {
    /// Connected regions of `k` planted pieces each, as tight as they come:
    /// the pieces are grouped by nearness and each group joined by shortest
    /// paths; then the free cells join the regions at random, one cell at a
    /// time next to a region. `None` when no grouping out of [`JOINS`] can
    /// be joined.
    pub(super) fn tight(
        size: usize,
        planted: &[usize],
        k: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<Grid> {
        let mut grid = (0..JOINS).find_map(|_| {
            let mut grid = Grid {
                size,
                region: vec![FREE; size * size],
            };
            let groups = grid.group(planted, k, rng);
            let ids: Vec<usize> = (0..groups.len()).collect();
            grid.join_groups(&ids, &groups).map(|()| grid)
        })?;
        grid.grow(|_| true, rng);
        grid.region.iter().all(|&r| r != FREE).then_some(grid)
    }

    /// `pieces` in groups of `k`, each a random piece and the `k - 1` left
    /// nearest to it.
    fn group(&self, pieces: &[usize], k: usize, rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
        let size = self.size;
        let mut left: Vec<usize> = pieces.to_vec();
        left.shuffle(rng);
        let mut groups = Vec::new();
        while let Some(first) = left.pop() {
            let (fr, fc) = (first / size, first % size);
            left.sort_by_key(|&c| {
                std::cmp::Reverse((c / size).abs_diff(fr) + (c % size).abs_diff(fc))
            });
            let take = left.len() - (k - 1).min(left.len());
            let mut group = vec![first];
            group.extend(left.drain(take..).rev());
            groups.push(group);
        }
        groups
    }

    /// Puts each group's pieces into its region (`ids[i]` for `groups[i]`)
    /// and joins them by shortest paths through free cells; `None` when a
    /// group cannot be joined.
    fn join_groups(&mut self, ids: &[usize], groups: &[Vec<usize>]) -> Option<()> {
        for (&g, group) in ids.iter().zip(groups) {
            for &c in group {
                self.region[c] = g;
            }
        }
        for (&g, group) in ids.iter().zip(groups) {
            for &target in &group[1..] {
                self.join(g, group[0], target)?;
            }
        }
        Some(())
    }

    /// Gives free cells to the regions `may` allows, one at a time: a random
    /// free cell next to such a region joins the smallest of them (so that
    /// sizes stay even, as in published puzzles). Free cells none of them
    /// reaches stay free.
    fn grow(&mut self, may: impl Fn(usize) -> bool, rng: &mut ChaCha8Rng) {
        let mut sizes = vec![0; self.size];
        for &r in self.region.iter().filter(|&&r| r != FREE) {
            sizes[r] += 1;
        }
        let owners = |grid: &Grid, c: usize| -> Vec<usize> {
            grid.neighbours(c)
                .map(|n| grid.region[n])
                .filter(|&r| r != FREE && may(r))
                .collect()
        };
        let mut queued = vec![false; self.region.len()];
        let mut frontier = Vec::new();
        for (c, queued) in queued.iter_mut().enumerate() {
            if self.region[c] == FREE && !owners(self, c).is_empty() {
                *queued = true;
                frontier.push(c);
            }
        }
        while !frontier.is_empty() {
            let cell = frontier.swap_remove(rng.random_range(0..frontier.len()));
            let next = owners(self, cell);
            let least = next.iter().map(|&r| sizes[r]).min().unwrap_or(0);
            let smallest: Vec<usize> = next.into_iter().filter(|&r| sizes[r] == least).collect();
            let r = smallest[rng.random_range(0..smallest.len())];
            self.region[cell] = r;
            sizes[r] += 1;
            for n in self.neighbours(cell) {
                if self.region[n] == FREE && !queued[n] {
                    queued[n] = true;
                    frontier.push(n);
                }
            }
        }
    }

    /// Puts a shortest path from `from` to `to` through free cells (or cells
    /// of region `g`) into region `g`.
    fn join(&mut self, g: usize, from: usize, to: usize) -> Option<()> {
        let mut prev = vec![FREE; self.region.len()];
        let mut queue = VecDeque::from([from]);
        prev[from] = from;
        while let Some(c) = queue.pop_front() {
            if c == to {
                break;
            }
            for n in self.neighbours(c) {
                if prev[n] == FREE && (self.region[n] == FREE || self.region[n] == g) {
                    prev[n] = c;
                    queue.push_back(n);
                }
            }
        }
        if prev[to] == FREE {
            return None;
        }
        let mut c = to;
        while c != from {
            self.region[c] = g;
            c = prev[c];
        }
        Some(())
    }

    /// The cells next to `cell`, up, down, left and right.
    pub(super) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        crate::problem::neighbours(self.size, self.size, cell)
    }

    /// Whether region `r` is one connected piece.
    pub(super) fn connected(&self, r: usize) -> bool {
        crate::problem::is_connected(self.size, self.size, |c| self.region[c] == r)
    }

    /// The regions next to `cell` other than its own, each once, lowest first.
    pub(super) fn foreign(&self, cell: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .neighbours(cell)
            .map(|n| self.region[n])
            .filter(|&r| r != self.region[cell])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Moves `cell` into a neighbouring region together with the cells of a
    /// shortest path in its own region from it to that region's border,
    /// none of them `fixed`, and with the parts of its region the path cuts
    /// off from the region's fixed cells, when those parts hold none:
    /// returns the change, or `None` (nothing moved). A region without
    /// fixed cells is left alone.
    pub(super) fn carry(
        &mut self,
        cell: usize,
        fixed: impl Fn(usize) -> bool,
        rng: &mut ChaCha8Rng,
    ) -> Option<Change> {
        let from = self.region[cell];
        let anchor = (0..self.region.len()).find(|&c| self.region[c] == from && fixed(c))?;
        let mut prev = vec![FREE; self.region.len()];
        prev[cell] = cell;
        let mut layer = vec![cell];
        let ends = loop {
            let ends: Vec<usize> = layer
                .iter()
                .copied()
                .filter(|&c| !self.foreign(c).is_empty())
                .collect();
            if !ends.is_empty() {
                break ends;
            }
            let mut next = Vec::new();
            for &c in &layer {
                for n in self.neighbours(c) {
                    if prev[n] == FREE && self.region[n] == from && !fixed(n) {
                        prev[n] = c;
                        next.push(n);
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            layer = next;
        };
        let end = ends[rng.random_range(0..ends.len())];
        let targets = self.foreign(end);
        let to = targets[rng.random_range(0..targets.len())];
        let mut moved = vec![end];
        while *moved.last()? != cell {
            moved.push(prev[*moved.last()?]);
        }
        for &c in &moved {
            self.region[c] = to;
        }
        // What the path cut off from the anchor goes with it: it touches
        // the path, so the new region stays connected.
        let kept = self.reach(anchor, from);
        moved.extend((0..self.region.len()).filter(|&c| self.region[c] == from && !kept[c]));
        let home = if moved.iter().any(|&c| fixed(c)) {
            from
        } else {
            to
        };
        for &c in &moved {
            self.region[c] = home;
        }
        (home == to).then(|| moved.iter().map(|&c| (c, from)).collect())
    }

    /// Redraws the border between neighbouring regions `a` and `b`: their
    /// `fixed` cells are regrouped by nearness (half around a random one
    /// goes to `a`), each half joined by shortest paths within the two
    /// regions, and the rest of their cells grown at random from both.
    /// Returns the change, or `None` (nothing changed). Both regions stay
    /// connected and keep as many fixed cells.
    pub(super) fn redraw(
        &mut self,
        a: usize,
        b: usize,
        fixed: impl Fn(usize) -> bool,
        rng: &mut ChaCha8Rng,
    ) -> Option<Change> {
        let before: Change = (0..self.region.len())
            .filter(|&c| self.region[c] == a || self.region[c] == b)
            .map(|c| (c, self.region[c]))
            .collect();
        let pieces: Vec<usize> = before
            .iter()
            .map(|&(c, _)| c)
            .filter(|&c| fixed(c))
            .collect();
        let k = pieces.len() / 2;
        if k == 0 || pieces.len() != 2 * k {
            return None;
        }
        for &(c, _) in &before {
            self.region[c] = FREE;
        }
        let mut groups = self.group(&pieces, k, rng);
        groups.truncate(1);
        groups.push(
            pieces
                .iter()
                .copied()
                .filter(|c| !groups[0].contains(c))
                .collect(),
        );
        if self.join_groups(&[a, b], &groups).is_none() {
            self.undo(&before);
            return None;
        }
        // Every freed cell is reached: the two regions were connected and
        // next to each other, and only their cells were freed.
        self.grow(|r| r == a || r == b, rng);
        let change: Change = before
            .into_iter()
            .filter(|&(c, r)| self.region[c] != r)
            .collect();
        (!change.is_empty()).then_some(change)
    }

    /// The number of cells of each region.
    pub(super) fn sizes(&self) -> Vec<usize> {
        let mut sizes = vec![0; self.size];
        for &r in &self.region {
            sizes[r] += 1;
        }
        sizes
    }

    /// Updates the regions' `sizes` for a change just made.
    pub(super) fn resize(&self, sizes: &mut [usize], change: &Change) {
        for &(c, old) in change {
            sizes[old] -= 1;
            sizes[self.region[c]] += 1;
        }
    }

    /// Puts the cells of a change back in their old regions.
    pub(super) fn undo(&mut self, change: &Change) {
        for &(c, r) in change {
            self.region[c] = r;
        }
    }

    /// The cells of region `r` connected to `cell` (in `r`), as a mask.
    fn reach(&self, cell: usize, r: usize) -> Vec<bool> {
        let mut seen = vec![false; self.region.len()];
        seen[cell] = true;
        let mut stack = vec![cell];
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c) {
                if !seen[n] && self.region[n] == r {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// The regions as the problem stage holds them.
    pub(super) fn regions(&self) -> Regions {
        Regions {
            of_cell: self.region.iter().map(|&r| Some(r)).collect(),
            names: (0..self.size).map(|i| label(i).to_string()).collect(),
        }
    }

    /// The regions as text, one letter per cell, one line per row.
    pub(super) fn picture(&self) -> String {
        self.region
            .chunks(self.size)
            .map(|row| row.iter().map(|&r| label(r)).collect::<String>() + "\n")
            .collect()
    }
}
