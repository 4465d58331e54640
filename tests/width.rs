//! Wide boards through the command line: every mode on a board wider than
//! 64 columns, and the limits past 1024 and past the memory budget.

use predicates::prelude::*;

use crate::common::{placer, stdout_of as stdout};

/// A rule file of `count` kings on a `rows` × `cols` board, in `dir`.
fn kings(dir: &tempfile::TempDir, rows: usize, cols: usize, count: usize) -> String {
    let path = dir.path().join(format!("kings-{rows}x{cols}-{count}.toml"));
    let text = format!(
        "name = \"k\"\n[board]\nrows = {rows}\ncols = {cols}\n[piece]\nsymbol = \"K\"\ncount = {count}\nleaps = [\"king\"]\n"
    );
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn every_mode_on_a_130_column_board() {
    let dir = tempfile::tempdir().unwrap();
    let file = kings(&dir, 1, 130, 2);
    // Two kings in one row of 130, not touching: 129 · 128 / 2.
    assert_eq!(stdout(&["solve", &file, "--count"]), "8256\n");
    assert_eq!(stdout(&["solve", &file, "--count", "-j", "2"]), "8256\n");
    let all = stdout(&["solve", &file, "--all", "--format", "json"]);
    assert_eq!(all.lines().count(), 8256);
    assert!(all.starts_with("{\"cells\":[[1,1],[1,3]]}\n"));
    assert!(all.ends_with("{\"cells\":[[1,128],[1,130]]}\n"));
    // Mirror images pair up, except the 64 placements symmetric about the middle.
    assert_eq!(
        stdout(&["solve", &file, "--count", "--unique"]),
        format!("{}\n", (8256 + 64) / 2)
    );
    assert_eq!(
        stdout(&["solve", &file, "--all", "--limit", "3", "--format", "cells"]),
        "(1,1) (1,3)\n(1,1) (1,4)\n(1,1) (1,5)\n"
    );
    let first = stdout(&["solve", &file, "--first", "--format", "cells"]);
    assert_eq!(first, "(1,1) (1,3)\n");
    let svg = stdout(&["solve", &file, "--first", "--format", "svg"]);
    assert!(svg.contains("<svg") && svg.contains("</svg>"));
    let board = stdout(&["solve", &file, "--first"]);
    assert_eq!(
        board.lines().next().unwrap().split_whitespace().count(),
        130
    );
}

#[test]
fn boards_past_the_limits_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let wide = kings(&dir, 2, 1025, 1);
    placer()
        .args(["solve", &wide])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "board.cols is 1025, outside the supported 1..=1024",
        ));
    let heavy = kings(&dir, 1024, 1024, 5000);
    placer()
        .args(["solve", &heavy])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than its 512 MiB budget"));
    let fits = kings(&dir, 1024, 1024, 3);
    placer()
        .args(["solve", &fits, "--first", "--format", "cells"])
        .assert()
        .success()
        .stdout("(1,1) (1,3) (1,5)\n");
}
