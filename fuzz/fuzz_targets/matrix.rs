//! Arbitrary bytes as a matrix file for `placer select`.
#![no_main]

#[path = "../common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::matrix(data));
