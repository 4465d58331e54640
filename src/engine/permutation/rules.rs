//! The rules in engine terms (masks, leap deltas) and the symmetry bounds
//! that restrict the search to canonical representatives.
//!
//! A solution `p` (the column of each row's piece) is counted when it is the
//! lexicographically smallest of its 8 images under the symmetries of the
//! square. The first entry of every image is the distance of an edge piece
//! from a corner, so a canonical `p` has its top piece at least as close to a
//! corner as any other edge piece. [`Bounds`] turns that and, for a piece in
//! the corner, the comparison with the transposed solution into per-row masks.
//! They only remove non-canonical solutions; the exact test happens at the
//! leaves ([`super::symmetry::weight`]).

use super::{MAX_N, Permutation};
use crate::problem::Lines;
use crate::problem::geometry::Geometry;

/// The compiled rules of a [`Permutation`].
#[derive(Debug, Clone)]
pub(super) struct Rules {
    pub n: usize,
    pub mask: u32,
    pub diag: bool,
    pub wrap: bool,
    /// Effective leaps `(dr, dc)` with `dr, dc >= 1`: a piece attacks the
    /// columns `±dc` away, `dr` rows below it (mod n on a torus).
    pub leaps: Vec<(usize, usize)>,
}

impl Rules {
    pub fn new(p: &Permutation) -> Self {
        let n = p.n;
        assert!(
            n <= MAX_N,
            "the permutation kernel supports n <= {MAX_N}, got {n}"
        );
        let mask = if n == 0 { 0 } else { u32::MAX >> (32 - n) };
        let leaps = leap_table(p);
        Self {
            n,
            mask,
            diag: p.diagonals,
            wrap: p.wrap,
            leaps,
        }
    }

    /// Plain N-queens on a board the monomorphised fast path takes.
    pub fn fast(&self) -> bool {
        self.diag && !self.wrap && self.leaps.is_empty() && self.n >= super::queens::MIN_N
    }

    /// The columns `k` left and right of column `x` (wrapping on a torus).
    fn pair(&self, x: usize, k: usize) -> u32 {
        let n = self.n;
        if self.wrap {
            let k = k % n;
            (1 << ((x + k) % n)) | (1 << ((x + n - k) % n))
        } else {
            let mut m = 0;
            if x + k < n {
                m |= 1 << (x + k);
            }
            if x >= k {
                m |= 1 << (x - k);
            }
            m
        }
    }

    /// Columns attacked in row `cols.len()` by the pieces in `cols`,
    /// computed directly from the placed pieces (no incremental masks).
    pub fn attacked(&self, cols: &[u8]) -> u32 {
        let y = cols.len();
        let mut att = 0;
        for (i, &x) in cols.iter().enumerate() {
            let x = usize::from(x);
            let dr = y - i;
            att |= 1 << x;
            if self.diag {
                att |= self.pair(x, dr);
            }
            for &(ldr, ldc) in &self.leaps {
                if ldr == dr {
                    att |= self.pair(x, ldc);
                }
            }
        }
        att
    }

    /// Free columns in row `cols.len()` under the rules and the symmetry
    /// bounds, given the first rows' pieces.
    pub fn free(&self, b: &Bounds, cols: &[u8]) -> u32 {
        let y = cols.len();
        if y == 0 {
            return b.row0;
        }
        let mut free = self.mask & !self.attacked(cols) & !b.forbid[y];
        if y == b.bound2 {
            let used = cols.iter().fold(0u32, |m, &x| m | 1 << x);
            let s = used & b.side;
            if s == 0 {
                free = 0;
            } else if s != b.side {
                free &= b.side;
            }
        }
        free
    }

    /// All valid prefixes of `depth` rows, in lexicographic order.
    pub fn prefixes(&self, depth: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut cols = Vec::with_capacity(depth);
        self.extend(&mut cols, depth, &mut out);
        out
    }

    fn extend(&self, cols: &mut Vec<u8>, depth: usize, out: &mut Vec<Vec<u8>>) {
        if cols.len() == depth {
            out.push(cols.clone());
            return;
        }
        let b = Bounds::new(self.n, cols);
        let mut free = self.free(&b, cols);
        while free != 0 {
            let x = free.trailing_zeros() as u8;
            free &= free - 1;
            cols.push(x);
            self.extend(cols, depth, out);
            cols.pop();
        }
    }
}

/// The leaps of `p` as the kernel takes them, derived from the attack
/// geometry: each offset that reaches a later row (mod n on a torus), as its
/// row distance and column distance (the smaller one of `±dc` on a torus),
/// without those that stay in a column or lie on a line the rules already
/// cover (diagonal leaps of queens keep the fast path).
fn leap_table(p: &Permutation) -> Vec<(usize, usize)> {
    let n = p.n;
    let geometry = Geometry {
        rows: n,
        cols: n,
        wrap: p.wrap,
        lines: Lines {
            row: true,
            column: true,
            diagonal: p.diagonals,
            anti_diagonal: p.diagonals,
        },
        leaps: &p.leaps,
    };
    let side = n as i64;
    let mut leaps: Vec<(usize, usize)> = geometry
        .offsets()
        .into_iter()
        .filter(|_| n > 0)
        .filter_map(|(dr, dc)| {
            if p.wrap {
                let (dr, dc) = (dr.rem_euclid(side), dc.rem_euclid(side));
                Some((dr, dc.min(side - dc)))
            } else {
                (dr >= 1 && dr < side && dc.abs() < side).then_some((dr, dc.abs()))
            }
        })
        .filter(|&(dr, dc)| dr >= 1 && !geometry.on_line(dr, dc))
        .map(|(dr, dc)| (dr as usize, dc as usize))
        .collect();
    leaps.sort_unstable();
    leaps.dedup();
    leaps
}

/// Symmetry restrictions for the subtree below a prefix, from the top
/// piece's column `p0 = prefix[0]` (and `prefix[1]` when `p0 == 0`).
#[derive(Debug, Clone)]
pub(super) struct Bounds {
    /// Allowed columns in row 0: `p0 <= (n-1)/2`, and not the centre.
    pub row0: u32,
    /// Columns forbidden in each row.
    pub forbid: [u32; MAX_N],
    /// The row by which both side columns hold a piece (`usize::MAX`: none).
    pub bound2: usize,
    /// The two side columns.
    pub side: u32,
    /// The prefix length that covers every row with a bound in `forbid`
    /// except the last: `p[1]` for a corner, `p0` otherwise (0 while unknown).
    pub depth: usize,
}

impl Bounds {
    pub fn new(n: usize, prefix: &[u8]) -> Self {
        let mut b = Self {
            row0: 0,
            forbid: [0; MAX_N],
            bound2: usize::MAX,
            side: 0,
            depth: 0,
        };
        if n == 0 {
            return b;
        }
        b.side = 1 | 1 << (n - 1);
        // p0 = 0 (corner), or 1 <= p0 < n-1-p0: a centre top piece leaves no
        // room for both side pieces in rows p0..=n-1-p0.
        b.row0 = 1;
        for p0 in 1..n {
            if 2 * p0 < n - 1 {
                b.row0 |= 1 << p0;
            }
        }
        let Some(&p0) = prefix.first() else { return b };
        let p0 = usize::from(p0);
        if p0 == 0 {
            // Corner: compare with the transpose, `p[1] <= inverse(p)[1]`:
            // column 1 stays empty in rows 2..p[1].
            if let Some(&c1) = prefix.get(1) {
                for y in 2..usize::from(c1) {
                    b.forbid[y] |= 2;
                }
                b.depth = usize::from(c1);
            }
        } else {
            // Every edge piece is at least p0 away from a corner.
            for y in 1..p0 {
                b.forbid[y] |= b.side;
            }
            b.depth = p0;
            b.bound2 = n - 1 - p0;
            let low = (1u32 << p0) - 1;
            let high = low << (n - p0);
            b.forbid[n - 1] |= low | high;
        }
        b
    }
}
