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

/// Up to four cells that attack each other: at most one piece.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Clique {
    cells: [usize; 4],
    len: usize,
}

impl Clique {
    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// Buffers the capacity rule reuses from call to call.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    inside: Vec<bool>,
    cells: Vec<usize>,
    cliques: Vec<Clique>,
    fresh: Vec<bool>,
}

/// Covers `cells` (open, increasing) with disjoint cliques (2×2 windows,
/// else single cells), greedily, into `out`; `inside[c]` marks the cells and
/// is left cleared. Each clique holds at most one piece.
fn cover(m: &Model, cells: &[usize], inside: &mut [bool], out: &mut Vec<Clique>) {
    let cols = m.cols;
    out.clear();
    for &x in cells {
        if !inside[x] {
            continue;
        }
        let (r, c) = (x / cols, x % cols);
        let mut best = Clique {
            cells: [x; 4],
            len: 1,
        };
        for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            if r < dr || c < dc || !m.window[x - dr * cols - dc] {
                continue;
            }
            let tl = x - dr * cols - dc;
            let mut held = Clique::default();
            for y in [tl, tl + 1, tl + cols, tl + cols + 1] {
                if inside[y] {
                    held.cells[held.len] = y;
                    held.len += 1;
                }
            }
            if held.len > best.len {
                best = held;
            }
        }
        for &y in best.cells() {
            inside[y] = false;
        }
        out.push(best);
    }
}

/// A set of open cells needs more pieces than its cover's cliques: conflict.
/// Exactly as many: each clique takes one piece, so a lone cell is a piece
/// and the cells attacking a whole clique stay empty.
fn tight(m: &Model, st: &mut State, need: u32, sc: &mut Scratch) -> Step {
    if need == 0 || sc.cells.len() as u32 <= need {
        return Ok(false);
    }
    for &c in &sc.cells {
        sc.inside[c] = true;
    }
    cover(m, &sc.cells, &mut sc.inside, &mut sc.cliques);
    let cap = sc.cliques.len() as u32;
    if need > cap {
        return Err(Conflict);
    }
    let mut changed = false;
    if need == cap {
        for q in &sc.cliques {
            if let [one] = q.cells() {
                if st.cells[*one] == Cell::Open {
                    st.set(m, *one, Cell::Piece)?;
                    changed = true;
                }
            } else {
                changed |= empty_common(m, st, q.cells())?;
            }
        }
    }
    Ok(changed)
}

/// Capacity of each unit, and of each pair of neighbouring rows (columns).
fn capacity(m: &Model, st: &mut State) -> Step {
    let mut sc = std::mem::take(&mut st.scratch);
    let result = capacity_with(m, st, &mut sc);
    st.scratch = sc;
    result
}

fn capacity_with(m: &Model, st: &mut State, sc: &mut Scratch) -> Step {
    sc.inside.resize(m.cells(), false);
    sc.fresh.clear();
    for u in 0..m.units.len() {
        let f = fresh(st, u);
        sc.fresh.push(f);
    }
    let mut changed = false;
    for u in 1..m.units.len() {
        if sc.fresh[u] {
            sc.cells.clear();
            sc.cells.extend(st.open_cells(m, u));
            changed |= tight(m, st, st.need(m, u), sc)?;
        }
    }
    for (kind, lines) in &m.families {
        if !matches!(kind, Kind::Group(Family::Row | Family::Column)) {
            continue;
        }
        for u in lines.start..lines.end.saturating_sub(1) {
            if !sc.fresh[u] && !sc.fresh[u + 1] {
                continue;
            }
            sc.cells.clear();
            sc.cells
                .extend(st.open_cells(m, u).chain(st.open_cells(m, u + 1)));
            sc.cells.sort_unstable();
            let need = st.need(m, u).saturating_add(st.need(m, u + 1));
            changed |= tight(m, st, need, sc)?;
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
                if need == room && room > 0 {
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

    /// The units of the other family holding an open cell of each line, in
    /// one flat list with each line's end, and whether every open cell of
    /// the line lies in a unit.
    fn touched_by_line(&self, m: &Model, st: &State) -> (Vec<usize>, Vec<(usize, bool)>) {
        let mut flat = Vec::new();
        let mut ends = Vec::with_capacity(self.lines.len());
        for line in self.lines.clone() {
            let start = flat.len();
            let mut covered = true;
            for c in st.open_cells(m, line) {
                match self.unit_of(m, c) {
                    Some(u) if !flat[start..].contains(&u) => flat.push(u),
                    Some(_) => {}
                    None => covered = false,
                }
            }
            ends.push((flat.len(), covered));
        }
        (flat, ends)
    }

    /// Lines `a..=b` need ≤ what the units touching their open cells take.
    fn touching(&self, m: &Model, st: &mut State) -> Step {
        let n = self.lines.len();
        let (flat, ends) = self.touched_by_line(m, st);
        let mut touched = vec![false; self.units.len()];
        let mut changed = false;
        for a in 0..n {
            touched.iter_mut().for_each(|t| *t = false);
            let (mut need, mut room) = (0u32, 0u32);
            for b in a..n {
                if b - a + 1 == n {
                    break;
                }
                need = st.need(m, self.lines.start + b).saturating_add(need);
                let (end, covered) = ends[b];
                if !covered {
                    break;
                }
                let start = if b == 0 { 0 } else { ends[b - 1].0 };
                for &u in &flat[start..end] {
                    if !std::mem::replace(&mut touched[u - self.units.start], true) {
                        room = st.room(m, u).saturating_add(room);
                    }
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
