//! `placer generate`: a new region puzzle with exactly one solution.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::{Context, Result};

use super::args::GenerateArgs;
use super::config::threads;
use super::{Outcome, progress};
use crate::output::{self, Format};
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
    let puzzle = progress::run(bar, |_| {
        crate::generate::generate(&spec, &args.set, size, seed, threads(args.threads))
    })?;
    say!(
        "seed {seed}: unique puzzle after {} region grids, {:.3} s",
        puzzle.evaluations,
        started.elapsed().as_secs_f64()
    );
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "# {} {size}×{size}, seed {seed}, one solution",
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
        std::fs::write(
            path,
            output::svg_document(&puzzle.problem, None, &puzzle.solution),
        )
        .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(Outcome::Done)
}
