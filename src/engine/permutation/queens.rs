//! The plain N-queens fast path: diagonals, no torus, no leaps.
//!
//! Takaken-style: a corner piece in row 0 makes every representative's class
//! 8 strong (no other corner can hold a piece and no solution equals its
//! transpose, because of the diagonals), so those leaves are counted without a
//! test; otherwise the side bounds of [`Bounds`] prune and the leaves with
//! an edge piece exactly `p0` from a corner go through the exact test. An
//! explicit fixed stack and branch-free lowest-bit steps down to the last
//! [`ROWS`] rows, which [`super::block`] counts in one step.

use super::block::{BLOCK, Block, ROWS, Set, UNIT, columns};
use super::rules::{Bounds, Rules};
use super::symmetry::weight;
use super::{Acc, MAX_N};

/// Smallest board the fast path handles: a prefix of two rows, one row
/// searched, the last [`ROWS`] counted in one step.
pub(super) const MIN_N: usize = ROWS + 3;

const IX: usize = MAX_N - 1;

pub(super) fn count(rules: &Rules, prefix: &[u8]) -> Acc {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("sse4.1")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
    {
        // SAFETY: the CPU has the features `count_bmi` is compiled for,
        // checked just above.
        #[allow(unsafe_code)]
        return unsafe { count_bmi(rules, prefix) };
    }
    dispatch(rules, prefix)
}

/// [`dispatch`] compiled for CPUs with POPCNT, SSE4.1, BMI1 and BMI2 (most
/// x86-64 CPUs since 2013; every one with BMI2 has SSE4.1; the caller
/// checks): the step for the last rows counts its set with two POPCNT
/// instructions instead of a long bit-twiddling sequence, and tests it for
/// empty with one PTEST.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,sse4.1,bmi1,bmi2")]
fn count_bmi(rules: &Rules, prefix: &[u8]) -> Acc {
    dispatch(rules, prefix)
}

/// Picks the monomorphised search for the subproblem's bounds.
#[inline(always)]
pub(super) fn dispatch(rules: &Rules, prefix: &[u8]) -> Acc {
    let b = Bounds::new(rules.n, prefix);
    let blk = Blocked::new(rules.n, &b);
    // Per-row bounds cost a load per node (below the prefix) or per column
    // of the last rows: only the subproblems that have them pay for it.
    let forbid = b.depth > prefix.len();
    match (prefix[0] != 0, forbid, blk.any) {
        (true, false, _) => run::<true, false, true>(rules, prefix, &b, &blk),
        (true, true, _) => run::<true, true, true>(rules, prefix, &b, &blk),
        (false, false, false) => run::<false, false, false>(rules, prefix, &b, &blk),
        (false, false, true) => run::<false, false, true>(rules, prefix, &b, &blk),
        (false, true, false) => run::<false, true, false>(rules, prefix, &b, &blk),
        (false, true, true) => run::<false, true, true>(rules, prefix, &b, &blk),
    }
}

/// The bounds of the last [`ROWS`] rows by column (bit `i` of `forbid[x]`
/// bars column `x` from the block's row `i`; stored times [`UNIT`], as the
/// step takes them, and indexed by the step's column positions, which run
/// to 32 for a missing column), and the completions that put
/// a side piece exactly `p0` from a corner (in row `p0` or `n-1-p0`, when
/// that row is in the block). [`Blocked::near`] adds the bottom row's
/// columns `p0` and `n-1-p0`, which depend on the free columns.
struct Blocked {
    forbid: [u16; 64],
    any: bool,
    /// Completions with a side-column piece in a near row: by the left
    /// column (rank 0 when free) and the right one (rank 4 when free).
    near_left: Set,
    near_right: Set,
}

impl Blocked {
    fn new(n: usize, b: &Bounds) -> Self {
        let mut blk = Blocked {
            forbid: [0; 64],
            any: false,
            near_left: 0,
            near_right: 0,
        };
        let fin = n - ROWS;
        for i in 0..ROWS {
            let y = fin + i;
            let mut f = b.forbid[y];
            if y > b.bound2 {
                // Both side pieces sit in rows up to bound2.
                f |= b.side;
            }
            for x in 0..n {
                if f >> x & 1 != 0 {
                    blk.forbid[x] |= (UNIT << i) as u16;
                }
            }
            blk.any |= f != 0;
        }
        if b.bound2 != usize::MAX {
            let p0 = n - 1 - b.bound2;
            for y in [p0, n - 1 - p0] {
                if y >= fin {
                    blk.near_left |= BLOCK.cell(y - fin, 0);
                    blk.near_right |= BLOCK.cell(y - fin, ROWS as u32 - 1);
                }
            }
        }
        blk
    }

    /// The completions in `set` of the free columns `free` that need the
    /// exact symmetry test.
    #[inline(always)]
    fn near(&self, block: &Block, set: Set, free: u32, n: usize, p0: usize) -> Set {
        let when = |bit: u32, s: Set| Set::from(bit & 1).wrapping_neg() & s;
        let bottom = |x: usize| {
            let rank = (free & ((1 << x) - 1)).count_ones();
            when(free >> x, block.cell(ROWS - 1, rank))
        };
        let q = n - 1 - p0;
        set & (when(free, self.near_left)
            | when(free >> (n - 1), self.near_right)
            | bottom(p0)
            | bottom(q))
    }
}

/// The weight of a side leaf that has an edge piece exactly `p0` from a
/// corner (the others are canonical with weight 8, and never get here).
/// `col(y)` is the column bit of row `y`.
#[inline(never)]
fn side_leaf(n: usize, col: impl Fn(usize) -> u32) -> u32 {
    let mut cols = [0u8; MAX_N];
    for (y, x) in cols[..n].iter_mut().enumerate() {
        *x = col(y).trailing_zeros() as u8;
    }
    weight(&cols[..n])
}

#[inline(always)]
fn run<const SIDE: bool, const FORBID: bool, const LAST: bool>(
    rules: &Rules,
    prefix: &[u8],
    b: &Bounds,
    blk: &Blocked,
) -> Acc {
    let n = rules.n;
    let mask = rules.mask;
    for y in 0..prefix.len() {
        let bit = 1u32 << prefix[y];
        assert!(
            rules.free(b, &prefix[..y]) & bit != 0,
            "prefix is not a subproblem of these rules"
        );
    }
    let block = &*BLOCK;
    let side = b.side;
    let bound2 = if SIDE { b.bound2 } else { usize::MAX };
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
    // The last ROWS rows are counted in one step; the loop places rows
    // d0..fin.
    let fin = n - ROWS;
    // Rows p0 and n-1-p0, where a side piece is p0 from a corner, if the
    // loop places them (else row 0, whose piece is never on a side).
    let placed = |y: usize| if y < fin { y } else { 0 };
    let (near1, near2) = (placed(p0), placed(n - 1 - p0));
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
            // A fifth of the steps would start from an empty row: skipping
            // them costs a rarely mispredicted branch.
            if nbm == 0 {
                continue;
            }
            let forbid = |x: u32| {
                if LAST {
                    usize::from(blk.forbid[x as usize])
                } else {
                    0
                }
            };
            let free = mask & !nc;
            let set = block.completions(free, nl, nr, forbid);
            // Most steps find nothing (95 % at n = 16): a well predicted
            // branch spares them the symmetry bookkeeping.
            if SIDE && set != 0 {
                // Rows 0..fin are placed: with the current row's entries
                // filled in, row y's piece is `sc[y + 1] ^ sc[y]`.
                sc[d & IX] = c;
                sc[e & IX] = nc;
                let col = |y: usize| sc[(y + 1) & IX] ^ sc[y & IX];
                // Completions that put an edge piece exactly p0 from a
                // corner need the exact test; the rest are canonical.
                let above = (col(near1) | col(near2)) & side != 0;
                let near = if above {
                    set
                } else {
                    blk.near(block, set, free, n, p0)
                };
                hits += u64::from((set & !near).count_ones());
                let pos = columns(free);
                let mut rest = near;
                while rest != 0 {
                    let rows = block.rows(rest.trailing_zeros());
                    rest &= rest - 1;
                    let full = |y: usize| {
                        if y >= fin {
                            1 << pos[usize::from(rows[y - fin])]
                        } else {
                            col(y)
                        }
                    };
                    acc.add_weight(side_leaf(n, full));
                }
            } else if !SIDE {
                hits += u64::from(set.count_ones());
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
