//! The `placer` binary: parse arguments, run, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;

use placer::cli::{self, Args, Outcome, stderr_line};
use placer::error::Setting;

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(err) => return usage(&err),
    };
    match cli::run(args) {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::Interrupted) => ExitCode::from(130),
        Ok(Outcome::NoSolution) => {
            stderr_line(format_args!("no solution"));
            ExitCode::from(1)
        }
        Err(err) if cli::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(mut err) => {
            if let Some(e) = cli::unwritten(&err) {
                stderr_line(format_args!("error: cannot write the output: {e}"));
            } else {
                name_flags(&mut err);
                stderr_line(format_args!("error: {err:#}"));
            }
            ExitCode::from(2)
        }
    }
}

/// Adds the flags that give what a library diagnostic asks for (a parameter,
/// a regions picture...) to its help: the library does not know our flags.
fn name_flags(err: &mut anyhow::Error) {
    let Some(d) = err.downcast_mut::<placer::Diagnostic>() else {
        return;
    };
    let flags: Vec<&str> = d
        .settings
        .iter()
        .filter_map(|s| match s {
            Setting::Param => Some("--set NAME=VALUE"),
            Setting::Regions => Some("--regions FILE"),
            Setting::Cells => Some("--cells FILE"),
            Setting::Size => Some("--size N"),
            Setting::Seed => Some("--seed N"),
            _ => None,
        })
        .collect();
    if flags.is_empty() {
        return;
    }
    let flags = flags.join(" or ");
    d.help = Some(match d.help.take() {
        Some(help) => format!("{help} ({flags})"),
        None => format!("on the command line: {flags}"),
    });
}

/// Prints clap's help, version or usage error. Help that cannot be written
/// (`--help > /dev/full`) is an error, exit 2; a closed pipe is not.
fn usage(err: &clap::Error) -> ExitCode {
    let code = u8::try_from(err.exit_code()).unwrap_or(2);
    match err.print() {
        Ok(()) => ExitCode::from(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(code),
        Err(e) => {
            stderr_line(format_args!("error: cannot write the output: {e}"));
            ExitCode::from(2)
        }
    }
}
