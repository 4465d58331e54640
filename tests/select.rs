//! `placer select`, driven as a user would: matrices of every width, exact
//! output, labels, and the errors of the select path.

use crate::common::placer;
use predicates::prelude::*;

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
        .stderr(predicate::str::contains(
            "(frontier of 40 columns); `--all` lists the selections, `--count --limit K` counts up to K by listing",
        ));
}

/// Issue 14: `select --help` lists only what select takes.
#[test]
fn help_lists_only_select_flags() {
    let help = stdout_of(&["select", "--help"], "");
    for gone in ["--unique", "--checkpoint", "--shard", "--no-progress"] {
        assert!(!help.contains(gone), "{gone} in select --help");
    }
    for kept in [
        "--top",
        "--min-sum",
        "--limit",
        "--out",
        "--format",
        "--threads",
    ] {
        assert!(help.contains(kept), "{kept} missing from select --help");
    }
    placer()
        .args(["select", "-", "--unique"])
        .write_stdin("1 2\n3 4\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unexpected argument '--unique'"));
}

/// Issues 14 and 15: flags that would print nothing or be dropped are errors.
#[test]
fn contradictory_flags_are_errors() {
    let m = "1 2\n3 4\n";
    for (args, says) in [
        (&["--top", "0", "--max"][..], "K must be at least 1"),
        (
            &["--min-sum", "5", "--max-sum", "4"],
            "--min-sum 5 is above --max-sum 4",
        ),
        (
            &["--top", "1", "--max", "--all"],
            "cannot be used with '--all'",
        ),
        (
            &["--top", "1", "--max", "--limit", "3"],
            "cannot be used with '--limit",
        ),
        (&["--max", "--all"], "--top"),
        (&["--min-sum", "nan", "--count"], "`nan` is not a number"),
        (&["--max-sum", "inf", "--count"], "`inf` is not a number"),
        (
            &["--min-sum", "1e-400", "--count"],
            "`1e-400` is out of range",
        ),
        (
            &["--all", "--out", "pictures"],
            "--out DIR writes SVG files",
        ),
    ] {
        let mut full = vec!["select", "-"];
        full.extend_from_slice(args);
        placer()
            .args(&full)
            .write_stdin(m)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
    }
}

/// Issue 15: `--out` is used by select, and a bad directory is an error.
#[test]
fn svg_out_writes_files_or_fails() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pictures");
    placer()
        .args(["select", "-", "--all", "--format", "svg", "--out"])
        .arg(&out)
        .write_stdin("1 2\n3 4\n")
        .assert()
        .success()
        .stdout("");
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["solution-0001.svg", "solution-0002.svg"]);
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    placer()
        .args([
            "select", "-", "--top", "1", "--max", "--format", "svg", "--out",
        ])
        .arg(file.join("sub"))
        .write_stdin("1 2\n3 4\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot create"));
}

/// Issue 15: a message quotes at most a short, escaped piece of the input.
#[test]
fn bad_tokens_are_cut_and_escaped() {
    let long = "x".repeat(1 << 20);
    let out = placer()
        .args(["select", "-"])
        .write_stdin(long)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.len() < 200, "{} bytes of stderr", stderr.len());
    assert!(stderr.contains("row 1, column 1: `xxxxxxxx"), "{stderr}");
    assert!(stderr.contains("…` is not a number"), "{stderr}");
    placer()
        .args(["select", "-"])
        .write_stdin("1,a\0b\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`a\\u{0}b` is not a number"));
    placer()
        .args(["select", "-"])
        .write_stdin("1,1e-400\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "row 1, column 2: `1e-400` is out of range",
        ));
}

/// Issues 14 and 15: sums print exactly, in JSON and on the board.
#[test]
fn printed_sums_are_exact() {
    let json = stdout_of(
        &["select", "-", "--top", "1", "--min", "--format", "json"],
        "0.1,5\n5,0.2\n",
    );
    assert_eq!(
        json,
        "{\"cells\":[[1,1],[2,2]],\"values\":[0.1,0.2],\"sum\":0.3}\n"
    );
    let board = stdout_of(&["select", "-", "--first"], "0.1,5\n5,0.2\n");
    assert_eq!(board, "[0.1]   5\n   5 [0.2]\nsum 0.3\n");
    let big = stdout_of(
        &["select", "-", "--all", "--format", "json"],
        "9007199254740993,0\n0,1\n",
    );
    assert!(
        big.contains("\"values\":[9007199254740993,1],\"sum\":9007199254740994"),
        "{big}"
    );
    let huge = stdout_of(
        &["select", "-", "--all", "--format", "json"],
        "1e308,0,0\n0,1e308,0\n0,0,-1e308\n",
    );
    assert!(!huge.contains("null"), "{huge}");
    assert!(
        huge.contains("\"values\":[1e308,1e308,-1e308],\"sum\":1e308"),
        "{huge}"
    );
}

/// Issue 13: every mode at 1 024 × 1 024 (a band with three values per row).
#[test]
fn every_mode_at_1024_columns() {
    let n = 1024;
    let text: String = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    if j + 1 >= i && j <= i + 1 {
                        ((i + 2 * j) % 9 + 1).to_string()
                    } else {
                        String::new()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
                + "\n"
        })
        .collect();
    let count = stdout_of(&["select", "-", "--count"], &text);
    assert_eq!(count.trim().len(), 214, "F(1025) has 214 digits: {count}");
    let listed = stdout_of(
        &["select", "-", "--all", "--limit", "3", "--format", "tuple"],
        &text,
    );
    assert_eq!(listed.lines().count(), 3);
    let first = stdout_of(&["select", "-", "--first", "--format", "cells"], &text);
    assert!(first.starts_with("(1,1) (2,2)") && first.trim_end().ends_with("(1024,1024)"));
    let top = stdout_of(
        &["select", "-", "--top", "2", "--max", "--format", "json"],
        &text,
    );
    assert_eq!(top.lines().count(), 2);
    let svg = stdout_of(&["select", "-", "--first", "--format", "svg"], &text);
    assert!(svg.starts_with("<svg"));
    let bounded = stdout_of(&["select", "-", "--min-sum", "1e6", "--count"], &text);
    assert_eq!(bounded, "0\n");
}

/// Issue 15: an empty line never renumbers the rows after it.
#[test]
fn a_blank_line_inside_is_an_error() {
    placer()
        .args(["select", "-", "--all", "--format", "cells"])
        .write_stdin("5,1\n\n7,2\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "<stdin>: line 2 is blank inside the matrix",
        ));
}

/// In a one-column file a blank line is the empty cell it looks like: a
/// hole, as an empty cell between commas is in a wider file; it was dropped
/// before, so the rows after it moved up. One before the first row (a hole,
/// or nothing?) is an error naming its line.
#[test]
fn a_blank_line_of_a_one_column_file_is_a_hole() {
    placer()
        .args(["select", "-", "--all", "--format", "json"])
        .write_stdin("5\n\n7\n")
        .assert()
        .success()
        .stdout(concat!(
            "{\"cells\":[[1,1]],\"values\":[5],\"sum\":5}\n",
            "{\"cells\":[[3,1]],\"values\":[7],\"sum\":7}\n"
        ));
    placer()
        .args(["select", "-", "--all"])
        .write_stdin("\n5\n7\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "<stdin>: line 1 is blank before the first row of a one-column matrix",
        ));
}

/// Issue 15: the f64 fallback counted 2 of the 3 selections summing to 1e308.
#[test]
fn huge_values_are_bounded_exactly() {
    let m = "1e308,0,0\n0,1e308,0\n0,0,-1e308\n";
    let count = stdout_of(
        &[
            "select",
            "-",
            "--min-sum",
            "1e308",
            "--max-sum",
            "1e308",
            "--count",
        ],
        m,
    );
    assert_eq!(count, "3\n");
}

/// Issue 15: a rule file reads a matrix only from its own folder, and the
/// message quotes no other file.
#[test]
fn rule_files_read_matrices_only_beside_them() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("rules");
    std::fs::create_dir(&inner).unwrap();
    std::fs::write(dir.path().join("secret.csv"), "top secret line\n").unwrap();
    std::fs::write(inner.join("ok.csv"), "1,2\n3,4\n").unwrap();
    let rule = |name: &str| {
        format!(
            "name = \"m\"\n[board]\nmatrix = \"{name}\"\n[piece]\nsymbol = \"R\"\nlines = [\"row\", \"column\"]\n"
        )
    };
    let secret = dir.path().join("secret.csv");
    for name in [
        "/etc/shadow",
        "../secret.csv",
        secret.to_str().unwrap(),
        "sub/../../secret.csv",
    ] {
        let path = inner.join("bad.toml");
        std::fs::write(&path, rule(name)).unwrap();
        placer()
            .args(["solve"])
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "is not a file in the rule file's folder",
            ))
            .stderr(predicate::str::contains("top secret").not())
            .stderr(predicate::str::contains("root:").not());
    }
    let path = inner.join("good.toml");
    std::fs::write(&path, rule("./ok.csv")).unwrap();
    placer()
        .args(["solve"])
        .arg(&path)
        .assert()
        .success()
        .stdout("2\n");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&secret, inner.join("link.csv")).unwrap();
        std::fs::write(&path, rule("link.csv")).unwrap();
        placer()
            .args(["solve"])
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "is not a file in the rule file's folder",
            ));
    }
}

/// Control characters in labels (an escape, a tab, a newline in a quoted
/// label) print as their control pictures on the board and in SVG, which
/// must stay well-formed XML; JSON keeps the labels exact.
#[test]
fn control_characters_in_labels_are_shown_not_sent() {
    let m = ",\"a\tb\",\"c\nd\"\n\"\u{1b}[31mred\",1,2\nx\u{1},3,4\n";
    let args = ["select", "-", "--header", "--labels", "--first"];
    let board = stdout_of(&args, m);
    assert!(
        !board.chars().any(|c| c.is_control() && c != '\n'),
        "{board:?}"
    );
    assert!(
        board.contains("a\u{2409}b") && board.contains("c\u{240a}d"),
        "{board}"
    );
    assert!(
        board.contains("\u{241b}[31mred") && board.contains("x\u{2401}"),
        "{board}"
    );
    assert_eq!(board.lines().count(), 4, "{board}");
    let svg = stdout_of(&[&args[..], &["--format", "svg"]].concat(), m);
    assert!(!svg.chars().any(|c| c.is_control() && c != '\n'), "{svg:?}");
    assert!(svg.contains("\u{241b}[31mred"), "{svg}");
    let json = stdout_of(&[&args[..], &["--format", "json"]].concat(), m);
    assert!(json.contains(r#""\u001b[31mred""#), "{json}");
}

/// Issue 14: `--header`, `--labels`, `--delimiter`, and labels in the output.
#[test]
fn labels_print_with_each_selection() {
    let m = "name;Task 1;Task 2;Task 3\nAnn;1;2;3\nBob;4;5;6\n";
    let args = ["select", "-", "--header", "--labels", "--delimiter", ";"];
    let json = stdout_of(
        &[&args[..], &["--top", "1", "--max", "--format", "json"]].concat(),
        m,
    );
    assert_eq!(
        json,
        "{\"cells\":[[1,2],[2,3]],\"values\":[2,6],\"sum\":8,\"rows\":[\"Ann\",\"Bob\"],\"cols\":[\"Task 2\",\"Task 3\"]}\n"
    );
    let board = stdout_of(&[&args[..], &["--first"]].concat(), m);
    assert_eq!(
        board,
        "     Task 1  Task 2  Task 3\nAnn [     1]      2       3\nBob       4 [     5]      6\nsum 6\n"
    );
    assert_eq!(stdout_of(&args, m), "6\n");
    placer()
        .args(["select", "-"])
        .write_stdin(m)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`name` is not a number"))
        .stderr(predicate::str::contains("add `--header --labels`"));
    placer()
        .args(["select", "-", "--delimiter", "ab"])
        .write_stdin(m)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`ab` is not one character"));
}

/// Issue 32: `select --count` runs Ryser's formula on `-j` threads of the
/// one runner; the count never depends on them.
#[test]
fn select_counts_the_same_on_any_threads() {
    // 18×18, a 0/1 pattern with holes spread over every row and column.
    let text: String = (0..18)
        .map(|i| {
            let row: Vec<&str> = (0..18)
                .map(|j| if (i * 7 + j * 5) % 4 == 0 { "0" } else { "1" })
                .collect();
            row.join(" ") + "\n"
        })
        .collect();
    let count = |j: &str| stdout_of(&["select", "-", "--skip", "0", "--count", "-j", j], &text);
    let one = count("1");
    assert!(one.trim().parse::<u128>().unwrap() > 0, "{one}");
    assert_eq!(count("2"), one);
    assert_eq!(count("3"), one);
}

/// Issue 35: a file as pandas writes it (`df.to_csv`), by hand: an index
/// column under an empty corner, quoted labels with commas and quotes, CRLF;
/// and the European form (`sep=';', decimal=','`).
#[test]
fn pandas_and_spreadsheet_files() {
    let pandas = ",\"Smith, J\",\"Lee, \"\"Al\"\"\"\r\nmon,3.5,\r\n\"tue, late\",1,2\r\n";
    let args = ["select", "-", "--header", "--labels"];
    assert_eq!(
        stdout_of(
            &[&args[..], &["--top", "1", "--min", "--format", "json"]].concat(),
            pandas
        ),
        "{\"cells\":[[1,1],[2,2]],\"values\":[3.5,2],\"sum\":5.5,\"rows\":[\"mon\",\"tue, late\"],\"cols\":[\"Smith, J\",\"Lee, \\\"Al\\\"\"]}\n"
    );
    assert_eq!(stdout_of(&args, pandas), "1\n");
    let euro = "Name;A;B\r\nx;13,5;-1,25\r\ny;2;0,5\r\n";
    let args = ["select", "-", "--header", "--labels", "--decimal", ","];
    assert_eq!(
        stdout_of(
            &[&args[..], &["--top", "1", "--max", "--format", "json"]].concat(),
            euro
        ),
        "{\"cells\":[[1,1],[2,2]],\"values\":[13.5,0.5],\"sum\":14,\"rows\":[\"x\",\"y\"],\"cols\":[\"A\",\"B\"]}\n"
    );
    let semicolons = [&args[..], &["--delimiter", ";", "--count"]].concat();
    assert_eq!(stdout_of(&semicolons, euro), "2\n");
    placer()
        .args(["select", "-", "--decimal", ";"])
        .write_stdin(euro)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`;` is not `.` or `,`"));
}

/// Issue 35: a matrix file over 256 MiB is refused from its size, at once,
/// naming the limit.
#[test]
fn an_oversized_file_is_refused_by_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.csv");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len((256 << 20) + 1).unwrap(); // sparse: takes no disk
    placer()
        .args(["select", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "big.csv: more than 256 MiB, the limit for a matrix (see docs/LIMITS.md)",
        ));
}
