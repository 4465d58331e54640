//! `placer_web`: the `placer` library for the browser page in `web/`, built
//! with wasm-bindgen and run in a Web Worker. It is a thin translator: each
//! export turns the page's inputs (strings and numbers) into the library's
//! types, calls the library, and answers with one JSON text, either
//! `{"ok": …}` or `{"error": {…}}` (see [`reply`]). One file per task keeps
//! every library call in one small place:
//!
//! - [`rules`]: built-in rules, rule text checked and bound, the plan;
//! - [`count`](mod@count): counting with the plan's method, with progress;
//! - [`list`]: solutions one at a time (Next/Previous);
//! - [`puzzle`]: a region picture checked: no solution, unique or several,
//!   and its grade; the blank SVG;
//! - [`generate`](mod@generate): new puzzles by size, pieces, difficulty and seed;
//! - [`play`]: a play session (`placer::play::Game`) as the Play view draws it;
//! - [`reply`]: the JSON envelope and errors with line and column.

pub mod count;
pub mod generate;
pub mod list;
pub mod play;
pub mod puzzle;
pub mod reply;
pub mod rules;

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

thread_local! {
    /// The message of the last panic, for the worker to report.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs when the module starts: keeps each panic's message, so that the
/// worker can say what went wrong instead of "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
    }));
}

/// The message of the last panic, or an empty text.
#[wasm_bindgen]
pub fn last_panic() -> String {
    PANIC.with(|p| p.borrow().clone().unwrap_or_default())
}

/// The built-in rules: `[{name, summary, text}]`.
#[wasm_bindgen]
pub fn builtins() -> String {
    reply::ok(rules::builtins())
}

/// Checks rule text with parameters (`n=8, k=2`): the board and the plan,
/// or the error with its line and column.
#[wasm_bindgen]
pub fn check_rules(text: &str, set: &str) -> String {
    reply::of(rules::check(text, set))
}

/// Counts the solutions of rule text (classes with `unique`), calling
/// `progress(done, total)` as parts of the search finish.
#[wasm_bindgen]
pub fn count(text: &str, set: &str, unique: bool, progress: &js_sys::Function) -> String {
    let report = |done: usize, total: usize| {
        let _ = progress.call2(&JsValue::NULL, &done.into(), &total.into());
    };
    reply::of(count::count(text, set, unique, &report))
}

/// The solutions of a rule text, one at a time.
#[wasm_bindgen]
pub struct Lister(list::Lister);

#[wasm_bindgen]
impl Lister {
    /// A lister for rule text with parameters; `unique` keeps one solution
    /// per symmetry class. Errors are thrown as the JSON error text.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, set: &str, unique: bool) -> Result<Lister, JsValue> {
        list::Lister::new(text, set, unique)
            .map(Lister)
            .map_err(|e| JsValue::from_str(&reply::error(e)))
    }

    /// The board the solutions are drawn on.
    pub fn board(&self) -> String {
        reply::ok(self.0.board())
    }

    /// Solution `index` (from 0), or `null` past the last.
    pub fn get(&mut self, index: usize) -> String {
        reply::ok(self.0.get(index))
    }
}

/// A region picture for `game` (`region-queens` or `star-battle` with `k`
/// pieces per unit): the board, no solution / unique / several with up to
/// two solutions, and the grade.
#[wasm_bindgen]
pub fn analyse(game: &str, k: u32, picture: &str) -> String {
    reply::of(puzzle::analyse(game, k, picture))
}

/// A blank printable SVG of a region picture.
#[wasm_bindgen]
pub fn blank_svg(game: &str, k: u32, picture: &str) -> String {
    reply::of(puzzle::blank_svg(game, k, picture))
}

/// A new puzzle with one solution: `difficulty` is empty for any, or
/// `easy`, `medium`, `hard`, `needs-guessing`; `progress(0, 1)` is called
/// when the work starts (the generator reports nothing finer).
#[wasm_bindgen]
pub fn generate(
    game: &str,
    k: u32,
    size: u32,
    seed: f64,
    difficulty: &str,
    progress: &js_sys::Function,
) -> String {
    let report = |done: usize, total: usize| {
        let _ = progress.call2(&JsValue::NULL, &done.into(), &total.into());
    };
    reply::of(generate::generate(
        game,
        k,
        size,
        seed as u64,
        difficulty,
        &report,
    ))
}

/// A play session: the library's `Game`, whose methods answer with the
/// board as the page draws it (see [`play::View`]).
#[wasm_bindgen]
pub struct Session(play::Play);

#[wasm_bindgen]
impl Session {
    /// A session from a share text (`play=GAME&k=K&regions=ROW/ROW&state=…`),
    /// or, with `game` set, from a regions picture, or with `game` `sbn`
    /// from a line of Star Battle Notation. Errors are thrown as the JSON
    /// error text.
    #[wasm_bindgen(constructor)]
    pub fn new(share: &str, game: &str, k: u32, picture: &str) -> Result<Session, JsValue> {
        let made = match game {
            "" => play::Play::from_share(share),
            "sbn" => play::Play::from_sbn(picture),
            game => play::Play::from_picture(game, k as usize, picture),
        };
        made.map(Session)
            .map_err(|e| JsValue::from_str(&reply::error(e)))
    }

    /// The board.
    pub fn view(&self) -> String {
        reply::ok(self.0.view())
    }

    /// Cycles cell (row, col), 0-based; answers with the board.
    pub fn click(&mut self, row: u32, col: u32) -> String {
        self.0.click(row as usize, col as usize);
        self.view()
    }

    /// Sets the cells `[r0, c0, r1, c1, …]` to `state` (`.`, `x`, `s`) as one move.
    pub fn set(&mut self, cells: &[u32], state: char) -> String {
        let cells: Vec<(usize, usize)> = cells
            .chunks_exact(2)
            .map(|p| (p[0] as usize, p[1] as usize))
            .collect();
        match self.0.set(&cells, state) {
            Ok(()) => self.view(),
            Err(e) => reply::error(e),
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> String {
        self.0.undo();
        self.view()
    }

    /// Plays the last move taken back again.
    pub fn redo(&mut self) -> String {
        self.0.redo();
        self.view()
    }

    /// Empties the board (one move).
    pub fn reset(&mut self) -> String {
        self.0.reset();
        self.view()
    }

    /// Turns automatic marks on or off.
    pub fn set_auto_marks(&mut self, on: bool) -> String {
        self.0.set_auto_marks(on);
        self.view()
    }

    /// Sets the board to the solution.
    pub fn solve(&mut self) -> String {
        match self.0.solve() {
            Ok(()) => self.view(),
            Err(e) => reply::error(e),
        }
    }

    /// The hint for the player's board.
    pub fn hint(&self) -> String {
        reply::ok(self.0.hint())
    }

    /// The logical path from the start, with the board after each step.
    pub fn explain(&self) -> String {
        reply::of(self.0.explain())
    }
}
