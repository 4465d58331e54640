//! The cases of a split: each followed by the propagating search's rules
//! and probing from what they decide on the state itself, told why it
//! fails when it is dropped, and compared with the cases before it.

use super::ROUNDS;
use crate::logic::{Board, Mark, Technique, band, capacity, confine};

/// The most shared decisions [`Case::trimmed`] tries to leave out of a
/// dropped case's reason (each try follows the case again).
const TRIM: usize = 32;

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
    /// the state itself, left it no solution: why, with those decisions
    /// ([`Why::Clash`] or [`Why::Probes`]); not explained from its own
    /// marks yet.
    Refuted(Why),
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
    /// The rules and probing decide on the state itself the cell `cell`
    /// as `mark`, and the case marks it otherwise: in its emptied block
    /// (`emptied_block`), else by [`deduce`](super::deduce) (the only
    /// cell left of one of its other blocks, or a cell whose piece
    /// would leave one of them none).
    Clash {
        cell: usize,
        mark: Mark,
        emptied_block: bool,
    },
}

impl Case<'_> {
    /// Follows the case, whose emptied block is `group`, with the
    /// propagating search's rules and probing ([`Board::settled`]),
    /// starting from what they decide on the state itself (`parent`,
    /// which holds in every case): it is refuted when they leave it no
    /// solution (or `parent` decides a cell otherwise than the case),
    /// else it takes what they decide.
    pub(super) fn settle(&mut self, parent: &[Option<bool>], group: &[usize]) {
        let shared = shared(&self.board, parent);
        let start = match with(&self.board, &shared) {
            Ok(start) => start,
            Err((cell, mark)) => {
                self.fate = Fate::Refuted(Why::Clash {
                    cell,
                    mark,
                    emptied_block: group.contains(&cell),
                });
                return;
            }
        };
        match start.settled(ROUNDS) {
            Ok(known) => {
                for (c, k) in known.into_iter().enumerate() {
                    if let Some(k) = k {
                        self.board.marks[c] = mark(k);
                    }
                }
            }
            Err(emptied) => self.fate = Fate::Refuted(Why::Probes { shared, emptied }),
        }
    }

    /// Why a refuted case fails, from its own marks where they are
    /// enough: in the techniques' words when they get there up to
    /// `band-2x2`, else as the search's probes find it. Where the case
    /// fails only with what the rules and probing decide on the state
    /// itself, the reason [`settle`](Case::settle) found, which names
    /// those decisions.
    pub(super) fn explain(&mut self) {
        self.fate = match std::mem::replace(&mut self.fate, Fate::Alive) {
            Fate::Refuted(found) => Fate::Dead(self.own().unwrap_or_else(|| self.trimmed(found))),
            fate => fate,
        };
    }

    /// Why the case fails from its own marks alone, if the techniques up
    /// to `band-2x2` or the search's rules and probing find it.
    fn own(&self) -> Option<Why> {
        if let Some(words) = contradiction(self.board.clone()) {
            return Some(Why::Steps(words));
        }
        let emptied = self.board.settled(ROUNDS).err()?;
        Some(Why::Probes {
            shared: Vec::new(),
            emptied,
        })
    }

    /// `found` with the shared decisions it names cut down: each in turn
    /// is left out where the case still fails without it (at most
    /// [`TRIM`] tries), the failed trials then being those of the rest.
    fn trimmed(&self, found: Why) -> Why {
        let (mut shared, mut emptied) = match found {
            Why::Probes { shared, emptied } => (shared, emptied),
            other => return other,
        };
        let mut i = 0;
        let mut tries = 0;
        while i < shared.len() && tries < TRIM {
            tries += 1;
            let mut rest = shared.clone();
            rest.remove(i);
            match with(&self.board, &rest).map(|b| b.settled(ROUNDS)) {
                Ok(Err(fails)) => (shared, emptied) = (rest, fails),
                _ => i += 1,
            }
        }
        Why::Probes { shared, emptied }
    }

    /// Whether the case is still in play.
    pub(super) fn alive(&self) -> bool {
        matches!(self.fate, Fate::Alive)
    }
}

/// The mark of a cell decided to hold a piece (`true`) or not.
pub(super) fn mark(piece: bool) -> Mark {
    if piece { Mark::Piece } else { Mark::Empty }
}

impl Why {
    /// The words, on the case's board `b`.
    pub(super) fn words(&self, b: &Board) -> String {
        let piece = &b.problem.piece.name;
        let (shared, emptied) = match self {
            Why::Steps(words) => return words.clone(),
            &Why::Clash {
                cell,
                mark,
                emptied_block,
            } => {
                let at = b.at(cell);
                return match (mark, emptied_block) {
                    (Mark::Piece, true) => format!(
                        "the rules and trials on the state itself place a {piece} at {at}, in this empty block"
                    ),
                    (Mark::Piece, false) => format!(
                        "the rules and trials on the state itself place a {piece} at {at}, which this case empties: a {piece} there would leave one of its blocks none"
                    ),
                    _ => format!(
                        "the rules and trials on the state itself empty {at}, where this case has a {piece}: the only cell left of one of its blocks"
                    ),
                };
            }
            Why::Probes { shared, emptied } => (shared, emptied),
        };
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
            said = format!(
                "the rules and trials on the state itself {}, and with those ",
                what.join(" and ")
            );
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
            let mark = mark(k?);
            (b.marks[c] != mark).then_some((c, mark))
        })
        .collect()
}

/// `b` with the cells `marks` marked so; the first of them that `b`
/// marks otherwise already, as `Err`.
pub(super) fn with<'p>(b: &Board<'p>, marks: &[(usize, Mark)]) -> Result<Board<'p>, (usize, Mark)> {
    let mut out = b.clone();
    for &(c, m) in marks {
        if out.marks[c] != Mark::Open && out.marks[c] != m {
            return Err((c, m));
        }
        out.marks[c] = m;
    }
    Ok(out)
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
