//! `placer check`: validate rules and show the compiled plan; for puzzles
//! (regions or givens), whether the solution is unique.

use std::io::{self, Write};

use anyhow::Result;

use super::{BindArgs, Outcome, load};
use crate::output::{self, Format};
use crate::search::Solution;

/// Runs `placer check`.
pub(super) fn run(rules: &str, bind: &BindArgs) -> Result<Outcome> {
    let plan = load(rules, bind)?.plan();
    let mut out = io::stdout().lock();
    write!(out, "{}", plan.describe())?;
    if plan.problem.regions.is_some() || !plan.problem.givens.is_empty() {
        let two: Vec<Solution> = plan.solutions(false).take(2).collect();
        writeln!(out, "solution: {}", verdict(&two))?;
        let mut printer = output::sink(
            Format::Board,
            &plan.problem,
            plan.problem.values.as_deref(),
            &mut out,
        )?;
        for s in &two {
            printer.write(s)?;
        }
        printer.into_result()?;
    }
    Ok(Outcome::Done)
}

/// Unique, none, or where the first two solutions differ.
fn verdict(two: &[Solution]) -> String {
    match two {
        [] => "no solution".to_string(),
        [_] => "unique".to_string(),
        [a, b, ..] => {
            let at = a
                .cells
                .iter()
                .zip(&b.cells)
                .position(|(x, y)| x != y)
                .unwrap_or(0);
            let (r, c) = a.cells[at];
            format!("several (first two differ at ({}, {}))", r + 1, c + 1)
        }
    }
}
