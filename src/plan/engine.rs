//! The counting methods, and the plan's choice among the searches. The
//! choice reads the problem's meaning (its lines, groups and board), never a
//! rule's name; the search stage runs whichever is chosen under one split, one
//! parallel runner and one error policy (see `docs/ARCHITECTURE.md`).

use crate::problem::Problem;

/// How a plan is counted: one of the searches the plan chooses, or the
/// row-frontier DP, which a count may choose instead ([`crate::CountOptions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Row by row, lowest column first, any number of pieces per row; group
    /// counting compiled out when the rules have no groups.
    Rows {
        /// Whether group counts are tracked.
        groups: bool,
    },
    /// Most-constrained unit first: for group rules where one family of exact
    /// groups of one piece each covers the board (Queens game, one-star
    /// battle) of side at most 12.
    Units,
    /// Propagation to a fixed point after every decision, then a branch on
    /// the most constrained unit: for group rules where a family of exact
    /// groups of two or more pieces covers the board (star battle, k ≥ 2),
    /// or of one piece each on a board of side over 12.
    Propagate,
    /// The permutation kernel for counting: one piece per row and column on a
    /// plain square board, one class representative per symmetry class
    /// (queens, rooks, superqueens, torus queens, Hertzsprung). Listing walks
    /// rows, which gives the same solutions in row order.
    Permutation,
    /// The row-frontier DP ([`crate::engine::frontier`]): counts without listing.
    /// A count chooses it; a plan's own method is always a search.
    Frontier,
}

impl Engine {
    /// What the method is, in a few words (`placer check`, `--stats`).
    pub fn describe(&self) -> &'static str {
        match self {
            Engine::Rows { groups: true } => "generic row-by-row, with group counts",
            Engine::Rows { groups: false } => "generic row-by-row",
            Engine::Units => "most-constrained unit first (region games)",
            Engine::Propagate => "most-constrained unit first, propagating (region games)",
            Engine::Permutation => {
                "permutation: counts one solution per symmetry class, weighted (lists row by row)"
            }
            Engine::Frontier => "row-frontier DP",
        }
    }

    /// The method's short name (`--stats`).
    pub fn name(&self) -> &'static str {
        match self {
            Engine::Rows { .. } => "row search",
            Engine::Units => "unit search",
            Engine::Propagate => "propagating unit search",
            Engine::Permutation => "permutation kernel",
            Engine::Frontier => "row-frontier DP",
        }
    }

    /// The search that lists this method's solutions: counting-only methods
    /// list with the row walk.
    pub(crate) fn lister(self, groups: bool) -> Engine {
        match self {
            Engine::Permutation | Engine::Frontier => Engine::Rows { groups },
            other => other,
        }
    }

    /// The plan's search for `problem`: `partitioned` is the largest count of
    /// an exact group family that covers the board, if one does.
    pub(crate) fn choose(problem: &Problem, partitioned: Option<usize>, groups: bool) -> Engine {
        if Permutation::of(problem).is_some() {
            Engine::Permutation
        } else if partitioned.is_some_and(|k| k >= 2) {
            // Several pieces per unit: propagation pays (measured in benches/puzzles.rs).
            Engine::Propagate
        } else if partitioned.is_some() && problem.rows.max(problem.cols) > UNITS_LARGEST {
            Engine::Propagate
        } else if partitioned.is_some() {
            Engine::Units
        } else {
            Engine::Rows { groups }
        }
    }
}

/// The largest board side where one piece per unit goes to the unit search
/// rather than the propagating one. Below it the unit search's set-up is
/// cheaper and its trees small (Queens game 10×10: 11–54 nodes, 0.05 ms
/// against 0.25 ms); above it they grow fast with the side (generated
/// 18×18: up to 113 144 nodes, 27 ms; 22×22: up to 6.3 million, 2 s; some
/// 26×26 ones past minutes), while the propagating search proves each of
/// them unique with no branch at all in 0.5–2 ms (docs/notes/puzzles.md).
const UNITS_LARGEST: usize = 12;

/// A permutation rule: n pieces on n×n, one per row and column — the rules
/// in the terms of the permutation kernel ([`crate::engine::permutation`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Permutation {
    /// Board side and number of pieces.
    pub n: usize,
    /// No two pieces on one diagonal, both the `\` and the `/` family.
    pub diagonals: bool,
    /// Torus: diagonals and leaps wrap around both edges.
    pub wrap: bool,
    /// Leaps `(a, b)` with `a <= b`; all 8 mirror images attack, e.g. `(1, 2)`
    /// is the knight, `(0, 1)` and `(1, 1)` the king.
    pub leaps: Vec<(usize, usize)>,
}

impl Permutation {
    /// The largest board side the bitmask kernel supports.
    pub const MAX_N: usize = 32;

    /// N-queens: one per row, column and diagonal.
    pub fn queens(n: usize) -> Self {
        Self {
            n,
            diagonals: true,
            wrap: false,
            leaps: Vec::new(),
        }
    }

    /// N rooks: one per row and column, nothing else.
    pub fn rooks(n: usize) -> Self {
        Self {
            n,
            diagonals: false,
            wrap: false,
            leaps: Vec::new(),
        }
    }

    /// The rules as a permutation problem the kernel counts, when they are
    /// one and within [`Permutation::MAX_N`].
    pub fn of(p: &Problem) -> Option<Permutation> {
        Permutation::shape(p).filter(|s| s.n <= Permutation::MAX_N)
    }

    /// The rules as a permutation problem of any size: n pieces on a plain
    /// n×n board, no two in a row or column, both diagonal families or
    /// neither, nothing else but leaps (and a torus).
    pub(crate) fn shape(p: &Problem) -> Option<Permutation> {
        let lines = p.piece.lines;
        let plain = p.rows == p.cols
            && lines.row
            && lines.column
            && lines.diagonal == lines.anti_diagonal
            && p.piece.count == p.rows
            && p.holes.iter().all(|h| !h)
            && p.givens.is_empty()
            && p.regions.is_none()
            && p.values.is_none()
            && p.groups.is_empty();
        plain.then(|| Permutation {
            n: p.rows,
            diagonals: lines.diagonal,
            wrap: p.wrap,
            leaps: p.piece.leaps.clone(),
        })
    }
}
