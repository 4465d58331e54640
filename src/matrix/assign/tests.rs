//! The assignment against brute force, and its two solves against each other.

use super::super::brute;
use super::lap::Lap;
use super::*;
use proptest::prelude::*;

#[test]
fn small_example() {
    let m = Matrix::parse("4 1 3\n2 0 5\n3 2 2").unwrap();
    let best = top_k(&m, 3, Sense::Min);
    let sums: Vec<f64> = best.iter().map(|s| s.sum).collect();
    assert_eq!(sums, vec![5.0, 6.0, 6.0]);
    let max = top_k(&m, 100, Sense::Max);
    assert_eq!(max.len(), 6);
    assert_eq!(max[0].sum, 11.0);
}

#[test]
fn ties_follow_column_order() {
    let m = Matrix::parse("1 1 1\n1 1 1\n1 1 1").unwrap();
    let all = top_k(&m, 10, Sense::Min);
    let seqs: Vec<Vec<usize>> = all
        .iter()
        .map(|s| s.cells.iter().map(|c| c.1).collect())
        .collect();
    assert_eq!(
        seqs,
        vec![
            vec![0, 1, 2],
            vec![0, 2, 1],
            vec![1, 0, 2],
            vec![1, 2, 0],
            vec![2, 0, 1],
            vec![2, 1, 0]
        ]
    );
}

#[test]
fn infeasible_and_rectangular() {
    let m = Matrix::parse("1,\n2,\n").unwrap();
    assert_eq!(assign(&m, Sense::Min), None);
    let tall = Matrix::parse("5\n1\n3").unwrap();
    let best = top_k(&tall, 5, Sense::Max);
    let cells: Vec<_> = best.iter().map(|s| s.cells.clone()).collect();
    assert_eq!(cells, vec![vec![(0, 0)], vec![(2, 0)], vec![(1, 0)]]);
}

#[test]
fn exact_decimal_sums() {
    let m = Matrix::parse("0.1 0.2\n0.2 0.1").unwrap();
    let all = top_k(&m, 2, Sense::Min);
    assert_eq!(all[0].sum, 0.2);
    assert_eq!(all[1].sum, 0.4);
    assert_eq!(all[0].cells, vec![(0, 0), (1, 1)]);
}

#[test]
fn float_fallback() {
    let m = Matrix::parse("1e-30 1e30\n2 1e-30").unwrap();
    assert!(!m.is_exact());
    let all = top_k(&m, 2, Sense::Max);
    assert_eq!(all[0].cells, vec![(0, 1), (1, 0)]);
    assert_eq!(all[0].sum, 1e30);
}

#[test]
fn dense_200_is_optimal_against_a_known_optimum() {
    // a permutation of zeros in a matrix of ones and twos: the optimum is 0
    let n = 200;
    let mut rows = vec![vec![Some(1.0); n]; n];
    let mut state = 12345u64;
    for (i, row) in rows.iter_mut().enumerate() {
        for v in row.iter_mut() {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *v = Some(1.0 + (state >> 63) as f64);
        }
        row[(i * 7 + 3) % n] = Some(0.0);
    }
    let m = Matrix::from_rows(&rows);
    let best = assign(&m, Sense::Min).unwrap();
    assert_eq!(best.sum, 0.0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn top_k_equals_brute_force(
        m in brute::small_matrix(),
        k in 1usize..30,
        max in any::<bool>(),
    ) {
        let sense = if max { Sense::Max } else { Sense::Min };
        let got: Vec<(Vec<(usize, usize)>, f64)> =
            top_k(&m, k, sense).into_iter().map(|s| (s.cells, s.sum)).collect();
        let want = brute::ranked(&m, sense);
        let want: Vec<_> = want.into_iter().take(k).collect();
        prop_assert_eq!(got, want);
    }
}

/// Costs of `rows × cols` as a row-major `f64` slice (holes `NaN`).
fn floats(m: &Matrix) -> Vec<f64> {
    (0..m.rows * m.cols)
        .map(|k| m.get(k / m.cols, k % m.cols).unwrap_or(f64::NAN))
        .collect()
}

/// Up to 12 × 12 integers in [-1000, 1000], one cell in `1/holes` a hole.
fn medium_matrix(holes: u32) -> impl Strategy<Value = Matrix> {
    (1usize..=12, 1usize..=12).prop_flat_map(move |(r, c)| {
        let cell = proptest::option::weighted(1.0 - 1.0 / f64::from(holes), -1000i32..=1000);
        proptest::collection::vec(cell, r * c).prop_map(move |cells| {
            let values: Vec<f64> = cells
                .iter()
                .map(|v| v.map_or(f64::NAN, f64::from))
                .collect();
            Matrix::from_f64s(r, c, &values)
        })
    })
}

/// The exact costs of a matrix, negated to maximize.
fn exact_costs(m: &Matrix, sense: Sense) -> Costs<i128> {
    assert!(m.is_exact(), "test matrices are exact");
    Costs::oriented(m.rows, m.cols, sense == Sense::Max, |k| m.numbers.scaled(k))
}

/// The same costs in `i64`.
fn small_costs(m: &Matrix, sense: Sense) -> Costs<i64> {
    Costs::oriented(m.rows, m.cols, sense == Sense::Max, |k| {
        m.numbers.scaled(k).map(|v| i64::try_from(v).unwrap())
    })
}

#[test]
fn floats_rectangular_and_infeasible() {
    // 2 × 3 and its transpose: the same cells, mirrored
    let wide = [1.0, 5.0, 2.0, 4.0, 3.0, 0.5];
    let best = assign_floats(2, 3, &wide, Sense::Min).unwrap();
    assert_eq!((best.cells, best.sum), (vec![(0, 0), (1, 2)], 1.5));
    let tall = [1.0, 4.0, 5.0, 3.0, 2.0, 0.5];
    let best = assign_floats(3, 2, &tall, Sense::Max).unwrap();
    assert_eq!((best.cells, best.sum), (vec![(0, 1), (1, 0)], 9.0));
    // two rows that can only use column 0
    let nan = f64::NAN;
    assert_eq!(assign_floats(2, 2, &[1.0, nan, 2.0, nan], Sense::Min), None);
    assert_eq!(assign_floats(1, 2, &[f64::INFINITY, nan], Sense::Min), None);
}

#[test]
fn floats_dense_200_match_the_exact_solve() {
    // random floats with few digits: the f64 optimum is the exact one, up to rounding
    let n = 200;
    let mut state = 7u64;
    let values: Vec<f64> = (0..n * n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 44) as f64 / 1024.0
        })
        .collect();
    let m = Matrix::from_f64s(n, n, &values);
    for sense in [Sense::Min, Sense::Max] {
        let fast = assign_floats(n, n, &values, sense).unwrap();
        let exact = assign(&m, sense).unwrap();
        assert_eq!(fast, exact);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn floats_equal_brute_force(m in brute::small_matrix(), max in any::<bool>()) {
        // half-integers: f64 arithmetic is exact, so ties break as in `assign`
        let sense = if max { Sense::Max } else { Sense::Min };
        let got = assign_floats(m.rows, m.cols, &floats(&m), sense).map(|s| (s.cells, s.sum));
        let want = brute::ranked(&m, sense).into_iter().next();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn wide_ties_break_by_column_sequence(
        rows in 1usize..=5,
        extra in 0usize..=3,
        cells in proptest::collection::vec(0u8..=2, 40),
        tall in any::<bool>(),
    ) {
        // few values and free columns: many tight cells, rows tied with the
        // padded zero rows (the dummies)
        let cols = rows + extra;
        let values: Vec<f64> = cells[..rows * cols].iter().map(|&v| f64::from(v)).collect();
        let m = if tall {
            let t: Vec<f64> = (0..rows * cols).map(|k| values[(k % rows) * cols + k / rows]).collect();
            Matrix::from_f64s(cols, rows, &t)
        } else {
            Matrix::from_f64s(rows, cols, &values)
        };
        for sense in [Sense::Min, Sense::Max] {
            let want = brute::ranked(&m, sense);
            let got = assign_floats(m.rows, m.cols, &floats(&m), sense).map(|s| (s.cells, s.sum));
            prop_assert_eq!(got, want.first().cloned());
            let top: Vec<_> = top_k(&m, 8, sense).into_iter().map(|s| (s.cells, s.sum)).collect();
            prop_assert_eq!(top, want.into_iter().take(8).collect::<Vec<_>>());
        }
    }

    #[test]
    fn fast_solve_equals_row_by_row_augmenting(m in medium_matrix(8), max in any::<bool>()) {
        let sense = if max { Sense::Max } else { Sense::Min };
        let grid = exact_costs(&m, sense);
        let mut fast = Lap::new(&grid, &[], &[]);
        let mut slow = Lap::new(&grid, &[], &[]);
        let solved = fast.solve();
        prop_assert_eq!(solved, slow.solve_by_augmenting());
        if solved {
            prop_assert_eq!(fast.cost_sum(&[]), slow.cost_sum(&[]));
            fast.lexmin();
            slow.lexmin();
            prop_assert_eq!(fast.cols(), slow.cols());
            // and in f64, on the same integers
            let f = assign_floats(m.rows, m.cols, &floats(&m), sense).unwrap();
            prop_assert_eq!(f.cells, grid.cells(&fast.cols()));
            prop_assert_eq!(f.sum, grid.sum(&fast.cols()) as f64);
            // and in i64, with its finite INF for the holes
            let small = small_costs(&m, sense);
            let mut narrow = Lap::new(&small, &[], &[]);
            prop_assert!(narrow.solve());
            narrow.lexmin();
            prop_assert_eq!(narrow.cols(), fast.cols());
        } else {
            prop_assert_eq!(assign_floats(m.rows, m.cols, &floats(&m), sense), None);
        }
    }

    #[test]
    fn potentials_certify_the_optimum(m in medium_matrix(5)) {
        let grid = exact_costs(&m, Sense::Min);
        if let Some(s) = sap::solve(&grid.cost, grid.m, grid.n) {
            for i in 0..grid.m {
                for j in 0..grid.n {
                    if let Some(c) = grid.at(i, j) {
                        let reduced = c - s.u[i] - s.v[j];
                        prop_assert!(reduced >= 0);
                        prop_assert_eq!(reduced == 0 && s.row_col[i] == j, s.row_col[i] == j);
                    }
                }
            }
            for j in 0..grid.n {
                if !s.row_col.contains(&j) {
                    prop_assert_eq!(s.v[j], 0);
                }
                // the padded zero rows stay feasible
                prop_assert!(grid.m == grid.n || s.v[j] <= 0);
            }
        }
    }
}

#[test]
fn integers_too_large_for_i64_costs_solve_exactly_in_i128() {
    // i64 values, but sums past what the i64 solve allows: the i128 solve
    // tells apart two selections 1 apart near 8e18 (f64 could not)
    let big = 4_000_000_000_000_000_000;
    let m = Matrix::from_i64s(2, 3, vec![big - 1, 1, big, 5, big, 7]);
    assert!(!sap::fits_i64(big as u64, 3));
    let best = assign(&m, Sense::Max).unwrap();
    assert_eq!(best.cells, vec![(0, 2), (1, 1)]);
    let least = assign(&m, Sense::Min).unwrap();
    assert_eq!((least.cells, least.sum), (vec![(0, 1), (1, 0)], 6.0));
    let top = top_k(&m, 2, Sense::Max);
    assert_eq!(top[1].cells, vec![(0, 0), (1, 1)]);
}
