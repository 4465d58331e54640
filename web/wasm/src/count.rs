//! Counting, as `placer solve --count` does (`Method::Auto`: the
//! row-frontier DP where the library chooses it, else the plan's search),
//! on one thread, with progress: the search's subproblems are counted one by
//! one and `progress(done, total)` hears of each. The page cancels by
//! ending the worker.

use num_bigint::BigUint;
use placer::frontier::{Budget, Method};
use placer::search::{ByFrontier, SearchError};
use placer::{CountOptions, Plan};
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

/// Counts the solutions of rule text (classes with `unique`).
pub fn count(
    text: &str,
    set: &str,
    unique: bool,
    progress: &dyn Fn(usize, usize),
) -> Result<Count, Error> {
    let plan = rules::problem(text, set)?.plan();
    if let Some(why) = plan.problem.unmeetable() {
        return Ok(Count {
            count: "0".into(),
            method: "none",
            describe: "the rules cannot be met",
            reason: Some(why.to_string()),
        });
    }
    let options = CountOptions {
        threads: 1,
        unique,
        method: Method::Auto,
        budget: Budget {
            max_bytes: BUDGET_BYTES,
        },
        ..CountOptions::default()
    };
    let reason = match plan.count_by_frontier(&options).map_err(search_error)? {
        ByFrontier::Counted(counted) => {
            return Ok(Count {
                count: counted.count.to_string(),
                method: counted.method.name(),
                describe: counted.method.describe(),
                reason: counted.reason,
            });
        }
        ByFrontier::Search { reason, fell_back } => match fell_back {
            Some(e) => Some(format!("{e}; counting with the search instead")),
            None => reason,
        },
    };
    let total = search(&plan, unique, progress)?;
    let method = plan.search_method(&options);
    Ok(Count {
        count: total.to_string(),
        method: method.name(),
        describe: method.describe(),
        reason,
    })
}

/// The plan's search over its subproblems, one after another.
fn search(plan: &Plan, unique: bool, progress: &dyn Fn(usize, usize)) -> Result<BigUint, Error> {
    let parts = plan.subproblems();
    let mut total = BigUint::ZERO;
    progress(0, parts.len());
    for (i, part) in parts.iter().enumerate() {
        let tally = plan.count_subproblem(part, unique).map_err(search_error)?;
        total += tally.count;
        progress(i + 1, parts.len());
    }
    Ok(total)
}

fn search_error(e: SearchError) -> Error {
    Error::plain(e.to_string())
}
