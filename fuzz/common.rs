//! What the fuzz targets check, shared with the regression test that replays
//! the kept inputs (`tests/fuzz_regressions.rs` includes this file by path).
//! Nothing here may panic on any input; a panic is the bug the fuzzer reports.
//!
//! On small boards it also checks that placer does not lie: the engine's count
//! equals the brute-force oracle's, every solution it lists is one, and the
//! subproblems (the split behind `-j`, `--shard` and `--checkpoint`) add up to
//! the plain count.

#![allow(dead_code)]

use placer::problem::oracle;
use placer::{Bindings, CountOptions, Problem, RuleSpec, Source};

/// Boards up to this many cells are checked against the oracle.
const ORACLE_CELLS: usize = 16;
/// Boards up to this many cells are counted; larger ones are only planned.
const SEARCH_CELLS: usize = 25;

/// Arbitrary bytes as a rule file: parse, bind with a few parameter sets,
/// render every error, and search what binds.
pub fn rules(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let spec = match RuleSpec::parse("fuzz.toml", text) {
        Ok(spec) => spec,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let sets: [&[(&str, i64)]; 4] = [&[], &[("n", 3)], &[("n", 4), ("count", 3)], &[("k", 1)]];
    for set in sets {
        let bindings = Bindings {
            set: set.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
            ..Bindings::default()
        };
        check(Problem::bind(&spec, &bindings));
    }
}

/// Arbitrary bytes as a `--regions` picture for the region games, and as a
/// `--cells` picture for kings.
pub fn pictures(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let picture = Source::new("fuzz.txt", text);
    let games: [(&str, &[(&str, i64)]); 3] = [
        ("region-queens", &[]),
        ("star-battle", &[("k", 1)]),
        ("star-battle", &[("k", 2)]),
    ];
    for (rules, set) in games {
        let spec = RuleSpec::resolve(rules).expect("built-in rules parse");
        let bindings = Bindings {
            set: set.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
            regions: Some(picture.clone()),
            cells: None,
        };
        check(Problem::bind(&spec, &bindings));
    }
    let spec = RuleSpec::resolve("kings").expect("built-in rules parse");
    for n in [3, 4] {
        let bindings = Bindings {
            set: vec![("n".into(), n), ("count".into(), 2)],
            regions: None,
            cells: Some(picture.clone()),
        };
        check(Problem::bind(&spec, &bindings));
    }
}

fn check(bound: Result<Problem, placer::error::Diagnostic>) {
    let problem = match bound {
        Ok(problem) => problem,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let cells = problem.cells();
    let plan = problem.clone().plan();
    let _ = plan.describe();
    if cells > SEARCH_CELLS {
        return;
    }
    let plain = CountOptions::default();
    let total = plan.count(plain.clone()).unwrap().count;
    let split: u128 = plan
        .subproblems()
        .iter()
        .map(|s| plan.count_subproblem(s, false).unwrap().count)
        .sum();
    assert_eq!(split, total, "the subproblems miss or repeat solutions");
    let listed: Vec<_> = plan.solutions(false).take(64).collect();
    assert_eq!(listed.len() as u128, total.min(64));
    assert_eq!(plan.first(), listed.first().cloned());
    if plan.symmetry.order() > 1 {
        let unique = plan
            .count(CountOptions {
                unique: true,
                ..plain
            })
            .unwrap();
        assert!(unique.count <= total && (total == 0) == (unique.count == 0));
    }
    if cells <= ORACLE_CELLS {
        let expected = oracle::solutions(&problem);
        assert_eq!(total, expected.len() as u128, "engine and oracle disagree");
        for s in &listed {
            let flat: Vec<usize> = s
                .cells
                .iter()
                .map(|&(r, c)| r * problem.cols() + c)
                .collect();
            assert!(
                oracle::is_solution(&problem, &flat),
                "not a solution: {s:?}"
            );
        }
    }
}

/// Arbitrary bytes as a matrix file: parse, render every error, and on small
/// matrices check that counting, ranking, listing and the engine agree.
pub fn matrix(data: &[u8]) {
    use placer::matrix::{self, Bounds, Matrix, Sense};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut m = match Matrix::parse(text) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    if m.rows * m.cols > 36 {
        return;
    }
    let first = m.get(0, 0);
    for round in 0..2 {
        if round == 1 {
            // The same matrix with the first cell's value skipped.
            let Some(v) = first else { return };
            m.skip(&[v]);
        }
        let listed: Vec<_> = matrix::selections(&m, Bounds::default()).collect();
        if let Ok(count) = matrix::count(&m, &matrix::Threads::default()) {
            assert_eq!(
                count.to_u128(),
                Some(listed.len() as u128),
                "count and listing disagree"
            );
        }
        let engine = Problem::from_matrix("fuzz", &m)
            .plan()
            .count(CountOptions::default())
            .unwrap()
            .count;
        assert_eq!(
            engine,
            listed.len() as u128,
            "engine and matrix listing disagree"
        );
        // Ranking is exact only when the sums are (the command line refuses
        // `--top` otherwise); in f64 it must still not panic.
        for sense in [Sense::Max, Sense::Min] {
            let top = matrix::top_k(&m, 3, sense);
            if !m.is_exact() {
                continue;
            }
            assert_eq!(top.len(), listed.len().min(3));
            for pair in top.windows(2) {
                let ordered = match sense {
                    Sense::Max => pair[0].sum >= pair[1].sum,
                    Sense::Min => pair[0].sum <= pair[1].sum,
                };
                assert!(
                    ordered || pair[0].sum.is_nan() || pair[1].sum.is_nan(),
                    "top_k out of order"
                );
            }
        }
    }
}
