//! The DP against the brute-force oracle on random small rule sets, for every
//! number of pieces, and against known counts.

use std::collections::BTreeMap;

use num_bigint::BigUint;
use proptest::prelude::*;

use super::*;
use crate::problem::{Family, Group, Lines, NAMED_LEAPS, Piece, Regions, oracle};

/// A problem built straight from its meaning.
#[derive(Debug, Clone)]
struct Raw {
    rows: usize,
    cols: usize,
    wrap: bool,
    lines: u8,
    leaps: Vec<(usize, usize)>,
    /// Per cell: 0..=5 free, 6 a hole, 7 a given.
    cells: Vec<u8>,
    regions: Option<Vec<usize>>,
    groups: Vec<(usize, usize, usize)>,
}

fn raw() -> impl Strategy<Value = Raw> {
    (1..=4usize, 1..=5usize).prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        (
            Just(rows),
            Just(cols),
            prop::bool::weighted(0.25),
            0..16u8,
            prop::collection::vec(
                prop_oneof![
                    (0..NAMED_LEAPS.len()).prop_map(|i| NAMED_LEAPS[i].1[0]),
                    (0..4usize, 0..4usize)
                        .prop_filter("a leap", |&(a, b)| a + b > 0)
                        .prop_map(|(a, b)| (a.min(b), a.max(b))),
                ],
                0..=2,
            ),
            prop::collection::vec(
                prop_oneof![12 => 0..=5u8, 2 => Just(6u8), 1 => Just(7u8)],
                n,
            ),
            prop::option::weighted(0.3, prop::collection::vec(0..3usize, n)),
            prop::collection::vec((0..5usize, 0..=2usize, 0..=3usize), 0..=2),
        )
            .prop_map(
                |(rows, cols, wrap, lines, leaps, cells, regions, groups)| Raw {
                    rows,
                    cols,
                    wrap,
                    lines,
                    leaps,
                    cells,
                    regions,
                    groups,
                },
            )
    })
}

fn problem(raw: &Raw) -> Problem {
    let families = [
        Family::Row,
        Family::Column,
        Family::Diagonal,
        Family::AntiDiagonal,
        Family::Region,
    ];
    let groups = raw
        .groups
        .iter()
        .filter(|g| g.0 < 4 || raw.regions.is_some())
        .map(|&(f, a, b)| Group {
            family: families[f],
            min: a.min(b),
            max: if b == 3 { usize::MAX } else { a.max(b) },
        })
        .collect();
    Problem {
        name: "random".into(),
        summary: String::new(),
        params: BTreeMap::new(),
        rows: raw.rows,
        cols: raw.cols,
        wrap: raw.wrap,
        holes: raw.cells.iter().map(|&c| c == 6).collect(),
        givens: (0..raw.cells.len())
            .filter(|&c| raw.cells[c] == 7)
            .collect(),
        regions: raw.regions.as_ref().map(|r| Regions {
            of_cell: r.iter().map(|&x| Some(x)).collect(),
            names: vec!["a".into(), "b".into(), "c".into()],
        }),
        values: None,
        labels: Default::default(),
        piece: Piece {
            name: "p".into(),
            symbol: 'P',
            count: 0,
            lines: Lines {
                row: raw.lines & 1 != 0,
                column: raw.lines & 2 != 0,
                diagonal: raw.lines & 4 != 0,
                anti_diagonal: raw.lines & 8 != 0,
            },
            leaps: raw.leaps.clone(),
        },
        groups,
    }
}

/// The oracle's counts for every number of pieces.
fn oracle_counts(p: &Problem) -> Vec<BigUint> {
    (0..=p.cells())
        .map(|k| {
            let mut q = p.clone();
            q.piece.count = k;
            BigUint::from(oracle::solutions(&q).len())
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn dp_agrees_with_oracle(raw in raw()) {
        let p = problem(&raw);
        // The oracle, like binding, takes givens that do not attack each other.
        let g = &p.givens;
        prop_assume!(g.iter().all(|&a| g.iter().all(|&b| a == b || !p.attacks(a, b))));
        let expected = oracle_counts(&p);
        let (all, _) = polynomial(&p, &Budget::default()).unwrap();
        prop_assert_eq!(&all, &expected);
        for (k, want) in expected.iter().enumerate() {
            let mut q = p.clone();
            q.piece.count = k;
            prop_assert_eq!(&count(&q, &Budget::default()).unwrap().count, want, "k = {}", k);
        }
    }
}

fn builtin(name: &str, set: &[(&str, i64)]) -> Problem {
    let spec = crate::RuleSpec::resolve(name).unwrap();
    let bindings = crate::Bindings {
        set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        ..crate::Bindings::default()
    };
    Problem::bind(&spec, &bindings).unwrap()
}

fn dp(p: &Problem) -> String {
    count(p, &Budget::default()).unwrap().count.to_string()
}

#[test]
fn rooks_are_factorials_with_few_states() {
    let p = builtin("rooks", &[("n", 30)]);
    let c = count(&p, &Budget::default()).unwrap();
    assert_eq!(c.count.to_string(), "265252859812191058636308480000000");
    assert!(c.stats.peak_states <= 31 * 31, "{}", c.stats.peak_states);
}

#[test]
fn bishops_split_by_colour() {
    let p = builtin("bishops", &[("n", 10)]);
    let c = count(&p, &Budget::default()).unwrap();
    assert_eq!(c.count, BigUint::from(1024u32));
    assert_eq!(c.stats.parts.len(), 2);
}

#[test]
fn counts_past_u128_switch_to_big_integers() {
    let p = builtin("rooks", &[("n", 40)]);
    let c = count(&p, &Budget::default()).unwrap();
    let factorial: BigUint = (1..=40u32).map(BigUint::from).product();
    assert_eq!(c.count, factorial);
    assert!(c.stats.big);
}

#[test]
fn a_tight_budget_stops_with_a_clear_error() {
    let p = builtin("knights", &[("n", 8), ("count", 9)]);
    let err = count(&p, &Budget { max_bytes: 1000 }).unwrap_err();
    assert!(matches!(err, FrontierError::TooBig { .. }), "{err}");
}

#[test]
fn the_tables_stay_within_the_budget() {
    let p = builtin("knights", &[("n", 8), ("count", 10)]);
    let free = count(&p, &Budget { max_bytes: 1 << 30 }).unwrap();
    let budget = free.stats.peak_bytes; // just enough
    let c = count(&p, &Budget { max_bytes: budget }).unwrap();
    assert_eq!((c.count, c.stats.peak_bytes), (free.count, budget));
    let err = count(
        &p,
        &Budget {
            max_bytes: budget - 1,
        },
    )
    .unwrap_err();
    assert!(matches!(err, FrontierError::TooBig { .. }), "{err}");
}

#[test]
fn known_small_counts() {
    assert_eq!(dp(&builtin("hertzsprung", &[("n", 8)])), "5242");
    assert_eq!(dp(&builtin("queens", &[("n", 8)])), "92");
    let kings = builtin("kings", &[("n", 4), ("count", 4)]);
    assert_eq!(dp(&kings), oracle::solutions(&kings).len().to_string());
}

fn mid_size() -> impl Strategy<Value = (Raw, usize)> {
    (4..=6usize, 4..=6usize, 0..=6usize).prop_flat_map(|(rows, cols, k)| {
        let n = rows * cols;
        (
            (
                prop::bool::weighted(0.2),
                0..16u8,
                prop::collection::vec(
                    (0..NAMED_LEAPS.len()).prop_map(|i| NAMED_LEAPS[i].1[0]),
                    0..=2,
                ),
                prop::collection::vec(
                    prop_oneof![20 => 0..=5u8, 2 => Just(6u8), 1 => Just(7u8)],
                    n,
                ),
                prop::collection::vec((0..4usize, 0..=1usize, 1..=3usize), 0..=1),
            )
                .prop_map(move |(wrap, lines, leaps, cells, groups)| Raw {
                    rows,
                    cols,
                    wrap,
                    lines,
                    leaps,
                    cells,
                    regions: None,
                    groups,
                }),
            Just(k),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn dp_agrees_with_search(case in mid_size()) {
        let (raw, k) = case;
        let mut p = problem(&raw);
        p.piece.count = k.max(p.givens.len());
        let g = &p.givens;
        prop_assume!(g.iter().all(|&a| g.iter().all(|&b| a == b || !p.attacks(a, b))));
        let dp = count(&p, &Budget::default()).unwrap().count;
        let searched = p.clone().plan().count(crate::CountOptions::default()).unwrap().count;
        prop_assert_eq!(dp, BigUint::from(searched));
    }
}

/// A plain board of `rows` × `cols` with `piece` lines and leaps.
fn board(rows: usize, cols: usize, lines: Lines, leaps: &[(usize, usize)], k: usize) -> Problem {
    let mut p = problem(&Raw {
        rows,
        cols,
        wrap: false,
        lines: 0,
        leaps: leaps.to_vec(),
        cells: vec![0; rows * cols],
        regions: None,
        groups: Vec::new(),
    });
    p.piece.lines = lines;
    p.piece.count = k;
    p
}

fn binomial(n: usize, k: usize) -> BigUint {
    (0..k).fold(BigUint::from(1u8), |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn size_boundaries() {
    // Kings on one row of n cells: C(n - k + 1, k); on 2 rows, a column pair
    // holds at most one king, so C(n - k + 1, k) · 2^k.
    for n in [1, 2, 63, 64, 65, 127, 128, 129] {
        for k in [0, 2, n / 2] {
            let one = board(1, n, Lines::default(), &[(0, 1), (1, 1)], k);
            let want = if n + 1 >= 2 * k {
                binomial(n - k + 1, k)
            } else {
                BigUint::default()
            };
            assert_eq!(
                count(&one, &Budget::default()).unwrap().count,
                want,
                "1×{n}, k = {k}"
            );
            let two = board(2, n, Lines::default(), &[(0, 1), (1, 1)], k);
            let want = want * BigUint::from(2u8).pow(k as u32);
            assert_eq!(
                count(&two, &Budget::default()).unwrap().count,
                want,
                "2×{n}, k = {k}"
            );
        }
    }
    // Rooks on 64 and 65 columns: the column fields span two words.
    for n in [63, 64, 65] {
        let lines = Lines {
            row: true,
            column: true,
            ..Lines::default()
        };
        let rooks = board(n, n, lines, &[], n);
        let factorial: BigUint = (1..=n).map(BigUint::from).product();
        assert_eq!(count(&rooks, &Budget::default()).unwrap().count, factorial);
    }
    // An empty board: one way to place nothing.
    let empty = board(1, 1, Lines::default(), &[], 0);
    assert_eq!(
        count(&empty, &Budget::default()).unwrap().count,
        BigUint::from(1u8)
    );
}

/// Boards where leaps join neighbouring columns of counted lines: the runs
/// of live columns are reordered at every lane boundary (`runs.rs`).
fn chained() -> impl Strategy<Value = Raw> {
    (1..=5usize, 1..=5usize).prop_flat_map(|(rows, cols)| {
        let n = rows * cols;
        (
            prop::bool::weighted(0.15),
            prop_oneof![Just(3u8), Just(2u8), Just(1u8)],
            prop::collection::vec(
                prop::sample::select(vec![(0, 1), (1, 1), (1, 2), (0, 2), (1, 3)]),
                1..=2,
            ),
            prop::collection::vec(
                prop_oneof![30 => 0..=5u8, 1 => Just(6u8), 1 => Just(7u8)],
                n,
            ),
            prop::collection::vec((0..2usize, 0..=1usize, 1..=3usize), 0..=1),
        )
            .prop_map(move |(wrap, lines, leaps, cells, groups)| Raw {
                rows,
                cols,
                wrap,
                lines,
                leaps,
                cells,
                regions: None,
                groups,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn runs_agree_with_oracle(raw in chained()) {
        let p = problem(&raw);
        let g = &p.givens;
        prop_assume!(g.iter().all(|&a| g.iter().all(|&b| a == b || !p.attacks(a, b))));
        let (all, _) = polynomial(&p, &Budget::default()).unwrap();
        prop_assert_eq!(all, oracle_counts(&p));
    }
}

/// A002464 by its recurrence.
fn hertzsprung(n: usize) -> u128 {
    let mut a: Vec<i128> = vec![1, 1, 0, 0];
    for m in 4..=n as i128 {
        let i = m as usize;
        a.push((m + 1) * a[i - 1] - (m - 2) * a[i - 2] - (m - 5) * a[i - 3] + (m - 3) * a[i - 4]);
    }
    a[n] as u128
}

#[test]
fn hertzsprung_sweeps_runs_not_column_sets() {
    for n in 1..=14 {
        let c = count(&builtin("hertzsprung", &[("n", n)]), &Budget::default()).unwrap();
        assert_eq!(c.count, BigUint::from(hertzsprung(n as usize)), "n = {n}");
        // Sets of columns would be C(14, 7) · 7 ≈ 24 000 states at n = 14.
        assert!(
            c.stats.peak_states < 3000,
            "n = {n}: {}",
            c.stats.peak_states
        );
    }
}

/// Regression: two givens on the single diagonal of a 6 × 5 torus that must
/// hold exactly one piece. The unit walk took the givens alone as a solution
/// without checking the group's maximum.
#[test]
fn givens_that_overfill_a_group_leave_no_solution() {
    let mut cells = vec![0u8; 30];
    cells[2] = 7;
    cells[19] = 7;
    let raw = Raw {
        rows: 6,
        cols: 5,
        wrap: true,
        lines: 0,
        leaps: vec![],
        cells,
        regions: None,
        groups: vec![(2, 1, 1)],
    };
    let mut p = problem(&raw);
    p.piece.count = 2;
    assert_eq!(oracle::solutions(&p).len(), 0);
    assert_eq!(
        count(&p, &Budget::default()).unwrap().count,
        BigUint::from(0u8)
    );
    let options = crate::CountOptions {
        method: crate::plan::Method::Search,
        ..crate::CountOptions::default()
    };
    assert_eq!(p.plan().count(options).unwrap().count, 0);
}
