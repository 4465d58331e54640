//! The last five rows of plain N-queens counted in one step.
//!
//! When five rows remain, five columns are free. A completion is a
//! permutation of those five columns onto the five rows: 120 candidates, one
//! bit each of a `u128`. The step intersects precomputed candidate sets
//! instead of searching:
//!
//! - for each free column (by rank `j`, left to right), the rows its cells
//!   are attacked in along `\` and along `/` are two 5-bit windows of the
//!   diagonal masks; a table gives the permutations that do not put column
//!   `j`'s piece in such a row;
//! - the pieces of the permutation must not attack each other: that depends
//!   only on the gaps between the free columns (a gap of 5 or more can hold
//!   no diagonal within five rows), 5⁴ geometries, each with its table of
//!   permutations.
//!
//! The surviving set holds exactly the completions, so the count is a
//! popcount and specific completions (the ones the symmetry test must see)
//! can be read back. No branch depends on the board, which is why this is
//! faster than searching the last rows; `docs/PERFORMANCE.md` has the
//! measurements.

use std::sync::LazyLock;

/// Rows the step covers.
pub(super) const ROWS: usize = 5;

/// Number of permutations of [`ROWS`] columns.
const PERMS: usize = 120;

/// Gap classes between neighbouring free columns: 1, 2, 3, 4, and 5 or more.
const GAPS: usize = ROWS;

/// Entries of the geometry table: the 5⁴ geometries, padded.
const APART: usize = 1024;

/// A set of permutations of the block's columns, one bit per permutation.
pub(super) type Set = u128;

/// log2 of the bytes of a [`Set`]: table indices scaled by `1 << SCALE` are
/// byte offsets.
const SCALE: u32 = Set::BITS.trailing_zeros() - 3;

/// The scale of the forbidden rows [`Block::completions`] takes: the bytes
/// of a [`Set`].
pub(super) const UNIT: usize = 1 << SCALE;

/// The precomputed tables of the step.
pub(super) struct Block {
    /// `perm[k][i]`: the column rank permutation `k` puts in row `i`.
    perm: [[u8; ROWS]; PERMS],
    /// `avoid[j][a << 5 | b]`: permutations whose column-`j` piece avoids
    /// the rows flagged in two 5-bit windows: `a` of the `\` mask read
    /// upwards (bit `4 - i` is row `i`), `b` of the `/` mask and the
    /// forbidden rows (bit `i` is row `i`). One load per column instead of
    /// two; 80 KB.
    avoid: Box<[[Set; 1024]; ROWS]>,
    /// `apart[g]`: permutations with no two pieces on a diagonal, for the
    /// gap geometry `g` (base-[`GAPS`] digits, gap − 1, capped), padded to
    /// a power of two so that a mask, not a bounds check, keeps the index in.
    apart: Box<[Set; APART]>,
    /// `gap[k][d]`: the digit of the `k`-th gap `d` in an index of `apart`,
    /// times `1 << SCALE`.
    gap: [[u16; 32]; ROWS - 1],
    /// `cell[i][j]`: permutations with row `i`'s piece in rank `j`.
    cell: [[Set; 8]; ROWS],
}

/// The tables, built on first use (about 100 KB).
pub(super) static BLOCK: LazyLock<Block> = LazyLock::new(Block::new);

impl Block {
    fn new() -> Self {
        let mut perm = Vec::with_capacity(PERMS);
        permutations(&mut [0, 1, 2, 3, 4], 0, &mut perm);
        let perm: [[u8; ROWS]; PERMS] = perm.try_into().expect("5! permutations");
        let mut down = [[0; 32]; ROWS];
        let mut up = [[0; 32]; ROWS];
        for (k, p) in perm.iter().enumerate() {
            for (row, &j) in p.iter().enumerate() {
                for w in 0..32 {
                    if w >> row & 1 == 0 {
                        up[usize::from(j)][w] |= 1 << k;
                    }
                    if w >> (ROWS - 1 - row) & 1 == 0 {
                        down[usize::from(j)][w] |= 1 << k;
                    }
                }
            }
        }
        let mut avoid: Box<[[Set; 1024]; ROWS]> = vec![[0; 1024]; ROWS]
            .into_boxed_slice()
            .try_into()
            .expect("one table per rank");
        for (j, table) in avoid.iter_mut().enumerate() {
            for (w, set) in table.iter_mut().enumerate() {
                *set = down[j][w >> 5] & up[j][w & 31];
            }
        }
        let mut apart: Box<[Set; APART]> = vec![0; APART]
            .into_boxed_slice()
            .try_into()
            .expect("one set per geometry");
        for (g, set) in apart.iter_mut().enumerate().take(GAPS.pow(4)) {
            // Column offsets of the five free columns; gap class 4 stands
            // for any gap >= 5, which no pair within five rows can match.
            let mut pos = [0usize; ROWS];
            for i in 1..ROWS {
                pos[i] = pos[i - 1] + 1 + g / GAPS.pow(i as u32 - 1) % GAPS;
            }
            for (k, p) in perm.iter().enumerate() {
                let clash = (0..ROWS).any(|a| {
                    (0..a).any(|b| pos[usize::from(p[a])].abs_diff(pos[usize::from(p[b])]) == a - b)
                });
                if !clash {
                    *set |= 1 << k;
                }
            }
        }
        let mut cell = [[0; 8]; ROWS];
        for (k, p) in perm.iter().enumerate() {
            for (row, &j) in p.iter().enumerate() {
                cell[row][usize::from(j)] |= 1 << k;
            }
        }
        let mut gap = [[0; 32]; ROWS - 1];
        for (k, digits) in gap.iter_mut().enumerate() {
            for (d, digit) in digits.iter_mut().enumerate().skip(1) {
                // Scaled like the windows (see `completions`).
                *digit = (((d.min(GAPS) - 1) * GAPS.pow(k as u32)) << SCALE) as u16;
            }
        }
        Self {
            perm,
            avoid,
            apart,
            gap,
            cell,
        }
    }

    /// The completions of the last [`ROWS`] rows.
    ///
    /// `free` holds exactly five columns; `l` and `r` are the `\` and `/`
    /// masks of the block's first row (shifting left and right each row);
    /// `forbid(x)` gives the block rows (bit `i` for row `i`) column `x` may
    /// not use, times [`UNIT`] (so that a table of them needs no shift).
    /// Returns the set of valid permutations of the free columns (see
    /// [`columns`]).
    #[inline(always)]
    pub fn completions(&self, free: u32, l: u32, r: u32, forbid: impl Fn(u32) -> usize) -> Set {
        let [x0, x1, x2, x3, x4] = columns(free);
        // Row i of the block sees `l << i`: column x is hit where bit
        // x - i of l is set, i.e. bit 4 - i of the window (l << 4) >> x,
        // taken here already shifted to bits 5..10 of the table index. Both
        // windows (and the gap digits) come scaled by 16, the bytes of a set:
        // the masks leave byte offsets, so the shift back by 4 and the
        // scaling of the address cancel.
        let ll = u64::from(l) << (ROWS as u32 - 1 + 5 + SCALE);
        let rr = u64::from(r) << SCALE;
        let col = |j: usize, x: u32| {
            let l = (ll >> x) as usize & (31 << (5 + SCALE));
            let r = ((rr >> x) as usize | forbid(x)) & (31 << SCALE);
            self.avoid[j][(l | r) >> SCALE]
        };
        let gap = |k: usize, a: u32, b: u32| usize::from(self.gap[k][(b - a) as usize & 31]);
        let g = gap(0, x0, x1) + gap(1, x1, x2) + gap(2, x2, x3) + gap(3, x3, x4);
        let g = (g & ((APART - 1) << SCALE)) >> SCALE;
        col(0, x0) & col(1, x1) & col(2, x2) & col(3, x3) & col(4, x4) & self.apart[g]
    }

    /// The permutations that put row `row`'s piece in the column of rank
    /// `rank` (none for ranks 5 to 7, which a missing column yields).
    #[inline(always)]
    pub fn cell(&self, row: usize, rank: u32) -> Set {
        self.cell[row][rank as usize & 7]
    }

    /// The column rank permutation `k` puts in each row.
    pub fn rows(&self, k: u32) -> [u8; ROWS] {
        self.perm[k as usize]
    }
}

/// The columns of `free` by rank, left to right (bit positions; 32 past the
/// last one).
#[inline(always)]
pub(super) fn columns(free: u32) -> [u32; ROWS] {
    let mut pos = [0u32; ROWS];
    let mut f = free;
    for p in &mut pos {
        *p = f.trailing_zeros();
        f &= f.wrapping_sub(1);
    }
    pos
}

/// All orders of `v[k..]` after the fixed `v[..k]`, in lexicographic order.
fn permutations(v: &mut [u8; ROWS], k: usize, out: &mut Vec<[u8; ROWS]>) {
    if k == ROWS {
        out.push(*v);
        return;
    }
    for i in k..ROWS {
        v[k..=i].rotate_right(1);
        permutations(v, k + 1, out);
        v[k..=i].rotate_left(1);
    }
}

/// A deterministic pseudo-random sequence (xorshift64) from `seed`, for the
/// tests of the last rows' steps.
#[cfg(test)]
pub(super) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Completions straight from the definition: try all 5! orders.
    fn brute(free: u32, l: u32, r: u32, forbid: &[u32; ROWS]) -> u32 {
        let cols: Vec<u32> = (0..32).filter(|x| free >> x & 1 != 0).collect();
        let mut perm = Vec::new();
        permutations(&mut [0, 1, 2, 3, 4], 0, &mut perm);
        let mut count = 0;
        for p in perm {
            let x = |i: usize| cols[usize::from(p[i])];
            let ok = (0..ROWS).all(|i| {
                let hit = (l << i | r >> i | forbid[i]) >> x(i) & 1 != 0;
                !hit && (0..i).all(|k| x(i).abs_diff(x(k)) != (i - k) as u32)
            });
            count += u32::from(ok);
        }
        count
    }

    #[test]
    fn completions_match_brute_force() {
        // A deterministic pseudo-random walk over boards up to 20 wide.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let block = &*BLOCK;
        for _ in 0..20_000 {
            let n = 5 + (next() % 16) as u32;
            let mask = (1u32 << n) - 1;
            let mut free = 0u32;
            while free.count_ones() < 5 {
                free |= 1 << (next() % u64::from(n));
            }
            let l = next() as u32 & mask & !free;
            let r = next() as u32 & mask;
            let l = if next().is_multiple_of(3) { 0 } else { l };
            let r = if next().is_multiple_of(3) { 0 } else { r };
            let forbid: [u32; ROWS] = std::array::from_fn(|_| {
                if next().is_multiple_of(4) {
                    next() as u32 & mask
                } else {
                    0
                }
            });
            let by_col = |x: u32| {
                (0..ROWS)
                    .filter(|&i| forbid[i] >> x & 1 != 0)
                    .fold(0, |m, i| m | 1 << i)
                    * UNIT
            };
            let set = block.completions(free, l, r, by_col);
            let pos = columns(free);
            assert_eq!(
                set.count_ones(),
                brute(free, l, r, &forbid),
                "{free:b} {l:b} {r:b}"
            );
            // Every permutation read back is a valid completion.
            let mut rest = set;
            while rest != 0 {
                let k = rest.trailing_zeros();
                rest &= rest - 1;
                let rows = block.rows(k);
                let x = |i: usize| pos[usize::from(rows[i])];
                for (i, f) in forbid.iter().enumerate() {
                    assert_eq!((l << i | r >> i | f) >> x(i) & 1, 0);
                }
            }
        }
    }

    #[test]
    fn cells_select_by_row_and_rank() {
        let block = &*BLOCK;
        for row in 0..ROWS {
            for rank in 0..8u32 {
                let set = block.cell(row, rank);
                for k in 0..PERMS as u32 {
                    assert_eq!(set >> k & 1 != 0, u32::from(block.rows(k)[row]) == rank);
                }
                assert_eq!(set >> PERMS, 0);
            }
        }
    }
}
