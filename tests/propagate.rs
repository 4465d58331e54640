//! The propagating kernel of region games against the unit walker and the
//! brute-force oracle on random region boards (with givens and empty cells):
//! the same solution sets, the same counts, and limits respected.

use placer::error::Source;
use placer::plan::Engine;
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
    prop_assert!(matches!(plan.engine, Engine::Propagate | Engine::Units));
    plan.engine = Engine::Propagate;
    let mut units = plan.clone();
    units.engine = Engine::Units;
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
    // A limited count runs in rounds over the split's parts, on one thread
    // and on two: exact up to the limit either way.
    for limit in [1, 2, 3, n_found, n_found + 1] {
        for threads in [1, 2] {
            let limited = plan.count(CountOptions {
                limit: Some(limit),
                threads,
                ..CountOptions::default()
            });
            prop_assert_eq!(
                limited.unwrap().count,
                n_found.min(limit),
                "limit {} on {} threads\n{}",
                limit,
                threads,
                text
            );
        }
    }
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

/// Every region map of the 1×1 and 2×2 boards, each cell plain, a given or
/// empty in a few patterns: the kernels and the oracle agree at the smallest sizes.
#[test]
fn smallest_boards_agree() {
    for n in 1..=2usize {
        let cells = n * n;
        for map in 0..n.pow(cells as u32) {
            let ids: Vec<usize> = (0..cells).map(|i| map / n.pow(i as u32) % n).collect();
            for pattern in 0..3usize.pow(cells as u32) {
                let marks: Vec<u8> = (0..cells)
                    .map(|i| [0, 1, 9][pattern / 3usize.pow(i as u32) % 3])
                    .collect();
                for (rule, k) in [("region-queens", 1), ("star-battle", 1), ("star-battle", 2)] {
                    check(rule, k, n, &ids, &marks).unwrap();
                }
            }
        }
    }
}

/// Boards of 81 and 100 cells (the whole-board unit is wider than one 64-bit
/// word): the propagating kernel counts what the unit walker counts.
#[test]
fn boards_wider_than_a_word_agree() {
    for n in [9usize, 10] {
        for shift in 0..3 {
            let ids: Vec<usize> = (0..n * n)
                .map(|i| (i / n + (i % n + shift) / 3) % n)
                .collect();
            let text = picture(n, &ids, &vec![9; n * n]);
            for (rule, k) in [("region-queens", 1), ("star-battle", 2)] {
                let Some(problem) = bind(rule, k, text.clone()) else {
                    continue;
                };
                let mut plan = problem.plan();
                plan.engine = Engine::Propagate;
                let mut units = plan.clone();
                units.engine = Engine::Units;
                let count = |p: &Plan| p.count(CountOptions::default()).unwrap().count;
                assert_eq!(count(&plan), count(&units), "{rule} k={k}\n{text}");
            }
        }
    }
}

/// The published hard Star Battles in `$PLACER_PUZZLES` (`star4-…` has 4
/// stars) each have exactly one solution, and the propagating kernel's is a
/// solution; skipped when the variable is unset.
#[test]
#[ignore = "needs $PLACER_PUZZLES; run with --release -- --ignored"]
fn shared_hard_puzzles_are_unique() {
    let Ok(dir) = std::env::var("PLACER_PUZZLES") else {
        return;
    };
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(k) = name.strip_prefix("star").and_then(|s| s[..1].parse().ok()) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let mut plan = bind("star-battle", k, text).expect("a valid puzzle").plan();
        plan.engine = Engine::Propagate;
        let limited = CountOptions {
            limit: Some(2),
            ..CountOptions::default()
        };
        assert_eq!(plan.count(limited).unwrap().count, 1, "{name}");
        let solution = sorted(&plan).remove(0);
        assert!(oracle::is_solution(&plan.problem, &solution), "{name}");
        seen += 1;
    }
    assert!(seen > 0, "no star*.txt in {dir}");
}

/// One piece per region goes to the unit walker up to 12×12 and to the
/// propagating search above, where the walker's trees explode.
#[test]
fn one_piece_per_region_propagates_above_twelve_by_twelve() {
    for (n, method) in [
        (12, Engine::Units),
        (13, Engine::Propagate),
        (26, Engine::Propagate),
    ] {
        // Every row its own region: a valid Queens game of any size.
        let ids: Vec<usize> = (0..n * n).map(|i| i / n).collect();
        let problem = bind("region-queens", 1, picture(n, &ids, &vec![9; n * n])).unwrap();
        assert_eq!(problem.plan().engine, method, "{n}×{n}");
    }
}

/// Generated 22×22 and 26×26 Queens games, which the unit walker took
/// minutes to prove unique, are proved unique by the plan's search.
#[test]
fn large_generated_queens_games_are_proved_unique() {
    let spec = RuleSpec::resolve("region-queens").unwrap();
    for (size, seed) in [(22, 2), (26, 1), (26, 4)] {
        let puzzle = placer::generate::generate(&spec, &[], size, seed, 1).unwrap();
        let limited = CountOptions {
            limit: Some(2),
            ..CountOptions::default()
        };
        let plan = puzzle.problem.plan();
        assert_eq!(plan.engine, Engine::Propagate);
        assert_eq!(
            plan.count(limited).unwrap().count,
            1,
            "{size}×{size} seed {seed}"
        );
    }
}

/// A planted 26×26 six-star board (`python3 bench/planted.py 26 6 10`), the
/// size whose proofs once took minutes and depended on the thread count:
/// on one thread and two, `--limit 2` finds that it has several solutions,
/// as CaDiCaL does (bench/planted_threads.py).
#[test]
fn a_planted_six_star_board_has_several_solutions_on_any_thread_count() {
    let text = include_str!("fixtures/planted/star6-planted26-10.txt").to_string();
    let plan = bind("star-battle", 6, text).expect("a valid board").plan();
    for threads in [1, 2] {
        let limited = CountOptions {
            limit: Some(2),
            threads,
            ..CountOptions::default()
        };
        assert_eq!(plan.count(limited).unwrap().count, 2, "{threads} threads");
    }
}

/// 65×65 one-star boards with 65 regions (196 units: the unit sets take
/// four 64-bit words, the regions two), whose counts follow from their
/// construction. Row `i`'s piece is forced to column `2i mod 65` by a
/// region of that one cell for rows 0..63; rows 63 and 64 share what is
/// left, columns 61 and 63, in the two regions `a` and `b`:
/// - `a` is rows 0..=63 outside the one-cell regions, `b` row 64: both
///   ways to give columns 61 and 63 to rows 63 and 64 count, 2;
/// - `b` also takes cell (63, 61): the way putting row 63's piece there
///   gives `b` two pieces, 1;
/// - row 62's forced piece moved next to row 61's: 0.
#[test]
fn sixty_five_regions_count_what_their_construction_gives() {
    const N: usize = 65;
    let forced = |r: usize| 2 * r % N;
    let build = |b_takes: &[(usize, usize)], moved: Option<usize>| {
        let (a, b) = (N - 2, N - 1);
        let mut ids = vec![a; N * N];
        ids[(N - 1) * N..].fill(b);
        for r in 0..N - 2 {
            let c = if Some(r) == moved {
                forced(r - 1) + 1
            } else {
                forced(r)
            };
            ids[r * N + c] = r;
        }
        for &(r, c) in b_takes {
            ids[r * N + c] = b;
        }
        picture(N, &ids, &vec![9; N * N])
    };
    for (text, expected) in [
        (build(&[], None), 2u128),
        (build(&[(63, 61)], None), 1),
        (build(&[], Some(62)), 0),
    ] {
        let mut plan = bind("star-battle", 1, text.clone())
            .expect("a valid board")
            .plan();
        plan.engine = Engine::Propagate;
        let mut units = plan.clone();
        units.engine = Engine::Units;
        for p in [&plan, &units] {
            for threads in [1, 2] {
                let options = CountOptions {
                    threads,
                    ..CountOptions::default()
                };
                assert_eq!(p.count(options).unwrap().count, expected, "{:?}", p.engine);
            }
        }
        for s in sorted(&plan) {
            assert!(oracle::is_solution(&plan.problem, &s));
        }
    }
}
