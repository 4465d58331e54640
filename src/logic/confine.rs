//! Confinement: units of one family (say regions) whose open cells all lie
//! inside k units of another family (say rows) that need no more pieces than
//! they do. Those k rows' pieces all go to these regions, so the rest of the
//! k rows is empty. With k = 1 it is "a region confined to a row"; the
//! families may be any two of rows, columns and regions, in either role.

use std::ops::RangeInclusive;

use super::{Board, Step, Technique, step};
use crate::problem::Family;

/// The most lines (or regions) a [`Technique::KConfined`] step looks at.
pub const MAX_K: usize = 4;

/// (confined family, family it is confined to), in the order tried.
const PAIRS: [(Family, Family); 6] = [
    (Family::Region, Family::Row),
    (Family::Region, Family::Column),
    (Family::Row, Family::Region),
    (Family::Column, Family::Region),
    (Family::Row, Family::Column),
    (Family::Column, Family::Row),
];

/// The first confinement step with k in `sizes` outer units.
pub fn confined(b: &Board, sizes: RangeInclusive<usize>) -> Option<Step> {
    for k in sizes {
        for (inner, outer) in PAIRS {
            if let Some(s) = confined_in(b, k, inner, outer) {
                return Some(s);
            }
        }
    }
    None
}

/// Units of the family `outer` that still need pieces.
fn needy(b: &Board, family: Family) -> Vec<usize> {
    (0..b.units.len())
        .filter(|&u| b.units[u].family == family && b.need(u) > 0)
        .collect()
}

fn confined_in(b: &Board, k: usize, inner: Family, outer: Family) -> Option<Step> {
    let lines = needy(b, outer);
    if lines.len() <= k {
        return None;
    }
    let touch = touching(b, inner, outer, k);
    if touch.is_empty() {
        return None;
    }
    let needs = needs(b);
    let mut chosen = Vec::with_capacity(k);
    let mut t = Vec::with_capacity(k);
    combos(lines.len(), k, 0, &mut chosen, &mut |pick| {
        t.clear();
        t.extend(pick.iter().map(|&i| lines[i]));
        inside(b, &needs, &touch, &t)
    })
}

/// Every unit's [`Board::need`], by unit.
fn needs(b: &Board) -> Vec<isize> {
    (0..b.units.len()).map(|u| b.need(u)).collect()
}

/// For each unit of the family `inner` that still needs pieces: the units of
/// the family `outer` its open cells touch, when they are at most `most`.
fn touching(b: &Board, inner: Family, outer: Family, most: usize) -> Vec<(usize, Vec<usize>)> {
    needy(b, inner)
        .into_iter()
        .map(|u| {
            let mut t: Vec<usize> = b
                .open(u)
                .iter()
                .filter_map(|&c| {
                    b.units_of(c)
                        .iter()
                        .copied()
                        .find(|&v| b.units[v].family == outer)
                })
                .collect();
            t.sort_unstable();
            t.dedup();
            (u, t)
        })
        .filter(|(_, t)| t.len() <= most)
        .collect()
}

/// The units `s` of `touch` whose open cells lie only in the units `t`: when
/// they need as many pieces as `t`, the other cells of `t` are empty.
/// `needs[u]` is unit `u`'s [`Board::need`].
fn inside(b: &Board, needs: &[isize], touch: &[(usize, Vec<usize>)], t: &[usize]) -> Option<Step> {
    let within = |touched: &[usize]| touched.iter().all(|v| t.contains(v));
    let need_s: isize = touch
        .iter()
        .filter(|(_, touched)| within(touched))
        .map(|&(u, _)| needs[u])
        .sum();
    let need_t: isize = t.iter().map(|&u| needs[u]).sum();
    if need_s == 0 || need_s != need_t {
        return None;
    }
    let s: Vec<usize> = touch
        .iter()
        .filter(|(_, touched)| within(touched))
        .map(|(u, _)| *u)
        .collect();
    let exclude: Vec<usize> = t
        .iter()
        .flat_map(|&v| b.open(v))
        .filter(|c| !s.iter().any(|u| b.units_of(*c).contains(u)))
        .collect();
    if exclude.is_empty() {
        return None;
    }
    Some(explain(b, t.len(), &s, t, need_s, exclude))
}

/// Confinement with more than [`MAX_K`] units, to bands of neighbouring
/// lines only (trying every set of that many would take too long): the
/// regions inside a band of rows (columns), or a band of rows (columns)
/// inside the regions it touches.
pub fn bands(b: &Board) -> Option<Step> {
    let needs = needs(b);
    for line in [Family::Row, Family::Column] {
        let lines = needy(b, line);
        // Regions with the lines they touch, and lines with their regions.
        let regions = touching(b, Family::Region, line, lines.len());
        let crossed = touching(b, line, Family::Region, usize::MAX);
        for width in MAX_K + 1..lines.len() {
            for band in lines.windows(width) {
                if let Some(s) = inside(b, &needs, &regions, band) {
                    return Some(s);
                }
                let mut t: Vec<usize> = crossed
                    .iter()
                    .filter(|(u, _)| band.contains(u))
                    .flat_map(|(_, t)| t.iter().copied())
                    .collect();
                t.sort_unstable();
                t.dedup();
                if t.len() > MAX_K
                    && let Some(s) = inside(b, &needs, &crossed, &t)
                {
                    return Some(s);
                }
            }
        }
    }
    None
}

fn explain(
    b: &Board,
    k: usize,
    s: &[usize],
    t: &[usize],
    need: isize,
    exclude: Vec<usize>,
) -> Step {
    let names = |us: &[usize]| us.iter().map(|&u| b.name(u)).collect::<Vec<_>>().join(", ");
    let (s_names, t_names) = (names(s), names(t));
    let verb = if s.len() == 1 { "needs" } else { "need" };
    let reason = format!(
        "{s_names} {verb} {} and {} open cells lie only in {t_names}, which {} {need} in all: the other cells of {t_names} are empty",
        b.pieces(need),
        if s.len() == 1 { "its" } else { "their" },
        if t.len() == 1 { "needs" } else { "need" },
    );
    let technique = if k == 1 {
        Technique::Confined
    } else {
        Technique::KConfined
    };
    let focus = s.iter().flat_map(|&u| b.open(u)).collect();
    step(technique, vec![], exclude, reason, focus)
}

/// Calls `f` on each k-subset of `0..n` (increasing indices) until it returns `Some`.
fn combos<T>(
    n: usize,
    k: usize,
    from: usize,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if chosen.len() == k {
        return f(chosen);
    }
    for i in from..n {
        if n - i < k - chosen.len() {
            break;
        }
        chosen.push(i);
        let found = combos(n, k, i + 1, chosen, f);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}
