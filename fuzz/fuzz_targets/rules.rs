//! Arbitrary bytes as a rule file: parse, bind, plan, search small boards.
#![no_main]

#[path = "../common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::rules(data));
