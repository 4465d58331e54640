//! Confinement's contradiction ([`super::confine::overfull`]) on masks:
//! units of one family whose open cells lie in at most
//! [`MAX_K`](super::confine::MAX_K) units of another that need fewer
//! pieces than they do. The same unions of touched lines are tried in the
//! same order, as sets of bits instead of lists, so the first one found
//! and its reason are those of the lists; trials check it at every step of
//! every supposition they follow.

use std::cmp::Ordering;

use super::Board;
use super::Mark;
use crate::problem::Family;

/// Units of a family, as bits by their index in the family.
type Set = u128;

/// The units of the family `inner` that still need pieces, each with the
/// units of the family `outer` (at most `most` of them, all needing
/// pieces) its open cells touch, in increasing order of unit; `ids[i]` is
/// the unit of `outer` with index `i`. `None` when `outer` has more units
/// than a [`Set`] holds.
pub(super) struct Touched {
    /// `(unit, the outer units its open cells touch)`.
    pub units: Vec<(usize, Set)>,
    /// The units of `outer` by index.
    pub ids: Vec<usize>,
}

/// Per unit, the units of each of the families of lines and regions
/// ([`slot`]) that its open cells touch, as [`Set`]s: one pass over the
/// open cells for every pair of families.
pub(super) struct Touches(Vec<[Set; 3]>);

/// A family's place in [`Touches`]: rows, columns, regions.
fn slot(family: Family) -> Option<usize> {
    match family {
        Family::Row => Some(0),
        Family::Column => Some(1),
        Family::Region => Some(2),
        _ => None,
    }
}

impl Touches {
    /// What the open cells of `b` touch.
    pub fn new(b: &Board) -> Touches {
        let mut seen = vec![[0; 3]; b.units.len()];
        for c in (0..b.marks.len()).filter(|&c| b.marks[c] == Mark::Open) {
            let of = b.units_of(c);
            for &v in of {
                let unit = &b.units[v];
                let Some(s) = slot(unit.family).filter(|_| unit.index < Set::BITS as usize) else {
                    continue;
                };
                for &u in of.iter().filter(|&&u| b.units[u].family != unit.family) {
                    seen[u][s] |= 1 << unit.index;
                }
            }
        }
        Touches(seen)
    }
}

impl Touched {
    /// See [`Touched`]; `needs[u]` is unit `u`'s need, `seen` what the
    /// open cells touch.
    pub fn new(
        b: &Board,
        seen: &Touches,
        needs: &[isize],
        inner: Family,
        outer: Family,
        most: usize,
    ) -> Option<Touched> {
        let ids: Vec<usize> = (0..b.units.len())
            .filter(|&u| b.units[u].family == outer)
            .collect();
        let s = slot(outer)?;
        if ids.len() > Set::BITS as usize {
            return None;
        }
        let needy: Set = ids
            .iter()
            .filter(|&&v| needs[v] > 0)
            .fold(0, |s, &v| s | 1 << b.units[v].index);
        let units = (0..b.units.len())
            .filter(|&u| b.units[u].family == inner && needs[u] > 0)
            .map(|u| (u, seen.0[u][s]))
            .filter(|&(_, t)| t.count_ones() as usize <= most && t & !needy == 0)
            .collect();
        Some(Touched { units, ids })
    }

    /// Every union of the units' touched sets with at most `most` members,
    /// in the increasing order of their members' lists.
    pub fn unions(&self, most: usize) -> Vec<Set> {
        let mut sets: Vec<Set> = self
            .units
            .iter()
            .map(|&(_, t)| t)
            .filter(|&t| t != 0)
            .collect();
        sets.sort_unstable_by(|&a, &b| lex(a, b));
        sets.dedup();
        let mut out = Vec::new();
        unite(&sets, most as u32, 0, &mut out);
        out.sort_unstable_by(|&a, &b| lex(a, b));
        out.dedup();
        out
    }

    /// The units whose touched sets lie in `t`.
    pub fn within(&self, t: Set) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .filter(move |&&(_, s)| s & !t == 0)
            .map(|&(u, _)| u)
    }

    /// The outer units of `t`, increasing.
    pub fn members(&self, t: Set) -> impl Iterator<Item = usize> + '_ {
        let mut left = t;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let i = left.trailing_zeros() as usize;
                left &= left - 1;
                self.ids[i]
            })
        })
    }
}

/// Pushes to `out` every union of `so_far` with some of `sets` that has
/// more members than `so_far` and at most `most`.
fn unite(sets: &[Set], most: u32, so_far: Set, out: &mut Vec<Set>) {
    for (i, &set) in sets.iter().enumerate() {
        let u = so_far | set;
        if u != so_far && u.count_ones() <= most {
            unite(&sets[i + 1..], most, u, out);
            out.push(u);
        }
    }
}

/// Two sets in the order of their members' increasing lists, compared
/// lexicographically (a list before its extensions).
fn lex(a: Set, b: Set) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    // Below the least member where they differ, both hold the same ones;
    // the one holding it comes first unless the other ends there.
    let x = (a ^ b).trailing_zeros();
    let above = |s: Set| s.checked_shr(x + 1).unwrap_or(0);
    match (a >> x & 1 == 1, above(b) != 0, above(a) != 0) {
        (true, true, _) | (false, _, false) => Ordering::Less,
        _ => Ordering::Greater,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The members of `s`, increasing.
    fn list(s: Set) -> Vec<u32> {
        (0..Set::BITS).filter(|&i| s >> i & 1 == 1).collect()
    }

    #[test]
    fn sets_compare_as_their_lists() {
        let sets: Vec<Set> = (0..1u128 << 7)
            .chain([1 << 127, 1 << 127 | 1, 3 << 126])
            .collect();
        for &a in &sets {
            for &b in &sets {
                assert_eq!(lex(a, b), list(a).cmp(&list(b)), "{a:b} {b:b}");
            }
        }
    }
}
