//! The engines, side by side: each counts or walks one kind of plan, and
//! the search stage ([`crate::search`]) runs whichever the plan chose under
//! one split, one runner and one error policy.
//!
//! - `rows`: row by row, lowest column first, for any rules (with or
//!   without group counts); `trail` is the placed-piece state it shares
//!   with `units`;
//! - `units`: most-constrained unit first, for region games of side at
//!   most 12;
//! - `propagate`: propagation to a fixed point after every decision, for
//!   star battles and large region games;
//! - [`permutation`]: the fast counter for one piece per row and column,
//!   with symmetry, and the explicit N-queens construction;
//! - [`frontier`]: the row-frontier DP, which counts without listing.
//!
//! `walk` puts the listing engines behind one interface and is the one
//! place a plan's method and board width pick the concrete walker.

pub mod frontier;
pub mod permutation;
pub(crate) mod propagate;
pub(crate) mod rows;
pub(crate) mod trail;
pub(crate) mod units;
pub(crate) mod walk;
