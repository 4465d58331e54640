//! Region puzzles: the propagating kernel against the unit walker it replaced,
//! run alternately in the same process, on the example puzzles, on a few
//! hundred generated puzzles by bucket (region-queens 6–12, one star 8–10,
//! two stars 10, three stars 14, four stars 17: median and max per bucket) and on the
//! published hard Star Battles in `$PLACER_PUZZLES` (default
//! `../shared/puzzles`; `star4-…` has 4 stars). Every count is checked (each
//! puzzle has exactly one solution); it prints CPU-free medians (wall clock
//! of the fastest-of-alternating runs) and nodes. The unit walker runs on the
//! hard ones only with `PLACER_BENCH_OLD_HARD=1` (it takes minutes there).
//!
//! Run: `cargo bench --bench puzzles`

use std::time::Instant;

use placer::error::Source;
use placer::generate::generate;
use placer::plan::Engine;
use placer::{Bindings, CountOptions, Plan, Problem, RuleSpec};

fn plan(rule: &str, path: &str, text: String, k: i64) -> Plan {
    let bindings = Bindings {
        set: if rule == "star-battle" {
            vec![("k".into(), k)]
        } else {
            Vec::new()
        },
        regions: Some(Source::new(path, text)),
        cells: None,
    };
    Problem::bind(&RuleSpec::resolve(rule).unwrap(), &bindings)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .plan()
}

/// Seconds and nodes of one uniqueness proof (`--limit 2 --count`).
fn prove(plan: &Plan) -> (f64, u64) {
    let start = Instant::now();
    let tally = plan
        .count(CountOptions {
            limit: Some(2),
            ..CountOptions::default()
        })
        .expect("counts");
    let t = start.elapsed().as_secs_f64();
    assert_eq!(
        tally.count, 1,
        "every bench puzzle has exactly one solution"
    );
    (t, tally.nodes)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs new and (when `old`) the unit walker alternately `runs` times.
fn row(name: &str, plan: &Plan, old: bool, runs: usize) {
    let mut new = plan.clone();
    new.engine = Engine::Propagate;
    let new = &new;
    let mut units = plan.clone();
    units.engine = Engine::Units;
    let (mut tn, mut to) = (Vec::new(), Vec::new());
    let (mut nn, mut no) = (0, 0);
    for _ in 0..runs {
        let (t, n) = prove(new);
        tn.push(t);
        nn = n;
        if old {
            let (t, n) = prove(&units);
            to.push(t);
            no = n;
        }
    }
    let (tn, to) = (median(tn), if old { median(to) } else { f64::NAN });
    println!(
        "| {name} | {} | {:.3} ms | {no} | {:.3} ms | {nn} | {:.1}× |",
        plan.engine.describe(),
        to * 1e3,
        tn * 1e3,
        to / tn
    );
}

/// Seconds and nodes of both kernels on one puzzle (the unit walker only
/// when `old`, else NaN and 0): fastest of `runs` alternating runs,
/// propagating first.
fn both(plan: &Plan, runs: usize, old: bool) -> [(f64, u64); 2] {
    let mut out = [(f64::INFINITY, 0); 2];
    if !old {
        out[1].0 = f64::NAN;
    }
    let methods = if old {
        &[Engine::Propagate, Engine::Units][..]
    } else {
        &[Engine::Propagate]
    };
    for _ in 0..runs {
        for (i, &method) in methods.iter().enumerate() {
            let mut p = plan.clone();
            p.engine = method;
            let (t, n) = prove(&p);
            out[i] = (out[i].0.min(t), n);
        }
    }
    out
}

/// Median and max of a bucket's column.
fn spread<T: Copy + PartialOrd>(mut v: Vec<T>) -> (T, T) {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    (v[v.len() / 2], v[v.len() - 1])
}

/// Generated puzzles by bucket (only sizes the generator makes quickly):
/// per bucket, median / max of nodes and milliseconds of each kernel.
fn buckets() {
    println!();
    println!(
        "| generated bucket | puzzles | unit walker nodes med / max | ms med / max | propagating nodes med / max | ms med / max |"
    );
    println!("|---|---|---|---|---|---|");
    // The unit walker runs on 3 and 4 stars only with PLACER_BENCH_OLD_HARD=1.
    let old_hard = std::env::var("PLACER_BENCH_OLD_HARD").is_ok_and(|v| v == "1");
    let generated = [
        ("region-queens", 1, 6..=12, 20, true),
        ("star-battle", 1, 8..=10, 20, true),
        ("star-battle", 2, 10..=10, 60, true),
        ("star-battle", 3, 14..=14, 6, old_hard),
        ("star-battle", 4, 17..=17, 6, old_hard),
    ];
    for (rule, k, sizes, seeds, with_units) in generated {
        let spec = RuleSpec::resolve(rule).unwrap();
        let set = if rule == "star-battle" {
            vec![("k".to_string(), k)]
        } else {
            Vec::new()
        };
        for size in sizes {
            let mut runs: [Vec<(f64, u64)>; 2] = [Vec::new(), Vec::new()];
            for seed in 1..=seeds {
                let Ok(p) = generate(&spec, &set, size, seed, 1) else {
                    continue;
                };
                let [new, old] = both(&p.problem.plan(), 3, with_units);
                runs[0].push(old);
                runs[1].push(new);
            }
            if runs[0].is_empty() {
                continue;
            }
            let cols: Vec<String> = runs
                .iter()
                .flat_map(|r| {
                    if r.iter().any(|x| x.0.is_nan()) {
                        return ["–".to_string(), "–".to_string()];
                    }
                    let (nm, nx) = spread(r.iter().map(|x| x.1).collect());
                    let (tm, tx) = spread(r.iter().map(|x| x.0 * 1e3).collect());
                    [format!("{nm} / {nx}"), format!("{tm:.3} / {tx:.3}")]
                })
                .collect();
            println!(
                "| {rule} k={k} {size}×{size} | {} | {} |",
                runs[0].len(),
                cols.join(" | ")
            );
        }
    }
    println!();
}

fn main() {
    println!("| puzzle | plan's kernel | unit walker | nodes | propagating | nodes | speed-up |");
    println!("|---|---|---|---|---|---|---|");
    for (rule, file, k) in [
        ("region-queens", "queens-9.txt", 1),
        ("region-queens", "queens-10.txt", 1),
        ("region-queens", "queens-11.txt", 1),
        ("star-battle", "star-battle-10.txt", 2),
    ] {
        let path = format!("examples/puzzles/{file}");
        let text = std::fs::read_to_string(&path).expect("run from the repository root");
        row(file, &plan(rule, &path, text, k), true, 11);
    }
    buckets();
    let dir = std::env::var("PLACER_PUZZLES").unwrap_or_else(|_| "../shared/puzzles".into());
    let old_hard = std::env::var("PLACER_BENCH_OLD_HARD").is_ok_and(|v| v == "1");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(k) = name
            .strip_prefix("star")
            .and_then(|s| s[..1].parse::<i64>().ok())
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let p = plan("star-battle", &path.to_string_lossy(), text, k);
        row(&name, &p, old_hard, 3);
    }
}
