//! Star Battle Notation (SBN): one line per puzzle, as published Star
//! Battle collections and their players write them, read into a [`Game`].
//!
//! A line is, in characters of the base-64 alphabet `0-9`, `A-Z`, `a-z`,
//! `-`, `_` (values 0–63):
//!
//! - the side twice (`AA` is 10×10, `HH` 17×17);
//! - the stars per row, column and region, one digit;
//! - a flag: `e` when the player's marks follow the borders, else `W`;
//! - the region borders, 6 bits a character, padding bits first:
//!   n·(n−1) bits for the walls between horizontally neighbouring cells,
//!   row by row, then n·(n−1) for the walls between vertically neighbouring
//!   cells, column by column (1 is a wall); regions are the parts the walls
//!   leave joined;
//! - with the flag `e`, the player's cells, row by row, three a character
//!   (`16·a + 4·b + c`; 0 empty, 1 a mark, 2 a star), except that on 10×10
//!   and 11×11 boards the first cell comes first, alone, as a digit;
//! - optionally `~` and the player's move history, which is not read.

use super::share::{LABELS, bind};
use super::{CellState, Game, MAX_SIDE};
use crate::error::{Diagnostic, Kind, Source};

/// The base-64 alphabet of SBN: a character's position is its value.
const ALPHABET: &[u8; 64] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

/// One line of Star Battle Notation for a square region puzzle with `k`
/// pieces per row, column and region: the side, the stars, the flag `W`
/// and the region borders, which [`Game::from_sbn`] reads back. Errors say
/// why the puzzle has no such line (not square, a side over 63, more than
/// 9 stars, a region in two parts, which borders cannot draw).
pub fn to_sbn(problem: &crate::problem::Problem, k: usize) -> Result<String, String> {
    let n = problem.rows;
    let Some(regions) = problem.regions.as_ref().filter(|_| problem.cols == n) else {
        return Err("Star Battle Notation writes square region puzzles only".into());
    };
    if n == 0 || n >= ALPHABET.len() || k > 9 {
        return Err(format!(
            "Star Battle Notation writes sides 1 to 63 and 0 to 9 stars, not {n}×{n} with {k}"
        ));
    }
    if let Some(name) = problem.disconnected_regions().first() {
        return Err(format!(
            "region {name} is in two parts, which Star Battle Notation's borders cannot draw"
        ));
    }
    let of = |r: usize, c: usize| regions.of_cell[r * n + c];
    let across = (0..n).flat_map(|r| (0..n - 1).map(move |c| (r, c, r, c + 1)));
    let down = (0..n).flat_map(|c| (0..n - 1).map(move |r| (r, c, r + 1, c)));
    let walls: Vec<bool> = across
        .chain(down)
        .map(|(r, c, r2, c2)| of(r, c) != of(r2, c2))
        .collect();
    let mut bits = vec![false; walls.len().div_ceil(6) * 6 - walls.len()];
    bits.extend(walls);
    let side = char::from(ALPHABET[n]);
    let mut line = format!("{side}{side}{k}W");
    for six in bits.chunks(6) {
        let v = six.iter().fold(0, |v, &b| v << 1 | usize::from(b));
        line.push(char::from(ALPHABET[v]));
    }
    Ok(line)
}

/// The value of an SBN character.
fn value(c: u8) -> Option<usize> {
    ALPHABET.iter().position(|&a| a == c)
}

/// An error in an SBN line.
fn wrong(message: String) -> Diagnostic {
    Diagnostic::new(message)
        .of(Kind::Syntax)
        .with_help("an SBN line is the side twice, the stars, a flag, the borders and, after `e`, the marks, e.g. `551W0003___`")
}

impl Game {
    /// A Star Battle from one line of Star Battle Notation (see the module
    /// docs), with the player's marks and stars when the line has them (as
    /// the state, with no history). Errors say what is wrong with the line.
    pub fn from_sbn(line: &str) -> Result<Game, Diagnostic> {
        let line = line.trim();
        let line = line.split('~').next().unwrap_or_default();
        if let Some(c) = line.chars().find(|c| !c.is_ascii_graphic()) {
            return Err(wrong(format!(
                "`{}` is not a character of SBN",
                c.escape_debug()
            )));
        }
        let bytes = line.as_bytes();
        let [a, b, stars, flag, rest @ ..] = bytes else {
            return Err(wrong(format!("`{line}` is too short for an SBN line")));
        };
        let n = value(*a).filter(|_| a == b);
        let Some(n) = n.filter(|n| (1..=MAX_SIDE).contains(n)) else {
            return Err(wrong(format!(
                "`{}{}` is not a side: SBN gives it twice, `5` to `P` (5 to 25), at most {MAX_SIDE} here",
                char::from(*a),
                char::from(*b)
            )));
        };
        let Some(k) = char::from(*stars).to_digit(10) else {
            let stars = char::from(*stars);
            return Err(wrong(format!("`{stars}` is not a number of stars")));
        };
        let bits = 2 * n * (n - 1);
        let (borders, marks) = rest.split_at(bits.div_ceil(6).min(rest.len()));
        if borders.len() < bits.div_ceil(6) {
            return Err(wrong(format!(
                "the borders of a {n}×{n} board take {} characters, but the line has {}",
                bits.div_ceil(6),
                borders.len()
            )));
        }
        let walls = walls(borders, bits)?;
        let region = regions(n, &walls);
        let count = region.iter().max().map_or(0, |m| m + 1);
        if count != n {
            return Err(Diagnostic::new(format!(
                "the borders cut the {n}×{n} board into {count} regions, but a Star Battle has {n}"
            )));
        }
        let rows: Vec<String> = region
            .chunks(n)
            .map(|row| row.iter().map(|&r| char::from(LABELS[r])).collect())
            .collect();
        let picture = Source::new("<sbn>", rows.join("\n"));
        let mut game = Game::new(bind("star-battle", k as usize, picture)?)?;
        match (flag, marks) {
            (b'e', marks) => game.cells = cells(n, marks)?,
            (_, []) => {}
            (flag, _) => {
                return Err(wrong(format!(
                    "characters follow the borders, but the flag is `{}`, not `e`",
                    char::from(*flag)
                )));
            }
        }
        Ok(game)
    }
}

/// The `bits` wall bits of the border characters, padding dropped.
fn walls(borders: &[u8], bits: usize) -> Result<Vec<bool>, Diagnostic> {
    let mut walls = Vec::with_capacity(borders.len() * 6);
    for &c in borders {
        let Some(v) = value(c) else {
            let c = char::from(c);
            return Err(wrong(format!("`{c}` is not a character of SBN")));
        };
        walls.extend((0..6).rev().map(|bit| v >> bit & 1 == 1));
    }
    Ok(walls.split_off(walls.len() - bits))
}

/// Each cell's region, row-major, numbered as they are first met: the
/// parts of the board that `walls` leave joined.
fn regions(n: usize, walls: &[bool]) -> Vec<usize> {
    let (across, down) = walls.split_at(n * (n - 1));
    let open = |a: usize, b: usize| {
        let ((r, c), (r2, c2)) = ((a / n, a % n), (b / n, b % n));
        match (r == r2, c == c2) {
            (true, _) => !across[r * (n - 1) + c.min(c2)],
            _ => !down[c * (n - 1) + r.min(r2)],
        }
    };
    let mut region = vec![usize::MAX; n * n];
    let mut count = 0;
    for start in 0..n * n {
        if region[start] != usize::MAX {
            continue;
        }
        region[start] = count;
        let mut todo = vec![start];
        while let Some(cell) = todo.pop() {
            let (r, c) = (cell / n, cell % n);
            let next = [
                (c + 1 < n).then(|| cell + 1),
                (c > 0).then(|| cell - 1),
                (r + 1 < n).then(|| cell + n),
                (r > 0).then(|| cell - n),
            ];
            for other in next.into_iter().flatten() {
                if region[other] == usize::MAX && open(cell, other) {
                    region[other] = count;
                    todo.push(other);
                }
            }
        }
        count += 1;
    }
    region
}

/// The player's cells from the marks after the flag `e`.
fn cells(n: usize, marks: &[u8]) -> Result<Vec<CellState>, Diagnostic> {
    let state = |s: usize| match s {
        0 => Ok(CellState::Empty),
        1 => Ok(CellState::Mark),
        2 => Ok(CellState::Piece),
        _ => Err(wrong(format!("{s} is not a cell's state (0, 1 or 2)"))),
    };
    let first_alone = n == 10 || n == 11;
    let cells = n * n;
    let expected = usize::from(first_alone) + (cells - usize::from(first_alone)).div_ceil(3);
    if marks.len() != expected {
        return Err(wrong(format!(
            "the marks of a {n}×{n} board take {expected} characters, but the line has {}",
            marks.len()
        )));
    }
    let mut out = Vec::with_capacity(cells + 2);
    let mut rest = marks;
    if let (true, [first, tail @ ..]) = (first_alone, marks) {
        let Some(digit) = char::from(*first).to_digit(10) else {
            let first = char::from(*first);
            return Err(wrong(format!(
                "`{first}` is not a cell's state (0, 1 or 2)"
            )));
        };
        out.push(state(digit as usize)?);
        rest = tail;
    }
    for &c in rest {
        let v = value(c)
            .ok_or_else(|| wrong(format!("`{}` is not a character of SBN", char::from(c))))?;
        for s in [v / 16, v / 4 % 4, v % 4] {
            out.push(state(s)?);
        }
    }
    // The last character's padding cells.
    out.truncate(cells);
    Ok(out)
}
