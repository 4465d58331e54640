//! A region puzzle as the Make view paints it: the picture bound to a region
//! game, and what `placer check` says of it — no solution, unique, or
//! several with two solutions that differ — with the grade of its logical
//! path; and the blank SVG to print.

use std::collections::BTreeSet;

use placer::logic::path;
use placer::output::svg_document;
use placer::problem::Family;
use placer::{Bindings, Problem, RuleSpec, Solution, Source};
use serde::Serialize;

use crate::reply::Error;
use crate::rules::Board;

/// What errors call the picture.
pub const PICTURE_NAME: &str = "<regions>";

/// The most cells a puzzle may have for its grade to be worked out, as
/// `placer check` does (16×16).
const GRADE_MAX_CELLS: usize = 256;

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
    if !problem.groups.iter().any(|g| g.family == Family::Region) {
        return Err(Error::plain(format!(
            "`{}` has no group over regions; region games: region-queens, star-battle",
            problem.name
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
    /// The grade of a unique puzzle's logical path (up to 16×16).
    pub grade: Option<&'static str>,
    /// Guesses on that path.
    pub guesses: usize,
    /// Regions whose cells are not joined edge to edge.
    pub disconnected: Vec<String>,
    /// The puzzle as a line of Star Battle Notation, when it has one.
    pub sbn: Option<String>,
}

/// Checks a picture for `game`.
pub fn analyse(game: &str, k: u32, picture: &str) -> Result<Analysis, Error> {
    let problem = problem(game, k, picture)?;
    let disconnected = problem.disconnected_regions();
    let reason = problem.unmeetable().map(|r| r.to_string());
    let plan = problem.plan();
    let two: Vec<Solution> = if reason.is_some() {
        Vec::new()
    } else {
        plan.solutions(false).take(2).collect()
    };
    let verdict = match two.len() {
        0 => "none",
        1 => "unique",
        _ => "several",
    };
    let differ = match two.as_slice() {
        [a, b] => {
            let a: BTreeSet<_> = a.cells.iter().copied().collect();
            let b: BTreeSet<_> = b.cells.iter().copied().collect();
            a.symmetric_difference(&b).copied().collect()
        }
        _ => Vec::new(),
    };
    let p = &plan.problem;
    let (grade, guesses) = match two.as_slice() {
        [_] if p.cells() <= GRADE_MAX_CELLS => match path::explain(p) {
            Ok(found) => (found.grade.map(|g| g.name()), found.guesses),
            Err(_) => (None, 0),
        },
        _ => (None, 0),
    };
    Ok(Analysis {
        board: Board::of(p),
        verdict,
        reason,
        solutions: two.into_iter().map(|s| s.cells).collect(),
        differ,
        grade,
        guesses,
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
