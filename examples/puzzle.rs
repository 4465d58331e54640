//! A region puzzle from the library, task by task: generate one, count its
//! solutions, take a hint, and explain it to the end with its grade.
//!
//! Run: `cargo run --release --example puzzle`

use placer::logic::{Board, Next, path};
use placer::{CountOptions, RuleSpec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Generate: a 8×8 Queens game with one solution, the same for seed 7 on any machine.
    let spec = RuleSpec::resolve("region-queens")?;
    let puzzle = placer::generate::generate(&spec, &[], 8, 7, 1)?;
    println!("{}", puzzle.picture);

    // Count: is it unique? (count up to 2)
    let plan = puzzle.problem.clone().plan();
    let two = CountOptions {
        limit: Some(2),
        ..CountOptions::default()
    };
    let counted = placer::count(&plan, &two, |_| {})?;
    println!("solutions (up to 2): {}", counted.count);

    // Hint: the next logical step from the start.
    let board = Board::new(&puzzle.problem)?;
    if let Next::Step(step) = board.next() {
        println!("hint: {} — {}", step.technique.title(), step.reason);
    }

    // Explain: the whole path and its grade.
    let explained = path::explain(&puzzle.problem)?;
    let grade = explained.grade.map_or("none", |g| g.name());
    println!(
        "{} steps, {} guesses, grade {grade}",
        explained.steps.len(),
        explained.guesses
    );
    Ok(())
}
