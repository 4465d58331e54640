//! Long counts: a progress bar, Ctrl-C with a checkpoint to resume from, and
//! shards (`--shard I/K`) whose JSON results `placer merge` adds up. All of it
//! rests on the plan's deterministic split into subproblems.
//!
//! The subproblems are counted on a worker thread while the calling thread
//! watches: it draws the progress bar and, on Ctrl-C or SIGTERM, saves the
//! checkpoint with every finished subproblem and returns at once, however long
//! the subproblems still running would take. Their partial work is lost; the
//! resumed run counts them again from their start.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail, ensure};
use indicatif::{ProgressBar, ProgressDrawTarget};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::plan::Plan;
use crate::search::Subproblem;

/// Which part of the search a run covers: shard `index` (1-based) of `of`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawShard")]
pub struct Shard {
    /// 1-based shard number.
    pub index: usize,
    /// Number of shards.
    pub of: usize,
}

/// A shard as read from JSON, before `1 <= index <= of` is checked.
#[derive(Deserialize)]
struct RawShard {
    index: usize,
    of: usize,
}

impl TryFrom<RawShard> for Shard {
    type Error = String;
    fn try_from(raw: RawShard) -> Result<Shard, String> {
        if raw.index == 0 || raw.index > raw.of {
            return Err(format!(
                "shard {}/{} is not a shard I/K with 1 <= I <= K",
                raw.index, raw.of
            ));
        }
        Ok(Shard {
            index: raw.index,
            of: raw.of,
        })
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard I/K with 1 <= I <= K, e.g. 3/8");
        let (i, k) = s.split_once('/').ok_or_else(bad)?;
        let (index, of): (usize, usize) = (
            i.trim().parse().map_err(|_| bad())?,
            k.trim().parse().map_err(|_| bad())?,
        );
        Shard::try_from(RawShard { index, of }).map_err(|_| bad())
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

impl Shard {
    /// Whether subproblem `i` belongs to this shard: every K-th, so each shard
    /// gets parts from the whole tree.
    fn owns(&self, i: usize) -> bool {
        i % self.of == self.index - 1
    }
}

/// How a long count runs.
#[derive(Debug, Clone, Default)]
pub struct LongRun {
    /// Worker threads.
    pub threads: usize,
    /// Count classes under symmetry.
    pub unique: bool,
    /// Show a progress bar on a terminal.
    pub progress: bool,
    /// Where finished subproblems are recorded.
    pub checkpoint: Option<PathBuf>,
    /// Run only this part.
    pub shard: Option<Shard>,
}

/// The result of a shard, or of a whole run: what `--shard` prints and `merge` reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// The rule's name.
    pub rules: String,
    /// A hash of the bound rules, the split and the mode.
    pub fingerprint: String,
    /// The parameters.
    pub params: BTreeMap<String, i64>,
    /// Whether classes under symmetry were counted.
    pub unique: bool,
    /// The shard, if one.
    pub shard: Option<Shard>,
    /// How many subproblems the whole search has.
    pub subproblems: usize,
    /// Solutions in this part, as a decimal string (it may exceed 64 bits).
    pub count: String,
    /// Nodes visited (a statistic; summed without overflow over any number of parts).
    pub nodes: u128,
}

/// What `--checkpoint FILE` holds: the run it belongs to and its finished subproblems.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Checkpoint {
    fingerprint: String,
    rules: String,
    params: BTreeMap<String, i64>,
    #[serde(default)]
    unique: bool,
    shard: Option<Shard>,
    subproblems: usize,
    /// Finished subproblems: index → (count as a decimal string, nodes).
    done: BTreeMap<usize, (String, u64)>,
}

/// How a long count ended.
#[derive(Debug)]
pub enum Ended {
    /// Every subproblem of the run is counted.
    Finished(Part),
    /// Ctrl-C or SIGTERM stopped it; finished work is in the checkpoint, if any.
    Interrupted,
}

/// A stable 64-bit FNV-1a hash, as hex, of the bound problem, the mode and
/// the split itself: two runs agree on it only if their subproblem `i` is the
/// same subtree, whatever placer version made them.
fn fingerprint(plan: &Plan, unique: bool, subs: &[Subproblem]) -> String {
    let text = format!("{:?}|unique={unique}|split={subs:?}", plan.problem);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// `n=12, k=2`: parameters as a person reads them.
fn show_params(params: &BTreeMap<String, i64>) -> String {
    if params.is_empty() {
        return "no parameters".into();
    }
    let all: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    all.join(", ")
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

/// Counts with progress, checkpoints, interrupt and shards.
///
/// On Ctrl-C or SIGTERM it saves the checkpoint and returns
/// [`Ended::Interrupted`] at once; subproblems being counted at that moment
/// finish in the background and are discarded (the process is expected to exit).
pub fn count(plan: &Plan, run: &LongRun) -> Result<Ended> {
    let (stop, _graceful) = super::progress::graceful();
    let subs = plan.subproblems();
    let fp = fingerprint(plan, run.unique, &subs);
    let mine: Vec<usize> = (0..subs.len())
        .filter(|&i| run.shard.is_none_or(|s| s.owns(i)))
        .collect();
    let mut checkpoint = Checkpoint {
        fingerprint: fp.clone(),
        rules: plan.problem.name.clone(),
        params: plan.problem.params.clone(),
        unique: run.unique,
        shard: run.shard,
        subproblems: subs.len(),
        done: BTreeMap::new(),
    };
    if let Some(path) = &run.checkpoint {
        if path.exists() {
            let old = load_checkpoint(path)?;
            check_same_run(path, &old, &checkpoint)?;
            checkpoint.done = old.done;
        }
    }
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !checkpoint.done.contains_key(i))
        .collect();
    let mut solutions: u128 = 0;
    for i in &mine {
        if let Some((count, _)) = checkpoint.done.get(i) {
            solutions = add_count(solutions, count)?;
        }
    }
    let bar = progress_bar(run.progress, mine.len(), mine.len() - todo.len());
    let state = Arc::new(Mutex::new(State {
        checkpoint,
        solutions,
        last_save: Instant::now(),
        closed: false,
    }));

    // The worker: counts `todo`, recording each result as it finishes.
    let (tx, rx) = mpsc::channel::<Result<()>>();
    {
        let plan = Arc::new(plan.clone());
        let subs = Arc::new(subs);
        let state = state.clone();
        let run = run.clone();
        std::thread::Builder::new()
            .name("placer-count".into())
            .spawn(move || {
                let work = |&i: &usize| -> Result<()> {
                    if stop.load(Ordering::SeqCst) {
                        return Ok(());
                    }
                    let tally = plan.count_subproblem(&subs[i], run.unique);
                    let mut st = state.lock().map_err(|_| anyhow!("a worker panicked"))?;
                    if st.closed {
                        return Ok(());
                    }
                    st.solutions = st
                        .solutions
                        .checked_add(tally.count)
                        .context("the count overflows 128 bits")?;
                    st.checkpoint
                        .done
                        .insert(i, (tally.count.to_string(), tally.nodes));
                    if let Some(path) = &run.checkpoint {
                        if st.last_save.elapsed() > Duration::from_millis(500) {
                            save_checkpoint(path, &st.checkpoint)?;
                            st.last_save = Instant::now();
                        }
                    }
                    Ok(())
                };
                let result = if run.threads <= 1 {
                    todo.iter().try_for_each(work)
                } else {
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(run.threads)
                        .build()
                        .map_err(anyhow::Error::from)
                        .and_then(|pool| {
                            pool.install(|| todo.par_iter().with_max_len(1).try_for_each(work))
                        })
                };
                // The receiver is gone only if the watcher returned already.
                let _ = tx.send(result);
            })
            .context("cannot start the counting thread")?;
    }

    // The watcher: progress, and Ctrl-C without waiting for long subproblems.
    let started = Instant::now();
    let outcome = loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(result) => break result,
            Err(RecvTimeoutError::Disconnected) => {
                break Err(anyhow!("the counting thread panicked"));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if stop.load(Ordering::SeqCst) {
            break Ok(());
        }
        if let Some(bar) = &bar {
            if bar.is_hidden() && started.elapsed() > Duration::from_secs(1) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
            if let Ok(st) = state.lock() {
                draw(bar, &st);
            }
        }
    };
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut st = state.lock().map_err(|_| anyhow!("a worker panicked"))?;
    st.closed = true;
    if let Some(path) = &run.checkpoint {
        save_checkpoint(path, &st.checkpoint)?;
    }
    outcome?;
    let checkpoint = &st.checkpoint;
    if mine.iter().any(|i| !checkpoint.done.contains_key(i)) {
        ensure!(
            stop.load(Ordering::SeqCst),
            "the count ended with parts missing"
        );
        return Ok(Ended::Interrupted);
    }
    let (mut count, mut nodes) = (0u128, 0u128);
    for i in &mine {
        let (c, n) = &checkpoint.done[i];
        count = add_count(count, c)?;
        nodes += u128::from(*n);
    }
    Ok(Ended::Finished(Part {
        rules: plan.problem.name.clone(),
        fingerprint: fp,
        params: plan.problem.params.clone(),
        unique: run.unique,
        shard: run.shard,
        subproblems: checkpoint.subproblems,
        count: count.to_string(),
        nodes,
    }))
}

/// Adds a decimal count to a sum, refusing bad text and overflow.
fn add_count(sum: u128, count: &str) -> Result<u128> {
    let c: u128 = count
        .parse()
        .with_context(|| format!("`{count}` is not a count"))?;
    sum.checked_add(c).context("the count overflows 128 bits")
}

/// Refuses a checkpoint left by another run, saying what differs.
fn check_same_run(path: &Path, old: &Checkpoint, new: &Checkpoint) -> Result<()> {
    let p = path.display();
    let hint = "delete it or pass another --checkpoint file";
    if old.rules != new.rules || old.params != new.params {
        bail!(
            "checkpoint {p} is from `{}` with {}, but this run is `{}` with {}; {hint}",
            old.rules,
            show_params(&old.params),
            new.rules,
            show_params(&new.params)
        );
    }
    if old.shard != new.shard {
        let show =
            |s: Option<Shard>| s.map_or("the whole run".to_string(), |s| format!("shard {s}"));
        bail!(
            "checkpoint {p} is for {}, but this run is {}; {hint}",
            show(old.shard),
            show(new.shard)
        );
    }
    if old.unique != new.unique {
        bail!(
            "checkpoint {p} counted {}, but this run counts {}; {hint}",
            if old.unique {
                "with --unique"
            } else {
                "without --unique"
            },
            if new.unique {
                "with --unique"
            } else {
                "without --unique"
            }
        );
    }
    ensure!(
        old.fingerprint == new.fingerprint,
        "checkpoint {p} is from the same rules and parameters but other rule details or another \
         placer version (it splits the search differently); {hint}"
    );
    Ok(())
}

fn progress_bar(wanted: bool, len: usize, done: usize) -> Option<ProgressBar> {
    let bar = super::progress::bar(
        wanted,
        Some(len as u64),
        super::progress::bar_style("parts"),
    )?;
    bar.set_position(done as u64);
    // Rate and ETA count only the parts this run does, not the resumed ones.
    bar.reset_eta();
    Some(bar)
}

fn draw(bar: &ProgressBar, st: &State) {
    let done = st.checkpoint.done.len() as u64;
    if done != bar.position() {
        bar.set_position(done.min(bar.length().unwrap_or(done)));
    }
    bar.set_message(format!("{} solutions, ", st.solutions));
    bar.tick();
}

fn load_checkpoint(path: &Path) -> Result<Checkpoint> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read checkpoint {}", path.display()))?;
    let ck: Checkpoint = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a placer checkpoint (damaged or another file); delete it to start over",
            path.display()
        )
    })?;
    for (i, (count, _)) in &ck.done {
        ensure!(
            *i < ck.subproblems && count.parse::<u128>().is_ok(),
            "checkpoint {} is damaged: part {i} of {} with count `{count}`; delete it to start over",
            path.display(),
            ck.subproblems
        );
    }
    Ok(ck)
}

/// Writes the checkpoint next to its place, syncs it, then renames it over: a
/// crash leaves either the old file or the new one, never half of one.
fn save_checkpoint(path: &Path, ck: &Checkpoint) -> Result<()> {
    use std::io::Write;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let tmp = path.with_file_name(name);
    let text = serde_json::to_string(ck)?;
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    };
    write().with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}

/// Adds up shard results: all K parts of one run, each exactly once. A file
/// holds one part per line (JSON Lines), so the output of many `--shard` runs
/// may go to one file or to one file each.
pub fn merge(paths: &[PathBuf]) -> Result<Part> {
    ensure!(!paths.is_empty(), "no parts to merge");
    let mut parts = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let before = parts.len();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{}:{}", path.display(), n + 1);
            let part: Part = serde_json::from_str(line).with_context(|| {
                format!("{at} is not a placer shard result (the JSON line `--shard I/K` prints)")
            })?;
            parts.push((at, part));
        }
        ensure!(
            parts.len() > before,
            "{} is empty: no shard results in it",
            path.display()
        );
    }
    let (first_path, first) = &parts[0];
    let Some(shard) = first.shard else {
        bail!("{first_path} is a whole run, not a shard")
    };
    let mut seen: BTreeMap<usize, &str> = BTreeMap::new();
    let mut count: u128 = 0;
    let mut nodes: u128 = 0;
    for (path, part) in &parts {
        ensure!(
            part.fingerprint == first.fingerprint && part.unique == first.unique,
            "{path} is from other rules, parameters or mode than {first_path} (`{}` with {}{} vs `{}` with {}{})",
            part.rules,
            show_params(&part.params),
            if part.unique { ", --unique" } else { "" },
            first.rules,
            show_params(&first.params),
            if first.unique { ", --unique" } else { "" },
        );
        let Some(s) = part.shard else {
            bail!("{path} is a whole run, not a shard")
        };
        ensure!(
            s.of == shard.of,
            "{path} is shard {s}, but {first_path} has {} shards",
            shard.of
        );
        if let Some(other) = seen.insert(s.index, path) {
            bail!("shard {s} appears twice: {other} and {path}");
        }
        count =
            add_count(count, &part.count).with_context(|| format!("{path} holds a bad count"))?;
        nodes = nodes.saturating_add(part.nodes);
    }
    if seen.len() < shard.of {
        let missing: Vec<String> = (1..=shard.of)
            .filter(|i| !seen.contains_key(i))
            .take(10)
            .map(|i| format!("{i}/{}", shard.of))
            .collect();
        let more = shard.of - seen.len() - missing.len();
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        bail!("missing shards: {}{more}", missing.join(", "));
    }
    Ok(Part {
        shard: None,
        count: count.to_string(),
        nodes,
        ..first.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_cover_every_index_once() {
        assert_eq!("3/8".parse::<Shard>(), Ok(Shard { index: 3, of: 8 }));
        assert!(
            "0/8".parse::<Shard>().is_err()
                && "9/8".parse::<Shard>().is_err()
                && "x".parse::<Shard>().is_err()
        );
        let shards: Vec<Shard> = (1..=7).map(|i| Shard { index: i, of: 7 }).collect();
        for i in 0..100 {
            assert_eq!(shards.iter().filter(|s| s.owns(i)).count(), 1);
        }
    }

    #[test]
    fn shards_from_json_are_checked() {
        let ok: Shard = serde_json::from_str(r#"{"index":2,"of":3}"#).unwrap();
        assert_eq!(ok, Shard { index: 2, of: 3 });
        for bad in [r#"{"index":0,"of":3}"#, r#"{"index":4,"of":3}"#] {
            assert!(serde_json::from_str::<Shard>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_add_without_overflow() {
        assert_eq!(add_count(1, "2").unwrap(), 3);
        assert!(add_count(u128::MAX, "1").is_err());
        assert!(add_count(0, "-1").is_err());
    }
}
