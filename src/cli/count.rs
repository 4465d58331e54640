//! The row-frontier DP on the command line: the flags that reach the
//! library's method choice, its `--stats` line, and `placer table`'s
//! one-run polynomial.

use anyhow::Result;
use num_bigint::BigUint;

use super::args::MethodArgs;
use crate::engine::frontier::{self, Budget, FrontierError};
use crate::plan::Plan;
use crate::problem::Problem;
use crate::search::{self, CountOptions, Counted, Progress, SearchError};

/// The budget the flags set.
pub(super) fn budget(args: &MethodArgs) -> Budget {
    args.max_memory
        .map_or_else(Budget::default, |max_bytes| Budget { max_bytes })
}

/// A count refused for its estimate, with the flag that runs it anyway;
/// other errors as they are.
pub(super) fn refused(e: SearchError) -> anyhow::Error {
    match e.is_too_long() {
        true => anyhow::anyhow!("{e}; pass --no-estimate to count anyway"),
        false => e.into(),
    }
}

/// Says the row-frontier DP's forecast, when the count tells it (a count
/// watched with no bar).
pub(super) fn note_forecast(p: &Progress) {
    if let Progress::Forecast(f) = p {
        super::stderr_line(format_args!("note: {f}"));
    }
}

/// Says that the DP outgrew its budget, if it did.
pub(super) fn note_fell_back(fell_back: Option<&FrontierError>) {
    if let Some(e) = fell_back {
        super::stderr_line(format_args!("note: {e}; counting with the search instead"));
    }
}

/// For `placer table`: when `vary` changes nothing but `piece.count`, every
/// row comes from one DP run, forecast, refused or said as a count is.
/// Returns the counts by number of pieces.
pub(super) fn polynomial(
    first: &Plan,
    second: Option<&Problem>,
    args: &MethodArgs,
) -> Result<Option<Vec<BigUint>>> {
    let same_but_count = second.is_some_and(|p| without_count(p) == without_count(&first.problem));
    let permutation = first.engine == crate::plan::Engine::Permutation;
    if !same_but_count || !frontier::choose(&first.problem, args.method, permutation).frontier {
        return Ok(None);
    }
    let options = CountOptions {
        budget: budget(args),
        estimate: !args.no_estimate,
        ..CountOptions::default()
    };
    match search::polynomial(first, &options, note_forecast) {
        Ok(by_pieces) => Ok(Some(by_pieces)),
        Err(SearchError::Frontier(FrontierError::TooBig { .. })) => Ok(None),
        Err(e) => Err(refused(e)),
    }
}

/// `p` without its piece count and parameters (which are bound into
/// everything else, so two problems equal without them differ at most in
/// the count).
fn without_count(p: &Problem) -> Problem {
    let mut q = p.clone();
    q.piece.count = 0;
    q.params.clear();
    q
}

/// The DP's `--stats` line.
pub(super) fn print_stats(counted: &Counted, seconds: f64) {
    let Some(s) = &counted.frontier else { return };
    super::stderr_line(format_args!(
        "method: row-frontier DP ({})  parts: {} ({})  peak states: {}  peak memory: {}state tables {:.1} MiB  big integers: {}  solutions: {}  seconds: {seconds:.6}",
        counted.reason.as_deref().unwrap_or_default(),
        s.parts.len(),
        s.parts.join(", "),
        s.peak_states,
        crate::memory::peak().map_or_else(String::new, |p| format!("{:.1} MiB, ", mib(p))),
        mib(s.peak_bytes as u64),
        if s.big { "yes" } else { "no" },
        counted.count,
    ));
}

/// Bytes in MiB, for the `--stats` line.
fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}
