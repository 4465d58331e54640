//! The command line's wiring: flag clashes are usage errors (exit 2, a
//! message naming both flags), and constructed N-queens solutions print
//! exactly as the library's output sinks print the same solution.

use placer::engine::permutation::construct;
use placer::output::{self, Format, Printer, Renderer};
use placer::{Bindings, Problem, RuleSpec, Solution};
use predicates::prelude::*;

use crate::common::{placer, stdout_of};

/// Each clash and what its message says: clap's own for clashes it sees,
/// ours for those that depend on values.
#[test]
fn clashing_flags_exit_2_and_name_both() {
    let cases: [(&[&str], &str); 12] = [
        (
            &["queens", "8", "--all", "--first"],
            "the argument '--all' cannot be used with '--first'",
        ),
        (
            &["queens", "8", "--count", "--step"],
            "the argument '--count' cannot be used with '--step'",
        ),
        (
            &["queens", "8", "--shard", "1/2", "--first"],
            "the argument '--shard <I/K>' cannot be used with '--first'",
        ),
        (
            &["queens", "8", "--checkpoint", "c.json", "--limit", "2"],
            "the argument '--checkpoint <FILE>' cannot be used with '--limit <K>'",
        ),
        (
            &["solve", "queens", "--step", "--checkpoint", "c.json"],
            "the argument '--step' cannot be used with '--checkpoint <FILE>'",
        ),
        (
            &["queens", "8", "--first", "--limit", "2"],
            "the argument '--first' cannot be used with '--limit <K>'",
        ),
        (
            &["queens", "8", "--out", "d", "--step"],
            "the argument '--out <DIR>' cannot be used with '--step'",
        ),
        (
            &["select", "-", "--top", "1", "--max", "--min"],
            "the argument '--max' cannot be used with '--min'",
        ),
        (
            &["select", "-", "--top", "1"],
            "required arguments were not provided:\n  <--max|--min>",
        ),
        (
            &["queens", "8", "--all", "--out", "d"],
            "--out DIR writes SVG files: add --format svg",
        ),
        (
            &[
                "solve", "kings", "--method", "frontier", "--count", "--limit", "3",
            ],
            "--method frontier only counts",
        ),
        (
            &["queens", "-", "--step"],
            "`placer queens -` prints one count per line",
        ),
    ];
    for (args, says) in cases {
        placer()
            .args(args)
            .write_stdin("1 2\n3 4\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
    }
}

fn queens(n: usize) -> Problem {
    let spec = RuleSpec::resolve("queens").unwrap();
    let bindings = Bindings {
        set: vec![("n".into(), n as i64)],
        ..Bindings::default()
    };
    Problem::bind(&spec, &bindings).unwrap()
}

/// The library's construction printed through the normal path: a
/// `Solution` of cells into the format's sink for the bound problem.
fn through_the_sink(format: Format, n: usize) -> String {
    let cols = construct::construct(n).unwrap();
    let solution = Solution {
        cells: cols.into_iter().enumerate().collect(),
    };
    let problem = queens(n);
    let mut sink = output::sink(format, &problem, None, Vec::new()).unwrap();
    sink.write(&solution).unwrap();
    String::from_utf8(sink.finish().unwrap()).unwrap()
}

/// From n = 22 `--first` prints the construction, searched sizes (up to 64)
/// and constructed-only ones alike, byte for byte as the sinks print it.
#[test]
fn constructed_queens_print_as_the_sinks_print_them() {
    let formats = [
        (Format::Board, "board"),
        (Format::Tuple, "tuple"),
        (Format::Cells, "cells"),
        (Format::Json, "json"),
    ];
    for n in (22..=30).chain(63..=67).chain([1000]) {
        for (format, name) in formats {
            let printed = stdout_of(&["queens", &n.to_string(), "--first", "--format", name]);
            assert!(
                printed == through_the_sink(format, n),
                "n = {n}, --format {name}"
            );
        }
    }
}

/// Over the rule files' largest board (1024) there is no problem to bind:
/// the line formats print without one, the same bytes as the renderer of a
/// plain `Solution`.
#[test]
fn constructed_queens_over_any_rule_board_stream_the_same_bytes() {
    let n = 20_011;
    let cols = construct::construct(n).unwrap();
    let solution = Solution {
        cells: cols.iter().copied().enumerate().collect(),
    };
    for (format, name) in [
        (Format::Tuple, "tuple"),
        (Format::Cells, "cells"),
        (Format::Json, "json"),
    ] {
        let printed = stdout_of(&["queens", &n.to_string(), "--first", "--format", name]);
        let mut printer = Printer::new(Renderer::plain(format, n).unwrap(), Vec::new());
        printer.write(&solution).unwrap();
        let expected = String::from_utf8(printer.finish().unwrap()).unwrap();
        assert!(printed == expected, "--format {name}");
    }
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "queens",
        &n.to_string(),
        "--first",
        "--format",
        "json",
    ]))
    .unwrap();
    let cells = json["cells"].as_array().unwrap();
    assert_eq!(cells.len(), n);
    assert_eq!(cells[n - 1][0], n);
}
