//! Counting a plan, the one entry of the count task ([`count`]): nothing to
//! count when the rules cannot be met, the method chosen once here (the
//! plan's search, or the row-frontier DP when the options let it), then run
//! under the one split and the one parallel runner, with the journal only
//! when asked.

use std::sync::Mutex;

use num_bigint::BigUint;

use super::checkpoint::Part;
use super::estimate::{REFUSE_BEYOND, estimate};
use super::longrun::{self, Journal, Parts};
use super::run::{Stop, run};
use super::split::{Prefix, Split};
use super::{SearchError, Tally};
use crate::engine::frontier::{self, Budget, Forecast, FrontierError, Sweeping};
use crate::plan::{Engine, Method, Plan};

/// How to count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountOptions {
    /// Worker threads; 1 runs without rayon.
    pub threads: usize,
    /// Stop counting at this many.
    pub limit: Option<u128>,
    /// Count classes under the board's symmetries instead of solutions.
    pub unique: bool,
    /// Whether the row-frontier DP may count: `Search` (the default) always
    /// searches, `Auto` takes the DP where its state bound is small and no
    /// faster kernel fits (what the command line does), `Frontier` always
    /// takes it.
    pub method: Method,
    /// The DP's memory budget.
    pub budget: Budget,
    /// A flag the caller may set to stop the count: it then ends with
    /// [`SearchError::Interrupted`]. The DP does not look at it.
    pub stop: Option<Stop>,
    /// A shard and a checkpoint, for a whole count (no limit) by the search.
    pub journal: Option<Journal>,
    /// Estimate a whole count before it starts (the search's from random
    /// paths, the DP's from a trial run) and refuse it
    /// ([`SearchError::TooLong`], [`SearchError::SweepTooLong`]) when the
    /// estimate is beyond [`REFUSE_BEYOND`] (a day); on by default, off to
    /// count anyway.
    pub estimate: bool,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            threads: 1,
            limit: None,
            unique: false,
            method: Method::Search,
            budget: Budget::default(),
            stop: None,
            journal: None,
            estimate: true,
        }
    }
}

/// What a count found, with the engine that found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// Solutions (or classes); the DP's counts may exceed 128 bits.
    pub count: BigUint,
    /// Nodes visited (pieces placed); 0 for the DP.
    pub nodes: u64,
    /// The engine that counted.
    pub engine: Engine,
    /// Why that method, in a few words, when the DP was considered.
    pub reason: Option<String>,
    /// What the DP held, when it counted.
    pub frontier: Option<frontier::Stats>,
    /// The DP was chosen but outgrew its budget, so the search counted.
    pub fell_back: Option<FrontierError>,
    /// Why nothing can meet the rules, when the count is 0 without a search.
    pub unmeetable: Option<String>,
    /// The run's record, when the options asked for a journal.
    pub part: Option<Part>,
}

/// What a count's watcher hears.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Progress {
    /// The search: parts finished.
    Parts(Parts),
    /// Before the row-frontier DP starts, when its trial run forecasts that
    /// it may take more than a minute or more memory than the budget: what
    /// to say first (its `Display`).
    Forecast(Forecast),
    /// The DP: cells swept and states held, before each cell.
    Cells(Sweeping),
}

/// Counts the solutions of `plan` (or its classes, with `options.unique`):
/// the library's one entry for a count. 0 at once when a group cannot be
/// met; the row-frontier DP when `options.method` lets it and it fits; else
/// the plan's search — up to `options.limit`, or every part of the split,
/// on `options.threads` threads, with `watch` told how many parts are done
/// (or cells, by the DP), `options.stop` honoured and the journal kept when
/// `options.journal` asks.
/// Unless `options.estimate` is off, a whole count whose estimate is beyond
/// a day is refused at once: by the search, from its
/// [`estimate`](super::estimate()) ([`SearchError::TooLong`]); by the DP,
/// from a trial run's [`Forecast`] ([`SearchError::SweepTooLong`]), which
/// `watch` hears first ([`Progress::Forecast`]) when the count is long but
/// not refused.
///
/// ```
/// use placer::{CountOptions, Problem, RuleSpec};
///
/// let spec = RuleSpec::resolve("queens").unwrap();
/// let set = vec![("n".to_string(), 8)];
/// let plan = Problem::bind(&spec, &placer::Bindings { set, ..Default::default() })
///     .unwrap()
///     .plan();
/// let counted = placer::count(&plan, &CountOptions::default(), |_| {}).unwrap();
/// assert_eq!(counted.count, 92u32.into());
/// ```
pub fn count(
    plan: &Plan,
    options: &CountOptions,
    mut watch: impl FnMut(&Progress),
) -> Result<Counted, SearchError> {
    let shard = options.journal.as_ref().and_then(|j| j.shard);
    if let (None, Some(why)) = (shard, plan.problem.unmeetable()) {
        return Ok(Counted {
            count: BigUint::ZERO,
            nodes: 0,
            engine: plan.search_method(options),
            reason: None,
            frontier: None,
            fell_back: None,
            unmeetable: Some(why),
            part: None,
        });
    }
    let (reason, fell_back) = match plan.count_by_frontier(options, &mut watch)? {
        ByFrontier::Counted(counted) => return Ok(*counted),
        ByFrontier::Search { reason, fell_back } => (reason, fell_back),
    };
    let (tally, part) = match options.limit {
        Some(_) => (plan.search_count(options)?, None),
        None => {
            plan.refuse_too_long(options)?;
            longrun::count(plan, options, &mut |p| watch(&Progress::Parts(*p)))?
        }
    };
    Ok(Counted {
        count: tally.count.into(),
        nodes: tally.nodes,
        engine: plan.search_method(options),
        reason,
        frontier: None,
        fell_back,
        unmeetable: None,
        part,
    })
}

/// States between lanes times cells above which a row-frontier DP count
/// gets a trial run: kings n = 22 (2·10⁹) takes 53 s, n = 23 (4·10⁹)
/// minutes; knights n = 12 (2.4·10⁹) 8 s. Bounds can be far above the
/// states the DP really holds (a 10×10 two-star puzzle's is 2^33.8, and it
/// counts at once), which the trial run finds out.
const TRY_ABOVE: f64 = 3e9;

/// The trial run's work, in states taken through a cell: about a tenth of
/// a second (kings n = 22, which takes 53 s, needs about 10⁸).
const TRIAL_WORK: u64 = 2_000_000;

/// Seconds beyond which a forecast is said before the DP starts, when the
/// longest it may take ([`Forecast::longest`]) is beyond them.
const WARN_BEYOND: f64 = 60.0;

/// How far a forecast may err long: none of docs/PERFORMANCE.md's did by
/// more than 3 %, and the DP is refused only when its forecast over this is
/// beyond [`REFUSE_BEYOND`], so that a count that might finish in a day is
/// warned about instead.
const ERRS_LONG: f64 = 2.0;

/// What a trial run of the DP says of the whole count (of `target` pieces,
/// or with `None` of every number at once): `None` when the options ask for
/// no estimate, when the state bound says it is quick, and when the trial
/// finishes it (and in the browser, which has no clock).
fn forecast(plan: &Plan, target: Option<usize>, options: &CountOptions) -> Option<Forecast> {
    if !options.estimate || cfg!(target_family = "wasm") {
        return None;
    }
    let bits = frontier::estimate(&plan.problem);
    if bits.exp2() * plan.problem.cells() as f64 <= TRY_ABOVE {
        return None;
    }
    let started = std::time::Instant::now();
    let trial = frontier::trial(&plan.problem, target, &options.budget, TRIAL_WORK);
    let seconds = started.elapsed().as_secs_f64();
    trial.forecast(seconds / trial.work.max(1) as f64, &options.budget)
}

/// The DP's count refused when its forecast is beyond a day even if it
/// errs long by [`ERRS_LONG`]; else the forecast, when it is worth saying.
fn judge(forecast: Forecast) -> Result<Option<Forecast>, SearchError> {
    if forecast.seconds / ERRS_LONG > REFUSE_BEYOND {
        return Err(SearchError::SweepTooLong(forecast));
    }
    Ok((forecast.longest() > WARN_BEYOND || forecast.over_budget()).then_some(forecast))
}

/// The DP's count (of `target` pieces, or with `None` of every number at
/// once) refused by its [`forecast`], or the forecast told to `watch` first
/// when it is worth saying.
fn foretell(
    plan: &Plan,
    target: Option<usize>,
    options: &CountOptions,
    watch: &mut impl FnMut(&Progress),
) -> Result<(), SearchError> {
    if let Some(said) = forecast(plan, target, options)
        .map(judge)
        .transpose()?
        .flatten()
    {
        watch(&Progress::Forecast(said));
    }
    Ok(())
}

/// The placements of `plan` for every number of pieces at once, by one run
/// of the row-frontier DP ([`frontier::polynomial`], `placer table`'s rows
/// of a varying piece count), under `options.budget`: refused, or its
/// forecast told to `watch` first, as [`count`] does for one count.
pub fn polynomial(
    plan: &Plan,
    options: &CountOptions,
    mut watch: impl FnMut(&Progress),
) -> Result<Vec<BigUint>, SearchError> {
    foretell(plan, None, options, &mut watch)?;
    Ok(frontier::polynomial(&plan.problem, &options.budget)?.0)
}

/// Whether the row-frontier DP counted.
enum ByFrontier {
    /// It did.
    Counted(Box<Counted>),
    /// The search should count.
    Search {
        /// Why the DP was not taken, when it was considered.
        reason: Option<String>,
        /// The DP was taken but outgrew its budget.
        fell_back: Option<FrontierError>,
    },
}

impl Plan {
    /// [`count`] without progress, as a 128-bit tally: the shorthand of
    /// tests and examples.
    pub fn count(&self, options: CountOptions) -> Result<Tally, SearchError> {
        let counted = count(self, &options, |_| {})?;
        Ok(Tally {
            count: u128::try_from(&counted.count).map_err(|_| SearchError::Overflow)?,
            nodes: counted.nodes,
        })
    }

    /// [`SearchError::TooLong`] when `options` ask for the estimate and it
    /// is beyond [`REFUSE_BEYOND`]; a shard is its share of the whole.
    fn refuse_too_long(&self, options: &CountOptions) -> Result<(), SearchError> {
        if !options.estimate {
            return Ok(());
        }
        // A stop ends the estimate with none: the count then stops at once,
        // its checkpoint written.
        let stop = options.stop.as_ref();
        let Some(mut e) = estimate(self, self.worker_threads(options.threads), stop) else {
            return Ok(());
        };
        if let Some(shard) = options.journal.as_ref().and_then(|j| j.shard) {
            e.seconds /= shard.of as f64;
        }
        match e.seconds > REFUSE_BEYOND {
            true => Err(SearchError::TooLong(e)),
            false => Ok(()),
        }
    }

    /// The DP's count if `options` choose it, else why not; `watch` hears
    /// its forecast, if worth saying, and the cells swept.
    fn count_by_frontier(
        &self,
        options: &CountOptions,
        watch: &mut impl FnMut(&Progress),
    ) -> Result<ByFrontier, SearchError> {
        let Some(choice) = self.frontier_choice(options)? else {
            return Ok(ByFrontier::Search {
                reason: None,
                fell_back: None,
            });
        };
        if !choice.frontier {
            return Ok(ByFrontier::Search {
                reason: Some(choice.reason),
                fell_back: None,
            });
        }
        foretell(self, Some(self.problem.piece.count), options, watch)?;
        let mut cells = |s: &Sweeping| watch(&Progress::Cells(*s));
        let stop = options.stop.as_ref();
        match frontier::count_until(&self.problem, &options.budget, stop, &mut cells) {
            Ok(counted) => Ok(ByFrontier::Counted(Box::new(Counted {
                count: counted.count,
                nodes: 0,
                engine: Engine::Frontier,
                reason: Some(choice.reason),
                frontier: Some(counted.stats),
                fell_back: None,
                unmeetable: None,
                part: None,
            }))),
            Err(e @ FrontierError::TooBig { .. }) if options.method == Method::Auto => {
                Ok(ByFrontier::Search {
                    reason: Some(choice.reason),
                    fell_back: Some(e),
                })
            }
            Err(FrontierError::Interrupted) => Err(SearchError::Interrupted),
            Err(e) => Err(e.into()),
        }
    }

    /// The search that counts with `options`: the plan's method, or with a
    /// limit the walk that lists (the permutation kernel counts only whole).
    pub fn search_method(&self, options: &CountOptions) -> Engine {
        if options.limit.is_some() {
            self.engine.lister(!self.groups.instances.is_empty())
        } else {
            self.engine
        }
    }

    /// Whether a whole count with `options` goes to the row-frontier DP,
    /// which keeps no finished work when stopped (unless it outgrows its
    /// budget and hands the count to the search).
    pub fn counts_by_frontier(&self, options: &CountOptions) -> bool {
        matches!(self.frontier_choice(options), Ok(Some(c)) if c.frontier)
    }

    /// Whether the DP counts, and why: `None` when it is not considered.
    fn frontier_choice(
        &self,
        options: &CountOptions,
    ) -> Result<Option<frontier::Choice>, SearchError> {
        let all_at_once = !options.unique && options.limit.is_none() && options.journal.is_none();
        match options.method {
            Method::Search => Ok(None),
            Method::Frontier if !all_at_once => Err(SearchError::Unsupported(
                "the row-frontier DP counts every solution at once: no classes, no limit, no shard or checkpoint".into(),
            )),
            Method::Auto if !all_at_once => Ok(None),
            method => {
                let choice =
                    frontier::choose(&self.problem, method, self.engine == Engine::Permutation);
                Ok(Some(choice))
            }
        }
    }

    /// Counts up to `options.limit` with the plan's search: on this thread
    /// with one thread, or where the parts would count another walk than
    /// the one that lists; else over the split on the runner, each part up
    /// to the limit, no part started once the sum reaches it, the sum capped.
    fn search_count(&self, options: &CountOptions) -> Result<Tally, SearchError> {
        let parts_list = self.search_method(options) == self.engine;
        if parts_list && self.engine == Engine::Propagate && !options.unique {
            // Above ROUNDS_CELLS the split's walks cost more than the whole
            // walk's proof (a 129×129 board): one walk, whatever the threads,
            // in rounds with restarts when the limit is small.
            if self.rows * self.cols > ROUNDS_CELLS {
                return match super::rounds::whole(self, options) {
                    Some(tally) => tally,
                    None => self.count_under(&Prefix::default(), options),
                };
            }
            return super::rounds::count(self, &Split::walked(self), options);
        }
        if options.threads <= 1 || !parts_list {
            return self.count_under(&Prefix::default(), options);
        }
        let limit = options.limit.unwrap_or(u128::MAX);
        let split = Split::new(self);
        let sum = Mutex::new(Tally::default());
        let threads = self.worker_threads(options.threads);
        let complete = run(threads, &split.parts, options.stop.as_ref(), |sub| {
            if sum.lock().unwrap_or_else(|e| e.into_inner()).count >= limit {
                return Ok(());
            }
            let tally = split.count(self, sub, options)?;
            let mut sum = sum.lock().unwrap_or_else(|e| e.into_inner());
            *sum = *sum + tally;
            Ok(())
        })?;
        if !complete {
            return Err(SearchError::Interrupted);
        }
        let sum = sum.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(Tally {
            count: sum.count.min(limit),
            nodes: split.nodes + sum.nodes,
        })
    }
}

/// The largest board (in cells) whose limited propagating counts run in
/// rounds over the split: measured in docs/PERFORMANCE.md, a 26×26 board
/// gains, a 129×129 one loses ten times.
const ROUNDS_CELLS: usize = 1024;

#[cfg(test)]
mod tests {
    use super::*;

    fn forecast(seconds: f64, peak_bytes: f64) -> Forecast {
        Forecast {
            work: 1e9,
            peak_states: 1e6,
            peak_bytes,
            seconds,
            swept: 30,
            cells: 900,
            budget: 1 << 30,
        }
    }

    /// The policy on forecasts, their time given: refused only beyond a
    /// day at half the time, said when it may take over a minute or
    /// outgrow the budget, else quiet.
    #[test]
    fn forecasts_are_refused_said_or_kept_quiet() {
        let day = REFUSE_BEYOND;
        let refused = judge(forecast(2.5 * day, 1e6)).unwrap_err();
        assert!(refused.is_too_long());
        assert!(
            refused
                .to_string()
                .starts_with("this count by the row-frontier DP would take at least about 3 days (forecast from a trial run over 30 of these 900 cells: at least about 2^19.9 states at the peak, 977 KiB of state tables)"),
            "{refused}"
        );
        assert!(judge(forecast(1.5 * day, 1e6)).unwrap().is_some());
        assert!(judge(forecast(10.0, 1e6)).unwrap().is_some());
        assert_eq!(judge(forecast(1.0, 1e6)).unwrap(), None);
        let over = judge(forecast(1.0, 2e9)).unwrap().unwrap();
        assert_eq!(
            over.to_string(),
            "the row-frontier DP may take from about 1 second to about 25 seconds or more (forecast from a trial run over 30 of these 900 cells: at least about 2^19.9 states at the peak, 1.9 GiB of state tables, more than the memory budget of 1.0 GiB), so it would stop there: raise --max-memory or count with --method search; Ctrl-C stops it"
        );
    }
}
