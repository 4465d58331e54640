//! Times the permutation kernel against a faithful Rust port of seed 004's
//! recursive bitmask counter (and, when gcc is available, against our C
//! statement of it in `bench/seed.c`, built with `gcc -O2`).
//!
//! ```text
//! cargo bench --bench queens -- 12 16      # n = 12..=16 (default)
//! cargo bench --bench queens -- 17 17 3    # n = 17, 3 alternating runs
//! cargo bench --bench queens -- kernel 16 2 # one count (for callgrind, time)
//! cargo bench --bench queens -- seed 16     # one count of the seed port
//! cargo bench --bench queens -- subs 16     # the split and its balance
//! cargo bench --bench queens -- split 16    # nodes by row-0 column
//! ```
//!
//! Runs alternate (seed port, C seed, kernel) so drift hits all of them
//! alike; the table shows medians. Every count is checked against the seed's
//! published table.

use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use placer::{Bindings, CountOptions, Plan, Problem, RuleSpec, Tally};

/// Seed 004's published counts, n = 1..=25.
const SEED_TABLE: [u128; 25] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
    314666222712,
    2691008701644,
    24233937684440,
    227514171973736,
    2207893435808352,
];

/// Seed 004's `test(row, ld, rd)`, ported as is: recursion, `long long`
/// masks, `pos & -pos`, `pos -= p`, a global sum (here `&mut`).
fn seed_test(row: i64, ld: i64, rd: i64, mark: i64, sum: &mut i64) {
    if row != mark {
        let mut pos = mark & !(row | ld | rd);
        while pos != 0 {
            let p = pos & pos.wrapping_neg();
            pos -= p;
            seed_test(row + p, (ld + p) << 1, (rd + p) >> 1, mark, sum);
        }
    } else {
        *sum += 1;
    }
}

/// Seed 004's `main` for one n.
fn seed_count(n: usize) -> i64 {
    let mut sum = 0;
    let mark = (1i64 << n) - 1;
    seed_test(0, 0, 0, mark, &mut sum);
    sum
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn runs_for(n: usize) -> usize {
    match n {
        0..=14 => 9,
        15 => 7,
        16 => 5,
        _ => 3,
    }
}

/// Builds `bench/seed.c` with gcc -O2 into target/; None without gcc.
fn build_c_seed() -> Option<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = format!("{root}/target/seed_c");
    let ok = Command::new("gcc")
        .args(["-O2", "-o", &out, &format!("{root}/bench/seed.c")])
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    ok.then_some(out)
}

/// The plan of n-queens: the built-in rules, counted by the permutation kernel.
fn queens(n: usize) -> Plan {
    let spec = RuleSpec::resolve("queens").expect("built-in queens");
    let bindings = Bindings {
        set: vec![("n".into(), n as i64)],
        ..Bindings::default()
    };
    Problem::bind(&spec, &bindings)
        .expect("n-queens binds")
        .plan()
}

/// Counts `plan` on `threads` threads: the permutation kernel on the one runner.
fn count(plan: &Plan, threads: usize) -> Tally {
    plan.count(CountOptions {
        threads,
        ..CountOptions::default()
    })
    .expect("counts")
}

/// Runs the C seed once: (count, seconds measured inside the program).
fn run_c_seed(bin: &str, n: usize) -> (u128, f64) {
    let out = Command::new(bin)
        .arg(n.to_string())
        .output()
        .expect("run C seed");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace();
    let count = it
        .next()
        .and_then(|s| s.parse().ok())
        .expect("C seed count");
    let secs = it.next().and_then(|s| s.parse().ok()).expect("C seed time");
    (count, secs)
}

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let v = f();
    (v, t.elapsed().as_secs_f64())
}

fn main() {
    // `-- seed N` / `-- kernel N [THREADS]`: one count, for callgrind or perf.
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if let [mode, n, rest @ ..] = raw.as_slice() {
        if mode == "subs" {
            let n: usize = n.parse().expect("n");
            let t = Instant::now();
            let plan = queens(n);
            let subs = plan.subproblems();
            let mut lens = std::collections::BTreeMap::new();
            for s in &subs {
                *lens.entry(s.cells(n).len()).or_insert(0) += 1;
            }
            println!(
                "{} subproblems in {:.3}s, by length {lens:?}",
                subs.len(),
                t.elapsed().as_secs_f64()
            );
            let nodes: Vec<u64> = subs
                .iter()
                .map(|s| plan.count_subproblem(s, false).expect("counts").nodes)
                .collect();
            let total: u64 = nodes.iter().sum();
            let max = nodes.iter().max().copied().unwrap_or(0);
            // Greedy in list order on 2 workers (what rayon approximates).
            let mut w = [0u64; 2];
            for &k in &nodes {
                let i = usize::from(w[1] < w[0]);
                w[i] += k;
            }
            println!(
                "largest subproblem {:.3}% of nodes; 2 workers, greedy: {:.3}x",
                100.0 * max as f64 / total as f64,
                total as f64 / w[0].max(w[1]) as f64
            );
            return;
        }
        if mode == "split" {
            let n: usize = n.parse().expect("n");
            let plan = queens(n);
            let mut by = std::collections::BTreeMap::new();
            for s in plan.subproblems() {
                let cols: Vec<usize> = s.cells(n).iter().map(|&(_, c)| c).collect();
                let key = if cols[0] == 0 { 100 + cols[1] } else { cols[0] };
                let c = plan.count_subproblem(&s, true).expect("counts");
                let e = by.entry(key).or_insert((0u64, 0u128));
                e.0 += c.nodes;
                e.1 += c.count;
            }
            println!("{by:?}");
            return;
        }
        if mode == "seed" || mode == "kernel" {
            let n: usize = n.parse().expect("n");
            let total = if mode == "seed" {
                seed_count(n) as u128
            } else {
                let threads = rest.first().and_then(|t| t.parse().ok()).unwrap_or(1);
                let c = count(&queens(n), threads);
                eprintln!("nodes {}", c.nodes);
                c.count
            };
            assert_eq!(total, SEED_TABLE[n - 1]);
            println!("{total}");
            return;
        }
    }
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let lo = args.first().copied().unwrap_or(12).clamp(1, 25);
    let hi = args.get(1).copied().unwrap_or(16).clamp(lo, 25);
    let runs_override = args.get(2).copied();
    let c_seed = build_c_seed();
    println!(
        "| n | runs | seed (Rust) s | seed (gcc -O2) s | kernel -j1 s | kernel / seed (Rust) | kernel / seed (gcc) | kernel Mnodes/s |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for n in lo..=hi {
        let want = SEED_TABLE[n - 1];
        let runs = runs_override.unwrap_or_else(|| runs_for(n));
        let (mut ts, mut tc, mut tk) = (Vec::new(), Vec::new(), Vec::new());
        let mut nodes = 0;
        for _ in 0..runs {
            let (got, t) = time(|| seed_count(black_box(n)));
            assert_eq!(got as u128, want, "seed port, n = {n}");
            ts.push(t);
            if let Some(bin) = &c_seed {
                let (got, t) = run_c_seed(bin, n);
                assert_eq!(got, want, "C seed, n = {n}");
                tc.push(t);
            }
            let plan = queens(n);
            let (got, t) = time(|| count(black_box(&plan), 1));
            assert_eq!(got.count, want, "kernel, n = {n}");
            nodes = got.nodes;
            tk.push(t);
        }
        let (s, k) = (median(&mut ts), median(&mut tk));
        let (c_cell, c_ratio) = if tc.is_empty() {
            ("-".to_string(), "-".to_string())
        } else {
            let c = median(&mut tc);
            (format!("{c:.4}"), format!("{:.3}", k / c))
        };
        println!(
            "| {n} | {runs} | {s:.4} | {c_cell} | {k:.4} | {:.3} | {c_ratio} | {:.0} |",
            k / s,
            nodes as f64 / k / 1e6
        );
    }
    if lo <= 16 && 16 <= hi {
        let runs = runs_override.unwrap_or(5);
        let (mut t1, mut t2) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            for (threads, v) in [(1, &mut t1), (2, &mut t2)] {
                let plan = queens(16);
                let (got, t) = time(|| count(black_box(&plan), threads));
                assert_eq!(got.count, SEED_TABLE[15]);
                v.push(t);
            }
        }
        let (a, b) = (median(&mut t1), median(&mut t2));
        println!();
        println!("| n = 16 | runs | -j1 s | -j2 s | speed-up |");
        println!("|---|---|---|---|---|");
        println!("| kernel | {runs} | {a:.4} | {b:.4} | {:.2}x |", a / b);
    }
}
