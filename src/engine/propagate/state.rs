//! The search state: each cell unknown, piece or empty, each unit's counts of
//! pieces and open (unknown) cells, a trail to undo, and the basic rules run
//! to a fixed point: a piece empties the cells it attacks, a full unit empties
//! its open cells, a unit with just enough open cells fills them.

use super::confine::Buffers;
use super::model::{Axis, Kind, Model};
use super::rules::Scratch;
use crate::problem::Family;

/// A cell's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cell {
    /// Not decided yet.
    Open,
    /// Holds a piece.
    Piece,
    /// Stays empty.
    Empty,
}

/// What a decided cell changes in the state's records of one of its
/// units, besides its counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Records {
    /// Nothing: the whole board, or any unit without [`Model::masks`]
    /// when it is a row or column.
    None,
    /// A row ([`Model::line`]) of the rows' family, with masks: its
    /// columns' mask, and its rows' mask (its own row) emptied with it.
    Row,
    /// A column of the columns' family, as a row.
    Column,
    /// Any other unit: its open cells per row and per column
    /// ([`State::in_line`]), and with masks the lines holding them.
    Lines,
}

impl Records {
    /// What unit `u` of `m` keeps.
    fn of(m: &Model, u: usize) -> Records {
        let family = m.families.iter().find(|(_, units)| units.contains(&u));
        match (family.map(|(kind, _)| *kind), m.line[u]) {
            (Some(Kind::Total), _) => Records::None,
            (Some(Kind::Group(Family::Row)), Some((Axis::Row, _))) => Records::Row,
            (Some(Kind::Group(Family::Column)), Some((Axis::Column, _))) => Records::Column,
            (Some(Kind::Group(Family::Row | Family::Column)), None) => Records::None,
            _ => Records::Lines,
        }
    }
}

/// The most words [`State::save`] copies (a u128 pair counted as 8): a
/// 21×21 board of 5★ copies about 1 600, a 26×26 one of 6★ about 2 300;
/// boards of a few hundred lines a side undo cell by cell.
const SAVED_MOST: usize = 4_096;

/// The rules cannot all hold any more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Conflict;

/// Cells, counts and trail.
#[derive(Debug, Clone)]
pub(crate) struct State {
    /// Each cell's state; holes are empty from the start.
    pub(crate) cells: Vec<Cell>,
    /// Pieces per unit.
    pub(crate) placed: Vec<u32>,
    /// Open cells per unit.
    pub(crate) open: Vec<u32>,
    /// With [`Model::masks`], per unit: the rows and the columns holding
    /// its open cells, as masks (not kept for the whole board, whose
    /// entry stays as it started); else empty.
    pub(crate) spread: Vec<(u128, u128)>,
    /// With [`Model::keys`], per unit: the keys of its open cells combined
    /// by exclusive or; else empty.
    key: Vec<u128>,
    /// Per unit kept so ([`Records::Lines`]), its open cells in each row,
    /// then in each column (`rows + cols` entries from its
    /// [`State::line_base`]): see [`State::in_line`]. Not kept for the
    /// whole board ([`super::model::TOTAL`]) nor for the rows and columns
    /// of their families, which no rule asks.
    per_line: Vec<u32>,
    /// Per unit, where its entries of [`State::per_line`] start
    /// (`u32::MAX` for units without).
    line_base: Vec<u32>,
    /// The trail lengths at which [`State::save`] copied the counts,
    /// increasing, each still on the trail.
    saves: Vec<usize>,
    /// Per save, the units' pieces and open cells, then
    /// [`State::per_line`]; and [`State::spread`].
    saved: Vec<u32>,
    saved_spread: Vec<(u128, u128)>,
    /// With [`Model::unit_rows`], per row: the columns of its open cells,
    /// as a mask; else empty.
    open_rows: Vec<u64>,
    /// Cells decided, in order, for undoing.
    trail: Vec<u32>,
    /// Per unit, how a decided cell changes its line records
    /// ([`Records`]).
    records: Vec<Records>,
    /// Per cell, the units holding it as bits of unit sets (a word's index
    /// and its bits, unit `u` bit `u % 64` of word `u / 64`):
    /// `unit_bits[unit_bits_at[cell]..unit_bits_at[cell + 1]]`.
    unit_bits: Vec<(u32, u64)>,
    unit_bits_at: Vec<u32>,
    /// Units whose counts changed since the unit rules last looked at
    /// them ([`State::settle`]), last changed first, each once.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Per unit, a bit (unit `u` is bit `u % 64` of word `u / 64`): its
    /// cells changed since the capacity rule last looked at it.
    pub(crate) changed: Vec<u64>,
    /// Per unit, a bit as in [`State::changed`]: its cells changed since
    /// the common-attacks rule last looked at it ([`State::take_common`]).
    common_fresh: Vec<u64>,
    /// The common-attacks rule's buffer of a unit's open cells.
    pub(super) common_cells: Vec<usize>,
    /// The capacity rule's buffers.
    pub(crate) scratch: Scratch,
    /// The confinement rule's buffers.
    pub(crate) confine: Buffers,
}

impl State {
    /// Everything open but the holes; givens not yet placed.
    pub(crate) fn new(m: &Model) -> State {
        let cells: Vec<Cell> = m
            .holes
            .iter()
            .map(|&h| if h { Cell::Empty } else { Cell::Open })
            .collect();
        let lines = m.rows + m.cols;
        let records: Vec<Records> = (0..m.units.len()).map(|u| Records::of(m, u)).collect();
        let mut line_base = vec![u32::MAX; m.units.len()];
        let mut kept = 0;
        for (u, base) in line_base.iter_mut().enumerate() {
            if records[u] == Records::Lines {
                *base = (kept * lines) as u32;
                kept += 1;
            }
        }
        let mut per_line = vec![0u32; kept * lines];
        let mut spread = vec![(0u128, 0u128); if m.masks { m.units.len() } else { 0 }];
        for (u, unit) in m.units.iter().enumerate() {
            for &c in &unit.cells {
                let (r, k) = m.at[c as usize];
                if records[u] == Records::Lines {
                    let base = line_base[u] as usize;
                    per_line[base + r as usize] += 1;
                    per_line[base + m.rows + k as usize] += 1;
                }
                if m.masks {
                    spread[u].0 |= 1 << r;
                    spread[u].1 |= 1 << k;
                }
            }
        }
        let mut open_rows = vec![0u64; if m.unit_rows.is_empty() { 0 } else { m.rows }];
        for (c, cell) in cells.iter().enumerate() {
            let (r, k) = m.at[c];
            if let (Cell::Open, Some(row)) = (cell, open_rows.get_mut(r as usize)) {
                *row |= 1 << k;
            }
        }
        let key = if m.keys.is_empty() {
            Vec::new()
        } else {
            let of =
                |u: &super::model::Unit| u.cells.iter().fold(0, |k, &c| k ^ m.keys[c as usize]);
            m.units.iter().map(of).collect()
        };
        let (mut unit_bits, mut unit_bits_at) = (Vec::new(), vec![0]);
        for units in &m.cell_units {
            let start = unit_bits.len();
            for &u in units {
                let (w, bit) = (u / 64, 1u64 << (u % 64));
                match unit_bits[start..].last_mut() {
                    Some((at, bits)) if *at == w => *bits |= bit,
                    _ => unit_bits.push((w, bit)),
                }
            }
            unit_bits_at.push(unit_bits.len() as u32);
        }
        State {
            cells,
            open_rows,
            spread,
            key,
            per_line,
            line_base,
            saves: Vec::new(),
            saved: Vec::new(),
            saved_spread: Vec::new(),
            placed: vec![0; m.units.len()],
            open: m.units.iter().map(|u| u.cells.len() as u32).collect(),
            trail: Vec::new(),
            records,
            unit_bits,
            unit_bits_at,
            queue: (0..m.units.len() as u32).collect(),
            queued: vec![true; m.units.len()],
            changed: vec![!0; m.units.len().div_ceil(64)],
            common_fresh: vec![!0; m.units.len().div_ceil(64)],
            common_cells: Vec::new(),
            scratch: Scratch::default(),
            confine: Buffers::default(),
        }
    }

    /// A mark to [`undo`](Self::undo) back to.
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// The cells decided since `mark`.
    pub(crate) fn decided_since(&self, mark: usize) -> impl Iterator<Item = usize> + '_ {
        self.trail[mark..].iter().map(|&c| c as usize)
    }

    /// A mark to [`undo`](Self::undo) back to, as [`State::mark`], with
    /// the counts copied, so that undoing to it copies them back instead
    /// of reopening each cell in each of its units. Not when the copy
    /// would be large ([`SAVED_MOST`]): then a plain mark.
    pub(crate) fn save(&mut self) -> usize {
        let len = self.trail.len();
        let size = 2 * self.open.len() + self.per_line.len();
        if self.saves.last() != Some(&len) && size + 8 * self.spread.len() <= SAVED_MOST {
            self.saves.push(len);
            self.saved.extend_from_slice(&self.placed);
            self.saved.extend_from_slice(&self.open);
            self.saved.extend_from_slice(&self.per_line);
            self.saved_spread.extend_from_slice(&self.spread);
        }
        len
    }

    /// Reopens every cell decided since `mark`.
    pub(crate) fn undo(&mut self, m: &Model, mark: usize) {
        let (units, size) = (self.open.len(), 2 * self.open.len() + self.per_line.len());
        while self.saves.last().is_some_and(|&at| at > mark) {
            self.saves.pop();
            self.saved.truncate(self.saved.len() - size);
            self.saved_spread
                .truncate(self.saved_spread.len() - self.spread.len());
        }
        if self.saves.last() == Some(&mark) && self.trail.len() > mark {
            for i in mark..self.trail.len() {
                let cell = self.trail[i] as usize;
                self.cells[cell] = Cell::Open;
                self.reopen_row(m, cell);
                self.mark_units(cell);
            }
            if !self.key.is_empty() {
                for i in mark..self.trail.len() {
                    self.rekey(m, self.trail[i] as usize);
                }
            }
            self.trail.truncate(mark);
            let from = self.saved.len() - size;
            let saved = &self.saved[from..];
            self.placed.copy_from_slice(&saved[..units]);
            self.open.copy_from_slice(&saved[units..2 * units]);
            self.per_line.copy_from_slice(&saved[2 * units..]);
            let from = self.saved_spread.len() - self.spread.len();
            self.spread.copy_from_slice(&self.saved_spread[from..]);
        }
        while self.trail.len() > mark {
            let cell = self.trail.pop().unwrap_or_default() as usize;
            let piece = u32::from(self.cells[cell] == Cell::Piece);
            self.cells[cell] = Cell::Open;
            self.reopen_row(m, cell);
            self.rekey(m, cell);
            self.mark_units(cell);
            let (r, c) = m.at[cell];
            for &u in &m.cell_units[cell] {
                let u = u as usize;
                match self.records[u] {
                    Records::None => {}
                    Records::Row | Records::Column => {
                        self.spread[u].0 |= 1 << r;
                        self.spread[u].1 |= 1 << c;
                    }
                    Records::Lines => self.reopen(m, cell, u),
                }
                self.open[u] += 1;
                self.placed[u] -= piece;
            }
        }
        for &u in &self.queue {
            self.queued[u as usize] = false;
        }
        self.queue.clear();
    }

    /// Puts reopened `cell` back into its row's open mask, if kept.
    #[inline]
    fn reopen_row(&mut self, m: &Model, cell: usize) {
        let (r, c) = m.at[cell];
        if let Some(row) = self.open_rows.get_mut(r as usize) {
            *row |= 1 << c;
        }
    }

    /// The columns of the open cells of row `r`, as a mask: with
    /// [`Model::unit_rows`] only.
    pub(crate) fn open_row(&self, r: usize) -> u64 {
        self.open_rows[r]
    }

    /// Marks the units of `cell` changed for the capacity and
    /// common-attacks rules.
    #[inline(always)]
    fn mark_units(&mut self, cell: usize) {
        let (from, to) = (self.unit_bits_at[cell], self.unit_bits_at[cell + 1]);
        for &(w, bits) in &self.unit_bits[from as usize..to as usize] {
            self.changed[w as usize] |= bits;
            self.common_fresh[w as usize] |= bits;
        }
    }

    /// Decides one cell; a piece also empties the cells it attacks.
    pub(crate) fn set(&mut self, m: &Model, cell: usize, to: Cell) -> Result<(), Conflict> {
        match self.cells[cell] {
            Cell::Open => {}
            now if now == to => return Ok(()),
            _ => return Err(Conflict),
        }
        self.decide(m, cell, to);
        if to == Cell::Piece {
            for &a in &m.attacks[cell] {
                match self.cells[a as usize] {
                    Cell::Open => self.decide(m, a as usize, Cell::Empty),
                    Cell::Empty => {}
                    Cell::Piece => return Err(Conflict),
                }
            }
        }
        Ok(())
    }

    /// Decides open `cell`, alone.
    #[inline]
    fn decide(&mut self, m: &Model, cell: usize, to: Cell) {
        self.cells[cell] = to;
        self.rekey(m, cell);
        self.trail.push(cell as u32);
        self.mark_units(cell);
        let piece = u32::from(to == Cell::Piece);
        let (r, c) = m.at[cell];
        if let Some(row) = self.open_rows.get_mut(r as usize) {
            *row &= !(1 << c);
        }
        for &u in &m.cell_units[cell] {
            let u = u as usize;
            self.open[u] -= 1;
            self.placed[u] += piece;
            if !self.queued[u] {
                self.queued[u] = true;
                self.queue.push(u as u32);
            }
            match self.records[u] {
                Records::None => {}
                Records::Row => {
                    self.spread[u].1 &= !(1 << c);
                    if self.open[u] == 0 {
                        self.spread[u].0 = 0;
                    }
                }
                Records::Column => {
                    self.spread[u].0 &= !(1 << r);
                    if self.open[u] == 0 {
                        self.spread[u].1 = 0;
                    }
                }
                Records::Lines => self.close(m, cell, u),
            }
        }
    }

    /// Takes a newly decided cell out of unit `u`'s line counts.
    #[inline]
    fn close(&mut self, m: &Model, cell: usize, u: usize) {
        let base = self.line_base[u] as usize;
        let (r, c) = m.at[cell];
        let (at_r, at_c) = (base + r as usize, base + m.rows + c as usize);
        self.per_line[at_r] -= 1;
        self.per_line[at_c] -= 1;
        if m.masks {
            if self.per_line[at_r] == 0 {
                self.spread[u].0 &= !(1 << r);
            }
            if self.per_line[at_c] == 0 {
                self.spread[u].1 &= !(1 << c);
            }
        }
    }

    /// Takes `cell` out of (or puts it back into) its units' keys, when
    /// the model has keys.
    fn rekey(&mut self, m: &Model, cell: usize) {
        if self.key.is_empty() {
            return;
        }
        for &u in &m.cell_units[cell] {
            self.key[u as usize] ^= m.keys[cell];
        }
    }

    /// The keys of unit `u`'s open cells combined (0 when the model has
    /// none): two units' keys combined by exclusive or name the open cells
    /// in one and not the other.
    pub(crate) fn key(&self, u: usize) -> u128 {
        self.key.get(u).copied().unwrap_or(0)
    }

    /// Puts a reopened cell back into unit `u`'s line counts.
    #[inline]
    fn reopen(&mut self, m: &Model, cell: usize, u: usize) {
        let base = self.line_base[u] as usize;
        let (r, c) = m.at[cell];
        self.per_line[base + r as usize] += 1;
        self.per_line[base + m.rows + c as usize] += 1;
        if m.masks {
            self.spread[u].0 |= 1 << r;
            self.spread[u].1 |= 1 << c;
        }
    }

    /// The open cells of unit `u` in row (column) `i`: for units kept
    /// so ([`Records::Lines`]), those of families other than the rows',
    /// the columns' and the whole board.
    pub(crate) fn in_line(&self, m: &Model, u: usize, axis: Axis, i: usize) -> u32 {
        let base = self.line_base[u] as usize;
        self.per_line[base + i + if axis == Axis::Row { 0 } else { m.rows }]
    }

    /// The rows (columns) holding an open cell of unit `u`, as a mask: with
    /// [`Model::masks`] only.
    pub(crate) fn lines(&self, u: usize, axis: Axis) -> u128 {
        match axis {
            Axis::Row => self.spread[u].0,
            Axis::Column => self.spread[u].1,
        }
    }

    /// The first and last row (column) holding an open cell of unit `u`:
    /// without [`Model::masks`], for units [`State::in_line`] answers.
    pub(crate) fn span(&self, m: &Model, u: usize, axis: Axis) -> Option<(usize, usize)> {
        if m.masks {
            let mask = self.lines(u, axis);
            let first = mask.trailing_zeros() as usize;
            return (mask != 0).then(|| (first, 127 - mask.leading_zeros() as usize));
        }
        let n = if axis == Axis::Row { m.rows } else { m.cols };
        let first = (0..n).find(|&i| self.in_line(m, u, axis, i) > 0)?;
        let last = (first..n)
            .rev()
            .find(|&i| self.in_line(m, u, axis, i) > 0)?;
        Some((first, last))
    }

    /// The first unit from `from` on whose cells changed since the
    /// common-attacks rule last looked at it, now marked looked at.
    pub(crate) fn take_common(&mut self, from: usize) -> Option<usize> {
        let mut w = from / 64;
        let mut bits = *self.common_fresh.get(w)? & !0u64 << (from % 64);
        while bits == 0 {
            w += 1;
            bits = *self.common_fresh.get(w)?;
        }
        let u = w * 64 + bits.trailing_zeros() as usize;
        self.common_fresh[w] &= !(1 << (u % 64));
        (u < self.open.len()).then_some(u)
    }

    /// Runs the unit rules until no unit changes.
    pub(crate) fn settle(&mut self, m: &Model) -> Result<(), Conflict> {
        while let Some(u) = self.queue.pop() {
            let u = u as usize;
            self.queued[u] = false;
            let unit = &m.units[u];
            let (p, o) = (self.placed[u], self.open[u]);
            if p > unit.max || p + o < unit.min {
                return Err(Conflict);
            }
            if o == 0 {
                continue;
            }
            let fill = if p == unit.max {
                Cell::Empty
            } else if p + o == unit.min {
                Cell::Piece
            } else {
                continue;
            };
            for &c in &unit.cells {
                if self.cells[c as usize] == Cell::Open {
                    self.set(m, c as usize, fill)?;
                }
            }
        }
        Ok(())
    }

    /// Pieces a unit still needs.
    pub(crate) fn need(&self, m: &Model, u: usize) -> u32 {
        m.units[u].min.saturating_sub(self.placed[u])
    }

    /// Pieces a unit can still take.
    pub(crate) fn room(&self, m: &Model, u: usize) -> u32 {
        m.units[u].max.saturating_sub(self.placed[u])
    }

    /// The open cells of unit `u`.
    pub(crate) fn open_cells<'a>(
        &'a self,
        m: &'a Model,
        u: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        m.units[u]
            .cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.cells[c] == Cell::Open)
    }
}
