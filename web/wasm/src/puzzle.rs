//! A region puzzle as the Make view paints it: the picture bound to a region
//! game, and what `placer check` says of it — no solution, unique, or
//! several with two solutions that differ — with the grade of its logical
//! path; and the blank SVG to print.

use placer::logic::check::{Verdict, check};
use placer::output::svg_document;
use placer::problem::Family;
use placer::{Bindings, Problem, RuleSpec, Solution, Source};
use serde::Serialize;

use crate::reply::Error;
use crate::rules::Board;

/// What errors call the picture.
pub const PICTURE_NAME: &str = "<regions>";

/// The region game `game` with `k` pieces per unit, bound to `picture`.
pub fn problem(game: &str, k: u32, picture: &str) -> Result<Problem, Error> {
    let spec = RuleSpec::resolve(game)?;
    let mut set = Vec::new();
    if spec.params.contains_key("k") {
        set.push(("k".to_string(), i64::from(k)));
    }
    let bindings = Bindings {
        set,
        regions: Some(Source::new(PICTURE_NAME, picture)),
        cells: None,
    };
    let problem = Problem::bind(&spec, &bindings)?;
    if !problem.groups().iter().any(|g| g.family == Family::Region) {
        return Err(Error::plain(format!(
            "`{}` has no group over regions; region games: region-queens, star-battle",
            problem.name()
        )));
    }
    Ok(problem)
}

/// What a picture makes.
#[derive(Debug, Serialize)]
pub struct Analysis {
    /// The board.
    pub board: Board,
    /// `none`, `unique` or `several`.
    pub verdict: &'static str,
    /// Why there is none, when the rules say so at once.
    pub reason: Option<String>,
    /// Up to two solutions, `[row, col]` from 0.
    pub solutions: Vec<Vec<(usize, usize)>>,
    /// The cells where the first two solutions differ.
    pub differ: Vec<(usize, usize)>,
    /// The grade of a unique puzzle's logical path (up to 16×16,
    /// [`placer::logic::check::GRADE_MAX_CELLS`]).
    pub grade: Option<&'static str>,
    /// Guesses on that path.
    pub guesses: usize,
    /// Regions whose cells are not joined edge to edge.
    pub disconnected: Vec<String>,
    /// The puzzle as a line of Star Battle Notation, when it has one.
    pub sbn: Option<String>,
}

/// Checks a picture for `game`, with the library's one check
/// ([`placer::logic::check::check`], as `placer check` does).
pub fn analyse(game: &str, k: u32, picture: &str) -> Result<Analysis, Error> {
    let problem = problem(game, k, picture)?;
    let disconnected = problem.disconnected_regions();
    let plan = problem.plan();
    let found = check(&plan);
    let p = &plan.problem;
    let verdict = match found.verdict() {
        Verdict::None => "none",
        Verdict::Unique => "unique",
        Verdict::Several => "several",
    };
    let path = found.path.as_ref();
    Ok(Analysis {
        board: Board::of(p),
        verdict,
        differ: found.differ.iter().map(|&c| p.coords(c)).collect(),
        grade: path.and_then(|found| found.grade).map(|g| g.name()),
        guesses: path.map_or(0, |found| found.guesses),
        reason: found.unmeetable,
        solutions: found.solutions.into_iter().map(|s| s.cells).collect(),
        disconnected: disconnected.into_iter().map(|s| s.to_string()).collect(),
        sbn: placer::play::sbn::to_sbn(p, k as usize).ok(),
    })
}

/// The picture as a printable SVG with no piece on it.
pub fn blank_svg(game: &str, k: u32, picture: &str) -> Result<String, Error> {
    let problem = problem(game, k, picture)?;
    Ok(svg_document(
        &problem,
        None,
        &Solution { cells: Vec::new() },
    ))
}
