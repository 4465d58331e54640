//! The generator's tests: every puzzle re-counted by the engine (and, when
//! small, by the brute-force oracle), connected regions, the same puzzle for
//! the same seed, sizes with no puzzle refused. The sweep over every
//! supported size is `cargo test --release -- --ignored generate`.

use std::io::Write;

use rand::Rng;

use super::*;
use crate::problem::oracle;
use crate::search::CountOptions;
use crate::spec::builtin;

fn spec(name: &str) -> RuleSpec {
    RuleSpec::parse(name, builtin(name).unwrap().text).unwrap()
}

fn stars(k: i64) -> Vec<(String, i64)> {
    vec![("k".into(), k)]
}

/// Checks that `p` is a `size`×`size` puzzle with connected regions and one
/// solution, counted in full by the propagating search (the generator's
/// last word is the plan's own search, with limit 2).
fn check(p: &Puzzle, size: usize) {
    let regions = p.problem.regions.as_ref().unwrap();
    let of: Vec<usize> = regions.of_cell.iter().map(|r| r.unwrap()).collect();
    assert_eq!(of.len(), size * size);
    let grid = Grid { size, region: of };
    for r in 0..size {
        assert!(grid.connected(r), "region {r} of\n{}", p.picture);
    }
    // as in published puzzles, no region is more than twice the average
    let largest = grid.sizes().into_iter().max().unwrap();
    assert!(
        largest <= 2 * size,
        "a region of {largest} cells in\n{}",
        p.picture
    );
    assert_eq!(grid.picture(), p.picture);
    let mut plan = p.problem.clone().plan();
    plan.engine = crate::plan::Engine::Propagate;
    let counted = plan.count(CountOptions::default()).unwrap();
    assert_eq!(counted.count, 1, "{}", p.picture);
}

/// The cells of `p`'s solution, row-major.
fn cells(p: &Puzzle) -> Vec<usize> {
    let cols = p.problem.cols;
    p.solution
        .cells
        .iter()
        .map(|&(r, c)| r * cols + c)
        .collect()
}

#[test]
fn small_puzzles_are_unique_by_the_oracle_too() {
    for (game, set, size, seed) in [
        ("region-queens", vec![], 4, 1),
        ("region-queens", vec![], 5, 2),
        ("region-queens", vec![], 6, 3),
        ("star-battle", stars(1), 5, 4),
        ("star-battle", stars(1), 6, 5),
    ] {
        let p = generate(&spec(game), &set, size, seed, 2).unwrap();
        check(&p, size);
        let all = oracle::solutions(&p.problem);
        assert_eq!(
            all.len(),
            1,
            "{game} {size}×{size} seed {seed}:\n{}",
            p.picture
        );
        let cells = cells(&p);
        assert_eq!(all[0], cells, "{}", p.picture);
    }
}

#[test]
fn larger_puzzles_are_unique() {
    for (game, set, size, seed) in [
        ("region-queens", vec![], 13, 5),
        ("star-battle", stars(2), 8, 7),
        ("star-battle", stars(2), 10, 1),
        ("star-battle", stars(3), 12, 2),
    ] {
        let p = generate(&spec(game), &set, size, seed, 2).unwrap();
        check(&p, size);
        assert_eq!(
            p.solution.cells.len(),
            size * set.first().map_or(1, |s| s.1 as usize)
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_whatever_the_threads() {
    // Found at the first attempt, and at a later one (on two threads the
    // second attempt often ends first).
    for (game, set, size, seed, attempt) in [
        ("region-queens", vec![], 9, 11, 0),
        ("star-battle", stars(2), 10, 11, 0),
        ("star-battle", stars(3), 18, 4, 3),
    ] {
        let a = generate(&spec(game), &set, size, seed, 1).unwrap();
        assert_eq!(a.attempt, attempt);
        for threads in [2, 3] {
            let b = generate(&spec(game), &set, size, seed, threads).unwrap();
            assert_eq!(a.picture, b.picture);
            assert_eq!(a.solution, b.solution);
            assert_eq!((a.evaluations, a.attempt), (b.evaluations, b.attempt));
        }
        let c = generate(&spec(game), &set, size, seed + 1, 2).unwrap();
        assert_ne!(a.picture, c.picture);
    }
}

#[test]
fn sizes_without_any_puzzle_are_refused() {
    for (game, set, size) in [
        ("region-queens", vec![], 2),
        ("region-queens", vec![], 3),
        ("star-battle", stars(1), 3),
        ("star-battle", stars(2), 7),
        ("star-battle", stars(3), 11),
    ] {
        let e = generate(&spec(game), &set, size, 1, 2).unwrap_err();
        assert_eq!(e.kind, Kind::Unsupported, "{e}");
        assert!(
            e.to_string()
                .contains(&format!("no {size}×{size} `{game}` puzzle exists")),
            "{e}"
        );
        assert_eq!(e.settings, [Setting::Size]);
        assert!(e.help.unwrap().contains("larger size"));
    }
    // No size up to the largest has a placement: the count is what to change.
    for (k, size) in [(7, 20), (7, 26), (99, 26)] {
        let e = generate(&spec("star-battle"), &stars(k), size, 1, 2).unwrap_err();
        assert!(e.to_string().contains("puzzle exists"), "{e}");
        assert!(e.help.unwrap().contains("no size up to 26"));
        assert_eq!(e.settings, [Setting::Param]);
    }
}

/// Issue 38: the checks that choose the message have a budget. A search
/// whose budget runs out says so (`None`) instead of running on.
#[test]
fn placement_checks_are_budgeted() {
    let board = |rule: &str, size: usize| {
        let bindings = Bindings {
            set: vec![],
            regions: Some(Source::new("<test>", rows(size))),
            cells: None,
        };
        Problem::bind(&spec(rule), &bindings).unwrap()
    };
    let queens = board("region-queens", 20);
    assert_eq!(crate::engine::propagate::exists(&queens, 1), None);
    assert_eq!(
        crate::engine::propagate::exists(&queens, PLACEABLE_BUDGET),
        Some(true)
    );
    assert_eq!(placeable(&board("region-queens", 3)), Some(false));
    // 2n pieces, at most one per `\` diagonal: counting shows it at once
    let diagonal = RuleSpec::parse(
        "k2diag",
        "name = 'k2diag'\n[params]\nk = 2\n[piece]\nname = 'star'\ncount = 'k*rows'\n\
         lines = ['diagonal']\n[[group]]\nof = 'row'\ncount = 'k'\n\
         [[group]]\nof = 'column'\ncount = 'k'\n[[group]]\nof = 'region'\ncount = 'k'\n",
    )
    .unwrap();
    for size in [1, 5, 26] {
        let e = generate(&diagonal, &[], size, 1, 1).unwrap_err();
        assert!(
            e.to_string().contains("diagonals hold at most") || size == 1,
            "{e}"
        );
        assert!(e.help.unwrap().contains("no size up to 26"));
    }
}

#[test]
fn a_one_cell_puzzle_is_made_and_size_zero_refused() {
    for (game, set) in [("region-queens", vec![]), ("star-battle", stars(1))] {
        let p = generate(&spec(game), &set, 1, 1, 2).unwrap();
        assert_eq!(
            (p.picture.as_str(), p.solution.cells.as_slice()),
            ("A\n", &[(0, 0)][..])
        );
    }
    let e = generate(&spec("region-queens"), &[], 0, 1, 2).unwrap_err();
    assert!(
        e.to_string().contains("outside the supported 1..=26"),
        "{e}"
    );
}

#[test]
fn a_count_of_zero_is_refused() {
    let e = generate(&spec("star-battle"), &stars(0), 10, 1, 2).unwrap_err();
    assert!(e.to_string().contains("no piece per region"), "{e}");
    assert_eq!(e.settings, [Setting::Param]);
}

#[test]
fn rules_without_regions_are_refused() {
    let e = generate(&spec("queens"), &[], 8, 1, 2).unwrap_err();
    assert!(e.to_string().contains("no exact region group"), "{e}");
    assert!(generate(&spec("region-queens"), &[], 40, 1, 2).is_err());
}

/// The supported sizes of each game (docs/PUZZLES.md), each with several
/// seeds: every one must give a unique puzzle. Prints the seconds per size
/// (max and median). Run it with `cargo test --release -- --ignored generate`.
#[test]
#[ignore]
fn generate_sweep_over_supported_sizes() {
    let games: [(&str, i64, std::ops::RangeInclusive<usize>); 7] = [
        ("region-queens", 0, 4..=26),
        ("star-battle", 1, 4..=26),
        ("star-battle", 2, 8..=26),
        ("star-battle", 3, 12..=26),
        ("star-battle", 4, 16..=26),
        ("star-battle", 5, 20..=26),
        ("star-battle", 6, 24..=26),
    ];
    for (game, k, sizes) in games {
        let set = if k == 0 { vec![] } else { stars(k) };
        for size in sizes {
            let mut seconds: Vec<f64> = (1..=3)
                .map(|seed| {
                    let started = std::time::Instant::now();
                    let p = generate(&spec(game), &set, size, seed, 2)
                        .unwrap_or_else(|e| panic!("{game} k={k} {size}×{size} seed {seed}: {e}"));
                    let took = started.elapsed().as_secs_f64();
                    check(&p, size);
                    took
                })
                .collect();
            seconds.sort_by(f64::total_cmp);
            let line = format!(
                "{game} k={k} {size:>2}×{size:<2} median {:.3} s, max {:.3} s",
                seconds[seconds.len() / 2],
                seconds[seconds.len() - 1]
            );
            writeln!(std::io::stderr(), "{line}").unwrap();
        }
    }
}

#[test]
fn planted_solutions_keep_the_rules_and_differ() {
    for (game, set, size) in [
        ("region-queens", vec![], 9),
        ("star-battle", stars(2), 12),
        ("star-battle", stars(3), 20),
    ] {
        let problem = Problem::bind(
            &spec(game),
            &Bindings {
                set: set.clone(),
                regions: Some(Source::new("t", rows(size))),
                cells: None,
            },
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..5 {
            let planted = plant::plant(&problem, &mut rng).unwrap();
            assert!(oracle::is_solution(&problem, &planted), "{game} {size}");
            seen.insert(planted);
        }
        assert!(seen.len() > 1, "{game} {size}: always the same plant");
    }
}

#[test]
fn carries_and_redraws_keep_regions_connected_with_two_planted_cells_each() {
    let problem = Problem::bind(
        &spec("star-battle"),
        &Bindings {
            set: stars(2),
            regions: Some(Source::new("t", rows(10))),
            cells: None,
        },
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut carried, mut redrawn) = (0, 0);
    for _ in 0..20 {
        let planted = plant::plant(&problem, &mut rng).unwrap();
        let Some(mut grid) = Grid::tight(10, &planted, 2, &mut rng) else {
            continue;
        };
        for _ in 0..50 {
            let cell = rng.random_range(0..100);
            if planted.contains(&cell) {
                continue;
            }
            let before = grid.region[cell];
            if let Some(change) = grid.carry(cell, |c| planted.contains(&c), &mut rng) {
                carried += 1;
                assert!(change.iter().all(|&(_, from)| from == before));
                assert!(change.iter().any(|&(c, _)| c == cell) && grid.region[cell] != before);
                assert!(
                    change
                        .iter()
                        .all(|&(c, _)| grid.region[c] == grid.region[cell])
                );
            }
            let old = grid.clone();
            let next = grid.foreign(cell);
            if let Some(&b) = next.first()
                && let Some(change) =
                    grid.redraw(grid.region[cell], b, |c| planted.contains(&c), &mut rng)
            {
                redrawn += 1;
                let both = [old.region[cell], b];
                assert!(
                    change
                        .iter()
                        .all(|&(c, from)| both.contains(&from) && both.contains(&grid.region[c])),
                    "{both:?} {change:?}\n{}\n{}",
                    old.picture(),
                    grid.picture()
                );
                if rng.random_bool(0.5) {
                    grid.undo(&change);
                    assert_eq!(grid, old);
                }
            }
            for r in 0..10 {
                assert!(grid.connected(r), "region {r} of\n{}", grid.picture());
            }
            let mut held = [0; 10];
            for &c in &planted {
                held[grid.region[c]] += 1;
            }
            assert_eq!(held, [2; 10], "\n{}", grid.picture());
        }
    }
    assert!(carried > 100, "only {carried} carries");
    assert!(redrawn > 100, "only {redrawn} redraws");
}

/// The climb redraws the planted solution from the grid's own solutions:
/// whatever it ends with is a solution of the final grid, and when the
/// climb succeeds, its only one. Some climbs here end with another planted
/// solution than they started with, so the redraws are exercised.
#[test]
fn carving_ends_with_the_planted_solution_it_keeps_unique() {
    let problem = Problem::bind(
        &spec("star-battle"),
        &Bindings {
            set: stars(3),
            regions: Some(Source::new("t", rows(14))),
            cells: None,
        },
    )
    .unwrap();
    let (mut carved, mut switched) = (0, 0);
    for stream in 0..6 {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        rng.set_stream(stream);
        let mut judge = Judge::new(problem.clone(), Rules::All, false);
        let first = plant::plant(&problem, &mut rng).unwrap();
        let mut grid = Grid::tight(14, &first, 3, &mut rng).unwrap();
        let mut planted = first.clone();
        let done = carve(&mut judge, &mut grid, &mut planted, &mut rng, &|| false);
        let mut puzzle = problem.clone();
        puzzle.regions = Some(grid.regions());
        assert!(oracle::is_solution(&puzzle, &planted), "{}", grid.picture());
        if done {
            let mut plan = puzzle.plan();
            plan.engine = crate::plan::Engine::Propagate;
            let all: Vec<Solution> = plan.solutions(false).take(2).collect();
            let cells: Vec<usize> = all[0].cells.iter().map(|&(r, c)| r * 14 + c).collect();
            assert_eq!(
                (all.len(), cells),
                (1, planted.clone()),
                "{}",
                grid.picture()
            );
            carved += 1;
        }
        switched += usize::from(planted != first);
    }
    assert!(
        carved > 0 && switched > 0,
        "{carved} carved, {switched} switched"
    );
}

/// Puzzles aimed at a grade are decided at the root by the rules of that
/// aim, unique, and graded by the hint engine at most that hard (here
/// exactly: these seeds are kept as found).
#[test]
fn aimed_puzzles_are_decided_by_their_rules() {
    for (grade, k, size, seed) in [
        (Grade::Easy, 2, 10, 1),
        (Grade::Medium, 2, 12, 1),
        (Grade::Hard, 3, 14, 2),
    ] {
        let p = generate_for(&spec("star-battle"), &stars(k), size, seed, 2, grade).unwrap();
        check(&p, size);
        let aim = Aim::of(grade);
        let mut sampler = crate::engine::propagate::Sampler::new(p.problem.clone(), aim.rules);
        let regions = p.problem.regions.clone().unwrap();
        let sample = sampler.sample(regions, 0, |_| 0).unwrap();
        assert_eq!(sample.open, Vec::<usize>::new(), "{grade:?}\n{}", p.picture);
        let cells = cells(&p);
        let path = crate::logic::path::explain_from(&p.problem, Some(&cells)).unwrap();
        assert_eq!(path.grade, Some(grade), "{}", p.picture);
    }
}

#[test]
fn aimed_puzzles_do_not_depend_on_the_threads() {
    let a = generate_for(&spec("star-battle"), &stars(2), 10, 3, 1, Grade::Easy).unwrap();
    let b = generate_for(&spec("star-battle"), &stars(2), 10, 3, 2, Grade::Easy).unwrap();
    assert_eq!((a.picture, a.evaluations), (b.picture, b.evaluations));
    let plain = generate(&spec("star-battle"), &stars(2), 10, 3, 2).unwrap();
    assert_ne!(plain.evaluations, b.evaluations, "the aim changed nothing");
}

/// The advice when no puzzle of the grade asked for was found: where
/// needs-guessing was asked for and some were hard, on a board where 2×2
/// blocks with one to spare runs (up to 21×21) it says that every one
/// was explained without a guess, on a larger one it asks for another
/// seed; an easier set of grades asks for a larger size; a harder grade
/// among them for another seed, size or difficulty.
#[test]
fn the_advice_names_the_cause() {
    use Grade::{Easy, Hard, Medium, NeedsGuessing};
    let reach = advice(NeedsGuessing, 17, &[Medium, Hard]);
    assert_eq!(
        reach,
        "every one was medium or hard: at this size the hint engine explained every one without a guess (2×2 blocks with one to spare runs on boards up to 21×21; larger boards skip that technique)"
    );
    let larger = "every one was easy: a larger size gives harder puzzles";
    assert_eq!(advice(NeedsGuessing, 8, &[Easy]), larger);
    assert_eq!(advice(NeedsGuessing, 18, &[Easy]), larger);
    assert_eq!(advice(Medium, 1, &[Easy]), larger);
    assert_eq!(
        advice(NeedsGuessing, 22, &[Hard]),
        "every one was hard: try another --seed"
    );
    let other = "try another --seed, size or --difficulty";
    assert_eq!(advice(Medium, 9, &[Easy, Hard]), other);
    assert_eq!(advice(Hard, 9, &[]), other);
}
