//! Counting, as `placer solve --count` does, through the library's one
//! entry (`placer::count` with `Method::Auto`: 0 at once when the rules
//! cannot be met, the row-frontier DP where the library chooses it, else
//! the plan's search), on one thread, with progress: `progress(done, total)`
//! hears of each part of the search, or each cell of the DP. The page
//! cancels by ending the worker.

use placer::search::Progress;
use placer::{Budget, Method};
use placer::{CountOptions, count as library_count};
use serde::Serialize;

use crate::reply::Error;
use crate::rules;

/// The DP's memory budget in the browser: a wasm32 module addresses at most
/// 4 GiB, and a tab has far less to spare.
const BUDGET_BYTES: usize = 512 << 20;

/// What a count found.
#[derive(Debug, Serialize)]
pub struct Count {
    /// The count, in decimal (it may exceed any JavaScript number).
    pub count: String,
    /// The method that counted (`permutation kernel`, `row-frontier DP`, …).
    pub method: &'static str,
    /// The method in a few words.
    pub describe: &'static str,
    /// Why the DP was or was not taken, or why the count is 0 at once.
    pub reason: Option<String>,
}

/// Counts the solutions of rule text (classes with `unique`) through the
/// library's one entry, `placer::count`, on one thread.
pub fn count(
    text: &str,
    set: &str,
    unique: bool,
    progress: &dyn Fn(usize, usize),
) -> Result<Count, Error> {
    let plan = rules::problem(text, set)?.plan();
    let options = CountOptions {
        threads: 1,
        unique,
        method: Method::Auto,
        budget: Budget {
            max_bytes: BUDGET_BYTES,
        },
        ..CountOptions::default()
    };
    let counted = library_count(&plan, &options, |p| match p {
        Progress::Parts(p) => progress(p.done, p.of),
        Progress::Cells(s) => progress(s.done, s.of),
        _ => {}
    })
    .map_err(|e| Error::plain(e.to_string()))?;
    let reason = match (counted.unmeetable, counted.fell_back) {
        (Some(why), _) => Some(why),
        (None, Some(e)) => Some(format!("{e}; counted with the search instead")),
        (None, None) => counted.reason,
    };
    Ok(Count {
        count: counted.count.to_string(),
        method: counted.engine.name(),
        describe: counted.engine.describe(),
        reason,
    })
}
