//! `placer solve`: one rule set, bound and planned, in the resolved [`Mode`];
//! `placer queens N` runs here too.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::Result;

use super::config::{Mode, Run};
use super::step::Stepper;
use super::{BindArgs, Outcome, RunArgs, count, list, load, longrun, progress, stdin_lines};
use crate::output::{self, Exact};
use crate::plan::Plan;
use crate::problem::Problem;
use crate::search::longrun::{Ended, LongRun};
use crate::search::{CountOptions, Method, Solutions, Tally};

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
    if let Some(why) = plan.problem.unmeetable().filter(|_| run.shard.is_none()) {
        say!("note: {why}, so nothing meets the rules");
        return nothing(run);
    }
    let started = Instant::now();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let tally = match run.mode {
        Mode::Count { limit: None } => match count_whole(&plan, run, &mut out)? {
            Counted::Tally(tally) => Some(tally),
            Counted::Quiet => None,
            Counted::Interrupted => return Ok(Outcome::Interrupted),
        },
        Mode::Count { limit: Some(_) } => {
            let bar = progress::spinner(run.progress, "counting");
            let tally = progress::run(bar, |_| plan.count(run.count_options()))?;
            output::write_count(&mut out, run.format, &Exact::from(tally.count))?;
            Some(tally)
        }
        Mode::All { .. } | Mode::First => Some(list_solutions(&plan, run, &mut out)?),
        Mode::Step { limit } => Some(step(&plan, run, limit, &mut out)?),
    };
    out.flush()?;
    let Some(tally) = tally else {
        return Ok(Outcome::Done);
    };
    if run.stats {
        let counted = matches!(run.mode, Mode::Count { .. });
        let method = counted.then(|| plan.search_method(&run.count_options()));
        print_stats(tally, started.elapsed().as_secs_f64(), method);
    }
    let wants_one = matches!(run.mode, Mode::First | Mode::Step { .. });
    Ok(if wants_one && tally.count == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Done
    })
}

/// The answer when nothing can meet the rules: a count of 0, or no solution.
fn nothing(run: &Run) -> Result<Outcome> {
    Ok(match run.mode {
        Mode::Count { .. } => {
            output::write_count(&mut io::stdout().lock(), run.format, &Exact::from(0))?;
            Outcome::Done
        }
        Mode::First | Mode::Step { .. } => Outcome::NoSolution,
        Mode::All { .. } => Outcome::Done,
    })
}

/// `--step`: one solution at a time, until the user quits.
fn step(plan: &Plan, run: &Run, limit: Option<u128>, out: &mut impl Write) -> Result<Tally> {
    let mut stepper = Stepper::new("solution", stdin_lines());
    let mut solutions = plan.solutions(run.unique);
    let count = list::print(
        &plan.problem,
        run.format,
        solutions.by_ref(),
        limit,
        out,
        |k| stepper.next(k),
    )?;
    stepper.finish(count, limit);
    Ok(Tally {
        count,
        nodes: solutions.nodes(),
    })
}

/// How a whole count ended.
enum Counted {
    /// Counted by the search, which reports statistics.
    Tally(Tally),
    /// Counted by the row-frontier DP, which reported its own.
    Quiet,
    /// Ctrl-C or SIGTERM; finished work is in the checkpoint, if any.
    Interrupted,
}

/// Counts every solution (or one shard): with the row-frontier DP when the
/// method picks it, else with the search's long run (progress, checkpoint,
/// Ctrl-C).
fn count_whole(plan: &Plan, run: &Run, out: &mut impl Write) -> Result<Counted> {
    let excluded = [
        (run.unique, "--unique"),
        (run.shard.is_some(), "--shard"),
        (run.checkpoint.is_some(), "--checkpoint"),
    ]
    .into_iter()
    .find_map(|(on, flag)| on.then_some(flag));
    let options = CountOptions {
        method: run.method.method,
        budget: count::budget(&run.method),
        ..run.count_options()
    };
    if let Some(n) = count::by_frontier(plan, &options, excluded, run.stats)? {
        output::write_count(out, run.format, &exact(n)?)?;
        return Ok(Counted::Quiet);
    }
    let long = LongRun {
        threads: run.threads,
        unique: run.unique,
        checkpoint: run.checkpoint.clone(),
        shard: run.shard,
        stop: None,
    };
    match longrun::count(plan, &long, run.progress)? {
        Ended::Finished(part) => {
            if part.shard.is_some() {
                output::write_line(out, &part)?;
            } else {
                output::write_count(out, run.format, &exact(&part.count)?)?;
            }
            Ok(Counted::Tally(Tally {
                count: part.count.parse().unwrap_or(u128::MAX),
                nodes: u64::try_from(part.nodes).unwrap_or(u64::MAX),
            }))
        }
        Ended::Interrupted => {
            match &run.checkpoint {
                Some(path) => say!(
                    "interrupted; finished parts are saved in {}: run the same command to resume",
                    path.display()
                ),
                None => say!("interrupted; pass --checkpoint FILE to keep finished work"),
            }
            Ok(Counted::Interrupted)
        }
    }
}

/// A count as an exact integer for the output.
pub(super) fn exact(count: impl std::fmt::Display) -> Result<Exact> {
    let text = count.to_string();
    Exact::new(&text)
        .ok_or_else(|| anyhow::anyhow!("internal error: the count `{text}` is not an integer"))
}

/// `--all` and `--first`: to stdout, or as SVG files into `--out DIR`.
fn list_solutions(plan: &Plan, run: &Run, out: &mut impl Write) -> Result<Tally> {
    let limit = run.mode.limit();
    let mut solutions = solutions(plan, run);
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

/// The solutions to print: for `--first`, in the order that finds one soonest.
fn solutions<'p>(plan: &'p Plan, run: &Run) -> Solutions<'p> {
    if run.mode == Mode::First {
        plan.first_order(run.unique)
    } else {
        plan.solutions(run.unique)
    }
}

/// The search's statistics on stderr, with the counting method when it counted.
fn print_stats(tally: Tally, seconds: f64, method: Option<Method>) {
    let rate = if seconds > 0.0 {
        tally.nodes as f64 / seconds
    } else {
        0.0
    };
    let method = method.map_or(String::new(), |m| format!("  method: {}", m.name()));
    say!(
        "nodes: {}  solutions: {}  seconds: {seconds:.6}  nodes/s: {rate:.0}{method}",
        tally.nodes,
        tally.count
    );
}
