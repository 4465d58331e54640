//! Integration tests: the binary and the public API.

mod cli;
