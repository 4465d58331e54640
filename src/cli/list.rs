//! Listing solutions, for `solve`, `queens` and `select`: to stdout through
//! an [`output`] sink, one at a time with `--step`, or as SVG files into
//! `--out DIR`.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::output::{self, Format};
use crate::problem::Problem;
use crate::search::Solution;

/// How often a buffered listing reaches its reader, however slowly it goes.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// How [`print`] flushes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flush {
    /// After each solution (for stepping, or streams read one at a time).
    Each,
    /// When the buffer fills, and at least every [`FLUSH_EVERY`]: few
    /// writes for fast listings, no long silence for slow ones.
    Buffered,
}

/// Prints at most `limit` solutions of `problem` to `out` in `format`,
/// flushing as `flush` says; `next(k)` after solution k says whether to go
/// on. Returns how many it printed.
pub(super) fn print(
    problem: &Problem,
    format: Format,
    solutions: impl Iterator<Item = Solution>,
    limit: Option<u128>,
    out: &mut impl Write,
    flush: Flush,
    mut next: impl FnMut(u128) -> Result<bool>,
) -> Result<u128> {
    let values = problem.values.as_deref();
    let mut printer = output::sink(format, problem, values, out)?.flush_each(flush == Flush::Each);
    let mut flushed = Instant::now();
    let count = take_each(solutions, limit, |k, solution| {
        printer.write(solution)?;
        if flush == Flush::Buffered && flushed.elapsed() >= FLUSH_EVERY {
            printer.flush()?;
            flushed = Instant::now();
        }
        next(k)
    })?;
    printer.into_result()?;
    Ok(count)
}

/// Hands solutions to `each` with their 1-based number, at most `limit` of
/// them, until `each` says stop; returns how many it handed over. It never
/// asks for a solution past the limit: `--first` ends with the first, even
/// where finding a second (or proving there is none) would take long.
fn take_each(
    mut solutions: impl Iterator<Item = Solution>,
    limit: Option<u128>,
    mut each: impl FnMut(u128, &Solution) -> Result<bool>,
) -> Result<u128> {
    let mut count: u128 = 0;
    while limit.is_none_or(|l| count < l) {
        let Some(solution) = solutions.next() else {
            break;
        };
        count += 1;
        if !each(count, &solution)? {
            break;
        }
    }
    Ok(count)
}

/// Writes each of at most `limit` solutions to its own SVG file in `dir`
/// (`solution-0001.svg`, ...), refusing a directory that already holds such
/// files from an earlier run; returns how many it wrote.
pub(super) fn write_svg_files(
    problem: &Problem,
    solutions: impl Iterator<Item = Solution>,
    limit: Option<u128>,
    dir: &Path,
) -> Result<u128> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    refuse_earlier_files(dir)?;
    take_each(solutions, limit, |k, solution| {
        let path = dir.join(format!("solution-{k:04}.svg"));
        let svg = output::svg_document(problem, problem.values.as_deref(), solution);
        std::fs::write(&path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(true)
    })
}

/// Refuses a directory that holds `solution-NNNN.svg` files already.
fn refuse_earlier_files(dir: &Path) -> Result<()> {
    let ours = |name: &str| {
        name.strip_prefix("solution-")
            .and_then(|n| n.strip_suffix(".svg"))
            .is_some_and(|n| n.len() >= 4 && n.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut earlier: Vec<String> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| ours(name))
        .collect();
    if !earlier.is_empty() {
        earlier.sort();
        bail!(
            "{} already holds {} solution file{} ({}, ...) from an earlier run: remove them or choose another directory",
            dir.display(),
            earlier.len(),
            if earlier.len() == 1 { "" } else { "s" },
            earlier[0]
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::{self, Bounds, Matrix};

    /// A writer that counts its flushes.
    #[derive(Default)]
    struct Flushes {
        text: Vec<u8>,
        flushes: usize,
    }

    impl Write for Flushes {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.text.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            self.flushes += 1;
            Ok(())
        }
    }

    /// A limit is met without asking for one more solution: `--first`
    /// ends with the first even where a second would take hours.
    #[test]
    fn nothing_is_asked_past_the_limit() {
        let one = Solution {
            cells: vec![(0, 0)],
        };
        for limit in [0, 1, 3] {
            let mut asked = 0;
            let endless = std::iter::from_fn(|| {
                asked += 1;
                Some(one.clone())
            });
            let n = take_each(endless, Some(limit), |_, _| Ok(true)).unwrap();
            assert_eq!((n, asked), (limit, limit), "limit {limit}");
        }
    }

    /// Issue 35: a listing is flushed once at its end, not per line, unless
    /// each solution must reach the reader at once; the text is the same.
    #[test]
    fn buffered_listings_flush_at_the_end() {
        let m = Matrix::parse("1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n").unwrap();
        let problem = Problem::from_matrix("m", &m);
        let run = |flush| {
            let mut out = Flushes::default();
            let listed =
                matrix::selections(&m, Bounds::default()).map(|s| Solution { cells: s.cells });
            let n = print(
                &problem,
                Format::Tuple,
                listed,
                None,
                &mut out,
                flush,
                |_| Ok(true),
            )
            .unwrap();
            (n, out.flushes, out.text)
        };
        let (n, flushes, text) = run(Flush::Buffered);
        assert_eq!((n, flushes), (24, 1));
        assert_eq!(run(Flush::Each), (24, 25, text));
    }
}
