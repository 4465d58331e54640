//! Long work off the interpreter: on a Rust thread, with the GIL released,
//! while the calling thread polls for signals so that Ctrl-C raises
//! `KeyboardInterrupt` at once.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use num_bigint::BigUint;
use pyo3::prelude::*;

use placer::search::{Progress, SearchError, Stop};
use placer::{Budget, Method};
use placer::{CountOptions, Plan};

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
    stop: Stop,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    interruptible_warning(py, stop, |_| work())
}

/// [`interruptible`], where `work` may send warnings: each is given to
/// Python's `warnings` as a `PlacerWarning` on the calling thread as it
/// comes (within 50 ms); one that raises (a filter set to `error`) stops the
/// work as Ctrl-C does.
pub fn interruptible_warning<T: Send + 'static>(
    py: Python<'_>,
    stop: Stop,
    work: impl FnOnce(mpsc::Sender<String>) -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let (warn_tx, warn_rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("placer-worker".into())
        .spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(|| work(warn_tx))));
        })
        .map_err(|e| errors::internal(format!("cannot start a thread: {e}")))?;
    let rx = std::sync::Mutex::new(rx);
    loop {
        let received = py.detach(|| match rx.lock() {
            Ok(rx) => rx.recv_timeout(POLL),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        });
        while let Ok(text) = warn_rx.try_recv() {
            if let Err(e) = warn(py, &text) {
                stop.set();
                return Err(e);
            }
        }
        match received {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(panic)) => return Err(errors::internal(panic_text(&panic))),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(errors::internal("the worker thread ended without a result"));
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.set();
                    return Err(e);
                }
            }
        }
    }
}

/// Gives `text` to Python's `warnings` as a `PlacerWarning`.
fn warn(py: Python<'_>, text: &str) -> PyResult<()> {
    let class = py.import("placer._errors")?.getattr("PlacerWarning")?;
    PyErr::warn(py, &class, &std::ffi::CString::new(text)?, 2)
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
    /// Refuse a whole count whose estimate is beyond a day.
    pub estimate: bool,
}

/// Counts the plan's solutions as `placer solve --count` does, through the
/// library's one count ([`placer::count`] with `Method::Auto`), which checks
/// `stop` as it goes; the row-frontier DP's forecast, when the count says
/// it, goes to `warnings`. `None` when stopped.
pub fn count(
    plan: &Plan,
    ask: Ask,
    stop: &Stop,
    warnings: &mpsc::Sender<String>,
) -> PyResult<Option<BigUint>> {
    let options = options(ask, stop);
    let forecast = |p: &Progress| {
        if let Progress::Forecast(f) = p {
            let _ = warnings.send(f.to_string());
        }
    };
    match placer::count(plan, &options, forecast) {
        Ok(counted) => Ok(Some(counted.count)),
        Err(SearchError::Interrupted) => Ok(None),
        Err(e) if e.is_too_long() => Err(errors::too_large(format!(
            "{e}; pass estimate=False to count anyway"
        ))),
        Err(e) => Err(errors::too_large(e)),
    }
}

/// The library's count options for `ask`, stopped by `stop`.
pub fn options(ask: Ask, stop: &Stop) -> CountOptions {
    CountOptions {
        threads: ask.threads,
        limit: ask.limit,
        unique: ask.unique,
        method: Method::Auto,
        budget: Budget::default(),
        stop: Some(stop.clone()),
        journal: None,
        estimate: ask.estimate,
    }
}
