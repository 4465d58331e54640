//! Board pictures: the `cells` and `regions` texts, in a rule file or a file of
//! their own, read into a grid of tokens that remember where they stand.

use std::ops::Range;
use std::sync::Arc;

use crate::error::{Diagnostic, Kind as ErrorKind, Source};

/// One cell of a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The cell's text: one character, or a token such as `12` or `3s`.
    pub text: String,
    /// Where it stands in the source.
    pub span: Range<usize>,
}

/// A picture read into rows of tokens.
#[derive(Debug, Clone)]
pub struct Picture {
    /// The rows, top first.
    pub rows: Vec<Vec<Token>>,
    /// The text it was read from.
    pub source: Arc<Source>,
    /// Where the whole picture stands in the source.
    pub span: Range<usize>,
}

/// How a picture's text is split into cells.
///
/// The grammar, in both kinds: lines are rows (blank lines are skipped), and
/// spaces between cells are optional unless the row is in the token form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `.`, `#` and piece symbols, one character a cell.
    Cells,
    /// Region labels. Lines starting with `#` are comments. Either the letter
    /// form, one character a cell, each a letter, a digit or `_`; or, when some
    /// space-separated word is longer than one character and starts with a
    /// digit, the token form: every word is one cell, a region number
    /// (`[0-9]+`) followed by at most one `s` (a given piece) or `x` (a cell
    /// known empty), as in `0 0 1s 1 2x`.
    Regions,
}

/// The help line for a regions picture that breaks the grammar.
const REGIONS_HELP: &str = "one letter, digit or `_` per region and cell, or the token form: a region number per cell, with `s` for a given or `x` for an empty cell, e.g. `0 0 1s 2x`";

/// Whether `word` is a cell of the regions token form: digits, then at most one `s` or `x`.
fn is_region_token(word: &str) -> bool {
    let digits = word.trim_end_matches(['s', 'S', 'x', 'X']);
    !digits.is_empty()
        && digits.len() + 1 >= word.len()
        && digits.bytes().all(|b| b.is_ascii_digit())
}

impl Picture {
    /// Reads `text`, which stands at byte `base` of `source`. A picture over
    /// [`MAX_SIDE`](super::MAX_SIDE) rows or cells a row is refused as soon as
    /// it is seen, so the memory used stays proportional to that bound.
    pub fn read(
        source: &Arc<Source>,
        text: &str,
        base: usize,
        kind: Kind,
    ) -> Result<Picture, Diagnostic> {
        let max = super::MAX_SIDE;
        let too_big = |what: String, span: Range<usize>| {
            Diagnostic::at(what, source, Some(span)).of(ErrorKind::TooBig).with_help(format!(
                "boards are at most {max}×{max}: one line per row, one cell per character or token"
            ))
        };
        let mut lines: Vec<Vec<Token>> = Vec::new();
        let mut offset = base;
        for line in text.split('\n') {
            let start = offset;
            offset += line.len() + 1;
            let trimmed = line.trim();
            if trimmed.is_empty() || (kind == Kind::Regions && trimmed.starts_with('#')) {
                continue;
            }
            if lines.len() == max {
                return Err(too_big(
                    format!("the picture has more than {max} rows"),
                    start..start + line.len(),
                ));
            }
            let mut words = Vec::new();
            for word in line.split_whitespace() {
                // `word` is a slice of `line`: its offset is the distance between them.
                let at = word.as_ptr() as usize - line.as_ptr() as usize;
                let span = start + at..start + at + word.len();
                if words.len() == max {
                    return Err(too_big(
                        format!("picture row {} has more than {max} cells", lines.len() + 1),
                        span,
                    ));
                }
                words.push(Token {
                    text: word.to_string(),
                    span,
                });
            }
            lines.push(words);
        }
        let token_mode = kind == Kind::Regions
            && lines
                .iter()
                .flatten()
                .any(|t| t.text.len() > 1 && t.text.as_bytes()[0].is_ascii_digit());
        if token_mode {
            check_tokens(source, &lines)?;
        } else {
            for (r, row) in lines.iter_mut().enumerate() {
                *row = split_chars(source, row, kind).map_err(|e| match e {
                    Split::TooWide(span) => too_big(
                        format!("picture row {} has more than {max} cells", r + 1),
                        span,
                    ),
                    Split::Bad(d) => d,
                })?;
            }
        }
        let picture = Picture {
            rows: lines,
            source: source.clone(),
            span: base..base + text.len(),
        };
        picture.check_rectangular()?;
        Ok(picture)
    }

    /// Reads a whole file's text as a picture.
    pub fn read_file(source: &Arc<Source>, kind: Kind) -> Result<Picture, Diagnostic> {
        Picture::read(source, &source.text.clone(), 0, kind)
    }

    fn check_rectangular(&self) -> Result<(), Diagnostic> {
        let Some(first) = self.rows.first() else {
            return Err(Diagnostic::at(
                "the picture has no rows",
                &self.source,
                Some(self.span.clone()),
            )
            .of(ErrorKind::Syntax));
        };
        for (i, row) in self.rows.iter().enumerate() {
            if row.len() != first.len() {
                let span = row
                    .first()
                    .map(|t| t.span.start..row.last().map_or(t.span.end, |l| l.span.end));
                return Err(Diagnostic::at(
                    format!(
                        "picture row {} has {}, but row 1 has {}",
                        i + 1,
                        cells(row.len()),
                        first.len()
                    ),
                    &self.source,
                    span,
                )
                .of(ErrorKind::Syntax)
                .with_help("every row of a picture needs the same number of cells"));
            }
        }
        Ok(())
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }
}

/// Why a row could not be split into one-character cells.
enum Split {
    /// More than `MAX_SIDE` cells; the span of the first one too many.
    TooWide(Range<usize>),
    /// A character that is not a region label.
    Bad(Diagnostic),
}

/// One token per character of the row's words; region labels checked.
fn split_chars(source: &Arc<Source>, row: &[Token], kind: Kind) -> Result<Vec<Token>, Split> {
    let mut cells = Vec::new();
    for t in row {
        for (i, c) in t.text.char_indices() {
            let span = t.span.start + i..t.span.start + i + c.len_utf8();
            if cells.len() == super::MAX_SIDE {
                return Err(Split::TooWide(span));
            }
            if kind == Kind::Regions && !(c.is_alphanumeric() || c == '_') {
                return Err(Split::Bad(
                    Diagnostic::at(
                        format!("`{}` is not a region label", c.escape_debug()),
                        source,
                        Some(span),
                    )
                    .of(ErrorKind::Syntax)
                    .with_help(REGIONS_HELP),
                ));
            }
            cells.push(Token {
                text: c.to_string(),
                span,
            });
        }
    }
    Ok(cells)
}

/// A word as a message quotes it: control characters escaped, at most 20 characters.
fn shorten(word: &str) -> String {
    let mut shown: String = word.chars().take(20).flat_map(char::escape_debug).collect();
    if word.chars().nth(20).is_some() {
        shown.push('…');
    }
    shown
}

/// Every word of a token-form regions picture must be a region token.
fn check_tokens(source: &Arc<Source>, lines: &[Vec<Token>]) -> Result<(), Diagnostic> {
    match lines.iter().flatten().find(|t| !is_region_token(&t.text)) {
        Some(t) => Err(Diagnostic::at(
            format!("`{}` is not a region token", shorten(&t.text)),
            source,
            Some(t.span.clone()),
        )
        .of(ErrorKind::Syntax)
        .with_help(REGIONS_HELP)),
        None => Ok(()),
    }
}

/// `n` cells, in words: "1 cell", "3 cells".
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".into()
    } else {
        format!("{n} cells")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, kind: Kind) -> Result<Picture, Diagnostic> {
        let src = Source::new("p", text);
        Picture::read_file(&src, kind)
    }

    fn texts(p: &Picture) -> Vec<Vec<String>> {
        p.rows
            .iter()
            .map(|r| r.iter().map(|t| t.text.clone()).collect())
            .collect()
    }

    #[test]
    fn letters_with_or_without_spaces_and_comments() {
        let p = read("# a puzzle\nAAB\nA B C\n\nCCC\n", Kind::Regions).unwrap();
        assert_eq!(
            texts(&p),
            [["A", "A", "B"], ["A", "B", "C"], ["C", "C", "C"]]
        );
        assert_eq!(p.source.line_col(p.rows[1][2].span.start), (3, 5));
    }

    #[test]
    fn star_battle_tokens() {
        let p = read("0 0 1s\n2x 10 1\n", Kind::Regions).unwrap();
        assert_eq!(texts(&p), [["0", "0", "1s"], ["2x", "10", "1"]]);
    }

    #[test]
    fn ragged_picture_names_the_row() {
        let e = read("AB\nABC\n", Kind::Regions).unwrap_err();
        assert_eq!(e.message, "picture row 2 has 3 cells, but row 1 has 2");
        let e = read("AB\nA\n", Kind::Regions).unwrap_err();
        assert_eq!(e.message, "picture row 2 has 1 cell, but row 1 has 2");
        assert!(read("\n  \n", Kind::Cells).is_err());
    }

    #[test]
    fn region_tokens_follow_the_grammar() {
        for good in ["0", "12", "3s", "3S", "10x", "007X"] {
            assert!(is_region_token(good), "{good}");
        }
        for bad in ["", "s", "x", "3sx", "3xs", "-1", "1a", "a1", "1 ", "١٢"] {
            assert!(!is_region_token(bad), "{bad}");
        }
        let e = read("0 10\n1 3sx\n", Kind::Regions).unwrap_err();
        assert_eq!(e.message, "`3sx` is not a region token");
        assert_eq!(e.source.unwrap().line_col(e.span.unwrap().start), (2, 3));
        let e = read("AB\nA-\n", Kind::Regions).unwrap_err();
        assert_eq!(e.message, "`-` is not a region label");
        let long = format!("10 {}\n", "7".repeat(30) + "q");
        let e = read(&long, Kind::Regions).unwrap_err();
        assert_eq!(e.message, "`77777777777777777777…` is not a region token");
    }

    #[test]
    fn oversized_pictures_stop_at_the_first_row_or_cell_too_many() {
        let max = crate::problem::MAX_SIDE;
        let e = read(&"A\n".repeat(max + 1000), Kind::Regions).unwrap_err();
        assert_eq!(e.message, format!("the picture has more than {max} rows"));
        assert_eq!(
            e.source.unwrap().line_col(e.span.unwrap().start),
            (max + 1, 1)
        );
        let e = read(&"#".repeat(max + 1000), Kind::Cells).unwrap_err();
        assert_eq!(
            e.message,
            format!("picture row 1 has more than {max} cells")
        );
        let e = read(&"1 ".repeat(max + 1), Kind::Regions).unwrap_err();
        assert_eq!(
            e.message,
            format!("picture row 1 has more than {max} cells")
        );
        assert!(read(&"A".repeat(max), Kind::Regions).is_ok());
    }

    #[test]
    fn hash_is_a_hole_in_cells_pictures() {
        let p = read("#.Q\n...\n", Kind::Cells).unwrap();
        assert_eq!(texts(&p)[0], ["#", ".", "Q"]);
    }
}
