//! The rough edges of issue 14, each as the user met it.

use std::process::{Command as StdCommand, Stdio};
use std::time::Duration;

use predicates::prelude::*;

use crate::common::{placer, stdout_of};

#[test]
fn builtin_counts_follow_n_and_count_can_be_set() {
    assert_eq!(stdout_of(&["solve", "knights", "--set", "n=5"]), "9386\n");
    assert_eq!(
        stdout_of(&["solve", "knights", "--set", "n=4", "--set", "count=8"]),
        "6\n"
    );
    assert_eq!(
        stdout_of(&["solve", "bishops", "--set", "n=4", "--set", "count=2"]),
        "92\n"
    );
    assert_eq!(
        stdout_of(&["solve", "queens", "--set", "n=5", "--set", "count=3"]),
        "204\n"
    );
    assert_eq!(
        stdout_of(&["table", "knights", "--from", "1", "--to", "5"]),
        "n solutions\n1 1\n2 6\n3 36\n4 412\n5 9386\n"
    );
    assert_eq!(
        stdout_of(&[
            "table", "kings", "--param", "count", "--set", "n=3", "--from", "0", "--to", "4"
        ]),
        "count solutions\n0 1\n1 9\n2 16\n3 8\n4 1\n"
    );
}

/// Starts placer, sends SIGINT after a second, and returns its exit code and stderr.
fn interrupted(args: &[&str]) -> (Option<i32>, String) {
    let child = StdCommand::new(assert_cmd::cargo::cargo_bin("placer"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = StdCommand::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn ctrl_c_ends_every_long_computation_cleanly() {
    for args in [
        &[
            "solve", "kings", "--set", "n=12", "--set", "count=37", "--first",
        ][..],
        &[
            "solve", "kings", "--set", "n=12", "--set", "count=37", "--limit", "1", "--count",
        ],
        &[
            "table", "kings", "--set", "n=12", "--param", "count", "--from", "30", "--to", "37",
            "--method", "search",
        ],
        &["solve", "hertzsprung", "--set", "n=40"],
        &[
            "solve", "kings", "--set", "n=12", "--set", "count=37", "--all",
        ],
        &["queens", "18"],
    ] {
        let (code, stderr) = interrupted(args);
        assert_eq!(code, Some(130), "{args:?}: {stderr}");
        assert!(stderr.starts_with("interrupted"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn ctrl_c_at_the_step_prompt_ends_its_line() {
    use std::io::Read;
    // stdin stays open and silent: the prompt waits on a line.
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("placer"))
        .args(["queens", "4", "--step", "--format", "tuple"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take();
    let mut stderr = child.stderr.take().unwrap();
    // The signal goes once the prompt is written, however slow the machine.
    let mut seen = Vec::new();
    let mut byte = [0u8];
    while !seen.ends_with(b"quit ") {
        assert_eq!(stderr.read(&mut byte).unwrap(), 1, "stderr ended early");
        seen.push(byte[0]);
    }
    let status = StdCommand::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    stderr.read_to_end(&mut seen).unwrap();
    let code = child.wait().unwrap().code();
    drop(stdin);
    let seen = String::from_utf8_lossy(&seen);
    assert_eq!(code, Some(130), "{seen}");
    assert_eq!(
        seen,
        "-- solution 1 -- Enter: next, q: quit \ninterrupted\n"
    );
}

#[test]
fn ctrl_c_during_the_dp_advises_no_checkpoint() {
    let (code, stderr) = interrupted(&["solve", "kings", "--set", "n=30", "--no-estimate"]);
    assert_eq!(code, Some(130), "{stderr}");
    assert_eq!(
        stderr,
        "interrupted (the row-frontier DP keeps no finished work)\n"
    );
}

#[test]
fn step_says_when_it_ends_and_fails_like_first() {
    placer()
        .args(["queens", "4", "--step"])
        .write_stdin("\n\n")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "-- that was the last solution (2 in all) --",
        ));
    placer()
        .args(["queens", "6", "--step"])
        .write_stdin("q\n")
        .assert()
        .success()
        .stderr(predicate::str::contains("last").not());
    placer()
        .args(["queens", "2", "--step"])
        .assert()
        .code(1)
        .stderr("no solution\n");
}

#[test]
fn batch_honours_json_and_rejects_what_needs_one_n() {
    placer()
        .args(["queens", "-", "--format", "json"])
        .write_stdin("8\n5\n0\n")
        .assert()
        .success()
        .stdout("{\"count\":92}\n{\"count\":10}\n");
    placer()
        .args(["queens", "-", "--first"])
        .write_stdin("8\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("need one N"));
    placer()
        .args(["queens", "-"])
        .write_stdin("5\n100\n")
        .assert()
        .code(2)
        .stdout("10\n")
        .stderr(predicate::str::contains(
            "stdin line 2: N = 100 is over the 64×64 limit",
        ))
        .stderr(predicate::str::contains("toml").not());
}

#[test]
fn version_works_on_every_command() {
    for args in [
        &["--version"][..],
        &["queens", "--version"],
        &["solve", "--version"],
    ] {
        placer()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains(env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn check_speaks_english() {
    let dir = tempfile::tempdir().unwrap();
    let cells = dir.path().join("cells.txt");
    std::fs::write(&cells, "K..\n...\n...\n").unwrap();
    let out = stdout_of(&[
        "check",
        "kings",
        "--set",
        "n=3",
        "--set",
        "count=2",
        "--cells",
        cells.to_str().unwrap(),
    ]);
    assert!(out.contains("0 holes, 1 given\n"), "{out}");
    let rect = dir.path().join("rect.toml");
    std::fs::write(&rect, "name = \"r\"\n[board]\nrows = 2\ncols = 3\n[piece]\ncount = 2\nlines = [\"row\", \"column\"]\n").unwrap();
    let out = stdout_of(&["check", rect.to_str().unwrap()]);
    assert!(
        out.contains("symmetry: 4 (half turn, left-right mirror, top-bottom mirror)"),
        "{out}"
    );
}

#[test]
fn region_labels_stay_apart_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("one.toml");
    std::fs::write(
        &rule,
        "name = \"one\"\n[piece]\ncount = 1\n[[group]]\nof = \"region\"\nmax = 1\n",
    )
    .unwrap();
    let regions = dir.path().join("r.txt");
    for (picture, board) in [
        ("aAb\nbbb\nccc\n", "Q 2 3\n3 3 3\n4 4 4\n"),
        ("AQ\nQQ\n", "Q 2\n2 2\n"),
        ("AB\nBB\n", "Q b\nb b\n"),
    ] {
        std::fs::write(&regions, picture).unwrap();
        let out = stdout_of(&[
            "solve",
            rule.to_str().unwrap(),
            "--regions",
            regions.to_str().unwrap(),
            "--first",
        ]);
        assert_eq!(out, board, "{picture}");
    }
    placer()
        .args([
            "solve",
            "queens",
            "--set",
            "n=2",
            "--regions",
            regions.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has no group over regions"));
}

#[test]
fn out_dir_refuses_an_earlier_runs_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("svg");
    let args = [
        "queens",
        "4",
        "--all",
        "--format",
        "svg",
        "--out",
        out.to_str().unwrap(),
    ];
    placer().args(args).assert().success();
    assert!(out.join("solution-0002.svg").exists());
    placer()
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "already holds 2 solution files (solution-0001.svg, ...)",
        ));
}

#[test]
fn a_missing_rule_path_is_not_found() {
    let dir = tempfile::tempdir().unwrap();
    placer()
        .current_dir(dir.path())
        .args(["solve", "rules/queens.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "rule file `rules/queens.toml` not found",
        ));
}

#[test]
fn table_header_comes_with_the_first_row_only() {
    placer()
        .args([
            "table", "queens", "--param", "m", "--from", "1", "--to", "2",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("did you mean `n`?"));
    assert_eq!(
        stdout_of(&["table", "queens", "--from", "4", "--to", "5", "--unique"]),
        "n solutions unique\n4 2 1\n5 10 2\n"
    );
}
