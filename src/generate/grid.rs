//! A square grid of connected regions: grown at random around a planted
//! solution, changed one cell at a time, drawn as letters.

use std::collections::VecDeque;

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::problem::Regions;

/// A cell not yet in a region.
const FREE: usize = usize::MAX;

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
    /// paths; then one group, picked at random, floods the free cells it
    /// reaches, and free cells it cannot reach join a random neighbouring
    /// region. `None` when a group's pieces cannot be joined.
    pub(super) fn tight(
        size: usize,
        planted: &[usize],
        k: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<Grid> {
        let mut grid = Grid {
            size,
            region: vec![FREE; size * size],
        };
        let mut left: Vec<usize> = planted.to_vec();
        left.shuffle(rng);
        let mut groups = Vec::new();
        while let Some(first) = left.pop() {
            let (fr, fc) = (first / size, first % size);
            left.sort_by_key(|&c| {
                std::cmp::Reverse((c / size).abs_diff(fr) + (c % size).abs_diff(fc))
            });
            let mut group = vec![first];
            for _ in 1..k {
                group.push(left.pop()?);
            }
            groups.push(group);
        }
        for (g, group) in groups.iter().enumerate() {
            for &c in group {
                grid.region[c] = g;
            }
        }
        for (g, group) in groups.iter().enumerate() {
            for &target in &group[1..] {
                grid.join(g, group[0], target)?;
            }
        }
        let big = rng.random_range(0..groups.len());
        let mut stack: Vec<usize> = (0..size * size)
            .filter(|&c| grid.region[c] == big)
            .collect();
        while let Some(c) = stack.pop() {
            for n in grid.neighbours(c) {
                if grid.region[n] == FREE {
                    grid.region[n] = big;
                    stack.push(n);
                }
            }
        }
        loop {
            let open: Vec<usize> = (0..size * size)
                .filter(|&c| {
                    grid.region[c] == FREE && grid.neighbours(c).any(|n| grid.region[n] != FREE)
                })
                .collect();
            let Some(&cell) = open.get(rng.random_range(0..open.len().max(1))) else {
                break;
            };
            let owners: Vec<usize> = grid
                .neighbours(cell)
                .filter(|&n| grid.region[n] != FREE)
                .map(|n| grid.region[n])
                .collect();
            grid.region[cell] = owners[rng.random_range(0..owners.len())];
        }
        grid.region.iter().all(|&r| r != FREE).then_some(grid)
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

    /// Moves `cell` to region `to` if its own region stays connected;
    /// returns whether it moved.
    pub(super) fn try_move(&mut self, cell: usize, to: usize) -> bool {
        let from = self.region[cell];
        self.region[cell] = to;
        if self.connected(from) {
            true
        } else {
            self.region[cell] = from;
            false
        }
    }

    /// Moves `cell` into a neighbouring region together with the cells of a
    /// shortest path in its own region from it to that region's border,
    /// none of them `fixed`, and with the parts of its region the path cuts
    /// off from the region's fixed cells, when those parts hold none:
    /// returns the cells moved and their old region, or `None` (nothing
    /// moved). A region without fixed cells is left alone.
    pub(super) fn carry(
        &mut self,
        cell: usize,
        fixed: impl Fn(usize) -> bool,
        rng: &mut ChaCha8Rng,
    ) -> Option<(Vec<usize>, usize)> {
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
        (home == to).then_some((moved, from))
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
