//! `placer solve`: one rule set, bound and planned, in the resolved [`Mode`];
//! `placer queens N` runs here too.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::{Result, bail};
use num_bigint::BigUint;

use super::config::{Mode, Run};
use super::step::Stepper;
use super::{BindArgs, Outcome, RunArgs, count, list, load, longrun, progress, stdin_lines};
use crate::output::{self, Exact};
use crate::plan::Method;
use crate::plan::Plan;
use crate::problem::Problem;
use crate::search::{
    self, CountOptions, Engine, Journal, ListOptions, SearchError, Solutions, Tally,
};

/// Runs `placer solve`.
pub(super) fn run(rules: &str, bind: &BindArgs, args: &RunArgs) -> Result<Outcome> {
    let run = Run::resolve(args)?;
    solve(load(rules, bind)?, &run)
}

/// Plans `problem` and runs it as `run` says.
pub(super) fn solve(problem: Problem, run: &Run) -> Result<Outcome> {
    let plan = problem.plan();
    let unique_is_plain = run.unique && plan.symmetry.order() == 1;
    let run = &Run {
        unique: run.unique && !unique_is_plain,
        ..run.clone()
    };
    if unique_is_plain {
        say!(
            "note: `{}` on this board has no symmetries (holes, givens, regions or a rectangle break them): every solution is its own class, so --unique gives the plain answer",
            plan.problem.name
        );
    }
    let counts = matches!(run.mode, Mode::Count { .. });
    let started = Instant::now();
    let mut out = io::BufWriter::new(super::stdout());
    let tally = if counts {
        match count(&plan, run, &mut out)? {
            Counted::Searched { count, nodes } => Some((count, nodes)),
            Counted::Quiet => None,
            Counted::Interrupted => return Ok(Outcome::Interrupted),
        }
    } else {
        let listing = plan.list(ListOptions {
            unique: run.unique,
            soonest: run.mode == Mode::First,
        });
        if let Some(why) = listing.unmeetable {
            say!("note: {why}, so nothing meets the rules");
            return Ok(match run.mode {
                Mode::First | Mode::Step { .. } => Outcome::NoSolution,
                _ => Outcome::Done,
            });
        }
        match run.mode {
            Mode::Step { limit } => match step(&plan, run, listing.solutions, limit, &mut out)? {
                Some(tally) => Some(listed(tally)),
                None => {
                    out.flush()?;
                    return Ok(Outcome::Interrupted);
                }
            },
            _ => Some(listed(list_solutions(
                &plan,
                run,
                listing.solutions,
                &mut out,
            )?)),
        }
    };
    out.flush()?;
    let Some((count, nodes)) = tally else {
        return Ok(Outcome::Done);
    };
    if run.stats {
        let method = counts.then(|| plan.search_method(&run.count_options()));
        print_stats(&count, nodes, started.elapsed().as_secs_f64(), method);
    }
    let wants_one = matches!(run.mode, Mode::First | Mode::Step { .. });
    Ok(if wants_one && count == BigUint::ZERO {
        Outcome::NoSolution
    } else {
        Outcome::Done
    })
}

/// `--step`: one solution at a time, until the user quits; `None` after
/// Ctrl-C at the prompt.
fn step(
    plan: &Plan,
    run: &Run,
    mut solutions: Solutions,
    limit: Option<u128>,
    out: &mut impl Write,
) -> Result<Option<Tally>> {
    let mut stepper = Stepper::new("solution", stdin_lines());
    let count = list::print(
        &plan.problem,
        run.format,
        solutions.by_ref(),
        limit,
        out,
        list::Flush::Each,
        |k| stepper.next(k),
    )?;
    stepper.finish(count, limit);
    Ok((!stepper.interrupted).then(|| Tally {
        count,
        nodes: solutions.nodes(),
    }))
}

/// What a listing found, as a count finds it.
fn listed(tally: Tally) -> (BigUint, u64) {
    (tally.count.into(), tally.nodes)
}

/// How a count ended.
enum Counted {
    /// Counted by the search, which reports statistics.
    Searched {
        /// Solutions (or classes).
        count: BigUint,
        /// Nodes visited.
        nodes: u64,
    },
    /// Counted by the row-frontier DP, which reported its own, or nothing
    /// meets the rules.
    Quiet,
    /// Ctrl-C or SIGTERM; finished work is in the checkpoint, if any.
    Interrupted,
}

/// Counts every solution (or one shard, or up to the limit) through the
/// library's count: the row-frontier DP when the method picks it, else the
/// search, with progress, the journal and Ctrl-C.
fn count(plan: &Plan, run: &Run, out: &mut impl Write) -> Result<Counted> {
    let excluded = [
        (run.unique, "--unique"),
        (run.shard.is_some(), "--shard"),
        (run.checkpoint.is_some(), "--checkpoint"),
    ]
    .into_iter()
    .find_map(|(on, flag)| on.then_some(flag));
    if let (Some(flag), Method::Frontier) = (excluded, run.method.method) {
        bail!("--method frontier counts every solution at once; it does not combine with {flag}");
    }
    let journal = (run.shard.is_some() || run.checkpoint.is_some()).then(|| Journal {
        checkpoint: run.checkpoint.clone(),
        shard: run.shard,
    });
    let options = CountOptions {
        method: run.method.method,
        budget: count::budget(&run.method),
        journal,
        ..run.count_options()
    };
    let started = Instant::now();
    let counted = if options.limit.is_some() {
        let bar = progress::spinner(run.progress, "counting");
        progress::run(bar, |_| search::count(plan, &options, |_| {}))
    } else {
        longrun::count(plan, &options, run.progress)
    };
    let counted = match counted {
        Ok(counted) => counted,
        Err(SearchError::Interrupted) => {
            match &run.checkpoint {
                Some(path) => say!(
                    "interrupted; finished parts are saved in {}: run the same command to resume",
                    path.display()
                ),
                None if plan.counts_by_frontier(&options) => {
                    say!("interrupted (the row-frontier DP keeps no finished work)")
                }
                None => say!("interrupted; pass --checkpoint FILE to keep finished work"),
            }
            return Ok(Counted::Interrupted);
        }
        Err(e) => return Err(count::refused(e)),
    };
    count::note_fell_back(counted.fell_back.as_ref());
    if let Some(why) = &counted.unmeetable {
        say!("note: {why}, so nothing meets the rules");
    }
    match counted.part.as_ref().filter(|part| part.shard.is_some()) {
        Some(part) => output::write_line(out, part)?,
        None => output::write_count(out, run.format, &exact(&counted.count)?)?,
    }
    if counted.frontier.is_some() {
        if run.stats {
            count::print_stats(&counted, started.elapsed().as_secs_f64());
        }
        return Ok(Counted::Quiet);
    }
    if counted.unmeetable.is_some() {
        return Ok(Counted::Quiet);
    }
    Ok(Counted::Searched {
        count: counted.count,
        nodes: counted.nodes,
    })
}

/// A count as an exact integer for the output.
pub(super) fn exact(count: impl std::fmt::Display) -> Result<Exact> {
    let text = count.to_string();
    Exact::new(&text)
        .ok_or_else(|| anyhow::anyhow!("internal error: the count `{text}` is not an integer"))
}

/// `--all` and `--first`: to stdout, or as SVG files into `--out DIR`.
fn list_solutions(
    plan: &Plan,
    run: &Run,
    mut solutions: Solutions,
    out: &mut impl Write,
) -> Result<Tally> {
    let limit = run.mode.limit();
    let count = match &run.out {
        Some(dir) => list::write_svg_files(&plan.problem, solutions.by_ref(), limit, dir)?,
        None => {
            let bar = progress::spinner(run.progress && run.mode == Mode::First, "searching");
            progress::run(bar, |_| {
                list::print(
                    &plan.problem,
                    run.format,
                    solutions.by_ref(),
                    limit,
                    out,
                    list::Flush::Each,
                    |_| Ok(true),
                )
            })?
        }
    };
    Ok(Tally {
        count,
        nodes: solutions.nodes(),
    })
}

/// The search's statistics on stderr, with the counting method when it counted.
fn print_stats(count: &BigUint, nodes: u64, seconds: f64, method: Option<Engine>) {
    let rate = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    let method = method.map_or(String::new(), |m| format!("  method: {}", m.name()));
    say!("nodes: {nodes}  solutions: {count}  seconds: {seconds:.6}  nodes/s: {rate:.0}{method}");
}
