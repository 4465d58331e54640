//! 2×2 block covers of a band-counting area (see [`super::band`]): a block
//! of four cells that all attack each other holds at most one piece, so an
//! area whose open cells fit in m blocks holds at most m pieces. Covers are
//! searched depth first within a few nodes and kept on the board, since the
//! same areas come back at every step of a trial.

use rustc_hash::FxHashMap;

use super::Board;
use crate::engine::propagate::at_least;

/// A cover of an area's open cells by at most `budget` 2×2 blocks, when
/// one is found quickly: each block with the area's cells it claims.
/// `key` is the keys of the open cells combined (the search model's cell
/// keys, see [`super::band`]): what was
/// found (or missed) for the same cells is not looked for again, and
/// `open` gives the cells only when it must be.
pub(super) fn tight(
    b: &Board,
    key: u128,
    open: impl FnOnce() -> Vec<usize>,
    budget: usize,
) -> Option<Vec<Vec<usize>>> {
    let known = b
        .covers
        .lock()
        .ok()
        .and_then(|c| c.get(&(key, budget)).cloned());
    let blocks = known.unwrap_or_else(|| {
        let found = search(b, &open(), budget);
        if let Ok(mut c) = b.covers.lock() {
            if c.len() >= COVERS_KEPT {
                c.clear();
            }
            c.insert((key, budget), found.clone());
        }
        found
    })?;
    Some(
        blocks
            .iter()
            .map(|&(r, k, claim)| cells_of(b, r, k, claim))
            .collect(),
    )
}

/// [`tight`]'s search: a lower bound first, then depth first.
fn search(b: &Board, open: &[usize], budget: usize) -> Option<Vec<(usize, usize, u8)>> {
    let p = b.problem;
    let mut left = Left {
        rows: vec![0u128; p.rows + 1],
        cells: open.len(),
        row_mask: 0,
        cols: 0,
        in_col: vec![0; p.cols],
    };
    for &c in open {
        let (r, k) = p.coords(c);
        left.rows[r] |= 1 << k;
        left.row_mask |= 1 << r;
        left.cols |= 1 << k;
        left.in_col[k] += 1;
    }
    // Cells that no `budget` blocks can cover, seen without the search
    // (the search finds no cover then either, whatever its nodes).
    if !open.is_empty() && (left.lower_bound() > budget || apart(&left.rows) > budget) {
        return None;
    }
    let (mut blocks, mut nodes) = (Vec::new(), COVER_NODES);
    cover(b, &mut left, 0, budget, &mut blocks, &mut nodes).then_some(blocks)
}

/// [`apart`] of `cells` on `b`'s board (0 beyond 128 columns).
pub(super) fn cells_apart(b: &Board, cells: &[usize]) -> usize {
    let p = b.problem;
    if p.cols > 128 {
        return 0;
    }
    let mut rows = vec![0u128; p.rows];
    for &c in cells {
        let (r, k) = p.coords(c);
        rows[r] |= 1 << k;
    }
    apart(&rows)
}

/// How many of the cells `rows` holds (a mask of columns per row) lie
/// pairwise two rows or two columns apart, picked greedily row by row: no
/// 2×2 block holds two of them, so a cover has at least that many blocks.
fn apart(rows: &[u128]) -> usize {
    let (mut n, mut above) = (0, 0u128);
    for &row in rows {
        let (mut left, mut picked) = (row, 0u128);
        while left != 0 {
            let cell = left & left.wrapping_neg();
            left &= left - 1;
            if (above | picked) & (cell | cell >> 1 | cell << 1) == 0 {
                picked |= cell;
                n += 1;
            }
        }
        above = picked;
    }
    n
}

/// The cells a cover has left: a mask of columns per row (one row more
/// than the board, always empty), and their count, rows and columns.
struct Left {
    rows: Vec<u128>,
    cells: usize,
    row_mask: u128,
    cols: u128,
    /// Per column, its cells left.
    in_col: Vec<u32>,
}

impl Left {
    /// A lower bound on the blocks covering the cells: the search's
    /// capacity bound ([`at_least`]).
    fn lower_bound(&self) -> usize {
        at_least(self.cells, Some((self.row_mask, self.cols)))
    }

    /// Takes (`take`) or gives back the cells `cells` of row `r`.
    fn change(&mut self, r: usize, cells: u128, take: bool) {
        if cells == 0 {
            return;
        }
        let mut m = cells;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            if take {
                self.in_col[k] -= 1;
                if self.in_col[k] == 0 {
                    self.cols &= !(1 << k);
                }
            } else {
                self.in_col[k] += 1;
                self.cols |= 1 << k;
            }
        }
        let n = cells.count_ones() as usize;
        if take {
            self.rows[r] &= !cells;
            self.cells -= n;
        } else {
            self.rows[r] |= cells;
            self.cells += n;
        }
        if self.rows[r] == 0 {
            self.row_mask &= !(1 << r);
        } else {
            self.row_mask |= 1 << r;
        }
    }
}

/// The covers [`tight`] found or missed, by the keys of the area's open
/// cells and the budget: the same areas come back at every step of a
/// trial.
pub(super) type Covers = FxHashMap<(u128, usize), Option<Vec<(usize, usize, u8)>>>;

/// The most covers kept before they are forgotten.
const COVERS_KEPT: usize = 1 << 16;

/// Most search nodes one cover may take.
const COVER_NODES: usize = 64;

/// The cells a block with top-left `(r, k)` claims: bit 0 and 1 of `claim`
/// its top row's two columns, bits 2 and 3 its bottom row's.
fn cells_of(b: &Board, r: usize, k: usize, claim: u8) -> Vec<usize> {
    let p = b.problem;
    [(r, k), (r, k + 1), (r + 1, k), (r + 1, k + 1)]
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| claim >> i & 1 == 1)
        .map(|(_, (r, k))| p.cell(r, k))
        .collect()
}

/// Covers the cells `left` (rows from `first` on) with at most `budget`
/// more 2×2 blocks whose cells attack each other, depth first: the first
/// cell left is the top-left or the top-right cell of its block, as every
/// cell before it is covered. Pushes `(row, column, claimed cells)` of
/// each block; on failure leaves `left` and `blocks` as they were.
fn cover(
    b: &Board,
    left: &mut Left,
    first: usize,
    budget: usize,
    blocks: &mut Vec<(usize, usize, u8)>,
    nodes: &mut usize,
) -> bool {
    let Some(r) = (first..left.rows.len()).find(|&r| left.rows[r] != 0) else {
        return true;
    };
    // The rows before `r` are empty: the bound is that of the rows from `r`.
    if budget == 0 || *nodes == 0 || left.lower_bound() > budget {
        return false;
    }
    *nodes -= 1;
    let c = left.rows[r].trailing_zeros() as usize;
    for k in [Some(c), c.checked_sub(1)].into_iter().flatten() {
        if !b.clique(r as isize, k as isize) {
            continue;
        }
        let two = 3u128 << k;
        let (top, bottom) = (left.rows[r] & two, left.rows[r + 1] & two);
        let claim = (top >> k) as u8 | ((bottom >> k) as u8) << 2;
        left.change(r, top, true);
        left.change(r + 1, bottom, true);
        blocks.push((r, k, claim));
        if cover(b, left, r, budget - 1, blocks, nodes) {
            return true;
        }
        blocks.pop();
        left.change(r, top, false);
        left.change(r + 1, bottom, false);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::apart;

    /// The fewest 2×2 windows (anywhere, clipped or not) covering the cells
    /// of `rows`: the window of the first cell left, each of its four ways.
    fn fewest(rows: &mut [u128]) -> usize {
        let Some(r) = rows.iter().position(|&m| m != 0) else {
            return 0;
        };
        let c = rows[r].trailing_zeros() as usize;
        let mut best = usize::MAX;
        for (top, k) in [(r, c), (r, c.wrapping_sub(1)), (r.wrapping_sub(1), c)]
            .into_iter()
            .chain([(r.wrapping_sub(1), c.wrapping_sub(1))])
        {
            let two = 3u128.checked_shl(k as u32).unwrap_or(0) | (k == usize::MAX) as u128;
            let taken: Vec<(usize, u128)> = [top, top.wrapping_add(1)]
                .into_iter()
                .filter(|&i| i < rows.len())
                .map(|i| (i, rows[i] & two))
                .collect();
            for &(i, m) in &taken {
                rows[i] &= !m;
            }
            best = best.min(1 + fewest(rows));
            for &(i, m) in &taken {
                rows[i] |= m;
            }
        }
        best
    }

    #[test]
    fn cells_apart_never_outnumber_the_fewest_blocks() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..1000 {
            let mut rows = vec![0u128; 7];
            for _ in 0..8 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                rows[(x % 6) as usize] |= 1 << ((x >> 8) % 6);
            }
            let bound = apart(&rows);
            assert!(bound <= fewest(&mut rows.clone()), "{rows:?}");
            assert!(bound >= 1);
        }
    }
}
