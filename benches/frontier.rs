//! The row-frontier DP on the questions of issue 17, each timed and checked.
//! Run: `cargo bench --bench frontier` (release, one thread); `-- N` runs
//! Hertzsprung's problem up to n = N (default 20).
//!
//! Each row prints the rule, the count, whether it matches the expected value
//! (an independent source: a formula, the brute-force-checked small terms, or
//! the baseline in `bench/`), the seconds and the peak states.

use std::time::Instant;

use num_bigint::BigUint;
use placer::engine::frontier::{self, Budget};
use placer::{Bindings, Problem, RuleSpec};

fn bind(name: &str, set: &[(&str, i64)]) -> Problem {
    let spec = RuleSpec::resolve(name).expect("built-in rule");
    let bindings = Bindings {
        set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        ..Bindings::default()
    };
    Problem::bind(&spec, &bindings).expect("binds")
}

fn factorial(n: u32) -> BigUint {
    (1..=n).map(BigUint::from).product()
}

/// k non-attacking bishops on n×n from rook numbers of Ferrers boards: each
/// colour's anti-diagonals, shortest first, each holding all the diagonals
/// the shorter ones hold, so r_k grows by (len - (k - 1)) r_(k-1).
fn bishops(n: usize, k: usize) -> BigUint {
    let colour = |parity: usize| {
        let mut lens: Vec<usize> = (0..2 * n - 1)
            .filter(|s| s % 2 == parity)
            .map(|s| s.min(2 * n - 2 - s) + 1)
            .collect();
        lens.sort_unstable();
        let mut r = vec![BigUint::from(1u8)];
        for len in lens {
            let mut next = r.clone();
            next.push(BigUint::default());
            for j in 1..next.len() {
                if len + 1 >= j {
                    next[j] += &r[j - 1] * BigUint::from(len + 1 - j);
                }
            }
            r = next;
        }
        r
    };
    let (a, b) = (colour(0), colour(1));
    (0..=k)
        .filter(|&i| i < a.len() && k - i < b.len())
        .map(|i| &a[i] * &b[k - i])
        .sum()
}

/// Hertzsprung's problem by its recurrence (OEIS A002464):
/// a(n) = (n+1) a(n-1) - (n-2) a(n-2) - (n-5) a(n-3) + (n-3) a(n-4).
fn hertzsprung(n: usize) -> BigUint {
    let mut a: Vec<i128> = vec![1, 1, 0, 0];
    for m in 4..=n as i128 {
        let i = m as usize;
        a.push((m + 1) * a[i - 1] - (m - 2) * a[i - 2] - (m - 5) * a[i - 3] + (m - 3) * a[i - 4]);
    }
    BigUint::from(a[n] as u128)
}

fn row(what: &str, problem: &Problem, expected: &BigUint) {
    let started = Instant::now();
    let counted = frontier::count(problem, &Budget::default()).expect("counts");
    let seconds = started.elapsed().as_secs_f64();
    let ok = if &counted.count == expected {
        "ok"
    } else {
        "WRONG"
    };
    println!(
        "{what:<28} {:>36} {ok:>5} {seconds:>8.3} s {:>10} states",
        counted.count.to_string(),
        counted.stats.peak_states
    );
    assert_eq!(&counted.count, expected, "{what}");
}

fn main() {
    let big = |s: &str| s.parse::<BigUint>().expect("a number");
    println!(
        "{:<28} {:>36} {:>5} {:>10} {:>17}",
        "question", "count", "check", "time", "peak"
    );
    // Knight and king counts: bench/transfer.c computes the same numbers.
    row(
        "9 knights on 8x8",
        &bind("knights", &[("n", 8), ("count", 9)]),
        &big("1167053680"),
    );
    row(
        "25 kings on 9x9",
        &bind("kings", &[("n", 9), ("count", 25)]),
        &big("1"),
    );
    row(
        "18 bishops on 10x10",
        &bind("bishops", &[("n", 10)]),
        &big("1024"),
    );
    row(
        "bishops n=12 (2n-2)",
        &bind("bishops", &[("n", 12)]),
        &big("4096"),
    );
    for n in [14, 30] {
        row(
            &format!("rooks n={n}"),
            &bind("rooks", &[("n", n)]),
            &factorial(n as u32),
        );
    }
    for (k, n, c) in [(36, 12, "5109144543"), (49, 14, "1027533353168")] {
        let p = bind("kings", &[("n", n), ("count", k)]);
        row(&format!("{k} kings on {n}x{n}"), &p, &big(c));
    }
    for n in 10..=16 {
        let p = bind("bishops", &[("n", n), ("count", n)]);
        row(
            &format!("{n} bishops on {n}x{n}"),
            &p,
            &bishops(n as usize, n as usize),
        );
    }
    // Hertzsprung up to n = 20 (`-- N` for another last n).
    let last = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<i64>().ok())
        .unwrap_or(20);
    for n in 14..=last {
        let p = bind("hertzsprung", &[("n", n)]);
        row(&format!("hertzsprung n={n}"), &p, &hertzsprung(n as usize));
    }
    let started = Instant::now();
    let knights = bind("knights", &[("n", 8)]);
    let (all, _) = frontier::polynomial(&knights, &Budget::default()).expect("counts");
    println!(
        "{:<28} {:>36} {:>5} {:>8.3} s",
        "knights 8x8, k = 0..=32",
        all[32].to_string(),
        "",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(all[9], big("1167053680"));
}
