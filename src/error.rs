//! Diagnostics: errors that point into a source text (a rule file, a picture, a
//! matrix) with line, column and the offending text underlined.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A named text that diagnostics can point into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// What to call the text in messages: a path, `<regions>` or `<stdin>`.
    pub name: String,
    /// The whole text.
    pub text: String,
}

impl Source {
    /// A source from a name and its text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<Source> {
        Arc::new(Source {
            name: name.into(),
            text: text.into(),
        })
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// What sort of error a [`Diagnostic`] reports, for callers to match on.
///
/// Rules that are well formed but cannot be met (more pieces than cells, a
/// group minimum no region can hold) are not an error at all: they count 0
/// (see `Problem::unmeetable`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// The text does not parse: TOML syntax, a picture's characters, an
    /// expression.
    Syntax,
    /// A key or name that does not exist: a TOML key, a rule, a parameter, a
    /// leap, a line or group family.
    Unknown,
    /// A value of the wrong type, or a required key missing.
    Type,
    /// A value of the right type that the rules do not allow: out of range,
    /// keys that exclude each other, given pieces that attack each other.
    Value,
    /// More than the engine supports: a board side, a file size, the memory
    /// budget of a search.
    TooBig,
    /// A file that cannot be found or read.
    Io,
    /// A matrix file that is not a matrix: a ragged row, a cell that is not a
    /// number, no rows at all.
    Matrix,
    /// Input that is valid but that the operation cannot work with, such as
    /// generating puzzles for rules without region groups.
    Unsupported,
}

/// An input that the caller gives besides the source text, which a
/// diagnostic says would fix it. The library names none of the command
/// line's flags; a front end maps these to its own (see [`Diagnostic::settings`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Setting {
    /// A rule parameter's value (`Bindings::set`).
    Param,
    /// A regions picture (`Bindings::regions`).
    Regions,
    /// A cells picture (`Bindings::cells`).
    Cells,
    /// The side of a generated puzzle.
    Size,
    /// The seed of a generated puzzle.
    Seed,
}

/// An error message, optionally anchored to a span of a [`Source`], with a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// What sort of error it is.
    pub kind: Kind,
    /// What is wrong, lowercase, no final period.
    pub message: String,
    /// Where it is wrong.
    pub source: Option<Arc<Source>>,
    /// Byte range into the source's text.
    pub span: Option<Range<usize>>,
    /// What would be valid.
    pub help: Option<String>,
    /// The caller's inputs that the help means, for a front end to name.
    pub settings: Vec<Setting>,
}

impl Diagnostic {
    /// A message with no location, of kind [`Kind::Value`] unless
    /// [`Diagnostic::of`] says otherwise.
    pub fn new(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind: Kind::Value,
            message: message.into(),
            source: None,
            span: None,
            help: None,
            settings: Vec::new(),
        }
    }

    /// A message pointing at `span` in `source`, of kind [`Kind::Value`]
    /// unless [`Diagnostic::of`] says otherwise.
    pub fn at(
        message: impl Into<String>,
        source: &Arc<Source>,
        span: Option<Range<usize>>,
    ) -> Diagnostic {
        Diagnostic {
            source: Some(source.clone()),
            span,
            ..Diagnostic::new(message)
        }
    }

    /// Sets the kind.
    pub fn of(mut self, kind: Kind) -> Diagnostic {
        self.kind = kind;
        self
    }

    /// Notes that giving `setting` (a parameter, a picture...) would fix it.
    pub fn with_setting(mut self, setting: Setting) -> Diagnostic {
        self.settings.push(setting);
        self
    }

    /// Adds a hint saying what would be valid.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Marks an unknown name ([`Kind::Unknown`]) and adds a "did you mean"
    /// hint when one of `candidates` is close to `word`.
    pub fn with_suggestion<'a>(
        self,
        word: &str,
        candidates: impl IntoIterator<Item = &'a str> + Clone,
    ) -> Diagnostic {
        let list: Vec<&str> = candidates.clone().into_iter().collect();
        let this = self.of(Kind::Unknown);
        match suggest(word, candidates) {
            Some(best) => {
                this.with_help(format!("did you mean `{best}`? valid: {}", list.join(", ")))
            }
            None => this.with_help(format!("valid: {}", list.join(", "))),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        let mut pad = String::from(" ");
        if let Some(source) = &self.source {
            match &self.span {
                Some(span) => {
                    let (line, _) = source.line_col(span.start);
                    pad = " ".repeat(line.to_string().len());
                    render_snippet(f, source, span)?;
                }
                None => write!(f, "\n  --> {}", source.name)?,
            }
        }
        if let Some(help) = &self.help {
            write!(f, "\n{pad} = help: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

fn render_snippet(f: &mut fmt::Formatter<'_>, source: &Source, span: &Range<usize>) -> fmt::Result {
    let (line, col) = source.line_col(span.start);
    let text = source.text.lines().nth(line - 1).unwrap_or("");
    let width = line.to_string().len();
    let pad = " ".repeat(width);
    write!(f, "\n{pad}--> {}:{line}:{col}", source.name)?;
    let (shown, col_shown, line_chars) = window(text, col);
    write!(f, "\n{pad} |\n{line} | {shown}")?;
    let span_chars =
        source.text[floor_char_boundary(&source.text, span.start.min(source.text.len()))
            ..floor_char_boundary(&source.text, span.end.min(source.text.len()))]
            .chars()
            .take_while(|&c| c != '\n')
            .count();
    let carets = span_chars.clamp(1, (line_chars + 1).saturating_sub(col_shown - 1).max(1));
    write!(
        f,
        "\n{pad} | {}{}",
        " ".repeat(col_shown - 1),
        "^".repeat(carets)
    )
}

/// Longest source line an error shows whole; longer ones show a window.
const SHOWN_CHARS: usize = 100;

/// The part of a long line around 1-based character column `col`, with `…`
/// where it is cut: the text, the column within it, and its length in chars.
/// Control characters show as `�` and tabs as a space, one column each, so
/// the caret stays under its character and no raw NUL reaches a terminal.
fn window(text: &str, col: usize) -> (String, usize, usize) {
    let printable = |c: char| match c {
        '\t' => ' ',
        c if c.is_control() => '\u{fffd}',
        c => c,
    };
    let chars = text.chars().count();
    if chars <= SHOWN_CHARS {
        return (text.chars().map(printable).collect(), col.max(1), chars);
    }
    let start = col.saturating_sub(1 + SHOWN_CHARS / 4);
    let end = (start + SHOWN_CHARS).min(chars);
    let mut shown: String = text
        .chars()
        .skip(start)
        .take(end - start)
        .map(printable)
        .collect();
    let mut col = col.max(1) - start;
    let mut len = end - start;
    if start > 0 {
        shown.insert(0, '…');
        col += 1;
        len += 1;
    }
    if end < chars {
        shown.push('…');
        len += 1;
    }
    (shown, col, len)
}

/// The candidate closest to `word` by edit distance, if it is close (< 3).
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d < 3)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_line_column_and_caret() {
        let src = Source::new("r.toml", "name = \"x\"\nrows = \"m\"\n");
        let d = Diagnostic::at("unknown parameter `m`", &src, Some(18..21)).with_help("valid: n");
        assert_eq!(
            d.to_string(),
            "unknown parameter `m`\n --> r.toml:2:8\n  |\n2 | rows = \"m\"\n  |        ^^^\n  = help: valid: n"
        );
    }

    #[test]
    fn long_lines_show_a_window_around_the_column() {
        let text = format!("rows = \"{}8{}\"", "(".repeat(500), ")".repeat(500));
        let src = Source::new("r.toml", text);
        let d = Diagnostic::at("nested too deeply", &src, Some(300..301));
        let shown = d.to_string();
        assert!(shown.lines().all(|l| l.chars().count() < 120), "{shown}");
        let lines: Vec<&str> = shown.lines().collect();
        let caret = lines[4].chars().position(|c| c == '^').unwrap();
        assert_eq!(lines[3].chars().nth(caret), Some('('));
        assert!(lines[3].starts_with("1 | …") && lines[3].ends_with('…'));
    }

    #[test]
    fn control_characters_are_not_echoed_raw() {
        let src = Source::new("p.txt", "A\0\tB\n");
        let d = Diagnostic::at("bad", &src, Some(3..4));
        assert_eq!(
            d.to_string(),
            "bad\n --> p.txt:1:4\n  |\n1 | A\u{fffd} B\n  |    ^"
        );
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(suggest("qeens", ["queens", "rooks"]), Some("queens"));
        assert_eq!(suggest("zzzzzz", ["queens", "rooks"]), None);
    }
}
