//! What is plainly wrong on the player's board, whatever the solution:
//! pieces that attack each other, units over their count, units that can no
//! longer reach it; and whether the board is solved.

use super::{CellState, Game};
use crate::problem::Family;

/// A row, column or region in trouble, with its cells for a page to outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitConflict {
    /// Row, column or region.
    pub family: Family,
    /// Its 0-based number within the family (a region's as [`Game::region`]).
    pub index: usize,
    /// `row 3`, `column 2`, `region B`.
    pub name: String,
    /// Its cells, `(row, col)`, row by row.
    pub cells: Vec<(usize, usize)>,
    /// How many pieces it must hold.
    pub count: usize,
    /// How many it holds.
    pub pieces: usize,
    /// How many of its cells are not marked (pieces included).
    pub room: usize,
}

/// Everything plainly wrong on the player's board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conflicts {
    /// Pairs of pieces that attack each other, `(row, col)`, each pair once,
    /// the first cell before the second.
    pub attacks: Vec<((usize, usize), (usize, usize))>,
    /// Units holding more pieces than their count.
    pub over: Vec<UnitConflict>,
    /// Units that can no longer reach their count: fewer cells left
    /// unmarked than the count.
    pub short: Vec<UnitConflict>,
}

impl Conflicts {
    /// Whether nothing is wrong.
    pub fn is_empty(&self) -> bool {
        self.attacks.is_empty() && self.over.is_empty() && self.short.is_empty()
    }
}

impl Game {
    /// What is plainly wrong on the board now: pieces that attack each
    /// other, units over their count, units with too few unmarked cells.
    /// (A piece not in the solution is not a conflict: [`Game::hint`] says so.)
    pub fn conflicts(&self) -> Conflicts {
        let mut attacks = Vec::new();
        for a in self.cells_in(CellState::Piece) {
            for &b in &self.attacks[a] {
                if b > a && self.cells[b] == CellState::Piece {
                    attacks.push((self.coords(a), self.coords(b)));
                }
            }
        }
        let (mut over, mut short) = (Vec::new(), Vec::new());
        for u in 0..self.units.len() {
            let conflict = self.unit_conflict(u);
            if conflict.pieces > conflict.count {
                over.push(conflict);
            } else if conflict.room < conflict.count {
                short.push(conflict);
            }
        }
        Conflicts {
            attacks,
            over,
            short,
        }
    }

    /// Whether the pieces are a solution: every row, column and region holds
    /// its count and no two pieces attack each other. Marks do not matter.
    pub fn solved(&self) -> bool {
        let full = (0..self.units.len()).all(|u| self.pieces(u) == self.units[u].count);
        full && self.conflicts().attacks.is_empty()
    }

    /// Unit `u` as a conflict (whether it is one or not).
    pub(super) fn unit_conflict(&self, u: usize) -> UnitConflict {
        let unit = &self.units[u];
        let room = unit
            .cells
            .iter()
            .filter(|&&c| self.cells[c] != CellState::Mark)
            .count();
        UnitConflict {
            family: unit.family,
            index: unit.index,
            name: self.names[u].clone(),
            cells: unit.cells.iter().map(|&c| self.coords(c)).collect(),
            count: unit.count,
            pieces: self.pieces(u),
            room,
        }
    }

    /// Why unit `u` is a conflict, in words, if it is one.
    pub(super) fn unit_trouble(&self, u: usize) -> Option<String> {
        let c = self.unit_conflict(u);
        if c.pieces > c.count {
            return Some(format!(
                "{} holds {} but takes {}",
                c.name,
                self.pieces_word(c.pieces),
                c.count
            ));
        }
        (c.room < c.count).then(|| {
            let cells = if c.room == 1 { "cell" } else { "cells" };
            format!(
                "{} needs {} but has {} {cells} left unmarked",
                c.name,
                self.pieces_word(c.count),
                c.room
            )
        })
    }
}
