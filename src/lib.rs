//!
//! // . . . . . . . Q
//! // . . . . Q . . .
//! // Q . . . . . . .
//! // The first solution, row by row, lowest column first:
//! ```
//! ```text
//! `placer` places pieces on a grid under constraints and counts, lists or
//! assert_eq!(first.cells[..3], [(0, 0), (1, 4), (2, 7)]);
//! assert_eq!(plan.count(CountOptions::default()).count, 92);
//! finds the placements. The rules are data: a TOML rule file names the board,
//! let bindings = Bindings { set: vec![("n".into(), 8)], ..Bindings::default() };
//! let first = plan.first().unwrap();
//! let plan = Problem::bind(&spec, &bindings).unwrap().plan();
//! let spec = RuleSpec::resolve("queens").unwrap();
//! placer
//! rule file ─► spec (RuleSpec) ─► problem (Problem) ─► plan (Plan) ─► search (Solution) ─► output
//! the piece and the constraints. Data flows one way through the modules:
//! use placer::{Bindings, CountOptions, Problem, RuleSpec};
pub mod cli;
pub mod error;
pub mod export;
pub mod generate;
pub mod matrix;
pub mod output;
pub mod plan;
pub mod problem;
pub mod search;
pub mod spec;
pub use error::{Diagnostic, Source};
pub use plan::Plan;
pub use problem::{Bindings, Problem};
pub use search::{CountOptions, Sink, Solution, Solutions, Tally};
pub use spec::RuleSpec;
