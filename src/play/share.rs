//! Games from text: a regions picture as the command line reads it, and the
//! short text a page puts in its address to share a puzzle and the
//! player's progress.
//!
//! The share text is `key=value` fields joined by `&`, in this order:
//!
//! - `play`: `region-queens` or `star-battle`;
//! - `k`: stars per row, column and region (Star Battle only, default 1);
//! - `regions`: one ASCII letter per cell, rows joined by `/`;
//! - `given` (only when the puzzle has given pieces or holes): `.` a free
//!   cell, `s` a given piece, `x` a hole, rows joined by `/`;
//! - `state` (only when the player has changed a cell): `.` empty, `x` a
//!   mark, `s` a piece, rows joined by `/` (fixed cells are written `.`
//!   and read whatever they say).
//!
//! `play=star-battle&k=1&regions=AABB/AABB/CCDD/CCDD&state=.s../...x/..../....`

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{CellState, GAMES, Game, MAX_SIDE};
use crate::error::{Diagnostic, Kind, Source};
use crate::problem::{Bindings, Problem};
use crate::spec::RuleSpec;

/// The longest regions picture [`Game::from_picture`] reads, in bytes.
pub const MAX_PICTURE: usize = 64 << 10;

/// The longest share text [`Game::from_share`] reads, in bytes.
pub const MAX_SHARE: usize = 8 << 10;

/// The fields of a share text, in the order they are written.
const FIELDS: [&str; 5] = ["play", "k", "regions", "given", "state"];

/// Region labels where the picture's own are not all single ASCII letters
/// (a row of digits would read as the numeric form). A game has as many
/// regions as rows, at most [`MAX_SIDE`], fewer than these.
pub(super) const LABELS: &[u8; 52] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

impl Game {
    /// A game from a regions picture as the command line reads it (one
    /// character per cell, or the numeric form with `s` givens and `x`
    /// holes), rows separated by line breaks or `/`. `game` is
    /// `region-queens` (`k` must be 1) or `star-battle` with `k` stars per
    /// row, column and region. Errors point into the picture.
    pub fn from_picture(game: &str, k: usize, picture: &str) -> Result<Game, Diagnostic> {
        if picture.len() > MAX_PICTURE {
            return Err(Diagnostic::new(format!(
                "the picture is {} bytes, more than the {MAX_PICTURE} a game reads",
                picture.len()
            ))
            .of(Kind::TooBig));
        }
        // `/` becomes a line break (same length, so spans still fit), but not
        // in comment lines.
        let lines = picture.split('\n').map(|line| match line.trim_start() {
            comment if comment.starts_with('#') => line.to_string(),
            _ => line.replace('/', "\n"),
        });
        let text = lines.collect::<Vec<_>>().join("\n");
        Game::new(bind(game, k, Source::new("<regions>", text))?)
    }

    /// The share text of the puzzle and the player's progress (see the
    /// module docs); [`Game::from_share`] reads it back. Settings, moves and
    /// undo history are not in it.
    pub fn share(&self) -> String {
        let mut text = format!("play={}", self.game());
        if self.game() != "region-queens" {
            text += &format!("&k={}", self.k);
        }
        let names = self.problem.regions.as_ref().map(|r| &r.names[..]);
        let own = names.unwrap_or_default().iter().all(|n| {
            let b = n.as_bytes();
            b.len() == 1 && b[0].is_ascii_alphabetic()
        });
        let region = |c: usize| {
            let (r, col) = self.coords(c);
            let index = self.region(r, col);
            match names {
                Some(names) if own => names[index].clone(),
                _ => char::from(LABELS[index]).to_string(),
            }
        };
        text += &format!("&regions={}", self.rows_text(region));
        if self.fixed.contains(&true) {
            let given = |c: usize| match (self.fixed[c], self.problem.holes[c]) {
                (false, _) => ".",
                (true, true) => "x",
                (true, false) => "s",
            };
            text += &format!("&given={}", self.rows_text(given));
        }
        let changed =
            (0..self.cells.len()).any(|c| !self.fixed[c] && self.cells[c] != CellState::Empty);
        if changed {
            let state = |c: usize| match (self.fixed[c], self.cells[c]) {
                (true, _) | (false, CellState::Empty) => ".",
                (false, CellState::Mark) => "x",
                (false, CellState::Piece) => "s",
            };
            text += &format!("&state={}", self.rows_text(state));
        }
        text
    }

    /// A game from a share text (with or without a leading `#`), the
    /// player's progress included; its history starts empty. Anything that
    /// is not a share text is an error saying what is wrong, never a panic.
    pub fn from_share(text: &str) -> Result<Game, Diagnostic> {
        let text = text.strip_prefix('#').unwrap_or(text);
        let syntax = |message: String| Diagnostic::new(message).of(Kind::Syntax);
        if text.len() > MAX_SHARE {
            return Err(Diagnostic::new(format!(
                "the shared text is {} bytes, more than the {MAX_SHARE} a game takes",
                text.len()
            ))
            .of(Kind::TooBig));
        }
        if let Some(c) = text.chars().find(|c| !c.is_ascii_graphic()) {
            return Err(syntax(format!(
                "the shared text holds `{}`, which no shared game does",
                c.escape_debug()
            ))
            .with_help("a shared game is ASCII letters, digits and `=&/.` only"));
        }
        let mut fields: BTreeMap<&str, &str> = BTreeMap::new();
        for pair in text.split('&') {
            let Some((key, value)) = pair.split_once('=') else {
                return Err(syntax(format!("`{pair}` is not a field: key=value"))
                    .with_help(format!("fields: {}", FIELDS.join(", "))));
            };
            if !FIELDS.contains(&key) {
                return Err(syntax(format!("unknown field `{key}`"))
                    .with_suggestion(key, FIELDS.iter().copied()));
            }
            if fields.insert(key, value).is_some() {
                return Err(syntax(format!("the field `{key}` comes twice")));
            }
        }
        let field = |key: &str| {
            let value = fields.get(key).copied();
            value.ok_or_else(|| syntax(format!("the shared text has no `{key}` field")))
        };
        let k = match fields.get("k") {
            None => 1,
            Some(k) => k.parse::<usize>().map_err(|_| {
                syntax(format!("k = `{k}` is not a count")).with_help("k=2 for two stars")
            })?,
        };
        let regions = Source::new("<shared regions>", field("regions")?.replace('/', "\n"));
        let mut problem = bind(field("play")?, k, regions)?;
        if let Some(given) = fields.get("given") {
            let given = grid(given, &problem, "given")?;
            for (cell, symbol) in given.into_iter().enumerate() {
                match symbol {
                    '.' => {}
                    's' => problem.givens.push(cell),
                    'x' => problem.holes[cell] = true,
                    other => return Err(not_a_cell(other, "given", ".sx")),
                }
            }
            problem.givens.sort_unstable();
            problem.givens.dedup();
            if problem.givens.iter().any(|&g| problem.holes[g]) {
                return Err(Diagnostic::new("a given piece stands on a hole"));
            }
        }
        let mut game = Game::new(problem)?;
        let conflicts = game.conflicts();
        if !conflicts.attacks.is_empty() || !conflicts.over.is_empty() {
            return Err(Diagnostic::new(
                "the given pieces break the rules: some attack each other or overfill a unit",
            ));
        }
        if let Some(state) = fields.get("state") {
            let state = grid(state, &game.problem, "state")?;
            for (cell, symbol) in state.into_iter().enumerate() {
                let to = match symbol {
                    '.' => CellState::Empty,
                    'x' => CellState::Mark,
                    's' => CellState::Piece,
                    other => return Err(not_a_cell(other, "state", ".xs")),
                };
                if !game.fixed[cell] {
                    game.cells[cell] = to;
                }
            }
        }
        Ok(game)
    }

    /// The board as text, one `cell(c)` a cell, rows joined by `/`.
    fn rows_text<S: AsRef<str>>(&self, cell: impl Fn(usize) -> S) -> String {
        let row = |r: usize| {
            let cells = (0..self.cols()).map(|c| cell(r * self.cols() + c));
            cells.map(|s| s.as_ref().to_string()).collect::<String>()
        };
        let rows: Vec<String> = (0..self.rows()).map(row).collect();
        rows.join("/")
    }
}

/// The problem of `game` (`region-queens` with `k` 1, or `star-battle`) on
/// a regions picture.
pub(super) fn bind(game: &str, k: usize, regions: Arc<Source>) -> Result<Problem, Diagnostic> {
    if !GAMES.contains(&game) {
        return Err(Diagnostic::new(format!("unknown game `{game}`"))
            .with_suggestion(game, GAMES.iter().copied()));
    }
    let set = match (game, k) {
        (_, 0) => {
            return Err(Diagnostic::new("k = 0 places nothing: k is at least 1"));
        }
        (_, k) if k > MAX_SIDE => {
            return Err(
                Diagnostic::new(format!("k = {k} is more than a game's {MAX_SIDE} rows"))
                    .of(Kind::TooBig),
            );
        }
        ("region-queens", 1) => Vec::new(),
        ("region-queens", _) => {
            return Err(Diagnostic::new(format!(
                "the Queens game has one queen per row, column and region, not {k}"
            ))
            .with_help("for more, play star-battle"));
        }
        _ => vec![("k".to_string(), k as i64)],
    };
    let spec = RuleSpec::resolve(game)?;
    let bindings = Bindings {
        set,
        regions: Some(regions),
        cells: None,
    };
    Problem::bind(&spec, &bindings)
}

/// The cells of a share field, row-major, checked to fit the board.
fn grid(text: &str, problem: &Problem, name: &str) -> Result<Vec<char>, Diagnostic> {
    let rows: Vec<&str> = text.split('/').collect();
    let wrong = |message: String| Diagnostic::new(message).of(Kind::Syntax);
    if rows.len() != problem.rows {
        return Err(wrong(format!(
            "`{name}` has {} rows, but the board has {}",
            rows.len(),
            problem.rows
        )));
    }
    for (r, row) in rows.iter().enumerate() {
        if row.len() != problem.cols {
            return Err(wrong(format!(
                "row {} of `{name}` has {} cells, but the board has {} columns",
                r + 1,
                row.len(),
                problem.cols
            )));
        }
    }
    Ok(rows.iter().flat_map(|row| row.chars()).collect())
}

/// A cell of a share field that is none of `valid`.
fn not_a_cell(symbol: char, name: &str, valid: &str) -> Diagnostic {
    let valid: Vec<String> = valid.chars().map(|c| format!("`{c}`")).collect();
    Diagnostic::new(format!("`{symbol}` is not a cell of `{name}`"))
        .of(Kind::Syntax)
        .with_help(format!("cells are {}", valid.join(", ")))
}
