//! The command line: parsed [`Args`] resolved once (a [`Run`] with its
//! [`Mode`]) and wired to the library stages. Each command has its own file;
//! this one dispatches and holds what they share. Only this module and
//! `main` know about terminals, files and exit codes; every output goes
//! through [`crate::output`].
//!
//! A new command is a variant of [`Command`] (in `args.rs`), a file here
//! with its `run`, and one line in [`run`].

use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, Result};

/// `eprintln!` through [`stderr_line`]: never panics.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::stderr_line(format_args!($($arg)*))
    };
}

mod args;
mod check;
mod completions;
mod config;
mod count;
mod export;
mod generate;
mod hint;
mod list;
pub mod longrun;
mod merge;
mod progress;
mod queens;
mod rules;
mod select;
mod solve;
mod step;
mod table;

pub use args::{Args, BindArgs, Command, GenerateArgs, MethodArgs, ModeArgs, RunArgs, TableArgs};
pub use config::{Mode, Run};
pub use hint::HintArgs;
pub use select::SelectArgs;

use crate::error::Source;
use crate::input::{self, Limit};
use crate::problem::{Bindings, Problem, Warning};
use crate::spec::RuleSpec;

/// How a successful run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done; exit 0.
    Done,
    /// `--first` found nothing; exit 1.
    NoSolution,
    /// Ctrl-C or SIGTERM stopped a count; exit 130.
    Interrupted,
}

/// Runs one command.
pub fn run(args: Args) -> Result<Outcome> {
    progress::install();
    match args.command {
        Command::Queens { n, run } => queens::run(&n, &run),
        Command::Solve {
            rules,
            bind,
            run,
            explain: true,
        } => hint::explain(&load(&rules, &bind)?, run.format),
        Command::Solve {
            rules,
            bind,
            run,
            explain: false,
        } => solve::run(&rules, &bind, &run),
        Command::Hint(args) => hint::hint(&args),
        Command::Select(args) => select::run(&args),
        Command::Table(args) => table::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Export {
            rules,
            dlx: _,
            bind,
        } => export::run(&rules, &bind),
        Command::Merge { parts, format } => merge::run(&parts, format.json()),
        Command::Rules => rules::run(),
        Command::Check { rules, bind } => check::run(&rules, &bind),
        Command::Completions { shell } => completions::run(shell),
    }
}

/// Writes one line to stderr, like `eprintln!`, but a closed or full stderr
/// loses the message instead of panicking: the run and its stdout go on. Every
/// message of the command line goes through here (or [`stderr_text`]).
pub fn stderr_line(args: std::fmt::Arguments<'_>) {
    stderr_text(format_args!("{args}\n"));
}

/// Writes text to stderr with no newline added; write errors are ignored, as
/// in [`stderr_line`].
pub fn stderr_text(args: std::fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// Standard output, where the commands print their results. Its write
/// errors keep their kind (a closed pipe stays one) and are marked, so that
/// [`unwritten`] tells them from other errors: `main` says "cannot write the
/// output" once, whatever wrapped them on the way.
pub fn stdout() -> Output {
    Output(io::stdout().lock())
}

/// The locked standard output [`stdout`] returns.
pub struct Output(io::StdoutLock<'static>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(Unwritten::mark)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(Unwritten::mark)
    }
}

/// A write error of [`Output`], shown as the error itself.
#[derive(Debug)]
struct Unwritten(io::Error);

impl Unwritten {
    fn mark(e: io::Error) -> io::Error {
        io::Error::new(e.kind(), Unwritten(e))
    }
}

impl std::fmt::Display for Unwritten {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Unwritten {}

/// The write error of the output in `err`'s chain, when writing the output
/// is what failed.
pub fn unwritten(err: &anyhow::Error) -> Option<&io::Error> {
    err.chain()
        .filter_map(|e| e.downcast_ref::<io::Error>())
        .find(|e| e.get_ref().is_some_and(|inner| inner.is::<Unwritten>()))
}

/// Whether the error is a closed stdout, which ends the program quietly.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Reads a picture file, or stdin for `-`, within [`Limit::PICTURE`].
fn read_picture(path: &Path) -> Result<Arc<Source>> {
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let text = input::read(path, Limit::PICTURE)
        .with_context(|| format!("cannot read the picture {name}"))?;
    Ok(Source::new(name, text))
}

/// Resolves, reads and binds a rule set.
fn load(rules: &str, bind: &BindArgs) -> Result<Problem> {
    let spec = RuleSpec::resolve(rules)?;
    let bindings = Bindings {
        set: bind.set.clone(),
        regions: bind.regions.as_deref().map(read_picture).transpose()?,
        cells: bind.cells.as_deref().map(read_picture).transpose()?,
    };
    let problem = Problem::bind(&spec, &bindings)?;
    for warning in problem.warnings(&bind.set) {
        match &warning {
            Warning::Default { param, likely, .. } => say!(
                "warning: {}: pass --set {param}={likely} if this one does",
                warning.default_text()
            ),
            _ => say!("warning: {warning}"),
        }
    }
    Ok(problem)
}

/// The lines of stdin, each within [`Limit::LINE`].
fn stdin_lines() -> impl Iterator<Item = io::Result<String>> {
    let mut stdin = io::stdin().lock();
    std::iter::from_fn(move || input::read_line(&mut stdin).transpose())
}
