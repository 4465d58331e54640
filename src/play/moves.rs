//! The player's moves: clicks and drags, automatic marks, undo and redo.
//! A move is the list of cells it changed, each with its state before and
//! after, so that it undoes (and redoes) as one.

use super::{CellState, Game};

/// One cell changed by a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Change {
    cell: usize,
    from: CellState,
    to: CellState,
}

impl Game {
    /// Cycles a cell Empty → Mark → Piece → Empty, as one move. Fixed cells
    /// and cells off the board do not change (and make no move).
    pub fn click(&mut self, row: usize, col: usize) {
        let Some(cell) = self.cell(row, col) else {
            return;
        };
        let to = match self.cells[cell] {
            CellState::Empty => CellState::Mark,
            CellState::Mark => CellState::Piece,
            CellState::Piece => CellState::Empty,
        };
        self.play(&[cell], to);
    }

    /// Sets every listed cell to `to`, as one move (a drag that marks many
    /// cells undoes at once). Fixed cells and cells off the board are
    /// skipped; a move that changes nothing is not recorded.
    pub fn set(&mut self, cells: &[(usize, usize)], to: CellState) {
        let cells: Vec<usize> = cells.iter().filter_map(|&(r, c)| self.cell(r, c)).collect();
        self.play(&cells, to);
    }

    /// Empties every cell the player has changed, as one move (so that it
    /// can be undone).
    pub fn reset(&mut self) {
        let cells: Vec<usize> = (0..self.cells.len()).filter(|&c| !self.fixed[c]).collect();
        self.play(&cells, CellState::Empty);
    }

    /// Takes back the last move, automatic marks included. False when there
    /// is none.
    pub fn undo(&mut self) -> bool {
        let Some(changes) = self.undo.pop() else {
            return false;
        };
        for change in changes.iter().rev() {
            self.cells[change.cell] = change.from;
        }
        self.redo.push(changes);
        true
    }

    /// Plays the last move taken back again. False when there is none (a new
    /// move clears the moves taken back).
    pub fn redo(&mut self) -> bool {
        let Some(changes) = self.redo.pop() else {
            return false;
        };
        for change in &changes {
            self.cells[change.cell] = change.to;
        }
        self.undo.push(changes);
        true
    }

    /// Whether [`Game::undo`] has a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether [`Game::redo`] has a move to play again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Turns automatic marks on or off (off at the start). While on, a move
    /// that places a piece also marks every empty cell the piece attacks,
    /// and the empty cells of each unit (row, column, region) that the
    /// piece brings to its count; those marks belong to the move and undo
    /// with it. Turning it on marks nothing by itself, and removing a piece
    /// later leaves its marks.
    pub fn set_auto_marks(&mut self, on: bool) {
        self.auto_marks = on;
    }

    /// Whether automatic marks are on.
    pub fn auto_marks(&self) -> bool {
        self.auto_marks
    }

    /// The cell index of `(row, col)` if it is on the board and not fixed.
    fn cell(&self, row: usize, col: usize) -> Option<usize> {
        let on = row < self.rows() && col < self.cols();
        let cell = on.then(|| self.problem.cell(row, col))?;
        (!self.fixed[cell]).then_some(cell)
    }

    /// Sets `cells` (not fixed) to `to`, with automatic marks after any new
    /// piece, and records the changes as one move.
    fn play(&mut self, cells: &[usize], to: CellState) {
        let mut changes = Vec::new();
        for &cell in cells {
            self.change(&mut changes, cell, to);
        }
        if self.auto_marks && to == CellState::Piece {
            let mut ruled_out: Vec<usize> = Vec::new();
            for placed in changes.iter().map(|c| c.cell) {
                ruled_out.extend(&self.attacks[placed]);
                for &u in &self.units_of[placed] {
                    if self.pieces(u) == self.units[u].count {
                        ruled_out.extend(&self.units[u].cells);
                    }
                }
            }
            for cell in ruled_out {
                self.mark(&mut changes, cell);
            }
        }
        if !changes.is_empty() {
            self.undo.push(changes);
            self.redo.clear();
        }
    }

    /// Marks `cell` if it is empty and not fixed (an automatic mark).
    fn mark(&mut self, changes: &mut Vec<Change>, cell: usize) {
        if !self.fixed[cell] && self.cells[cell] == CellState::Empty {
            self.change(changes, cell, CellState::Mark);
        }
    }

    /// Sets `cell` to `to`, recording the change if there is one.
    fn change(&mut self, changes: &mut Vec<Change>, cell: usize, to: CellState) {
        let from = self.cells[cell];
        if from != to {
            self.cells[cell] = to;
            changes.push(Change { cell, from, to });
        }
    }
}
