//! Counting with the row-frontier DP when the method says so: `solve --count`
//! and `table`. Everything else counts with the search.

use anyhow::{Result, bail};
use num_bigint::BigUint;

use super::args::MethodArgs;
use crate::frontier::{self, Budget, Counted, FrontierError, Method};
use crate::plan::{Kernel, Plan};
use crate::problem::Problem;

/// The budget the flags set.
fn budget(args: &MethodArgs) -> Budget {
    args.max_memory
        .map_or_else(Budget::default, |max_bytes| Budget { max_bytes })
}

/// Whether the DP counts this plan; `excluded` names a flag the DP does not
/// serve (then the search counts, or, with `--method frontier`, an error).
fn wanted(plan: &Plan, args: &MethodArgs, excluded: Option<&str>) -> Result<Option<String>> {
    if let Some(flag) = excluded {
        if args.method == Method::Frontier {
            bail!(
                "--method frontier counts every solution at once; it does not combine with {flag}"
            );
        }
        return Ok(None);
    }
    let choice = frontier::choose(
        &plan.problem,
        args.method,
        plan.kernel == Kernel::Permutation,
    );
    Ok(choice.frontier.then_some(choice.reason))
}

/// Counts `plan` with the DP if the method picks it: `None` when the search
/// should count instead (not picked, or `auto` and over the memory budget).
pub(super) fn by_frontier(
    plan: &Plan,
    args: &MethodArgs,
    excluded: Option<&str>,
    stats: bool,
) -> Result<Option<BigUint>> {
    let Some(reason) = wanted(plan, args, excluded)? else {
        return Ok(None);
    };
    let started = std::time::Instant::now();
    match frontier::count(&plan.problem, &budget(args)) {
        Ok(counted) => {
            if stats {
                print_stats(&counted, &reason, started.elapsed().as_secs_f64());
            }
            Ok(Some(counted.count))
        }
        Err(e @ FrontierError::TooBig { .. }) if args.method == Method::Auto => {
            super::stderr_line(format_args!("note: {e}; counting with the search instead"));
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// For `placer table`: when `vary` changes nothing but `piece.count`, every
/// row comes from one DP run. Returns the counts by number of pieces.
pub(super) fn polynomial(
    first: &Plan,
    second: Option<&Problem>,
    args: &MethodArgs,
) -> Result<Option<Vec<BigUint>>> {
    let same_but_count = second.is_some_and(|p| without_count(p) == without_count(&first.problem));
    if !same_but_count || wanted(first, args, None)?.is_none() {
        return Ok(None);
    }
    match frontier::polynomial(&first.problem, &budget(args)) {
        Ok((by_pieces, _)) => Ok(Some(by_pieces)),
        Err(FrontierError::TooBig { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

fn without_count(p: &Problem) -> String {
    // The parameters are bound into everything else; the varied one may be the count.
    let mut q = p.clone();
    q.piece.count = 0;
    q.params.clear();
    format!("{q:?}")
}

fn print_stats(counted: &Counted, reason: &str, seconds: f64) {
    let s = &counted.stats;
    super::stderr_line(format_args!(
        "method: row-frontier DP ({reason})  parts: {} ({})  peak states: {}  peak memory: {:.1} MiB  big integers: {}  solutions: {}  seconds: {seconds:.6}",
        s.parts.len(),
        s.parts.join(", "),
        s.peak_states,
        s.peak_bytes as f64 / (1 << 20) as f64,
        if s.big { "yes" } else { "no" },
        counted.count,
    ));
}
