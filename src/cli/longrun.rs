//! Counts on the command line: the library's one count
//! ([`crate::search::count`]) with a progress bar on a terminal, and Ctrl-C
//! or SIGTERM wired to its stop flag so that finished work is saved before
//! the program exits with 130.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget};

use crate::plan::Plan;
use crate::search::{self, CountOptions, Counted, Progress, SearchError};

/// Counts `plan` with `options` and a progress bar (when `progress` and
/// stderr is a terminal): parts of the search, or cells of the row-frontier
/// DP, whose forecast, when the library says it, comes first as a note.
/// Ctrl-C or SIGTERM ends it with [`SearchError::Interrupted`] at once,
/// finished parts saved in the checkpoint, if any.
pub fn count(plan: &Plan, options: &CountOptions, progress: bool) -> Result<Counted, SearchError> {
    let (stop, _graceful) = super::progress::graceful();
    let options = CountOptions {
        stop: Some(stop),
        ..options.clone()
    };
    let started = Instant::now();
    let mut bar: Option<Option<ProgressBar>> = None;
    let counted = search::count(plan, &options, |p| {
        if let Progress::Forecast(f) = p {
            return say!("note: {f}");
        }
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

/// The bar of a count: parts of the search, or cells of the DP (ticked
/// steadily, since one cell of a large table takes seconds).
fn progress_bar(wanted: bool, p: &Progress) -> Option<ProgressBar> {
    let (of, unit, at) = match p {
        Progress::Parts(p) => (p.of, "parts", p.resumed),
        Progress::Cells(s) => (s.of, "cells", s.done),
        _ => return None,
    };
    let bar = super::progress::bar(
        wanted,
        Some(of as u64),
        super::progress::bar_style(unit, true),
    )?;
    bar.set_position(at as u64);
    // Rate and ETA count only the parts this run does, not the resumed ones.
    bar.reset_eta();
    if let Progress::Cells(_) = p {
        bar.enable_steady_tick(Duration::from_millis(200));
    }
    Some(bar)
}

fn draw(bar: &ProgressBar, p: &Progress) {
    let (done, message) = match p {
        Progress::Parts(p) => (p.done, format!("{} solutions", p.solutions)),
        Progress::Cells(s) => (s.done, format!("{} states", s.states)),
        _ => return,
    };
    let done = done as u64;
    if done != bar.position() {
        bar.set_position(done.min(bar.length().unwrap_or(done)));
    }
    bar.set_message(message);
    bar.tick();
}
