//! Exact arithmetic on matrix values, and the oriented numeric view.
//!
//! Every value is read as a decimal `mantissa × 10^exp`. When all values fit,
//! they are scaled by one common `10^scale` to integers of at most 96 bits and
//! summed as `i128`: sums and comparisons are then exact, whatever the order of
//! addition. Otherwise (values needing more than 28 decimal places, or spanning
//! too many digits) the view falls back to `f64`.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use super::Matrix;

/// Most decimal places an exact view may scale by.
const MAX_SCALE: i64 = 28;
/// Largest scaled magnitude: sums over 4096 rows and Hungarian potentials
/// then stay far inside `i128`.
const MAX_SCALED: i128 = 1 << 96;

/// A number type the algorithms run on: exact `i128` or fallback `f64`.
pub(crate) trait Cost:
    Copy
    + PartialEq
    + PartialOrd
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
{
    /// Zero.
    const ZERO: Self;
    /// Whether arithmetic is exact, so bounds from potentials can prune.
    const EXACT: bool;
    /// A total order (for `f64`: `total_cmp`).
    fn cmp_total(&self, other: &Self) -> Ordering;
}

impl Cost for i128 {
    const ZERO: Self = 0;
    const EXACT: bool = true;
    fn cmp_total(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }
}

impl Cost for f64 {
    const ZERO: Self = 0.0;
    const EXACT: bool = false;
    fn cmp_total(&self, other: &Self) -> Ordering {
        self.total_cmp(other)
    }
}

/// The matrix oriented so that `m ≤ n`: one cell per row, distinct columns.
#[derive(Debug, Clone)]
pub(crate) struct Grid<C> {
    /// Rows (the smaller side).
    pub m: usize,
    /// Columns.
    pub n: usize,
    /// Whether this is the transpose of the matrix.
    pub transposed: bool,
    /// `m × n` costs, row-major; `None` is a hole.
    pub cost: Vec<Option<C>>,
}

impl<C: Copy> Grid<C> {
    /// The oriented grid of a `rows × cols` matrix whose cell `(r, c)` is `f(r, c)`.
    pub fn oriented(rows: usize, cols: usize, f: impl Fn(usize, usize) -> Option<C>) -> Grid<C> {
        let transposed = rows > cols;
        let (m, n) = if transposed {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let mut cost = Vec::with_capacity(m * n);
        for i in 0..m {
            for j in 0..n {
                let (r, c) = if transposed { (j, i) } else { (i, j) };
                cost.push(f(r, c));
            }
        }
        Grid {
            m,
            n,
            transposed,
            cost,
        }
    }

    /// The cost at oriented `(i, j)`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> Option<C> {
        self.cost[i * self.n + j]
    }

    /// The original-orientation cells of a column sequence, sorted by row.
    pub fn cells(&self, cols: &[usize]) -> Vec<(usize, usize)> {
        original_cells(self.transposed, cols)
    }
}

/// The original-orientation cells of an oriented column sequence, sorted by row.
pub(crate) fn original_cells(transposed: bool, cols: &[usize]) -> Vec<(usize, usize)> {
    let mut cells: Vec<(usize, usize)> = cols
        .iter()
        .enumerate()
        .map(|(i, &j)| if transposed { (j, i) } else { (i, j) })
        .collect();
    cells.sort_unstable();
    cells
}

/// The numeric view of a matrix: exact scaled integers, or `f64`.
pub(crate) enum Numeric {
    /// Values × 10^scale, all integers.
    Exact { grid: Grid<i128>, scale: u32 },
    /// Fallback.
    Float(Grid<f64>),
}

impl Numeric {
    pub fn new(matrix: &Matrix) -> Numeric {
        let decimals: Option<Vec<Option<Decimal>>> = matrix
            .cells
            .iter()
            .map(|c| match c {
                None => Some(None),
                Some(v) => Decimal::parse(&v.text).map(Some),
            })
            .collect();
        if let Some(decimals) = decimals {
            let scale = decimals
                .iter()
                .flatten()
                .map(|d| -d.exp)
                .max()
                .unwrap_or(0)
                .max(0);
            if scale <= MAX_SCALE {
                let scaled: Option<Vec<Option<i128>>> = decimals
                    .iter()
                    .map(|d| match d {
                        None => Some(None),
                        Some(d) => d.scaled(scale).filter(|s| s.abs() <= MAX_SCALED).map(Some),
                    })
                    .collect();
                if let Some(scaled) = scaled {
                    let grid = Grid::oriented(matrix.rows, matrix.cols, |r, c| {
                        scaled[r * matrix.cols + c]
                    });
                    return Numeric::Exact {
                        grid,
                        scale: scale as u32,
                    };
                }
            }
        }
        Numeric::Float(Grid::oriented(matrix.rows, matrix.cols, |r, c| {
            matrix.get(r, c)
        }))
    }
}

/// `mantissa × 10^exp`, mantissa without trailing zeros.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Decimal {
    pub mantissa: i128,
    pub exp: i64,
}

impl Decimal {
    /// Parses a checked decimal; `None` when the mantissa or exponent is too
    /// long to handle exactly.
    pub fn parse(text: &str) -> Option<Decimal> {
        let (neg, rest) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (num, exp_text) = match rest.find(['e', 'E']) {
            Some(p) => (&rest[..p], Some(&rest[p + 1..])),
            None => (rest, None),
        };
        let mut exp: i64 = match exp_text {
            Some(e) => {
                let e = e.strip_prefix('+').unwrap_or(e);
                let e: i64 = e.parse().ok()?;
                if e.abs() > 100_000 {
                    return None;
                }
                e
            }
            None => 0,
        };
        let mut mantissa: i128 = 0;
        let mut seen_point = false;
        for b in num.bytes() {
            if b == b'.' {
                seen_point = true;
                continue;
            }
            let d = i128::from(b - b'0');
            if mantissa == 0 && d == 0 {
                if seen_point {
                    exp -= 1;
                }
                continue;
            }
            mantissa = mantissa.checked_mul(10)?.checked_add(d)?;
            if seen_point {
                exp -= 1;
            }
        }
        if mantissa == 0 {
            return Some(Decimal {
                mantissa: 0,
                exp: 0,
            });
        }
        while mantissa % 10 == 0 {
            mantissa /= 10;
            exp += 1;
        }
        Some(Decimal {
            mantissa: if neg { -mantissa } else { mantissa },
            exp,
        })
    }

    /// `self × 10^scale` when that is an integer that fits.
    pub fn scaled(&self, scale: i64) -> Option<i128> {
        let k = self.exp + scale;
        if k < 0 {
            return None;
        }
        let p = pow10(u32::try_from(k).ok()?)?;
        self.mantissa.checked_mul(p)
    }
}

fn pow10(k: u32) -> Option<i128> {
    10i128.checked_pow(k)
}

/// An exact scaled sum `s × 10^-scale` as the nearest `f64`.
pub(crate) fn scaled_to_f64(s: i128, scale: u32) -> f64 {
    const EXACT: i128 = 1 << 53;
    if s.abs() <= EXACT && scale <= 22 {
        // both operands exact: one correctly rounded division
        return s as f64 / 10f64.powi(scale as i32);
    }
    let digits = s.unsigned_abs().to_string();
    let sign = if s < 0 { "-" } else { "" };
    format!("{sign}{digits}e-{scale}")
        .parse()
        .expect("a formatted decimal parses")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(t: &str) -> Decimal {
        Decimal::parse(t).unwrap()
    }

    #[test]
    fn decimals() {
        assert_eq!(
            d("1.2500"),
            Decimal {
                mantissa: 125,
                exp: -2
            }
        );
        assert_eq!(
            d("-0.003e2"),
            Decimal {
                mantissa: -3,
                exp: -1
            }
        );
        assert_eq!(
            d("+1200"),
            Decimal {
                mantissa: 12,
                exp: 2
            }
        );
        assert_eq!(
            d(".5"),
            Decimal {
                mantissa: 5,
                exp: -1
            }
        );
        assert_eq!(
            d("0.000"),
            Decimal {
                mantissa: 0,
                exp: 0
            }
        );
        assert_eq!(
            d("-0"),
            Decimal {
                mantissa: 0,
                exp: 0
            }
        );
        assert_eq!(
            d("7."),
            Decimal {
                mantissa: 7,
                exp: 0
            }
        );
        assert_eq!(Decimal::parse("1e999999"), None);
    }

    #[test]
    fn exact_views() {
        let m = Matrix::parse("0.1 0.2\n0.3 1e-3").unwrap();
        match Numeric::new(&m) {
            Numeric::Exact { grid, scale } => {
                assert_eq!(scale, 3);
                assert_eq!(grid.cost, vec![Some(100), Some(200), Some(300), Some(1)]);
            }
            Numeric::Float(_) => panic!("expected exact"),
        }
        let wide = Matrix::parse("1e-30 1e30").unwrap();
        assert!(matches!(Numeric::new(&wide), Numeric::Float(_)));
        assert_eq!(scaled_to_f64(3, 1), 0.3);
        assert_eq!(scaled_to_f64(1 << 100, 0), 2f64.powi(100));
        assert_eq!(scaled_to_f64(-5, 30), -5e-30);
    }
}
