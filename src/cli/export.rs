//! `placer export --dlx`: the problem for an independent solver.

use std::io::Write;

use anyhow::Result;

use super::{BindArgs, Outcome, load};

/// Runs `placer export`.
pub(super) fn run(rules: &str, bind: &BindArgs) -> Result<Outcome> {
    let problem = load(rules, bind)?;
    let mut out = super::stdout();
    out.write_all(crate::export::dlx(&problem).as_bytes())?;
    Ok(Outcome::Done)
}
