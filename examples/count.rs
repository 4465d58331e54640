//! Count N-queens solutions with the library's one count entry
//! (`placer::count`), n = 1..=10, and the unique ones; then a longer count
//! with progress.
//!
//! Run: `cargo run --release --example count`

use placer::search::Progress;
use placer::{Bindings, CountOptions, Problem, RuleSpec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let spec = RuleSpec::resolve("queens")?;
    for n in 1..=10 {
        let bindings = Bindings {
            set: vec![("n".into(), n)],
            ..Bindings::default()
        };
        let plan = Problem::bind(&spec, &bindings)?.plan();
        let all = CountOptions {
            threads: 2,
            ..CountOptions::default()
        };
        let total = placer::count(&plan, &all, |_| {})?;
        let unique = CountOptions {
            unique: true,
            ..CountOptions::default()
        };
        let classes = placer::count(&plan, &unique, |_| {})?;
        println!(
            "n = {n:2}: {:6} solutions, {:4} unique",
            total.count, classes.count
        );
    }
    // Progress: the count calls back as its parts finish (or, by the
    // row-frontier DP, before each cell).
    let bindings = Bindings {
        set: vec![("n".into(), 13)],
        ..Bindings::default()
    };
    let plan = Problem::bind(&spec, &bindings)?.plan();
    let mut reports = 0;
    let counted = placer::count(&plan, &CountOptions::default(), |p| {
        reports += 1;
        if let Progress::Parts(p) = p
            && p.done == p.of
        {
            println!("n = 13: all {} parts done", p.of);
        }
    })?;
    println!(
        "n = 13: {} solutions ({reports} progress reports)",
        counted.count
    );
    Ok(())
}
