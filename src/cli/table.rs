//! `placer table`: one count per value of a parameter, like seed 004's table.

use std::io::Write;

use anyhow::{Context, Result, bail};
use num_bigint::BigUint;

use super::args::TableArgs;
use super::config::threads;
use super::solve::exact;
use super::{Outcome, count, load, progress};
use crate::output::{Exact, Table};
use crate::plan::Plan;
use crate::problem::Problem;
use crate::search::{self, CountOptions};

/// Runs `placer table`.
pub(super) fn run(args: &TableArgs) -> Result<Outcome> {
    if args.from > args.to {
        bail!("--from {} is after --to {}", args.from, args.to);
    }
    // The table sets its parameter itself: a `--set` of it would be lost.
    if let Some((name, v)) = args.bind.set.iter().find(|(k, _)| *k == args.param) {
        bail!(
            "--set {name}={v} sets the parameter the table runs over (--param {name}), which takes each value from --from to --to: drop the --set, or use --from {v} --to {v}"
        );
    }
    // When the parameter only sets the piece count, one DP run gives every row.
    let by_pieces = if args.from < args.to {
        match (bound(args, args.from), bound(args, args.to)) {
            (Ok(a), Ok(b)) => count::polynomial(&a.plan(), Some(&b), &args.method)?,
            _ => None,
        }
    } else {
        None
    };
    let mut out = super::stdout();
    let mut table = Table::new(&args.param, args.unique, args.format.json());
    let len = args.to.abs_diff(args.from).saturating_add(1);
    let bar = progress::bar(true, Some(len), progress::bar_style("values", false));
    progress::run(bar, |bar| -> Result<Outcome> {
        for v in args.from..=args.to {
            if let Some(bar) = bar {
                bar.set_message(format!("{} = {v}", args.param));
            }
            let plan = bound(args, v)?.plan();
            let (total, classes) = row(args, &plan, by_pieces.as_deref())?;
            // The bar steps aside while the row prints, or the row would
            // follow the bar's text on its line.
            let print = || -> Result<()> {
                table.row(&mut out, v, total, classes)?;
                Ok(out.flush()?)
            };
            match bar {
                Some(bar) => bar.suspend(print)?,
                None => print()?,
            }
            if let Some(bar) = bar {
                bar.inc(1);
            }
        }
        Ok(Outcome::Done)
    })
}

/// The rules bound with the parameter at `v`.
fn bound(args: &TableArgs, v: i64) -> Result<Problem> {
    let mut bind = args.bind.clone();
    bind.set.push((args.param.clone(), v));
    load(&args.rules, &bind).with_context(|| format!("{} = {v}", args.param))
}

/// One row's count and, with `--unique`, its classes: from the one-pass
/// table by piece count if there is one, else the library's count.
fn row(
    args: &TableArgs,
    plan: &Plan,
    by_pieces: Option<&[BigUint]>,
) -> Result<(Exact, Option<Exact>)> {
    let options = CountOptions {
        threads: threads(args.threads),
        estimate: !args.method.no_estimate,
        ..CountOptions::default()
    };
    let total = match by_pieces {
        Some(all) => exact(
            all.get(plan.problem.piece.count)
                .cloned()
                .unwrap_or_default(),
        )?,
        None => {
            let all = CountOptions {
                method: args.method.method,
                budget: count::budget(&args.method),
                ..options.clone()
            };
            let counted =
                search::count(plan, &all, count::note_forecast).map_err(count::refused)?;
            count::note_fell_back(counted.fell_back.as_ref());
            exact(counted.count)?
        }
    };
    let classes = match args.unique {
        false => None,
        true => {
            let unique = CountOptions {
                unique: true,
                ..options
            };
            let counted = search::count(plan, &unique, |_| {}).map_err(count::refused)?;
            Some(exact(counted.count)?)
        }
    };
    Ok((total, classes))
}
