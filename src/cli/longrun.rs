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

/// The version of the checkpoint and shard-result formats. Files of another
/// version (version 1 had no `format` and no `checksum`) are refused.
pub const FORMAT: u32 = 2;

/// The result of a shard, or of a whole run: what `--shard` prints and `merge` reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// The record format, [`FORMAT`].
    pub format: u32,
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
    /// FNV-1a of the record's content (see [`Record`]).
    pub checksum: String,
}

/// What `--checkpoint FILE` holds: the run it belongs to and its finished subproblems.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Checkpoint {
    format: u32,
    fingerprint: String,
    rules: String,
    params: BTreeMap<String, i64>,
    #[serde(default)]
    unique: bool,
    shard: Option<Shard>,
    subproblems: usize,
    /// Finished subproblems: index → (count as a decimal string, nodes).
    done: BTreeMap<usize, (String, u64)>,
    checksum: String,
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
    fnv1a(&format!(
        "{:?}|unique={unique}|split={subs:?}",
        plan.problem
    ))
}

/// The 64-bit FNV-1a hash of `text`, as 16 hex digits.
fn fnv1a(text: &str) -> String {
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
        format: FORMAT,
        fingerprint: fp.clone(),
        rules: plan.problem.name.clone(),
        params: plan.problem.params.clone(),
        unique: run.unique,
        shard: run.shard,
        subproblems: subs.len(),
        done: BTreeMap::new(),
        checksum: String::new(),
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
    Ok(Ended::Finished(seal(Part {
        format: FORMAT,
        rules: plan.problem.name.clone(),
        fingerprint: fp,
        params: plan.problem.params.clone(),
        unique: run.unique,
        shard: run.shard,
        subproblems: checkpoint.subproblems,
        count: count.to_string(),
        nodes,
        checksum: String::new(),
    })))
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
    let p = path.display();
    let start_over = "delete it to start over";
    let text = crate::input::read(path, crate::input::Limit::CHECKPOINT)
        .with_context(|| format!("cannot read checkpoint {p}"))?;
    let ck: Checkpoint = unseal(&text).map_err(|refused| match refused {
        Refused::NotARecord => {
            anyhow!("{p} is not a placer checkpoint (damaged or another file); {start_over}")
        }
        _ => anyhow!("checkpoint {p} {refused}; {start_over}"),
    })?;
    let mut sum: u128 = 0;
    for (i, (count, _)) in &ck.done {
        ensure!(
            *i < ck.subproblems && count.parse::<u128>().is_ok(),
            "checkpoint {p} is damaged: part {i} of {} with count `{count}`; {start_over}",
            ck.subproblems
        );
        sum = add_count(sum, count)
            .with_context(|| format!("checkpoint {p} is damaged; {start_over}"))?;
    }
    Ok(ck)
}

/// A record placer saves and reads back (a checkpoint, a shard result): its
/// `checksum` is the FNV-1a hash of its compact JSON with `checksum` empty, so
/// any change to its content after placer wrote it is refused.
pub trait Record: Serialize + for<'de> Deserialize<'de> + Clone {
    /// The record's format version.
    fn format(&self) -> u32;
    /// The stored checksum.
    fn checksum_mut(&mut self) -> &mut String;
}

impl Record for Part {
    fn format(&self) -> u32 {
        self.format
    }
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

impl Record for Checkpoint {
    fn format(&self) -> u32 {
        self.format
    }
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

/// The checksum a record should carry.
fn checksum_of<R: Record>(record: &R) -> String {
    let mut blank = record.clone();
    blank.checksum_mut().clear();
    // Serializing plain structs, maps and strings cannot fail.
    fnv1a(&serde_json::to_string(&blank).unwrap_or_default())
}

/// The record with its checksum filled in.
pub fn seal<R: Record>(mut record: R) -> R {
    *record.checksum_mut() = checksum_of(&record);
    record
}

/// Why a saved record was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Not JSON, or not the fields of this kind of record.
    NotARecord,
    /// Another format version (`None`: version 1, which had no version field).
    Format(Option<u64>),
    /// Its content does not match its checksum.
    Checksum,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::NotARecord => write!(f, "is not a placer record"),
            Refused::Format(None) => write!(
                f,
                "is in the format of an older placer (no format version, no checksum), \
                 which this one does not read (it reads format {FORMAT})"
            ),
            Refused::Format(Some(v)) => {
                write!(f, "is in format {v}, but this placer reads format {FORMAT}")
            }
            Refused::Checksum => write!(
                f,
                "fails its checksum: it was changed after placer wrote it"
            ),
        }
    }
}

/// Reads a record: the right format version first, then its fields, then its checksum.
pub fn unseal<R: Record>(text: &str) -> Result<R, Refused> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| Refused::NotARecord)?;
    let Some(fields) = value.as_object() else {
        return Err(Refused::NotARecord);
    };
    match fields.get("format").map(serde_json::Value::as_u64) {
        None => return Err(Refused::Format(None)),
        Some(Some(v)) if v == u64::from(FORMAT) => {}
        Some(v) => return Err(Refused::Format(v)),
    }
    let mut record: R = serde_json::from_str(text).map_err(|_| Refused::NotARecord)?;
    if record.format() != FORMAT || checksum_of(&record) != *record.checksum_mut() {
        return Err(Refused::Checksum);
    }
    Ok(record)
}

/// Writes the checkpoint next to its place, syncs it, then renames it over: a
/// crash leaves either the old file or the new one, never half of one.
fn save_checkpoint(path: &Path, ck: &Checkpoint) -> Result<()> {
    use std::io::Write;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let tmp = path.with_file_name(name);
    let text = serde_json::to_string(&seal(ck.clone()))?;
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
        let text = crate::input::read(path, crate::input::Limit::SHARD_RESULTS)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let before = parts.len();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{}:{}", path.display(), n + 1);
            let part: Part = unseal(line).map_err(|refused| match refused {
                Refused::NotARecord => anyhow!(
                    "{at} is not a placer shard result (the JSON line `--shard I/K` prints)"
                ),
                _ => anyhow!("{at} {refused}; run that shard again"),
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
            "{path} is from another run than {first_path}: {}",
            differences(part, first)
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
    Ok(seal(Part {
        shard: None,
        count: count.to_string(),
        nodes,
        ..first.clone()
    }))
}

/// What differs between two parts of different runs, `this` vs `that`.
fn differences(this: &Part, that: &Part) -> String {
    let mut found = Vec::new();
    if this.rules != that.rules {
        found.push(format!("rules `{}` vs `{}`", this.rules, that.rules));
    }
    if this.params != that.params {
        found.push(format!(
            "parameters {} vs {}",
            show_params(&this.params),
            show_params(&that.params)
        ));
    }
    if this.unique != that.unique {
        let show = |u: bool| {
            if u {
                "with --unique"
            } else {
                "without --unique"
            }
        };
        found.push(format!(
            "counted {} vs {}",
            show(this.unique),
            show(that.unique)
        ));
    }
    if this.subproblems != that.subproblems {
        found.push(format!(
            "{} vs {} subproblems",
            this.subproblems, that.subproblems
        ));
    }
    if found.is_empty() {
        found.push(format!(
            "the same rules `{}` and parameters {}, but fingerprint {} vs {}: other rule \
             details (holes, pictures, lines, groups) or another placer version",
            this.rules,
            show_params(&this.params),
            this.fingerprint,
            that.fingerprint
        ));
    }
    found.join(", ")
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

    fn sealed_checkpoint(done: &[(usize, &str)]) -> Checkpoint {
        seal(Checkpoint {
            format: FORMAT,
            fingerprint: "0".into(),
            rules: "queens".into(),
            params: BTreeMap::from([("n".into(), 8)]),
            unique: false,
            shard: None,
            subproblems: 4,
            done: done.iter().map(|&(i, c)| (i, (c.into(), 1))).collect(),
            checksum: String::new(),
        })
    }

    #[test]
    fn records_round_trip_and_refuse_any_change() {
        let ck = sealed_checkpoint(&[(0, "5"), (3, "7")]);
        let text = serde_json::to_string(&ck).unwrap();
        let back: Checkpoint = unseal(&text).unwrap();
        assert_eq!(back.done, ck.done);
        let changed = text.replace("\"7\"", "\"8\"");
        assert_ne!(changed, text);
        assert_eq!(
            unseal::<Checkpoint>(&changed).unwrap_err(),
            Refused::Checksum
        );
        let extra = text.replacen('{', "{\"more\":1,", 1);
        assert_eq!(
            unseal::<Checkpoint>(&extra).unwrap_err(),
            Refused::NotARecord
        );
        let old = text.replace("\"format\":2,", "");
        assert_eq!(
            unseal::<Checkpoint>(&old).unwrap_err(),
            Refused::Format(None)
        );
        assert_eq!(unseal::<Part>("[1]").unwrap_err(), Refused::NotARecord);
    }

    #[test]
    fn sealed_but_impossible_checkpoints_are_damaged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ckpt");
        let cases = [
            (vec![(9, "1")], "part 9 of 4"),
            (vec![(0, "x")], "with count `x`"),
            (
                vec![(0, "340282366920938463463374607431768211455"), (1, "1")],
                "overflows 128 bits",
            ),
        ];
        for (done, message) in cases {
            save_checkpoint(&path, &sealed_checkpoint(&done)).unwrap();
            let err = format!("{:#}", load_checkpoint(&path).unwrap_err());
            assert!(err.contains(message), "{err}");
            assert!(err.contains("c.ckpt is damaged"), "{err}");
        }
    }

    #[test]
    fn counts_add_without_overflow() {
        assert_eq!(add_count(1, "2").unwrap(), 3);
        assert!(add_count(u128::MAX, "1").is_err());
        assert!(add_count(0, "-1").is_err());
    }
}
