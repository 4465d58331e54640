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
//! walked; on fewer than 8 it stands only when it is beyond a day by far,
//! [`FEW_PATHS_MARGIN`], and a path cut short counts what it walked, a
//! floor). Knuth's estimate is
//! unbiased but skewed: on uneven trees (kings, several per row) a few
//! hundred paths mostly miss the big subtrees and err short, by a factor
//! of 100 on kings n = 9; it never errs long by much, so it refuses only
//! what cannot finish.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::run::{Stop, stopped};
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
    /// The time in words: `about 3 hours`, `about 4e85 years`; `more than
    /// 1e300 years` when the nodes outgrow a float (beyond 1e308).
    pub fn time(&self) -> String {
        match self.seconds.is_finite() {
            true => format!("about {}", human_time(self.seconds)),
            false => "more than 1e300 years".into(),
        }
    }

    /// The tree's size in words: `about 3e18`; `more than 1e308` beyond a
    /// float.
    pub fn size(&self) -> String {
        match self.nodes.is_finite() {
            true => format!("about {:.0e}", self.nodes),
            false => "more than 1e308".into(),
        }
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
/// on a board of `r` rows costs `(d + 1) · r`, and each child it finds
/// `r` times the words of a row): about 0.2 s on queens n = 70's 128 paths. Counted, not timed, so that an estimate is the same
/// on every machine and build: cheap or absent.
pub const WORK_BUDGET: u64 = 60_000_000;

/// Row-walk nodes per second and thread, about ten times what the row walk
/// does on a 2-core AMD EPYC VM (`placer solve kings --set n=9
/// --method search --stats`: 5·10⁷), so that estimates err short.
const ROW_RATE: f64 = 5e8;

/// Nodes of the row walk's tree per second and thread for the permutation
/// kernel, which counts one solution per symmetry class and the last rows
/// at once: about ten times what it does (queens n = 16: a tree of about
/// 8·10⁸ nodes in 0.8 s on one thread), so that estimates err short.
const KERNEL_RATE: f64 = 1e10;

/// On fewer than [`MIN_PATHS`] paths (or one cut short) an estimate
/// stands only beyond this many times [`REFUSE_BEYOND`]: so few paths may
/// err long, but not by this much.
pub const FEW_PATHS_MARGIN: f64 = 1e6;

/// The estimate of a whole count of `plan` on `threads` threads; `None`
/// for methods that do not walk rows (the unit and propagating searches,
/// which count region puzzles at once), when `stop` is set while the paths
/// are walked, and when fewer than 8 paths fit in `WORK_BUDGET` units of
/// work unless those say the count is beyond a day by far
/// (by a factor of 10⁶, `FEW_PATHS_MARGIN`).
pub fn estimate(plan: &Plan, threads: usize, stop: Option<&Stop>) -> Option<Estimate> {
    fn walk<const G: bool, const W: usize>(plan: &Plan, stop: Option<&Stop>) -> Walked {
        let mut budget = WORK_BUDGET;
        let mut rng = ChaCha8Rng::seed_from_u64(0x0e57_1a7e);
        let mut walked = Walked::default();
        while walked.paths < PATHS {
            let path = probe::<G, W>(plan, &mut rng, &mut budget, stop);
            walked.sum += path.nodes;
            match path.whole {
                true => walked.paths += 1,
                false => {
                    walked.cut = true;
                    break;
                }
            }
        }
        walked.stopped = stopped(stop);
        walked
    }
    fn plain<const W: usize>(plan: &Plan, stop: Option<&Stop>) -> Walked {
        walk::<false, W>(plan, stop)
    }
    fn groups<const W: usize>(plan: &Plan, stop: Option<&Stop>) -> Walked {
        walk::<true, W>(plan, stop)
    }
    if plan.need == 0 {
        return None;
    }
    let (walked, rate) = match plan.engine {
        Engine::Rows { groups: true } => (by_width!(plan.words, groups(plan, stop)), ROW_RATE),
        Engine::Rows { groups: false } | Engine::Frontier => {
            (by_width!(plan.words, plain(plan, stop)), ROW_RATE)
        }
        Engine::Permutation => (by_width!(plan.words, plain(plan, stop)), KERNEL_RATE),
        Engine::Units | Engine::Propagate => return None,
    };
    if walked.stopped {
        return None;
    }
    // A path cut short counts once: what it walked is a floor of its nodes.
    let paths = walked.paths + usize::from(walked.cut);
    let threads = threads.max(1);
    let e = Estimate {
        nodes: walked.sum / paths.max(1) as f64,
        seconds: walked.sum / paths.max(1) as f64 / (rate * threads as f64),
        threads,
        paths,
    };
    let few = walked.paths < MIN_PATHS || walked.cut;
    match few {
        false => Some(e),
        true => (e.seconds > FEW_PATHS_MARGIN * REFUSE_BEYOND).then_some(e),
    }
}

/// The random paths of an estimate: their nodes summed, how many were
/// walked whole, whether the last was cut short by the budget, and whether
/// the caller's stop flag ended them.
#[derive(Default)]
struct Walked {
    sum: f64,
    paths: usize,
    cut: bool,
    stopped: bool,
}

/// One random path's nodes, and whether it reached a leaf or a dead end
/// (`false`: the work budget or the stop flag cut it short, and `nodes`
/// counts the levels walked).
struct Path {
    nodes: f64,
    whole: bool,
}

/// One random path from the root: the nodes it stands for (1 for the root,
/// plus at each depth the product of the widths above it), cut short when
/// the work `budget` runs out or `stop` is set (then the levels whose
/// children were all found).
fn probe<const G: bool, const W: usize>(
    plan: &Plan,
    rng: &mut ChaCha8Rng,
    budget: &mut u64,
    stop: Option<&Stop>,
) -> Path {
    let mut prefix: Vec<usize> = Vec::with_capacity(plan.need);
    let (mut nodes, mut width) = (1.0f64, 1.0f64);
    let per_child = (plan.rows * plan.words.max(1)) as u64;
    let cut = |nodes| Path {
        nodes,
        whole: false,
    };
    while prefix.len() < plan.need {
        let cost = (prefix.len() as u64 + 1) * plan.rows as u64;
        let Some(left) = budget.checked_sub(cost) else {
            return cut(nodes);
        };
        *budget = left;
        let mut walk = Walker::<G, W>::under_to(plan, &prefix, prefix.len() + 1);
        let mut children = Vec::new();
        while walk.next_leaf() == Found::Leaf {
            children.extend(walk.placed().last().copied());
            match budget.checked_sub(per_child) {
                Some(left) if !stopped(stop) => *budget = left,
                _ => return cut(nodes),
            }
        }
        if children.is_empty() {
            break;
        }
        width *= children.len() as f64;
        nodes += width;
        prefix.push(children[rng.random_range(0..children.len())]);
    }
    Path { nodes, whole: true }
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
            let e = estimate(&plan(rules, &[("n", n)]), 2, None).unwrap();
            assert!(e.seconds > 1000.0 * REFUSE_BEYOND, "{rules} {n}: {e:?}");
        }
        for n in 1..=20 {
            let e = estimate(&plan("queens", &[("n", n)]), 1, None);
            assert!(e.is_none_or(|e| e.seconds < REFUSE_BEYOND), "queens {n}");
        }
        for (rules, n) in [
            ("kings", 10),
            ("knights", 6),
            ("rooks", 12),
            ("hertzsprung", 12),
        ] {
            let e = estimate(&plan(rules, &[("n", n)]), 1, None);
            assert!(e.is_none_or(|e| e.seconds < REFUSE_BEYOND), "{rules} {n}");
        }
    }

    #[test]
    fn a_set_stop_flag_ends_the_paths_without_an_estimate() {
        let stop = Stop::new();
        stop.set();
        assert_eq!(
            estimate(&plan("queens", &[("n", 70)]), 1, Some(&stop)),
            None
        );
    }

    /// Too few paths fit the budget on boards this big, but they say the
    /// count is beyond a day by far; a path cut short counts what it walked.
    #[test]
    fn few_paths_refuse_only_what_is_beyond_a_day_by_far() {
        let e = estimate(&plan("queens", &[("n", 300)]), 1, None).unwrap();
        assert!(
            e.paths < MIN_PATHS && e.seconds > FEW_PATHS_MARGIN * REFUSE_BEYOND,
            "{e:?}"
        );
        let e = estimate(&plan("rooks", &[("n", 200)]), 1, None).unwrap();
        assert!(!e.nodes.is_finite(), "{e:?}");
        assert_eq!(e.time(), "more than 1e300 years");
        assert_eq!(e.size(), "more than 1e308");
        // Three kings on 300×300: a million children a level, paths cut
        // short at once, and about 4e13 leaves: no estimate, nothing refused.
        let e = estimate(&plan("kings", &[("n", 300), ("count", 3)]), 1, None);
        assert!(
            e.is_none_or(|e| e.seconds > FEW_PATHS_MARGIN * REFUSE_BEYOND),
            "{e:?}"
        );
    }

    /// The estimates behind the rates, printed for calibration:
    /// `cargo test --release --lib estimates_by_size -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn estimates_by_size() {
        use std::io::Write;
        let mut out = std::io::stdout();
        for n in 8..=26 {
            let e = estimate(&plan("queens", &[("n", n)]), 1, None).unwrap();
            let _ = writeln!(out, "queens {n}: {:.2e} nodes, {}", e.nodes, e.time());
        }
        for n in 5..=12 {
            let e = estimate(&plan("kings", &[("n", n)]), 1, None).unwrap();
            let _ = writeln!(out, "kings {n}: {:.2e} nodes, {}", e.nodes, e.time());
        }
        for (rules, n) in [("queens", 70), ("kings", 30)] {
            let p = plan(rules, &[("n", n)]);
            let started = std::time::Instant::now();
            let e = estimate(&p, 1, None).unwrap();
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
