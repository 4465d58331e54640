//! Hints from the player's own board: first whether a piece or a mark of the
//! player is wrong (against the solution, or against every solution when
//! there are several), then the logic engine's next step from that board.

use super::{CellState, Game};
use crate::logic::{Board, Mark, Next, Step, path};

/// What a hint says about the player's board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// The next logical step from the player's board: its technique, the
    /// cells that get a piece and those that get none, why, and the cells
    /// the reason is about (`focus`, for a page to outline). Its cells are
    /// indices `row * cols + col` ([`Game::coords`] turns them back).
    Step(Step),
    /// A piece or mark of the player's is wrong, so nothing can be deduced
    /// from the board: the cells (usually one) and why, e.g. "the queen at
    /// (3,5) is wrong: it attacks the queen at (4,6)".
    Wrong {
        /// The wrong cells, `(row, col)`.
        cells: Vec<(usize, usize)>,
        /// Why, naming cells 1-based.
        reason: String,
    },
    /// The pieces are a solution.
    Solved,
    /// No step: logic runs out here (on a puzzle with several solutions,
    /// the sentence of [`path::cannot_choose`]), or the puzzle has no
    /// solution. Why.
    Stuck(String),
}

impl Game {
    /// A hint from the player's board. A piece not in the solution (in no
    /// solution, when there are several) or a mark where the solution (every
    /// solution) has a piece is [`Hint::Wrong`], explained by the conflict
    /// it is in when it is in one; else the logic engine's next step from
    /// the player's pieces and marks, [`Hint::Solved`], or [`Hint::Stuck`].
    pub fn hint(&self) -> Hint {
        if self.solved() {
            return Hint::Solved;
        }
        let wrong = match self.solutions() {
            [] => {
                return Hint::Stuck("the puzzle has no solution: there is no hint to give".into());
            }
            [one] => self.wrong_against(one),
            _ => self.wrong_in_every(),
        };
        if let Some(wrong) = wrong {
            return wrong;
        }
        // The board was built once when the game was made: it builds again.
        let mut board = match Board::new(&self.problem) {
            Ok(board) => board,
            Err(why) => return Hint::Stuck(why),
        };
        for (mark, &state) in board.marks.iter_mut().zip(&self.cells) {
            *mark = match state {
                CellState::Empty => Mark::Open,
                CellState::Mark => Mark::Empty,
                CellState::Piece => Mark::Piece,
            };
        }
        match board.next() {
            Next::Step(step) => Hint::Step(step),
            Next::Solved => Hint::Solved,
            Next::Contradiction(why) => Hint::Stuck(format!("{why}: this board has no solution")),
            Next::OutOfLogic => Hint::Stuck(match self.solutions() {
                [a, b] => path::cannot_choose(&self.problem, &path::differ_cells(a, b)),
                _ => "logic runs out here: no technique decides another cell, so a guess is needed"
                    .into(),
            }),
        }
    }

    /// The puzzle's solution, `(row, col)` row by row (the first the search
    /// finds when there are several), found once and kept.
    pub fn solution(&self) -> Option<Vec<(usize, usize)>> {
        let first = self.solutions().first()?;
        Some(first.iter().map(|&c| self.coords(c)).collect())
    }

    /// Whether the puzzle has exactly one solution.
    pub fn unique(&self) -> bool {
        self.solutions().len() == 1
    }

    /// At most two solutions, cell indices increasing, found once.
    fn solutions(&self) -> &[Vec<usize>] {
        self.solutions.get_or_init(|| {
            let plan = self.problem.clone().plan();
            let cells =
                |s: crate::Solution| s.cells.iter().map(|&(r, c)| r * plan.cols + c).collect();
            plan.solutions(false).take(2).map(cells).collect()
        })
    }

    /// The player's cells (not fixed) in state `s`.
    fn moved(&self, s: CellState) -> Vec<usize> {
        let cells = self.cells_in(s);
        cells.into_iter().filter(|&c| !self.fixed[c]).collect()
    }

    /// The first wrong piece, else the first wrong mark, against the one
    /// solution; those in a conflict first.
    fn wrong_against(&self, solution: &[usize]) -> Option<Hint> {
        let piece = &self.problem.piece.name;
        let in_solution = |c: &usize| solution.binary_search(c).is_ok();
        let pieces: Vec<usize> = self.moved(CellState::Piece);
        let pieces: Vec<usize> = pieces.into_iter().filter(|c| !in_solution(c)).collect();
        let troubled = pieces
            .iter()
            .find_map(|&c| self.piece_trouble(c).map(|why| (c, why)));
        let first = || Some((*pieces.first()?, "it is not in the solution".to_string()));
        if let Some((cell, why)) = troubled.or_else(first) {
            return Some(self.wrong(cell, format!("the {piece} at"), why));
        }
        let marks: Vec<usize> = self.moved(CellState::Mark);
        let marks: Vec<usize> = marks.into_iter().filter(in_solution).collect();
        let there = format!("the solution has a {piece} there");
        let troubled = marks.iter().find_map(|&c| {
            let unit = self.units_of[c].iter();
            let trouble = unit.filter_map(|&u| self.unit_trouble(u)).next()?;
            Some((c, format!("{there} ({trouble})")))
        });
        let (cell, why) = troubled.or_else(|| Some((*marks.first()?, there)))?;
        Some(self.wrong(cell, "the mark at".into(), why))
    }

    /// What is wrong when the puzzle has several solutions: a conflict, else
    /// a piece in no solution or a mark where every solution has a piece,
    /// else the pieces and marks together.
    fn wrong_in_every(&self) -> Option<Hint> {
        let piece = &self.problem.piece.name;
        let conflicts = self.conflicts();
        if let Some(&(a, b)) = conflicts.attacks.first() {
            let [ra, ca, rb, cb] = [a.0 + 1, a.1 + 1, b.0 + 1, b.1 + 1];
            return Some(Hint::Wrong {
                cells: vec![a, b],
                reason: format!("the {piece}s at ({ra},{ca}) and ({rb},{cb}) attack each other"),
            });
        }
        for u in 0..self.units.len() {
            if let Some(reason) = self.unit_trouble(u) {
                let cells = self.units[u].cells.iter().filter(|&&c| !self.fixed[c]);
                let state = if self.pieces(u) > self.units[u].count {
                    CellState::Piece
                } else {
                    CellState::Mark
                };
                let cells = cells.filter(|&&c| self.cells[c] == state);
                let cells = cells.map(|&c| self.coords(c)).collect();
                return Some(Hint::Wrong { cells, reason });
            }
        }
        let (pieces, marks) = (self.moved(CellState::Piece), self.moved(CellState::Mark));
        if self.fits(&pieces, &marks) {
            return None;
        }
        if let Some(&c) = pieces.iter().find(|&&c| !self.fits(&[c], &[])) {
            let why = "it is in no solution".to_string();
            return Some(self.wrong(c, format!("the {piece} at"), why));
        }
        if let Some(&c) = marks.iter().find(|&&c| !self.fits(&[], &[c])) {
            let why = format!("every solution has a {piece} there");
            return Some(self.wrong(c, "the mark at".into(), why));
        }
        let mut cells: Vec<usize> = pieces.into_iter().chain(marks).collect();
        cells.sort_unstable();
        Some(Hint::Wrong {
            cells: cells.into_iter().map(|c| self.coords(c)).collect(),
            reason: format!(
                "these {piece}s and marks fit no solution together: take some of them back"
            ),
        })
    }

    /// `the queen at (3,5) is wrong: why`.
    fn wrong(&self, cell: usize, what: String, why: String) -> Hint {
        Hint::Wrong {
            cells: vec![self.coords(cell)],
            reason: format!("{what} {} is wrong: {why}", self.at(cell)),
        }
    }

    /// The conflict the piece on `cell` is in, in words: a piece it attacks,
    /// or a unit it is in that holds too many.
    fn piece_trouble(&self, cell: usize) -> Option<String> {
        let other = self.attacks[cell]
            .iter()
            .find(|&&b| self.cells[b] == CellState::Piece);
        if let Some(&b) = other {
            let piece = &self.problem.piece.name;
            return Some(format!("it attacks the {piece} at {}", self.at(b)));
        }
        let over = self.units_of[cell]
            .iter()
            .find(|&&u| self.pieces(u) > self.units[u].count);
        over.and_then(|&u| self.unit_trouble(u))
    }

    /// Whether some solution has pieces on `pieces` and none on `marks` (on
    /// top of the puzzle's givens and holes), by the search. The pieces must
    /// not attack each other nor overfill a unit.
    fn fits(&self, pieces: &[usize], marks: &[usize]) -> bool {
        let mut problem = self.problem.clone();
        problem.givens.extend_from_slice(pieces);
        problem.givens.sort_unstable();
        for &m in marks {
            problem.holes[m] = true;
        }
        problem.plan().first_order(false).next().is_some()
    }
}
