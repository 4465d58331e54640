//! Why a count did not give a number: the one error type of the search
//! stage, for plain counts, shards, checkpoints and merges alike.

use super::estimate::Estimate;
use crate::engine::frontier::{Forecast, FrontierError};

/// Why a count failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The worker threads could not start.
    #[error("cannot start {threads} worker threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
    /// A subproblem made from another plan (other rules, parameters or method).
    #[error(
        "subproblem {index} belongs to another plan (other rules, parameters or counting method)"
    )]
    Foreign {
        /// The subproblem's index in its own plan's split.
        index: usize,
    },
    /// The caller's stop flag was set before the count finished.
    #[error("interrupted")]
    Interrupted,
    /// The row-frontier DP could not count.
    #[error(transparent)]
    Frontier(#[from] FrontierError),
    /// The options ask for something the chosen method does not do.
    #[error("{0}")]
    Unsupported(String),
    /// The count would take far longer than anyone waits: its estimate (see
    /// [`estimate`](super::estimate())) is beyond a day.
    #[error(
        "this count would take {} on {} thread{} (a search tree of {} nodes, estimated from {} random path{} down it)",
        .0.time(),
        .0.threads,
        if .0.threads == 1 { "" } else { "s" },
        .0.size(),
        .0.paths,
        if .0.paths == 1 { "" } else { "s" }
    )]
    TooLong(Estimate),
    /// A count by the row-frontier DP would take far longer than anyone
    /// waits: the [`Forecast`] of its trial run is beyond a day.
    #[error(
        "this count by the row-frontier DP would take at least about {} ({})",
        .0.time(),
        .0.grounds()
    )]
    SweepTooLong(Forecast),
    /// A sum outgrew 128 bits.
    #[error("the count overflows 128 bits")]
    Overflow,
    /// A file could not be read or written.
    #[error("{what}")]
    Io {
        /// What was being done, naming the file.
        what: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// A checkpoint or shard result that placer does not take: from another
    /// run, damaged, of another format, incomplete. The message says which.
    #[error("{0}")]
    Refused(String),
}

impl SearchError {
    /// Whether the count was refused for its estimate ([`TooLong`] or
    /// [`SweepTooLong`]): the caller may count anyway with the estimate off.
    ///
    /// [`TooLong`]: SearchError::TooLong
    /// [`SweepTooLong`]: SearchError::SweepTooLong
    pub fn is_too_long(&self) -> bool {
        matches!(self, SearchError::TooLong(_) | SearchError::SweepTooLong(_))
    }
}
