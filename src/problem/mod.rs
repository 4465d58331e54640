//! What a rule file means once its parameters are bound: the board's cells,
//! holes, givens and regions, the attack relation, and the group counts. Every
//! semantic check lives here. The brute-force [`oracle`] works on this stage.

//!
//! - [`model`]: the [`Problem`] and its parts;
//! - [`geometry`]: the attack geometry, defined once for every stage;
//! - `binding`: a spec and its bindings become a problem, checked;
//! - `checks`: rules that cannot be met, givens that break them, memory;
//! - [`units`]: the counted families, derived once for every engine;
//! - `warnings`: what the rules allow but people rarely mean ([`Warning`]).

mod binding;
mod checks;
pub mod geometry;
pub mod model;
pub mod oracle;
mod picture;
pub mod units;
mod warnings;

pub use checks::Memory;
pub use geometry::{Geometry, gcd, is_connected, neighbours};
pub use model::{Family, Group, Lines, NAMED_LEAPS, Piece, Problem, Regions};
pub use picture::{Kind as PictureKind, Picture, Token};
pub use units::Bounded;
pub use warnings::Warning;

use std::sync::Arc;

use crate::error::{Diagnostic, Source};

/// Largest number of rows or columns the engine searches: a board row is a
/// bitboard of at most 16 64-bit words.
pub const MAX_SIDE: usize = 1024;

/// Most memory one search may take, in bytes: the compiled plan plus one
/// walker's stacks (a row set per board row per placed piece). Bigger
/// problems are refused when bound, not left to run out of memory.
pub const MEMORY_BUDGET: u64 = 512 << 20;

/// Errors binding a spec into a problem.
pub type ProblemError = Diagnostic;

/// What binding takes besides the spec: `--set`, `--regions`, `--cells`.
#[derive(Debug, Clone, Default)]
pub struct Bindings {
    /// Parameter overrides, in order.
    pub set: Vec<(String, i64)>,
    /// A regions picture that replaces the rule file's.
    pub regions: Option<Arc<Source>>,
    /// A cells picture that replaces the rule file's.
    pub cells: Option<Arc<Source>>,
}

#[cfg(test)]
mod tests;
