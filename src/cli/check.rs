//! `placer check`: validate rules and show the compiled plan; for puzzles
//! (regions or givens), whether the solution is unique, and for a small region
//! puzzle with a solution its grade (see [`crate::logic`]).

use std::io::{self, Write};

use anyhow::Result;

use super::{BindArgs, Outcome, load};
use crate::logic::path::{self, Path};
use crate::logic::{Technique, grade::Grade};
use crate::output::{self, Format};
use crate::problem::Problem;
use crate::search::Solution;

/// The most cells a puzzle may have for `check` to walk its logical path:
/// 16×16, where the path takes well under a second.
const GRADE_MAX_CELLS: usize = 256;

/// Runs `placer check`.
pub(super) fn run(rules: &str, bind: &BindArgs) -> Result<Outcome> {
    let plan = load(rules, bind)?.plan();
    let mut out = io::stdout().lock();
    write!(out, "{}", plan.describe())?;
    if plan.problem.regions.is_some() || !plan.problem.givens.is_empty() {
        let two: Vec<Solution> = plan.solutions(false).take(2).collect();
        writeln!(out, "solution: {}", verdict(&plan.problem, &two))?;
        if let Some(path) = two.first().and_then(|s| logical_path(&plan.problem, s))
            && let Some(grade) = path.grade
        {
            writeln!(out, "grade:    {}", describe_grade(&path, grade))?;
        }
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

/// Unique, none, or not unique with where the first two solutions differ.
fn verdict(problem: &Problem, two: &[Solution]) -> String {
    match two {
        [] => "no solution".to_string(),
        [_] => "unique".to_string(),
        [a, b, ..] => {
            let cells: Vec<String> = path::differ(problem, a, b)
                .into_iter()
                .map(|cell| {
                    let (r, c) = problem.coords(cell);
                    format!("({},{})", r + 1, c + 1)
                })
                .collect();
            format!("not unique (two solutions differ at {})", cells.join(" "))
        }
    }
}

/// The logical path of a region puzzle small enough to walk cheaply, guessing
/// from `solution` where logic runs out; `None` for other problems.
fn logical_path(problem: &Problem, solution: &Solution) -> Option<Path> {
    if problem.regions.is_none() || problem.rows * problem.cols > GRADE_MAX_CELLS {
        return None;
    }
    let cells: Vec<usize> = solution
        .cells
        .iter()
        .map(|&(r, c)| problem.cell(r, c))
        .collect();
    path::explain_from(problem, Some(&cells)).ok()
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
