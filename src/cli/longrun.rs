//! Long counts: a progress bar, Ctrl-C with a checkpoint to resume from, and
//! shards (`--shard I/K`) whose JSON results `placer merge` adds up. All of it
//! rests on the plan's deterministic split into subproblems.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::plan::Plan;
use crate::search::Tally;

/// Which part of the search a run covers: shard `index` (1-based) of `of`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 1-based shard number.
    pub index: usize,
    /// Number of shards.
    pub of: usize,
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
        if index == 0 || index > of {
            return Err(bad());
        }
        Ok(Shard { index, of })
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
    /// Nodes visited.
    pub nodes: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Checkpoint {
    fingerprint: String,
    rules: String,
    params: BTreeMap<String, i64>,
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

/// Set by Ctrl-C or SIGTERM.
fn stop_flag() -> &'static AtomicBool {
    static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    STOP.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // Failing to install the handler only means Ctrl-C kills the process outright.
        let _ = ctrlc::set_handler(move || f.store(true, Ordering::SeqCst));
        flag
    })
}

/// A stable 64-bit FNV-1a hash, as hex.
fn fingerprint(plan: &Plan, unique: bool, subproblems: usize) -> String {
    let text = format!("{:?}|unique={unique}|split={subproblems}", plan.problem);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Counts with progress, checkpoints, interrupt and shards.
pub fn count(plan: &Plan, run: &LongRun) -> Result<Ended> {
    let stop = stop_flag();
    let subs = plan.subproblems();
    let fp = fingerprint(plan, run.unique, subs.len());
    let mine: Vec<usize> = (0..subs.len())
        .filter(|&i| run.shard.is_none_or(|s| s.owns(i)))
        .collect();
    let mut checkpoint = Checkpoint {
        fingerprint: fp.clone(),
        rules: plan.problem.name.clone(),
        params: plan.problem.params.clone(),
        shard: run.shard,
        subproblems: subs.len(),
        done: BTreeMap::new(),
    };
    if let Some(path) = &run.checkpoint {
        if path.exists() {
            let old = load_checkpoint(path)?;
            ensure!(
                old.fingerprint == fp && old.shard == run.shard,
                "checkpoint {} is from other rules, parameters, mode or shard ({} {:?}); delete it or pass another file",
                path.display(),
                old.rules,
                old.params
            );
            checkpoint.done = old.done;
        }
    }
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !checkpoint.done.contains_key(i))
        .collect();
    let bar = progress_bar(run.progress, mine.len(), mine.len() - todo.len());
    let state = Mutex::new((checkpoint, Instant::now()));
    let work = |i: &usize| -> Result<()> {
        if stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        let tally = plan.count_subproblem(&subs[*i], run.unique);
        let mut guard = state
            .lock()
            .map_err(|_| anyhow::anyhow!("a worker panicked"))?;
        let (ck, last_save) = &mut *guard;
        ck.done.insert(*i, (tally.count.to_string(), tally.nodes));
        if let Some(bar) = &bar {
            bar.inc(1);
            if bar.is_hidden() && bar.elapsed() > Duration::from_secs(1) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
        if let Some(path) = &run.checkpoint {
            if last_save.elapsed() > Duration::from_millis(500) {
                save_checkpoint(path, ck)?;
                *last_save = Instant::now();
            }
        }
        Ok(())
    };
    if run.threads <= 1 {
        todo.iter().try_for_each(work)?;
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(run.threads)
            .build()?;
        pool.install(|| todo.par_iter().try_for_each(work))?;
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let (checkpoint, _) = state
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker panicked"))?;
    if let Some(path) = &run.checkpoint {
        save_checkpoint(path, &checkpoint)?;
    }
    if stop.load(Ordering::SeqCst) && mine.iter().any(|i| !checkpoint.done.contains_key(i)) {
        return Ok(Ended::Interrupted);
    }
    let mut total = Tally::default();
    for i in &mine {
        let (count, nodes) = &checkpoint.done[i];
        total = total
            + Tally {
                count: count.parse().context("checkpoint holds a bad count")?,
                nodes: *nodes,
            };
    }
    Ok(Ended::Finished(Part {
        rules: plan.problem.name.clone(),
        fingerprint: fp,
        params: plan.problem.params.clone(),
        unique: run.unique,
        shard: run.shard,
        subproblems: subs.len(),
        count: total.count.to_string(),
        nodes: total.nodes,
    }))
}

fn progress_bar(wanted: bool, len: usize, done: usize) -> Option<ProgressBar> {
    use std::io::IsTerminal;
    if !wanted || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
    let style = ProgressStyle::with_template(
        "{bar:40} {pos}/{len} parts  {elapsed} elapsed, ETA {eta}  {per_sec}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_position(done as u64);
    Some(bar)
}

fn load_checkpoint(path: &Path) -> Result<Checkpoint> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read checkpoint {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not a placer checkpoint", path.display()))
}

/// Writes the checkpoint next to its place, then renames it over: a crash
/// leaves either the old file or the new one, never half of one.
fn save_checkpoint(path: &Path, ck: &Checkpoint) -> Result<()> {
    let tmp = path.with_extension("tmp");
    let text = serde_json::to_string(ck)?;
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}

/// Adds up shard results: all K parts of one run, each exactly once.
pub fn merge(paths: &[PathBuf]) -> Result<Part> {
    ensure!(!paths.is_empty(), "no parts to merge");
    let mut parts = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let part: Part = serde_json::from_str(text.trim())
            .with_context(|| format!("{} is not a placer shard result", path.display()))?;
        parts.push((path, part));
    }
    let (first_path, first) = &parts[0];
    let Some(shard) = first.shard else {
        bail!("{} is a whole run, not a shard", first_path.display())
    };
    let mut seen = vec![None; shard.of];
    let mut count: u128 = 0;
    let mut nodes: u64 = 0;
    for (path, part) in &parts {
        ensure!(
            part.fingerprint == first.fingerprint && part.unique == first.unique,
            "{} is from other rules or parameters than {}",
            path.display(),
            first_path.display()
        );
        let Some(s) = part.shard else {
            bail!("{} is a whole run, not a shard", path.display())
        };
        ensure!(
            s.of == shard.of,
            "{} is shard {}/{}, but {} has {} shards",
            path.display(),
            s.index,
            s.of,
            first_path.display(),
            shard.of
        );
        if let Some(other) = seen[s.index - 1].replace(*path) {
            bail!(
                "shard {}/{} appears twice: {} and {}",
                s.index,
                s.of,
                other.display(),
                path.display()
            );
        }
        count += part
            .count
            .parse::<u128>()
            .with_context(|| format!("{} holds a bad count", path.display()))?;
        nodes += part.nodes;
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| format!("{}/{}", i + 1, shard.of))
        .collect();
    ensure!(missing.is_empty(), "missing shards: {}", missing.join(", "));
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
}
