//! `placer` places pieces on a grid under constraints and counts, lists or
//! finds the placements. The rules are data: a TOML rule file names the board,
//! the piece and the constraints. Data flows one way through the modules:
//!
//! ```text
//! rule file ─► spec (RuleSpec) ─► problem (Problem) ─► plan (Plan) ─► search (Solution) ─► output
//!                                  ▲ matrix (Matrix)
//! ```
//!
//! - [`spec`]: the TOML rule file as written, with spans for errors;
//! - [`problem`]: parameters bound, pictures read, everything checked; the
//!   brute-force [`problem::oracle`];
//! - [`plan`]: the bitmask program — masks, attack boards, groups, symmetry,
//!   the engine that runs it ([`Engine`]);
//! - [`engine`]: the engines side by side — row walk, unit walk,
//!   propagating search, the permutation kernel and the row-frontier DP;
//! - [`search`]: counting ([`count`], the one entry of a count, with
//!   [`Method`] and [`CountOptions`]), the lazy solution iterator, and the one
//!   core every engine runs on: subproblems, the parallel runner, a stop
//!   flag, shards, checkpoints and merge (see `docs/ARCHITECTURE.md`);
//! - [`output`]: one sink per format; [`export`]: DLX3 for other solvers;
//! - [`matrix`]: matrix files, optimal and K-best assignments, permanents;
//! - [`generate`]: new region puzzles with one solution; [`logic`]: the
//!   logical steps of region games, explained, and their grades; [`play`]:
//!   a play session of a region game (moves, undo, conflicts, hints, share
//!   text) for a page or another front end;
//! - [`input`]: reading files and stdin within a size limit; [`memory`]: the
//!   memory the process may take (the DP's default budget) and its peak;
//! - `cli`: the command line, which only wires these together.
//!
//! # Features
//!
//! - `cli` (default): the `cli` module and the `placer` binary, with clap,
//!   indicatif, ctrlc, console and anyhow. A library user turns it off
//!   (`placer = { version = "0.1", default-features = false }`) and depends on
//!   none of them; every stage above and [`output`] stay.
//!
//! # One entry per task
//!
//! Every front end (the command line, the Python package, the page) calls
//! these and only translates its inputs and prints what comes back; each
//! entry owns its policy (see `docs/ARCHITECTURE.md`).
//!
//! | task | entry |
//! |---|---|
//! | count | [`count`] with [`CountOptions`] → [`Counted`] |
//! | solutions, first | [`Plan::list`] with [`ListOptions`] → [`Listing`] |
//! | hint | [`logic::Board::next`]; from a player's board [`play::Game::hint`] |
//! | explain, grade | [`logic::path::explain`] |
//! | check a puzzle | [`logic::check::check`] |
//! | generate | [`generate::generate`], [`generate::generate_graded`] |
//! | select | [`matrix::selections`], [`matrix::top_k`], [`matrix::assign`], [`matrix::count`] |
//!
//! Count, and list the first solutions:
//!
//! ```
//! use placer::{Bindings, CountOptions, ListOptions, Problem, RuleSpec};
//!
//! let spec = RuleSpec::resolve("queens").unwrap();
//! let bindings = Bindings { set: vec![("n".into(), 8)], ..Bindings::default() };
//! let plan = Problem::bind(&spec, &bindings).unwrap().plan();
//! let counted = placer::count(&plan, &CountOptions::default(), |_| {}).unwrap();
//! assert_eq!(counted.count, 92u32.into());
//!
//! // The first solution in search order, row by row, lowest column first:
//! // Q . . . . . . .
//! // . . . . Q . . .
//! // . . . . . . . Q
//! let mut listing = plan.list(ListOptions::default());
//! let first = listing.solutions.next().unwrap();
//! assert_eq!(first.cells[..3], [(0, 0), (1, 4), (2, 7)]);
//! ```
//!
//! A region puzzle: generate, check, hint, explain:
//!
//! ```
//! use placer::logic::{Board, Next, check::{Verdict, check}, path};
//! use placer::RuleSpec;
//!
//! let spec = RuleSpec::resolve("region-queens").unwrap();
//! let puzzle = placer::generate::generate(&spec, &[], 6, 1, 1).unwrap();
//! let found = check(&puzzle.problem.clone().plan());
//! assert_eq!(found.verdict(), Verdict::Unique);
//! let Next::Step(step) = Board::new(&puzzle.problem).unwrap().next() else {
//!     panic!("a generated puzzle starts with a step")
//! };
//! assert!(!step.reason.is_empty());
//! let explained = path::explain(&puzzle.problem).unwrap();
//! assert_eq!(explained.unique, Some(true));
//! ```
//!
//! Select: the best assignment and the count of a matrix:
//!
//! ```
//! use placer::matrix::{self, Matrix, Sense, Threads};
//!
//! let m = Matrix::parse("4,1,3\n2,0,5\n3,2,2\n").unwrap();
//! let best = matrix::assign(&m, Sense::Min).unwrap();
//! assert_eq!(best.cells, [(0, 1), (1, 0), (2, 2)]);
//! assert_eq!(best.sum, 5.0);
//! let all = matrix::count(&m, &Threads::default()).unwrap();
//! assert_eq!(all.to_string(), "6");
//! ```

#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
pub mod error;
pub mod export;
pub mod generate;
pub mod input;
pub mod logic;
pub mod matrix;
pub mod memory;
pub mod output;
pub mod plan;
pub mod play;
pub mod problem;
pub mod search;
pub mod spec;

pub use engine::frontier::Budget;
pub use error::{Diagnostic, Source};
pub use plan::{Engine, Method, Plan};
pub use problem::{Bindings, Problem};
pub use search::{
    CountOptions, Counted, ListOptions, Listing, Sink, Solution, Solutions, Tally, count,
};
pub use spec::RuleSpec;
