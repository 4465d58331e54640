//! How a count is asked to run: the user's `--method` (`method=` in Python,
//! [`crate::CountOptions::method`] in Rust). The engine that runs is the
//! plan's [`Engine`](super::Engine), or the row-frontier DP when the method lets
//! a count take it.

use std::str::FromStr;

/// How to count: `auto` lets the rules decide between the DP and the plan's
/// search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Method {
    /// The DP where its state bound is small and no faster kernel fits.
    #[default]
    Auto,
    /// Always the DP (an error where it cannot count).
    Frontier,
    /// Always the plan's search.
    Search,
}

impl FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Method, String> {
        match s {
            "auto" => Ok(Method::Auto),
            "frontier" => Ok(Method::Frontier),
            "search" => Ok(Method::Search),
            _ => Err(format!("`{s}` is not a method: auto, frontier or search")),
        }
    }
}
