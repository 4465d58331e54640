//! The binary, driven as a user would: arguments, stdin, stdout, stderr, exit code.

use std::io::{BufRead, BufReader};
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use predicates::prelude::*;

fn placer() -> Command {
    Command::cargo_bin("placer").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = placer()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn queens_counts_by_default() {
    placer()
        .args(["queens", "8"])
        .assert()
        .success()
        .stdout("92\n");
    placer()
        .args(["queens", "8", "--count", "-j", "1"])
        .assert()
        .success()
        .stdout("92\n");
    placer()
        .args(["queens", "8", "--unique"])
        .assert()
        .success()
        .stdout("12\n");
    placer()
        .args(["queens", "8", "--count", "--format", "json"])
        .assert()
        .success()
        .stdout("{\"count\":92}\n");
}

#[test]
fn queens_first_all_and_limit() {
    placer()
        .args(["queens", "8", "--first", "--format", "tuple"])
        .assert()
        .success()
        .stdout("1 5 8 6 3 7 2 4\n");
    placer()
        .args(["queens", "4", "--all", "--format", "tuple"])
        .assert()
        .success()
        .stdout("2 4 1 3\n3 1 4 2\n");
    placer()
        .args(["queens", "4", "--all", "--format", "cells"])
        .assert()
        .success()
        .stdout("(1,2) (2,4) (3,1) (4,3)\n(1,3) (2,1) (3,4) (4,2)\n");
    placer()
        .args(["queens", "8", "--limit", "2", "--count"])
        .assert()
        .success()
        .stdout("2\n");
    assert_eq!(
        stdout_of(&["queens", "8", "--limit", "3", "--format", "tuple"])
            .lines()
            .count(),
        3
    );
    assert_eq!(
        stdout_of(&["queens", "6", "--all", "--format", "json", "-j", "2"])
            .lines()
            .count(),
        4
    );
}

#[test]
fn queens_board_format() {
    placer()
        .args(["queens", "4", "--first"])
        .assert()
        .success()
        .stdout(". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
}

#[test]
fn queens_without_solution_exits_1() {
    placer()
        .args(["queens", "3", "--first"])
        .assert()
        .code(1)
        .stderr("no solution\n");
    placer()
        .args(["queens", "3"])
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn batch_mode_reads_sizes_until_zero() {
    placer()
        .args(["queens", "-"])
        .write_stdin("1\n8\n5\n0\n9\n")
        .assert()
        .success()
        .stdout("1\n92\n10\n");
    placer()
        .args(["queens", "-"])
        .write_stdin("4\n6")
        .assert()
        .success()
        .stdout("2\n4\n");
    placer()
        .args(["queens", "-"])
        .write_stdin("4\nx\n")
        .assert()
        .code(2)
        .stdout("2\n")
        .stderr(predicate::str::contains(
            "stdin line 2: `x` is not a board size",
        ));
}

#[test]
fn step_mode_waits_for_enter_and_quits_on_q() {
    let out = placer()
        .args(["queens", "4", "--step", "--format", "tuple"])
        .write_stdin("\nq\n")
        .assert()
        .success();
    out.stdout("2 4 1 3\n3 1 4 2\n")
        .stderr(predicate::str::contains("Enter: next, q: quit"));
    placer()
        .args(["queens", "4", "--step", "--format", "tuple"])
        .write_stdin("q\n")
        .assert()
        .success()
        .stdout("2 4 1 3\n");
}

#[test]
fn bad_sizes_are_usage_errors() {
    placer()
        .args(["queens", "-3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "N must be a positive integer, got `-3`",
        ));
    placer().args(["queens", "abc"]).assert().code(2);
    placer()
        .args(["queens", "65", "--count"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("outside the supported 1..=64"));
    placer()
        .args(["queens", "8", "--all", "--first"])
        .assert()
        .code(2);
}

#[test]
fn solve_builtin_and_files() {
    placer()
        .args(["solve", "torus-queens", "--set", "n=5"])
        .assert()
        .success()
        .stdout("10\n");
    placer()
        .args(["solve", "rules/queens.toml", "--set", "n=6"])
        .assert()
        .success()
        .stdout("4\n");
    placer()
        .args(["solve", "hertzsprung", "--set", "n=5"])
        .assert()
        .success()
        .stdout("14\n");
    placer()
        .args(["solve", "superqueens", "--set", "n=10"])
        .assert()
        .success()
        .stdout("4\n");
}

#[test]
fn solve_errors_point_at_the_problem() {
    placer().args(["solve", "qeens"]).assert().code(2).stderr(
        predicate::str::contains("no rule file or built-in rule named `qeens`")
            .and(predicate::str::contains("did you mean `queens`")),
    );
    placer()
        .args(["solve", "queens", "--set", "m=3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean `n`"));
    placer()
        .args(["solve", "queens", "--set", "n"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("K=V"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(
        &path,
        "name = \"bad\"\n[board]\nrows = 4\n[piece]\nlines = [\"row\", \"colum\"]\n",
    )
    .unwrap();
    placer()
        .args(["solve", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("unknown line `colum`")
                .and(predicate::str::contains("bad.toml:5:17"))
                .and(predicate::str::contains("did you mean `column`")),
        );
    std::fs::write(&path, "name = \"bad\"\n[board]\nrows = 4\ncolour = 3\n").unwrap();
    placer()
        .args(["solve", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("unknown field `colour`")
                .and(predicate::str::contains("bad.toml:4:1")),
        );
    std::fs::write(&path, "name = \"bad\n").unwrap();
    placer()
        .args(["solve", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad.toml:1:"));
    placer()
        .args(["solve", "/nonexistent/rules.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no rule file"));
}

#[test]
fn unique_needs_symmetric_rules() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("holed.toml");
    std::fs::write(&path, "name = \"h\"\n[board]\nrows = 5\nholes = [[1, 2]]\n[piece]\nlines = [\"row\", \"column\"]\n").unwrap();
    placer()
        .args(["solve", path.to_str().unwrap(), "--unique"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--unique needs rules with symmetries",
        ));
}

#[test]
fn regions_from_a_file_or_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    std::fs::write(
        &path,
        "# a 4x4 star battle with one star\nAABB\nAABB\nCCDD\nCCDD\n",
    )
    .unwrap();
    placer()
        .args(["solve", "star-battle", "--regions", path.to_str().unwrap()])
        .assert()
        .success()
        .stdout("2\n");
    let five = "ABBBC\nABBBC\nADDDC\nAEEEC\nAEEEC\n";
    let count = stdout_of(&[
        "solve",
        "region-queens",
        "--regions",
        path.to_str().unwrap(),
    ]);
    assert_eq!(count, "2\n");
    placer()
        .args(["solve", "region-queens", "--regions", "-"])
        .write_stdin(five)
        .assert()
        .success();
    std::fs::write(&path, "AAB\nAB\n").unwrap();
    placer()
        .args([
            "solve",
            "region-queens",
            "--regions",
            path.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "picture row 2 has 2 cells, but row 1 has 3",
        ));
}

#[test]
fn table_rules_check_and_completions() {
    placer()
        .args([
            "table", "queens", "--param", "n", "--from", "1", "--to", "6",
        ])
        .assert()
        .success()
        .stdout("1 1\n2 0\n3 0\n4 2\n5 10\n6 4\n");
    placer()
        .args([
            "table", "queens", "--from", "4", "--to", "5", "--unique", "--json",
        ])
        .assert()
        .success()
        .stdout("{\"n\":4,\"count\":2,\"unique\":1}\n{\"n\":5,\"count\":10,\"unique\":2}\n");
    let rules = stdout_of(&["rules"]);
    for name in [
        "queens",
        "rooks",
        "bishops",
        "kings",
        "knights",
        "superqueens",
        "torus-queens",
        "hertzsprung",
        "region-queens",
        "star-battle",
    ] {
        assert!(
            rules.lines().any(|l| l.starts_with(name)),
            "{name} missing from {rules}"
        );
    }
    let check = stdout_of(&["check", "queens", "--set", "n=6"]);
    assert!(
        check.contains("board:    6×6")
            && check.contains("symmetry: all 8")
            && check.contains("kernel:"),
        "{check}"
    );
    assert!(!stdout_of(&["completions", "bash"]).is_empty());
}

#[test]
fn stats_go_to_stderr() {
    placer()
        .args(["queens", "6", "--stats"])
        .assert()
        .success()
        .stdout("4\n")
        .stderr(predicate::str::contains("nodes: ").and(predicate::str::contains("nodes/s")));
}

#[test]
fn help_has_examples() {
    placer()
        .args(["queens", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:"));
    placer()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:"));
}

#[test]
fn closed_stdout_ends_quietly() {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("placer"))
        .args(["queens", "10", "--all", "--format", "tuple"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(first, "1 3 6 8 10 5 9 2 4 7\n");
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
