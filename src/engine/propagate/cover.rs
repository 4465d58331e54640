//! Covers of a set of open cells by disjoint cliques (2×2 windows whose
//! cells attack each other, else single cells): each clique holds at most one
//! piece, so the cover's size bounds the pieces the cells can take.

use super::model::Model;

/// Up to four cells that attack each other: at most one piece.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Clique {
    /// Its cells, the first `len` of them.
    pub(crate) cells: [usize; 4],
    /// How many cells it holds.
    pub(crate) len: usize,
    /// The top-left cell of the window holding it, and which of the
    /// window's cells it holds (see [`Model::common`]); mask 0 for a lone
    /// cell outside any window.
    pub(crate) window: (usize, u8),
}

impl Clique {
    /// Its cells.
    pub(crate) fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// The rows and the columns holding some of `cells`, as bit masks; `None`
/// on boards of more than 128 rows or columns.
pub(crate) type Lines = Option<(u128, u128)>;

/// Covers `cells` (open, on `lines`) with disjoint cliques into
/// `out`; `inside[c]` marks the cells and is left cleared. Cells within two
/// neighbouring rows (columns) get the fewest cliques, else a greedy cover.
pub(crate) fn cover(
    m: &Model,
    cells: &mut [usize],
    lines: Lines,
    inside: &mut [bool],
    out: &mut Vec<Clique>,
) {
    out.clear();
    let done = lines.is_some_and(|(rows, cols)| strip(m, rows, cols, inside, out));
    if !done {
        cells.sort_unstable();
        greedy(m, cells, inside, out);
    }
}

/// The fewest cliques for cells within two neighbouring rows (columns):
/// from the first column (row), a window over the first uncovered one and
/// the next. False, having done nothing, when the cells span more lines or a
/// window it needs is not a clique.
fn strip(m: &Model, rows: u128, cols: u128, inside: &mut [bool], out: &mut Vec<Clique>) -> bool {
    if rows == 0 {
        return false;
    }
    let span = |mask: u128| 127 - mask.leading_zeros() - mask.trailing_zeros();
    // The top-left cell of the window over lines `p` and `p + 1` is `base + p * step`.
    let (along, ends, base, step) = if span(rows) <= 1 {
        let r = (rows.trailing_zeros() as usize).min(m.rows.saturating_sub(2));
        (cols, m.cols, r * m.cols, 1)
    } else if span(cols) <= 1 {
        let c = (cols.trailing_zeros() as usize).min(m.cols.saturating_sub(2));
        (rows, m.rows, c, m.cols)
    } else {
        return false;
    };
    let at = |p: usize| base + step * if p + 1 < ends { p } else { p.saturating_sub(1) };
    let mut left = along;
    while left != 0 {
        let p = left.trailing_zeros() as usize;
        if !m.window[at(p)] {
            return false;
        }
        left &= !(3 << p);
    }
    let mut left = along;
    while left != 0 {
        let p = left.trailing_zeros() as usize;
        out.push(take(m, at(p), inside, true));
        left &= !(3 << p);
    }
    true
}

/// The number of cliques [`cover`] gives `cells` (open, on `lines`) when
/// it covers them greedily, counted on a mask per row (`rows`, all zero,
/// left so) by [`greedy_rows`], without building the cliques. `None` when
/// [`cover`] would not cover them greedily (cells within two neighbouring
/// lines) or the board is over 64 columns.
pub(crate) fn greedy_size(
    m: &Model,
    cells: &[usize],
    lines: Lines,
    rows: &mut Vec<u64>,
) -> Option<u32> {
    let (first, last) = greedy_span(m, lines)?;
    rows.resize(m.rows + 1, 0);
    for &c in cells {
        let (r, k) = m.at[c];
        rows[r as usize] |= 1 << k;
    }
    Some(greedy_rows(m, rows, first, last, None))
}

/// The first and last row of cells on `lines` that [`cover`] covers
/// greedily on a board of at most 64 columns; `None` for cells within two
/// neighbouring lines (or none), or a wider board.
pub(crate) fn greedy_span(m: &Model, lines: Lines) -> Option<(usize, usize)> {
    let (rows_on, cols_on) = lines?;
    let span = |mask: u128| 127 - mask.leading_zeros() - mask.trailing_zeros();
    if m.cols > 64 || rows_on == 0 || span(rows_on) <= 1 || span(cols_on) <= 1 {
        return None;
    }
    Some((
        rows_on.trailing_zeros() as usize,
        127 - rows_on.leading_zeros() as usize,
    ))
}

/// The greedy cover of [`cover`] of the cells in `rows` (the columns of
/// the cells of each row as a mask, none outside rows `first..=last`;
/// `rows` has a row after `last`; left all zero): its size, and its cliques
/// pushed to `out` when given, the same and in the same order. Each
/// uncovered cell in turn takes the window holding most uncovered cells,
/// of those the first of the windows with the cell at its top-left,
/// top-right and bottom-left (the cells before it are covered, so the
/// window with it at its bottom-right holds it alone), else stays alone.
pub(crate) fn greedy_rows(
    m: &Model,
    rows: &mut [u64],
    first: usize,
    last: usize,
    mut out: Option<&mut Vec<Clique>>,
) -> u32 {
    // The cells of a window's row pair held, as two bits: how many.
    let two = |bits: u64| (bits & 1) as u32 + (bits >> 1) as u32;
    let mut size = 0;
    for r in first..=last {
        // The windows with their top-left in row `r`, and in the row above.
        let wins = m.window_rows[r];
        let above = if r >= 1 { m.window_rows[r - 1] } else { 0 };
        while rows[r] != 0 {
            let c = rows[r].trailing_zeros() as usize;
            let x = r * m.cols + c;
            let (here, below) = (rows[r], rows[r + 1]);
            // Cells held, the window's top-left and its cells held (as in
            // `Clique::window`), the cells taken in rows `r` and `r + 1`.
            let mut best = (1, x, 0u8, 1u64 << c, 0u64);
            if wins >> c & 1 == 1 {
                let held = (here >> c & 3, below >> c & 3);
                let n = two(held.0) + two(held.1);
                if n > best.0 {
                    best = (n, x, (held.0 | held.1 << 2) as u8, held.0 << c, held.1 << c);
                }
            }
            if c >= 1 && wins >> (c - 1) & 1 == 1 {
                let held = below >> (c - 1) & 3;
                let n = 1 + two(held);
                if n > best.0 {
                    best = (n, x - 1, (0b10 | held << 2) as u8, 1 << c, held << (c - 1));
                }
            }
            if above >> c & 1 == 1 {
                let held = here >> c & 3;
                let n = two(held);
                if n > best.0 {
                    best = (n, x - m.cols, (held << 2) as u8, held << c, 0);
                }
            }
            let (n, tl, held, top, bottom) = best;
            rows[r] &= !top;
            rows[r + 1] &= !bottom;
            size += 1;
            if let Some(out) = out.as_deref_mut() {
                out.push(if n == 1 {
                    Clique {
                        cells: [x; 4],
                        len: 1,
                        window: (x, 0),
                    }
                } else {
                    let mut q = Clique {
                        window: (tl, held),
                        ..Clique::default()
                    };
                    for (i, y) in m.window_cells(tl).into_iter().enumerate() {
                        if held >> i & 1 == 1 {
                            q.cells[q.len] = y;
                            q.len += 1;
                        }
                    }
                    q
                });
            }
        }
    }
    size
}

/// Covers `cells` (increasing) greedily: each uncovered cell with the
/// window holding most of the uncovered cells, else alone.
fn greedy(m: &Model, cells: &[usize], inside: &mut [bool], out: &mut Vec<Clique>) {
    let cols = m.cols;
    for &x in cells {
        if !inside[x] {
            continue;
        }
        let (r, c) = m.at[x];
        let mut best = Clique {
            cells: [x; 4],
            len: 1,
            window: (x, 0),
        };
        for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            if (r as usize) < dr || (c as usize) < dc || !m.window[x - dr * cols - dc] {
                continue;
            }
            let held = take(m, x - dr * cols - dc, inside, false);
            if held.len > best.len {
                best = held;
            }
        }
        for &y in best.cells() {
            inside[y] = false;
        }
        out.push(best);
    }
}

/// The clique of the cells `inside` the window at `tl`, unmarking them
/// when `clear`.
fn take(m: &Model, tl: usize, inside: &mut [bool], clear: bool) -> Clique {
    let mut held = Clique {
        window: (tl, 0),
        ..Clique::default()
    };
    for (i, y) in m.window_cells(tl).into_iter().enumerate() {
        if inside[y] {
            inside[y] = !clear;
            held.cells[held.len] = y;
            held.len += 1;
            held.window.1 |= 1 << i;
        }
    }
    held
}

/// A lower bound on the cliques of any cover of `open` cells on `lines`
/// (2×2 blocks, clipped at the board's edge or not, and lone cells): a
/// clique holds at most four cells and spans at most two neighbouring rows
/// and two neighbouring columns, so the cover needs at least as many
/// cliques as pairs of neighbouring lines it takes to hold the rows
/// (columns) of the cells. The capacity bound of the search's rules and of
/// the hint engine's 2×2 covers (`logic::capacity`, `logic::blocks`).
pub(crate) fn at_least(open: usize, lines: Lines) -> usize {
    let pairs = lines.map_or(0, |(rows, cols)| pairs(rows).max(pairs(cols)));
    open.div_ceil(4).max(pairs as usize)
}

/// The [`Lines`] of the cells at `(row, column)` positions `at`: `None`
/// when one lies beyond the 128th row or column.
pub(crate) fn lines_of(at: impl IntoIterator<Item = (usize, usize)>) -> Lines {
    at.into_iter()
        .try_fold((0u128, 0u128), |(rows, cols), (r, c)| {
            Some((
                rows | 1u128.checked_shl(r as u32)?,
                cols | 1u128.checked_shl(c as u32)?,
            ))
        })
}

/// The fewest pairs of neighbouring lines that hold every line of `lines`:
/// half of each run of neighbouring lines, rounded up, the number of
/// [`window_starts`].
pub(crate) fn pairs(lines: u128) -> u32 {
    ones(window_starts(lines))
}

/// The bits set in `x`: on one word when it fits (without a popcount
/// instruction, as on the baseline x86-64 target, each word's count takes
/// a dozen operations).
#[inline]
pub(crate) fn ones(x: u128) -> u32 {
    match u64::try_from(x) {
        Ok(low) => low.count_ones(),
        Err(_) => x.count_ones(),
    }
}

/// The first lines of the fewest pairs of neighbouring lines (or a strip's
/// first positions of its windows, each two positions wide) that hold
/// every line of `lines`, taken from the first (bit `p` for the pair `p`,
/// `p + 1`): in each run of neighbouring lines, those at an even distance
/// from its first. Without a loop: adding the runs' first lines at even positions
/// carries through (and clears) exactly those runs, which then keep their
/// even lines, the others their odd ones.
///
/// On one word when the lines fit in it (boards of up to 64 lines, the
/// common case), the same lines.
pub(crate) fn window_starts(lines: u128) -> u128 {
    if let Ok(lines) = u64::try_from(lines) {
        const EVEN: u64 = 0x5555_5555_5555_5555;
        let starts = lines & !(lines << 1);
        let from_even = lines & !lines.wrapping_add(starts & EVEN);
        return u128::from((from_even & EVEN) | (lines & !from_even & !EVEN));
    }
    const EVEN: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    let starts = lines & !(lines << 1);
    let from_even = lines & !lines.wrapping_add(starts & EVEN);
    (from_even & EVEN) | (lines & !from_even & !EVEN)
}

#[cfg(test)]
mod tests {
    use super::{pairs, window_starts};

    /// The first lines of pairs taken one at a time from the lowest line.
    fn one_by_one(mut lines: u128) -> u128 {
        let mut starts = 0;
        while lines != 0 {
            let low = lines.trailing_zeros();
            starts |= 1 << low;
            lines &= !(3u128 << low);
        }
        starts
    }

    /// The pairs found from the runs (and their count) are those taken
    /// greedily one at a time, on one word and on two, at the words' edges
    /// and on random lines.
    #[test]
    fn pairs_by_runs_match_pairs_one_by_one() {
        assert_eq!(pairs(0b10_0111), 3);
        assert_eq!(pairs(0b1111), 2);
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        let edges = [
            u128::from(u64::MAX),
            1 << 63,
            3 << 63,
            u128::from(u64::MAX) << 1,
        ];
        let check = |lines: u128| {
            assert_eq!(window_starts(lines), one_by_one(lines), "{lines:b}");
            assert_eq!(pairs(lines), one_by_one(lines).count_ones(), "{lines:b}");
        };
        for lines in [0, 1, 3, 7, u128::MAX, u128::MAX - 1, 1 << 127, 0b1011_0111]
            .into_iter()
            .chain(edges)
        {
            check(lines);
        }
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let lines = x & x.rotate_left(5);
            check(lines);
            // One word, its top line included.
            check(lines >> 64);
        }
    }
}
