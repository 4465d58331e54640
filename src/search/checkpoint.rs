//! The records a long count saves and reads back: a checkpoint (the finished
//! subproblems of a run) and a shard result (what `--shard I/K` prints and
//! [`merge`](super::merge::merge) adds up). Both are JSON of format [`FORMAT`] with a checksum,
//! and carry the run's [`fingerprint`]. `docs/LONG-RUNS.md` documents the
//! format, the checksum and the fingerprint.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::split::Subproblem;
use super::{SearchError, Shard};
use crate::plan::Plan;
use crate::plan::meaning::{canonical, fnv1a};

/// The version of the checkpoint and shard-result formats. Files of another
/// version are refused: version 1 had no `format` and no `checksum`, version
/// 2 a fingerprint of the problem's debug text.
pub const FORMAT: u32 = 3;

/// The result of a shard, or of a whole run: what `--shard` prints and `merge` reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// The record format, [`FORMAT`].
    pub format: u32,
    /// The rule's name.
    pub rules: String,
    /// The run's [`fingerprint`].
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

/// What a checkpoint file holds: the run it belongs to and its finished subproblems.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Checkpoint {
    pub(crate) format: u32,
    pub(crate) fingerprint: String,
    pub(crate) rules: String,
    pub(crate) params: BTreeMap<String, i64>,
    pub(crate) unique: bool,
    pub(crate) shard: Option<Shard>,
    pub(crate) subproblems: usize,
    /// Finished subproblems: index → (count as a decimal string, nodes).
    pub(crate) done: BTreeMap<usize, (String, u64)>,
    pub(crate) checksum: String,
}

/// The fingerprint of a run, 16 hex digits: the 64-bit FNV-1a hash of the
/// problem's meaning ([`canonical`]: rules, parameters, board, piece, groups),
/// the counting method, `unique`, and the split itself (each subproblem's
/// cells, and the cells it keeps empty). Two runs agree on it only if their subproblem `i` is the same
/// subtree counted the same way; renaming a field in placer's source or
/// editing a rule's summary does not change it.
pub fn fingerprint(plan: &Plan, unique: bool, parts: &[Subproblem]) -> String {
    let mut text = canonical(&plan.problem);
    text += &format!("method={:?};unique={unique};split=", plan.engine);
    for part in parts {
        let cells: Vec<String> = part
            .cells(plan.cols())
            .iter()
            .map(|(r, c)| format!("{r}:{c}"))
            .collect();
        text += &cells.join(",");
        let empty = part.empty_cells(plan.cols());
        if !empty.is_empty() {
            let empty: Vec<String> = empty.iter().map(|(r, c)| format!("{r}:{c}")).collect();
            text += &format!("~{}", empty.join(","));
        }
        text.push('/');
    }
    format!("{:016x}", fnv1a(&text))
}

/// `n=12, k=2`: parameters as a person reads them.
pub(crate) fn show_params(params: &BTreeMap<String, i64>) -> String {
    if params.is_empty() {
        return "no parameters".into();
    }
    let all: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    all.join(", ")
}

/// Adds a decimal count to a sum; `Err` names what is wrong with it.
pub(crate) fn add_count(sum: u128, count: &str) -> Result<u128, String> {
    let c: u128 = count
        .parse()
        .map_err(|_| format!("`{count}` is not a count"))?;
    sum.checked_add(c)
        .ok_or_else(|| "the count overflows 128 bits".to_string())
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
    format!(
        "{:016x}",
        fnv1a(&serde_json::to_string(&blank).unwrap_or_default())
    )
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

/// Finished subproblems in memory: index → (count, nodes).
pub(crate) type Done = BTreeMap<usize, (u128, u64)>;

/// Reads a checkpoint and checks that its parts exist and add up: the record
/// and its finished subproblems as numbers.
pub(crate) fn load(path: &Path) -> Result<(Checkpoint, Done), SearchError> {
    let p = path.display();
    let start_over = "delete it to start over";
    let text = crate::input::read(path, crate::input::Limit::CHECKPOINT).map_err(|source| {
        SearchError::Io {
            what: format!("cannot read checkpoint {p}"),
            source,
        }
    })?;
    let ck: Checkpoint = unseal(&text).map_err(|refused| {
        SearchError::Refused(match refused {
            Refused::NotARecord => {
                format!("{p} is not a placer checkpoint (damaged or another file); {start_over}")
            }
            _ => format!("checkpoint {p} {refused}; {start_over}"),
        })
    })?;
    let mut sum: u128 = 0;
    let mut done = Done::new();
    for (i, (count, nodes)) in &ck.done {
        let parsed = count.parse::<u128>();
        if *i >= ck.subproblems || parsed.is_err() {
            return Err(SearchError::Refused(format!(
                "checkpoint {p} is damaged: part {i} of {} with count `{count}`; {start_over}",
                ck.subproblems
            )));
        }
        sum = add_count(sum, count).map_err(|why| {
            SearchError::Refused(format!("checkpoint {p} is damaged; {start_over}: {why}"))
        })?;
        done.insert(*i, (parsed.unwrap_or_default(), *nodes));
    }
    Ok((ck, done))
}

/// Writes the checkpoint with `done` as its finished subproblems next to its
/// place, syncs it, then renames it over: a crash leaves either the old file
/// or the new one, never half of one.
pub(crate) fn save(path: &Path, ck: &Checkpoint, done: &Done) -> Result<(), SearchError> {
    use std::io::Write;
    let ck = Checkpoint {
        done: done
            .iter()
            .map(|(&i, &(count, nodes))| (i, (count.to_string(), nodes)))
            .collect(),
        ..ck.clone()
    };
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let tmp = path.with_file_name(name);
    let text = serde_json::to_string(&seal(ck)).map_err(|e| SearchError::Io {
        what: format!("cannot write {}", tmp.display()),
        source: std::io::Error::other(e),
    })?;
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    };
    write().map_err(|source| SearchError::Io {
        what: format!("cannot write {}", tmp.display()),
        source,
    })?;
    std::fs::rename(&tmp, path).map_err(|source| SearchError::Io {
        what: format!("cannot replace {}", path.display()),
        source,
    })
}

/// Refuses a checkpoint left by another run, saying what differs.
pub(crate) fn check_same_run(
    path: &Path,
    old: &Checkpoint,
    new: &Checkpoint,
) -> Result<(), SearchError> {
    let p = path.display();
    let hint = "delete it or pass another --checkpoint file";
    let with = |u: bool| {
        if u {
            "with --unique"
        } else {
            "without --unique"
        }
    };
    let refuse = |why: String| Err(SearchError::Refused(why));
    if old.rules != new.rules || old.params != new.params {
        return refuse(format!(
            "checkpoint {p} is from `{}` with {}, but this run is `{}` with {}; {hint}",
            old.rules,
            show_params(&old.params),
            new.rules,
            show_params(&new.params)
        ));
    }
    if old.shard != new.shard {
        let show =
            |s: Option<Shard>| s.map_or("the whole run".to_string(), |s| format!("shard {s}"));
        return refuse(format!(
            "checkpoint {p} is for {}, but this run is {}; {hint}",
            show(old.shard),
            show(new.shard)
        ));
    }
    if old.unique != new.unique {
        return refuse(format!(
            "checkpoint {p} counted {}, but this run counts {}; {hint}",
            with(old.unique),
            with(new.unique)
        ));
    }
    if old.fingerprint != new.fingerprint {
        return refuse(format!(
            "checkpoint {p} is from the same rules and parameters but other rule details or \
             another placer version (it splits the search differently); {hint}"
        ));
    }
    Ok(())
}

#[cfg(test)]
#[path = "checkpoint_tests.rs"]
mod tests;
