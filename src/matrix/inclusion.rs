//! The two inclusion–exclusion counts: Ryser's formula over column subsets,
//! and rook numbers over the holes. See [`super::permanent`] for when each
//! runs.

use std::sync::Mutex;

use num_bigint::{BigInt, BigUint};

use super::permanent::{Count, Threads};
use crate::search::SearchError;
use crate::search::run::run;

/// An oriented 0/1 pattern, `m ≤ n`, every row and column with a value,
/// stored by rows: set-up and memory follow the usable cells, not `m · n`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pattern {
    pub m: usize,
    pub n: usize,
    /// Each row's usable columns, ascending.
    pub rows: Vec<Vec<usize>>,
}

impl Pattern {
    /// Whether the cell `(i, j)` is usable.
    pub fn has(&self, i: usize, j: usize) -> bool {
        self.rows[i].binary_search(&j).is_ok()
    }

    /// The rows and the columns that hold holes.
    pub fn hole_lines(&self) -> (Vec<usize>, Vec<usize>) {
        let rows = (0..self.m)
            .filter(|&i| self.rows[i].len() < self.n)
            .collect();
        (
            rows,
            self.cols()
                .into_iter()
                .enumerate()
                .filter(|(_, c)| c.len() < self.m)
                .map(|(j, _)| j)
                .collect(),
        )
    }

    /// Each column's rows.
    pub fn cols(&self) -> Vec<Vec<usize>> {
        let mut cols = vec![Vec::new(); self.n];
        for (i, row) in self.rows.iter().enumerate() {
            for &j in row {
                cols[j].push(i);
            }
        }
        cols
    }
}

/// Ryser's formula, exact (see the module docs), in chunks of Gray codes on
/// the one parallel runner. A square pattern whose count times `2^(n−1)`
/// fits in 127 bits takes the Nijenhuis–Wilf form, which walks the subsets
/// of `n − 1` columns instead of `n`; otherwise the rectangular form runs.
/// Row sums are `i64`; a product multiplies as many sums in `i64` as cannot
/// overflow before it widens to `i128` (mod 2^128).
pub(crate) fn ryser(p: &Pattern, threads: &Threads) -> Result<u128, SearchError> {
    let (m, n) = (p.m, p.n);
    assert!(n <= 34 && m <= n, "ryser is exact up to 34 columns");
    let col_rows = p.cols();
    let degrees: Vec<usize> = p.rows.iter().map(Vec::len).collect();
    // log2 of Brègman's bound on the count, Π_i (r_i!)^(1/r_i)
    let log_bound: f64 = degrees
        .iter()
        .map(|&d| (2..=d).map(|k| (k as f64).log2()).sum::<f64>() / d as f64)
        .sum();
    if m == n && n >= 2 && log_bound + (n - 1) as f64 <= 125.0 {
        // y_i = 2·x_i + 2·r_i(S), x_i = a_{i,n−1} − ½·Σ_j a_ij; the sum over
        // S ⊆ [n−1] of (−1)^|S| Π y_i is (−1)^(n−1) · 2^(n−1) · perm.
        let init: Vec<i64> = (0..m)
            .map(|i| 2 * i64::from(p.has(i, n - 1)) - degrees[i] as i64)
            .collect();
        let len = run_len(n);
        let sum = gray_sum(&col_rows[..n - 1], &init, 2, threads, |y, size| {
            let prod = product(y, len);
            if size % 2 == 0 {
                prod
            } else {
                prod.wrapping_neg()
            }
        })?;
        let signed = if (n - 1) % 2 == 0 {
            sum
        } else {
            sum.wrapping_neg()
        };
        return Ok(((signed as i128) >> (n - 1)) as u128);
    }
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
    let len = run_len(n);
    gray_sum(&col_rows, &vec![0; m], 1, threads, |r, size| {
        if size > m {
            return 0;
        }
        product(r, len).wrapping_mul(coef[size])
    })
}

/// `Σ_S term(sums(S), |S|)` mod 2^128 over the subsets `S` of the columns,
/// in Gray-code order, where `sums(S)_i = init_i + step · |{j ∈ S: i ∈
/// cols[j]}|`; split in chunks over the threads.
fn gray_sum(
    cols: &[Vec<usize>],
    init: &[i64],
    step: i64,
    threads: &Threads,
    term: impl Fn(&[i64], usize) -> u128 + Sync,
) -> Result<u128, SearchError> {
    let bits = cols.len();
    let chunk_bits = bits.saturating_sub(12).min(8);
    let per = 1u64 << (bits - chunk_bits);
    let ids: Vec<u64> = (0..1u64 << chunk_bits).collect();
    let total = Mutex::new(0u128);
    let chunk_sum = |start: u64| {
        let gray = start ^ (start >> 1);
        let mut sums = init.to_vec();
        let mut size = 0usize;
        for (j, rows) in cols.iter().enumerate() {
            if gray >> j & 1 == 1 {
                size += 1;
                for &i in rows {
                    sums[i] += step;
                }
            }
        }
        let mut acc = term(&sums, size);
        for g in start + 1..start + per {
            let j = g.trailing_zeros() as usize;
            let d = if (g ^ (g >> 1)) >> j & 1 == 1 {
                size += 1;
                step
            } else {
                size -= 1;
                -step
            };
            for &i in &cols[j] {
                sums[i] += d;
            }
            acc = acc.wrapping_add(term(&sums, size));
        }
        acc
    };
    let complete = run(threads.threads, &ids, threads.stop.as_ref(), |&chunk| {
        let acc = chunk_sum(chunk * per);
        let mut total = total.lock().unwrap_or_else(|e| e.into_inner());
        *total = total.wrapping_add(acc);
        Ok(())
    })?;
    if !complete {
        return Err(SearchError::Interrupted);
    }
    Ok(total.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// How many values of magnitude at most `bound` multiply in `i64` without
/// overflow.
fn run_len(bound: usize) -> usize {
    let bound = bound.max(2) as i128;
    let (mut len, mut big) = (1, bound);
    while big * bound <= i128::from(i64::MAX) {
        big *= bound;
        len += 1;
    }
    len
}

/// `Π values` mod 2^128: runs of `len` values (see [`run_len`]) multiply in
/// `i64`, then widen.
#[inline]
fn product(values: &[i64], len: usize) -> u128 {
    let mut acc = 1u128;
    for run in values.chunks(len) {
        let p: i64 = run.iter().product();
        acc = acc.wrapping_mul(p as i128 as u128);
    }
    acc
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
pub(crate) fn holes(p: &Pattern) -> Count {
    let (m, n) = (p.m, p.n);
    let (hole_rows, hole_cols) = p.hole_lines();
    // bits: the smaller side; lines: the other side, each a list of bits
    let lines: Vec<Vec<usize>> = if hole_cols.len() <= hole_rows.len() {
        hole_rows
            .iter()
            .map(|&i| {
                (0..hole_cols.len())
                    .filter(|&b| !p.has(i, hole_cols[b]))
                    .collect()
            })
            .collect()
    } else {
        hole_cols
            .iter()
            .map(|&j| {
                (0..hole_rows.len())
                    .filter(|&b| !p.has(hole_rows[b], j))
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
