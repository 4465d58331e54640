//! Counting selections without enumerating them: permanents.
//!
//! The number of selections that avoid the holes is the permanent of the
//! oriented `m × n` 0/1 pattern (1 = a cell with a value). Columns without any
//! value are dropped first (no selection uses them); a row without any value
//! gives 0. Then one of two exact methods runs, whichever is estimated cheaper:
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
//!
//! Beyond both limits [`count`] returns [`CountError::TooLarge`]; enumerate
//! with [`super::selections`] instead.

use std::fmt;

use num_bigint::{BigInt, BigUint};
use rayon::prelude::*;

use super::Matrix;

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
    fn from_big(b: BigUint) -> Count {
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

/// How [`count`] counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMethod {
    /// The answer is 0 or immediate (a row without values, too few columns,
    /// no holes).
    Direct,
    /// Ryser's formula over column subsets.
    Ryser,
    /// Inclusion–exclusion over the holes (rook numbers).
    Holes,
}

/// Why a count was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// Too many columns for Ryser, holes spread over too many rows and columns.
    #[error(
        "cannot count the selections of this {rows}×{cols} matrix exactly: it has {cols} \
         usable columns (at most {MAX_RYSER_COLS} for Ryser's formula) and holes in \
         {hole_lines} rows and columns (at most {MAX_HOLE_LINES} for counting by holes); \
         enumerate instead"
    )]
    TooLarge {
        /// Rows of the oriented matrix.
        rows: usize,
        /// Usable columns of the oriented matrix.
        cols: usize,
        /// The fewer of: rows with holes, columns with holes.
        hole_lines: usize,
    },
}

/// The oriented 0/1 pattern, reduced.
struct Pattern {
    m: usize,
    n: usize,
    /// `m × n`, true = usable.
    ok: Vec<bool>,
}

enum Plan {
    Zero,
    Ryser(Pattern),
    Holes(Pattern),
}

fn plan(matrix: &Matrix) -> Result<Plan, CountError> {
    let transposed = matrix.rows > matrix.cols;
    let (m, n0) = if transposed {
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
    let cols: Vec<usize> = (0..n0).filter(|&j| (0..m).any(|i| usable(i, j))).collect();
    let n = cols.len();
    if n < m || (0..m).any(|i| !cols.iter().any(|&j| usable(i, j))) {
        return Ok(Plan::Zero);
    }
    let ok: Vec<bool> = (0..m)
        .flat_map(|i| cols.iter().map(move |&j| (i, j)))
        .map(|(i, j)| usable(i, j))
        .collect();
    let p = Pattern { m, n, ok };
    let (hole_rows, hole_cols) = p.hole_lines();
    let h = hole_rows.len().min(hole_cols.len());
    let other = hole_rows.len().max(hole_cols.len());
    // estimated operations of each method
    let ryser = (n <= MAX_RYSER_COLS).then(|| (1u128 << n) * m as u128);
    let holes = (h <= MAX_HOLE_LINES).then(|| (1u128 << h) * (other as u128 + 1));
    match (ryser, holes) {
        (Some(r), Some(h)) if r < h => Ok(Plan::Ryser(p)),
        (Some(_), None) => Ok(Plan::Ryser(p)),
        (_, Some(_)) => Ok(Plan::Holes(p)),
        (None, None) => Err(CountError::TooLarge {
            rows: m,
            cols: n,
            hole_lines: h,
        }),
    }
}

impl Pattern {
    fn hole_lines(&self) -> (Vec<usize>, Vec<usize>) {
        let rows = (0..self.m)
            .filter(|&i| (0..self.n).any(|j| !self.ok[i * self.n + j]))
            .collect();
        let cols = (0..self.n)
            .filter(|&j| (0..self.m).any(|i| !self.ok[i * self.n + j]))
            .collect();
        (rows, cols)
    }
}

/// Which method [`count`] would use on this matrix, or why it would refuse.
pub fn count_method(matrix: &Matrix) -> Result<CountMethod, CountError> {
    Ok(match plan(matrix)? {
        Plan::Zero => CountMethod::Direct,
        Plan::Ryser(_) => CountMethod::Ryser,
        Plan::Holes(p) if p.hole_lines().0.is_empty() => CountMethod::Direct,
        Plan::Holes(_) => CountMethod::Holes,
    })
}

/// The number of selections that avoid the holes, exactly, without
/// enumerating them. For a square 0/1 matrix with `--skip 0` this is its
/// permanent.
///
/// Columns without values are dropped; a row without values gives 0. Then the
/// cheaper of two exact methods runs:
///
/// - [`CountMethod::Ryser`]: Ryser's formula (its rectangular form) over
///   column subsets in Gray-code order, `O(2^n · m)`, flat memory, on all
///   threads; up to [`MAX_RYSER_COLS`] columns (25 columns: about a second).
/// - [`CountMethod::Holes`]: inclusion–exclusion over the holes with rook
///   numbers, `O(2^h · lines)` where `h` is the fewer of the rows and the
///   columns that hold holes, up to [`MAX_HOLE_LINES`]; instant for nearly
///   full matrices of any size (an all-ones `n × n` gives `n!`).
///
/// Beyond both limits: [`CountError::TooLarge`] — enumerate with
/// [`selections`](super::selections) instead.
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
    Ok(match plan(matrix)? {
        Plan::Zero => Count::Small(0),
        Plan::Ryser(p) => Count::Small(ryser(&p)),
        Plan::Holes(p) => holes(&p),
    })
}

/// Rectangular Ryser, Gray code, mod 2^128 (exact, see the module docs).
fn ryser(p: &Pattern) -> u128 {
    let (m, n) = (p.m, p.n);
    assert!(n <= 34 && m <= n, "ryser is exact up to 34 columns");
    let col_rows: Vec<Vec<usize>> = (0..n)
        .map(|j| (0..m).filter(|&i| p.ok[i * n + j]).collect())
        .collect();
    // coef[s] = ±C(n−s, m−s) for |S| = s ≤ m
    let coef: Vec<u128> = (0..=m)
        .map(|s| {
            let c = binomial(n - s, m - s);
            if (m - s) % 2 == 0 {
                c
            } else {
                c.wrapping_neg()
            }
        })
        .collect();
    let total: u64 = 1 << n;
    let chunk_bits = n.saturating_sub(12).min(8);
    let chunks = 1u64 << chunk_bits;
    let per = total / chunks;
    (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let start = chunk * per;
            let gray = start ^ (start >> 1);
            let mut sums = vec![0u32; m];
            let mut size = 0usize;
            for (j, rows) in col_rows.iter().enumerate() {
                if gray >> j & 1 == 1 {
                    size += 1;
                    for &i in rows {
                        sums[i] += 1;
                    }
                }
            }
            let mut zeros = sums.iter().filter(|&&s| s == 0).count();
            let mut acc = 0u128;
            let mut g = start;
            loop {
                if zeros == 0 && size <= m {
                    let prod = sums
                        .iter()
                        .fold(1u128, |a, &s| a.wrapping_mul(u128::from(s)));
                    acc = acc.wrapping_add(prod.wrapping_mul(coef[size]));
                }
                g += 1;
                if g == start + per {
                    break;
                }
                let j = g.trailing_zeros() as usize;
                let now = (g ^ (g >> 1)) >> j & 1 == 1;
                if now {
                    size += 1;
                    for &i in &col_rows[j] {
                        if sums[i] == 0 {
                            zeros -= 1;
                        }
                        sums[i] += 1;
                    }
                } else {
                    size -= 1;
                    for &i in &col_rows[j] {
                        sums[i] -= 1;
                        if sums[i] == 0 {
                            zeros += 1;
                        }
                    }
                }
            }
            acc
        })
        .reduce(|| 0, u128::wrapping_add)
}

/// `C(a, b)` mod 2^128 (exact for the sizes Ryser handles).
fn binomial(a: usize, b: usize) -> u128 {
    let mut c = 1u128;
    for k in 0..b {
        c = c * (a - k) as u128 / (k + 1) as u128;
    }
    c
}

/// Inclusion–exclusion over the holes with rook numbers.
fn holes(p: &Pattern) -> Count {
    let (m, n) = (p.m, p.n);
    let (hole_rows, hole_cols) = p.hole_lines();
    // bits: the smaller side; lines: the other side, each a list of bits
    let lines: Vec<Vec<usize>> = if hole_cols.len() <= hole_rows.len() {
        hole_rows
            .iter()
            .map(|&i| {
                (0..hole_cols.len())
                    .filter(|&b| !p.ok[i * n + hole_cols[b]])
                    .collect()
            })
            .collect()
    } else {
        hole_cols
            .iter()
            .map(|&j| {
                (0..hole_rows.len())
                    .filter(|&b| !p.ok[hole_rows[b] * n + j])
                    .collect()
            })
            .collect()
    };
    let h = hole_rows.len().min(hole_cols.len());
    let rooks = rook_numbers(h, &lines);
    // Σ_k (−1)^k r_k (n−k)!/(n−m)!
    let mut total = BigInt::from(0);
    for (k, r) in rooks.into_iter().enumerate() {
        if k > m {
            break;
        }
        let mut term = BigInt::from(r);
        for f in (n - m + 1)..=(n - k) {
            term *= f;
        }
        if k % 2 == 0 {
            total += term;
        } else {
            total -= term;
        }
    }
    Count::from_big(total.to_biguint().expect("a count is not negative"))
}

/// `r_k` for `k = 0..=h`: ways to put `k` rooks on the holes, no two in one
/// line or one bit. Subset DP in `u128`, redone in big integers on overflow.
fn rook_numbers(h: usize, lines: &[Vec<usize>]) -> Vec<BigUint> {
    fn run<T: Clone + PartialEq>(
        h: usize,
        lines: &[Vec<usize>],
        zero: T,
        one: T,
        add: impl Fn(&T, &T) -> Option<T>,
    ) -> Option<Vec<T>> {
        let mut dp = vec![zero.clone(); 1 << h];
        dp[0] = one;
        for line in lines {
            for mask in (0..dp.len()).rev() {
                if dp[mask] == zero {
                    continue;
                }
                for &b in line {
                    if mask >> b & 1 == 0 {
                        let t = mask | 1 << b;
                        dp[t] = add(&dp[t], &dp[mask])?;
                    }
                }
            }
        }
        let mut r = vec![zero; h + 1];
        for (mask, v) in dp.iter().enumerate() {
            let k = mask.count_ones() as usize;
            r[k] = add(&r[k], v)?;
        }
        Some(r)
    }
    if let Some(r) = run(h, lines, 0u128, 1u128, |a, b| a.checked_add(*b)) {
        return r.into_iter().map(BigUint::from).collect();
    }
    run(h, lines, BigUint::from(0u8), BigUint::from(1u8), |a, b| {
        Some(a + b)
    })
    .expect("big integers do not overflow")
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
        assert_eq!(count_method(&m), Ok(CountMethod::Direct));
        let c = count(&m).unwrap();
        assert_eq!(c.to_string(), "15511210043330985984000000");
        assert_eq!(c, Count::Small(15511210043330985984000000));
    }

    #[test]
    fn all_ones_with_a_hole() {
        let mut m = ones(25);
        m.cells[0] = None;
        assert_eq!(count_method(&m), Ok(CountMethod::Holes));
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
    fn ryser_matches_factorial() {
        let p = Pattern {
            m: 10,
            n: 10,
            ok: vec![true; 100],
        };
        assert_eq!(ryser(&p), 3628800);
        let p = Pattern {
            m: 3,
            n: 14,
            ok: vec![true; 42],
        };
        assert_eq!(ryser(&p), 14 * 13 * 12);
    }

    #[test]
    fn zero_cases() {
        let m = Matrix::parse("1,,\n,,\n1,1,1").unwrap();
        assert_eq!(count(&m).unwrap(), Count::Small(0));
        let m = Matrix::parse("1,,\n1,,\n").unwrap();
        assert_eq!(count(&m).unwrap(), Count::Small(0));
    }

    #[test]
    fn too_large_is_a_clear_error() {
        // a 40 × 40 checkerboard: holes in every row and column
        let rows: Vec<Vec<Option<f64>>> = (0..40)
            .map(|i| (0..40).map(|j| ((i + j) % 2 == 0).then_some(1.0)).collect())
            .collect();
        let m = Matrix::from_rows(&rows);
        assert_eq!(
            count(&m).unwrap_err().to_string(),
            "cannot count the selections of this 40×40 matrix exactly: it has 40 usable \
             columns (at most 30 for Ryser's formula) and holes in 40 rows and columns \
             (at most 22 for counting by holes); enumerate instead"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn both_methods_equal_brute_force(m in brute::small_matrix()) {
            let want = brute::all(&m).len() as u128;
            prop_assert_eq!(count(&m).unwrap(), Count::Small(want));
            if let Plan::Ryser(p) | Plan::Holes(p) = plan(&m).unwrap() {
                prop_assert_eq!(ryser(&p), want);
                prop_assert_eq!(holes(&p), Count::Small(want));
            }
        }
    }
}
