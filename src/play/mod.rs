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
//! // The Queens game on a 4×4 board cut into four 2×2 regions:
//! // A A B B
//! // A A B B
//! // C C D D
//! // C C D D
//! let mut game = Game::from_picture("region-queens", 1, "AABB/AABB/CCDD/CCDD").unwrap();
//! game.click(0, 0); // Empty → Mark
//! game.click(0, 0); // Mark → Piece
//! assert_eq!(game.state(0, 0), CellState::Piece);
//! let Hint::Wrong { cells, reason } = game.hint() else { panic!() };
//! assert_eq!(cells, [(0, 0)]);
//! assert_eq!(reason, "the queen at (1,1) is wrong: it is in no solution");
//!
//! assert!(game.undo());
//! assert_eq!(game.state(0, 0), CellState::Mark);
//! // The text a page puts in its address: the puzzle and the progress.
//! assert_eq!(
//!     game.share(),
//!     "play=region-queens&regions=AABB/AABB/CCDD/CCDD&state=x.../..../..../...."
//! );
//! let again = Game::from_share(&game.share()).unwrap();
//! assert_eq!(again.state(0, 0), CellState::Mark);
//! ```
//!
//! Coordinates are 0-based `(row, col)`; the sentences in hints and
//! conflicts name cells 1-based, `(3,5)`, as the rest of placer does.

mod conflict;
mod hint;
mod moves;
pub mod sbn;
mod share;

use std::cell::OnceCell;

pub use conflict::{Conflicts, UnitConflict};
pub use hint::Hint;
pub use share::{MAX_PICTURE, MAX_SHARE};

use moves::Change;

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
    ///
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

    /// The puzzle as one line of Star Battle Notation ([`sbn::to_sbn`]).
    pub fn to_sbn(&self) -> Result<String, String> {
        sbn::to_sbn(&self.problem, self.k)
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
