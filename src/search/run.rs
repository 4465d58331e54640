//! The one parallel runner: every count that runs in parts (plain counts,
//! shards, resumed checkpoints) hands its parts to [`run`]. One thread runs
//! them in order without rayon; more run them on a rayon pool of exactly that
//! size, one part per task so that long parts do not hold short ones back.
//! A pool that cannot start is an error, and a stop request is honoured
//! between parts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::SearchError;

/// A stop request a caller can make while a count runs (from another thread,
/// a signal handler, a Python `KeyboardInterrupt`). Clones share one flag.
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag that is not set.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every count holding this flag to stop.
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Clears the flag, for a new run.
    pub fn clear(&self) {
        self.0.store(false, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for Stop {
    /// The same flag.
    fn eq(&self, other: &Stop) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Stop {}

/// Whether `stop` (if any) is set.
pub(crate) fn stopped(stop: Option<&Stop>) -> bool {
    stop.is_some_and(Stop::is_set)
}

/// The threads that run parts: this one alone, or a rayon pool of exactly
/// that many, built once for a count that runs its parts in many batches
/// (the rounds of [`super::rounds`]).
pub(crate) struct Runner(Option<rayon::ThreadPool>);

impl Runner {
    /// This thread for one thread, else a pool of `threads`; a pool that
    /// cannot start is an error.
    pub(crate) fn new(threads: usize) -> Result<Runner, SearchError> {
        Ok(Runner(if threads <= 1 {
            None
        } else {
            Some(pool(threads)?)
        }))
    }

    /// How many threads run the parts.
    pub(crate) fn threads(&self) -> usize {
        self.0
            .as_ref()
            .map_or(1, rayon::ThreadPool::current_num_threads)
    }

    /// Runs `work` once on each thread of the pool, and returns
    /// when every run returned.
    pub(crate) fn on_each(&self, work: impl Fn() + Sync) {
        match &self.0 {
            None => work(),
            Some(pool) => {
                pool.broadcast(|_| work());
            }
        }
    }
}

/// Runs `work` on each of `parts` on `threads` threads until all are done
/// (`Ok(true)`), `stop` is set (`Ok(false)`: parts already started finish,
/// no new one starts) or `work` fails (the first error).
pub(crate) fn run<T: Sync>(
    threads: usize,
    parts: &[T],
    stop: Option<&Stop>,
    work: impl Fn(&T) -> Result<(), SearchError> + Sync,
) -> Result<bool, SearchError> {
    run_on(&Runner::new(threads)?, parts, stop, work)
}

/// [`run`] on `runner`'s threads.
pub(crate) fn run_on<T: Sync>(
    runner: &Runner,
    parts: &[T],
    stop: Option<&Stop>,
    work: impl Fn(&T) -> Result<(), SearchError> + Sync,
) -> Result<bool, SearchError> {
    let one = |part: &T| {
        if stopped(stop) {
            return Err(SearchError::Interrupted);
        }
        work(part)
    };
    let result = match &runner.0 {
        None => parts.iter().try_for_each(one),
        Some(pool) => pool.install(|| parts.par_iter().with_max_len(1).try_for_each(one)),
    };
    match result {
        Ok(()) => Ok(true),
        Err(SearchError::Interrupted) => Ok(false),
        Err(e) => Err(e),
    }
}

/// A rayon pool of exactly `threads` threads.
fn pool(threads: usize) -> Result<rayon::ThreadPool, SearchError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SearchError::Threads {
            threads,
            reason: e.to_string(),
        })
}
