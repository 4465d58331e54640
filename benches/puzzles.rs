//! Region puzzles: the most-constrained-unit kernel against plain row order on
//! the example puzzles, in the same process. Checks every count (each puzzle
//! has exactly one solution) and prints medians and the ratio.
//!
//! Run: `cargo bench --bench puzzles`

use std::time::Instant;

use placer::error::Source;
use placer::plan::Kernel;
use placer::{Bindings, CountOptions, Plan, Problem, RuleSpec};

fn plan(rule: &str, file: &str, set: &[(&str, i64)]) -> Plan {
    let path = format!("examples/puzzles/{file}");
    let text = std::fs::read_to_string(&path).expect("run from the repository root");
    let bindings = Bindings {
        set: set.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        regions: Some(Source::new(path, text)),
        cells: None,
    };
    let problem = Problem::bind(&RuleSpec::resolve(rule).unwrap(), &bindings).unwrap();
    problem.plan()
}

/// Median seconds of `runs` full counts; asserts the count is 1 each time.
fn time(plan: &Plan, runs: usize) -> (f64, u64) {
    let mut times = Vec::new();
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let tally = plan.count(CountOptions::default());
        times.push(start.elapsed().as_secs_f64());
        assert_eq!(
            tally.count, 1,
            "every example puzzle has exactly one solution"
        );
        nodes = tally.nodes;
    }
    times.sort_by(f64::total_cmp);
    (times[runs / 2], nodes)
}

fn main() {
    let puzzles = [
        ("region-queens", "queens-9.txt", vec![]),
        ("region-queens", "queens-10.txt", vec![]),
        ("region-queens", "queens-11.txt", vec![]),
        ("star-battle", "star-battle-10.txt", vec![("k", 2)]),
    ];
    println!("| puzzle | row order | nodes | unit first | nodes | ratio |");
    println!("|---|---|---|---|---|---|");
    for (rule, file, set) in puzzles {
        let units = plan(rule, file, &set);
        assert_eq!(units.kernel, Kernel::Units);
        let mut rows = units.clone();
        rows.kernel = Kernel::Generic { groups: true };
        let runs = 21;
        let (t_rows, n_rows) = time(&rows, runs);
        let (t_units, n_units) = time(&units, runs);
        println!(
            "| {file} | {:.3} ms | {n_rows} | {:.3} ms | {n_units} | {:.0}× |",
            t_rows * 1e3,
            t_units * 1e3,
            t_rows / t_units
        );
    }
}
