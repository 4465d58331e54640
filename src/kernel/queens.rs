//! The plain N-queens fast path: diagonals, no torus, no leaps.
//!
//! Takaken-style: a corner piece in row 0 makes every representative's class
//! 8 strong (no other corner can hold a piece and no solution equals its
//! transpose, because of the diagonals), so those leaves are counted without a
//! test; otherwise the side bounds of [`Bounds`] prune and the leaves go
//! through the exact test. An explicit fixed stack, branch-free lowest-bit
//! steps and the last two rows unrolled.

use super::rules::{Bounds, Rules};
use super::symmetry::weight;
use super::{Acc, MAX_N};

/// Smallest board the fast path handles (the split leaves >= 3 rows).
pub(super) const MIN_N: usize = 5;

const IX: usize = MAX_N - 1;

pub(super) fn count(rules: &Rules, prefix: &[u8]) -> Acc {
    let b = Bounds::new(rules.n, prefix);
    // Per-row bounds below the prefix cost a load per node: only the
    // subproblems that have them pay for it.
    match (prefix[0] != 0, b.depth > prefix.len()) {
        (false, false) => run::<false, false>(rules, prefix, &b),
        (false, true) => run::<false, true>(rules, prefix, &b),
        (true, false) => run::<true, false>(rules, prefix, &b),
        (true, true) => run::<true, true>(rules, prefix, &b),
    }
}

/// The weight of a side leaf. `col(y)` is the column bit of row `y`.
#[inline(never)]
fn side_leaf(n: usize, p0: usize, side: u32, col: impl Fn(usize) -> u32) -> u32 {
    // Only edge pieces exactly p0 from a corner give images that start
    // like this solution; without any, it is canonical and 8 strong.
    let near = 1 << p0 | 1 << (n - 1 - p0);
    if col(n - 1) & near == 0 && (col(p0) | col(n - 1 - p0)) & side == 0 {
        return 8;
    }
    let mut cols = [0u8; MAX_N];
    for (y, x) in cols[..n].iter_mut().enumerate() {
        *x = col(y).trailing_zeros() as u8;
    }
    weight(&cols[..n])
}

#[inline(never)]
fn run<const SIDE: bool, const FORBID: bool>(rules: &Rules, prefix: &[u8], b: &Bounds) -> Acc {
    let n = rules.n;
    let mask = rules.mask;
    for y in 0..prefix.len() {
        let bit = 1u32 << prefix[y];
        assert!(
            rules.free(b, &prefix[..y]) & bit != 0,
            "prefix is not a subproblem of these rules"
        );
    }
    let side = b.side;
    let bound2 = if SIDE { b.bound2 } else { usize::MAX };
    // The last row's bounds (for a side subproblem they include both sides).
    let ff1 = b.forbid[n - 1];
    let p0 = usize::from(prefix[0]);
    let (mut sl, mut sc, mut sr, mut sb) =
        ([0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N]);
    let (mut l, mut c, mut r) = (0u32, 0u32, 0u32);
    for (y, &x) in prefix.iter().enumerate() {
        let bit = 1u32 << x;
        (sl[y], sc[y], sr[y]) = (l, c, r);
        l = (l | bit) << 1;
        c |= bit;
        r = (r | bit) >> 1;
    }
    let d0 = prefix.len();
    // Rows n-2 and n-1 are unrolled; the loop places rows d0..=n-3.
    let fin = n - 2;
    assert!(
        d0 >= 2 && d0 < fin,
        "the fast path needs a prefix of 2..fin rows"
    );
    let mut acc = Acc::default();
    let mut nodes = 0u64;
    let mut hits = 0u64;
    let mut d = d0;
    let mut bm = rules.free(b, prefix);
    loop {
        if bm == 0 {
            if d == d0 {
                break;
            }
            d -= 1;
            let i = d & IX;
            (l, c, r, bm) = (sl[i], sc[i], sr[i], sb[i]);
            continue;
        }
        let bit = bm & bm.wrapping_neg();
        bm ^= bit;
        nodes += 1;
        let nl = (l | bit) << 1;
        let nc = c | bit;
        let nr = (r | bit) >> 1;
        let e = d + 1;
        let mut nbm = mask & !(nl | nc | nr);
        if FORBID {
            nbm &= !b.forbid[e & IX];
        }
        if SIDE && e == bound2 {
            let s = nc & side;
            if s == 0 {
                continue;
            }
            if s != side {
                nbm &= side;
            }
        }
        if e == fin {
            // Two columns remain; row n-1 takes the one row n-2 leaves.
            let rem = mask & !nc;
            let b1 = nbm & nbm.wrapping_neg();
            let b2 = nbm ^ b1;
            let o1 = rem ^ b1;
            let o2 = rem ^ b2;
            let ok1 = b1 != 0 && o1 & (((nl | b1) << 1) | ((nr | b1) >> 1) | ff1) == 0;
            let ok2 = b2 != 0 && o2 & (((nl | b2) << 1) | ((nr | b2) >> 1) | ff1) == 0;
            nodes += u64::from(b1 != 0) + u64::from(b2 != 0) + u64::from(ok1) + u64::from(ok2);
            if SIDE {
                for (ok, q, o) in [(ok1, b1, o1), (ok2, b2, o2)] {
                    if ok {
                        let col = |y: usize| match y {
                            _ if y + 1 < d => sc[y + 1] ^ sc[y],
                            _ if y + 1 == d => c ^ sc[y],
                            _ if y == d => bit,
                            _ if y == e => q,
                            _ => o,
                        };
                        acc.add_weight(side_leaf(n, p0, side, col));
                    }
                }
            } else {
                hits += u64::from(ok1) + u64::from(ok2);
            }
            continue;
        }
        // Rows e+1 and e+2 need a free column even before row e's piece.
        let f2 = mask & !((nl << 1) | nc | (nr >> 1));
        let f3 = mask & !((nl << 2) | nc | (nr >> 2));
        if (nbm != 0) & (f2 != 0) & (f3 != 0) {
            let i = d & IX;
            (sl[i], sc[i], sr[i], sb[i]) = (l, c, r, bm);
            (d, l, c, r, bm) = (e, nl, nc, nr, nbm);
        }
    }
    acc.by_weight[3] += hits;
    acc.nodes = nodes;
    acc
}
