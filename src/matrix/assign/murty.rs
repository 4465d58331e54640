//! Murty's partitioning: the K best selections, each subproblem's minimum
//! from a warm-started [`Lap`].

use std::cmp::Ordering;
use std::collections::BTreeSet;

use super::super::exact::Cost;
use super::lap::{Lap, sum_of};
use super::sap::{Costs, NONE, Weight};
use crate::search::Stop;

/// A subproblem in the queue: its minimum, and how to rebuild it.
struct Node<C> {
    cost: C,
    cols: Vec<usize>,
    /// Rows `0..prefix` are fixed to `cols[..prefix]`.
    prefix: usize,
    barred: Vec<(usize, usize)>,
}

impl<C: Cost> Node<C> {
    fn key_cmp(&self, other: &Self) -> Ordering {
        self.cost
            .cmp_total(&other.cost)
            .then_with(|| self.cols.cmp(&other.cols))
    }
}

impl<C: Cost> PartialEq for Node<C> {
    fn eq(&self, other: &Self) -> bool {
        self.key_cmp(other) == Ordering::Equal
    }
}
impl<C: Cost> Eq for Node<C> {}
impl<C: Cost> PartialOrd for Node<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Node<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key_cmp(other)
    }
}

/// The first `k` selections under (sum, column sequence), as original cells
/// and sums; those found so far once `stop` is set (checked between them).
pub(super) fn ranked<C: Weight>(
    costs: &Costs<C>,
    k: usize,
    stop: &Stop,
) -> Vec<(Vec<(usize, usize)>, C)> {
    let mut out = Vec::new();
    if k == 0 {
        return out;
    }
    let mut root = Lap::new(costs, &[], &[]);
    if !root.solve() {
        return out;
    }
    root.lexmin();
    let cols = root.cols();
    // The queue keeps only as many subproblems as selections still wanted:
    // anything worse than that many others can never be output.
    let mut queue = BTreeSet::new();
    queue.insert(Node {
        cost: sum_of(costs, &cols),
        cols,
        prefix: 0,
        barred: Vec::new(),
    });
    let mut cached = Some(root);
    while let Some(node) = queue.pop_first() {
        out.push((costs.cells(&node.cols), costs.sum(&node.cols)));
        if out.len() == k || stop.is_set() {
            break;
        }
        let room = k - out.len();
        while queue.len() > room {
            queue.pop_last();
        }
        // a child whose cost is above this cannot make it
        let cutoff = |queue: &BTreeSet<Node<C>>| {
            (queue.len() == room).then(|| queue.last().expect("room > 0").cost)
        };
        let parent = match cached.take() {
            Some(lap) => lap,
            None => {
                let mut lap = Lap::new(costs, &node.cols[..node.prefix], &node.barred);
                if !lap.solve() {
                    // Cannot happen: node.cols is a selection of this subproblem.
                    continue;
                }
                lap.lexmin();
                // With exact values the re-solve finds node.cols again. With
                // f64 values (see `Matrix::is_exact`) rounding can make another
                // selection tie with it; the children below are still cut from
                // node.cols, and the potentials stay valid bounds, so the
                // ranking is as good as the rounded sums allow (fuzzing found
                // `-1.e35, 5.,,1`).
                lap
            }
        };
        let mut prefix_lap = parent;
        for i in node.prefix..costs.m {
            // child i: rows < i fixed (those in node.prefix..i removed now),
            // row i barred from node.cols[i]
            let j = node.cols[i];
            // lower bound: the parent's cost plus row i's least reduced cost
            // elsewhere (the potentials stay feasible)
            let bound = (0..costs.n)
                .filter(|&y| y != j)
                .filter_map(|y| {
                    prefix_lap
                        .cost(i, y)
                        .map(|c| c - prefix_lap.u[i] - prefix_lap.v[y])
                })
                .min_by(Cost::cmp_total);
            // Bounds prune only with exact sums: in f64, reduced costs next to
            // huge potentials round away (fuzzing found `-1.e35, 5.,,1`).
            let hopeless = |c: C, queue: &BTreeSet<Node<C>>| {
                C::EXACT
                    && cutoff(queue).is_some_and(|worst| c.cmp_total(&worst) == Ordering::Greater)
            };
            if let Some(b) = bound
                && !hopeless(node.cost + b, &queue)
            {
                let mut child = prefix_lap.clone();
                child.bar(i, j);
                child.row_col[i] = NONE;
                child.col_row[j] = NONE;
                let mut found = child.augment(i);
                if !found && !C::EXACT {
                    // The warm start can fail on rounding: solve the child afresh.
                    let mut barred = node.barred.clone();
                    barred.push((i, j));
                    child = Lap::new(costs, &node.cols[..i], &barred);
                    found = child.solve();
                }
                if found {
                    let cost = child.cost_sum(&node.cols[..i]);
                    if !hopeless(cost, &queue) {
                        child.lexmin();
                        let mut barred: Vec<(usize, usize)> = node
                            .barred
                            .iter()
                            .copied()
                            .filter(|&(r, _)| r >= i)
                            .collect();
                        barred.push((i, j));
                        queue.insert(Node {
                            cost,
                            cols: child.cols(),
                            prefix: i,
                            barred,
                        });
                        if queue.len() > room {
                            queue.pop_last();
                        }
                    }
                }
            }
            // fix row i to its column for the next children
            prefix_lap.row_active[i] = false;
            prefix_lap.col_active[j] = false;
        }
    }
    out
}
