//! The documented commands, run: every ```console block of README.md and
//! docs/*.md is a transcript that the test suite replays and compares.
//!
//! The format (a small subset of trycmd's markdown transcripts):
//!
//! - `$ COMMAND` runs `COMMAND` with `sh -c` (pipes and redirections work) in a
//!   scratch directory (one per markdown file, shared by its commands in
//!   order) holding copies of `examples/` and `rules/`, with the
//!   freshly built `placer` first on `PATH`;
//! - the lines after it, up to the next `$ ` line or the end of the block, are
//!   its stdout followed by its stderr;
//! - `? N` right after the command: the exit code must be N (default 0);
//! - a line `...` stands for any number of lines, and `[..]` inside a line for
//!   any text on that line; trailing spaces never count;
//! - a block marked ```console,ignore is not run; the line before it must be
//!   an HTML comment saying why (`<!-- not run: ... -->`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One `$ COMMAND` of a transcript.
#[derive(Debug)]
struct Case {
    file: String,
    line: usize,
    command: String,
    code: i32,
    expected: Vec<String>,
}

/// The cases of one markdown text; `ignored` counts the blocks not run.
fn cases(file: &str, text: &str) -> (Vec<Case>, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    let mut ignored = 0;
    let mut i = 0;
    while i < lines.len() {
        let info = lines[i].trim_start_matches("```");
        let fence = lines[i].starts_with("```") && info.starts_with("console");
        i += 1;
        if !fence {
            continue;
        }
        let start = i;
        while i < lines.len() && !lines[i].starts_with("```") {
            i += 1;
        }
        if info == "console,ignore" {
            let why = lines.get(start.wrapping_sub(2)).copied().unwrap_or("");
            assert!(
                why.starts_with("<!-- not run:"),
                "{file}:{start}: an ignored block needs `<!-- not run: why -->` before it"
            );
            ignored += 1;
            continue;
        }
        assert_eq!(info, "console", "{file}:{start}: unknown block `{info}`");
        for (k, &line) in lines[start..i].iter().enumerate() {
            if let Some(command) = line.strip_prefix("$ ") {
                cases.push(Case {
                    file: file.to_string(),
                    line: start + k + 1,
                    command: command.to_string(),
                    code: 0,
                    expected: Vec::new(),
                });
            } else {
                let case = cases
                    .last_mut()
                    .filter(|c| c.line > start)
                    .unwrap_or_else(|| {
                        panic!("{file}:{}: output before any `$ ` line", start + k + 1)
                    });
                match line.strip_prefix("? ") {
                    Some(code) if case.expected.is_empty() => case.code = code.parse().unwrap(),
                    _ => case.expected.push(line.to_string()),
                }
            }
        }
        i += 1;
    }
    (cases, ignored)
}

/// Whether `line` matches `pattern`, where `[..]` matches any text.
pub(crate) fn line_matches(pattern: &str, line: &str) -> bool {
    // Trailing spaces are invisible in markdown: they never count.
    let (pattern, line) = (pattern.trim_end(), line.trim_end());
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || !line[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `lines` match `patterns`, where a pattern `...` matches any lines.
fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((p, rest)) => lines
            .split_first()
            .is_some_and(|(l, more)| line_matches(p, l) && lines_match(rest, more)),
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn doc_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

#[test]
fn documented_commands_print_what_the_docs_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = assert_cmd::cargo::cargo_bin("placer");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in doc_files() {
        let name = file.strip_prefix(root).unwrap().display().to_string();
        let (cases, _) = cases(&name, &std::fs::read_to_string(&file).unwrap());
        // Each file starts from a fresh copy of the repository's examples and rules.
        let sandbox = tempfile::tempdir().unwrap();
        copy_dir(&root.join("examples"), &sandbox.path().join("examples"));
        copy_dir(&root.join("rules"), &sandbox.path().join("rules"));
        for case in cases {
            ran += 1;
            let out = Command::new("sh")
                .arg("-c")
                .arg(&case.command)
                .current_dir(sandbox.path())
                .env("PATH", &path)
                .env("NO_COLOR", "1")
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            let lines: Vec<&str> = text.lines().collect();
            let code = out.status.code().unwrap_or(-1);
            if code != case.code || !lines_match(&case.expected, &lines) {
                failures.push(format!(
                    "{}:{}: $ {}\n  exit {code} (expected {})\n  got:\n{}\n  expected:\n{}",
                    case.file,
                    case.line,
                    case.command,
                    case.code,
                    indent(&lines.join("\n")),
                    indent(&case.expected.join("\n"))
                ));
            }
        }
    }
    assert!(ran > 20, "only {ran} documented commands found");
    assert!(
        failures.is_empty(),
        "{} of {ran} documented commands differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_transcript_reader_follows_its_rules() {
    let text = "x\n```console\n$ echo a\n? 2\na\n...\nz\n$ true\n```\n<!-- not run: slow -->\n```console,ignore\n$ sleep 100\n```\n";
    let (cases, ignored) = cases("t.md", text);
    assert_eq!((cases.len(), ignored), (2, 1));
    assert_eq!((cases[0].line, cases[0].code), (3, 2));
    assert_eq!(cases[0].expected, ["a", "...", "z"]);
    assert!(lines_match(&cases[0].expected, &["a", "b", "c", "z"]));
    assert!(lines_match(&cases[0].expected, &["a", "z"]));
    assert!(!lines_match(&cases[0].expected, &["a", "y"]));
    assert!(line_matches(
        "seed [..]: unique puzzle after [..] s",
        "seed 42: unique puzzle after 3 region grids, 0.1 s"
    ));
    assert!(!line_matches("a[..]b", "ba"));
}

/// The examples of `placer --help` and of every subcommand's `--help`.
fn help_examples() -> Vec<String> {
    let subcommands = [
        "", "queens", "solve", "select", "table", "generate", "export", "merge", "rules", "check",
    ];
    let mut examples = Vec::new();
    for sub in subcommands {
        let help = crate::common::stdout_of(
            &[sub, "--help"]
                .into_iter()
                .filter(|a| !a.is_empty())
                .collect::<Vec<_>>(),
        );
        let tail = help
            .split("Examples:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("`placer {sub} --help` has no examples"));
        for line in tail.lines().filter(|l| l.starts_with("  ")) {
            // The command ends at a `#` comment or at a run of spaces before a note.
            let command = line.trim().split("  ").next().unwrap().trim_end();
            examples.push(command.to_string());
        }
    }
    examples
}

#[test]
fn help_examples_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sandbox = tempfile::tempdir().unwrap();
    copy_dir(&root.join("examples"), &sandbox.path().join("examples"));
    copy_dir(&root.join("rules"), &sandbox.path().join("rules"));
    let bin = assert_cmd::cargo::cargo_bin("placer");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // Too slow for a debug build, or writing to a home directory.
    let skipped = ["1000000", "--step", "--size 10", "--to 13", "completions"];
    let examples = help_examples();
    assert!(examples.len() > 30, "{examples:?}");
    for command in examples
        .iter()
        .filter(|c| !skipped.iter().any(|s| c.contains(s)))
    {
        let out = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(sandbox.path())
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "`{command}`: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
