//! The one integration test binary (`autotests = false`): the binary and the
//! public API of the `placer` crate.

mod cli;
mod fuzz_regressions;
mod longrun;
mod oracle;
mod published;
mod puzzles;
mod width;
