//! When the DP counts: the user's `--method`, and for `auto` a rule read off
//! the problem, not its name.

use crate::plan::Method;
use crate::problem::Problem;

/// log2 of the largest state bound `auto` takes the DP for.
pub const AUTO_BITS: f64 = 34.0;

/// Largest board, in cells, `auto` compiles the DP for (compiling it for four
/// lane orders takes time of its own on huge boards).
pub const AUTO_CELLS: usize = 1 << 16;

/// Which method counts, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The DP counts.
    pub frontier: bool,
    /// Why, in a few words.
    pub reason: String,
}

/// Chooses the counting method for `problem`. `permutation` says whether the
/// permutation kernel fits (one piece per row and column on a plain square).
pub fn choose(problem: &Problem, method: Method, permutation: bool) -> Choice {
    let lines = problem.piece.lines;
    match method {
        Method::Frontier => Choice {
            frontier: true,
            reason: "asked for with --method frontier".into(),
        },
        Method::Search => Choice {
            frontier: false,
            reason: "asked for with --method search".into(),
        },
        Method::Auto if permutation && (lines.diagonal || lines.anti_diagonal) => Choice {
            frontier: false,
            reason: "the permutation kernel fits, and a row-frontier DP would keep every diagonal"
                .into(),
        },
        Method::Auto if problem.cells() > AUTO_CELLS => Choice {
            frontier: false,
            reason: format!(
                "{} cells, more than the {AUTO_CELLS} the DP is compiled for by itself",
                problem.cells()
            ),
        },
        Method::Auto => {
            let bits = super::estimate(problem);
            if bits <= AUTO_BITS {
                Choice {
                    frontier: true,
                    reason: format!(
                        "at most 2^{bits:.1} states between lanes (the DP is taken up to 2^{AUTO_BITS})"
                    ),
                }
            } else {
                Choice {
                    frontier: false,
                    reason: format!(
                        "up to 2^{bits:.1} states between lanes, over the DP's 2^{AUTO_BITS}"
                    ),
                }
            }
        }
    }
}
