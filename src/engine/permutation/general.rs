//! The generic permutation search: diagonals, torus and leaps chosen by const
//! generics, so a feature that is off costs nothing. Every leaf goes through
//! the exact canonicity test.

use super::rules::{Bounds, Rules};
use super::symmetry::weight;
use super::{Acc, MAX_N};

pub(super) fn count(rules: &Rules, prefix: &[u8]) -> Acc {
    let leaps = !rules.leaps.is_empty();
    match (rules.diag, rules.wrap, leaps) {
        (false, false, false) => run::<false, false, false>(rules, prefix),
        (false, false, true) => run::<false, false, true>(rules, prefix),
        (false, true, false) => run::<false, true, false>(rules, prefix),
        (false, true, true) => run::<false, true, true>(rules, prefix),
        (true, false, false) => run::<true, false, false>(rules, prefix),
        (true, false, true) => run::<true, false, true>(rules, prefix),
        (true, true, false) => run::<true, true, false>(rules, prefix),
        (true, true, true) => run::<true, true, true>(rules, prefix),
    }
}

/// Rotate `x` left by `k` within `n` bits (`1 <= k < n`).
#[inline(always)]
fn rotl(x: u32, k: usize, n: usize, mask: u32) -> u32 {
    ((x << k) | (x >> (n - k))) & mask
}

/// Rotate `x` right by `k` within `n` bits (`1 <= k < n`).
#[inline(always)]
fn rotr(x: u32, k: usize, n: usize, mask: u32) -> u32 {
    ((x >> k) | (x << (n - k))) & mask
}

/// The diagonal masks for the next row.
#[inline(always)]
fn advance<const DIAG: bool, const WRAP: bool>(
    l: u32,
    r: u32,
    bit: u32,
    n: usize,
    mask: u32,
) -> (u32, u32) {
    if !DIAG {
        (0, 0)
    } else if WRAP {
        if n == 1 {
            (0, 0)
        } else {
            (rotl(l | bit, 1, n, mask), rotr(r | bit, 1, n, mask))
        }
    } else {
        (((l | bit) << 1) & mask, (r | bit) >> 1)
    }
}

fn run<const DIAG: bool, const WRAP: bool, const LEAPS: bool>(rules: &Rules, prefix: &[u8]) -> Acc {
    let n = rules.n;
    let mask = rules.mask;
    let b = Bounds::new(n, prefix);
    let mut acc = Acc::default();
    let mut bits = [0u32; MAX_N];
    let (mut sl, mut sc, mut sr, mut sb) =
        ([0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N], [0u32; MAX_N]);
    let (mut l, mut c, mut r) = (0u32, 0u32, 0u32);
    for (y, &x) in prefix.iter().enumerate() {
        let bit = 1u32 << x;
        assert!(
            rules.free(&b, &prefix[..y]) & bit != 0,
            "prefix is not a subproblem of these rules"
        );
        bits[y] = bit;
        (l, r) = advance::<DIAG, WRAP>(l, r, bit, n, mask);
        c |= bit;
    }
    let d0 = prefix.len();
    let mut cols = [0u8; MAX_N];
    if d0 == n {
        cols[..n].copy_from_slice(prefix);
        acc.add_weight(weight(&cols[..n]));
        return acc;
    }
    let mut d = d0;
    let mut bm = rules.free(&b, prefix);
    loop {
        if bm == 0 {
            if d == d0 {
                break;
            }
            d -= 1;
            let i = d & (MAX_N - 1);
            (l, c, r, bm) = (sl[i], sc[i], sr[i], sb[i]);
            continue;
        }
        let bit = bm & bm.wrapping_neg();
        bm ^= bit;
        acc.nodes += 1;
        bits[d & (MAX_N - 1)] = bit;
        let e = d + 1;
        if e == n {
            for (col, &bit) in cols.iter_mut().zip(&bits[..n]) {
                *col = bit.trailing_zeros() as u8;
            }
            acc.add_weight(weight(&cols[..n]));
            continue;
        }
        let nc = c | bit;
        let (nl, nr) = advance::<DIAG, WRAP>(l, r, bit, n, mask);
        let mut att = nc | nl | nr | b.forbid[e & (MAX_N - 1)];
        if LEAPS {
            for &(dr, dc) in &rules.leaps {
                if dr <= e {
                    let x = bits[(e - dr) & (MAX_N - 1)];
                    att |= if WRAP {
                        rotl(x, dc, n, mask) | rotr(x, dc, n, mask)
                    } else {
                        (x << dc) | (x >> dc)
                    };
                }
            }
        }
        let mut nbm = mask & !att;
        if e == b.bound2 {
            let s = nc & b.side;
            if s == 0 {
                nbm = 0;
            } else if s != b.side {
                nbm &= b.side;
            }
        }
        if nbm != 0 {
            let i = d & (MAX_N - 1);
            (sl[i], sc[i], sr[i], sb[i]) = (l, c, r, bm);
            (d, l, c, r, bm) = (e, nl, nc, nr, nbm);
        }
    }
    acc
}
