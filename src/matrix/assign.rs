//! Optimal assignment (Hungarian algorithm with potentials) and K-best
//! ranking (Murty's partitioning).
//!
//! # Order
//!
//! Selections are ranked by sum (smallest first for [`Sense::Min`], largest
//! first for [`Sense::Max`]); equal sums are ordered by their column sequence
//! in the oriented matrix (row 1's column, then row 2's, ...), smallest first —
//! the order in which [`super::selections`] lists them. This is a total order,
//! so the K best are one well-defined list: the first K of all selections
//! sorted by it.
//!
//! # Method
//!
//! The oriented `m × n` problem (`m ≤ n`) is padded to `n × n` with `n − m`
//! implicit zero-cost rows. A shortest-augmenting-path Hungarian algorithm
//! (Jonker–Volgenant style, `O(m² n)`) finds an optimum and optimal dual
//! potentials. Among all optima — exactly the perfect matchings on the *tight*
//! cells (reduced cost zero) — the one with the smallest column sequence is
//! then found greedily, row by row, with alternating paths on the tight cells.
//! So each solve returns the minimum under the total order above.
//!
//! Murty's partitioning then splits "all selections except the best" into
//! disjoint subproblems (rows before `i` fixed to the best's columns, row `i`
//! barred from its column) whose minima go into a priority queue. Each child is
//! re-solved warm: one augmenting path from its parent's potentials (`O(n²)`).
//! With exact sums (see [`super::Matrix::is_exact`]) the output is provably the
//! first K under the order.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use super::exact::{Cost, Grid, Numeric, scaled_to_f64};
use super::{Matrix, Selection};

/// Whether the best selection has the smallest or the largest sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sense {
    /// Smallest sum first.
    Min,
    /// Largest sum first.
    Max,
}

/// The best selection by sum (ties: smallest column sequence), or `None` when
/// the holes leave no full selection.
///
/// ```
/// use placer::matrix::{Matrix, Sense, assign};
///
/// let m = Matrix::parse("4 1 3\n2 0 5\n3 2 2").unwrap();
/// let best = assign(&m, Sense::Min).unwrap();
/// assert_eq!(best.cells, vec![(0, 1), (1, 0), (2, 2)]);
/// assert_eq!(best.sum, 5.0);
/// ```
pub fn assign(matrix: &Matrix, sense: Sense) -> Option<Selection> {
    top_k(matrix, 1, sense).pop()
}

/// The `k` best selections, best first; fewer when there are fewer selections.
///
/// Order: by sum (smallest first for [`Sense::Min`], largest first for
/// [`Sense::Max`]), then equal sums by column sequence in the oriented matrix,
/// smallest first — the order of [`selections`](super::selections). The
/// result is exactly the first `k` of all selections sorted this way (when the
/// matrix [is exact](Matrix::is_exact)).
///
/// Method: a Hungarian (Jonker–Volgenant style) solve with potentials, the
/// optimum with the smallest column sequence picked on the tight cells, then
/// Murty's partitioning with warm-started children, a queue of at most `k`
/// subproblems and a lower bound that skips hopeless children. About 10 ms for
/// `k = 1` and 0.1–1 s for `k = 100` on a dense 200×200 matrix.
pub fn top_k(matrix: &Matrix, k: usize, sense: Sense) -> Vec<Selection> {
    match Numeric::new(matrix) {
        Numeric::Exact { grid, scale } => ranked(grid, k, sense)
            .into_iter()
            .map(|(cells, sum)| Selection {
                cells,
                sum: scaled_to_f64(sum, scale),
            })
            .collect(),
        Numeric::Float(grid) => ranked(grid, k, sense)
            .into_iter()
            .map(|(cells, sum)| Selection { cells, sum })
            .collect(),
    }
}

const NONE: usize = usize::MAX;

/// An assignment problem in progress: the oriented grid, padded with dummy rows
/// `m..n`, and its current matching and potentials.
#[derive(Clone)]
struct Lap<'g, C> {
    grid: &'g Grid<C>,
    /// Barred `(row, col)` cells, `m × n`.
    barred: Vec<bool>,
    row_active: Vec<bool>,
    col_active: Vec<bool>,
    u: Vec<C>,
    v: Vec<C>,
    row_col: Vec<usize>,
    col_row: Vec<usize>,
}

impl<'g, C: Cost> Lap<'g, C> {
    /// A fresh problem: rows `0..prefix` fixed to `cols[..prefix]` (removed
    /// with their columns), plus barred cells.
    fn new(grid: &'g Grid<C>, fixed: &[usize], barred_cells: &[(usize, usize)]) -> Self {
        let (m, n) = (grid.m, grid.n);
        let mut lap = Lap {
            grid,
            barred: vec![false; m * n],
            row_active: vec![true; n],
            col_active: vec![true; n],
            u: vec![C::ZERO; n],
            v: vec![C::ZERO; n],
            row_col: vec![NONE; n],
            col_row: vec![NONE; n],
        };
        for &(i, j) in barred_cells {
            lap.barred[i * n + j] = true;
        }
        for (i, &j) in fixed.iter().enumerate() {
            lap.row_active[i] = false;
            lap.col_active[j] = false;
            lap.row_col[i] = j;
            lap.col_row[j] = i;
        }
        lap
    }

    /// Solves from scratch: real rows first (each one augmenting path), then
    /// the dummies take the free columns (their potentials stay tight at 0,
    /// as free columns keep `v = 0`).
    fn solve(&mut self) -> bool {
        let (m, n) = (self.grid.m, self.grid.n);
        for i in 0..m {
            if self.row_active[i] && !self.augment(i) {
                return false;
            }
        }
        let mut dummy = m;
        for j in 0..n {
            if self.col_active[j] && self.col_row[j] == NONE {
                debug_assert!(self.v[j] == C::ZERO);
                self.col_row[j] = dummy;
                self.row_col[dummy] = j;
                self.u[dummy] = -self.v[j];
                dummy += 1;
            }
        }
        true
    }

    /// The cost of `(i, j)` if allowed (dummy rows cost 0 everywhere).
    #[inline]
    fn cost(&self, i: usize, j: usize) -> Option<C> {
        if !self.col_active[j] {
            None
        } else if i >= self.grid.m {
            Some(C::ZERO)
        } else if self.barred[i * self.grid.n + j] {
            None
        } else {
            self.grid.at(i, j)
        }
    }

    /// One shortest augmenting path from the unmatched row `start` to a free
    /// column (Dijkstra on reduced costs, potentials updated on the way).
    fn augment(&mut self, start: usize) -> bool {
        let n = self.grid.n;
        let mut minv: Vec<Option<C>> = vec![None; n];
        let mut way = vec![NONE; n];
        let mut used = vec![false; n];
        let mut used_cols: Vec<usize> = Vec::new();
        let mut row = start;
        let mut from = NONE;
        loop {
            let ur = self.u[row];
            for j in 0..n {
                if used[j] {
                    continue;
                }
                if let Some(c) = self.cost(row, j) {
                    let r = c - ur - self.v[j];
                    if minv[j].is_none_or(|mv| r < mv) {
                        minv[j] = Some(r);
                        way[j] = from;
                    }
                }
            }
            let mut best: Option<(C, usize)> = None;
            for j in 0..n {
                if let (false, Some(mv)) = (used[j], minv[j])
                    && best.is_none_or(|(b, _)| mv < b)
                {
                    best = Some((mv, j));
                }
            }
            let Some((delta, j1)) = best else {
                return false;
            };
            self.u[start] += delta;
            for &j in &used_cols {
                self.u[self.col_row[j]] += delta;
                self.v[j] -= delta;
            }
            for j in 0..n {
                if !used[j]
                    && let Some(mv) = minv[j]
                {
                    minv[j] = Some(mv - delta);
                }
            }
            used[j1] = true;
            used_cols.push(j1);
            if self.col_row[j1] == NONE {
                let mut j = j1;
                loop {
                    let pj = way[j];
                    if pj == NONE {
                        self.row_col[start] = j;
                        self.col_row[j] = start;
                        return true;
                    }
                    let r = self.col_row[pj];
                    self.col_row[j] = r;
                    self.row_col[r] = j;
                    j = pj;
                }
            }
            from = j1;
            row = self.col_row[j1];
        }
    }

    #[inline]
    fn tight(&self, i: usize, j: usize) -> bool {
        self.cost(i, j)
            .is_some_and(|c| c - self.u[i] - self.v[j] == C::ZERO)
    }

    /// Makes the matching the optimum with the smallest column sequence over
    /// the active real rows, keeping the potentials (all moves stay on tight
    /// cells, so the sum stays optimal).
    fn lexmin(&mut self) {
        let (m, n) = (self.grid.m, self.grid.n);
        let mut dead = vec![false; n];
        let mut fixed_col = vec![false; n];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for i in 0..m {
            if !self.row_active[i] {
                continue;
            }
            let cur = self.row_col[i];
            dead.fill(false);
            'cands: for c in 0..cur {
                if dead[c] || fixed_col[c] || !self.tight(i, c) {
                    continue;
                }
                // Can the holder of `c` move on, and so on, until a holder
                // moves into `cur` (which row `i` leaves)?
                dead[c] = true;
                stack.clear();
                stack.push((c, 0));
                while let Some(&mut (x, ref mut next)) = stack.last_mut() {
                    let h = self.col_row[x];
                    let mut advanced = None;
                    while *next < n {
                        let y = *next;
                        *next += 1;
                        if (y == cur || (!dead[y] && !fixed_col[y])) && self.tight(h, y) {
                            advanced = Some(y);
                            break;
                        }
                    }
                    match advanced {
                        Some(y) if y == cur => {
                            // shift holders along the path, last first
                            let mut to = cur;
                            for &(x, _) in stack.iter().rev() {
                                let h = self.col_row[x];
                                self.col_row[to] = h;
                                self.row_col[h] = to;
                                to = x;
                            }
                            self.col_row[c] = i;
                            self.row_col[i] = c;
                            break 'cands;
                        }
                        Some(y) => {
                            dead[y] = true;
                            stack.push((y, 0));
                        }
                        None => {
                            stack.pop();
                        }
                    }
                }
            }
            fixed_col[self.row_col[i]] = true;
        }
    }

    /// The total cost: the fixed rows' columns plus the active rows' matching.
    fn cost_sum(&self, fixed: &[usize]) -> C {
        let mut s = sum_of(self.grid, fixed);
        for i in fixed.len()..self.grid.m {
            s += self
                .grid
                .at(i, self.row_col[i])
                .expect("a matching avoids holes");
        }
        s
    }

    /// The column sequence of the real rows.
    fn cols(&self) -> Vec<usize> {
        self.row_col[..self.grid.m].to_vec()
    }
}

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

fn sum_of<C: Cost>(grid: &Grid<C>, cols: &[usize]) -> C {
    cols.iter().enumerate().fold(C::ZERO, |s, (i, &j)| {
        s + grid.at(i, j).expect("a selection avoids holes")
    })
}

/// The first `k` selections under (sum, column sequence), as original cells
/// and sums.
fn ranked<C: Cost>(grid: Grid<C>, k: usize, sense: Sense) -> Vec<(Vec<(usize, usize)>, C)> {
    let negated;
    let costs = match sense {
        Sense::Min => &grid,
        Sense::Max => {
            negated = Grid {
                m: grid.m,
                n: grid.n,
                transposed: grid.transposed,
                cost: grid.cost.iter().map(|c| c.map(|c| -c)).collect(),
            };
            &negated
        }
    };
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
        out.push((grid.cells(&node.cols), sum_of(&grid, &node.cols)));
        if out.len() == k {
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
                child.barred[i * costs.n + j] = true;
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

#[cfg(test)]
mod tests {
    use super::super::brute;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_example() {
        let m = Matrix::parse("4 1 3\n2 0 5\n3 2 2").unwrap();
        let best = top_k(&m, 3, Sense::Min);
        let sums: Vec<f64> = best.iter().map(|s| s.sum).collect();
        assert_eq!(sums, vec![5.0, 6.0, 6.0]);
        let max = top_k(&m, 100, Sense::Max);
        assert_eq!(max.len(), 6);
        assert_eq!(max[0].sum, 11.0);
    }

    #[test]
    fn ties_follow_column_order() {
        let m = Matrix::parse("1 1 1\n1 1 1\n1 1 1").unwrap();
        let all = top_k(&m, 10, Sense::Min);
        let seqs: Vec<Vec<usize>> = all
            .iter()
            .map(|s| s.cells.iter().map(|c| c.1).collect())
            .collect();
        assert_eq!(
            seqs,
            vec![
                vec![0, 1, 2],
                vec![0, 2, 1],
                vec![1, 0, 2],
                vec![1, 2, 0],
                vec![2, 0, 1],
                vec![2, 1, 0]
            ]
        );
    }

    #[test]
    fn infeasible_and_rectangular() {
        let m = Matrix::parse("1,\n2,\n").unwrap();
        assert_eq!(assign(&m, Sense::Min), None);
        let tall = Matrix::parse("5\n1\n3").unwrap();
        let best = top_k(&tall, 5, Sense::Max);
        let cells: Vec<_> = best.iter().map(|s| s.cells.clone()).collect();
        assert_eq!(cells, vec![vec![(0, 0)], vec![(2, 0)], vec![(1, 0)]]);
    }

    #[test]
    fn exact_decimal_sums() {
        let m = Matrix::parse("0.1 0.2\n0.2 0.1").unwrap();
        let all = top_k(&m, 2, Sense::Min);
        assert_eq!(all[0].sum, 0.2);
        assert_eq!(all[1].sum, 0.4);
        assert_eq!(all[0].cells, vec![(0, 0), (1, 1)]);
    }

    #[test]
    fn float_fallback() {
        let m = Matrix::parse("1e-30 1e30\n2 1e-30").unwrap();
        assert!(!m.is_exact());
        let all = top_k(&m, 2, Sense::Max);
        assert_eq!(all[0].cells, vec![(0, 1), (1, 0)]);
        assert_eq!(all[0].sum, 1e30);
    }

    #[test]
    fn dense_200_is_optimal_against_a_known_optimum() {
        // a permutation of zeros in a matrix of ones and twos: the optimum is 0
        let n = 200;
        let mut rows = vec![vec![Some(1.0); n]; n];
        let mut state = 12345u64;
        for (i, row) in rows.iter_mut().enumerate() {
            for v in row.iter_mut() {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *v = Some(1.0 + (state >> 63) as f64);
            }
            row[(i * 7 + 3) % n] = Some(0.0);
        }
        let m = Matrix::from_rows(&rows);
        let best = assign(&m, Sense::Min).unwrap();
        assert_eq!(best.sum, 0.0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn top_k_equals_brute_force(
            m in brute::small_matrix(),
            k in 1usize..30,
            max in any::<bool>(),
        ) {
            let sense = if max { Sense::Max } else { Sense::Min };
            let got: Vec<(Vec<(usize, usize)>, f64)> =
                top_k(&m, k, sense).into_iter().map(|s| (s.cells, s.sum)).collect();
            let want = brute::ranked(&m, sense);
            let want: Vec<_> = want.into_iter().take(k).collect();
            prop_assert_eq!(got, want);
        }
    }
}
