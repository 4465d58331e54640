//! `placer rules`: the built-in rules, one line each.

use std::io::Write;

use anyhow::Result;

use super::Outcome;
use crate::spec::{BUILTIN, RuleSpec};

/// Runs `placer rules`.
pub(super) fn run() -> Result<Outcome> {
    let mut out = super::stdout();
    for b in BUILTIN {
        let spec = RuleSpec::parse(b.name, b.text)?;
        writeln!(out, "{:<14} {}", b.name, spec.summary.unwrap_or_default())?;
    }
    Ok(Outcome::Done)
}
