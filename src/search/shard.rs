//! Shards: which part of a search one run covers (`--shard I/K`). Shard I of
//! K takes subproblems I−1, I−1+K, I−1+2K, … of the plan's one split, so
//! each shard gets parts from the whole tree and the K shards together
//! cover every subproblem exactly once, for any K.

use serde::{Deserialize, Serialize};

/// Shard `index` (1-based) of `of`.
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
    /// Whether subproblem `i` (its index in the split) belongs to this shard.
    pub fn owns(&self, i: usize) -> bool {
        i % self.of == self.index - 1
    }
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
}
