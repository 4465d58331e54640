//! The deductions beyond the basic unit rules, each sound for any bounds:
//! cells every candidate of a unit attacks, capacity under cliques (2×2
//! windows), and confinement between a family of lines and another family.
//! Each returns whether it decided a cell, or a conflict.

use super::model::{Kind, Model};
use super::state::{Cell, Conflict, State};
use crate::problem::Family;

/// Whether a rule decided anything.
type Step = Result<bool, Conflict>;

/// Runs the rules in order of cost; stops at the first that decides a cell,
/// so that the cheap unit rules run again first.
pub(crate) fn deduce(m: &Model, st: &mut State) -> Step {
    Ok(common_attacks(m, st)? || capacity(m, st)? || confinement(m, st)?)
}

/// Whether unit `u` changed since the capacity rule last looked, marking it seen.
fn fresh(st: &mut State, u: usize) -> bool {
    let new = st.checked[u] != st.version[u];
    st.checked[u] = st.version[u];
    new
}

/// Units whose open cells are checked for common attacks, at most this many.
const COMMON_OPEN: u32 = 6;

/// A unit that still needs a piece among few open cells: every cell that
/// attacks all of them stays empty.
fn common_attacks(m: &Model, st: &mut State) -> Step {
    let mut changed = false;
    let mut cells = Vec::new();
    for u in 1..m.units.len() {
        if st.need(m, u) == 0 || st.open[u] > COMMON_OPEN || st.open[u] == 0 {
            continue;
        }
        cells.clear();
        cells.extend(st.open_cells(m, u));
        changed |= empty_common(m, st, &cells)?;
    }
    Ok(changed)
}

/// Empties the open cells outside `cells` that attack every one of them.
fn empty_common(m: &Model, st: &mut State, cells: &[usize]) -> Step {
    let Some((&first, rest)) = cells.split_first() else {
        return Ok(false);
    };
    let mut changed = false;
    for &a in &m.attacks[first] {
        let a = a as usize;
        if st.cells[a] == Cell::Open
            && !cells.contains(&a)
            && rest
                .iter()
                .all(|&c| m.attacks[c].binary_search(&(a as u32)).is_ok())
        {
            st.set(m, a, Cell::Empty)?;
            changed = true;
        }
    }
    Ok(changed)
}

/// Covers `cells` (open, increasing) with disjoint cliques (2×2 windows,
/// else single cells), greedily; `inside[c]` marks the cells. Each clique
/// holds at most one piece. Leaves `inside` cleared.
fn cover(m: &Model, cells: &[usize], inside: &mut [bool]) -> Vec<Vec<usize>> {
    let cols = m.cols;
    let mut cliques = Vec::new();
    for &x in cells {
        if !inside[x] {
            continue;
        }
        let (r, c) = (x / cols, x % cols);
        let mut best: Vec<usize> = vec![x];
        for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            if r < dr || c < dc || !m.window[x - dr * cols - dc] {
                continue;
            }
            let tl = x - dr * cols - dc;
            let held: Vec<usize> = [tl, tl + 1, tl + cols, tl + cols + 1]
                .into_iter()
                .filter(|&y| inside[y])
                .collect();
            if held.len() > best.len() {
                best = held;
            }
        }
        for &y in &best {
            inside[y] = false;
        }
        cliques.push(best);
    }
    cliques
}

/// A set of open cells needs more pieces than its cover's cliques: conflict.
/// Exactly as many: each clique takes one piece, so a lone cell is a piece
/// and the cells attacking a whole clique stay empty.
fn tight(m: &Model, st: &mut State, cells: &[usize], need: u32, inside: &mut [bool]) -> Step {
    if need == 0 || cells.len() as u32 <= need {
        return Ok(false);
    }
    for &c in cells {
        inside[c] = true;
    }
    let cliques = cover(m, cells, inside);
    let cap = cliques.len() as u32;
    if need > cap {
        return Err(Conflict);
    }
    let mut changed = false;
    if need == cap {
        for q in &cliques {
            if let [one] = q.as_slice() {
                if st.cells[*one] == Cell::Open {
                    st.set(m, *one, Cell::Piece)?;
                    changed = true;
                }
            } else {
                changed |= empty_common(m, st, q)?;
            }
        }
    }
    Ok(changed)
}

/// Capacity of each unit, and of each pair of neighbouring rows (columns).
fn capacity(m: &Model, st: &mut State) -> Step {
    let mut inside = vec![false; m.cells()];
    let mut cells = Vec::new();
    let mut changed = false;
    let fresh_units: Vec<bool> = (0..m.units.len()).map(|u| fresh(st, u)).collect();
    for u in (1..m.units.len()).filter(|&u| fresh_units[u]) {
        cells.clear();
        cells.extend(st.open_cells(m, u));
        changed |= tight(m, st, &cells, st.need(m, u), &mut inside)?;
    }
    for (kind, lines) in &m.families {
        if !matches!(kind, Kind::Group(Family::Row | Family::Column)) {
            continue;
        }
        for u in lines.start..lines.end.saturating_sub(1) {
            if !fresh_units[u] && !fresh_units[u + 1] {
                continue;
            }
            cells.clear();
            cells.extend(st.open_cells(m, u).chain(st.open_cells(m, u + 1)));
            cells.sort_unstable();
            let need = st.need(m, u).saturating_add(st.need(m, u + 1));
            changed |= tight(m, st, &cells, need, &mut inside)?;
        }
    }
    Ok(changed)
}

/// For each band of consecutive rows (columns) and each other family: the
/// units lying inside the band need no more than the band takes, and the band
/// needs no more than the units touching it take; at equality the rest of
/// the band (of the touching units) stays empty.
fn confinement(m: &Model, st: &mut State) -> Step {
    let mut changed = false;
    for (kind, lines) in &m.families {
        let axis = match kind {
            Kind::Group(Family::Row) => Axis::Row,
            Kind::Group(Family::Column) => Axis::Column,
            _ => continue,
        };
        for (other, units) in &m.families {
            if matches!(
                other,
                Kind::Total | Kind::Group(Family::Row | Family::Column)
            ) {
                continue;
            }
            let band = Band {
                axis,
                lines: lines.clone(),
                units: units.clone(),
            };
            changed |= band.inside(m, st)?;
            changed |= band.touching(m, st)?;
        }
    }
    Ok(changed)
}

#[derive(Clone, Copy)]
enum Axis {
    Row,
    Column,
}

/// Lines of one family against the units of another.
struct Band {
    axis: Axis,
    lines: std::ops::Range<usize>,
    units: std::ops::Range<usize>,
}

impl Band {
    fn line_of(&self, m: &Model, cell: usize) -> usize {
        match self.axis {
            Axis::Row => cell / m.cols,
            Axis::Column => cell % m.cols,
        }
    }

    fn unit_of(&self, m: &Model, cell: usize) -> Option<usize> {
        m.cell_units[cell]
            .iter()
            .map(|&u| u as usize)
            .find(|u| self.units.contains(u))
    }

    /// Units whose open cells all lie in lines `a..=b` need ≤ what the lines take.
    fn inside(&self, m: &Model, st: &mut State) -> Step {
        let spans: Vec<(usize, usize, u32)> = self
            .units
            .clone()
            .map(|u| {
                let lines = st.open_cells(m, u).map(|c| self.line_of(m, c));
                let (lo, hi) = lines.fold((usize::MAX, 0), |(lo, hi), l| (lo.min(l), hi.max(l)));
                (lo, hi, if st.open[u] == 0 { 0 } else { st.need(m, u) })
            })
            .collect();
        let n = self.lines.len();
        let mut changed = false;
        for a in 0..n {
            let mut room = 0;
            for b in a..n {
                if b - a + 1 == n {
                    break;
                }
                room = st.room(m, self.lines.start + b).saturating_add(room);
                let need = spans
                    .iter()
                    .filter(|s| s.0 >= a && s.1 <= b)
                    .fold(0u32, |sum, s| sum.saturating_add(s.2));
                if need > room {
                    return Err(Conflict);
                }
                if need == room {
                    changed |= self.clear_lines(m, st, a, b, &spans)?;
                }
            }
        }
        Ok(changed)
    }

    /// Empties the open cells of lines `a..=b` outside the units inside them.
    fn clear_lines(
        &self,
        m: &Model,
        st: &mut State,
        a: usize,
        b: usize,
        spans: &[(usize, usize, u32)],
    ) -> Step {
        let mut changed = false;
        for l in a..=b {
            let line = self.lines.start + l;
            for c in m.units[line].cells.iter().map(|&c| c as usize) {
                if st.cells[c] != Cell::Open {
                    continue;
                }
                let inside = self.unit_of(m, c).is_some_and(|u| {
                    let s = spans[u - self.units.start];
                    s.0 >= a && s.1 <= b && s.2 > 0
                });
                if !inside {
                    st.set(m, c, Cell::Empty)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Lines `a..=b` need ≤ what the units touching their open cells take.
    fn touching(&self, m: &Model, st: &mut State) -> Step {
        let n = self.lines.len();
        let mut touched = vec![false; self.units.len()];
        let mut changed = false;
        for a in 0..n {
            touched.iter_mut().for_each(|t| *t = false);
            let (mut need, mut room) = (0, 0);
            for b in a..n {
                if b - a + 1 == n {
                    break;
                }
                let line = self.lines.start + b;
                need = st.need(m, line).saturating_add(need);
                let mut covered = true;
                for c in st.open_cells(m, line) {
                    let Some(u) = self.unit_of(m, c) else {
                        covered = false;
                        break;
                    };
                    if !std::mem::replace(&mut touched[u - self.units.start], true) {
                        room = st.room(m, u).saturating_add(room);
                    }
                }
                if !covered {
                    break;
                }
                if need > room {
                    return Err(Conflict);
                }
                if need == room && need > 0 {
                    changed |= self.clear_units(m, st, a, b, &touched)?;
                }
            }
        }
        Ok(changed)
    }

    /// Empties the open cells of the touched units outside lines `a..=b`.
    fn clear_units(&self, m: &Model, st: &mut State, a: usize, b: usize, touched: &[bool]) -> Step {
        let mut changed = false;
        for (i, _) in touched.iter().enumerate().filter(|(_, t)| **t) {
            let u = self.units.start + i;
            for c in m.units[u].cells.iter().map(|&c| c as usize) {
                let l = self.line_of(m, c);
                if st.cells[c] == Cell::Open && (l < a || l > b) {
                    st.set(m, c, Cell::Empty)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }
}
