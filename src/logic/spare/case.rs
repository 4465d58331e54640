//! The cases of a split: each followed by the propagating search's rules
//! and probing from what they decide on the state itself, told why it
//! fails when it is dropped, and compared with the cases before it.

use super::ROUNDS;
use crate::logic::{Board, Mark, Technique, band, capacity, confine};

/// One case of a split: its state and how it ended.
pub(super) struct Case<'p> {
    pub(super) board: Board<'p>,
    pub(super) fate: Fate,
}

/// How a case ended.
pub(super) enum Fate {
    /// The search's rules and probes left it a solution for all they know
    /// (or it was not followed yet).
    Alive,
    /// The search's rules and probes left it no solution, not explained
    /// yet: the cells the probes emptied, in order, before that.
    Refuted(Vec<usize>),
    /// Dropped: why it cannot be completed.
    Dead(String),
}

impl Case<'_> {
    /// Follows the case with the propagating search's rules and probing
    /// ([`Board::settled`]), starting from what they decide on the state
    /// itself (`parent`, which holds in every case): it is refuted when
    /// they leave it no solution ([`Case::explain`] says why, from the
    /// case's own marks), else it takes what they decide.
    pub(super) fn settle(&mut self, parent: &[Option<bool>]) {
        let mut start = self.board.clone();
        for (c, &k) in parent.iter().enumerate() {
            let mark = match k {
                Some(true) => Mark::Piece,
                Some(false) => Mark::Empty,
                None => continue,
            };
            if start.marks[c] == Mark::Open {
                start.marks[c] = mark;
            } else if start.marks[c] != mark {
                self.fate = Fate::Refuted(Vec::new());
                return;
            }
        }
        match start.settled(ROUNDS) {
            Ok(known) => {
                for (c, k) in known.into_iter().enumerate() {
                    match k {
                        Some(true) => self.board.marks[c] = Mark::Piece,
                        Some(false) => self.board.marks[c] = Mark::Empty,
                        None => {}
                    }
                }
            }
            Err(emptied) => self.fate = Fate::Refuted(emptied),
        }
    }

    /// Why a refuted case fails: in the techniques' words when they get
    /// there up to `band-2x2`, else as the search's probes found it (the
    /// cells where a piece fails, each followed by the rules, then a
    /// contradiction).
    pub(super) fn explain(&mut self) {
        let Fate::Refuted(probed) = &self.fate else {
            return;
        };
        let piece = &self.board.problem.piece.name;
        let failed = match probed.len() {
            0 => String::new(),
            1 => format!("a {piece} at {} fails and ", self.board.at(probed[0])),
            _ => format!(
                "a {piece} fails in turn at {} and ",
                self.board.list(probed)
            ),
        };
        let why = contradiction(self.board.clone()).unwrap_or_else(|| {
            format!("{failed}the rules with band counting leave no way to complete it")
        });
        self.fate = Fate::Dead(why);
    }

    /// Whether the case is still in play.
    pub(super) fn alive(&self) -> bool {
        matches!(self.fate, Fate::Alive)
    }
}

/// Follows `board` with the techniques up to `band-2x2` until they find a
/// contradiction (why, after how many steps) or run out of steps (`None`).
fn contradiction(mut board: Board) -> Option<String> {
    let mut steps = 0;
    loop {
        let b = &board;
        if let Some(why) = b
            .contradiction()
            .or_else(|| confine::overfull(b))
            .or_else(|| capacity::overfull(b))
            .or_else(|| band::overfull(b))
        {
            let after = match steps {
                0 => String::new(),
                1 => "after 1 step, ".to_string(),
                n => format!("after {n} steps, "),
            };
            return Some(format!("{after}{why}"));
        }
        let next = board.step_up_to(Technique::BandCapacity)?;
        board.apply(&next);
        steps += 1;
    }
}

/// The open cells of a state on which the cases kept so far agree, to
/// drop an area as soon as two of its cases left agree on none (the cases
/// after them could only narrow that).
pub(super) struct Alike {
    /// Per cell, the mark every case kept so far gives it (`Open` when
    /// the cell is not open in the state or two cases differ).
    marks: Vec<Mark>,
    /// Cases kept so far.
    kept: usize,
}

impl Alike {
    /// No case kept yet, on the state `b`.
    pub(super) fn new(b: &Board) -> Alike {
        Alike {
            marks: b.marks.clone(),
            kept: 0,
        }
    }

    /// Keeps a case that is still in play; false when the cases kept
    /// (two or more) agree on no cell that is open in the state.
    pub(super) fn keep(&mut self, case: &Board) -> bool {
        self.kept += 1;
        if self.kept == 1 {
            self.marks = self
                .marks
                .iter()
                .zip(&case.marks)
                .map(|(&m, &c)| if m == Mark::Open { c } else { Mark::Open })
                .collect();
            return true;
        }
        let mut any = false;
        for (m, &c) in self.marks.iter_mut().zip(&case.marks) {
            if *m != c {
                *m = Mark::Open;
            }
            any |= *m != Mark::Open;
        }
        any
    }
}
