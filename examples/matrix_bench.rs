//! Ranked and counted paths against plain enumeration, on random matrices.
//!
//! ```text
//! cargo run --release --example matrix_bench [-- MAX_N]
//! ```
//! For n × n matrices of random integers (about a quarter of the cells holes),
//! times: enumerating every selection to count them or to find the smallest
//! sum, against `count` (a permanent) and `top_k(1)` (an assignment). Each
//! answer is checked against the enumeration's.

use std::time::Instant;

use placer::matrix::{Bounds, Matrix, Sense, Threads, count, count_method, selections, top_k};

fn random(n: usize, seed: u64) -> Matrix {
    let mut state = seed;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let rows: Vec<Vec<Option<f64>>> = (0..n)
        .map(|_| {
            (0..n)
                .map(|_| {
                    let v = next();
                    (v % 4 != 0).then_some((v % 1000) as f64)
                })
                .collect()
        })
        .collect();
    Matrix::from_rows(&rows)
}

fn main() {
    let max_n: usize = std::env::args()
        .nth(1)
        .map_or(12, |a| a.parse().expect("MAX_N is a number"));
    println!(
        "{:>3} {:>12} {:>10} {:>10} {:>8} {:>12} {:>10} {:>8}",
        "n", "selections", "enum s", "count s", "ratio", "min sum", "top1 s", "ratio"
    );
    for n in 8..=max_n {
        let m = random(n, n as u64);
        let t = Instant::now();
        let mut all = 0u128;
        let mut best = f64::INFINITY;
        for s in selections(&m, Bounds::default()) {
            all += 1;
            best = best.min(s.sum);
        }
        let enum_secs = t.elapsed().as_secs_f64();

        let t = Instant::now();
        let counted = count(&m, &Threads::default()).expect("small matrices count");
        let count_secs = t.elapsed().as_secs_f64();
        assert_eq!(counted.to_u128(), Some(all), "count for n = {n}");

        let t = Instant::now();
        let top = top_k(&m, 1, Sense::Min);
        let top_secs = t.elapsed().as_secs_f64();
        assert_eq!(top.first().map(|s| s.sum), (all > 0).then_some(best));
        println!(
            "{n:>3} {all:>12} {enum_secs:>10.4} {count_secs:>10.6} {:>8.0} {best:>12} {top_secs:>10.6} {:>8.0}",
            enum_secs / count_secs,
            enum_secs / top_secs,
        );
    }
    // counting alone, beyond enumeration
    for (n, holes) in [(20, true), (25, true), (28, true), (200, false)] {
        let m = if holes {
            random(n, 7)
        } else {
            let mut m = Matrix::from_rows(&vec![vec![Some(1.0); n]; n]);
            // holes in 12 rows only: counted by holes
            for i in 0..12 {
                for j in [i, (i * 7 + 3) % n, (i * 13 + 5) % n] {
                    m.set_hole(i, j);
                }
            }
            m
        };
        let t = Instant::now();
        let c = count(&m, &Threads::default()).expect("within the limits");
        println!(
            "count {n}×{n} ({:?}): {:.3} s, {} digits",
            count_method(&m),
            t.elapsed().as_secs_f64(),
            c.to_string().len()
        );
    }
    // band matrices, |i − j| ≤ 2: the count alone, file reading aside
    for n in [500, 2000] {
        let rows: Vec<Vec<Option<f64>>> = (0..n)
            .map(|i: usize| {
                (0..n)
                    .map(|j: usize| (i.abs_diff(j) <= 2).then_some(1.0))
                    .collect()
            })
            .collect();
        let m = Matrix::from_rows(&rows);
        let t = Instant::now();
        let c = count(&m, &Threads::default()).expect("a band counts");
        println!(
            "count band {n}×{n} ({:?}): {:.4} s, {} digits",
            count_method(&m),
            t.elapsed().as_secs_f64(),
            c.to_string().len()
        );
    }
}
