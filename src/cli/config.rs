//! The flags of the solving commands, resolved once: the [`Mode`] and the
//! rest of [`Run`]. Clap refuses the clashes it can see (`--all --first`,
//! `--shard --all`, `--out --count`); [`Run::resolve`] refuses those that
//! depend on values (`--out` without `--format svg`, `--method frontier`
//! with a listing mode, `placer queens -` with flags that need one N).

use std::path::PathBuf;

use anyhow::{Result, bail};

use super::args::{MethodArgs, RunArgs};
use crate::output::Format;
use crate::plan::Method;
use crate::search::CountOptions;
use crate::search::Shard;

/// What a solving command does, from `--count`, `--all`, `--first`,
/// `--step` and `--limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `--count` (the default): the number of solutions; with `--limit K`,
    /// counting stops at K.
    Count {
        /// Where counting stops.
        limit: Option<u128>,
    },
    /// `--all`, or `--limit K` alone: every solution in search order.
    All {
        /// At most this many.
        limit: Option<u128>,
    },
    /// `--first`: one solution, found fast.
    First,
    /// `--step`: one solution at a time, until the user quits.
    Step {
        /// At most this many.
        limit: Option<u128>,
    },
}

impl Mode {
    /// The mode the flags select (clap keeps the four apart): `--limit`
    /// alone lists.
    pub fn of(all: bool, first: bool, step: bool, count: bool, limit: Option<u128>) -> Mode {
        if all {
            Mode::All { limit }
        } else if first {
            Mode::First
        } else if step {
            Mode::Step { limit }
        } else if count || limit.is_none() {
            Mode::Count { limit }
        } else {
            Mode::All { limit }
        }
    }

    /// How many solutions the mode prints or counts at most.
    pub fn limit(self) -> Option<u128> {
        match self {
            Mode::Count { limit } | Mode::All { limit } | Mode::Step { limit } => limit,
            Mode::First => Some(1),
        }
    }
}

/// The flags of `placer queens` and `placer solve`, resolved.
#[derive(Debug, Clone)]
pub struct Run {
    /// What to do.
    pub mode: Mode,
    /// Only solutions that differ under the board's symmetries.
    pub unique: bool,
    /// How solutions (and counts) print.
    pub format: Format,
    /// Worker threads, at least 1.
    pub threads: usize,
    /// Print statistics on stderr.
    pub stats: bool,
    /// Show progress on a terminal.
    pub progress: bool,
    /// Where a whole count records its finished parts.
    pub checkpoint: Option<PathBuf>,
    /// The part of a whole count to run.
    pub shard: Option<Shard>,
    /// The directory for one SVG file per solution.
    pub out: Option<PathBuf>,
    /// How to count.
    pub method: MethodArgs,
}

impl Run {
    /// Resolves the flags of a run on one board.
    pub fn resolve(args: &RunArgs) -> Result<Run> {
        let run = Run::from_args(args);
        if run.out.is_some() {
            if !matches!(run.mode, Mode::All { .. } | Mode::First) {
                bail!(
                    "--out DIR writes one SVG file per solution: add --all or --first, and --format svg"
                );
            }
            if run.format != Format::Svg {
                bail!("--out DIR writes SVG files: add --format svg");
            }
        }
        if matches!(run.mode, Mode::Count { .. }) {
            count_format(run.format)?;
        }
        if run.method.method == Method::Frontier && run.mode != (Mode::Count { limit: None }) {
            bail!(
                "--method frontier only counts: it does not combine with --all, --first, --step or --limit"
            );
        }
        Ok(run)
    }

    /// Resolves the flags of `placer queens -`, which prints one count per
    /// line: only `--count`, `--limit`, `--unique`, `-j` and `--format json`
    /// apply.
    pub fn resolve_batch(args: &RunArgs) -> Result<Run> {
        if args.shard.is_some() || args.checkpoint.is_some() {
            bail!("--shard and --checkpoint need one N, not `-`");
        }
        if args.mode.all || args.mode.first || args.mode.step || args.stats || args.out.is_some() {
            bail!(
                "`placer queens -` prints one count per line: --all, --first, --step, --stats and --out need one N, e.g. `placer queens 8 --all`"
            );
        }
        if !matches!(args.format, Format::Board | Format::Json) {
            bail!("`placer queens -` prints counts, one per line: bare, or with --format json");
        }
        Ok(Run {
            mode: Mode::Count {
                limit: args.mode.limit,
            },
            ..Run::from_args(args)
        })
    }

    fn from_args(args: &RunArgs) -> Run {
        Run {
            mode: args.mode.mode(),
            unique: args.unique,
            format: args.format,
            threads: threads(args.threads),
            stats: args.stats,
            progress: !args.no_progress,
            checkpoint: args.checkpoint.clone(),
            shard: args.shard,
            out: args.out.clone(),
            method: args.method.clone(),
        }
    }

    /// The library's options for a count (or a listing) of this run.
    pub fn count_options(&self) -> CountOptions {
        CountOptions {
            threads: self.threads,
            limit: self.mode.limit(),
            unique: self.unique,
            estimate: !self.method.no_estimate,
            ..CountOptions::default()
        }
    }
}

/// Refuses a `--format` that a count would ignore: a count prints a number,
/// bare or as JSON.
pub fn count_format(format: Format) -> Result<()> {
    use clap::ValueEnum;
    if matches!(format, Format::Board | Format::Json) {
        return Ok(());
    }
    let name = format
        .to_possible_value()
        .map_or_else(|| format!("{format:?}"), |v| v.get_name().to_string());
    bail!(
        "--format {name} does not apply to a count, which prints a number (bare, or {{\"count\":N}} with --format json): list with --all, --first or --limit K"
    )
}

/// The worker threads `-j` asks for: all cores when absent or 0.
pub fn threads(requested: Option<usize>) -> usize {
    requested
        .filter(|&t| t > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_follow_the_flags() {
        assert_eq!(
            Mode::of(false, false, false, false, None),
            Mode::Count { limit: None }
        );
        assert_eq!(
            Mode::of(false, false, false, true, Some(2)),
            Mode::Count { limit: Some(2) }
        );
        assert_eq!(
            Mode::of(false, false, false, false, Some(3)),
            Mode::All { limit: Some(3) }
        );
        assert_eq!(Mode::of(false, true, false, false, None).limit(), Some(1));
        assert_eq!(
            Mode::of(false, false, true, false, Some(4)),
            Mode::Step { limit: Some(4) }
        );
    }
}
