//! Count N-queens solutions with the library, n = 1..=10, and the unique ones.
//!
//! Run: `cargo run --release --example count`

use placer::{Bindings, CountOptions, Problem, RuleSpec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let spec = RuleSpec::resolve("queens")?;
    for n in 1..=10 {
        let bindings = Bindings {
            set: vec![("n".into(), n)],
            ..Bindings::default()
        };
        let plan = Problem::bind(&spec, &bindings)?.plan();
        let total = plan.count(CountOptions {
            threads: 2,
            ..CountOptions::default()
        });
        let unique = plan.count(CountOptions {
            unique: true,
            ..CountOptions::default()
        });
        println!(
            "n = {n:2}: {:6} solutions, {:4} unique",
            total.unwrap().count,
            unique.unwrap().count
        );
    }
    Ok(())
}
