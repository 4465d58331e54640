//! Counting selections without enumerating them: permanents.
//!
//! The number of selections that avoid the holes is the permanent of the
//! oriented `m × n` 0/1 pattern (1 = a cell with a value). Columns without any
//! value are dropped first (no selection uses them); a row without any value
//! gives 0. The pattern then splits into *connected parts* (rows linked by the
//! columns they share); the count is the product of the parts' counts, and a
//! part with more rows than columns makes it 0. Each part runs the cheapest
//! of three exact methods:
//!
//! - **Ryser** ([`CountMethod::Ryser`]): inclusion–exclusion over column subsets
//!   `S` in Gray-code order, `Σ_{|S| ≤ m} (−1)^(m−|S|) C(n−|S|, m−|S|) Π_i r_i(S)`
//!   where `r_i(S)` counts row `i`'s values in `S` — the rectangular form of
//!   Ryser's formula, `O(2^n · m)` time, flat memory, split over threads. A
//!   square part takes the Nijenhuis–Wilf form over `n − 1` columns (half
//!   the subsets) while Brègman's bound on its count times `2^(n−1)` fits in
//!   127 bits. Arithmetic is mod 2^128; as the count is at most
//!   `n! < 2^128` for `n ≤ 34`, it is exact. Limit: [`MAX_RYSER_COLS`] columns.
//! - **Holes** ([`CountMethod::Holes`]): inclusion–exclusion over the holes,
//!   `Σ_k (−1)^k r_k · (n−k)! / (n−m)!`, where `r_k` counts the ways to put `k`
//!   non-attacking rooks on the holes (a subset DP over the rows or the columns
//!   that contain holes, whichever are fewer). Fast for nearly full matrices of
//!   any size: an all-ones `n × n` matrix gives `n!` at once. Limit: holes
//!   confined to at most [`MAX_HOLE_LINES`] rows or columns. Big integers.
//! - **Frontier** ([`CountMethod::Frontier`]): dynamic programming row by row
//!   over the set of used columns that later rows still hold (see
//!   `frontier.rs`); fast for sparse matrices of any width, such as a 0/1
//!   matrix with a few ones per row. Limit: [`MAX_FRONTIER_STATES`] states in
//!   one step and [`MAX_FRONTIER_STEPS`] steps in all. Big integers.
//!
//! "Cheapest" is by estimated time (see `choose`): each method's step count
//! times its measured cost per step, the frontier's from an upper bound on
//! its states.
//!
//! Beyond every limit [`count`] returns [`CountError::TooLarge`], which says
//! what each method would need; enumerate with [`super::selections`] instead.

use num_bigint::BigUint;

use super::Matrix;
use super::frontier::{self, Rows};
use super::inclusion::{Pattern, holes, ryser};
use crate::search::{SearchError, Stop};

pub use super::frontier::{MAX_STATES as MAX_FRONTIER_STATES, MAX_STEPS as MAX_FRONTIER_STEPS};

/// Most columns (of the oriented matrix, after dropping columns without
/// values) for [`CountMethod::Ryser`]; 30 columns take tens of seconds.
pub const MAX_RYSER_COLS: usize = 30;
/// Most rows or columns holding holes for [`CountMethod::Holes`] (its table
/// has `2^lines` entries).
pub const MAX_HOLE_LINES: usize = 22;

mod count;
#[cfg(test)]
mod tests;

pub use count::{Count, CountError, CountMethod};

/// A connected part and how to count it.
struct Part {
    p: Pattern,
    method: CountMethod,
    /// For [`CountMethod::Frontier`]: the exact method to fall back on, if
    /// any, and the frontier's budget in transitions before falling back.
    fallback: Option<(CountMethod, u64)>,
    schedule: frontier::Schedule,
    hole_lines: usize,
}

enum Plan {
    Zero,
    Parts(Vec<Part>),
}

/// The oriented `m × n` pattern split into connected parts, or `None` when
/// the count is plainly 0.
fn parts(matrix: &Matrix) -> Option<(usize, usize, Vec<Pattern>)> {
    let transposed = matrix.rows > matrix.cols;
    let (m, n) = if transposed {
        (matrix.cols, matrix.rows)
    } else {
        (matrix.rows, matrix.cols)
    };
    let usable = |i: usize, j: usize| {
        if transposed {
            !matrix.is_hole(j, i)
        } else {
            !matrix.is_hole(i, j)
        }
    };
    let rows: Vec<Vec<usize>> = (0..m)
        .map(|i| (0..n).filter(|&j| usable(i, j)).collect())
        .collect();
    if rows.iter().any(Vec::is_empty) {
        return None;
    }
    // union-find over rows, joined through the columns they share
    let mut parent: Vec<usize> = (0..m).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut holder = vec![usize::MAX; n];
    for (i, row) in rows.iter().enumerate() {
        for &j in row {
            if holder[j] == usize::MAX {
                holder[j] = i;
            } else {
                let (a, b) = (root(&mut parent, holder[j]), root(&mut parent, i));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    // one pass each over rows and columns: parts in order of their first row
    let mut part_of = vec![usize::MAX; m];
    let mut patterns: Vec<Pattern> = Vec::new();
    for i in 0..m {
        let r = root(&mut parent, i);
        if part_of[r] == usize::MAX {
            part_of[r] = patterns.len();
            patterns.push(Pattern {
                m: 0,
                n: 0,
                rows: Vec::new(),
            });
        }
        part_of[i] = part_of[r];
    }
    let mut local = vec![0; n];
    for j in (0..n).filter(|&j| holder[j] != usize::MAX) {
        let p = &mut patterns[part_of[holder[j]]];
        local[j] = p.n;
        p.n += 1;
    }
    for (i, row) in rows.into_iter().enumerate() {
        let p = &mut patterns[part_of[i]];
        p.m += 1;
        p.rows.push(row.into_iter().map(|j| local[j]).collect());
    }
    if patterns.iter().any(|p| p.m > p.n) {
        return None;
    }
    Some((m, n, patterns))
}

fn plan(matrix: &Matrix) -> Plan {
    match parts(matrix) {
        None => Plan::Zero,
        Some((_, _, patterns)) => Plan::Parts(patterns.into_iter().map(choose).collect()),
    }
}

/// Measured costs, in nanoseconds on one core (x86-64, 2026): one row of
/// a Ryser product, one entry-line of the holes table, one frontier
/// transition (a hash-map update).
const RYSER_NS: f64 = 0.6;
const HOLES_NS: f64 = 1.5;
const FRONTIER_NS: f64 = 25.0;

/// The cheapest method for one part, by estimated time. The frontier's
/// estimate is an upper bound (see [`frontier::cost`]), often far too high
/// for sparse parts, so when it looks dearest and the exact method is slow,
/// the frontier is tried first on a sixteenth of the exact method's time.
fn choose(p: Pattern) -> Part {
    let (hole_rows, hole_cols) = p.hole_lines();
    let h = hole_rows.len().min(hole_cols.len());
    let other = hole_rows.len().max(hole_cols.len());
    let schedule = frontier::schedule(&Rows {
        n: p.n,
        rows: &p.rows,
    });
    let direct = hole_rows.is_empty();
    let (m, n) = (p.m, p.n);
    let frontier = frontier::cost(&schedule) * FRONTIER_NS;
    let part = |method, fallback| Part {
        method,
        fallback,
        schedule,
        hole_lines: h,
        p,
    };
    if direct {
        return part(CountMethod::Direct, None);
    }
    let subsets = if m == n { n - 1 } else { n };
    let ryser = (n <= MAX_RYSER_COLS).then(|| 2f64.powi(subsets as i32) * m as f64 * RYSER_NS);
    let holes = (h <= MAX_HOLE_LINES).then(|| 2f64.powi(h as i32) * (other + 1) as f64 * HOLES_NS);
    let exact = match (ryser, holes) {
        (Some(r), Some(h)) if r < h => Some((CountMethod::Ryser, r)),
        (Some(r), None) => Some((CountMethod::Ryser, r)),
        (_, Some(h)) => Some((CountMethod::Holes, h)),
        (None, None) => None,
    };
    match exact {
        None => part(CountMethod::Frontier, None),
        Some((method, cost)) if frontier <= cost => {
            part(CountMethod::Frontier, Some((method, MAX_FRONTIER_STEPS)))
        }
        Some((method, cost)) if cost <= 1e7 => part(method, None),
        Some((method, cost)) => {
            let budget = (cost / FRONTIER_NS / 16.0) as u64;
            part(
                CountMethod::Frontier,
                Some((method, budget.min(MAX_FRONTIER_STEPS))),
            )
        }
    }
}

/// Which method [`count`] would try first on this matrix (for a matrix in
/// several connected parts: on its costliest part). The frontier method may
/// still be refused when [`count`] runs it.
pub fn count_method(matrix: &Matrix) -> CountMethod {
    match plan(matrix) {
        Plan::Zero => CountMethod::Direct,
        Plan::Parts(parts) => parts
            .iter()
            .map(|p| p.method)
            .max_by_key(|m| match m {
                CountMethod::Direct => 0,
                CountMethod::Holes => 1,
                CountMethod::Ryser => 2,
                CountMethod::Frontier => 3,
            })
            .unwrap_or(CountMethod::Direct),
    }
}

/// The number of selections that avoid the holes, exactly, without
/// enumerating them. For a square 0/1 matrix with `--skip 0` this is its
/// permanent.
///
/// Columns without values are dropped; a row without values gives 0. The
/// rest splits into connected parts, whose counts multiply; each part runs
/// the cheapest exact method (see the module docs):
///
/// - [`CountMethod::Ryser`]: Ryser's formula (its rectangular form, or the
///   Nijenhuis–Wilf form on a square part) over column subsets in Gray-code
///   order, `O(2^n · m)`, flat memory, on all threads; up to
///   [`MAX_RYSER_COLS`] columns (a random 0/1 25 × 25: about half a second
///   on one thread).
/// - [`CountMethod::Holes`]: inclusion–exclusion over the holes with rook
///   numbers, `O(2^h · lines)` where `h` is the fewer of the rows and the
///   columns that hold holes, up to [`MAX_HOLE_LINES`]; instant for nearly
///   full matrices of any size (an all-ones `n × n` gives `n!`).
/// - [`CountMethod::Frontier`]: dynamic programming over a column frontier,
///   for sparse matrices of any width (a 60 × 256 0/1 matrix with a few ones
///   per row takes milliseconds).
///
/// Beyond every limit: [`CountError::TooLarge`], with the sizes that made
/// each method refuse — enumerate with [`selections`](super::selections)
/// instead.
///
/// Ryser's formula runs on `threads` (the one parallel runner: one thread
/// runs here) and ends with [`CountError::Interrupted`] when its stop flag is set.
///
/// ```
/// use placer::matrix::{Matrix, Threads, count};
///
/// // 1 1 0
/// // 0 1 1     permanent 2
/// // 1 0 1
/// let mut m = Matrix::parse("1 1 0\n0 1 1\n1 0 1").unwrap();
/// m.skip(&[0.0]);
/// assert_eq!(count(&m, &Threads::default()).unwrap().to_string(), "2");
/// ```
pub fn count(matrix: &Matrix, threads: &Threads) -> Result<Count, CountError> {
    let parts = match plan(matrix) {
        Plan::Zero => return Ok(Count::Small(0)),
        Plan::Parts(parts) => parts,
    };
    let (rows, cols) = (matrix.rows.min(matrix.cols), matrix.rows.max(matrix.cols));
    let mut total = BigUint::from(1u8);
    for part in &parts {
        total *= match count_part(part, threads)? {
            Ok(count) => count,
            Err(at_row) => {
                return Err(CountError::TooLarge {
                    rows,
                    cols,
                    part_rows: part.p.m,
                    part_cols: part.p.n,
                    hole_lines: part.hole_lines,
                    width: part.schedule.width,
                    at_row,
                });
            }
        };
    }
    Ok(Count::from_big(total))
}

/// One part's count, or the row the frontier method stopped at.
fn count_part(part: &Part, threads: &Threads) -> Result<Result<BigUint, usize>, SearchError> {
    let by = |method| -> Result<BigUint, SearchError> {
        Ok(match method {
            CountMethod::Ryser => BigUint::from(ryser(&part.p, threads)?),
            _ => holes(&part.p).to_biguint(),
        })
    };
    match part.method {
        CountMethod::Frontier => {
            let budget = part.fallback.map_or(MAX_FRONTIER_STEPS, |(_, c)| c);
            match frontier::count(&part.schedule, budget) {
                Ok(c) => Ok(Ok(c)),
                Err(refused) => match part.fallback {
                    Some((method, _)) => by(method).map(Ok),
                    None => Ok(Err(refused.at_row)),
                },
            }
        }
        method => by(method).map(Ok),
    }
}

/// Where a long matrix count runs: worker threads (on the one parallel
/// runner; 1 runs on the calling thread) and a flag that stops it.
#[derive(Debug, Clone, Default)]
pub struct Threads {
    /// Worker threads; 0 or 1 runs on the calling thread.
    pub threads: usize,
    /// Set it to stop the count.
    pub stop: Option<Stop>,
}
