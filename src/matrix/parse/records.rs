//! Splitting a matrix file into records of cells, each cell with its place
//! in the text: RFC 4180 quoting (through `csv-core`, the `csv` crate's
//! parser, which reports how many bytes each field took) for a delimiter,
//! runs of blanks otherwise; comment and blank lines told apart.

use std::borrow::Cow;
use std::ops::Range;

/// The most cells a record is read with: a row label and one column past
/// the limit. Past it the record is cut (and the reader stops), so a long
/// line costs no memory beyond its text; a record of this many cells may
/// have been cut.
pub(super) const MAX_FIELDS: usize = super::MAX_COLS + 2;

/// How cells are separated.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Separator {
    /// One character; quoted cells may hold it, quotes and line breaks.
    Char(char),
    /// Runs of spaces and tabs; no quoting.
    Whitespace,
}

/// One cell: its text (unquoted, trimmed) and where it is in the text.
#[derive(Debug)]
pub(super) struct Field<'t> {
    /// The cell's text, without surrounding blanks and quotes.
    pub text: Cow<'t, str>,
    /// The byte range of that text (inside the quotes, for a quoted cell).
    pub at: Range<usize>,
}

/// What one step through the text found.
#[derive(Debug)]
pub(super) enum Item<'t> {
    /// A blank line: its 1-based number and byte range.
    Blank(usize, Range<usize>),
    /// A record of cells starting on the given 1-based line, at byte
    /// `start`; `end` is the byte after its last character (before the line
    /// break).
    Record {
        line: usize,
        start: usize,
        end: usize,
        fields: Vec<Field<'t>>,
    },
}

/// The records of a text, in order; comment lines (first non-blank
/// character `#`) are skipped.
pub(super) struct Records<'t> {
    text: &'t str,
    sep: Separator,
    pos: usize,
    line: usize,
    reader: csv_core::Reader,
    buf: Vec<u8>,
}

impl<'t> Records<'t> {
    /// The records of `text`, cells separated by `sep`.
    pub fn new(text: &'t str, sep: Separator) -> Records<'t> {
        let delimiter = match sep {
            Separator::Char(c) if c.is_ascii() => c as u8,
            _ => b',', // a non-ASCII delimiter is split by hand
        };
        Records {
            text,
            sep,
            pos: 0,
            line: 1,
            reader: csv_core::ReaderBuilder::new().delimiter(delimiter).build(),
            buf: vec![0; 256],
        }
    }

    /// The current line, from `pos` to its break (excluded).
    fn current_line(&self) -> &'t str {
        let rest = &self.text[self.pos..];
        let len = rest.find('\n').unwrap_or(rest.len());
        rest[..len].strip_suffix('\r').unwrap_or(&rest[..len])
    }

    /// Moves past `len` bytes, counting the line breaks in them.
    fn advance(&mut self, len: usize) {
        let passed = &self.text[self.pos..self.pos + len];
        self.line += passed.bytes().filter(|&b| b == b'\n').count();
        self.pos += len;
    }

    /// Moves to the start of the next line.
    fn next_line(&mut self) {
        match self.text[self.pos..].find('\n') {
            Some(at) => {
                self.pos += at + 1;
                self.line += 1;
            }
            None => self.pos = self.text.len(),
        }
    }

    /// The quoted fields of the record at `pos`, through `csv-core`.
    fn quoted(&mut self) -> Vec<Field<'t>> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut fields = Vec::new();
        self.reader.reset();
        loop {
            let start = self.pos;
            let mut out = 0;
            let (record_end, nin) = loop {
                let input = &bytes[self.pos..];
                let (res, nin, nout) = self.reader.read_field(input, &mut self.buf[out..]);
                out += nout;
                self.advance(nin);
                match res {
                    csv_core::ReadFieldResult::OutputFull => {
                        let len = self.buf.len();
                        self.buf.resize(len * 2, 0);
                    }
                    // at the end of the text, the next read (of no input)
                    // ends the last field
                    csv_core::ReadFieldResult::InputEmpty => {}
                    csv_core::ReadFieldResult::Field { record_end } => {
                        break (record_end, self.pos - start);
                    }
                    csv_core::ReadFieldResult::End => break (true, self.pos - start),
                }
            };
            // the raw field without what ended it: the delimiter, or the line break
            let mut raw = start..start + nin;
            let tail = &text[raw.clone()];
            let trimmed = if record_end {
                tail.trim_end_matches(['\r', '\n'])
            } else {
                &tail[..tail.len() - 1]
            };
            raw.end = start + trimmed.len();
            let value = String::from_utf8_lossy(&self.buf[..out]);
            fields.push(field(text, raw, &value));
            if record_end {
                break;
            }
            if fields.len() == MAX_FIELDS {
                self.pos = text.len(); // cut: the reader stops here
                return fields;
            }
        }
        // csv-core stops after the `\r` of a `\r\n`
        if self.text[self.pos..].starts_with('\n') && self.text[..self.pos].ends_with('\r') {
            self.advance(1);
        }
        fields
    }
}

/// A field from its raw range and csv-core's unquoted text: trimmed, and
/// one pair of quotes removed where csv-core left them (after blanks).
fn field<'t>(text: &'t str, raw: Range<usize>, value: &str) -> Field<'t> {
    let slice = &text[raw.clone()];
    let lead = slice.len() - slice.trim_start().len();
    let inner = slice.trim();
    let mut at = raw.start + lead..raw.start + lead + inner.len();
    if inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"') {
        let quoted = &inner[1..inner.len() - 1];
        let lead = quoted.len() - quoted.trim_start().len();
        at = at.start + 1 + lead..at.start + 1 + lead + quoted.trim().len();
    }
    let trimmed = value.trim();
    let unquoted = if trimmed.len() >= 2 && trimmed.starts_with('"') && trimmed.ends_with('"') {
        trimmed[1..trimmed.len() - 1].trim()
    } else {
        trimmed
    };
    let text = if unquoted == &text[at.clone()] {
        Cow::Borrowed(&text[at.clone()])
    } else {
        Cow::Owned(unquoted.to_string())
    };
    Field { text, at }
}

impl<'t> Iterator for Records<'t> {
    type Item = Item<'t>;

    fn next(&mut self) -> Option<Item<'t>> {
        loop {
            if self.pos >= self.text.len() {
                return None;
            }
            let line = self.current_line();
            let start = self.pos;
            let number = self.line;
            let t = line.trim();
            if t.is_empty() {
                self.next_line();
                return Some(Item::Blank(number, start..start + line.len()));
            }
            if t.starts_with('#') {
                self.next_line();
                continue;
            }
            let fields = match self.sep {
                // a line without quotes (or a lone `\r`, which csv-core
                // takes for a line break) splits as csv-core would split it
                Separator::Char(c)
                    if c.is_ascii() && (line.contains('"') || line.contains('\r')) =>
                {
                    self.quoted()
                }
                Separator::Char(c) if c.is_ascii() => {
                    self.next_line();
                    bare(start, line, c as u8)
                }
                Separator::Char(c) => {
                    self.next_line();
                    split(self.text, start, line, |s| {
                        s.split(c).take(MAX_FIELDS).collect()
                    })
                }
                Separator::Whitespace => {
                    self.next_line();
                    split(self.text, start, line, |s| {
                        s.split_whitespace().take(MAX_FIELDS).collect()
                    })
                }
            };
            let end = fields.last().map_or(start, |f| f.at.end);
            let end = end.max(start + line.trim_end().len()).min(self.pos);
            return Some(Item::Record {
                line: number,
                start,
                end,
                fields,
            });
        }
    }
}

/// The fields of a line without quotes that starts at byte `start` of the
/// text, split at the byte `sep`, each trimmed.
fn bare<'t>(start: usize, line: &'t str, sep: u8) -> Vec<Field<'t>> {
    let mut fields = Vec::new();
    let mut from = 0;
    for part in line.as_bytes().split(|&b| b == sep).take(MAX_FIELDS) {
        // an ASCII separator splits the text at character boundaries
        let part = &line[from..from + part.len()];
        let lead = part.len() - part.trim_start().len();
        let inner = part.trim();
        let at = start + from + lead;
        fields.push(Field {
            text: Cow::Borrowed(inner),
            at: at..at + inner.len(),
        });
        from += part.len() + 1;
    }
    fields
}

/// The fields of one line split by `split` (at most [`MAX_FIELDS`]), each
/// unquoted and trimmed.
fn split<'t>(
    text: &'t str,
    start: usize,
    line: &'t str,
    split: impl Fn(&'t str) -> Vec<&'t str>,
) -> Vec<Field<'t>> {
    split(line)
        .into_iter()
        .map(|part| {
            let from = part.as_ptr() as usize - text.as_ptr() as usize;
            debug_assert!(from >= start);
            field(text, from..from + part.len(), part)
        })
        .collect()
}

/// The separator a text leaves no doubt about: a comma if a data line has
/// one outside quotes (unless commas are decimal points); else `;` if every
/// data line has the same number of them outside quotes; else, with decimal
/// commas, a comma if one is outside quotes and one inside (`x,"4,0"`, as
/// pandas writes `decimal=','` without `sep=';'`); else a tab if every data
/// line has one; else blanks.
pub(super) fn sniff(text: &str, decimal_comma: bool) -> Separator {
    let mut comma = false;
    let mut quoted_comma = false;
    let mut semicolons: Option<usize> = None;
    let mut same_semicolons = true;
    let mut tabs = true;
    let mut quoted = false;
    let mut semis = 0; // in the current record
    for line in text.lines() {
        if !quoted {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            tabs &= line.contains('\t');
        }
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                ',' if !quoted => comma = true,
                ',' => quoted_comma = true,
                ';' if !quoted => semis += 1,
                _ => {}
            }
        }
        if !quoted {
            match semicolons {
                None => semicolons = Some(semis),
                Some(n) => same_semicolons &= n == semis,
            }
            semis = 0;
        }
    }
    if comma && !decimal_comma {
        Separator::Char(',')
    } else if same_semicolons && semicolons.is_some_and(|n| n > 0) {
        Separator::Char(';')
    } else if comma && quoted_comma {
        Separator::Char(',')
    } else if tabs && semicolons.is_some() {
        Separator::Char('\t')
    } else {
        Separator::Whitespace
    }
}
