//! Merging shard results: all K parts of one run, each exactly once, into
//! the run's count; anything else is refused, saying what differs.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::SearchError;
use super::checkpoint::{Part, Refused, add_count, seal, show_params, unseal};

/// Reads the shard results in `paths`, one per line, each with where it was.
fn read_parts(paths: &[PathBuf]) -> Result<Vec<(String, Part)>, SearchError> {
    let mut parts = Vec::new();
    for path in paths {
        let text =
            crate::input::read(path, crate::input::Limit::SHARD_RESULTS).map_err(|source| {
                SearchError::Io {
                    what: format!("cannot read {}", path.display()),
                    source,
                }
            })?;
        let before = parts.len();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{}:{}", path.display(), n + 1);
            let part: Part = unseal(line).map_err(|refused| {
                SearchError::Refused(match refused {
                    Refused::NotARecord => format!(
                        "{at} is not a placer shard result (the JSON line `--shard I/K` prints)"
                    ),
                    _ => format!("{at} {refused}; run that shard again"),
                })
            })?;
            parts.push((at, part));
        }
        if parts.len() == before {
            return Err(SearchError::Refused(format!(
                "{} is empty: no shard results in it",
                path.display()
            )));
        }
    }
    Ok(parts)
}

/// Adds up shard results: all K parts of one run, each exactly once. A file
/// holds one part per line (JSON Lines), so the output of many `--shard` runs
/// may go to one file or to one file each.
pub fn merge(paths: &[PathBuf]) -> Result<Part, SearchError> {
    let refuse = |why: String| Err(SearchError::Refused(why));
    if paths.is_empty() {
        return refuse("no parts to merge".into());
    }
    let parts = read_parts(paths)?;
    let (first_path, first) = &parts[0];
    let Some(shard) = first.shard else {
        return refuse(format!("{first_path} is a whole run, not a shard"));
    };
    let mut seen: BTreeMap<usize, &str> = BTreeMap::new();
    let mut count: u128 = 0;
    let mut nodes: u128 = 0;
    for (path, part) in &parts {
        if part.fingerprint != first.fingerprint || part.unique != first.unique {
            let what = differences(part, first);
            return refuse(format!(
                "{path} is from another run than {first_path}: {what}"
            ));
        }
        let Some(s) = part.shard else {
            return refuse(format!("{path} is a whole run, not a shard"));
        };
        if s.of != shard.of {
            return refuse(format!(
                "{path} is shard {s}, but {first_path} has {} shards",
                shard.of
            ));
        }
        if let Some(other) = seen.insert(s.index, path) {
            return refuse(format!("shard {s} appears twice: {other} and {path}"));
        }
        count = add_count(count, &part.count)
            .map_err(|why| SearchError::Refused(format!("{path} holds a bad count: {why}")))?;
        nodes = nodes.saturating_add(part.nodes);
    }
    if seen.len() < shard.of {
        return refuse(missing(&seen, shard.of));
    }
    Ok(seal(Part {
        shard: None,
        count: count.to_string(),
        nodes,
        ..first.clone()
    }))
}

/// `missing shards: 3/8, 7/8`, the first ten of them.
fn missing(seen: &BTreeMap<usize, &str>, of: usize) -> String {
    let missing: Vec<String> = (1..=of)
        .filter(|i| !seen.contains_key(i))
        .take(10)
        .map(|i| format!("{i}/{of}"))
        .collect();
    let more = of - seen.len() - missing.len();
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!("missing shards: {}{more}", missing.join(", "))
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
