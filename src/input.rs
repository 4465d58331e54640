//! Reading inputs with a size limit: every file and stdin placer reads goes
//! through [`read`], so `/dev/zero`, `/dev/urandom` or a runaway pipe end with
//! a clear error after at most the limit, never with gigabytes of memory.
//!
//! The limits, one per kind of input, are listed in `docs/LIMITS.md`.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// A kind of input and the most bytes placer reads of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What the input is, for messages: `rule file`, `picture`, ...
    pub what: &'static str,
    /// The most bytes accepted.
    pub bytes: u64,
}

const MIB: u64 = 1 << 20;

impl Limit {
    /// Rule files (`placer solve FILE`): 1 MiB.
    pub const RULE_FILE: Limit = Limit {
        what: "rule file",
        bytes: MIB,
    };
    /// Pictures (`--regions`, `--cells`): 8 MiB, room for a 1 024 × 1 024
    /// board of tokens such as `1023s` with their spaces.
    pub const PICTURE: Limit = Limit {
        what: "picture",
        bytes: 8 * MIB,
    };
    /// Matrices (`placer select`, `[board] matrix`, `placer.select`):
    /// 256 MiB, room for the 4 Mi cells of the largest matrix (2 048 × 2 048)
    /// at up to 60 characters each, or a 2 000 × 2 000 float CSV as numpy
    /// writes it (25 characters a cell: 100 MB).
    pub const MATRIX: Limit = Limit {
        what: "matrix",
        bytes: 256 * MIB,
    };
    /// Checkpoints (`--checkpoint FILE`): 64 MiB, about a million finished parts.
    pub const CHECKPOINT: Limit = Limit {
        what: "checkpoint",
        bytes: 64 * MIB,
    };
    /// Files of shard results (`placer merge`): 64 MiB each.
    pub const SHARD_RESULTS: Limit = Limit {
        what: "shard result file",
        bytes: 64 * MIB,
    };
    /// One line of stdin in batch mode (`placer queens -`) or at the `--step`
    /// prompt: 4 KiB.
    pub const LINE: Limit = Limit {
        what: "line of stdin",
        bytes: 4096,
    };
}

/// The error for an input over its limit; it travels inside an [`io::Error`]
/// of kind [`io::ErrorKind::FileTooLarge`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge(pub Limit);

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "more than {}, the limit for a {} (see docs/LIMITS.md)",
            show_bytes(self.0.bytes),
            self.0.what
        )
    }
}

impl std::error::Error for TooLarge {}

/// `1 MiB`, `4 KiB`, `100 bytes`.
fn show_bytes(n: u64) -> String {
    if n >= MIB && n.is_multiple_of(MIB) {
        format!("{} MiB", n / MIB)
    } else if n >= 1024 && n.is_multiple_of(1024) {
        format!("{} KiB", n / 1024)
    } else {
        format!("{n} bytes")
    }
}

fn too_large(limit: Limit) -> io::Error {
    io::Error::new(io::ErrorKind::FileTooLarge, TooLarge(limit))
}

/// Reads all of `reader` as UTF-8 text, at most `limit.bytes` of it, without
/// a leading byte order mark.
pub fn read_bounded(reader: impl Read, limit: Limit) -> io::Result<String> {
    let mut bytes = Vec::new();
    reader.take(limit.bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_large(limit));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (an invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    // Editors on Windows start UTF-8 files with a byte order mark: not text.
    let mut text = text;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8()); // in place: no second copy
    }
    Ok(text)
}

/// Reads a file, or stdin for `-`, as UTF-8 text of at most `limit.bytes`.
pub fn read(path: &Path, limit: Limit) -> io::Result<String> {
    if path.as_os_str() == "-" {
        return read_bounded(io::stdin().lock(), limit);
    }
    let file = std::fs::File::open(path)?;
    // a regular file over the limit is refused before it is read
    if file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() > limit.bytes)
    {
        return Err(too_large(limit));
    }
    read_bounded(file, limit)
}

/// Reads one line (without its `\n` or `\r\n`) of at most [`Limit::LINE`]
/// bytes; `None` at the end of the input.
pub fn read_line(reader: &mut impl BufRead) -> io::Result<Option<String>> {
    let limit = Limit::LINE;
    let mut bytes = Vec::new();
    reader
        .by_ref()
        .take(limit.bytes + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    } else if bytes.len() as u64 > limit.bytes {
        return Err(too_large(limit));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: Limit = Limit {
        what: "test input",
        bytes: 8,
    };

    #[test]
    fn reads_up_to_the_limit_and_not_a_byte_more() {
        assert_eq!(read_bounded(&b"12345678"[..], TINY).unwrap(), "12345678");
        let err = read_bounded(&b"123456789"[..], TINY).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            err.to_string(),
            "more than 8 bytes, the limit for a test input (see docs/LIMITS.md)"
        );
        // An endless input stops at the limit.
        let err = read_bounded(io::repeat(0), Limit::RULE_FILE).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("more than 1 MiB, the limit for a rule file")
        );
    }

    #[test]
    fn binary_input_is_not_text() {
        let err = read_bounded(&[b'a', 0xff, b'b'][..], TINY).unwrap_err();
        assert_eq!(
            err.to_string(),
            "not UTF-8 text (an invalid byte at offset 1)"
        );
    }

    #[test]
    fn lines_are_bounded_too() {
        let mut input = io::Cursor::new(b"8\r\n\n12".to_vec());
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("8"));
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some(""));
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("12"));
        assert_eq!(read_line(&mut input).unwrap(), None);
        let mut endless = io::BufReader::new(io::repeat(b'1'));
        let err = read_line(&mut endless).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        let mut exact = io::Cursor::new([vec![b'1'; 4096], b"\n".to_vec()].concat());
        assert_eq!(read_line(&mut exact).unwrap().unwrap().len(), 4096);
    }
}
