//! The `placer` binary: parse arguments, run, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;

use placer::cli::{self, Args, Outcome};

fn main() -> ExitCode {
    let args = Args::parse();
    match cli::run(args) {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::Interrupted) => ExitCode::from(130),
        Ok(Outcome::NoSolution) => {
            eprintln!("no solution");
            ExitCode::from(1)
        }
        Err(err) if cli::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
