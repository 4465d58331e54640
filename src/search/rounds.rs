//! Counting up to a limit with the propagating search, in rounds over the
//! parts of the one split: each part walks a budget of nodes, a part still
//! open walks twice its last budget in the next round, and the count ends as
//! soon as the parts together found the limit or all of them ended.
//!
//! Every thread count takes these rounds; on many threads, when the split
//! has more than one part, a thread left without a part within a round is
//! also given a branch of another's ([`Walk::shared`]), so that a round's
//! last parts are shared too: the parts and nodes then differ from one
//! thread's (the count does not). A
//! part whose subtree is huge and empty only takes as many nodes as the
//! others before they are visited, so a walk that starts in the wrong
//! corner of a board with many solutions (a planted one) does not hold the
//! count back: the tree's heavy tail is cut by the rounds, as restarts
//! would, but without redoing any work (a part's walk resumes).
//! At most [`window`] parts are open at a time, so memory stays bounded.
//!
//! How long a walk takes depends on how deep it looks ahead, and no depth
//! is best on every board (docs/PERFORMANCE.md): a limited count (a small
//! limit) whose walk has taken [`SECOND_AFTER`] nodes starts a second walk
//! over a split that looks ahead deeper, and the two take turns, each as
//! many nodes as the other. Their solutions are kept as sets of cells, so
//! one found by both counts once; the count ends once the two together
//! found the limit or either walk ended, which then found every solution.
//! From [`RESTART_AFTER`] nodes on, random restarts take up to a quarter
//! of the nodes the walks take, in turns with them (less while they find
//! nothing new): on boards with many solutions they find them
//! where both walks are stuck in empty subtrees (a planted 40×40 4★ board);
//! they never end a count, which only a walk that ended or the limit does.

use std::any::Any;
use std::cell::OnceCell;
use std::collections::{HashSet, VecDeque};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use super::run::{Runner, run_on, stopped};
use super::split::{Split, Subproblem};
use super::{CountOptions, SearchError, Stop, Tally};
use crate::engine::propagate::{PropagateWalker, RESTART_AFTER, Restarts};
use crate::plan::Plan;
use crate::problem::MEMORY_BUDGET;

/// A part's first budget, in nodes: enough that the first part, the whole
/// walk's first subtree, finds the solutions of a board that has many
/// before the other parts start, and few enough that a split of a few
/// parts gives parts away soon to a second thread (docs/PERFORMANCE.md).
const FIRST: u64 = 256;

/// Nodes a part walks between looks at the limit and the stop flag.
const CHUNK: u64 = 1024;

/// On more than one thread, the nodes a part walks between looks for a
/// thread waiting for work ([`Walk::shared`]).
const SHARE_CHUNK: u64 = 64;

/// Gives a branch of a walk, which may walk to the budget given, to a
/// thread waiting for a part ([`Walk::shared`]).
type Give<'g> = dyn Fn(&mut PropagateWalker, u64) + Sync + 'g;

/// What a part's walk on many threads is given ([`Walk::shared`]): where
/// to give branches away, and the flag that stops it once another walk
/// failed or panicked.
struct Sharing<'g> {
    give: &'g Give<'g>,
    abort: &'g AtomicBool,
}

/// A round's parts on many threads ([`Walk::shared`]): those to take, each
/// with its place in the round's order, and those walked.
struct Shared<'a> {
    /// The parts no thread took yet, each with its place in the round.
    queue: VecDeque<(usize, Slot<'a>)>,
    /// The place of the next branch given.
    given: usize,
    /// Branches given whose walk is being made, not yet in `queue`.
    pending: usize,
    /// Threads walking a part.
    busy: usize,
    /// The parts walked, each with its place in the round.
    done: Vec<(usize, Slot<'a>)>,
    /// The first walk that failed.
    failed: Option<SearchError>,
    /// The first walk's panic, raised again once every thread returned.
    panic: Option<Box<dyn Any + Send>>,
}

/// The largest limit whose count keeps its solutions and may start a
/// second walk.
const KEPT: u128 = 64;

/// The restarts take one node for every `1 << RESTART_SHARE` the walks
/// take, until they repeat themselves.
const RESTART_SHARE: u32 = 2;

/// The nodes the first walk takes before the second starts: no published
/// 4–6★ puzzle's proof takes 50 000 (docs/PERFORMANCE.md), so theirs never
/// start one.
const SECOND_AFTER: u64 = 100_000;

/// The fewest parts kept open once the split's are all open: enough for
/// two threads and a few more (docs/PERFORMANCE.md).
const SHARED: usize = 8;

/// One part being counted: a part of the split or a branch another part
/// gave away (then `sub` is `None`), its walk (made when it first runs)
/// and the nodes its next round may take it to.
struct Slot<'a> {
    sub: Option<&'a Subproblem>,
    walker: Option<PropagateWalker>,
    budget: u64,
}

/// The solutions the walks found together.
struct Found {
    limit: u128,
    /// Solutions, distinct.
    count: u128,
    /// With a limit of at most [`KEPT`]: the solutions found, each as its
    /// pieces (givens aside), so that two walks never count one twice.
    seen: Option<HashSet<Vec<usize>>>,
    /// With a limit of at most [`KEPT`] on a propagating plan: the random
    /// restarts, which take their share once the walks took
    /// [`RESTART_AFTER`] nodes.
    restarts: Option<Restarts>,
    /// Nodes the walks took.
    walked: u64,
    /// The nodes the walks take before restarts start.
    restart_after: u64,
    /// The nodes the restarts may have taken so far.
    allowance: u64,
    /// Restarts in a row that found nothing new (counted up to 8).
    repeats: u32,
    /// Whether a walk has taken the restarts out to run them (outside
    /// the lock, [`restart`]).
    busy: bool,
}

impl Found {
    /// Counts `solution` unless it was found before.
    fn add(&mut self, solution: &[usize]) -> bool {
        match &mut self.seen {
            Some(seen) => {
                let new = seen.insert(solution.to_vec());
                self.count = seen.len() as u128;
                new
            }
            None => {
                self.count += 1;
                true
            }
        }
    }

    fn reached(&self) -> bool {
        self.count >= self.limit
    }

    /// Adds `nodes` a walk took to the restarts' allowance; returns the
    /// restarts, taken out, when one is due and no other walk runs them:
    /// [`restart`] runs them and puts them back.
    /// The share halves each time a restart finds nothing new (no solution,
    /// or one found before; down to 1/1024) and comes back whole with a
    /// new solution: on a puzzle with one solution the restarts find none
    /// or only that one, and soon cost next to nothing.
    fn walked(&mut self, nodes: u64, stop: Option<&Stop>) -> Option<Restarts> {
        let past = (self.walked + nodes).saturating_sub(self.restart_after.max(self.walked));
        self.walked += nodes;
        if self.restarts.is_none() && !self.busy {
            return None;
        }
        self.allowance += past >> (RESTART_SHARE + self.repeats);
        if !self.due(self.restarts.as_ref()?, stop) {
            return None;
        }
        self.busy = true;
        self.restarts.take()
    }

    /// Whether another restart is due: they took less than their share
    /// and the count goes on.
    fn due(&self, runs: &Restarts, stop: Option<&Stop>) -> bool {
        !self.reached() && runs.nodes < self.allowance && !stopped(stop)
    }

    /// Counts what a restart found.
    fn restarted(&mut self, solution: Option<Vec<usize>>) {
        let new = solution.is_some_and(|solution| self.add(&solution));
        self.repeats = if new { 0 } else { (self.repeats + 1).min(8) };
    }
}

/// Runs restarts `runs` (taken out by [`Found::walked`]) while one is due,
/// each outside `found`'s lock so that the other walks go on meanwhile,
/// then puts them back.
fn restart(found: &Mutex<Found>, mut runs: Restarts, stop: Option<&Stop>) {
    let lock = || found.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let mut f = lock();
        if !f.due(&runs, stop) {
            f.restarts = Some(runs);
            f.busy = false;
            return;
        }
        drop(f);
        let solution = runs.next();
        lock().restarted(solution);
    }
}

/// One walk over the parts of a split, in rounds.
struct Walk<'a> {
    split: &'a Split,
    /// A part's first budget.
    first: u64,
    /// The parts not opened yet start here.
    next: usize,
    /// The most parts open at once, the window of [`Walk::round`].
    most: usize,
    open: Vec<Slot<'a>>,
    /// Nodes its parts took.
    nodes: u64,
}

impl<'a> Walk<'a> {
    fn new(split: &'a Split, first: u64, most: usize) -> Walk<'a> {
        Walk {
            split,
            first,
            next: 0,
            most,
            open: Vec::new(),
            nodes: 0,
        }
    }

    /// Whether every part ended: every solution found.
    fn done(&self) -> bool {
        self.open.is_empty() && self.next == self.split.parts.len()
    }

    /// Opens parts up to the window and walks each open one its budget on
    /// `runner`'s threads (sharing them within the round when there are
    /// many threads and the split has more than one part: a split of one,
    /// [`whole`]'s, walks as on one thread, whose extra walks cost more
    /// than they save there, docs/PERFORMANCE.md).
    fn round(
        &mut self,
        plan: &Plan,
        options: &CountOptions,
        runner: &Runner,
        found: &Mutex<Found>,
    ) -> Result<(), SearchError> {
        let parts = &self.split.parts[self.next..];
        let new = parts.iter().take(self.most.saturating_sub(self.open.len()));
        self.next += new.len();
        self.open.extend(new.map(|sub| Slot {
            sub: Some(sub),
            walker: None,
            budget: self.first,
        }));
        let nodes = Mutex::new(0u64);
        let slots: Vec<Slot> = self.open.drain(..).collect();
        let split = self.split;
        let slots = if runner.threads() > 1 && split.parts.len() > 1 {
            self.shared(plan, options, runner, slots, found, &nodes)?
        } else {
            let slots: Vec<Mutex<Slot>> = slots.into_iter().map(Mutex::new).collect();
            let complete = run_on(runner, &slots, options.stop.as_ref(), |slot| {
                let mut slot = slot.lock().unwrap_or_else(|e| e.into_inner());
                walk(plan, split, &mut slot, options, found, &nodes, None)
            })?;
            if !complete {
                return Err(SearchError::Interrupted);
            }
            let unlock = |s: Mutex<Slot<'a>>| s.into_inner().unwrap_or_else(|e| e.into_inner());
            slots.into_iter().map(unlock).collect()
        };
        self.nodes += nodes.into_inner().unwrap_or_else(|e| e.into_inner());
        self.open.extend(
            slots
                .into_iter()
                .filter(|s| s.walker.as_ref().is_none_or(|w| !w.done())),
        );
        self.give_away();
        Ok(())
    }

    /// Walks `slots` on the runner's threads, which take them in order;
    /// once none is left to take, a thread that waits makes the others
    /// give it the empty branch of their shallowest decision still to come
    /// (within [`SHARE_CHUNK`] nodes), which starts with a round of probing
    /// and walks the rest of its giver's budget: the round's last parts are
    /// shared too, while the round holds fewer than the window's parts
    /// (those of `slots` and the branches given). The parts after the
    /// round, in the order of `slots`, then the branches given. An error
    /// or a panic in one part's walk stops the others (within
    /// [`SHARE_CHUNK`] nodes); the panic is raised again once every thread
    /// returned.
    fn shared(
        &self,
        plan: &Plan,
        options: &CountOptions,
        runner: &Runner,
        slots: Vec<Slot<'a>>,
        found: &Mutex<Found>,
        nodes: &Mutex<u64>,
    ) -> Result<Vec<Slot<'a>>, SearchError> {
        let given = slots.len();
        let pool = Mutex::new(Shared {
            queue: slots.into_iter().enumerate().collect(),
            given,
            pending: 0,
            busy: 0,
            done: Vec::new(),
            failed: None,
            panic: None,
        });
        // Threads waiting for a part (changed under `pool`'s lock, read
        // without it first).
        let (wake, waiting, abort) = (Condvar::new(), AtomicUsize::new(0), AtomicBool::new(false));
        let lock = || pool.lock().unwrap_or_else(|e| e.into_inner());
        let (split, first, most) = (self.split, self.first, self.most);
        // Gives a waiting thread a branch of `w`, whose part may walk to
        // `budget` in this round: its place is taken under the lock, its
        // walk made outside it.
        let give = |w: &mut PropagateWalker, budget: u64| {
            if waiting.load(Ordering::Relaxed) == 0 {
                return;
            }
            let mut p = lock();
            let idle = waiting.load(Ordering::Relaxed);
            if idle <= p.pending || !p.queue.is_empty() || p.given >= most {
                return;
            }
            let Some((pieces, empty)) = w.give_away() else {
                return;
            };
            let at = p.given;
            p.given += 1;
            p.pending += 1;
            drop(p);
            // Its giver's walk would have probed the branch had it come
            // to it after a big piece branch, as it would now.
            let mut walker = split.walker_under(&pieces, &empty);
            if let Some(w) = walker.as_mut() {
                w.probe_at_root();
            }
            let slot = Slot {
                sub: None,
                walker,
                budget: budget.saturating_sub(w.nodes).max(first),
            };
            let mut p = lock();
            p.pending -= 1;
            p.queue.push_back((at, slot));
            wake.notify_one();
        };
        let sharing = Sharing {
            give: &give,
            abort: &abort,
        };
        runner.on_each(|| {
            let mut p = lock();
            while p.failed.is_none() && p.panic.is_none() {
                if let Some((at, mut slot)) = p.queue.pop_front() {
                    p.busy += 1;
                    drop(p);
                    let done = catch_unwind(AssertUnwindSafe(|| {
                        #[cfg(test)]
                        tests::panic_hook(options, at);
                        if stopped(options.stop.as_ref()) {
                            return Err(SearchError::Interrupted);
                        }
                        walk(
                            plan,
                            split,
                            &mut slot,
                            options,
                            found,
                            nodes,
                            Some(&sharing),
                        )
                    }));
                    p = lock();
                    p.busy -= 1;
                    match done {
                        Ok(Ok(())) => p.done.push((at, slot)),
                        Ok(Err(e)) => {
                            p.failed.get_or_insert(e);
                            abort.store(true, Ordering::Relaxed);
                        }
                        Err(panic) => {
                            p.panic.get_or_insert(panic);
                            abort.store(true, Ordering::Relaxed);
                        }
                    }
                    wake.notify_all();
                } else if p.busy == 0 {
                    break;
                } else {
                    waiting.fetch_add(1, Ordering::Relaxed);
                    p = wake.wait(p).unwrap_or_else(|e| e.into_inner());
                    waiting.fetch_sub(1, Ordering::Relaxed);
                }
            }
        });
        let mut p = pool.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(panic) = p.panic {
            resume_unwind(panic);
        }
        if let Some(e) = p.failed {
            return Err(e);
        }
        p.done.sort_unstable_by_key(|(at, _)| *at);
        Ok(p.done.into_iter().map(|(_, slot)| slot).collect())
    }

    /// While fewer than [`SHARED`] parts are open and none is left to
    /// open, each open part gives away its shallowest branch still to come
    /// as a part of its own, which walks as many nodes in the next round as
    /// the giver: a proof whose work lies in one part is shared between
    /// threads. The same on any thread count, besides the branches given
    /// within a round on many threads ([`Walk::shared`]).
    fn give_away(&mut self) {
        if self.next < self.split.parts.len() {
            return;
        }
        let (open, mut given) = (self.open.len(), Vec::new());
        for slot in &mut self.open {
            if open + given.len() >= SHARED {
                break;
            }
            let Some(w) = slot.walker.as_mut() else {
                continue;
            };
            let Some((pieces, empty)) = w.give_away() else {
                continue;
            };
            given.push(Slot {
                sub: None,
                walker: self.split.walker_under(&pieces, &empty),
                budget: slot.budget.saturating_sub(w.nodes).max(self.first),
            });
        }
        self.open.append(&mut given);
    }
}

/// The solutions of `plan`, whose engine propagates, up to `options.limit`
/// (not classes): the rounds over `split`'s parts on `options.threads`
/// threads, and a second walk after [`SECOND_AFTER`] nodes. The count is
/// exact up to the limit; the nodes depend on the threads.
pub(crate) fn count(
    plan: &Plan,
    split: &Split,
    options: &CountOptions,
) -> Result<Tally, SearchError> {
    count_with(plan, split, options, (FIRST, SECOND_AFTER, RESTART_AFTER))
}

/// [`count`] on the whole walk as one part, with no second walk (whose
/// split would cost more than it saves on the boards that count this way):
/// the walk takes turns with restarts. `None` unless the limit is at most
/// [`KEPT`], the counts that keep their solutions.
pub(crate) fn whole(plan: &Plan, options: &CountOptions) -> Option<Result<Tally, SearchError>> {
    let limited = options.limit.is_some_and(|l| l <= KEPT);
    limited.then(|| {
        let schedule = (FIRST, u64::MAX, RESTART_AFTER);
        count_with(plan, &Split::whole(plan), options, schedule)
    })
}

/// [`count`] with a part's first budget, the nodes of the first walk
/// after which the second starts, and the nodes of the walks after which
/// restarts start: `(first, after, restart_after)`.
fn count_with(
    plan: &Plan,
    split: &Split,
    options: &CountOptions,
    (first_budget, after, restart_after): (u64, u64, u64),
) -> Result<Tally, SearchError> {
    let limit = options.limit.unwrap_or(u128::MAX);
    let threads = plan.worker_threads(options.threads);
    let most = window(plan, threads);
    let runner = Runner::new(threads)?;
    let found = Mutex::new(Found {
        limit,
        count: 0,
        seen: (limit <= KEPT).then(HashSet::new),
        restarts: split
            .model()
            .filter(|_| limit <= KEPT)
            .map(|m| Restarts::new(m.clone())),
        walked: 0,
        restart_after,
        allowance: 0,
        repeats: 0,
        busy: false,
    });
    let reached = || found.lock().unwrap_or_else(|e| e.into_inner()).reached();
    let deep = OnceCell::new();
    let mut first = Walk::new(split, first_budget, most);
    let mut second: Option<(Walk, u64)> = None;
    while !reached() && !first.done() && !second.as_ref().is_some_and(|(s, _)| s.done()) {
        first.round(plan, options, &runner, &found)?;
        if second.is_none() && limit <= KEPT && first.nodes >= after && !first.done() {
            let deep = deep.get_or_init(|| Split::deep(plan));
            second = Some((Walk::new(deep, first_budget, most), first.nodes));
        }
        // The second walk catches up with the nodes the first took since
        // it started.
        if let Some((walk, since)) = second.as_mut() {
            while !reached() && !walk.done() && walk.nodes < first.nodes - *since {
                walk.round(plan, options, &runner, &found)?;
            }
        }
    }
    let found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    // The splits' own walks count too: on a shallow tree they found
    // every solution and the parts took no node.
    let second = second.map_or(0, |(walk, _)| walk.split.nodes + walk.nodes);
    Ok(Tally {
        count: found.count.min(limit),
        nodes: split.nodes + first.nodes + second + found.restarts.map_or(0, |runs| runs.nodes),
    })
}

/// Walks `slot`'s part up to its budget, or until the walks together found
/// their limit, adding its solutions to `found` and its nodes to `nodes` as
/// it goes, and doubles its budget. It looks at the limit and the stop
/// flag every [`CHUNK`] nodes; with `share`, every [`SHARE_CHUNK`] nodes,
/// when it also looks at its abort flag (an error, `Interrupted`) and
/// shows its walk and budget to its giver.
fn walk(
    plan: &Plan,
    split: &Split,
    slot: &mut Slot,
    options: &CountOptions,
    found: &Mutex<Found>,
    nodes: &Mutex<u64>,
    share: Option<&Sharing<'_>>,
) -> Result<(), SearchError> {
    let chunk = if share.is_some() { SHARE_CHUNK } else { CHUNK };
    let counted = found;
    let lock = || found.lock().unwrap_or_else(|e| e.into_inner());
    if lock().reached() {
        return Ok(());
    }
    if let (None, Some(sub)) = (&slot.walker, slot.sub) {
        slot.walker = split.walker(plan, sub)?;
    }
    let Some(w) = slot.walker.as_mut() else {
        return Err(SearchError::Unsupported(
            "the rounds count a propagating search only".into(),
        ));
    };
    while !w.done() && w.nodes <= slot.budget {
        let aborted = share.is_some_and(|s| s.abort.load(Ordering::Relaxed));
        if aborted || stopped(options.stop.as_ref()) {
            return Err(SearchError::Interrupted);
        }
        let before = w.nodes;
        w.set_budget(slot.budget.min(w.nodes + chunk));
        let leaf = w.next_leaf();
        *nodes.lock().unwrap_or_else(|e| e.into_inner()) += w.nodes - before;
        let mut found = lock();
        if leaf {
            found.add(w.placed());
        }
        if let Some(runs) = found.walked(w.nodes - before, options.stop.as_ref()) {
            drop(found);
            restart(counted, runs, options.stop.as_ref());
            found = lock();
        }
        if found.reached() {
            break;
        }
        drop(found);
        if let Some(share) = share {
            (share.give)(w, slot.budget);
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

#[cfg(test)]
mod tests;
