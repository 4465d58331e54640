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
    if prefix[0] == 0 {
        run::<false>(rules, prefix)
    } else {
        run::<true>(rules, prefix)
    }
}

/// The board of a leaf: rows `0..d` from the stack of used-column masks,
/// then row `d` (`bit`), row `n - 2` (`b`) and row `n - 1` (`o`).
#[inline(never)]
fn leaf(sc: &[u32; MAX_N], d: usize, c: u32, bit: u32, b: u32, o: u32) -> u32 {
    let mut cols = [0u8; MAX_N];
    for y in 0..d {
        let next = if y + 1 == d { c } else { sc[y + 1] };
        cols[y] = (next ^ sc[y]).trailing_zeros() as u8;
    }
    cols[d] = bit.trailing_zeros() as u8;
    cols[d + 1] = b.trailing_zeros() as u8;
    cols[d + 2] = o.trailing_zeros() as u8;
    weight(&cols[..d + 3])
}

#[inline(never)]
fn run<const SIDE: bool>(rules: &Rules, prefix: &[u8]) -> Acc {
    let n = rules.n;
    let mask = rules.mask;
    let b = Bounds::new(n, prefix);
    let forbid = &b.forbid;
    let side = b.side;
    let bound2 = if SIDE { b.bound2 } else { usize::MAX };
    let last_forbid = forbid[n - 1];
    let (mut sl, mut sc, mut sr, mut sb) =
        ([0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N]);
    let (mut l, mut c, mut r) = (0u32, 0u32, 0u32);
    for (y, &x) in prefix.iter().enumerate() {
        let bit = 1u32 << x;
        assert!(
            rules.free(&b, &prefix[..y]) & bit != 0,
            "prefix is not a subproblem of these rules"
        );
        (sl[y], sc[y], sr[y]) = (l, c, r);
        l = (l | bit) << 1;
        c |= bit;
        r = (r | bit) >> 1;
    }
    let d0 = prefix.len();
    assert!(
        d0 >= 2 && d0 + 3 <= n,
        "the fast path needs a prefix of 2..=n-3 rows"
    );
    let last2 = n - 2;
    let mut acc = Acc::default();
    let mut nodes = 0u64;
    let mut hits = 0u64;
    let mut d = d0;
    let mut bm = rules.free(&b, prefix);
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
        let mut nbm = mask & !(nl | nc | nr | forbid[e & IX]);
        if SIDE && e == bound2 {
            let s = nc & side;
            if s == 0 {
                continue;
            }
            if s != side {
                nbm &= side;
            }
        }
        if e == last2 {
            // Rows n-2 and n-1: two columns remain; row n-1 takes the other.
            let rem = mask & !nc;
            let b1 = nbm & nbm.wrapping_neg();
            let b2 = nbm ^ b1;
            let o1 = rem ^ b1;
            let o2 = rem ^ b2;
            let ok1 = b1 != 0 && o1 & (((nl | b1) << 1) | ((nr | b1) >> 1) | last_forbid) == 0;
            let ok2 = b2 != 0 && o2 & (((nl | b2) << 1) | ((nr | b2) >> 1) | last_forbid) == 0;
            nodes += u64::from(nbm.count_ones()) + u64::from(ok1) + u64::from(ok2);
            if SIDE {
                if ok1 {
                    acc.add_weight(leaf(&sc, d, c, bit, b1, o1));
                }
                if ok2 {
                    acc.add_weight(leaf(&sc, d, c, bit, b2, o2));
                }
            } else {
                hits += u64::from(ok1) + u64::from(ok2);
            }
            continue;
        }
        if nbm != 0 {
            let i = d & IX;
            (sl[i], sc[i], sr[i], sb[i]) = (l, c, r, bm);
            (d, l, c, r, bm) = (e, nl, nc, nr, nbm);
        }
    }
    acc.by_weight[3] += hits;
    acc.nodes = nodes;
    acc
}
