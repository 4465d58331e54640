//! Counting up to a limit with the propagating search, in rounds over the
//! parts of the one split: each part walks a budget of nodes, a part still
//! open walks twice its last budget in the next round, and the count ends as
//! soon as the parts together found the limit or all of them ended.
//!
//! One thread and many take the same rounds, so a thread count never makes
//! a proof slower; and a part whose subtree is huge and empty only takes as
//! many nodes as the others before they are visited, so a walk that starts
//! in the wrong corner of a board with many solutions (a planted one) does
//! not hold the count back: the tree's heavy tail is cut by the rounds, as
//! restarts would, but without redoing any work (a part's walk resumes).
//! At most [`window`] parts are open at a time, so memory stays bounded.

use std::sync::Mutex;

use super::run::{run, stopped};
use super::split::{Split, Subproblem};
use super::{CountOptions, SearchError, Tally};
use crate::engine::propagate::PropagateWalker;
use crate::plan::Plan;
use crate::problem::MEMORY_BUDGET;

/// A part's first budget, in nodes: as many as the split may walk, so that
/// the first part, the whole walk's first subtree, finds the solutions of a
/// board that has many before the other parts start (docs/PERFORMANCE.md).
const FIRST: u64 = 1024;

/// Nodes a part walks between looks at the limit and the stop flag.
const CHUNK: u64 = 1024;

/// One part being counted: its walk (made when it first runs) and the
/// nodes its next round may take it to.
struct Slot<'a> {
    sub: &'a Subproblem,
    walker: Option<PropagateWalker>,
    budget: u64,
}

/// The solutions of `plan`, whose engine propagates, up to `options.limit`
/// (not classes): the rounds over `split`'s parts on `options.threads`
/// threads. The count is exact up to the limit; the nodes depend on the
/// threads.
pub(crate) fn count(
    plan: &Plan,
    split: &Split,
    options: &CountOptions,
) -> Result<Tally, SearchError> {
    let limit = options.limit.unwrap_or(u128::MAX);
    let threads = plan.worker_threads(options.threads);
    let sum = Mutex::new(Tally::default());
    let most = window(plan, threads);
    let mut next = split.parts.iter();
    let mut open: Vec<Slot> = Vec::new();
    loop {
        open.extend(next.by_ref().take(most - open.len()).map(|sub| Slot {
            sub,
            walker: None,
            budget: FIRST,
        }));
        let reached = sum.lock().unwrap_or_else(|e| e.into_inner()).count >= limit;
        if open.is_empty() || reached {
            break;
        }
        let slots: Vec<Mutex<Slot>> = open.drain(..).map(Mutex::new).collect();
        let complete = run(threads, &slots, options.stop.as_ref(), |slot| {
            let mut slot = slot.lock().unwrap_or_else(|e| e.into_inner());
            walk(plan, split, &mut slot, options, &sum, limit)
        })?;
        if !complete {
            return Err(SearchError::Interrupted);
        }
        let slots = slots
            .into_iter()
            .map(|s| s.into_inner().unwrap_or_else(|e| e.into_inner()));
        open.extend(slots.filter(|s| s.walker.as_ref().is_none_or(|w| !w.done())));
    }
    let sum = sum.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(Tally {
        count: sum.count.min(limit),
        ..sum
    })
}

/// Walks `slot`'s part up to its budget, or until the parts together found
/// `limit`, adding its solutions and nodes to `sum` as it goes, and doubles
/// its budget.
fn walk(
    plan: &Plan,
    split: &Split,
    slot: &mut Slot,
    options: &CountOptions,
    sum: &Mutex<Tally>,
    limit: u128,
) -> Result<(), SearchError> {
    let add = |count: u128, nodes: u64| {
        let mut sum = sum.lock().unwrap_or_else(|e| e.into_inner());
        *sum = *sum + Tally { count, nodes };
        sum.count >= limit
    };
    if add(0, 0) {
        return Ok(());
    }
    if slot.walker.is_none() {
        slot.walker = split.walker(plan, slot.sub)?;
    }
    let Some(w) = slot.walker.as_mut() else {
        return Err(SearchError::Unsupported(
            "the rounds count a propagating search only".into(),
        ));
    };
    while !w.done() && w.nodes <= slot.budget {
        if stopped(options.stop.as_ref()) {
            return Err(SearchError::Interrupted);
        }
        let before = w.nodes;
        w.set_budget(slot.budget.min(w.nodes + CHUNK));
        let leaf = w.next_leaf();
        if add(u128::from(leaf), w.nodes - before) {
            break;
        }
    }
    slot.budget = slot.budget.saturating_mul(2);
    Ok(())
}

/// How many parts may be open at once: as many as a quarter of the memory
/// budget holds (a walk's state grows with the units times the lines),
/// and never fewer than two a thread.
fn window(plan: &Plan, threads: usize) -> usize {
    let (rows, cols) = (plan.rows as u64, plan.cols as u64);
    let units = rows + cols + rows.max(cols) + 1;
    let walker = units * (rows + cols) * 4 + rows * cols * 64;
    let room = usize::try_from((MEMORY_BUDGET / 4) / walker.max(1)).unwrap_or(usize::MAX);
    room.max(2 * threads).max(1)
}
