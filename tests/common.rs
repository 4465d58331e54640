//! Helpers shared by the test modules that drive the binary.

use assert_cmd::Command;

/// The `placer` binary of this build.
pub fn placer() -> Command {
    Command::cargo_bin("placer").unwrap()
}

/// Runs placer with `args`, asserts success and returns its stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let out = placer()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}
