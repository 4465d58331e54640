//! Tests of the output formats; `json` and `svg` have their own files.

use super::*;
use crate::problem::Bindings;
use crate::search::Sink;
use crate::spec::{RuleSpec, builtin};

mod json;
mod svg;

use svg::svg_pieces;

fn bind(text: &str, set: &[(&str, i64)]) -> Problem {
    let spec = RuleSpec::parse("t.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let bindings = Bindings {
        set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        ..Bindings::default()
    };
    Problem::bind(&spec, &bindings).unwrap_or_else(|e| panic!("{e}"))
}

/// 4-queens: 2 4 1 3 and 3 1 4 2.
fn queens4() -> Problem {
    bind(builtin("queens").unwrap().text, &[("n", 4)])
}

/// Rooks with a given at (1,2) and holes at (2,3) and (4,1): 2 1 3 4, 2 1 4 3, 2 4 1 3.
fn holes_and_givens() -> Problem {
    bind(
        r#"
name = "rooks-holes"
[board]
cells = """
.R..
..#.
....
#...
"""
[piece]
symbol = "R"
count = 4
lines = ["row", "column"]
"#,
        &[],
    )
}

/// A Queens-game board in four square regions: 2 4 1 3 and 3 1 4 2.
fn regions() -> Problem {
    bind(
        r#"
name = "region-queens"
[board]
regions = """
AABB
AABB
CCDD
CCDD
"""
[piece]
symbol = "Q"
lines = ["row", "column"]
leaps = ["king"]
[[group]]
of = "region"
count = 1
"#,
        &[],
    )
}

/// Rooks on a 3×3 matrix with a hole at (3,2): 1 2 3, 2 1 3, 2 3 1, 3 2 1.
fn matrix() -> (Problem, Vec<Option<Value>>) {
    let p = bind(
        r#"
name = "select"
[board]
cells = """
...
...
.#.
"""
[piece]
symbol = "R"
count = 3
lines = ["row", "column"]
"#,
        &[],
    );
    let v = [5.0, 3.0, 12.0, 7.0, 1.0, 4.0, 2.5, f64::NAN, -1.0];
    let values = v
        .iter()
        .map(|&x| (!x.is_nan()).then(|| Value::from_f64(x)))
        .collect();
    (p, values)
}

/// Every solution of `problem` in `format`, as text.
fn print(format: Format, problem: &Problem, values: Option<&[Option<Value>]>) -> String {
    print_limit(format, problem, values, usize::MAX)
}

fn print_limit(
    format: Format,
    problem: &Problem,
    values: Option<&[Option<Value>]>,
    limit: usize,
) -> String {
    let plan = problem.clone().plan();
    let mut sink = sink(format, problem, values, Vec::new()).unwrap();
    for s in plan.solutions(false).take(limit) {
        assert!(sink.solution(&s).is_continue());
    }
    String::from_utf8(sink.finish().unwrap()).unwrap()
}

#[test]
fn board_queens() {
    insta::assert_snapshot!(print(Format::Board, &queens4(), None), @r"
    . Q . .
    . . . Q
    Q . . .
    . . Q .

    . . Q .
    Q . . .
    . . . Q
    . Q . .
    ");
}

#[test]
fn board_holes_and_givens() {
    insta::assert_snapshot!(print_limit(Format::Board, &holes_and_givens(), None, 2), @r"
    . R . .
    R . # .
    . . R .
    # . . R

    . R . .
    R . # .
    . . . R
    # . R .
    ");
}

#[test]
fn board_regions_show_lowercase_labels() {
    insta::assert_snapshot!(print_limit(Format::Board, &regions(), None, 1), @r"
    a Q b b
    a a b Q
    Q c d d
    c c Q d
    ");
}

#[test]
fn board_multi_character_region_labels_align() {
    let p = bind(
        "name = \"r\"\n[board]\nregions = \"\"\"\n1 1 10s\n2 2x 10\n\"\"\"\n[piece]\nsymbol = \"*\"\ncount = 2\n",
        &[],
    );
    insta::assert_snapshot!(print_limit(Format::Board, &p, None, 1), @r"
     *  1  *
     2  # 10
    ");
}

#[test]
fn board_matrix_values() {
    let (p, v) = matrix();
    insta::assert_snapshot!(print_limit(Format::Board, &p, Some(&v), 2), @r"
    [  5]   3   12
       7 [  1]   4
     2.5    # [ -1]
    sum 5

       5 [  3]  12
    [  7]   1    4
     2.5    # [ -1]
    sum 9
    ");
}

/// Issue 14: values and sums print exactly, in every format.
#[test]
fn values_and_sums_are_exact() {
    let rows = [["0.1", "5"], ["5", "0.2"]];
    let mut m = crate::matrix::Matrix::parse(&rows.map(|r| r.join(",")).join("\n")).unwrap();
    m.skip(&[5.0]);
    let p = Problem::from_matrix("t", &m);
    let v = p.values.clone().unwrap();
    assert_eq!(
        print(Format::Json, &p, Some(&v)),
        "{\"cells\":[[1,1],[2,2]],\"values\":[0.1,0.2],\"sum\":0.3}\n"
    );
    assert_eq!(
        print(Format::Board, &p, Some(&v)),
        "[0.1]   #\n   # [0.2]\nsum 0.3\n"
    );
    let m = crate::matrix::Matrix::parse("9007199254740993,+1.50\n783.10,.66\n").unwrap();
    let p = Problem::from_matrix("t", &m);
    let v = p.values.clone().unwrap();
    assert_eq!(
        print(Format::Json, &p, Some(&v)),
        "{\"cells\":[[1,1],[2,2]],\"values\":[9007199254740993,0.66],\"sum\":9007199254740993.66}\n\
         {\"cells\":[[1,2],[2,1]],\"values\":[1.5,783.1],\"sum\":784.6}\n"
    );
    let svg = print(Format::Svg, &p, Some(&v));
    assert!(
        // values are kept as numbers, not text: `+1.50` shows as `1.5`
        svg.contains(">9007199254740993<") && svg.contains(">1.5<"),
        "{svg}"
    );
}

#[test]
fn tuple_formats() {
    assert_eq!(print(Format::Tuple, &queens4(), None), "2 4 1 3\n3 1 4 2\n");
    assert_eq!(
        print(Format::Tuple, &holes_and_givens(), None),
        "2 1 3 4\n2 1 4 3\n2 4 1 3\n"
    );
    assert_eq!(print(Format::Tuple, &regions(), None), "2 4 1 3\n3 1 4 2\n");
    let (p, v) = matrix();
    assert_eq!(
        print(Format::Tuple, &p, Some(&v)),
        "1 2 3\n2 1 3\n2 3 1\n3 2 1\n"
    );
}

#[test]
fn tuple_refuses_rules_without_one_piece_per_row() {
    let kings = bind(builtin("kings").unwrap().text, &[("n", 4), ("count", 4)]);
    let err = sink(Format::Tuple, &kings, None, Vec::new()).unwrap_err();
    insta::assert_snapshot!(err, @"the tuple format needs exactly one piece in every row, but `kings` may place several pieces in a row");
    let rooks = bind(builtin("rooks").unwrap().text, &[("n", 4)]);
    assert!(sink(Format::Tuple, &rooks, None, Vec::new()).is_ok());
    let few = bind(
        "name = \"few\"\n[board]\nrows = 4\n[piece]\ncount = 3\nlines = [\"row\"]\n",
        &[],
    );
    let err = sink(Format::Tuple, &few, None, Vec::new()).unwrap_err();
    insta::assert_snapshot!(err, @"the tuple format needs exactly one piece in every row, but `few` places 3 pieces on 4 rows");
    // Star Battle with k = 1 has a row group of count 1.
    let stars = bind(
        "name = \"s\"\n[board]\nrows = 4\n[piece]\ncount = 4\n[[group]]\nof = \"row\"\ncount = 1\n",
        &[],
    );
    assert!(sink(Format::Tuple, &stars, None, Vec::new()).is_ok());
}

#[test]
fn tuple_checks_each_solution() {
    let q = queens4();
    let mut sink = sink(Format::Tuple, &q, None, Vec::new()).unwrap();
    let bad = Solution {
        cells: vec![(0, 1), (0, 3), (2, 0), (3, 2)],
    };
    assert!(sink.solution(&bad).is_break());
    assert!(sink.solution(&bad).is_break());
    let err = sink.finish().unwrap_err();
    assert!(!err.is_broken_pipe());
    insta::assert_snapshot!(err, @"the tuple format needs exactly one piece in every row, but solution 1 has 2 in row 1");
}

#[test]
fn cells_formats() {
    assert_eq!(
        print(Format::Cells, &queens4(), None),
        "(1,2) (2,4) (3,1) (4,3)\n(1,3) (2,1) (3,4) (4,2)\n"
    );
    assert_eq!(
        print_limit(Format::Cells, &holes_and_givens(), None, 1),
        "(1,2) (2,1) (3,3) (4,4)\n"
    );
    assert_eq!(
        print_limit(Format::Cells, &regions(), None, 1),
        "(1,2) (2,4) (3,1) (4,3)\n"
    );
    let (p, v) = matrix();
    assert_eq!(
        print_limit(Format::Cells, &p, Some(&v), 1),
        "(1,1) (2,2) (3,3)\n"
    );
}

#[test]
fn values_must_cover_the_board() {
    let q = queens4();
    let short = vec![Some(Value::from_f64(1.0)); 15];
    for format in [Format::Board, Format::Json, Format::Svg] {
        let err = sink(format, &q, Some(&short), Vec::new()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "15 matrix values for a 4×4 board, which has 16 cells"
        );
    }
}

/// A writer that fails like a closed pipe after `ok` writes.
struct Closed {
    ok: usize,
}

impl Write for Closed {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.ok == 0 {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        self.ok -= 1;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_pipe_stops_the_search_and_is_reported() {
    let p = bind(builtin("queens").unwrap().text, &[("n", 8)]);
    let plan = p.clone().plan();
    let mut sink = sink(Format::Board, &p, None, Closed { ok: 1 }).unwrap();
    let tally = plan.search(false, &mut sink);
    assert_eq!(tally.count, 2, "the search stops at the failed write");
    assert_eq!(sink.written(), 1);
    let err = sink.into_result().unwrap_err();
    assert!(err.is_broken_pipe());
    let other = OutputError::Io(io::Error::other("disk full"));
    assert!(!other.is_broken_pipe());
}

#[cfg(feature = "cli")]
#[test]
fn format_names_for_the_command_line() {
    use clap::ValueEnum;
    let names: Vec<String> = Format::value_variants()
        .iter()
        .map(|f| f.to_possible_value().unwrap().get_name().to_string())
        .collect();
    assert_eq!(names, ["board", "tuple", "cells", "json", "svg"]);
}

#[test]
fn every_builtin_rule_draws_and_prints() {
    use crate::error::Source;
    use crate::spec::BUILTIN;
    let regions = Source::new("<regions>", "AABB\nAABB\nCCDD\nCCDD\n");
    for b in BUILTIN {
        let spec = RuleSpec::parse(b.name, b.text).unwrap();
        let bindings = Bindings {
            set: spec
                .params
                .keys()
                .filter(|k| *k == "n")
                .map(|k| (k.clone(), if b.name == "superqueens" { 10 } else { 5 }))
                .collect(),
            regions: spec
                .group
                .iter()
                .any(|g| g.of.get_ref() == "region")
                .then(|| regions.clone()),
            ..Bindings::default()
        };
        let p = Problem::bind(&spec, &bindings).unwrap_or_else(|e| panic!("{}: {e}", b.name));
        let solutions: Vec<Solution> = p.clone().plan().solutions(false).take(3).collect();
        assert!(!solutions.is_empty(), "{}", b.name);
        for s in &solutions {
            let want: Vec<(usize, usize, bool)> = s
                .cells
                .iter()
                .map(|&(r, c)| (r + 1, c + 1, false))
                .collect();
            assert_eq!(svg_pieces(&svg_document(&p, None, s)), want, "{}", b.name);
        }
        let board = print_limit(Format::Board, &p, None, 1);
        assert_eq!(board.lines().count(), p.rows, "{}", b.name);
        assert!(board.contains(p.piece.symbol), "{}", b.name);
    }
}
