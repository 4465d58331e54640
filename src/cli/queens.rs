//! `placer queens N`: the built-in `queens` rules with n = N, the batch mode
//! of seed 004 (`placer queens -`), and one constructed solution for boards
//! over the search's limit.

use std::io::{self, Write};

use anyhow::{Context, Result, bail, ensure};

use super::config::{Mode, Run};
use super::{Outcome, RunArgs, progress, solve, stdin_lines};
use crate::engine::permutation::construct;
use crate::output::{self, Exact, Format, Printer, Renderer};
use crate::problem::{Bindings, Problem};
use crate::spec::RuleSpec;

/// The largest `placer queens N` that searches: counting and listing larger
/// boards would never end (rule files take boards up to `MAX_SIDE`).
const QUEENS_SEARCHED: usize = 64;

/// Runs `placer queens`.
pub(super) fn run(n: &str, args: &RunArgs) -> Result<Outcome> {
    if n == "-" {
        return batch(&Run::resolve_batch(args)?);
    }
    let n: i64 = n
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .with_context(|| format!("N must be a positive integer, got `{n}`"))?;
    let run = Run::resolve(args)?;
    if n > QUEENS_SEARCHED as i64 {
        return constructed(n, &run);
    }
    solve::solve(queens_problem(n)?, &run)
}

fn queens_problem(n: i64) -> Result<Problem> {
    let spec = RuleSpec::resolve("queens")?;
    Ok(Problem::bind(
        &spec,
        &Bindings {
            set: vec![("n".into(), n)],
            ..Bindings::default()
        },
    )?)
}

/// Boards over the search's limit: one solution by construction, for
/// `--first`, printed by the output sinks from each row's column.
fn constructed(n: i64, run: &Run) -> Result<Outcome> {
    const MAX_N: i64 = 100_000_000;
    const MAX_BOARD: i64 = 1000;
    if n > MAX_N {
        bail!(
            "N = {n} is over the {MAX_N} limit of `--first` (and the {0}×{0} limit of counting and listing)",
            QUEENS_SEARCHED
        );
    }
    if run.mode != Mode::First {
        bail!(
            "N = {n} is over the {0}×{0} limit of counting and listing; `placer queens {n} --first` finds one solution (up to N = {MAX_N})",
            QUEENS_SEARCHED
        );
    }
    let board_ok = run.format == Format::Board && n <= MAX_BOARD;
    if !(board_ok || matches!(run.format, Format::Tuple | Format::Cells | Format::Json)) {
        bail!(
            "N = {n}: print it with --format tuple, cells or json (board only up to {MAX_BOARD}, svg not at this size)"
        );
    }
    let n = n as usize;
    let cols = construct::construct(n).context("no solution exists")?;
    ensure!(
        construct::verify(&cols),
        "internal error: the constructed placement is not a solution"
    );
    // The board draws every cell and takes the problem (n ≤ MAX_BOARD
    // binds); the line formats need none, however large n is.
    let problem = match run.format {
        Format::Board => Some(queens_problem(n as i64)?),
        _ => None,
    };
    let renderer = match &problem {
        Some(problem) => Renderer::new(Format::Board, problem, None)?,
        None => Renderer::plain(run.format, n).context("internal error: not a line format")?,
    };
    let mut printer = Printer::new(renderer, io::BufWriter::new(super::stdout()));
    printer.write_rows(&cols)?;
    printer.into_result()?;
    Ok(Outcome::Done)
}

/// The seed's batch mode: one N per line, one count per line, until 0 or EOF.
fn batch(run: &Run) -> Result<Outcome> {
    let mut out = super::stdout();
    for (i, line) in stdin_lines().enumerate() {
        let line = line.with_context(|| format!("cannot read stdin line {}", i + 1))?;
        // a leading BOM (Windows editors), as every other reader strips it
        let line = if i == 0 {
            line.strip_prefix('\u{feff}').unwrap_or(&line)
        } else {
            &line
        };
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let n: i64 = text
            .parse()
            .ok()
            .filter(|&n| n >= 0)
            .with_context(|| format!("stdin line {}: `{text}` is not a board size", i + 1))?;
        if n == 0 {
            break;
        }
        if n > QUEENS_SEARCHED as i64 {
            bail!(
                "stdin line {}: N = {n} is over the {QUEENS_SEARCHED}×{QUEENS_SEARCHED} limit of counting",
                i + 1
            );
        }
        let problem = queens_problem(n).with_context(|| format!("stdin line {}", i + 1))?;
        let bar = progress::spinner(run.progress, &format!("counting n = {n}"));
        let tally = progress::run(bar, |_| problem.plan().count(run.count_options()))
            .map_err(super::count::refused)?;
        output::write_count(&mut out, run.format, &Exact::from(tally.count))?;
        out.flush()?;
    }
    Ok(Outcome::Done)
}
