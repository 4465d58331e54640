//! Band counting: for each band of consecutive rows (columns) of a game
//! whose rows, columns and regions all need exact counts, two sets of open
//! cells with an exact number of pieces still to come:
//!
//! - the band's cells outside the regions lying wholly inside it (the band
//!   needs what its lines need, those regions take what they need);
//! - the cells outside the band of the regions touching it (they need what
//!   those regions need, less what the band needs: every piece of the band
//!   lies in one of them).
//!
//! Each set is then a unit of its own: none needed empties it, as many as
//! its open cells fills it, and its 2×2 capacity ([`super::rules`]) bounds
//! it. Only the hint engine's trials run this rule ([`super::Rules::Hints`]).

use super::model::{Axis, Kind, Model, NONE};
use super::rules::{Scratch, Step, tight};
use super::state::{Cell, State};
use crate::problem::Family;

/// The widest band looked at, here and by the hint engine: wider ones
/// rarely help a person, and cost.
pub(crate) const WIDEST: usize = 6;

/// Runs the rule on every band of rows and of columns; stops at the first
/// band that decides a cell.
pub(crate) fn bands(m: &Model, st: &mut State) -> Step {
    let Some((regions, family)) = exact_regions(m) else {
        return Ok(false);
    };
    let mut sc = std::mem::take(&mut st.scratch);
    let result = bands_with(m, st, &mut sc, regions, family);
    st.scratch = sc;
    result
}

/// The regions' units and family index, when rows, columns and regions
/// all need exact counts and every open cell lies in a region.
fn exact_regions(m: &Model) -> Option<(std::ops::Range<usize>, usize)> {
    let mut regions = None;
    for (f, (kind, units)) in m.families.iter().enumerate() {
        let Kind::Group(family) = kind else { continue };
        if !matches!(family, Family::Row | Family::Column | Family::Region) {
            return None;
        }
        if units.clone().any(|u| m.units[u].min != m.units[u].max) {
            return None;
        }
        if *family == Family::Region {
            regions = Some((units.clone(), f));
        }
    }
    let (units, f) = regions?;
    let covered = (0..m.cells()).all(|c| m.holes[c] || m.family_unit[f][c] != NONE);
    covered.then_some((units, f))
}

fn bands_with(
    m: &Model,
    st: &mut State,
    sc: &mut Scratch,
    regions: std::ops::Range<usize>,
    family: usize,
) -> Step {
    for (kind, lines) in &m.families {
        let axis = match kind {
            Kind::Group(Family::Row) => Axis::Row,
            Kind::Group(Family::Column) => Axis::Column,
            _ => continue,
        };
        let n = lines.len();
        // Per region: first and last line of its open cells (none: skipped).
        let spans: Vec<Option<(usize, usize)>> =
            regions.clone().map(|r| st.span(m, r, axis)).collect();
        // Per line, the regions with open cells in it; per line, the
        // regions whose open cells end there (both by region index).
        let (crossing, ending) = by_line(m, st, axis, n, regions.clone(), &spans);
        let mut touching = vec![false; regions.len()];
        // The keys of the open cells of the band, of the regions touching
        // it and of those inside it (see `State::key`).
        let keyed = !m.keys.is_empty();
        for a in 0..n {
            let (mut need_band, mut open_band) = (0u32, 0u32);
            touching.fill(false);
            let (mut need_touch, mut open_touch) = (0u32, 0u32);
            let (mut need_in, mut open_in) = (0u32, 0u32);
            let (mut key_band, mut key_touch, mut key_in) = (0u128, 0u128, 0u128);
            for b in a..n.min(a + WIDEST) {
                let line = lines.start + b;
                need_band += st.need(m, line);
                open_band += st.open[line];
                key_band ^= st.key(line);
                for &i in &crossing[b] {
                    if !touching[i] {
                        touching[i] = true;
                        need_touch += st.need(m, regions.start + i);
                        open_touch += st.open[regions.start + i];
                        key_touch ^= st.key(regions.start + i);
                    }
                }
                for &i in &ending[b] {
                    if spans[i].is_some_and(|(lo, _)| lo >= a) {
                        need_in += st.need(m, regions.start + i);
                        open_in += st.open[regions.start + i];
                        key_in ^= st.key(regions.start + i);
                    }
                }
                if b + 1 == n && a == 0 {
                    continue;
                }
                let band = Band {
                    axis,
                    lines: lines.start + a..lines.start + b + 1,
                    lo: a,
                    hi: b,
                    regions: regions.clone(),
                    family,
                };
                // The band less the regions inside it.
                if (need_in > 0 || b > a + 1)
                    && band.area(
                        m,
                        st,
                        sc,
                        Area {
                            side: Side::Rest,
                            total: need_band,
                            less: need_in,
                            open: open_band - open_in,
                            key: keyed.then_some(key_band ^ key_in),
                        },
                        &spans,
                    )?
                {
                    return Ok(true);
                }
                // The regions touching the band, outside it.
                let outer = Area {
                    side: Side::Outer,
                    total: need_touch,
                    less: need_band,
                    open: open_touch - open_band,
                    key: keyed.then_some(key_touch ^ key_band),
                };
                if band.area(m, st, sc, outer, &spans)? {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// Per line `0..n` along `axis`: the indices of `regions` with open cells
/// in it, and of those whose open cells end in it (`spans` by index).
fn by_line(
    m: &Model,
    st: &State,
    axis: Axis,
    n: usize,
    regions: std::ops::Range<usize>,
    spans: &[Option<(usize, usize)>],
) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let (mut crossing, mut ending) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    for (i, r) in regions.enumerate() {
        let Some((lo, hi)) = spans[i] else { continue };
        ending[hi].push(i);
        for (l, regions) in crossing.iter_mut().enumerate().take(hi + 1).skip(lo) {
            if st.in_line(m, r, axis, l) > 0 {
                regions.push(i);
            }
        }
    }
    (crossing, ending)
}

/// The most cover sizes kept before they are forgotten.
const CAPS_KEPT: usize = 1 << 16;

/// Which cells of a band an area holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The band's open cells outside the regions lying inside it.
    Rest,
    /// The open cells outside the band of the regions touching it.
    Outer,
}

/// A band of lines `lo..=hi` along `axis` (units `lines`).
struct Band {
    axis: Axis,
    lines: std::ops::Range<usize>,
    lo: usize,
    hi: usize,
    regions: std::ops::Range<usize>,
    family: usize,
}

/// One area of a band: it needs `total - less` pieces among `open` cells.
struct Area {
    side: Side,
    total: u32,
    less: u32,
    open: u32,
    /// The keys of its open cells combined, when the model has keys: its
    /// cover size is kept under it.
    key: Option<u128>,
}

impl Band {
    /// The rule on one area: a conflict when it cannot get its pieces,
    /// else whether it decided a cell.
    fn area(
        &self,
        m: &Model,
        st: &mut State,
        sc: &mut Scratch,
        area: Area,
        spans: &[Option<(usize, usize)>],
    ) -> Step {
        let (open, key) = (area.open, area.key);
        let Some(need) = area.total.checked_sub(area.less) else {
            return Err(super::state::Conflict);
        };
        if need > open {
            return Err(super::state::Conflict);
        }
        if open == 0 || (need > 0 && need < open && need < open.div_ceil(4)) {
            return Ok(false);
        }
        sc.inside.resize(m.cells(), false);
        sc.cells.clear();
        if need == 0 || need == open {
            self.cells(m, st, area.side, spans, &mut sc.cells);
            let fill = if need == 0 { Cell::Empty } else { Cell::Piece };
            let cells = std::mem::take(&mut sc.cells);
            let result = cells.iter().try_for_each(|&c| st.set(m, c, fill));
            sc.cells = cells;
            result?;
            return Ok(true);
        }
        // The cover's size is the cells' own: known, it settles all but a
        // tight area, whose steps depend on the cells around.
        let known = key.and_then(|key| sc.caps.get(&key).copied());
        match known {
            Some(cap) if need > cap => return Err(super::state::Conflict),
            Some(cap) if need < cap => return Ok(false),
            _ => {}
        }
        self.cells(m, st, area.side, spans, &mut sc.cells);
        let on = m.masks.then(|| {
            sc.cells.iter().fold((0u128, 0u128), |(r, c), &x| {
                let (i, j) = m.at[x];
                (r | 1 << i, c | 1 << j)
            })
        });
        if super::cover::at_least(open as usize, on) > need as usize {
            return Ok(false);
        }
        let result = tight(m, st, need, on, sc);
        if let (Some(key), None) = (key, known) {
            if sc.caps.len() >= CAPS_KEPT {
                sc.caps.clear();
            }
            sc.caps.insert(key, sc.cliques.len() as u32);
        }
        result
    }

    /// Pushes the open cells of the area on `side` to `out`.
    fn cells(
        &self,
        m: &Model,
        st: &State,
        side: Side,
        spans: &[Option<(usize, usize)>],
        out: &mut Vec<usize>,
    ) {
        let inside = |r: usize| {
            spans[r - self.regions.start].is_some_and(|(lo, hi)| lo >= self.lo && hi <= self.hi)
        };
        match side {
            Side::Rest => {
                for line in self.lines.clone() {
                    out.extend(st.open_cells(m, line).filter(|&c| {
                        let r = m.family_unit[self.family][c] as usize;
                        !inside(r)
                    }));
                }
            }
            Side::Outer => {
                for r in self.regions.clone() {
                    let touches = self.lines.clone().any(|l| {
                        let i = l - self.lines.start + self.lo;
                        st.in_line(m, r, self.axis, i) > 0
                    });
                    if !touches {
                        continue;
                    }
                    out.extend(st.open_cells(m, r).filter(|&c| {
                        let (row, col) = m.at[c];
                        let i = if self.axis == Axis::Row { row } else { col } as usize;
                        i < self.lo || i > self.hi
                    }));
                }
            }
        }
    }
}
