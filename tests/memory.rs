//! The row-frontier DP's memory budget holds: the process's peak stays near
//! `--max-memory`, and under `ulimit -v` the default budget stops the count
//! with its message (exit 2), never an abort.

use std::process::Command;

use crate::common::placer;

/// A DP that outgrows any budget these tests give it.
const BIG_DP: [&str; 8] = [
    "solve", "knights", "--set", "n=20", "--set", "count=40", "--method", "frontier",
];

/// Set for the helper run below: the placer arguments, one a line.
const CHILD_ARGS: &str = "PLACER_PEAK_CHILD_ARGS";

#[test]
#[cfg(target_os = "linux")]
fn the_peak_stays_near_max_memory() {
    let budget = 64u64 << 20;
    // the helper runs alone in a process of its own, so the largest
    // child it waited for is the one placer run
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "memory::peak_of_one_child",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env(
            CHILD_ARGS,
            [&BIG_DP[..], &["--max-memory", "64M"]].concat().join("\n"),
        )
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let peak: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("peak bytes: "))
        .unwrap_or_else(|| panic!("no peak in {text}"))
        .parse()
        .unwrap();
    assert!(
        peak <= budget + budget / 4,
        "peak {peak} bytes, budget {budget}"
    );
}

/// Runs placer with the arguments in [`CHILD_ARGS`], checks that the DP
/// stopped at its budget, and prints the child's peak resident memory from
/// `getrusage` (only when [`the_peak_stays_near_max_memory`] starts it).
#[test]
#[ignore = "run by the_peak_stays_near_max_memory in a process of its own"]
fn peak_of_one_child() {
    use nix::sys::resource::{UsageWho, getrusage};
    let Ok(args) = std::env::var(CHILD_ARGS) else {
        return;
    };
    let out = Command::new(assert_cmd::cargo::cargo_bin("placer"))
        .args(args.lines())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("raise --max-memory"), "{stderr}");
    let kib = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap().max_rss();
    println!("peak bytes: {}", kib * 1024);
}

#[test]
#[cfg(unix)]
fn under_ulimit_v_the_default_budget_stops_cleanly() {
    let bin = assert_cmd::cargo::cargo_bin("placer");
    let script = format!("ulimit -v 200000; exec \"$0\" {}", BIG_DP.join(" "));
    let out = Command::new("sh")
        .args(["-c", &script])
        .arg(bin)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the row-frontier DP needs more than"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn stats_show_the_process_peak() {
    let out = placer()
        .args([
            "solve", "queens", "--set", "n=8", "--count", "--method", "frontier", "--stats",
        ])
        .assert()
        .success()
        .get_output()
        .stderr
        .clone();
    let stderr = String::from_utf8(out).unwrap();
    assert!(stderr.contains("state tables"), "{stderr}");
    #[cfg(target_os = "linux")]
    assert!(stderr.contains("peak memory: "), "{stderr}");
}
