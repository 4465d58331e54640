//! Hints and logical paths of region puzzles, from the library's `logic`
//! module: `Puzzle.hint()`, `Puzzle.explain()` and `Puzzle.grade()` return
//! what `placer hint` and `placer solve --explain` print.

use pyo3::prelude::*;
use pyo3::types::PyString;

use placer::logic::grade::Grade;
use placer::logic::{self, Board, path};
use placer::{Diagnostic, Plan, Problem};

use crate::errors::rule_error;

/// One deduction: the technique, the cells it fills and empties (0-based
/// ``(row, col)``), and why (in words, with 1-based cells as people read
/// them). ``placer hint --format json`` prints the same step with 1-based
/// cells.
#[pyclass(module = "placer", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct Step {
    /// The technique's name: ``"neighbours"``, ``"last-cells"``,
    /// ``"confined"``, ``"pairs-triples"``, ``"k-confined"``,
    /// ``"band-counting"``, ``"capacity-2x2"``, ``"band-2x2"``,
    /// ``"lookahead"``, ``"chain"``, ``"trial"``, ``"spare-2x2"``, or
    /// ``"guess"`` (in ``explain()`` only, where logic runs out).
    technique: String,
    /// The technique in a few words (``"last cells left in a unit"``).
    title: String,
    /// The grade of the technique: ``"easy"``, ``"medium"``, ``"hard"`` or
    /// ``"needs-guessing"``.
    grade: String,
    /// Cells that get a piece.
    place: Vec<(usize, usize)>,
    /// Cells that get no piece.
    exclude: Vec<(usize, usize)>,
    /// Why, in words.
    reason: String,
    /// The cells the reason is about.
    focus: Vec<(usize, usize)>,
}

impl Step {
    fn new(problem: &Problem, step: &logic::Step) -> Step {
        let cells = |cs: &[usize]| cs.iter().map(|&c| problem.coords(c)).collect();
        Step {
            technique: step.technique.name().to_string(),
            title: step.technique.title().to_string(),
            grade: Grade::of(step.technique).name().to_string(),
            place: cells(&step.place),
            exclude: cells(&step.exclude),
            reason: step.reason.clone(),
            focus: cells(&step.focus),
        }
    }
}

#[pymethods]
impl Step {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Step({}, place={:?}, exclude={:?}, reason={})",
            py_repr(py, &self.technique)?,
            self.place,
            self.exclude,
            py_repr(py, &self.reason)?
        ))
    }
}

/// A puzzle's logical path from its start to the end: every step (a
/// ``"guess"`` step, from the search's solution, wherever logic runs out).
#[pyclass(module = "placer", frozen, get_all)]
pub struct Explanation {
    /// The steps, in order.
    steps: Vec<Step>,
    /// Whether logic alone solved it (no guess, no contradiction).
    solved: bool,
    /// How many guesses it took.
    guesses: usize,
    /// The grade of its hardest step: ``"easy"``, ``"medium"``, ``"hard"``
    /// or ``"needs-guessing"``; ``None`` when the puzzle has no solution or
    /// several (no grade fits a grid that logic cannot finish).
    grade: Option<String>,
    /// Why the path stops short of a solution (the puzzle has none), else
    /// ``None``.
    stuck: Option<String>,
    /// Whether the puzzle has exactly one solution; a path through a puzzle
    /// with several follows one of them.
    unique: bool,
    /// Where two solutions differ, when there are several: the cells (0-based
    /// ``(row, col)``) that hold a piece in one and not in the other.
    differ: Vec<(usize, usize)>,
    /// When the puzzle has several solutions, what ``placer hint`` says of
    /// it: ``"not unique: at least 2 solutions; they differ at (1,2), …"``
    /// (1-based cells); else ``None``.
    not_unique: Option<String>,
}

#[pymethods]
impl Explanation {
    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let py_bool = |b: bool| if b { "True" } else { "False" };
        let grade = match &self.grade {
            Some(g) => py_repr(py, g)?,
            None => "None".into(),
        };
        Ok(format!(
            "Explanation({} steps, solved={}, guesses={}, grade={grade}, unique={})",
            self.steps.len(),
            py_bool(self.solved),
            self.guesses,
            py_bool(self.unique)
        ))
    }
}

/// The board of a region game, or `placer.RuleError` saying why the rules
/// are not one.
fn board(problem: &Problem) -> PyResult<Board<'_>> {
    Board::new(problem).map_err(|why| rule_error(&Diagnostic::new(why)))
}

/// The next deduction from the puzzle's start (its givens and crossed
/// cells), as `placer hint`: `None` when it is solved, when logic runs out,
/// or when the state plainly has no solution; with it, on a puzzle with
/// several solutions or none, the library's sentence that says so.
pub fn hint(py: Python<'_>, plan: &Plan) -> PyResult<(Option<Step>, Option<String>)> {
    let problem = &plan.problem;
    board(problem)?;
    let found = py.detach(|| path::hint(problem));
    let found = found.map_err(|why| rule_error(&Diagnostic::new(why)))?;
    let step = match found.next {
        logic::Next::Step(step) => Some(Step::new(problem, &step)),
        _ => None,
    };
    let said = match (found.several, found.none) {
        (Some(cells), _) => Some(path::not_unique(problem, &cells)),
        (None, none) => none.as_deref().map(path::no_solution),
    };
    Ok((step, said))
}

/// The whole logical path, as `placer solve --explain`: guesses come from
/// the first solution in search order.
pub fn explain(py: Python<'_>, plan: &Plan) -> PyResult<Explanation> {
    let problem = &plan.problem;
    board(problem)?;
    let found = py.detach(|| path::explain(problem));
    let found = found.map_err(|why| rule_error(&Diagnostic::new(why)))?;
    Ok(Explanation {
        steps: found.steps.iter().map(|s| Step::new(problem, s)).collect(),
        solved: found.solved,
        guesses: found.guesses,
        grade: found.grade.map(|g| g.name().to_string()),
        stuck: found.stuck,
        unique: found.unique == Some(true),
        differ: found.differ.iter().map(|&c| problem.coords(c)).collect(),
        not_unique: (found.unique == Some(false) && !found.differ.is_empty())
            .then(|| path::not_unique(problem, &found.differ)),
    })
}

/// Python's own `repr` of a string: `'hard'`, quotes escaped as Python does.
fn py_repr(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(PyString::new(py, text).repr()?.to_string())
}
