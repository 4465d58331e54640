//! The command line: parsed [`Args`] resolved and wired to the library stages.
//! Only this module and `main` know about terminals, files and exit codes.

mod args;
mod count;
pub mod longrun;
mod progress;
mod select;
mod step;

pub use args::{Args, BindArgs, Command, MethodArgs, RunArgs};
pub use select::SelectArgs;

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::CommandFactory;

use crate::error::Source;
use crate::input::{self, Limit};
use crate::output::{self, Format};
use crate::plan::Plan;
use crate::problem::{Bindings, Family, Problem};
use crate::search::{CountOptions, Solution, Tally};
use crate::spec::{BUILTIN, RuleSpec};

/// How a successful run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done; exit 0.
    Done,
    /// `--first` found nothing; exit 1.
    NoSolution,
    /// Ctrl-C or SIGTERM stopped a count; exit 130.
    Interrupted,
}

/// Writes one line to stderr, like `eprintln!`, but a closed or full stderr
/// loses the message instead of panicking: the run and its stdout go on. Every
/// message of the command line goes through here (or [`stderr_text`]).
pub fn stderr_line(args: std::fmt::Arguments<'_>) {
    stderr_text(format_args!("{args}\n"));
}

/// Writes text to stderr with no newline added; write errors are ignored, as
/// in [`stderr_line`].
pub fn stderr_text(args: std::fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `eprintln!` through [`stderr_line`]: never panics.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::stderr_line(format_args!($($arg)*))
    };
}

/// Whether the error is a closed stdout, which ends the program quietly.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Runs one command.
pub fn run(args: Args) -> Result<Outcome> {
    progress::install();
    match args.command {
        Command::Queens { n, run } => queens(&n, &run),
        Command::Solve { rules, bind, run } => {
            let problem = load(&rules, &bind)?;
            solve(problem, &run)
        }
        Command::Select(args) => select::select(&args),
        Command::Table {
            rules,
            param,
            from,
            to,
            bind,
            unique,
            threads,
            method,
            json,
        } => table(
            &rules,
            &param,
            from..=to,
            &bind,
            unique,
            threads,
            &method,
            json,
        ),
        Command::Generate {
            rules,
            size,
            seed,
            set,
            svg,
            solution,
        } => generate(&rules, size, seed, &set, svg.as_deref(), solution),
        Command::Export {
            rules,
            dlx: _,
            bind,
        } => {
            let problem = load(&rules, &bind)?;
            let mut out = io::stdout().lock();
            out.write_all(crate::export::dlx(&problem).as_bytes())?;
            Ok(Outcome::Done)
        }
        Command::Merge { parts, json } => {
            let part = crate::search::merge::merge(&parts)?;
            let mut out = io::stdout().lock();
            if json {
                writeln!(out, "{}", serde_json::to_string(&part)?)?;
            } else {
                writeln!(out, "{}", part.count)?;
            }
            out.flush()?;
            Ok(Outcome::Done)
        }
        Command::Rules => {
            let mut out = io::stdout().lock();
            for b in BUILTIN {
                let spec = RuleSpec::parse(b.name, b.text)?;
                writeln!(out, "{:<14} {}", b.name, spec.summary.unwrap_or_default())?;
            }
            Ok(Outcome::Done)
        }
        Command::Check { rules, bind } => check(&rules, &bind),
        Command::Completions { shell } => {
            // Into a buffer first: clap_complete panics when its writer fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Args::command(), "placer", &mut script);
            let mut out = io::stdout().lock();
            out.write_all(&script)
                .and_then(|()| out.flush())
                .context("cannot write the output")?;
            Ok(Outcome::Done)
        }
    }
}

/// Reads a picture file, or stdin for `-`, within [`Limit::PICTURE`].
fn read_picture(path: &Path) -> Result<std::sync::Arc<Source>> {
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let text = input::read(path, Limit::PICTURE)
        .with_context(|| format!("cannot read the picture {name}"))?;
    Ok(Source::new(name, text))
}

/// Resolves, reads and binds a rule set.
fn load(rules: &str, bind: &BindArgs) -> Result<Problem> {
    let spec = RuleSpec::resolve(rules)?;
    let bindings = Bindings {
        set: bind.set.clone(),
        regions: bind.regions.as_deref().map(read_picture).transpose()?,
        cells: bind.cells.as_deref().map(read_picture).transpose()?,
    };
    let problem = Problem::bind(&spec, &bindings)?;
    let region_group = problem.groups.iter().any(|g| g.family == Family::Region);
    if bind.regions.is_some() && !region_group {
        bail!(
            "`{}` has no group over regions, so --regions would change nothing; region games: region-queens, star-battle, or a rule file with [[group]] of = \"region\"",
            problem.name
        );
    }
    for name in problem.disconnected_regions() {
        say!("warning: region `{name}` is not connected");
    }
    Ok(problem)
}

fn queens_problem(n: i64) -> Result<Problem> {
    let spec = RuleSpec::resolve("queens")?;
    Ok(Problem::bind(
        &spec,
        &Bindings {
            set: vec![("n".into(), n)],
            ..Bindings::default()
        },
    )?)
}

fn queens(n: &str, run: &RunArgs) -> Result<Outcome> {
    if n == "-" {
        return queens_batch(run);
    }
    let n: i64 = n
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .with_context(|| format!("N must be a positive integer, got `{n}`"))?;
    if n > QUEENS_SEARCHED as i64 {
        return queens_constructed(n, run);
    }
    solve(queens_problem(n)?, run)
}

/// The largest `placer queens N` that searches: counting and listing larger
/// boards would never end (rule files take boards up to `MAX_SIDE`).
const QUEENS_SEARCHED: usize = 64;

/// Boards over the search's limit: one solution by construction, for `--first`.
fn queens_constructed(n: i64, run: &RunArgs) -> Result<Outcome> {
    const MAX_N: i64 = 100_000_000;
    const MAX_BOARD: i64 = 1000;
    if mode(run) != Mode::First {
        bail!(
            "N = {n} is over the {0}×{0} limit of counting and listing; `placer queens {n} --first` finds one solution of any size",
            QUEENS_SEARCHED
        );
    }
    if n > MAX_N {
        bail!("N = {n} is over the {MAX_N} limit of --first");
    }
    let board_ok = run.format == Format::Board && n <= MAX_BOARD;
    if !(board_ok || matches!(run.format, Format::Tuple | Format::Cells | Format::Json)) {
        bail!(
            "N = {n}: print it with --format tuple, cells or json (board only up to {MAX_BOARD}, svg not at this size)"
        );
    }
    let cols = crate::kernel::construct::construct(n as usize).context("no solution exists")?;
    anyhow::ensure!(
        crate::kernel::construct::verify(&cols),
        "internal error: the constructed placement is not a solution"
    );
    let mut out = io::BufWriter::new(io::stdout().lock());
    if run.format == Format::Json {
        output::write_line(&mut out, &ConstructedLine { cells: &cols })?;
        out.flush()?;
        return Ok(Outcome::Done);
    }
    let mut line = String::new();
    for (r, &c) in cols.iter().enumerate() {
        use std::fmt::Write as _;
        match run.format {
            Format::Tuple => write!(line, "{}{}", if r > 0 { " " } else { "" }, c + 1)?,
            Format::Cells => write!(
                line,
                "{}({},{})",
                if r > 0 { " " } else { "" },
                r + 1,
                c + 1
            )?,
            _ => {
                let row: Vec<&str> = (0..cols.len())
                    .map(|k| if k == c { "Q" } else { "." })
                    .collect();
                writeln!(out, "{}", row.join(" "))?;
            }
        }
        if line.len() > 1 << 16 {
            out.write_all(line.as_bytes())?;
            line.clear();
        }
    }
    if matches!(run.format, Format::Tuple | Format::Cells) {
        line.push('\n');
    }
    out.write_all(line.as_bytes())?;
    out.flush()?;
    Ok(Outcome::Done)
}

/// A constructed queens solution as a JSON line, `{"cells":[[1,2],...]}`,
/// streamed cell by cell (N may be 10⁸).
#[derive(serde::Serialize)]
struct ConstructedLine<'a> {
    #[serde(serialize_with = "serialize_queen_cells")]
    cells: &'a [usize],
}

fn serialize_queen_cells<S: serde::Serializer>(cols: &&[usize], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cols.iter().enumerate().map(|(r, &c)| [r + 1, c + 1]))
}

/// The seed's batch mode: one N per line, one count per line, until 0 or EOF.
fn queens_batch(run: &RunArgs) -> Result<Outcome> {
    if run.shard.is_some() || run.checkpoint.is_some() {
        bail!("--shard and --checkpoint need one N, not `-`");
    }
    if run.all || run.first || run.step || run.stats || run.out.is_some() {
        bail!(
            "`placer queens -` prints one count per line: --all, --first, --step, --stats and --out need one N, e.g. `placer queens 8 --all`"
        );
    }
    if !matches!(run.format, Format::Board | Format::Json) {
        bail!("`placer queens -` prints counts, one per line: bare, or with --format json");
    }
    let mut out = io::stdout().lock();
    for (i, line) in stdin_lines().enumerate() {
        let line = line.with_context(|| format!("cannot read stdin line {}", i + 1))?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let n: i64 = text
            .parse()
            .ok()
            .filter(|&n| n >= 0)
            .with_context(|| format!("stdin line {}: `{text}` is not a board size", i + 1))?;
        if n == 0 {
            break;
        }
        if n > QUEENS_SEARCHED as i64 {
            bail!(
                "stdin line {}: N = {n} is over the {QUEENS_SEARCHED}×{QUEENS_SEARCHED} limit of counting",
                i + 1
            );
        }
        let problem = queens_problem(n).with_context(|| format!("stdin line {}", i + 1))?;
        let bar = progress::spinner(!run.no_progress, &format!("counting n = {n}"));
        let tally = progress::run(bar, |_| problem.plan().count(count_options(run)))?;
        print_count(&mut out, run.format, &tally.count.to_string())?;
        out.flush()?;
    }
    Ok(Outcome::Done)
}

fn threads(requested: Option<usize>) -> usize {
    requested
        .filter(|&t| t > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

fn count_options(run: &RunArgs) -> CountOptions {
    CountOptions {
        threads: threads(run.threads),
        limit: run.limit,
        unique: run.unique,
        ..CountOptions::default()
    }
}

/// Which mode the flags select.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Count,
    All,
    First,
    Step,
}

impl Mode {
    /// The mode the flags select (clap keeps them apart): `--limit` alone lists.
    fn of(all: bool, first: bool, step: bool, count: bool, limit: Option<u128>) -> Mode {
        if all {
            Mode::All
        } else if first {
            Mode::First
        } else if step {
            Mode::Step
        } else if count || limit.is_none() {
            Mode::Count
        } else {
            Mode::All
        }
    }
}

fn mode(run: &RunArgs) -> Mode {
    Mode::of(run.all, run.first, run.step, run.count, run.limit)
}

fn solve(problem: Problem, run: &RunArgs) -> Result<Outcome> {
    let plan = problem.plan();
    let unique_is_plain = run.unique && plan.symmetry.order() == 1;
    let run = &RunArgs {
        unique: run.unique && !unique_is_plain,
        ..run.clone()
    };
    if unique_is_plain {
        say!(
            "note: `{}` on this board has no symmetries (holes, givens, regions or a rectangle break them): every solution is its own class, so --unique gives the plain answer",
            plan.problem.name
        );
    }
    if (run.shard.is_some() || run.checkpoint.is_some())
        && (mode(run) != Mode::Count || run.limit.is_some())
    {
        bail!("--shard and --checkpoint work with --count only (and without --limit)");
    }
    if run.out.is_some() && !matches!(mode(run), Mode::All | Mode::First) {
        bail!("--out DIR writes one SVG file per solution: add --all or --first, and --format svg");
    }
    if let Some(why) = plan.problem.unmeetable().filter(|_| run.shard.is_none()) {
        say!("note: {why}, so nothing meets the rules");
        return Ok(match mode(run) {
            Mode::Count => {
                print_count(&mut io::stdout().lock(), run.format, "0")?;
                Outcome::Done
            }
            Mode::First | Mode::Step => Outcome::NoSolution,
            Mode::All => Outcome::Done,
        });
    }
    if mode(run) == Mode::Count && run.limit.is_none() {
        let excluded = [
            (run.unique, "--unique"),
            (run.shard.is_some(), "--shard"),
            (run.checkpoint.is_some(), "--checkpoint"),
        ]
        .into_iter()
        .find_map(|(on, flag)| on.then_some(flag));
        let options = CountOptions {
            method: run.method.method,
            budget: count::budget(&run.method),
            ..count_options(run)
        };
        if let Some(n) = count::by_frontier(&plan, &options, excluded, run.stats)? {
            let mut out = io::stdout().lock();
            print_count(&mut out, run.format, &n.to_string())?;
            return Ok(Outcome::Done);
        }
    } else if run.method.method == crate::frontier::Method::Frontier {
        bail!(
            "--method frontier only counts: it does not combine with --all, --first, --step or --limit"
        );
    }
    let started = Instant::now();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (tally, outcome) = match mode(run) {
        Mode::Count if run.limit.is_some() => {
            let bar = progress::spinner(!run.no_progress, "counting");
            let tally = progress::run(bar, |_| plan.count(count_options(run)))?;
            print_count(&mut out, run.format, &tally.count.to_string())?;
            (tally, Outcome::Done)
        }
        Mode::Count => {
            let long = crate::search::longrun::LongRun {
                threads: threads(run.threads),
                unique: run.unique,
                checkpoint: run.checkpoint.clone(),
                shard: run.shard,
                stop: None,
            };
            match longrun::count(&plan, &long, !run.no_progress)? {
                crate::search::longrun::Ended::Finished(part) => {
                    if part.shard.is_some() {
                        writeln!(out, "{}", serde_json::to_string(&part)?)?;
                    } else {
                        print_count(&mut out, run.format, &part.count)?;
                    }
                    let count = part.count.parse().unwrap_or(u128::MAX);
                    (
                        Tally {
                            count,
                            nodes: u64::try_from(part.nodes).unwrap_or(u64::MAX),
                        },
                        Outcome::Done,
                    )
                }
                crate::search::longrun::Ended::Interrupted => {
                    match &run.checkpoint {
                        Some(path) => say!(
                            "interrupted; finished parts are saved in {}: run the same command to resume",
                            path.display()
                        ),
                        None => say!("interrupted; pass --checkpoint FILE to keep finished work"),
                    }
                    return Ok(Outcome::Interrupted);
                }
            }
        }
        Mode::All | Mode::First => {
            let limit = if mode(run) == Mode::First {
                Some(1)
            } else {
                run.limit
            };
            let tally = match &run.out {
                Some(dir) if run.format == Format::Svg => {
                    let mut solutions = solutions(&plan, run);
                    let count = write_svg_files(&plan.problem, solutions.by_ref(), limit, dir)?;
                    Tally {
                        count,
                        nodes: solutions.nodes(),
                    }
                }
                Some(_) => bail!("--out DIR writes SVG files: add --format svg"),
                None if mode(run) == Mode::First => {
                    let bar = progress::spinner(!run.no_progress, "searching");
                    progress::run(bar, |_| {
                        print_solutions(&plan, run, limit, &mut out, |_| Ok(true))
                    })?
                }
                None => print_solutions(&plan, run, limit, &mut out, |_| Ok(true))?,
            };
            let outcome = if mode(run) == Mode::First && tally.count == 0 {
                Outcome::NoSolution
            } else {
                Outcome::Done
            };
            (tally, outcome)
        }
        Mode::Step => {
            let mut stepper = step::Stepper::new("solution", stdin_lines());
            let tally = print_solutions(&plan, run, run.limit, &mut out, |k| stepper.next(k))?;
            stepper.finish(tally.count, run.limit);
            let outcome = if tally.count == 0 {
                Outcome::NoSolution
            } else {
                Outcome::Done
            };
            (tally, outcome)
        }
    };
    out.flush()?;
    if run.stats {
        let method = (mode(run) == Mode::Count).then(|| plan.search_method(&count_options(run)));
        print_stats(tally, started.elapsed().as_secs_f64(), method);
    }
    Ok(outcome)
}

fn print_count(out: &mut impl Write, format: Format, count: &str) -> Result<()> {
    match format {
        Format::Json => {
            let count = output::Exact::new(count).with_context(|| {
                format!("internal error: the count `{count}` is not an integer")
            })?;
            output::write_line(out, &output::CountLine { count })?
        }
        _ => writeln!(out, "{count}")?,
    }
    Ok(())
}

/// Hands solutions to `each` with their 1-based number, at most `limit` of
/// them, until `each` says stop; returns how many it handed over.
fn take_each(
    solutions: impl Iterator<Item = Solution>,
    limit: Option<u128>,
    mut each: impl FnMut(u128, &Solution) -> Result<bool>,
) -> Result<u128> {
    let mut count: u128 = 0;
    for solution in solutions {
        if limit.is_some_and(|l| count >= l) {
            break;
        }
        count += 1;
        if !each(count, &solution)? {
            break;
        }
    }
    Ok(count)
}

/// The lines of stdin, each within [`Limit::LINE`].
fn stdin_lines() -> impl Iterator<Item = io::Result<String>> {
    let mut stdin = io::stdin().lock();
    std::iter::from_fn(move || input::read_line(&mut stdin).transpose())
}

/// The solutions to print: for `--first`, in the order that finds one soonest.
fn solutions<'p>(plan: &'p Plan, run: &RunArgs) -> crate::search::Solutions<'p> {
    if mode(run) == Mode::First {
        plan.first_order(run.unique)
    } else {
        plan.solutions(run.unique)
    }
}

/// Prints solutions in search order; `next(k)` after solution k says whether to go on.
fn print_solutions(
    plan: &Plan,
    run: &RunArgs,
    limit: Option<u128>,
    out: &mut impl Write,
    mut next: impl FnMut(u128) -> Result<bool>,
) -> Result<Tally> {
    let values = plan.problem.values.as_deref();
    let mut printer = output::sink(run.format, &plan.problem, values, out)?.flush_each(true);
    let mut solutions = solutions(plan, run);
    let count = take_each(solutions.by_ref(), limit, |k, solution| {
        printer.write(solution)?;
        next(k)
    })?;
    printer.into_result()?;
    Ok(Tally {
        count,
        nodes: solutions.nodes(),
    })
}

/// Writes each solution to its own SVG file in `dir`.
/// Writes each of at most `limit` solutions to its own SVG file in `dir`
/// (`solution-0001.svg`, ...), refusing a directory that already holds such
/// files from an earlier run; returns how many it wrote.
fn write_svg_files(
    problem: &Problem,
    solutions: impl Iterator<Item = Solution>,
    limit: Option<u128>,
    dir: &Path,
) -> Result<u128> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
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
    take_each(solutions, limit, |k, solution| {
        let path = dir.join(format!("solution-{k:04}.svg"));
        let svg = output::svg_document(problem, problem.values.as_deref(), solution);
        std::fs::write(&path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(true)
    })
}

fn generate(
    rules: &str,
    size: usize,
    seed: Option<u64>,
    set: &[(String, i64)],
    svg: Option<&Path>,
    show_solution: bool,
) -> Result<Outcome> {
    let spec = RuleSpec::resolve(rules)?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let started = Instant::now();
    let bar = progress::spinner(true, &format!("generating a {size}×{size} puzzle"));
    let puzzle = progress::run(bar, |_| crate::generate::generate(&spec, set, size, seed))?;
    say!(
        "seed {seed}: unique puzzle after {} region grids, {:.3} s",
        puzzle.evaluations,
        started.elapsed().as_secs_f64()
    );
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "# {} {size}×{size}, seed {seed}, one solution",
        puzzle.problem.name
    )?;
    out.write_all(puzzle.picture.as_bytes())?;
    if show_solution {
        writeln!(out)?;
        let mut printer = output::sink(Format::Board, &puzzle.problem, None, &mut out)?;
        printer.write(&puzzle.solution)?;
        printer.into_result()?;
    }
    if let Some(path) = svg {
        std::fs::write(
            path,
            output::svg_document(&puzzle.problem, None, &puzzle.solution),
        )
        .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(Outcome::Done)
}

/// The search's statistics on stderr, with the counting method when it counted.
fn print_stats(tally: Tally, seconds: f64, method: Option<crate::plan::Method>) {
    let rate = if seconds > 0.0 {
        tally.nodes as f64 / seconds
    } else {
        0.0
    };
    let method = method.map_or(String::new(), |m| format!("  method: {}", m.name()));
    say!(
        "nodes: {}  solutions: {}  seconds: {seconds:.6}  nodes/s: {rate:.0}{method}",
        tally.nodes,
        tally.count
    );
}

#[allow(clippy::too_many_arguments)] // the flags of `placer table`, passed as they are
fn table(
    rules: &str,
    param: &str,
    values: std::ops::RangeInclusive<i64>,
    bind: &BindArgs,
    unique: bool,
    threads_wanted: Option<usize>,
    method: &MethodArgs,
    json: bool,
) -> Result<Outcome> {
    if values.is_empty() {
        bail!("--from {} is after --to {}", values.start(), values.end());
    }
    let mut out = io::stdout().lock();
    let bound = |v: i64| {
        let mut bind = bind.clone();
        bind.set.retain(|(k, _)| k != param);
        bind.set.push((param.to_string(), v));
        load(rules, &bind).with_context(|| format!("{param} = {v}"))
    };
    // When the parameter only sets the piece count, one DP run gives every row.
    let (start, end) = (*values.start(), *values.end());
    let by_pieces = if start < end {
        match (bound(start), bound(end)) {
            (Ok(a), Ok(b)) => count::polynomial(&a.plan(), Some(&b), method)?,
            _ => None,
        }
    } else {
        None
    };
    // The header goes out with the first row, so an error comes alone.
    let mut header = (!json).then(|| {
        let unique = if unique { " unique" } else { "" };
        format!("{param} solutions{unique}")
    });
    let len = end.abs_diff(start).saturating_add(1);
    let bar = progress::bar(true, Some(len), progress::bar_style("values"));
    progress::run(bar, |bar| -> Result<Outcome> {
        for v in values {
            if let Some(bar) = bar {
                bar.set_message(format!("{param} = {v}, "));
            }
            let plan = bound(v)?.plan();
            let options = CountOptions {
                threads: threads(threads_wanted),
                ..CountOptions::default()
            };
            let unmeetable = plan.problem.unmeetable().is_some();
            let total = match &by_pieces {
                _ if unmeetable => "0".to_string(),
                Some(all) => all
                    .get(plan.problem.piece.count)
                    .cloned()
                    .unwrap_or_default()
                    .to_string(),
                None => {
                    let counted = plan.count_exact(&CountOptions {
                        method: method.method,
                        budget: count::budget(method),
                        ..options.clone()
                    })?;
                    count::note_fell_back(counted.fell_back.as_ref());
                    counted.count.to_string()
                }
            };
            let classes = match (unique, unmeetable) {
                (false, _) => None,
                (true, true) => Some(0),
                (true, false) => Some(
                    plan.count(CountOptions {
                        unique: true,
                        ..options.clone()
                    })?
                    .count,
                ),
            };
            if json {
                let line = output::TableLine {
                    param,
                    value: v,
                    count: output::Exact::new(&total).context("a count is an integer")?,
                    unique: classes.and_then(output::Exact::new),
                };
                output::write_line(&mut out, &line)?;
            } else {
                if let Some(header) = header.take() {
                    writeln!(out, "{header}")?;
                }
                match classes {
                    Some(u) => writeln!(out, "{v} {total} {u}")?,
                    None => writeln!(out, "{v} {total}")?,
                }
            }
            out.flush()?;
            if let Some(bar) = bar {
                bar.inc(1);
            }
        }
        Ok(Outcome::Done)
    })
}

fn check(rules: &str, bind: &BindArgs) -> Result<Outcome> {
    let plan = load(rules, bind)?.plan();
    let mut out = io::stdout().lock();
    write!(out, "{}", plan.describe())?;
    if plan.problem.regions.is_some() || !plan.problem.givens.is_empty() {
        let two: Vec<Solution> = plan.solutions(false).take(2).collect();
        let verdict = match two.as_slice() {
            [] => "no solution".to_string(),
            [_] => "unique".to_string(),
            [a, b] => {
                let at = a
                    .cells
                    .iter()
                    .zip(&b.cells)
                    .position(|(x, y)| x != y)
                    .unwrap_or(0);
                let (r, c) = a.cells[at];
                format!("several (first two differ at ({}, {}))", r + 1, c + 1)
            }
            _ => unreachable!("took at most two"),
        };
        writeln!(out, "solution: {verdict}")?;
        let mut printer = output::sink(
            Format::Board,
            &plan.problem,
            plan.problem.values.as_deref(),
            &mut out,
        )?;
        for s in &two {
            printer.write(s)?;
        }
        printer.into_result()?;
    }
    Ok(Outcome::Done)
}
