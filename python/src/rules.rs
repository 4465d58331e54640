//! Rule sets from Python: `count`, `solutions`, `first`, `check`, and the
//! region puzzles of `placer.Puzzle`.

use std::path::Path;
use std::sync::Arc;

use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use placer::problem::Warning;
use placer::search::{MAX_THREADS, Stop};
use placer::spec::BUILTIN;
use placer::{Bindings, Diagnostic, ListOptions, Plan, Problem, RuleSpec, Source, input};

use crate::args;
use crate::errors::{self, rule_error};
use crate::logic;
use crate::run::{self, Ask};
use crate::solution::{Owner, Solution, SolutionIter, produce};

/// A rule set as Python names it: a built-in name, a path, or the TOML text
/// itself (anything with a line break or a `=` that is not a file).
fn spec_of(rules: &str) -> Result<RuleSpec, Diagnostic> {
    let is_text = rules.contains('\n') || (rules.contains('=') && !Path::new(rules).exists());
    if is_text {
        RuleSpec::parse("<rules>", rules)
    } else {
        RuleSpec::resolve(rules)
    }
}

/// The rule set with its parameters set and its pictures (text) bound.
fn problem_of(
    rules: &str,
    params: Vec<(String, i64)>,
    regions: Option<&str>,
    cells: Option<&str>,
) -> PyResult<Problem> {
    let spec = spec_of(rules).map_err(|d| rule_error(&d))?;
    let bindings = Bindings {
        set: params,
        regions: regions.map(|t| Source::new("<regions>", t)),
        cells: cells.map(|t| Source::new("<cells>", t)),
    };
    let problem = Problem::bind(&spec, &bindings).map_err(|d| rule_error(&d))?;
    Ok(problem)
}

/// Worker threads: `None` or 0 means every core; more than the command
/// line's `-j` takes ([`MAX_THREADS`]) is refused before any starts.
fn threads(requested: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let n = args::whole_opt("threads", requested)?;
    if let (Some(n), Some(given)) = (n, requested)
        && n > MAX_THREADS as u128
    {
        return Err(PyValueError::new_err(format!(
            "threads={given} is more than the supported {MAX_THREADS}"
        )));
    }
    Ok(n.filter(|&t| t > 0).map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    ))
}

/// Counts a plan off the GIL, interruptible; Ctrl-C stops the subproblems.
fn count_plan(py: Python<'_>, plan: Arc<Plan>, ask: Ask) -> PyResult<BigUint> {
    let stop = Stop::new();
    let flag = stop.clone();
    let counted =
        run::interruptible_warning(py, stop, move |warn| run::count(&plan, ask, &flag, &warn))??;
    counted.ok_or_else(|| errors::internal("the count stopped without an interrupt"))
}

/// The first solution off the GIL, interruptible.
fn first_of(py: Python<'_>, plan: Arc<Plan>, unique: bool) -> PyResult<Option<Solution>> {
    let owner = Arc::new(Owner::Rules(plan.problem.clone()));
    let stop = Stop::new();
    let found = run::interruptible(py, stop, move || {
        let soonest = ListOptions {
            unique,
            soonest: true,
        };
        plan.list(soonest).solutions.next()
    })?;
    Ok(found.map(|s| Solution::new((s.cells, None), &owner)))
}

/// The solutions of a plan, lazily, from a producer thread.
fn stream(plan: Arc<Plan>, unique: bool, limit: Option<u128>) -> PyResult<SolutionIter> {
    let owner = Arc::new(Owner::Rules(plan.problem.clone()));
    SolutionIter::start(owner, limit, move |tx| {
        let listing = plan.list(ListOptions {
            unique,
            soonest: false,
        });
        produce(listing.solutions.map(|s| (s.cells, None)), limit, tx)
    })
}

/// `placer.count`; see `placer/__init__.py` for the documented signature.
#[pyfunction]
#[pyo3(signature = (rules, params, threads=None, unique=false, limit=None, regions=None, cells=None, estimate=true))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of placer.count, as they are
pub fn count(
    py: Python<'_>,
    rules: &str,
    params: Vec<(String, i64)>,
    threads: Option<&Bound<'_, PyAny>>,
    unique: bool,
    limit: Option<&Bound<'_, PyAny>>,
    regions: Option<&str>,
    cells: Option<&str>,
    estimate: bool,
) -> PyResult<BigUint> {
    let plan = Arc::new(problem_of(rules, params, regions, cells)?.plan());
    let ask = Ask {
        threads: self::threads(threads)?,
        unique,
        limit: args::whole_opt("limit", limit)?,
        estimate,
    };
    count_plan(py, plan, ask)
}

/// `placer.solutions`.
#[pyfunction]
#[pyo3(signature = (rules, params, unique=false, limit=None, regions=None, cells=None))]
pub fn solutions(
    rules: &str,
    params: Vec<(String, i64)>,
    unique: bool,
    limit: Option<&Bound<'_, PyAny>>,
    regions: Option<&str>,
    cells: Option<&str>,
) -> PyResult<SolutionIter> {
    let limit = args::whole_opt("limit", limit)?;
    let plan = Arc::new(problem_of(rules, params, regions, cells)?.plan());
    stream(plan, unique, limit)
}

/// `placer.first`.
#[pyfunction]
#[pyo3(signature = (rules, params, unique=false, regions=None, cells=None))]
pub fn first(
    py: Python<'_>,
    rules: &str,
    params: Vec<(String, i64)>,
    unique: bool,
    regions: Option<&str>,
    cells: Option<&str>,
) -> PyResult<Option<Solution>> {
    let plan = Arc::new(problem_of(rules, params, regions, cells)?.plan());
    first_of(py, plan, unique)
}

/// `placer.check`.
#[pyfunction]
#[pyo3(signature = (rules, params, regions=None, cells=None))]
pub fn check<'py>(
    py: Python<'py>,
    rules: &str,
    params: Vec<(String, i64)>,
    regions: Option<&str>,
    cells: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    describe(py, &problem_of(rules, params, regions, cells)?.plan())
}

/// A picture file's text, read as the command line reads `--regions FILE`:
/// UTF-8, at most the picture limit, so `/dev/zero` or a Latin-1 file is a
/// `RuleError` naming the file.
#[pyfunction]
pub fn read_picture(path: std::path::PathBuf) -> PyResult<String> {
    input::read(&path, input::Limit::PICTURE).map_err(|e| {
        rule_error(&Diagnostic::new(format!(
            "cannot read the picture {}: {e}",
            path.display()
        )))
    })
}

/// `placer.rules`: the built-in rules as `(name, summary)`.
#[pyfunction]
pub fn builtin_rules() -> PyResult<Vec<(String, String)>> {
    BUILTIN
        .iter()
        .map(|b| {
            let spec = RuleSpec::parse(b.name, b.text).map_err(|d| rule_error(&d))?;
            Ok((b.name.to_string(), spec.summary.unwrap_or_default()))
        })
        .collect()
}

/// The compiled plan as a dict: what `placer check` prints, as data.
fn describe<'py>(py: Python<'py>, plan: &Plan) -> PyResult<Bound<'py, PyDict>> {
    let p = &plan.problem;
    let d = PyDict::new(py);
    d.set_item("name", p.name())?;
    d.set_item("summary", p.summary())?;
    d.set_item("params", p.params().clone())?;
    d.set_item("rows", p.rows())?;
    d.set_item("cols", p.cols())?;
    d.set_item("wrap", p.wrap())?;
    let holes: Vec<(usize, usize)> = (0..p.cells())
        .filter(|&c| p.holes()[c])
        .map(|c| p.coords(c))
        .collect();
    d.set_item("holes", holes)?;
    let givens: Vec<(usize, usize)> = p.givens().iter().map(|&c| p.coords(c)).collect();
    d.set_item("givens", givens)?;
    d.set_item("regions", p.regions().as_ref().map(|r| r.names.clone()))?;
    let piece = PyDict::new(py);
    piece.set_item("name", &p.piece().name)?;
    piece.set_item("symbol", p.piece().symbol.to_string())?;
    piece.set_item("count", p.piece().count)?;
    piece.set_item("lines", p.piece().lines.names())?;
    piece.set_item("leaps", p.piece().leaps.clone())?;
    d.set_item("piece", piece)?;
    let groups: Vec<Bound<'py, PyDict>> = p
        .groups()
        .iter()
        .map(|g| {
            let gd = PyDict::new(py);
            gd.set_item("of", g.family.name())?;
            gd.set_item("min", g.min)?;
            gd.set_item("max", (g.max != usize::MAX).then_some(g.max))?;
            Ok(gd)
        })
        .collect::<PyResult<_>>()?;
    d.set_item("groups", groups)?;
    d.set_item("symmetries", plan.symmetry.order())?;
    d.set_item("symmetry", plan.symmetry.describe())?;
    d.set_item("kernel", plan.engine.describe())?;
    d.set_item("text", plan.describe())?;
    Ok(d)
}

/// A region puzzle: a region game's rules bound to one region picture.
#[pyclass(module = "placer", frozen)]
pub struct Puzzle {
    plan: Arc<Plan>,
    picture: String,
    /// What the picture allows but people rarely mean, as `placer.Puzzle`
    /// passes them to `warnings.warn`.
    warnings: Vec<String>,
}

/// A warning as Python says it: a parameter is a keyword argument.
fn warning_text(warning: &Warning) -> String {
    match warning {
        Warning::Default { param, likely, .. } => format!(
            "{}: pass {param}={likely} if this one does",
            warning.default_text()
        ),
        other => other.to_string(),
    }
}

#[pymethods]
impl Puzzle {
    /// `Puzzle.from_text`; see `placer/__init__.py`.
    #[staticmethod]
    #[pyo3(signature = (regions, rules, params))]
    fn from_text(regions: &str, rules: &str, params: Vec<(String, i64)>) -> PyResult<Puzzle> {
        let problem = problem_of(rules, params.clone(), Some(regions), None)?;
        let warnings = problem.warnings(&params).iter().map(warning_text).collect();
        Ok(Puzzle {
            plan: Arc::new(problem.plan()),
            picture: regions.to_string(),
            warnings,
        })
    }

    /// The warnings on the picture, as text.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The first solution in search order, or `None`.
    fn solve(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        first_of(py, self.plan.clone(), false)
    }

    /// The solutions, lazily.
    #[pyo3(signature = (limit=None))]
    fn solutions(&self, limit: Option<&Bound<'_, PyAny>>) -> PyResult<SolutionIter> {
        stream(self.plan.clone(), false, args::whole_opt("limit", limit)?)
    }

    /// The number of solutions.
    #[pyo3(signature = (threads=None))]
    fn count(&self, py: Python<'_>, threads: Option<&Bound<'_, PyAny>>) -> PyResult<BigUint> {
        let ask = Ask {
            threads: self::threads(threads)?,
            unique: false,
            limit: None,
            estimate: true,
        };
        count_plan(py, self.plan.clone(), ask)
    }

    /// Whether the puzzle has exactly one solution (counts up to two).
    fn is_unique(&self, py: Python<'_>) -> PyResult<bool> {
        let ask = Ask {
            threads: 1,
            unique: false,
            limit: Some(2),
            estimate: true,
        };
        Ok(count_plan(py, self.plan.clone(), ask)? == BigUint::from(1u8))
    }

    /// The compiled plan as a dict, as `placer.check` gives it.
    fn check<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        describe(py, &self.plan)
    }

    /// The next deduction, as `placer hint` (`None` when there is none), and
    /// the sentence that says the puzzle is not unique when it is not.
    fn hint(&self, py: Python<'_>) -> PyResult<(Option<logic::Step>, Option<String>)> {
        logic::hint(py, &self.plan)
    }

    /// The logical path, as `placer solve --explain`.
    fn explain(&self, py: Python<'_>) -> PyResult<logic::Explanation> {
        logic::explain(py, &self.plan)
    }

    /// The region picture as given.
    #[getter]
    fn regions(&self) -> &str {
        &self.picture
    }

    /// Board height.
    #[getter]
    fn rows(&self) -> usize {
        self.plan.rows()
    }

    /// Board width.
    #[getter]
    fn cols(&self) -> usize {
        self.plan.cols()
    }

    fn __repr__(&self) -> String {
        format!(
            "Puzzle({:?}, {}×{})",
            self.plan.problem.name(),
            self.plan.rows(),
            self.plan.cols()
        )
    }
}
