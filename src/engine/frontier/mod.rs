//! The row-frontier DP: counting placements without listing them.
//!
//! The board is swept one cell at a time, lane by lane (rows, columns or
//! diagonals). After each cell, all the rest of the board can still feel of
//! the cells behind is a small state: which of them are taken and still
//! attacked by a leap from a cell ahead, the running count of every group
//! (row, column, diagonal, region) that has cells on both sides, and the
//! pieces placed. Equal states merge and add their counts. The state is read
//! off the rules ([`Problem`]'s meaning, not a rule's name), so a camel, a
//! zebra, a king on a torus with holes and givens sweep the same way. See
//! `docs/COUNTING.md` for how it works, when it is chosen and its limits.
//!
//! ```
//! use placer::{Bindings, Problem, RuleSpec};
//!
//! let spec = RuleSpec::resolve("rooks").unwrap();
//! let bindings = Bindings { set: vec![("n".into(), 30)], ..Bindings::default() };
//! let problem = Problem::bind(&spec, &bindings).unwrap();
//! let counted = placer::engine::frontier::count(&problem, &placer::Budget::default()).unwrap();
//! assert_eq!(counted.count.to_string(), "265252859812191058636308480000000"); // 30!
//! ```

mod choice;
mod constraint;
mod forecast;
mod key;
mod model;
mod order;
mod runs;
mod sweep;
#[cfg(test)]
mod tests;

use num_bigint::BigUint;

use crate::plan::Method;

use crate::problem::Problem;
pub use choice::{AUTO_BITS, Choice, choose};
use constraint::Rules;
pub use forecast::{ERRS_SHORT, Forecast, Trial, trial};
use model::Model;
use order::Lanes;
use sweep::{Limits, Number, Stop, Swept, Watch};

/// How much memory the DP may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Most bytes the state tables may allocate at once: both tables of a
    /// step, a table's growth (old and new allocation alive together) and
    /// the digits of big-integer counts included.
    pub max_bytes: usize,
}

impl Default for Budget {
    /// Half of what this process may still take ([`crate::memory::room`]:
    /// available memory, control group, `ulimit -v`); 2 GiB where that is
    /// unknown.
    fn default() -> Self {
        let half = crate::memory::room().map_or(2 << 30, |room| room / 2);
        Budget {
            max_bytes: usize::try_from(half).unwrap_or(usize::MAX).max(1),
        }
    }
}

/// Why the DP did not count.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrontierError {
    /// The state table would outgrow the budget.
    #[error(
        "the row-frontier DP needs more than {budget} bytes ({states} states and growing); raise --max-memory or count with --method search"
    )]
    TooBig {
        /// States when it stopped.
        states: usize,
        /// The budget in bytes.
        budget: usize,
    },
    /// The state does not fit the widest key.
    #[error("the row-frontier DP state needs {bits} bits, more than the {MAX_BITS} it packs")]
    TooWide {
        /// Bits the state needs.
        bits: usize,
    },
    /// The caller's stop flag was set.
    #[error("the row-frontier DP was interrupted")]
    Interrupted,
}

/// Widest state key, in bits.
pub const MAX_BITS: usize = 16 * 64;

/// What the DP counted and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The placements of `piece.count` pieces.
    pub count: BigUint,
    /// How it went.
    pub stats: Stats,
}

/// What a DP run held and how it swept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// The independent parts counted apart, each with its lanes.
    pub parts: Vec<&'static str>,
    /// Most states one part held at once.
    pub peak_states: usize,
    /// Most bytes the state tables allocated at once (from their capacity,
    /// as [`Budget`] counts them).
    pub peak_bytes: usize,
    /// Whether counts outgrew 128 bits and the sweep ran again with big integers.
    pub big: bool,
}

/// Counts the placements of `problem` (its `piece.count` pieces).
pub fn count(problem: &Problem, budget: &Budget) -> Result<Counted, FrontierError> {
    count_until(problem, budget, None, &mut |_| {})
}

/// Where a count by the DP is, told before each cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sweeping {
    /// Cells swept, over every part (a part swept again with big integers
    /// starts over).
    pub done: usize,
    /// Cells to sweep.
    pub of: usize,
    /// States held now.
    pub states: usize,
}

/// [`count`], ended with [`FrontierError::Interrupted`] once `stop` is set,
/// `watch` told of each cell.
pub(crate) fn count_until(
    problem: &Problem,
    budget: &Budget,
    stop: Option<&crate::search::Stop>,
    watch: &mut dyn FnMut(&Sweeping),
) -> Result<Counted, FrontierError> {
    let target = problem.piece.count;
    let (mut by_pieces, stats) = run(problem, Some(target), budget, stop, watch)?;
    let count = if target < by_pieces.len() {
        std::mem::take(&mut by_pieces[target])
    } else {
        BigUint::default()
    };
    Ok(Counted { count, stats })
}

/// The placements for every number of pieces at once: `by_pieces[k]` counts
/// the placements of k pieces (`piece.count` is ignored), for k up to the
/// number of cells.
pub fn polynomial(
    problem: &Problem,
    budget: &Budget,
) -> Result<(Vec<BigUint>, Stats), FrontierError> {
    let (mut by_pieces, stats) = run(problem, None, budget, None, &mut |_| {})?;
    by_pieces.resize(problem.cells() + 1, BigUint::default());
    Ok((by_pieces, stats))
}

/// The `count:` line of `placer check`: which method counts with
/// `--method auto`, and why.
pub fn explain(problem: &Problem, permutation: bool) -> String {
    let choice = choose(problem, Method::Auto, permutation);
    let method = if choice.frontier {
        "row-frontier DP"
    } else {
        "search (the kernel above)"
    };
    format!("count:    {method}: {}\n", choice.reason)
}

/// log2 of an upper bound on the states the DP holds between lanes, for the
/// best lanes of each part: the largest over the parts.
pub fn estimate(problem: &Problem) -> f64 {
    let rules = Rules::of(problem);
    order::parts(&rules)
        .iter()
        .map(|part| best_model(&rules, part).1.estimate)
        .fold(0.0, f64::max)
}

/// The model of `part` with the fewest states, and its lanes.
fn best_model(rules: &Rules, part: &[usize]) -> (Lanes, Model) {
    Lanes::ALL
        .iter()
        .map(|&lanes| (lanes, Model::new(rules, &lanes.cut(rules, part))))
        .min_by(|a, b| a.1.estimate.total_cmp(&b.1.estimate))
        .expect("four kinds of lanes")
}

/// The best model of each independent part of `rules`.
fn models(rules: &Rules) -> Vec<(Lanes, Model)> {
    order::parts(rules)
        .iter()
        .map(|part| best_model(rules, part))
        .collect()
}

fn run(
    problem: &Problem,
    target: Option<usize>,
    budget: &Budget,
    stop: Option<&crate::search::Stop>,
    watch: &mut dyn FnMut(&Sweeping),
) -> Result<(Vec<BigUint>, Stats), FrontierError> {
    let rules = Rules::of(problem);
    let mut stats = Stats::default();
    if rules.starved {
        return Ok((Vec::new(), stats));
    }
    let models = models(&rules);
    let total_room: usize = models.iter().map(|(_, m)| m.room).sum();
    let of = models.iter().map(|(_, m)| m.steps.len()).sum();
    let mut before = 0;
    let mut product = vec![BigUint::from(1u8)];
    for (lanes, model) in &models {
        if model.words * 64 > MAX_BITS {
            return Err(FrontierError::TooWide {
                bits: model.words * 64,
            });
        }
        stats.parts.push(lanes.name());
        let limits = Limits {
            target,
            other_room: total_room - model.room,
            max_bytes: budget.max_bytes,
            stop: stop.cloned(),
        };
        let mut at = |cell, states| {
            watch(&Sweeping {
                done: before + cell,
                of,
                states,
            });
            std::ops::ControlFlow::Continue(())
        };
        let swept = sweep_any(model, &limits, &mut stats, &mut at).map_err(|stop| match stop {
            Stop::Memory { states } => FrontierError::TooBig {
                states,
                budget: budget.max_bytes,
            },
            Stop::Interrupted => FrontierError::Interrupted,
            Stop::Overflow | Stop::Cut => {
                unreachable!("big integers do not overflow, nor is a count cut")
            }
        })?;
        before += model.steps.len();
        product = convolve(&product, &swept, target);
    }
    Ok((product, stats))
}

/// Runs one part with `u128` counts, again with big integers if they
/// overflow, `watch` told of each cell.
fn sweep_any(
    model: &Model,
    limits: &Limits,
    stats: &mut Stats,
    watch: Watch,
) -> Result<Vec<BigUint>, Stop> {
    let note = |stats: &mut Stats, states: usize, bytes: usize| {
        stats.peak_states = stats.peak_states.max(states);
        stats.peak_bytes = stats.peak_bytes.max(bytes);
    };
    match by_width::<u128>(model, limits, watch) {
        Ok(s) => {
            note(stats, s.peak_states, s.peak_bytes);
            Ok(s.by_pieces.iter().map(Number::to_big).collect())
        }
        Err(Stop::Overflow) => {
            stats.big = true;
            let s = by_width::<BigUint>(model, limits, watch)?;
            note(stats, s.peak_states, s.peak_bytes);
            Ok(s.by_pieces)
        }
        Err(e) => Err(e),
    }
}

/// The sweep with the narrowest key that holds the model's state.
fn by_width<N: Number>(model: &Model, limits: &Limits, watch: Watch) -> Result<Swept<N>, Stop> {
    crate::plan::by_width!(model.words, W => sweep::run::<W, N>(model, limits, watch))
}

/// The product of two polynomials in the number of pieces, cut at `target`.
fn convolve(a: &[BigUint], b: &[BigUint], target: Option<usize>) -> Vec<BigUint> {
    let len = (a.len() + b.len()).saturating_sub(1);
    let len = target.map_or(len, |t| len.min(t + 1));
    let mut out = vec![BigUint::default(); len];
    for (i, x) in a
        .iter()
        .enumerate()
        .filter(|(_, x)| **x != BigUint::default())
    {
        for (j, y) in b.iter().enumerate().take(len.saturating_sub(i)) {
            out[i + j] += x * y;
        }
    }
    out
}
