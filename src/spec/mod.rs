//! Rule files as written: the serde model of the TOML, with spans kept so that
//! later stages can point at the text. This stage knows TOML and nothing of bits.

mod builtin;
mod expr;

pub use builtin::{BUILTIN, Builtin, builtin};
pub use expr::Expr;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::error::{Diagnostic, Kind, Source};

/// A rule file as the user wrote it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RuleSpec {
    /// The rule's name.
    pub name: Spanned<String>,
    /// One line saying what the rule counts.
    #[serde(default)]
    pub summary: Option<String>,
    /// Named integers, overridable with `--set`: a literal, or an expression
    /// over the other params (`count = "n"`).
    #[serde(default)]
    pub params: BTreeMap<String, Spanned<Expr>>,
    /// The board.
    #[serde(default)]
    pub board: BoardSpec,
    /// The piece and how pieces attack each other.
    #[serde(default)]
    pub piece: PieceSpec,
    /// How many pieces each group of cells holds.
    #[serde(default)]
    pub group: Vec<GroupSpec>,
    /// Where the file was read from, for errors and relative paths.
    #[serde(skip)]
    pub origin: Option<Arc<Source>>,
    /// The directory relative paths (`matrix`) are resolved against.
    #[serde(skip)]
    pub dir: Option<PathBuf>,
}

/// The `[board]` table.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BoardSpec {
    /// Number of rows: an integer or an expression over params.
    pub rows: Option<Spanned<Expr>>,
    /// Number of columns; default: rows.
    pub cols: Option<Spanned<Expr>>,
    /// Torus: lines and leaps wrap around both edges.
    #[serde(default)]
    pub wrap: bool,
    /// Cells that take no piece, `[row, col]`, 1-based.
    pub holes: Option<Vec<Spanned<Vec<Spanned<i64>>>>>,
    /// A picture: `.` free, `#` hole, the piece symbol a given piece.
    pub cells: Option<Spanned<String>>,
    /// A picture of regions: one letter or digit per cell.
    pub regions: Option<Spanned<String>>,
    /// A matrix file giving shape and values, relative to the rule file.
    pub matrix: Option<Spanned<String>>,
}

/// The `[piece]` table.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieceSpec {
    /// The piece's name.
    pub name: Option<String>,
    /// One character drawn on its cells.
    pub symbol: Option<Spanned<String>>,
    /// How many pieces to place; default: rows.
    pub count: Option<Spanned<Expr>>,
    /// Line families no two pieces may share.
    #[serde(default)]
    pub lines: Vec<Spanned<String>>,
    /// Leaps no two pieces may be apart: a name or `[a, b]`.
    #[serde(default)]
    pub leaps: Vec<Spanned<LeapSpec>>,
}

/// One entry of `leaps`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum LeapSpec {
    /// A named leap such as `knight`.
    Named(String),
    /// An offset `[a, b]`; all 8 mirror images count.
    Offset(Vec<i64>),
}

/// One `[[group]]` table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GroupSpec {
    /// The family of groups: row, column, diagonal, anti-diagonal, region.
    pub of: Spanned<String>,
    /// Exactly this many pieces in each group.
    pub count: Option<Spanned<Expr>>,
    /// At least this many.
    pub min: Option<Spanned<Expr>>,
    /// At most this many.
    pub max: Option<Spanned<Expr>>,
}

/// Errors loading a rule file.
pub type SpecError = Diagnostic;

/// Largest rule file accepted, in bytes (see [`crate::input::Limit::RULE_FILE`]).
pub const MAX_RULE_BYTES: usize = crate::input::Limit::RULE_FILE.bytes as usize;

impl RuleSpec {
    /// Parses rule text; `name` is how errors refer to it.
    pub fn parse(name: &str, text: &str) -> Result<RuleSpec, SpecError> {
        let source = Source::new(name, text);
        if text.len() > MAX_RULE_BYTES {
            return Err(Diagnostic::at(
                format!(
                    "rule file is {} bytes, more than the limit of {MAX_RULE_BYTES}",
                    text.len()
                ),
                &source,
                None,
            )
            .of(Kind::TooBig));
        }
        let mut spec: RuleSpec = toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end_matches('\n').trim_end_matches('.');
            let (message, help) = split_expected(message);
            let d = Diagnostic::at(message.as_str(), &source, e.span()).of(toml_kind(&message));
            match help {
                Some(h) => d.with_help(h),
                None => d,
            }
        })?;
        spec.origin = Some(source);
        Ok(spec)
    }

    /// Reads and parses a rule file from disk.
    pub fn load(path: &Path) -> Result<RuleSpec, SpecError> {
        let text = crate::input::read(path, crate::input::Limit::RULE_FILE).map_err(|e| {
            Diagnostic::new(format!("cannot read rule file {}: {e}", path.display())).of(Kind::Io)
        })?;
        let mut spec = RuleSpec::parse(&path.display().to_string(), &text)?;
        spec.dir = path.parent().map(Path::to_path_buf);
        Ok(spec)
    }

    /// A built-in rule by name, or a path to a rule file.
    pub fn resolve(name_or_path: &str) -> Result<RuleSpec, SpecError> {
        if let Some(b) = builtin(name_or_path) {
            return RuleSpec::parse(&format!("rules/{}.toml", b.name), b.text);
        }
        let path = Path::new(name_or_path);
        if path.exists() {
            return RuleSpec::load(path);
        }
        if name_or_path.contains(['/', '\\']) || name_or_path.ends_with(".toml") {
            let built_in = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(builtin)
                .map(|b| format!("; the built-in rule of that name runs with `{}`", b.name));
            return Err(
                Diagnostic::new(format!("rule file `{name_or_path}` not found"))
                    .of(Kind::Io)
                    .with_help(format!(
                        "check the path (relative to the current directory){}",
                        built_in.unwrap_or_default()
                    )),
            );
        }
        Err(Diagnostic::new(format!(
            "no rule file or built-in rule named `{name_or_path}`"
        ))
        .with_suggestion(name_or_path, BUILTIN.iter().map(|b| b.name)))
    }

    /// The source the spec was parsed from.
    pub fn source(&self) -> Arc<Source> {
        self.origin
            .clone()
            .unwrap_or_else(|| Source::new("<rules>", ""))
    }

    /// Whether some group counts pieces per region, so that a regions
    /// picture matters.
    pub fn has_region_group(&self) -> bool {
        self.group.iter().any(|g| g.of.get_ref() == "region")
    }
}

/// The kind of a message of the toml crate: an unknown key or variant, a
/// wrong type or a missing key, a value serde refused, or bad syntax.
fn toml_kind(message: &str) -> Kind {
    let starts = |prefixes: &[&str]| prefixes.iter().any(|p| message.starts_with(p));
    if starts(&["unknown field", "unknown variant"]) {
        Kind::Unknown
    } else if starts(&[
        "invalid type",
        "missing field",
        "invalid length",
        "data did not match any variant",
    ]) {
        Kind::Type
    } else if starts(&["invalid value", "duplicate field"]) {
        Kind::Value
    } else {
        Kind::Syntax
    }
}

/// Splits toml's "unknown field `x`, expected one of `a`, `b`" into message and
/// help, with a "did you mean" when one of the valid names is close to `x`.
fn split_expected(message: &str) -> (String, Option<String>) {
    match message.find(", expected") {
        Some(i)
            if message.starts_with("unknown field") || message.starts_with("unknown variant") =>
        {
            let head = &message[..i];
            let expected = &message[i + 2..];
            let word = head.split('`').nth(1).unwrap_or("");
            let valid: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            let help = match crate::error::suggest(word, valid.iter().copied()) {
                Some(best) => format!("did you mean `{best}`? {expected}"),
                None => expected.to_string(),
            };
            (head.to_string(), Some(help))
        }
        _ => (message.to_string(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_parses() {
        for b in BUILTIN {
            let spec = RuleSpec::parse(b.name, b.text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(spec.name.get_ref(), b.name);
        }
    }

    #[test]
    fn a_missing_path_is_not_found_and_names_the_builtin() {
        let e = RuleSpec::resolve("no/such/queens.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("rule file `no/such/queens.toml` not found"),
            "{e}"
        );
        assert!(e.contains("runs with `queens`"), "{e}");
        let e = RuleSpec::resolve("qeens").unwrap_err().to_string();
        assert!(
            e.contains("no rule file or built-in rule named")
                && e.contains("did you mean `queens`"),
            "{e}"
        );
    }

    #[test]
    fn unknown_key_names_line_and_valid_keys() {
        let err = RuleSpec::parse("x.toml", "name = \"x\"\n[board]\nrowz = 3\n").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("unknown field `rowz`"), "{text}");
        assert!(text.contains("x.toml:3:1"), "{text}");
        assert!(text.contains("expected one of"), "{text}");
        assert!(text.contains("did you mean `rows`?"), "{text}");
        let err = RuleSpec::parse("x.toml", "name = \"x\"\n[peice]\nname = \"q\"\n").unwrap_err();
        assert!(err.to_string().contains("did you mean `piece`?"), "{err}");
    }
}
