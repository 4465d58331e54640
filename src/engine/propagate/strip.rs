//! The capacity rule on a strip of two neighbouring rows (columns) read
//! from the open-cell masks alone: the same cover and deductions as
//! [`super::cover`] gives such cells, with no list of cells built. One line
//! is a strip whose other line has no open cell.

use super::cover::{ones, window_starts};
use super::model::{Axis, Model};
use super::rules::{Step, open_mask};
use super::state::{Cell, Conflict, State};

/// Lines `top` and `top + 1` of `axis`, with their open cells as masks
/// across the lines.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Strip {
    axis: Axis,
    top: usize,
    masks: (u128, u128),
}

impl Strip {
    /// Lines `top` and `top + 1` of `axis` with open cells `masks`; `None`
    /// unless every 2×2 window of the board is a clique with its common
    /// attackers computed ([`Model::every_window`]) and the lines exist
    /// (then [`super::cover`] decides).
    pub(crate) fn new(m: &Model, axis: Axis, top: usize, masks: (u128, u128)) -> Option<Strip> {
        let depth = match axis {
            Axis::Row => m.rows,
            Axis::Column => m.cols,
        };
        (m.every_window && top + 1 < depth).then_some(Strip { axis, top, masks })
    }

    /// The strip holding line `i` of `axis` alone, its open cells `mask`:
    /// the line and the next one, or the one before for the last line.
    pub(crate) fn line(m: &Model, axis: Axis, i: usize, mask: u128) -> Option<Strip> {
        let depth = match axis {
            Axis::Row => m.rows,
            Axis::Column => m.cols,
        };
        let top = i.min(depth.checked_sub(2)?);
        Strip::new(m, axis, top, if top == i { (mask, 0) } else { (0, mask) })
    }

    /// The window over positions `p` and `p + 1` (the last two for the
    /// last position): `p`, the window's first position and its top-left cell.
    fn window(&self, m: &Model, p: usize) -> (usize, usize, usize) {
        let (length, step, base) = match self.axis {
            Axis::Row => (m.cols, 1, self.top * m.cols),
            Axis::Column => (m.rows, m.cols, self.top),
        };
        let q = if p + 1 < length { p } else { p - 1 };
        (p, q, base + step * q)
    }

    /// Which cells of the window at position `q` (see [`Model::window_cells`])
    /// are open and not yet covered: those at position `p` onwards, where
    /// `q` is `p` or `p - 1` (as [`Strip::window`] gives them).
    fn open_in(&self, q: usize, p: usize) -> u8 {
        debug_assert!(q == p || q + 1 == p, "window {q} for position {p}");
        let (a, b) = ((self.masks.0 >> q) as u8 & 3, (self.masks.1 >> q) as u8 & 3);
        // Bits 0 and 1: the first line at `q` and `q + 1`; 2 and 3: the second.
        let mut open = a | b << 2;
        if q < p {
            open &= !0b0101;
        }
        match self.axis {
            Axis::Row => open,
            Axis::Column => {
                // The window's cells go across the lines first: swap bits 1 and 2.
                let x = (open >> 1 ^ open >> 2) & 1;
                open ^ (x << 1 | x << 2)
            }
        }
    }

    /// Of the windows starting at `starts` (bit `p` for the window
    /// [`Strip::window`] gives at position `p`), those where a tight strip
    /// may decide something: those with one open cell, and those whose open
    /// cells' common attackers hold an open cell. Every window unless the
    /// model's attacks are a king's ([`Model::king`]) and the strip's lines
    /// and those around it are units. With a king's attacks, two or more
    /// cells of a window have common attackers in the window (open ones lie
    /// on a line of the strip that is not among its units) and outside it
    /// only when they are the two cells of one line (then the two beside
    /// them on the line beyond) or of one position (then the two before
    /// them): so the windows are found from the masks, a few word
    /// operations for all of them.
    fn active(&self, m: &Model, st: &State, starts: u128) -> u128 {
        let (a, b) = self.masks;
        if !m.king {
            return starts;
        }
        let depth = match self.axis {
            Axis::Row => m.rows,
            Axis::Column => m.cols,
        };
        // The open cells of line `top + i - 1` now.
        let line = |i: usize| match (self.top + i).checked_sub(1) {
            Some(at) if at < depth => m
                .unit_of_line(self.axis, at)
                .map(|u| open_mask(st, u, self.axis)),
            _ => Some(0),
        };
        let (Some(before), Some(now_a), Some(now_b), Some(after)) =
            (line(0), line(1), line(2), line(3))
        else {
            return starts;
        };
        let (a1, b1) = (a >> 1, b >> 1);
        let two = a & a1 | a & b | a & b1 | a1 & b | a1 & b1 | b & b1;
        let single = starts & !two;
        let inner = now_a & !a | now_a >> 1 & !a1 | now_b & !b | now_b >> 1 & !b1;
        let first = starts & a & a1 & !b & !b1 & (before | before >> 1);
        let second = starts & b & b1 & !a & !a1 & (after | after >> 1);
        let across = starts & a & b & !a1 & !b1 & (now_a | now_b) << 1;
        single | starts & two & inner | first | second | across
    }

    /// The capacity rule for `need` pieces among the strip's open cells:
    /// more than its windows is a conflict; exactly as many, and a window
    /// with one open cell holds a piece there, one with more empties the
    /// cells attacking all of them.
    pub(crate) fn tight(&self, m: &Model, st: &mut State, need: u32) -> Step {
        let starts = window_starts(self.masks.0 | self.masks.1);
        let cap = ones(starts);
        if need > cap {
            return Err(Conflict);
        }
        if need < cap {
            return Ok(false);
        }
        let mut changed = false;
        let mut active = self.active(m, st, starts);
        while active != 0 {
            let (p, q, tl) = self.window(m, active.trailing_zeros() as usize);
            active &= active - 1;
            let open = self.open_in(q, p);
            let cells = m.window_cells(tl);
            if open.count_ones() == 1 {
                let one = cells[open.trailing_zeros() as usize];
                if st.cells[one] == Cell::Open {
                    st.set(m, one, Cell::Piece)?;
                    changed = true;
                }
                continue;
            }
            for &a in m.common(tl, open).unwrap_or_default() {
                if st.cells[a as usize] == Cell::Open {
                    st.set(m, a as usize, Cell::Empty)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }
}
