//! Band counting on the search's state: the areas of
//! [`super::areas`] (the band's cells outside the regions inside it, the
//! cells outside the band of the regions touching it), each needing an
//! exact number of pieces, are units of their own: none needed empties
//! one, as many as its open cells fills it, and its 2×2 capacity
//! ([`super::rules`]) bounds it. Only the hint engine's trials run this
//! rule ([`super::Rules::Hints`]); the hint engine's band steps put the
//! same areas into words (`logic::band`).

use super::areas::{Area, Count, Decision, Side, Tally};
use super::model::{Axis, Kind, Model, NONE};
use super::rules::{Kept, Scratch, Step, by_parity, fill_tight, open_into, tight};
use super::state::{Cell, State};
use crate::problem::Family;

/// Runs the rule on every band of rows and of columns; stops at the first
/// band that decides a cell. Runs on a settled state: every region with
/// open cells needs a piece ([`Tally::areas`] relies on it).
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
    debug_assert!(
        regions
            .clone()
            .all(|r| st.open[r] == 0 || st.need(m, r) > 0),
        "a region with open cells that needs no piece: the state is not settled"
    );
    let keyed = !m.keys.is_empty();
    let mut touched = Vec::new();
    for (kind, lines) in &m.families {
        let axis = match kind {
            Kind::Group(Family::Row) => Axis::Row,
            Kind::Group(Family::Column) => Axis::Column,
            _ => continue,
        };
        let count = |u: usize| Count {
            need: i64::from(st.need(m, u)),
            open: st.open[u],
            key: st.key(u),
        };
        let mut tally = std::mem::take(&mut sc.tally);
        tally.refill(
            lines.clone().map(count),
            regions.clone().map(count),
            regions.clone().map(|r| st.span(m, r, axis)),
            |i, l| st.in_line(m, regions.start + i, axis, l) > 0,
        );
        let band = Band {
            axis,
            first_line: lines.start,
            first_region: regions.start,
            family,
            tally: &tally,
        };
        let found = tally.areas(|area| {
            let key = keyed.then_some(area.key);
            match band.area(m, st, sc, area, key, &mut touched) {
                Ok(false) => None,
                decided => Some(decided),
            }
        });
        sc.tally = tally;
        if let Some(decided) = found {
            return decided;
        }
    }
    Ok(false)
}

/// The most cover sizes kept before they are forgotten.
const CAPS_KEPT: usize = 1 << 18;

/// The bands of one axis, and the regions, on the search's state.
struct Band<'t> {
    axis: Axis,
    /// The first line's unit.
    first_line: usize,
    /// The first region's unit.
    first_region: usize,
    /// The regions' family index.
    family: usize,
    tally: &'t Tally,
}

impl Band<'_> {
    /// The rule on one area (`key`: its cells' key, when the model has
    /// keys): a conflict when it cannot get its pieces, else whether it
    /// decided a cell. `touched` is a buffer.
    fn area(
        &self,
        m: &Model,
        st: &mut State,
        sc: &mut Scratch,
        area: &Area,
        key: Option<u128>,
        touched: &mut Vec<usize>,
    ) -> Step {
        let fill = match area.decision() {
            Decision::Conflict => return Err(super::state::Conflict),
            Decision::Empty => Some(Cell::Empty),
            Decision::Fill => Some(Cell::Piece),
            Decision::Nothing => None,
        };
        // Not a conflict: it needs from none to all its open cells.
        let (open, need) = (area.open, area.need() as u32);
        if fill.is_none() && (open == 0 || need < open.div_ceil(4)) {
            return Ok(false);
        }
        sc.inside.resize(m.cells(), false);
        sc.cells.clear();
        if let Some(fill) = fill {
            self.cells(m, st, area, touched, &mut sc.cells);
            let cells = std::mem::take(&mut sc.cells);
            let result = cells.iter().try_for_each(|&c| st.set(m, c, fill));
            sc.cells = cells;
            result?;
            return Ok(true);
        }
        // The cover is the cells' own: its size known, it settles all but
        // a tight area, whose steps depend on the cells around; those come
        // from its cliques, kept. A lower bound above the need settles it.
        let known = key.and_then(|key| sc.caps.get(&key));
        match known {
            Some(kept) if need < kept.cap => return Ok(false),
            Some(kept) if kept.exact && need > kept.cap => {
                return Err(super::state::Conflict);
            }
            Some(Kept {
                cliques: Some(cliques),
                ..
            }) => return fill_tight(m, st, cliques),
            _ => {}
        }
        self.cells(m, st, area, touched, &mut sc.cells);
        let on = m.masks.then(|| {
            sc.cells.iter().fold((0u128, 0u128), |(r, c), &x| {
                let (i, j) = m.at[x];
                (r | 1 << i, c | 1 << j)
            })
        });
        let bound = (super::cover::at_least(open as usize, on) as u32).max(by_parity(m, &sc.cells));
        let (kept, result) = if bound > need {
            (Kept::at_least(bound), Ok(false))
        } else {
            // The cover's size alone, when it is cheaper: most are not tight.
            let size = super::cover::greedy_size(m, &sc.cells, on, &mut sc.rows);
            let result = match size {
                Some(cap) if need > cap => Err(super::state::Conflict),
                Some(cap) if need < cap => Ok(false),
                _ => tight(m, st, need, on, sc),
            };
            let cap = size.unwrap_or(sc.cliques.len() as u32);
            let cliques = (need == cap).then(|| sc.cliques.clone().into_boxed_slice());
            (Kept::size(cap, cliques), result)
        };
        if let Some(key) = key {
            if sc.caps.len() >= CAPS_KEPT {
                sc.caps.clear();
            }
            sc.caps.insert(key, kept);
        }
        result
    }

    /// Pushes the open cells of `area` to `out` (`touched`: a buffer).
    fn cells(
        &self,
        m: &Model,
        st: &State,
        area: &Area,
        touched: &mut Vec<usize>,
        out: &mut Vec<usize>,
    ) {
        let (lo, hi) = (area.lo, area.hi);
        match area.side {
            Side::Rest => {
                for line in self.first_line + lo..=self.first_line + hi {
                    let from = out.len();
                    open_into(m, st, line, out);
                    let mut kept = from;
                    for i in from..out.len() {
                        let c = out[i];
                        let r = m.family_unit[self.family][c] as usize;
                        if !self.tally.inside(r - self.first_region, lo, hi) {
                            out[kept] = c;
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                }
            }
            Side::Outer => {
                self.tally.regions(area, touched);
                for &i in touched.iter() {
                    out.extend(st.open_cells(m, self.first_region + i).filter(|&c| {
                        let (row, col) = m.at[c];
                        let i = if self.axis == Axis::Row { row } else { col } as usize;
                        i < lo || i > hi
                    }));
                }
            }
        }
    }
}
