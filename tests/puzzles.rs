//! The example puzzles in `examples/puzzles/`: each is solved, its solution is
//! the one recorded here, it is unique, and the small ones are checked by the
//! brute-force oracle.

use placer::error::Source;
use placer::problem::oracle;
use placer::{Bindings, CountOptions, Problem, RuleSpec};

fn bind(rule: &str, file: &str, set: &[(&str, i64)]) -> Problem {
    let path = format!("examples/puzzles/{file}");
    let text = std::fs::read_to_string(&path).unwrap();
    let bindings = Bindings {
        set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        regions: Some(Source::new(path, text)),
        cells: None,
    };
    Problem::bind(&RuleSpec::resolve(rule).unwrap(), &bindings).unwrap_or_else(|e| panic!("{e}"))
}

/// Solves a puzzle and checks its one solution, given as 1-based (row, col).
fn check(
    rule: &str,
    file: &str,
    set: &[(&str, i64)],
    expected: &[(usize, usize)],
    brute_force: bool,
) {
    let problem = bind(rule, file, set);
    let cells: Vec<usize> = expected
        .iter()
        .map(|&(r, c)| problem.cell(r - 1, c - 1))
        .collect();
    assert!(
        oracle::is_solution(&problem, &cells),
        "{file}: the recorded solution breaks the rules"
    );
    if brute_force {
        assert_eq!(oracle::solutions(&problem), vec![cells.clone()], "{file}");
    }
    let plan = problem.plan();
    let limit = CountOptions {
        limit: Some(2),
        ..CountOptions::default()
    };
    assert_eq!(plan.count(limit).unwrap().count, 1, "{file} is not unique");
    let found: Vec<(usize, usize)> = plan
        .first()
        .unwrap()
        .cells
        .iter()
        .map(|&(r, c)| (r + 1, c + 1))
        .collect();
    assert_eq!(found, expected, "{file}");
}

fn tuple(cols: &[usize]) -> Vec<(usize, usize)> {
    cols.iter().enumerate().map(|(r, &c)| (r + 1, c)).collect()
}

#[test]
fn queens_game_7_to_11() {
    check(
        "region-queens",
        "queens-7.txt",
        &[],
        &tuple(&[4, 2, 5, 3, 6, 1, 7]),
        true,
    );
    check(
        "region-queens",
        "queens-8.txt",
        &[],
        &tuple(&[5, 3, 6, 2, 4, 7, 1, 8]),
        true,
    );
    check(
        "region-queens",
        "queens-9.txt",
        &[],
        &tuple(&[2, 9, 1, 3, 5, 7, 4, 8, 6]),
        false,
    );
    check(
        "region-queens",
        "queens-10.txt",
        &[],
        &tuple(&[2, 4, 8, 3, 1, 10, 7, 5, 9, 6]),
        false,
    );
    check(
        "region-queens",
        "queens-11.txt",
        &[],
        &tuple(&[7, 5, 9, 3, 6, 4, 10, 1, 8, 2, 11]),
        false,
    );
}

#[test]
fn star_battle_two_stars_10() {
    let stars = [
        (1, 3),
        (1, 8),
        (2, 1),
        (2, 10),
        (3, 4),
        (3, 6),
        (4, 2),
        (4, 8),
        (5, 5),
        (5, 10),
        (6, 1),
        (6, 7),
        (7, 3),
        (7, 9),
        (8, 5),
        (8, 7),
        (9, 2),
        (9, 9),
        (10, 4),
        (10, 6),
    ];
    check(
        "star-battle",
        "star-battle-10.txt",
        &[("k", 2)],
        &stars,
        false,
    );
}

#[test]
fn star_battle_one_star_letters_and_marks() {
    let stars = tuple(&[6, 3, 8, 2, 4, 7, 1, 5]);
    // Star battle has no lines, only groups: too many placements for the oracle.
    check(
        "star-battle",
        "star-battle-8-one-star.txt",
        &[],
        &stars,
        false,
    );
    // The same puzzle in the token form: a given star and a cell known empty.
    check("star-battle", "star-battle-8-marks.txt", &[], &stars, false);
    let marked = bind("star-battle", "star-battle-8-marks.txt", &[]);
    assert_eq!(marked.givens(), [marked.cell(0, 5)]);
    assert!(marked.holes()[marked.cell(1, 0)]);
}
