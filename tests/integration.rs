//! The one integration test binary (`autotests = false`): the binary and the
//! public API of the `placer` crate.

mod cli;
mod common;
mod dlx;
mod docs;
mod fuzz_regressions;
mod hardening;
mod hints;
mod invalid;
mod longrun;
mod matrix_input;
mod memory;
mod oracle;
mod polish;
mod propagate;
mod published;
mod puzzles;
mod schema;
mod select;
mod surprises;
mod usage;
mod width;
