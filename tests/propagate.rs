//! The propagating kernel of region games against the unit walker and the
//! brute-force oracle on random region boards (with givens and empty cells):
//! the same solution sets, the same counts, and limits respected.

use placer::error::Source;
use placer::plan::Method;
use placer::problem::oracle;
use placer::{Bindings, CountOptions, Plan, Problem, RuleSpec};
use proptest::prelude::*;

/// A region board in the space-separated form: region ids, `s` a given, `x` empty.
fn picture(n: usize, ids: &[usize], marks: &[u8]) -> String {
    (0..n)
        .map(|r| {
            let row: Vec<String> = (0..n)
                .map(|c| {
                    let i = r * n + c;
                    let mark = match marks[i] {
                        0 => "s",
                        1 => "x",
                        _ => "",
                    };
                    format!("{}{mark}", ids[i])
                })
                .collect();
            row.join(" ") + "\n"
        })
        .collect()
}

fn bind(rule: &str, k: i64, text: String) -> Option<Problem> {
    let bindings = Bindings {
        set: if rule == "star-battle" {
            vec![("k".into(), k)]
        } else {
            Vec::new()
        },
        regions: Some(Source::new("<random>", text)),
        cells: None,
    };
    Problem::bind(&RuleSpec::resolve(rule).unwrap(), &bindings).ok()
}

fn sorted(plan: &Plan) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = plan
        .solutions(false)
        .map(|s| s.cells.iter().map(|&(r, c)| r * plan.cols() + c).collect())
        .collect();
    all.sort();
    all
}

fn check(rule: &str, k: i64, n: usize, ids: &[usize], marks: &[u8]) -> Result<(), TestCaseError> {
    let text = picture(n, ids, marks);
    let Some(problem) = bind(rule, k, text.clone()) else {
        return Ok(());
    };
    let mut plan = problem.plan();
    prop_assert!(matches!(plan.method, Method::Propagate | Method::Units));
    plan.method = Method::Propagate;
    let mut units = plan.clone();
    units.method = Method::Units;
    let found = sorted(&plan);
    prop_assert_eq!(&found, &sorted(&units), "against the unit walker\n{}", text);
    if n <= 5 || k == 1 && rule == "region-queens" {
        prop_assert_eq!(
            &found,
            &oracle::solutions(&plan.problem),
            "against the oracle\n{}",
            text
        );
    }
    for s in &found {
        prop_assert!(oracle::is_solution(&plan.problem, s));
    }
    let n_found = found.len() as u128;
    prop_assert_eq!(plan.count(CountOptions::default()).unwrap().count, n_found);
    let limited = plan.count(CountOptions {
        limit: Some(1),
        ..CountOptions::default()
    });
    prop_assert_eq!(limited.unwrap().count, n_found.min(1));
    Ok(())
}

/// A board side, region ids (few regions, so many boards have solutions) and marks.
fn board(max: usize) -> impl Strategy<Value = (usize, Vec<usize>, Vec<u8>)> {
    (3..=max).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec(0..n, n * n),
            prop::collection::vec(0u8..40, n * n),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn region_queens_agree((n, ids, marks) in board(7)) {
        check("region-queens", 1, n, &ids, &marks)?;
    }

    #[test]
    fn one_star_agrees((n, ids, marks) in board(6)) {
        check("star-battle", 1, n, &ids, &marks)?;
    }

    #[test]
    fn two_stars_agree((n, ids, marks) in board(8)) {
        check("star-battle", 2, n, &ids, &marks)?;
    }
}

/// Blocky regions (rows of two cells merged) have solutions far more often
/// than random ids; the kernels agree there too.
#[test]
fn banded_boards_agree() {
    for n in 4..=6 {
        for shift in 0..n {
            let ids: Vec<usize> = (0..n * n)
                .map(|i| (i / n + (i % n + shift) / 3) % n)
                .collect();
            let marks = vec![9; n * n];
            for (rule, k) in [("region-queens", 1), ("star-battle", 1), ("star-battle", 2)] {
                check(rule, k, n, &ids, &marks).unwrap();
            }
        }
    }
}
