//! A play session of a region game (the Queens game, Star Battle): the
//! player's board, moves with undo and redo, automatic marks, conflicts,
//! "is it solved", hints from the player's own board, and a short text to
//! share it. It is the midend of Simon Tatham's game / midend / front end
//! split: a front end (the web page) only draws the [`Game`] and forwards
//! clicks to it; every rule of play lives here, tested in Rust.
//!
//! ```
//! use placer::play::{CellState, Game, Hint};
//!
//! // The Queens game on a 4×4 board cut into 4 regions, rows split by `/`.
//! let mut game = Game::from_picture("region-queens", 1, "AABB/AABB/CCDD/CCDD").unwrap();
//! assert!(!game.solved());
//! game.click(0, 1); // Empty → Mark
//! game.click(0, 1); // Mark → Piece
//! assert_eq!(game.state(0, 1), CellState::Piece);
//! assert!(game.undo());
//! assert_eq!(game.state(0, 1), CellState::Mark);
//! assert!(matches!(game.hint(), Hint::Step(_) | Hint::Wrong { .. } | Hint::Stuck(_)));
//! ```
//!
//! Coordinates are 0-based `(row, col)`; the sentences in hints and
//! conflicts name cells 1-based, `(3,5)`, as the rest of placer does.

mod conflict;
mod hint;
mod share;

use std::cell::OnceCell;

pub use conflict::{Conflicts, UnitConflict};
pub use hint::Hint;
pub use share::{MAX_PICTURE, MAX_SHARE};

use crate::error::{Diagnostic, Kind};
use crate::logic::{Board, Unit};
use crate::problem::{Family, Problem, Regions};

/// The games a session plays: their rule names.
pub const GAMES: [&str; 2] = ["region-queens", "star-battle"];

/// The largest number of rows or columns a session plays (hints and the
/// attack lists grow with the square of the cells).
pub const MAX_SIDE: usize = 32;

/// What the player has put on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CellState {
    /// Nothing.
    Empty,
    /// The player's "×": no piece here.
    Mark,
    /// A piece (a queen, a star).
    Piece,
}

/// One cell changed by a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Change {
    cell: usize,
    from: CellState,
    to: CellState,
}

/// A play session over one region puzzle: the puzzle, the player's cells,
/// the undo and redo stacks, and the settings.
#[derive(Debug, Clone)]
pub struct Game {
    /// The puzzle.
    problem: Problem,
    /// Pieces per row, column and region.
    k: usize,
    /// Rows, columns and regions, with their counts (from the logic board).
    units: Vec<Unit>,
    /// `row 3`, `region B`: each unit's name.
    names: Vec<String>,
    /// `units_of[cell]`: the units holding the cell.
    units_of: Vec<Vec<usize>>,
    /// `attacks[cell]`: the cells a piece there attacks, increasing.
    attacks: Vec<Vec<usize>>,
    /// Cells the player cannot change: given pieces and holes.
    fixed: Vec<bool>,
    /// The player's board.
    cells: Vec<CellState>,
    /// Moves done, the last on top; each undoes as one.
    undo: Vec<Vec<Change>>,
    /// Moves undone, the last undone on top.
    redo: Vec<Vec<Change>>,
    /// Whether placing a piece marks what it rules out.
    auto_marks: bool,
    /// At most two solutions of the puzzle, found once.
    solutions: OnceCell<Vec<Vec<usize>>>,
}

impl Game {
    /// A session over `problem`, its given pieces placed and its holes
    /// marked, both fixed. Refuses rules other than [`GAMES`], boards over
    /// [`MAX_SIDE`], and region pictures the logic [`Board`] refuses (with
    /// its message: no regions, too many or too few of them).
    /// Regions are numbered in the order they first appear, row by row (as
    /// a picture numbers them), so that a shared game colours alike.
    pub fn new(mut problem: Problem) -> Result<Game, Diagnostic> {
        let unsupported = |message: String| Diagnostic::new(message).of(Kind::Unsupported);
        if !GAMES.contains(&problem.name.as_str()) {
            return Err(unsupported(format!(
                "`{}` is not a game to play here: the games are {}",
                problem.name,
                GAMES.join(" and ")
            )));
        }
        if problem.rows > MAX_SIDE || problem.cols > MAX_SIDE {
            return Err(Diagnostic::new(format!(
                "the board is {}×{}, more than the {MAX_SIDE}×{MAX_SIDE} a game is played on",
                problem.rows, problem.cols
            ))
            .of(Kind::TooBig));
        }
        if let Some(regions) = &mut problem.regions {
            renumber(regions);
        }
        let board = Board::new(&problem).map_err(unsupported)?;
        let k = board
            .units
            .iter()
            .find(|u| u.family == Family::Region)
            .map_or(1, |u| u.count);
        let names = (0..board.units.len()).map(|u| board.name(u)).collect();
        let all = 0..problem.cells();
        let units_of = all.clone().map(|c| board.units_of(c).to_vec()).collect();
        let attacks = all.clone().map(|c| board.attacks(c).to_vec()).collect();
        let fixed: Vec<bool> = all
            .map(|c| problem.holes[c] || problem.givens.binary_search(&c).is_ok())
            .collect();
        let cells = (0..problem.cells())
            .map(|c| match (fixed[c], problem.holes[c]) {
                (false, _) => CellState::Empty,
                (true, true) => CellState::Mark,
                (true, false) => CellState::Piece,
            })
            .collect();
        Ok(Game {
            units: board.units,
            problem,
            k,
            names,
            units_of,
            attacks,
            fixed,
            cells,
            undo: Vec::new(),
            redo: Vec::new(),
            auto_marks: false,
            solutions: OnceCell::new(),
        })
    }

    /// The puzzle.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The game's rule name: `region-queens` or `star-battle`.
    pub fn game(&self) -> &str {
        &self.problem.name
    }

    /// Pieces per row, column and region (1 in the Queens game).
    pub fn k(&self) -> usize {
        self.k
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.problem.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.problem.cols
    }

    /// Number of regions.
    pub fn regions(&self) -> usize {
        self.units
            .iter()
            .filter(|u| u.family == Family::Region)
            .count()
    }

    /// The 0-based region of a cell, for colouring. Panics off the board.
    pub fn region(&self, row: usize, col: usize) -> usize {
        let cell = self.problem.cell(row, col);
        let of_cell = self.problem.regions.as_ref().map(|r| r.of_cell[cell]);
        // `Board::new` refused boards with a cell outside every region.
        of_cell.flatten().unwrap_or(0)
    }

    /// What the player has put on a cell. Panics off the board.
    pub fn state(&self, row: usize, col: usize) -> CellState {
        self.cells[self.problem.cell(row, col)]
    }

    /// Whether the cell belongs to the puzzle (a given piece or a hole) and
    /// does not change. Panics off the board.
    pub fn fixed(&self, row: usize, col: usize) -> bool {
        self.fixed[self.problem.cell(row, col)]
    }

    /// The `(row, col)` of a cell index `row * cols + col`, as a
    /// [`crate::logic::Step`] in a [`Hint`] numbers its cells.
    pub fn coords(&self, cell: usize) -> (usize, usize) {
        self.problem.coords(cell)
    }

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
            let placed: Vec<usize> = changes.iter().map(|c| c.cell).collect();
            for cell in placed {
                for b in self.attacks[cell].clone() {
                    self.mark(&mut changes, b);
                }
                for u in self.units_of[cell].clone() {
                    if self.pieces(u) == self.units[u].count {
                        for b in self.units[u].cells.clone() {
                            self.mark(&mut changes, b);
                        }
                    }
                }
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

    /// How many pieces unit `u` holds.
    fn pieces(&self, u: usize) -> usize {
        let cells = &self.units[u].cells;
        cells
            .iter()
            .filter(|&&c| self.cells[c] == CellState::Piece)
            .count()
    }

    /// The cells with state `s`, increasing.
    fn cells_in(&self, s: CellState) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&c| self.cells[c] == s)
            .collect()
    }

    /// `(3,5)`: a cell as the sentences name it, 1-based.
    fn at(&self, cell: usize) -> String {
        let (r, c) = self.coords(cell);
        format!("({},{})", r + 1, c + 1)
    }

    /// `1 star`, `2 queens`: the piece's name with a count.
    fn pieces_word(&self, n: usize) -> String {
        let s = if n == 1 { "" } else { "s" };
        format!("{n} {}{s}", self.problem.piece.name)
    }
}

/// Numbers the regions in the order they first appear, row by row; regions
/// without a cell keep their order after those.
fn renumber(regions: &mut Regions) {
    let mut order: Vec<usize> = Vec::new();
    for &r in regions.of_cell.iter().flatten() {
        if !order.contains(&r) {
            order.push(r);
        }
    }
    let unseen: Vec<usize> = (0..regions.names.len())
        .filter(|r| !order.contains(r))
        .collect();
    order.extend(unseen);
    let mut new = vec![0; order.len()];
    for (index, &old) in order.iter().enumerate() {
        new[old] = index;
    }
    regions.names = order
        .iter()
        .map(|&old| regions.names[old].clone())
        .collect();
    for r in regions.of_cell.iter_mut().flatten() {
        *r = new[*r];
    }
}

#[cfg(test)]
mod tests;
