//! The plain N-queens fast path: diagonals, no torus, no leaps.
//!
//! Takaken-style: a corner piece in row 0 makes every representative's class
//! 8 strong (no other corner can hold a piece and no solution equals its
//! transpose, because of the diagonals), so those leaves are counted without a
//! test; otherwise the side bounds of [`Bounds`] prune and the leaves with
//! an edge piece exactly `p0` from a corner go through the exact test. An
//! explicit fixed stack and branch-free lowest-bit steps down to the last
//! [`ROWS`] rows, which [`super::block`] counts in one step per piece of the
//! row above them, or, on CPUs with AVX2 and a fast PEXT, down to the last
//! six rows, which [`super::wide`] counts in one step per state of their
//! first row.

use super::block::{BLOCK, Block, ROWS, Set, UNIT, columns};
use super::rules::{Bounds, Rules};
use super::symmetry::weight;
use super::wide::{TABLES, Wide};
use super::{Acc, MAX_N};

/// Smallest board the fast path handles: a prefix of two rows, one row
/// searched, the last [`ROWS`] counted in one step.
pub(super) const MIN_N: usize = ROWS + 3;

const IX: usize = MAX_N - 1;

pub(super) fn count(rules: &Rules, prefix: &[u8]) -> Acc {
    #[cfg(target_arch = "x86_64")]
    {
        if *cpu::WIDE {
            // SAFETY: the CPU has the features `count_wide` is compiled
            // for, checked by `cpu::WIDE`.
            #[allow(unsafe_code)]
            return unsafe { count_wide(rules, prefix) };
        }
        if *cpu::BMI {
            // SAFETY: the CPU has the features `count_bmi` is compiled for,
            // checked by `cpu::BMI`.
            #[allow(unsafe_code)]
            return unsafe { count_bmi(rules, prefix) };
        }
    }
    dispatch::<false>(rules, prefix, unused_pext)
}

/// What the CPU offers, checked once.
#[cfg(target_arch = "x86_64")]
mod cpu {
    use std::arch::x86_64::__cpuid;
    use std::sync::LazyLock;

    /// POPCNT, SSE4.1, BMI1 and BMI2: the features of `count_bmi`.
    pub static BMI: LazyLock<bool> = LazyLock::new(|| {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("sse4.1")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
    });

    /// Those and AVX2, with a PEXT fast enough for the six-row step: the
    /// features of `count_wide`.
    pub static WIDE: LazyLock<bool> =
        LazyLock::new(|| *BMI && std::is_x86_feature_detected!("avx2") && fast_pext());

    /// PEXT is microcoded on AMD's Zen 1 and 2 (family 0x17, and Hygon's
    /// 0x18), tens of cycles for six bits: too slow for eleven per step.
    /// Every other CPU with BMI2 runs it in one cycle per instruction.
    fn fast_pext() -> bool {
        let v = __cpuid(0);
        let mut vendor = [0u8; 12];
        for (i, word) in [v.ebx, v.edx, v.ecx].into_iter().enumerate() {
            vendor[4 * i..4 * i + 4].copy_from_slice(&word.to_le_bytes());
        }
        let id = __cpuid(1).eax;
        let family = (id >> 8 & 0xf) + (id >> 20 & 0xff);
        !matches!(&vendor, b"AuthenticAMD" | b"HygonGenuine") || family >= 0x19
    }
}

/// The `pext` of the five-row search, which never compresses.
fn unused_pext(_: u64, _: u64) -> u64 {
    0
}

/// [`dispatch`] compiled for CPUs with POPCNT, SSE4.1, BMI1 and BMI2 (most
/// x86-64 CPUs since 2013; every one with BMI2 has SSE4.1; the caller
/// checks): the step for the last rows counts its set with two POPCNT
/// instructions instead of a long bit-twiddling sequence, and tests it for
/// empty with one PTEST.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,sse4.1,bmi1,bmi2")]
fn count_bmi(rules: &Rules, prefix: &[u8]) -> Acc {
    dispatch::<false>(rules, prefix, unused_pext)
}

/// [`dispatch`] with the six-row step, compiled for CPUs with the features
/// of `count_bmi` and AVX2 (the step's sets are three 256-bit words each),
/// whose PEXT is fast (the caller checks).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,sse4.1,bmi1,bmi2,avx2")]
fn count_wide(rules: &Rules, prefix: &[u8]) -> Acc {
    dispatch::<true>(rules, prefix, |x, m| std::arch::x86_64::_pext_u64(x, m))
}

/// Picks the monomorphised search for the subproblem's bounds; `WIDE`
/// counts the last six rows by [`Wide`] with `pext`, otherwise the last
/// five by [`Block`].
#[inline(always)]
pub(super) fn dispatch<const WIDE: bool>(
    rules: &Rules,
    prefix: &[u8],
    pext: impl Fn(u64, u64) -> u64 + Copy,
) -> Acc {
    let b = Bounds::new(rules.n, prefix);
    let blk = Blocked::new(rules.n, &b);
    // Per-row bounds cost a load per node (below the prefix) or per column
    // of the last rows: only the subproblems that have them pay for it.
    let forbid = b.depth > prefix.len();
    let (r, p, b, k) = (rules, prefix, &b, &blk);
    match (prefix[0] != 0, forbid, blk.any) {
        (true, false, _) => run::<true, false, true, WIDE>(r, p, b, k, pext),
        (true, true, _) => run::<true, true, true, WIDE>(r, p, b, k, pext),
        (false, false, false) => run::<false, false, false, WIDE>(r, p, b, k, pext),
        (false, false, true) => run::<false, false, true, WIDE>(r, p, b, k, pext),
        (false, true, false) => run::<false, true, false, WIDE>(r, p, b, k, pext),
        (false, true, true) => run::<false, true, true, WIDE>(r, p, b, k, pext),
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
    /// The same bounds by row: `rows[i]` holds the columns barred from the
    /// block's row `i` (the six-row step's form).
    rows: [u32; ROWS],
}

impl Blocked {
    fn new(n: usize, b: &Bounds) -> Self {
        let mut blk = Blocked {
            forbid: [0; 64],
            any: false,
            near_left: 0,
            near_right: 0,
            rows: [0; ROWS],
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
            blk.rows[i] = f;
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

/// What the symmetry bookkeeping of a side subproblem's last rows needs:
/// rows `0..fin` are placed, and `sc[y + 1] ^ sc[y]` is row `y`'s piece.
struct Leaves<'a> {
    n: usize,
    fin: usize,
    p0: usize,
    /// Rows p0 and n-1-p0, where a side piece is p0 from a corner, if the
    /// search places them (else row 0, whose piece is never on a side).
    near1: usize,
    near2: usize,
    side: u32,
    blk: &'a Blocked,
    block: &'a Block,
}

impl Leaves<'_> {
    /// Counts the completions `set` of the free columns `free` (rows
    /// `fin..n`): the canonical ones (weight 8) are returned, those that
    /// put an edge piece exactly `p0` from a corner go through the exact
    /// test into `acc`.
    #[inline(always)]
    fn side(&self, set: Set, free: u32, sc: &[u32; MAX_N], acc: &mut Acc) -> u64 {
        let (n, fin, block) = (self.n, self.fin, self.block);
        let col = |y: usize| sc[(y + 1) & IX] ^ sc[y & IX];
        let above = (col(self.near1) | col(self.near2)) & self.side != 0;
        let near = if above {
            set
        } else {
            self.blk.near(block, set, free, n, self.p0)
        };
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
        u64::from((set & !near).count_ones())
    }
}

/// Counts the last six rows from the state of row `fin - 1` (masks `l`,
/// `c`, `r`, candidates `bm`; `sc` filled in up to that row) with the
/// six-row step: returns the canonical completions, adds the others to
/// `acc`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn six_rows<const SIDE: bool, const LAST: bool>(
    leaves: &Leaves,
    wide: &Wide,
    (l, c, r, bm): (u32, u32, u32, u32),
    mask: u32,
    sc: &mut [u32; MAX_N],
    acc: &mut Acc,
    pext: impl Fn(u64, u64) -> u64,
) -> u64 {
    let free = mask & !c;
    let forbid = |i: usize| if LAST { leaves.blk.rows[i] } else { 0 };
    let set = wide.completions(free, l, r, bm, forbid, pext);
    if !SIDE {
        return set.count();
    }
    // Most states find nothing (92 % at n = 16).
    if set.is_empty() {
        return 0;
    }
    let mut hits = 0;
    let mut rest = bm;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        let word = set.word((free & (bit - 1)).count_ones() as usize);
        if word != 0 {
            sc[leaves.fin & IX] = c | bit;
            hits += leaves.side(word, free ^ bit, sc, acc);
        }
    }
    hits
}

#[inline(always)]
fn run<const SIDE: bool, const FORBID: bool, const LAST: bool, const WIDE: bool>(
    rules: &Rules,
    prefix: &[u8],
    b: &Bounds,
    blk: &Blocked,
    pext: impl Fn(u64, u64) -> u64 + Copy,
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
    let wide = WIDE.then(|| &*TABLES);
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
    // d0..fin (d0..fin-1 when WIDE: the six-row step takes row fin-1).
    let fin = n - ROWS;
    let placed = |y: usize| if y < fin { y } else { 0 };
    let leaves = Leaves {
        n,
        fin,
        p0,
        near1: placed(p0),
        near2: placed(n - 1 - p0),
        side,
        blk,
        block,
    };
    assert!(
        d0 >= 2 && d0 < fin,
        "the fast path needs a prefix of 2..fin rows"
    );
    let mut acc = Acc::default();
    let mut nodes = 0u64;
    let mut hits = 0u64;
    let mut d = d0;
    let mut bm = rules.free(b, prefix);
    if let Some(wide) = wide.filter(|_| d0 == fin - 1) {
        // The prefix ends right above the six rows: one step, no search.
        nodes += u64::from(bm.count_ones());
        sc[d0 & IX] = c;
        let state = (l, c, r, bm);
        hits += six_rows::<SIDE, LAST>(&leaves, wide, state, mask, &mut sc, &mut acc, pext);
        bm = 0;
    }
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
        if !WIDE && e == fin {
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
                // With the current row's entries filled in, rows 0..fin
                // are placed.
                sc[d & IX] = c;
                sc[e & IX] = nc;
                hits += leaves.side(set, free, &sc, &mut acc);
            } else if !SIDE {
                hits += u64::from(set.count_ones());
            }
            continue;
        }
        if let Some(wide) = wide.filter(|_| e == fin - 1) {
            // Row e's pieces are the state's candidates, not nodes of
            // their own, counted here. No look-ahead: the step finds the
            // blocked rows itself, and the branch on the look-ahead cost
            // more than the steps it spared (measured).
            if nbm != 0 {
                nodes += u64::from(nbm.count_ones());
                sc[d & IX] = c;
                sc[e & IX] = nc;
                let state = (nl, nc, nr, nbm);
                hits += six_rows::<SIDE, LAST>(&leaves, wide, state, mask, &mut sc, &mut acc, pext);
            }
            continue;
        }
        // Rows e+1 and e+2 need a free column even before row e's piece.
        let f2 = mask & !((nl << 1) | nc | (nr >> 1));
        let f3 = mask & !((nl << 2) | nc | (nr >> 2));
        let alive = (nbm != 0) & (f2 != 0) & (f3 != 0);
        if alive {
            let i = d & IX;
            (sl[i], sc[i], sr[i], sb[i]) = (l, c, r, bm);
            (d, l, c, r, bm) = (e, nl, nc, nr, nbm);
        }
    }
    acc.by_weight[3] += hits;
    acc.nodes = nodes;
    acc
}
