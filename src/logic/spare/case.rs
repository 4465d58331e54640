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
    /// The search's rules and probes, started from what they decide on
    /// the state itself, left it no solution; not explained yet.
    Refuted,
    /// Dropped: why it cannot be completed.
    Dead(Why),
}

/// Why a dropped case cannot be completed.
pub(super) enum Why {
    /// The techniques up to `band-2x2` find a contradiction in its own
    /// marks: their words.
    Steps(String),
    /// The search's rules with band counting fail on the case's marks,
    /// with the cells `shared` marked as the rules and probing decide
    /// them on the state itself (none when the case's own marks are
    /// enough) and the cells `emptied` empty: each of those is a cell
    /// where a piece failed in turn, found by probing.
    Probes {
        shared: Vec<(usize, Mark)>,
        emptied: Vec<usize>,
    },
}

impl Case<'_> {
    /// Follows the case with the propagating search's rules and probing
    /// ([`Board::settled`]), starting from what they decide on the state
    /// itself (`parent`, which holds in every case): it is refuted when
    /// they leave it no solution, else it takes what they decide.
    pub(super) fn settle(&mut self, parent: &[Option<bool>]) {
        let Some(start) = with(&self.board, &shared(&self.board, parent)) else {
            self.fate = Fate::Refuted;
            return;
        };
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
            Err(_) => self.fate = Fate::Refuted,
        }
    }

    /// Why a refuted case fails, from its own marks where they are
    /// enough: in the techniques' words when they get there up to
    /// `band-2x2`, else as the search's probes find it. Where the case
    /// fails only with what the rules and probing decide on the state
    /// itself (`parent`), those decisions are named.
    pub(super) fn explain(&mut self, parent: &[Option<bool>]) {
        if !matches!(self.fate, Fate::Refuted) {
            return;
        }
        let why = if let Some(words) = contradiction(self.board.clone()) {
            Why::Steps(words)
        } else if let Err(emptied) = self.board.settled(ROUNDS) {
            Why::Probes {
                shared: Vec::new(),
                emptied,
            }
        } else {
            let shared = shared(&self.board, parent);
            let clash: Vec<(usize, Mark)> = shared
                .iter()
                .copied()
                .filter(|&(c, m)| self.board.marks[c] != Mark::Open && self.board.marks[c] != m)
                .collect();
            let emptied = match with(&self.board, &shared) {
                Some(start) => start.settled(ROUNDS).err().unwrap_or_default(),
                None => Vec::new(),
            };
            let shared = if clash.is_empty() {
                shared
            } else {
                clash[..1].to_vec()
            };
            Why::Probes { shared, emptied }
        };
        self.fate = Fate::Dead(why);
    }

    /// Whether the case is still in play.
    pub(super) fn alive(&self) -> bool {
        matches!(self.fate, Fate::Alive)
    }
}

impl Why {
    /// The words, on the case's board `b`.
    pub(super) fn words(&self, b: &Board) -> String {
        let (shared, emptied) = match self {
            Why::Steps(words) => return words.clone(),
            Why::Probes { shared, emptied } => (shared, emptied),
        };
        let piece = &b.problem.piece.name;
        let mut said = String::new();
        if !shared.is_empty() {
            let cells = |mark| -> Vec<usize> {
                shared.iter().filter(|s| s.1 == mark).map(|s| s.0).collect()
            };
            let (place, exclude) = (cells(Mark::Piece), cells(Mark::Empty));
            let mut what = Vec::new();
            match place.len() {
                0 => {}
                1 => what.push(format!("place a {piece} at {}", b.at(place[0]))),
                _ => what.push(format!("place {piece}s at {}", b.list(&place))),
            }
            if !exclude.is_empty() {
                what.push(format!("empty {}", b.list(&exclude)));
            }
            said = format!("trials on the state itself {}", what.join(" and "));
            if shared
                .iter()
                .any(|&(c, m)| b.marks[c] != Mark::Open && b.marks[c] != m)
            {
                // the case's own marks say otherwise
                return said;
            }
            said.push_str(", and with those ");
        }
        match emptied.len() {
            0 => {}
            1 => said.push_str(&format!("a {piece} at {} fails and ", b.at(emptied[0]))),
            _ => said.push_str(&format!(
                "a {piece} fails in turn at {} and ",
                b.list(emptied)
            )),
        }
        said.push_str("the rules with band counting leave no way to complete it");
        said
    }
}

/// The cells open on `b` that `parent` decides, with their mark, and
/// those it decides otherwise than `b` (the cells in increasing order).
fn shared(b: &Board, parent: &[Option<bool>]) -> Vec<(usize, Mark)> {
    parent
        .iter()
        .enumerate()
        .filter_map(|(c, &k)| {
            let mark = match k? {
                true => Mark::Piece,
                false => Mark::Empty,
            };
            (b.marks[c] != mark).then_some((c, mark))
        })
        .collect()
}

/// `b` with the cells `marks` marked so; `None` when one of them is
/// marked otherwise already.
pub(super) fn with<'p>(b: &Board<'p>, marks: &[(usize, Mark)]) -> Option<Board<'p>> {
    let mut out = b.clone();
    for &(c, m) in marks {
        if out.marks[c] != Mark::Open && out.marks[c] != m {
            return None;
        }
        out.marks[c] = m;
    }
    Some(out)
}

/// Follows `board` with the techniques up to `band-2x2` until they find a
/// contradiction (why, after how many steps) or run out of steps (`None`).
pub(super) fn contradiction(mut board: Board) -> Option<String> {
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

/// The cells open after the shared start on which the cases kept so far
/// agree, to drop an area as soon as two of its cases left agree on none
/// (the cases after them could only narrow that).
pub(super) struct Alike<'a> {
    /// The state with what the rules and probing decide on it.
    start: &'a Board<'a>,
    /// Per cell, the mark every case kept so far gives it (`Open` when
    /// the cell is not open in `start` or two cases differ); `None`
    /// before the first case.
    marks: Option<Vec<Mark>>,
}

impl<'a> Alike<'a> {
    /// No case kept yet, on the state with what the rules and probing
    /// decide on it, `start`.
    pub(super) fn new(start: &'a Board<'a>) -> Alike<'a> {
        Alike { start, marks: None }
    }

    /// Keeps a case that is still in play; false when the cases kept
    /// (two or more) agree on no cell that is open in the start.
    pub(super) fn keep(&mut self, case: &Board) -> bool {
        let Some(marks) = &mut self.marks else {
            let open = |(&m, &c): (&Mark, &Mark)| if m == Mark::Open { c } else { Mark::Open };
            self.marks = Some(self.start.marks.iter().zip(&case.marks).map(open).collect());
            return true;
        };
        let mut any = false;
        for (m, &c) in marks.iter_mut().zip(&case.marks) {
            if *m != c {
                *m = Mark::Open;
            }
            any |= *m != Mark::Open;
        }
        any
    }
}
