//! Known counts are tests: each row names a built-in rule, the parameters to
//! set for each `n`, and the published values, with the OEIS entry they come
//! from. Rows that are slow in a debug build carry `#[ignore]`; run them with
//! `cargo test --release -- --ignored`.

use placer::{Bindings, CountOptions, Engine, Method, Problem, RuleSpec, Source};

/// Counts the built-in `rule` with `set`, on 2 threads.
fn count(rule: &str, set: &[(&str, i64)], unique: bool) -> u128 {
    let spec = RuleSpec::resolve(rule).unwrap_or_else(|e| panic!("{e}"));
    let bindings = Bindings {
        set: set.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
        ..Bindings::default()
    };
    let plan = Problem::bind(&spec, &bindings)
        .unwrap_or_else(|e| panic!("{rule} {set:?}: {e}"))
        .plan();
    plan.count(CountOptions {
        threads: 2,
        limit: None,
        unique,
        ..CountOptions::default()
    })
    .unwrap()
    .count
}

/// `name: "rule" [unique]; n in RANGE => [param = expr, ...]; [values];`
/// becomes a test that counts the rule for each `n` in the range, with the
/// parameters set from `n`, and compares with the values in order.
macro_rules! published {
    ($(
        $(#[$meta:meta])*
        $test:ident: $rule:literal $($unique:ident)?;
        $n:ident in $range:expr => [$($key:ident = $value:expr),+ $(,)?];
        [$($count:expr),+ $(,)?];
    )*) => {$(
        $(#[$meta])*
        #[test]
        fn $test() {
            let expected: &[u128] = &[$($count),+];
            let unique = false $(|| stringify!($unique) == "unique")?;
            assert_eq!(($range).count(), expected.len(), "one value per n");
            for ($n, &want) in ($range).zip(expected) {
                let set: Vec<(&str, i64)> = vec![$((stringify!($key), $value)),+];
                assert_eq!(count($rule, &set, unique), want, "{} {set:?}", $rule);
            }
        }
    )*};
}

published! {
    /// A000170: n queens.
    queens_a000170: "queens"; n in 1..=12 => [n = n];
        [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    /// A000170, n = 13 to 17: slow in a debug build (n = 17 takes about
    /// 4 s on two threads in a release build).
    #[ignore = "slow in debug; run with --release -- --ignored"]
    queens_a000170_large: "queens"; n in 13..=17 => [n = n];
        [73712, 365596, 2279184, 14772512, 95815104];
    /// A002562, n = 11 to 17.
    #[ignore = "slow in debug; run with --release -- --ignored"]
    queens_unique_a002562_large: "queens" unique; n in 11..=17 => [n = n];
        [341, 1787, 9233, 45752, 285053, 1846955, 11977939];
    /// A002562: n queens, symmetric solutions counted once.
    queens_unique_a002562: "queens" unique; n in 1..=10 => [n = n];
        [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];
    /// A000142: n rooks, n!.
    rooks_a000142: "rooks"; n in 1..=7 => [n = n];
        [1, 2, 6, 24, 120, 720, 5040];
    /// A000079: 2n - 2 bishops (the most that fit) in 2^n ways, n >= 2.
    bishops_a000079: "bishops"; n in 2..=6 => [n = n];
        [4, 8, 16, 32, 64];
    /// A051223: n superqueens (queen + knight).
    superqueens_a051223: "superqueens"; n in 1..=11 => [n = n];
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44];
    /// A051906 (n-indexed; its odd terms are A007705): n queens on a torus.
    torus_queens_a051906: "torus-queens"; n in 1..=11 => [n = n];
        [1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88];
    /// A002464: Hertzsprung's problem, n kings one per row and column.
    hertzsprung_a002464: "hertzsprung"; n in 1..=9 => [n = n];
        [1, 0, 0, 2, 14, 90, 646, 5242, 47622];
    /// A201540: n knights on n × n, no two a knight's move apart.
    knights_a201540: "knights"; n in 1..=5 => [n = n];
        [1, 6, 36, 412, 9386];
    /// A201540, n = 6.
    #[ignore = "slow in debug; run with --release -- --ignored"]
    knights_a201540_large: "knights"; n in 6..=6 => [n = n];
        [257318];
    /// A018807: n² kings on a 2n × 2n board (the most that fit).
    kings_a018807: "kings"; n in 1..=3 => [n = 2 * n, count = n * n];
        [4, 79, 3600];
    /// A319096: n² kings on a 2n × 2n board, each class under the 8
    /// symmetries of the square counted once.
    kings_unique_a319096: "kings" unique; n in 1..=3 => [n = 2 * n, count = n * n];
        [1, 14, 459];
    /// A319096, n = 4.
    #[ignore = "slow in debug; run with --release -- --ignored"]
    kings_unique_a319096_large: "kings" unique; n in 4..=4 => [n = 2 * n, count = n * n];
        [35312];
    /// A061998: 5 kings on an n × n board.
    kings_five_a061998: "kings"; n in 3..=6 => [n = n, count = 5];
        [0, 0, 1974, 42368];
}

/// The row-frontier DP's count of the built-in `rule` with `set` (and, if
/// given, a cells picture: `#` a hole).
fn dp(rule: &str, set: &[(&str, i64)], cells: Option<String>) -> String {
    let spec = RuleSpec::resolve(rule).unwrap_or_else(|e| panic!("{e}"));
    let bindings = Bindings {
        set: set.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
        cells: cells.map(|text| Source::new("<cells>", &text)),
        ..Bindings::default()
    };
    let problem = Problem::bind(&spec, &bindings).unwrap_or_else(|e| panic!("{e}"));
    let frontier = CountOptions {
        method: Method::Frontier,
        ..CountOptions::default()
    };
    let counted =
        placer::count(&problem.clone().plan(), &frontier, |_| {}).unwrap_or_else(|e| panic!("{e}"));
    if counted.unmeetable.is_none() {
        assert_eq!(counted.engine, Engine::Frontier, "{rule} {set:?}");
    }
    // Where the search is quick, it must agree.
    if problem.cells() <= 49 && !problem.wrap() {
        let searched = problem
            .clone()
            .plan()
            .count(CountOptions::default())
            .unwrap()
            .count;
        assert_eq!(
            counted.count.to_string(),
            searched.to_string(),
            "{rule} {set:?}"
        );
    }
    counted.count.to_string()
}

/// Compares the DP with published terms, n = `first`, `first + 1`, ...
fn check_dp(first: i64, terms: &[&str], count: impl Fn(i64) -> String) {
    for (n, want) in (first..).zip(terms) {
        assert_eq!(count(n), *want, "n = {n}");
    }
}

/// A000142 through the DP: n rooks, n! (checked against the product).
#[test]
fn rooks_a000142_frontier() {
    for n in 1..=30u32 {
        let factorial: num_bigint::BigUint = (1..=n).map(num_bigint::BigUint::from).product();
        assert_eq!(dp("rooks", &[("n", n.into())], None), factorial.to_string());
    }
}

/// A002464 through the DP: Hertzsprung's problem (n = 14..30 also agree with
/// the recurrence in `benches/frontier.rs`).
#[test]
fn hertzsprung_a002464_frontier() {
    let terms = [
        "1",
        "0",
        "0",
        "2",
        "14",
        "90",
        "646",
        "5242",
        "47622",
        "479306",
        "5296790",
        "63779034",
        "831283558",
    ];
    check_dp(1, &terms, |n| dp("hertzsprung", &[("n", n)], None));
}

/// A002464, n = 14..=20: the runs of free columns keep the DP small.
#[test]
fn hertzsprung_a002464_frontier_large() {
    let terms = [
        "11661506218",
        "175203184374",
        "2806878055610",
        "47767457130566",
        "860568917787402",
        "16362838542699862",
        "327460573946510746",
    ];
    check_dp(14, &terms, |n| dp("hertzsprung", &[("n", n)], None));
}

/// A002465 through the DP: n bishops on n × n (n = 10..16 also agree with the
/// Ferrers-board rook numbers in `benches/frontier.rs`).
#[test]
fn bishops_a002465_frontier() {
    let terms = [
        "1",
        "4",
        "26",
        "260",
        "3368",
        "53744",
        "1022320",
        "22522960",
        "565532992",
        "15915225216",
        "496911749920",
        "17029582652416",
        "636101065346560",
        "25705530908501760",
        "1118038500044633088",
        "52054862490790200576",
    ];
    check_dp(1, &terms, |n| {
        dp("bishops", &[("n", n), ("count", n)], None)
    });
}

/// A018807 through the DP: n² kings on 2n × 2n (n = 4..7 also from
/// `bench/transfer.c`).
#[test]
fn kings_a018807_frontier() {
    let terms = [
        "4",
        "79",
        "3600",
        "281571",
        "32572756",
        "5109144543",
        "1027533353168",
    ];
    check_dp(1, &terms, |n| {
        dp("kings", &[("n", 2 * n), ("count", n * n)], None)
    });
}

/// A201540 through the DP: n knights on n × n (n = 6..8 also from
/// `bench/transfer.c`).
#[test]
fn knights_a201540_frontier() {
    let terms = [
        "1",
        "6",
        "36",
        "412",
        "9386",
        "257318",
        "8891854",
        "379978716",
    ];
    check_dp(1, &terms, |n| {
        dp("knights", &[("n", n), ("count", n)], None)
    });
}

/// Rooks with holes on the cells `(i, i + shift) mod n` for each shift.
fn rooks_avoiding(n: i64, shifts: &'static [usize]) -> String {
    let n = n as usize;
    let picture: String = (0..n)
        .map(|i| {
            let row: String = (0..n)
                .map(|j| {
                    if shifts.iter().any(|s| (i + s) % n == j) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            row + "\n"
        })
        .collect();
    dp("rooks", &[("n", n as i64)], Some(picture))
}

/// A000166 through the DP: derangements, rooks off the diagonal; n = 1 has
/// no free cell and counts 0.
#[test]
fn derangements_a000166_frontier() {
    let terms = [
        "0", "1", "2", "9", "44", "265", "1854", "14833", "133496", "1334961",
    ];
    check_dp(1, &terms, |n| rooks_avoiding(n, &[0]));
}

/// A000179 through the DP: the ménage numbers, rooks off two adjacent
/// wrapped diagonals (a(1) is 0 here: one cell, a hole).
#[test]
fn menage_a000179_frontier() {
    let terms = [
        "0", "0", "1", "2", "13", "80", "579", "4738", "43387", "439792",
    ];
    check_dp(1, &terms, |n| rooks_avoiding(n, &[0, 1]));
}
