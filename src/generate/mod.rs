//! The puzzle generator: new region grids whose region game has exactly one
//! solution. It plants a random solution (`plant`), grows connected regions
//! around its pieces (`grid`), then carves with the propagating search in
//! the loop (`carve`): cells move to neighbouring regions and borders
//! between two regions are redrawn, every region keeping its share of the
//! planted pieces, while the moves bring the grid no further from a
//! unique puzzle, until the planted solution is the only one. Attempts,
//! each with its own planted solution, run on several threads
//! (`attempts`), and the lowest-numbered success is the answer. Every
//! puzzle it returns has been counted unique by the engine; a size with no
//! puzzle at all is refused with the engine's proof.

mod attempts;
mod carve;
mod grid;
mod plant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::propagate::Rules;
use crate::error::{Diagnostic, Kind, Setting, Source};
use crate::logic::grade::Grade;
use crate::problem::{Bindings, Family, Problem};
use crate::search::Solution;
use crate::spec::RuleSpec;
pub use attempts::ATTEMPTS;
use attempts::first_success;
use carve::{Judge, carve};
use grid::{Grid, label};

/// A generated puzzle.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The puzzle as a bound problem (its regions set).
    pub problem: Problem,
    /// The regions as text, one letter per cell, one line per row.
    pub picture: String,
    /// Its one solution.
    pub solution: Solution,
    /// Region grids the engine counted on the way.
    pub evaluations: usize,
    /// Which of the seed's attempts found it, from 0.
    pub attempt: usize,
}

/// The largest side the generator makes (one letter per region).
const LARGEST: usize = 26;

/// Generates a `size`×`size` region grid for a region rule (`region-queens`,
/// `star-battle`, or any rule with an exact `region` group) whose puzzle has
/// exactly one solution, trying attempts on `threads` threads. The same seed
/// gives the same puzzle, whatever the threads. A size where no placement
/// of the rules' pieces exists at all is an error saying so.
pub fn generate(
    spec: &RuleSpec,
    set: &[(String, i64)],
    size: usize,
    seed: u64,
    threads: usize,
) -> Result<Puzzle, Diagnostic> {
    generate_aimed(
        spec,
        set,
        size,
        seed,
        threads,
        Aim::of(Grade::NeedsGuessing),
    )
}

/// [`generate`], carving on until the search's rules that match `grade`
/// decide every cell before any guess: the unit rules and confinement to
/// single lines for easy; pairs and triples and confinement to bands of
/// lines, but no 2×2 capacity, for medium; all for hard (for
/// needs-guessing, one solution is enough, as in [`generate`]). Those rules
/// reach a little further than the hint engine's techniques of the grade,
/// so the puzzle usually has that grade, sometimes a harder or easier one:
/// the hint engine's grade is the word on it (`placer generate
/// --difficulty` grades and retries).
pub fn generate_for(
    spec: &RuleSpec,
    set: &[(String, i64)],
    size: usize,
    seed: u64,
    threads: usize,
    grade: Grade,
) -> Result<Puzzle, Diagnostic> {
    generate_aimed(spec, set, size, seed, threads, Aim::of(grade))
}

/// Puzzles [`generate_graded`] tries before giving up.
pub const GRADE_TRIES: u64 = 60;

/// A puzzle of the grade asked for, and how it was found.
#[derive(Debug, Clone)]
pub struct Graded {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The seed that reproduces it with [`generate_for`] (and with
    /// [`generate_graded`]).
    pub seed: u64,
    /// Which of the puzzles carved from the first seed it is, from 1.
    pub tries: u64,
}

/// The first puzzle whose hint engine grade is `want` among those carved
/// for it ([`generate_for`]) from seeds derived from `seed` (the first is
/// `seed` itself): the library's one entry for `generate --difficulty`.
/// Gives up, saying so, after [`GRADE_TRIES`] puzzles or when the carving
/// reaches no grid that easy.
pub fn generate_graded(
    spec: &RuleSpec,
    set: &[(String, i64)],
    size: usize,
    seed: u64,
    threads: usize,
    want: Grade,
) -> Result<Graded, Diagnostic> {
    let mut grades = Vec::new();
    for i in 0..GRADE_TRIES {
        let s = seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let puzzle = match generate_for(spec, set, size, s, threads, want) {
            Ok(puzzle) => puzzle,
            // Carving found no grid that easy from this seed: more seeds
            // rarely do, and each costs as much.
            Err(e) if e.settings.contains(&Setting::Seed) => {
                return Err(Diagnostic::new(format!(
                    "no {} {size}×{size} puzzle found: the carving from seed {s} did not reach one after {ATTEMPTS} tries; try another --seed, size or --difficulty",
                    want.name()
                )));
            }
            Err(e) => return Err(e),
        };
        let cells: Vec<usize> = puzzle
            .solution
            .cells
            .iter()
            .map(|&(r, c)| puzzle.problem.cell(r, c))
            .collect();
        let path = crate::logic::path::explain_from(&puzzle.problem, Some(&cells))
            .map_err(Diagnostic::new)?;
        if path.grade == Some(want) {
            return Ok(Graded {
                puzzle,
                seed: s,
                tries: i + 1,
            });
        }
        grades.extend(path.grade.filter(|g| !grades.contains(g)));
    }
    let advice = advice(want, size, &grades);
    Err(Diagnostic::new(format!(
        "no {} {size}×{size} puzzle among the {GRADE_TRIES} generated from seed {seed}; {advice}",
        want.name()
    )))
}

/// What to try when no puzzle of grade `want` was found among the
/// [`GRADE_TRIES`] of side `size`, whose paths had the grades `grades`.
/// Where every one was easier and some hard, needs-guessing is asked
/// for: on a board of at most [`crate::logic::MAX_CELLS`] cells
/// it says what happened (the hint engine, 2×2 blocks with one to spare
/// among its techniques there, explained every one without a guess, and
/// larger boards skip that technique); on a larger board, try another
/// seed. Where every one was easier and none hard, a larger size gives
/// harder puzzles.
fn advice(want: Grade, size: usize, grades: &[Grade]) -> String {
    let names: Vec<&str> = grades.iter().map(|g| g.name()).collect();
    let every = format!("every one was {}", names.join(" or "));
    if grades.is_empty() || grades.iter().any(|&g| g >= want) {
        return "try another --seed, size or --difficulty".to_string();
    }
    if want == Grade::NeedsGuessing && grades.contains(&Grade::Hard) {
        let max = crate::logic::MAX_CELLS;
        if size * size > max {
            return format!("{every}: try another --seed");
        }
        let side = max.isqrt();
        return format!(
            "{every}: at this size the hint engine explained every one without a guess (2×2 blocks with one to spare runs on boards up to {side}×{side}; larger boards skip that technique)"
        );
    }
    format!("{every}: a larger size gives harder puzzles")
}

/// The rules the carving is judged by, and whether they must decide every
/// cell (else one solution is enough).
#[derive(Debug, Clone, Copy)]
struct Aim {
    rules: Rules,
    decided: bool,
}

impl Aim {
    /// The aim for puzzles of `grade`.
    fn of(grade: Grade) -> Aim {
        let (rules, decided) = match grade {
            Grade::Easy => (Rules::Confined, true),
            Grade::Medium => (Rules::NoCapacity, true),
            Grade::Hard => (Rules::All, true),
            Grade::NeedsGuessing => (Rules::All, false),
        };
        Aim { rules, decided }
    }
}

fn generate_aimed(
    spec: &RuleSpec,
    set: &[(String, i64)],
    size: usize,
    seed: u64,
    threads: usize,
    aim: Aim,
) -> Result<Puzzle, Diagnostic> {
    if !(1..=LARGEST).contains(&size) {
        return Err(Diagnostic::new(format!(
            "the puzzle size {size} is outside the supported 1..={LARGEST}"
        ))
        .with_help(format!("a side from 1 to {LARGEST}"))
        .with_setting(Setting::Size));
    }
    // Bind once with rows as regions, to check the rules and learn k.
    let bindings = Bindings {
        set: set.to_vec(),
        regions: spec
            .has_region_group()
            .then(|| Source::new("<generator>", rows(size))),
        cells: None,
    };
    let problem = Problem::bind(spec, &bindings)?;
    let exact = problem
        .groups
        .iter()
        .find(|g| g.family == Family::Region && g.min == g.max)
        .map(|g| g.min);
    let k = match exact {
        Some(k) if k > 0 => k,
        Some(_) => {
            return Err(Diagnostic::new(format!(
                "`{}` asks for no piece per region here: there is nothing to place",
                problem.name
            ))
            .of(Kind::Unsupported)
            .with_help("set a count of at least 1, like --set k=2")
            .with_setting(Setting::Param));
        }
        None => {
            return Err(Diagnostic::new(format!("`{}` has no exact region group to generate puzzles for", problem.name))
                .of(Kind::Unsupported)
                .with_help("generate works with rules that have [[group]] of = \"region\" with a count, like region-queens or star-battle"));
        }
    };
    if problem.piece.count != k * size {
        return Err(Diagnostic::new(format!(
            "`{}` places {} pieces, but {size} regions of {k} need {}",
            problem.name,
            problem.piece.count,
            k * size
        )));
    }
    // With rows as regions the region rule repeats the row rule, so a
    // solution is any placement of k pieces per row that keeps the other
    // rules: without one, no region grid has a solution. Each check has a
    // budget; when it runs out the attempts below find out.
    if placeable(&problem) == Some(false) {
        let pieces = if k == 1 {
            problem.piece.name.clone()
        } else {
            format!("{}s", problem.piece.name)
        };
        // Whether the largest size has a placement, to say what to change.
        let largest = Bindings {
            regions: Some(Source::new("<generator>", rows(LARGEST))),
            ..bindings
        };
        let larger = if size < LARGEST {
            Problem::bind(spec, &largest).map_or(Some(false), |p| placeable(&p))
        } else {
            Some(false)
        };
        let (help, setting) = match larger {
            Some(true) => (
                "try a larger size; docs/PUZZLES.md lists the supported sizes".to_string(),
                Setting::Size,
            ),
            Some(false) => (
                format!("no size up to {LARGEST} has one: try fewer {pieces} per region"),
                Setting::Param,
            ),
            None => (
                format!("try a larger size or fewer {pieces} per region"),
                Setting::Param,
            ),
        };
        let why = problem
            .unmeetable()
            .map_or_else(String::new, |reason| format!(" ({reason})"));
        return Err(Diagnostic::new(format!(
            "no {size}×{size} `{}` puzzle exists: no placement of {k} {pieces} per row keeps the rules{why}",
            problem.name
        ))
        .of(Kind::Unsupported)
        .with_help(help)
        .with_setting(setting));
    }
    let winner = first_success(threads, |index, stop| {
        attempt(&problem, k, aim, seed, index, stop)
    });
    if let Some((puzzle, evaluations)) = winner {
        return Ok(Puzzle {
            evaluations,
            ..puzzle
        });
    }
    Err(Diagnostic::new(format!(
        "no unique {size}×{size} puzzle found after {ATTEMPTS} tries"
    ))
    .of(Kind::Unsupported)
    .with_help("try another seed or size (docs/PUZZLES.md lists the supported sizes)")
    .with_setting(Setting::Seed)
    .with_setting(Setting::Size))
}

/// Attempt `index` of the seed, carving to `aim`: plants a random solution, grows regions
/// around it and carves them, with its own random stream (so that attempts
/// can run in any order on any thread). Returns the puzzle, if it found one
/// before `stop` said so, and the region grids it counted.
fn attempt(
    problem: &Problem,
    k: usize,
    aim: Aim,
    seed: u64,
    index: usize,
    stop: &dyn Fn() -> bool,
) -> (Option<Puzzle>, usize) {
    let size = problem.rows;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index as u64);
    let mut judge = Judge::new(problem.clone(), aim.rules, aim.decided);
    let mut run = || -> Option<Puzzle> {
        let mut planted = plant::plant(problem, &mut rng)?;
        let mut grid = Grid::tight(size, &planted, k, &mut rng)?;
        if !carve(&mut judge, &mut grid, &mut planted, &mut rng, stop) {
            return None;
        }
        if stop() {
            return None;
        }
        let mut puzzle = problem.clone();
        puzzle.regions = Some(grid.regions());
        // The final word: a fresh listing of at most two solutions, by the
        // propagating search at every size (the plan's own choice for
        // one-piece games up to 12×12 is the unit search, as fast there).
        let mut plan = puzzle.clone().plan();
        plan.engine = crate::plan::Engine::Propagate;
        let two: Vec<Solution> = plan.solutions(false).take(2).collect();
        let [solution] = two.as_slice() else {
            return None;
        };
        debug_assert!((0..size).all(|r| grid.connected(r)));
        Some(Puzzle {
            picture: grid.picture(),
            solution: solution.clone(),
            problem: puzzle,
            // The count of every attempt up to this one: set by the caller.
            evaluations: 0,
            attempt: index,
        })
    };
    let found = run();
    (found, judge.evaluations)
}

/// A `size`×`size` region picture whose regions are its rows.
fn rows(size: usize) -> String {
    (0..size)
        .map(|r| format!("{}\n", label(r).to_string().repeat(size)))
        .collect()
}

/// Nodes of the propagating search [`placeable`] may take: a few seconds
/// at most on the largest boards.
const PLACEABLE_BUDGET: u64 = 200_000;

/// Whether the problem has a solution: `Some(false)` when simple counting
/// shows the rules cannot be met, else the propagating search's answer
/// within [`PLACEABLE_BUDGET`] nodes, `None` when that ran out first.
fn placeable(problem: &Problem) -> Option<bool> {
    if problem.unmeetable().is_some() {
        return Some(false);
    }
    crate::engine::propagate::exists(problem, PLACEABLE_BUDGET)
}

#[cfg(test)]
mod tests;
