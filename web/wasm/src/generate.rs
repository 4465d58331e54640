//! New region puzzles, as `placer generate` makes them: by size, pieces per
//! unit, seed, and optionally a difficulty (the library grades puzzles from
//! seeds derived from the first until one has it).

use placer::generate::{self as make, Puzzle};
use placer::logic::grade::Grade;
use placer::spec::RuleSpec;
use serde::Serialize;

use crate::reply::Error;

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

/// Generates a `size`×`size` puzzle of `game` with `k` pieces per unit,
/// through the library's entries `generate::generate` and, with a
/// difficulty, `generate::generate_graded`, on one thread.
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
    progress(0, 1);
    Ok(match want {
        None => generated(make::generate(&spec, &set, size, seed, 1)?, seed, None),
        Some(want) => {
            let graded = make::generate_graded(&spec, &set, size, seed, 1, want)?;
            generated(graded.puzzle, graded.seed, Some(want))
        }
    })
}

fn generated(puzzle: Puzzle, seed: u64, grade: Option<Grade>) -> Generated {
    Generated {
        picture: puzzle.picture,
        solution: puzzle.solution.cells,
        seed: seed.to_string(),
        grade: grade.map(Grade::name),
    }
}
