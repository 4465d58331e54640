//! Tests of counting selections by permanents.

use super::*;
use crate::matrix::brute;
use proptest::prelude::*;

/// The count on two threads of the runner (Ryser's chunks split between them).
fn count(m: &Matrix) -> Result<Count, CountError> {
    super::count(
        m,
        &Threads {
            threads: 2,
            stop: None,
        },
    )
}

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
    m.set_hole(0, 0);
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
    let text = include_str!("../../../tests/fixtures/matrix/wide_23x66.csv");
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
    let CountError::TooLarge { at_row, .. } = e else {
        panic!("{e}");
    };
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
                let one = ryser(p, &Threads::default()).unwrap();
                let two = Threads { threads: 2, stop: None };
                prop_assert_eq!(ryser(p, &two).unwrap(), one);
                by[0] *= one;
                by[1] *= holes(p).to_biguint();
                let schedule = frontier::schedule(&Rows { n: p.n, rows: &p.rows });
                by[2] *= frontier::count(&schedule, MAX_FRONTIER_STEPS).unwrap();
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

#[test]
fn a_set_stop_flag_interrupts_ryser() {
    let stop = Stop::new();
    stop.set();
    let threads = Threads {
        threads: 2,
        stop: Some(stop),
    };
    let pattern = Pattern {
        m: 20,
        n: 20,
        rows: vec![(0..20).collect(); 20],
    };
    let err = ryser(&pattern, &threads).unwrap_err();
    assert!(matches!(err, SearchError::Interrupted), "{err}");
}

/// A seeded random `m × n` 0/1 pattern of the given density in percent, as
/// a matrix with holes for the zeros.
fn random_pattern(m: usize, n: usize, percent: u64, seed: u64) -> Matrix {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let rows: Vec<Vec<Option<f64>>> = (0..m)
        .map(|_| {
            (0..n)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % 100 < percent).then_some(1.0)
                })
                .collect()
        })
        .collect();
    Matrix::from_rows(&rows)
}

/// Medium matrices, 8–16 rows, square (Ryser's half-size form) and wide
/// (its rectangular form): Ryser, the holes and the frontier agree, on one
/// thread and on two.
#[test]
fn methods_agree_on_medium_matrices() {
    for seed in 0..24u64 {
        let m = 8 + (seed as usize % 9);
        let n = if seed % 3 == 0 { m + 2 } else { m };
        let percent = [30, 50, 80][seed as usize % 3];
        let matrix = random_pattern(m, n, percent, seed);
        let Some((_, _, patterns)) = parts(&matrix) else {
            continue;
        };
        let mut by = [BigUint::from(1u8), BigUint::from(1u8), BigUint::from(1u8)];
        for p in patterns {
            let one = ryser(&p, &Threads::default()).unwrap();
            let two = Threads {
                threads: 2,
                stop: None,
            };
            assert_eq!(ryser(&p, &two).unwrap(), one, "seed {seed}");
            by[0] *= one;
            if p.hole_lines().0.len().min(p.hole_lines().1.len()) <= 16 {
                by[1] *= holes(&p).to_biguint();
            } else {
                by[1] *= one;
            }
            let schedule = frontier::schedule(&Rows {
                n: p.n,
                rows: &p.rows,
            });
            by[2] *= frontier::count(&schedule, MAX_FRONTIER_STEPS).unwrap();
        }
        assert_eq!(by[0], by[1], "seed {seed}: ryser vs holes");
        assert_eq!(by[0], by[2], "seed {seed}: ryser vs frontier");
        assert_eq!(count(&matrix).unwrap().to_biguint(), by[0], "seed {seed}");
    }
}

/// The band of `|i − j| ≤ 2` on 300 rows goes to the frontier (its bound is
/// tiny) and matches the band's recurrence computed here by a window DP.
#[test]
fn a_band_counts_by_the_frontier() {
    let n = 300;
    let rows: Vec<Vec<Option<f64>>> = (0..n)
        .map(|i: usize| {
            (0..n)
                .map(|j: usize| (i.abs_diff(j) <= 2).then_some(1.0))
                .collect()
        })
        .collect();
    let m = Matrix::from_rows(&rows);
    assert_eq!(count_method(&m), CountMethod::Frontier);
    // window DP: bit k of the state = column i − 2 + k used, before row i
    let mut states = std::collections::HashMap::from([(0b11u32, BigUint::from(1u8))]);
    for i in 0..n {
        let mut next = std::collections::HashMap::new();
        for (mask, c) in &states {
            for k in 0..5 {
                let j = i + k;
                if j < 2 || j - 2 >= n || mask >> k & 1 == 1 {
                    continue;
                }
                let used = mask | 1 << k;
                if used & 1 == 1 {
                    *next.entry(used >> 1).or_insert_with(|| BigUint::from(0u8)) += c;
                }
            }
        }
        states = next;
    }
    assert_eq!(count(&m).unwrap().to_biguint(), states[&0b11]);
}
