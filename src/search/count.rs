//! Counting a plan: the method chosen once here (the plan's search, or the
//! row-frontier DP when the options let it), then run under the one split and
//! the one parallel runner.

use std::sync::Mutex;

use num_bigint::BigUint;

use super::run::{Stop, run};
use super::split::{Prefix, Split};
use super::{SearchError, Tally};
use crate::frontier::{self, Budget, FrontierError};
use crate::plan::{Method, Plan};

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
    pub method: frontier::Method,
    /// The DP's memory budget.
    pub budget: Budget,
    /// A flag the caller may set to stop the count: it then ends with
    /// [`SearchError::Interrupted`]. The DP does not look at it.
    pub stop: Option<Stop>,
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            threads: 1,
            limit: None,
            unique: false,
            method: frontier::Method::Search,
            budget: Budget::default(),
            stop: None,
        }
    }
}

/// What a count found, with the method that found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// Solutions (or classes); the DP's counts may exceed 128 bits.
    pub count: BigUint,
    /// Nodes visited (pieces placed); 0 for the DP.
    pub nodes: u64,
    /// The method that counted.
    pub method: Method,
    /// Why that method, in a few words, when the DP was considered.
    pub reason: Option<String>,
    /// What the DP held, when it counted.
    pub frontier: Option<frontier::Stats>,
    /// The DP was chosen but outgrew its budget, so the search counted.
    pub fell_back: Option<FrontierError>,
}

/// Whether the row-frontier DP counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ByFrontier {
    /// It did.
    Counted(Counted),
    /// The search should count.
    Search {
        /// Why the DP was not taken, when it was considered.
        reason: Option<String>,
        /// The DP was taken but outgrew its budget.
        fell_back: Option<FrontierError>,
    },
}

impl Plan {
    /// Counts solutions (or classes, with `unique`) with the method the plan
    /// and `options` choose ([`Plan::count_exact`]), as a 128-bit tally.
    pub fn count(&self, options: CountOptions) -> Result<Tally, SearchError> {
        let counted = self.count_exact(&options)?;
        Ok(Tally {
            count: u128::try_from(&counted.count).map_err(|_| SearchError::Overflow)?,
            nodes: counted.nodes,
        })
    }

    /// Counts with the method the plan and `options` choose: the row-frontier
    /// DP when `options.method` lets it and it fits, else the plan's search,
    /// in parallel over [`Plan::subproblems`] when there are threads.
    pub fn count_exact(&self, options: &CountOptions) -> Result<Counted, SearchError> {
        let (reason, fell_back) = match self.count_by_frontier(options)? {
            ByFrontier::Counted(counted) => return Ok(counted),
            ByFrontier::Search { reason, fell_back } => (reason, fell_back),
        };
        let tally = self.search_count(options)?;
        Ok(Counted {
            count: tally.count.into(),
            nodes: tally.nodes,
            method: self.search_method(options),
            reason,
            frontier: None,
            fell_back,
        })
    }

    /// The first half of [`Plan::count_exact`], for callers that run the
    /// search their own way (a long run with shards and checkpoints): the
    /// DP's count if `options` choose it, else why not.
    pub fn count_by_frontier(&self, options: &CountOptions) -> Result<ByFrontier, SearchError> {
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
        match frontier::count(&self.problem, &options.budget) {
            Ok(counted) => Ok(ByFrontier::Counted(Counted {
                count: counted.count,
                nodes: 0,
                method: Method::Frontier,
                reason: Some(choice.reason),
                frontier: Some(counted.stats),
                fell_back: None,
            })),
            Err(e @ FrontierError::TooBig { .. }) if options.method == frontier::Method::Auto => {
                Ok(ByFrontier::Search {
                    reason: Some(choice.reason),
                    fell_back: Some(e),
                })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The search that counts with `options`: the plan's method, or with a
    /// limit the walk that lists (the permutation kernel counts only whole).
    pub fn search_method(&self, options: &CountOptions) -> Method {
        if options.limit.is_some() {
            self.method.lister(!self.groups.instances.is_empty())
        } else {
            self.method
        }
    }

    /// Whether the DP counts, and why: `None` when it is not considered.
    fn frontier_choice(
        &self,
        options: &CountOptions,
    ) -> Result<Option<frontier::Choice>, SearchError> {
        let all_at_once = !options.unique && options.limit.is_none();
        match options.method {
            frontier::Method::Search => Ok(None),
            frontier::Method::Frontier if !all_at_once => Err(SearchError::Unsupported(
                "the row-frontier DP counts every solution at once: no classes, no limit".into(),
            )),
            frontier::Method::Auto if !all_at_once => Ok(None),
            method => {
                let choice =
                    frontier::choose(&self.problem, method, self.method == Method::Permutation);
                Ok(Some(choice))
            }
        }
    }

    /// Counts with the plan's search: whole on this thread with one thread
    /// (the permutation kernel always counts its split), or with a limit
    /// where the parts would count another walk than the one that lists;
    /// else over the split on the runner. With a limit, each part counts up
    /// to it, no part starts once the sum reaches it, and the sum is capped.
    fn search_count(&self, options: &CountOptions) -> Result<Tally, SearchError> {
        let splits = self.method == Method::Permutation && options.limit.is_none();
        let parts_list = self.search_method(options) == self.method;
        if !splits && (options.threads <= 1 || options.limit.is_some() && !parts_list) {
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
            let tally = split.count(sub, options)?;
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
            ..sum
        })
    }
}
