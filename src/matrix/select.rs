//! Streaming every selection, optionally bounded by its sum.

use super::decimal::BigDecimal;
use super::exact::{Cost, Grid, Numeric, scaled_to_f64};
use super::parse::Value;
use super::{Matrix, Selection};

/// Optional bounds on a selection's sum, both inclusive, compared exactly:
/// a bound is read from its text, as the matrix's values are, so
/// `0.19999999999999999999` stays below `0.2`. A bound whose text is not a
/// decimal is read from its number: `±inf` lies beyond every sum, and a `NaN`
/// bound keeps nothing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bounds {
    /// Keep selections whose sum is at least this.
    pub min_sum: Option<Value>,
    /// Keep selections whose sum is at most this.
    pub max_sum: Option<Value>,
}

impl Bounds {
    /// Bounds from two numbers, each read as its shortest decimal text.
    pub fn from_f64(min_sum: Option<f64>, max_sum: Option<f64>) -> Bounds {
        Bounds {
            min_sum: min_sum.map(Value::from_f64),
            max_sum: max_sum.map(Value::from_f64),
        }
    }

    /// Whether either bound is given.
    pub fn is_bounded(&self) -> bool {
        self.min_sum.is_some() || self.max_sum.is_some()
    }

    /// Whether `min_sum ≤ max_sum`, compared exactly; `true` when either is
    /// missing.
    pub fn is_ordered(&self) -> bool {
        match self.decimals() {
            (Some(lo), Some(hi)) => lo <= hi,
            _ => true,
        }
    }

    /// Whether every selection of `matrix` has its sum within the bounds,
    /// decided exactly from the least and the greatest sum (two assignment
    /// solves); `None` when the matrix is not [exact](Matrix::is_exact) or
    /// has no full selection. When it is `Some(true)`, the selections within
    /// the bounds are all of them: the permanent counts them, no listing.
    ///
    /// ```
    /// use placer::matrix::{Bounds, Matrix};
    ///
    /// let m = Matrix::parse("1 2\n3 4").unwrap();
    /// assert_eq!(Bounds::from_f64(Some(5.0), None).hold_for_all(&m), Some(true));
    /// assert_eq!(Bounds::from_f64(None, Some(4.0)).hold_for_all(&m), Some(false));
    /// ```
    pub fn hold_for_all(&self, matrix: &Matrix) -> Option<bool> {
        if !matrix.is_exact() {
            return None;
        }
        let sum = |sense| {
            let best = super::top_k(matrix, 1, sense).into_iter().next()?;
            best.cells
                .iter()
                .map(|&(r, c)| BigDecimal::parse(&matrix.value(r, c)?.text))
                .sum::<Option<BigDecimal>>()
        };
        let (lo, hi) = self.decimals();
        let least = sum(super::Sense::Min)?;
        let most = sum(super::Sense::Max)?;
        Some(lo.is_none_or(|lo| least >= lo) && hi.is_none_or(|hi| most <= hi))
    }

    /// The bounds as exact decimals, each beyond every sum when infinite, or
    /// when `NaN` on the side that keeps nothing.
    fn decimals(&self) -> (Option<BigDecimal>, Option<BigDecimal>) {
        (
            self.min_sum.as_ref().map(|v| exact(v, true)),
            self.max_sum.as_ref().map(|v| exact(v, false)),
        )
    }
}

/// A bound as an exact decimal; a non-decimal one (`inf`, `NaN`) as a number
/// far beyond any sum of `f64`-sized values.
fn exact(v: &Value, lower: bool) -> BigDecimal {
    BigDecimal::parse(&v.text).unwrap_or_else(|| {
        let up = if v.num.is_nan() { lower } else { v.num > 0.0 };
        let beyond = if up { "1e1000" } else { "-1e1000" };
        BigDecimal::parse(beyond).expect("a decimal")
    })
}

/// Every selection whose sum lies within `bounds`, as an iterator, in the
/// deterministic order: by column sequence of the oriented matrix — row 1's
/// column ascending, then row 2's, and so on (for a tall matrix, column 1's
/// row, then column 2's ...).
///
/// A depth-first search on an explicit stack, so memory stays flat. With
/// bounds it prunes by branch and bound: a partial selection is dropped when
/// even the smallest (largest) value of each remaining row cannot bring its
/// sum within the bounds. Comparisons with the bounds are exact when the
/// matrix [is exact](Matrix::is_exact).
///
/// ```
/// use placer::matrix::{Bounds, Matrix, selections};
///
/// let m = Matrix::parse("1 2\n3 4").unwrap();
/// let all: Vec<f64> = selections(&m, Bounds::default()).map(|s| s.sum).collect();
/// assert_eq!(all, vec![5.0, 5.0]);
/// let bounds = Bounds::from_f64(Some(6.0), None);
/// assert_eq!(selections(&m, bounds).count(), 0);
/// ```
pub fn selections(matrix: &Matrix, bounds: Bounds) -> Selections {
    let inner = match Numeric::new(matrix) {
        Numeric::Exact { grid, scale } => {
            let s = i64::from(scale);
            let (lo, hi) = bounds.decimals();
            let lo = lo.map(|b| b.scaled_rounded(s, true, HUGE));
            let hi = hi.map(|b| b.scaled_rounded(s, false, HUGE));
            Inner::Exact(Walk::new(grid, lo, hi), scale)
        }
        // f64 sums may round or overflow: no pruning, and every sum is
        // recomputed and compared in exact decimals
        Numeric::Float(grid) => {
            Inner::Float(Walk::new(grid, None, None), Exact::new(matrix, &bounds))
        }
    };
    Selections { inner }
}

/// Beyond every exact sum: scaled values are at most 2^96, at most 4096 of them.
const HUGE: i128 = 1 << 124;

/// The iterator returned by [`selections`].
pub struct Selections {
    inner: Inner,
}

enum Inner {
    Exact(Walk<i128>, u32),
    Float(Walk<f64>, Exact),
}

/// Exact sums for the `f64` fallback: every value and bound as a decimal.
struct Exact {
    cols: usize,
    values: Vec<Option<BigDecimal>>,
    lo: Option<BigDecimal>,
    hi: Option<BigDecimal>,
}

impl Exact {
    fn new(matrix: &Matrix, bounds: &Bounds) -> Exact {
        let (lo, hi) = bounds.decimals();
        Exact {
            cols: matrix.cols,
            values: (0..matrix.rows * matrix.cols)
                .map(|i| {
                    matrix
                        .numbers
                        .value(i)
                        .and_then(|v| BigDecimal::parse(&v.text))
                })
                .collect(),
            lo,
            hi,
        }
    }

    /// The exact sum of `cells` as the nearest `f64`, if within the bounds.
    fn check(&self, cells: &[(usize, usize)]) -> Option<f64> {
        let sum: BigDecimal = cells
            .iter()
            .map(|&(r, c)| {
                self.values[r * self.cols + c]
                    .clone()
                    .unwrap_or_else(BigDecimal::zero)
            })
            .sum();
        if self.lo.as_ref().is_some_and(|lo| sum < *lo)
            || self.hi.as_ref().is_some_and(|hi| sum > *hi)
        {
            return None;
        }
        Some(sum.to_string().parse().unwrap_or(f64::NAN))
    }
}

impl Iterator for Selections {
    type Item = Selection;

    fn next(&mut self) -> Option<Selection> {
        match &mut self.inner {
            Inner::Exact(walk, scale) => walk.next().map(|(cells, sum)| Selection {
                cells,
                sum: scaled_to_f64(sum, *scale),
            }),
            Inner::Float(walk, exact) => loop {
                let (cells, _) = walk.next()?;
                if let Some(sum) = exact.check(&cells) {
                    return Some(Selection { cells, sum });
                }
            },
        }
    }
}

/// The depth-first search state.
struct Walk<C> {
    grid: Grid<C>,
    lo: Option<C>,
    hi: Option<C>,
    /// `suffix_min[d]`: the sum of the smallest value of rows `d..`.
    suffix_min: Vec<C>,
    suffix_max: Vec<C>,
    /// The column chosen at each depth.
    cols: Vec<usize>,
    /// The next column to try at each depth.
    next: Vec<usize>,
    /// `partial[d]`: the sum of rows `..d`.
    partial: Vec<C>,
    used: Vec<bool>,
    depth: usize,
    done: bool,
}

impl<C: Cost> Walk<C> {
    fn new(grid: Grid<C>, lo: Option<C>, hi: Option<C>) -> Walk<C> {
        let (m, n) = (grid.m, grid.n);
        let mut suffix_min = vec![C::ZERO; m + 1];
        let mut suffix_max = vec![C::ZERO; m + 1];
        let mut done = false;
        for i in (0..m).rev() {
            let mut row = (0..n).filter_map(|j| grid.at(i, j));
            let Some(first) = row.next() else {
                done = true;
                break;
            };
            let (lo_v, hi_v) = row.fold((first, first), |(a, b), v| {
                (if v < a { v } else { a }, if v > b { v } else { b })
            });
            suffix_min[i] = suffix_min[i + 1] + lo_v;
            suffix_max[i] = suffix_max[i + 1] + hi_v;
        }
        Walk {
            lo,
            hi,
            suffix_min,
            suffix_max,
            cols: vec![0; m],
            next: vec![0; m],
            partial: vec![C::ZERO; m + 1],
            used: vec![false; n],
            depth: 0,
            done,
            grid,
        }
    }

    fn next(&mut self) -> Option<(Vec<(usize, usize)>, C)> {
        let (m, n) = (self.grid.m, self.grid.n);
        while !self.done {
            let d = self.depth;
            let mut found = None;
            while self.next[d] < n {
                let j = self.next[d];
                self.next[d] += 1;
                if self.used[j] {
                    continue;
                }
                let Some(c) = self.grid.at(d, j) else {
                    continue;
                };
                let s = self.partial[d] + c;
                if self.hi.is_some_and(|hi| s + self.suffix_min[d + 1] > hi)
                    || self.lo.is_some_and(|lo| s + self.suffix_max[d + 1] < lo)
                {
                    continue;
                }
                found = Some((j, s));
                break;
            }
            match found {
                Some((j, s)) => {
                    self.cols[d] = j;
                    self.partial[d + 1] = s;
                    if d + 1 == m {
                        return Some((self.grid.cells(&self.cols), s));
                    }
                    self.used[j] = true;
                    self.depth = d + 1;
                    self.next[d + 1] = 0;
                }
                None if d == 0 => self.done = true,
                None => {
                    self.depth = d - 1;
                    self.used[self.cols[d - 1]] = false;
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn order_is_row_by_row_lowest_column_first() {
        let m = Matrix::parse("1 2 3\n4 5 6").unwrap();
        let seqs: Vec<Vec<(usize, usize)>> =
            selections(&m, Bounds::default()).map(|s| s.cells).collect();
        assert_eq!(
            seqs,
            vec![
                vec![(0, 0), (1, 1)],
                vec![(0, 0), (1, 2)],
                vec![(0, 1), (1, 0)],
                vec![(0, 1), (1, 2)],
                vec![(0, 2), (1, 0)],
                vec![(0, 2), (1, 1)],
            ]
        );
    }

    #[test]
    fn exact_bounds() {
        let m = Matrix::parse("0.1 0.2\n0.2 0.1").unwrap();
        let b = Bounds::from_f64(Some(0.2), Some(0.2));
        let got: Vec<f64> = selections(&m, b).map(|s| s.sum).collect();
        assert_eq!(got, vec![0.2]);
        let b = Bounds::from_f64(Some(f64::NEG_INFINITY), Some(0.3999));
        assert_eq!(selections(&m, b).count(), 1);
        assert_eq!(
            selections(&m, Bounds::from_f64(Some(f64::INFINITY), None)).count(),
            0
        );
        assert_eq!(
            selections(&m, Bounds::from_f64(Some(f64::NAN), None)).count(),
            0
        );
        assert_eq!(
            selections(&m, Bounds::from_f64(None, Some(f64::NAN))).count(),
            0
        );
    }

    fn text(t: &str) -> Option<Value> {
        Some(Value {
            num: t.parse().unwrap(),
            text: t.into(),
        })
    }

    /// Issue 38: a bound is read from its text, never rounded to `f64`.
    #[test]
    fn bounds_are_exact_decimals() {
        let m = Matrix::parse("0.1,0.2\n0.2,0.1").unwrap();
        let below = Bounds {
            min_sum: None,
            max_sum: text("0.19999999999999999999"),
        };
        assert_eq!(selections(&m, below).count(), 0);
        let m = Matrix::parse("9007199254740992").unwrap();
        let above = Bounds {
            min_sum: text("9007199254740993"),
            max_sum: None,
        };
        assert_eq!(selections(&m, above).count(), 0);
        let crossed = Bounds {
            min_sum: text("0.30000000000000000001"),
            max_sum: text("0.3"),
        };
        assert!(!crossed.is_ordered());
        // the f64 fallback compares the same texts
        let wide = Matrix::parse("1e300,0.5e-300\n0,1e-300").unwrap();
        assert!(!wide.is_exact());
        let at_most = |t| Bounds {
            min_sum: None,
            max_sum: text(t),
        };
        assert_eq!(
            selections(&wide, at_most("0.50000000000000000001e-300")).count(),
            1
        );
        assert_eq!(
            selections(&wide, at_most("0.49999999999999999999e-300")).count(),
            0
        );
    }

    /// Issue 15: the `f64` fallback does not overflow (1e308 + 1e308 − 1e308).
    #[test]
    fn float_fallback_sums_exactly() {
        let m = Matrix::parse("1e308,0,0\n0,1e308,0\n0,0,-1e308").unwrap();
        assert!(!m.is_exact());
        let b = Bounds::from_f64(Some(1e308), Some(1e308));
        let got: Vec<f64> = selections(&m, b).map(|s| s.sum).collect();
        assert_eq!(got, vec![1e308; 3]);
        assert_eq!(selections(&m, Bounds::default()).count(), 6);
    }

    #[test]
    fn no_selection_with_an_empty_row() {
        let m = Matrix::parse("1,2\n,\n").unwrap();
        assert_eq!(selections(&m, Bounds::default()).count(), 0);
    }

    #[test]
    fn twelve_by_twelve_bounded_is_pruned() {
        // 12! = 479 001 600 selections; only the diagonal reaches sum 12·11
        let rows: Vec<Vec<Option<f64>>> = (0..12)
            .map(|i| {
                (0..12)
                    .map(|j| Some(if i == j { 11.0 } else { 0.0 }))
                    .collect()
            })
            .collect();
        let m = Matrix::from_rows(&rows);
        let b = Bounds::from_f64(Some(132.0), None);
        let got: Vec<Selection> = selections(&m, b).collect();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].sum, 132.0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn bounded_equals_filtered_brute_force(
            m in brute::small_matrix(),
            lo in proptest::option::of(-10i32..=15),
            hi in proptest::option::of(-10i32..=15),
        ) {
            let lo = lo.map(|v| f64::from(v) / 2.0);
            let hi = hi.map(|v| f64::from(v) / 2.0);
            let got: Vec<(Vec<(usize, usize)>, f64)> =
                selections(&m, Bounds::from_f64(lo, hi))
                    .map(|s| (s.cells, s.sum))
                    .collect();
            let want: Vec<(Vec<(usize, usize)>, f64)> = brute::all(&m)
                .into_iter()
                .filter(|(_, _, s)| lo.is_none_or(|lo| *s >= lo) && hi.is_none_or(|hi| *s <= hi))
                .map(|(_, cells, s)| (cells, s))
                .collect();
            prop_assert_eq!(got, want);
        }
    }
}
