//! The whole logical path of a puzzle: steps until solved, a guess from the
//! solution wherever logic runs out.

use super::grade::Grade;
use super::{Board, Mark, Next, Step, Technique, step};
use crate::plan::Plan;
use crate::problem::Problem;
use crate::search::{CountOptions, Solution};

/// A puzzle's path from its start to the end.
#[derive(Debug, Clone)]
pub struct Path {
    /// The steps, guesses included, in order.
    pub steps: Vec<Step>,
    /// Whether logic alone finished (no guess and no contradiction).
    pub solved: bool,
    /// How many guesses it took.
    pub guesses: usize,
    /// Why the path stopped short of a solution, if it did (no solution).
    pub stuck: Option<String>,
    /// The hardest technique's grade (needs-guessing with a guess); `None`
    /// when the puzzle has no solution or several ([`explain`]), which no
    /// grade fits: a grid with several solutions is not a puzzle.
    pub grade: Option<Grade>,
    /// Whether the puzzle has exactly one solution (`Some(false)`: none or
    /// several); `None` when only the path was asked for ([`explain_from`]).
    /// A path through a puzzle with several solutions follows one of them.
    pub unique: Option<bool>,
    /// Where two solutions differ, when there are several: the cells that
    /// hold a piece in one and not in the other, row-major.
    pub differ: Vec<usize>,
}

/// The logical path of `problem` from its givens and holes, guesses taken
/// from the first solution the search finds, and whether the puzzle is
/// unique (a search for two solutions; where two differ when it is not):
/// the library's one entry for an explanation (`placer solve --explain`,
/// `placer hint`, Python's `Puzzle.explain()`, the page's Explain). Errors
/// say why the rules are not a region game.
pub fn explain(problem: &Problem) -> Result<Path, String> {
    let board = Board::new(problem)?;
    let plan = problem.clone().plan();
    // The search for two solutions finds the only one of a unique puzzle,
    // which is the one the guesses take; otherwise the solution found
    // soonest (the same one whichever search is asked).
    let mut two = two(&plan);
    let several = (two.len() == 2).then(|| differ(problem, &two[0], &two[1]));
    let first = match two.len() {
        1 => two.pop(),
        _ => plan.first_order(false).next(),
    };
    let solution: Option<Vec<usize>> =
        first.map(|s| s.cells.iter().map(|&(r, c)| problem.cell(r, c)).collect());
    let mut path = follow(board, solution.as_deref());
    path.unique = Some(solution.is_some() && several.is_none());
    if let Some(cells) = several {
        path.differ = cells;
        path.grade = None;
    }
    Ok(path)
}

/// The first two solutions of `plan`'s puzzle in search order (fewer when
/// it has fewer).
fn two(plan: &Plan) -> Vec<Solution> {
    plan.solutions(false).take(2).collect()
}

/// How many solutions `plan`'s puzzle has, up to 2: the uniqueness proof
/// split over every core, as `placer solve ... --limit 2 --count -jN`
/// runs it (a listing of two runs on one thread); the listing's count if
/// the split count cannot run.
fn how_many(plan: &Plan) -> u128 {
    let options = CountOptions {
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        limit: Some(2),
        estimate: false,
        ..CountOptions::default()
    };
    match plan.count(options) {
        Ok(tally) => tally.count,
        Err(_) => two(plan).len() as u128,
    }
}

/// What `hint`, `--explain`, `check` and Python say of a puzzle with
/// several solutions, `differ` the cells where two of them differ:
/// `not unique: at least 2 solutions; they differ at (6,3), (6,4), …`.
pub fn not_unique(problem: &Problem, differ: &[usize]) -> String {
    let cells: Vec<String> = differ
        .iter()
        .map(|&cell| {
            let (r, c) = problem.coords(cell);
            format!("({},{})", r + 1, c + 1)
        })
        .collect();
    format!(
        "not unique: at least 2 solutions; they differ at {}",
        cells.join(", ")
    )
}

/// Why there is no hint where logic runs out on a puzzle with several
/// solutions: [`not_unique`], and that logic cannot choose between them.
pub fn cannot_choose(problem: &Problem, differ: &[usize]) -> String {
    format!(
        "{}: logic cannot choose between them",
        not_unique(problem, differ)
    )
}

/// What `hint` and Python say of a state without a solution, `why` the
/// unit that cannot be filled ([`Hint::none`]): `no solution: after 1 step
/// of logic (…), region F needs 1 queen but has 0 open cells`.
pub fn no_solution(why: &str) -> String {
    format!("no solution: {why}")
}

/// A hint from a puzzle's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The board's next step, or why there is none ([`Board::next`]). A
    /// step holds in every solution, so a puzzle with several gets one too,
    /// and one with none as well (vacuously: [`Hint::none`] says so).
    pub next: Next,
    /// Where two solutions differ, when the puzzle has several: it gets no
    /// grade, and where logic runs out nothing can decide those cells.
    pub several: Option<Vec<usize>>,
    /// Why the state has no solution, when the search finds none and the
    /// state does not plainly contradict yet (`next` is a step, or logic
    /// runs out): the unit that logic from it finds cannot be filled, and
    /// after how many steps ([`no_solution`] puts it in a sentence).
    pub none: Option<String>,
}

/// The hint from `problem`'s start (its givens and holes): the board's next
/// step or why there is none, whether the puzzle has several solutions, and
/// why it has none when it has none; the library's one entry for `placer
/// hint` and Python's `Puzzle.hint()`. Errors say why the rules are not a
/// region game.
pub fn hint(problem: &Problem) -> Result<Hint, String> {
    let board = Board::new(problem)?;
    let next = board.next();
    let plan = problem.clone().plan();
    let found = how_many(&plan);
    // Only a puzzle with two or more lists two, to say where they differ.
    let several = match found {
        2 => match two(&plan).as_slice() {
            [a, b] => Some(differ(problem, a, b)),
            _ => None,
        },
        _ => None,
    };
    let none = match &next {
        Next::Step(_) | Next::OutOfLogic if found == 0 => Some(why_none(board)),
        _ => None,
    };
    Ok(Hint {
        next,
        several,
        none,
    })
}

/// Why a state the search finds no solution for has none: the unit that
/// logic from it finds cannot be filled, after how many steps, else that
/// the search finds no way to complete it.
fn why_none(board: Board<'_>) -> String {
    let path = follow(board, None);
    let n = path.steps.len();
    match path.stuck {
        Some(why) if why != RUNS_OUT => format!(
            "after {n} step{} of logic (`placer solve ... --explain` lists them), {why}",
            if n == 1 { "" } else { "s" }
        ),
        _ => "logic finds no unit that cannot be filled, but the search finds no way to complete the state".to_string(),
    }
}

/// The cells that hold a piece in one of two solutions and not in the
/// other, row-major: where a puzzle with both is not unique.
pub fn differ(problem: &Problem, a: &Solution, b: &Solution) -> Vec<usize> {
    let cells =
        |s: &Solution| -> Vec<usize> { s.cells.iter().map(|&(r, c)| problem.cell(r, c)).collect() };
    differ_cells(&cells(a), &cells(b))
}

/// [`differ`] of two solutions given as their cells (`row * cols + col`).
pub fn differ_cells(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut cells: Vec<usize> = a
        .iter()
        .filter(|c| !b.contains(c))
        .chain(b.iter().filter(|c| !a.contains(c)))
        .copied()
        .collect();
    cells.sort_unstable();
    cells
}

/// The logical path of `problem` from its givens and holes. Where logic runs
/// out, the unit with the fewest open cells gets the piece that `solution`
/// (a solution of the puzzle, `None` when it has none) has there, as a
/// [`Technique::Guess`] step, and logic goes on.
pub fn explain_from(problem: &Problem, solution: Option<&[usize]>) -> Result<Path, String> {
    Ok(follow(Board::new(problem)?, solution))
}

/// Why a path stops where logic runs out and there is no solution to guess from.
const RUNS_OUT: &str = "logic runs out and the puzzle has no solution";

/// The path from `board` on, guesses from `solution`.
fn follow(mut board: Board<'_>, solution: Option<&[usize]>) -> Path {
    let mut steps: Vec<Step> = Vec::new();
    let mut stuck = None;
    while !board.solved() {
        if let Some(why) = board.contradiction() {
            stuck = Some(why);
            break;
        }
        let next = board.next_step().or_else(|| guess(&board, solution?));
        let Some(next) = next else {
            stuck = Some(RUNS_OUT.into());
            break;
        };
        board.apply(&next);
        steps.push(next);
    }
    let guesses = steps
        .iter()
        .filter(|s| s.technique == Technique::Guess)
        .count();
    let solved = stuck.is_none() && guesses == 0;
    let grade = stuck
        .is_none()
        .then(|| Grade::of_path(steps.iter().map(|s| s.technique)));
    Path {
        steps,
        solved,
        guesses,
        stuck,
        grade,
        unique: None,
        differ: Vec::new(),
    }
}

/// A piece of `solution` in the open unit with the fewest open cells.
fn guess(b: &Board, solution: &[usize]) -> Option<Step> {
    let u = (0..b.units.len())
        .filter(|&u| b.need(u) > 0)
        .min_by_key(|&u| b.open(u).len())?;
    let open = b.open(u);
    let cell = open
        .iter()
        .copied()
        .find(|c| solution.contains(c) && b.marks[*c] == Mark::Open)?;
    let reason = format!(
        "logic runs out here; {} has {} open cells, and the solution (found by search) has a {} at {}",
        b.name(u),
        open.len(),
        b.problem.piece.name,
        b.at(cell)
    );
    Some(step(Technique::Guess, vec![cell], vec![], reason, open))
}
