//! The fast path: a shortest-augmenting-path solve (Jonker–Volgenant style,
//! the method of `scipy.optimize.linear_sum_assignment`) on a dense cost
//! array.
//!
//! The `rows × cols` costs (`rows ≤ cols`) sit in one row-major slice, holes
//! as [`Weight::INF`], so the inner loops are plain scans without `Option`s
//! or flags. Jonker and Volgenant's cheap phases come first: on a square
//! grid, column reduction (each column's least cost as its potential, its
//! row takes it) and reduction transfer; then, on any grid, one pass of
//! augmenting row reduction (a free row takes its best column, lowering that
//! column's potential to its second best; a second pass, as JV run, cost 7–18 %
//! more instructions on random square floats and saved nothing on ties).
//! On random 200 × 200 costs these
//! leave only a few rows free. Each of those then starts a Dijkstra search
//! over the columns on reduced costs `c − u − v` (the columns not yet
//! reached kept in a compact list) until it reaches a free column; the
//! potentials are updated and the path flipped. The result is an optimum
//! with dual potentials that certify it: `c − u − v ≥ 0` everywhere, `= 0`
//! on the matching and, on a rectangular grid, `v ≤ 0` with `v = 0` on the
//! columns left free (which a padded zero-cost row may take), so
//! [`super::lap::Lap`] continues from it unchanged.
//!
//! With integers (`i64` when the scaled values are small enough, see
//! [`fits_i64`], else `i128`) every step is exact, and a hole is a large
//! finite cost, so the scans have no branch for it. With `f64` (floats from
//! Python) the arithmetic rounds as scipy's does.

use super::super::exact::{Cost, original_cells};

/// A cost type with a value for holes.
pub(crate) trait Weight: Cost {
    /// The cost of a hole: larger than every real path, and still so after
    /// adding or subtracting any sum of real costs and potentials.
    const INF: Self;
    /// `base + c − u − v`; a hole's [`Weight::INF`] stays [`Weight::is_inf`].
    fn path(base: Self, c: Self, u: Self, v: Self) -> Self;
    /// Whether a computed path goes through a hole.
    fn is_inf(self) -> bool;
}

/// Integer costs: `INF` is a large finite value, so a path through a hole
/// costs no branch; [`fits`] keeps the real costs small enough beside it.
macro_rules! integer_weight {
    ($t:ty, $inf:expr) => {
        impl Weight for $t {
            const INF: Self = $inf;
            #[inline]
            fn path(base: Self, c: Self, u: Self, v: Self) -> Self {
                base + c - u - v
            }
            #[inline]
            fn is_inf(self) -> bool {
                self >= Self::INF / 2
            }
        }
    };
}

integer_weight!(i64, 1 << 61);
integer_weight!(i128, 1 << 120);

/// Whether costs of magnitude at most `max` on an `n`-column grid may be
/// solved in `i64`: sums, potentials and paths (at most about `4 n max`)
/// then stay below 2^58, far from `INF = 2^61` and from overflow.
pub(crate) fn fits_i64(max: u64, n: usize) -> bool {
    max.checked_mul(4 * n as u64 + 8)
        .is_some_and(|b| b <= 1 << 58)
}

impl Weight for f64 {
    const INF: Self = f64::INFINITY;
    #[inline]
    fn path(base: Self, c: Self, u: Self, v: Self) -> Self {
        // a hole's INF stays INF: u, v and base are finite
        base + c - u - v
    }
    #[inline]
    fn is_inf(self) -> bool {
        self == f64::INFINITY
    }
}

/// No row or column.
pub(crate) const NONE: usize = usize::MAX;

/// The oriented `m × n` costs (`m ≤ n`) in one row-major array, holes as
/// [`Weight::INF`], negated for [`Sense::Max`](super::Sense::Max).
#[derive(Debug, Clone)]
pub(crate) struct Costs<C> {
    /// Rows (the smaller side).
    pub m: usize,
    /// Columns.
    pub n: usize,
    /// Whether this is the transpose of the matrix.
    pub transposed: bool,
    /// `m × n` costs, row-major.
    pub cost: Vec<C>,
    /// Whether the costs are the values negated.
    pub negated: bool,
}

impl<C: Weight> Costs<C> {
    /// The oriented costs of a `rows × cols` matrix whose row-major cell
    /// `k` is `value(k)` (`None` for a hole), negated when `negate` (to
    /// maximize).
    pub fn oriented(
        rows: usize,
        cols: usize,
        negate: bool,
        value: impl Fn(usize) -> Option<C>,
    ) -> Costs<C> {
        let cost = |k: usize| match value(k) {
            None => C::INF,
            Some(c) if negate => -c,
            Some(c) => c,
        };
        let transposed = rows > cols;
        let (m, n) = if transposed {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let cost = if transposed {
            // oriented (i, j) is the matrix's (j, i): read in blocks of
            // rows, so that each block's cells stay in the cache
            let mut out = vec![C::ZERO; m * n];
            const BLOCK: usize = 32;
            for r0 in (0..rows).step_by(BLOCK) {
                for c in 0..cols {
                    for r in r0..(r0 + BLOCK).min(rows) {
                        out[c * n + r] = cost(r * cols + c);
                    }
                }
            }
            out
        } else {
            (0..m * n).map(cost).collect()
        };
        Costs {
            m,
            n,
            transposed,
            cost,
            negated: negate,
        }
    }

    /// The cost at oriented `(i, j)`, `None` for a hole.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> Option<C> {
        let c = self.cost[i * self.n + j];
        (c != C::INF).then_some(c)
    }

    /// The original-orientation cells of a column sequence, sorted by row.
    pub fn cells(&self, cols: &[usize]) -> Vec<(usize, usize)> {
        original_cells(self.transposed, cols)
    }

    /// The sum of the values (not negated) on a column sequence's cells.
    pub fn sum(&self, cols: &[usize]) -> C {
        let s = cols.iter().enumerate().fold(C::ZERO, |s, (i, &j)| {
            s + self.at(i, j).expect("a selection avoids holes")
        });
        if self.negated { -s } else { s }
    }
}

/// An optimum with its potentials.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Solved<C> {
    /// Row potentials.
    pub u: Vec<C>,
    /// Column potentials (0 on the columns no row takes).
    pub v: Vec<C>,
    /// The column of each row.
    pub row_col: Vec<usize>,
}

/// A minimum-cost assignment of every row of the `rows × cols` costs
/// (`rows ≤ cols`, row-major, holes `INF`) to distinct columns, or `None`
/// when the holes leave none.
pub(crate) fn solve<C: Weight>(costs: &[C], rows: usize, cols: usize) -> Option<Solved<C>> {
    assert!(
        rows <= cols && costs.len() == rows * cols,
        "an oriented grid"
    );
    let mut state = State {
        costs,
        cols,
        u: vec![C::ZERO; rows],
        v: vec![C::ZERO; cols],
        row_col: vec![NONE; rows],
        col_row: vec![NONE; cols],
    };
    let mut free: Vec<usize> = (0..rows).collect();
    if rows == cols {
        free = state.reduce_columns()?;
    }
    free = state.reduce_rows(free)?;
    let mut search = Search::new(rows, cols);
    for start in free {
        search.augment(&mut state, start)?;
    }
    Some(Solved {
        u: state.u,
        v: state.v,
        row_col: state.row_col,
    })
}

/// A partial assignment with potentials: `c − u − v ≥ 0` on the assigned
/// rows' cells, `= 0` on their columns; unless the grid is square (where
/// column reduction starts `v` at each column's least cost), `v ≤ 0` with
/// `v = 0` on free columns.
struct State<'c, C> {
    costs: &'c [C],
    cols: usize,
    u: Vec<C>,
    v: Vec<C>,
    row_col: Vec<usize>,
    col_row: Vec<usize>,
}

impl<C: Weight> State<'_, C> {
    fn row(&self, i: usize) -> &[C] {
        &self.costs[i * self.cols..(i + 1) * self.cols]
    }

    fn assign(&mut self, i: usize, j: usize) {
        self.row_col[i] = j;
        self.col_row[j] = i;
        self.u[i] = C::path(C::ZERO, self.row(i)[j], C::ZERO, self.v[j]);
    }

    /// Square grids only (every column gets a row, so `v` may be positive):
    /// each column's potential is its least cost, a free row there takes
    /// it, and each row so assigned hands its second-least reduced cost to
    /// its column (JV's column reduction and reduction transfer). The rows
    /// left free, or `None` for a column of holes.
    fn reduce_columns(&mut self) -> Option<Vec<usize>> {
        let n = self.cols;
        // each column's least cost and its first row, read row by row (the
        // array's own order) rather than down each column
        let mut low = vec![C::INF; n];
        let mut at = vec![NONE; n];
        for i in 0..n {
            for ((l, a), &c) in low.iter_mut().zip(at.iter_mut()).zip(self.row(i)) {
                if c < *l {
                    (*l, *a) = (c, i);
                }
            }
        }
        for j in (0..n).rev() {
            if at[j] == NONE {
                return None;
            }
            self.v[j] = low[j];
            if self.row_col[at[j]] == NONE {
                self.assign(at[j], j);
            }
        }
        let mut free = Vec::new();
        for i in 0..n {
            let j1 = self.row_col[i];
            if j1 == NONE {
                free.push(i);
                continue;
            }
            let row = self.row(i);
            let second = (0..n)
                .filter(|&j| j != j1)
                .map(|j| C::path(C::ZERO, row[j], C::ZERO, self.v[j]))
                .fold(C::INF, |a, b| if b < a { b } else { a });
            if !second.is_inf() {
                self.v[j1] -= second;
                self.u[i] = second;
            }
        }
        Some(free)
    }

    /// JV's augmenting row reduction: each free row takes its least reduced
    /// cost column, lowering that column's potential to its second least so
    /// both stay tight; a row it displaces goes next (at most `4 × rows`
    /// displacements a pass, so rounding cannot make it cycle). The rows
    /// left free, or `None` for a row of holes.
    fn reduce_rows(&mut self, mut free: Vec<usize>) -> Option<Vec<usize>> {
        let mut next = Vec::new();
        let mut budget = 4 * self.u.len();
        while let Some(i) = free.pop() {
            let row = self.row(i);
            let (mut u1, mut j1, mut u2, mut j2) = (C::INF, NONE, C::INF, NONE);
            // written as selects, which become conditional moves in part:
            // which cell is least is a coin toss that branches mispredict
            // (a third fewer mispredictions on random 50 × 50 floats)
            for (j, (&c, &v)) in row.iter().zip(&self.v).enumerate() {
                let h = C::path(C::ZERO, c, C::ZERO, v);
                let (below1, below2) = (h < u1, h < u2);
                j2 = if below1 {
                    j1
                } else if below2 {
                    j
                } else {
                    j2
                };
                u2 = if below1 {
                    u1
                } else if below2 {
                    h
                } else {
                    u2
                };
                j1 = if below1 { j } else { j1 };
                u1 = if below1 { h } else { u1 };
            }
            if u1.is_inf() {
                return None;
            }
            let holder = self.col_row[j1];
            if holder == NONE {
                self.assign(i, j1);
            } else if u1 < u2 && !u2.is_inf() && budget > 0 {
                budget -= 1;
                self.v[j1] -= u2 - u1;
                self.row_col[holder] = NONE;
                self.assign(i, j1);
                free.push(holder);
            } else if u1 == u2 {
                let holder = self.col_row[j2];
                if holder != NONE {
                    self.row_col[holder] = NONE;
                    next.push(holder);
                }
                self.assign(i, j2);
            } else {
                next.push(i);
            }
        }
        Some(next)
    }
}

/// Dijkstra's state for the augmenting paths, reused from row to row.
struct Search<C> {
    dist: Vec<C>,
    path: Vec<usize>,
    remaining: Vec<usize>,
    reached_rows: Vec<usize>,
    reached_cols: Vec<usize>,
}

impl<C: Weight> Search<C> {
    fn new(rows: usize, cols: usize) -> Self {
        Search {
            dist: vec![C::INF; cols],
            path: vec![NONE; cols],
            remaining: Vec::with_capacity(cols),
            reached_rows: Vec::with_capacity(rows),
            reached_cols: Vec::with_capacity(cols),
        }
    }

    /// One shortest augmenting path from the free row `start` to a free
    /// column; `None` when no free column can be reached.
    fn augment(&mut self, s: &mut State<'_, C>, start: usize) -> Option<()> {
        let Search {
            dist,
            path,
            remaining,
            reached_rows,
            reached_cols,
        } = self;
        remaining.clear();
        remaining.extend(0..s.cols);
        dist.fill(C::INF);
        reached_rows.clear();
        reached_cols.clear();
        let mut row = start;
        let mut base = C::ZERO;
        let sink = loop {
            reached_rows.push(row);
            let cost = s.row(row);
            let ur = s.u[row];
            let mut lowest = C::INF;
            let mut at = NONE;
            for (k, &j) in remaining.iter().enumerate() {
                let r = C::path(base, cost[j], ur, s.v[j]);
                if r < dist[j] {
                    dist[j] = r;
                    path[j] = row;
                }
                // among equally near columns, a free one ends the search
                let d = dist[j];
                if d < lowest || (d == lowest && s.col_row[j] == NONE) {
                    lowest = d;
                    at = k;
                }
            }
            if lowest.is_inf() {
                return None;
            }
            base = lowest;
            let j = remaining.swap_remove(at);
            reached_cols.push(j);
            if s.col_row[j] == NONE {
                break j;
            }
            row = s.col_row[j];
        };
        // potentials: every reached node moves by how much nearer it is than the sink
        s.u[start] += base;
        for &i in &reached_rows[1..] {
            s.u[i] += base - dist[s.row_col[i]];
        }
        for &j in reached_cols.iter() {
            s.v[j] -= base - dist[j];
        }
        // flip the path
        let mut j = sink;
        loop {
            let i = path[j];
            s.col_row[j] = i;
            let next = std::mem::replace(&mut s.row_col[i], j);
            if i == start {
                break;
            }
            j = next;
        }
        Some(())
    }
}
