//! Long runs as a user drives them: shards run side by side and merged,
//! Ctrl-C and resume from a checkpoint, refused and damaged checkpoints, the
//! progress bar's place, and the limits that keep bad input from crashing placer.

use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

const PLACER: &str = env!("CARGO_BIN_EXE_placer");

fn placer() -> Command {
    Command::cargo_bin("placer").unwrap()
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/longrun")
        .join(name)
        .display()
        .to_string()
}

fn stdout_of(args: &[&str]) -> String {
    let out = placer().args(args).assert().success().get_output().clone();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Runs shards 1..=k of `args`, two processes at a time, each writing its JSON
/// line to a file; returns the files in shard order.
fn run_shards(args: &[&str], k: usize, dir: &Path) -> Vec<PathBuf> {
    let files: Vec<PathBuf> = (1..=k).map(|i| dir.join(format!("part{i}.json"))).collect();
    for pair in (1..=k).collect::<Vec<_>>().chunks(2) {
        let children: Vec<_> = pair
            .iter()
            .map(|&i| {
                let out = std::fs::File::create(&files[i - 1]).unwrap();
                StdCommand::new(PLACER)
                    .args(args)
                    .args(["--shard", &format!("{i}/{k}"), "-j", "1"])
                    .stdout(out)
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    files
}

fn merge(files: &[PathBuf]) -> assert_cmd::assert::Assert {
    placer().arg("merge").args(files).assert()
}

#[test]
fn seven_shards_two_at_a_time_merge_to_the_direct_count() {
    let cases: [&[&str]; 2] = [
        &["queens", "10"],
        &["solve", "kings", "--set", "n=5", "--set", "count=5"],
    ];
    for args in cases {
        let dir = tempfile::tempdir().unwrap();
        let direct = stdout_of(args);
        let files = run_shards(args, 7, dir.path());
        let mut shard_sum = 0u128;
        for f in &files {
            let part: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
            shard_sum += part["count"].as_str().unwrap().parse::<u128>().unwrap();
        }
        assert_eq!(shard_sum.to_string(), direct, "{args:?}");
        merge(&files).success().stdout(format!("{direct}\n"));
        // The order of the files does not matter.
        let mut reversed = files.clone();
        reversed.reverse();
        let json = placer()
            .arg("merge")
            .arg("--json")
            .args(&reversed)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let merged: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(merged["count"].as_str(), Some(direct.as_str()));
        assert!(merged["shard"].is_null());
        // One file of JSON lines, as `parallel ... > parts.jsonl` writes it.
        let all = dir.path().join("parts.jsonl");
        let lines: String = reversed
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect();
        std::fs::write(&all, lines).unwrap();
        merge(&[all]).success().stdout(format!("{direct}\n"));
    }
    assert_eq!(stdout_of(&["queens", "10"]), "724");
}

#[test]
fn more_shards_than_subproblems_still_cover_the_search_once() {
    let dir = tempfile::tempdir().unwrap();
    let files = run_shards(&["queens", "5"], 40, dir.path());
    merge(&files).success().stdout("10\n");
}

#[test]
fn merge_refuses_missing_duplicate_mismatched_and_foreign_parts() {
    let dir = tempfile::tempdir().unwrap();
    let files = run_shards(&["queens", "8"], 3, dir.path());
    merge(&files[..2])
        .code(2)
        .stderr(predicate::str::contains("missing shards: 3/3"));
    merge(&[files[0].clone(), files[1].clone(), files[1].clone()])
        .code(2)
        .stderr(predicate::str::contains("shard 2/3 appears twice"));

    let other_dir = dir.path().join("other");
    std::fs::create_dir(&other_dir).unwrap();
    let other = run_shards(&["queens", "9"], 3, &other_dir);
    merge(&[files[0].clone(), files[1].clone(), other[2].clone()])
        .code(2)
        .stderr(predicate::str::contains("is from another run than").and(
            predicate::str::contains("parameters count=9, n=9 vs count=8, n=8"),
        ));
    let four = dir.path().join("four");
    std::fs::create_dir(&four).unwrap();
    let four = run_shards(&["queens", "8"], 4, &four);
    merge(&[files[0].clone(), files[1].clone(), four[2].clone()])
        .code(2)
        .stderr(predicate::str::contains("has 3 shards"));

    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "\n").unwrap();
    merge(&[files[0].clone(), empty])
        .code(2)
        .stderr(predicate::str::contains("empty.json is empty"));
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "92\n").unwrap();
    merge(&[files[0].clone(), junk.clone()])
        .code(2)
        .stderr(predicate::str::contains(
            "junk.json:1 is not a placer shard result",
        ));
    // A merged result is a whole run: it does not merge again.
    let whole = dir.path().join("whole.json");
    let merged = placer()
        .arg("merge")
        .arg("--json")
        .args(&files)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    std::fs::write(&whole, merged).unwrap();
    merge(&[files[0].clone(), whole])
        .code(2)
        .stderr(predicate::str::contains("is a whole run, not a shard"));
    // Hand-edited parts: a shard index out of range, a count that overflows.
    let mut part: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    let bad = dir.path().join("bad.json");
    part["shard"] = serde_json::json!({"index": 0, "of": 3});
    std::fs::write(&bad, part.to_string()).unwrap();
    merge(std::slice::from_ref(&bad))
        .code(2)
        .stderr(predicate::str::contains("not a placer shard result"));
    part["shard"] = serde_json::json!({"index": 2, "of": 3});
    part["count"] = serde_json::json!(u128::MAX.to_string());
    std::fs::write(&bad, part.to_string()).unwrap();
    merge(&[files[0].clone(), bad, files[2].clone()])
        .code(2)
        .stderr(predicate::str::contains("bad.json:1 fails its checksum"));
}

#[test]
fn shard_and_checkpoint_need_a_plain_count() {
    placer()
        .args(["queens", "8", "--all", "--shard", "1/2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the argument '--all' cannot be used with '--shard <I/K>'",
        ));
    placer()
        .args(["queens", "-", "--shard", "1/2"])
        .write_stdin("8\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("need one N"));
    for bad in ["0/3", "4/3", "1/0", "x"] {
        placer()
            .args(["queens", "8", "--shard", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a shard I/K"));
    }
}

/// The interrupt and progress tests' run: 2–3 s on one thread, so a signal
/// lands part-way. A rule of its own (queens that also avoid camel leaps), so
/// it keeps the generic kernel whatever fast paths plain queens get. A release
/// build (`cargo test --release`) runs a larger board.
const CAMEL_N: &str = if cfg!(debug_assertions) {
    "n=15"
} else {
    "n=17"
};

/// The uninterrupted count of the camel run, from the test's own run for a
/// release build.
fn camel_count() -> u128 {
    if cfg!(debug_assertions) {
        return 26316;
    }
    let args = ["solve", &fixture("camel-queens.toml"), "--set", CAMEL_N];
    stdout_of(&args).parse().unwrap()
}

fn camel_args(checkpoint: &Path) -> Vec<String> {
    [
        "solve",
        &fixture("camel-queens.toml"),
        "--set",
        CAMEL_N,
        "-j",
        "1",
        "--checkpoint",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([checkpoint.display().to_string()])
    .collect()
}

/// Starts `args`, waits until `checkpoint` exists (some parts are done), then
/// sends `signal` and waits for the exit.
#[cfg(unix)]
fn interrupt(args: &[String], checkpoint: &Path, signal: &str) -> Output {
    let child = StdCommand::new(PLACER)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !checkpoint.exists() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = StdCommand::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    child.wait_with_output().unwrap()
}

fn checkpoint_parts(checkpoint: &Path) -> (usize, usize) {
    let ck: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(checkpoint).unwrap()).unwrap();
    (
        ck["done"].as_object().unwrap().len(),
        ck["subproblems"].as_u64().unwrap() as usize,
    )
}

#[cfg(unix)]
#[test]
fn interrupt_then_resume_gives_the_uninterrupted_count() {
    let expected = camel_count();
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("run.ckpt");
    let args = camel_args(&ck);
    let out = interrupt(&args, &ck, "-INT");
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("run the same command to resume"),
        "{stderr}"
    );
    let (done, total) = checkpoint_parts(&ck);
    assert!(0 < done && done < total, "{done} of {total}");
    assert!(!dir.path().join("run.ckpt.tmp").exists());

    // Resume on two threads: the count is the uninterrupted one.
    let mut resumed = args.clone();
    resumed[5] = "2".into();
    placer()
        .args(&resumed)
        .assert()
        .success()
        .stdout(format!("{expected}\n"));
    assert_eq!(checkpoint_parts(&ck), (total, total));
    // A finished checkpoint answers at once.
    placer()
        .args(&args)
        .timeout(Duration::from_secs(5))
        .assert()
        .success()
        .stdout(format!("{expected}\n"));
}

#[cfg(unix)]
#[test]
fn sigterm_stops_a_shard_and_it_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("shard.ckpt");
    let mut args = camel_args(&ck);
    args.extend(["--shard".to_string(), "1/2".to_string()]);
    let out = interrupt(&args, &ck, "-TERM");
    assert_eq!(out.status.code(), Some(130));
    let part = stdout_of(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let part: serde_json::Value = serde_json::from_str(&part).unwrap();
    assert_eq!(part["shard"], serde_json::json!({"index": 1, "of": 2}));
    let count: u128 = part["count"].as_str().unwrap().parse().unwrap();
    assert!(0 < count && count < camel_count());
}

#[test]
fn a_checkpoint_from_another_run_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("q8.ckpt");
    let ck_s = ck.display().to_string();
    placer()
        .args(["queens", "8", "--checkpoint", &ck_s])
        .assert()
        .success()
        .stdout("92\n");
    let refused = |args: &[&str], says: &str| {
        placer()
            .args(args)
            .args(["--checkpoint", &ck_s])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says).and(predicate::str::contains("delete it")));
    };
    refused(
        &["queens", "9"],
        "is from `queens` with count=8, n=8, but this run is `queens` with count=9, n=9",
    );
    refused(
        &["solve", "rooks", "--set", "n=8"],
        "but this run is `rooks` with count=8, n=8",
    );
    refused(
        &["queens", "8", "--shard", "1/2"],
        "is for the whole run, but this run is shard 1/2",
    );
    refused(&["queens", "8", "--unique"], "counted without --unique");
    // The same run still resumes from it.
    placer()
        .args(["queens", "8", "-j", "2", "--checkpoint", &ck_s])
        .assert()
        .success()
        .stdout("92\n");
}

#[test]
fn a_damaged_checkpoint_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("bad.ckpt");
    let ck_s = ck.display().to_string();
    for text in ["", "{\"fingerprint\": ", "not json at all"] {
        std::fs::write(&ck, text).unwrap();
        placer()
            .args(["queens", "8", "--checkpoint", &ck_s])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "bad.ckpt is not a placer checkpoint",
            ));
    }
    // A valid checkpoint, then edited into parts that cannot be.
    std::fs::remove_file(&ck).unwrap();
    placer()
        .args(["queens", "8", "--checkpoint", &ck_s])
        .assert()
        .success();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
    v["done"]["0"] = serde_json::json!(["lots", 1]);
    std::fs::write(&ck, v.to_string()).unwrap();
    placer()
        .args(["queens", "8", "--checkpoint", &ck_s])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("fails its checksum"));
    v["done"]["0"] = serde_json::json!(["1", 1]);
    v["done"]["99999"] = serde_json::json!(["1", 1]);
    std::fs::write(&ck, v.to_string()).unwrap();
    placer()
        .args(["queens", "8", "--checkpoint", &ck_s])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("fails its checksum"));
}

#[test]
fn no_progress_bar_on_a_pipe() {
    // stderr is a pipe here: a count of a second or more prints only its count.
    placer()
        .args([
            "solve",
            &fixture("camel-queens.toml"),
            "--set",
            "n=14",
            "-j",
            "1",
        ])
        .assert()
        .success()
        .stdout("4110\n")
        .stderr("");
}

/// With a terminal on stderr (`script` gives one), a long count shows the bar
/// there, never on stdout; `--no-progress` hides it.
#[cfg(target_os = "linux")]
#[test]
fn progress_bar_on_a_terminal_goes_to_stderr_only() {
    if StdCommand::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to give a terminal");
        return;
    }
    let expected = camel_count();
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &str| -> (String, String) {
        let out = dir.path().join("count.txt");
        let cmd = format!(
            "{PLACER} solve {} --set {CAMEL_N} -j 1 {extra} > {}",
            fixture("camel-queens.toml"),
            out.display()
        );
        let tty = StdCommand::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(tty.status.success(), "{tty:?}");
        (
            std::fs::read_to_string(out).unwrap(),
            String::from_utf8_lossy(&tty.stdout).into_owned(),
        )
    };
    let (stdout, terminal) = run("");
    assert_eq!(stdout, format!("{expected}\n"));
    assert!(
        terminal.contains("parts") && terminal.contains("solutions"),
        "{terminal:?}"
    );
    let (stdout, terminal) = run("--no-progress");
    assert_eq!(stdout, format!("{expected}\n"));
    assert!(!terminal.contains("parts"), "{terminal:?}");
}

#[test]
fn huge_inputs_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let fails = |args: &[&str], says: &str| {
        placer()
            .args(args)
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says).and(predicate::str::contains("panick").not()));
    };
    fails(
        &["queens", "99999999999"],
        "over the 100000000 limit of `--first`",
    );
    fails(
        &["solve", "queens", "--set", "n=99999999999"],
        "outside the supported 1..=1024",
    );
    fails(
        &["queens", "8", "-j", "100000"],
        "100000 threads is more than the supported 1024",
    );
    fails(
        &["solve", "queens", "--set", "n=99999999999"],
        "outside the supported 1..=1024",
    );
    fails(
        &["solve", "queens", "--set", "n=99999999999999999999"],
        "is not an integer",
    );
    // A count no board can meet is 0, not an error (issue 17).
    placer()
        .args(["solve", "kings", "--set", "count=9223372036854775807"])
        .timeout(Duration::from_secs(20))
        .assert()
        .success()
        .stdout("0\n")
        .stderr(predicate::str::contains("free cells"));

    let write = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let deep_expr = write(
        "deep-expr.toml",
        format!(
            "name = \"x\"\n[board]\nrows = \"{}8{}\"\n",
            "(".repeat(100_000),
            ")".repeat(100_000)
        ),
    );
    fails(&["solve", &deep_expr], "expression nested too deeply");
    let deep_toml = write(
        "deep-toml.toml",
        format!(
            "name = \"x\"\nsummary = {}{}\n",
            "[".repeat(5000),
            "]".repeat(5000)
        ),
    );
    fails(&["solve", &deep_toml], "recursion limit exceeded");
    let overflow = write(
        "overflow.toml",
        "name = \"x\"\n[params]\nn = 8\n[board]\nrows = \"n*9223372036854775807\"\n".into(),
    );
    fails(&["solve", &overflow], "overflows a 64-bit integer");
    let big = write(
        "big.toml",
        format!("name = \"x\"\nsummary = \"{}\"\n", "a".repeat(2 << 20)),
    );
    fails(
        &["solve", &big],
        "more than 1 MiB, the limit for a rule file",
    );
    let wide = write("wide.txt", format!("{}\n", "AB".repeat(5000)));
    fails(
        &["solve", "region-queens", "--regions", &wide],
        "picture row 1 has more than 1024 cells",
    );
    let tall = write("tall.txt", "A\n".repeat(10_000));
    fails(
        &["solve", "region-queens", "--regions", &tall],
        "the picture has more than 1024 rows",
    );
}
