//! Arbitrary bytes as a `--regions` or `--cells` picture.
#![no_main]

#[path = "../common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::pictures(data));
