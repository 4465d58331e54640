//! Confinement: some *inner* units whose open cells all lie in some
//! *outer* units of another family. The inner units need no more than the
//! outer ones take, and at equality the outer units' other open cells stay
//! empty ([`confinement_of`], the one statement of the rule, which the hint
//! engine's confinement steps call too).
//!
//! The search applies it to bands of consecutive lines (rows or columns)
//! against every other family of groups (regions, diagonals): the units
//! lying inside the band are the inner ones, the band's lines the outer
//! ones; and the band's lines are inner to the units touching them. That
//! is a policy for speed, on masks with prefix-sum pre-checks, taking any
//! deduction: every band at the search's nodes (in the proofs' walks at
//! the root and after piece decisions only,
//! `PropagateWalker::confine_after_pieces`) and in the hint engine's
//! trials, single lines under `Rules::Confined`, none in probes
//! ([`super::Rules`]). The hint engine (`logic::confine`) asks the same
//! rule of any k ≤ 4 units of any two families, on unions of touched
//! units, the fewest first, for the simplest step to show, then of wider
//! bands of neighbouring lines (`logic::confine::bands`). The search's
//! buffers live in the
//! state and are reused from call to call.

use super::model::{Axis, Kind, Model, NONE};
use super::rules::Step;
use super::state::{Cell, Conflict, State};
use crate::problem::Family;

/// What confinement concludes ([`confinement_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Confinement {
    /// The inner units need more than the outer ones take: no solution.
    Overfull,
    /// They need what the outer ones take, at least a piece, and the outer
    /// units have open cells the inner ones lack: those cells are empty.
    Tight,
    /// Nothing follows.
    Loose,
}

/// Confinement, written once for the search and the hints: inner units
/// needing `need` pieces whose open cells all lie in outer units that take
/// at most `room`; `spare` says whether the outer units have open cells
/// the inner ones lack (asked only when the needs match). The caller
/// looks for the open cells a [`Confinement::Tight`] empties.
#[inline]
pub(crate) fn confinement_of(need: i64, room: i64, spare: impl FnOnce() -> bool) -> Confinement {
    if need > room {
        Confinement::Overfull
    } else if need == room && need > 0 && spare() {
        Confinement::Tight
    } else {
        Confinement::Loose
    }
}

/// Buffers the confinement rule reuses from call to call.
#[derive(Debug, Clone, Default)]
pub(crate) struct Buffers {
    /// Per unit of the other family: first and last line of its open cells,
    /// and the pieces it still needs (0 when it has no open cell).
    spans: Vec<(usize, usize, u32)>,
    /// Units of the other family that need a piece, by last line.
    by_last: Vec<usize>,
    /// Per line, the units holding its open cells as a set of unit
    /// indices (within the family), `words` words a line.
    line_units: Vec<u64>,
    /// Per line: whether every open cell of the line lies in a unit.
    covered: Vec<bool>,
    /// Per line, its open cells lying in a unit.
    held: Vec<u32>,
    /// Units already counted in the band being grown, as a set.
    touched: Vec<u64>,
    /// Words of a set of the family's units.
    words: usize,
    /// [`Band::quiet_inside`] and [`Band::quiet_touching`]'s sums: per
    /// line, or per band start, or per unit of the other family.
    sums: [Vec<u64>; 4],
}

/// Runs the rule for each line family against each other family, on bands
/// of at most `widest` lines.
pub(crate) fn confinement(m: &Model, st: &mut State, widest: usize) -> Step {
    let mut b = std::mem::take(&mut st.confine);
    let result = confinement_with(m, st, &mut b, widest);
    st.confine = b;
    result
}

fn confinement_with(m: &Model, st: &mut State, buf: &mut Buffers, widest: usize) -> Step {
    let mut changed = false;
    for (kind, lines) in &m.families {
        let axis = match kind {
            Kind::Group(Family::Row) => Axis::Row,
            Kind::Group(Family::Column) => Axis::Column,
            _ => continue,
        };
        for (family, (other, units)) in m.families.iter().enumerate() {
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
                family,
                widest,
            };
            // Most calls decide nothing: every band is first checked
            // from sums, and walked one by one only when one may act.
            if !band.quiet_inside(m, st, buf) {
                changed |= band.inside(m, st, buf)?;
            }
            band.touched_by_line(m, st, buf);
            if !band.quiet_touching(m, st, buf) {
                changed |= band.touching(m, st, buf)?;
            }
        }
    }
    Ok(changed)
}

/// Lines of one family against the units of another.
struct Band {
    axis: Axis,
    lines: std::ops::Range<usize>,
    units: std::ops::Range<usize>,
    /// The other family's index in [`Model::families`].
    family: usize,
    /// The most lines a band takes.
    widest: usize,
}

impl Band {
    /// The end (exclusive) of the last band starting at line `a`: at most
    /// `widest` lines, and never every line.
    fn end(&self, a: usize) -> usize {
        let n = self.lines.len();
        let end = n.min(a.saturating_add(self.widest));
        if a == 0 {
            end.min(n.saturating_sub(1))
        } else {
            end
        }
    }

    /// The line (0-based within the family) through `cell`.
    fn line_of(&self, m: &Model, cell: usize) -> usize {
        match self.axis {
            Axis::Row => m.at[cell].0 as usize,
            Axis::Column => m.at[cell].1 as usize,
        }
    }

    /// The unit of the other family holding `cell`.
    fn unit_of(&self, m: &Model, cell: usize) -> Option<usize> {
        let u = m.family_unit[self.family][cell];
        (u != NONE).then_some(u as usize)
    }

    /// Fills `buf.spans` and `buf.by_last` from the state.
    fn spans(&self, m: &Model, st: &State, buf: &mut Buffers) {
        buf.spans.clear();
        buf.by_last.clear();
        for u in self.units.clone() {
            let (lo, hi) = st.span(m, u, self.axis).unwrap_or((usize::MAX, 0));
            let need = if st.open[u] == 0 { 0 } else { st.need(m, u) };
            if need > 0 {
                buf.by_last.push(u - self.units.start);
            }
            buf.spans.push((lo, hi, need));
        }
        let spans = &buf.spans;
        buf.by_last.sort_unstable_by_key(|&i| spans[i].1);
    }

    /// Whether [`Band::inside`] would decide nothing, from the spans
    /// [`Band::spans`] filled (it fills them): every band's room and open
    /// cells from sums over the lines, and per band start the need and
    /// open cells of the units inside, grown one last line at a time.
    /// Exact when its sums stay below 2³¹, else false.
    fn quiet_inside(&self, m: &Model, st: &State, buf: &mut Buffers) -> bool {
        self.spans(m, st, buf);
        let n = self.lines.len();
        let [room, open, need, inner] = &mut buf.sums;
        // `room[i]`, `open[i]`: the sums over lines `0..i`.
        room.clear();
        open.clear();
        room.push(0);
        open.push(0);
        for l in self.lines.clone() {
            room.push(room[room.len() - 1] + u64::from(st.room(m, l)));
            open.push(open[open.len() - 1] + u64::from(st.open[l]));
        }
        if room[n] >= 1 << 31 {
            return false;
        }
        // `need[a]`, `inner[a]`: of the units inside lines `a..=b`.
        need.clear();
        need.resize(n, 0);
        inner.clear();
        inner.resize(n, 0);
        let mut next = 0;
        for b in 0..n {
            while let Some(&i) = buf.by_last.get(next) {
                let (lo, hi, more) = buf.spans[i];
                if hi > b {
                    break;
                }
                let here = u64::from(st.open[self.units.start + i]);
                for a in 0..=lo {
                    need[a] += u64::from(more);
                    inner[a] += here;
                }
                next += 1;
            }
            // The band starts `a` whose bands reach line `b` (see `end`).
            let first = (b + 1).saturating_sub(self.widest);
            let from = if b + 1 == n { first.max(1) } else { first };
            let acts = (from..=b).any(|a| {
                let (r, o) = (room[b + 1] - room[a], open[b + 1] - open[a]);
                confinement_of(need[a] as i64, r as i64, || o > inner[a]) != Confinement::Loose
            });
            if acts {
                return false;
            }
        }
        true
    }

    /// Units whose open cells all lie in lines `a..=b` need ≤ what the
    /// lines take; reads the spans [`Band::spans`] filled.
    fn inside(&self, m: &Model, st: &mut State, buf: &mut Buffers) -> Step {
        let n = self.lines.len();
        let mut changed = false;
        for a in 0..n {
            let (mut room, mut need, mut next) = (0u32, 0u32, 0);
            // Open cells of the lines, and of the units inside them.
            let (mut open, mut inner) = (0u32, 0u32);
            for b in a..self.end(a) {
                room = st.room(m, self.lines.start + b).saturating_add(room);
                open += st.open[self.lines.start + b];
                while let Some(&i) = buf.by_last.get(next) {
                    let s = buf.spans[i];
                    if s.1 > b {
                        break;
                    }
                    if s.0 >= a {
                        need = need.saturating_add(s.2);
                        inner += st.open[self.units.start + i];
                    }
                    next += 1;
                }
                match confinement_of(need.into(), room.into(), || open > inner) {
                    Confinement::Overfull => return Err(Conflict),
                    Confinement::Tight => {
                        changed |= self.clear_lines(m, st, a, b, &buf.spans)?;
                    }
                    _ => {}
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

    /// Fills `buf.line_units` and `buf.covered`: the units of the other
    /// family holding an open cell of each line, and whether every open
    /// cell of the line lies in a unit. With the state's masks, each unit
    /// visits only the lines it has open cells in.
    fn touched_by_line(&self, m: &Model, st: &State, buf: &mut Buffers) {
        let n = self.lines.len();
        let words = self.units.len().div_ceil(64);
        buf.words = words;
        buf.line_units.clear();
        buf.line_units.resize(n * words, 0);
        buf.held.clear();
        buf.held.resize(n, 0);
        for (k, u) in self.units.clone().enumerate() {
            let (w, bit) = (k / 64, 1u64 << (k % 64));
            let mut add = |i: usize, here: u32| {
                buf.line_units[i * words + w] |= bit;
                buf.held[i] += here;
            };
            if m.masks {
                let mut left = st.lines(u, self.axis);
                while left != 0 {
                    let i = left.trailing_zeros() as usize;
                    left &= left - 1;
                    if i < n {
                        add(i, st.in_line(m, u, self.axis, i));
                    }
                }
            } else {
                for i in 0..n {
                    let here = st.in_line(m, u, self.axis, i);
                    if here > 0 {
                        add(i, here);
                    }
                }
            }
        }
        buf.covered.clear();
        let open = |i: usize| st.open[self.lines.start + i];
        let held = buf.held.iter().enumerate();
        buf.covered.extend(held.map(|(i, &h)| h == open(i)));
    }

    /// Whether [`Band::touching`] would decide nothing, from what
    /// [`Band::touched_by_line`] filled: the same bands grown the same
    /// way, from the lines' and units' counts copied out first, the units
    /// touched as one word. Exact when the family has at most 64 units and
    /// the sums stay below 2³¹, else false.
    fn quiet_touching(&self, m: &Model, st: &State, buf: &mut Buffers) -> bool {
        let n = self.lines.len();
        if buf.words != 1 || buf.line_units.len() != n || buf.covered.len() != n {
            return false;
        }
        let [lines, needs, units, _] = &mut buf.sums;
        // A line's need and open cells, a unit's room and open cells, in
        // the low and high 32 bits of one word.
        let pack = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
        lines.clear();
        lines.extend(self.lines.clone().map(|l| pack(st.need(m, l), st.open[l])));
        units.clear();
        units.extend(self.units.clone().map(|u| pack(st.room(m, u), st.open[u])));
        let total = |v: &[u64]| {
            v.iter()
                .fold(0u64, |s, &x| s + (x & 0xffff_ffff) + (x >> 32))
        };
        if total(lines) >= 1 << 31 || total(units) >= 1 << 31 {
            return false;
        }
        // `needs[i]`: what lines `0..i` need.
        needs.clear();
        needs.push(0);
        for &line in lines.iter() {
            needs.push(needs[needs.len() - 1] + (line & 0xffff_ffff));
        }
        for a in 0..n {
            // Both counts at once: they stay below 2³¹, so never carry.
            let (mut touched, mut line_sum, mut unit_sum) = (0u64, 0u64, 0u64);
            let end = self.end(a);
            // The most any band from `a` needs: once the units touched
            // take more, no longer band can act (rooms only add up).
            let most = needs[end.max(a)] - needs[a];
            let band = lines[a..end].iter().zip(&buf.covered[a..end]);
            for ((&line, &covered), &here) in band.zip(&buf.line_units[a..end]) {
                line_sum += line;
                if !covered {
                    break;
                }
                let mut new = here & !touched;
                touched |= new;
                while new != 0 {
                    unit_sum += units[new.trailing_zeros() as usize];
                    new &= new - 1;
                }
                let (need, open) = (line_sum & 0xffff_ffff, line_sum >> 32);
                let (room, outer) = (unit_sum & 0xffff_ffff, unit_sum >> 32);
                if confinement_of(need as i64, room as i64, || outer > open) != Confinement::Loose {
                    return false;
                }
                if room > most {
                    break;
                }
            }
        }
        true
    }

    /// Lines `a..=b` need ≤ what the units touching their open cells take;
    /// reads what [`Band::touched_by_line`] filled.
    fn touching(&self, m: &Model, st: &mut State, buf: &mut Buffers) -> Step {
        let n = self.lines.len();
        let words = buf.words;
        let mut changed = false;
        for a in 0..n {
            buf.touched.clear();
            buf.touched.resize(words, 0);
            let (mut need, mut room) = (0u32, 0u32);
            // Open cells of the lines, and of the units touching them.
            let (mut open, mut outer) = (0u32, 0u32);
            for b in a..self.end(a) {
                need = st.need(m, self.lines.start + b).saturating_add(need);
                open += st.open[self.lines.start + b];
                if !buf.covered[b] {
                    break;
                }
                let here = &buf.line_units[b * words..(b + 1) * words];
                for (w, (t, &h)) in buf.touched.iter_mut().zip(here).enumerate() {
                    let mut new = h & !*t;
                    *t |= new;
                    while new != 0 {
                        let u = self.units.start + w * 64 + new.trailing_zeros() as usize;
                        new &= new - 1;
                        room = st.room(m, u).saturating_add(room);
                        outer += st.open[u];
                    }
                }
                match confinement_of(need.into(), room.into(), || outer > open) {
                    Confinement::Overfull => return Err(Conflict),
                    Confinement::Tight => {
                        changed |= self.clear_units(m, st, a, b, &buf.touched)?;
                    }
                    _ => {}
                }
            }
        }
        Ok(changed)
    }

    /// Empties the open cells of the touched units outside lines `a..=b`.
    fn clear_units(&self, m: &Model, st: &mut State, a: usize, b: usize, touched: &[u64]) -> Step {
        let mut changed = false;
        let units = touched.iter().enumerate().flat_map(|(w, &t)| {
            let mut left = t;
            std::iter::from_fn(move || {
                let k = (left != 0).then(|| w * 64 + left.trailing_zeros() as usize)?;
                left &= left - 1;
                Some(k)
            })
        });
        for i in units {
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
