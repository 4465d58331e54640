//! `placer completions SHELL`: a shell completion script.

use std::io::Write;

use anyhow::Result;
use clap::CommandFactory;

use super::{Args, Outcome};

/// Runs `placer completions`.
pub(super) fn run(shell: clap_complete::Shell) -> Result<Outcome> {
    // Into a buffer first: clap_complete panics when its writer fails.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Args::command(), "placer", &mut script);
    let mut out = super::stdout();
    out.write_all(&script).and_then(|()| out.flush())?;
    Ok(Outcome::Done)
}
