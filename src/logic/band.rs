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

use super::blocks::tight;
use super::capacity::deduce;
use super::{Board, Step, Technique, step};
use crate::engine::propagate::BAND_WIDEST as WIDEST;
use crate::problem::Family;

/// A set of open cells that needs an exact number of pieces: one side of a
/// band of lines `lo..=hi` of `family`.
struct Area {
    side: Side,
    lo: usize,
    hi: usize,
    /// The region units inside the band ([`Side::Rest`]) or touching it
    /// ([`Side::Outer`]).
    regions: Vec<usize>,
    /// What the band's lines need, and what those regions need.
    need_band: isize,
    need_regions: isize,
    /// What the area's open cells need.
    need: isize,
    /// How many of its cells are open.
    open: usize,
    /// The keys of its open cells combined (see [`View`]).
    key: u128,
}

/// Which cells of a band an area holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The band's open cells outside the regions lying inside it.
    Rest,
    /// The open cells outside the band of the regions touching it.
    Outer,
}

/// The first area needing no pieces or all its open cells.
pub fn count(b: &Board) -> Option<Step> {
    find_area(b, |v, a| {
        let n = a.open as isize;
        if n == 0 || (a.need != 0 && a.need != n) {
            return None;
        }
        let open = v.cells(a);
        let piece = &b.problem.piece.name;
        let (place, exclude, then) = if a.need == 0 {
            (vec![], open.clone(), "they stay empty".to_string())
        } else {
            (open.clone(), vec![], format!("each holds a {piece}"))
        };
        let reason = format!("{}: {then}", v.why(a));
        Some(step(Technique::BandCount, place, exclude, reason, open))
    })
}

/// The first area whose open cells fit in as many 2×2 blocks as it needs
/// pieces, when that decides a cell.
pub fn capacity(b: &Board) -> Option<Step> {
    find_area(b, |v, a| {
        if !may_fit(a, a.need) {
            return None;
        }
        let blocks = tight(b, a.key, || v.cells(a), a.need as usize)?;
        if blocks.len() as isize != a.need {
            return None;
        }
        let open = v.cells(a);
        let groups: Vec<String> = blocks
            .iter()
            .map(|bl| format!("[{}]", b.list(bl)))
            .collect();
        let reason = format!(
            "{}, and they fit in {} 2×2 blocks {}, each holding at most one: every block holds one",
            v.why(a),
            blocks.len(),
            groups.join(" ")
        );
        deduce(b, Technique::BandCapacity, reason, &open, &blocks)
    })
}

/// The first area that cannot get its pieces, and why: the state has no
/// solution.
pub fn overfull(b: &Board) -> Option<String> {
    find_area(b, |v, a| {
        let n = a.open as isize;
        if a.need < 0 || a.need > n {
            return Some(format!("{}, but {n} are open", v.why(a)));
        }
        if a.need < 2 || n == a.need || !may_fit(a, a.need - 1) {
            return None;
        }
        let blocks = tight(b, a.key, || v.cells(a), a.need as usize - 1)?;
        Some(format!(
            "{}, but they fit in {} 2×2 block{}, each holding at most one",
            v.why(a),
            blocks.len(),
            if blocks.len() == 1 { "" } else { "s" }
        ))
    })
}

/// Whether the area's open cells might fit in `budget` 2×2 blocks while
/// it needs pieces and has more open cells than it needs.
fn may_fit(a: &Area, budget: isize) -> bool {
    a.need >= 1 && a.open as isize > a.need && a.open as isize <= 4 * budget
}

/// The lines of `family` (rows or columns, or regions), by index.
fn lines(b: &Board, family: Family) -> Vec<usize> {
    let mut l: Vec<usize> = (0..b.units.len())
        .filter(|&u| b.units[u].family == family)
        .collect();
    l.sort_by_key(|&u| b.units[u].index);
    l
}

/// The open cells of a board seen along one family of lines (rows or
/// columns): a line's cells are its positions `0..128`.
struct View<'v, 'p> {
    b: &'v Board<'p>,
    family: Family,
    /// The lines, by index.
    lines: Vec<usize>,
    /// Per line, its open positions.
    open: Vec<u128>,
    /// Per region `i` and line `l`, at `i * lines + l`: the region's open
    /// positions in the line.
    by_region: Vec<u128>,
    /// Per region, the lines holding its open cells.
    span: Vec<u128>,
    /// Per region, its open cells.
    count: Vec<usize>,
    /// Per line, then per region, the keys of its open cells combined by
    /// exclusive or (the cell keys of the search's model): an
    /// area's key names its open cells, so that its 2×2 cover is looked up
    /// without gathering them.
    keys: Vec<u128>,
}

impl<'v, 'p> View<'v, 'p> {
    fn new(b: &'v Board<'p>, family: Family, regions: usize) -> View<'v, 'p> {
        let lines = lines(b, family);
        let n = lines.len();
        let mut v = View {
            b,
            family,
            open: vec![0; n],
            by_region: vec![0; regions * n],
            span: vec![0; regions],
            count: vec![0; regions],
            keys: vec![0; n + regions],
            lines,
        };
        let keys = &b.model().keys;
        for c in (0..b.marks.len()).filter(|&c| b.marks[c] == super::Mark::Open) {
            let (l, q) = v.along(c);
            let Some(i) = b.problem.group_of(Family::Region, c) else {
                continue;
            };
            v.keys[l] ^= keys[c];
            v.keys[n + i] ^= keys[c];
            v.open[l] |= 1 << q;
            v.by_region[i * n + l] |= 1 << q;
            v.span[i] |= 1 << l;
            v.count[i] += 1;
        }
        v
    }

    /// A cell's line and position.
    fn along(&self, c: usize) -> (usize, usize) {
        let (r, k) = self.b.problem.coords(c);
        if self.family == Family::Row {
            (r, k)
        } else {
            (k, r)
        }
    }

    /// The cell at position `q` of line `l`.
    fn cell(&self, l: usize, q: usize) -> usize {
        let p = self.b.problem;
        if self.family == Family::Row {
            p.cell(l, q)
        } else {
            p.cell(q, l)
        }
    }

    /// The open cells of region `i` in line `l`.
    fn region_in(&self, i: usize, l: usize) -> u128 {
        self.by_region[i * self.lines.len() + l]
    }

    /// The area's open cells, increasing.
    fn cells(&self, a: &Area) -> Vec<usize> {
        let n = self.lines.len();
        let index = |u: usize| self.b.units[u].index;
        let mut out = Vec::with_capacity(a.open);
        let mut push = |l: usize, mut m: u128| {
            while m != 0 {
                out.push(self.cell(l, m.trailing_zeros() as usize));
                m &= m - 1;
            }
        };
        match a.side {
            Side::Rest => {
                for l in a.lo..=a.hi {
                    let taken = a
                        .regions
                        .iter()
                        .fold(0, |m, &u| m | self.region_in(index(u), l));
                    push(l, self.open[l] & !taken);
                }
            }
            Side::Outer => {
                for &u in &a.regions {
                    for l in (0..a.lo).chain(a.hi + 1..n) {
                        push(l, self.region_in(index(u), l));
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Why the area's open cells need `a.need` pieces.
    fn why(&self, a: &Area) -> String {
        let b = self.b;
        let name = band_name(self.family, a.lo, a.hi);
        let verb = if a.lo == a.hi { "needs" } else { "need" };
        let (need_band, regions) = (a.need_band, &a.regions);
        match a.side {
            Side::Rest if regions.is_empty() => format!("{name} {verb} {}", b.pieces(need_band)),
            Side::Rest => format!(
                "{name} {verb} {}; {} lie inside and need {}, so the rest of {name} needs {}",
                b.pieces(need_band),
                region_names(b, regions),
                b.pieces(a.need_regions),
                b.pieces(a.need)
            ),
            Side::Outer => {
                let one = regions.len() == 1;
                let (touch, needs) = if one {
                    ("touches", "needs")
                } else {
                    ("touch", "need")
                };
                let (them, their) = if one {
                    ("it", "its")
                } else {
                    ("them", "their")
                };
                format!(
                    "{} {touch} {name} and {needs} {}; {name} {verb} {}, all in {them}, so {their} cells outside {name} need {}",
                    region_names(b, regions),
                    b.pieces(a.need_regions),
                    b.pieces(need_band),
                    b.pieces(a.need)
                )
            }
        }
    }
}

/// The first `Some` of `f` over every band's two areas, narrow bands
/// first, rows before columns. A band whose area is a single line or a
/// pair of neighbouring lines with nothing taken away is left to the unit
/// techniques.
fn find_area<T>(b: &Board, mut f: impl FnMut(&View, &Area) -> Option<T>) -> Option<T> {
    if b.problem.rows > 128 || b.problem.cols > 128 {
        return None;
    }
    let regions = lines(b, Family::Region);
    if regions.is_empty() {
        return None;
    }
    let needs: Vec<isize> = regions.iter().map(|&r| b.need(r)).collect();
    for family in [Family::Row, Family::Column] {
        let v = View::new(b, family, regions.len());
        let n = v.lines.len();
        if n < 2 {
            continue;
        }
        let line_needs: Vec<isize> = v.lines.iter().map(|&l| b.need(l)).collect();
        let popcount = |m: u128| m.count_ones() as usize;
        for w in 1..n.min(WIDEST + 1) {
            for lo in 0..=n - w {
                let hi = lo + w - 1;
                let band_mask = (u128::MAX >> (128 - w)) << lo;
                let need_band: isize = line_needs[lo..=hi].iter().sum();
                let key_band = v.keys[lo..=hi].iter().fold(0, |k, x| k ^ x);
                let key_of = |which: &[usize]| which.iter().fold(0, |k, &i| k ^ v.keys[n + i]);
                let inside: Vec<usize> = (0..regions.len())
                    .filter(|&i| v.span[i] != 0 && v.span[i] & !band_mask == 0)
                    .collect();
                if !inside.is_empty() || w > 2 {
                    let need_in: isize = inside.iter().map(|&i| needs[i]).sum();
                    let open: usize = (lo..=hi)
                        .map(|l| {
                            let taken = inside.iter().fold(0, |m, &i| m | v.region_in(i, l));
                            popcount(v.open[l] & !taken)
                        })
                        .sum();
                    let a = Area {
                        side: Side::Rest,
                        lo,
                        hi,
                        regions: inside.iter().map(|&i| regions[i]).collect(),
                        need_band,
                        need_regions: need_in,
                        need: need_band - need_in,
                        open,
                        key: key_band ^ key_of(&inside),
                    };
                    if let Some(t) = f(&v, &a) {
                        return Some(t);
                    }
                }
                let touching: Vec<usize> = (0..regions.len())
                    .filter(|&i| v.span[i] & band_mask != 0)
                    .collect();
                if touching.len() > 1 || w > 1 {
                    let need_touch: isize = touching.iter().map(|&i| needs[i]).sum();
                    let open: usize = touching
                        .iter()
                        .map(|&i| {
                            v.count[i]
                                - (lo..=hi)
                                    .map(|l| popcount(v.region_in(i, l)))
                                    .sum::<usize>()
                        })
                        .sum();
                    let a = Area {
                        side: Side::Outer,
                        lo,
                        hi,
                        regions: touching.iter().map(|&i| regions[i]).collect(),
                        need_band,
                        need_regions: need_touch,
                        need: need_touch - need_band,
                        open,
                        key: key_of(&touching) ^ key_band,
                    };
                    if let Some(t) = f(&v, &a) {
                        return Some(t);
                    }
                }
            }
        }
    }
    None
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

/// Every area whose open cells might fit in one 2×2 block more than it
/// needs pieces (from one to `most`): why it needs them ([`View`]'s
/// words), its open cells and its need, for 2×2 blocks with one to spare
/// (`super::spare`).
pub(super) fn spare_areas(b: &Board, most: isize) -> Vec<(String, Vec<usize>, isize)> {
    let mut found = Vec::new();
    find_area(b, |v, a| {
        if a.need <= most && may_fit(a, a.need + 1) && a.open as isize > a.need + 1 {
            found.push((v.why(a), v.cells(a), a.need));
        }
        None::<()>
    });
    found
}
