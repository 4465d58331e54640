//! Counts on the command line: the library's one count
//! ([`crate::search::count`]) with a progress bar on a terminal, and Ctrl-C
//! or SIGTERM wired to its stop flag so that finished work is saved before
//! the program exits with 130.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget};

use crate::plan::Plan;
use crate::search::{self, CountOptions, Counted, Progress, SearchError};

/// Counts `plan` with `options` and a progress bar (when `progress` and
/// stderr is a terminal); Ctrl-C or SIGTERM ends it with
/// [`SearchError::Interrupted`] at once, finished parts saved in the
/// checkpoint, if any.
pub fn count(plan: &Plan, options: &CountOptions, progress: bool) -> Result<Counted, SearchError> {
    let (stop, _graceful) = super::progress::graceful();
    let options = CountOptions {
        stop: Some(stop),
        ..options.clone()
    };
    let started = Instant::now();
    let mut bar: Option<Option<ProgressBar>> = None;
    let counted = search::count(plan, &options, |p| {
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
    counted
}

fn progress_bar(wanted: bool, p: &Progress) -> Option<ProgressBar> {
    let bar = super::progress::bar(
        wanted,
        Some(p.of as u64),
        super::progress::bar_style("parts", true),
    )?;
    bar.set_position(p.resumed as u64);
    bar.set_message(format!("{} solutions", p.solutions));
    // Rate and ETA count only the parts this run does, not the resumed ones.
    bar.reset_eta();
    Some(bar)
}

fn draw(bar: &ProgressBar, p: &Progress) {
    let done = p.done as u64;
    if done != bar.position() {
        bar.set_position(done.min(bar.length().unwrap_or(done)));
    }
    bar.set_message(format!("{} solutions", p.solutions));
    bar.tick();
}
