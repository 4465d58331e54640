//! New region puzzles, as `placer generate` makes them: by size, pieces per
//! unit, seed, and optionally a difficulty, for which puzzles from seeds
//! derived from the first are graded until one has it (the command line's
//! policy, kept here until the library owns it).

use placer::error::Setting;
use placer::generate::{self as make, Puzzle};
use placer::logic::grade::Grade;
use placer::logic::path;
use placer::spec::RuleSpec;
use serde::Serialize;

use crate::reply::Error;

/// Puzzles a difficulty tries before giving up, as `placer generate`.
const DIFFICULTY_TRIES: u64 = 60;

/// The grades by name.
const GRADES: [Grade; 4] = [
    Grade::Easy,
    Grade::Medium,
    Grade::Hard,
    Grade::NeedsGuessing,
];

/// A new puzzle.
#[derive(Debug, Serialize)]
pub struct Generated {
    /// The regions, one line per row, one letter per cell.
    pub picture: String,
    /// Its one solution, `[row, col]` from 0.
    pub solution: Vec<(usize, usize)>,
    /// The seed that gives it (with the same difficulty).
    pub seed: String,
    /// Its grade, when a difficulty was asked for.
    pub grade: Option<&'static str>,
}

/// Generates a `size`×`size` puzzle of `game` with `k` pieces per unit.
pub fn generate(
    game: &str,
    k: u32,
    size: u32,
    seed: u64,
    difficulty: &str,
    progress: &dyn Fn(usize, usize),
) -> Result<Generated, Error> {
    let spec = RuleSpec::resolve(game)?;
    let mut set = Vec::new();
    if spec.params.contains_key("k") {
        set.push(("k".to_string(), i64::from(k)));
    }
    let size = size as usize;
    let want = match difficulty {
        "" | "any" => None,
        name => Some(
            GRADES
                .into_iter()
                .find(|g| g.name() == name)
                .ok_or_else(|| {
                    Error::plain(format!(
                        "unknown difficulty `{name}`; valid: easy, medium, hard, needs-guessing"
                    ))
                })?,
        ),
    };
    let Some(want) = want else {
        progress(0, 1);
        let puzzle = make::generate(&spec, &set, size, seed, 1)?;
        return Ok(generated(puzzle, seed, None));
    };
    for i in 0..DIFFICULTY_TRIES {
        progress(i as usize, DIFFICULTY_TRIES as usize);
        let s = seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let puzzle = match make::generate_for(&spec, &set, size, s, 1, want) {
            Ok(puzzle) => puzzle,
            Err(e) if e.settings.contains(&Setting::Seed) => {
                return Err(Error::plain(format!(
                    "no {} {size}×{size} puzzle found: the carving from seed {s} did not reach one; try another seed, size or difficulty",
                    want.name()
                )));
            }
            Err(e) => return Err(e.into()),
        };
        let p = &puzzle.problem;
        let cells: Vec<usize> = puzzle
            .solution
            .cells
            .iter()
            .map(|&(r, c)| p.cell(r, c))
            .collect();
        let found = path::explain(p, Some(&cells)).map_err(Error::plain)?;
        if found.grade == Some(want) {
            return Ok(generated(puzzle, s, Some(want)));
        }
    }
    Err(Error::plain(format!(
        "no {} {size}×{size} puzzle among the {DIFFICULTY_TRIES} generated from seed {seed}; try another seed, size or difficulty",
        want.name()
    )))
}

fn generated(puzzle: Puzzle, seed: u64, grade: Option<Grade>) -> Generated {
    Generated {
        picture: puzzle.picture,
        solution: puzzle.solution.cells,
        seed: seed.to_string(),
        grade: grade.map(Grade::name),
    }
}
