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
//! the squeeze). The areas are enumerated once, for these steps and for
//! the propagating search's band rule in the trials
//! (`engine/propagate/areas.rs`); here they are put into words.

use super::blocks::tight;
use super::capacity::deduce;
use super::{Board, Step, Technique, step};
use crate::engine::propagate::{Area, Count, Decision, Side, Tally};
use crate::problem::Family;

/// The first area needing no pieces or all its open cells.
pub fn count(b: &Board) -> Option<Step> {
    find_area(b, |v, a| {
        let fill = match a.decision() {
            Decision::Empty => false,
            Decision::Fill => true,
            Decision::Conflict | Decision::Nothing => return None,
        };
        let open = v.cells(a);
        let piece = &b.problem.piece.name;
        let (place, exclude, then) = if fill {
            (open.clone(), vec![], format!("each holds a {piece}"))
        } else {
            (vec![], open.clone(), "they stay empty".to_string())
        };
        let reason = format!("{}: {then}", v.why(a));
        Some(step(Technique::BandCount, place, exclude, reason, open))
    })
}

/// The first area whose open cells fit in as many 2×2 blocks as it needs
/// pieces, when that decides a cell.
pub fn capacity(b: &Board) -> Option<Step> {
    find_area(b, |v, a| {
        let need = a.need() as isize;
        if !may_fit(a, need) {
            return None;
        }
        let blocks = tight(b, a.key, || v.cells(a), need as usize)?;
        if blocks.len() as isize != need {
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
        let (n, need) = (a.open as isize, a.need() as isize);
        if a.decision() == Decision::Conflict {
            return Some(format!("{}, but {n} are open", v.why(a)));
        }
        if need < 2 || n == need || !may_fit(a, need - 1) {
            return None;
        }
        let blocks = tight(b, a.key, || v.cells(a), need as usize - 1)?;
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
    let need = a.need() as isize;
    need >= 1 && a.open as isize > need && a.open as isize <= 4 * budget
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
    /// The region units, by index.
    regions: &'v [usize],
    /// Per line, its open positions.
    open: Vec<u128>,
    /// Per region `i` and line `l`, at `i * lines + l`: the region's open
    /// positions in the line.
    by_region: Vec<u128>,
    /// The lines and regions as band counting reads them, with the keys
    /// of their open cells (the cell keys of the search's model): an
    /// area's key names its open cells, so that its 2×2 cover is looked
    /// up without gathering them.
    tally: Tally,
}

impl<'v, 'p> View<'v, 'p> {
    /// The view along `family`, or `None` when the rules have no group
    /// of that family (no unit per row or column: no band to count).
    fn new(b: &'v Board<'p>, family: Family, regions: &'v [usize]) -> Option<View<'v, 'p>> {
        let lines = lines(b, family);
        let p = b.problem;
        let extent = if family == Family::Row {
            p.rows
        } else {
            p.cols
        };
        if lines.len() != extent {
            return None;
        }
        let (n, r) = (lines.len(), regions.len());
        let (mut open, mut by_region) = (vec![0u128; n], vec![0u128; r * n]);
        let (mut span, mut count, mut keys) = (vec![0u128; r], vec![0u32; r], vec![0u128; n + r]);
        let model_keys = &b.model().keys;
        for c in (0..b.marks.len()).filter(|&c| b.marks[c] == super::Mark::Open) {
            let (row, col) = b.problem.coords(c);
            let (l, q) = if family == Family::Row {
                (row, col)
            } else {
                (col, row)
            };
            let Some(i) = b.problem.group_of(Family::Region, c) else {
                continue;
            };
            keys[l] ^= model_keys[c];
            keys[n + i] ^= model_keys[c];
            open[l] |= 1 << q;
            by_region[i * n + l] |= 1 << q;
            span[i] |= 1 << l;
            count[i] += 1;
        }
        let line_counts = (0..n).map(|l| Count {
            need: b.need(lines[l]) as i64,
            open: open[l].count_ones(),
            key: keys[l],
        });
        let region_counts = (0..r).map(|i| Count {
            need: b.need(regions[i]) as i64,
            open: count[i],
            key: keys[n + i],
        });
        let spans = span.iter().map(|&m| {
            (m != 0).then(|| {
                (
                    m.trailing_zeros() as usize,
                    127 - m.leading_zeros() as usize,
                )
            })
        });
        let tally = Tally::new(line_counts, region_counts, spans, |i, l| {
            by_region[i * n + l] != 0
        });
        Some(View {
            b,
            family,
            lines,
            regions,
            open,
            by_region,
            tally,
        })
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

    /// The indices of the area's regions (inside its band or touching it).
    fn regions_of(&self, a: &Area) -> Vec<usize> {
        let mut out = Vec::new();
        self.tally.regions(a, &mut out);
        out
    }

    /// The area's open cells, increasing.
    fn cells(&self, a: &Area) -> Vec<usize> {
        let n = self.lines.len();
        let regions = self.regions_of(a);
        let mut out = Vec::with_capacity(a.open as usize);
        let mut push = |l: usize, mut m: u128| {
            while m != 0 {
                out.push(self.cell(l, m.trailing_zeros() as usize));
                m &= m - 1;
            }
        };
        match a.side {
            Side::Rest => {
                for l in a.lo..=a.hi {
                    let taken = regions.iter().fold(0, |m, &i| m | self.region_in(i, l));
                    push(l, self.open[l] & !taken);
                }
            }
            Side::Outer => {
                for &i in &regions {
                    for l in (0..a.lo).chain(a.hi + 1..n) {
                        push(l, self.region_in(i, l));
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Why the area's open cells need [`Area::need`] pieces.
    fn why(&self, a: &Area) -> String {
        let b = self.b;
        let name = band_name(self.family, a.lo, a.hi);
        let verb = if a.lo == a.hi { "needs" } else { "need" };
        let regions: Vec<usize> = self
            .regions_of(a)
            .iter()
            .map(|&i| self.regions[i])
            .collect();
        let regions = &regions;
        let (need_band, need_regions) = (a.need_band as isize, a.need_regions as isize);
        match a.side {
            Side::Rest if regions.is_empty() => format!("{name} {verb} {}", b.pieces(need_band)),
            Side::Rest => format!(
                "{name} {verb} {}; {} lie inside and need {}, so the rest of {name} needs {}",
                b.pieces(need_band),
                region_names(b, regions),
                b.pieces(need_regions),
                b.pieces(a.need() as isize)
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
                    b.pieces(need_regions),
                    b.pieces(need_band),
                    b.pieces(a.need() as isize)
                )
            }
        }
    }
}

/// The first `Some` of `f` over every band's two areas ([`Tally::areas`]),
/// narrow bands first, then by first line, rows before columns: the
/// simplest step is shown. An area of a single line touching a single
/// region is left to the unit techniques (confinement).
fn find_area<T>(b: &Board, mut f: impl FnMut(&View, &Area) -> Option<T>) -> Option<T> {
    if b.problem.rows > 128 || b.problem.cols > 128 {
        return None;
    }
    let regions = lines(b, Family::Region);
    if regions.is_empty() {
        return None;
    }
    let mut areas = Vec::new();
    for family in [Family::Row, Family::Column] {
        let Some(v) = View::new(b, family, &regions) else {
            continue;
        };
        areas.clear();
        v.tally.areas(|a| {
            if a.side == Side::Rest || a.region_count > 1 || a.width() > 1 {
                areas.push(*a);
            }
            None::<()>
        });
        areas.sort_by_key(|a| (a.width(), a.lo, a.side));
        if let Some(t) = areas.iter().find_map(|a| f(&v, a)) {
            return Some(t);
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
        let need = a.need() as isize;
        if need <= most && may_fit(a, need + 1) && a.open as isize > need + 1 {
            found.push((v.why(a), v.cells(a), need));
        }
        None::<()>
    });
    found
}
