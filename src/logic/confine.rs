//! Confinement: units of one family (say regions) whose open cells all lie
//! inside k units of another family (say rows) that need no more pieces than
//! they do. Those k rows' pieces all go to these regions, so the rest of the
//! k rows is empty. With k = 1 it is "a region confined to a row"; the
//! families may be any two of rows, columns and regions, in either role.
//!
//! The rule itself (too many pieces: a contradiction; as many: the rest is
//! empty) is the propagating search's [`confinement_of`]; what differs is which
//! sets of units are asked, a policy of each. The search asks every band
//! of consecutive lines against the regions at every node, fast, and takes
//! any deduction. Here any k ≤ [`MAX_K`] units of any two families are
//! asked, on unions of the units they touch (no other k lines can be
//! tight), the fewest first, so that the step shown is the simplest; wider
//! bands of neighbouring lines come after ([`bands`]).

use std::ops::RangeInclusive;

use super::overfull::{Touched, Touches};
use super::{Board, Mark, Step, Technique, step};
use crate::engine::propagate::{Confinement, confinement_of};
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

/// The first confinement step with k in `sizes` outer units: for each k,
/// the [`PAIRS`] in order, the k lines least in lexicographic order first.
/// In a state with solutions such lines are the union of the lines the
/// units inside them touch (a line none of them touches would need pieces
/// of their own), so only unions of touched lines are tried, not every k of
/// them. Where that misses a step the state has no solution, and
/// [`overfull`] (or a unit with no room, [`Board::contradiction`]) says so.
pub fn confined(b: &Board, sizes: RangeInclusive<usize>) -> Option<Step> {
    let most = *sizes.end();
    let needs = needs(b);
    // Per pair, its needy lines and, once asked for, the unions of at most
    // `most` lines (a union of k lines is made of sets of at most k).
    let lines: Vec<usize> = PAIRS
        .iter()
        .map(|&(_, outer)| needy(b, outer).len())
        .collect();
    let seen = Touches::new(b);
    let mut unions_of: Vec<Option<Unions>> = (0..PAIRS.len()).map(|_| None).collect();
    for k in sizes {
        for (i, &(inner, outer)) in PAIRS.iter().enumerate() {
            if lines[i] <= k {
                continue;
            }
            let most = most.min(lines[i] - 1);
            let unions = unions_of[i].get_or_insert_with(|| {
                match Touched::new(b, &seen, &needs, inner, outer, most) {
                    Some(touch) => {
                        let sets = touch.unions(most);
                        Unions::Masks(touch, sets)
                    }
                    None => {
                        let (touch, lists) = unions(b, inner, outer, &needy(b, outer), most);
                        Unions::Lists(touch, lists)
                    }
                }
            });
            let found = match unions {
                Unions::Masks(touch, sets) => sets
                    .iter()
                    .filter(|t| t.count_ones() as usize == k)
                    .find_map(|&t| {
                        let need_s: isize = touch.within(t).map(|u| needs[u]).sum();
                        let need_t: isize = touch.members(t).map(|u| needs[u]).sum();
                        let spare = || open_in(b, touch.members(t)) > open_in(b, touch.within(t));
                        if confinement_of(need_s as i64, need_t as i64, spare) != Confinement::Tight
                        {
                            return None;
                        }
                        let s: Vec<usize> = touch.within(t).collect();
                        let t: Vec<usize> = touch.members(t).collect();
                        empties(b, &s, &t, need_s)
                    }),
                Unions::Lists(touch, lists) => lists
                    .iter()
                    .filter(|t| t.len() == k)
                    .find_map(|t| inside(b, &needs, touch, t)),
            };
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// One pair's unions of touched lines, on masks ([`super::overfull`]) or,
/// where the outer family does not fit in one, on lists.
enum Unions {
    Masks(Touched, Vec<u128>),
    Lists(Touch, Vec<Vec<usize>>),
}

/// Units, each with the units of another family its open cells touch.
type Touch = Vec<(usize, Vec<usize>)>;

/// Units of `family` that still need pieces.
fn needy(b: &Board, family: Family) -> Vec<usize> {
    (0..b.units.len())
        .filter(|&u| b.units[u].family == family && b.need(u) > 0)
        .collect()
}

/// Units of one family whose open cells lie in at most [`MAX_K`] units of
/// another that need fewer pieces than they do, and why: the state has no
/// solution. On masks ([`super::overfull`]) where the other family fits in
/// one, else on lists.
pub fn overfull(b: &Board) -> Option<String> {
    let needs = needs(b);
    let seen = Touches::new(b);
    PAIRS.iter().find_map(|&(inner, outer)| {
        let Some(touch) = Touched::new(b, &seen, &needs, inner, outer, MAX_K) else {
            return overfull_by_lists(b, &needs, inner, outer);
        };
        touch.unions(MAX_K).into_iter().find_map(|t| {
            let need_s: isize = touch.within(t).map(|u| needs[u]).sum();
            let need_t: isize = touch.members(t).map(|u| needs[u]).sum();
            overfull_by(need_s, need_t).then(|| {
                let s: Vec<usize> = touch.within(t).collect();
                let t: Vec<usize> = touch.members(t).collect();
                too_many(b, &s, &t, need_s, need_t)
            })
        })
    })
}

/// [`overfull`] for one pair of families, on lists.
fn overfull_by_lists(b: &Board, needs: &[isize], inner: Family, outer: Family) -> Option<String> {
    let (touch, unions) = unions(b, inner, outer, &needy(b, outer), MAX_K);
    unions.iter().find_map(|t| {
        let s: Vec<usize> = within(&touch, t).collect();
        let need_s: isize = s.iter().map(|&u| needs[u]).sum();
        let need_t: isize = t.iter().map(|&u| needs[u]).sum();
        overfull_by(need_s, need_t).then(|| too_many(b, &s, t, need_s, need_t))
    })
}

/// Why units `s`, needing `need_s` pieces, cannot have them in the units
/// `t` their open cells lie in, which need `need_t`.
fn too_many(b: &Board, s: &[usize], t: &[usize], need_s: isize, need_t: isize) -> String {
    let (verb, its) = if s.len() == 1 {
        ("needs", "its")
    } else {
        ("need", "their")
    };
    format!(
        "{} {verb} {} but {its} open cells lie only in {}, which {} {}",
        names(b, s),
        b.pieces(need_s),
        names(b, t),
        if t.len() == 1 { "needs" } else { "need" },
        b.pieces(need_t)
    )
}

/// The units of `inner` that need pieces with the units of `lines` (of
/// the family `outer`, increasing) their open cells touch, and every union
/// of those sets of lines that holds at most `most` lines, each
/// increasing, in increasing order. Units touching more than `most` lines,
/// or a line not in `lines`, are left out.
fn unions(
    b: &Board,
    inner: Family,
    outer: Family,
    lines: &[usize],
    most: usize,
) -> (Touch, Vec<Vec<usize>>) {
    let mut touch = touching(b, inner, outer, most);
    touch.retain(|(_, t)| t.iter().all(|v| lines.binary_search(v).is_ok()));
    let mut sets: Vec<&[usize]> = touch
        .iter()
        .map(|(_, t)| t.as_slice())
        .filter(|t| !t.is_empty())
        .collect();
    sets.sort_unstable();
    sets.dedup();
    let mut out = Vec::new();
    unite(&sets, most, &[], &mut out);
    out.sort_unstable();
    out.dedup();
    (touch, out)
}

/// Pushes to `out` every union of `so_far` with some of `sets` that has
/// more members than `so_far` and at most `most` (each increasing).
fn unite(sets: &[&[usize]], most: usize, so_far: &[usize], out: &mut Vec<Vec<usize>>) {
    for (i, set) in sets.iter().enumerate() {
        let mut u: Vec<usize> = so_far.iter().chain(set.iter()).copied().collect();
        u.sort_unstable();
        u.dedup();
        if u.len() > so_far.len() && u.len() <= most {
            unite(&sets[i + 1..], most, &u, out);
            out.push(u);
        }
    }
}

/// The units of `touch` whose touched units all lie in `t`.
fn within<'a>(touch: &'a Touch, t: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
    touch
        .iter()
        .filter(|(_, touched)| {
            // Both increasing: most units fall outside `t`'s first and last.
            let ends = |s: &[usize]| s.first().copied().zip(s.last().copied());
            let inside_ends = match (ends(touched), ends(t)) {
                (Some((a, z)), Some((lo, hi))) => a >= lo && z <= hi,
                _ => true,
            };
            inside_ends && touched.iter().all(|v| t.contains(v))
        })
        .map(|&(u, _)| u)
}

/// The open cells of `units`, counted.
fn open_in(b: &Board, units: impl IntoIterator<Item = usize>) -> isize {
    let open = |u: usize| {
        b.units[u]
            .cells
            .iter()
            .filter(|&&c| b.marks[c] == Mark::Open)
    };
    units.into_iter().map(|u| open(u).count() as isize).sum()
}

/// Whether confinement ([`confinement_of`]) finds inner units needing
/// `need_s` pieces more than outer ones needing `need_t` take (whether the
/// outer units have cells to empty does not matter then).
fn overfull_by(need_s: isize, need_t: isize) -> bool {
    confinement_of(need_s as i64, need_t as i64, || false) == Confinement::Overfull
}

/// `row 2, row 3`: the units' names.
fn names(b: &Board, units: &[usize]) -> String {
    let names: Vec<String> = units.iter().map(|&u| b.name(u)).collect();
    names.join(", ")
}

/// Every unit's [`Board::need`], by unit.
fn needs(b: &Board) -> Vec<isize> {
    (0..b.units.len()).map(|u| b.need(u)).collect()
}

/// For each unit of the family `inner` that still needs pieces: the units of
/// the family `outer` its open cells touch, when they are at most `most`.
fn touching(b: &Board, inner: Family, outer: Family, most: usize) -> Touch {
    let mut out = Vec::new();
    'units: for u in needy(b, inner) {
        let mut t: Vec<usize> = Vec::new();
        for &c in &b.units[u].cells {
            if b.marks[c] != Mark::Open {
                continue;
            }
            let mut of = b.units_of(c).iter().copied();
            let Some(v) = of.find(|&v| b.units[v].family == outer) else {
                continue;
            };
            if let Err(i) = t.binary_search(&v) {
                if t.len() == most {
                    continue 'units;
                }
                t.insert(i, v);
            }
        }
        out.push((u, t));
    }
    out
}

/// The units `s` of `touch` whose open cells lie only in the units `t`: when
/// they need as many pieces as `t`, the other cells of `t` are empty.
/// `needs[u]` is unit `u`'s [`Board::need`].
fn inside(b: &Board, needs: &[isize], touch: &Touch, t: &[usize]) -> Option<Step> {
    let need_s: isize = within(touch, t).map(|u| needs[u]).sum();
    let need_t: isize = t.iter().map(|&u| needs[u]).sum();
    let spare = || open_in(b, t.iter().copied()) > open_in(b, within(touch, t));
    if confinement_of(need_s as i64, need_t as i64, spare) != Confinement::Tight {
        return None;
    }
    let s: Vec<usize> = within(touch, t).collect();
    empties(b, &s, t, need_s)
}

/// The step of units `s`, needing `need` pieces, whose open cells lie
/// only in the units `t`, which need as many: the other open cells of `t`
/// are empty; `None` when there are none.
fn empties(b: &Board, s: &[usize], t: &[usize], need: isize) -> Option<Step> {
    let exclude: Vec<usize> = t
        .iter()
        .flat_map(|&v| b.open(v))
        .filter(|c| !s.iter().any(|u| b.units_of(*c).contains(u)))
        .collect();
    if exclude.is_empty() {
        return None;
    }
    Some(explain(b, t.len(), s, t, need, exclude))
}

/// Confinement with more than [`MAX_K`] units, to bands of neighbouring
/// lines only (trying every set of that many would take too long): the
/// regions inside a band of rows (columns), or a band of rows (columns)
/// inside the regions it touches. The counts are made on spans and masks
/// for every band; the units' touched sets are built only for a band whose
/// needs match and whose outer units have open cells the inner ones lack.
pub fn bands(b: &Board) -> Option<Step> {
    let needs = needs(b);
    let regions: Vec<usize> = (0..b.units.len())
        .filter(|&u| b.units[u].family == Family::Region)
        .collect();
    let words = regions.len().div_ceil(64);
    // Per unit, its open cells: the units inside others leave some of the
    // others' open cells to empty when they have fewer.
    let open: Vec<isize> = (0..b.units.len())
        .map(|u| {
            b.units[u]
                .cells
                .iter()
                .filter(|&&c| b.marks[c] == Mark::Open)
                .count() as isize
        })
        .collect();
    for line in [Family::Row, Family::Column] {
        let lines = needy(b, line);
        let n = lines.len();
        if n <= MAX_K + 1 {
            continue;
        }
        let seen = Seen::new(b, line, &lines, regions.len());
        let line_needs: Vec<isize> = lines.iter().map(|&l| needs[l]).collect();
        let (mut inner, mut crossed) = (None, None);
        let mut t = vec![0u64; words];
        for width in MAX_K + 1..n {
            for lo in 0..=n - width {
                let hi = lo + width - 1;
                let band = &lines[lo..=hi];
                let need_band: isize = line_needs[lo..=hi].iter().sum();
                let (need_in, open_in) = seen
                    .spans
                    .iter()
                    .filter(|(_, span)| span.is_some_and(|(a, z)| a >= lo && z <= hi))
                    .fold((0, 0), |(n, o), &(r, _)| (n + needs[r], o + open[r]));
                let open_band: isize = band.iter().map(|&l| open[l]).sum();
                let spare = || open_band > open_in;
                if confinement_of(need_in as i64, need_band as i64, spare) == Confinement::Tight {
                    let touch = inner.get_or_insert_with(|| touching(b, Family::Region, line, n));
                    if let Some(s) = inside(b, &needs, touch, band) {
                        return Some(s);
                    }
                }
                t.fill(0);
                for set in &seen.sets[lo..=hi] {
                    t.iter_mut().zip(set).for_each(|(w, s)| *w |= s);
                }
                if t.iter().map(|w| w.count_ones() as usize).sum::<usize>() <= MAX_K {
                    continue;
                }
                let members = || members(&t).map(|i| regions[i]);
                let need_t: isize = members().map(|r| needs[r]).sum();
                let open_t: isize = members().map(|r| open[r]).sum();
                let (need_s, open_s) = (0..n)
                    .filter(|&l| seen.sets[l].iter().zip(&t).all(|(s, w)| s & !w == 0))
                    .fold((0, 0), |(n, o), l| (n + line_needs[l], o + open[lines[l]]));
                let spare = || open_t > open_s;
                if confinement_of(need_s as i64, need_t as i64, spare) == Confinement::Tight {
                    let touch = crossed
                        .get_or_insert_with(|| touching(b, line, Family::Region, usize::MAX));
                    let t: Vec<usize> = members().collect();
                    if let Some(s) = inside(b, &needs, touch, &t) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

/// What the open cells show along one family of lines, for [`bands`].
struct Seen {
    /// Per region unit that needs pieces: the first and last position (in
    /// the lines that need pieces) of the lines its open cells touch;
    /// `Some((n, 0))`, inside every band, when it has none; `None` when it
    /// touches a line that needs none.
    spans: Vec<(usize, Option<(usize, usize)>)>,
    /// Per line that needs pieces, by position: the regions (bits by their
    /// index) its open cells touch.
    sets: Vec<Vec<u64>>,
}

impl Seen {
    /// Along `family`, whose units needing pieces are `lines`, with
    /// `regions` regions.
    fn new(b: &Board, family: Family, lines: &[usize], regions: usize) -> Seen {
        let n = lines.len();
        let mut position = vec![usize::MAX; b.units.len()];
        for (i, &l) in lines.iter().enumerate() {
            position[l] = i;
        }
        let mut span: Vec<Option<(usize, usize)>> = vec![Some((n, 0)); b.units.len()];
        let mut sets = vec![vec![0u64; regions.div_ceil(64)]; n];
        for c in (0..b.marks.len()).filter(|&c| b.marks[c] == Mark::Open) {
            let of = |f: Family| {
                b.units_of(c)
                    .iter()
                    .copied()
                    .find(|&u| b.units[u].family == f)
            };
            let (Some(l), Some(r)) = (of(family), of(Family::Region)) else {
                continue;
            };
            let p = position[l];
            span[r] = match span[r] {
                _ if p == usize::MAX => None,
                Some((a, z)) => Some((a.min(p), if a == n { p } else { z.max(p) })),
                None => None,
            };
            if p != usize::MAX {
                let i = b.units[r].index;
                sets[p][i / 64] |= 1 << (i % 64);
            }
        }
        let spans = needy(b, Family::Region)
            .into_iter()
            .map(|r| (r, span[r]))
            .collect();
        Seen { spans, sets }
    }
}

/// The bits set in `words`, increasing.
fn members(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(i, &w)| {
        let mut left = w;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let bit = left.trailing_zeros() as usize;
                left &= left - 1;
                i * 64 + bit
            })
        })
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
    let (s_names, t_names) = (names(b, s), names(b, t));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Mark;
    use rand::{Rng, SeedableRng};

    /// The step of [`confined`] for one k and one pair found by trying every k lines in
    /// lexicographic order, as the technique did before it tried only
    /// unions of touched lines.
    fn every_k(b: &Board, k: usize, inner: Family, outer: Family) -> Option<Step> {
        fn pick(
            lines: &[usize],
            t: &mut Vec<usize>,
            k: usize,
            see: &mut dyn FnMut(&[usize]) -> Option<Step>,
        ) -> Option<Step> {
            if t.len() == k {
                return see(t);
            }
            for (i, &l) in lines.iter().enumerate() {
                t.push(l);
                let found = pick(&lines[i + 1..], t, k, see);
                t.pop();
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        let lines = needy(b, outer);
        if lines.len() <= k {
            return None;
        }
        let touch = touching(b, inner, outer, k);
        let needs = needs(b);
        pick(&lines, &mut Vec::new(), k, &mut |t| {
            inside(b, &needs, &touch, t)
        })
    }

    /// [`bands`] as it was first written, on the units' touched sets.
    fn bands_by_lists(b: &Board) -> Option<Step> {
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

    /// On states of generated puzzles that their solution completes, the
    /// unions of touched lines find the same confinement as every k lines,
    /// and no confinement is overfull.
    #[test]
    fn unions_of_touched_lines_find_what_every_k_lines_find() {
        let spec = crate::spec::RuleSpec::resolve("star-battle").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
        let (mut states, mut found, mut wide) = (0, 0, 0);
        for (k, size, seed) in [
            (1, 8, 1),
            (1, 9, 2),
            (2, 10, 3),
            (2, 10, 4),
            (2, 11, 5),
            (3, 14, 6),
        ] {
            let set = [("k".to_string(), k)];
            let puzzle = crate::generate::generate(&spec, &set, size, seed, 1).unwrap();
            let p = &puzzle.problem;
            let solution: Vec<usize> = puzzle
                .solution
                .cells
                .iter()
                .map(|&(r, c)| p.cell(r, c))
                .collect();
            for _ in 0..40 {
                let mut b = Board::new(p).unwrap();
                let odds = (rng.random_range(0.0..0.6), rng.random_range(0.0..0.9));
                b.mark_towards(&solution, odds, &mut rng);
                states += 1;
                assert_eq!(overfull(&b), None);
                let mut first_of_all = None;
                for k in 1..=MAX_K {
                    let mut first = None;
                    for (inner, outer) in PAIRS {
                        let step = every_k(&b, k, inner, outer);
                        found += usize::from(step.is_some());
                        first = first.or(step);
                    }
                    assert_eq!(confined(&b, k..=k), first, "k {k}");
                    if k >= 2 {
                        first_of_all = first_of_all.or(first);
                    }
                }
                assert_eq!(confined(&b, 2..=MAX_K), first_of_all);
                let band = bands(&b);
                wide += usize::from(band.is_some());
                assert_eq!(band, bands_by_lists(&b));
            }
        }
        assert!(found > states, "{found} steps in {states} states");
        assert!(wide > 0, "no band step in {states} states");
    }

    /// On random states (most of them without a solution), the masks find
    /// the same overfull units, for the same reason, as the lists.
    #[test]
    fn overfull_on_masks_is_overfull_on_lists() {
        let spec = crate::spec::RuleSpec::resolve("star-battle").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
        let (mut states, mut found) = (0, 0);
        for (k, size, seed) in [(1, 8, 1), (2, 10, 3), (3, 14, 6)] {
            let set = [("k".to_string(), k)];
            let puzzle = crate::generate::generate(&spec, &set, size, seed, 1).unwrap();
            let p = &puzzle.problem;
            for _ in 0..200 {
                let mut b = Board::new(p).unwrap();
                let empty = rng.random_range(0.1..0.7);
                for c in 0..b.marks.len() {
                    if rng.random_bool(empty) {
                        b.marks[c] = Mark::Empty;
                    } else if rng.random_bool(0.03) {
                        b.marks[c] = Mark::Piece;
                    }
                }
                let needs = needs(&b);
                let by_lists = PAIRS
                    .iter()
                    .find_map(|&(inner, outer)| overfull_by_lists(&b, &needs, inner, outer));
                assert_eq!(overfull(&b), by_lists);
                states += 1;
                found += usize::from(by_lists.is_some());
            }
        }
        assert!(found > states / 10 && found < states, "{found} of {states}");
    }

    #[test]
    fn units_needing_more_than_the_lines_they_lie_in_are_overfull() {
        let spec = crate::spec::RuleSpec::resolve("star-battle").unwrap();
        let bindings = crate::problem::Bindings {
            set: vec![("k".into(), 1)],
            regions: Some(crate::error::Source::new(
                "<test>",
                "AAAB\nCCCB\nCCDB\nDDDD\n",
            )),
            cells: None,
        };
        let p = crate::problem::Problem::bind(&spec, &bindings).unwrap();
        let mut b = Board::new(&p).unwrap();
        assert_eq!(overfull(&b), None);
        // With (2,4) and (3,4) empty, regions A and B lie only in row 1.
        for (r, c) in [(1, 3), (2, 3)] {
            b.marks[p.cell(r, c)] = Mark::Empty;
        }
        assert_eq!(
            overfull(&b).as_deref(),
            Some(
                "region A, region B need 2 stars but their open cells lie only in row 1, which needs 1 star"
            )
        );
    }
}
