//! Board pictures: the `cells` and `regions` texts, in a rule file or a file of
//! their own, read into a grid of tokens that remember where they stand.

use std::ops::Range;
use std::sync::Arc;

use crate::error::{Diagnostic, Source};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `.`, `#` and piece symbols, one character a cell.
    Cells,
    /// Region letters or digits; `#` lines are comments; the space-separated form
    /// `0 0 1s 1 2x` (region id, `s` a given, `x` an empty cell) is accepted too.
    Regions,
}

impl Picture {
    /// Reads `text`, which stands at byte `base` of `source`.
    pub fn read(
        source: &Arc<Source>,
        text: &str,
        base: usize,
        kind: Kind,
    ) -> Result<Picture, Diagnostic> {
        let mut lines: Vec<Vec<Token>> = Vec::new();
        let mut offset = base;
        for line in text.split('\n') {
            let start = offset;
            offset += line.len() + 1;
            let trimmed = line.trim();
            if trimmed.is_empty() || (kind == Kind::Regions && trimmed.starts_with('#')) {
                continue;
            }
            let mut words = Vec::new();
            let mut pos = 0;
            for word in line.split_whitespace() {
                let at = line[pos..].find(word).map_or(pos, |i| pos + i);
                pos = at + word.len();
                words.push(Token {
                    text: word.to_string(),
                    span: start + at..start + pos,
                });
            }
            lines.push(words);
        }
        let token_mode = kind == Kind::Regions
            && lines
                .iter()
                .flatten()
                .any(|t| t.text.len() > 1 && t.text.as_bytes()[0].is_ascii_digit());
        if !token_mode {
            for row in &mut lines {
                *row = row
                    .iter()
                    .flat_map(|t| {
                        t.text.char_indices().map(move |(i, c)| Token {
                            text: c.to_string(),
                            span: t.span.start + i..t.span.start + i + c.len_utf8(),
                        })
                    })
                    .collect();
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
            ));
        };
        for (i, row) in self.rows.iter().enumerate() {
            if row.len() != first.len() {
                let span = row
                    .first()
                    .map(|t| t.span.start..row.last().map_or(t.span.end, |l| l.span.end));
                return Err(Diagnostic::at(
                    format!(
                        "picture row {} has {} cells, but row 1 has {}",
                        i + 1,
                        row.len(),
                        first.len()
                    ),
                    &self.source,
                    span,
                )
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
        assert!(read("\n  \n", Kind::Cells).is_err());
    }

    #[test]
    fn hash_is_a_hole_in_cells_pictures() {
        let p = read("#.Q\n...\n", Kind::Cells).unwrap();
        assert_eq!(texts(&p)[0], ["#", ".", "Q"]);
    }
}
