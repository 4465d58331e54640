//! The last six rows of plain N-queens counted in one step per state of the
//! sixth-last row, for all of its candidates at once.
//!
//! The five-row step of [`super::block`] runs once per candidate of the
//! sixth-last row; its siblings repeat most of its work, and each of them is
//! a search node with its own branches. This step takes the state of that
//! row (its masks and candidates) instead. Six columns are free; a completion
//! is a permutation of them onto the six rows, 6! = 720 candidates, kept as
//! six words of 120 bits ([`Six`]): word `w` holds the permutations that put
//! the sixth-last row's piece on the free column of rank `w`, in the order of
//! [`Block::rows`] over the other five ranks (rank `j` standing for rank
//! `j + (j >= w)` of the six). The step intersects five kinds of precomputed
//! sets, as the five-row step does, but by row instead of by column, because
//! a row's attacked free columns are the same for every candidate:
//!
//! - for each of the five block rows, the free columns attacked along the
//!   diagonals from above (and barred by the symmetry bounds), compressed to
//!   six rank bits with PEXT, select a set;
//! - the candidates of the sixth-last row, compressed the same way, select
//!   the words;
//! - the six pieces must not attack each other, which depends only on the
//!   five gaps between the free columns, each 1, 2, 3, 4, 5 or "6 or more":
//!   6⁵ = 7 776 geometries, a set each. The index of a geometry is a sum,
//!   over `d = 1..=5`, of a digit for the set of ranks whose next free
//!   column lies within `d` (one 64-bit PEXT for two such sets).
//!
//! Seven sets of 96 bytes, ANDed with AVX2 in three instructions each; no
//! branch depends on the board. The tables take about 840 KB (the
//! geometries 768 KB) and are built on first use. PEXT is one fast
//! instruction on Intel since Haswell and on AMD since Zen 3 (microcoded and
//! slow on Zen 1 and 2, which keep the five-row step). `docs/PERFORMANCE.md`
//! has the measurements.

use std::ops::BitAnd;
use std::sync::LazyLock;

use super::block::{BLOCK, ROWS, Set};

/// Rows the step covers: the block and the row above it.
const SIX: usize = ROWS + 1;

/// Permutations of the block's five columns (one word of a [`Six`]).
const PERMS: usize = 120;

/// Gap classes between neighbouring free columns: 1 to 5, and 6 or more.
const GAPS: usize = SIX;

/// Entries of the geometry table: the 6⁵ geometries, padded to a power of
/// two so that a mask, not a bounds check, keeps the index in.
const APART: usize = 8192;

/// Where the tables of sets start in [`Wide::sets`]: by block row, by top
/// piece, by geometry.
const ROW_SETS: usize = 0;
const WORD_SETS: usize = ROW_SETS + 64 * ROWS;
const APART_SETS: usize = WORD_SETS + 64;
const SETS: usize = APART_SETS + APART;

/// A set of the permutations of six free columns onto six rows: six words
/// of 120 bits (two `u64` each), word `w` for the top piece on rank `w`.
/// Aligned so that AVX2 loads it in three instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(align(32))]
pub(super) struct Six([u64; 2 * SIX]);

impl Six {
    const EMPTY: Six = Six([0; 2 * SIX]);

    /// The permutations with the top piece on rank `w`, as the five-row
    /// step's [`Set`] of the other five ranks.
    pub fn word(&self, w: usize) -> Set {
        Set::from(self.0[2 * w]) | Set::from(self.0[2 * w + 1]) << 64
    }

    /// Whether no permutation is in the set.
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |a, &x| a | x) == 0
    }

    /// The number of permutations in the set.
    pub fn count(&self) -> u64 {
        self.0.iter().map(|x| u64::from(x.count_ones())).sum()
    }

    fn set(&mut self, w: usize, k: usize) {
        self.0[2 * w + k / 64] |= 1 << (k % 64);
    }

    fn or(self, o: Six) -> Six {
        Six(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl BitAnd for &Six {
    type Output = Six;
    #[inline(always)]
    fn bitand(self, o: &Six) -> Six {
        Six(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

/// The precomputed tables of the step.
pub(super) struct Wide {
    /// Three tables in one allocation, so that one base register reaches
    /// all seven sets of a step (with seven, the loop around it spills):
    /// - at `ROW_SETS + 64 i + m`: permutations whose block-row-`i` piece
    ///   is on none of the ranks in `m` (six bits);
    /// - at `WORD_SETS + m`: every permutation whose top piece is on a rank
    ///   in `m`;
    /// - at `APART_SETS + g`: permutations with no two pieces on a
    ///   diagonal, for the geometry `g` (base-6 digit `k`: the number of `d`
    ///   in `1..=5` with gap `k` at most `d`, i.e. 6 minus the gap capped
    ///   at 6).
    sets: Box<[Six; SETS]>,
    /// `digits[u | v << 6]`: the sum of `6^k` over the ranks `k` in `u` and
    /// in `v`.
    digits: Box<[u16; 4096]>,
}

/// The tables, built on first use (about 840 KB).
pub(super) static TABLES: LazyLock<Wide> = LazyLock::new(Wide::new);

impl Wide {
    fn new() -> Self {
        let block = &*BLOCK;
        // cell[y][x]: permutations with row y's piece (row 0 on top) on rank x.
        let mut cell = [[Six::EMPTY; SIX]; SIX];
        for w in 0..SIX {
            for k in 0..PERMS {
                cell[0][w].set(w, k);
                for (i, &j) in block.rows(k as u32).iter().enumerate() {
                    let j = usize::from(j);
                    cell[i + 1][j + usize::from(j >= w)].set(w, k);
                }
            }
        }
        let mut sets: Box<[Six; SETS]> = vec![Six::EMPTY; SETS]
            .into_boxed_slice()
            .try_into()
            .expect("the step's sets");
        for i in 0..ROWS {
            for m in 0..64 {
                sets[ROW_SETS + 64 * i + m] = (0..SIX)
                    .filter(|x| m >> x & 1 == 0)
                    .fold(Six::EMPTY, |s, x| s.or(cell[i + 1][x]));
            }
        }
        for m in 0..64 {
            sets[WORD_SETS + m] = (0..SIX)
                .filter(|x| m >> x & 1 != 0)
                .fold(Six::EMPTY, |s, x| s.or(cell[0][x]));
        }
        // clash[a][b][d]: pieces on ranks a and b in rows d apart.
        let mut clash = [[[Six::EMPTY; SIX]; SIX]; SIX];
        for (a, by_b) in clash.iter_mut().enumerate() {
            for (b, by_d) in by_b.iter_mut().enumerate() {
                for (d, set) in by_d.iter_mut().enumerate().skip(1) {
                    for y in 0..SIX - d {
                        *set = set
                            .or(&cell[y][a] & &cell[y + d][b])
                            .or(&cell[y][b] & &cell[y + d][a]);
                    }
                }
            }
        }
        let apart = &mut sets[APART_SETS..];
        for (g, set) in apart.iter_mut().enumerate().take(GAPS.pow(5)) {
            let mut pos = [0usize; SIX];
            for k in 0..SIX - 1 {
                pos[k + 1] = pos[k] + GAPS - g / GAPS.pow(k as u32) % GAPS;
            }
            let mut bad = Six::EMPTY;
            for b in 1..SIX {
                for a in 0..b {
                    let d = pos[b] - pos[a];
                    if d < SIX {
                        bad = bad.or(clash[a][b][d]);
                    }
                }
            }
            *set = Six(std::array::from_fn(|i| !bad.0[i] & mask(i)));
        }
        let mut digits: Box<[u16; 4096]> = vec![0; 4096]
            .into_boxed_slice()
            .try_into()
            .expect("one sum per pair of rank sets");
        for (u, sum) in digits.iter_mut().enumerate() {
            *sum = (0..12)
                .filter(|k| u >> k & 1 != 0)
                .map(|k| GAPS.pow(k % 6) as u16)
                .sum();
        }
        Wide { sets, digits }
    }

    /// The completions of the last six rows.
    ///
    /// `free` holds exactly six columns; `l` and `r` are the `\` and `/`
    /// masks of the sixth-last row, `bm` its candidates (a subset of
    /// `free`); `forbid(i)` gives the columns the bounds bar from block row
    /// `i` (the sixth-last row's own are already out of `bm`); `pext` is
    /// `_pext_u64` where the CPU has it.
    #[inline(always)]
    pub fn completions(
        &self,
        free: u32,
        l: u32,
        r: u32,
        bm: u32,
        forbid: impl Fn(usize) -> u32,
        pext: impl Fn(u64, u64) -> u64,
    ) -> Six {
        debug_assert_eq!(free.count_ones(), 6, "exactly six free columns");
        // Opaque, so that LLVM addresses the seven sets from one register
        // instead of hoisting seven table addresses out of the search loop,
        // where they spill (measured: 4 % more instructions in all).
        let sets = std::hint::black_box(&self.sets);
        let ranks = |x: u32| pext(u64::from(x), u64::from(free)) as usize & 63;
        let row = |i: usize| {
            let s = i as u32 + 1;
            &sets[ROW_SETS + 64 * i + ranks((l << s) | (r >> s) | forbid(i))]
        };
        // The ranks whose next free column lies within d, d = 1..=5, two
        // sets to a PEXT.
        let near1 = free >> 1;
        let near2 = near1 | free >> 2;
        let near3 = near2 | free >> 3;
        let near4 = near3 | free >> 4;
        let near5 = near4 | free >> 5;
        let both = u64::from(free) << 32 | u64::from(free);
        let two = |a: u32, b: u32| {
            let u = pext(u64::from(b) << 32 | u64::from(a), both) as usize;
            usize::from(self.digits[u & 4095])
        };
        let g = two(near1, near2) + two(near3, near4) + two(near5, 0);
        let set = &(&(row(0) & row(1)) & &(row(2) & row(3))) & row(4);
        &(&set & &sets[WORD_SETS + ranks(bm)]) & &sets[APART_SETS + (g & (APART - 1))]
    }
}

/// The bits of a [`Six`]'s `u64` number `i` that stand for permutations.
fn mask(i: usize) -> u64 {
    if i.is_multiple_of(2) {
        u64::MAX
    } else {
        (1 << (PERMS - 64)) - 1
    }
}

/// PEXT in plain code, for the tests (any CPU): the bits of `x` at the
/// positions of `m`, packed to the bottom.
#[cfg(test)]
pub(super) fn soft_pext(x: u64, m: u64) -> u64 {
    let (mut out, mut bit, mut m) = (0, 1, m);
    while m != 0 {
        if x & m & m.wrapping_neg() != 0 {
            out |= bit;
        }
        bit <<= 1;
        m &= m - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::permutation::block::{UNIT, xorshift};

    /// Every word of the step equals the five-row step of that candidate,
    /// and the words of non-candidates are empty.
    #[test]
    fn words_match_the_five_row_step() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        let (wide, block) = (&*TABLES, &*BLOCK);
        for _ in 0..20_000 {
            let n = 6 + (next() % 17) as u32;
            let mask = u32::MAX >> (32 - n);
            let mut free = 0u32;
            while free.count_ones() < 6 {
                free |= 1 << (next() % u64::from(n));
            }
            let mut sparse = || {
                let x = next() as u32 & mask;
                if next().is_multiple_of(3) { 0 } else { x }
            };
            let (l, r) = (sparse(), sparse());
            let bm = free & !(l | r) & next() as u32;
            let forbid: [u32; ROWS] = std::array::from_fn(|_| {
                if next().is_multiple_of(4) {
                    next() as u32 & mask
                } else {
                    0
                }
            });
            let six = wide.completions(free, l, r, bm, |i| forbid[i], soft_pext);
            let mut total = 0;
            for w in 0..SIX {
                let x = (0..32).filter(|x| free >> x & 1 != 0).nth(w).unwrap();
                let bit = 1u32 << x;
                let want = if bm & bit == 0 {
                    0
                } else {
                    let by_col = |c: u32| {
                        (0..ROWS)
                            .filter(|&i| forbid[i] >> c & 1 != 0)
                            .fold(0, |m, i| m | 1 << i)
                            * UNIT
                    };
                    block.completions(free ^ bit, (l | bit) << 1, (r | bit) >> 1, by_col)
                };
                assert_eq!(six.word(w), want, "{free:b} {l:b} {r:b} {bm:b} rank {w}");
                total += u64::from(want.count_ones());
            }
            assert_eq!(six.count(), total);
            assert_eq!(six.is_empty(), total == 0);
        }
    }

    #[test]
    fn soft_pext_packs_the_masked_bits() {
        assert_eq!(soft_pext(0b1010_1100, 0b1111_0000), 0b1010);
        assert_eq!(soft_pext(0b1010_1100, 0b0101_0101), 0b0010);
        assert_eq!(soft_pext(u64::MAX, 0), 0);
        assert_eq!(soft_pext(1 << 63, 1 << 63), 1);
        assert_eq!(soft_pext(0b11 << 31, 0b11 << 31), 0b11);
    }

    /// The CPU's PEXT, which the six-row search uses, agrees with
    /// [`soft_pext`], which the tests use (on CPUs with BMI2 only).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn soft_pext_matches_the_cpu() {
        if !std::is_x86_feature_detected!("bmi2") {
            return;
        }
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        for i in 0..4096 {
            let (x, m) = (next(), next());
            // Sparse masks too, like the step's six free columns.
            let m = if i % 2 == 0 { m } else { m & next() & next() };
            // SAFETY: the CPU has BMI2, checked above.
            #[allow(unsafe_code)]
            let hard = unsafe { std::arch::x86_64::_pext_u64(x, m) };
            assert_eq!(hard, soft_pext(x, m), "{x:#x} {m:#x}");
        }
    }
}
