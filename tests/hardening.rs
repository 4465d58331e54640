//! Issue 15's reproductions: a failing stderr or stdout, endless inputs,
//! tampered saved work and flags that used to be ignored. Each test failed
//! before its fix.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::process::{Command as StdCommand, Output, Stdio};

use crate::common::placer;
use predicates::prelude::*;

fn std_placer() -> StdCommand {
    StdCommand::new(assert_cmd::cargo::cargo_bin("placer"))
}

fn full() -> Stdio {
    Stdio::from(File::create("/dev/full").unwrap())
}

/// Runs `args` with stderr on /dev/full and `stdin` as input.
fn with_full_stderr(args: &[&str], stdin: &str) -> Output {
    let mut child = std_placer()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(full())
        .spawn()
        .unwrap();
    // The child may exit before reading all of it.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

#[test]
fn a_full_stderr_loses_messages_not_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("p.txt");
    std::fs::write(&picture, "AB\r\nBA\r\n").unwrap();
    let picture = picture.to_str().unwrap();
    // (args, stdin, exit code, stdout)
    let cases: [(&[&str], &str, i32, &str); 7] = [
        (&["queens", "0"], "", 2, ""),
        (&["queens", "8", "--stats"], "", 0, "92\n"),
        // Only warnings on stderr: the count still reaches stdout.
        (
            &["solve", "region-queens", "--regions", picture],
            "",
            0,
            "0\n",
        ),
        (&["select", "/nonexistent/m.csv"], "", 2, ""),
        (&["generate", "region-queens", "--size", "0"], "", 2, ""),
        (
            &["queens", "4", "--step", "--format", "tuple"],
            "\n\n",
            0,
            "2 4 1 3\n3 1 4 2\n",
        ),
        (&["queens", "3", "--first"], "", 1, ""),
    ];
    for (args, stdin, code, stdout) in cases {
        let out = with_full_stderr(args, stdin);
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        assert_eq!(text(&out.stdout), stdout, "{args:?}");
    }
    // `generate` writes its seed on stderr and the puzzle on stdout.
    let out = with_full_stderr(
        &["generate", "region-queens", "--size", "5", "--seed", "3"],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("# region-queens 5×5, seed 3"));
}

#[test]
fn a_closed_stderr_pipe_is_not_a_panic() {
    // placer queens 10 --stats --all 2>&1 >/dev/null | head -c 0
    let mut child = std_placer()
        .args(["queens", "10", "--stats", "--all"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn a_full_stdout_is_an_error_said_once() {
    let cases: [&[&str]; 4] = [
        &["completions", "bash"],
        &["--help"],
        &["queens", "8", "--all"],
        &["queens", "8"],
    ];
    for args in cases {
        let out = std_placer().args(args).stdout(full()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(
            err.matches("No space left on device").count(),
            1,
            "{args:?}: {err}"
        );
        // The results' own writes say what failed; clap writes --help.
        if args != ["--help"] {
            assert_eq!(
                err.matches("cannot write the output").count(),
                1,
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn endless_inputs_stop_at_their_limit() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["solve", "/dev/zero"],
            "more than 1 MiB, the limit for a rule file",
        ),
        (&["solve", "/dev/urandom"], "the limit for a rule file"),
        (
            &["select", "/dev/zero"],
            "more than 256 MiB, the limit for a matrix",
        ),
        (&["merge", "/dev/zero"], "the limit for a shard result file"),
        (
            &["solve", "region-queens", "--regions", "/dev/zero"],
            "more than 8 MiB, the limit for a picture",
        ),
        (
            &["solve", "queens", "--cells", "/dev/zero"],
            "the limit for a picture",
        ),
        (
            &["queens", "8", "--checkpoint", "/dev/zero"],
            "--checkpoint /dev/zero is not a regular file: name a file placer may create and replace",
        ),
        (
            &["queens", "8", "--checkpoint", "/dev/null"],
            "--checkpoint /dev/null is not a regular file",
        ),
        (
            &["solve", "/dev/zero", "--regions", "-"],
            "the limit for a rule file",
        ),
    ];
    for (args, message) in cases {
        placer()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

/// Runs `args` with endless zero bytes on stdin.
fn with_zeros_on_stdin(args: &[&str]) -> Output {
    std_placer()
        .args(args)
        .stdin(File::open("/dev/zero").unwrap())
        .output()
        .unwrap()
}

#[test]
fn endless_stdin_stops_at_its_limit() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["solve", "region-queens", "--regions", "-"],
            "cannot read the picture <stdin>: more than 8 MiB",
        ),
        (
            &["solve", "queens", "--cells", "-"],
            "the limit for a picture",
        ),
        (&["select", "-"], "the limit for a matrix"),
        (&["queens", "-"], "stdin line 1: more than 4 KiB"),
        (&["queens", "6", "--step"], "the limit for a line of stdin"),
    ];
    for (args, message) in cases {
        let out = with_zeros_on_stdin(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// 64-bit FNV-1a as hex: the checksum docs/LONG-RUNS.md documents, written
/// again here from the documentation.
fn fnv1a(text: &str) -> String {
    let mut h: u64 = 14_695_981_039_346_656_037;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(1_099_511_628_211);
    }
    format!("{h:016x}")
}

/// Seals a record as docs/LONG-RUNS.md says: FNV-1a of its line as placer
/// writes it, with the checksum's value emptied to `"checksum":""`.
fn reseal(record: &str) -> String {
    let record = record.trim_end();
    let at = record.find("\"checksum\":\"").unwrap() + "\"checksum\":\"".len();
    let end = at + record[at..].find('"').unwrap();
    let blank = format!("{}{}", &record[..at], &record[end..]);
    let sum = fnv1a(&blank);
    format!("{}{sum}{}\n", &record[..at], &record[end..])
}

fn shards(args: &[&str], k: usize, dir: &Path) -> Vec<std::path::PathBuf> {
    (1..=k)
        .map(|i| {
            let path = dir.join(format!("part{i}.json"));
            let out = placer()
                .args(args)
                .args(["--shard", &format!("{i}/{k}")])
                .assert()
                .success()
                .get_output()
                .stdout
                .clone();
            std::fs::write(&path, out).unwrap();
            path
        })
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Runs placer with `args`; expects exit 2 and `message` on stderr.
fn refused<S: AsRef<std::ffi::OsStr>>(args: impl IntoIterator<Item = S>, message: &str) {
    placer()
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(message));
}

fn merge_args(files: &[std::path::PathBuf]) -> Vec<std::ffi::OsString> {
    std::iter::once("merge".into())
        .chain(files.iter().map(|f| f.clone().into_os_string()))
        .collect()
}

#[test]
fn a_changed_part_count_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let files = shards(&["queens", "8"], 3, dir.path());
    placer()
        .args(merge_args(&files))
        .assert()
        .success()
        .stdout("92\n");
    // The documented checksum is the one placer writes.
    let part = read(&files[1]);
    assert_eq!(reseal(&part), part);
    // A count changed by hand (24 to 25 for n = 14 gave 365 597) is refused.
    let value: serde_json::Value = serde_json::from_str(&part).unwrap();
    let count: u128 = value["count"].as_str().unwrap().parse().unwrap();
    let changed = part.replace(
        &format!("\"count\":\"{count}\""),
        &format!("\"count\":\"{}\"", count + 1),
    );
    assert_ne!(changed, part);
    std::fs::write(&files[1], changed).unwrap();
    refused(
        merge_args(&files),
        "part2.json:1 fails its checksum: it was changed after placer wrote it; run that shard again",
    );
    // A part of the old format, without a checksum, is refused, not misread.
    let mut old = value.clone();
    old.as_object_mut().unwrap().remove("format");
    old.as_object_mut().unwrap().remove("checksum");
    std::fs::write(&files[1], old.to_string()).unwrap();
    refused(
        merge_args(&files),
        "part2.json:1 is in the format of an older placer",
    );
    let format4 = reseal(&part.replace("\"format\":3", "\"format\":4"));
    std::fs::write(&files[1], format4).unwrap();
    refused(
        merge_args(&files),
        "is in format 4, but this placer reads format 3",
    );
}

#[test]
fn merge_says_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let subdir = |name: &str| {
        let d = dir.path().join(name);
        std::fs::create_dir(&d).unwrap();
        d
    };
    let plain = shards(&["queens", "8"], 2, &subdir("plain"));
    // Same rules and parameters, another rule detail: the piece's symbol.
    let rules = dir.path().join("other-symbol.toml");
    let text = placer::spec::BUILTIN
        .iter()
        .find(|b| b.name == "queens")
        .unwrap()
        .text
        .replace("symbol = \"Q\"", "symbol = \"W\"");
    std::fs::write(&rules, text).unwrap();
    let rules = rules.to_str().unwrap();
    let other = shards(&["solve", rules, "--set", "n=8"], 2, &subdir("other"));
    refused(
        merge_args(&[plain[0].clone(), other[1].clone()]),
        "the same rules `queens` and parameters count=8, n=8, but fingerprint",
    );
    let unique = shards(&["queens", "8", "--unique"], 2, &subdir("unique"));
    refused(
        merge_args(&[plain[0].clone(), unique[1].clone()]),
        "counted with --unique vs without --unique",
    );
}

#[test]
fn a_changed_checkpoint_is_refused_and_an_overflow_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("run.ckpt");
    let ck_s = ck.to_str().unwrap();
    let args = ["queens", "8", "--checkpoint", ck_s];
    placer().args(args).assert().success().stdout("92\n");
    let text = read(&ck);
    assert_eq!(reseal(&text), text.trim_end().to_string() + "\n");
    let done = text.find("\"done\":{").unwrap();
    let done = done..done + text[done..].find('}').unwrap() + 1;
    let with_done = |parts: &str| {
        format!(
            "{}\"done\":{{{parts}}}{}",
            &text[..done.start],
            &text[done.end..]
        )
    };
    std::fs::write(&ck, with_done("\"0\":[\"1000\",4]")).unwrap();
    refused(
        args,
        &format!(
            "checkpoint {ck_s} fails its checksum: it was changed after placer wrote it; delete it to start over"
        ),
    );
    // Counts that each fit but overflow together: the message names the file.
    let max = u128::MAX;
    let overflow = with_done(&format!("\"0\":[\"{max}\",4],\"1\":[\"{max}\",4]"));
    std::fs::write(&ck, reseal(&overflow)).unwrap();
    refused(
        args,
        &format!(
            "checkpoint {ck_s} is damaged; delete it to start over: the count overflows 128 bits"
        ),
    );
}

#[test]
fn flags_that_would_be_ignored_are_errors() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["queens", "-", "--all"],
            "`placer queens -` prints one count per line",
        ),
        (&["queens", "-", "--stats"], "--stats"),
        (
            &["queens", "-", "--format", "tuple"],
            "bare, or with --format json",
        ),
        (
            &["queens", "8", "--out", "d", "--format", "svg"],
            "add --all or --first",
        ),
        (
            &["queens", "8", "--out", "d", "--count"],
            "cannot be used with",
        ),
        (
            &["queens", "8", "--first", "--limit", "3"],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        placer()
            .args(args)
            .write_stdin("8\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    // `-j 0` means all cores, as its help says.
    placer()
        .args(["queens", "8", "-j", "0"])
        .assert()
        .success()
        .stdout("92\n");
    placer()
        .args(["queens", "-", "-j", "0"])
        .write_stdin("8\n6\n")
        .assert()
        .success()
        .stdout("92\n4\n");
}

/// Every message goes through the one stderr writer that cannot panic:
/// `eprintln!` and `println!` panic when their stream fails.
#[test]
fn no_panicking_print_macros_in_the_sources() {
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            for (i, line) in source.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for mac in ["eprintln!", "eprint!", "println!(", "print!("] {
                    let hit = code.match_indices(mac).any(|(at, _)| {
                        // `writeln!`/`print!` inside another name does not count.
                        !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                    });
                    assert!(
                        !hit,
                        "{}:{}: {mac} — use cli::stderr_line",
                        path.display(),
                        i + 1
                    );
                }
            }
        }
    }
}

/// Issue 38: a picture (or rule file) saved with a UTF-8 byte order mark
/// reads as the same text without it.
#[test]
fn a_byte_order_mark_is_not_text() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.txt");
    let marked = dir.path().join("marked.txt");
    let picture = "AAB\nABB\nCCC\n";
    std::fs::write(&plain, picture).unwrap();
    std::fs::write(&marked, format!("\u{feff}{picture}")).unwrap();
    let count = |path: &std::path::Path| {
        let out = placer()
            .args(["solve", "star-battle", "--regions"])
            .arg(path)
            .args(["--count"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        out.stdout
    };
    assert_eq!(count(&marked), count(&plain));
}

/// Issue 38: a difficulty no puzzle of that size reaches says why, not
/// "try another seed".
#[test]
fn a_difficulty_too_hard_for_the_size_says_so() {
    placer()
        .args([
            "generate",
            "region-queens",
            "--size",
            "1",
            "--difficulty",
            "medium",
            "--seed",
            "1",
        ])
        .assert()
        .code(2)
        .stderr(
            "error: no medium 1×1 puzzle among the 60 generated from seed 1; every one was easy: a larger size gives harder puzzles\n",
        );
}

/// Issue 38: `--min-sum` and `--max-sum` are exact decimals, as the values
/// are, never rounded to `f64`.
#[test]
fn sum_bounds_are_exact() {
    let dir = tempfile::tempdir().unwrap();
    let tenths = dir.path().join("d.csv");
    let big = dir.path().join("b.csv");
    std::fs::write(&tenths, "0.1,0.2\n0.2,0.1\n").unwrap();
    std::fs::write(&big, "9007199254740992\n").unwrap();
    let count = |path: &Path, bound: &[&str]| {
        let out = placer()
            .arg("select")
            .arg(path)
            .args(bound)
            .arg("--count")
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        count(&tenths, &["--max-sum", "0.19999999999999999999"]),
        "0\n"
    );
    assert_eq!(count(&tenths, &["--max-sum", "0.2"]), "1\n");
    assert_eq!(
        count(&tenths, &["--min-sum", "0.20000000000000000001"]),
        "1\n"
    );
    assert_eq!(count(&big, &["--min-sum", "9007199254740993"]), "0\n");
    assert_eq!(count(&big, &["--max-sum", "9007199254740991.9"]), "0\n");
    assert_eq!(count(&big, &["--min-sum", "9007199254740992"]), "1\n");
    placer()
        .arg("select")
        .arg(&tenths)
        .args(["--max-sum", "0.19999999999999999999", "--all"])
        .assert()
        .success()
        .stdout("");
}
