//! Whole counts over the split: every part counted in order or on the
//! runner's threads, progress reported as parts finish, a stop flag, and —
//! only when asked — the journal: a shard (which parts this run owns) and a
//! checkpoint of finished parts to resume from.
//!
//! With more than one thread or a stop flag (on targets with threads), the
//! parts are counted on a worker thread while the calling thread watches: it
//! reports progress every tenth of a second and, when the stop flag is set,
//! saves the checkpoint with every finished part and returns at once, however
//! long the parts still running would take. Their partial work is lost (they
//! finish in the background and are discarded); a resumed run counts them
//! again from their start. Otherwise (one thread and no stop flag, or in the
//! browser) the parts are counted here, with progress after each.

use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::checkpoint::{self, Checkpoint, Done, FORMAT, Part, seal};
use super::run::{Stop, run, stopped};
use super::split::Split;
use super::{CountOptions, SearchError, Shard, Tally};
use crate::plan::Plan;

/// What a long count keeps, only when asked for: a shard and a checkpoint.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Journal {
    /// Where finished parts are recorded, and read back from on resume.
    pub checkpoint: Option<PathBuf>,
    /// Count only this shard's parts; the count then carries its record.
    pub shard: Option<Shard>,
}

/// How far a whole count by the search has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts {
    /// Parts of this run (of its shard) finished, resumed ones included.
    pub done: usize,
    /// Parts of this run.
    pub of: usize,
    /// Parts that were finished when the run started (from the checkpoint).
    pub resumed: usize,
    /// Solutions in the finished parts.
    pub solutions: u128,
}

/// What the counting thread and the watching thread share.
struct State {
    /// Finished parts: index → (count, nodes).
    done: Done,
    /// Solutions in the finished parts.
    solutions: u128,
    /// When the checkpoint was last saved; `None` without one (the clock is
    /// read only for a checkpoint: wasm32-unknown-unknown has none).
    last_save: Option<Instant>,
    /// Set when the run is over: workers record nothing more.
    closed: bool,
}

/// The journal of a run: its checkpoint file and the record's header (every
/// field but the finished parts).
struct Record {
    path: Option<PathBuf>,
    header: Checkpoint,
}

impl Record {
    /// Saves the checkpoint, if there is one, with `done` as its finished parts.
    fn save(&self, done: &Done) -> Result<(), SearchError> {
        match &self.path {
            Some(path) => checkpoint::save(path, &self.header, done),
            None => Ok(()),
        }
    }
}

/// A run's parts and their counter, shared with the counting thread.
struct Work {
    plan: Plan,
    split: Split,
    options: CountOptions,
    record: Option<Record>,
    state: Mutex<State>,
}

impl Work {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts part `i` and records it.
    fn count(&self, i: usize) -> Result<(), SearchError> {
        let tally = self
            .split
            .count(&self.plan, &self.split.parts[i], &self.options)?;
        let mut st = self.state();
        if st.closed {
            return Ok(());
        }
        st.solutions = st
            .solutions
            .checked_add(tally.count)
            .ok_or(SearchError::Overflow)?;
        st.done.insert(i, (tally.count, tally.nodes));
        if let Some(record) = &self.record
            && st
                .last_save
                .is_none_or(|t| t.elapsed() > Duration::from_millis(500))
        {
            record.save(&st.done)?;
            st.last_save = Some(Instant::now());
        }
        Ok(())
    }

    fn progress(&self, of: usize, resumed: usize) -> Parts {
        let st = self.state();
        Parts {
            done: st.done.len(),
            of,
            resumed,
            solutions: st.solutions,
        }
    }
}

/// Counts every part of `plan` that the run owns (all of them, or its
/// shard's), resuming from and saving to the journal's checkpoint; `watch`
/// sees the progress. A set stop flag ends it with
/// [`SearchError::Interrupted`] after the checkpoint is saved. The record of
/// the run comes back when there is a journal.
pub(crate) fn count(
    plan: &Plan,
    options: &CountOptions,
    watch: &mut dyn FnMut(&Parts),
) -> Result<(Tally, Option<Part>), SearchError> {
    let split = Split::new(plan);
    let shard = options.journal.as_ref().and_then(|j| j.shard);
    let mine: Vec<usize> = (0..split.parts.len())
        .filter(|&i| shard.is_none_or(|s| s.owns(i)))
        .collect();
    let record = options.journal.as_ref().map(|journal| Record {
        path: journal.checkpoint.clone(),
        header: header(plan, options.unique, &split, shard),
    });
    let mut done = Done::new();
    if let Some(Record {
        path: Some(path),
        header,
    }) = &record
    {
        if path.exists() && !path.is_file() {
            return Err(SearchError::Refused(format!(
                "--checkpoint {} is not a regular file: name a file placer may create and replace",
                path.display()
            )));
        }
        if path.exists() {
            let (old, old_done) = checkpoint::load(path)?;
            checkpoint::check_same_run(path, &old, header)?;
            done = old_done;
        }
    }
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !done.contains_key(i))
        .collect();
    let resumed = mine.len() - todo.len();
    let solutions = sum(&done, &mine)?.0;
    let threads = plan.worker_threads(options.threads);
    let last_save = record.is_some().then(Instant::now);
    let work = Arc::new(Work {
        plan: plan.clone(),
        split,
        options: CountOptions {
            threads,
            limit: None,
            journal: None,
            ..options.clone()
        },
        record,
        state: Mutex::new(State {
            done,
            solutions,
            last_save,
            closed: false,
        }),
    });
    let of = mine.len();
    let watched = cfg!(not(target_family = "wasm")) && (threads > 1 || options.stop.is_some());
    let outcome = if watched {
        watched_run(&work, todo, &mut || watch(&work.progress(of, resumed)))
    } else {
        let stop = options.stop.as_ref();
        todo.iter().try_fold(true, |complete, &i| {
            let complete = complete && run(1, &[i], stop, |&i| work.count(i))?;
            if complete {
                watch(&work.progress(of, resumed));
            }
            Ok(complete)
        })
    };
    let mut st = work.state();
    st.closed = true;
    if let Some(record) = &work.record {
        record.save(&st.done)?;
    }
    let complete = outcome?;
    if mine.iter().any(|i| !st.done.contains_key(i)) {
        if complete || !stopped(options.stop.as_ref()) {
            return Err(SearchError::Refused(
                "the count ended with parts missing".into(),
            ));
        }
        return Err(SearchError::Interrupted);
    }
    let (count, nodes) = sum(&st.done, &mine)?;
    let tally = Tally {
        count,
        nodes: u64::try_from(nodes).unwrap_or(u64::MAX),
    };
    let part = work.record.as_ref().map(|record| {
        let h = &record.header;
        seal(Part {
            format: FORMAT,
            rules: h.rules.clone(),
            fingerprint: h.fingerprint.clone(),
            params: h.params.clone(),
            unique: h.unique,
            shard: h.shard,
            subproblems: h.subproblems,
            count: count.to_string(),
            nodes,
            checksum: String::new(),
        })
    });
    Ok((tally, part))
}

/// The checkpoint of a run with no part finished.
fn header(plan: &Plan, unique: bool, split: &Split, shard: Option<Shard>) -> Checkpoint {
    Checkpoint {
        format: FORMAT,
        fingerprint: checkpoint::fingerprint(plan, unique, &split.parts),
        rules: plan.problem.name.clone(),
        params: plan.problem.params.clone(),
        unique,
        shard,
        subproblems: split.parts.len(),
        done: Default::default(),
        checksum: String::new(),
    }
}

/// Solutions and nodes in the finished parts among `mine`.
fn sum(done: &Done, mine: &[usize]) -> Result<(u128, u128), SearchError> {
    let (mut count, mut nodes) = (0u128, 0u128);
    for i in mine {
        if let Some(&(c, n)) = done.get(i) {
            count = count.checked_add(c).ok_or(SearchError::Overflow)?;
            nodes = nodes.saturating_add(u128::from(n));
        }
    }
    Ok((count, nodes))
}

/// Counts `todo` on the runner on a worker thread while this thread calls
/// `tick` ten times a second; returns at once when the stop flag is set
/// (`Ok(false)`), else how the runner ended.
fn watched_run(
    work: &Arc<Work>,
    todo: Vec<usize>,
    tick: &mut dyn FnMut(),
) -> Result<bool, SearchError> {
    let (tx, rx) = mpsc::channel();
    let worker = work.clone();
    std::thread::Builder::new()
        .name("placer-count".into())
        .spawn(move || {
            let w = &worker;
            let stop: Option<&Stop> = w.options.stop.as_ref();
            let result = run(w.options.threads, &todo, stop, |&i| w.count(i));
            // The receiver is gone only if the watcher returned already.
            let _ = tx.send(result);
        })
        .map_err(|source| SearchError::Io {
            what: "cannot start the counting thread".into(),
            source,
        })?;
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(result) => return result,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(SearchError::Refused("the counting thread panicked".into()));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if stopped(work.options.stop.as_ref()) {
            return Ok(false);
        }
        tick();
    }
}
