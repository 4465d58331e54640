//! The two inclusion–exclusion counts: Ryser's formula over column subsets,
//! and rook numbers over the holes. See [`super::permanent`] for when each
//! runs.

use std::sync::Mutex;

use num_bigint::{BigInt, BigUint};

use super::permanent::{Count, Threads};
use crate::search::SearchError;
use crate::search::run::run;

/// An oriented 0/1 pattern, `m ≤ n`, every row and column with a value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pattern {
    pub m: usize,
    pub n: usize,
    /// `m × n`, row-major, true = usable.
    pub ok: Vec<bool>,
}

impl Pattern {
    /// The rows and the columns that hold holes.
    pub fn hole_lines(&self) -> (Vec<usize>, Vec<usize>) {
        let rows = (0..self.m)
            .filter(|&i| (0..self.n).any(|j| !self.ok[i * self.n + j]))
            .collect();
        let cols = (0..self.n)
            .filter(|&j| (0..self.m).any(|i| !self.ok[i * self.n + j]))
            .collect();
        (rows, cols)
    }

    /// Each row's usable columns.
    pub fn row_lists(&self) -> Vec<Vec<usize>> {
        (0..self.m)
            .map(|i| (0..self.n).filter(|&j| self.ok[i * self.n + j]).collect())
            .collect()
    }
}

/// Rectangular Ryser, Gray code, mod 2^128 (exact, see the module docs),
/// in chunks of Gray codes on the one parallel runner.
pub(crate) fn ryser(p: &Pattern, threads: &Threads) -> Result<u128, SearchError> {
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
    let sum = Mutex::new(0u128);
    let ids: Vec<u64> = (0..chunks).collect();
    let chunk_sum = |chunk: u64| {
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
    };
    let complete = run(threads.threads, &ids, threads.stop.as_ref(), |&chunk| {
        let acc = chunk_sum(chunk);
        let mut sum = sum.lock().unwrap_or_else(|e| e.into_inner());
        *sum = sum.wrapping_add(acc);
        Ok(())
    })?;
    if !complete {
        return Err(SearchError::Interrupted);
    }
    Ok(sum.into_inner().unwrap_or_else(|e| e.into_inner()))
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
