//! The capacity rule on a strip of two neighbouring rows (columns) read
//! from the open-cell masks alone: the same cover and deductions as
//! [`super::cover`] gives such cells, with no list of cells built. One line
//! is a strip whose other line has no open cell.

use super::cover::pairs;
use super::model::{Axis, Model};
use super::rules::Step;
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

    /// The fewest windows covering the strip's open cells, from the first
    /// position: see [`Strip::window`].
    fn windows<'a>(&'a self, m: &'a Model) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        let mut left = self.masks.0 | self.masks.1;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let p = left.trailing_zeros() as usize;
            left &= !(3 << p);
            Some(self.window(m, p))
        })
    }

    /// The capacity rule for `need` pieces among the strip's open cells:
    /// more than its windows is a conflict; exactly as many, and a window
    /// with one open cell holds a piece there, one with more empties the
    /// cells attacking all of them.
    pub(crate) fn tight(&self, m: &Model, st: &mut State, need: u32) -> Step {
        let cap = pairs(self.masks.0 | self.masks.1);
        if need > cap {
            return Err(Conflict);
        }
        if need < cap {
            return Ok(false);
        }
        let mut changed = false;
        for (p, q, tl) in self.windows(m) {
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
