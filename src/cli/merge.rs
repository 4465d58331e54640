//! `placer merge`: adds up the JSON results of `--shard I/K` runs.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;

use super::Outcome;
use super::solve::exact;
use crate::output::{self, Format};

/// Runs `placer merge`: the total count, or with `json` the merged record.
pub(super) fn run(parts: &[PathBuf], json: bool) -> Result<Outcome> {
    let part = crate::search::merge::merge(parts)?;
    let mut out = super::stdout();
    if json {
        output::write_line(&mut out, &part)?;
    } else {
        output::write_count(&mut out, Format::Board, &exact(&part.count)?)?;
    }
    out.flush()?;
    Ok(Outcome::Done)
}
