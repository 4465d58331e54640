//! What a puzzle is — no solution, unique, or several with where two
//! solutions differ — and, for a unique region puzzle, its logical path and
//! grade: the library's one entry for `placer check` and the page's Make
//! view.

use super::path::{self, Path};
use crate::plan::Plan;
use crate::search::Solution;

/// The most cells a region puzzle may have for a check to walk its logical
/// path: 16×16, where the path takes well under a second.
pub const GRADE_MAX_CELLS: usize = 256;

/// What a check found.
#[derive(Debug, Clone)]
pub struct Check {
    /// Why nothing can meet the rules, when that shows without a search.
    pub unmeetable: Option<String>,
    /// At most two solutions, in search order.
    pub solutions: Vec<Solution>,
    /// Where the first two solutions differ (row-major cells), when there
    /// are two.
    pub differ: Vec<usize>,
    /// The logical path (with its grade) of a unique region puzzle of at
    /// most [`GRADE_MAX_CELLS`] cells.
    pub path: Option<Path>,
}

/// How many solutions a puzzle has, as far as it matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// None.
    None,
    /// Exactly one.
    Unique,
    /// Two or more.
    Several,
}

impl Check {
    /// No solution, unique, or several.
    pub fn verdict(&self) -> Verdict {
        match self.solutions.len() {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Several,
        }
    }
}

/// Checks `plan`'s puzzle: at most two solutions (none at once when the
/// rules cannot be met), where two differ, and the logical path of a unique
/// region puzzle small enough to walk cheaply. A puzzle with several
/// solutions gets no grade: it is not a puzzle a person can solve by logic.
pub fn check(plan: &Plan) -> Check {
    let problem = &plan.problem;
    let unmeetable = problem.unmeetable();
    let solutions: Vec<Solution> = match unmeetable {
        Some(_) => Vec::new(),
        None => plan.solutions(false).take(2).collect(),
    };
    let differ = match solutions.as_slice() {
        [a, b] => path::differ(problem, a, b),
        _ => Vec::new(),
    };
    let path = match solutions.as_slice() {
        [only] if problem.regions.is_some() && problem.cells() <= GRADE_MAX_CELLS => {
            let cells: Vec<usize> = only
                .cells
                .iter()
                .map(|&(r, c)| problem.cell(r, c))
                .collect();
            path::explain_from(problem, Some(&cells))
                .ok()
                .map(|found| Path {
                    unique: Some(true),
                    ..found
                })
        }
        _ => None,
    };
    Check {
        unmeetable,
        solutions,
        differ,
        path,
    }
}
