//! `placer select`, driven as a user would: matrices of every width, exact
//! output, labels, and the errors of the select path.

use assert_cmd::Command;
use predicates::prelude::*;

fn placer() -> Command {
    Command::cargo_bin("placer").unwrap()
}

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/matrix/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = placer()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// A deterministic 0/1 matrix in CSV: each row `ones` ones at random columns.
fn random_csv(rows: usize, cols: usize, ones: usize, seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut text = String::new();
    for _ in 0..rows {
        let mut row = vec!["0"; cols];
        for _ in 0..ones {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            row[(state % cols as u64) as usize] = "1";
        }
        text.push_str(&row.join(","));
        text.push('\n');
    }
    text
}

/// Issue 13: 31 104 on every path (the count used to say 8 424).
#[test]
fn wide_23x66_counts_31104_on_every_path() {
    let file = fixture("wide_23x66.csv");
    let count = stdout_of(&["select", &file, "--skip", "0", "--count"], "");
    assert_eq!(count, "31104\n");
    let json = stdout_of(
        &["select", &file, "--skip", "0", "--all", "--format", "json"],
        "",
    );
    assert_eq!(json.lines().count(), 31104);
    let limited = stdout_of(
        &[
            "select", &file, "--skip", "0", "--count", "--limit", "40000",
        ],
        "",
    );
    assert_eq!(limited, "31104\n");
    let tall = stdout_of(
        &["select", "-", "--skip", "0", "--count"],
        &transpose_csv(&std::fs::read_to_string(&file).unwrap()),
    );
    assert_eq!(tall, "31104\n");
}

fn transpose_csv(text: &str) -> String {
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
    (0..rows[0].len())
        .map(|j| rows.iter().map(|r| r[j]).collect::<Vec<_>>().join(",") + "\n")
        .collect()
}

/// Sparse wide matrices: the count equals the number of listed selections.
#[test]
fn sparse_wide_counts_equal_listings() {
    for (rows, cols) in [
        (8, 63),
        (8, 64),
        (8, 65),
        (9, 127),
        (9, 128),
        (9, 129),
        (6, 1024),
    ] {
        let text = random_csv(rows, cols, 2, (rows * cols) as u64);
        let count = stdout_of(&["select", "-", "--skip", "0", "--count"], &text);
        let listed = stdout_of(
            &["select", "-", "--skip", "0", "--all", "--format", "cells"],
            &text,
        );
        assert_eq!(
            count.trim(),
            listed.lines().count().to_string(),
            "{rows}×{cols}"
        );
    }
}

/// Issue 14: past the exact methods' limits the count is refused with the
/// sizes, exit 2 — never a silent switch to enumeration.
#[test]
fn count_past_the_limits_is_refused() {
    let text = random_csv(40, 40, 34, 7);
    placer()
        .args(["select", "-", "--skip", "0", "--count"])
        .write_stdin(text)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "cannot count the selections of this 40×40 matrix exactly: Ryser's formula would take 2^40·40 ≈ 4.4e13 steps",
        ))
        .stderr(predicate::str::contains("`--count --limit K` counts up to K by listing"));
}
