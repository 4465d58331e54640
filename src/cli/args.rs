//! The command line as clap parses it. Help text comes from the doc comments.

use std::path::PathBuf;

use clap::{Args as ClapArgs, Parser, Subcommand};

use crate::output::Format;
use crate::search::MAX_THREADS;

/// Place pieces on a grid under constraints: count, list or find placements.
#[derive(Debug, Parser)]
#[command(name = "placer", version, propagate_version = true, about, long_about = None, after_help = EXAMPLES)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

const EXAMPLES: &str = "\
Examples:
  placer queens 8                           count: 92
  placer queens 8 --first                   one board
  placer queens 8 --all --format tuple      every solution, one line each
  printf '1\\n8\\n5\\n0\\n' | placer queens -   batch: 1, 92, 10
  placer solve knights --set n=6 --count    257318
  placer solve region-queens --regions examples/puzzles/queens-7.txt --first
  placer select examples/matrix.csv --all --format json
  placer table queens --param n --from 1 --to 12";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// N-queens: the built-in `queens` rules with n = N.
    #[command(after_help = "\
Examples:
  placer queens 8                  92
  placer queens 8 --unique         12 (distinct up to rotation and reflection)
  placer queens 6 --all --format tuple
  placer queens 8 --step           one board at a time: Enter for the next, q to quit
  placer queens 1000000 --first --format tuple > big.txt
  printf '1\\n8\\n5\\n0\\n' | placer queens -")]
    Queens {
        /// The board size, or `-` to read sizes from stdin, one per line, until 0 or end of
        /// input (then only --count, --limit, --unique, -j and --format json apply).
        #[arg(allow_negative_numbers = true, value_name = "N")]
        n: String,
        /// Mode and output.
        #[command(flatten)]
        run: RunArgs,
    },
    /// Solve a rule file or a built-in rule.
    #[command(after_help = "\
Examples:
  placer solve rules/queens.toml --set n=10
  placer solve superqueens --set n=10 --all
  placer solve star-battle --regions examples/puzzles/star-battle-10.txt --set k=2 --first
  placer solve region-queens --regions - < examples/puzzles/queens-7.txt
  placer solve region-queens --regions examples/puzzles/queens-9.txt --limit 2 --count   # 1: unique")]
    Solve {
        /// A rule file path, or the name of a built-in rule (see `placer rules`).
        rules: String,
        /// Rule inputs.
        #[command(flatten)]
        bind: BindArgs,
        /// Mode and output.
        #[command(flatten)]
        run: RunArgs,
        /// Region games: print the logical path step by step (with --format json, one
        /// line per step and a last line with "solved"), its grade, and the guesses
        /// where logic runs out.
        #[arg(long)]
        explain: bool,
    },
    /// The next logical step of a region game, explained (see docs/PUZZLES.md).
    #[command(after_help = "\
Examples:
  placer hint region-queens --regions examples/puzzles/queens-7.txt
  placer hint star-battle --set k=2 --regions examples/puzzles/star-battle-10.txt --format json
  placer hint star-battle --regions examples/puzzles/star-battle-8-marks.txt --format svg > hint.svg")]
    Hint(crate::cli::HintArgs),
    /// Distinct-row/column selections of a matrix: one value from each row, no column twice.
    #[command(after_help = "\
Examples:
  placer select examples/matrix.csv                 how many selections
  placer select examples/matrix.csv --all           every selection, with its values
  placer select examples/matrix.csv --top 3 --max   the three best by sum, best first
  placer select examples/costs.csv --top 1 --min --format json
  placer select examples/pattern.txt --skip 0 --count   the permanent of a 0/1 matrix
  placer select examples/matrix.csv --min-sum 20 --all
  placer select examples/matrix.csv --first --format svg --out pictures")]
    Select(crate::cli::SelectArgs),
    /// Count for each value of a parameter, one line each: `n count`.
    #[command(after_help = "\
Examples:
  placer table queens --param n --from 1 --to 12
  placer table torus-queens --param n --from 1 --to 13 --unique")]
    Table(TableArgs),
    /// Make a new region puzzle with exactly one solution.
    #[command(after_help = "\
Examples:
  placer generate region-queens --size 9 --seed 42 > queens-9.txt
  placer solve region-queens --regions queens-9.txt --first
  placer generate star-battle --size 10 --set k=2 --svg puzzle.svg")]
    Generate(GenerateArgs),
    /// Write the problem for an independent solver.
    #[command(after_help = "\
Examples:
  placer export --dlx queens --set n=8 > queens8.dlx    # then: dlx3 < queens8.dlx")]
    Export {
        /// A rule file path or a built-in rule name.
        rules: String,
        /// Knuth's exact-cover format with multiplicities (DLX3).
        #[arg(long, required = true)]
        dlx: bool,
        /// Rule inputs.
        #[command(flatten)]
        bind: BindArgs,
    },
    /// Add up the JSON results of `--shard I/K` runs.
    #[command(after_help = "\
Examples:
  for i in 1 2 3; do placer queens 14 --shard $i/3 > part$i.json; done
  placer merge part*.json            365596")]
    Merge {
        /// The shard result files, one per shard.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// Text (the total) or JSON (the merged record).
        #[command(flatten)]
        format: TextOrJson,
    },
    /// List the built-in rules.
    #[command(after_help = "\
Examples:
  placer rules
  placer solve hertzsprung --set n=8      # then use one by name
  placer check star-battle --regions examples/puzzles/star-battle-10.txt --set k=2")]
    Rules,
    /// Validate rules and show the compiled plan.
    #[command(after_help = "\
Examples:
  placer check queens --set n=12
  placer check region-queens --regions examples/puzzles/queens-11.txt   # solution: unique")]
    Check {
        /// A rule file path or a built-in rule name.
        rules: String,
        /// Rule inputs.
        #[command(flatten)]
        bind: BindArgs,
    },
    /// Print a shell completion script.
    #[command(after_help = "\
Examples:
  placer completions bash > ~/.local/share/bash-completion/completions/placer
  placer completions zsh > ~/.zfunc/_placer
  placer completions fish > ~/.config/fish/completions/placer.fish")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// The arguments of `placer table`.
#[derive(Debug, Clone, ClapArgs)]
pub struct TableArgs {
    /// A rule file path or a built-in rule name.
    pub rules: String,
    /// The parameter to vary.
    #[arg(long, default_value = "n")]
    pub param: String,
    /// First value.
    #[arg(long, allow_negative_numbers = true)]
    pub from: i64,
    /// Last value.
    #[arg(long, allow_negative_numbers = true)]
    pub to: i64,
    /// Rule inputs.
    #[command(flatten)]
    pub bind: BindArgs,
    /// Count classes under the board's symmetries too.
    #[arg(long)]
    pub unique: bool,
    /// Worker threads (default, or 0: all cores).
    #[arg(short = 'j', long = "threads", value_name = "N", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// How to count.
    #[command(flatten)]
    pub method: MethodArgs,
    /// Text (a table) or JSON (one object per line).
    #[command(flatten)]
    pub format: TextOrJson,
}

/// `--format text|json` (or `--json`) of the commands that print one
/// result or one line a value: `table` and `merge`.
#[derive(Debug, Clone, Default, ClapArgs)]
pub struct TextOrJson {
    /// Output format.
    #[arg(long, value_name = "FORMAT", value_enum)]
    format: Option<TextFormat>,
    /// Print JSON (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    json: bool,
}

/// The formats of [`TextOrJson`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum TextFormat {
    /// Plain text.
    Text,
    /// JSON.
    Json,
}

impl TextOrJson {
    /// Whether JSON was asked for.
    pub fn json(&self) -> bool {
        self.json || self.format == Some(TextFormat::Json)
    }
}

/// The arguments of `placer generate`.
#[derive(Debug, Clone, ClapArgs)]
pub struct GenerateArgs {
    /// A region rule: `region-queens`, `star-battle`, or a rule file with an exact region group.
    pub rules: String,
    /// The board's side; the puzzle has this many regions.
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>)]
    pub size: usize,
    /// The random seed: the same seed gives the same puzzle (default: from the clock, printed on stderr).
    #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>)]
    pub seed: Option<u64>,
    /// Set a parameter: `--set k=2`. Repeatable.
    #[arg(long = "set", value_name = "K=V", value_parser = parse_set)]
    pub set: Vec<(String, i64)>,
    /// Also write the blank puzzle as an SVG picture (with its solution
    /// under `--solution`).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also print the solution, as a board, after the puzzle (and draw it in
    /// the `--svg` picture).
    #[arg(long)]
    pub solution: bool,
    /// Only a puzzle of this grade (see docs/PUZZLES.md): tries puzzles from seeds
    /// derived from --seed until one has it.
    #[arg(long, value_enum)]
    pub difficulty: Option<crate::logic::grade::Grade>,
    /// Worker threads (default, or 0: all cores). The puzzle never depends on it.
    #[arg(short = 'j', long = "threads", value_name = "N", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
}

/// What a rule file is bound with.
#[derive(Debug, Clone, Default, ClapArgs)]
pub struct BindArgs {
    /// Set a parameter: `--set n=12`. Repeatable.
    #[arg(long = "set", value_name = "K=V", value_parser = parse_set)]
    pub set: Vec<(String, i64)>,
    /// The board's regions from a picture file (`-` for stdin).
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// Holes and given pieces from a picture file (`.` free, `#` hole, the piece symbol a given).
    #[arg(long, value_name = "FILE")]
    pub cells: Option<PathBuf>,
}

/// Which answer a command gives: the mode flags, shared by `solve`,
/// `queens` and `select` (where a solution is a selection).
#[derive(Debug, Clone, Default, ClapArgs)]
pub struct ModeArgs {
    /// Print the number of solutions (of selections, for select), the default.
    #[arg(long, group = "mode")]
    pub count: bool,
    /// Print every solution, in search order.
    #[arg(long, group = "mode")]
    pub all: bool,
    /// Print one solution, found fast; exit 1 if there is none. It need not
    /// be the first that --all prints (README, "Which solution --first
    /// prints").
    #[arg(long, group = "mode")]
    pub first: bool,
    /// Show one solution at a time: Enter for the next, q to quit.
    #[arg(long, group = "mode")]
    pub step: bool,
    /// Stop after K solutions (with --count: count up to K).
    #[arg(long, value_name = "K", conflicts_with = "first",
          allow_negative_numbers = true, value_parser = whole::<u128>)]
    pub limit: Option<u128>,
}

impl ModeArgs {
    /// The mode the flags select (clap keeps the four apart): `--limit`
    /// alone lists.
    pub fn mode(&self) -> super::config::Mode {
        super::config::Mode::of(self.all, self.first, self.step, self.count, self.limit)
    }
}

/// Mode, limits and output, shared by the solving commands.
#[derive(Debug, Clone, ClapArgs)]
pub struct RunArgs {
    /// Which answer.
    #[command(flatten)]
    pub mode: ModeArgs,
    /// Only solutions that differ under the board's symmetries.
    #[arg(long)]
    pub unique: bool,
    /// How solutions print.
    #[arg(long, value_enum, default_value_t = Format::Board)]
    pub format: Format,
    /// Worker threads (default, or 0: all cores). Results never depend on it.
    #[arg(short = 'j', long = "threads", value_name = "N", allow_negative_numbers = true, value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Print nodes, solutions, seconds and nodes per second on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Record finished parts of a count in FILE; run the same command again to resume.
    #[arg(long, value_name = "FILE", conflicts_with_all = WHOLE_COUNT_ONLY)]
    pub checkpoint: Option<PathBuf>,
    /// Count only part I of K and print it as JSON, for `placer merge`.
    #[arg(long, value_name = "I/K", conflicts_with_all = WHOLE_COUNT_ONLY)]
    pub shard: Option<crate::search::Shard>,
    /// With `--format svg` and `--all` or `--first`: write solution-0001.svg, ... into DIR
    /// instead of stdout.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["count", "step"])]
    pub out: Option<PathBuf>,
    /// Never show a progress bar (counts show one on a terminal after a second).
    #[arg(long)]
    pub no_progress: bool,
    /// How to count.
    #[command(flatten)]
    pub method: MethodArgs,
}

/// What `--shard` and `--checkpoint` do not combine with: they split and save
/// a whole count.
const WHOLE_COUNT_ONLY: [&str; 4] = ["all", "first", "step", "limit"];

/// How counts are computed (see docs/COUNTING.md).
#[derive(Debug, Clone, Default, ClapArgs)]
pub struct MethodArgs {
    /// Counting method: auto (the plan decides), frontier (the row-frontier DP) or search.
    #[arg(long, value_name = "METHOD", default_value = "auto", value_parser = parse_method)]
    pub method: crate::plan::Method,
    /// Most memory the row-frontier DP's state tables may take, e.g. 512M or 4G
    /// (default: half of what the process may still take: the available memory,
    /// the cgroup's limit and `ulimit -v`, see docs/LIMITS.md).
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    pub max_memory: Option<usize>,
    /// Count even when the estimate says it would take more than a day (such
    /// counts are refused by default, with the estimate).
    #[arg(long)]
    pub no_estimate: bool,
}

fn parse_method(s: &str) -> Result<crate::plan::Method, String> {
    s.parse()
}

fn parse_bytes(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let scale: usize = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        _ => return Err(format!("`{s}` is not a size: a number with K, M, G or T")),
    };
    let n: usize = digits
        .parse()
        .map_err(|_| format!("`{s}` is not a size: a number with K, M, G or T"))?;
    match n.checked_mul(scale) {
        Some(0) => Err(format!(
            "`{s}` leaves the count no memory: give a size such as 512M (the default is half of the memory the process may take)"
        )),
        Some(bytes) => Ok(bytes),
        None => Err(format!("`{s}` is more bytes than this machine can address")),
    }
}

/// `-j N`: at most [`MAX_THREADS`].
pub(super) fn parse_threads(s: &str) -> Result<usize, String> {
    let n: usize = whole(s)?;
    if n > MAX_THREADS {
        return Err(format!(
            "{n} threads is more than the supported {MAX_THREADS}"
        ));
    }
    Ok(n)
}

/// A whole number of at least 0: a negative one or one that is not a
/// number is refused with what it is, not the parser's "invalid digit".
pub(super) fn whole<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    let t = s.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("`{s}` is not a whole number"));
    }
    if t.starts_with('-') && digits.chars().any(|c| c != '0') {
        return Err(format!("`{s}` is negative: it must be 0 or more"));
    }
    digits.parse().map_err(|_| format!("`{s}` is too large"))
}

fn parse_set(s: &str) -> Result<(String, i64), String> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not K=V, e.g. n=12"))?;
    let v: i64 = v
        .trim()
        .parse()
        .map_err(|_| format!("`{v}` is not an integer"))?;
    Ok((k.trim().to_string(), v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Args::command().debug_assert();
    }
}
