//! Rule text as the page has it (the editor's TOML and a parameters field
//! such as `n=8, k=2`), parsed, bound and planned by the library, and the
//! board it describes as data the page draws.

use placer::spec::BUILTIN;
use placer::{Bindings, Diagnostic, Plan, Problem, RuleSpec};
use serde::Serialize;

use crate::reply::Error;

/// What errors call the editor's text, as the command line names a file.
pub const RULES_NAME: &str = "rules.toml";

/// One built-in rule.
#[derive(Debug, Serialize)]
pub struct Builtin {
    /// Its name (`queens`).
    pub name: &'static str,
    /// Its summary line.
    pub summary: String,
    /// The rule file's text.
    pub text: &'static str,
}

/// The built-in rules, in the order `placer rules` lists them.
pub fn builtins() -> Vec<Builtin> {
    BUILTIN
        .iter()
        .map(|b| Builtin {
            name: b.name,
            summary: RuleSpec::parse(b.name, b.text)
                .ok()
                .and_then(|s| s.summary)
                .unwrap_or_default(),
            text: b.text,
        })
        .collect()
}

/// Parameters as `NAME=VALUE`, separated by commas, spaces or lines, as
/// `--set` takes them one at a time.
pub fn parse_set(text: &str) -> Result<Vec<(String, i64)>, Error> {
    text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            let (k, v) = s
                .split_once('=')
                .ok_or_else(|| Error::plain(format!("`{s}` is not NAME=VALUE, e.g. n=12")))?;
            let v: i64 = v
                .trim()
                .parse()
                .map_err(|_| Error::plain(format!("`{v}` is not an integer")))?;
            Ok((k.trim().to_string(), v))
        })
        .collect()
}

/// The rule text bound with its parameters.
pub fn problem(text: &str, set: &str) -> Result<Problem, Error> {
    let set = parse_set(set)?;
    let spec = RuleSpec::parse(RULES_NAME, text)?;
    Ok(bind(&spec, set)?)
}

/// A spec bound with parameters and nothing else.
fn bind(spec: &RuleSpec, set: Vec<(String, i64)>) -> Result<Problem, Diagnostic> {
    let bindings = Bindings {
        set,
        ..Bindings::default()
    };
    Problem::bind(spec, &bindings)
}

/// The board a problem is played or drawn on.
#[derive(Debug, Serialize)]
pub struct Board {
    /// The rule's name.
    pub name: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The piece's name (`queen`, `star`).
    pub piece: String,
    /// The piece's symbol.
    pub symbol: String,
    /// Pieces in a solution.
    pub count: usize,
    /// Holes, as cell indices (row-major, from 0).
    pub holes: Vec<usize>,
    /// Given pieces, as cell indices.
    pub givens: Vec<usize>,
    /// Each cell's region index (`null` for none), when the board has regions.
    pub regions: Option<Vec<Option<usize>>>,
    /// The regions' labels as written.
    pub region_names: Vec<String>,
}

impl Board {
    /// The board of `problem`.
    pub fn of(problem: &Problem) -> Board {
        Board {
            name: problem.name().to_string(),
            rows: problem.rows(),
            cols: problem.cols(),
            piece: problem.piece().name.clone(),
            symbol: problem.piece().symbol.to_string(),
            count: problem.piece().count,
            holes: (0..problem.cells())
                .filter(|&c| problem.holes()[c])
                .collect(),
            givens: problem.givens().to_vec(),
            regions: problem.regions().as_ref().map(|r| r.of_cell.clone()),
            region_names: problem
                .regions()
                .as_ref()
                .map(|r| r.names.clone())
                .unwrap_or_default(),
        }
    }
}

/// What `placer check` says of rules, as data.
#[derive(Debug, Serialize)]
pub struct Checked {
    /// The board.
    pub board: Board,
    /// The summary line.
    pub summary: String,
    /// The parameters after the field's values.
    pub params: Vec<(String, i64)>,
    /// The plan's search method, in a few words.
    pub method: &'static str,
    /// The board's symmetries, in words.
    pub symmetry: String,
    /// The whole plan as `placer check` prints it.
    pub text: String,
}

/// Checks rule text: the board and the plan, or the error.
pub fn check(text: &str, set: &str) -> Result<Checked, Error> {
    let plan: Plan = problem(text, set)?.plan();
    let p = &plan.problem;
    Ok(Checked {
        board: Board::of(p),
        summary: p.summary().to_string(),
        params: p.params().iter().map(|(k, v)| (k.clone(), *v)).collect(),
        method: plan.engine.describe(),
        symmetry: plan.symmetry.describe(),
        text: plan.describe(),
    })
}
