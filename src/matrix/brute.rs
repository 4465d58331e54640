//! The test oracle: every selection by brute force, and small random matrices.

use proptest::prelude::*;

use super::{Matrix, Sense};

/// Small matrices (1..=5 × 1..=5) of half-integers in [-2, 3], many ties,
/// about one cell in four a hole.
pub fn small_matrix() -> impl Strategy<Value = Matrix> {
    (1usize..=5, 1usize..=5).prop_flat_map(|(r, c)| {
        proptest::collection::vec(proptest::option::weighted(0.75, -4i32..=6), r * c).prop_map(
            move |cells| {
                let rows: Vec<Vec<Option<f64>>> = cells
                    .chunks(c)
                    .map(|row| row.iter().map(|v| v.map(|v| f64::from(v) / 2.0)).collect())
                    .collect();
                Matrix::from_rows(&rows)
            },
        )
    })
}

/// One brute-force selection: column sequence in the oriented matrix, cells, sum.
pub type Brute = (Vec<usize>, Vec<(usize, usize)>, f64);

/// Every selection as (column sequence in the oriented matrix, cells, sum),
/// in column-sequence order.
pub fn all(m: &Matrix) -> Vec<Brute> {
    let transposed = m.rows > m.cols;
    let (rows, cols) = if transposed {
        (m.cols, m.rows)
    } else {
        (m.rows, m.cols)
    };
    let at = |i: usize, j: usize| {
        if transposed { m.get(j, i) } else { m.get(i, j) }
    };
    let mut out = Vec::new();
    let mut seq = Vec::new();
    fn rec(
        i: usize,
        rows: usize,
        cols: usize,
        at: &dyn Fn(usize, usize) -> Option<f64>,
        seq: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if i == rows {
            out.push(seq.clone());
            return;
        }
        for j in 0..cols {
            if !seq.contains(&j) && at(i, j).is_some() {
                seq.push(j);
                rec(i + 1, rows, cols, at, seq, out);
                seq.pop();
            }
        }
    }
    let mut seqs = Vec::new();
    rec(0, rows, cols, &at, &mut seq, &mut seqs);
    for s in seqs {
        let sum = s.iter().enumerate().map(|(i, &j)| at(i, j).unwrap()).sum();
        let mut cells: Vec<(usize, usize)> = s
            .iter()
            .enumerate()
            .map(|(i, &j)| if transposed { (j, i) } else { (i, j) })
            .collect();
        cells.sort_unstable();
        out.push((s, cells, sum));
    }
    out
}

/// Every selection as (cells, sum), ranked by sum then column sequence.
pub fn ranked(m: &Matrix, sense: Sense) -> Vec<(Vec<(usize, usize)>, f64)> {
    let mut all = all(m);
    all.sort_by(|a, b| {
        let by_sum = match sense {
            Sense::Min => a.2.total_cmp(&b.2),
            Sense::Max => b.2.total_cmp(&a.2),
        };
        by_sum.then_with(|| a.0.cmp(&b.0))
    });
    all.into_iter()
        .map(|(_, cells, sum)| (cells, sum))
        .collect()
}

/// A deterministic 0/1-like matrix (`1` or a hole): each row gets a number
/// of ones drawn from `ones`, at random columns (collisions merge).
pub fn sparse(
    rows: usize,
    cols: usize,
    ones: std::ops::RangeInclusive<usize>,
    seed: u64,
) -> Matrix {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let span = ones.end() - ones.start() + 1;
    let grid: Vec<Vec<Option<f64>>> = (0..rows)
        .map(|_| {
            let mut row = vec![None; cols];
            for _ in 0..ones.start() + next(span) {
                row[next(cols)] = Some(1.0);
            }
            row
        })
        .collect();
    Matrix::from_rows(&grid)
}

/// `rows × cols`, `rows ≤ cols`: row `i` has a one at column `37·i mod cols`
/// (distinct when 37 does not divide `cols`), and every `every`-th row a
/// second one at a random column; small, nonzero counts at any width.
pub fn chain(rows: usize, cols: usize, every: usize, seed: u64) -> Matrix {
    let extra = sparse(rows, cols, 1..=1, seed);
    let grid: Vec<Vec<Option<f64>>> = (0..rows)
        .map(|i| {
            (0..cols)
                .map(|j| {
                    let second = i % every == 0 && extra.get(i, j).is_some();
                    (j == 37 * i % cols || second).then_some(1.0)
                })
                .collect()
        })
        .collect();
    Matrix::from_rows(&grid)
}

/// The transpose of `m`.
pub fn transpose(m: &Matrix) -> Matrix {
    let grid: Vec<Vec<Option<f64>>> = (0..m.cols)
        .map(|j| (0..m.rows).map(|i| m.get(i, j)).collect())
        .collect();
    Matrix::from_rows(&grid)
}

/// Sparse matrices 1..=24 × 60..=200, most rows with one value, some with
/// two to four.
pub fn sparse_matrix() -> impl Strategy<Value = Matrix> {
    (1usize..=24, 60usize..=200).prop_flat_map(|(r, c)| {
        let row = proptest::collection::vec((0..c, 0usize..20), 1..=4);
        proptest::collection::vec(row, r).prop_map(move |rows| {
            let grid: Vec<Vec<Option<f64>>> = rows
                .iter()
                .map(|ones| {
                    // the first one always; the others with chance 1/4 each
                    let mut row = vec![None; c];
                    for (k, &(j, coin)) in ones.iter().enumerate() {
                        if k == 0 || coin < 5 {
                            row[j] = Some(f64::from(coin as u8) - 3.0);
                        }
                    }
                    row
                })
                .collect();
            Matrix::from_rows(&grid)
        })
    })
}
