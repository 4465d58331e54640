//! `placer generate`: a new region puzzle with exactly one solution, of a
//! given grade with `--difficulty`.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use super::args::GenerateArgs;
use super::config::threads;
use super::{Outcome, progress, stderr_line};
use crate::error::Setting;
use crate::generate::{ATTEMPTS, Puzzle};
use crate::logic::grade::Grade;
use crate::logic::path;
use crate::output::{self, Format};
use crate::spec::RuleSpec;

/// Puzzles `generate --difficulty` tries before giving up.
const DIFFICULTY_TRIES: u64 = 60;

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
    let mut out = io::stdout().lock();
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
        std::fs::write(
            path,
            output::svg_document(&puzzle.problem, None, &puzzle.solution),
        )
        .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(Outcome::Done)
}

/// The first puzzle of grade `want` among those carved for it from seeds
/// derived from `seed` (the first is `seed` itself), with its seed.
fn graded(spec: &RuleSpec, args: &GenerateArgs, seed: u64, want: Grade) -> Result<(Puzzle, u64)> {
    let (size, threads) = (args.size, threads(args.threads));
    for i in 0..DIFFICULTY_TRIES {
        let s = seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let puzzle = match crate::generate::generate_for(spec, &args.set, size, s, threads, want) {
            Ok(puzzle) => puzzle,
            // Carving found no grid that easy from this seed: more seeds
            // rarely do, and each costs as much.
            Err(e) if e.settings.contains(&Setting::Seed) => bail!(
                "no {} {size}×{size} puzzle found: the carving from seed {s} did not reach one after {ATTEMPTS} tries; try another --seed, size or --difficulty",
                want.name()
            ),
            Err(e) => return Err(e.into()),
        };
        let cells: Vec<usize> = puzzle
            .solution
            .cells
            .iter()
            .map(|&(r, c)| puzzle.problem.cell(r, c))
            .collect();
        let path = path::explain(&puzzle.problem, Some(&cells)).map_err(anyhow::Error::msg)?;
        if path.grade == Some(want) {
            stderr_line(format_args!(
                "difficulty {}: seed {s} (puzzle {} of those from seed {seed})",
                want.name(),
                i + 1
            ));
            return Ok((puzzle, s));
        }
    }
    bail!(
        "no {} {size}×{size} puzzle among the {DIFFICULTY_TRIES} generated from seed {seed}; try another --seed, size or --difficulty",
        want.name()
    )
}
