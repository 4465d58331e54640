//! `placer check`: validate rules and show the compiled plan; for puzzles
//! (regions or givens), what [`crate::logic::check`] finds: whether the
//! solution is unique, and for a small unique region puzzle its grade.

use std::io::Write;

use anyhow::Result;

use super::{BindArgs, Outcome, load};
use crate::logic::check::{Check, Verdict, check};
use crate::logic::path::{self, Path};
use crate::logic::{Technique, grade::Grade};
use crate::output::{self, Format};
use crate::problem::Problem;

/// Runs `placer check`.
pub(super) fn run(rules: &str, bind: &BindArgs) -> Result<Outcome> {
    let plan = load(rules, bind)?.plan();
    let mut out = super::stdout();
    write!(out, "{}", plan.describe())?;
    if plan.problem.regions.is_some() || !plan.problem.givens.is_empty() {
        let found = check(&plan);
        writeln!(out, "solution: {}", verdict(&plan.problem, &found))?;
        if let Some(path) = &found.path
            && let Some(grade) = path.grade
        {
            writeln!(out, "grade:    {}", describe_grade(path, grade))?;
        }
        let mut printer = output::sink(
            Format::Board,
            &plan.problem,
            plan.problem.values.as_deref(),
            &mut out,
        )?;
        for s in &found.solutions {
            printer.write(s)?;
        }
        printer.into_result()?;
    }
    Ok(Outcome::Done)
}

/// No solution (with why, when the rules say so at once), unique, or not
/// unique with where the first two solutions differ.
fn verdict(problem: &Problem, found: &Check) -> String {
    match found.verdict() {
        Verdict::None => match &found.unmeetable {
            Some(why) => format!("no solution ({why})"),
            None => "no solution".to_string(),
        },
        Verdict::Unique => "unique".to_string(),
        Verdict::Several => path::not_unique(problem, &found.differ),
    }
}

/// The grade and what earns it: `medium (3 techniques: neighbours, …)`, and
/// the number of guesses when logic runs out.
fn describe_grade(path: &Path, grade: Grade) -> String {
    let mut used: Vec<Technique> = Vec::new();
    for s in &path.steps {
        if s.technique != Technique::Guess && !used.contains(&s.technique) {
            used.push(s.technique);
        }
    }
    used.sort_by_key(|&t| Grade::of(t));
    let names: Vec<&str> = used.iter().map(|t| t.name()).collect();
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut text = format!(
        "{} ({}: {}",
        grade.name(),
        count(used.len(), "technique", "techniques"),
        names.join(", ")
    );
    if path.guesses > 0 {
        text += &format!("; {}", count(path.guesses, "guess", "guesses"));
    }
    text + ")"
}
