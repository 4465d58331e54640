//! How long a whole count would take, estimated before it starts, so that a
//! count that cannot finish in human time is refused up front instead of
//! running for ever: Knuth's estimate of the search tree's size (random
//! paths from the root, each node's children counted and one of them
//! taken, the products of the widths summed), over a generous rate of
//! nodes per second, so that the estimate errs short.
//!
//! The paths follow a fixed seed and their work is counted, not timed, so
//! the estimate of a plan is the same on every machine; [`WORK_BUDGET`]
//! cuts them short on huge boards (the estimate then rests on the paths
//! walked, and on fewer than 8 there is none, so nothing is refused). Knuth's estimate is
//! unbiased but skewed: on uneven trees (kings, several per row) a few
//! hundred paths mostly miss the big subtrees and err short, by a factor
//! of 100 on kings n = 9; it never errs long by much, so it refuses only
//! what cannot finish.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::rows::{Found, Walker};
use crate::plan::by_width;
use crate::plan::{Engine, Plan};

/// A count's estimated size and time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Nodes of the search tree, estimated.
    pub nodes: f64,
    /// Seconds the count would take on the threads it runs on, at a rate
    /// faster than this machine's, so that the estimate errs short.
    pub seconds: f64,
    /// Threads the seconds are for.
    pub threads: usize,
    /// Random paths the estimate rests on.
    pub paths: usize,
}

impl Estimate {
    /// The time in words: `3 hours`, `12 days`, `4e85 years`.
    pub fn time(&self) -> String {
        human_time(self.seconds)
    }
}

/// Counts estimated beyond this many seconds (a day) are refused unless
/// the caller asks for them anyway (`CountOptions::estimate` off).
pub const REFUSE_BEYOND: f64 = 86_400.0;

/// Random paths walked for one estimate.
const PATHS: usize = 128;

/// The fewest paths an estimate rests on, when [`WORK_BUDGET`] cuts them short.
const MIN_PATHS: usize = 8;

/// The most work the paths may take, in rows updated (a step at depth `d`
/// on a board of `r` rows costs `(d + 1) · r`): about 0.2 s on queens
/// n = 70's 128 paths. Counted, not timed, so that an estimate is the same
/// on every machine and build: cheap or absent.
pub const WORK_BUDGET: u64 = 30_000_000;

/// Row-walk nodes per second and thread, about ten times what the row walk
/// does on a 2-core AMD EPYC VM (`placer solve kings --set n=9
/// --method search --stats`: 5·10⁷), so that estimates err short.
const ROW_RATE: f64 = 5e8;

/// Nodes of the row walk's tree per second and thread for the permutation
/// kernel, which counts one solution per symmetry class and the last rows
/// at once: about ten times what it does (queens n = 16: a tree of about
/// 8·10⁸ nodes in 0.8 s on one thread), so that estimates err short.
const KERNEL_RATE: f64 = 1e10;

/// The estimate of a whole count of `plan` on `threads` threads; `None`
/// for methods that do not walk rows (the unit and propagating searches,
/// which count region puzzles at once) and when fewer than 8 paths fit in
/// `WORK_BUDGET` units of work.
pub fn estimate(plan: &Plan, threads: usize) -> Option<Estimate> {
    fn walk<const G: bool, const W: usize>(plan: &Plan) -> Option<(f64, usize)> {
        let mut budget = WORK_BUDGET;
        let mut rng = ChaCha8Rng::seed_from_u64(0x0e57_1a7e);
        let (mut sum, mut paths) = (0.0, 0);
        while paths < PATHS {
            match probe::<G, W>(plan, &mut rng, &mut budget) {
                Some(nodes) => sum += nodes,
                None => break,
            }
            paths += 1;
        }
        (paths >= MIN_PATHS).then(|| (sum / paths as f64, paths))
    }
    fn plain<const W: usize>(plan: &Plan) -> Option<(f64, usize)> {
        walk::<false, W>(plan)
    }
    fn groups<const W: usize>(plan: &Plan) -> Option<(f64, usize)> {
        walk::<true, W>(plan)
    }
    if plan.need == 0 {
        return None;
    }
    let (nodes, paths, rate) = match plan.engine {
        Engine::Rows { groups: true } => {
            let (nodes, paths) = by_width!(plan.words, groups(plan))?;
            (nodes, paths, ROW_RATE)
        }
        Engine::Rows { groups: false } | Engine::Frontier => {
            let (nodes, paths) = by_width!(plan.words, plain(plan))?;
            (nodes, paths, ROW_RATE)
        }
        Engine::Permutation => {
            let (nodes, paths) = by_width!(plan.words, plain(plan))?;
            (nodes, paths, KERNEL_RATE)
        }
        Engine::Units | Engine::Propagate => return None,
    };
    let threads = threads.max(1);
    Some(Estimate {
        nodes,
        seconds: nodes / (rate * threads as f64),
        threads,
        paths,
    })
}

/// One random path from the root: the nodes it stands for (1 for the root,
/// plus at each depth the product of the widths above it); `None` when the
/// work `budget` runs out.
fn probe<const G: bool, const W: usize>(
    plan: &Plan,
    rng: &mut ChaCha8Rng,
    budget: &mut u64,
) -> Option<f64> {
    let mut prefix: Vec<usize> = Vec::with_capacity(plan.need);
    let (mut nodes, mut width) = (1.0f64, 1.0f64);
    while prefix.len() < plan.need {
        let cost = (prefix.len() as u64 + 1) * plan.rows as u64;
        *budget = budget.checked_sub(cost)?;
        let mut walk = Walker::<G, W>::under_to(plan, &prefix, prefix.len() + 1);
        let mut children = Vec::new();
        while walk.next_leaf() == Found::Leaf {
            children.extend(walk.placed().last().copied());
        }
        if children.is_empty() {
            break;
        }
        width *= children.len() as f64;
        nodes += width;
        prefix.push(children[rng.random_range(0..children.len())]);
    }
    Some(nodes)
}

/// Seconds in words, rounded: `40 seconds`, `3 hours`, `12 days`,
/// `2 300 years`, `4e85 years`.
pub fn human_time(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    let (value, unit) = if seconds < MINUTE {
        (seconds, "second")
    } else if seconds < HOUR {
        (seconds / MINUTE, "minute")
    } else if seconds < DAY {
        (seconds / HOUR, "hour")
    } else if seconds < YEAR {
        (seconds / DAY, "day")
    } else {
        (seconds / YEAR, "year")
    };
    if value >= 1e6 {
        return format!("{value:.0e} {unit}s");
    }
    let whole = value.round().max(1.0) as u64;
    let s = if whole == 1 { "" } else { "s" };
    format!("{whole} {unit}{s}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_words() {
        assert_eq!(human_time(0.2), "1 second");
        assert_eq!(human_time(40.0), "40 seconds");
        assert_eq!(human_time(5400.0), "2 hours");
        assert_eq!(human_time(3.0 * 86_400.0), "3 days");
        assert_eq!(human_time(4e93), "1e86 years");
    }

    fn plan(rules: &str, set: &[(&str, i64)]) -> Plan {
        let spec = crate::RuleSpec::resolve(rules).unwrap();
        let set = set.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        let bindings = crate::Bindings {
            set,
            ..Default::default()
        };
        crate::Problem::bind(&spec, &bindings).unwrap().plan()
    }

    #[test]
    fn astronomical_counts_are_beyond_a_day_and_ordinary_ones_are_not() {
        for (rules, n) in [("queens", 70), ("kings", 30)] {
            let e = estimate(&plan(rules, &[("n", n)]), 2).unwrap();
            assert!(e.seconds > 1000.0 * REFUSE_BEYOND, "{rules} {n}: {e:?}");
        }
        for n in 1..=20 {
            let e = estimate(&plan("queens", &[("n", n)]), 1);
            assert!(e.is_none_or(|e| e.seconds < REFUSE_BEYOND), "queens {n}");
        }
        for (rules, n) in [
            ("kings", 10),
            ("knights", 6),
            ("rooks", 12),
            ("hertzsprung", 12),
        ] {
            let e = estimate(&plan(rules, &[("n", n)]), 1);
            assert!(e.is_none_or(|e| e.seconds < REFUSE_BEYOND), "{rules} {n}");
        }
    }

    /// The estimates behind the rates, printed for calibration:
    /// `cargo test --release --lib estimates_by_size -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn estimates_by_size() {
        use std::io::Write;
        let mut out = std::io::stdout();
        for n in 8..=26 {
            let e = estimate(&plan("queens", &[("n", n)]), 1).unwrap();
            let _ = writeln!(out, "queens {n}: {:.2e} nodes, {}", e.nodes, e.time());
        }
        for n in 5..=12 {
            let e = estimate(&plan("kings", &[("n", n)]), 1).unwrap();
            let _ = writeln!(out, "kings {n}: {:.2e} nodes, {}", e.nodes, e.time());
        }
        for (rules, n) in [("queens", 70), ("kings", 30)] {
            let p = plan(rules, &[("n", n)]);
            let started = std::time::Instant::now();
            let e = estimate(&p, 1).unwrap();
            let took = started.elapsed();
            let _ = writeln!(
                out,
                "{rules} {n}: {} paths in {took:?}, {}",
                e.paths,
                e.time()
            );
        }
    }
}
