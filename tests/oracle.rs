//! Property tests: random small rule files, written as TOML text so the spec
//! parser is exercised too, must give the same answers from the bitmask engine
//! as from the brute-force oracle (`placer::problem::oracle`).
//!
//! `engine_agrees_with_oracle` runs [`CASES`] = 4000 generated rule files
//! (boards 1..=6 × 1..=6) in about 10 s in a debug build on 2 cores. About a
//! third bind (the rest are rule files binding rightly rejects: counts above
//! what the lines allow, givens that attack each other, ...); about 1% are
//! skipped as too big to brute-force; so some 1300 cases are compared in full,
//! with some 200 000 solutions between them. The test prints these numbers.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use placer::plan::Engine;
use placer::problem::oracle;
use placer::{Bindings, CountOptions, Plan, Problem, RuleSpec};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// Generated rule files per run.
const CASES: u32 = 4000;

/// Largest oracle walk (cells tried) a case may take; bigger cases are skipped.
const ORACLE_BUDGET: u64 = 200_000;

const NAMED_LEAPS: [&str; 8] = [
    "king", "knight", "wazir", "ferz", "dabbaba", "alfil", "camel", "zebra",
];
const LINES: [&str; 4] = ["row", "column", "diagonal", "anti-diagonal"];
const FAMILIES: [&str; 5] = ["row", "column", "diagonal", "anti-diagonal", "region"];
const SYMBOLS: [Option<char>; 5] = [None, Some('Q'), Some('K'), Some('*'), Some('N')];

/// The random choices one rule file is written from.
#[derive(Debug, Clone)]
struct Raw {
    rows: usize,
    cols: usize,
    /// 0: rows and cols given; 1: cols left out (square); 2: size from a picture.
    size_mode: u8,
    /// Write `rows = "n"` with `[params] n = ...`.
    rows_as_param: bool,
    wrap: bool,
    lines: u8,
    /// (kind, a, b): kind < 8 a named leap, otherwise the offset [a, b].
    leaps: Vec<(u8, i64, i64)>,
    holes: Vec<(usize, usize)>,
    /// Per cell: 0..=54 free, 55..=60 a hole, 61..=63 a given.
    cells: Option<Vec<u8>>,
    symbol: usize,
    /// Labels per cell, number of labels, style, per-cell suffix choice.
    regions: Option<(Vec<u8>, u8, u8, Vec<u8>)>,
    /// (family, bound kind, a, b, use the param `k`).
    groups: Vec<(usize, u8, i64, i64, bool)>,
    /// (mode, value).
    count: (u8, usize),
    k: i64,
}

/// A group bound: mostly 0 or 1.
fn bound() -> impl Strategy<Value = i64> {
    prop_oneof![3 => 0..=1i64, 1 => 2..=3i64]
}

fn raw() -> impl Strategy<Value = Raw> {
    let shape = (1..=6usize, 1..=6usize, 0..3u8, any::<bool>(), any::<bool>());
    let piece = (
        0..16u8,
        prop::collection::vec((0..12u8, -3..=3i64, -3..=3i64), 0..=2),
        0..SYMBOLS.len(),
        (0..7u8, 0..9usize),
    );
    let board = (
        prop::collection::vec((0..6usize, 0..6usize), 0..=3),
        prop::option::weighted(0.4, prop::collection::vec(0..64u8, 36)),
        prop::option::weighted(
            0.4,
            (
                prop::collection::vec(0..6u8, 36),
                1..=6u8,
                0..4u8,
                prop::collection::vec(0..20u8, 36),
            ),
        ),
    );
    let groups = (
        prop::collection::vec((0..5usize, 0..4u8, bound(), bound(), any::<bool>()), 0..=2),
        0..=2i64,
    );
    (shape, piece, board, groups).prop_map(
        |(
            (rows, cols, size_mode, rows_as_param, wrap),
            (lines, leaps, symbol, count),
            (holes, cells, regions),
            (groups, k),
        )| Raw {
            rows,
            cols,
            size_mode,
            rows_as_param,
            wrap,
            lines,
            leaps,
            holes,
            cells,
            symbol,
            regions,
            groups,
            count,
            k,
        },
    )
}

impl Raw {
    /// The rule file's text.
    fn render(&self) -> String {
        let has_picture = self.cells.is_some() || self.regions.is_some();
        let size_mode = if self.size_mode == 2 && !has_picture {
            0
        } else {
            self.size_mode
        };
        let rows = self.rows;
        let cols = if size_mode == 1 { rows } else { self.cols };
        let symbol = SYMBOLS[self.symbol];
        let mut t = String::from("name = \"prop\"\nsummary = \"a generated rule\"\n");
        t += &format!("\n[params]\nn = {rows}\nk = {}\n", self.k);

        t += "\n[board]\n";
        match size_mode {
            2 => {}
            _ => {
                if self.rows_as_param {
                    t += "rows = \"n\"\n";
                } else {
                    t += &format!("rows = {rows}\n");
                }
                if size_mode == 0 {
                    t += &format!("cols = {cols}\n");
                }
            }
        }
        t += &format!("wrap = {}\n", self.wrap);
        if !self.holes.is_empty() {
            let list: Vec<String> = self
                .holes
                .iter()
                .map(|&(r, c)| format!("[{}, {}]", r % rows + 1, c % cols + 1))
                .collect();
            t += &format!("holes = [{}]\n", list.join(", "));
        }
        if let Some(cells) = &self.cells {
            let given = symbol.unwrap_or('Q');
            t += "cells = \"\"\"\n";
            for r in 0..rows {
                for c in 0..cols {
                    t.push(match cells[r * 6 + c] {
                        0..=54 => '.',
                        55..=60 => '#',
                        _ => given,
                    });
                }
                t.push('\n');
            }
            t += "\"\"\"\n";
        }
        if let Some((labels, n, style, suffix)) = &self.regions {
            t += "regions = \"\"\"\n";
            if *style == 2 {
                t += "# a comment line\n";
            }
            for r in 0..rows {
                let mut words = Vec::new();
                for c in 0..cols {
                    let label = labels[r * 6 + c] % n;
                    words.push(match style {
                        // `0 0 1s 2x`: numbers, `s` a given, `x` a hole.
                        3 => {
                            let s = match suffix[r * 6 + c] {
                                0 => "s",
                                1 => "x",
                                _ => "",
                            };
                            format!("{}{s}", 10 + u32::from(label))
                        }
                        _ => char::from(b'A' + label).to_string(),
                    });
                }
                t += &words.join(if *style == 0 { "" } else { " " });
                t.push('\n');
            }
            t += "\"\"\"\n";
        }

        t += "\n[piece]\nname = \"thing\"\n";
        if let Some(s) = symbol {
            t += &format!("symbol = \"{s}\"\n");
        }
        let (mode, value) = self.count;
        match mode {
            0 => {}
            1..=3 => t += &format!("count = {}\n", value % (rows + 3)),
            4 => t += "count = \"rows\"\n",
            5 => t += "count = \"cols - 1\"\n",
            _ => t += "count = \"(rows + cols) / 2\"\n",
        }
        let lines: Vec<String> = (0..4)
            .filter(|i| self.lines & (1 << i) != 0)
            .map(|i| format!("\"{}\"", LINES[i]))
            .collect();
        t += &format!("lines = [{}]\n", lines.join(", "));
        if !self.leaps.is_empty() {
            let leaps: Vec<String> = self
                .leaps
                .iter()
                .map(|&(kind, a, b)| match kind {
                    0..=7 => format!("\"{}\"", NAMED_LEAPS[kind as usize]),
                    _ => format!("[{a}, {b}]"),
                })
                .collect();
            t += &format!("leaps = [{}]\n", leaps.join(", "));
        }

        for &(family, bound, a, b, use_k) in &self.groups {
            // Regions without a regions picture are an error: keep a few.
            let family = if family == 4 && self.regions.is_none() && bound != 3 {
                (a + b) as usize % 4
            } else {
                family
            };
            t += &format!("\n[[group]]\nof = \"{}\"\n", FAMILIES[family]);
            let a_text = if use_k {
                "\"k\"".to_string()
            } else {
                a.to_string()
            };
            match bound {
                0 => t += &format!("count = {a_text}\n"),
                1 => t += &format!("min = {a_text}\n"),
                2 => t += &format!("max = {a_text}\n"),
                _ => t += &format!("min = {}\nmax = {}\n", a.min(b), a.max(b)),
            }
        }
        t
    }
}

/// Walks the oracle's search tree (same order, same pruning) counting the
/// cells it tries; `None` when that passes `budget`.
fn oracle_cost(p: &Problem, budget: u64) -> Option<u64> {
    fn walk(p: &Problem, from: usize, chosen: &mut Vec<usize>, spent: &mut u64, budget: u64) {
        if chosen.len() == p.piece().count || *spent > budget {
            return;
        }
        for cell in from..p.cells() {
            *spent += 1 + chosen.len() as u64;
            if *spent > budget {
                return;
            }
            if !p.holes()[cell]
                && !chosen.contains(&cell)
                && chosen.iter().all(|&o| !p.attacks(cell, o))
            {
                chosen.push(cell);
                walk(p, cell + 1, chosen, spent, budget);
                chosen.pop();
            }
        }
    }
    let mut spent = 0;
    walk(p, 0, &mut p.givens().to_vec(), &mut spent, budget);
    (spent <= budget).then_some(spent)
}

fn indices(plan: &Plan, s: &placer::Solution) -> Vec<usize> {
    s.cells.iter().map(|&(r, c)| r * plan.cols() + c).collect()
}

fn image(map: &[usize], cells: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = cells.iter().map(|&c| map[c]).collect();
    out.sort_unstable();
    out
}

fn count(plan: &Plan, threads: usize, unique: bool) -> u128 {
    plan.count(CountOptions {
        threads,
        limit: None,
        unique,
        ..CountOptions::default()
    })
    .unwrap()
    .count
}

#[derive(Debug, Default)]
struct Stats {
    generated: u32,
    bind_errors: u32,
    too_big: u32,
    compared: u32,
    with_solutions: u32,
    solutions: usize,
    symmetric: u32,
}

/// Checks one generated rule file: agreement when it binds, a message when not.
fn check(text: &str, stats: &mut Stats) -> Result<(), TestCaseError> {
    stats.generated += 1;
    let spec = RuleSpec::parse("prop.toml", text)
        .map_err(|e| TestCaseError::fail(format!("generated text does not parse: {e}")))?;
    let problem = match Problem::bind(&spec, &Bindings::default()) {
        Ok(p) => p,
        Err(e) => {
            stats.bind_errors += 1;
            prop_assert!(!e.message.is_empty(), "empty error message");
            prop_assert!(!e.to_string().is_empty());
            return Ok(());
        }
    };
    if oracle_cost(&problem, ORACLE_BUDGET).is_none() {
        stats.too_big += 1;
        return Ok(());
    }
    let expected = oracle::solutions(&problem);
    let plan = problem.plan();
    let why = || format!("rule file:\n{text}\nplan:\n{}", plan.describe());

    // The solution list, in order: row by row, or for the unit kernel of
    // region games an order of its own, where the set must agree.
    let in_order = !matches!(plan.engine, Engine::Units | Engine::Propagate);
    let sorted = |mut v: Vec<Vec<usize>>| {
        if !in_order {
            v.sort();
        }
        v
    };
    let listed: Vec<Vec<usize>> = plan.solutions(false).map(|s| indices(&plan, &s)).collect();
    let first = plan.first().map(|s| indices(&plan, &s));
    prop_assert_eq!(first.as_ref(), listed.first(), "first\n{}", why());
    prop_assert_eq!(&sorted(listed), &expected, "solutions differ\n{}", why());
    let n = expected.len() as u128;
    prop_assert_eq!(count(&plan, 1, false), n, "count, 1 thread\n{}", why());
    prop_assert_eq!(count(&plan, 2, false), n, "count, 2 threads\n{}", why());
    let split: u128 = plan
        .subproblems()
        .iter()
        .map(|p| plan.count_subproblem(p, false).unwrap().count)
        .sum();
    prop_assert_eq!(split, n, "sum over subproblems\n{}", why());
    let limit = n / 2 + 1;
    let limited = plan.count(CountOptions {
        threads: 2,
        limit: Some(limit),
        unique: false,
        ..CountOptions::default()
    });
    prop_assert_eq!(
        limited.unwrap().count,
        n.min(limit),
        "count with a limit\n{}",
        why()
    );

    // Every detected symmetry maps the solution set onto itself.
    let set: BTreeSet<Vec<usize>> = expected.iter().cloned().collect();
    for (t, map) in plan.symmetry.transforms.iter().zip(&plan.symmetry.maps) {
        for s in &expected {
            prop_assert!(
                set.contains(&image(map, s)),
                "{t:?} is not a symmetry: it maps {s:?} out of the solutions\n{}",
                why()
            );
        }
    }
    // Unique: the orbits, each represented by its least member.
    let canonical: Vec<Vec<usize>> = expected
        .iter()
        .filter(|s| plan.symmetry.maps.iter().all(|m| image(m, s) >= **s))
        .cloned()
        .collect();
    let mut seen = BTreeSet::new();
    let mut orbits = 0u128;
    for s in &expected {
        if !seen.contains(s) {
            orbits += 1;
            for m in &plan.symmetry.maps {
                seen.insert(image(m, s));
            }
        }
    }
    prop_assert_eq!(canonical.len() as u128, orbits);
    prop_assert_eq!(count(&plan, 1, true), orbits, "unique, 1 thread\n{}", why());
    prop_assert_eq!(
        count(&plan, 2, true),
        orbits,
        "unique, 2 threads\n{}",
        why()
    );
    let listed_unique: Vec<Vec<usize>> = plan.solutions(true).map(|s| indices(&plan, &s)).collect();
    prop_assert_eq!(
        sorted(listed_unique),
        canonical,
        "unique solutions\n{}",
        why()
    );

    stats.compared += 1;
    stats.solutions += expected.len();
    if n > 0 {
        stats.with_solutions += 1;
    }
    if plan.symmetry.order() > 1 {
        stats.symmetric += 1;
    }
    Ok(())
}

#[test]
fn engine_agrees_with_oracle() {
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    });
    let stats = std::cell::RefCell::new(Stats::default());
    let result = runner.run(&raw(), |raw| {
        let text = raw.render();
        check(&text, &mut stats.borrow_mut())
    });
    let stats = stats.into_inner();
    let mut report = String::new();
    let _ = write!(report, "{stats:?}");
    eprintln!("oracle property test: {report}");
    if let Err(e) = result {
        panic!("{e}");
    }
    // Shrinking re-runs cases, so only the lower bounds are firm.
    assert!(
        stats.compared >= CASES / 4,
        "too few cases compared: {report}"
    );
    assert!(stats.with_solutions >= CASES / 8, "{report}");
    assert!(stats.bind_errors >= 1, "{report}");
}

/// Binding errors carry a message; they never panic (a few fixed shapes).
#[test]
fn bad_generated_shapes_are_errors() {
    for text in [
        "name = \"x\"\n[board]\nrows = 2\ncells = \"\"\"\nQQ\n..\n\"\"\"\n[piece]\nlines = [\"row\"]\n",
        "name = \"x\"\n[board]\nrows = 2\n[piece]\nleaps = [[0, 2]]\n",
        "name = \"x\"\n[board]\nrows = 2\n[[group]]\nof = \"region\"\ncount = 1\n",
        "name = \"x\"\n[board]\nrows = 2\n[[group]]\nof = \"row\"\nmin = 2\nmax = 1\n",
    ] {
        let spec = RuleSpec::parse("x.toml", text).unwrap();
        let e = Problem::bind(&spec, &Bindings::default()).unwrap_err();
        assert!(!e.message.is_empty());
    }
}
