//! Binding: a rule file's spec and the caller's bindings (parameters,
//! pictures) become a checked [`Problem`], in steps: the parameters, the
//! board ([`board`]), the piece and the groups ([`piece`]), then the checks.

mod board;
mod piece;

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::sync::Arc;

use toml::Spanned;

use super::checks::{check_givens, check_memory};
use super::model::Problem;
use super::{Bindings, ProblemError};
use crate::error::{Diagnostic, Kind, Source};
use crate::spec::{Expr, RuleSpec};

impl Problem {
    /// Binds a spec's parameters and checks that the rules make sense.
    pub fn bind(spec: &RuleSpec, bindings: &Bindings) -> Result<Problem, ProblemError> {
        Binder {
            spec,
            src: spec.source(),
            bindings,
        }
        .bind()
    }
}

struct Binder<'a> {
    spec: &'a RuleSpec,
    src: Arc<Source>,
    bindings: &'a Bindings,
}

impl Binder<'_> {
    fn at(&self, message: impl Into<String>, span: Range<usize>) -> Diagnostic {
        Diagnostic::at(message, &self.src, Some(span))
    }

    /// `what` came out negative at `span`: the error names the `--set`
    /// values given (the expression may use some of them), which the user
    /// typed.
    fn negative(&self, what: &str, value: i64, span: Range<usize>) -> Diagnostic {
        let set: Vec<String> = self
            .bindings
            .set
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let with = if set.is_empty() {
            String::new()
        } else {
            format!(" (with --set {})", set.join(" --set "))
        };
        self.at(
            format!("{what} is {value}{with}, but it must be 0 or more"),
            span,
        )
    }

    fn eval(
        &self,
        what: &str,
        expr: &Spanned<Expr>,
        vars: &BTreeMap<String, i64>,
    ) -> Result<i64, Diagnostic> {
        expr.get_ref().eval(vars).map_err(|e| {
            // Point inside the string when the text sits verbatim in the file.
            let span = expr.span();
            let inner = match expr.get_ref() {
                Expr::Text(t)
                    if self.src.text.get(span.start + 1..span.end - 1) == Some(t.as_str()) =>
                {
                    span.start + 1 + e.at.start..span.start + 1 + e.at.end.max(e.at.start + 1)
                }
                _ => span,
            };
            let d = self.at(format!("{what}: {}", e.message), inner).of(e.kind);
            match e.unknown {
                Some(_) if vars.is_empty() => d
                    .with_help("this rule has no parameters: add them under [params]")
                    .of(Kind::Unknown),
                Some(name) => {
                    let names: Vec<&str> = vars.keys().map(String::as_str).collect();
                    d.with_suggestion(&name, names.iter().copied())
                }
                None => d,
            }
        })
    }

    /// The params after `--set`: literals first, then the expressions over
    /// them (`count = "n"`), in whatever order their references allow.
    fn params(&self) -> Result<BTreeMap<String, i64>, Diagnostic> {
        let spec = self.spec;
        let mut params = BTreeMap::new();
        for (key, value) in &self.bindings.set {
            if !spec.params.contains_key(key) {
                let names: Vec<&str> = spec.params.keys().map(String::as_str).collect();
                let d = Diagnostic::new(format!(
                    "`{}` has no parameter `{key}`",
                    spec.name.get_ref()
                ));
                return Err(if names.is_empty() {
                    d.of(Kind::Unknown).with_help("this rule has no parameters")
                } else {
                    d.with_suggestion(key, names.iter().copied())
                });
            }
            params.insert(key.clone(), *value);
        }
        // Each param is evaluated once its references are: a reference to a
        // param not yet known puts that one on the stack first (a stack, not
        // recursion, and not passes over all of them: a chain of 55 000
        // params took 10 minutes), and one already on the stack closes a
        // circle.
        let mut stack: Vec<(&String, &Spanned<Expr>)> = Vec::new();
        let mut on_stack: BTreeSet<&String> = BTreeSet::new();
        for first in &spec.params {
            if params.contains_key(first.0) {
                continue;
            }
            stack.push(first);
            on_stack.insert(first.0);
            while let Some(&(key, expr)) = stack.last() {
                let e = match expr.get_ref().eval(&params) {
                    Ok(v) => {
                        params.insert(key.clone(), v);
                        stack.pop();
                        on_stack.remove(key);
                        continue;
                    }
                    Err(e) => e,
                };
                let waits_for = e
                    .unknown
                    .as_ref()
                    .and_then(|u| spec.params.get_key_value(u));
                match waits_for {
                    Some(next) if on_stack.contains(next.0) => {
                        return Err(self
                            .at(
                                format!("params.{key}: the params refer to each other in a circle"),
                                expr.span(),
                            )
                            .with_help("give one of them an integer value"));
                    }
                    Some(next) => {
                        stack.push(next);
                        on_stack.insert(next.0);
                    }
                    None => {
                        return Err(match self.eval(&format!("params.{key}"), expr, &params) {
                            Err(d) => d,
                            Ok(_) => self
                                .at(format!("params.{key}: {}", e.message), expr.span())
                                .of(e.kind),
                        });
                    }
                }
            }
        }
        Ok(params)
    }

    fn bind(&self) -> Result<Problem, Diagnostic> {
        let spec = self.spec;
        if self.bindings.regions.is_some() && !spec.has_region_group() {
            return Err(Diagnostic::new(format!(
                "`{}` has no group over regions, so a regions picture would change nothing",
                spec.name.get_ref()
            ))
            .with_help("region games: region-queens, star-battle, or a rule file with [[group]] of = \"region\""));
        }
        let params = self.params()?;
        let board = self.board(&params)?;
        let mut vars = params.clone();
        vars.insert("rows".into(), board.rows as i64);
        vars.insert("cols".into(), board.cols as i64);
        let (piece, count_span) = self.piece(board.symbol, &vars, board.rows.max(board.cols))?;
        let mut problem = Problem {
            name: spec.name.get_ref().clone(),
            summary: spec.summary.clone().unwrap_or_default(),
            params,
            rows: board.rows,
            cols: board.cols,
            wrap: spec.board.wrap,
            holes: board.holes,
            givens: board.givens,
            regions: board.regions,
            values: board.values,
            labels: Default::default(),
            piece,
            groups: Vec::new(),
        };
        for g in &spec.group {
            let group = self.group(g, &vars, &problem)?;
            problem.groups.push(group);
        }
        check_givens(&self.src, &problem, &board.given_spans)?;
        check_memory(&self.src, &problem, &count_span)?;
        Ok(problem)
    }
}
