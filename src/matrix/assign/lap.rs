//! An assignment problem in progress, as Murty's partitioning needs it: some
//! rows fixed, some cells barred, a matching with its potentials, solved from
//! scratch by the dense fast path ([`super::sap`]) or warm from a parent by one
//! augmenting path, then moved to the optimum with the smallest column
//! sequence.

use super::sap::{self, Costs, NONE, Weight};

/// An assignment problem in progress: the oriented grid, padded with dummy rows
/// `m..n`, and its current matching and potentials.
#[derive(Clone)]
pub(super) struct Lap<'g, C> {
    pub(super) grid: &'g Costs<C>,
    /// Barred `(row, col)` cells, `m × n`; empty while none is.
    barred: Vec<bool>,
    pub(super) row_active: Vec<bool>,
    pub(super) col_active: Vec<bool>,
    pub(super) u: Vec<C>,
    pub(super) v: Vec<C>,
    pub(super) row_col: Vec<usize>,
    pub(super) col_row: Vec<usize>,
}

impl<'g, C: Weight> Lap<'g, C> {
    /// A fresh problem: rows `0..prefix` fixed to `cols[..prefix]` (removed
    /// with their columns), plus barred cells.
    pub(super) fn new(
        grid: &'g Costs<C>,
        fixed: &[usize],
        barred_cells: &[(usize, usize)],
    ) -> Self {
        let n = grid.n;
        let mut lap = Lap {
            grid,
            barred: Vec::new(),
            row_active: vec![true; n],
            col_active: vec![true; n],
            u: vec![C::ZERO; n],
            v: vec![C::ZERO; n],
            row_col: vec![NONE; n],
            col_row: vec![NONE; n],
        };
        for &(i, j) in barred_cells {
            lap.bar(i, j);
        }
        for (i, &j) in fixed.iter().enumerate() {
            lap.row_active[i] = false;
            lap.col_active[j] = false;
            lap.row_col[i] = j;
            lap.col_row[j] = i;
        }
        lap
    }

    /// Bars the cell `(i, j)`.
    pub(super) fn bar(&mut self, i: usize, j: usize) {
        let (m, n) = (self.grid.m, self.grid.n);
        if self.barred.is_empty() {
            self.barred = vec![false; m * n];
        }
        self.barred[i * n + j] = true;
    }

    /// Solves from scratch with the dense fast path on the active rows and
    /// columns; the dummies then take the free columns.
    pub(super) fn solve(&mut self) -> bool {
        let (m, n) = (self.grid.m, self.grid.n);
        let rows: Vec<usize> = (0..m).filter(|&i| self.row_active[i]).collect();
        let cols: Vec<usize> = (0..n).filter(|&j| self.col_active[j]).collect();
        let whole = rows.len() == m && cols.len() == n && self.barred.is_empty();
        let mut dense = Vec::new();
        if !whole {
            dense.reserve(rows.len() * cols.len());
            for &i in &rows {
                dense.extend(cols.iter().map(|&j| self.cost(i, j).unwrap_or(C::INF)));
            }
        }
        let costs = if whole { &self.grid.cost } else { &dense };
        let Some(solved) = sap::solve(costs, rows.len(), cols.len()) else {
            return false;
        };
        for (r, &i) in rows.iter().enumerate() {
            let j = cols[solved.row_col[r]];
            self.u[i] = solved.u[r];
            self.row_col[i] = j;
            self.col_row[j] = i;
        }
        for (c, &j) in cols.iter().enumerate() {
            self.v[j] = solved.v[c];
        }
        self.pad();
        true
    }

    /// The dummy rows take the free columns; their potentials stay tight at
    /// 0, as free columns keep `v = 0`.
    fn pad(&mut self) {
        let (m, n) = (self.grid.m, self.grid.n);
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
    }

    /// The cost of `(i, j)` if allowed (dummy rows cost 0 everywhere).
    #[inline]
    pub(super) fn cost(&self, i: usize, j: usize) -> Option<C> {
        if !self.col_active[j] {
            None
        } else if i >= self.grid.m {
            Some(C::ZERO)
        } else if !self.barred.is_empty() && self.barred[i * self.grid.n + j] {
            None
        } else {
            self.grid.at(i, j)
        }
    }

    /// One shortest augmenting path from the unmatched row `start` to a free
    /// column (Dijkstra on reduced costs, potentials updated on the way).
    pub(super) fn augment(&mut self, start: usize) -> bool {
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
    pub(super) fn lexmin(&mut self) {
        let (m, n) = (self.grid.m, self.grid.n);
        // `dead[c] == i + 1`: column c leads nowhere for row i (no clearing per row)
        let mut dead = vec![0usize; n];
        let mut fixed_col = vec![false; n];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        // each row's tight columns, found when first needed
        let mut tight: Vec<Option<Vec<usize>>> = vec![None; n];
        // Dummy rows with one potential are alike (cost 0 everywhere): once
        // one has looked for a way on and failed, every other one fails too.
        let alike = self.u[m..n].windows(2).all(|w| w[0] == w[1]);
        for i in 0..m {
            if !self.row_active[i] {
                continue;
            }
            let cur = self.row_col[i];
            let stamp = i + 1;
            let mut dummy_tried = false;
            let (row, ui) = (&self.grid.cost[i * n..(i + 1) * n], self.u[i]);
            'cands: for c in 0..cur {
                // the reduced cost first: most cells are not tight
                if C::path(C::ZERO, row[c], ui, self.v[c]) != C::ZERO
                    || dead[c] == stamp
                    || fixed_col[c]
                    || !self.tight(i, c)
                {
                    continue;
                }
                // Can the holder of `c` move on, and so on, until a holder
                // moves into `cur` (which row `i` leaves)?
                dead[c] = stamp;
                stack.clear();
                stack.push((c, 0));
                while let Some(&mut (x, ref mut next)) = stack.last_mut() {
                    let h = self.col_row[x];
                    if alike && h >= m && *next == 0 {
                        if dummy_tried {
                            stack.pop();
                            continue;
                        }
                        dummy_tried = true;
                    }
                    // alike dummies share one list (slot m: the first dummy's)
                    let slot = if alike && h >= m { m } else { h };
                    let ways = tight[slot].get_or_insert_with(|| {
                        if h < m {
                            // a real row: the reduced cost first, in one scan of its costs
                            let (costs, uh) = (&self.grid.cost[h * n..(h + 1) * n], self.u[h]);
                            (0..n)
                                .filter(|&y| {
                                    C::path(C::ZERO, costs[y], uh, self.v[y]) == C::ZERO
                                        && self.tight(h, y)
                                })
                                .collect::<Vec<_>>()
                        } else {
                            (0..n).filter(|&y| self.tight(h, y)).collect::<Vec<_>>()
                        }
                    });
                    let mut advanced = None;
                    while let Some(&y) = ways.get(*next) {
                        *next += 1;
                        if y == cur {
                            advanced = Some(y);
                            break;
                        }
                        if dead[y] == stamp || fixed_col[y] {
                            continue;
                        }
                        if alike && dummy_tried && self.col_row[y] >= m {
                            // held by an alike dummy, and one has been tried
                            dead[y] = stamp;
                            continue;
                        }
                        advanced = Some(y);
                        break;
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
                            dead[y] = stamp;
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
    pub(super) fn cost_sum(&self, fixed: &[usize]) -> C {
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
    pub(super) fn cols(&self) -> Vec<usize> {
        self.row_col[..self.grid.m].to_vec()
    }
}

/// The sum of a column sequence's cells.
pub(super) fn sum_of<C: Weight>(grid: &Costs<C>, cols: &[usize]) -> C {
    cols.iter().enumerate().fold(C::ZERO, |s, (i, &j)| {
        s + grid.at(i, j).expect("a selection avoids holes")
    })
}

#[cfg(test)]
impl<C: Weight> Lap<'_, C> {
    /// The solve before the fast path: one augmenting path per row, each a
    /// Dijkstra over all columns (a second method to test the first against).
    pub(super) fn solve_by_augmenting(&mut self) -> bool {
        for i in 0..self.grid.m {
            if self.row_active[i] && !self.augment(i) {
                return false;
            }
        }
        self.pad();
        true
    }
}
