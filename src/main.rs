//! The `placer` command line (a stub until the CLI lands).

fn main() {}
