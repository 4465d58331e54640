//! Long counts: a run over part of the split (a shard) or all of it, with a
//! checkpoint of finished subproblems to resume from, a progress report and a
//! stop flag.
//!
//! The subproblems are counted on a worker thread while the calling thread
//! watches: it reports progress every tenth of a second and, when the stop
//! flag is set, saves the checkpoint with every finished subproblem and
//! returns at once, however long the subproblems still running would take.
//! Their partial work is lost (they finish in the background and are
//! discarded); the resumed run counts them again from their start.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::checkpoint::{self, Checkpoint, FORMAT, Part, add_count, seal};
use super::run::{Stop, stopped};
use super::split::Split;
use super::{CountOptions, SearchError, Shard};
use crate::plan::Plan;

/// How a long count runs.
#[derive(Debug, Clone, Default)]
pub struct LongRun {
    /// Worker threads.
    pub threads: usize,
    /// Count classes under symmetry.
    pub unique: bool,
    /// Where finished subproblems are recorded.
    pub checkpoint: Option<PathBuf>,
    /// Run only this part.
    pub shard: Option<Shard>,
    /// Set it to stop the run: finished work is saved, the rest dropped.
    pub stop: Option<Stop>,
}

/// How far a long count has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Subproblems of this run (of its shard) finished, resumed ones included.
    pub done: usize,
    /// Subproblems of this run.
    pub of: usize,
    /// Subproblems that were finished when the run started (from the checkpoint).
    pub resumed: usize,
    /// Solutions in the finished subproblems.
    pub solutions: u128,
}

/// How a long count ended.
#[derive(Debug)]
pub enum Ended {
    /// Every subproblem of the run is counted.
    Finished(Part),
    /// The stop flag ended it; finished work is in the checkpoint, if any.
    Interrupted,
}

/// What the worker thread and the watching thread share.
struct State {
    checkpoint: Checkpoint,
    /// Solutions in the finished subproblems so far.
    solutions: u128,
    last_save: Instant,
    /// Set when the run is over: workers record nothing more.
    closed: bool,
}

/// Counts `run`'s subproblems of `plan`, resuming from and saving to its
/// checkpoint; `watch` sees the progress about ten times a second.
pub fn count(
    plan: &Plan,
    run: &LongRun,
    mut watch: impl FnMut(&Progress),
) -> Result<Ended, SearchError> {
    let parts = Split::new(plan).parts;
    let fingerprint = checkpoint::fingerprint(plan, run.unique, &parts);
    let mine: Vec<usize> = (0..parts.len())
        .filter(|&i| run.shard.is_none_or(|s| s.owns(i)))
        .collect();
    let mut ck = Checkpoint {
        format: FORMAT,
        fingerprint: fingerprint.clone(),
        rules: plan.problem.name.clone(),
        params: plan.problem.params.clone(),
        unique: run.unique,
        shard: run.shard,
        subproblems: parts.len(),
        done: BTreeMap::new(),
        checksum: String::new(),
    };
    if let Some(path) = run.checkpoint.as_ref().filter(|p| p.exists()) {
        let old = checkpoint::load(path)?;
        checkpoint::check_same_run(path, &old, &ck)?;
        ck.done = old.done;
    }
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !ck.done.contains_key(i))
        .collect();
    let solutions = sum_done(&ck, &mine)?.0;
    let resumed = mine.len() - todo.len();
    let state = Arc::new(Mutex::new(State {
        checkpoint: ck,
        solutions,
        last_save: Instant::now(),
        closed: false,
    }));
    let rx = spawn_worker(plan, run, parts, todo, state.clone())?;
    let outcome = loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(result) => break result,
            Err(RecvTimeoutError::Disconnected) => {
                break Err(SearchError::Refused("the counting thread panicked".into()));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if stopped(run.stop.as_ref()) {
            break Ok(false);
        }
        let st = state.lock().unwrap_or_else(PoisonError::into_inner);
        watch(&Progress {
            done: st.checkpoint.done.len(),
            of: mine.len(),
            resumed,
            solutions: st.solutions,
        });
    };
    let mut st = state.lock().unwrap_or_else(PoisonError::into_inner);
    st.closed = true;
    if let Some(path) = &run.checkpoint {
        checkpoint::save(path, &st.checkpoint)?;
    }
    let complete = outcome?;
    if mine.iter().any(|i| !st.checkpoint.done.contains_key(i)) {
        if complete || !stopped(run.stop.as_ref()) {
            return Err(SearchError::Refused(
                "the count ended with parts missing".into(),
            ));
        }
        return Ok(Ended::Interrupted);
    }
    let (count, nodes) = sum_done(&st.checkpoint, &mine)?;
    Ok(Ended::Finished(seal(Part {
        format: FORMAT,
        rules: plan.problem.name.clone(),
        fingerprint,
        params: plan.problem.params.clone(),
        unique: run.unique,
        shard: run.shard,
        subproblems: st.checkpoint.subproblems,
        count: count.to_string(),
        nodes,
        checksum: String::new(),
    })))
}

/// Solutions and nodes in the finished subproblems among `mine`.
fn sum_done(ck: &Checkpoint, mine: &[usize]) -> Result<(u128, u128), SearchError> {
    let (mut count, mut nodes) = (0u128, 0u128);
    for i in mine {
        if let Some((c, n)) = ck.done.get(i) {
            count = add_count(count, c).map_err(|_| SearchError::Overflow)?;
            nodes = nodes.saturating_add(u128::from(*n));
        }
    }
    Ok((count, nodes))
}

/// Starts the worker thread: it counts `todo` on the runner, recording each
/// result as it finishes, and sends how the runner ended.
fn spawn_worker(
    plan: &Plan,
    run: &LongRun,
    parts: Vec<super::Subproblem>,
    todo: Vec<usize>,
    state: Arc<Mutex<State>>,
) -> Result<mpsc::Receiver<Result<bool, SearchError>>, SearchError> {
    let (tx, rx) = mpsc::channel();
    let plan = plan.clone();
    let run = run.clone();
    let options = CountOptions {
        unique: run.unique,
        ..CountOptions::default()
    };
    std::thread::Builder::new()
        .name("placer-count".into())
        .spawn(move || {
            let split = Split::prepare(&plan);
            let threads = plan.worker_threads(run.threads);
            let result = super::run::run(threads, &todo, run.stop.as_ref(), |&i| {
                let tally = split.count(&parts[i], &options)?;
                let mut st = state.lock().unwrap_or_else(PoisonError::into_inner);
                if st.closed {
                    return Ok(());
                }
                st.solutions = st
                    .solutions
                    .checked_add(tally.count)
                    .ok_or(SearchError::Overflow)?;
                st.checkpoint
                    .done
                    .insert(i, (tally.count.to_string(), tally.nodes));
                if let Some(path) = &run.checkpoint {
                    if st.last_save.elapsed() > Duration::from_millis(500) {
                        checkpoint::save(path, &st.checkpoint)?;
                        st.last_save = Instant::now();
                    }
                }
                Ok(())
            });
            // The receiver is gone only if the watcher returned already.
            let _ = tx.send(result);
        })
        .map_err(|source| SearchError::Io {
            what: "cannot start the counting thread".into(),
            source,
        })?;
    Ok(rx)
}
