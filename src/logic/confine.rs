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
    // For each needy inner unit: the outer units its open cells touch.
    let touch: Vec<(usize, Vec<usize>)> = needy(b, inner)
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
        .filter(|(_, t)| t.len() <= k)
        .collect();
    if touch.is_empty() {
        return None;
    }
    let mut chosen = Vec::with_capacity(k);
    combos(lines.len(), k, 0, &mut chosen, &mut |pick| {
        let t: Vec<usize> = pick.iter().map(|&i| lines[i]).collect();
        let s: Vec<usize> = touch
            .iter()
            .filter(|(_, touched)| touched.iter().all(|v| t.contains(v)))
            .map(|(u, _)| *u)
            .collect();
        let need_s: isize = s.iter().map(|&u| b.need(u)).sum();
        let need_t: isize = t.iter().map(|&u| b.need(u)).sum();
        if s.is_empty() || need_s != need_t {
            return None;
        }
        let exclude: Vec<usize> = t
            .iter()
            .flat_map(|&v| b.open(v))
            .filter(|c| !s.iter().any(|u| b.units_of(*c).contains(u)))
            .collect();
        if exclude.is_empty() {
            return None;
        }
        Some(explain(b, k, &s, &t, need_s, exclude))
    })
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
