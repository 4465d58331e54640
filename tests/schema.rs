//! Every JSON shape the command line prints, checked line by line against its
//! schema: exactly the documented keys (no duplicates, no strays), each of its
//! documented type. Duplicate keys are caught by a strict reader, since
//! `serde_json::Value` silently keeps the last of two equal keys.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::Value;

use crate::common::{placer, stdout_of};

/// A JSON object read strictly: a repeated key is an error.
struct Strict(BTreeMap<String, Value>);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Strict;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
                let mut keys = BTreeMap::new();
                while let Some((k, v)) = map.next_entry::<String, Value>()? {
                    if keys.insert(k.clone(), v).is_some() {
                        return Err(serde::de::Error::custom(format!("duplicate key `{k}`")));
                    }
                }
                Ok(Strict(keys))
            }
        }
        d.deserialize_map(V)
    }
}

/// The type a key must have.
#[derive(Clone, Copy, Debug)]
enum Ty {
    /// A non-negative integer, of any size.
    Count,
    Int,
    Str,
    Bool,
    /// `[[row, col], ...]`, 1-based.
    Cells,
    /// An array of numbers (or null for a cell without a value).
    Numbers,
    Number,
    /// A JSON object (the parameters).
    Object,
    /// null or a string.
    OptStr,
}

fn has_type(v: &Value, ty: Ty) -> bool {
    match ty {
        // Past u64 the reader rounds to a float: `exact_counts` checks the raw digits.
        Ty::Count => v.is_u64() || v.as_f64().is_some_and(|f| f >= 0.0),
        Ty::Int => v.is_i64() || v.is_u64(),
        Ty::Str => v.is_string(),
        Ty::Bool => v.is_boolean(),
        Ty::Cells => v.as_array().is_some_and(|cells| {
            cells.iter().all(|c| {
                c.as_array().is_some_and(|rc| {
                    rc.len() == 2 && rc.iter().all(|x| x.as_u64().is_some_and(|x| x >= 1))
                })
            })
        }),
        Ty::Numbers => v
            .as_array()
            .is_some_and(|a| a.iter().all(|x| x.is_number() || x.is_null())),
        Ty::Number => v.is_number() || v.is_null(),
        Ty::Object => v.is_object(),
        Ty::OptStr => v.is_null() || v.is_string(),
    }
}

/// Runs placer and checks every stdout line: `required` keys present with
/// their types, `optional` ones typed where present, and (unless `open`)
/// nothing else. Returns the lines.
fn check(
    args: &[&str],
    required: &[(&str, Ty)],
    optional: &[(&str, Ty)],
    open: bool,
) -> Vec<BTreeMap<String, Value>> {
    let text = stdout_of(args);
    assert!(!text.is_empty(), "{args:?} printed nothing");
    text.lines()
        .map(|line| {
            let Strict(obj) = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{args:?}: `{line}` is not a strict JSON object: {e}"));
            exact_counts(line);
            for (key, ty) in required {
                let v = obj
                    .get(*key)
                    .unwrap_or_else(|| panic!("{args:?}: `{line}` lacks `{key}`"));
                assert!(
                    has_type(v, *ty),
                    "{args:?}: `{key}` in `{line}` is not {ty:?}"
                );
            }
            for (key, ty) in optional {
                if let Some(v) = obj.get(*key) {
                    assert!(
                        has_type(v, *ty),
                        "{args:?}: `{key}` in `{line}` is not {ty:?}"
                    );
                }
            }
            if !open {
                for key in obj.keys() {
                    let known = required.iter().chain(optional).any(|(k, _)| k == key);
                    assert!(known, "{args:?}: stray key `{key}` in `{line}`");
                }
            }
            obj
        })
        .collect()
}

/// Every `"count":` or `"unique":` number in `line` is plain digits.
fn exact_counts(line: &str) {
    for key in ["\"count\":", "\"unique\":"] {
        for (at, _) in line.match_indices(key) {
            let rest = &line[at + key.len()..];
            if !rest.starts_with(|c: char| c.is_ascii_digit()) {
                continue; // shard parts keep counts as strings; the types are checked apart
            }
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let end = rest.as_bytes().get(digits);
            assert!(
                digits > 0 && matches!(end, Some(b',' | b'}')),
                "`{line}`: {key} is not plain digits"
            );
        }
    }
}

const COUNT: &[(&str, Ty)] = &[("count", Ty::Count)];
const CELLS: &[(&str, Ty)] = &[("cells", Ty::Cells)];
const MATRIX: &[(&str, Ty)] = &[
    ("cells", Ty::Cells),
    ("values", Ty::Numbers),
    ("sum", Ty::Number),
];
const TABLE: &[(&str, Ty)] = &[("param", Ty::Str), ("value", Ty::Int), ("count", Ty::Count)];

#[test]
fn count_lines_have_one_count() {
    for args in [
        &["queens", "8", "--format", "json"][..],
        &["queens", "8", "--unique", "--format", "json"],
        &["queens", "8", "--limit", "3", "--count", "--format", "json"],
        &["solve", "knights", "--set", "n=4", "--format", "json"],
        &[
            "solve",
            "region-queens",
            "--regions",
            "examples/puzzles/queens-7.txt",
            "--format",
            "json",
        ],
        &[
            "select",
            "examples/matrix.csv",
            "--count",
            "--format",
            "json",
        ],
        &[
            "select",
            "examples/matrix.csv",
            "--count",
            "--min-sum",
            "10",
            "--format",
            "json",
        ],
    ] {
        let lines = check(args, COUNT, &[], false);
        assert_eq!(lines.len(), 1, "{args:?}");
    }
    // 30! selections of a 30×30 matrix of ones: a count past 2^64.
    let dir = tempfile::tempdir().unwrap();
    let ones = dir.path().join("ones.csv");
    std::fs::write(&ones, (vec!["1"; 30].join(",") + "\n").repeat(30)).unwrap();
    let ones = ones.to_str().unwrap();
    let big = check(
        &["select", ones, "--count", "--format", "json"],
        COUNT,
        &[],
        false,
    );
    assert_eq!(big.len(), 1);
    placer()
        .args(["select", ones, "--count", "--format", "json"])
        .assert()
        .stdout("{\"count\":265252859812191058636308480000000}\n");
}

#[test]
fn table_lines_name_the_parameter_apart_from_the_count() {
    let lines = check(
        &[
            "table", "kings", "--param", "count", "--set", "n=4", "--from", "1", "--to", "3",
            "--unique", "--json",
        ],
        &[TABLE, &[("unique", Ty::Count)]].concat(),
        &[],
        false,
    );
    let got: Vec<(i64, u64, u64)> = lines
        .iter()
        .map(|l| {
            (
                l["value"].as_i64().unwrap(),
                l["count"].as_u64().unwrap(),
                l["unique"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, [(1, 16, 3), (2, 78, 13), (3, 140, 20)]);
    assert!(lines.iter().all(|l| l["param"] == "count"));
    check(
        &["table", "queens", "--from", "1", "--to", "4", "--json"],
        TABLE,
        &[],
        false,
    );
}

#[test]
fn solution_lines_have_cells_and_matrix_values() {
    for args in [
        &["queens", "6", "--all", "--format", "json"][..],
        &["queens", "8", "--first", "--format", "json"],
        &["queens", "70", "--first", "--format", "json"],
        &["queens", "8", "--all", "--unique", "--format", "json"],
        &[
            "solve", "kings", "--set", "n=3", "--set", "count=2", "--all", "--format", "json",
        ],
        &[
            "solve",
            "region-queens",
            "--regions",
            "examples/puzzles/queens-7.txt",
            "--all",
            "--format",
            "json",
        ],
    ] {
        check(args, CELLS, &[], false);
    }
    for args in [
        &["select", "examples/matrix.csv", "--all", "--format", "json"][..],
        &[
            "select",
            "examples/matrix.csv",
            "--top",
            "2",
            "--max",
            "--format",
            "json",
        ],
        &[
            "select",
            "examples/matrix.csv",
            "--first",
            "--format",
            "json",
        ],
    ] {
        check(args, MATRIX, &[], true);
    }
}

#[test]
fn shard_parts_and_merges_keep_their_fields() {
    let dir = tempfile::tempdir().unwrap();
    let part = dir.path().join("part1.json");
    let required = [
        ("rules", Ty::Str),
        ("fingerprint", Ty::Str),
        ("params", Ty::Object),
        ("unique", Ty::Bool),
        ("subproblems", Ty::Int),
        ("count", Ty::Str),
        ("nodes", Ty::Int),
    ];
    let shard = check(
        &["queens", "6", "--shard", "1/1"],
        &required,
        &[("shard", Ty::Object)],
        true,
    );
    std::fs::write(&part, serde_json::to_string(&shard[0]).unwrap() + "\n").unwrap();
    let merged = check(
        &["merge", "--json", part.to_str().unwrap()],
        &required,
        &[("shard", Ty::OptStr)],
        true,
    );
    assert_eq!(merged[0]["count"], "4");
    let same = check(
        &["merge", "--format", "json", part.to_str().unwrap()],
        &required,
        &[("shard", Ty::OptStr)],
        true,
    );
    assert_eq!(same, merged);
}
