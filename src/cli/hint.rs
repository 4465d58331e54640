//! `placer hint` and `placer solve --explain`:
//! the logical steps of a region game, for people (text, SVG) and programs
//! (JSON lines).

use std::io::{self, Write};

use anyhow::{Result, bail};
use clap::Args as ClapArgs;
use serde::Serialize;

use super::{BindArgs, Outcome};
use crate::logic::grade::Grade;
use crate::logic::path::{self, Path as LogicPath};
use crate::logic::{Board, Next, Step, Technique};
use crate::output::hint::{StepLine, svg, text_board};
use crate::output::{self, Format};
use crate::problem::Problem;

/// `placer hint`'s arguments.
#[derive(Debug, Clone, ClapArgs)]
pub struct HintArgs {
    /// A region game: `region-queens`, `star-battle`, or a rule file with exact
    /// row, column and region counts.
    pub rules: String,
    /// Rule inputs: `--regions FILE` (with `s` given stars and `x` crossed
    /// cells in the numeric form), `--cells FILE` for a partial state, `--set k=2`.
    #[command(flatten)]
    pub bind: BindArgs,
    /// How the hint prints: board (text), json (one line) or svg.
    #[arg(long, default_value = "board", value_parser = hint_formats())]
    pub format: Format,
    /// Also grade the puzzle (the hardest technique of its whole logical
    /// path, as `solve --explain` prints it): a `puzzle grade` line, a
    /// `"grade"` field in JSON, a note on stderr with SVG. It walks the
    /// whole path, so it takes as long as an explanation.
    #[arg(long)]
    pub grade: bool,
}

/// The formats a hint prints in, the only ones `--help` lists.
fn hint_formats() -> impl clap::builder::TypedValueParser<Value = Format> {
    use clap::ValueEnum;
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["board", "json", "svg"])
        .map(|name: String| Format::from_str(&name, false).expect("every listed name is a format"))
}

/// What stands for the grade of a puzzle without a solution.
const NO_GRADE: &str = "none (no solution)";

/// The end of a path as the last JSON line.
#[derive(Debug, Serialize)]
struct EndLine<'a> {
    solved: bool,
    guesses: usize,
    /// `null` when the puzzle has no solution.
    grade: Option<&'static str>,
    steps: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    stuck: Option<&'a str>,
    /// Whether the puzzle has exactly one solution.
    unique: bool,
    /// Where two solutions differ, `[row, col]`, 1-based, when it has several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    differ: Vec<[usize; 2]>,
}

impl<'a> EndLine<'a> {
    /// The end of `path` on `problem`, after `steps` steps, stuck as `stuck`.
    fn new(problem: &Problem, path: &LogicPath, steps: usize, stuck: Option<&'a str>) -> Self {
        EndLine {
            solved: path.solved,
            guesses: path.guesses,
            grade: path.grade.map(Grade::name),
            steps,
            stuck,
            unique: path.unique == Some(true),
            differ: one_based(problem, &path.differ),
        }
    }
}

/// The line that says a puzzle is not unique, with where two solutions
/// differ (the library's words); `None` for a unique puzzle or one with no
/// solution.
fn not_unique(problem: &Problem, path: &LogicPath) -> Option<String> {
    (path.unique == Some(false) && !path.differ.is_empty())
        .then(|| path::not_unique(problem, &path.differ))
}

/// The logical path of a puzzle, from the library.
fn logical_path(problem: &Problem) -> Result<LogicPath> {
    path::explain(problem).map_err(anyhow::Error::msg)
}

/// `--explain` prints as a board, JSON lines or SVG; `solve`'s other
/// formats are refused.
fn check_format(format: Format) -> Result<()> {
    if !matches!(format, Format::Board | Format::Json | Format::Svg) {
        bail!("--explain prints as a board, json or svg: --format board|json|svg");
    }
    Ok(())
}

/// `placer hint`: the next deduction from the puzzle's start (or the state
/// its givens and crossed cells describe), from the library's hint; with
/// `--grade` also the puzzle's grade, from its whole path.
pub fn hint(args: &HintArgs) -> Result<Outcome> {
    let problem = super::load(&args.rules, &args.bind)?;
    let mut board = Board::new(&problem).map_err(anyhow::Error::msg)?;
    let mut out = io::BufWriter::new(super::stdout());
    let found = path::hint(&problem).map_err(anyhow::Error::msg)?;
    let several = found.several;
    let none = found.none;
    let said = several
        .as_ref()
        .map(|cells| path::not_unique(&problem, cells));
    // A step on a state without a solution holds vacuously: it comes with why.
    let no_solution = none.as_deref().map(path::no_solution);
    let step = match found.next {
        Next::Step(step) => step,
        stop => {
            let why = match (&stop, &several) {
                (Next::Solved, _) => "solved: every unit holds its pieces".to_string(),
                (_, Some(cells)) => format!(
                    "no hint: {} (`placer check` prints two)",
                    path::cannot_choose(&problem, cells)
                ),
                (Next::Contradiction(why), _) => {
                    format!("no hint: {why}, so this state has no solution")
                }
                (_, None) if no_solution.is_some() => {
                    format!("no hint: logic runs out here; {}", no_solution.as_deref().unwrap_or_default())
                }
                _ => "no hint: logic runs out here; `placer solve ... --explain` shows the guesses it takes".to_string(),
            };
            match args.format {
                Format::Json => {
                    let path = logical_path(&problem)?;
                    let solved = stop == Next::Solved;
                    let stuck = (!solved).then_some(why.as_str());
                    let end = EndLine {
                        solved,
                        ..EndLine::new(&problem, &path, 0, stuck)
                    };
                    output::write_line(&mut out, &end)?;
                }
                _ => writeln!(out, "{why}")?,
            }
            out.flush()?;
            return Ok(Outcome::Done);
        }
    };
    // The grade, when asked for: none on a grid with several solutions.
    let grade = match (args.grade, &several) {
        (true, None) => Some(logical_path(&problem)?.grade.map(Grade::name)),
        _ => None,
    };
    board.apply(&step);
    match args.format {
        Format::Json => {
            let line = HintLine {
                step: StepLine::new(&board, &step),
                grade,
                unique: (several.is_some() || none.is_some()).then_some(false),
                differ: one_based(&problem, several.as_deref().unwrap_or_default()),
                no_solution: none.as_deref(),
            };
            output::write_line(&mut out, &line)?
        }
        Format::Svg => {
            for said in said.iter().chain(&no_solution) {
                super::stderr_line(format_args!("warning: {said}"));
            }
            if let Some(grade) = grade {
                let grade = grade.unwrap_or(NO_GRADE);
                super::stderr_line(format_args!("note: puzzle grade: {grade}"));
            }
            out.write_all(svg(&board, Some(&step)).as_bytes())?
        }
        _ => {
            write_step(&mut out, &board, &step, None)?;
            writeln!(out)?;
            out.write_all(text_board(&board, Some(&step)).as_bytes())?;
            if let Some(said) = &said {
                writeln!(out, "\n{said}: no grade, since logic cannot finish it")?
            }
            if let Some(no_solution) = &no_solution {
                writeln!(
                    out,
                    "\n{no_solution}; the step above follows all the same, but leads to no solution"
                )?
            }
            if let Some(grade) = grade {
                writeln!(out, "\npuzzle grade: {}", grade.unwrap_or(NO_GRADE))?
            }
        }
    }
    out.flush()?;
    Ok(Outcome::Done)
}

/// A hint as a JSON line: the step, and on a puzzle with several solutions
/// `"unique":false` with where two differ; on one with none,
/// `"unique":false` with why (`"no_solution"`).
#[derive(Debug, Serialize)]
struct HintLine<'a> {
    #[serde(flatten)]
    step: StepLine<'a>,
    /// The puzzle's grade, with `--grade` (`null` when it has no solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<Option<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    differ: Vec<[usize; 2]>,
    /// Why the state has no solution, when it has none (the step then
    /// holds vacuously): the unit logic finds cannot be filled.
    #[serde(skip_serializing_if = "Option::is_none")]
    no_solution: Option<&'a str>,
}

/// Cells as `[row, col]`, 1-based.
fn one_based(problem: &Problem, cells: &[usize]) -> Vec<[usize; 2]> {
    cells
        .iter()
        .map(|&c| {
            let (r, c) = problem.coords(c);
            [r + 1, c + 1]
        })
        .collect()
}

/// A step as text: its technique, cells and reason.
fn write_step(out: &mut impl Write, b: &Board, s: &Step, number: Option<usize>) -> Result<()> {
    let head = number.map_or("hint".to_string(), |n| format!("{n:>3}."));
    let grade = Grade::of(s.technique).name();
    writeln!(
        out,
        "{head} {} ({}, {grade})",
        s.technique.name(),
        s.technique.title()
    )?;
    if !s.place.is_empty() {
        writeln!(out, "     place   {}", b.list(&s.place))?;
    }
    if !s.exclude.is_empty() {
        writeln!(out, "     exclude {}", b.list(&s.exclude))?;
    }
    writeln!(out, "     because {}", s.reason)?;
    Ok(())
}

/// `placer solve GAME --explain`: the whole logical path, its grade, and the
/// guesses where logic runs out.
pub fn explain(problem: &Problem, format: Format) -> Result<Outcome> {
    check_format(format)?;
    let path = logical_path(problem)?;
    let mut board = Board::new(problem).map_err(anyhow::Error::msg)?;
    let mut out = io::BufWriter::new(super::stdout());
    let mut announced = false;
    for (i, step) in path.steps.iter().enumerate() {
        board.apply(step);
        match format {
            Format::Json => output::write_line(&mut out, &StepLine::new(&board, step))?,
            Format::Svg => writeln!(out, "{}", svg(&board, Some(step)).replace('\n', ""))?,
            _ => {
                if step.technique == Technique::Guess && !announced {
                    let s = if i == 1 { "" } else { "s" };
                    writeln!(
                        out,
                        "logic runs out after {i} step{s}; guessing from here on"
                    )?;
                    announced = true;
                }
                write_step(&mut out, &board, step, Some(i + 1))?;
            }
        }
    }
    let end = EndLine::new(problem, &path, path.steps.len(), path.stuck.as_deref());
    match format {
        Format::Json => output::write_line(&mut out, &end)?,
        Format::Svg => {
            if let Some(line) = not_unique(problem, &path) {
                super::stderr_line(format_args!("warning: {line}"));
            }
        }
        _ => {
            writeln!(out)?;
            out.write_all(text_board(&board, None).as_bytes())?;
            let verdict = match (&path.stuck, path.guesses) {
                (Some(why), _) => format!("no solution: {why}"),
                (None, 0) => "solved by logic alone".to_string(),
                (None, g) => format!("solved with {g} guess{}", if g == 1 { "" } else { "es" }),
            };
            let n = path.steps.len();
            let s = if n == 1 { "" } else { "s" };
            match (not_unique(problem, &path), path.grade) {
                (Some(line), _) => writeln!(
                    out,
                    "{line}: no grade, since logic cannot finish it; the {n} step{s} above follow one of them"
                )?,
                (None, Some(grade)) => {
                    writeln!(out, "{verdict}: {n} step{s}, grade {}", grade.name())?
                }
                (None, None) => writeln!(out, "{verdict}: {n} step{s}")?,
            }
        }
    }
    out.flush()?;
    Ok(Outcome::Done)
}
