//! Binding the piece (its symbol, count, lines and leaps) and the groups.

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;

use super::Binder;
use crate::error::{Diagnostic, Kind, Setting};
use crate::problem::{Family, Group, Lines, NAMED_LEAPS, Piece, Problem};
use crate::spec::{Expr, GroupSpec, LeapSpec};

impl Binder<'_> {
    /// The piece, and the span of its count (where memory errors point).
    pub(super) fn piece(
        &self,
        symbol: char,
        vars: &BTreeMap<String, i64>,
        side: usize,
    ) -> Result<(Piece, Range<usize>), Diagnostic> {
        let spec = self.spec;
        let lines = self.lines()?;
        let leaps = self.leaps(side)?;
        let default_count = Expr::Text("rows".into());
        let (count, span) = match &spec.piece.count {
            Some(e) => (self.eval("piece.count", e, vars)?, e.span()),
            None => (default_count.eval(vars).unwrap_or(0), 0..0),
        };
        if count < 0 {
            return Err(self
                .negative("piece.count", count, span)
                .with_help("a count from 0 up to the free cells"));
        }
        let piece = Piece {
            name: spec.piece.name.clone().unwrap_or_else(|| "piece".into()),
            symbol,
            count: count as usize,
            lines,
            leaps,
        };
        Ok((piece, span))
    }

    fn lines(&self) -> Result<Lines, Diagnostic> {
        let mut lines = Lines::default();
        for l in &self.spec.piece.lines {
            match l.get_ref().as_str() {
                "row" => lines.row = true,
                "column" => lines.column = true,
                "diagonal" => lines.diagonal = true,
                "anti-diagonal" => lines.anti_diagonal = true,
                other => {
                    return Err(self
                        .at(format!("unknown line `{other}`"), l.span())
                        .with_suggestion(other, ["row", "column", "diagonal", "anti-diagonal"]));
                }
            }
        }
        Ok(lines)
    }

    fn leaps(&self, side: usize) -> Result<Vec<(usize, usize)>, Diagnostic> {
        let mut leaps = Vec::new();
        for leap in &self.spec.piece.leaps {
            match leap.get_ref() {
                LeapSpec::Named(name) => match NAMED_LEAPS.iter().find(|(n, _)| n == name) {
                    Some((_, offsets)) => leaps.extend_from_slice(offsets),
                    None => {
                        return Err(self
                            .at(format!("unknown leap `{name}`"), leap.span())
                            .with_suggestion(name, NAMED_LEAPS.iter().map(|(n, _)| *n)));
                    }
                },
                LeapSpec::Offset(v) => {
                    let ok = v.len() == 2
                        && v.iter().all(|x| x.unsigned_abs() < side.max(1) as u64)
                        && v != &[0, 0];
                    if !ok {
                        return Err(self
                            .at(
                                format!("leap {v:?} is not an offset [a, b] on this board"),
                                leap.span(),
                            )
                            .with_help(format!(
                                "two integers, not both 0, each below {} in size",
                                side.max(1)
                            )));
                    }
                    let (a, b) = (v[0].unsigned_abs() as usize, v[1].unsigned_abs() as usize);
                    leaps.push((a.min(b), a.max(b)));
                }
            }
        }
        leaps.sort_unstable();
        leaps.dedup();
        Ok(leaps)
    }

    pub(super) fn group(
        &self,
        g: &GroupSpec,
        vars: &BTreeMap<String, i64>,
        problem: &Problem,
    ) -> Result<Group, Diagnostic> {
        let family = Family::NAMES
            .iter()
            .find(|(n, _)| n == g.of.get_ref())
            .map(|(_, f)| *f)
            .ok_or_else(|| {
                self.at(
                    format!("unknown group family `{}`", g.of.get_ref()),
                    g.of.span(),
                )
                .with_suggestion(g.of.get_ref(), Family::NAMES.iter().map(|(n, _)| *n))
            })?;
        if family == Family::Region && problem.regions.is_none() {
            return Err(self
                .at("groups of `region` need a board with regions", g.of.span())
                .with_help("add [board] regions = \"...\" or give a regions picture")
                .with_setting(Setting::Regions));
        }
        let value = |what: &str, e: &Spanned<Expr>| -> Result<usize, Diagnostic> {
            let v = self.eval(what, e, vars)?;
            usize::try_from(v).map_err(|_| self.negative(what, v, e.span()))
        };
        let (min, max) = match (&g.count, &g.min, &g.max) {
            (Some(c), None, None) => {
                let c = value("group.count", c)?;
                (c, c)
            }
            (None, min, max) if min.is_some() || max.is_some() => (
                min.as_ref()
                    .map(|m| value("group.min", m))
                    .transpose()?
                    .unwrap_or(0),
                max.as_ref()
                    .map(|m| value("group.max", m))
                    .transpose()?
                    .unwrap_or(usize::MAX),
            ),
            (Some(c), _, _) => {
                return Err(self
                    .at(
                        "a group takes `count` (exactly) or `min`/`max` (a range), not both",
                        c.span(),
                    )
                    .with_help("count = 1 (exactly), or min = 1 / max = 2"));
            }
            _ => {
                return Err(self
                    .at("a group needs `count`, or `min` and/or `max`", g.of.span())
                    .of(Kind::Type)
                    .with_help("count = 1 (exactly), or min = 1 / max = 2"));
            }
        };
        if min > max {
            let span = g.min.as_ref().map_or_else(|| g.of.span(), Spanned::span);
            return Err(self
                .at(
                    format!("group.min {min} is larger than group.max {max}"),
                    span,
                )
                .with_help("lower min or raise max"));
        }
        Ok(Group { family, min, max })
    }
}
