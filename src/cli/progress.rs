//! Progress on a terminal and a clean end on Ctrl-C, for every command.
//!
//! A computation that lasts more than a second shows a line on stderr while
//! it runs, only when stderr is a terminal and `--no-progress` is not given.
//! Ctrl-C (or SIGTERM) prints `interrupted` and exits with 130 at once, except
//! while a long count handles the stop itself to save its checkpoint.

use std::io::{IsTerminal, Write};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::search::Stop;

/// Set by Ctrl-C or SIGTERM.
static STOP: LazyLock<Stop> = LazyLock::new(Stop::new);
/// Whether a running count stops itself when [`STOP`] is set.
static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// Set while a prompt waits at the end of a line of stderr (`--step`).
static MID_LINE: AtomicBool = AtomicBool::new(false);

/// Says whether a prompt now waits at the end of a line of stderr, so that
/// Ctrl-C ends that line before it says `interrupted`.
pub fn mid_line(waiting: bool) {
    MID_LINE.store(waiting, Ordering::SeqCst);
}

/// Installs the Ctrl-C handler; call once, before any work.
pub fn install() {
    // Failing to install it only means Ctrl-C kills the process outright.
    let _ = ctrlc::set_handler(|| {
        STOP.set();
        if !GRACEFUL.load(Ordering::SeqCst) {
            let mut err = std::io::stderr().lock();
            if err.is_terminal() {
                // the progress line, if one is drawn: back to its start, erased
                let _ = write!(err, "\r\x1b[2K");
            } else if MID_LINE.load(Ordering::SeqCst) {
                let _ = writeln!(err);
            }
            let _ = writeln!(err, "interrupted");
            std::process::exit(130);
        }
    });
}

/// The stop flag, for a count that saves its work before it ends; while the
/// returned guard lives, Ctrl-C only sets the flag.
pub fn graceful() -> (Stop, GracefulGuard) {
    STOP.clear();
    GRACEFUL.store(true, Ordering::SeqCst);
    (STOP.clone(), GracefulGuard)
}

/// Puts Ctrl-C back to "print and exit" when dropped.
#[derive(Debug)]
pub struct GracefulGuard;

impl Drop for GracefulGuard {
    fn drop(&mut self) {
        GRACEFUL.store(false, Ordering::SeqCst);
    }
}

/// How long a computation runs before its progress line appears.
const QUIET: Duration = Duration::from_secs(1);

/// The narrowest terminal that gets the whole line, bar, rate and elapsed
/// time included; a narrower one gets `{pos}/{len} {unit}, ETA {eta},` and
/// the message cut to fit, on one line.
const WIDE: usize = 110;

/// A style showing `{pos}/{len} {unit}`, the ETA when `with_eta` (`unknown`
/// until some unit is done, never `0s`; leave it out where units grow, as
/// a table's values do) and the message (what is counted so far), and on a
/// terminal at least [`WIDE`] columns wide (`COLUMNS`, else the terminal's
/// own width) a bar, the rate in whole units per second and the time
/// elapsed. The line never wraps: the message is cut to the width left.
pub fn bar_style(unit: &'static str, with_eta: bool) -> ProgressStyle {
    ProgressStyle::with_template(&template(width(), unit, with_eta))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", rate(state.per_sec(), unit));
            },
        )
        .with_key(
            "eta",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", eta(state.per_sec(), state.eta()));
            },
        )
}

/// [`bar_style`]'s template for a terminal `width` columns wide: below
/// [`WIDE`], no bar, rate or elapsed time, and the message (`wide_msg`)
/// cut to the width left.
fn template(width: usize, unit: &str, with_eta: bool) -> String {
    let left = if with_eta { ", ETA {eta}" } else { "" };
    if width >= WIDE {
        format!("{{wide_bar}} {{pos}}/{{len}} {unit}, {{msg}}, {{rate}}, {{elapsed}} elapsed{left}")
    } else {
        format!("{{pos}}/{{len}} {unit}{left}, {{wide_msg}}")
    }
}

/// The terminal's width in columns: `COLUMNS` when set, else what stderr's
/// terminal says.
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or_else(|| usize::from(console::Term::stderr().size().1))
}

/// What the ETA says while nothing has been done: the bar shows after a
/// second, so by then not one part in a second, and the work may not end.
const UNKNOWN: &str = "unknown (no part done yet: it may not finish; Ctrl-C stops it)";

/// The time left as people read it, [`UNKNOWN`] while nothing has been done
/// at a measurable rate (an estimate from no work would say `0s`), and
/// `<1s` rather than `0s` for the last second.
pub fn eta(per_sec: f64, left: Duration) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        return UNKNOWN.into();
    }
    if left < Duration::from_secs(1) {
        return "<1s".into();
    }
    format!("{:#}", indicatif::HumanDuration(left))
}

/// A rate as people read it: `3 parts/s`, `0.25 parts/s`, `2.1 k parts/s`.
pub fn rate(per_sec: f64, unit: &str) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        return format!("0 {unit}/s");
    }
    if per_sec >= 10_000.0 {
        format!("{:.1} k {unit}/s", per_sec / 1000.0)
    } else if per_sec >= 10.0 {
        format!("{per_sec:.0} {unit}/s")
    } else if per_sec >= 0.1 {
        format!("{per_sec:.2} {unit}/s")
    } else {
        format!("1 per {:.0} s", 1.0 / per_sec)
    }
}

/// A progress bar that stays hidden (and costs nothing) unless `wanted` and
/// stderr is a terminal; [`run`] makes it visible after a second.
pub fn bar(wanted: bool, len: Option<u64>, style: ProgressStyle) -> Option<ProgressBar> {
    if !wanted || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden());
    bar.set_style(style);
    Some(bar)
}

/// A spinner with `message` and the elapsed time, for work of unknown length.
pub fn spinner(wanted: bool, message: &str) -> Option<ProgressBar> {
    let style = ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    let bar = bar(wanted, None, style)?;
    bar.set_message(message.to_string());
    Some(bar)
}

/// Runs `work` here while another thread draws `bar` (from one second on),
/// then clears it. `work` may update the bar.
pub fn run<T>(bar: Option<ProgressBar>, work: impl FnOnce(Option<&ProgressBar>) -> T) -> T {
    let Some(bar) = bar else {
        return work(None);
    };
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            let started = Instant::now();
            while !done.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(100));
                if bar.is_hidden() && started.elapsed() > QUIET {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                }
                bar.tick();
            }
        });
        let result = work(Some(&bar));
        done.store(true, Ordering::SeqCst);
        result
    });
    bar.finish_and_clear();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_print_as_people_read_them() {
        assert_eq!(rate(102.5329, "parts"), "103 parts/s");
        assert_eq!(rate(2.5, "parts"), "2.50 parts/s");
        assert_eq!(rate(0.02, "values"), "1 per 50 s");
        assert_eq!(rate(25_300.0, "parts"), "25.3 k parts/s");
        assert_eq!(rate(f64::NAN, "parts"), "0 parts/s");
    }

    #[test]
    fn a_narrow_terminal_gets_one_line_without_the_bar() {
        let narrow = template(60, "parts", true);
        assert_eq!(narrow, "{pos}/{len} parts, ETA {eta}, {wide_msg}");
        assert!(!narrow.contains("bar") && !narrow.contains("{msg}"));
        let wide = template(WIDE, "parts", false);
        assert!(
            wide.starts_with("{wide_bar} ") && !wide.contains("ETA"),
            "{wide}"
        );
    }

    #[test]
    fn no_eta_before_any_work() {
        let unknown = "unknown (no part done yet: it may not finish; Ctrl-C stops it)";
        assert_eq!(eta(0.0, Duration::ZERO), unknown);
        assert_eq!(eta(f64::NAN, Duration::ZERO), unknown);
        assert_eq!(eta(2.0, Duration::from_secs(90)), "2m");
        assert_eq!(eta(2.0, Duration::from_millis(400)), "<1s");
    }
}
