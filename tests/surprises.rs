//! Issue 36, "say what surprises": counts that cannot finish are refused
//! with their estimate, puzzles with several solutions are called not
//! unique, a typo in a picture is named, a star count left at its default
//! is questioned, and flags that a command would ignore are refused. The
//! messages on stderr are tested byte for byte.

use predicates::prelude::*;

use crate::common::{placer, stdout_of};

const WARN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/warn/");

#[test]
fn a_typo_in_a_picture_is_named() {
    placer()
        .args(["solve", "region-queens", "--regions"])
        .arg(format!("{WARN}typo.txt"))
        .assert()
        .success()
        .stdout("0\n")
        .stderr(
            "warning: region `J` is a single cell at (4,7), inside region `G`: a typo?\n\
             note: piece.count is 8, but 9 regions need at least 1 each, 9 in all, so nothing meets the rules\n",
        );
    // A one-cell region on a puzzle that can be solved is no typo.
    placer()
        .args(["solve", "region-queens", "--regions"])
        .arg("examples/puzzles/queens-8.txt")
        .assert()
        .success()
        .stdout("1\n")
        .stderr("");
}

#[test]
fn a_star_count_left_at_its_default_is_questioned() {
    let picture = "examples/puzzles/star-battle-10.txt";
    placer()
        .args(["solve", "star-battle", "--regions", picture])
        .assert()
        .success()
        .stdout("546\n")
        .stderr(
            "warning: k = 1 (the default), but a 10×10 Star Battle usually has 2 stars per row, column and region: pass --set k=2 if this one does\n",
        );
    for k in ["k=2", "k=1"] {
        placer()
            .args(["solve", "star-battle", "--regions", picture, "--set", k])
            .assert()
            .success()
            .stderr("");
    }
}

/// A hand-made Queens grid with 14 solutions.
const SEVERAL: &str = "(2,5), (2,6), (3,2), (3,4), (4,2), (4,4), (5,5), (5,6)";
/// Eight 4×2 blocks: many solutions, and logic alone places nothing.
const BLOCKS: &str = "(6,3), (6,4), (8,3), (8,4)";

#[test]
fn a_puzzle_with_several_solutions_is_not_unique() {
    for (name, cells, steps, guesses) in [("several", SEVERAL, 16, 2), ("blocks", BLOCKS, 18, 6)] {
        let picture = format!("{WARN}{name}.txt");
        let run = |args: &[&str]| -> String {
            let mut all = vec!["solve", "region-queens", "--regions", &picture];
            all.extend(args);
            stdout_of(&all)
        };
        let said = format!("not unique: at least 2 solutions; they differ at {cells}");
        let explain = run(&["--explain"]);
        assert_eq!(
            explain.lines().last().unwrap(),
            format!(
                "{said}: no grade, since logic cannot finish it; the {steps} steps above follow one of them"
            ),
            "{explain}"
        );
        assert!(!explain.contains("grade needs-guessing"), "{explain}");
        let json = run(&["--explain", "--format", "json"]);
        let differ = cells
            .replace("), (", "],[")
            .replace('(', "[[")
            .replace(')', "]]");
        assert_eq!(
            json.lines().last().unwrap(),
            format!(
                r#"{{"solved":false,"guesses":{guesses},"grade":null,"steps":{steps},"unique":false,"differ":{differ}}}"#
            )
        );
        let no_hint = format!(
            "no hint: {said}: logic cannot choose between them (`placer check` prints two)"
        );
        let hint = stdout_of_cmd("hint", &picture, "board");
        let json = stdout_of_cmd("hint", &picture, "json");
        if name == "blocks" {
            // Logic places nothing: no hint, and why.
            assert_eq!(hint, format!("{no_hint}\n"));
            assert_eq!(
                json,
                format!(
                    r#"{{"solved":false,"guesses":{guesses},"grade":null,"steps":0,"stuck":"{no_hint}","unique":false,"differ":{differ}}}"#
                ) + "\n"
            );
        } else {
            // A step holds in every solution: the hint, and no grade.
            let end = format!("\n\n{said}: no grade, since logic cannot finish it\n");
            assert!(hint.ends_with(&end), "{hint}");
            assert!(!hint.contains("puzzle grade"), "{hint}");
            let tail = format!(r#","unique":false,"differ":{differ}}}"#) + "\n";
            assert!(json.ends_with(&tail), "{json}");
        }
        placer()
            .args([
                "hint",
                "region-queens",
                "--regions",
                &picture,
                "--format",
                "svg",
            ])
            .assert()
            .success()
            .stderr(if name == "blocks" {
                String::new()
            } else {
                format!("warning: {said}\n")
            });
        placer()
            .args(["solve", "region-queens", "--regions", &picture])
            .args(["--explain", "--format", "svg"])
            .assert()
            .success()
            .stderr(format!("warning: {said}\n"));
        let check = stdout_of(&["check", "region-queens", "--regions", &picture]);
        assert!(check.contains(&format!("solution: {said}\n")), "{check}");
        assert!(!check.contains("grade:"), "{check}");
    }
    // A unique puzzle says so in JSON, and nothing more in text.
    let unique = ["--regions", "examples/puzzles/queens-7.txt", "--explain"];
    let out = placer()
        .args(["solve", "region-queens"])
        .args(unique)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let last = String::from_utf8(out.stdout).unwrap();
    assert!(last.trim_end().ends_with(r#""unique":true}"#), "{last}");
    placer()
        .args(["solve", "region-queens"])
        .args(unique)
        .assert()
        .success()
        .stdout(predicate::str::contains("not unique").not());
}

fn stdout_of_cmd(command: &str, picture: &str, format: &str) -> String {
    stdout_of(&[
        command,
        "region-queens",
        "--regions",
        picture,
        "--format",
        format,
    ])
}

/// Queens on 70×70 by the rule file: the estimate (128 random paths, their
/// work counted, not timed) refuses it at once.
#[test]
fn a_count_that_cannot_finish_is_refused_with_its_estimate() {
    placer()
        .args(["solve", "queens", "--set", "n=70", "-j", "2"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::starts_with("error: this count would take about ")
                .and(predicate::str::contains(
                    " years on 2 threads (a search tree of about ",
                ))
                .and(predicate::str::ends_with(
                    "random paths down it); pass --no-estimate to count anyway\n",
                )),
        );
}

/// Boards so big that fewer than 8 random paths fit the estimate's work
/// budget: refused all the same, since those paths say far beyond a day;
/// the rooks' tree outgrows a float.
#[test]
fn counts_on_huge_boards_are_refused_from_few_paths() {
    for (args, says) in [
        (&["solve", "queens", "--set", "n=300"][..], " random path"),
        (
            &["solve", "rooks", "--set", "n=200", "--method", "search"][..],
            "would take more than 1e300 years on 2 threads (a search tree of more than 1e308 nodes",
        ),
    ] {
        placer()
            .args(args)
            .args(["-j", "2"])
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains(says).and(predicate::str::ends_with(
                    "; pass --no-estimate to count anyway\n",
                )),
            );
    }
}

#[test]
fn ordinary_counts_are_not_refused() {
    for (args, count) in [
        (&["queens", "12"][..], "14200\n"),
        (
            &[
                "solve", "kings", "--set", "n=5", "--set", "count=3", "--method", "search",
            ],
            "964\n",
        ),
        (&["solve", "knights", "--set", "n=5"], "9386\n"),
        (
            &["table", "queens", "--from", "11", "--to", "11"],
            "n solutions\n11 2680\n",
        ),
    ] {
        placer().args(args).assert().success().stdout(count);
    }
}

#[test]
fn formats_a_count_would_ignore_are_refused() {
    let says = |flag: &str| {
        format!(
            "error: --format {flag} does not apply to a count, which prints a number (bare, or {{\"count\":N}} with --format json): list with --all, --first or --limit K\n"
        )
    };
    for format in ["tuple", "svg", "cells"] {
        placer()
            .args(["queens", "8", "--format", format])
            .assert()
            .code(2)
            .stdout("")
            .stderr(says(format));
    }
    placer()
        .args([
            "select",
            "examples/matrix.csv",
            "--count",
            "--format",
            "cells",
        ])
        .assert()
        .code(2)
        .stderr(says("cells"));
    placer()
        .args(["queens", "8", "--format", "json"])
        .assert()
        .success()
        .stdout("{\"count\":92}\n");
}

/// `tests/fixtures/long/`: counts by the row-frontier DP that its trial
/// run's forecast refuses or warns about, each `NAME.args` (the words after
/// `placer`) beside the stderr it gives
/// (`NAME.stderr`, where `[..]` stands for the time, which rests on the
/// machine's clock) and exit code 2.
#[test]
fn long_dp_counts_say_their_forecast() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/long/");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".args").map(String::from)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 2, "fixtures missing in {dir}");
    for name in names {
        let args = std::fs::read_to_string(format!("{dir}{name}.args")).unwrap();
        let want = std::fs::read_to_string(format!("{dir}{name}.stderr")).unwrap();
        let out = placer()
            .args(args.split_whitespace())
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        let got = String::from_utf8_lossy(&out.stderr);
        let same = got.lines().count() == want.lines().count()
            && want
                .lines()
                .zip(got.lines())
                .all(|(w, g)| crate::docs::line_matches(w, g));
        assert!(same, "{name}: expected\n{want}got\n{got}");
        assert_eq!(out.status.code(), Some(2), "{name}");
    }
}

/// Kings on 30×30 by the row-frontier DP: its forecast says it may take
/// minutes or hours before the count starts (the test stops it there).
#[test]
fn a_long_dp_count_is_forewarned() {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_placer"))
        .args(["solve", "kings", "--set", "n=30", "--no-progress"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        crate::docs::line_matches(
            "note: the row-frontier DP may take from about [..] to about [..] or more (forecast from a trial run over 30 of these 900 cells: at least about 2^19.8 states at the peak, 66.0 MiB of state tables); Ctrl-C stops it",
            first.trim_end()
        ),
        "{first}"
    );
    // Counts that finish in seconds say nothing.
    for args in [
        &["kings", "--set", "n=12"][..],
        &["knights", "--set", "n=10"],
    ] {
        placer()
            .arg("solve")
            .args(args)
            .assert()
            .success()
            .stderr("");
    }
}

/// A count with bounds that only some selections meet lists them, with no
/// estimate: one still going after a few seconds says it may not finish
/// (the test stops it there); one that ends at once says nothing.
#[test]
fn a_long_bounded_count_says_it_may_not_finish() {
    use std::io::{BufRead, BufReader, Write};
    // 20×20, every cell 1 but the diagonal's 2: sums from 20 to 40
    let matrix: String = (0..20)
        .map(|r| {
            let row: Vec<&str> = (0..20).map(|c| if r == c { "2" } else { "1" }).collect();
            row.join(",") + "\n"
        })
        .collect();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_placer"))
        .args(["select", "-", "--count", "--max-sum", "30"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(matrix.as_bytes())
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        first.trim_end(),
        "note: still counting: a count with --min-sum/--max-sum lists the selections that meet them one by one, among up to 2.4e18 selections, with no estimate: it may not finish; Ctrl-C stops it"
    );
    placer()
        .args(["select", "-", "--count", "--min-sum", "40"])
        .write_stdin(matrix)
        .assert()
        .success()
        .stdout("1\n")
        .stderr("");
}
