//! How long and how big a count by the DP will be, forecast from a trial
//! run: the sweep runs until it has taken a given number of states through
//! a cell (about a tenth of a second), and the states it holds at the last
//! cell reached, against the state bound there, are carried over the cells
//! left along the bound's shape. The shape is the bound between lanes
//! ([`estimate`](super::estimate)), joined in a straight line (in log2)
//! within a lane, times the piece counts a state may still have there;
//! where the trial ends, the states held are a fraction of it, and the
//! forecast takes the same fraction of it further on.
//!
//! The trial's work is counted, not timed, so a forecast's states, work and
//! memory are the same on every machine; only its time rests on a clock,
//! and is a parameter ([`Trial::forecast`]) so that it can be tested.
//! docs/PERFORMANCE.md measures it: the states a sweep holds still grow
//! after the trial while the bound stays flat (the pieces placed spread as
//! rows go by), and larger tables cost more per state, so forecasts err
//! short, by up to about 5 times on kings and knights.

use std::ops::ControlFlow;

use super::model::Model;
use super::sweep::Limits;
use super::{Budget, Rules, Stats, models, sweep_any};
use crate::problem::Problem;

/// What a trial run of the DP saw.
#[derive(Debug, Clone, PartialEq)]
pub struct Trial {
    parts: Vec<Part>,
    /// States taken through a cell in the trial, summed over the cells:
    /// the work its clock measured.
    pub work: u64,
}

/// One independent part of the board in a trial.
#[derive(Debug, Clone, PartialEq)]
struct Part {
    /// The states held before each cell the trial reached (the last one
    /// reached but not swept, when the trial ended in this part).
    held: Vec<usize>,
    /// The trial swept every cell.
    finished: bool,
    /// log2 of the shape the states follow, after each cell.
    shape: Vec<f64>,
    /// Words of the state key.
    words: usize,
}

/// A whole count by the DP, forecast from a trial run.
#[derive(Debug, Clone, PartialEq)]
pub struct Forecast {
    /// States taken through a cell, summed over the cells.
    pub work: f64,
    /// Most states held at once.
    pub peak_states: f64,
    /// Bytes the state tables would take then (two tables: before and
    /// after a cell, as [`Budget`] counts them).
    pub peak_bytes: f64,
    /// Seconds, at the trial's cost per state.
    pub seconds: f64,
    /// Cells the trial swept.
    pub swept: usize,
    /// Cells in all.
    pub cells: usize,
    /// The memory budget, in bytes.
    pub budget: usize,
}

impl Forecast {
    /// Whether the state tables would outgrow the memory budget.
    pub fn over_budget(&self) -> bool {
        self.peak_bytes > self.budget as f64
    }
}

/// Runs the DP on `problem` until it has taken `work` states through a
/// cell (each part of the board in turn, up to `work` each), keeping the
/// states it held before each cell: the count of `target` pieces, or with
/// `None` every count at once ([`polynomial`](super::polynomial)).
pub fn trial(problem: &Problem, target: Option<usize>, budget: &Budget, work: u64) -> Trial {
    let rules = Rules::of(problem);
    let models = if rules.starved {
        Vec::new()
    } else {
        models(&rules)
    };
    let total_room: usize = models.iter().map(|(_, m)| m.room).sum();
    let mut trial = Trial {
        parts: Vec::new(),
        work: 0,
    };
    for (_, model) in &models {
        let limits = Limits {
            target,
            other_room: total_room - model.room,
            max_bytes: budget.max_bytes,
            stop: None,
        };
        let (mut held, mut done) = (Vec::new(), 0u64);
        let mut at = |cell, states: usize| {
            if cell == 0 {
                // a part swept again with big integers starts over
                held.clear();
            }
            held.push(states);
            if done + states as u64 > work {
                return ControlFlow::Break(());
            }
            done += states as u64;
            ControlFlow::Continue(())
        };
        let finished = sweep_any(model, &limits, &mut Stats::default(), &mut at).is_ok();
        trial.work += done;
        trial.parts.push(Part {
            held,
            finished,
            shape: shape(model, target, limits.other_room),
            words: model.words,
        });
    }
    trial
}

/// log2 of the shape after each cell: the bound there times the piece
/// counts a state may have then (for `target` pieces, or any number).
fn shape(model: &Model, target: Option<usize>, other_room: usize) -> Vec<f64> {
    model
        .steps
        .iter()
        .map(|s| {
            let (low, high) = match target {
                Some(t) => (
                    t.saturating_sub(s.room_after + other_room),
                    s.room_before.min(t.saturating_sub(s.forced_after)),
                ),
                None => (0, s.room_before),
            };
            s.bound + ((high.saturating_sub(low) + 1) as f64).log2()
        })
        .collect()
}

impl Trial {
    /// Whether the trial swept the whole board: the count is as quick.
    pub fn finished(&self) -> bool {
        self.parts.iter().all(|p| p.finished)
    }

    /// The whole count, forecast at `seconds_per_state` (the trial's time
    /// over its [`work`](Trial::work)) under `budget`; `None` when the
    /// trial finished.
    pub fn forecast(&self, seconds_per_state: f64, budget: &Budget) -> Option<Forecast> {
        if self.finished() {
            return None;
        }
        let mut f = Forecast {
            work: 0.0,
            peak_states: 0.0,
            peak_bytes: 0.0,
            seconds: 0.0,
            swept: 0,
            cells: 0,
            budget: budget.max_bytes,
        };
        for part in &self.parts {
            let held = part.states();
            f.work += held[..part.shape.len()].iter().sum::<f64>();
            let peak = held.iter().copied().fold(0.0, f64::max);
            f.peak_states = f.peak_states.max(peak);
            f.peak_bytes = f.peak_bytes.max(tables_bytes(peak, part.words));
            f.swept += part.held.len().saturating_sub(1) + usize::from(part.finished);
            f.cells += part.shape.len();
        }
        f.swept = f.swept.min(f.cells);
        f.seconds = f.work * seconds_per_state;
        Some(f)
    }
}

impl Part {
    /// The states before each cell and after the last, as held in the trial
    /// and forecast beyond it: the last held, as a fraction of the shape
    /// there, times the shape further on.
    fn states(&self) -> Vec<f64> {
        let n = self.shape.len();
        let mut out: Vec<f64> = self.held.iter().map(|&s| s as f64).collect();
        let k = out.len();
        if k > n {
            return out;
        }
        let last = out.last().copied().unwrap_or(1.0);
        let fraction = match k {
            0 | 1 => 1.0,
            _ => last / self.shape[k - 2].exp2(),
        };
        let from = k.max(1);
        out.resize(from, 1.0);
        out.extend((from..=n).map(|p| fraction * self.shape[p - 1].exp2()));
        out
    }
}

/// Bytes of two state tables of `states` entries each with keys of `words`
/// words and 128-bit counts, as [`Budget`] counts them.
fn tables_bytes(states: f64, words: usize) -> f64 {
    let entry = (words * 8).div_ceil(16) * 16 + 16 + 1;
    let buckets = (states * 8.0 / 7.0).max(1.0).log2().ceil().exp2();
    2.0 * buckets * entry as f64
}

/// How far a forecast's time has erred short in the measurements of
/// docs/PERFORMANCE.md (kings n = 22: 4 s forecast, 94 s on a busy
/// machine): the states still grow after the trial, and larger tables cost
/// more per state. Counts past 128 bits, swept again with big integers, err
/// shorter still.
pub const ERRS_SHORT: f64 = 25.0;

impl Forecast {
    /// The time in words: `40 seconds`, `3 hours`, `2e9 years`.
    pub fn time(&self) -> String {
        crate::search::human_time(self.seconds)
    }

    /// The longest the count may take, as far as forecasts have erred
    /// short ([`ERRS_SHORT`]), in seconds.
    pub fn longest(&self) -> f64 {
        self.seconds * ERRS_SHORT
    }

    /// What the forecast rests on, in words: `forecast from a trial run
    /// over 85 of these 900 cells: at least about 2^24.3 states at the
    /// peak, 1.2 GiB of state tables`, and the budget when the tables
    /// outgrow it.
    pub fn grounds(&self) -> String {
        let over = match self.over_budget() {
            true => format!(
                ", more than the memory budget of {}",
                bytes(self.budget as f64)
            ),
            false => String::new(),
        };
        format!(
            "forecast from a trial run over {} of these {} cells: at least about 2^{:.1} states at the peak, {} of state tables{over}",
            self.swept,
            self.cells,
            self.peak_states.max(1.0).log2(),
            bytes(self.peak_bytes),
        )
    }
}

/// The warning said before a long count: its time, as a range, and grounds.
impl std::fmt::Display for Forecast {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the row-frontier DP may take from about {} to about {} or more ({})",
            self.time(),
            crate::search::human_time(self.longest()),
            self.grounds()
        )?;
        if self.over_budget() {
            write!(
                f,
                ", so it would stop there: raise --max-memory or count with --method search"
            )?;
        }
        write!(f, "; Ctrl-C stops it")
    }
}

/// Bytes in words: `512 KiB`, `40.0 MiB`, `1.2 GiB`, `3e3 TiB`.
fn bytes(b: f64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = b;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    match value {
        v if v >= 1e4 => format!("{v:.0e} {}", UNITS[unit]),
        v if unit == 0 || v >= 100.0 => format!("{v:.0} {}", UNITS[unit]),
        v => format!("{v:.1} {}", UNITS[unit]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str, set: &[(&str, i64)]) -> Problem {
        let spec = match text.contains('\n') {
            true => crate::RuleSpec::parse("<test>", text).unwrap(),
            false => crate::RuleSpec::resolve(text).unwrap(),
        };
        let bindings = crate::Bindings {
            set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            ..Default::default()
        };
        crate::Problem::bind(&spec, &bindings).unwrap()
    }

    /// States taken through a cell by the whole count, and the most held.
    fn real(problem: &Problem) -> (f64, usize) {
        let (mut work, mut peak) = (0.0, 0);
        let mut watch = |s: &super::super::Sweeping| {
            work += s.states as f64;
            peak = peak.max(s.states);
        };
        super::super::count_until(problem, &Budget::default(), None, &mut watch).unwrap();
        (work, peak)
    }

    /// Pieces under no rule: a state is the number placed so far, so the
    /// states after cell q are the counts d with d ≤ q + 1, d ≤ k and
    /// d + (cells left) ≥ k: the shape itself, and the forecast is exact.
    #[test]
    fn free_pieces_are_forecast_exactly() {
        let text = "name = \"free\"\n[board]\nrows = 6\n[piece]\ncount = 12\n";
        let p = problem(text, &[]);
        let (n, k) = (36usize, 12usize);
        let after = |q: usize| (q + 1).min(k) - k.saturating_sub(n - 1 - q) + 1;
        let work = 1.0 + (0..n - 1).map(|q| after(q) as f64).sum::<f64>();
        let peak = (0..n).map(after).max().unwrap();
        assert_eq!(real(&p), (work, peak));
        let budget = Budget { max_bytes: 1 << 20 };
        let trial = trial(&p, Some(k), &budget, 20);
        assert!(!trial.finished());
        let f = trial.forecast(1e-3, &budget).unwrap();
        assert_eq!((f.work, f.peak_states), (work, peak as f64));
        assert_eq!(f.seconds, work * 1e-3);
        assert_eq!((f.swept, f.cells), (5, 36));
        assert!(!f.over_budget());
        let tiny = Budget { max_bytes: 100 };
        assert!(trial.forecast(1e-3, &tiny).unwrap().over_budget());
        // a trial that finishes forecasts nothing
        assert_eq!(
            super::trial(&p, Some(k), &budget, 1 << 20).forecast(1.0, &budget),
            None
        );
    }

    /// Kings, where the states still grow after the trial: the forecast
    /// errs short, but not by much (docs/PERFORMANCE.md).
    #[test]
    fn kings_are_forecast_within_a_few_times() {
        let p = problem("kings", &[("n", 12)]);
        let budget = Budget::default();
        let f = trial(&p, Some(12), &budget, 20_000)
            .forecast(1.0, &budget)
            .unwrap();
        let (work, peak) = real(&p);
        assert!(f.swept < f.cells / 3, "{f:?}");
        assert!((0.3..=1.2).contains(&(f.work / work)), "{f:?} {work}");
        assert!(
            (0.3..=1.2).contains(&(f.peak_states / peak as f64)),
            "{f:?} {peak}"
        );
    }

    /// Forecasts against whole counts, for docs/PERFORMANCE.md: one case a
    /// line on stdin (`RULES n=14 count=…`, or `RULES regions=PATH k=2`),
    /// `cargo test --release --lib forecasts_against_counts -- --ignored
    /// --nocapture < cases`.
    #[test]
    #[ignore]
    fn forecasts_against_counts() {
        use std::io::{BufRead, Write};
        use std::time::Instant;
        let budget = Budget::default();
        for line in std::io::stdin().lock().lines() {
            let line = line.unwrap();
            let mut words = line.split_whitespace();
            let Some(rules) = words.next() else { continue };
            let mut bindings = crate::Bindings::default();
            for w in words {
                let (k, v) = w.split_once('=').unwrap();
                match k {
                    "regions" => {
                        let text = std::fs::read_to_string(v).unwrap();
                        bindings.regions = Some(crate::Source::new(v, &text));
                    }
                    _ => bindings.set.push((k.into(), v.parse().unwrap())),
                }
            }
            let spec = crate::RuleSpec::resolve(rules).unwrap();
            let problem = crate::Problem::bind(&spec, &bindings).unwrap();
            let started = Instant::now();
            let trial = trial(&problem, Some(problem.piece.count), &budget, 2_000_000);
            let rate = started.elapsed().as_secs_f64() / trial.work.max(1) as f64;
            let Some(f) = trial.forecast(rate, &budget) else {
                let _ = writeln!(std::io::stdout(), "{line}: the trial finishes");
                continue;
            };
            let started = Instant::now();
            let (mut work, mut peak) = (0.0, 0usize);
            let mut watch = |s: &super::super::Sweeping| {
                work += s.states as f64;
                peak = peak.max(s.states);
            };
            let counted = super::super::count_until(&problem, &budget, None, &mut watch);
            let seconds = started.elapsed().as_secs_f64();
            let _ = writeln!(
                std::io::stdout(),
                "{line}: swept {}/{} | work {:.2e} real {:.2e} ({:.2}) | peak {:.2e} real {:.2e} ({:.2}) | {:.1} s real {:.1} s ({:.2}) | {}",
                f.swept,
                f.cells,
                f.work,
                work,
                f.work / work,
                f.peak_states,
                peak as f64,
                f.peak_states / peak as f64,
                f.seconds,
                seconds,
                f.seconds / seconds,
                counted.map_or_else(
                    |e| e.to_string(),
                    |c| c.count.to_string().len().to_string() + " digits"
                ),
            );
        }
    }
}
