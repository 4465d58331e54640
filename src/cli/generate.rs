//! `placer generate`: a new region puzzle with exactly one solution, of a
//! given grade with `--difficulty`.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};

use super::args::GenerateArgs;
use super::config::threads;
use super::{Outcome, progress, stderr_line};
use crate::generate::{Puzzle, generate_graded};
use crate::logic::grade::Grade;
use crate::output::{self, Format};
use crate::search::Solution;
use crate::spec::RuleSpec;

/// Runs `placer generate`.
pub(super) fn run(args: &GenerateArgs) -> Result<Outcome> {
    let spec = RuleSpec::resolve(&args.rules)?;
    let size = args.size;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let started = Instant::now();
    let bar = progress::spinner(true, &format!("generating a {size}×{size} puzzle"));
    let (puzzle, seed) = progress::run(bar, |_| match args.difficulty {
        None => {
            let puzzle =
                crate::generate::generate(&spec, &args.set, size, seed, threads(args.threads))?;
            Ok((puzzle, seed))
        }
        Some(want) => graded(&spec, args, seed, want),
    })?;
    say!(
        "seed {seed}: unique puzzle after {} region grids, {:.3} s",
        puzzle.evaluations,
        started.elapsed().as_secs_f64()
    );
    let mut out = super::stdout();
    // With --difficulty the grade is part of what the seed reproduces.
    let grade = args
        .difficulty
        .map_or(String::new(), |g| format!(", {}", g.name()));
    writeln!(
        out,
        "# {} {size}×{size}, seed {seed}{grade}, one solution",
        puzzle.problem.name
    )?;
    out.write_all(puzzle.picture.as_bytes())?;
    if args.solution {
        writeln!(out)?;
        let mut printer = output::sink(Format::Board, &puzzle.problem, None, &mut out)?;
        printer.write(&puzzle.solution)?;
        printer.into_result()?;
    }
    if let Some(path) = &args.svg {
        // the blank puzzle to print and play; its solution only when asked
        let blank = Solution { cells: Vec::new() };
        let shown = if args.solution {
            &puzzle.solution
        } else {
            &blank
        };
        std::fs::write(path, output::svg_document(&puzzle.problem, None, shown))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(Outcome::Done)
}

/// The library's graded puzzle, with the seed that reproduces it.
fn graded(spec: &RuleSpec, args: &GenerateArgs, seed: u64, want: Grade) -> Result<(Puzzle, u64)> {
    let found = generate_graded(
        spec,
        &args.set,
        args.size,
        seed,
        threads(args.threads),
        want,
    )?;
    stderr_line(format_args!(
        "difficulty {}: seed {} (puzzle {} of those from seed {seed})",
        want.name(),
        found.seed,
        found.tries
    ));
    Ok((found.puzzle, found.seed))
}
