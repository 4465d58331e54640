//! A play session for the Play view: the library's [`Game`] (every rule of
//! play lives there) and what the page draws of it, as data: the cells'
//! states, the conflicts, solved or not, the hint, the logical path from the
//! start, and the share text for the address bar.

use placer::logic::grade::Grade;
use placer::logic::{Mark, Step, path};
use placer::play::{CellState, Game, Hint};
use serde::Serialize;

use crate::reply::Error;

/// The player's board as the page draws it.
#[derive(Debug, Serialize)]
pub struct View {
    /// `region-queens` or `star-battle`.
    pub game: String,
    /// Pieces per row, column and region.
    pub k: usize,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The piece's name.
    pub piece: String,
    /// The piece's symbol.
    pub symbol: String,
    /// Each cell's region (row-major).
    pub regions: Vec<usize>,
    /// The regions' labels.
    pub region_names: Vec<String>,
    /// Each cell's state: `.` empty, `x` a mark, `s` a piece (row-major).
    pub states: String,
    /// Cells that do not change: given pieces and holes.
    pub fixed: Vec<(usize, usize)>,
    /// Pieces that attack each other.
    pub attacks: Vec<(usize, usize)>,
    /// Units with too many pieces, by their cells.
    pub over: Vec<Vec<(usize, usize)>>,
    /// Units with too little room left, by their cells.
    pub short: Vec<Vec<(usize, usize)>>,
    /// The conflicts in words.
    pub conflicts: Vec<String>,
    /// Whether the board is the solution.
    pub solved: bool,
    /// Whether undo and redo have a move.
    pub can_undo: bool,
    /// See `can_undo`.
    pub can_redo: bool,
    /// Whether placing a piece marks what it rules out.
    pub auto_marks: bool,
    /// The share text (`play=…&k=…&regions=…&state=…`).
    pub share: String,
}

/// A hint for the page.
#[derive(Debug, Serialize)]
pub struct HintView {
    /// `step`, `wrong`, `solved` or `stuck`.
    pub kind: &'static str,
    /// The sentence.
    pub text: String,
    /// The technique's name, for a step.
    pub technique: Option<&'static str>,
    /// Its grade, for a step.
    pub grade: Option<&'static str>,
    /// Cells to place a piece on.
    pub place: Vec<(usize, usize)>,
    /// Cells to mark.
    pub exclude: Vec<(usize, usize)>,
    /// The cells the reason is about (the units involved).
    pub focus: Vec<(usize, usize)>,
    /// The wrong cells, for `wrong`.
    pub wrong: Vec<(usize, usize)>,
}

/// One step of the logical path, with the board after it.
#[derive(Debug, Serialize)]
pub struct PathStep {
    /// The technique's name.
    pub technique: &'static str,
    /// The technique in a few words.
    pub title: &'static str,
    /// Its grade.
    pub grade: &'static str,
    /// Why.
    pub reason: String,
    /// Cells that get a piece.
    pub place: Vec<(usize, usize)>,
    /// Cells that get none.
    pub exclude: Vec<(usize, usize)>,
    /// The cells the reason is about.
    pub focus: Vec<(usize, usize)>,
    /// The board after the step: `.` open, `x` empty, `s` a piece.
    pub board: String,
}

/// The logical path of the puzzle from its start.
#[derive(Debug, Serialize)]
pub struct Explained {
    /// The steps.
    pub steps: Vec<PathStep>,
    /// Whether logic alone solved it.
    pub solved: bool,
    /// Guesses where logic ran out.
    pub guesses: usize,
    /// The puzzle's grade.
    pub grade: Option<&'static str>,
    /// Why the path stops short, if it does.
    pub stuck: Option<String>,
    /// On a grid with several solutions, the library's sentence saying so
    /// (`not unique: at least 2 solutions; they differ at …`): no grade then.
    pub not_unique: Option<String>,
}

/// A session.
pub struct Play {
    game: Game,
}

impl Play {
    /// A session from a share text (`play=…&regions=…`, as the page's address has it).
    pub fn from_share(text: &str) -> Result<Play, Error> {
        Ok(Play {
            game: Game::from_share(text)?,
        })
    }

    /// A session from a line of Star Battle Notation.
    pub fn from_sbn(line: &str) -> Result<Play, Error> {
        Ok(Play {
            game: Game::from_sbn(line)?,
        })
    }

    /// A session from a regions picture.
    pub fn from_picture(game: &str, k: usize, picture: &str) -> Result<Play, Error> {
        Ok(Play {
            game: Game::from_picture(game, k, picture)?,
        })
    }

    /// The board as the page draws it.
    pub fn view(&self) -> View {
        let g = &self.game;
        let (rows, cols) = (g.rows(), g.cols());
        let cells = || (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)));
        let p = g.problem();
        let conflicts = g.conflicts();
        let mut words: Vec<String> = conflicts
            .attacks
            .iter()
            .map(|&(a, b)| {
                format!(
                    "the {}s at ({},{}) and ({},{}) attack each other",
                    p.piece().name,
                    a.0 + 1,
                    a.1 + 1,
                    b.0 + 1,
                    b.1 + 1
                )
            })
            .collect();
        for u in &conflicts.over {
            words.push(format!("{} holds {} of {}", u.name, u.pieces, u.count));
        }
        for u in &conflicts.short {
            words.push(format!(
                "{} has room for {} but needs {}",
                u.name, u.room, u.count
            ));
        }
        View {
            game: g.game().to_string(),
            k: g.k(),
            rows,
            cols,
            piece: p.piece().name.clone(),
            symbol: p.piece().symbol.to_string(),
            regions: cells().map(|(r, c)| g.region(r, c)).collect(),
            region_names: p
                .regions()
                .as_ref()
                .map(|r| r.names.clone())
                .unwrap_or_default(),
            states: cells()
                .map(|(r, c)| match g.state(r, c) {
                    CellState::Empty => '.',
                    CellState::Mark => 'x',
                    CellState::Piece => 's',
                })
                .collect(),
            fixed: cells().filter(|&(r, c)| g.fixed(r, c)).collect(),
            attacks: conflicts
                .attacks
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .collect(),
            over: conflicts.over.iter().map(|u| u.cells.clone()).collect(),
            short: conflicts.short.iter().map(|u| u.cells.clone()).collect(),
            conflicts: words,
            solved: g.solved(),
            can_undo: g.can_undo(),
            can_redo: g.can_redo(),
            auto_marks: g.auto_marks(),
            share: g.share(),
        }
    }

    /// Cycles a cell.
    pub fn click(&mut self, row: usize, col: usize) {
        self.game.click(row, col);
    }

    /// Sets cells (a drag) to `state` (`.`, `x` or `s`), as one move.
    pub fn set(&mut self, cells: &[(usize, usize)], state: char) -> Result<(), Error> {
        let to = match state {
            '.' => CellState::Empty,
            'x' => CellState::Mark,
            's' => CellState::Piece,
            other => return Err(Error::plain(format!("`{other}` is not a cell state"))),
        };
        self.game.set(cells, to);
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        self.game.undo();
    }

    /// Plays the last move taken back again.
    pub fn redo(&mut self) {
        self.game.redo();
    }

    /// Empties the board, as one move.
    pub fn reset(&mut self) {
        self.game.reset();
    }

    /// Turns automatic marks on or off.
    pub fn set_auto_marks(&mut self, on: bool) {
        self.game.set_auto_marks(on);
    }

    /// The board set to the solution: pieces on its cells and marks on the
    /// others (one move each).
    pub fn solve(&mut self) -> Result<(), Error> {
        let solution = self
            .game
            .solution()
            .ok_or_else(|| Error::plain("the puzzle has no solution"))?;
        let (rows, cols) = (self.game.rows(), self.game.cols());
        let others: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|cell| !solution.contains(cell))
            .collect();
        self.game.set(&others, CellState::Mark);
        self.game.set(&solution, CellState::Piece);
        Ok(())
    }

    /// The hint for the player's board.
    pub fn hint(&self) -> HintView {
        let coords = |cells: &[usize]| cells.iter().map(|&c| self.game.coords(c)).collect();
        let empty = HintView {
            kind: "stuck",
            text: String::new(),
            technique: None,
            grade: None,
            place: Vec::new(),
            exclude: Vec::new(),
            focus: Vec::new(),
            wrong: Vec::new(),
        };
        match self.game.hint() {
            Hint::Step(step) => HintView {
                kind: "step",
                text: step_text(&step),
                technique: Some(step.technique.name()),
                grade: Some(Grade::of(step.technique).name()),
                place: coords(&step.place),
                exclude: coords(&step.exclude),
                focus: coords(&step.focus),
                ..empty
            },
            Hint::Wrong { cells, reason } => HintView {
                kind: "wrong",
                text: reason,
                wrong: cells,
                ..empty
            },
            Hint::Solved => HintView {
                kind: "solved",
                text: "solved: every row, column and region holds its pieces".into(),
                ..empty
            },
            Hint::Stuck(why) => HintView { text: why, ..empty },
        }
    }

    /// The logical path from the puzzle's start (guessing from the solution
    /// where logic runs out), with the board after each step.
    pub fn explain(&self) -> Result<Explained, Error> {
        let problem = self.game.problem();
        let found = path::explain(problem).map_err(Error::plain)?;
        let mut board = placer::logic::Board::new(problem).map_err(Error::plain)?;
        let coords = |cells: &[usize]| cells.iter().map(|&c| problem.coords(c)).collect();
        let steps = found
            .steps
            .iter()
            .map(|step| {
                board.apply(step);
                PathStep {
                    technique: step.technique.name(),
                    title: step.technique.title(),
                    grade: Grade::of(step.technique).name(),
                    reason: step.reason.clone(),
                    place: coords(&step.place),
                    exclude: coords(&step.exclude),
                    focus: coords(&step.focus),
                    board: board
                        .marks
                        .iter()
                        .map(|m| match m {
                            Mark::Open => '.',
                            Mark::Empty => 'x',
                            Mark::Piece => 's',
                        })
                        .collect(),
                }
            })
            .collect();
        Ok(Explained {
            steps,
            solved: found.solved,
            guesses: found.guesses,
            grade: found.grade.map(Grade::name),
            not_unique: (!found.differ.is_empty())
                .then(|| path::not_unique(problem, &found.differ)),
            stuck: found.stuck,
        })
    }
}

/// A step in one sentence: what to do, and why.
fn step_text(step: &Step) -> String {
    format!("{}: {}", step.technique.title(), step.reason)
}
