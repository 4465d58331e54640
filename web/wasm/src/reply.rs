//! The one shape of every answer: `{"ok": value}` or `{"error": Error}`, and
//! library errors ([`Diagnostic`]) as data the page shows: the message, the
//! help ("did you mean …"), the 1-based line and column of the span, and the
//! whole text as the command line prints it after `error: `.

use placer::Diagnostic;
use placer::error::Setting;
use serde::Serialize;

/// An error for the page.
#[derive(Debug, Clone, Serialize)]
pub struct Error {
    /// What is wrong.
    pub message: String,
    /// What would be valid, as the command line says it.
    pub help: Option<String>,
    /// The source the span points into (`rules.toml`, `<regions>`).
    pub source: Option<String>,
    /// 1-based line of the span's start.
    pub line: Option<usize>,
    /// 1-based column (in characters) of the span's start.
    pub column: Option<usize>,
    /// 1-based line of the span's end.
    pub end_line: Option<usize>,
    /// 1-based column of the span's end (exclusive).
    pub end_column: Option<usize>,
    /// The whole message as `placer` prints it, caret lines included.
    pub text: String,
}

impl Error {
    /// An error with only a message.
    pub fn plain(message: impl Into<String>) -> Error {
        let message = message.into();
        Error {
            text: format!("error: {message}"),
            message,
            help: None,
            source: None,
            line: None,
            column: None,
            end_line: None,
            end_column: None,
        }
    }
}

impl From<Diagnostic> for Error {
    fn from(mut d: Diagnostic) -> Error {
        name_settings(&mut d);
        let at = |offset: usize| d.source.as_ref().map(|s| s.line_col(offset));
        let start = d.span.as_ref().and_then(|s| at(s.start));
        let end = d.span.as_ref().and_then(|s| at(s.end));
        Error {
            text: format!("error: {d}"),
            message: d.message.clone(),
            help: d.help.clone(),
            source: d.source.as_ref().map(|s| s.name.clone()),
            line: start.map(|p| p.0),
            column: start.map(|p| p.1),
            end_line: end.map(|p| p.0),
            end_column: end.map(|p| p.1),
        }
    }
}

/// Adds the page's fields that give what the diagnostic asks for, as the
/// command line adds its flags.
fn name_settings(d: &mut Diagnostic) {
    let fields: Vec<&str> = d
        .settings
        .iter()
        .filter_map(|s| match s {
            Setting::Param => Some("the parameters field, NAME=VALUE"),
            Setting::Regions => Some("the regions picture"),
            Setting::Size => Some("the size"),
            Setting::Seed => Some("the seed"),
            _ => None,
        })
        .collect();
    if fields.is_empty() {
        return;
    }
    let fields = fields.join(" or ");
    d.help = Some(match d.help.take() {
        Some(help) => format!("{help} ({fields})"),
        None => format!("on this page: {fields}"),
    });
}

/// `{"ok": value}`.
pub fn ok(value: impl Serialize) -> String {
    #[derive(Serialize)]
    struct Ok<T> {
        ok: T,
    }
    serde_json::to_string(&Ok { ok: value })
        .unwrap_or_else(|e| error(Error::plain(format!("cannot write the answer: {e}"))))
}

/// `{"error": error}`.
pub fn error(error: impl Into<Error>) -> String {
    #[derive(Serialize)]
    struct Failed {
        error: Error,
    }
    serde_json::to_string(&Failed {
        error: error.into(),
    })
    .unwrap_or_else(|_| r#"{"error":{"message":"cannot write the error","text":"error"}}"#.into())
}

/// Either of the two.
pub fn of<T: Serialize, E: Into<Error>>(result: Result<T, E>) -> String {
    match result {
        Ok(value) => ok(value),
        Err(e) => error(e),
    }
}
