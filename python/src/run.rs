//! Long work off the interpreter: on a Rust thread, with the GIL released,
//! while the calling thread polls for signals so that Ctrl-C raises
//! `KeyboardInterrupt` at once.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use num_bigint::BigUint;
use pyo3::prelude::*;
use rayon::prelude::*;

use placer::Plan;
use placer::frontier::{self, Budget, FrontierError, Method};
use placer::plan::Kernel;

use crate::errors;

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on its own thread and waits for it without holding the GIL.
/// A signal handler that raises (Ctrl-C) sets `stop` and returns its error at
/// once; work that watches `stop` ends soon after, other work runs to its end
/// in the background and its result is dropped. A panic becomes
/// `placer.InternalError`.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("placer-worker".into())
        .spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(work)));
        })
        .map_err(|e| errors::internal(format!("cannot start a thread: {e}")))?;
    let rx = std::sync::Mutex::new(rx);
    loop {
        let received = py.detach(|| match rx.lock() {
            Ok(rx) => rx.recv_timeout(POLL),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        });
        match received {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(panic)) => return Err(errors::internal(panic_text(&panic))),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(errors::internal("the worker thread ended without a result"));
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::SeqCst);
                    return Err(e);
                }
            }
        }
    }
}

/// The message of a caught panic.
pub fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// What a count asks for.
#[derive(Debug, Clone, Copy)]
pub struct Ask {
    /// Worker threads.
    pub threads: usize,
    /// Classes under the board's symmetries instead of solutions.
    pub unique: bool,
    /// Stop counting at this many.
    pub limit: Option<u128>,
}

/// Counts the plan's solutions as `placer solve --count` does: 0 at once when
/// a group cannot be met, the row-frontier DP where it is chosen, else the
/// search over the plan's subproblems, checking `stop` between them.
/// `None` when stopped.
pub fn count(plan: &Plan, ask: Ask, stop: &AtomicBool) -> PyResult<Option<BigUint>> {
    if plan.problem.unmeetable().is_some() {
        return Ok(Some(BigUint::ZERO));
    }
    if let Some(limit) = ask.limit {
        // `..default()`: the search core is adding fields (a stop flag).
        #[allow(clippy::needless_update)]
        let options = placer::CountOptions {
            threads: ask.threads,
            limit: Some(limit),
            unique: ask.unique,
            ..placer::CountOptions::default()
        };
        return Ok(Some(plan.count(options).count.into()));
    }
    if !ask.unique {
        let permutation = plan.kernel == Kernel::Permutation;
        if frontier::choose(&plan.problem, Method::Auto, permutation).frontier {
            match frontier::count(&plan.problem, &Budget::default()) {
                Ok(counted) => return Ok(Some(counted.count)),
                Err(FrontierError::TooBig { .. }) => {}
                Err(e) => return Err(errors::too_large(e)),
            }
        }
    }
    let subs = plan.subproblems();
    let one =
        |sub| (!stop.load(Ordering::Relaxed)).then(|| plan.count_subproblem(sub, ask.unique).count);
    let add = |a: Option<u128>, b: Option<u128>| Some(a? + b?);
    let total = if ask.threads <= 1 {
        subs.iter().map(one).try_fold(0, |a, b| add(Some(a), b))
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(ask.threads)
            .build()
            .map_err(|e| errors::internal(format!("cannot start threads: {e}")))?;
        pool.install(|| subs.par_iter().map(one).reduce(|| Some(0), add))
    };
    Ok(total
        .filter(|_| !stop.load(Ordering::SeqCst))
        .map(BigUint::from))
}
