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
//!   Ryser's formula, `O(2^n · m)` time, flat memory, split over threads.
//!   Arithmetic is mod 2^128; as the count is at most `n! < 2^128` for
//!   `n ≤ 34`, it is exact. Limit: [`MAX_RYSER_COLS`] columns.
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
//! Beyond every limit [`count`] returns [`CountError::TooLarge`], which says
//! what each method would need; enumerate with [`super::selections`] instead.

use std::fmt;

use num_bigint::BigUint;

use super::Matrix;
use super::frontier::{self, Rows};
use super::inclusion::{Pattern, holes, ryser};

pub use super::frontier::{MAX_STATES as MAX_FRONTIER_STATES, MAX_STEPS as MAX_FRONTIER_STEPS};

/// Most columns (of the oriented matrix, after dropping columns without
/// values) for [`CountMethod::Ryser`]; 30 columns take about a minute.
pub const MAX_RYSER_COLS: usize = 30;
/// Most rows or columns holding holes for [`CountMethod::Holes`] (its table
/// has `2^lines` entries).
pub const MAX_HOLE_LINES: usize = 22;

/// An exact count: `u128` where it fits, a big integer beyond.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Count {
    /// Fits in 128 bits.
    Small(u128),
    /// Larger than `u128::MAX`.
    Big(BigUint),
}

impl Count {
    /// The count of a big integer, `Small` where it fits.
    pub(crate) fn from_big(b: BigUint) -> Count {
        match u128::try_from(&b) {
            Ok(v) => Count::Small(v),
            Err(_) => Count::Big(b),
        }
    }

    /// The count as `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self {
            Count::Small(v) => Some(*v),
            Count::Big(_) => None,
        }
    }

    /// The count as a big integer.
    pub fn to_biguint(&self) -> BigUint {
        match self {
            Count::Small(v) => BigUint::from(*v),
            Count::Big(b) => b.clone(),
        }
    }
}

impl From<u128> for Count {
    fn from(v: u128) -> Count {
        Count::Small(v)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Small(v) => v.fmt(f),
            Count::Big(b) => b.fmt(f),
        }
    }
}

/// How [`count`] counts (for a matrix in several parts: the method of the
/// costliest part).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CountMethod {
    /// The answer is 0 or immediate (a row without values, too few columns,
    /// no holes).
    Direct,
    /// Ryser's formula over column subsets.
    Ryser,
    /// Inclusion–exclusion over the holes (rook numbers).
    Holes,
    /// Dynamic programming over a column frontier.
    Frontier,
}

/// Why a count was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// Every exact method is over its limit on one connected part.
    #[error("{}", too_large(self))]
    TooLarge {
        /// Rows of the oriented matrix.
        rows: usize,
        /// Columns of the oriented matrix.
        cols: usize,
        /// Rows of the part that could not be counted.
        part_rows: usize,
        /// Usable columns of that part.
        part_cols: usize,
        /// The fewer of: the part's rows with holes, its columns with holes.
        hole_lines: usize,
        /// The widest column frontier of the part's row order.
        width: usize,
        /// Rows the frontier method took before it stopped.
        at_row: usize,
    },
}

fn too_large(e: &CountError) -> String {
    let CountError::TooLarge {
        rows,
        cols,
        part_rows,
        part_cols,
        hole_lines,
        width,
        at_row,
    } = *e;
    let part = if (part_rows, part_cols) == (rows, cols) {
        String::new()
    } else {
        format!(" (in a connected part of {part_rows} rows and {part_cols} columns)")
    };
    format!(
        "cannot count the selections of this {rows}×{cols} matrix exactly{part}: \
         Ryser's formula would take 2^{part_cols}·{part_rows} ≈ {} steps (limit: \
         {MAX_RYSER_COLS} columns), counting by holes a table of 2^{hole_lines} entries \
         (limit: holes within {MAX_HOLE_LINES} rows or columns), and the frontier method \
         passed {MAX_FRONTIER_STATES} states or {MAX_FRONTIER_STEPS} steps after row \
         {at_row} of {part_rows} (frontier of {width} columns)",
        estimate(part_cols, part_rows)
    )
}

/// `2^bits · times` in a short scientific form, e.g. `4.4e13`.
fn estimate(bits: usize, times: usize) -> String {
    let v = 2f64.powi(bits as i32) * times as f64;
    format!("{v:.1e}")
}

/// A connected part and how to count it.
struct Part {
    p: Pattern,
    method: CountMethod,
    /// For [`CountMethod::Frontier`]: the exact method to fall back on, if
    /// any, and the step budget before falling back.
    fallback: Option<(CountMethod, u64)>,
    width: usize,
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
            matrix.value(j, i).is_some()
        } else {
            matrix.value(i, j).is_some()
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
    let mut patterns = Vec::new();
    for r in 0..m {
        if root(&mut parent, r) != r {
            continue;
        }
        let part_rows: Vec<usize> = (0..m).filter(|&i| root(&mut parent, i) == r).collect();
        let part_cols: Vec<usize> = (0..n)
            .filter(|&j| holder[j] != usize::MAX && root(&mut parent, holder[j]) == r)
            .collect();
        if part_rows.len() > part_cols.len() {
            return None;
        }
        let ok = part_rows
            .iter()
            .flat_map(|&i| part_cols.iter().map(move |&j| (i, j)))
            .map(|(i, j)| usable(i, j))
            .collect();
        patterns.push(Pattern {
            m: part_rows.len(),
            n: part_cols.len(),
            ok,
        });
    }
    Some((m, n, patterns))
}

fn plan(matrix: &Matrix) -> Plan {
    match parts(matrix) {
        None => Plan::Zero,
        Some((_, _, patterns)) => Plan::Parts(patterns.into_iter().map(choose).collect()),
    }
}

/// The cheapest method for one part, by estimated steps. The frontier's
/// estimate `m · 2^width` is an upper bound that is often far too high, so
/// when it looks dearest but the others are slow, it is tried first with the
/// others' cost as its budget.
fn choose(p: Pattern) -> Part {
    let (hole_rows, hole_cols) = p.hole_lines();
    let h = hole_rows.len().min(hole_cols.len());
    let other = hole_rows.len().max(hole_cols.len());
    let width = frontier::width(&Rows {
        n: p.n,
        rows: &p.row_lists(),
    });
    let part = |method, fallback| Part {
        method,
        fallback,
        width,
        hole_lines: h,
        p: p.clone(),
    };
    if hole_rows.is_empty() {
        return part(CountMethod::Direct, None);
    }
    let ryser = (p.n <= MAX_RYSER_COLS).then(|| (1u64 << p.n) * p.m as u64);
    let holes = (h <= MAX_HOLE_LINES).then(|| (1u64 << h) * (other as u64 + 1));
    let exact = match (ryser, holes) {
        (Some(r), Some(h)) if r < h => Some((CountMethod::Ryser, r)),
        (Some(r), None) => Some((CountMethod::Ryser, r)),
        (_, Some(h)) => Some((CountMethod::Holes, h)),
        (None, None) => None,
    };
    let frontier_bound =
        (p.m as u64).saturating_mul(1u64.checked_shl(width as u32).unwrap_or(u64::MAX));
    match exact {
        Some((method, cost)) if cost <= frontier_bound.max(1 << 16) && cost <= 1 << 24 => {
            part(method, None)
        }
        Some((method, cost)) if cost <= frontier_bound => part(
            CountMethod::Frontier,
            Some((method, cost.min(MAX_FRONTIER_STEPS))),
        ),
        fallback => part(CountMethod::Frontier, fallback),
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
/// - [`CountMethod::Ryser`]: Ryser's formula (its rectangular form) over
///   column subsets in Gray-code order, `O(2^n · m)`, flat memory, on all
///   threads; up to [`MAX_RYSER_COLS`] columns (25 columns: about a second).
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
/// ```
/// use placer::matrix::{Matrix, count};
///
/// // 1 1 0
/// // 0 1 1     permanent 2
/// // 1 0 1
/// let mut m = Matrix::parse("1 1 0\n0 1 1\n1 0 1").unwrap();
/// m.skip(&[0.0]);
/// assert_eq!(count(&m).unwrap().to_string(), "2");
/// ```
pub fn count(matrix: &Matrix) -> Result<Count, CountError> {
    let parts = match plan(matrix) {
        Plan::Zero => return Ok(Count::Small(0)),
        Plan::Parts(parts) => parts,
    };
    let (rows, cols) = (matrix.rows.min(matrix.cols), matrix.rows.max(matrix.cols));
    let mut total = BigUint::from(1u8);
    for part in &parts {
        total *= count_part(part).map_err(|at_row| CountError::TooLarge {
            rows,
            cols,
            part_rows: part.p.m,
            part_cols: part.p.n,
            hole_lines: part.hole_lines,
            width: part.width,
            at_row,
        })?;
    }
    Ok(Count::from_big(total))
}

/// One part's count, or the row the frontier method stopped at.
fn count_part(part: &Part) -> Result<BigUint, usize> {
    let by = |method| match method {
        CountMethod::Ryser => BigUint::from(ryser(&part.p)),
        _ => holes(&part.p).to_biguint(),
    };
    match part.method {
        CountMethod::Frontier => {
            let rows = part.p.row_lists();
            let budget = part
                .fallback
                .map_or(MAX_FRONTIER_STEPS, |(_, c)| c.min(MAX_FRONTIER_STEPS));
            match frontier::count(
                &Rows {
                    n: part.p.n,
                    rows: &rows,
                },
                budget,
            ) {
                Ok(c) => Ok(c),
                Err(refused) => match part.fallback {
                    Some((method, _)) => Ok(by(method)),
                    None => Err(refused.at_row),
                },
            }
        }
        method => Ok(by(method)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute;
    use super::*;
    use proptest::prelude::*;

    fn ones(n: usize) -> Matrix {
        Matrix::from_rows(&vec![vec![Some(1.0); n]; n])
    }

    fn factorial(n: u32) -> BigUint {
        (1..=n).map(BigUint::from).product()
    }

    #[test]
    fn all_ones_25_is_25_factorial() {
        let m = ones(25);
        assert_eq!(count_method(&m), CountMethod::Direct);
        let c = count(&m).unwrap();
        assert_eq!(c.to_string(), "15511210043330985984000000");
        assert_eq!(c, Count::Small(15511210043330985984000000));
    }

    #[test]
    fn all_ones_with_a_hole() {
        let mut m = ones(25);
        m.cells[0] = None;
        assert_eq!(count_method(&m), CountMethod::Holes);
        assert_eq!(
            count(&m).unwrap().to_biguint(),
            factorial(25) - factorial(24)
        );
    }

    #[test]
    fn big_counts() {
        let c = count(&ones(100)).unwrap();
        assert_eq!(c, Count::Big(factorial(100)));
        // 3 × 40: 40 · 39 · 38
        let wide = Matrix::from_rows(&vec![vec![Some(2.0); 40]; 3]);
        assert_eq!(count(&wide).unwrap(), Count::Small(40 * 39 * 38));
    }

    #[test]
    fn zero_cases() {
        let m = Matrix::parse("1,,\n,,\n1,1,1").unwrap();
        assert_eq!(count(&m).unwrap(), Count::Small(0));
        let m = Matrix::parse("1,,\n1,,\n").unwrap();
        assert_eq!(count(&m).unwrap(), Count::Small(0));
        // a part with more rows than columns
        let m = Matrix::parse("1,1,,\n1,1,,\n1,1,,\n,,1,1").unwrap();
        assert_eq!(count(&m).unwrap(), Count::Small(0));
    }

    #[test]
    fn parts_multiply() {
        // a 40 × 40 checkerboard is two 20 × 20 all-ones parts: (20!)²
        let rows: Vec<Vec<Option<f64>>> = (0..40)
            .map(|i| (0..40).map(|j| ((i + j) % 2 == 0).then_some(1.0)).collect())
            .collect();
        let m = Matrix::from_rows(&rows);
        assert_eq!(count_method(&m), CountMethod::Direct);
        assert_eq!(
            count(&m).unwrap().to_biguint(),
            factorial(20) * factorial(20)
        );
    }

    /// Issue 13: the 23 × 66 file with two ones per row has 31 104
    /// selections (the fallback count said 8 424).
    #[test]
    fn wide_23x66_regression() {
        let text = include_str!("../../tests/fixtures/matrix/wide_23x66.csv");
        let mut m = Matrix::parse(text).unwrap();
        m.skip(&[0.0]);
        assert_eq!((m.rows, m.cols), (23, 66));
        assert_eq!(count(&m).unwrap(), Count::Small(31104));
        assert_eq!(
            super::super::selections(&m, Default::default()).count(),
            31104
        );
        assert_eq!(brute::all(&m).len(), 31104);
    }

    #[test]
    fn too_large_is_a_clear_error() {
        // 40 × 40, 70 % ones, scattered: one part, holes everywhere
        let m = brute::sparse(40, 40, 34..=34, 7);
        let e = count(&m).unwrap_err();
        let CountError::TooLarge { at_row, .. } = e;
        assert!(at_row < 40);
        assert_eq!(
            e.to_string(),
            format!(
                "cannot count the selections of this 40×40 matrix exactly: Ryser's formula \
                 would take 2^40·40 ≈ 4.4e13 steps (limit: 30 columns), counting by holes a \
                 table of 2^40 entries (limit: holes within 22 rows or columns), and the \
                 frontier method passed 1048576 states or 134217728 steps after row {at_row} \
                 of 40 (frontier of 40 columns)"
            )
        );
    }

    /// Sparse matrices at the word boundaries, wide and tall: the count
    /// equals the enumeration's length (and is not 0).
    #[test]
    fn width_boundaries() {
        let sides = [1usize, 2, 63, 64, 65, 127, 128, 129];
        for (k, &rows) in sides.iter().enumerate() {
            for &cols in sides.iter().filter(|&&c| c >= rows) {
                let wide = brute::chain(rows, cols, 8, k as u64 * 1000 + cols as u64);
                let tall = brute::transpose(&wide);
                let want = super::super::selections(&wide, Default::default()).count() as u128;
                assert!(want > 0, "{rows}×{cols}");
                assert_eq!(count(&wide).unwrap(), Count::Small(want), "{rows}×{cols}");
                assert_eq!(count(&tall).unwrap(), Count::Small(want), "{cols}×{rows}");
            }
        }
    }

    #[test]
    fn one_thousand_columns() {
        // 1024 × 1024 with three ones per row around the diagonal: a band
        let rows: Vec<Vec<Option<f64>>> = (0..1024usize)
            .map(|i| {
                (0..1024usize)
                    .map(|j| (j + 1 >= i && j <= i + 1).then_some(1.0))
                    .collect()
            })
            .collect();
        let m = Matrix::from_rows(&rows);
        // the tridiagonal all-ones permanent is the Fibonacci number F(1025)
        let (mut a, mut b) = (BigUint::from(1u8), BigUint::from(1u8));
        for _ in 2..=1024 {
            let c = &a + &b;
            a = b;
            b = c;
        }
        assert_eq!(count(&m).unwrap().to_biguint(), b);
        assert_eq!(count_method(&m), CountMethod::Frontier);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn every_method_equals_brute_force(m in brute::small_matrix()) {
            let want = brute::all(&m).len() as u128;
            prop_assert_eq!(count(&m).unwrap(), Count::Small(want));
            if let Some((_, _, patterns)) = parts(&m) {
                let mut by = [BigUint::from(1u8), BigUint::from(1u8), BigUint::from(1u8)];
                for p in &patterns {
                    by[0] *= ryser(p);
                    by[1] *= holes(p).to_biguint();
                    let rows = p.row_lists();
                    by[2] *= frontier::count(&Rows { n: p.n, rows: &rows }, MAX_FRONTIER_STEPS)
                        .unwrap();
                }
                for b in by {
                    prop_assert_eq!(b, BigUint::from(want));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Wide and tall sparse matrices, 60–200 columns: the count equals
        /// the enumeration's length and brute force.
        #[test]
        fn sparse_wide_and_tall(m in brute::sparse_matrix(), tall in any::<bool>()) {
            let m = if tall { brute::transpose(&m) } else { m };
            let listed = super::super::selections(&m, Default::default()).take(200_001).count();
            prop_assume!(listed <= 200_000);
            prop_assert_eq!(count(&m).unwrap(), Count::Small(listed as u128));
            if listed <= 20_000 {
                prop_assert_eq!(brute::all(&m).len(), listed);
            }
        }
    }
}
