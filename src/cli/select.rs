//! `placer select`: counting, ranking and listing the selections of a matrix.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Args as ClapArgs;

use super::args::ModeArgs;
use super::config::{Mode, threads};
use super::solve::exact;
use super::step::Stepper;
use super::{Outcome, list, stderr_line, stdin_lines};
use crate::input::{self, Limit};
use crate::matrix::{self, Bounds, Layout, Matrix, Sense, Value};
use crate::output::{self, Exact, Format};
use crate::problem::Problem;
use crate::search::Solution;

/// The arguments of `placer select`: only what applies to a matrix.
#[derive(Debug, Clone, ClapArgs)]
pub struct SelectArgs {
    /// A comma, semicolon, tab or whitespace separated file of numbers (`-` for stdin).
    pub matrix: PathBuf,
    /// The first line holds column labels, printed with each selection.
    #[arg(long)]
    pub header: bool,
    /// The first cell of every line holds the row's label, printed with each selection.
    #[arg(long)]
    pub labels: bool,
    /// The cell separator, one character (`;`, `|`, `tab`); default: comma, semicolon, tab or whitespace, detected.
    #[arg(long, value_name = "C", value_parser = parse_delimiter)]
    pub delimiter: Option<char>,
    /// The decimal mark: `.` (the default) or `,` (`13,5`, as spreadsheets in much of Europe write).
    #[arg(long, value_name = "C", value_parser = parse_decimal)]
    pub decimal: Option<char>,
    /// Treat cells equal to V as holes. Repeatable. (`NA`, `nan` and the other missing-value spellings are holes already.)
    #[arg(long, value_name = "V", allow_negative_numbers = true, value_parser = parse_skip)]
    pub skip: Vec<f64>,
    /// Only the K best selections by sum, best first (with --max or --min).
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = parse_top, requires = "sense",
          conflicts_with_all = ["count", "all", "first", "step", "limit", "min_sum", "max_sum"])]
    pub top: Option<usize>,
    /// Rank by largest sum (with --top K).
    #[arg(long, group = "sense")]
    pub max: bool,
    /// Rank by smallest sum (with --top K).
    #[arg(long, group = "sense")]
    pub min: bool,
    /// Only selections whose sum is at least X (compared exactly, as written).
    #[arg(long, value_name = "X", allow_negative_numbers = true, value_parser = parse_bound)]
    pub min_sum: Option<Value>,
    /// Only selections whose sum is at most X (compared exactly, as written).
    #[arg(long, value_name = "X", allow_negative_numbers = true, value_parser = parse_bound)]
    pub max_sum: Option<Value>,
    /// Which answer.
    #[command(flatten)]
    pub mode: ModeArgs,
    /// How selections print.
    #[arg(long, value_enum, default_value_t = Format::Board)]
    pub format: Format,
    /// Print the count and seconds on stderr.
    #[arg(long)]
    pub stats: bool,
    /// With `--format svg`: write solution-0001.svg, ... into DIR instead of stdout.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Worker threads for `--count` (default, or 0: all cores). The count never depends on it.
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = super::args::parse_threads)]
    pub threads: Option<usize>,
}

/// A number as `--skip`, `--min-sum` and `--max-sum` take it: a finite
/// decimal that `f64` holds without underflowing to zero.
fn parse_number(s: &str) -> Result<f64, String> {
    matrix::parse_number(s.trim()).map_err(|e| e.to_string())
}

/// A `--skip` value: a number, or a missing value's spelling (`NA`,
/// `nan`: those cells are holes already, so NaN, which equals no cell).
fn parse_skip(s: &str) -> Result<f64, String> {
    if matrix::is_missing(s.trim()) {
        return Ok(f64::NAN);
    }
    parse_number(s)
}

/// A sum bound: a number as [`parse_number`] takes it, kept with its text so
/// that it compares exactly.
fn parse_bound(s: &str) -> Result<Value, String> {
    let text = s.trim();
    let num = parse_number(text)?;
    Ok(Value {
        num,
        text: text.to_string(),
    })
}

fn parse_delimiter(s: &str) -> Result<char, String> {
    match s {
        "tab" | "\\t" | "\t" => Ok('\t'),
        _ => {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c != '"' && c != '#' && c != '\n' && c != '\r' => Ok(c),
                _ => Err(format!(
                    "`{}` is not one character (or `tab`)",
                    matrix::quote(s)
                )),
            }
        }
    }
}

fn parse_decimal(s: &str) -> Result<char, String> {
    match s {
        "." => Ok('.'),
        "," => Ok(','),
        _ => Err(format!("`{}` is not `.` or `,`", matrix::quote(s))),
    }
}

fn parse_top(s: &str) -> Result<usize, String> {
    match super::args::whole::<usize>(s)? {
        0 => Err("K must be at least 1".into()),
        k => Ok(k),
    }
}

impl SelectArgs {
    fn mode(&self) -> Mode {
        self.mode.mode()
    }

    fn display_path(&self) -> String {
        if self.matrix.as_os_str() == "-" {
            "<stdin>".into()
        } else {
            self.matrix.display().to_string()
        }
    }
}

/// Reads the matrix named on the command line, or stdin for `-`; a file
/// that looks laid out by pandas but was read as numbers is a warning.
fn read(path: &Path, layout: Layout) -> Result<Matrix> {
    let m = if path.as_os_str() == "-" {
        let text = input::read(path, Limit::MATRIX).context("cannot read the matrix from stdin")?;
        Matrix::parse_with(&text, layout).map_err(|e| {
            anyhow::Error::from(e.diagnostic(&crate::error::Source::new("<stdin>", text.as_str())))
        })?
    } else {
        Matrix::load_with(path, layout).map_err(crate::error::Diagnostic::from)?
    };
    if let Some(warning) = m.layout_warning() {
        let name = if path.as_os_str() == "-" {
            "<stdin>".into()
        } else {
            path.display().to_string()
        };
        stderr_line(format_args!("warning: {name}: {warning}"));
    }
    Ok(m)
}

/// Runs `placer select`.
pub(super) fn run(args: &SelectArgs) -> Result<Outcome> {
    let bounds = Bounds {
        min_sum: args.min_sum.clone(),
        max_sum: args.max_sum.clone(),
    };
    if let (false, Some(lo), Some(hi)) = (bounds.is_ordered(), &args.min_sum, &args.max_sum) {
        bail!(
            "--min-sum {} is above --max-sum {}: no selection can satisfy both",
            lo.text,
            hi.text
        );
    }
    if args.out.is_some() && args.format != Format::Svg {
        bail!("--out DIR writes SVG files: add --format svg");
    }
    let layout = Layout {
        header: args.header,
        labels: args.labels,
        delimiter: args.delimiter,
        decimal_comma: args.decimal == Some(','),
    };
    if layout.decimal_comma && layout.delimiter == Some(',') {
        bail!(
            "--decimal , needs another --delimiter: a comma cannot both separate cells and mark decimals"
        );
    }
    let mut m = read(&args.matrix, layout)?;
    m.skip(&args.skip);
    let name = args
        .matrix
        .file_name()
        .map_or("matrix".into(), |n| n.to_string_lossy().into_owned());
    let started = Instant::now();
    if let Some(k) = args.top {
        // as --first: no full selection is "no solution", exit 1
        let found = top(args, &m, &name, k)?;
        return Ok(if found == 0 {
            Outcome::NoSolution
        } else {
            Outcome::Done
        });
    }
    // Not clap's `requires = "top"`: clap waives it when a flag that
    // conflicts with --top (--all, --count, ...) is given.
    if args.max || args.min {
        bail!("--max and --min rank selections: add --top K");
    }
    let mode = args.mode();
    if let Mode::Count { limit } = mode {
        super::config::count_format(args.format)?;
        let count = count(&m, bounds, limit, threads(args.threads))?;
        let mut out = super::stdout();
        output::write_count(&mut out, args.format, &count)?;
        out.flush()?;
        stats(args, count.as_str(), started);
        return Ok(Outcome::Done);
    }
    tuple_fits(args, &m)?;
    let problem = Problem::from_matrix(&name, &m);
    let listed = matrix::selections(&m, bounds).map(|s| Solution { cells: s.cells });
    let step = matches!(mode, Mode::Step { .. });
    let Some(count) = emit(args, &problem, listed, mode.limit(), step)? else {
        return Ok(Outcome::Interrupted);
    };
    stats(args, &count.to_string(), started);
    Ok(
        if matches!(mode, Mode::First | Mode::Step { .. }) && count == 0 {
            Outcome::NoSolution
        } else {
            Outcome::Done
        },
    )
}

/// `--format tuple` prints one column a row: a matrix with more rows than
/// columns leaves rows out of every selection, so it is refused here in
/// the matrix's words.
fn tuple_fits(args: &SelectArgs, m: &Matrix) -> Result<()> {
    if args.format == Format::Tuple && m.rows > m.cols {
        bail!(
            "--format tuple prints the chosen column of every row, but {} has {} rows and {} columns, so every selection leaves rows out: use --format cells or json",
            args.display_path(),
            m.rows,
            m.cols
        );
    }
    Ok(())
}

/// `--top K --max|--min`: the K best selections by sum, best first;
/// returns how many there were.
fn top(args: &SelectArgs, m: &Matrix, name: &str, k: usize) -> Result<usize> {
    // clap requires one of --max and --min with --top
    let sense = if args.min { Sense::Min } else { Sense::Max };
    if !m.is_exact() {
        bail!(
            "--top needs sums that can be computed exactly, but the values of {} do not fit in 96-bit integers once scaled to one decimal unit (a value above 7.9e28, or more than 28 digits from the largest value's first digit to the smallest's last)",
            args.display_path()
        );
    }
    tuple_fits(args, m)?;
    top_fits(m, k)?;
    let ranked: Vec<Solution> = matrix::top_k(m, k, sense)
        .into_iter()
        .map(|s| Solution { cells: s.cells })
        .collect();
    // the board the selections print on, made after the solve: every
    // value for a picture of the matrix, else only the chosen cells' values
    let problem = if matches!(args.format, Format::Board | Format::Svg) {
        Problem::from_matrix(name, m)
    } else {
        let mut chosen = vec![false; m.rows * m.cols];
        for &(r, c) in ranked.iter().flat_map(|s| &s.cells) {
            chosen[r * m.cols + c] = true;
        }
        Problem::from_matrix_showing(name, m, |cell| chosen[cell])
    };
    let found = ranked.len();
    emit(args, &problem, ranked.into_iter(), None, false)?;
    Ok(found)
}

/// Bytes `--top` keeps per selection of a matrix whose short side is
/// `short`, at most: its cells, twice while they are handed on, and its
/// subproblem in the queue (columns and barred cells).
fn top_bytes(short: usize) -> u128 {
    64 * short as u128 + 256
}

/// `--top K` keeps the K best selections (and up to K subproblems) in
/// memory: refused when even the most selections the matrix has would not
/// fit in the memory left, rather than aborting when it runs out.
fn top_fits(m: &Matrix, k: usize) -> Result<()> {
    let (short, long) = (m.rows.min(m.cols), m.rows.max(m.cols));
    // long! / (long − short)!: no more selections than that
    let most = (long - short + 1..=long).try_fold(1u128, |p, f| p.checked_mul(f as u128));
    let wanted = most.map_or(k as u128, |most| most.min(k as u128));
    let each = top_bytes(short);
    let bytes = wanted.saturating_mul(each);
    let Some(room) = crate::memory::room().map(u128::from) else {
        return Ok(());
    };
    if bytes > room {
        let mib = |b: u128| b >> 20;
        bail!(
            "--top {k} would keep about {} MiB of selections of this {}×{} matrix (about {each} bytes each), more than the {} MiB of memory left: ask for at most {}",
            mib(bytes),
            m.rows,
            m.cols,
            mib(room),
            room / each
        );
    }
    Ok(())
}

/// The number of selections within `bounds`, up to `limit`: the permanent
/// when nothing bounds it or every selection is within the bounds, else by
/// listing.
fn count(m: &Matrix, bounds: Bounds, limit: Option<u128>, threads: usize) -> Result<Exact> {
    let all = || bounds.hold_for_all(m) == Some(true);
    if limit.is_some() || (bounds.is_bounded() && !all()) {
        let limit = limit.unwrap_or(u128::MAX);
        let mut n: u128 = 0;
        // A listing has no estimate: a count still going says so.
        let (done, waiting) = mpsc::channel::<()>();
        thread::scope(|scope| {
            scope.spawn(move || {
                if waiting.recv_timeout(LONG_LISTING) == Err(RecvTimeoutError::Timeout) {
                    stderr_line(format_args!(
                        "note: still counting: a count with --min-sum/--max-sum lists the selections that meet them one by one, among up to {} selections, with no estimate: it may not finish; Ctrl-C stops it",
                        all_selections(m)
                    ));
                }
            });
            for _ in matrix::selections(m, bounds) {
                if n >= limit {
                    break;
                }
                n += 1;
            }
            drop(done);
        });
        return Ok(Exact::from(n));
    }
    // never a silent switch to enumeration: a refusal says why
    let threads = matrix::Threads {
        threads,
        stop: None,
    };
    match matrix::count(m, &threads) {
        Ok(c) => exact(c),
        Err(e) => bail!(
            "{e}; `--all` lists the selections, `--count --limit K` counts up to K by listing"
        ),
    }
}

/// How long a count by listing runs before it says it may not finish.
const LONG_LISTING: Duration = Duration::from_secs(3);

/// How many selections an `r × c` matrix has with no hole, `max! / (max -
/// min)!` of its sides, in a few digits (`2.4e18`).
fn all_selections(m: &Matrix) -> String {
    let (short, long) = (m.rows.min(m.cols), m.rows.max(m.cols));
    let n: f64 = (0..short).map(|i| (long - i) as f64).product();
    if n < 1e6 {
        format!("{n}")
    } else {
        format!("{n:.1e}")
    }
}

fn stats(args: &SelectArgs, count: &str, started: Instant) {
    if args.stats {
        stderr_line(format_args!(
            "solutions: {count}  seconds: {:.3}",
            started.elapsed().as_secs_f64()
        ));
    }
}

/// Prints selections (or writes them as SVG files into `--out`), at most
/// `limit`, asking before each next one with `step`; returns how many, or
/// `None` after Ctrl-C at the prompt.
fn emit(
    args: &SelectArgs,
    problem: &Problem,
    selections: impl Iterator<Item = Solution>,
    limit: Option<u128>,
    step: bool,
) -> Result<Option<u128>> {
    if let Some(dir) = &args.out {
        return list::write_svg_files(problem, selections, limit, dir).map(Some);
    }
    let mut out = io::BufWriter::new(super::stdout());
    let mut stepper = step.then(|| Stepper::new("selection", stdin_lines()));
    let flush = if step {
        list::Flush::Each
    } else {
        list::Flush::Buffered
    };
    let count = list::print(
        problem,
        args.format,
        selections,
        limit,
        &mut out,
        flush,
        |k| match &mut stepper {
            Some(stepper) => stepper.next(k),
            None => Ok(true),
        },
    )?;
    out.flush()?;
    if let Some(stepper) = &stepper {
        stepper.finish(count, limit);
        if stepper.interrupted {
            return Ok(None);
        }
    }
    Ok(Some(count))
}
