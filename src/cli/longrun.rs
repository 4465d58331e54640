//! Long counts on the command line: the library's long run
//! ([`crate::search::longrun`]: shards, checkpoints, resume) with a progress
//! bar on a terminal, and Ctrl-C or SIGTERM wired to its stop flag so that
//! finished work is saved before the program exits with 130.

use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget};

use crate::plan::Plan;
use crate::search::longrun::{self, Ended, LongRun, Progress};

/// Counts `run` with a progress bar (when `progress` and stderr is a
/// terminal); Ctrl-C or SIGTERM ends it with [`Ended::Interrupted`] at once,
/// finished subproblems saved in the checkpoint.
pub fn count(plan: &Plan, run: &LongRun, progress: bool) -> Result<Ended> {
    let (stop, _graceful) = super::progress::graceful();
    let run = LongRun {
        stop: Some(stop),
        ..run.clone()
    };
    let started = Instant::now();
    let mut bar: Option<Option<ProgressBar>> = None;
    let ended = longrun::count(plan, &run, |p| {
        let bar = bar.get_or_insert_with(|| progress_bar(progress, p));
        if let Some(bar) = bar {
            if bar.is_hidden() && started.elapsed() > Duration::from_secs(1) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
            draw(bar, p);
        }
    });
    if let Some(Some(bar)) = &bar {
        bar.finish_and_clear();
    }
    Ok(ended?)
}

fn progress_bar(wanted: bool, p: &Progress) -> Option<ProgressBar> {
    let bar = super::progress::bar(
        wanted,
        Some(p.of as u64),
        super::progress::bar_style("parts"),
    )?;
    bar.set_position(p.resumed as u64);
    // Rate and ETA count only the parts this run does, not the resumed ones.
    bar.reset_eta();
    Some(bar)
}

fn draw(bar: &ProgressBar, p: &Progress) {
    let done = p.done as u64;
    if done != bar.position() {
        bar.set_position(done.min(bar.length().unwrap_or(done)));
    }
    bar.set_message(format!("{} solutions, ", p.solutions));
    bar.tick();
}
