//! Band counting, the way Star Battle solvers count regions against bands
//! of rows (columns). A band of w neighbouring lines needs what its lines
//! need. Two sets of open cells then need an exact number of pieces:
//!
//! - *undercounting*: the band's cells outside the regions lying wholly
//!   inside it need the band's pieces less those regions' pieces;
//! - *overcounting*: the cells outside the band of the regions touching it
//!   need those regions' pieces less the band's (every piece of the band
//!   lies in one of them).
//!
//! Such a set is an area like a unit: when it needs no piece its cells are
//! empty, when it needs as many as it has open cells they are pieces
//! ([`Technique::BandCount`]); when its open cells fit in as many 2×2 blocks
//! as it needs pieces, every block holds one ([`Technique::BandCapacity`],
//! the squeeze). The propagating search runs the same rule on its
//! bitboards for the trials (`search::propagate::band`).

use super::capacity::deduce;
use super::{Board, Step, Technique, step};
use crate::engine::propagate::BAND_WIDEST as WIDEST;
use crate::engine::propagate::pairs;
use crate::problem::Family;

/// A set of open cells that needs an exact number of pieces.
struct Area<'b> {
    /// Why the cells need `need` pieces, written when the area is used.
    why: Box<dyn Fn() -> String + 'b>,
    open: Vec<usize>,
    need: isize,
}

/// The first area needing no pieces or all its open cells.
pub fn count(b: &Board) -> Option<Step> {
    areas(b).into_iter().find_map(|a| {
        let n = a.open.len() as isize;
        if n == 0 || (a.need != 0 && a.need != n) {
            return None;
        }
        let piece = &b.problem.piece.name;
        let (place, exclude, then) = if a.need == 0 {
            (vec![], a.open.clone(), "they stay empty".to_string())
        } else {
            (a.open.clone(), vec![], format!("each holds a {piece}"))
        };
        let reason = format!("{}: {then}", (a.why)());
        Some(step(Technique::BandCount, place, exclude, reason, a.open))
    })
}

/// The first area whose open cells fit in as many 2×2 blocks as it needs
/// pieces, when that decides a cell.
pub fn capacity(b: &Board) -> Option<Step> {
    areas(b).into_iter().find_map(|a| {
        let blocks = tight(b, &a, a.need as usize)?;
        if blocks.len() as isize != a.need {
            return None;
        }
        let groups: Vec<String> = blocks
            .iter()
            .map(|bl| format!("[{}]", b.list(bl)))
            .collect();
        let reason = format!(
            "{}, and they fit in {} 2×2 blocks {}, each holding at most one: every block holds one",
            (a.why)(),
            blocks.len(),
            groups.join(" ")
        );
        deduce(b, Technique::BandCapacity, reason, &a.open, &blocks)
    })
}

/// The first area that cannot get its pieces, and why: the state has no
/// solution.
pub fn overfull(b: &Board) -> Option<String> {
    areas(b).into_iter().find_map(|a| {
        let n = a.open.len() as isize;
        if a.need < 0 || a.need > n {
            return Some(format!("{}, but {n} are open", (a.why)()));
        }
        if a.need < 2 || n == a.need {
            return None;
        }
        let blocks = tight(b, &a, a.need as usize - 1)?;
        Some(format!(
            "{}, but they fit in {} 2×2 block{}, each holding at most one",
            (a.why)(),
            blocks.len(),
            if blocks.len() == 1 { "" } else { "s" }
        ))
    })
}

/// A cover of the area's open cells by at most `budget` 2×2 blocks, when
/// one is found quickly: each block with the area's cells it claims.
fn tight(b: &Board, a: &Area, budget: usize) -> Option<Vec<Vec<usize>>> {
    let n = a.open.len();
    if a.need < 1 || n as isize <= a.need || n > 4 * budget {
        return None;
    }
    let p = b.problem;
    let mut rows = vec![0u128; p.rows + 1];
    for &c in &a.open {
        let (r, k) = p.coords(c);
        rows[r] |= 1 << k;
    }
    let mut blocks = Vec::new();
    let mut nodes = COVER_NODES;
    if !cover(b, &mut rows, 0, budget, &mut blocks, &mut nodes) {
        return None;
    }
    Some(
        blocks
            .iter()
            .map(|&(r, k, claim)| cells_of(b, r, k, claim))
            .collect(),
    )
}

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

/// Covers the cells left in `rows` (a mask of columns per row, rows from
/// `first` on) with at most `budget` more 2×2 blocks whose cells attack
/// each other, depth first: the first cell left is the top-left or the
/// top-right cell of its block, as every cell before it is covered.
/// Pushes `(row, column, claimed cells)` of each block; on failure leaves
/// `rows` and `blocks` as they were.
fn cover(
    b: &Board,
    rows: &mut [u128],
    first: usize,
    budget: usize,
    blocks: &mut Vec<(usize, usize, u8)>,
    nodes: &mut usize,
) -> bool {
    let Some(r) = (first..rows.len()).find(|&r| rows[r] != 0) else {
        return true;
    };
    if budget == 0 || *nodes == 0 || lower_bound(&rows[r..]) > budget {
        return false;
    }
    *nodes -= 1;
    let c = rows[r].trailing_zeros() as usize;
    for k in [Some(c), c.checked_sub(1)].into_iter().flatten() {
        if !clique(b, r, k) {
            continue;
        }
        let two = 3u128 << k;
        let (top, bottom) = (rows[r] & two, rows[r + 1] & two);
        let claim = (top >> k) as u8 | ((bottom >> k) as u8) << 2;
        rows[r] &= !two;
        rows[r + 1] &= !two;
        blocks.push((r, k, claim));
        if cover(b, rows, r, budget - 1, blocks, nodes) {
            return true;
        }
        blocks.pop();
        rows[r] |= top;
        rows[r + 1] |= bottom;
    }
    false
}

/// Whether the cells of the 2×2 block with top-left `(r, k)` that lie on
/// the board all attack each other.
fn clique(b: &Board, r: usize, k: usize) -> bool {
    let p = b.problem;
    let cells: Vec<usize> = [(r, k), (r, k + 1), (r + 1, k), (r + 1, k + 1)]
        .into_iter()
        .filter(|&(r, k)| r < p.rows && k < p.cols)
        .map(|(r, k)| p.cell(r, k))
        .collect();
    cells
        .iter()
        .all(|&x| cells.iter().all(|&y| x == y || b.attack(x, y)))
}

/// A lower bound on the blocks covering `rows`: a block holds at most four
/// cells, and two neighbouring rows (columns).
fn lower_bound(rows: &[u128]) -> usize {
    let cells: u32 = rows.iter().map(|m| m.count_ones()).sum();
    let row_mask = rows
        .iter()
        .enumerate()
        .filter(|(_, m)| **m != 0)
        .fold(0u128, |acc, (i, _)| acc | 1 << i);
    let cols = rows.iter().fold(0u128, |acc, m| acc | m);
    (cells.div_ceil(4) as usize)
        .max(pairs(row_mask) as usize)
        .max(pairs(cols) as usize)
}

/// The lines of `family` (rows or columns), by index.
fn lines(b: &Board, family: Family) -> Vec<usize> {
    let mut l: Vec<usize> = (0..b.units.len())
        .filter(|&u| b.units[u].family == family)
        .collect();
    l.sort_by_key(|&u| b.units[u].index);
    l
}

/// Every band's two areas, narrow bands first, rows before columns. A
/// band whose area is a single line or a pair of neighbouring lines with
/// nothing taken away is left to the unit techniques.
fn areas<'b>(b: &'b Board) -> Vec<Area<'b>> {
    let regions = lines(b, Family::Region);
    let mut out = Vec::new();
    if b.problem.rows > 128 || b.problem.cols > 128 {
        return out;
    }
    for family in [Family::Row, Family::Column] {
        let lines = lines(b, family);
        let n = lines.len();
        if n < 2 || regions.is_empty() {
            continue;
        }
        let along = move |c: usize| {
            let (r, k) = b.problem.coords(c);
            if family == Family::Row { r } else { k }
        };
        // Per region: its open cells, and the lines holding them as a mask.
        let open: Vec<Vec<usize>> = regions.iter().map(|&r| b.open(r)).collect();
        let masks: Vec<u128> = open
            .iter()
            .map(|cells| cells.iter().fold(0u128, |m, &c| m | 1 << along(c)))
            .collect();
        let needs: Vec<isize> = regions.iter().map(|&r| b.need(r)).collect();
        let line_open: Vec<Vec<usize>> = lines.iter().map(|&l| b.open(l)).collect();
        for w in 1..n.min(WIDEST + 1) {
            for lo in 0..=n - w {
                let hi = lo + w - 1;
                let band_mask = (u128::MAX >> (128 - w)) << lo;
                let need_band: isize = lines[lo..=hi].iter().map(|&l| b.need(l)).sum();
                let inside: Vec<usize> = (0..regions.len())
                    .filter(|&i| masks[i] != 0 && masks[i] & !band_mask == 0)
                    .collect();
                let touching: Vec<usize> = (0..regions.len())
                    .filter(|&i| masks[i] & band_mask != 0)
                    .collect();
                let name = band_name(family, lo, hi);
                let verb = if w == 1 { "needs" } else { "need" };
                if !inside.is_empty() || w > 2 {
                    let need_in: isize = inside.iter().map(|&i| needs[i]).sum();
                    let cells: Vec<usize> = line_open[lo..=hi]
                        .iter()
                        .flatten()
                        .copied()
                        .filter(|c| !inside.iter().any(|&i| open[i].binary_search(c).is_ok()))
                        .collect();
                    let name = name.clone();
                    let inside: Vec<usize> = inside.iter().map(|&i| regions[i]).collect();
                    let why = move || {
                        if inside.is_empty() {
                            return format!("{name} {verb} {}", b.pieces(need_band));
                        }
                        format!(
                            "{name} {verb} {}; {} lie inside and need {}, so the rest of {name} needs {}",
                            b.pieces(need_band),
                            region_names(b, &inside),
                            b.pieces(need_in),
                            b.pieces(need_band - need_in)
                        )
                    };
                    out.push(Area {
                        why: Box::new(why),
                        open: cells,
                        need: need_band - need_in,
                    });
                }
                if touching.len() > 1 || w > 1 {
                    let need_touch: isize = touching.iter().map(|&i| needs[i]).sum();
                    let mut cells: Vec<usize> = touching
                        .iter()
                        .flat_map(|&i| open[i].iter().copied())
                        .filter(|&c| band_mask >> along(c) & 1 == 0)
                        .collect();
                    cells.sort_unstable();
                    let touching: Vec<usize> = touching.iter().map(|&i| regions[i]).collect();
                    let why = move || {
                        let (touch, needs) = if touching.len() == 1 {
                            ("touches", "needs")
                        } else {
                            ("touch", "need")
                        };
                        let (them, their) = if touching.len() == 1 {
                            ("it", "its")
                        } else {
                            ("them", "their")
                        };
                        format!(
                            "{} {touch} {name} and {needs} {}; {name} {verb} {}, all in {them}, so {their} cells outside {name} need {}",
                            region_names(b, &touching),
                            b.pieces(need_touch),
                            b.pieces(need_band),
                            b.pieces(need_touch - need_band)
                        )
                    };
                    out.push(Area {
                        why: Box::new(why),
                        open: cells,
                        need: need_touch - need_band,
                    });
                }
            }
        }
    }
    out
}

/// `rows 3–5`, `row 4` (1-based).
fn band_name(family: Family, lo: usize, hi: usize) -> String {
    if lo == hi {
        format!("{} {}", family.name(), lo + 1)
    } else {
        format!("{}s {}–{}", family.name(), lo + 1, hi + 1)
    }
}

/// `regions A, C`: the names of the region units `which`.
fn region_names(b: &Board, which: &[usize]) -> String {
    let names: Vec<String> = which
        .iter()
        .map(|&u| b.name(u).trim_start_matches("region ").to_string())
        .collect();
    let s = if which.len() == 1 { "" } else { "s" };
    format!("region{s} {}", names.join(", "))
}
