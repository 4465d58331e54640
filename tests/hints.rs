//! Hints and logical paths of region games (docs/PUZZLES.md, "Hints").
//!
//! - every technique has a fixture in `tests/fixtures/hints/`: a small puzzle
//!   state (numeric region form, `s` a placed piece, `x` an empty cell) where
//!   it is the easiest step, next to the step `placer hint --format json`
//!   must print;
//! - on generated puzzles every technique, tried on every state of the
//!   logical path, places only cells of the unique solution and empties only
//!   cells outside it, and the path ends in the search's solution.

use placer::logic::grade::Grade;
use placer::logic::{Board, Mark, Technique, path};
use placer::spec::RuleSpec;

use crate::common::{placer, stdout_of};

const FIXTURES: &str = "tests/fixtures/hints";

/// The `placer hint` arguments on a fixture's first line, `# placer hint GAME --set k=K (...)`.
fn fixture_args(text: &str) -> Vec<String> {
    let first = text.lines().next().unwrap();
    let args = first
        .strip_prefix("# placer hint ")
        .expect("a `# placer hint` line");
    let args = args.split('(').next().unwrap();
    args.split_whitespace().map(String::from).collect()
}

#[test]
fn each_technique_has_a_fixture_where_it_is_the_easiest_step() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(FIXTURES).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut args = fixture_args(&text);
        args.extend(["--regions".into(), path.display().to_string()]);
        args.extend(["--format".into(), "json".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut cmd = vec!["hint"];
        cmd.extend(args);
        let got = stdout_of(&cmd);
        let want = std::fs::read_to_string(path.with_extension("json")).unwrap();
        assert_eq!(got.trim(), want.trim(), "{}", path.display());
        let line: serde_json::Value = serde_json::from_str(&got).unwrap();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        assert_eq!(line["technique"], name.as_str(), "{}", path.display());
        seen.push(name);
    }
    seen.sort();
    let mut all: Vec<String> = Technique::LOGIC
        .iter()
        .map(|t| t.name().to_string())
        .collect();
    all.sort();
    assert_eq!(seen, all, "one fixture per technique");
}

/// Generated puzzles: (game, k, sizes, seeds per size).
const GENERATED: [(&str, i64, std::ops::RangeInclusive<usize>, u64); 3] = [
    ("region-queens", 1, 5..=9, 3),
    ("star-battle", 1, 5..=9, 2),
    ("star-battle", 2, 8..=9, 2),
];

/// Checks every technique on every state of the puzzle's logical path
/// against its unique solution; returns the path's grade.
fn check_sound(game: &str, k: i64, size: usize, seed: u64) -> Grade {
    let spec = RuleSpec::resolve(game).unwrap();
    let set = if game == "star-battle" {
        vec![("k".to_string(), k)]
    } else {
        vec![]
    };
    let puzzle = placer::generate::generate(&spec, &set, size, seed, 2).unwrap();
    let p = &puzzle.problem;
    let solution: Vec<usize> = puzzle
        .solution
        .cells
        .iter()
        .map(|&(r, c)| p.cell(r, c))
        .collect();
    let label = format!(
        "{game} k={k} {size}×{size} seed {seed}:\n{}",
        puzzle.picture
    );
    let path = path::explain_from(p, Some(&solution)).unwrap();
    let mut board = Board::new(p).unwrap();
    for step in &path.steps {
        for t in Technique::LOGIC {
            if let Some(s) = board.try_technique(t) {
                assert!(s.place.iter().all(|c| solution.contains(c)), "{label}{s:?}");
                assert!(
                    s.exclude.iter().all(|c| !solution.contains(c)),
                    "{label}{s:?}"
                );
                assert!(!s.place.is_empty() || !s.exclude.is_empty(), "{label}{s:?}");
            }
        }
        assert!(
            step.place.iter().all(|c| solution.contains(c)),
            "{label}{step:?}"
        );
        board.apply(step);
    }
    assert!(path.stuck.is_none(), "{label}{:?}", path.stuck);
    assert_eq!(board.cells_marked(Mark::Piece), solution, "{label}");
    assert_eq!(path.solved, path.guesses == 0);
    path.grade.expect("a unique puzzle has a grade")
}

#[test]
fn logic_agrees_with_the_unique_solution_of_generated_puzzles() {
    for (game, k, sizes, seeds) in GENERATED {
        for size in sizes {
            for seed in 1..=seeds {
                check_sound(game, k, size, seed);
            }
        }
    }
}

/// Published Star Battles, read from `$PLACER_PUZZLES` (files
/// `starK-….txt` as `bench/sbn.py` writes them; third-party data, never in
/// the repository): every step of every explanation places only cells of
/// the search's solution and empties only cells outside it, and each
/// puzzle is unique. Prints the guesses per puzzle. `PLACER_PUZZLES=/tmp/sbn
/// cargo test --release --test integration hints::published -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn published_puzzles_are_explained_soundly() {
    let Ok(dir) = std::env::var("PLACER_PUZZLES") else {
        eprintln!("PLACER_PUZZLES is not set: nothing to check");
        return;
    };
    let spec = RuleSpec::resolve("star-battle").unwrap();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let Some(k) = name
            .strip_prefix("star")
            .and_then(|s| s[..1].parse::<i64>().ok())
        else {
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        let bindings = placer::Bindings {
            set: vec![("k".to_string(), k)],
            regions: Some(placer::error::Source::new(&name, text)),
            cells: None,
        };
        let p = placer::Problem::bind(&spec, &bindings).unwrap();
        let path = path::explain(&p).unwrap();
        assert_eq!(path.unique, Some(true), "{name}");
        let mut board = Board::new(&p).unwrap();
        for step in &path.steps {
            board.apply(step);
        }
        assert!(board.solved(), "{name}");
        let solution = board.cells_marked(Mark::Piece);
        for step in &path.steps {
            assert!(
                step.place.iter().all(|c| solution.contains(c)),
                "{name}: {step:?}"
            );
            assert!(
                step.exclude.iter().all(|c| !solution.contains(c)),
                "{name}: {step:?}"
            );
        }
        eprintln!("{name}: {} guesses", path.guesses);
    }
}

/// The same on many more puzzles: `cargo test --release --test integration
/// hints::many -- --ignored`.
#[test]
#[ignore]
fn many_generated_puzzles_agree_with_logic() {
    let mut grades = std::collections::BTreeMap::new();
    for (game, k, sizes, _) in GENERATED {
        for size in *sizes.start()..=10 {
            for seed in 1..=20 {
                *grades.entry(check_sound(game, k, size, seed)).or_insert(0) += 1;
            }
        }
    }
    eprintln!("{grades:?}");
}

#[test]
fn explain_json_is_one_step_per_line_and_ends_with_the_verdict() {
    let out = stdout_of(&[
        "solve",
        "region-queens",
        "--regions",
        "examples/puzzles/queens-7.txt",
        "--explain",
        "--format",
        "json",
    ]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, steps) = lines.split_last().unwrap();
    assert_eq!(last["solved"], true);
    assert_eq!(last["steps"], steps.len());
    assert_eq!(last["grade"], "easy");
    let mut placed: Vec<(u64, u64)> = Vec::new();
    for s in steps {
        for key in ["technique", "place", "exclude", "reason"] {
            assert!(s.get(key).is_some(), "{s}");
        }
        for cell in s["place"].as_array().unwrap() {
            placed.push((cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap()));
        }
    }
    placed.sort();
    // examples/puzzles: queens-7 is 4 2 5 3 6 1 7.
    let want: Vec<(u64, u64)> = [4, 2, 5, 3, 6, 1, 7]
        .iter()
        .zip(1..)
        .map(|(&c, r)| (r, c))
        .collect();
    assert_eq!(placed, want);
}

#[test]
fn a_puzzle_with_several_solutions_gets_no_grade() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.txt");
    // Four regions of a 4×4 board cut in quarters: two-way symmetric.
    std::fs::write(&file, "AABB\nAABB\nCCDD\nCCDD\n").unwrap();
    let out = stdout_of(&[
        "solve",
        "star-battle",
        "--regions",
        file.to_str().unwrap(),
        "--explain",
        "--format",
        "json",
    ]);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["solved"], false, "{out}");
    assert_eq!(last["grade"], serde_json::Value::Null);
    assert_eq!(last["unique"], false);
    assert!(last["guesses"].as_u64().unwrap() >= 1);
}

#[test]
fn explain_says_why_a_puzzle_has_no_solution_and_counts_its_steps() {
    // Five stars a region on a 10×10 two-star grid: region F has exactly
    // five cells, two of them touching, so the first step already fails.
    let out = stdout_of(&[
        "solve",
        "star-battle",
        "--set",
        "k=5",
        "--regions",
        "examples/puzzles/star-battle-10.txt",
        "--explain",
    ]);
    let last = out.lines().last().unwrap();
    assert_eq!(
        last, "no solution: (1,1) and (1,2) attack each other: 1 step",
        "{out}"
    );
    // No grade fits a puzzle without a solution.
    let json = stdout_of(&[
        "solve",
        "star-battle",
        "--set",
        "k=5",
        "--regions",
        "examples/puzzles/star-battle-10.txt",
        "--explain",
        "--format",
        "json",
    ]);
    let last: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(last["grade"], serde_json::Value::Null, "{json}");
    assert_eq!(last["solved"], false, "{json}");
}

/// A state the search finds no solution for, that does not plainly
/// contradict yet, keeps its step (it holds vacuously) and says plainly
/// that there is no solution, naming the unit logic finds cannot be
/// filled and after how many steps, as a grid with several solutions says
/// "not unique".
#[test]
fn hint_on_a_state_without_a_solution_gives_the_step_and_says_why_there_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let cells = dir.path().join("wrong.txt");
    // A queen at (7,1) of the 7×7 level: its neighbours empty region F.
    std::fs::write(&cells, ".......\n".repeat(6) + "Q......\n").unwrap();
    let cells = cells.to_str().unwrap();
    let args = [
        "hint",
        "region-queens",
        "--regions",
        "examples/puzzles/queens-7.txt",
        "--cells",
        cells,
    ];
    let why = "after 1 step of logic (`placer solve ... --explain` lists them), \
               region F needs 1 queen but has 0 open cells";
    let out = stdout_of(&args);
    assert!(out.starts_with("hint neighbours "), "{out}");
    let last = out.lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "no solution: {why}; the step above follows all the same, but leads to no solution"
        ),
        "{out}"
    );
    let json = stdout_of(&[&args[..], &["--format", "json"]].concat());
    let line: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(line["technique"], "neighbours", "{json}");
    assert_eq!(line["unique"], false, "{json}");
    assert_eq!(line["no_solution"], why, "{json}");
    // With --grade: no grade fits a state without a solution.
    let graded = stdout_of(&[&args[..], &["--grade"]].concat());
    assert!(
        graded.ends_with("puzzle grade: none (no solution)\n"),
        "{graded}"
    );
}

#[test]
fn hint_text_names_the_rule_and_the_cells_and_the_grade_on_request() {
    let out = stdout_of(&[
        "hint",
        "region-queens",
        "--regions",
        "examples/puzzles/queens-7.txt",
    ]);
    assert!(out.starts_with("hint last-cells"), "{out}");
    assert!(out.contains("place   (7,7)"), "{out}");
    assert!(out.contains("[Q]"), "{out}");
    // The grade walks the whole path: only on request.
    assert!(!out.contains("puzzle grade"), "{out}");
    let graded = stdout_of(&[
        "hint",
        "region-queens",
        "--regions",
        "examples/puzzles/queens-7.txt",
        "--grade",
    ]);
    assert_eq!(graded, format!("{out}\npuzzle grade: easy\n"));
    let json = stdout_of(&[
        "hint",
        "region-queens",
        "--regions",
        "examples/puzzles/queens-7.txt",
        "--format",
        "json",
        "--grade",
    ]);
    assert!(json.ends_with(",\"grade\":\"easy\"}\n"), "{json}");
}

#[test]
fn hint_svg_is_well_formed_and_rings_the_placed_piece() {
    let out = stdout_of(&[
        "hint",
        "region-queens",
        "--regions",
        "examples/puzzles/queens-7.txt",
        "--format",
        "svg",
    ]);
    let doc = roxmltree::Document::parse(&out).unwrap();
    let placed: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("placed"))
        .map(|n| {
            (
                n.attribute("data-row").unwrap(),
                n.attribute("data-col").unwrap(),
            )
        })
        .collect();
    assert_eq!(placed, [("7", "7")]);
}

#[test]
fn hints_and_explanations_print_only_as_board_json_or_svg() {
    let queens = "examples/puzzles/queens-7.txt";
    placer()
        .args([
            "hint",
            "region-queens",
            "--regions",
            queens,
            "--format",
            "tuple",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "[possible values: board, json, svg]",
        ));
    placer()
        .args([
            "solve",
            "region-queens",
            "--regions",
            queens,
            "--explain",
            "--format",
            "tuple",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--explain prints as a board, json or svg",
        ));
}

#[test]
fn hint_refuses_games_without_regions() {
    placer()
        .args(["hint", "queens", "--set", "n=8"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no regions"));
}

#[test]
fn hint_says_how_many_regions_need_how_many_pieces_when_they_do_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("five.txt");
    std::fs::write(&file, "AABB\nAABB\nCCDD\nCCDE\n").unwrap();
    let file = file.to_str().unwrap();
    for args in [
        vec!["hint", "region-queens", "--regions", file],
        vec!["solve", "region-queens", "--regions", file, "--explain"],
    ] {
        placer().args(&args).assert().code(2).stderr(predicates::str::contains(
            "the picture has 5 regions, which need 1 queen each, 5 in all, but the rules place 4",
        ));
    }
    // Counting it is no error: a count that cannot be met is 0.
    placer()
        .args(["solve", "region-queens", "--regions", file, "--count"])
        .assert()
        .code(0)
        .stdout("0\n");
}

#[test]
fn generate_with_a_difficulty_gives_a_puzzle_of_that_grade() {
    let out = stdout_of(&[
        "generate",
        "region-queens",
        "--size",
        "7",
        "--seed",
        "3",
        "--difficulty",
        "easy",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, &out).unwrap();
    let explained = stdout_of(&[
        "solve",
        "region-queens",
        "--regions",
        file.to_str().unwrap(),
        "--explain",
    ]);
    assert!(explained.trim_end().ends_with("grade easy"), "{explained}");
}

/// A random labelling of a `size`×`size` grid with `size` regions (each used),
/// one letter per cell: regions need not be connected, puzzles need not be
/// unique or solvable. The library's tests have a copy
/// (`src/logic/tests.rs`), since integration tests cannot reach it.
fn random_regions(size: usize, rng: &mut impl rand::Rng) -> String {
    use rand::seq::SliceRandom;
    let mut labels: Vec<usize> = (0..size * size)
        .map(|i| {
            if i < size {
                i
            } else {
                rng.random_range(0..size)
            }
        })
        .collect();
    labels.shuffle(rng);
    labels
        .chunks(size)
        .map(|row| {
            let mut line: String = row.iter().map(|&l| (b'A' + l as u8) as char).collect();
            line.push('\n');
            line
        })
        .collect()
}

/// On random region grids, with any number of solutions, every logic step
/// (no guesses) places only cells that every solution (by the brute-force
/// oracle) has and empties only cells that none has; logic that finishes
/// means exactly one solution, and a contradiction means none.
#[test]
fn logic_steps_hold_in_every_solution_of_random_puzzles() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
    let cases: [(&str, i64, std::ops::RangeInclusive<usize>); 4] = [
        ("region-queens", 1, 1..=6),
        ("star-battle", 0, 1..=4),
        ("star-battle", 1, 4..=6),
        ("star-battle", 2, 5..=6),
    ];
    for (game, k, sizes) in cases {
        for size in sizes {
            for _ in 0..12 {
                let regions = random_regions(size, &mut rng);
                let spec = RuleSpec::resolve(game).unwrap();
                let set = if game == "star-battle" {
                    vec![("k".to_string(), k)]
                } else {
                    vec![]
                };
                let bindings = placer::Bindings {
                    set,
                    regions: Some(placer::error::Source::new("<random>", regions.clone())),
                    cells: None,
                };
                let p = placer::Problem::bind(&spec, &bindings).unwrap();
                let all = placer::problem::oracle::solutions(&p);
                let label = format!("{game} k={k} {size}×{size}:\n{regions}");
                let mut board = Board::new(&p).unwrap();
                let mut steps = 0;
                while !board.solved() && board.contradiction().is_none() {
                    let Some(s) = board.next_step() else { break };
                    for sol in &all {
                        assert!(s.place.iter().all(|c| sol.contains(c)), "{label}{s:?}");
                        assert!(s.exclude.iter().all(|c| !sol.contains(c)), "{label}{s:?}");
                    }
                    board.apply(&s);
                    steps += 1;
                    assert!(steps <= size * size, "{label}: no progress");
                }
                if k == 0 {
                    assert!(board.solved(), "{label}: a count of 0 empties every cell");
                }
                if board.solved() {
                    assert_eq!(all, vec![board.cells_marked(Mark::Piece)], "{label}");
                }
                if board.contradiction().is_some() {
                    assert!(all.is_empty(), "{label}");
                }
            }
        }
    }
}

/// Larger random region grids (two stars and the Queens game, 8×8 to
/// 10×10), against every
/// solution the search lists (up to 40 of them; grids with more, or none,
/// are skipped): every logic step holds in all of them. These boards are
/// big enough for the techniques the small ones above rarely reach
/// (confinement to bands of five or more lines, trials); the test fails if
/// no trial is ever tried.
#[test]
fn logic_steps_hold_in_every_solution_of_larger_random_puzzles() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
    let (mut checked, mut trials) = (0, 0);
    for (game, size) in [8, 9, 10]
        .map(|n| ("star-battle", n))
        .into_iter()
        .chain([("region-queens", 8), ("region-queens", 9)])
    {
        let spec = RuleSpec::resolve(game).unwrap();
        let set = if game == "star-battle" {
            vec![("k".to_string(), 2)]
        } else {
            vec![]
        };
        for _ in 0..60 {
            let regions = random_regions(size, &mut rng);
            let bindings = placer::Bindings {
                set: set.clone(),
                regions: Some(placer::error::Source::new("<random>", regions.clone())),
                cells: None,
            };
            let p = placer::Problem::bind(&spec, &bindings).unwrap();
            let all: Vec<Vec<usize>> = p
                .clone()
                .plan()
                .solutions(false)
                .take(41)
                .map(|s| s.cells.iter().map(|&(r, c)| p.cell(r, c)).collect())
                .collect();
            if all.is_empty() || all.len() > 40 {
                continue;
            }
            checked += 1;
            let label = format!("{game} {size}×{size}:\n{regions}");
            let mut board = Board::new(&p).unwrap();
            while !board.solved() {
                let Some(s) = board.next_step() else { break };
                trials += usize::from(s.technique == Technique::Trial);
                for sol in &all {
                    assert!(s.place.iter().all(|c| sol.contains(c)), "{label}{s:?}");
                    assert!(s.exclude.iter().all(|c| !sol.contains(c)), "{label}{s:?}");
                }
                board.apply(&s);
            }
            if board.solved() {
                assert_eq!(all, vec![board.cells_marked(Mark::Piece)], "{label}");
            }
        }
    }
    assert!(
        checked >= 20 && trials > 0,
        "{checked} grids, {trials} trials"
    );
}

/// `puzzle`'s regions in the numeric form, each cell's mark from `marks`
/// (`s` a piece, `x` empty): the state typed in as a new puzzle.
fn typed_in(p: &placer::Problem, marks: &[Mark]) -> String {
    let regions = p.regions().expect("a region game");
    let mut text = String::new();
    for r in 0..p.rows() {
        let row: Vec<String> = (0..p.cols())
            .map(|c| {
                let cell = p.cell(r, c);
                let mark = match marks[cell] {
                    Mark::Piece => "s",
                    Mark::Empty => "x",
                    Mark::Open => "",
                };
                format!("{}{mark}", regions.of_cell[cell].unwrap())
            })
            .collect();
        text += &row.join(" ");
        text.push('\n');
    }
    text
}

/// Binds a star battle with `k` stars from a region picture.
fn star_battle(k: i64, text: &str) -> placer::Problem {
    let bindings = placer::Bindings {
        set: vec![("k".to_string(), k)],
        regions: Some(placer::error::Source::new("<state>", text.to_string())),
        cells: None,
    };
    placer::Problem::bind(&RuleSpec::resolve("star-battle").unwrap(), &bindings).unwrap()
}

/// What [`compare_doors`] compared: states, and among them the path's
/// trials, its spare-2x2 steps, and the first hint that took the documented
/// exception.
#[derive(Debug, Default)]
struct Doors {
    states: usize,
    trials: usize,
    spare: usize,
    /// The first state where the documented exception showed up, and the
    /// two steps.
    exception: Option<String>,
}

impl Doors {
    fn add(&mut self, other: Doors) {
        self.states += other.states;
        self.trials += other.trials;
        self.spare += other.spare;
        self.exception = self.exception.take().or(other.exception);
    }
}

/// Compares the two doors on every state of the logical path of the star
/// battle `text` (see the test below).
fn compare_doors(k: i64, text: &str) -> Doors {
    use placer::logic::Next;
    let last = [Technique::Trial, Technique::SpareBlock];
    let p = &star_battle(k, text);
    let path = path::explain(p).unwrap();
    let mut end = Board::new(p).unwrap();
    path.steps.iter().for_each(|s| end.apply(s));
    let solution = end.solved().then(|| end.cells_marked(Mark::Piece));
    let mut board = Board::new(p).unwrap();
    let mut seen = Doors {
        states: path.steps.len(),
        ..Doors::default()
    };
    for (i, step) in path.steps.iter().enumerate() {
        let state = typed_in(p, &board.marks);
        let label = format!("k={k}\n{text}step {}:\n{state}", i + 1);
        let hint = path::hint(&star_battle(k, &state)).unwrap().next;
        match (&hint, step.technique) {
            (Next::OutOfLogic, Technique::Guess) => {}
            (Next::Step(h), t)
                if (h.technique, &h.place, &h.exclude) == (t, &step.place, &step.exclude) => {}
            (Next::Step(h), t) if last.contains(&t) && last.contains(&h.technique) => {
                let why = || format!("{label}path: {step:?}\nhint: {h:?}");
                seen.exception.get_or_insert_with(why);
                if let Some(sol) = &solution {
                    assert!(h.place.iter().all(|c| sol.contains(c)), "{label}{h:?}");
                    assert!(h.exclude.iter().all(|c| !sol.contains(c)), "{label}{h:?}");
                }
            }
            _ => panic!("{label}path: {step:?}\nhint: {hint:?}"),
        }
        seen.trials += usize::from(step.technique == Technique::Trial);
        seen.spare += usize::from(step.technique == Technique::SpareBlock);
        board.apply(step);
    }
    seen
}

/// The two doors to "the next step from this state" agree: on every state
/// of the logical path, a hint on the state typed in (its pieces as givens,
/// its empty cells marked, in the numeric form) is the path's next step:
/// the same technique and cells, or none where the path guesses. Both doors
/// start from text, as on the command line (regions are numbered in the
/// order they first appear, and techniques look at units in that order).
/// The one documented exception (docs/PUZZLES.md, "Hints and
/// explanations"): where the path's step is a `trial` or `spare-2x2`, a
/// trial along the path first looks at the cells the search refuted on
/// earlier states, so the hint may show another step of those two, which
/// must hold in the solution. On this sample the exception is never
/// needed, so the test fails with the first state where it shows up: it did on the random grids before the search's
/// model was built without givens and holes (typed-in marks then picked
/// other trial cells than deduced ones). Generated puzzles rarely need a
/// trial, so random region grids (8×8 and 9×9, any number of solutions)
/// join them; the test fails if no trial or no spare-2x2 step is compared.
#[test]
fn a_hint_on_a_state_of_the_path_is_the_paths_next_step() {
    use rand::SeedableRng;
    let spec = RuleSpec::resolve("star-battle").unwrap();
    let mut all = Doors::default();
    for (k, size, seed) in [(1, 8, 1), (2, 9, 1), (2, 10, 1)] {
        let set = vec![("k".to_string(), k)];
        let puzzle = placer::generate::generate(&spec, &set, size, seed, 2).unwrap();
        all.add(compare_doors(k, &puzzle.picture));
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
    for (size, grids) in [(8, 4), (9, 2)] {
        for _ in 0..grids {
            all.add(compare_doors(2, &random_regions(size, &mut rng)));
        }
    }
    if let Some(state) = &all.exception {
        panic!("the documented exception showed up, on {state}");
    }
    assert!(
        all.states > 100 && all.trials > 0 && all.spare > 0,
        "{all:?}"
    );
}
