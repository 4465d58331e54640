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
