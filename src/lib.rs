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
//!   the counting method ([`plan::Method`]);
//! - [`search`]: counting, the lazy solution iterator, and the one core every
//!   method runs on: subproblems, the parallel runner, a stop flag, shards,
//!   checkpoints and merge (see `docs/ARCHITECTURE.md`);
//!   [`kernel`]: the fast counter for one piece per row and column, with
//!   symmetry;
//! - [`output`]: one sink per format; [`export`]: DLX3 for other solvers;
//! - [`matrix`]: matrix files, optimal and K-best assignments, permanents;
//! - [`generate`]: new region puzzles with one solution; [`logic`]: the
//!   logical steps of region games, explained, and their grades; [`play`]:
//!   a play session of a region game (moves, undo, conflicts, hints, share
//!   text) for a page or another front end;
//! - [`input`]: reading files and stdin within a size limit;
//! - `cli`: the command line, which only wires these together.
//!
//! # Features
//!
//! - `cli` (default): the `cli` module and the `placer` binary, with clap,
//!   indicatif, ctrlc, console and anyhow. A library user turns it off
//!   (`placer = { version = "0.1", default-features = false }`) and depends on
//!   none of them; every stage above and [`output`] stay.
//!
//! ```
//! use placer::{Bindings, CountOptions, Problem, RuleSpec};
//!
//! let spec = RuleSpec::resolve("queens").unwrap();
//! let bindings = Bindings { set: vec![("n".into(), 8)], ..Bindings::default() };
//! let plan = Problem::bind(&spec, &bindings).unwrap().plan();
//! assert_eq!(plan.count(CountOptions::default()).unwrap().count, 92);
//!
//! // The first solution, row by row, lowest column first:
//! // Q . . . . . . .
//! // . . . . Q . . .
//! // . . . . . . . Q
//! let first = plan.first().unwrap();
//! assert_eq!(first.cells[..3], [(0, 0), (1, 4), (2, 7)]);
//! ```

#[cfg(feature = "cli")]
pub mod cli;
pub mod error;
pub mod export;
pub mod frontier;
pub mod generate;
pub mod input;
pub mod kernel;
pub mod logic;
pub mod matrix;
pub mod output;
pub mod plan;
pub mod play;
pub mod problem;
pub mod search;
pub mod spec;

pub use error::{Diagnostic, Source};
pub use plan::Plan;
pub use problem::{Bindings, Problem};
pub use search::{CountOptions, Counted, Sink, Solution, Solutions, Tally, count};
pub use spec::RuleSpec;
