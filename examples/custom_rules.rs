//! Define rules in TOML text, bind a parameter, and walk the solutions lazily.
//!
//! Run: `cargo run --release --example custom_rules`

use placer::{Bindings, CountOptions, Problem, RuleSpec};

const RULES: &str = r#"
name = "amazons"
summary = "n amazons (queen + knight) on an n×n board with the centre blocked"

[params]
n = 11

[board]
rows = "n"
holes = [[6, 6]]

[piece]
name = "amazon"
symbol = "A"
lines = ["row", "column", "diagonal", "anti-diagonal"]
leaps = ["knight"]
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let spec = RuleSpec::parse("amazons.toml", RULES)?;
    let plan = Problem::bind(&spec, &Bindings::default())?.plan();
    println!("{}", plan.describe());
    println!(
        "count: {}",
        plan.count(CountOptions::default()).unwrap().count
    );
    for solution in plan.solutions(false).take(3) {
        let cols: Vec<String> = solution
            .cells
            .iter()
            .map(|&(_, c)| (c + 1).to_string())
            .collect();
        println!("{}", cols.join(" "));
    }
    // A bad parameter is an error with a location, never a panic.
    let bad = Bindings {
        set: vec![("n".into(), -3)],
        ..Bindings::default()
    };
    if let Err(e) = Problem::bind(&spec, &bad) {
        println!("error: {e}");
    }
    Ok(())
}
